#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_verity.sh OUT KEYDIR: on the host, make what
# test_40_dmverity.sh and test_45_rfc_walkthrough.sh need:
# - volume 1: a squashfs volume holding ipe_hello (from OUT/ipe, installed
#   before) and its dm-verity hash tree (the disks dmv_data, dmv_hash), the
#   root hash, PKCS#7 signatures of it made with the CA the kernel trusts
#   and with one it does not;
# - volume 2: another squashfs volume (the same binary and a marker file),
#   its hash tree (dmv2_data, dmv2_hash), root hash and a signature of it;
# - plain_sq: a squashfs image of volume 1's files without dm-verity;
# - the RFC volume (rfc_squashfs, rfc_hashtree), made with the commands of
#   the "Testing" section of the IPE RFC cover letter;
# - the signed policies that name these root hashes.
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

# check_hash WHAT HEX: a root hash as dm-verity's table has it: 64
# lower-case hex digits (sha256), no newline.
check_hash() {
	case "$2" in
	*[!0-9a-f]* | "") echo "host_prepare_verity.sh: bad $1 '$2'" >&2; exit 1 ;;
	esac
	[ ${#2} = 64 ] || { echo "host_prepare_verity.sh: bad $1 '$2'" >&2; exit 1; }
}

# squashfs DIR IMAGE: a reproducible squashfs image of DIR, owned by root.
squashfs() {
	mksquashfs "$1" "$2" -noappend -all-root -no-xattrs -mkfs-time 0 \
		-all-time 0 -no-progress >/dev/null
	chmod 644 "$2"
}

# verity_format NAME DIR: the squashfs image of DIR (the disk NAME_data),
# its hash tree on its own disk (NAME_hash) and its root hash in
# $work/NAME.roothash.
verity_format() {
	local name=$1 dir=$2

	squashfs "$dir" "$disks/${name}_data.img"
	rm -f "$disks/${name}_hash.img"
	veritysetup format "$disks/${name}_data.img" "$disks/${name}_hash.img" \
		--hash=sha256 --root-hash-file="$work/$name.roothash" >/dev/null
	chmod 644 "$disks/${name}_hash.img"
	check_hash "root hash of $name" "$(cat "$work/$name.roothash")"
}

# Volume 1: /bin/ipe_hello.
mkdir -p "$work/root/bin"
install -m 755 "$hello" "$work/root/bin/ipe_hello"
verity_format dmv "$work/root"
roothash=$(cat "$work/dmv.roothash")
install -m 644 "$work/dmv.roothash" "$data/dmv_roothash"

# dm-verity checks a detached PKCS#7 signature of the hex root hash text
# (what veritysetup --root-hash-signature loads into the keyring).
openssl smime -sign -in "$work/dmv.roothash" -signer "$keys/ca.pem" \
	-inkey "$keys/ca.key" -binary -outform der -noattr \
	-out "$data/dmv_roothash.p7s"
# The same, made with a CA the kernel has never seen (keys.sh "untrusted").
openssl smime -sign -in "$work/dmv.roothash" -signer "$keys/untrusted.pem" \
	-inkey "$keys/untrusted.key" -binary -outform der -noattr \
	-out "$data/dmv_roothash.untrusted.p7s"

# Volume 2: the same binary at the same path, and a marker file, so that
# only the volume (its root hash) tells it from volume 1.
mkdir -p "$work/root2/bin"
install -m 755 "$hello" "$work/root2/bin/ipe_hello"
echo "volume 2" >"$work/root2/ipe_volume"
verity_format dmv2 "$work/root2"
roothash2=$(cat "$work/dmv2.roothash")
[ "$roothash2" != "$roothash" ] || {
	echo "host_prepare_verity.sh: volumes 1 and 2 have one root hash" >&2
	exit 1
}
install -m 644 "$work/dmv2.roothash" "$data/dmv2_roothash"
openssl smime -sign -in "$work/dmv2.roothash" -signer "$keys/ca.pem" \
	-inkey "$keys/ca.key" -binary -outform der -noattr \
	-out "$data/dmv2_roothash.p7s"

# plain_sq: volume 1's files in a squashfs image without dm-verity, which
# the test mounts directly.
squashfs "$work/root" "$disks/plain_sq.img"

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

# allow_all NAME VERSION: a policy that allows everything.
allow_all() {
	{
		echo "policy_name=$1 policy_version=$2"
		echo "DEFAULT action=ALLOW"
	} >"$data/$1.pol"
	sign "$data/$1.pol" "$data/$1.p7s"
}

# Everything allowed again, as before the dm-verity policies.
allow_all dmv_done 2.4.0

# test_95: the volume trusted by root hash while its device is removed
policy rm_hash 9.5.0 "op=EXECUTE dmverity_roothash=$roothash action=ALLOW"
allow_all rm_done 9.6.0

# flip HEX POS: HEX with its hex digit at POS (from 0) changed, its
# lowest bit flipped: another root hash, one nibble off.
flip() {
	local hex=$1 pos=$2

	printf '%s%x%s' "${hex:0:pos}" $((0x${hex:pos:1} ^ 1)) "${hex:pos+1}"
}
first_off=$(flip "$roothash" 0)
last_off=$(flip "$roothash" 63)
for h in "$first_off" "$last_off"; do
	check_hash "flipped root hash" "$h"
	diff=0
	for i in $(seq 0 63); do
		[ "${h:i:1}" = "${roothash:i:1}" ] || diff=$((diff + 1))
	done
	[ $diff = 1 ] || {
		echo "host_prepare_verity.sh: $h is not one nibble off $roothash" >&2
		exit 1
	}
done
policy dmv_nibble 2.5.0 \
	"op=EXECUTE dmverity_roothash=$first_off action=ALLOW" \
	"op=EXECUTE dmverity_roothash=$last_off action=ALLOW"
# Only boot_verified=TRUE is allowed to execute.
policy dmv_boot 2.6.0
# One volume each, for a mapping name that serves one, then the other.
policy dmv_only1 2.7.0 "op=EXECUTE dmverity_roothash=$roothash action=ALLOW"
policy dmv_only2 2.8.0 "op=EXECUTE dmverity_roothash=$roothash2 action=ALLOW"
# dmv_sig again, with a version above the ones before.
policy dmv_sig2 2.9.0 "op=EXECUTE dmverity_signature=TRUE action=ALLOW"
# What test_40 leaves active; test_45 goes on from 2.20.0.
allow_all dmv_end 2.19.0

# The "Testing" section of the IPE RFC cover letter (RFC PATCH v3 00/12),
# for test_45_rfc_walkthrough.sh: its volume made with its commands, and
# its policies with its names and rules. The RFC's policy_version is
# 0.0.0; these have 2.20.0 and up because an activation is refused for a
# version older than the active policy's, and the tests before leave
# 2.19.0 active (the tests after start at 3.0.0).
rfc=$work/rfc
mkdir -p "$rfc/dir"
install -m 755 "$hello" "$rfc/dir/ipe_hello"

# Creating a squashfs volume (the disk rfc_squashfs):
rm -f "$rfc/output.squashfs"
mksquashfs "$rfc/dir" "$rfc/output.squashfs" >/dev/null

# Format the volume for use with dm-verity & save the root hash
# (the disk rfc_hashtree):
output_rh=$(veritysetup format "$rfc/output.squashfs" "$rfc/output.hashtree" |
	tee "$rfc/verity_out.txt" | awk "/Root hash/" |
	sed -E "s/Root hash:\s+//g")
echo -n "$output_rh" >"$rfc/output.roothash"
check_hash "RFC root hash" "$output_rh"
install -m 644 "$rfc/output.squashfs" "$disks/rfc_squashfs.img"
install -m 644 "$rfc/output.hashtree" "$disks/rfc_hashtree.img"
install -m 644 "$rfc/output.roothash" "$data/rfc_output.roothash"

# dmverity_signature: sign the root hash.
openssl smime -sign -in "$rfc/output.roothash" -signer "$keys/ca.pem" \
	-inkey "$keys/ca.key" -binary -outform der -noattr \
	-out "$data/rfc_output.p7s"

# rfc_policy FILE TEXT: the policy text, signed as "Deploying Policies"
# says.
rfc_policy() {
	printf '%s\n' "$2" >"$data/$1.pol"
	sign "$data/$1.pol" "$data/$1.p7s"
}

# The boot policy the RFC builds in (CONFIG_IPE_BOOT_POLICY=
# "../AllowAllInitialSB.pol"), its example "Allow only initial
# superblock"; here it is deployed like the others.
rfc_policy rfc_allow_initial_sb 'policy_name="Allow All Initial SB" policy_version=2.20.0
DEFAULT action=DENY

op=EXECUTE boot_verified=TRUE action=ALLOW'

rfc_policy rfc_roothash_denial "policy_name=\"roothash-denial\" policy_version=2.21.0
DEFAULT action=ALLOW
op=EXECUTE dmverity_roothash=$output_rh action=DENY"

rfc_policy rfc_roothash_allow "policy_name=\"roothash-allow\" policy_version=2.22.0
DEFAULT action=ALLOW
DEFAULT op=EXECUTE action=DENY

op=EXECUTE boot_verified=TRUE action=ALLOW
op=EXECUTE dmverity_roothash=$output_rh action=ALLOW"

# The RFC writes "dmverity_verified=TRUE" here and in the audit rule it
# expects: a typo for dmverity_signature, the property it documents (no
# dmverity_verified property exists; strict parsing would refuse it).
rfc_policy rfc_verified 'policy_name="verified" policy_version=2.23.0
DEFAULT action=DENY

op=EXECUTE boot_verified=TRUE action=ALLOW
op=EXECUTE dmverity_signature=TRUE action=ALLOW'

# What test_45 leaves active: the RFC's example "Allow all".
rfc_policy rfc_allow_all 'policy_name="Allow All" policy_version=2.99.0
DEFAULT action=ALLOW'
