#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Assemble build/linux: the pristine linux-source-6.1 tree as commit "base",
# and the patch series described by patches/NNNN-slug.{msg,stage/,files,diff}
# as commits on top of it (harness/import.sh writes them back from a
# reworked tree).
#
# The commits are built with git plumbing in a private index, so nothing in
# the work tree is touched until the final "git read-tree -u -m", which
# rewrites only the files whose content changed: kernel objects stay valid
# and a one-file edit rebuilds one object.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=${TREE:-$REPO/build/linux}
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
export GIT_AUTHOR_NAME="IPE for 6.1" GIT_AUTHOR_EMAIL="ipe@localhost"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
# Fixed dates keep commit ids stable while nothing changes.
export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"

g() { git -C "$TREE" "$@"; }

unpack_base() {
	local tmp="$TREE.tmp"

	echo "  TREE    unpacking $(basename "$TARBALL") to $TREE"
	rm -rf "$tmp"
	mkdir -p "$tmp"
	tar -C "$tmp" --strip-components=1 -xf "$TARBALL"
	git -C "$tmp" init -q
	# Debian's tarball ignores everything at the top level: add by force.
	git -C "$tmp" add -A -f
	git -C "$tmp" commit -q -m "Linux $(make -s -C "$tmp" kernelversion) (Debian linux-source-6.1)"
	git -C "$tmp" tag base
	mv "$tmp" "$TREE"
}

[ -d "$TREE/.git" ] && g rev-parse -q --verify base >/dev/null || {
	rm -rf "$TREE"
	unpack_base
}

INDEX=$(mktemp "$REPO/build/.assemble-index.XXXXXX")
trap 'rm -f "$INDEX"' EXIT
export GIT_INDEX_FILE=$INDEX
g read-tree base

claimed=$(mktemp)
trap 'rm -f "$INDEX" "$claimed"' EXIT
parent=$(g rev-parse base)

for msg in "$REPO"/patches/*.msg; do
	step=${msg%.msg}
	# a new file's state at this step, when a later step changes it
	if [ -d "$step.stage" ]; then
		while IFS= read -r -d '' f; do
			rel=${f#"$step.stage"/}
			blob=$(g hash-object -w --path="$rel" "$f")
			mode=100644
			[ -x "$f" ] && mode=100755
			g update-index --add --cacheinfo "$mode,$blob,$rel"
		done < <(find "$step.stage" -type f -print0 | sort -z)
	fi
	if [ -f "$step.files" ]; then
		while read -r pattern; do
			case "$pattern" in ''|'#'*) continue ;; esac
			found=0
			while IFS= read -r -d '' f; do
				rel=${f#"$REPO"/}
				echo "$rel" >>"$claimed"
				blob=$(g hash-object -w --path="$rel" "$f")
				mode=100644
				[ -x "$f" ] && mode=100755
				g update-index --add --cacheinfo "$mode,$blob,$rel"
				found=1
			done < <(find "$REPO/$pattern" -type f -print0 2>/dev/null | sort -z)
			if [ $found = 0 ]; then
				echo "assemble: $step.files: nothing matches '$pattern'" >&2
				exit 1
			fi
		done <"$step.files"
	fi
	if [ -f "$step.diff" ]; then
		if ! g apply --cached --whitespace=error-all "$step.diff"; then
			echo "assemble: $(basename "$step.diff") does not apply" >&2
			exit 1
		fi
	fi
	tree=$(g write-tree)
	parent=$(g commit-tree "$tree" -p "$parent" -F "$msg")
done

# Every overlay file must belong to a commit of the series.
overlay=$(cd "$REPO" && find lib security scripts/ipe tools Documentation \
	-type f 2>/dev/null | sort || true)
missing=$(comm -23 <(echo "$overlay" | sed '/^$/d') <(sort -u "$claimed"))
if [ -n "$missing" ]; then
	echo "assemble: files in no commit of patches/*.files:" >&2
	echo "$missing" >&2
	exit 1
fi

unset GIT_INDEX_FILE
old=$(g rev-parse HEAD)
if [ "$old" != "$parent" ]; then
	# Only paths whose content differs are rewritten, so unchanged files
	# keep their timestamps and their objects stay valid.
	g reset -q --hard "$parent"
	echo "  TREE    $(g rev-list --count base..HEAD) commits on base, HEAD $(g rev-parse --short HEAD)"
fi
