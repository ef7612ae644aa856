#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Loading, reading back, updating, activating and deleting policies
# through securityfs and sysctl, as an administrator does. Its policies
# (policies/pl_*.pol and those below) are signed on the spot, versions
# above the active policy's.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies pl
P=$IPE_FS/policies

bad_blobs pl_a_1
padded_policy pl_multi "$(v 0.0.1)"
# bare CR line ends and a '+' in the version, as mainline reads them
printf 'policy_name=pl_cr policy_version=+%s\rDEFAULT action=ALLOW\r%s\r' \
	"$(v 0.0.1)" 'op=EXECUTE boot_verified=TRUE action=ALLOW' >"$D/pl_cr.pol"
sign "$D/pl_cr.pol" "$D/pl_cr.p7s"

audit_clear
if cat "$D/pl_a_1.p7s" >"$IPE_FS/new_policy"; then
	pass "cat of a signed policy into new_policy loads it"
else
	fail "cat of a signed policy into new_policy loads it" "cat failed"
fi
check "the policy gets its directory policies/pl_a" test -d "$P/pl_a"
check "raw reads back the PKCS#7 blob byte for byte" cmp "$P/pl_a/raw" "$D/pl_a_1.p7s"
check "pkcs7 reads back the PKCS#7 blob byte for byte" cmp "$P/pl_a/pkcs7" "$D/pl_a_1.p7s"
check "content reads back the policy text byte for byte" cmp "$P/pl_a/content" "$D/pl_a_1.pol"
check "policy reads back the policy text byte for byte" cmp "$P/pl_a/policy" "$D/pl_a_1.pol"
expect_eq "name shows policy_name" "pl_a" "$(cat "$P/pl_a/name")"
expect_eq "version shows policy_version" "$(v 0.1.0)" "$(cat "$P/pl_a/version")"
expect_eq "a loaded policy is not active" "0" "$(cat "$P/pl_a/active")"
sum=$(audit_digest "$D/pl_a_1.p7s")
expect_audit "loading is audited (1422) with name, version, digest of the blob" 1422 \
	": policy_name=\"pl_a\" policy_version=$(v 0.1.0) policy_digest=sha256:$sum " \
	"lsm=ipe res=1 errno=0"

expect_write "loading the same policy_name again is EEXIST" EEXIST "$IPE_FS/new_policy" \
	"$D/pl_a_1.p7s"
expect_write "an unsigned policy is EBADMSG" EBADMSG "$IPE_FS/new_policy" "$D/pl_old.pol"
expect_write "bytes that are not DER are EBADMSG" EBADMSG "$IPE_FS/new_policy" "$D/garbage.bin"
expect_write "a policy signed outside the trusted keyring is ENOKEY" ENOKEY \
	"$IPE_FS/new_policy" "$D/pl_a_1.untrusted.p7s"
expect_write "a policy changed after signing is EKEYREJECTED" EKEYREJECTED \
	"$IPE_FS/new_policy" "$D/pl_a_1.tampered.p7s"
expect_write "PKCS#7 that is not signed data (encrypted) is EINVAL, as mainline" EINVAL \
	"$IPE_FS/new_policy" "$D/pl_a_1.enveloped.der"
# cut short by one byte and written in pieces, as cat writes: each write
# succeeds, close() reports it (EBADMSG), nothing is loaded
head -c $(($(wc -c <"$D/pl_multi.p7s") - 1)) "$D/pl_multi.p7s" \
	>/tmp/ipe_short.p7s
before=$(ls "$P")
audit_clear
expect_write "a signed policy cut short is EBADMSG at close(), after writes that succeed" \
	EBADMSG -c 512 "$IPE_FS/new_policy" /tmp/ipe_short.p7s
expect_eq "and the policy list is as before" "$before" "$(ls "$P")"
expect_eq "and the kernel log says how much of it came" 1 \
	"$(dmesg | grep -c "ipe: incomplete policy discarded: $(wc -c </tmp/ipe_short.p7s) of")"
rm -f /tmp/ipe_short.p7s
audit_clear
expect_write "a signed policy that does not parse is EBADMSG (as mainline)" EBADMSG \
	"$IPE_FS/new_policy" "$D/pl_bad.p7s"
if dmesg | grep -q "ipe: policy rejected: line 3: unknown action"; then
	pass "the parse error is logged with its line and reason"
else
	fail "the parse error is logged with its line and reason" "$(dmesg | grep ipe: | tail -n 2)"
fi
check_fails "a refused policy leaves no directory" test -e "$P/pl_bad"
expect_write "a header announcing more than the size cap is E2BIG" E2BIG \
	"$IPE_FS/new_policy" "$D/huge_header.bin"
expect_write "a policy written in 4 KiB pieces loads like one write" OK -c 4096 \
	"$IPE_FS/new_policy" "$D/pl_multi.p7s"
check "the piecewise policy reads back byte for byte" cmp "$P/pl_multi/content" "$D/pl_multi.pol"

# strict_parse
expect_write "strict parsing refuses an unknown property" EBADMSG "$IPE_FS/new_policy" \
	"$D/pl_lenient.p7s"
sysctl -q -w ipe.strict_parse=0
expect_write "with ipe.strict_parse=0 the unknown line is skipped" OK "$IPE_FS/new_policy" \
	"$D/pl_lenient.p7s"
audit_clear
expect_write "ipe.strict_parse=0: a misspelt DEFAULT is not skipped: EBADMSG" \
	EBADMSG "$IPE_FS/new_policy" "$D/pl_nodef.p7s"
if dmesg | grep -q "ipe: policy rejected: line 2: expected key=value$"; then
	pass "the misspelt DEFAULT is logged with its line"
else
	fail "the misspelt DEFAULT is logged with its line" "$(dmesg | grep ipe: | tail -n 2)"
fi
check_fails "the policy without DEFAULT has no directory" test -e "$P/pl_nodef"
sysctl -q -w ipe.strict_parse=1
expect_write "bare CR line ends and a '+' version load, as in mainline" OK \
	"$IPE_FS/new_policy" "$D/pl_cr.p7s"
expect_eq "the CR policy's version" "$(v 0.0.1)" "$(cat "$P/pl_cr/version" 2>&1)"
expect_write "the CR policy is deleted again" OK -s 1 "$P/pl_cr/delete"
expect_eq "ipe.strict_parse reads back 1" "1" "$(cat /proc/sys/ipe/strict_parse)"

# activation
audit_clear
if sysctl -q -w ipe.active_policy=pl_a; then
	pass "sysctl -w ipe.active_policy=NAME activates a policy"
else
	fail "sysctl -w ipe.active_policy=NAME activates a policy" "sysctl failed"
fi
expect_eq "sysctl ipe.active_policy reads the active name" "pl_a" "$(sysctl -n ipe.active_policy)"
expect_eq "active reads 1 for the active policy" "1" "$(cat "$P/pl_a/active")"
expect_audit "activation is audited (1421)" 1421 ": old_active_pol_name=" \
	'new_active_pol_name="pl_a"' "new_active_pol_version=$(v 0.1.0)" "res=1"
expect_write "activating an unknown name is ENOENT" ENOENT -s nosuch /proc/sys/ipe/active_policy

# updates
audit_clear
expect_write "raw takes a signed update with a newer version" OK "$P/pl_a/raw" "$D/pl_a_2.p7s"
expect_eq "version shows the update" "$(v 0.2.0)" "$(cat "$P/pl_a/version")"
check "content shows the updated text" cmp "$P/pl_a/content" "$D/pl_a_2.pol"
expect_eq "an update of the active policy keeps it active" "pl_a" "$(sysctl -n ipe.active_policy)"
expect_audit "the update is audited (1422) with the new version" 1422 \
	"policy_name=\"pl_a\" policy_version=$(v 0.2.0)" "res=1 errno=0"
expect_audit "the update of the active policy is audited as an activation (1421)" \
	1421 "old_active_pol_name=\"pl_a\" old_active_pol_version=$(v 0.1.0)" \
	"new_active_pol_name=\"pl_a\" new_active_pol_version=$(v 0.2.0)"

expect_write "an update with the same version (another text) is ESTALE" ESTALE \
	"$P/pl_a/update" "$D/pl_a_2same.p7s"
check "and the text stays the loaded one" cmp "$P/pl_a/content" "$D/pl_a_2.pol"
expect_write "an update to an older version is ESTALE" ESTALE "$P/pl_a/raw" "$D/pl_a_0.p7s"
expect_write "an update that renames the policy is EINVAL" EINVAL "$P/pl_a/update" \
	"$D/pl_a_renamed.p7s"
expect_write "an unsigned update is EBADMSG" EBADMSG "$P/pl_a/raw" "$D/pl_a_2.pol"
expect_eq "refused updates leave the version alone" "$(v 0.2.0)" "$(cat "$P/pl_a/version")"

load pl_b
load pl_old
expect_write "writing 1 to active activates a policy" OK -s 1 "$P/pl b/active"
expect_eq "the active policy changed" "pl b" "$(cat /proc/sys/ipe/active_policy)"
expect_eq "the previous policy is no longer active" "0" "$(cat "$P/pl_a/active")"
expect_write \
	"activating a version older than the active one is ESTALE" ESTALE \
	-s pl_old /proc/sys/ipe/active_policy
expect_write "writing 0 to active is EINVAL" EINVAL -s 0 "$P/pl_a/active"

# deletion
expect_write "the active policy cannot be deleted" EPERM -s "pl b" "$IPE_FS/del_policy"
expect_write "nor through its delete node" EPERM -s 1 "$P/pl b/delete"
audit_clear
if echo pl_old >"$IPE_FS/del_policy"; then
	pass "echo NAME > del_policy deletes (trailing newline ignored)"
else
	fail "echo NAME > del_policy deletes (trailing newline ignored)" "write failed"
fi
check_fails "the deleted policy's directory is gone" test -e "$P/pl_old"
expect_audit "deletion is audited (1422)" 1422 'policy_name="pl_old"' "errno=0 op=DELETE"
expect_write "del_policy without a newline deletes" OK -s pl_multi "$IPE_FS/del_policy"
expect_write "writing 1 to delete deletes" OK -s 1 "$P/pl_lenient/delete"
check_fails "that policy's directory is gone" test -e "$P/pl_lenient"
expect_write "deleting an unknown policy is ENOENT" ENOENT -s nosuch "$IPE_FS/del_policy"
expect_write "an empty name is EINVAL" EINVAL -s "" "$IPE_FS/del_policy"

# privilege: every write that changes state needs CAP_MAC_ADMIN
load pl_old
for node in new_policy del_policy "policies/pl_a/raw" "policies/pl_a/update"; do
	expect_write "without CAP_MAC_ADMIN, $node is EPERM" EPERM -d "$IPE_FS/$node" \
		"$D/pl_a_2.p7s"
done
expect_write "without CAP_MAC_ADMIN, del_policy of a name is EPERM" EPERM -d -s pl_old \
	"$IPE_FS/del_policy"
expect_write "without CAP_MAC_ADMIN, active is EPERM" EPERM -d -s 1 "$P/pl_a/active"
expect_write "without CAP_MAC_ADMIN, delete is EPERM" EPERM -d -s 1 "$P/pl_old/delete"
expect_write \
	"without CAP_MAC_ADMIN, ipe.active_policy is EPERM" EPERM -d -s pl_a \
	/proc/sys/ipe/active_policy
expect_write \
	"without CAP_MAC_ADMIN, ipe.success_audit is EPERM" EPERM -d -s 1 \
	/proc/sys/ipe/success_audit
expect_write "without CAP_MAC_ADMIN, ipe.enforce is EPERM" EPERM -d -s 0 /proc/sys/ipe/enforce
expect_write "without CAP_MAC_ADMIN, securityfs enforce is EPERM" EPERM -d -s 0 "$IPE_FS/enforce"
expect_write "without CAP_MAC_ADMIN, securityfs success_audit is EPERM" EPERM -d -s 1 \
	"$IPE_FS/success_audit"
check "after the refused writes pl_old is still loaded" test -d "$P/pl_old"
expect_eq "and the active policy is unchanged" "pl b" "$(cat /proc/sys/ipe/active_policy)"
echo pl_old >"$IPE_FS/del_policy"

# Without CAP_MAC_ADMIN a write is EPERM whatever it holds, not EINVAL
# for bytes that do not parse.
for node in enforce success_audit policies/pl_a/active policies/pl_a/delete; do
	expect_write "without CAP_MAC_ADMIN, junk written to $node is EPERM" EPERM \
		-d -s junk "$IPE_FS/$node"
done
for s in enforce success_audit strict_parse; do
	expect_write "without CAP_MAC_ADMIN, junk written to ipe.$s is EPERM" EPERM \
		-d -s junk /proc/sys/ipe/$s
done
expect_write "without CAP_MAC_ADMIN, a 300-byte name for ipe.active_policy is EPERM" \
	EPERM -d -s "$(printf '%0300d' 0)" /proc/sys/ipe/active_policy

# A write that fails midway through a blob drops what came before it.
expect_eq "a write from a bad address mid-blob is EFAULT, and close() finds nothing left" \
	"EFAULT OK" \
	"$("$IPE_SELFTESTS/ipe_blob_writes" efault "$IPE_FS/new_policy" "$D/pl_old.p7s")"
check_fails "and nothing was loaded" test -e "$P/pl_old"

# A deleted policy's directory that a process still holds (its working
# directory, an open descriptor) does not keep the name taken.
load pl_old
exec 9<"$P/pl_old"
echo pl_old >"$IPE_FS/del_policy"
check_fails "a deleted policy's directory held open is no longer listed" \
	sh -c "ls '$P' | grep -qx pl_old"
expect_write "a policy of the same name loads while the old directory is held open" \
	OK "$IPE_FS/new_policy" "$D/pl_old.p7s"
check "and the new directory serves the new policy" cmp "$P/pl_old/content" "$D/pl_old.pol"
exec 9<&-
echo pl_old >"$IPE_FS/del_policy"
check_fails "deleted again, it is gone" test -e "$P/pl_old"
