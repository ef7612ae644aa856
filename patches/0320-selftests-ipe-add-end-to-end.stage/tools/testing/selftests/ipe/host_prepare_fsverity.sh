#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_fsverity.sh OUT KEYDIR: on the host, what test_96_fsverity.sh
# needs: an ext4 image with the verity feature (disk fsv, attached
# writable: fs-verity is enabled inside the VM) holding copies of
# ipe_hello, each made distinct by a trailing tag so that each has its
# own fs-verity digest; their digests as "fsverity digest" prints them;
# a built-in signature of one copy made with "fsverity sign" and the
# test CA, the CA in DER for the ".fs-verity" keyring, another signed by
# a key the kernel does not trust; a small file signed by the CA
# (fsv_small); and the signed policies.
#
#   h_digest    allowed by fsverity_digest once fs-verity is enabled
#   h_later     run before fs-verity is enabled (denied), then after
#   h_signed    enabled with the CA's signature: fsverity_signature=TRUE
#   h_unsigned  enabled without a signature: its digest is in no rule
#   h_plain     fs-verity never enabled
#   h_tamper    allowed by digest; its first block is changed on the disk
#   mv_digest, mv_signed, mv_plain
#               test_71's: sealed there, by digest, with the CA's
#               signature, never
set -euo pipefail
out=$1 keys=$2
data=$out/data disks=$out/disks
hello=$out/ipe/ipe_hello
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$data" "$disks" "$work/root"

for f in h_digest h_later h_signed h_unsigned h_plain h_tamper \
	mv_digest mv_signed mv_plain; do
	cp "$hello" "$work/root/$f"
	# an ELF file runs the same with bytes after its last segment
	printf '\nIPE-FSV-TAG-%s\n' "$f" >>"$work/root/$f"
done

digest() { fsverity digest --compact "$work/root/$1"; }
for f in h_digest h_later h_signed h_unsigned h_tamper mv_digest; do
	echo "sha256:$(digest $f)" >"$data/fsv_$f.digest"
done
# where h_tamper's tag starts, counted from the start of the file
echo $(($(stat -c %s "$work/root/h_tamper") - 21)) >"$data/fsv_h_tamper.tagoff"

fsverity sign "$work/root/h_signed" "$data/fsv_h_signed.sig" \
	--key "$keys/ca.key" --cert "$keys/ca.pem" >/dev/null
fsverity sign "$work/root/mv_signed" "$data/fsv_mv_signed.sig" \
	--key "$keys/ca.key" --cert "$keys/ca.pem" >/dev/null
fsverity sign "$work/root/h_unsigned" "$data/fsv_h_unsigned.untrusted.sig" \
	--key "$keys/untrusted.key" --cert "$keys/untrusted.pem" >/dev/null
openssl x509 -in "$keys/ca.pem" -outform der -out "$data/fsv_ca.der"
# a one-block file and its signature, for the enables test_96 makes fail
printf 'IPE-FSV-SIGNED-ONE-BLOCK\n' >"$data/fsv_small"
fsverity sign "$data/fsv_small" "$data/fsv_small.sig" \
	--key "$keys/ca.key" --cert "$keys/ca.pem" >/dev/null

# fs-verity in 6.1 needs the filesystem block size to be the page size
rm -f "$disks/fsv.rw.img"
mkfs.ext4 -q -O verity -b 4096 -L fsv -d "$work/root" "$disks/fsv.rw.img" 16M

sign() {
	openssl smime -sign -in "$1" -signer "$keys/ca.pem" \
		-inkey "$keys/ca.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

# Versions go on from test_95's rm_done 9.6.0.
{
	echo "policy_name=fsv policy_version=10.0.0"
	echo "DEFAULT action=ALLOW"
	echo "DEFAULT op=EXECUTE action=DENY"
	echo "op=EXECUTE boot_verified=TRUE action=ALLOW"
	for f in h_digest h_later h_tamper; do
		echo "op=EXECUTE fsverity_digest=$(cat "$data/fsv_$f.digest") action=ALLOW"
	done
	echo "op=EXECUTE fsverity_signature=TRUE action=ALLOW"
} >"$data/fsv.pol"
sign "$data/fsv.pol" "$data/fsv.p7s"
{
	echo "policy_name=fsv_done policy_version=10.1.0"
	echo "DEFAULT action=ALLOW"
} >"$data/fsv_done.pol"
sign "$data/fsv_done.pol" "$data/fsv_done.p7s"
