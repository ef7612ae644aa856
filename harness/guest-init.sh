#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the test VM: mount the pseudo filesystems, run the IPE
# selftests through the standard kselftest entry point of an installed
# tree (/selftests/run_kselftest.sh, the same kselftest/runner.sh as
# "make run_tests") with their TAP on the second serial port (/dev/ttyS1),
# check kmemleak, power off. The kernel log and KUnit's KTAP stay on
# ttyS0. ipe_tests=N,N... on the kernel command line (make vm-tests
# TESTS="N N") runs only test_N_*.sh; ipe_expect_lsm=LIST is the list
# /sys/kernel/security/lsm must hold (test_39_stacking).
. /etc/guest-mounts.sh
export IPE_DATA=/ipe-data
expect_lsm=$(sed -n 's/.*ipe_expect_lsm=\([a-z,]*\).*/\1/p' /proc/cmdline)
[ -z "$expect_lsm" ] || export IPE_EXPECT_LSM="$expect_lsm"
# the test CA the kernel trusts, for the tests that sign on the spot
export IPE_TEST_CA_KEY=/ipe-keys/ca.key IPE_TEST_CA_CERT=/ipe-keys/ca.pem

tap=/dev/ttyS1
{
	only=$(sed -n 's/.*ipe_tests=\([0-9,]*\).*/\1/p' /proc/cmdline)
	sel="-c ipe"
	if [ -n "$only" ]; then
		sel=
		for num in $(echo "$only" | tr ',' ' '); do
			for t in $(grep "^ipe:test_${num}_" /selftests/kselftest-list.txt); do
				sel="$sel -t $t"
			done
		done
	fi
	if [ -n "$sel" ]; then
		# shellcheck disable=SC2086
		/selftests/run_kselftest.sh $sel
	else
		echo "not ok 1 selftests: ipe: no test matches ipe_tests=$only"
	fi
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
