#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The audit policy: a loaded policy evaluated beside the active one, whose
# decisions are recorded (audit_policy="NAME" in the 1420 record) and
# never change an outcome. stg_open allows everything, stg_cand (the
# candidate) and stg_strict let only the initramfs run code, and the
# candidate's update v2 says so with another rule. The test sets, reads,
# updates, swaps, clears and deletes the role through policies/NAME/audit
# and sysctl ipe.audit_policy, and checks the records and the refusals.
# Staging a first policy, while none is active, can only be tested where
# nothing was activated since boot (a kernel without a boot policy, this
# test first): make check boots the default kernel for it. Elsewhere
# that part skips.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies stg
S=$IPE_SELFTESTS
P=$IPE_FS/policies
SYS=/proc/sys/ipe/audit_policy
HELLO=/tmp/ipe_stg_hello
cp "$S/ipe_hello" $HELLO
chmod 755 $HELLO
IPE_CLEANUP="$IPE_CLEANUP rm -f $HELLO /tmp/ipe_stg_recs;"
msg="hello from ipe_hello"

# count WHOSE [FILE]: how many exec records (BPRM_CHECK; the mappings of
# an exec that is allowed have their own) of FILE, by default $HELLO, were
# logged since audit_clear: WHOSE "audit" counts the audit policy's,
# "active" the others
count() {
	audit_log 1420 | grep -F "ipe_hook=BPRM_CHECK" |
		grep -F "path=\"${2:-$HELLO}\"" >/tmp/ipe_stg_recs
	if [ "$1" = audit ]; then
		grep -cF audit_policy= /tmp/ipe_stg_recs
	else
		grep -cvF audit_policy= /tmp/ipe_stg_recs
	fi
}

if [ ! -e $SYS ]; then
	fail "the kernel has ipe.audit_policy" "no $SYS"
	exit 0
fi

# --- staging while no policy is active ---------------------------------
active=$(cat /proc/sys/ipe/active_policy)
if [ -n "$active" ]; then
	skip "staging while no policy is active" \
		"policy $active is active (a boot policy, or one activated since boot)"
else
	load stg_cand
	expect_write "with no active policy, stg_cand can be the audit policy" \
		OK -s stg_cand $SYS
	audit_clear
	expect_eq "an exec the candidate would deny runs: nothing enforces" \
		"$msg" "$(run $HELLO)"
	expect_audit "the candidate's denial is recorded, naming it" 1420 \
		"ipe_op=EXECUTE ipe_hook=BPRM_CHECK enforcing=1" \
		"path=\"$HELLO\"" \
		'rule="DEFAULT op=EXECUTE action=DENY" audit_policy="stg_cand"'
	expect_eq "and is the exec's only record" "0 1" \
		"$(count active) $(count audit)"
	expect_eq "mmap(PROT_EXEC) the candidate would deny works" OK \
		"$("$S/ipe_mmap" exec $HELLO)"
	expect_audit "and is recorded too" 1420 "ipe_op=EXECUTE ipe_hook=MMAP" \
		"path=\"$HELLO\"" 'audit_policy="stg_cand"'
	expect_eq "no policy became active" "" \
		"$(cat /proc/sys/ipe/active_policy)"
	expect_write "an empty write clears the role" OK -s "" $SYS
	audit_clear
	run $HELLO >/dev/null
	expect_eq "then the exec leaves no record" "0 0" \
		"$(count active) $(count audit)"
	expect_write "stg_cand is deleted for what follows" OK -s stg_cand \
		"$IPE_FS/del_policy"
fi
allow_all
expect_eq "ipe.audit_policy reads empty when there is no audit policy" "" \
	"$(cat $SYS)"
load stg_open
load stg_cand
load stg_strict
expect_eq "a loaded policy has an audit node that reads 0" 0 \
	"$(cat $P/stg_cand/audit)"
sysctl -q -w ipe.active_policy=stg_open

# --- set, and what the candidate sees ---------------------------------
expect_write "the active policy cannot be the audit policy (node): EBUSY" \
	EBUSY -s 1 $P/stg_open/audit
expect_write "nor through the sysctl" EBUSY -s stg_open $SYS
expect_write "an unknown name is ENOENT" ENOENT -s stg_nosuch $SYS
expect_write "without CAP_MAC_ADMIN the node refuses (EPERM)" EPERM \
	-d -s 1 $P/stg_cand/audit
expect_write "and so does the sysctl" EPERM -d -s stg_cand $SYS
expect_eq "the refused writes set nothing" "0 " \
	"$(cat $P/stg_cand/audit) $(cat $SYS)"

audit_clear
expect_write "writing 1 to its audit node makes stg_cand the audit policy" \
	OK -s 1 $P/stg_cand/audit
expect_eq "its node reads 1 and the sysctl names it" "1 stg_cand" \
	"$(cat $P/stg_cand/audit) $(cat $SYS)"
expect_eq "the active policy is still stg_open" stg_open \
	"$(cat /proc/sys/ipe/active_policy)"
expect_audit "the change is a 1421 record of the audit role" 1421 \
	"old_audit_pol_name=? old_audit_pol_version=? old_policy_digest=?" \
	"new_audit_pol_name=\"stg_cand\" new_audit_pol_version=$(v 15.1.0)" \
	"new_policy_digest=sha256:$(audit_digest "$D/stg_cand.p7s")" \
	"lsm=ipe res=1"
check_fails "which is not an activation record" \
	sh -c "dmesg | grep 'type=1421 ' | grep -q active_pol_name"

audit_clear
expect_eq "an exec the candidate would deny still runs" "$msg" \
	"$(run $HELLO)"
expect_audit "the candidate's denial is recorded, naming it" 1420 \
	"ipe_op=EXECUTE ipe_hook=BPRM_CHECK enforcing=1" "path=\"$HELLO\"" \
	'rule="DEFAULT op=EXECUTE action=DENY" audit_policy="stg_cand"'
expect_eq "the active policy, which allowed it, records nothing" 0 \
	"$(count active)"
expect_eq "mmap(PROT_EXEC) the candidate would deny still works" OK \
	"$("$S/ipe_mmap" exec $HELLO)"
expect_audit "and is recorded too" 1420 "ipe_op=EXECUTE ipe_hook=MMAP" \
	"path=\"$HELLO\"" 'audit_policy="stg_cand"'

audit_clear
"$S/ipe_hello" >/dev/null
expect_eq "what both allow leaves no record" "" \
	"$(audit_log 1420 | grep -F "path=\"$S/ipe_hello\"")"
echo 1 >"$IPE_FS/success_audit"
audit_clear
"$S/ipe_hello" >/dev/null
echo 0 >"$IPE_FS/success_audit"
expect_eq "with success_audit=1 each policy records its allow" "1 1" \
	"$(count active "$S/ipe_hello") $(count audit "$S/ipe_hello")"
expect_audit "the candidate's allow names its rule and itself" 1420 \
	"path=\"$S/ipe_hello\"" \
	'rule="op=EXECUTE boot_verified=TRUE action=ALLOW" audit_policy="stg_cand"'

# --- update: the role stays, the new text decides ----------------------
audit_clear
expect_write "the audit policy is updated to v2" OK $P/stg_cand/update \
	"$D/stg_cand_v2.p7s"
expect_eq "the update keeps the role" "1 stg_cand" \
	"$(cat $P/stg_cand/audit) $(cat $SYS)"
expect_audit "and says so in a 1421 record" 1421 \
	"old_audit_pol_name=\"stg_cand\" old_audit_pol_version=$(v 15.1.0)" \
	"new_audit_pol_name=\"stg_cand\" new_audit_pol_version=$(v 15.3.0)"
audit_clear
run $HELLO >/dev/null
expect_audit "the new version decides its records" 1420 "path=\"$HELLO\"" \
	'rule="op=EXECUTE boot_verified=FALSE action=DENY" audit_policy="stg_cand"'

# --- ipectl audit --suggest, on the device -------------------------------
# The candidate would deny a binary of the dm-verity test volume: ipectl
# reads the records from the kernel log and resolves the device through
# device-mapper (DM_TABLE_STATUS) to the volume's root hash.
IPECTL=${IPECTL:-$IPE_DATA/ipectl}
ROOTHASH=$(cat "$IPE_DATA/dmv_roothash" 2>/dev/null)
DATA=$(disk dmv_data)
HASH=$(disk dmv_hash)
MNT=/tmp/ipe_stg_mnt
if [ ! -x "$IPECTL" ] || [ -z "$ROOTHASH" ] || [ -z "$DATA" ] || [ -z "$HASH" ]; then
	fail "ipectl audit --suggest on the device" \
		"no ipectl or dm-verity test volume (host_prepare_verity.sh)"
else
	mkdir -p $MNT /run/cryptsetup
	check "the dm-verity test volume opens and mounts" \
		sh -c "veritysetup open $DATA ipe_stg $HASH $ROOTHASH &&
		       mount -t squashfs -o ro /dev/mapper/ipe_stg $MNT"
	audit_clear
	expect_eq "a binary of the volume runs" "$msg" "$(run $MNT/bin/ipe_hello)"
	run $HELLO >/dev/null
	dmesg >/tmp/ipe_stg_dmesg
	out=$("$IPECTL" audit --suggest --policy stg_cand - </tmp/ipe_stg_dmesg 2>&1)
	expect_eq "ipectl suggests the volume's root hash for the candidate's denial" \
		"op=EXECUTE dmverity_roothash=sha256:$ROOTHASH action=ALLOW" \
		"$(echo "$out" | grep '^op=')"
	case "$out" in
	*"$HELLO (tmpfs"*"tmpfs: not a device-mapper device"*)
		pass "and lists the tmpfs file, which no property identifies" ;;
	*)	fail "and lists the tmpfs file, which no property identifies" "$out" ;;
	esac
	umount $MNT
	veritysetup close ipe_stg
	rm -f /tmp/ipe_stg_dmesg
fi

# --- the active policy's decisions are as before --------------------------
check "stg_strict, older than the candidate, activates" \
	sysctl -q -w ipe.active_policy=stg_strict
audit_clear
expect_eq "an exec the active policy denies is still denied" "EXIT=126" \
	"$(run $HELLO)"
expect_audit "and recorded as before, without audit_policy" 1420 \
	"ipe_op=EXECUTE ipe_hook=BPRM_CHECK enforcing=1" "path=\"$HELLO\"" \
	'rule="DEFAULT op=EXECUTE action=DENY"'
expect_eq "one record of each policy" "1 1" "$(count active) $(count audit)"

# --- another audit policy replaces the first --------------------------------
audit_clear
check "the sysctl makes stg_open the audit policy" \
	sysctl -q -w ipe.audit_policy=stg_open
expect_eq "stg_cand lost the role: one audit policy at a time" "0 1 stg_open" \
	"$(cat $P/stg_cand/audit) $(cat $P/stg_open/audit) $(cat $SYS)"
expect_audit "the 1421 record names both" 1421 \
	"old_audit_pol_name=\"stg_cand\"" "new_audit_pol_name=\"stg_open\""
audit_clear
expect_eq "stg_strict still denies" "EXIT=126" "$(run $HELLO)"
expect_eq "stg_open, which allows it, records nothing" "1 0" \
	"$(count active) $(count audit)"

# --- clearing -------------------------------------------------------------
expect_write "writing 0 to a policy without the role changes nothing" OK \
	-s 0 $P/stg_cand/audit
expect_eq "stg_open keeps it" stg_open "$(cat $SYS)"
audit_clear
expect_write "writing 0 to the audit policy's node clears the role" OK \
	-s 0 $P/stg_open/audit
expect_eq "nothing has the role" "0 " "$(cat $P/stg_open/audit) $(cat $SYS)"
expect_audit "the 1421 record has no new audit policy" 1421 \
	"old_audit_pol_name=\"stg_open\"" \
	"new_audit_pol_name=? new_audit_pol_version=? new_policy_digest=?"
echo stg_cand >$SYS
expect_write "an empty write to the sysctl clears it" OK -s "" $SYS
expect_eq "ipe.audit_policy reads empty" "" "$(cat $SYS)"
echo stg_cand >$SYS
echo >$SYS
expect_eq "and so does a lone newline" "" "$(cat $SYS)"
audit_clear
run $HELLO >/dev/null
expect_eq "with no audit policy only the active policy records" "1 0" \
	"$(count active) $(count audit)"

# --- activation ends the role -------------------------------------------
echo stg_cand >$SYS
audit_clear
check "the audit policy can be activated" \
	sysctl -q -w ipe.active_policy=stg_cand
expect_eq "it is active and no longer the audit policy" "stg_cand 1 0 " \
	"$(cat /proc/sys/ipe/active_policy) $(cat $P/stg_cand/active) $(
	   cat $P/stg_cand/audit) $(cat $SYS)"
expect_audit "the role ends in a 1421 record" 1421 \
	"old_audit_pol_name=\"stg_cand\"" "new_audit_pol_name=?"
expect_audit "beside the activation's" 1421 \
	"old_active_pol_name=\"stg_strict\"" "new_active_pol_name=\"stg_cand\""

# --- deletion clears the role first ---------------------------------------
check "stg_strict, no longer active, becomes the audit policy" \
	sysctl -q -w ipe.audit_policy=stg_strict
audit_clear
expect_write "the audit policy can be deleted" OK -s stg_strict \
	"$IPE_FS/del_policy"
expect_eq "the role went with it" "" "$(cat $SYS)"
expect_audit "the role ends in a 1421 record" 1421 \
	"old_audit_pol_name=\"stg_strict\"" "new_audit_pol_name=?"
expect_audit "and the deletion is recorded" 1422 \
	"policy_name=\"stg_strict\"" "op=DELETE"
check_fails "its directory is gone" test -e $P/stg_strict
audit_clear
run $HELLO >/dev/null
expect_eq "no record names it any more" 0 "$(count audit)"

# leave a policy that allows everything, nothing audited
load stg_done
sysctl -q -w ipe.active_policy=stg_done
echo 1 >$P/stg_open/delete
echo 1 >$P/stg_cand/delete
expect_eq "the test leaves stg_done active and no audit policy" "stg_done " \
	"$(cat /proc/sys/ipe/active_policy) $(cat $SYS)"
