#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# selftests.sh OUT: install the ipe kselftest target of the assembled
# tree the standard way (make -C tools/testing/selftests TARGETS=ipe
# install) into OUT/kselftest, with run_kselftest.sh and the kselftest
# runner (OUT/ipe is a link to OUT/kselftest/ipe), then let its
# host_prepare.sh make the signed policies and disk images (OUT/data,
# OUT/disks).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=$REPO/build/linux
out=$1
st=$TREE/tools/testing/selftests/ipe

rm -rf "$out"
mkdir -p "$out/obj"
echo "  SELFTST $out"
make -s -C "$TREE/tools/testing/selftests" TARGETS=ipe BUILD="$out/obj" \
	KSFT_INSTALL_PATH="$out/kselftest" CC="ccache gcc" install >/dev/null
ln -s kselftest/ipe "$out/ipe"
bash "$st/host_prepare.sh" "$out" "$REPO/build/keys"
