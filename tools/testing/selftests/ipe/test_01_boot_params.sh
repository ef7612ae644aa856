#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The boot parameters: make check boots the test kernel with
# "ipe.enforce=0 ipe.success_audit=1 ipe.strict_parse=1". This test checks
# that they took, then puts IPE back in its default state (enforce on,
# success audit off) for the tests that follow.
. "$(dirname "$0")/ipe_lib.sh"

case " $(cat /proc/cmdline) " in
*" ipe.enforce=0 ipe.success_audit=1 ipe.strict_parse=1 "*)
	pass "the VM was booted with the ipe.* parameters" ;;
*)	fail "the VM was booted with the ipe.* parameters" "$(cat /proc/cmdline)" ;;
esac
expect_eq "ipe.enforce=0 on the command line starts IPE permissive" "0" "$(sysctl -n ipe.enforce)"
if dmesg | grep -q "ipe: Integrity Policy Enforcement initialized (permissive mode)"; then
	pass "the kernel log says IPE started in permissive mode"
else
	fail "the kernel log says IPE started in permissive mode" \
		"$(dmesg | grep 'ipe:' | head -n 3)"
fi
expect_eq "ipe.success_audit=1 on the command line turns success audit on" "1" \
	"$(sysctl -n ipe.success_audit)"
expect_eq "ipe.strict_parse=1 on the command line keeps strict parsing" "1" \
	"$(sysctl -n ipe.strict_parse)"
expect_eq "the securityfs enforce node agrees" "0" "$(cat "$IPE_FS/enforce")"
expect_eq "the securityfs success_audit node agrees" "1" "$(cat "$IPE_FS/success_audit")"
sysctl -q -w ipe.enforce=1
sysctl -q -w ipe.success_audit=0
expect_eq "IPE is back in enforce mode for the next tests" "1" "$(sysctl -n ipe.enforce)"
