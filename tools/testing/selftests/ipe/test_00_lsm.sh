#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# IPE is registered with the LSM framework and has its securityfs tree.
. "$(dirname "$0")/ipe_lib.sh"

if tr ',' '\n' </sys/kernel/security/lsm | grep -qx ipe; then
	pass "ipe is listed in /sys/kernel/security/lsm"
else
	fail "ipe is listed in /sys/kernel/security/lsm" \
		"lsm=$(cat /sys/kernel/security/lsm)"
fi

if [ -d "$IPE_FS" ]; then
	pass "securityfs directory $IPE_FS exists"
else
	fail "securityfs directory $IPE_FS exists" "missing"
fi

if dmesg | grep -q "ipe: Integrity Policy Enforcement initialized"; then
	pass "IPE announces its initialization in the kernel log"
else
	fail "IPE announces its initialization in the kernel log" "no line"
fi
