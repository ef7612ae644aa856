#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fs-verity trust on an ext4 volume (host_prepare_fsverity.sh made it and
# the policies): copies of ipe_hello allowed by fsverity_digest once
# "fsverity enable" sealed them, and not before; by fsverity_signature
# when fs-verity verified a built-in signature made with "fsverity sign"
# and a certificate added to the ".fs-verity" keyring, also after the
# inode was evicted and read back; denied without fs-verity, with another
# digest, or without a signature; and a file whose first block was
# changed on the disk is refused by fs-verity itself, though its digest
# is allowed.
. "$IPE_SELFTESTS/ipe_lib.sh"
D=$IPE_DATA
MNT=/tmp/ipe_fsv
S=$IPE_SELFTESTS
HELLO="hello from ipe_hello"
DEV=$(disk fsv)
if [ -z "$DEV" ] || [ ! -e "$D/fsv.p7s" ]; then
	fail "the fs-verity disk is attached" "no disk fsv or no fsv policy"
	exit 0
fi
mkdir -p $MNT
check "mount the ext4 volume read-write" mount -t ext4 "$DEV" $MNT

# the digest fsverity measure prints, as sha256:HEX
measure() { fsverity measure "$MNT/$1" 2>&1 | cut -d' ' -f1; }

check "fsverity enable without a signature" fsverity enable $MNT/h_digest
expect_eq "fsverity measure gives the digest fsverity digest gave on the host" \
	"$(cat $D/fsv_h_digest.digest)" "$(measure h_digest)"
check "fsverity enable h_unsigned and h_tamper" sh -c \
	"fsverity enable $MNT/h_unsigned && fsverity enable $MNT/h_tamper"

# the CA into .fs-verity: by name, else by the keyring's id in /proc/keys
add_cert() {
	keyctl padd asymmetric '' %keyring:.fs-verity <"$D/fsv_ca.der" ||
		keyctl padd asymmetric '' \
			"0x$(awk '$9 == ".fs-verity:" { print $1 }' /proc/keys)" \
			<"$D/fsv_ca.der"
}
check "the test CA goes into the .fs-verity keyring" add_cert
check "fsverity enable with the CA's signature" \
	fsverity enable --signature="$D/fsv_h_signed.sig" $MNT/h_signed
check_fails "a signature of another file's digest is refused by fs-verity" \
	fsverity enable --signature="$D/fsv_h_unsigned.untrusted.sig" $MNT/h_plain

load fsv
check "activate the fs-verity policy" sysctl -q -w ipe.active_policy=fsv
expect_eq "fsverity_digest allows the sealed file" "$HELLO" "$(run $MNT/h_digest)"
expect_eq "a file named by digest is denied before fsverity enable" \
	"EXIT=126" "$(run $MNT/h_later)"
check "fsverity enable h_later" fsverity enable $MNT/h_later
expect_eq "and allowed after" "$HELLO" "$(run $MNT/h_later)"
expect_eq "fsverity_signature allows the signed file" "$HELLO" \
	"$(run $MNT/h_signed)"
expect_eq "a sealed file with a digest in no rule and no signature is denied" \
	"EXIT=126" "$(run $MNT/h_unsigned)"
expect_eq "a file without fs-verity is denied" "EXIT=126" "$(run $MNT/h_plain)"
expect_eq "mmap(PROT_EXEC) of the signed file is allowed" OK \
	"$("$S/ipe_mmap" exec $MNT/h_signed)"
expect_eq "mmap(PROT_EXEC) of the unsealed file is denied" EACCES \
	"$("$S/ipe_mmap" exec $MNT/h_plain)"

# the signature fact lives in the inode: evict it and read it back
sync
echo 3 >/proc/sys/vm/drop_caches
expect_eq "after the inode was evicted the signed file still runs" "$HELLO" \
	"$(run $MNT/h_signed)"

expect_eq "before the tampering, h_tamper runs" "$HELLO" "$(run $MNT/h_tamper)"
umount $MNT
check "change one byte of h_tamper's first block on the disk" \
	"$S/ipe_tamper" "$DEV" IPE-FSV-TAG-h_tamper \
	"$(cat $D/fsv_h_tamper.tagoff)" 200
check "mount again" mount -t ext4 "$DEV" $MNT
check_fails "fs-verity refuses to read the changed file" cat $MNT/h_tamper
expect_eq "and it does not run" "" \
	"$($MNT/h_tamper 2>/dev/null | grep -x "$HELLO")"
expect_eq "its digest is still the allowed one" \
	"$(cat $D/fsv_h_tamper.digest)" "$(measure h_tamper)"

load fsv_done
check "activate fsv_done, which allows everything" \
	sysctl -q -w ipe.active_policy=fsv_done
echo fsv >"$IPE_FS/del_policy"
umount $MNT
