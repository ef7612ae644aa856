#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the benchmark VM (make bench). The kernel has already run the
# in-kernel evaluation benchmark (KUnit suite ipe_bench) on the console.
# Here, on the second serial port, one line per sample:
#
#   sample KIND CONFIG ROUND VALUE
#
# KIND exec or mmap (ns per operation of a binary on a dm-verity volume),
# CONFIG none (the hooks act as before any policy: the bench kernel's
# switch /sys/kernel/debug/ipe/bench_no_policy, see
# security/ipe/tests/bench_switch.c) or rN (an active policy of N
# root-hash rules, none naming the volume, DEFAULT action=ALLOW); then
# load samples (ms to load the 10 000-rule policy) and the memory it
# holds (MemFree and Slab before and after, in kB). All configs, none
# included, are measured in turn, round after round (A/B/C/A/B/C...), so
# that what the machine does meanwhile weighs on each of them alike.
# Before the rounds, the switch is checked: with a policy active that
# denies the binary, it runs with the switch on and not with it off.
#
# Then the whole-image allowlists: load samples of 20 000 and 200 000
# fs-verity digests (load fsvN, ms), what the 200 000 hold (slab, vmalloc
# and memfree fsv200000, kB), and exec and mmap of ipe_hello on the ext4
# volume, sealed here, with the allowlists of 1 and 200 000 digests
# active in turn (CONFIG fsv1, fsv200000). With ipe_bench_short on the
# command line, only the none and rN rounds, fewer of them: a later
# boot of make bench, for the per-boot ratios.
. /etc/guest-mounts.sh
D=/ipe-data
B=/selftests/ipe/ipe_bench
FS=/sys/kernel/security/ipe
SW=/sys/kernel/debug/ipe/bench_no_policy
ROUNDS=21
EXECS=100
MMAPS=10000
SHORT=
grep -q ipe_bench_short /proc/cmdline && SHORT=1 ROUNDS=11

# disk() finds a virtio disk by its serial, as in the selftests
. /selftests/ipe/ipe_lib.sh

meminfo() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }

main() {
{
	mkdir -p /run/cryptsetup /mnt/vol
	veritysetup open "$(disk vol)" bench "$(disk hash)" "$(cat $D/roothash)" &&
		mount -t squashfs -o ro /dev/mapper/bench /mnt/vol ||
		echo "error: cannot open the benchmark volume"
	V=/mnt/vol/ipe_hello
	# warm up (page cache, translated code), as long as two rounds
	for r in 1 2; do
		$B exec $V $EXECS >/dev/null
		$B mmap $V $MMAPS >/dev/null
	done

	for n in 1 100 1000 10000; do
		$B write $FS/new_policy $D/bench_$n.p7s >/dev/null ||
			echo "error: bench_$n does not load"
	done
	check_switch
	for r in $(seq $ROUNDS); do
		echo Y >$SW
		echo "sample exec none $r $($B exec $V $EXECS)"
		echo "sample mmap none $r $($B mmap $V $MMAPS)"
		echo N >$SW
		for n in 1 100 1000 10000; do
			sysctl -q -w ipe.active_policy=bench_$n ||
				echo "error: bench_$n does not activate"
			echo "sample exec r$n $r $($B exec $V $EXECS)"
			echo "sample mmap r$n $r $($B mmap $V $MMAPS)"
		done
	done

	[ -n "$SHORT" ] || long_rounds
	echo "# bench: done"
} >/dev/ttyS1 2>&1
reboot -f
}

# the no-policy switch hides a policy that denies the binary, and only then
check_switch() {
	$B write $FS/new_policy $D/bench_deny.p7s >/dev/null &&
		sysctl -q -w ipe.active_policy=bench_deny ||
		echo "error: bench_deny does not load or activate"
	if ! echo Y >$SW; then
		echo "error: no switch $SW"
		return
	fi
	$V >/dev/null 2>&1 ||
		echo "error: with $SW Y, a binary the policy denies does not run"
	echo N >$SW
	! $V >/dev/null 2>&1 ||
		echo "error: with $SW N, a binary the policy denies runs"
}

# load time and memory, whole-image allowlists: the first boot only
long_rounds() {
	for r in 1 2 3; do
		sync
		sleep 2
		free0=$(meminfo MemFree) slab0=$(meminfo Slab)
		echo "sample load r10000 $r $($B write $FS/new_policy $D/load_10000.p7s)"
		sleep 2
		echo "sample memfree r10000 $r $((free0 - $(meminfo MemFree)))"
		echo "sample slab r10000 $r $(($(meminfo Slab) - slab0))"
		echo load_10000 >$FS/del_policy
	done
	echo "size load_10000.p7s $(wc -c <$D/load_10000.p7s)"
	echo "size load_10000.pol $(wc -c <$D/load_10000.pol)"

	for r in 1 2 3; do
		for n in 20000 200000; do
			sync
			sleep 2
			free0=$(meminfo MemFree) slab0=$(meminfo Slab)
			vm0=$(meminfo VmallocUsed)
			echo "sample load fsv$n $r $($B write $FS/new_policy $D/fsv_$n.p7s)"
			sleep 2
			if [ $n = 200000 ]; then
				echo "sample memfree fsv$n $r $((free0 - $(meminfo MemFree)))"
				echo "sample slab fsv$n $r $(($(meminfo Slab) - slab0))"
				echo "sample vmalloc fsv$n $r $(($(meminfo VmallocUsed) - vm0))"
			fi
			echo fsv_$n >$FS/del_policy
		done
	done
	echo "size fsv_200000.p7s $(wc -c <$D/fsv_200000.p7s)"

	mkdir -p /mnt/fsv
	mount -t ext4 "$(disk fsv)" /mnt/fsv &&
		fsverity enable /mnt/fsv/ipe_hello ||
		echo "error: cannot seal ipe_hello on the fs-verity volume"
	[ "$(fsverity measure /mnt/fsv/ipe_hello | cut -d' ' -f1)" = \
	  "$(cat $D/fsv_digest)" ] ||
		echo "error: the sealed ipe_hello has another digest"
	F=/mnt/fsv/ipe_hello
	for n in 1 200000; do
		$B write $FS/new_policy $D/fsv_$n.p7s >/dev/null ||
			echo "error: fsv_$n does not load"
	done
	for r in $(seq $ROUNDS); do
		for n in 1 200000; do
			sysctl -q -w ipe.active_policy=fsv_$n ||
				echo "error: fsv_$n does not activate"
			echo "sample exec fsv$n $r $($B exec $F $EXECS)"
			echo "sample mmap fsv$n $r $($B mmap $F $MMAPS)"
		done
	done
}

main
