#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The boot policy compiled into the test kernel (boot_policy.pol through
# CONFIG_IPE_BOOT_POLICY): active from boot, listed, read-only,
# undeletable. Skipped on a kernel without that boot policy.
. "$(dirname "$0")/ipe_lib.sh"
P=$IPE_FS/policies/boot

if [ ! -d "$P" ] || ! cmp -s "$P/content" "$IPE_SELFTESTS/boot_policy.pol"; then
	skip "the boot policy" \
		"the kernel was not built with CONFIG_IPE_BOOT_POLICY=.../selftests/ipe/boot_policy.pol"
	exit 0
fi
active=$(sysctl -n ipe.active_policy)
if [ "$active" = boot ]; then
	expect_eq "the boot policy is active from boot" "boot" "$active"
else
	skip "the boot policy is active from boot" "policy '$active' was activated since"
fi
check "the boot policy is listed under policies/" test -d "$P"
check "its content is the compiled-in text" cmp "$P/content" "$IPE_SELFTESTS/boot_policy.pol"
expect_eq "its version is shown" "0.0.0" "$(cat "$P/version")"
for node in raw pkcs7; do
	# it has no PKCS#7 blob: reading one is ENOENT, as in mainline
	if out=$(cat "$P/$node" 2>&1); then
		fail "reading $node, it has no PKCS#7 blob (ENOENT)" "read '$out'"
	else
		case "$out" in
		*"No such file or directory"*)
			pass "reading $node, it has no PKCS#7 blob (ENOENT)" ;;
		*)	fail "reading $node, it has no PKCS#7 blob (ENOENT)" "$out" ;;
		esac
	fi
done
if why=$(signer_missing); then
	skip "the boot policy cannot be updated" "$why"
else
	signed_policies bp
	expect_write "the boot policy cannot be updated" EPERM "$P/update" "$D/bp.p7s"
fi
expect_write "the boot policy cannot be deleted by del_policy" EPERM -s boot "$IPE_FS/del_policy"
expect_write "nor through its delete node" EPERM -s 1 "$P/delete"
check "it is still there" test -d "$P"
