#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# IPE's records as an administrator reads them: auditd writes the log and
# ausearch finds them by number (audit user space 3.0.9 predates the
# IPE_ACCESS name; 3.1.2+ also takes -m IPE_ACCESS).
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies au
allow_all
S=$IPE_SELFTESTS
LOG=/var/log/audit/audit.log
cp "$S/ipe_hello" /tmp/ipe_audit_hello
chmod 755 /tmp/ipe_audit_hello

if [ ! -x /sbin/auditd ]; then
	fail "auditd runs in the VM" "no /sbin/auditd in the initramfs"
	exit 0
fi
rm -f $LOG
auditd -n >/tmp/auditd.out 2>&1 &
apid=$!
i=0
while [ $i -lt 50 ] && ! auditctl -s 2>/dev/null | grep -q "pid $apid"; do
	usleep 200000
	i=$((i + 1))
done
if auditctl -s 2>/dev/null | grep -q "pid $apid"; then
	pass "auditd runs in the VM and receives the kernel's records"
else
	fail "auditd runs in the VM and receives the kernel's records" \
		"$(auditctl -s 2>&1 | tr '\n' ' ') $(cat /tmp/auditd.out)"
fi

load au
load au_done
sysctl -q -w ipe.active_policy=au
/tmp/ipe_audit_hello >/dev/null 2>&1
sysctl -q -w ipe.active_policy=au_done
# au, no longer active, as the audit policy: the exec it would deny runs
sysctl -q -w ipe.audit_policy=au
staged=$(/tmp/ipe_audit_hello 2>&1)
echo >/proc/sys/ipe/audit_policy
sleep 1

# an enriched log adds interpretations after a 0x1d byte: not the kernel's
recs=$(ausearch -if $LOG -m 1420 --raw 2>/dev/null | tr '\035' '\n' |
	grep 'path="/tmp/ipe_audit_hello"' | grep -v audit_policy=)
if [ -n "$recs" ]; then
	pass "ausearch -m 1420 finds the denial in auditd's log"
else
	fail "ausearch -m 1420 finds the denial in auditd's log" "$(tail -n 3 $LOG)"
fi
want1='*ipe_op=EXECUTE ipe_hook=BPRM_CHECK enforcing=1 *'
want2='rule="DEFAULT op=EXECUTE action=DENY"'
case "$recs" in
$want1$want2)
	pass "the logged record has the documented fields" ;;
*)	fail "the logged record has the documented fields" "$recs" ;;
esac
if ausearch -if $LOG -m 1421 --raw 2>/dev/null | grep -q 'new_active_pol_name="au"'; then
	pass "ausearch -m 1421 finds the activation"
else
	fail "ausearch -m 1421 finds the activation" "$(grep 1421 $LOG | tail -n 1)"
fi
expect_eq "with au as the audit policy, the exec it would deny runs" \
	"hello from ipe_hello" "$staged"
recs=$(ausearch -if $LOG -m 1420 --raw 2>/dev/null | tr '\035' '\n' |
	grep 'path="/tmp/ipe_audit_hello"' | grep 'audit_policy="au"')
case "$recs" in
*'rule="DEFAULT op=EXECUTE action=DENY" audit_policy="au"'*)
	pass "ausearch -m 1420 finds the audit policy's record, audit_policy last" ;;
*)	fail "ausearch -m 1420 finds the audit policy's record, audit_policy last" \
		"$(grep audit_policy $LOG | tail -n 2)" ;;
esac
if ausearch -if $LOG -m 1421 --raw 2>/dev/null | grep -q 'new_audit_pol_name="au"'; then
	pass "ausearch -m 1421 finds the change of the audit policy"
else
	fail "ausearch -m 1421 finds the change of the audit policy" \
		"$(grep 1421 $LOG | tail -n 2)"
fi
if ausearch -if $LOG -m 1422 --raw 2>/dev/null | grep -q '): policy_name="au" '; then
	pass "ausearch -m 1422 finds the load"
else
	fail "ausearch -m 1422 finds the load" "$(grep 1422 $LOG | tail -n 1)"
fi
kill $apid
wait $apid 2>/dev/null
