#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dmsetup remove --force (which swaps the table for one that fails all
# I/O) on a mounted dm-verity device while a binary from it is exec'ed and
# mapped in loops under a policy that trusts the volume by root hash. A
# process may have mapped the binary's code, and its pages would be read
# back through whatever table replaces this one, so the table stays while
# the device is open: the swap is refused, the device is not left
# suspended, and the loops run on without a kernel report. Once unmounted
# the device is removed.
# host_prepare_verity.sh made the disks and the policies rm_hash, rm_done.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
resign_data 'rm_*'
NAME=ipe_rm
MNT=/tmp/ipe_rm
HELLO=$MNT/bin/ipe_hello
ROOTHASH=$(cat "$IPE_DATA/dmv_roothash" 2>/dev/null)
DATA=$(disk dmv_data)
HASH=$(disk dmv_hash)
OUT=/tmp/ipe_rm.out
if [ -z "$DATA" ] || [ -z "$HASH" ] || [ -z "$ROOTHASH" ]; then
	fail "the dm-verity disks are attached" "no dmv_data/dmv_hash disk or root hash"
	exit 0
fi
mkdir -p /run/cryptsetup $MNT
rm -rf $OUT.* /tmp/ipe_rm.stop

check "veritysetup open, mount" sh -c "veritysetup open $DATA $NAME $HASH $ROOTHASH &&
	mount -t squashfs -o ro /dev/mapper/$NAME $MNT"
load rm_hash
check "activate rm_hash, which trusts the volume by root hash" \
	sysctl -q -w ipe.active_policy=rm_hash
expect_eq "the volume's binary runs" "hello from ipe_hello" "$(run $HELLO)"

# loop KIND: exec or mmap the binary until the stop file appears, one
# line per attempt: "ok" or "no"
loop() {
	while [ ! -e /tmp/ipe_rm.stop ]; do
		if [ "$1" = exec ]; then
			[ "$($HELLO 2>/dev/null)" = "hello from ipe_hello" ] &&
				echo ok || echo no
		else
			[ "$("$IPE_SELFTESTS/ipe_mmap" exec $HELLO 2>/dev/null)" = OK ] &&
				echo ok || echo no
		fi
	done >$OUT.$1
	echo done >>$OUT.$1
}
loop exec &
exec_pid=$!
loop mmap &
mmap_pid=$!
sleep 3
before_exec=$(grep -c ok $OUT.exec)
before_mmap=$(grep -c ok $OUT.mmap)
# the swap to the error target is refused: the mount holds the device open
dmesg -c >/dev/null
check_fails "dmsetup remove --force of the mounted device fails" \
	dmsetup remove --force $NAME
n_exec=$(wc -l <$OUT.exec)
n_mmap=$(wc -l <$OUT.mmap)
sleep 3
touch /tmp/ipe_rm.stop
wait $exec_pid
wait $mmap_pid

expect_eq "the exec loop ran until told to stop" done "$(tail -n 1 $OUT.exec)"
expect_eq "the mmap loop ran until told to stop" done "$(tail -n 1 $OUT.mmap)"
echo "# $before_exec execs and $before_mmap mmaps before the removal"
check "before the removal the binary ran" test "$before_exec" -gt 0
check "before the removal it was mapped" test "$before_mmap" -gt 0
expect_eq "the verity table stays live" verity \
	"$(dmsetup table $NAME 2>/dev/null | cut -d' ' -f3)"
expect_eq "the device is not left suspended" ACTIVE \
	"$(dmsetup info $NAME | sed -n 's/^State: *\([A-Z]*\).*/\1/p')"
if dmesg | grep -q "integrity facts reported while open"; then
	pass "the kernel says why the table stays"
else
	fail "the kernel says why the table stays" "$(dmesg | grep device-mapper | tail -n 2)"
fi
# lines after the one in flight when dmsetup returned
after_exec=$(tail -n +$((n_exec + 2)) $OUT.exec | grep -c ok)
after_mmap=$(tail -n +$((n_mmap + 2)) $OUT.mmap | grep -c ok)
echo "# $after_exec execs and $after_mmap mmaps after the refused removal"
check "the binary ran after the refused removal" test "$after_exec" -gt 0
check "it was mapped after the refused removal" test "$after_mmap" -gt 0
expect_eq "the binary still runs" "hello from ipe_hello" "$(run $HELLO)"

umount $MNT
check "with the mount gone the device is removed" dmsetup remove $NAME
load rm_done
check "activate rm_done, which allows everything" \
	sysctl -q -w ipe.active_policy=rm_done
echo rm_hash >"$IPE_FS/del_policy"
rm -rf $OUT.* /tmp/ipe_rm.stop
