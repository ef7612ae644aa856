#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the demo VM: what an administrator types, with its output.
. /etc/guest-mounts.sh
D=/ipe-data

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
show() { echo "# $*"; sh -c "$*" 2>&1; }

say "IPE is one of the running LSMs"
show "cat /sys/kernel/security/lsm; echo"
say "Load the signed policy"
show "cat $D/demo.p7s > /sys/kernel/security/ipe/new_policy"
show "ls /sys/kernel/security/ipe/policies/"
show "cat /sys/kernel/security/ipe/policies/demo/version"
say "Without an active policy everything may run, even from tmpfs"
cp /selftests/ipe/ipe_hello /tmp/hello
show "/tmp/hello"
say "Activate the policy"
show "sysctl ipe.active_policy=demo"
dmesg -c >/dev/null
say "A binary from the initramfs is allowed (boot_verified=TRUE)"
show "/selftests/ipe/ipe_hello"
say "The same binary copied to tmpfs is denied"
show "/tmp/hello"
say "The denial as audit records it (type 1420, IPE_ACCESS)"
dmesg | grep 'type=1420' | sed 's/^.*audit: //'
say "Permissive mode: the same decision, recorded, but allowed"
show "sysctl ipe.enforce=0"
show "/tmp/hello"
show "sysctl ipe.enforce=1"
dmesg | grep 'type=1420' | tail -n 1 | sed 's/^.*audit: //'
mkdir -p /run/cryptsetup /mnt/vol
for s in /sys/block/vd*/serial; do
	case "$(cat "$s")" in
	vol) VOL=/dev/$(basename "$(dirname "$s")") ;;
	hash) HASH=/dev/$(basename "$(dirname "$s")") ;;
	esac
done
RH=$(cat $D/roothash)
say "dm-verity: open the volume by its root hash and mount it"
show "veritysetup open $VOL vol $HASH $RH && mount -t squashfs -o ro /dev/mapper/vol /mnt/vol"
say "Under the boot-only policy the volume's program is denied"
show "/mnt/vol/bin/ipe_hello"
say "A policy that trusts this root hash allows it"
show "cat $D/demo_roothash.p7s > /sys/kernel/security/ipe/new_policy"
show "sysctl ipe.active_policy=demo_roothash"
show "/mnt/vol/bin/ipe_hello"
say "A policy that trusts signed root hashes: the volume opened without a signature is denied"
show "cat $D/demo_signature.p7s > /sys/kernel/security/ipe/new_policy"
show "sysctl ipe.active_policy=demo_signature"
show "/mnt/vol/bin/ipe_hello"
say "Re-open it with the root hash signature, which dm-verity checks against the kernel's keyring"
show "umount /mnt/vol && veritysetup close vol"
show "veritysetup open $VOL vol $HASH $RH --root-hash-signature=$D/roothash.p7s && mount -t squashfs -o ro /dev/mapper/vol /mnt/vol"
dmesg -c >/dev/null
show "/mnt/vol/bin/ipe_hello"
say "With success_audit=1, the allow is recorded with the rule that matched"
show "sysctl ipe.success_audit=1"
show "/mnt/vol/bin/ipe_hello"
show "sysctl ipe.success_audit=0"
dmesg | grep 'type=1420' | grep 'path="/mnt/vol' | tail -n 1 | sed 's/^.*audit: //'
say "Policy updates are audited (1422); rolling back to an older version is refused"
dmesg -c >/dev/null
show "cat $D/demo_roothash.p7s > /sys/kernel/security/ipe/policies/demo_roothash/update"
dmesg | grep 'type=1422' | sed 's/^.*audit: //'
show "sysctl ipe.active_policy=demo_roothash"
dmesg | grep 'ipe:' | tail -n 1
say "Done: IPE allowed only code from the verified initramfs and dm-verity."
reboot -f
