#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the test VM: mount the pseudo filesystems, run the IPE
# selftests with their TAP on the second serial port (/dev/ttyS1), check
# kmemleak, power off. The kernel log and KUnit's KTAP stay on ttyS0.
. /etc/guest-mounts.sh
export IPE_DATA=/ipe-data

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
