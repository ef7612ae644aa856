#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# import.sh [TREE]: the inverse of assemble.sh. Write patches/ from the
# commits base..HEAD of TREE (default build/linux), so that a series
# reworked with git (rebase -i, split, reword) becomes the repository's
# again:
#
#   NNNN-slug.msg     the commit message
#   NNNN-slug.diff    its changes to files that exist at base (diff -u)
#   NNNN-slug.files   the new files it leaves as they are at HEAD
#   NNNN-slug.stage/  the new files it leaves in another state, which a
#                     later commit changes (a Makefile that grows, a hook
#                     table that gains entries): their content after it
#
# NNNN counts in tens from 0010 in commit order; the slug is the
# subject's, as git format-patch makes it. New files are copied to the
# repository as they are at HEAD. patches/cover-letter.txt is kept. Run
# harness/assemble.sh after it: the tree it assembles must be TREE's.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=${1:-$REPO/build/linux}
P=$REPO/patches

g() { git -C "$TREE" "$@"; }

[ -z "$(g status --porcelain --untracked-files=no)" ] || {
	echo "import: $TREE has uncommitted changes" >&2
	exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# is_new PATH: PATH does not exist at base (a file of the overlay)
is_new() { ! g cat-file -e "base:$1" 2>/dev/null; }

mkdir -p "$tmp/patches"
n=0
for c in $(g rev-list --reverse base..HEAD); do
	n=$((n + 10))
	# the subject as format-patch names it, cut at a word within 40
	slug=$(g log -1 --format=%f "$c" | cut -c1-41 | sed -E 's/-[^-]*$//; s/-*$//')
	step=$tmp/patches/$(printf '%04d' $n)-$slug
	g log -1 --format=%B "$c" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$step.msg"
	while IFS= read -r f; do
		if is_new "$f"; then
			if ! g cat-file -e "$c:$f" 2>/dev/null; then
				echo "import: $c deletes the new file $f" >&2
				exit 1
			fi
			if [ "$(g rev-parse "$c:$f")" = "$(g rev-parse "HEAD:$f" 2>/dev/null)" ]; then
				echo "$f" >>"$step.files"
			else
				mkdir -p "$step.stage/$(dirname "$f")"
				g show "$c:$f" >"$step.stage/$f"
				[ "$(g ls-tree "$c" -- "$f" | cut -c1-6)" != 100755 ] ||
					chmod +x "$step.stage/$f"
			fi
		else
			g show "$c^:$f" >"$tmp/a" 2>/dev/null || : >"$tmp/a"
			g show "$c:$f" >"$tmp/b" 2>/dev/null || : >"$tmp/b"
			diff -u --label "a/$f" --label "b/$f" "$tmp/a" "$tmp/b" \
				>>"$step.diff" || true
		fi
	done < <(g diff-tree --no-commit-id --name-only -r "$c")
done

# The new files as they are at HEAD.
for f in $(g diff --name-only --diff-filter=A base HEAD); do
	mkdir -p "$REPO/$(dirname "$f")"
	g show "HEAD:$f" >"$REPO/$f"
	if [ "$(g ls-tree HEAD -- "$f" | cut -c1-6)" = 100755 ]; then
		chmod +x "$REPO/$f"
	else
		chmod -x "$REPO/$f"
	fi
done

find "$P" -mindepth 1 -maxdepth 1 ! -name cover-letter.txt -exec rm -rf {} +
cp -a "$tmp/patches/." "$P/"
echo "  IMPORT  $(ls "$P"/*.msg | wc -l) commits into patches/"
