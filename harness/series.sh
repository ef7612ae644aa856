#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh [--write-only]: write build/series/*.patch (git format-patch
# with a cover letter) from the assembled tree and, unless --write-only
# (make patches), prove it: it applies with git am on
# the pristine base, every commit builds the directories it touches with
# W=1 and no new warnings, sparse (C=2) reports nothing new in the C files
# it touches, checkpatch --strict is clean on each patch, and kernel-doc
# -none has nothing to say about the C files the series adds or changes.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=$REPO/build/linux
OUT=$REPO/build/series
WT=$REPO/build/series-check
OBJ=$REPO/build/obj-series
JOBS=${JOBS:-$(nproc)}
export GIT_COMMITTER_NAME="IPE for 6.1" GIT_COMMITTER_EMAIL="ipe@localhost"

rm -rf "$OUT"
mkdir -p "$OUT"
git -C "$TREE" format-patch -q --cover-letter -o "$OUT" base..HEAD
cover=$(ls "$OUT"/0000-*.patch)
subject=$(head -1 "$REPO/patches/cover-letter.txt")
tail -n +3 "$REPO/patches/cover-letter.txt" >"$OUT/.blurb"
sed -i -e "s/\*\*\* SUBJECT HERE \*\*\*/$subject/" \
	-e "/\*\*\* BLURB HERE \*\*\*/{r $OUT/.blurb
d}" "$cover"
rm "$OUT/.blurb"
echo "  SERIES  $(ls "$OUT"/*.patch | wc -l) files in build/series/"
# make patches: the files only, without the proof below
[ "${1:-}" != --write-only ] || exit 0

# The F: patterns of IPE's MAINTAINERS entry at the tip of the series.
ipe_f=$(awk '/^INTEGRITY POLICY ENFORCEMENT/ { f = 1; next }
	f && /^$/ { exit } f && /^F:/ { print $2 }' "$TREE/MAINTAINERS")

# maintained PATCH: every file PATCH adds lies under IPE's entry, which an
# earlier patch of the series (or this one) created
maintained() {
	local f pat ok

	for f in $(awk '/^diff --git / { f = substr($4, 3) }
			/^new file mode/ { print f }' "$1"); do
		ok=0
		for pat in $ipe_f; do
			case "$f" in "$pat"|"$pat"*) [ "${pat%/}" != "$pat" ] ||
				[ "$f" = "$pat" ] && ok=1 ;; esac
		done
		[ $ok = 1 ] || return 1
	done
}

fail=0
echo "  CHECK   checkpatch --strict"
for p in "$OUT"/[0-9]*.patch; do
	[ "$p" = "$cover" ] && continue
	# checkpatch asks of every patch that adds a file whether MAINTAINERS
	# needs updating. For a file under IPE's entry the answer is no. No
	# entry covers lib/asn1_decoder.c, so the decoder's new KUnit test
	# has no entry to join: the same question stays open for its patch.
	ignore=
	case "$(basename "$p")" in
	*-lib-asn1_decoder-*) ignore="--ignore FILE_PATH_CHANGES" ;;
	*) ! maintained "$p" || ignore="--ignore FILE_PATH_CHANGES" ;;
	esac
	# Debian's python3 (with python3-ply and python3-git) for spdxcheck.py,
	# not a pyenv one.
	if ! out=$(PATH=/usr/bin:$PATH "$TREE/scripts/checkpatch.pl" --strict -q \
			$ignore --root="$TREE" "$p" 2>&1); then
		echo "checkpatch: $(basename "$p"):" >&2
		echo "$out" >&2
		fail=1
	fi
done

echo "  CHECK   kernel-doc on the C files the series adds or changes"
# added files: kernel-doc has nothing to say; changed upstream files: it
# says nothing it did not say of the base version (messages compared
# without their line numbers)
kdoc() { (cd "$TREE" && scripts/kernel-doc -none "$@" 2>&1); }
kdoc_msgs() { sed -E 's/^[^:]*:[0-9]+: //' | sort -u; }
added=$(git -C "$TREE" diff --name-only --diff-filter=A base HEAD -- '*.c' '*.h')
out=$(kdoc $added)
if [ -n "$out" ]; then
	echo "series: kernel-doc -none reports:" >&2
	echo "$out" >&2
	fail=1
fi
kdoc_base=$(mktemp -d)
for f in $(git -C "$TREE" diff --name-only --diff-filter=M base HEAD -- '*.c' '*.h'); do
	mkdir -p "$kdoc_base/$(dirname "$f")"
	git -C "$TREE" show "base:$f" >"$kdoc_base/$f"
	new=$(comm -13 <(kdoc "$kdoc_base/$f" | kdoc_msgs) <(kdoc "$f" | kdoc_msgs))
	if [ -n "$new" ]; then
		echo "series: $f: new kernel-doc warnings:" >&2
		echo "$new" >&2
		fail=1
	fi
done
rm -rf "$kdoc_base"

echo "  CHECK   git am on the pristine base"
git -C "$TREE" worktree remove --force "$WT" 2>/dev/null || rm -rf "$WT"
git -C "$TREE" worktree prune
git -C "$TREE" worktree add -q --detach "$WT" base
git -C "$WT" am -q $(ls "$OUT"/[0-9]*.patch | grep -v /0000-) 2>&1 | grep -v "^$" || true
if [ "$(git -C "$WT" rev-parse HEAD^{tree})" != "$(git -C "$TREE" rev-parse HEAD^{tree})" ]; then
	echo "series: git am did not reproduce the assembled tree" >&2
	exit 1
fi

# Each commit must build security/ipe and the directories it touches, and
# add no W=1 warning in the files it touches.
# The test configuration, KUnit included, but without its boot policy: the
# file it names only exists from the selftests commit on.
mkdir -p "$OBJ"
grep -v BOOT_POLICY "$REPO/config/test.config" >"$OBJ/test-series.config"
"$REPO/harness/kconfig.sh" "$OBJ" "$REPO/build/keys/ca.pem" \
	"$REPO/config/base.config" "$REPO/config/ipe.config" \
	"$OBJ/test-series.config"
kmake() { make -s -C "$WT" O="$OBJ" ARCH=x86_64 CC="ccache gcc" -j"$JOBS" W=1 "$@"; }
cfg() { kmake KCONFIG_ALLCONFIG="$OBJ/fragment.config" allnoconfig >/dev/null; }

# sparse warnings as "file: message", without line and column, so that an
# upstream file's own warnings at base are recognised after edits move
# them; the series may not add any.
sparse_of() {
	kmake C=2 "$@" 2>&1 >/dev/null | grep -E '(warning|error):' |
		sed -E "s|^($WT/)?([^:]+):[0-9]+:[0-9]+: |\2: |" | sort -u || true
}
# kdoc_before COMMIT FILES: kernel-doc's warnings about the C files among
# FILES as they were before COMMIT, as "file: message" lines
kdoc_before() {
	local f

	for f in $(echo "$2" | grep '\.c$'); do
		git -C "$WT" show "$1^:$f" >"$OBJ/before.c" 2>/dev/null || continue
		"$WT/scripts/kernel-doc" -none "$OBJ/before.c" 2>&1 |
			sed -E "s|^$OBJ/before.c:[0-9]+: |$f: |"
	done | sort -u
}

upstream_c=$(git -C "$WT" diff --name-only --diff-filter=M base HEAD -- '*.c' |
	grep -v '^tools/\|^scripts/' || true)
tip=$(git -C "$WT" rev-parse HEAD)
git -C "$WT" checkout -q base
cfg
echo "  SPARSE  base: $(echo $upstream_c)"
sparse_of $(echo "$upstream_c" | sed 's/\.c$/.o/') >"$OBJ/sparse-base.txt"
for c in $(git -C "$WT" rev-list --reverse base.."$tip"); do
	git -C "$WT" checkout -q "$c"
	cfg
	files=$(git -C "$WT" diff-tree --no-commit-id --name-only -r "$c")
	dirs=$(echo "$files" | grep -E '\.c$|/Makefile$|/Kconfig$' |
		grep -v '^tools/\|^Documentation/' | xargs -r -n1 dirname | sort -u || true)
	[ -d "$WT/security/ipe" ] && dirs="$dirs security/ipe"
	dirs=$(echo $dirs | tr ' ' '\n' | sed '/^$/d; s|$|/|' | sort -u | tr '\n' ' ')
	echo "  BUILD   $(git -C "$WT" log -1 --format=%s "$c"): ${dirs:-nothing to build}"
	[ -n "$dirs" ] || continue
	if ! kmake $dirs >"$OBJ/build.log" 2>&1; then
		echo "series: $c does not build:" >&2
		grep -E 'error|Error' "$OBJ/build.log" | head -20 >&2
		fail=1
		continue
	fi
	new=$(grep -E 'warning:' "$OBJ/build.log" | grep -F "$(echo "$files" | sed 's|^|/|')" |
		sed -E "s|^($WT/)?([^:]+):[0-9]+(:[0-9]+)?: |\2: |" | sort -u || true)
	# W=1 runs kernel-doc on every C file it builds: what it already
	# said about an upstream file before this commit is not new
	[ -n "$new" ] && new=$(comm -23 <(echo "$new") <(kdoc_before "$c" "$files"))
	if [ -n "$new" ]; then
		echo "series: $c adds W=1 warnings in the files it touches:" >&2
		echo "$new" >&2
		fail=1
	fi
	cobjs=$(for f in $(echo "$files" | grep '\.c$' | grep -v '^tools/\|^scripts/'); do
		if [ -f "$OBJ/${f%.c}.o" ]; then echo "${f%.c}.o"; fi; done)
	[ -n "$cobjs" ] || continue
	sparse_of $cobjs >"$OBJ/sparse.txt"
	new=$(comm -23 "$OBJ/sparse.txt" "$OBJ/sparse-base.txt")
	if [ -n "$new" ]; then
		echo "series: $c adds sparse warnings:" >&2
		echo "$new" >&2
		fail=1
	fi
done
git -C "$WT" checkout -q --detach "$tip"
[ $fail = 0 ] && echo "  SERIES  ok: applies, builds commit by commit (W=1, sparse), checkpatch clean"
exit $fail
