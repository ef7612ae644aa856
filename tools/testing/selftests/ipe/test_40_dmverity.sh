#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dm-verity trust: a squashfs volume opened with veritysetup, its binary
# allowed by dmverity_roothash (bare and ALG: forms) and by
# dmverity_signature only when dm-verity verified the root hash
# signature, a revocation rule that wins over the signature, the facts
# kept across a table reload, and the access records (1420) naming the
# rules. Then what must be denied: a root hash one nibble off, a root hash
# signature by a key outside the kernel's keyrings, a plain squashfs disk
# and tmpfs under boot_verified=TRUE, and stale facts: another volume, or
# the same one without its signature, reopened on the same mapping name.
# host_prepare_verity.sh made the disks and the policies.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
resign_data 'dmv_*'
S=$IPE_SELFTESTS
NAME=ipe_dmv
MNT=/tmp/ipe_dmv
HELLO=$MNT/bin/ipe_hello
ROOTHASH=$(cat "$IPE_DATA/dmv_roothash" 2>/dev/null)
ROOTHASH2=$(cat "$IPE_DATA/dmv2_roothash" 2>/dev/null)

DATA=$(disk dmv_data)
HASH=$(disk dmv_hash)
DATA2=$(disk dmv2_data)
HASH2=$(disk dmv2_hash)
PLAIN=$(disk plain_sq)
if [ -z "$DATA" ] || [ -z "$HASH" ] || [ -z "$ROOTHASH" ]; then
	skip "dm-verity tests" "no dmv_data/dmv_hash disks or root hash"
	exit 0
fi

# No udev in the VM: libdevmapper makes the nodes (DM_DISABLE_UDEV=1),
# and cryptsetup wants its lock directory.
mkdir -p /run/cryptsetup $MNT

# open_volume [veritysetup options...]: map and mount the volume.
open_volume() {
	veritysetup open "$DATA" $NAME "$HASH" "$ROOTHASH" "$@" &&
		mount -t squashfs -o ro /dev/mapper/$NAME $MNT
}

# open_volume2: map volume 2 on the same name, mount it at the same place.
open_volume2() {
	veritysetup open "$DATA2" $NAME "$HASH2" "$ROOTHASH2" &&
		mount -t squashfs -o ro /dev/mapper/$NAME $MNT
}

close_volume() {
	umount $MNT 2>/dev/null
	veritysetup close $NAME 2>/dev/null
}

close_volume
check "veritysetup open without a signature, mount squashfs read-only" open_volume
expect_eq "before the dm-verity policies, the binary on the volume runs" \
	"hello from ipe_hello" "$(run $HELLO)"

load dmv_hash
load dmv_algh
load dmv_sig
load dmv_revoke
load dmv_done
load dmv_nibble
load dmv_boot
load dmv_only1
load dmv_only2
load dmv_sig2
load dmv_end

sysctl -q -w ipe.active_policy=dmv_hash
audit_clear
sysctl -q -w ipe.success_audit=1
expect_eq "dmverity_roothash=HEX allows the binary of that volume" \
	"hello from ipe_hello" "$(run $HELLO)"
sysctl -q -w ipe.success_audit=0
expect_audit "the allowed exec's 1420 record names the roothash rule" 1420 \
	"ipe_hook=BPRM_CHECK" "path=\"$HELLO\"" \
	"rule=\"op=EXECUTE dmverity_roothash=$ROOTHASH action=ALLOW\"" 'action=ALLOW"'
cp $HELLO /tmp/ipe_dmv_hello
expect_eq "the same binary copied to tmpfs is denied" "EXIT=126" \
	"$(run /tmp/ipe_dmv_hello)"
rm -f /tmp/ipe_dmv_hello
expect_eq "mmap(PROT_EXEC) of the dm-verity binary is allowed" OK \
	"$("$S/ipe_mmap" exec $HELLO)"
# a device node stored on the volume maps its device's data, not the
# volume's: it must not inherit the volume's root hash
if [ -c $MNT/bin/ipe_zero ]; then
	expect_eq "mmap(PROT_EXEC) of a device node on the volume is denied" EACCES \
		"$("$S/ipe_mmap" exec $MNT/bin/ipe_zero)"
	expect_eq "mmap(PROT_READ) of that device node is not IPE's business" OK \
		"$("$S/ipe_mmap" read $MNT/bin/ipe_zero)"
else
	fail "the volume holds the device node /bin/ipe_zero" "$(ls -l $MNT/bin)"
fi

# A reload swaps the table under the mounted filesystem: the facts are
# withdrawn on suspend and reported again when the new table goes live.
table=$(dmsetup table $NAME)
if dmsetup reload --readonly $NAME --table "$table" && dmsetup resume $NAME; then
	expect_eq "after a table reload and resume the binary still runs" \
		"hello from ipe_hello" "$(run $HELLO)"
else
	fail "after a table reload and resume the binary still runs" \
		"dmsetup reload/resume failed"
fi

sysctl -q -w ipe.active_policy=dmv_algh
expect_eq "dmverity_roothash=sha256:HEX allows it too" \
	"hello from ipe_hello" "$(run $HELLO)"

sysctl -q -w ipe.active_policy=dmv_sig
audit_clear
expect_eq "dmverity_signature=TRUE denies a volume opened without signature" \
	"EXIT=126" "$(run $HELLO)"
expect_audit "the denial's 1420 record names the op default" 1420 \
	"path=\"$HELLO\"" 'rule="DEFAULT op=EXECUTE action=DENY"' 'action=DENY"'

close_volume
check_fails "veritysetup close removes the mapping" dmsetup info $NAME
check "veritysetup open --root-hash-signature, mount" \
	open_volume --root-hash-signature="$IPE_DATA/dmv_roothash.p7s"
case "$(dmsetup table $NAME 2>/dev/null)" in
*root_hash_sig_key_desc*) pass "the table carries root_hash_sig_key_desc" ;;
*) fail "the table carries root_hash_sig_key_desc" "$(dmsetup table $NAME 2>&1)" ;;
esac
audit_clear
sysctl -q -w ipe.success_audit=1
expect_eq "dmverity_signature=TRUE allows the volume opened with a signature" \
	"hello from ipe_hello" "$(run $HELLO)"
sysctl -q -w ipe.success_audit=0
expect_audit "the allowed exec's 1420 record names the signature rule" 1420 \
	"path=\"$HELLO\"" 'rule="op=EXECUTE dmverity_signature=TRUE action=ALLOW"' \
	'action=ALLOW"'

sysctl -q -w ipe.active_policy=dmv_revoke
audit_clear
expect_eq "a DENY rule on the root hash wins over the signature" \
	"EXIT=126" "$(run $HELLO)"
expect_audit "the revocation's 1420 record names the DENY rule" 1420 \
	"path=\"$HELLO\"" "ipe_hook=BPRM_CHECK" \
	"rule=\"op=EXECUTE dmverity_roothash=$ROOTHASH action=DENY\"" 'action=DENY"'

sysctl -q -w ipe.active_policy=dmv_done
expect_eq "a policy that allows all lets it run again" "hello from ipe_hello" \
	"$(run $HELLO)"

# The binary on a squashfs disk mounted directly, without dm-verity: it
# runs while everything is allowed, so the denial below is the policy's.
PMNT=/tmp/ipe_plain
mkdir -p $PMNT
if [ -n "$PLAIN" ] && mount -t squashfs -o ro "$PLAIN" $PMNT; then
	pass "a plain squashfs disk (plain_sq) mounts read-only without dm-verity"
else
	fail "a plain squashfs disk (plain_sq) mounts read-only without dm-verity" \
		"no plain_sq disk or mount failed (${PLAIN:-no disk})"
fi
expect_eq "while all is allowed, the binary on the plain squashfs runs" \
	"hello from ipe_hello" "$(run $PMNT/bin/ipe_hello)"

# host_prepare_verity.sh flipped one hex digit of the real root hash: the
# first in one rule, the last in another. Neither names this volume.
sysctl -q -w ipe.active_policy=dmv_nibble
audit_clear
expect_eq "dmverity_roothash one nibble off the volume's root hash denies its binary" \
	"EXIT=126" "$(run $HELLO)"
expect_audit "that denial's 1420 record names the op default, no roothash rule" 1420 \
	"path=\"$HELLO\"" 'rule="DEFAULT op=EXECUTE action=DENY"' 'action=DENY"'

# boot_verified=TRUE is the initramfs only: not a block device mounted
# directly, not tmpfs, not a dm-verity volume.
sysctl -q -w ipe.active_policy=dmv_boot
audit_clear
expect_eq "boot_verified=TRUE denies the binary on the plain squashfs disk" \
	"EXIT=126" "$(run $PMNT/bin/ipe_hello)"
expect_audit "that denial's 1420 record names the disk and the op default" 1420 \
	"path=\"$PMNT/bin/ipe_hello\"" "dev=\"${PLAIN#/dev/}\"" \
	'rule="DEFAULT op=EXECUTE action=DENY"' 'action=DENY"'
cp $PMNT/bin/ipe_hello /tmp/ipe_boot_hello 2>/dev/null
expect_eq "boot_verified=TRUE denies a copy of it on tmpfs" "EXIT=126" \
	"$(run /tmp/ipe_boot_hello)"
rm -f /tmp/ipe_boot_hello
expect_eq "boot_verified=TRUE denies the binary on the dm-verity volume" \
	"EXIT=126" "$(run $HELLO)"
expect_eq "boot_verified=TRUE still lets the initramfs binary run" \
	"hello from ipe_hello" "$(run "$S/ipe_hello")"
umount $PMNT 2>/dev/null

# Stale facts: the mapping name, the mount point, the path, the binary
# and (with the dm minor reused) the device name stay the same when the
# volume behind them changes; only the new table's root hash may count.
sysctl -q -w ipe.active_policy=dmv_only1
close_volume
check "veritysetup close, open volume 1 without a signature, mount" open_volume
expect_eq "a policy allowing only volume 1's root hash lets volume 1's binary run" \
	"hello from ipe_hello" "$(run $HELLO)"
close_volume
if [ -n "$DATA2" ] && [ -n "$HASH2" ] && [ -n "$ROOTHASH2" ] && open_volume2; then
	pass "veritysetup close, open volume 2 on the same mapping name, mount"
else
	fail "veritysetup close, open volume 2 on the same mapping name, mount" \
		"no dmv2_data/dmv2_hash disks or root hash, or the open failed"
fi
expect_eq "the mapping now serves volume 2 (its marker file)" "volume 2" \
	"$(cat $MNT/ipe_volume 2>&1)"
audit_clear
expect_eq "volume 1's roothash rule does not allow volume 2 on the same mapping" \
	"EXIT=126" "$(run $HELLO)"
expect_audit "volume 2's 1420 record names the op default, not volume 1's rule" 1420 \
	"path=\"$HELLO\"" 'rule="DEFAULT op=EXECUTE action=DENY"' 'action=DENY"'
sysctl -q -w ipe.active_policy=dmv_only2
expect_eq "a policy allowing volume 2's root hash lets volume 2's binary run" \
	"hello from ipe_hello" "$(run $HELLO)"
close_volume
open_volume 2>/dev/null
expect_eq "volume 1 reopened on the mapping is denied by volume 2's rule" \
	"EXIT=126" "$(run $HELLO)"

# A root hash signature made with a CA the kernel does not trust. The
# kernel refuses it: dm-verity checks the signature against the trusted
# (and secondary) keyrings in the table constructor and fails the table
# load with ENOKEY ("verity: Root hash verification failed"), so
# veritysetup open fails and no mapping is left. IPE never sees such a
# volume, so dmverity_signature=TRUE cannot be reached with it.
sysctl -q -w ipe.active_policy=dmv_sig2
close_volume
audit_clear
if open_volume --root-hash-signature="$IPE_DATA/dmv_roothash.untrusted.p7s" \
	>/dev/null 2>&1; then
	fail "an untrusted root hash signature is refused by the kernel: veritysetup open fails" \
		"the volume opened; its binary then gave: $(run $HELLO)"
else
	pass "an untrusted root hash signature is refused by the kernel: veritysetup open fails"
fi
if dmesg | grep -q "verity: Root hash verification failed"; then
	pass "the kernel logs the failed root hash verification"
else
	fail "the kernel logs the failed root hash verification" \
		"$(dmesg | grep -i verity | tail -n 2)"
fi
check_fails "the refused open leaves no mapping" dmsetup info $NAME
close_volume
dmsetup remove $NAME 2>/dev/null

# Signed, then reopened without the signature: the signature fact goes
# with the table that carried it.
check "veritysetup open --root-hash-signature (trusted CA), mount" \
	open_volume --root-hash-signature="$IPE_DATA/dmv_roothash.p7s"
expect_eq "dmverity_signature=TRUE allows volume 1 opened with its signature" \
	"hello from ipe_hello" "$(run $HELLO)"
close_volume
check "veritysetup close the signed volume, open it again without a signature" \
	open_volume
audit_clear
expect_eq "reopened without a signature, dmverity_signature=TRUE denies it" \
	"EXIT=126" "$(run $HELLO)"
expect_audit "the unsigned reopen's 1420 record names the op default" 1420 \
	"path=\"$HELLO\"" 'rule="DEFAULT op=EXECUTE action=DENY"' 'action=DENY"'

sysctl -q -w ipe.active_policy=dmv_end
expect_eq "the last policy allows all again" "hello from ipe_hello" \
	"$(run $HELLO)"
close_volume
