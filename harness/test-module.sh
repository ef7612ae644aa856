#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# test-module.sh KOBJ OUT: build the selftests' module (ipe_test_mod.ko)
# against the kernel in KOBJ into OUT/ipe/, and the firmware file it asks
# for into OUT/firmware/ (the initramfs's /lib/firmware).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=$REPO/build/linux
kobj=$1 out=$2
mod=$out/mod

rm -rf "$mod"
cp -r "$TREE/tools/testing/selftests/ipe/ipe_test_mod" "$mod"
echo "  MODULE  ipe_test_mod.ko"
make -s -C "$TREE" O="$kobj" ARCH=x86_64 CC="ccache gcc" M="$mod" modules \
	2>&1 | grep -v "Module.symvers\|^$" || true
install -m 644 "$mod/ipe_test_mod.ko" "$out/ipe/ipe_test_mod.ko"
mkdir -p "$out/firmware"
printf 'IPE test firmware\n' >"$out/firmware/ipe_test_fw.bin"
