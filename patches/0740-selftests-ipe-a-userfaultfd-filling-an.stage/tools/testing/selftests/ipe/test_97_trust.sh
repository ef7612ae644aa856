#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The ways around the trust properties, each tried as root without the
# policy signing key would, beside the legitimate case that must keep
# working:
# - copy-on-write: code written into a private mapping of a trusted file;
# - userfaultfd: pages of such a mapping filled with the caller's bytes;
# - boot_verified: files written to the initramfs after boot;
# - dm-verity in a mode that returns blocks it did not verify
#   (ignore_corruption, check_at_most_once);
# - a dm-verity table swapped under an open device: code mapped from the
#   volume would read its pages back through the new table, and the
#   caches still hold what the previous table returned;
# - fuseblk on a trusted device, its data served by a FUSE daemon;
# - overlayfs: a file judged by the real file behind it, before and after
#   copy-up, and a descriptor opened before a copy-up judged by neither.
# host_prepare_trust.sh made the disks and the policies (11.x).
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
resign_data 'tr_*'
S=$IPE_SELFTESTS
HELLO_OUT="hello from ipe_hello"
EVIL_OUT="owned by an attacker"
NAME=ipe_tr
MNT=/tmp/ipe_tr
ROOTHASH=$(cat "$IPE_DATA/dmv_roothash" 2>/dev/null)
ROOTHASH2=$(cat "$IPE_DATA/dmv2_roothash" 2>/dev/null)
DATA=$(disk dmv_data)
HASH=$(disk dmv_hash)
DATA2=$(disk dmv2_data)
HASH2=$(disk dmv2_hash)
EVIL=$(disk tr_evil_data)
mkdir -p /run/cryptsetup $MNT

for p in tr_boot tr_hash tr_revoke tr_hash2 tr_fsv tr_end; do
	load $p
done
sysctl -q -w ipe.enforce=1
sysctl -q -w ipe.success_audit=0

# --- copy-on-write pages of a private file mapping ---------------------
sysctl -q -w ipe.active_policy=tr_boot
T=$S/ipe_hello
expect_eq "mmap(PROT_EXEC) of a never-written initramfs file is allowed" OK \
	"$("$S/ipe_mmap" exec $T)"
expect_eq "a private RW mapping never written may become RX" OK \
	"$("$S/ipe_execmod" clean $T)"
audit_clear
expect_eq "a private RW mapping written to may not become RX" EACCES \
	"$("$S/ipe_execmod" write-mprotect $T)"
rec=$(audit_log 1420 | grep "ipe_hook=MPROTECT" | tail -n 1)
case "$rec" in
*" path=? dev=? ino=? rule="*)
	pass "the execmod denial is recorded as anonymous memory (path=? dev=? ino=?)" ;;
*)	fail "the execmod denial is recorded as anonymous memory (path=? dev=? ino=?)" "$rec" ;;
esac
expect_eq "a private mapping of it may not be RWX at once" EACCES \
	"$("$S/ipe_execmod" rwx $T)"
expect_eq "an RX private mapping may not become RWX" EACCES \
	"$("$S/ipe_execmod" rx-to-rwx $T)"
expect_eq "RX, then RW and written, may not become RX again" EACCES \
	"$("$S/ipe_execmod" rx-write-rx $T)"
expect_eq "a shared RX mapping of the file is judged by the file" OK \
	"$("$S/ipe_execmod" shared-rx $T)"
audit_clear
expect_eq "System V shared memory attached with SHM_EXEC has no trusted property" \
	EACCES "$("$S/ipe_execmod" shm-exec -)"
expect_audit "the shmat denial is recorded with ipe_hook=MMAP" 1420 \
	"ipe_hook=MMAP" 'action=DENY"'
expect_eq "shared memory attached without SHM_EXEC is not evaluated" OK \
	"$("$S/ipe_execmod" shm-rw -)"
sysctl -q -w ipe.enforce=0
expect_eq "permissive mode lets the written mapping become RX" OK \
	"$("$S/ipe_execmod" write-mprotect $T)"
sysctl -q -w ipe.enforce=1

# --- userfaultfd: missing pages of a trusted mapping filled by the caller
# rootfs is tmpfs, whose mappings a userfaultfd can take over: UFFDIO_COPY
# puts any bytes in a page the mapping has not faulted in, without a write
U=$S/ipe_uffd
uffd=$("$U" read $T 2>&1)
case $uffd in
OK | *EACCES)
	expect_eq "a userfaultfd still fills a read-only private mapping of it" OK \
		"$uffd"
	expect_eq "a userfaultfd still fills anonymous memory" OK "$("$U" anon - 2>&1)"
	audit_clear
	expect_eq "a userfaultfd may not take over an executable mapping of an initramfs file" \
		EACCES "$("$U" exec $T 2>/dev/null)"
	expect_audit "the userfaultfd denial is recorded as anonymous memory" 1420 \
		"ipe_hook=USERFAULTFD" " path=? dev=? ino=? rule=" 'action=DENY"'
	expect_eq "a mapping a userfaultfd took over may not become RX" EACCES \
		"$("$U" mprotect $T 2>/dev/null)"
	expect_eq "nor once the userfaultfd filled it and let it go" EACCES \
		"$("$U" filled $T 2>/dev/null)"
	sysctl -q -w ipe.enforce=0
	expect_eq "permissive mode lets the userfaultfd fill the executable mapping" \
		OK "$("$U" exec $T 2>&1)"
	sysctl -q -w ipe.enforce=1
	;;
*)
	why="no userfaultfd on a mapping of $T: $(printf %s "$uffd" | tr "\n" " ")"
	for t in "a userfaultfd still fills a read-only private mapping of it" \
		"a userfaultfd still fills anonymous memory" \
		"a userfaultfd may not take over an executable mapping of an initramfs file" \
		"the userfaultfd denial is recorded as anonymous memory" \
		"a mapping a userfaultfd took over may not become RX" \
		"nor once the userfaultfd filled it and let it go" \
		"permissive mode lets the userfaultfd fill the executable mapping"; do
		skip "$t" "$why"
	done ;;
esac

# --- boot_verified: only what the kernel unpacked, unwritten -----------
expect_eq "an initramfs binary never written runs" "$HELLO_OUT" \
	"$(run "$IPE_DATA/tr_hello_r")"
cat "$IPE_DATA/tr_hello_r" >/dev/null
chmod 755 "$IPE_DATA/tr_hello_r"
expect_eq "reading it or a chmod does not take its trust" "$HELLO_OUT" \
	"$(run "$IPE_DATA/tr_hello_r")"
cp "$S/ipe_hello" /ipe_tr_evil
expect_eq "a binary written to rootfs after boot is not boot_verified" \
	"EXIT=126" "$(run /ipe_tr_evil)"
: >>"$IPE_DATA/tr_hello_w"
expect_eq "an unpacked binary opened for writing loses boot_verified" \
	"EXIT=126" "$(run "$IPE_DATA/tr_hello_w")"
expect_eq "truncate(2) by path reaches the file" OK \
	"$("$S/ipe_execmod" truncate "$IPE_DATA/tr_hello_t")"
expect_eq "an unpacked binary truncated by path loses boot_verified" \
	"EXIT=126" "$(run "$IPE_DATA/tr_hello_t")"
expect_eq "a new file renamed over an unpacked file's name is not trusted" \
	"EXIT=126" "$(mv /ipe_tr_evil "$IPE_DATA/tr_hello_r" && run "$IPE_DATA/tr_hello_r")"
expect_eq "the selftests, unpacked and never written, still run" \
	"$HELLO_OUT" "$(run "$S/ipe_hello")"
# code of an unpacked file that ran may still be mapped: writing it would
# change what those mappings run, so it can no longer be written
X=$IPE_DATA/tr_hello_x
expect_eq "an unpacked binary runs" "$HELLO_OUT" "$(run "$X")"
expect_eq "once it ran, opening it for writing is ETXTBSY" ETXTBSY \
	"$("$S/ipe_write" -s "$EVIL_OUT" "$X")"
expect_eq "truncate(2) of it by path is ETXTBSY" ETXTBSY \
	"$("$S/ipe_execmod" truncate "$X")"
expect_eq "it keeps its bytes and boot_verified" "$HELLO_OUT" "$(run "$X")"
expect_eq "mmap(PROT_EXEC) of another unpacked file is allowed" OK \
	"$("$S/ipe_mmap" exec "$IPE_DATA/tr_hello_m")"
expect_eq "once mapped executable, it cannot be opened for writing" ETXTBSY \
	"$("$S/ipe_write" -s "$EVIL_OUT" "$IPE_DATA/tr_hello_m")"
expect_eq "an unpacked file only read or mapped without PROT_EXEC is writable" OK \
	"$("$S/ipe_mmap" read "$IPE_DATA/tr_hello_d" >/dev/null &&
	  "$S/ipe_write" -s "$EVIL_OUT" "$IPE_DATA/tr_hello_d")"
expect_eq "and, written, it is no longer boot_verified" "EXIT=126" \
	"$(run "$IPE_DATA/tr_hello_d")"

# --- dm-verity modes that return unverified blocks ---------------------
if [ -z "$DATA" ] || [ -z "$HASH" ] || [ -z "$EVIL" ] || [ -z "$ROOTHASH" ]; then
	fail "the dm-verity disks are attached" "dmv_data, dmv_hash or tr_evil_data missing"
	exit 0
fi

# open_tr DATA HASH ROOTHASH [options...]: map and mount on $MNT
open_tr() {
	d=$1 h=$2 r=$3
	shift 3
	veritysetup open "$d" $NAME "$h" "$r" "$@" &&
		mount -t squashfs -o ro /dev/mapper/$NAME $MNT
}
close_tr() {
	umount $MNT 2>/dev/null
	veritysetup close $NAME 2>/dev/null
}

sysctl -q -w ipe.active_policy=tr_hash
close_tr
check "volume 1 opened in the default (EIO) mode" open_tr "$DATA" "$HASH" "$ROOTHASH"
expect_eq "its binary runs under its root hash" "$HELLO_OUT" "$(run $MNT/bin/ipe_hello)"
close_tr
check "volume 1's hash tree over altered data, --ignore-corruption" \
	open_tr "$EVIL" "$HASH" "$ROOTHASH" --ignore-corruption
if grep -q "owned by an attacker" $MNT/bin/ipe_hello 2>/dev/null; then
	pass "dm-verity returns the altered blocks in logging mode"
else
	fail "dm-verity returns the altered blocks in logging mode" "no altered bytes read"
fi
expect_eq "the altered binary is denied under the root hash it fails" \
	"EXIT=126" "$(run $MNT/bin/ipe_hello)"
expect_eq "mmap(PROT_EXEC) of it is denied too" EACCES \
	"$("$S/ipe_mmap" exec $MNT/bin/ipe_hello)"
close_tr
check "volume 1 itself, --ignore-corruption" \
	open_tr "$DATA" "$HASH" "$ROOTHASH" --ignore-corruption
expect_eq "a table in logging mode carries no root hash" "EXIT=126" \
	"$(run $MNT/bin/ipe_hello)"
close_tr
check "volume 1, --check-at-most-once" \
	open_tr "$DATA" "$HASH" "$ROOTHASH" --check-at-most-once
expect_eq "a table that checks each block once carries no root hash" \
	"EXIT=126" "$(run $MNT/bin/ipe_hello)"
close_tr
check "volume 1, --restart-on-corruption" \
	open_tr "$DATA" "$HASH" "$ROOTHASH" --restart-on-corruption
expect_eq "restart mode never returns a bad block: trusted" "$HELLO_OUT" \
	"$(run $MNT/bin/ipe_hello)"
close_tr
check "volume 1, --panic-on-corruption" \
	open_tr "$DATA" "$HASH" "$ROOTHASH" --panic-on-corruption
expect_eq "panic mode never returns a bad block: trusted" "$HELLO_OUT" \
	"$(run $MNT/bin/ipe_hello)"
close_tr

# --- a table swapped under the open device ----------------------------
veritysetup open "$DATA" ipe_tr1 "$HASH" "$ROOTHASH" 2>/dev/null
TABLE1=$(dmsetup table ipe_tr1)
veritysetup close ipe_tr1
veritysetup open "$DATA" ipe_tr1 "$HASH" "$ROOTHASH" --ignore-corruption 2>/dev/null
TABLE1_LOG=$(dmsetup table ipe_tr1)
veritysetup close ipe_tr1
veritysetup open "$DATA2" ipe_tr1 "$HASH2" "$ROOTHASH2" 2>/dev/null
TABLE2=$(dmsetup table ipe_tr1)
veritysetup close ipe_tr1
# swap TABLE: load TABLE and resume it; why a resume failed is in
# /tmp/ipe_tr_swap.err
swap() {
	: >/tmp/ipe_tr_swap.err
	dmsetup reload $NAME --readonly --table "$1" &&
		dmsetup resume $NAME 2>/tmp/ipe_tr_swap.err
}
state() { dmsetup info $NAME | sed -n 's/^State: *\([A-Z]*\).*/\1/p'; }
live_target() { dmsetup table $NAME | cut -d' ' -f3; }

# Code mapped from a trusted volume stays mapped when its table goes, and
# its pages are read back through whatever table comes next: while the
# device is open, a table that reported its facts stays.
sysctl -q -w ipe.active_policy=tr_hash
close_tr
check "volume 1 opened and mounted" open_tr "$DATA" "$HASH" "$ROOTHASH"
expect_eq "its binary runs" "$HELLO_OUT" "$(run $MNT/bin/ipe_hello)"
SIZE=$(dmsetup table $NAME | cut -d' ' -f2)
for t in "error:0 $SIZE error" "volume 2's table:$TABLE2" \
	"volume 1's table in logging mode:$TABLE1_LOG"; do
	what=${t%%:*}
	dmesg -c >/dev/null
	check_fails "mounted, it cannot be replaced by $what" swap "${t#*:}"
	expect_eq "the refusal is EBUSY" "Device or resource busy" \
		"$(sed -n 's/.*failed: //p' /tmp/ipe_tr_swap.err)"
	if dmesg | grep -q "verity: [0-9]*:[0-9]*: integrity facts reported while open"; then
		pass "the kernel says why the table stays"
	else
		fail "the kernel says why the table stays" \
			"$(dmesg | grep device-mapper | tail -n 2)"
	fi
	expect_eq "the device is not left suspended" ACTIVE "$(state)"
	expect_eq "volume 1's table stays live" verity "$(live_target)"
	expect_eq "its binary still runs" "$HELLO_OUT" "$(run $MNT/bin/ipe_hello)"
done
dmsetup remove --force $NAME >/dev/null 2>&1
expect_eq "dmsetup remove --force leaves it live and trusted" \
	"verity $HELLO_OUT" "$(live_target) $(run $MNT/bin/ipe_hello)"
dmsetup suspend $NAME
check_fails "suspended by hand, it still cannot be replaced" swap "0 $SIZE error"
expect_eq "a device suspended by hand stays suspended" SUSPENDED "$(state)"
check "resumed, it serves its own table again" dmsetup resume $NAME
expect_eq "and its binary runs" "$HELLO_OUT" "$(run $MNT/bin/ipe_hello)"
umount $MNT
check "unmounted, the error target replaces it" swap "0 $SIZE error"
expect_eq "the error target is live" error "$(live_target)"
check "and volume 1's table replaces the error target" swap "$TABLE1"

# A table that never reported (logging mode) can be replaced while open;
# the new one reports nothing while the caches may hold what the old one
# returned.
for pol in tr_hash tr_revoke; do
	sysctl -q -w ipe.active_policy=$pol
	close_tr
	check "$pol: volume 2 open in logging mode and mounted" \
		open_tr "$DATA2" "$HASH2" "$ROOTHASH2" --ignore-corruption
	cat $MNT/bin/ipe_hello $MNT/ipe_volume >/dev/null
	dmesg -c >/dev/null
	check "$pol: volume 1's table replaces it" swap "$TABLE1"
	msg="new table while open: no integrity facts until closed"
	if dmesg | grep -q "verity: [0-9]*:[0-9]*: $msg"; then
		pass "$pol: the kernel says the new table has no facts, and why"
	else
		fail "$pol: the kernel says the new table has no facts, and why" \
			"$(dmesg | grep verity | tail -n 2)"
	fi
	expect_eq "$pol: the page cache still holds volume 2's files" "volume 2" \
		"$(cat $MNT/ipe_volume 2>&1)"
	expect_eq "$pol: the cached binary gets no trust from the new table" \
		"EXIT=126" "$(run $MNT/bin/ipe_hello)"
done
umount $MNT
dmsetup suspend $NAME && dmsetup resume $NAME
mount -t squashfs -o ro /dev/mapper/$NAME $MNT
expect_eq "closed, resumed and mounted again, volume 1 is trusted" \
	"$HELLO_OUT" "$(run $MNT/bin/ipe_hello)"
dmsetup suspend $NAME && dmsetup resume $NAME
expect_eq "a routine suspend and resume keeps the facts" "$HELLO_OUT" \
	"$(run $MNT/bin/ipe_hello)"
dmsetup reload $NAME --readonly --table "$(dmsetup table $NAME)" &&
	dmsetup resume $NAME
expect_eq "a reload of the same table keeps the facts" "$HELLO_OUT" \
	"$(run $MNT/bin/ipe_hello)"

# --- overlayfs: the real file's facts ---------------------------------
OVL=/tmp/ipe_tr_ovl
mkdir -p $OVL /tmp/ipe_tr_up
mount -t tmpfs ipe_tr_tmp /tmp/ipe_tr_up
mkdir -p /tmp/ipe_tr_up/u /tmp/ipe_tr_up/w
check "overlayfs with the dm-verity volume as its lower layer" \
	mount -t overlay ipe_tr_ovl \
		-o lowerdir=$MNT,upperdir=/tmp/ipe_tr_up/u,workdir=/tmp/ipe_tr_up/w $OVL
expect_eq "an unmodified lower file runs under its volume's root hash" \
	"$HELLO_OUT" "$(run $OVL/bin/ipe_hello)"
expect_eq "mmap(PROT_EXEC) of it is allowed" OK "$("$S/ipe_mmap" exec $OVL/bin/ipe_hello)"
expect_eq "mprotect(+PROT_EXEC) of its mapping is allowed" OK \
	"$("$S/ipe_mmap" mprotect $OVL/bin/ipe_hello)"
printf '\n' >>$OVL/bin/ipe_hello
expect_eq "once copied up and changed it is judged by the upper file" \
	"EXIT=126" "$(run $OVL/bin/ipe_hello)"
umount $OVL
mkdir -p /tmp/ipe_tr_up/u2 /tmp/ipe_tr_up/w2 $OVL
check "overlayfs with an initramfs directory as its lower layer" \
	mount -t overlay ipe_tr_ovl \
		-o lowerdir=$S,upperdir=/tmp/ipe_tr_up/u2,workdir=/tmp/ipe_tr_up/w2 $OVL
sysctl -q -w ipe.active_policy=tr_hash2
expect_eq "an unmodified initramfs file through overlayfs is boot_verified" \
	"$HELLO_OUT" "$(run $OVL/ipe_hello)"
chmod 700 $OVL/ipe_hello
expect_eq "a copy-up (chmod) leaves it on the upper tmpfs: denied" \
	"EXIT=126" "$(run $OVL/ipe_hello)"
umount $OVL
umount /tmp/ipe_tr_up

# --- fuseblk on the trusted device ---------------------------------------
umount $MNT
FUSE=/tmp/ipe_tr_fuse
mkdir -p $FUSE
cp "$S/ipe_hello" /tmp/ipe_tr_served
if "$S/ipe_fuse" fuseblk /dev/mapper/$NAME $FUSE hello /tmp/ipe_tr_served; then
	pass "a FUSE daemon mounts fuseblk on the trusted dm-verity device"
	expect_eq "its file is what the daemon serves" "" \
		"$(cmp $FUSE/hello /tmp/ipe_tr_served 2>&1)"
	expect_eq "a file served by FUSE gets no trust from the device" \
		"EXIT=126" "$(run $FUSE/hello)"
	sysctl -q -w ipe.enforce=0
	expect_eq "permissive mode runs it (the daemon's bytes execute)" \
		"$HELLO_OUT" "$(run $FUSE/hello)"
	sysctl -q -w ipe.enforce=1
	umount $FUSE
else
	fail "a FUSE daemon mounts fuseblk on the trusted dm-verity device" \
		"ipe_fuse failed"
fi
rm -f /tmp/ipe_tr_served
veritysetup close $NAME

# --- overlayfs over fs-verity -------------------------------------------
FDEV=$(disk fsv)
FMNT=/tmp/ipe_tr_fsv
mkdir -p $FMNT
if [ -n "$FDEV" ] && mount -t ext4 "$FDEV" $FMNT; then
	fsverity measure $FMNT/h_digest >/dev/null 2>&1 ||
		fsverity enable $FMNT/h_digest
	umount $FMNT
	mount -t ext4 -o ro "$FDEV" $FMNT
	sysctl -q -w ipe.active_policy=tr_fsv
	mount -t tmpfs ipe_tr_tmp /tmp/ipe_tr_up
	mkdir -p /tmp/ipe_tr_up/u /tmp/ipe_tr_up/w
	check "overlayfs with an fs-verity ext4 lower layer" \
		mount -t overlay ipe_tr_ovl \
			-o lowerdir=$FMNT,upperdir=/tmp/ipe_tr_up/u,workdir=/tmp/ipe_tr_up/w $OVL
	expect_eq "an unmodified fs-verity lower file runs by its digest" \
		"$HELLO_OUT" "$(run $OVL/h_digest)"
	chmod 700 $OVL/h_digest
	expect_eq "copied up, it has no fs-verity digest: denied" \
		"EXIT=126" "$(run $OVL/h_digest)"
	umount $OVL
	umount /tmp/ipe_tr_up
	umount $FMNT

	# A descriptor opened before a copy-up keeps reading and mapping
	# the lower file. Here the upper copy is trusted (fs-verity on the
	# upper ext4 layer, the digest the policy allows) and the lower
	# layer is a writable tmpfs: such a descriptor must not be judged
	# by the upper file.
	mount -t ext4 "$FDEV" $FMNT
	mount -t tmpfs ipe_tr_low /tmp/ipe_tr_up
	rm -rf $FMNT/ovl_u $FMNT/ovl_w
	mkdir -p $FMNT/ovl_u $FMNT/ovl_w
	cp $FMNT/h_digest /tmp/ipe_tr_up/f
	check "overlayfs with a tmpfs lower layer and an ext4 upper layer" \
		mount -t overlay ipe_tr_ovl \
			-o lowerdir=/tmp/ipe_tr_up,upperdir=$FMNT/ovl_u,workdir=$FMNT/ovl_w $OVL
	exec 3<$OVL/f
	chmod 755 $OVL/f
	check "the copied-up file gets fs-verity on the upper layer" \
		fsverity enable $FMNT/ovl_u/f
	expect_eq "the upper copy runs by its digest" "$HELLO_OUT" "$(run $OVL/f)"
	exec 4<$OVL/f
	expect_eq "mmap(PROT_EXEC) of a descriptor opened after the copy-up is allowed" \
		OK "$("$S/ipe_mmap" exec-fd 4)"
	printf '%s\n' "$EVIL_OUT" >>/tmp/ipe_tr_up/f
	expect_eq "one opened before the copy-up maps the written lower file: denied" \
		EACCES "$("$S/ipe_mmap" exec-fd 3)"
	exec 3<&- 4<&-
	umount $OVL
	rm -rf $FMNT/ovl_u $FMNT/ovl_w
	umount /tmp/ipe_tr_up
	umount $FMNT
else
	fail "the fs-verity disk mounts" "no disk fsv"
fi

sysctl -q -w ipe.active_policy=tr_end
