#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Policies past 64 KiB: a signed policy of 10 000 root-hash rules (about
# 1.1 MB, signed with the documented openssl command) loads whether it is
# written at once or by cat in many writes, reads back byte for byte,
# activates, and decides by its last rule; a signed update of the same
# size replaces it. Its load is long enough to show that a pwrite() to
# the same file waits for it. host_prepare_large.sh made the policies.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
resign_data 'large_*'
NAME=ipe_large
MNT=/tmp/ipe_large
HELLO=$MNT/bin/ipe_hello
ROOTHASH=$(cat "$IPE_DATA/dmv_roothash" 2>/dev/null)
DATA=$(disk dmv_data)
HASH=$(disk dmv_hash)
P1=$D/large_1.p7s
P2=$D/large_2.p7s

if [ -z "$DATA" ] || [ -z "$HASH" ] || [ -z "$ROOTHASH" ] || [ ! -e "$P1" ]; then
	fail "large policy tests" "no dm-verity disks or no large policy"
	exit 0
fi
mkdir -p /run/cryptsetup $MNT
check "veritysetup open and mount the test volume" \
	sh -c "veritysetup open $DATA $NAME $HASH $ROOTHASH &&
	       mount -t squashfs -o ro /dev/mapper/$NAME $MNT"

size=$(wc -c <"$P1")
if [ "$size" -gt 1000000 ]; then
	pass "the signed 10 000-rule policy is $size bytes"
else
	fail "the signed 10 000-rule policy is $size bytes" "expected > 1 MB"
fi

# written in one write() by ipe_write
expect_write "the 1.1 MB signed policy loads in one write" OK \
	"$IPE_FS/new_policy" "$P1"
check "its content reads back byte for byte" \
	cmp "$IPE_FS/policies/large/content" "$D/large_1.pol"
check "its raw node reads back the signed blob" \
	cmp "$IPE_FS/policies/large/raw" "$P1"
check "it can be deleted while inactive" \
	sh -c "echo large >$IPE_FS/del_policy"
check_fails "and its directory is gone" test -e "$IPE_FS/policies/large"

# One pwrite() completes the blob and the load runs for a while (long
# enough with 1.1 MB); another thread's pwrite()s to the same file wait
# for its verdict, then start a blob of their own, instead of finding the
# blob full (EBADMSG) and freeing it under the load.
got=$("$IPE_SELFTESTS/ipe_blob_writes" race "$IPE_FS/new_policy" "$P1")
case $got in
"OK OK "*) pass "a pwrite() that comes during a load waits for it ($got)" ;;
*) fail "a pwrite() that comes during a load waits for it" "got $got" ;;
esac
check "what it loaded reads back byte for byte" \
	cmp "$IPE_FS/policies/large/content" "$D/large_1.pol"
check "and it can be deleted" sh -c "echo large >$IPE_FS/del_policy"

# written by cat, in as many write()s as cat makes
check "cat of the 1.1 MB signed policy into new_policy loads it" \
	sh -c "cat $P1 >$IPE_FS/new_policy"
expect_eq "the version is the signed one" "$(v 6.0.0)" \
	"$(cat "$IPE_FS/policies/large/version" 2>&1)"
check "what cat loaded reads back byte for byte" \
	cmp "$IPE_FS/policies/large/content" "$D/large_1.pol"

expect_eq "before activation, the binary on the volume runs" \
	"hello from ipe_hello" "$(run $HELLO)"
check "the 10 000-rule policy activates" \
	sysctl -q -w ipe.active_policy=large
audit_clear
expect_eq "its last rule, the volume's root hash, denies the binary" \
	"EXIT=126" "$(run $HELLO)"
expect_audit "the denial names the 10 000th rule" 1420 \
	"path=\"$HELLO\"" \
	"rule=\"op=EXECUTE dmverity_roothash=sha256:$ROOTHASH action=DENY\"" \
	'action=DENY"'
expect_eq "a binary of the initramfs still runs (DEFAULT action=ALLOW)" \
	"hello from ipe_hello" "$(run "$IPE_SELFTESTS/ipe_hello")"

check "cat of the 1.1 MB update into update replaces it" \
	sh -c "cat $P2 >$IPE_FS/policies/large/update"
expect_eq "the active policy has the new version" "$(v 6.1.0)" \
	"$(cat "$IPE_FS/policies/large/version" 2>&1)"
expect_eq "without the revocation, the binary runs again" \
	"hello from ipe_hello" "$(run $HELLO)"
check_fails "the older 1.1 MB version is refused as an update" \
	sh -c "cat $P1 >$IPE_FS/policies/large/update"

umount $MNT 2>/dev/null
veritysetup close $NAME 2>/dev/null
