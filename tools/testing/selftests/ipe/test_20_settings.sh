#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The enforce and success_audit knobs, through sysctl and securityfs.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults

expect_eq "IPE enforces (sysctl)" "1" "$(sysctl -n ipe.enforce)"
expect_eq "IPE enforces (securityfs)" "1" "$(cat "$IPE_FS/enforce")"
expect_eq "success_audit is off" "0" "$(sysctl -n ipe.success_audit)"
audit_clear
sysctl -q -w ipe.enforce=0
expect_eq "sysctl ipe.enforce=0 shows in securityfs enforce" "0" "$(cat "$IPE_FS/enforce")"
expect_audit "switching to permissive is audited (1404)" 1404 \
	": enforcing=0 old_enforcing=1 auid=" " enabled=1 old-enabled=1 lsm=ipe res=1"
echo 1 >"$IPE_FS/enforce"
expect_eq "securityfs enforce=1 shows in sysctl ipe.enforce" "1" "$(sysctl -n ipe.enforce)"
expect_audit "switching back to enforce is audited (1404)" 1404 \
	": enforcing=1 old_enforcing=0 auid="
audit_clear
echo 1 >"$IPE_FS/success_audit"
expect_eq "securityfs success_audit=1 shows in sysctl" "1" "$(sysctl -n ipe.success_audit)"
if [ -z "$(audit_log 1421)$(audit_log 1404)" ]; then
	pass "switching success_audit leaves no record (as mainline)"
else
	fail "switching success_audit leaves no record (as mainline)" \
		"$(audit_log 1421)$(audit_log 1404)"
fi
sysctl -q -w ipe.success_audit=0
expect_eq "sysctl success_audit=0 shows in securityfs" "0" "$(cat "$IPE_FS/success_audit")"
expect_write "ipe.enforce takes only 0 or 1" EINVAL -s 2 /proc/sys/ipe/enforce
expect_write "securityfs enforce takes only a boolean" EINVAL -s maybe "$IPE_FS/enforce"
