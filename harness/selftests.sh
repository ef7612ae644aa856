#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# selftests.sh OUT: build and install tools/testing/selftests/ipe from the
# assembled tree into OUT/ipe, then let its host_prepare.sh make the signed
# policies and disk images (OUT/data, OUT/disks).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=$REPO/build/linux
out=$1
st=$TREE/tools/testing/selftests/ipe

rm -rf "$out"
mkdir -p "$out/obj"
echo "  SELFTST $out"
make -s -C "$st" OUTPUT="$out/obj" CC="ccache gcc" >/dev/null
make -s -C "$st" OUTPUT="$out/obj" INSTALL_PATH="$out/ipe" install >/dev/null
bash "$st/host_prepare.sh" "$out" "$REPO/build/keys"
