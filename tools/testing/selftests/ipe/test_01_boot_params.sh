#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The boot parameters: booted with "ipe.enforce=0 ipe.success_audit=1
# ipe.strict_parse=1" (as make check boots the test kernel), IPE starts
# with them. Skipped without them; run it first after boot, before any
# other test changes the settings. It leaves IPE enforcing, without
# success audit.
. "$(dirname "$0")/ipe_lib.sh"

if cmdline_has ipe.enforce=0 ipe.success_audit=1 ipe.strict_parse=1; then
	pass "the kernel was booted with the ipe.* parameters"
else
	skip "the boot parameters take" \
		"needs ipe.enforce=0 ipe.success_audit=1 ipe.strict_parse=1 on the kernel command line"
	exit 0
fi
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
expect_eq "IPE is back in enforce mode" "1" "$(sysctl -n ipe.enforce)"
