#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit32.sh TAPFILE
#
# IPE on a 32-bit kernel: build the suites of security/ipe/.kunitconfig
# for i386 with kunit.py (build/kunit-i386, kept between runs), boot them
# under qemu-system-i386 and print one TAP line per suite into TAPFILE.
# Many IPE users run 32-bit ARM boards; this catches what only a 32-bit
# size_t or a missing 64-bit division breaks. The log, with the KTAP the
# kernel printed, is build/kunit-i386.log.
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=${TREE:-$REPO/build/linux}
OBJ=$REPO/build/kunit-i386
LOG=$REPO/build/kunit-i386.log
JOBS=${JOBS:-$(nproc)}
out=$1
suites='ipe_blob ipe_eval ipe_core ipe_index ipe_parser_fuzz ipe_parser'

echo "  KUNIT   i386: $suites"
# kunit.py's own verdict is not used: the 6.1 parser miscounts the
# parameterised cases of ipe_parser_fuzz. The KTAP lines decide.
(cd "$TREE" && timeout 1200 python3 tools/testing/kunit/kunit.py run \
	--arch=i386 --kunitconfig=security/ipe/.kunitconfig \
	--build_dir="$OBJ" --jobs="$JOBS" --make_options 'CC=ccache gcc' \
	--raw_output=kunit) >"$LOG" 2>&1

mkdir -p "$(dirname "$out")"
: >"$out"
n=0
for s in $suites; do
	n=$((n + 1))
	if grep -qE "^ok [0-9]+ $s\$" "$LOG"; then
		echo "ok $n - i386 KUnit suite $s" >>"$out"
	else
		echo "not ok $n - i386 KUnit suite $s (see build/kunit-i386.log)" >>"$out"
	fi
done
n=$((n + 1))
if grep -qE '^[[:space:]]*not ok ' "$LOG"; then
	echo "not ok $n - no i386 KUnit case failed: $(grep -m1 -E '^[[:space:]]*not ok ' "$LOG")" >>"$out"
else
	echo "ok $n - no i386 KUnit case failed" >>"$out"
fi
echo "1..$n" >>"$out"
