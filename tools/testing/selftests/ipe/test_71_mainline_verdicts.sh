#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The admin guide's policies written for mainline decide here as mainline
# decides, file by file. host_prepare_verdicts.sh wrote each example
# (mv_NAME), changing only its version and the placeholder digest of its
# roothash or digest rule (volume 1's root hash, the fs-verity digest of
# mv_digest); the test signs them on the spot. Each is activated in
# permissive mode, every file is run, and the verdict is read from the
# 1420 record of that file's exec: permissive mode runs everything, so the
# shell's own tools keep working whatever the policy says. The files:
#
#   init     a binary of the initramfs             (boot_verified)
#   tmpfs    a copy of it on tmpfs                 (nothing)
#   dmv1     volume 1, opened with its signature   (root hash, signature)
#   dmv2     volume 2, opened with its signature   (signature)
#   fsvdig   fs-verity sealed, no signature        (its digest)
#   fsvsig   fs-verity sealed with the CA's signature (signature)
#   plain    the same ext4 disk, never sealed      (nothing)
#
# The expected verdicts are mainline's for the same files. One file
# differs on purpose and is checked apart: a copy written to rootfs after
# boot is boot_verified in mainline and not here (the admin guide's
# Differences table, "boot_verified").
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
resign_data 'mv_*'
S=$IPE_SELFTESTS
LIST=$IPE_DATA/mv.list
FMNT=/tmp/ipe_mv_fsv
FILES="init tmpfs dmv1 dmv2 fsvdig fsvsig plain"

# the file behind each name
path_of() {
	case $1 in
	init) echo "$S/ipe_hello" ;;
	tmpfs) echo /tmp/ipe_mv_hello ;;
	dmv1) echo /tmp/ipe_mv1/bin/ipe_hello ;;
	dmv2) echo /tmp/ipe_mv2/bin/ipe_hello ;;
	fsvdig) echo $FMNT/mv_digest ;;
	fsvsig) echo $FMNT/mv_signed ;;
	plain) echo $FMNT/mv_plain ;;
	esac
}

# the files mainline allows under each example; every other file is denied
allowed_by() {
	case $1 in
	allow-all) echo "$FILES" ;;
	initramfs) echo "init" ;;
	signed-dmv) echo "init dmv1 dmv2" ;;
	revoke-dmv) echo "init dmv2" ;;
	one-dmv) echo "dmv1" ;;
	fsv-sig) echo "fsvsig" ;;
	fsv-digest) echo "fsvdig" ;;
	*) echo "?" ;;
	esac
}

if [ ! -s "$LIST" ]; then
	fail "the mainline examples were signed" "$LIST is missing or empty"
	exit 0
fi
DATA=$(disk dmv_data)
HASH=$(disk dmv_hash)
DATA2=$(disk dmv2_data)
HASH2=$(disk dmv2_hash)
FSV=$(disk fsv)
if [ -z "$DATA" ] || [ -z "$DATA2" ] || [ -z "$FSV" ]; then
	fail "the dm-verity and fs-verity disks are attached" \
		"dmv_data=$DATA dmv2_data=$DATA2 fsv=$FSV"
	exit 0
fi

mkdir -p /run/cryptsetup /tmp/ipe_mv1 /tmp/ipe_mv2 $FMNT
cp "$S/ipe_hello" /tmp/ipe_mv_hello
check "volume 1 opens with its root hash signature and mounts" sh -c \
	"veritysetup open $DATA ipe_mv1 $HASH $(cat "$IPE_DATA/dmv_roothash") \
		--root-hash-signature=$IPE_DATA/dmv_roothash.p7s &&
	mount -t squashfs -o ro /dev/mapper/ipe_mv1 /tmp/ipe_mv1"
check "volume 2 opens with its root hash signature and mounts" sh -c \
	"veritysetup open $DATA2 ipe_mv2 $HASH2 $(cat "$IPE_DATA/dmv2_roothash") \
		--root-hash-signature=$IPE_DATA/dmv2_roothash.p7s &&
	mount -t squashfs -o ro /dev/mapper/ipe_mv2 /tmp/ipe_mv2"
check "the fs-verity disk mounts" mount -t ext4 "$FSV" $FMNT
add_cert() {
	keyctl padd asymmetric '' %keyring:.fs-verity <"$IPE_DATA/fsv_ca.der" ||
		keyctl padd asymmetric '' \
			"0x$(awk '$9 == ".fs-verity:" { print $1 }' /proc/keys)" \
			<"$IPE_DATA/fsv_ca.der"
}
check "the test CA goes into the .fs-verity keyring" add_cert
check "mv_digest is sealed without a signature" fsverity enable $FMNT/mv_digest
check "mv_signed is sealed with the CA's signature" \
	fsverity enable --signature="$IPE_DATA/fsv_mv_signed.sig" $FMNT/mv_signed

old_enforce=$(cat /proc/sys/ipe/enforce 2>/dev/null || echo 1)
old_success=$(cat /proc/sys/ipe/success_audit 2>/dev/null || echo 0)
echo 0 >/proc/sys/ipe/enforce
echo 1 >/proc/sys/ipe/success_audit

# verdict FILE: ALLOW or DENY, from the rule of FILE's exec record
verdict() {
	audit_clear
	"$1" >/dev/null 2>&1
	audit_log 1420 | grep -F "path=\"$1\"" | grep -F ipe_hook=BPRM_CHECK |
		tail -n 1 | sed -n 's/.* action=\(ALLOW\|DENY\)"$/\1/p'
}

while IFS= read -r ex <&3; do
	[ -n "$ex" ] || continue
	expect_write "mainline example $ex loads" OK "$IPE_FS/new_policy" \
		"$D/mv_$ex.p7s"
	pname=$(cat "$IPE_DATA/mv_$ex.name")
	if ! echo "$pname" >/proc/sys/ipe/active_policy 2>/dev/null; then
		fail "mainline example $ex is activated" "sysctl refused $pname"
		continue
	fi
	allowed=$(allowed_by "$ex")
	for f in $FILES; do
		want=DENY
		case " $allowed " in *" $f "*) want=ALLOW ;; esac
		expect_eq "mainline example $ex: $f is $want as in mainline" \
			"$want" "$(verdict "$(path_of $f)")"
	done
	if [ "$ex" = initramfs ]; then
		cp "$S/ipe_hello" /ipe_mv_rootfs_hello
		expect_eq "$(printf '%s %s' "mainline example initramfs:" \
			"a file written to rootfs after boot is DENY (mainline: ALLOW)")" \
			DENY "$(verdict /ipe_mv_rootfs_hello)"
		rm -f /ipe_mv_rootfs_hello
	fi
done 3<"$LIST"

load mv_done
echo mv_done >/proc/sys/ipe/active_policy
echo "$old_enforce" >/proc/sys/ipe/enforce
echo "$old_success" >/proc/sys/ipe/success_audit
umount $FMNT /tmp/ipe_mv1 /tmp/ipe_mv2 2>/dev/null
veritysetup close ipe_mv1 2>/dev/null
veritysetup close ipe_mv2 2>/dev/null
