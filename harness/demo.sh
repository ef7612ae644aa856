#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# demo.sh: the guided tour. Signs a policy on the host as an administrator
# would, boots build/bzImage under QEMU and walks through loading,
# activating, a denied and an allowed exec, and the audit records.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
B=$REPO/build
demo=$B/demo
rm -rf "$demo"
mkdir -p "$demo/data"

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
show() { printf '$ %s\n' "$*"; "$@"; }

say "1. Write a policy (on the build host)"
cat >"$demo/data/demo.pol" <<'POL'
policy_name=demo policy_version=1.0.0
# Code runs only from the initramfs the kernel booted with.
DEFAULT action=ALLOW
DEFAULT op=EXECUTE action=DENY
op=EXECUTE boot_verified=TRUE action=ALLOW
POL
cat "$demo/data/demo.pol"

say "2. Sign it with a key the kernel trusts (build/keys/ca.pem is compiled in)"
cd "$demo/data"
show openssl smime -sign -in demo.pol -signer "$B/keys/ca.pem" \
	-inkey "$B/keys/ca.key" -binary -outform der -noattr -nodetach \
	-out demo.p7s
ls -l demo.p7s
cd "$REPO"

say "3. Build a dm-verity volume holding a program, and sign its root hash"
mkdir -p "$demo/vol/bin"
cp "$B/selftests/ipe/ipe_hello" "$demo/vol/bin/"
cd "$demo"
show mksquashfs vol vol.squashfs -quiet -noappend -all-root
show veritysetup format vol.squashfs vol.hashtree | tee verity.txt | grep "Root hash"
roothash=$(sed -n 's/^Root hash:[[:space:]]*//p' verity.txt)
printf '%s' "$roothash" >data/roothash
show openssl smime -sign -in data/roothash -signer "$B/keys/ca.pem" \
	-inkey "$B/keys/ca.key" -binary -outform der -noattr \
	-out data/roothash.p7s
for kind in roothash signature; do
	if [ $kind = roothash ]; then
		ver=1.1.0 rule="op=EXECUTE dmverity_roothash=sha256:$roothash action=ALLOW"
	else
		ver=1.2.0 rule="op=EXECUTE dmverity_signature=TRUE action=ALLOW"
	fi
	printf 'policy_name=demo_%s policy_version=%s\nDEFAULT action=ALLOW\nDEFAULT op=EXECUTE action=DENY\nop=EXECUTE boot_verified=TRUE action=ALLOW\n%s\n' \
		$kind $ver "$rule" >data/demo_$kind.pol
	openssl smime -sign -in data/demo_$kind.pol -signer "$B/keys/ca.pem" \
		-inkey "$B/keys/ca.key" -binary -outform der -noattr -nodetach \
		-out data/demo_$kind.p7s
done
echo "Policies trusting the volume by root hash and by signature:"
tail -n 1 data/demo_roothash.pol data/demo_signature.pol
cd "$REPO"

mkdir -p "$demo/st/ipe"
cp "$B/selftests/ipe/ipe_hello" "$demo/st/ipe/"
cp -a "$demo/data" "$demo/st/data"
"$REPO/harness/initramfs.sh" "$demo/st" "$demo/initramfs.cpio.gz" \
	"$REPO/harness/demo-guest.sh" >/dev/null

say "4. Boot the IPE kernel (build/bzImage) under QEMU"
timeout --foreground 600 qemu-system-x86_64 -accel tcg -m 1024 -smp 2 \
	-nodefaults -display none -no-reboot -serial stdio \
	-kernel "$B/bzImage" -initrd "$demo/initramfs.cpio.gz" \
	-drive file="$demo/vol.squashfs",if=none,id=d0,format=raw,readonly=on \
	-device virtio-blk-pci,drive=d0,serial=vol \
	-drive file="$demo/vol.hashtree",if=none,id=d1,format=raw,readonly=on \
	-device virtio-blk-pci,drive=d1,serial=hash \
	-append "console=ttyS0 quiet loglevel=1 rdinit=/init" </dev/null |
	tr -d '\r'
