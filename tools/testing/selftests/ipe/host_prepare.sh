#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare.sh OUT KEYDIR: on the host, make what the tests need inside
# the VM: policies signed with openssl exactly as a user signs them, and
# disk images (OUT/disks/NAME.img, attached as virtio disks with serial
# NAME). OUT/data is copied into the VM as $IPE_DATA.
set -euo pipefail
out=$1 keys=$2
data=$out/data
mkdir -p "$data" "$out/disks"

# sign IN OUT [KEYNAME]: an attached PKCS#7 signature, as documented.
sign() {
	local name=${3:-ca}

	openssl smime -sign -in "$1" -signer "$keys/$name.pem" \
		-inkey "$keys/$name.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

for f in "$(dirname "$0")"/policies/*.pol; do
	[ -e "$f" ] || continue
	base=$(basename "$f" .pol)
	cp "$f" "$data/$base.pol"
	sign "$f" "$data/$base.p7s"
done

# A policy signed by a CA the kernel does not trust.
sign "$data/pl_a_1.pol" "$data/pl_a_1.untrusted.p7s" untrusted

# A signed policy whose content was changed after signing.
cp "$data/pl_a_1.p7s" "$data/pl_a_1.tampered.p7s"
off=$(grep -obUa "action=ALLOW" "$data/pl_a_1.p7s" | head -1 | cut -d: -f1)
printf 'D' | dd of="$data/pl_a_1.tampered.p7s" bs=1 seek=$((off + 7)) \
	conv=notrunc status=none

# A 40 KiB policy, which cat writes in several calls.
{
	echo 'policy_name=pl_multi policy_version=0.0.1'
	for i in $(seq 1 600); do
		echo "# padding line $i: 0123456789abcdef0123456789abcdef0123456789"
	done
	echo 'DEFAULT action=ALLOW'
} >"$data/pl_multi.pol"
sign "$data/pl_multi.pol" "$data/pl_multi.p7s"

# bare CR line ends and a '+' in the version, as mainline reads them
printf 'policy_name=pl_cr policy_version=+0.0.1\rDEFAULT action=ALLOW\r%s\r' \
	'op=EXECUTE boot_verified=TRUE action=ALLOW' >"$data/pl_cr.pol"
sign "$data/pl_cr.pol" "$data/pl_cr.p7s"

# Not DER at all, and a header that announces 9.4 MB.
printf 'this is not a signature\n' >"$data/garbage.bin"
printf '\x30\x84\x00\x90\x00\x00\x02\x01\x01' >"$data/huge_header.bin"
bash "$(dirname "$0")/host_prepare_verity.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_docs.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_ipectl.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_large.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_fsverity.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_fuzz.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_stress.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_trust.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_keyring.sh" "$out" "$keys"
bash "$(dirname "$0")/host_prepare_verdicts.sh" "$out" "$keys"
