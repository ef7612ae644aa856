#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Policy signers from the secondary trusted keyring
# (CONFIG_IPE_POLICY_SIG_SECONDARY_KEYRING): a policy signed by a key
# the kernel does not have, with no certificate in the message, is
# ENOKEY; once that key's certificate, issued
# by a built-in CA, is added to .secondary_trusted_keys at run time, the
# same policy loads. A certificate the built-in keys did not issue does
# not get into the keyring, and its policy stays ENOKEY.
# host_prepare_keyring.sh made the certificates and policies.
. "$(dirname "$0")/ipe_lib.sh"
D=$IPE_DATA

# add_secondary DER: the certificate into .secondary_trusted_keys, by
# name, else by the keyring's id in /proc/keys
add_secondary() {
	keyctl padd asymmetric '' %keyring:.secondary_trusted_keys <"$1" ||
		keyctl padd asymmetric '' \
			"0x$(awk '$9 == ".secondary_trusted_keys:" { print $1 }' /proc/keys)" \
			<"$1"
}

if [ ! -e "$D/kr_sec.p7s" ] || [ ! -e "$D/kr_signer.der" ]; then
	fail "the keyring test data is there" "no kr_sec.p7s or kr_signer.der"
	exit 0
fi

expect_write "a signer not in any trusted keyring is ENOKEY" ENOKEY \
	"$IPE_FS/new_policy" "$D/kr_sec.p7s"
check_fails "a certificate the built-in CA did not issue is refused by the keyring" \
	add_secondary "$D/kr_rogue.der"
expect_write "so its policy stays ENOKEY" ENOKEY \
	"$IPE_FS/new_policy" "$D/kr_rogue.p7s"
check "a certificate the built-in CA issued goes into the secondary keyring" \
	add_secondary "$D/kr_signer.der"
expect_write "then the policy it signed loads" OK \
	"$IPE_FS/new_policy" "$D/kr_sec.p7s"
expect_eq "and is listed" "kr_sec" "$(cat "$IPE_FS/policies/kr_sec/name" 2>&1)"
check "it can be deleted again" sh -c "echo 1 >$IPE_FS/policies/kr_sec/delete"
