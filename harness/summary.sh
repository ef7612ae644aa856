#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# summary.sh VMDIR [--vm VMDIR2]... [HOSTTAP...]: count the KUnit cases
# (KTAP on VMDIR's console), the selftests (the kselftest runner's TAP on
# the second serial port, each check of each program), the host-side
# TAP files given, and the kernel health checks (no BUG, WARNING, KASAN,
# UBSAN, lockdep, RCU or kmemleak report, the VM finished in time).
# Each --vm VMDIR2 is a further boot with selftests and no KUnit (make
# check's second boot, SELinux active, and third, the default kernel):
# its selftests and health checks count too, labelled with its
# directory's name.
# Prints failures, then "N passed, M failed[, K skipped]"; exits 1 on any
# failure or when no test ran. summary.sh --selftests VMDIR counts only
# the selftests (make vm-tests).
set -uo pipefail
vm=$1
shift
con=$vm/console.log tap=$vm/tap.log
pass=0 fail=0 skipped=0
tag=""	# "[VMDIR2] " while counting a further boot

result() { # result ok|fail|skip NAME [DETAIL]
	case $1 in
	ok) pass=$((pass + 1)) ;;
	skip) skipped=$((skipped + 1)); echo "  SKIP  $2" ;;
	*) fail=$((fail + 1)); echo "  FAIL  $2${3:+: $3}" ;;
	esac
}

# count_tap FILE INDENT LABEL: ok / not ok lines at one nesting level.
count_tap() {
	local file=$1 indent=$2 label=$3 line name

	while IFS= read -r line; do
		line=${line%$'\r'}
		case "$line" in
		"${indent}ok "*"# SKIP"*|"${indent}ok "*"# skip"*)
			result skip "$label: ${line#"${indent}"}" ;;
		"${indent}ok "*) result ok "$label" ;;
		"${indent}not ok "*) result fail "$label: ${line#"${indent}"}" ;;
		esac
	done <"$file"
}

# count_kselftest FILE: the kselftest runner's TAP. Each test program's
# own results are nested one level ("# ok N ...", as the runner prefixes
# its output) and are what counts, one per check; a program's top-level
# "ok/not ok N selftests: ipe: NAME" line counts only when it says more
# than its checks: a program that failed as a whole (exit status, timeout)
# with no failed check, a program with no check at all, or a number of
# checks that differs from the program's plan. The top-level plan must
# match the programs reported (the guest did not stop mid-run).
count_kselftest() {
	local file=$1 line prog="" checks=0 bad=0 plan="" top="" progs=0

	while IFS= read -r line; do
		case "$line" in
		"# selftests: "*)
			prog=${line#"# selftests: "} checks=0 bad=0 plan="" ;;
		"# ok "*"# SKIP"*|"# ok "*"# skip"*)
			checks=$((checks + 1))
			result skip "${tag}selftest $prog: ${line#"# "}" ;;
		"# ok "*)
			checks=$((checks + 1))
			result ok "${tag}selftest $prog" ;;
		"# not ok "*)
			checks=$((checks + 1)) bad=$((bad + 1))
			result fail "${tag}selftest $prog: ${line#"# "}" ;;
		"# 1.."[0-9]*) plan=${line#"# 1.."} ;;
		"1.."[0-9]*) [ -n "$top" ] || top=${line#1..} ;;
		"ok "*|"not ok "*)
			progs=$((progs + 1))
			case "$line" in
			"not ok "*)
				[ "$bad" -gt 0 ] ||
					result fail "${tag}selftest $prog" "$line" ;;
			*"# SKIP"*)
				[ "$checks" -gt 0 ] || result skip "${tag}selftest $prog: $line" ;;
			*)
				[ "$checks" -gt 0 ] || result ok "${tag}selftest $prog" ;;
			esac
			if [ -n "$plan" ] && [ "$plan" != "$checks" ]; then
				result fail "${tag}selftest $prog" "plan 1..$plan but $checks checks reported"
			fi
			prog="" checks=0 bad=0 plan="" ;;
		esac
	done <"$file"
	if [ -n "$top" ] && [ "$top" != "$progs" ]; then
		result fail "${tag}selftests" "plan 1..$top but $progs programs reported"
	fi
	selftests=$((selftests + progs))
}

# summary.sh --selftests VMDIR: the selftests only (make vm-tests).
selftests=0
if [ "$vm" = --selftests ]; then
	vm=$1 tap=$1/tap.log
	tr -d '\r' <"$tap" >"$vm/tap.txt" 2>/dev/null || : >"$vm/tap.txt"
	count_kselftest "$vm/tap.txt"
	grep -q '^# ipe-guest: done' "$vm/tap.txt" ||
		result fail "selftests" "the guest did not finish (see $tap)"
	[ "$selftests" -gt 0 ] || result fail "selftests" "no selftest ran"
	line="$pass passed, $fail failed"
	[ "$skipped" -gt 0 ] && line+=", $skipped skipped"
	echo "$line"
	[ "$fail" = 0 ]
	exit
fi

[ -f "$con" ] || { echo "summary: no console log in $vm" >&2; exit 1; }
tr -d '\r' <"$con" >"$vm/console.txt"
tr -d '\r' <"$tap" >"$vm/tap.txt" 2>/dev/null || : >"$vm/tap.txt"

# KUnit: the cases are the lines one level (4 spaces) into the top plan.
suites=$(grep -c '^ok \|^not ok ' "$vm/console.txt")
plan=$(grep -m1 -x '1\.\.[0-9]*' "$vm/console.txt" | cut -d. -f3)
count_tap "$vm/console.txt" "    " "kunit"
if [ -z "$plan" ] || [ "$suites" != "$plan" ]; then
	result fail "kunit" "KTAP plan ${plan:-missing} but $suites suites reported"
fi
grep -B2 -A20 '^    not ok\|^        not ok\|# .*EXPECTATION FAILED\|ASSERTION FAILED' \
	"$vm/console.txt" | head -60 | sed 's/^/        /'

# vm_checks VMDIR: a boot's selftests, through the kselftest runner, and
# its kernel's health: any report below in its kernel log fails the run.
vm_checks() {
	local vm=$1 selftests_before=$selftests

	tr -d '\r' <"$vm/console.log" >"$vm/console.txt" 2>/dev/null ||
		: >"$vm/console.txt"
	tr -d '\r' <"$vm/tap.log" >"$vm/tap.txt" 2>/dev/null || : >"$vm/tap.txt"
	count_kselftest "$vm/tap.txt"
	grep -q '^# ipe-guest: done' "$vm/tap.txt" ||
		result fail "${tag}selftests" "the guest did not finish (see $vm/tap.log)"
	[ "$selftests" -gt "$selftests_before" ] ||
		result fail "${tag}selftests" "no selftest ran"
	health "no BUG or Oops" 'BUG:|Oops|kernel BUG at|general protection fault|Kernel panic'
	health "no WARNING" '^WARNING:|^------------\[ cut here \]'
	health "no KASAN report" 'KASAN'
	health "no UBSAN report" 'UBSAN'
	health "no lockdep report" 'possible circular locking|inconsistent lock state|possible recursive locking|suspicious RCU usage|lock held when returning|bad unlock balance'
	health "no RCU stall or hung task" 'rcu_.*stall|rcu: INFO|blocked for more than'
	if grep -q '^# kmemleak: unreferenced object' "$vm/tap.txt"; then
		result fail "${tag}kernel: no kmemleak report" \
			"$(grep -c '^# kmemleak: unreferenced object' "$vm/tap.txt") objects"
		grep -m40 '^# kmemleak:' "$vm/tap.txt" | sed 's/^/        /'
	else
		result ok "${tag}kernel: no kmemleak report"
	fi
	if grep -q 'qemu_rc=124' "$vm/status" 2>/dev/null; then
		result fail "${tag}vm: finished in time" "timed out"
	elif [ -f "$vm/status" ]; then
		result ok "${tag}vm: finished in time"
	else
		result fail "${tag}vm: finished in time" "no $vm/status: the VM did not run"
	fi
}

# health NAME REGEX: no line of the kernel log of the boot that vm_checks
# is looking at ($vm) matches REGEX.
health() {
	local hits

	hits=$(grep -E -m5 "$2" "$vm/console.txt")
	if [ -n "$hits" ]; then
		result fail "${tag}kernel: $1" "$(echo "$hits" | head -1)"
		grep -E -m1 -A30 "$2" "$vm/console.txt" | sed 's/^/        /'
	else
		result ok "${tag}kernel: $1"
	fi
}

vm_checks "$vm"
while [ "${1:-}" = --vm ]; do
	tag="[$(basename "$2")] "
	vm_checks "$2"
	shift 2
done
tag=""

# Host-side TAP files.
for f in "$@"; do
	[ -f "$f" ] && count_tap "$f" "" "host:$(basename "$f" .tap)"
done

kunit_cases=$(grep -c '^    ok \|^    not ok ' "$vm/console.txt")
[ "$kunit_cases" -gt 0 ] || result fail "kunit" "no KUnit case ran"

line="$pass passed, $fail failed"
[ "$skipped" -gt 0 ] && line+=", $skipped skipped"
echo "$line"
[ "$fail" = 0 ]
