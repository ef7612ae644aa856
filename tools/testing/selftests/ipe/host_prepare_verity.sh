#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_verity.sh OUT KEYDIR: on the host, make what
# test_40_dmverity.sh needs: a squashfs volume holding ipe_hello (from
# OUT/ipe, installed before), its dm-verity hash tree (the disks dmv_data
# and dmv_hash), the root hash, a PKCS#7 signature of it made with the CA
# the kernel trusts, and signed policies that name this root hash.
set -euo pipefail
out=$1 keys=$2
data=$out/data disks=$out/disks
hello=$out/ipe/ipe_hello
mkdir -p "$data" "$disks"

[ -x "$hello" ] || {
	echo "host_prepare_verity.sh: $hello is missing (install first)" >&2
	exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The volume: /bin/ipe_hello, owned by root.
mkdir -p "$work/root/bin"
install -m 755 "$hello" "$work/root/bin/ipe_hello"
mksquashfs "$work/root" "$disks/dmv_data.img" -noappend -all-root \
	-no-xattrs -mkfs-time 0 -all-time 0 -no-progress >/dev/null

# The hash tree on its own disk; the root hash as dm-verity's table has
# it: lower-case hex, no newline.
rm -f "$disks/dmv_hash.img"
veritysetup format "$disks/dmv_data.img" "$disks/dmv_hash.img" \
	--hash=sha256 --root-hash-file="$work/roothash" >/dev/null
chmod 644 "$disks/dmv_hash.img"
roothash=$(cat "$work/roothash")
case "$roothash" in
*[!0-9a-f]* | "") echo "host_prepare_verity.sh: bad root hash '$roothash'" >&2; exit 1 ;;
esac
install -m 644 "$work/roothash" "$data/dmv_roothash"

# dm-verity checks a detached PKCS#7 signature of the hex root hash text
# (what veritysetup --root-hash-signature loads into the keyring).
openssl smime -sign -in "$work/roothash" -signer "$keys/ca.pem" \
	-inkey "$keys/ca.key" -binary -outform der -noattr \
	-out "$data/dmv_roothash.p7s"

# sign IN OUT: an attached PKCS#7 signature of a policy, as documented.
sign() {
	openssl smime -sign -in "$1" -signer "$keys/ca.pem" \
		-inkey "$keys/ca.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

# policy NAME VERSION RULE...: write and sign a policy that denies every
# exec not allowed by RULE... or by boot_verified=TRUE (the tools live on
# the initramfs). Versions only go up: a policy is activated only when its
# version is at least the active one's.
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

policy dmv_hash 2.0.0 "op=EXECUTE dmverity_roothash=$roothash action=ALLOW"
# A rule for another root hash comes first and must not match.
zero=$(printf '%064d' 0)
policy dmv_algh 2.1.0 \
	"op=EXECUTE dmverity_roothash=sha256:$zero action=ALLOW" \
	"op=EXECUTE dmverity_roothash=sha256:$roothash action=ALLOW"
policy dmv_sig 2.2.0 "op=EXECUTE dmverity_signature=TRUE action=ALLOW"
policy dmv_revoke 2.3.0 \
	"op=EXECUTE dmverity_roothash=$roothash action=DENY" \
	"op=EXECUTE dmverity_signature=TRUE action=ALLOW"

# What the tests leave active: everything allowed, as before them.
{
	echo "policy_name=dmv_done policy_version=2.4.0"
	echo "DEFAULT action=ALLOW"
} >"$data/dmv_done.pol"
sign "$data/dmv_done.pol" "$data/dmv_done.p7s"
