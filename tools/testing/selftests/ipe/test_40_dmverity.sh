#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dm-verity trust: a squashfs volume opened with veritysetup, its binary
# allowed by dmverity_roothash (bare and ALG: forms) and by
# dmverity_signature only when dm-verity verified the root hash
# signature, a revocation rule that wins over the signature, the facts
# kept across a table reload, and the access records (1420) naming the
# rules. host_prepare_verity.sh made the disks and the policies.
. "$IPE_SELFTESTS/ipe_lib.sh"
S=$IPE_SELFTESTS
NAME=ipe_dmv
MNT=/tmp/ipe_dmv
HELLO=$MNT/bin/ipe_hello
ROOTHASH=$(cat "$IPE_DATA/dmv_roothash" 2>/dev/null)

# run CMD...: print the command's output, or "EXIT=<status>" when it failed.
run() { "$@" 2>/dev/null || echo "EXIT=$?"; }

# disk SERIAL: the /dev node of the virtio disk with that serial.
disk() {
	for s in /sys/block/vd*/serial; do
		[ -e "$s" ] || continue
		if [ "$(cat "$s")" = "$1" ]; then
			d=${s%/serial}
			echo "/dev/${d##*/}"
			return 0
		fi
	done
	return 1
}

DATA=$(disk dmv_data)
HASH=$(disk dmv_hash)
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

sysctl -q -w ipe.active_policy=dmv_hash
audit_clear
sysctl -q -w ipe.success_audit=1
expect_eq "dmverity_roothash=HEX allows the binary of that volume" \
	"hello from ipe_hello" "$(run $HELLO)"
sysctl -q -w ipe.success_audit=0
expect_audit "the allowed exec's 1420 record names the roothash rule" 1420 \
	"ipe_hook=BPRM_CHECK" "path=\"$HELLO\"" \
	"rule=\"op=EXECUTE dmverity_roothash=$ROOTHASH action=ALLOW\"" "res=1"
cp $HELLO /tmp/ipe_dmv_hello
expect_eq "the same binary copied to tmpfs is denied" "EXIT=126" \
	"$(run /tmp/ipe_dmv_hello)"
rm -f /tmp/ipe_dmv_hello
expect_eq "mmap(PROT_EXEC) of the dm-verity binary is allowed" OK \
	"$("$S/ipe_mmap" exec $HELLO)"

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
	"path=\"$HELLO\"" 'rule="DEFAULT op=EXECUTE action=DENY"' "res=0"

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
	"res=1"

sysctl -q -w ipe.active_policy=dmv_revoke
audit_clear
expect_eq "a DENY rule on the root hash wins over the signature" \
	"EXIT=126" "$(run $HELLO)"
expect_audit "the revocation's 1420 record names the DENY rule" 1420 \
	"path=\"$HELLO\"" "ipe_hook=BPRM_CHECK" \
	"rule=\"op=EXECUTE dmverity_roothash=$ROOTHASH action=DENY\"" "res=0"

sysctl -q -w ipe.active_policy=dmv_done
expect_eq "the last policy allows all again" "hello from ipe_hello" \
	"$(run $HELLO)"
close_volume
