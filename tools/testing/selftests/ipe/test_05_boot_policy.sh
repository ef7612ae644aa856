#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The boot policy compiled into the test kernel (boot_policy.pol through
# CONFIG_IPE_BOOT_POLICY): active from boot, listed, read-only,
# undeletable.
. "$IPE_SELFTESTS/ipe_lib.sh"
P=$IPE_FS/policies/boot

expect_eq "the boot policy is active from boot" "boot" "$(sysctl -n ipe.active_policy)"
check "the boot policy is listed under policies/" test -d "$P"
check "its content is the compiled-in text" cmp "$P/content" "$IPE_SELFTESTS/boot_policy.pol"
expect_eq "its version is shown" "0.0.0" "$(cat "$P/version")"
expect_eq "it has no PKCS#7 blob" "0" "$(wc -c <"$P/raw" | tr -d ' ')"
expect_write "the boot policy cannot be updated" EPERM "$P/update" "$IPE_DATA/pl_a_1.p7s"
expect_write "the boot policy cannot be deleted by del_policy" EPERM -s boot "$IPE_FS/del_policy"
expect_write "nor through its delete node" EPERM -s 1 "$P/delete"
check "it is still there" test -d "$P"
