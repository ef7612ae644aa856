#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Policy signers from the secondary trusted keyring
# (CONFIG_IPE_POLICY_SIG_SECONDARY_KEYRING): a policy signed by a key
# the kernel does not have, with no certificate in the message, is
# ENOKEY; once that key's certificate, issued
# by a built-in CA, is added to .secondary_trusted_keys at run time, the
# same policy loads. A certificate the built-in keys did not issue does
# not get into the keyring, and its policy stays ENOKEY. The certificates
# and policies are made on the spot, fresh keys each run.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
untrusted_ca "$D"

# issue NAME CERT KEY: a signing certificate for NAME issued by CERT/KEY,
# its key in $D/NAME.key, in DER for keyctl as $D/NAME.der
issue() {
	openssl req -newkey rsa:2048 -nodes -sha256 -subj "/CN=IPE $1/" \
		-keyout "$D/$1.key" -out "$D/$1.csr" 2>/dev/null
	printf '%s\n' "basicConstraints=critical,CA:FALSE" \
		"keyUsage=digitalSignature" "subjectKeyIdentifier=hash" \
		"authorityKeyIdentifier=keyid" >"$D/$1.ext"
	openssl x509 -req -in "$D/$1.csr" -CA "$2" -CAkey "$3" \
		-set_serial "0x$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')" \
		-days 2 -sha256 -extfile "$D/$1.ext" -out "$D/$1.pem" 2>/dev/null
	openssl x509 -in "$D/$1.pem" -outform der -out "$D/$1.der"
}

# policy NAME SIGNER: policy NAME signed by SIGNER's key, without the
# signer's certificate in the message: with it, the kernel would trust
# the signer through the certificate's issuer, the built-in CA, and the
# keyring would not be needed.
policy() {
	printf 'policy_name=%s policy_version=0.0.1\nDEFAULT action=ALLOW\n' \
		"$1" >"$D/$1.pol"
	openssl smime -sign -in "$D/$1.pol" -signer "$D/$2.pem" \
		-inkey "$D/$2.key" -binary -outform der -noattr -nodetach \
		-nocerts -out "$D/$1.p7s"
}

issue kr_signer "$IPE_TEST_CA_CERT" "$IPE_TEST_CA_KEY"
issue kr_rogue "$D/untrusted.pem" "$D/untrusted.key"
policy kr_sec kr_signer
policy kr_rogue kr_rogue

# add_secondary DER: the certificate into .secondary_trusted_keys, by
# name, else by the keyring's id in /proc/keys
add_secondary() {
	keyctl padd asymmetric '' %keyring:.secondary_trusted_keys <"$1" ||
		keyctl padd asymmetric '' \
			"0x$(awk '$9 == ".secondary_trusted_keys:" { print $1 }' /proc/keys)" \
			<"$1"
}

if [ ! -e "$D/kr_sec.p7s" ] || [ ! -e "$D/kr_signer.der" ]; then
	fail "the keyring test data was made" "no kr_sec.p7s or kr_signer.der"
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
