#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The enforce and success_audit knobs, through sysctl and securityfs.
. "$IPE_SELFTESTS/ipe_lib.sh"

expect_eq "IPE enforces (sysctl)" "1" "$(sysctl -n ipe.enforce)"
expect_eq "IPE enforces (securityfs)" "1" "$(cat "$IPE_FS/enforce")"
expect_eq "success_audit is off" "0" "$(sysctl -n ipe.success_audit)"
audit_clear
sysctl -q -w ipe.enforce=0
expect_eq "sysctl ipe.enforce=0 shows in securityfs enforce" "0" "$(cat "$IPE_FS/enforce")"
expect_audit "switching to permissive is audited (1421)" 1421 "op=SET" "enforce=0" "old_enforce=1"
echo 1 >"$IPE_FS/enforce"
expect_eq "securityfs enforce=1 shows in sysctl ipe.enforce" "1" "$(sysctl -n ipe.enforce)"
expect_audit "switching back to enforce is audited (1421)" 1421 "op=SET" "enforce=1" "old_enforce=0"
audit_clear
echo 1 >"$IPE_FS/success_audit"
expect_eq "securityfs success_audit=1 shows in sysctl" "1" "$(sysctl -n ipe.success_audit)"
expect_audit "switching success_audit is audited (1421)" 1421 "success_audit=1" \
	"old_success_audit=0"
sysctl -q -w ipe.success_audit=0
expect_eq "sysctl success_audit=0 shows in securityfs" "0" "$(cat "$IPE_FS/success_audit")"
expect_write "ipe.enforce takes only 0 or 1" EINVAL -s 2 /proc/sys/ipe/enforce
expect_write "securityfs enforce takes only a boolean" EINVAL -s maybe "$IPE_FS/enforce"
