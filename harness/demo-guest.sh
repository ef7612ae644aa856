#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the demo VM: what an administrator types, with its output.
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t securityfs securityfs /sys/kernel/security
mount -t tmpfs tmpfs /tmp
echo 0 >/proc/sys/kernel/printk_ratelimit
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
say "Done: IPE allowed only code from the verified initramfs."
reboot -f
