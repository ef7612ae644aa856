#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The "Testing" section of the IPE RFC cover letter ("[RFC PATCH v3 00/12]
# Integrity Policy Enforcement LSM (IPE)", April 2020), step for step:
# boot_verified with success auditing and the tmpfs denial in permissive
# mode; the policies "roothash-denial" and "roothash-allow" against a
# dm-verity volume; the policy "verified" with a signed root hash, and the
# same volume opened without its signature. Policies are deployed and
# activated as its "Deploying Policies" section says.
#
# host_prepare_verity.sh made the volume with the RFC's commands
# (mksquashfs, veritysetup format, the root hash taken from its output,
# openssl smime for the signature): the disks rfc_squashfs and
# rfc_hashtree, $IPE_DATA/rfc_output.roothash and rfc_output.p7s. It also
# wrote the policies with the RFC's names and rules, which the test signs
# on the spot. Their versions are not the RFC's 0.0.0: activation refuses
# a policy whose version is older than the active policy's (roll-back
# protection). They are 2.20.0 to 2.23.0 in the order they are activated,
# and the last, the RFC's "Allow All" example, 2.99.0, raised as a whole
# when something newer is active (see sign_templates in ipe_lib.sh).
#
# Where this differs from the RFC's text:
# - The RFC boots without an initrd, so its boot_verified filesystem is
#   the first one mounted on /. This VM runs from the initramfs, which is
#   what boot_verified covers here. The RFC builds "Allow All Initial SB"
#   in as the boot policy; the test kernel's boot policy allows all, so it
#   is deployed and activated like the others.
# - The RFC reads prop_boot_verified=TRUE/FALSE in the audit event; IPE's
#   1420 record names the rule that decided instead: the boot_verified
#   rule for the allowed exec, the DEFAULT for the denied one.
# - The volumes are virtio disks, and mount is given -t squashfs -o ro:
#   busybox mount need not guess the type of the read-only mapping.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
resign_data 'rfc_*'
S=$IPE_SELFTESTS
T=/tmp/ipe_rfc
MNT=$T/my/mount/point
HELLO=$MNT/ipe_hello
OUTPUT_RH=$(cat "$IPE_DATA/rfc_output.roothash" 2>/dev/null)

# deploy FILE: cat "$MY_POLICY.p7s" > /sys/kernel/security/ipe/new_policy
deploy() { cat "$D/$1.p7s" >"$IPE_FS/new_policy"; }

# activate NAME: sysctl ipe.active_policy="$MY_POLICY_NAME". Written to the
# sysctl's file so that names with spaces reach it unchanged.
activate() {
	printf '%s\n' "$1" >/proc/sys/ipe/active_policy &&
		[ "$(cat /proc/sys/ipe/active_policy)" = "$1" ]
}

OUTPUT_SQUASHFS=$(disk rfc_squashfs)
OUTPUT_HASHTREE=$(disk rfc_hashtree)

# rfc_open [options...]: the RFC's "veritysetup open output.squashfs
# output.hashtree unverified `cat output.roothash`" [options], and its
# mount. veritysetup takes open <data_device> <name> <hash_device>
# <root_hash>: the RFC has the name and the hash device swapped, which
# would map "output.hashtree" with "unverified" as its hash device.
rfc_open() {
	veritysetup open "$OUTPUT_SQUASHFS" unverified "$OUTPUT_HASHTREE" \
		"$(cat "$IPE_DATA/rfc_output.roothash")" "$@" &&
		mount -t squashfs -o ro /dev/mapper/unverified "$MNT"
}

rfc_close() {
	umount "$MNT" 2>/dev/null
	veritysetup close unverified 2>/dev/null
}

mkdir -p "$T/tmp" "$MNT" /run/cryptsetup

# boot_verified
check "deploy \"Allow All Initial SB\" (cat into new_policy)" \
	deploy rfc_allow_initial_sb
check "mark it active (sysctl ipe.active_policy)" activate "Allow All Initial SB"
audit_clear
sysctl -q -w ipe.success_audit=1
expect_eq "with success auditing on, a binary of the boot filesystem runs" \
	"hello from ipe_hello" "$(run "$S/ipe_hello")"
sysctl -q -w ipe.success_audit=0
expect_audit "its audit event is allowed by boot_verified=TRUE" 1420 \
	"ipe_hook=BPRM_CHECK" "path=\"$S/ipe_hello\"" \
	'rule="op=EXECUTE boot_verified=TRUE action=ALLOW"' 'action=ALLOW"'

check "mount -t tmpfs -o size=4M tmp tmp" mount -t tmpfs -o size=4M tmp "$T/tmp"
cp "$S/ipe_hello" "$T/tmp/ipe_hello"
chmod 755 "$T/tmp/ipe_hello"
# "I recommend testing in permissive mode until all tests pass, then
# switch to enforce to ensure behavior remains identical."
sysctl -q -w ipe.enforce=0
audit_clear
expect_eq "permissive, success auditing off: the binary copied to tmpfs runs" \
	"hello from ipe_hello" "$(run "$T/tmp/ipe_hello")"
sysctl -q -w ipe.enforce=1
expect_audit "but it has an audit event: not boot_verified, DEFAULT action=DENY, enforcing=0" \
	1420 "ipe_hook=BPRM_CHECK" "path=\"$T/tmp/ipe_hello\"" "enforcing=0" \
	'rule="DEFAULT action=DENY"' 'action=DENY"'
expect_eq "switched to enforce, the same exec is denied" "EXIT=126" \
	"$(run "$T/tmp/ipe_hello")"

if [ -z "$OUTPUT_SQUASHFS" ] || [ -z "$OUTPUT_HASHTREE" ] || [ -z "$OUTPUT_RH" ]; then
	skip "the dm-verity steps" "no rfc_squashfs/rfc_hashtree disks or root hash"
	deploy rfc_allow_all && activate "Allow All"
	umount "$T/tmp" 2>/dev/null
	exit 0
fi

# dmverity_roothash
check "deploy \"roothash-denial\"" deploy rfc_roothash_denial
check "deploy \"roothash-allow\"" deploy rfc_roothash_allow
check "mark \"roothash-denial\" active" activate roothash-denial
rfc_close
check "veritysetup open output.squashfs unverified output.hashtree ROOTHASH, mount" \
	rfc_open
audit_clear
expect_eq "roothash-denial: executing the binary in the mount point is denied" \
	"EXIT=126" "$(run "$HELLO")"
expect_audit "its audit event matches op=EXECUTE dmverity_roothash=\$output_rh action=DENY" \
	1420 "ipe_hook=BPRM_CHECK" "path=\"$HELLO\"" \
	"rule=\"op=EXECUTE dmverity_roothash=$OUTPUT_RH action=DENY\"" 'action=DENY"'

# "To test the second policy, perform the same steps, but this time,
# enable success auditing before running the executable."
rfc_close
check "mark \"roothash-allow\" active" activate roothash-allow
check "open and mount the volume the same way" rfc_open
audit_clear
sysctl -q -w ipe.success_audit=1
expect_eq "roothash-allow: the binary in the mount point runs" \
	"hello from ipe_hello" "$(run "$HELLO")"
sysctl -q -w ipe.success_audit=0
expect_audit \
	"its success audit event matches op=EXECUTE dmverity_roothash=\$output_rh action=ALLOW" \
	1420 "ipe_hook=BPRM_CHECK" "path=\"$HELLO\"" \
	"rule=\"op=EXECUTE dmverity_roothash=$OUTPUT_RH action=ALLOW\"" 'action=ALLOW"'
rfc_close

# dmverity_signature. The RFC's policy and expected rule say
# "dmverity_verified=TRUE": a typo for dmverity_signature, the property it
# documents; there is no dmverity_verified property (strict parsing would
# refuse the policy). The policy "verified" uses dmverity_signature=TRUE.
check "deploy \"verified\"" deploy rfc_verified
check "mark \"verified\" active" activate verified
check "veritysetup open ... --root-hash-signature=output.p7s, mount" \
	rfc_open --root-hash-signature="$IPE_DATA/rfc_output.p7s"
audit_clear
sysctl -q -w ipe.success_audit=1
expect_eq "verified: the binary on the volume opened with the signature runs" \
	"hello from ipe_hello" "$(run "$HELLO")"
sysctl -q -w ipe.success_audit=0
expect_audit "its success audit event matches op=EXECUTE dmverity_signature=TRUE action=ALLOW" \
	1420 "ipe_hook=BPRM_CHECK" "path=\"$HELLO\"" \
	'rule="op=EXECUTE dmverity_signature=TRUE action=ALLOW"' 'action=ALLOW"'
rfc_close

# "To test denials, mount the dm-verity volume the same way as the
# "dmverity_roothash" section, and attempt to execute a binary."
check "open and mount the volume without the signature" rfc_open
audit_clear
expect_eq "verified: without the signature, executing the binary fails" \
	"EXIT=126" "$(run "$HELLO")"
expect_audit "that denial's audit event names DEFAULT action=DENY" 1420 \
	"ipe_hook=BPRM_CHECK" "path=\"$HELLO\"" 'rule="DEFAULT action=DENY"' 'action=DENY"'
rfc_close

# Leave everything allowed: the RFC's example "Allow All", version 2.99.0
# (as signed).
check "deploy \"Allow All\"" deploy rfc_allow_all
check "mark \"Allow All\" active" activate "Allow All"
expect_eq "Allow All: the binary on tmpfs runs again" "hello from ipe_hello" \
	"$(run "$T/tmp/ipe_hello")"
umount "$T/tmp" 2>/dev/null
