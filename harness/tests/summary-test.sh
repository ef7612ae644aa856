#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# summary-test.sh OUT.tap: prove that harness/summary.sh fails a run for
# each kind of problem make check must catch (a failed KUnit case, a
# failed selftest check, a selftest program that failed or stopped, a
# WARNING, KASAN, lockdep, kmemleak, a timeout, a run with no test),
# counts every check of the kselftest runner's nested TAP once and a skip
# never as a pass, and passes a clean one. Writes TAP.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
out=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
: >"$out"

good_console() {
	cat <<'LOG'
Linux version 6.1
KTAP version 1
1..1
    KTAP version 1
    # Subtest: ipe_demo
    1..2
    ok 1 first
    ok 2 second
ok 1 ipe_demo
LOG
}

# what run_kselftest.sh prints for two test programs of two checks each
good_tap() {
	cat <<'TAP'
TAP version 13
1..2
# selftests: ipe: test_10_a.sh
# TAP version 13
# ok 1 a: b
# # a comment
# ok 2 a: c
# 1..2
ok 1 selftests: ipe: test_10_a.sh
# selftests: ipe: test_20_b.sh
# TAP version 13
# ok 1 b: d
# ok 2 b: e
# 1..2
ok 2 selftests: ipe: test_20_b.sh
# ipe-guest: done
TAP
}

# case NAME WANT(pass|fail) MUTATION [OUTPUT-PATTERN]: build a VM dir,
# mutate it, summarize; the summary must end as WANT (and print PATTERN).
case_() {
	local name=$1 want=$2 mut=$3 pat=${4:-} d=$tmp/$1 got

	mkdir -p "$d"
	good_console >"$d/console.log"
	good_tap >"$d/tap.log"
	echo "qemu_rc=0 seconds=1" >"$d/status"
	summary_args= more_args=
	eval "$mut"
	# shellcheck disable=SC2086
	if "$HERE/../summary.sh" $summary_args "$d" $more_args >"$d/out" 2>&1; then got=pass; else got=fail; fi
	[ -n "$pat" ] && ! grep -q -- "$pat" "$d/out" && got="$got without '$pat'"
	n=$((n + 1))
	if [ "$got" = "$want" ]; then
		echo "ok $n - summary: $name gives $want" >>"$out"
	else
		echo "not ok $n - summary: $name gives $want (got $got)" >>"$out"
		sed 's/^/# /' "$d/out" >>"$out"
		bad=1
	fi
}

case_ clean pass ':' '^14 passed, 0 failed$'
case_ kunit-case-failed fail 'sed -i "s/    ok 2 second/    not ok 2 second/" "$d/console.log"'
case_ kunit-crashed-mid-run fail 'sed -i "/^ok 1 ipe_demo/d" "$d/console.log"'
case_ no-kunit-at-all fail 'echo "Linux version 6.1" >"$d/console.log"'
case_ selftest-failed fail 'sed -i "s/^# ok 2 a: c/# not ok 2 a: c/; s/^ok 1 selftests/not ok 1 selftests/" "$d/tap.log"' \
	'^13 passed, 1 failed$'
case_ program-failed-as-a-whole fail 'sed -i "s/^ok 2 selftests: ipe: test_20_b.sh/not ok 2 selftests: ipe: test_20_b.sh # exit=1/" "$d/tap.log"' \
	'^14 passed, 1 failed$'
case_ program-timed-out fail 'sed -i "s/^ok 2 selftests: ipe: test_20_b.sh/#\nnot ok 2 selftests: ipe: test_20_b.sh # TIMEOUT 45 seconds/" "$d/tap.log"' \
	'FAIL  selftest ipe: test_20_b.sh: not ok 2 selftests: ipe: test_20_b.sh # TIMEOUT'
case_ program-stopped-before-its-plan fail 'sed -i "/^# ok 2 b: e/d" "$d/tap.log"' \
	'plan 1..2 but 1 checks reported'
case_ guest-stopped-mid-run fail 'sed -i "/test_20_b.sh/,/^ok 2 selftests/d" "$d/tap.log"' \
	'plan 1..2 but 1 programs reported'
case_ program-without-checks-counts-once pass 'sed -i "/^# ok 1 b: d/d; /^# ok 2 b: e/d; /^# 1..2/d" "$d/tap.log"' \
	'^13 passed, 0 failed$'
case_ skipped-program-not-a-pass pass 'sed -i "/^# ok 1 b: d/d; /^# ok 2 b: e/d; /^# 1..2/d; s/^ok 2 selftests: ipe: test_20_b.sh/& # SKIP/" "$d/tap.log"' \
	'^12 passed, 0 failed, 1 skipped$'
case_ nested-comment-ok-not-counted pass 'sed -i "s/^# # a comment/# # ok 9 not a check/" "$d/tap.log"' \
	'^14 passed, 0 failed$'
case_ guest-did-not-finish fail 'sed -i "/ipe-guest: done/d" "$d/tap.log"'
case_ no-selftest-at-all fail 'printf "# ipe-guest: done\n" >"$d/tap.log"'
case_ warn-on fail 'echo "WARNING: CPU: 0 PID: 1 at security/ipe/eval.c:42 ipe_evaluate_event+0x10/0x20" >>"$d/console.log"'
case_ bug fail 'echo "BUG: kernel NULL pointer dereference, address: 0000000000000008" >>"$d/console.log"'
case_ kasan fail 'echo "BUG: KASAN: slab-use-after-free in ipe_policy_put+0x1/0x2" >>"$d/console.log"'
case_ lockdep fail 'echo "WARNING: possible circular locking dependency detected" >>"$d/console.log"'
case_ rcu fail 'echo "WARNING: suspicious RCU usage" >>"$d/console.log"'
case_ ubsan fail 'echo "UBSAN: array-index-out-of-bounds in security/ipe/eval.c:10:5" >>"$d/console.log"'
case_ kmemleak fail 'echo "# kmemleak: unreferenced object 0xffff888003a1b000 (size 64):" >>"$d/tap.log"'
case_ timeout fail 'echo "qemu_rc=124 seconds=1500" >"$d/status"'
case_ skipped-selftest-counted-as-skipped pass \
	'sed -i "s/^# ok 2 a: c/# ok 2 a: c # SKIP no disk/" "$d/tap.log"' \
	'^13 passed, 0 failed, 1 skipped$'
case_ vm-tests-selftests-only pass 'rm "$d/console.log"; summary_args=--selftests' \
	'^4 passed, 0 failed$'
# a second boot (--vm DIR2): selftests and health, no KUnit
second='mkdir -p "$d/b"; good_tap >"$d/b/tap.log"; echo "Linux version 6.1" >"$d/b/console.log"; echo "qemu_rc=0 seconds=1" >"$d/b/status"; more_args="--vm $d/b"'
case_ second-boot-clean pass "$second" '^26 passed, 0 failed$'
case_ second-boot-selftest-failed fail "$second"'; sed -i "s/^# ok 2 a: c/# not ok 2 a: c/" "$d/b/tap.log"' \
	'FAIL  \[b\] selftest ipe: test_10_a.sh: not ok 2 a: c'
case_ second-boot-kasan fail "$second"'; echo "BUG: KASAN: slab-out-of-bounds in ipe_bdev_blob+0x1/0x2" >>"$d/b/console.log"' \
	'FAIL  \[b\] kernel: no KASAN report'
case_ second-boot-did-not-run fail "$second"'; rm -r "$d/b"' \
	'FAIL  \[b\] vm: finished in time'
case_ second-boot-no-selftest fail "$second"'; printf "# ipe-guest: done\n" >"$d/b/tap.log"' \
	'FAIL  \[b\] selftests: no selftest ran'
echo "1..$n" >>"$out"
exit $bad
