#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_keyring.sh OUT KEYDIR: for test_89_keyring.sh, a signer
# certificate issued by the test CA (which the kernel has built in) and
# one issued by the untrusted CA, each in DER for keyctl, and a policy
# signed by each.
set -euo pipefail
out=$1 keys=$2
data=$out/data
tmp=$out/keyring.tmp
rm -rf "$tmp"
mkdir -p "$data" "$tmp"

# issue NAME CA: a signing certificate for NAME, issued by CA
issue() {
	local name=$1 ca=$2

	openssl req -newkey rsa:2048 -nodes -sha256 -subj "/CN=IPE $name/" \
		-keyout "$tmp/$name.key" -out "$tmp/$name.csr" 2>/dev/null
	printf '%s\n' "basicConstraints=critical,CA:FALSE" \
		"keyUsage=digitalSignature" "subjectKeyIdentifier=hash" \
		"authorityKeyIdentifier=keyid" >"$tmp/$name.ext"
	openssl x509 -req -in "$tmp/$name.csr" -CA "$keys/$ca.pem" \
		-CAkey "$keys/$ca.key" -CAcreateserial \
		-CAserial "$tmp/$ca.srl" -days 36500 -sha256 \
		-extfile "$tmp/$name.ext" -out "$tmp/$name.pem" 2>/dev/null
	openssl x509 -in "$tmp/$name.pem" -outform der -out "$data/$name.der"
}

# policy NAME SIGNER: policy NAME signed by SIGNER's key, without the
# signer's certificate in the message: with it, the kernel would trust
# the signer through the certificate's issuer, the built-in CA, and the
# keyring would not be needed.
policy() {
	printf 'policy_name=%s policy_version=0.0.1\nDEFAULT action=ALLOW\n' \
		"$1" >"$tmp/$1.pol"
	openssl smime -sign -in "$tmp/$1.pol" -signer "$tmp/$2.pem" \
		-inkey "$tmp/$2.key" -binary -outform der -noattr -nodetach \
		-nocerts -out "$data/$1.p7s"
}

issue kr_signer ca
issue kr_rogue untrusted
policy kr_sec kr_signer
policy kr_rogue kr_rogue
rm -rf "$tmp"
