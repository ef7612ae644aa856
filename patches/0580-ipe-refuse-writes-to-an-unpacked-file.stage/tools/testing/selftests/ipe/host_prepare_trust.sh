#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_trust.sh OUT KEYDIR: on the host, make what
# test_97_trust.sh needs, after host_prepare_verity.sh:
# - tr_evil_data: volume 1's squashfs image with ipe_hello patched to
#   print "owned by an attacker", the same size as volume 1's data, to be
#   opened with volume 1's hash tree and root hash (a data device
#   whose blocks were altered);
# - copies of ipe_hello in the initramfs ($IPE_DATA) that the test opens
#   for writing or truncates;
# - the signed policies, versions 11.x.
set -euo pipefail
out=$1 keys=$2
data=$out/data disks=$out/disks
hello=$out/ipe/ipe_hello
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The boot_verified copies: unpacked by the kernel with the initramfs.
for f in tr_hello_w tr_hello_t tr_hello_r tr_hello_x tr_hello_m tr_hello_d; do
	install -m 755 "$hello" "$data/$f"
done

# Volume 1 with its binary changed: the same text, one string replaced
# by another of the same length.
mkdir -p "$work/root/bin"
LC_ALL=C sed 's/hello from ipe_hello/owned by an attacker/' "$hello" \
	>"$work/root/bin/ipe_hello"
chmod 755 "$work/root/bin/ipe_hello"
cmp -s "$hello" "$work/root/bin/ipe_hello" && {
	echo "host_prepare_trust.sh: could not patch ipe_hello" >&2
	exit 1
}
mksquashfs "$work/root" "$work/evil.img" -noappend -all-root -no-xattrs \
	-mkfs-time 0 -all-time 0 -no-progress >/dev/null
size=$(stat -c %s "$disks/dmv_data.img")
[ "$(stat -c %s "$work/evil.img")" -le "$size" ] || {
	echo "host_prepare_trust.sh: the altered image outgrows volume 1" >&2
	exit 1
}
truncate -s "$size" "$work/evil.img"
cmp -s "$work/evil.img" "$disks/dmv_data.img" && {
	echo "host_prepare_trust.sh: the altered image is volume 1" >&2
	exit 1
}
install -m 644 "$work/evil.img" "$disks/tr_evil_data.img"

sign() {
	openssl smime -sign -in "$1" -signer "$keys/ca.pem" \
		-inkey "$keys/ca.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

roothash=$(cat "$data/dmv_roothash")
roothash2=$(cat "$data/dmv2_roothash")

# policy NAME VERSION RULE...: exec allowed by RULE... or by
# boot_verified=TRUE only, everything else allowed.
policy() {
	local name=$1 version=$2 rule

	shift 2
	{
		echo "policy_name=$name policy_version=$version"
		echo "DEFAULT action=ALLOW"
		echo "DEFAULT op=EXECUTE action=DENY"
		for rule in "$@"; do
			echo "$rule"
		done
		echo "op=EXECUTE boot_verified=TRUE action=ALLOW"
	} >"$data/$name.pol"
	sign "$data/$name.pol" "$data/$name.p7s"
}

policy tr_boot 11.0.0
policy tr_hash 11.1.0 "op=EXECUTE dmverity_roothash=$roothash action=ALLOW"
policy tr_revoke 11.2.0 \
	"op=EXECUTE dmverity_roothash=$roothash2 action=DENY" \
	"op=EXECUTE dmverity_roothash=$roothash action=ALLOW"
policy tr_hash2 11.3.0 "op=EXECUTE dmverity_roothash=$roothash action=ALLOW"
policy tr_fsv 11.4.0 \
	"op=EXECUTE fsverity_digest=$(cat "$data/fsv_h_digest.digest") action=ALLOW"
{
	echo "policy_name=tr_end policy_version=11.9.0"
	echo "DEFAULT action=ALLOW"
} >"$data/tr_end.pol"
sign "$data/tr_end.pol" "$data/tr_end.p7s"
