#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the IPE end-to-end tests, sourced by every test_NN_*.sh as
# . "$(dirname "$0")/ipe_lib.sh". A test file prints one line per
# behaviour it checks: "PASS desc", "FAIL desc: why" or "SKIP desc # SKIP
# why" (pass, fail and skip below);
# sourcing this file reruns the test under ipe_tap(), which numbers those
# lines into TAP (every other line becomes a "# " comment) and sets the
# exit status the kselftest runner reads: 0 all passed, 1 a check failed
# or the test was killed, 4 (KSFT_SKIP) nothing passed and nothing failed
# (every check skipped, or none ran).

IPE_FS=/sys/kernel/security/ipe
IPE_DATA=${IPE_DATA:-/ipe-data}
IPE_SELFTESTS=${IPE_SELFTESTS:-$(cd "$(dirname "$0")" && pwd)}
export IPE_SELFTESTS IPE_DATA

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
skip() { echo "SKIP $1 # SKIP $2"; }

# ipe_tap: read a test's output, followed by "IPE_EXIT status", on stdin
# and print it as TAP; its exit status is the test's for the runner.
ipe_tap() {
	n=0 failed=0 passed=0 status=0
	echo "TAP version 13"
	while IFS= read -r line; do
		case "$line" in
		"PASS "*) n=$((n + 1)) passed=$((passed + 1))
			printf 'ok %d %s\n' $n "${line#PASS }" ;;
		"FAIL "*) n=$((n + 1)) failed=$((failed + 1))
			printf 'not ok %d %s\n' $n "${line#FAIL }" ;;
		"SKIP "*) n=$((n + 1))
			case "$line" in
			*" # SKIP"*) printf 'ok %d %s\n' $n "${line#SKIP }" ;;
			*) printf 'ok %d %s # SKIP\n' $n "${line#SKIP }" ;;
			esac ;;
		"IPE_EXIT "*) status=${line#IPE_EXIT } ;;
		*) printf '# %s\n' "$line" ;;
		esac
	done
	echo "1..$n"
	# A test's last command may fail harmlessly; a signal is a crash.
	if [ "$status" -ge 128 ]; then
		echo "# killed: exit status $status"
		return 1
	fi
	[ "$failed" = 0 ] || return 1
	# nothing passed: every check skipped, or none ran
	[ "$passed" -gt 0 ] || return 4
	return 0
}

case ${0##*/} in
test_*.sh)
	if [ -z "${IPE_TAP_CHILD:-}" ]; then
		IPE_TAP_CHILD=$0
		export IPE_TAP_CHILD
		{ sh "$0" "$@" 2>&1; echo "IPE_EXIT $?"; } | ipe_tap
		exit $?
	fi
	;;
esac

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
