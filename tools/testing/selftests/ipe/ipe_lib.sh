#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the IPE end-to-end tests. A test file prints one line per
# behaviour it checks: "PASS desc", "FAIL desc: why" or "SKIP desc: why";
# run_ipe_tests.sh numbers them into TAP.

IPE_FS=/sys/kernel/security/ipe
IPE_DATA=${IPE_DATA:-/ipe-data}

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
skip() { echo "SKIP $1: $2"; }

# check DESC CMD...: the command must succeed.
check() {
	desc=$1
	shift
	if out=$("$@" 2>&1); then
		pass "$desc"
	else
		fail "$desc" "'$*' failed: $(echo "$out" | tail -n 3 | tr '\n' ' ')"
	fi
}

# check_fails DESC CMD...: the command must fail.
check_fails() {
	desc=$1
	shift
	if out=$("$@" 2>&1); then
		fail "$desc" "'$*' unexpectedly succeeded"
	else
		pass "$desc"
	fi
}

IPE_WRITE="$IPE_SELFTESTS/ipe_write"

# expect_write DESC WANT [ipe_write args...]: ipe_write must print WANT
# (OK or an errno name).
expect_write() {
	desc=$1 want=$2
	shift 2
	got=$("$IPE_WRITE" "$@" 2>&1)
	if [ "$got" = "$want" ]; then
		pass "$desc"
	else
		fail "$desc" "expected $want, got $got"
	fi
}

# expect_eq DESC WANT GOT
expect_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "expected '$2', got '$3'"
	fi
}

# Kernel log lines since the last audit_clear (audit records reach the log
# through printk while no auditd runs).
audit_clear() { dmesg -c >/dev/null; }
audit_log() { dmesg | grep "audit: type=$1 " ; }

# expect_audit DESC TYPE PATTERN...: a record of TYPE containing every
# PATTERN (fixed strings) was logged since audit_clear.
expect_audit() {
	desc=$1 type=$2
	shift 2
	recs=$(audit_log "$type")
	for p in "$@"; do
		recs=$(echo "$recs" | grep -F -- "$p")
	done
	if [ -n "$recs" ]; then
		pass "$desc"
	else
		fail "$desc" \
			"no type=$type record with: $* (have: $(audit_log "$type" | tail -n 2))"
	fi
}

# audit_digest FILE: the policy_digest= value of a signed policy FILE as
# audit records show it, sha256 over the PKCS#7 blob in upper-case hex
# (audit_log_n_hex(), as mainline).
audit_digest() { sha256sum "$1" | cut -d' ' -f1 | tr a-f A-F; }

# load NAME: load $IPE_DATA/NAME.p7s, quietly; for setting up a test.
load() { "$IPE_WRITE" "$IPE_FS/new_policy" "$IPE_DATA/$1.p7s" >/dev/null; }

# run CMD...: print the command's output, or "EXIT=<status>" when it failed.
run() { "$@" 2>/dev/null || echo "EXIT=$?"; }

# disk SERIAL: the /dev node of the virtio disk with that serial.
disk() {
	for s in /sys/block/vd*/serial; do
		[ -e "$s" ] || continue
		if [ "$(cat "$s")" = "$1" ]; then
			d=${s%/serial}
			echo "/dev/${d##*/}"
			return 0
		fi
	done
	return 1
}

# failslab_on: fail-nth faults for sleeping allocations too (GFP_KERNEL,
# GFP_NOFS), without stack dumps; 1 when failslab or fail-nth is missing
# (CONFIG_FAILSLAB). failslab_off puts back the defaults.
IPE_FAILSLAB=/sys/kernel/debug/failslab
failslab_on() {
	[ -d $IPE_FAILSLAB ] && [ -e /proc/self/fail-nth ] || return 1
	echo N >$IPE_FAILSLAB/ignore-gfp-wait
	echo 0 >$IPE_FAILSLAB/verbose
}
failslab_off() {
	echo Y >$IPE_FAILSLAB/ignore-gfp-wait
	echo 2 >$IPE_FAILSLAB/verbose
}
