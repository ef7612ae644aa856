#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_ipectl.sh OUT [KEYDIR]: on the host, build ipectl
# (tools/security/ipe) for test_80_ipectl.sh, as OUT/data/ipectl (dynamic:
# libcrypto.so.3 and libc, which the initramfs already has for
# veritysetup). OUT/data is copied into the VM as $IPE_DATA. The test
# signs its policies (policies/ipectl_*.pol) itself, with this ipectl;
# KEYDIR is accepted for the callers' sake and not used.
set -euo pipefail
out=$1
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../../../security/ipe
data=$out/data
obj=$out/ipectl-obj
mkdir -p "$data" "$obj"

die() {
	echo "host_prepare_ipectl.sh: $*" >&2
	exit 1
}

[ -r "$src/Makefile" ] || die "$src: no ipectl sources"
make -s -C "$src" OUTPUT="$obj/" >/dev/null || die "ipectl does not build"
install -m 755 "$obj/ipectl" "$data/ipectl"
