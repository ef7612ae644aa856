#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_stress.sh OUT [KEYDIR]: on the host, the policies of
# test_92_stress.sh, which signs them itself (KEYDIR is not used). Runs
# after host_prepare_verity.sh, whose test volume (root hash
# OUT/data/dmv_roothash) the policies name.
#
# Every policy allows what lives on the initramfs (boot_verified=TRUE: the
# tools, the helpers and the initramfs marker binary) and denies other
# execs (a copy on tmpfs) by DEFAULT op=EXECUTE action=DENY; st_a and st_b
# disagree only on the dm-verity volume: st_a allows it by root hash,
# st_b denies it by root hash. 300 rules that match none of the three
# binaries come first, so that every evaluation walks a table for a while
# (rules needing dmverity_signature=TRUE are not indexed, and the test
# volume is opened without a signature).
#
#   st_a_L.pol, st_b_L.pol  policy_version 8.1.L, L = 0..59: the test
#                           updates and reloads them, versions only going
#                           up; st_levels holds the highest L
#   st_c_1.pol, st_c_2.pol  8.0.1 and 8.0.2: loaded, updated and deleted
#                           over and over, never active (older than st_a)
#   st_end.pol              8.9.0, allows everything: what the test
#                           leaves active
set -euo pipefail
out=$1
data=$out/data
levels=60
roothash=$(cat "$data/dmv_roothash")
case "$roothash" in
*[!0-9a-f]* | "")
	echo "host_prepare_stress.sh: bad root hash '$roothash'" >&2
	exit 1
	;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for ((i = 0; i < 150; i++)); do
	echo "op=EXECUTE dmverity_signature=TRUE action=DENY"
	echo "op=EXECUTE boot_verified=FALSE dmverity_signature=TRUE action=DENY"
done >"$work/padding"

# policy NAME VERSION VOLUME_ACTION FILE: write the policy as
# OUT/data/FILE.pol; VOLUME_ACTION is what it does with the test volume.
policy() {
	local name=$1 version=$2 volume=$3 file=$4

	{
		echo "policy_name=$name policy_version=$version"
		echo "DEFAULT action=ALLOW"
		echo "DEFAULT op=EXECUTE action=DENY"
		cat "$work/padding"
		echo "op=EXECUTE dmverity_roothash=$roothash action=$volume"
		echo "op=EXECUTE boot_verified=TRUE action=ALLOW"
	} >"$data/$file.pol"
}

for ((l = 0; l < levels; l++)); do
	policy st_a "8.1.$l" ALLOW "st_a_$l"
	policy st_b "8.1.$l" DENY "st_b_$l"
done
echo $((levels - 1)) >"$data/st_levels"
policy st_c 8.0.1 DENY st_c_1
policy st_c 8.0.2 DENY st_c_2

printf 'policy_name=st_end policy_version=8.9.0\nDEFAULT action=ALLOW\n' \
	>"$data/st_end.pol"
