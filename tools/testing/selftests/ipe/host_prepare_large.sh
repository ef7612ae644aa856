#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_large.sh OUT KEYDIR: on the host, the policies of
# test_85_large_policy.sh: 10 000 root-hash rules (about 1.1 MB, far past
# the 64 KiB of the kernel's old ASN.1 limit), signed with the same
# openssl command as every other policy. The last rule revokes the test
# volume of host_prepare_verity.sh, so that the index must find it at the
# end; version 6.1.0 drops that rule.
set -euo pipefail
out=$1 keys=$2
data=$out/data
roothash=$(cat "$data/dmv_roothash")

sign() {
	openssl smime -sign -in "$1" -signer "$keys/ca.pem" \
		-inkey "$keys/ca.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

# large VERSION REVOKE: 9 999 rules for digests no volume has, then the
# test volume's root hash (REVOKE=1) or one more unknown digest.
large() {
	/usr/bin/python3 - "$1" "$2" "$roothash" <<'PY'
import random, sys
version, revoke, roothash = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
rng = random.Random(85)
print("policy_name=large policy_version=%s" % version)
print("DEFAULT action=ALLOW")
for _ in range(9999):
    print("op=EXECUTE dmverity_roothash=sha256:%064x action=DENY" % rng.getrandbits(256))
last = roothash if revoke else "%064x" % rng.getrandbits(256)
print("op=EXECUTE dmverity_roothash=sha256:%s action=DENY" % last)
PY
}

large 6.0.0 1 >"$data/large_1.pol"
large 6.1.0 0 >"$data/large_2.pol"
sign "$data/large_1.pol" "$data/large_1.p7s"
sign "$data/large_2.pol" "$data/large_2.p7s"
