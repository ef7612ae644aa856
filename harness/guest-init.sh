#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the test VM: mount the pseudo filesystems, run the IPE
# selftests with their TAP on the second serial port (/dev/ttyS1), check
# kmemleak, power off. The kernel log and KUnit's KTAP stay on ttyS0.
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t securityfs securityfs /sys/kernel/security
mount -t debugfs debugfs /sys/kernel/debug
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
# Audit records reach the console through printk; do not rate-limit them.
echo 0 >/proc/sys/kernel/printk_ratelimit
export DM_DISABLE_UDEV=1 IPE_DATA=/ipe-data

tap=/dev/ttyS1
{
	sh /selftests/ipe/run_ipe_tests.sh
	leaks=/sys/kernel/debug/kmemleak
	if [ -e $leaks ]; then
		sleep 6
		echo scan >$leaks
		echo scan >$leaks
		cat $leaks | sed 's/^/# kmemleak: /'
	fi
	echo "# ipe-guest: done"
} >$tap 2>&1
echo "ipe-guest: tests finished"
reboot -f
