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
	n=0 failed=0 passed=0 status=0 ended=0
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
		IPE_END) ended=1 ;;
		*) printf '# %s\n' "$line" ;;
		esac
	done
	echo "1..$n"
	# A test's last command may fail harmlessly, but it must reach its
	# end (an exit, or the last line), which a killed test does not.
	if [ "$ended" = 0 ]; then
		echo "# the test did not run to its end: exit status $status"
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
	# the test itself: IPE_CLEANUP runs and IPE_END says it ended
	# (subshells and background jobs do not inherit the trap)
	IPE_CLEANUP=
	trap 'eval "$IPE_CLEANUP"; echo IPE_END' EXIT
	;;
esac

# ipe_defaults: the state the tests expect unless they set another:
# enforcing, no success audit, strict parsing. A test that needs it says
# so, instead of counting on an earlier test or on the boot parameters.
ipe_defaults() {
	echo 1 >/proc/sys/ipe/enforce 2>/dev/null
	echo 0 >/proc/sys/ipe/success_audit 2>/dev/null
	echo 1 >/proc/sys/ipe/strict_parse 2>/dev/null
}

# cmdline_has PARAM...: every PARAM (ipe.enforce=0...) is on the kernel
# command line.
cmdline_has() {
	local p

	for p in "$@"; do
		case " $(cat /proc/cmdline) " in
		*" $p "*) ;;
		*) return 1 ;;
		esac
	done
}

# Signing on the spot. A test that loads policies signs them itself, with
# openssl and the private key and certificate (PEM) of a CA the kernel
# trusts for policies, named by IPE_TEST_CA_KEY and IPE_TEST_CA_CERT; it
# skips, saying why, when they are missing.
signer_missing() {
	if [ -z "${IPE_TEST_CA_KEY:-}" ] || [ -z "${IPE_TEST_CA_CERT:-}" ]; then
		echo "IPE_TEST_CA_KEY and IPE_TEST_CA_CERT are not set (see README)"
	elif [ ! -r "$IPE_TEST_CA_KEY" ] || [ ! -r "$IPE_TEST_CA_CERT" ]; then
		echo "cannot read $IPE_TEST_CA_KEY or $IPE_TEST_CA_CERT"
	elif ! command -v openssl >/dev/null 2>&1; then
		echo "openssl is not installed"
	else
		return 1
	fi
}

# sign IN OUT [CERT KEY]: an attached PKCS#7 signature, as the admin
# guide documents, by the test CA unless CERT and KEY are given.
sign() {
	openssl smime -sign -in "$1" -signer "${3:-$IPE_TEST_CA_CERT}" \
		-inkey "${4:-$IPE_TEST_CA_KEY}" -binary -outform der -noattr \
		-nodetach -out "$2"
}

# active_version: the version of the active policy, 0.0.0 when none.
active_version() {
	local name d

	name=$(cat /proc/sys/ipe/active_policy 2>/dev/null)
	if [ -z "$name" ]; then
		for d in "$IPE_FS"/policies/*; do
			[ "$(cat "$d/active" 2>/dev/null)" = 1 ] && name=${d##*/}
		done
	fi
	[ -n "$name" ] && cat "$IPE_FS/policies/$name/version" 2>/dev/null ||
		echo 0.0.0
}

# signed_policies PREFIX...: sets D to a fresh directory holding each
# template policies/PREFIX.pol and policies/PREFIX_*.pol of the test as
# D/NAME.pol, signed as D/NAME.p7s, with versions no older than what was
# active when the test started (see sign_templates). Skips the test when
# it cannot sign.
signed_policies() {
	local why files prefix f

	why=$(signer_missing) && {
		skip "${0##*/}: its policies are signed on the spot" "$why"
		exit 0
	}
	D=$(mktemp -d /tmp/ipe-test.XXXXXX)
	IPE_CLEANUP="$IPE_CLEANUP rm -rf '$D';"
	files=
	for prefix in "$@"; do
		for f in "$IPE_SELFTESTS/policies/$prefix".pol \
			 "$IPE_SELFTESTS/policies/${prefix}"_*.pol; do
			[ -e "$f" ] && files="$files $f"
		done
	done
	# shellcheck disable=SC2086
	sign_templates $files
}

# resign_data GLOB...: after signed_policies, each policy text
# $IPE_DATA/GLOB.pol that the build host wrote (it names disk images'
# root hashes or file digests that only the host knows), into D the same
# way.
resign_data() {
	local files glob f

	files=
	for glob in "$@"; do
		for f in "$IPE_DATA"/$glob.pol; do
			[ -e "$f" ] && files="$files $f"
		done
	done
	# shellcheck disable=SC2086
	sign_templates $files
}

# template_version FILE: the policy_version of a policy text, no '+'.
template_version() {
	sed -n '1s/.*policy_version=+\{0,1\}\([0-9]*\.[0-9]*\.[0-9]*\).*/\1/p' "$1"
}

# vnum X.Y.Z: a version as one number, for comparisons.
vnum() { echo "$1" | { IFS=. read -r a b c; echo $(((a << 32) + (b << 16) + c)); }; }

# sign_templates FILE...: each policy text as D/NAME.pol, signed as
# D/NAME.p7s. The versions keep their order; on the first call, IPE_BASE
# is set to what their major versions must go up by for the lowest of
# them to be no older than the active policy: 0 when they already are
# (as in a full run in order), else one more than the active major minus
# the lowest major. IPE_LOW is the lowest version as loaded.
sign_templates() {
	local low f ver act name

	if [ -z "${IPE_BASE:-}" ]; then
		low=
		for f in "$@"; do
			ver=$(template_version "$f")
			[ -n "$ver" ] || continue
			if [ -z "$low" ] || [ "$(vnum "$ver")" -lt "$(vnum "$low")" ]; then
				low=$ver
			fi
		done
	fi
	# only once there is a version to compare (signed_policies may come
	# without templates, before resign_data)
	if [ -z "${IPE_BASE:-}" ] && [ -n "$low" ]; then
		act=$(active_version)
		IPE_BASE=0
		if [ "$(vnum "$low")" -lt "$(vnum "$act")" ]; then
			IPE_BASE=$((${act%%.*} + 1 - ${low%%.*}))
		fi
		IPE_LOW=$(v "$low")
	fi
	for f in "$@"; do
		name=$(basename "$f" .pol)
		shift_version "$f" >"$D/$name.pol"
		sign "$D/$name.pol" "$D/$name.p7s" ||
			fail "signing $name" "openssl failed"
	done
}

# shift_version FILE: the policy text with the major of the first line's
# policy_version raised by IPE_BASE.
shift_version() {
	local old new

	old=$(sed -n '1s/.*policy_version=+\{0,1\}\([0-9]*\)\..*/\1/p' "$1")
	if [ -n "$old" ]; then
		new=$((IPE_BASE + old))
		sed "1s/policy_version=\(+\{0,1\}\)$old\./policy_version=\1$new./" "$1"
	else
		cat "$1"
	fi
}

# v X.Y.Z: template version X.Y.Z as loaded.
v() { echo "$((IPE_BASE + ${1%%.*})).${1#*.}"; }

# allow_all: after signed_policies, load and activate a policy of the
# test's own that allows everything, at the lowest version of its
# templates (IPE_LOW): the test starts from "everything runs", whatever
# an earlier test left active.
allow_all() {
	local name

	name=allow_${0##*/}
	name=${name%.sh}
	printf 'policy_name=%s policy_version=%s\nDEFAULT action=ALLOW\n' \
		"$name" "$IPE_LOW" >"$D/$name.pol"
	sign "$D/$name.pol" "$D/$name.p7s" && load "$name" &&
		echo "$name" >/proc/sys/ipe/active_policy ||
		fail "${0##*/} starts from a policy that allows all" "cannot activate $name"
}

# bad_blobs NAME: next to the signed $D/NAME.pol, blobs every load must
# refuse: $D/NAME.untrusted.p7s (signed by a CA the kernel does not
# trust), $D/NAME.tampered.p7s (content changed after signing),
# $D/garbage.bin (not DER) and $D/huge_header.bin (a header announcing
# 256 MiB, past the size cap).
bad_blobs() {
	untrusted_ca "$D"
	sign "$D/$1.pol" "$D/$1.untrusted.p7s" "$D/untrusted.pem" "$D/untrusted.key"
	tamper "$D/$1.p7s" "action=" "$D/$1.tampered.p7s"
	printf 'this is not a signature\n' >"$D/garbage.bin"
	printf '\060\204\020\000\000\000\002\001\001' >"$D/huge_header.bin"
}

# padded_policy NAME VERSION: $D/NAME.pol and .p7s, a 40 KiB policy
# allowing all, which cat writes in several calls.
padded_policy() {
	local i

	{
		echo "policy_name=$1 policy_version=$2"
		for i in $(seq 1 600); do
			echo "# padding line $i: 0123456789abcdef0123456789abcdef0123456789"
		done
		echo 'DEFAULT action=ALLOW'
	} >"$D/$1.pol"
	sign "$D/$1.pol" "$D/$1.p7s"
}

# untrusted_ca DIR: a self-signed CA the kernel does not trust, as
# DIR/untrusted.key and DIR/untrusted.pem.
untrusted_ca() {
	openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
		-subj "/CN=IPE selftest untrusted CA" -keyout "$1/untrusted.key" \
		-out "$1/untrusted.pem" >/dev/null 2>&1
}

# tamper IN.p7s TEXT OUT: IN with the byte after the first TEXT of its
# signed content changed to "D": a signature that no longer matches.
tamper() {
	local at body pre

	# the content's OCTET STRING: "OFF:d=N  hl=H l=  L prim: OCTET STRING :policy_name=..."
	at=$(openssl asn1parse -inform der -in "$1" | grep -m 1 'OCTET STRING *:policy_name=' |
		sed -n 's/^ *\([0-9]*\):d=[0-9]* *hl=\([0-9]*\) .*/\1 \2/p')
	body=$(openssl smime -verify -noverify -inform der -in "$1" 2>/dev/null)
	pre=${body%%"$2"*}
	cp "$1" "$3"
	printf 'D' | dd of="$3" bs=1 seek=$((${at% *} + ${at#* } + ${#pre} + ${#2})) \
		conv=notrunc 2>/dev/null
}

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

# load NAME: load $D/NAME.p7s (D from signed_policies, else $IPE_DATA),
# quietly; for setting up a test.
load() { "$IPE_WRITE" "$IPE_FS/new_policy" "${D:-$IPE_DATA}/$1.p7s" >/dev/null; }

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
