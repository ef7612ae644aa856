#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare.sh OUT KEYDIR: on the host, make what the tests cannot make
# on the device itself (see README): disk images (OUT/disks/NAME.img,
# attached as virtio disks with serial NAME), and the data that goes with
# them, signed with openssl exactly as a user signs it. OUT/data is
# copied into the VM as $IPE_DATA. The tests sign the policies of
# policies/ themselves.
set -euo pipefail
out=$1 keys=$2
data=$out/data
mkdir -p "$data" "$out/disks"

bash "$(dirname "$0")/host_prepare_verity.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_docs.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_ipectl.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_large.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_fsverity.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_fuzz.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_stress.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_trust.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_verdicts.sh" "$out" "$keys"
