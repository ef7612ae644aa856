#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Enforcement seen from user space: exec, mmap and mprotect with
# PROT_EXEC, anonymous executable memory, scripts, permissive mode, and
# the access records (1420) they leave.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies en
allow_all
S=$IPE_SELFTESTS
HELLO=/tmp/ipe_hello
cp "$S/ipe_hello" $HELLO
chmod 755 $HELLO
printf '#!/bin/sh\necho "hello from a script"\n' >/tmp/ipe_script.sh
chmod 755 /tmp/ipe_script.sh

# field RECORD NAME: the value of NAME=... in an audit record.
field() { echo "$1" | sed -n "s/.* $2=\(\"[^\"]*\"\|[^ ]*\).*/\1/p"; }

expect_eq "with a policy that allows all, a tmpfs binary runs" \
	"hello from ipe_hello" "$(run $HELLO)"

load en_boot
load en_nodefault
sysctl -q -w ipe.active_policy=en_boot
audit_clear
expect_eq "boot_verified=TRUE lets a binary from the initramfs run" \
	"hello from ipe_hello" "$(run "$S/ipe_hello")"
expect_eq "exec of a binary copied to tmpfs is denied" "EXIT=126" "$(run $HELLO)"

rec=$(audit_log 1420 | grep -F 'path="/tmp/ipe_hello"' | grep BPRM_CHECK | tail -n 1)
if [ -n "$rec" ]; then
	pass "the denied exec leaves an IPE_ACCESS record (1420)"
else
	fail "the denied exec leaves an IPE_ACCESS record (1420)" "$(audit_log 1420 | tail -n 2)"
fi
expect_eq "1420 ipe_op is EXECUTE" "EXECUTE" "$(field "$rec" ipe_op)"
expect_eq "1420 ipe_hook is BPRM_CHECK" "BPRM_CHECK" "$(field "$rec" ipe_hook)"
expect_eq "1420 enforcing is 1" "1" "$(field "$rec" enforcing)"
expect_eq "1420 comm is the exec'ing process" '"sh"' "$(field "$rec" comm)"
expect_eq "1420 dev is the superblock id" '"tmpfs"' "$(field "$rec" dev)"
expect_eq "1420 ino is the file's inode" "$(stat -c %i $HELLO)" "$(field "$rec" ino)"
expect_eq "1420 rule is the op default that decided" \
	'"DEFAULT op=EXECUTE action=DENY"' "$(field "$rec" rule)"
# mainline's field set: the auid and session are in the event's SYSCALL
# record, and the decision is the rule's action
expect_eq "1420 has no res, lsm, auid or ses field (as mainline)" "" \
	"$(field "$rec" res)$(field "$rec" lsm)$(field "$rec" auid)$(field "$rec" ses)"
order1='*: ipe_op=* ipe_hook=* enforcing=* pid=* comm=* path=* dev=* ino=*'
order2=' rule="DEFAULT op=EXECUTE action=DENY"'
case "$rec" in
$order1$order2)
	pass "1420 fields come in the documented order" ;;
*)	fail "1420 fields come in the documented order" "$rec" ;;
esac

expect_eq "mmap(PROT_EXEC) of a tmpfs file is denied" EACCES "$("$S/ipe_mmap" exec $HELLO)"
expect_audit "the mmap denial is audited with ipe_hook=MMAP" 1420 \
	"ipe_hook=MMAP" 'path="/tmp/ipe_hello"' 'action=DENY"'
expect_eq "mmap(PROT_READ) of the same file is allowed" OK "$("$S/ipe_mmap" read $HELLO)"
expect_eq "mprotect adding PROT_EXEC to a tmpfs mapping is denied" EACCES \
	"$("$S/ipe_mmap" mprotect $HELLO)"
expect_audit "the mprotect denial is audited with ipe_hook=MPROTECT" 1420 \
	"ipe_hook=MPROTECT" 'path="/tmp/ipe_hello"'
expect_eq "mmap(PROT_EXEC) of an initramfs file is allowed" OK \
	"$("$S/ipe_mmap" exec "$S/ipe_hello")"
audit_clear
expect_eq "anonymous PROT_EXEC memory is denied by DEFAULT op=EXECUTE action=DENY" \
	EACCES "$("$S/ipe_mmap" anon)"
rec=$(audit_log 1420 | grep "ipe_hook=MMAP" | tail -n 1)
case "$rec" in
*" comm=\"ipe_mmap\" path=? dev=? ino=? rule=\"DEFAULT op=EXECUTE action=DENY\"")
	pass "an anonymous mapping's record has path=? dev=? ino=? (as mainline)" ;;
*)	fail "an anonymous mapping's record has path=? dev=? ino=? (as mainline)" "$rec" ;;
esac
expect_eq "mprotect making anonymous memory executable is denied" \
	EACCES "$("$S/ipe_mmap" anon-mprotect)"

expect_eq "a #! script on tmpfs cannot be executed directly" "EXIT=126" "$(run /tmp/ipe_script.sh)"
expect_eq "the same script passed to an allowed interpreter runs (documented gap)" \
	"hello from a script" "$(run sh /tmp/ipe_script.sh)"
expect_eq "a #! script on the initramfs runs" "hello from a script" "$(run "$S/ipe_script.sh")"

audit_clear
sysctl -q -w ipe.success_audit=1
run "$S/ipe_hello" >/dev/null
sysctl -q -w ipe.success_audit=0
expect_audit "success_audit=1 records allowed execs with the matching rule" 1420 \
	"ipe_hook=BPRM_CHECK" 'rule="op=EXECUTE boot_verified=TRUE action=ALLOW"'
audit_clear
run "$S/ipe_hello" >/dev/null
if audit_log 1420 | grep -q 'action=ALLOW"'; then
	fail "with success_audit=0 allowed execs are not recorded" "$(audit_log 1420 | tail -n 1)"
else
	pass "with success_audit=0 allowed execs are not recorded"
fi

audit_clear
sysctl -q -w ipe.enforce=0
expect_eq "permissive mode lets the tmpfs binary run" "hello from ipe_hello" "$(run $HELLO)"
expect_eq "permissive mode lets anonymous PROT_EXEC memory through" OK "$("$S/ipe_mmap" anon)"
sysctl -q -w ipe.enforce=1
expect_audit "permissive mode still records the would-be denial" 1420 \
	'path="/tmp/ipe_hello"' "enforcing=0" 'action=DENY"'
expect_eq "back in enforce mode the binary is denied again" "EXIT=126" "$(run $HELLO)"

sysctl -q -w ipe.active_policy=en_nodefault
expect_eq "without DEFAULT op=EXECUTE action=DENY anonymous PROT_EXEC is allowed" \
	OK "$("$S/ipe_mmap" anon)"
expect_eq "and the tmpfs binary runs (global DEFAULT action=ALLOW)" \
	"hello from ipe_hello" "$(run $HELLO)"
