#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkdiff.sh OUT.diff FILE...: the diff between the base version of each
# upstream FILE and its edited copy in build/edit/FILE (make the copy with
# "harness/mkdiff.sh --copy FILE..."), as a patches/*.diff.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=$REPO/build/linux
EDIT=$REPO/build/edit
if [ "$1" = --copy ]; then
	shift
	for f in "$@"; do
		mkdir -p "$EDIT/$(dirname "$f")"
		git -C "$TREE" show "base:$f" >"$EDIT/$f"
	done
	exit 0
fi
out=$1
shift
: >"$out"
for f in "$@"; do
	git -C "$TREE" show "base:$f" >"$EDIT/.orig"
	diff -u --label "a/$f" --label "b/$f" "$EDIT/.orig" "$EDIT/$f" >>"$out" || true
done
rm -f "$EDIT/.orig"
