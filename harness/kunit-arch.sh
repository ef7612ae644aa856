#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit-arch.sh ARCH TAPFILE
#
# IPE's KUnit suites (security/ipe/.kunitconfig) on another architecture:
# built with kunit.py in build/kunit-ARCH (kept between runs), booted
# under QEMU (TCG), one TAP line per suite into TAPFILE. The log, with
# the KTAP the kernel printed, is build/kunit-ARCH.log. ARCH is
#
# - i386: a 32-bit kernel, under qemu-system-i386. Many IPE users run
#   32-bit ARM boards; this catches what only a 32-bit size_t or a
#   missing 64-bit division breaks.
# - arm64: the architecture of most embedded boards, built with Debian's
#   cross compiler (aarch64-linux-gnu-gcc) and run under
#   qemu-system-aarch64 (virt machine, Cortex-A57).
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=${TREE:-$REPO/build/linux}
JOBS=${JOBS:-$(nproc)}
arch=$1 out=$2
OBJ=$REPO/build/kunit-$arch
LOG=$REPO/build/kunit-$arch.log
suites='ipe_blob ipe_eval ipe_core ipe_index ipe_parser_fuzz ipe_parser ipe_bdev'

case $arch in
i386) cross=() cc="ccache gcc" ;;
arm64) cross=(--cross_compile=aarch64-linux-gnu-)
	cc="ccache aarch64-linux-gnu-gcc" ;;
*) echo "kunit-arch.sh: unknown architecture $arch" >&2; exit 2 ;;
esac

echo "  KUNIT   $arch: $suites"
# kunit.py's own verdict is not used: the 6.1 parser miscounts the
# parameterised cases of ipe_parser_fuzz. The KTAP lines decide.
(cd "$TREE" && timeout 1500 python3 tools/testing/kunit/kunit.py run \
	--arch="$arch" "${cross[@]}" --kunitconfig=security/ipe/.kunitconfig \
	--build_dir="$OBJ" --jobs="$JOBS" --make_options "CC=$cc" \
	--raw_output=kunit) >"$LOG" 2>&1

mkdir -p "$(dirname "$out")"
: >"$out"
n=0
for s in $suites; do
	n=$((n + 1))
	if grep -qE "^ok [0-9]+ $s\$" "$LOG"; then
		echo "ok $n - $arch KUnit suite $s" >>"$out"
	else
		echo "not ok $n - $arch KUnit suite $s (see build/kunit-$arch.log)" >>"$out"
	fi
done
n=$((n + 1))
if grep -qE '^[[:space:]]*not ok ' "$LOG"; then
	echo "not ok $n - no $arch KUnit case failed: $(grep -m1 -E '^[[:space:]]*not ok ' "$LOG")" >>"$out"
else
	echo "ok $n - no $arch KUnit case failed" >>"$out"
fi
echo "1..$n" >>"$out"
