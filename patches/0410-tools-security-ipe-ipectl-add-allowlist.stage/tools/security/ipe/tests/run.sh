#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh IPECTL: host tests of ipectl, as TAP on stdout (plan at the end).
# Every failure is followed by "#" lines saying why. The exit status is 0
# when every test passed, 1 otherwise.
#
# Needs gcc, openssl, python3 (for JSON checks), and the signing CA in
# build/keys/ca.pem and ca.key (IPECTL_TEST_KEYS=DIR for another place;
# an untrusted CA is made on the fly when DIR has no untrusted.pem), and
# the kernel tree's tools/include (TOOLS_INCLUDE=DIR for another place).
# Nothing outside a temporary directory is written.
#
#   (a) the case tables of the kernel's parser tests
#       (security/ipe/tests/policy_parser_cases.h) run on the host against
#       the kernel's parser sources (parser_cases.c); every policy of the
#       parse table gives the same verdict, line and reason in "ipectl
#       check"; columns;
#   (b) signing: round trip, byte identity with openssl smime, untrusted
#       signer, refusal of a bad policy, a 2 MB policy;
#   (c) load/update/activate/delete/audit-policy/list/status on a fake
#       securityfs and sysctl tree, and the message of every kernel error
#       code;
#   (d) audit log summaries with exact counts, the audit policy's
#       decisions and role changes apart;
#   (e) the warnings (shadowed rule, duplicate digest) and the refusal of
#       a policy that leaves an op without DEFAULT;
#   (f) the command line and exit statuses;
#   (g) audit --suggest on the recorded logs of suggest/, the files at the
#       recorded paths, fs-verity (skipped where no filesystem has it),
#       escaping of what the log holds, and junk input;
#   (h) ipectl's SHA-256 and its reader of signed blobs (sha256_pkcs7.c):
#       known digests, sha256sum on random data of many lengths, the
#       content of blobs openssl signed, malformed and random blobs;
#   (i) allowlist: plain files skipped and counted, --name and --version
#       refused as the kernel's parser refuses them, unreadable
#       directories and files (nothing written), other filesystems, the
#       output file; digests through an ioctl() interposer
#       (fakeverity.c): one rule per distinct digest, in digest order;
#       the sort, the repeats and the text for 200 000 made-up digests
#       (allowlist_digests.c), timed.
#
# An ipectl built without OpenSSL (make NO_OPENSSL=1; its --version says
# "without OpenSSL") cannot sign: its refusal is checked, each test of
# ipectl sign is reported as skipped, and the signed blobs the other tests
# need are made with openssl smime, as ipectl sign makes them. With
# IPECTL_NO_OPENSSL=1 (or 0) the binary must be (or not be) such a build.
set -u

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
	echo "usage: $0 IPECTL_BINARY" >&2
	exit 2
fi
IPECTL=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../../.." && pwd)
keys=${IPECTL_TEST_KEYS:-$top/build/keys}
tools_include=${TOOLS_INCLUDE:-$top/tools/include}
CC=${CC:-gcc}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

n=0
failed=0

ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}

# not_ok DESC WHY...: each WHY is printed as "# " lines
not_ok() {
	local desc=$1 l

	shift
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $desc"
	for l in "$@"; do
		printf '%s\n' "$l" | sed 's/^/# /'
	done
}

skipped=0
skip() {
	n=$((n + 1))
	skipped=$((skipped + 1))
	echo "ok $n - $1 # SKIP $2"
}

# expect DESC COND WHY...: COND is evaluated by the shell
expect() {
	local desc=$1 cond=$2

	shift 2
	if eval "$cond"; then
		ok "$desc"
	else
		not_ok "$desc" "$@"
	fi
}

# a build without OpenSSL (make NO_OPENSSL=1) cannot sign
nosign=
case $("$IPECTL" --version 2>/dev/null) in
*"without OpenSSL"*)
	nosign=1
	;;
esac

# sign_expect DESC COND WHY...: expect, for a test of ipectl sign; skipped
# in a build without OpenSSL
sign_expect() {
	if [ -n "$nosign" ]; then
		skip "$1" "ipectl built without OpenSSL"
	else
		expect "$@"
	fi
}

# a static ipectl (make STATIC=1) does not load the write() interposer
# (LD_PRELOAD) that fakes the kernel's errors
static=
case $(ldd "$IPECTL" 2>&1) in
*"not a dynamic executable"*)
	static=1
	;;
esac

# fake_expect DESC COND WHY...: expect, for a test through the write()
# interposer; skipped for a static ipectl
fake_expect() {
	if [ -n "$static" ]; then
		skip "$1" "static ipectl: no LD_PRELOAD"
	else
		expect "$@"
	fi
}

# run CMD...: sets $out (stdout), $err (stderr) and $rc
run() {
	"$@" >"$work/.out" 2>"$work/.err"
	rc=$?
	out=$(cat "$work/.out")
	err=$(cat "$work/.err")
}

# json_ok FILE: valid JSON
json_ok() {
	"$PY" -m json.tool "$1" >/dev/null 2>&1
}

# pyjson FILE EXPR: print a Python expression over the JSON document j
PYJSON='import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))'
pyjson() {
	"$PY" -c "$PYJSON" "$1" "$2" 2>&1
}

# p7sign POLICY OUT [CERT KEY]: sign with openssl smime, as ipectl sign
# does (byte for byte, for RSA keys); with the CA's key by default
p7sign() {
	openssl smime -sign -binary -outform der -noattr -nodetach -in "$1" \
		-signer "${3:-$keys/ca.pem}" -inkey "${4:-$keys/ca.key}" \
		-out "$2" 2>/dev/null
}

HDR='policy_name=t policy_version=1.2.3'
H64=$(printf 'ab%.0s' $(seq 32))

# ---------------------------------------------------------------------
# (a) the kernel's parser test tables, and the corpus of their policies

# parser_cases BINARY [CFLAGS...]: build the runner of the case tables
# against the host build of the kernel's parser
parser_cases() {
	local bin=$1

	shift
	$CC -O1 -g -Wall -Wextra -D_GNU_SOURCE $san "$@" \
		-I "$here" -I "$top/scripts/ipe/polgen/compat" -I "$tools_include" \
		-idirafter "$top/security/ipe" \
		-include "$top/scripts/ipe/polgen/compat/ipe_config.h" \
		-o "$bin" "$here/parser_cases.c" "$top/scripts/ipe/polgen/parser.c" \
		"$top/scripts/ipe/polgen/compat.c" >"$work/cc.log" 2>&1
}

# with AddressSanitizer and UBSan where the compiler has them: each policy
# is parsed from a buffer of its exact length
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
echo 'int main(void) { return 0; }' >"$work/san.c"
$CC $san -o "$work/san" "$work/san.c" >/dev/null 2>&1 && "$work/san" || san=

pc=$work/parser_cases
if parser_cases "$pc"; then
	ok "the parser case tables build for the host${san:+ (with ASan and UBSan)}"
else
	not_ok "the parser case tables build for the host" "$(cat "$work/cc.log")"
	pc=
fi

if [ -n "$pc" ]; then
	"$pc" run >"$work/cases.tap" 2>"$work/cases.err"
	prc=$?
	pn=$(grep -c '^ok ' "$work/cases.tap")
	if [ $prc -eq 0 ] && [ "$pn" -gt 200 ] &&
		grep -qx "1\.\.$pn" "$work/cases.tap"; then
		ok "the parser case tables pass on the host ($pn cases)"
	else
		not_ok "the parser case tables pass on the host" "exit $prc" \
			"$(grep -E '^(not ok|#   )' "$work/cases.tap" | head -n 40
			   head -n 20 "$work/cases.err")"
	fi

	# the table of property settings with no property built
	if parser_cases "$pc-unbuilt" -DIPE_COMPAT_UNBUILT_PROPS &&
		"$pc-unbuilt" run prop_values >"$work/unbuilt.tap" 2>&1 &&
		[ "$(grep -c '^ok ' "$work/unbuilt.tap")" -ge 5 ]; then
		ok "with no property built, a rule on one is refused (strict) or skipped"
	else
		not_ok "with no property built, a rule on one is refused (strict) or skipped" \
			"$(cat "$work/cc.log" "$work/unbuilt.tap" 2>/dev/null | head -n 20)"
	fi

	mkdir -p "$work/corpus"
	if ! "$pc" corpus "$work/corpus"; then
		not_ok "the corpus of the parse table is extracted" "parser_cases corpus failed"
	fi
fi

ncases=0
nbad=0
if [ -s "$work/corpus/cases.tsv" ]; then
	while IFS=$'\t' read -r id strict kerr line reason name; do
		f=$work/corpus/$id.pol
		mode=
		[ "$strict" = 1 ] || mode=--lenient
		run "$IPECTL" check $mode "$f"
		ncases=$((ncases + 1))
		desc="check matches the kernel: $name"
		if [ "$kerr" = 0 ]; then
			if [ $rc -eq 0 ] && ! grep -q ': error: ' "$work/.err"; then
				ok "$desc (accepted)"
			else
				not_ok "$desc (accepted)" "exit $rc" "$err"
			fi
			continue
		fi
		nbad=$((nbad + 1))
		first=$(grep -m1 ': error: ' "$work/.err")
		if [ "$line" = 0 ]; then
			want="$f: error: $reason"
			got=$first
		else
			want="$f:$line:C: error: $reason"
			got=$(printf '%s\n' "$first" |
				sed -E 's|^(.*):([0-9]+):[1-9][0-9]*: error: |\1:\2:C: error: |')
		fi
		if [ $rc -eq 1 ] && [ "$got" = "$want" ]; then
			ok "$desc (line $line: $reason)"
		else
			not_ok "$desc (line $line: $reason)" "exit $rc, expected 1" \
				"expected: $want" "got:      $first"
		fi
	done <"$work/corpus/cases.tsv"
	expect "the corpus has accepted and refused cases" \
		"[ $ncases -gt 100 ] && [ $nbad -gt 50 ]" "$ncases cases, $nbad refused"
fi

# columns: FILE TEXT (printf format) and the expected first error
col_case() {
	local desc=$1 text=$2 want=$3 f=$work/col.pol

	printf "$text" >"$f"
	run "$IPECTL" check "$f"
	got=$(grep -m1 ': error: ' "$work/.err")
	expect "column: $desc" '[ $rc -eq 1 ] && [ "$got" = "$f:$want" ]' \
		"expected: $f:$want" "got:      $got"
}
col_case "unknown action points at the action token" \
	"$HDR\nop=EXECUTE action=allow\n" "2:12: error: unknown action"
col_case "unknown property after white space" \
	"$HDR\n  op=EXECUTE \t foo=bar action=ALLOW\n" "2:16: error: unknown property"
col_case "a missing action points at the rule's first token" \
	"$HDR\n\t op=EXECUTE boot_verified=TRUE\n" "2:3: error: missing action"
col_case "bad policy_version points at its token" \
	"  \tpolicy_name=t policy_version=1.2\n" \
	"1:18: error: policy_version must be MAJOR.MINOR.REV"
col_case "bad policy_name points at its token" \
	"policy_version=1.2.3 policy_name=\"a/b\"\n" "1:22: error: bad policy_name"
col_case "a NUL byte points at itself" \
	"policy_name=t\\0 policy_version=1.2.3\n" "1:14: error: NUL byte in policy"
col_case "a misplaced quote points at its token" \
	"$HDR\nop=EXECUTE op=EX\"ECUTE\" action=ALLOW\n" "2:12: error: misplaced quote"
col_case "a duplicate DEFAULT points at the line" \
	"$HDR\nDEFAULT action=DENY\n# c\n   DEFAULT action=ALLOW\n" \
	"4:4: error: duplicate DEFAULT"
col_case "a duplicate key points at the second one" \
	"$HDR\nop=EXECUTE boot_verified=TRUE boot_verified=TRUE action=DENY\n" \
	"2:31: error: key boot_verified given twice"

# every error, not only the first
printf '%s\n' "$HDR" 'op=EXECUTE action=allow' 'DEFAULT action=DENY' \
	'op=EXEC action=ALLOW' 'DEFAULT action=ALLOW' \
	'op=KMODULE boot_verified=TRUE' 'DEFAULT action=ALLOW' >"$work/many.pol"
run "$IPECTL" check "$work/many.pol"
want="$work/many.pol:2:12: error: unknown action
$work/many.pol:4:1: error: unknown op
$work/many.pol:5:1: error: duplicate DEFAULT
$work/many.pol:6:1: error: missing action
$work/many.pol:7:1: error: duplicate DEFAULT"
expect "check reports every error of a policy, in line order" \
	'[ $rc -eq 1 ] && [ "$err" = "$want" ]' "exit $rc" "expected:" "$want" "got:" "$err"
run "$IPECTL" check --lenient "$work/many.pol"
want="$work/many.pol:2:12: warning: line ignored (lenient parsing): unknown action
$work/many.pol:4:1: warning: line ignored (lenient parsing): unknown op
$work/many.pol:5:1: error: duplicate DEFAULT
$work/many.pol:6:1: warning: line ignored (lenient parsing): missing action
$work/many.pol:7:1: error: duplicate DEFAULT"
expect "check --lenient: skipped lines are warnings, fatal errors stay errors" \
	'[ $rc -eq 1 ] && [ "$err" = "$want" ]' "exit $rc" "expected:" "$want" "got:" "$err"
printf '%s\n' "policy_name=t policy_version=1.2" 'op=BOGUS' >"$work/hdr.pol"
run "$IPECTL" check "$work/hdr.pol"
expect "a header error stops the report (no noise after it)" \
	'[ $rc -eq 1 ] &&
	 [ "$err" = "$work/hdr.pol:1:15: error: policy_version must be MAJOR.MINOR.REV" ]' \
	"$err"
printf '%s\n' "$HDR" 'DEFAULT action=ALLOW' 'op=EXECUTE bogus=1 action=ALLOW' \
	>"$work/len.pol"
run "$IPECTL" check --lenient "$work/len.pol"
want="$work/len.pol:3:12: warning: line ignored (lenient parsing): unknown property"
expect "check --lenient accepts what ipe.strict_parse=0 accepts (exit 0, a warning)" \
	'[ $rc -eq 0 ] && [ "$err" = "$want" ]' "exit $rc" "$err"
run "$IPECTL" check --lenient --Werror "$work/len.pol"
expect "check --lenient --Werror fails on the skipped line" \
	'[ $rc -eq 1 ] && [[ "$err" == *"3:12: error: line ignored"* ]]' "exit $rc" "$err"

# the admin guide's examples all pass; names of the examples
if bash "$top/tools/testing/selftests/ipe/host_prepare_docs.sh" "$work/docs" \
	"$keys" >"$work/docs.log" 2>&1; then
	bad=
	for f in "$work"/docs/data/doc_*.pol; do
		"$IPECTL" check -q "$f" || bad="$bad $(basename "$f")"
	done
	expect "every example policy of the admin guide checks without error" \
		'[ -z "$bad" ]' "refused:$bad"
else
	not_ok "the admin guide's examples are extracted" "$(tail -n 5 "$work/docs.log")"
fi

# ---------------------------------------------------------------------
# (b) signing

cat >"$work/good.pol" <<EOF
policy_name=good policy_version=1.0.0
DEFAULT action=DENY
op=EXECUTE boot_verified=TRUE action=ALLOW
op=KERNEL_READ boot_verified=TRUE action=ALLOW
EOF

if [ -n "${IPECTL_NO_OPENSSL:-}" ]; then
	want=with
	[ "$IPECTL_NO_OPENSSL" = 1 ] && want=without
	got=with
	[ -n "$nosign" ] && got=without
	expect "ipectl was built $want OpenSSL, as IPECTL_NO_OPENSSL=$IPECTL_NO_OPENSSL says" \
		'[ "$got" = "$want" ]' "ipectl --version: $("$IPECTL" --version 2>&1)"
fi

# a build without OpenSSL: sign says, in one line, that it cannot sign
if [ -n "$nosign" ]; then
	nossl_line="ipectl: sign: this ipectl was built without OpenSSL (NO_OPENSSL=1); "
	nossl_line+="sign on a build host, or use openssl smime -sign -binary -outform der "
	nossl_line+="-noattr -nodetach"
	run "$IPECTL" sign "$work/good.pol" --key "$keys/ca.key" \
		--cert "$keys/ca.pem" -o "$work/nossl.p7s"
	expect "without OpenSSL: sign exits 1 with one line on stderr, writes nothing" \
		'[ $rc -eq 1 ] && [ -z "$out" ] && [ "$err" = "$nossl_line" ] &&
		 [ ! -e "$work/nossl.p7s" ] && [ ! -e "$work/good.pol.p7s" ]' \
		"exit $rc" "$out" "$err"
	run "$IPECTL" sign
	rc1=$rc
	err1=$err
	run "$IPECTL" sign - --key k --cert c --bogus </dev/null
	expect "without OpenSSL: sign with no or bad arguments says the same (exit 1)" \
		'[ $rc1 -eq 1 ] && [ "$err1" = "$nossl_line" ] &&
		 [ $rc -eq 1 ] && [ "$err" = "$nossl_line" ]' \
		"exit $rc1, $rc" "$err1" "$err"
	run "$IPECTL" sign --help
	expect "without OpenSSL: sign --help says signing needs OpenSSL (exit 0)" \
		'[ $rc -eq 0 ] && [[ "$out" == "usage: ipectl sign POLICY"* ]] &&
		 [[ "$out" == *"Signing needs OpenSSL"*"openssl smime -sign"* ]]' \
		"exit $rc" "$out" "$err"
	run "$IPECTL" --help
	expect "without OpenSSL: --help says sign needs OpenSSL" \
		'[ $rc -eq 0 ] && [[ "$out" == *"sign POLICY"*"sign needs OpenSSL"* ]]' \
		"exit $rc" "$out"
	run "$IPECTL" --version
	expect "without OpenSSL: --version says so" \
		'[ $rc -eq 0 ] && [ "$out" = "ipectl 1.0 (without OpenSSL: no sign)" ]' \
		"$out"
else
	run "$IPECTL" --version
	expect "--version: ipectl 1.0" '[ $rc -eq 0 ] && [ "$out" = "ipectl 1.0" ]' "$out"
fi

if [ -r "$keys/ca.key" ] && [ -r "$keys/ca.pem" ]; then
	ca=$keys/ca.pem
	cakey=$keys/ca.key
	untrusted=$keys/untrusted.pem
	untrusted_key=$keys/untrusted.key
	if [ ! -r "$untrusted" ] || [ ! -r "$untrusted_key" ]; then
		untrusted=$work/untrusted.pem
		untrusted_key=$work/untrusted.key
		openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 30 \
			-subj "/CN=ipectl test untrusted CA/" -keyout "$untrusted_key" \
			-out "$untrusted" -addext "basicConstraints=critical,CA:TRUE" \
			-addext "keyUsage=digitalSignature,keyCertSign" 2>/dev/null
	fi

	run "$IPECTL" sign "$work/good.pol" --key "$cakey" --cert "$ca" -o "$work/good.p7s"
	# without OpenSSL: the blob (c) loads, as ipectl sign makes it
	[ -n "$nosign" ] && p7sign "$work/good.pol" "$work/good.p7s"
	sign_expect "sign exits 0 on a clean policy and prints nothing" \
		'[ $rc -eq 0 ] && [ -z "$out$err" ] && [ -s "$work/good.p7s" ]' "exit $rc" "$err"
	openssl smime -verify -binary -inform der -CAfile "$ca" -purpose any \
		-in "$work/good.p7s" -out "$work/good.content" 2>"$work/v.log"
	vrc=$?
	sign_expect "the blob verifies against ca.pem and carries the policy byte for byte" \
		'[ $vrc -eq 0 ] && cmp -s "$work/good.content" "$work/good.pol"' \
		"verify exit $vrc" "$(cat "$work/v.log")"
	openssl smime -verify -binary -inform der -noverify -in "$work/good.p7s" \
		-out "$work/good.content2" 2>/dev/null
	sign_expect "-noverify: the signature itself checks, content equal" \
		'[ $? -eq 0 ] && cmp -s "$work/good.content2" "$work/good.pol"'
	openssl smime -sign -binary -outform der -noattr -nodetach \
		-in "$work/good.pol" -signer "$ca" -inkey "$cakey" \
		-out "$work/good.openssl.p7s" 2>/dev/null
	sign_expect "the blob is byte for byte what openssl smime -sign -noattr -nodetach makes" \
		'cmp -s "$work/good.p7s" "$work/good.openssl.p7s"' \
		"$(cmp "$work/good.p7s" "$work/good.openssl.p7s" 2>&1)"
	openssl pkcs7 -inform der -in "$work/good.p7s" -print 2>/dev/null >"$work/p7.txt"
	sign_expect "the blob has no signed attributes" \
		'grep -A1 "auth_attr:" "$work/p7.txt" | grep -q "<ABSENT>" &&
		 ! grep -q signingTime "$work/p7.txt"'
	sign_expect "the first byte is a DER SEQUENCE" \
		'[ "$(od -An -tx1 -N1 "$work/good.p7s" | tr -d " ")" = 30 ]'

	openssl pkey -in "$cakey" -outform der -out "$work/ca.key.der" 2>/dev/null
	openssl x509 -in "$ca" -outform der -out "$work/ca.der" 2>/dev/null
	run "$IPECTL" sign "$work/good.pol" --key "$work/ca.key.der" \
		--cert "$work/ca.der" -o "$work/der.p7s"
	sign_expect "sign takes a DER key and a DER certificate (same blob)" \
		'[ $rc -eq 0 ] && cmp -s "$work/der.p7s" "$work/good.p7s"' "exit $rc" "$err"
	cat "$cakey" "$ca" >"$work/both.pem"
	run "$IPECTL" sign "$work/good.pol" --key "$work/both.pem" \
		--cert "$work/both.pem" -o "$work/both.p7s"
	sign_expect "sign takes key and certificate from one PEM file" \
		'[ $rc -eq 0 ] && cmp -s "$work/both.p7s" "$work/good.p7s"' "exit $rc" "$err"

	cp "$work/good.pol" "$work/dflt.pol"
	run "$IPECTL" sign "$work/dflt.pol" --key "$cakey" --cert "$ca"
	sign_expect "without -o the blob goes to POLICY.p7s" \
		'[ $rc -eq 0 ] && cmp -s "$work/dflt.pol.p7s" "$work/good.p7s"' "$err"
	"$IPECTL" sign - --key "$cakey" --cert "$ca" <"$work/good.pol" \
		>"$work/stdout.p7s" 2>"$work/.err"
	sign_expect "sign - reads stdin and writes stdout" \
		'cmp -s "$work/stdout.p7s" "$work/good.p7s"' "$(cat "$work/.err")"

	"$IPECTL" sign "$work/good.pol" --key "$untrusted_key" --cert "$untrusted" \
		-o "$work/untrusted.p7s" 2>/dev/null
	openssl smime -verify -binary -inform der -CAfile "$ca" -purpose any \
		-in "$work/untrusted.p7s" -out /dev/null 2>/dev/null
	urc=$?
	openssl smime -verify -binary -inform der -CAfile "$untrusted" -purpose any \
		-in "$work/untrusted.p7s" -out /dev/null 2>/dev/null
	sign_expect \
		"a blob signed by another CA does not verify against ca.pem (but against its own)" \
		'[ $urc -ne 0 ] && [ $? -eq 0 ]' "verify against ca.pem exit $urc"

	printf '%s\n' "$HDR" 'op=EXECUTE action=allow' 'DEFAULT action=DENY' \
		>"$work/bad.pol"
	run "$IPECTL" sign "$work/bad.pol" --key "$cakey" --cert "$ca" -o "$work/bad.p7s"
	sign_expect "sign refuses a policy with an error (exit 1, the error shown, no output)" \
		'[ $rc -eq 1 ] && [ ! -e "$work/bad.p7s" ] &&
		 [[ "$err" == *"2:12: error: unknown action"* ]] &&
		 [[ "$err" == *"not signed"* ]]' \
		"exit $rc" "$err"
	run "$IPECTL" sign --force "$work/bad.pol" --key "$cakey" --cert "$ca" -o "$work/bad.p7s"
	[ -n "$nosign" ] && p7sign "$work/bad.pol" "$work/bad.p7s"
	openssl smime -verify -binary -inform der -noverify -in "$work/bad.p7s" \
		-out "$work/bad.content" 2>/dev/null
	sign_expect "sign --force signs it anyway" \
		'[ $rc -eq 0 ] && cmp -s "$work/bad.content" "$work/bad.pol"' "exit $rc" "$err"
	printf '%s\n' "$HDR" 'op=EXECUTE bogus=1 action=ALLOW' \
		'DEFAULT action=DENY' >"$work/lenient.pol"
	run "$IPECTL" sign --lenient "$work/lenient.pol" --key "$cakey" --cert "$ca" \
		-o "$work/lenient.p7s"
	sign_expect "sign --lenient signs what lenient parsing accepts, with the warning" \
		'[ $rc -eq 0 ] && [ -s "$work/lenient.p7s" ] &&
		 [[ "$err" == *"warning: line ignored"* ]]' \
		"exit $rc" "$err"
	run "$IPECTL" sign "$work/good.pol" --key "$untrusted_key" --cert "$ca" -o "$work/x.p7s"
	sign_expect "sign refuses a key that does not belong to the certificate" \
		'[ $rc -eq 1 ] && [ ! -e "$work/x.p7s" ] &&
		 [[ "$err" == *"does not belong"* ]]' "$err"
	run "$IPECTL" sign "$work/good.pol" --key "$work/nonexistent.key" \
		--cert "$ca" -o "$work/x.p7s"
	sign_expect "sign reports a missing key file" \
		'[ $rc -ne 0 ] && [[ "$err" == *"nonexistent.key"* ]]' "$err"
	run "$IPECTL" sign "$work/good.pol" --cert "$ca"
	sign_expect "sign without --key is a usage error (exit 2)" '[ $rc -eq 2 ]' "exit $rc"

	# a 2 MB policy: same form, no special case
	{
		echo 'policy_name=big policy_version=1.0.0'
		echo 'DEFAULT action=ALLOW'
		rule_fmt='op=EXECUTE dmverity_roothash=sha256:%064x action=DENY # rule %d\n'
		i=0
		while [ $i -lt 20000 ]; do
			printf "$rule_fmt" $i $i
			i=$((i + 1))
		done
	} >"$work/big.pol"
	size=$(stat -c %s "$work/big.pol")
	t0=$(date +%s)
	run "$IPECTL" check --Werror "$work/big.pol"
	t1=$(date +%s)
	expect "check: a $size-byte policy of 20000 rules is clean, in under 20 s" \
		'[ $rc -eq 0 ] && [ -z "$err" ] && [ $((t1 - t0)) -lt 20 ]' "exit $rc" \
		"$(printf '%s\n' "$err" | head -n 5)" "$((t1 - t0)) s"
	run "$IPECTL" sign "$work/big.pol" --key "$cakey" --cert "$ca" -o "$work/big.p7s"
	openssl smime -verify -binary -inform der -CAfile "$ca" -purpose any \
		-in "$work/big.p7s" -out "$work/big.content" 2>/dev/null
	sign_expect "sign: the 2 MB policy round-trips through openssl smime -verify" \
		'[ $rc -eq 0 ] && [ "$size" -gt 2000000 ] &&
		 cmp -s "$work/big.content" "$work/big.pol"' \
		"exit $rc" "$err"

	# the VM test's ipectl, built as host_prepare.sh builds it, signs the
	# test's policies as test_80_ipectl.sh does in the VM
	if bash "$top/tools/testing/selftests/ipe/host_prepare_ipectl.sh" \
		"$work/vm" >"$work/vm.log" 2>&1; then
		vd=$work/vm/data
		bad=
		for b in a_1 a_2 b old; do
			pol=$top/tools/testing/selftests/ipe/policies/ipectl_$b.pol
			"$vd/ipectl" sign "$pol" --key "$cakey" --cert "$ca" \
				-o "$work/vm_$b.p7s" 2>/dev/null &&
				openssl smime -verify -binary -inform der -CAfile "$ca" \
					-purpose any -in "$work/vm_$b.p7s" \
					-out "$work/vm.content" 2>/dev/null &&
				cmp -s "$work/vm.content" "$pol" || bad="$bad $b"
		done
		expect "host_prepare_ipectl.sh builds the VM test's ipectl; it signs" \
			'[ -z "$bad" ] && [ -x "$vd/ipectl" ]' "wrong:$bad"
	else
		not_ok "host_prepare_ipectl.sh builds the VM test's ipectl" \
			"$(tail -n 5 "$work/vm.log")"
	fi
else
	skip "signing tests" "no $keys/ca.key"
fi

# ---------------------------------------------------------------------
# (c) deployment on a fake tree

fakewrite=$work/fakewrite.so
if ! $CC -shared -fPIC -O1 -Wall -o "$fakewrite" "$here/fakewrite.c" -ldl \
	>"$work/cc2.log" 2>&1; then
	not_ok "the write() interposer compiles" "$(cat "$work/cc2.log")"
	fakewrite=
fi

# fake_tree: a fresh $sec (securityfs) and $sys (sysctl) with two
# policies: pl_a (active, version 1.0.0) and boot (the boot policy)
fake_tree() {
	rm -rf "$work/fake"
	sec=$work/fake/sec
	sys=$work/fake/sys
	mkdir -p "$sec/policies" "$sys"
	: >"$sec/new_policy"
	: >"$sec/del_policy"
	echo 1 >"$sec/enforce"
	echo 0 >"$sec/success_audit"
	echo 1 >"$sys/enforce"
	echo 0 >"$sys/success_audit"
	echo 1 >"$sys/strict_parse"
	printf 'pl_a\n' >"$sys/active_policy"
	printf '\n' >"$sys/audit_policy"
	mkpol pl_a 1.0.0 1 signed
	mkpol boot 0.1.0 0 boot
	chmod -R a+rX "$work/fake"
}

# mkpol NAME VERSION ACTIVE signed|boot
mkpol() {
	local d=$sec/policies/$1

	mkdir -p "$d"
	printf 'policy_name=%s policy_version=%s\nDEFAULT action=ALLOW\n' "$1" "$2" >"$d/content"
	cp "$d/content" "$d/policy"
	echo "$1" >"$d/name"
	echo "$2" >"$d/version"
	echo "$3" >"$d/active"
	if [ "$4" = boot ]; then
		: >"$d/raw"
	else
		echo signed >"$d/raw"
	fi
	cp "$d/raw" "$d/pkcs7"
	: >"$d/update"
	: >"$d/delete"
	echo 0 >"$d/audit"
}

IPC() { "$IPECTL" --root "$sec" --sysctl-root "$sys" "$@"; }

if [ -s "$work/good.p7s" ]; then
	blob=$work/good.p7s
else
	printf '\x30\x03\x02\x01\x01' >"$work/fake.p7s"
	blob=$work/fake.p7s
fi

fake_tree
run IPC load "$blob"
expect "load writes the blob to new_policy, byte for byte" \
	'[ $rc -eq 0 ] && cmp -s "$sec/new_policy" "$blob"' "exit $rc" "$err"
expect "load names the policy it loaded" '[[ "$out" == *"\"good\" version 1.0.0"* ]]' "$out"
if [ -n "$fakewrite" ]; then
	fake_tree
	rm -f "$work/wlog"
	IPECTL_FAKE_LOG=$work/wlog LD_PRELOAD=$fakewrite IPC load -q "$blob"
	fake_expect "load writes the whole blob in one write()" \
		'[ "$(cat "$work/wlog")" = "$(stat -c %s "$blob")" ]' \
		"writes: $(cat "$work/wlog" 2>&1)"
	fake_tree
	rm -f "$work/wlog"
	IPECTL_FAKE_LOG=$work/wlog IPECTL_FAKE_SHORT=100 LD_PRELOAD=$fakewrite \
		IPC load -q "$blob"
	fake_expect "load continues after short writes until the blob is complete" \
		'[ $(wc -l <"$work/wlog") -gt 1 ] && cmp -s "$sec/new_policy" "$blob"' \
		"writes: $(tr '\n' ' ' 2>&1 <"$work/wlog")"
fi
fake_tree
IPECTL_ROOT=$sec IPECTL_SYSCTL_ROOT=$sys "$IPECTL" load -q "$blob"
expect "IPECTL_ROOT selects the securityfs root" 'cmp -s "$sec/new_policy" "$blob"'

fake_tree
run IPC update pl_a "$blob"
expect "update NAME writes to policies/NAME/update" \
	'[ $rc -eq 0 ] && cmp -s "$sec/policies/pl_a/update" "$blob" &&
	 [ ! -s "$sec/new_policy" ]' \
	"exit $rc" "$err"
rm "$sec/policies/pl_a/update"
run IPC update pl_a "$blob"
expect "update falls back to policies/NAME/raw without an update node" \
	'[ $rc -eq 0 ] && cmp -s "$sec/policies/pl_a/raw" "$blob"' "exit $rc" "$err"
run IPC update nosuch "$blob"
expect "update of an unknown policy: \"no such policy\", exit 1" \
	'[ $rc -eq 1 ] && [[ "$err" == *"no such policy: \"nosuch\" (ENOENT)"* ]]' "exit $rc" "$err"

fake_tree
run IPC activate boot
expect "activate writes the name to the sysctl active_policy, without newline" \
	'[ $rc -eq 0 ] && [ "$(od -An -c "$sys/active_policy" | tr -d " ")" = boot ]' \
	"exit $rc" "$err" "$(od -c "$sys/active_policy")"
rm "$sys/active_policy"
run IPC activate boot
expect "without the sysctl, activate writes 1 to policies/NAME/active" \
	'[ $rc -eq 0 ] && [ "$(cat "$sec/policies/boot/active")" = 1 ]' "exit $rc" "$err"
run IPC activate nosuch
expect "activate of an unknown policy: \"no such policy\", exit 1" \
	'[ $rc -eq 1 ] && [[ "$err" == *"no such policy"* ]]' "exit $rc" "$err"
run IPC activate ../x
expect "activate refuses a name that cannot be a policy (exit 2)" '[ $rc -eq 2 ]' "exit $rc"

fake_tree
run IPC delete boot
expect "delete writes the name to del_policy" \
	'[ $rc -eq 0 ] && [ "$(od -An -c "$sec/del_policy" | tr -d " ")" = boot ]' "exit $rc" "$err"
rm "$sec/del_policy"
run IPC delete boot
expect "without del_policy, delete writes 1 to policies/NAME/delete" \
	'[ $rc -eq 0 ] && [ "$(cat "$sec/policies/boot/delete")" = 1 ]' "exit $rc" "$err"

fake_tree
sum_a=$(sha256sum "$sec/policies/pl_a/content" | cut -d' ' -f1)
IPC list --json >"$work/list.json" 2>"$work/.err"
expect "list --json is valid JSON" 'json_ok "$work/list.json"' "$(cat "$work/list.json")"
got=$(pyjson "$work/list.json" \
	'[(p["name"], p["version"], p["active"], p["boot"], p["sha256"]) for p in j]')
sum_boot=$(sha256sum "$sec/policies/boot/content" | cut -d' ' -f1)
want="[('boot', '0.1.0', False, True, '$sum_boot'), ('pl_a', '1.0.0', True, False, '$sum_a')]"
expect "list --json: name, version, active, boot and sha256 of content per policy" \
	'[ "$got" = "$want" ]' "expected $want" "got      $got"
run IPC list
expect "list prints a table with each policy" \
	'[ $rc -eq 0 ] && [[ "$out" == *"pl_a"*"1.0.0"*"yes"*"$sum_a"* ]]' "$out"
IPC status --json >"$work/status.json" 2>"$work/.err"
expect "status --json is valid JSON" 'json_ok "$work/status.json"' "$(cat "$work/status.json")"
got=$(pyjson "$work/status.json" '(j["enforce"], j["success_audit"], j["strict_parse"],
	j["active_policy"]["name"], j["active_policy"]["version"],
	j["active_policy"]["sha256"], len(j["policies"]))')
want="(True, False, True, 'pl_a', '1.0.0', '$sum_a', 2)"
expect "status --json: settings, active policy with version and hash, policies" \
	'[ "$got" = "$want" ]' "expected $want" "got      $got"
run IPC status
want_enforce="enforce:        1 (enforcing)"
want_active="active policy:  pl_a (version 1.0.0, sha256 $sum_a)"
expect "status prints the settings and the active policy" \
	'[ $rc -eq 0 ] && [[ "$out" == *"$want_enforce"*"$want_active"* ]]' "$out"
: >"$sys/active_policy"
echo 0 >"$sec/policies/pl_a/active"
IPC status --json >"$work/status2.json"
expect "status --json: no active policy is null" \
	'[ "$(pyjson "$work/status2.json" "j[\"active_policy\"]")" = None ]' \
	"$(cat "$work/status2.json")"
rm -rf "$sec/policies"/*
IPC list --json >"$work/empty.json"
expect "list --json of no policy is an empty array" \
	'json_ok "$work/empty.json" && [ "$(pyjson "$work/empty.json" "j")" = "[]" ]' \
	"$(cat "$work/empty.json")"

# the audit policy in status and list: from the sysctl audit_policy, else
# from the audit nodes; a kernel with neither has none
fake_tree
mkpol cand 0.2.0 0 signed
echo 1 >"$sec/policies/cand/audit"
printf 'cand\n' >"$sys/audit_policy"
sum_cand=$(sha256sum "$sec/policies/cand/content" | cut -d' ' -f1)
run IPC status
want="active policy:  pl_a (version 1.0.0, sha256 $sum_a)
audit policy:   cand (version 0.2.0, sha256 $sum_cand)
policies:       3 loaded"
expect "status names the audit policy, with its version and hash" \
	'[ $rc -eq 0 ] && [ -z "$err" ] && [[ "$out" == *"$want"* ]]' \
	"exit $rc" "expected:" "$want" "got:" "$out" "$err"
want="NAME  VERSION            ACTIVE  AUDIT  BOOT  SHA256
boot  0.1.0              no      no     yes   $sum_boot
cand  0.2.0              no      yes    no    $sum_cand
pl_a  1.0.0              yes     no     no    $sum_a"
run IPC list
expect "list has an AUDIT column" '[ $rc -eq 0 ] && [ "$out" = "$want" ]' \
	"expected:" "$want" "got:" "$out"
IPC status --json >"$work/status3.json" 2>"$work/.err"
got=$(pyjson "$work/status3.json" '(j["audit_policy"]["name"],
	j["audit_policy"]["version"], j["audit_policy"]["sha256"],
	j["audit_policy"]["audit"], j["audit_policy"]["active"],
	j["active_policy"]["name"], j["active_policy"]["audit"])')
want="('cand', '0.2.0', '$sum_cand', True, False, 'pl_a', False)"
expect "status --json: audit_policy, and \"audit\" in each policy" \
	'json_ok "$work/status3.json" && [ "$got" = "$want" ]' \
	"expected $want" "got      $got"
IPC list --json >"$work/list3.json" 2>"$work/.err"
got=$(pyjson "$work/list3.json" '[(p["name"], p["audit"]) for p in j]')
want="[('boot', False), ('cand', True), ('pl_a', False)]"
tail_cand="\"active\": false, \"boot\": false, \"sha256\": \"$sum_cand\", \"audit\": true}"
expect "list --json: \"audit\" true for the audit policy only" \
	'[ "$got" = "$want" ] && [[ "$(cat "$work/list3.json")" == *"$tail_cand"* ]]' \
	"expected $want" "got      $got" "$(cat "$work/list3.json")"
printf '\n' >"$sys/audit_policy"
echo 0 >"$sec/policies/cand/audit"
run IPC status
expect "status: an empty sysctl audit_policy is no audit policy" \
	'[ $rc -eq 0 ] && [[ "$out" == *"
audit policy:   none
"* ]]' "$out"
rm "$sys/audit_policy"
echo 1 >"$sec/policies/cand/audit"
run IPC status
want="audit policy:   cand (version 0.2.0, sha256 $sum_cand)"
expect "status: without the sysctl, the policy whose audit node reads 1" \
	'[ $rc -eq 0 ] && [[ "$out" == *"$want"* ]]' \
	"$out" "$err"
rm -f "$sec/policies"/*/audit
run IPC status
IPC status --json >"$work/status4.json" 2>>"$work/.err"
IPC list --json >"$work/list4.json" 2>>"$work/.err"
got=$(pyjson "$work/status4.json" '(j["audit_policy"],
	[p["audit"] for p in j["policies"]])')
expect "a kernel without the audit policy (no sysctl, no node): none, no error" \
	'[ $rc -eq 0 ] && [ ! -s "$work/.err" ] && [[ "$out" == *"audit policy:   none"* ]] &&
	 [ "$got" = "(None, [False, False, False])" ] &&
	 [ "$(pyjson "$work/list4.json" "[p[\"audit\"] for p in j]")" = "[False, False, False]" ]' \
	"exit $rc" "$got" "$out" "$(cat "$work/.err")"

# audit-policy: set and clear, through the sysctl or the audit nodes
fake_tree
mkpol cand 0.2.0 0 signed
run IPC audit-policy cand
expect "audit-policy NAME writes the name to the sysctl audit_policy, without newline" \
	'[ $rc -eq 0 ] && [ "$(od -An -c "$sys/audit_policy" | tr -d " ")" = cand ] &&
	 [ "$out" = "audit policy set to \"cand\"" ] &&
	 [ "$(cat "$sec/policies/cand/audit")" = 0 ]' \
	"exit $rc" "$out" "$err" "$(od -c "$sys/audit_policy")"
run IPC audit-policy --clear
expect "audit-policy --clear writes a lone newline to the sysctl, names the policy it had" \
	'[ $rc -eq 0 ] && [ "$(od -An -tx1 "$sys/audit_policy" | tr -d " ")" = 0a ] &&
	 [ "$out" = "audit policy cleared (was \"cand\")" ]' \
	"exit $rc" "$out" "$err" "$(od -c "$sys/audit_policy")"
run IPC audit-policy -q --clear
expect "audit-policy -q --clear with none: the same write, nothing printed" \
	'[ $rc -eq 0 ] && [ -z "$out$err" ] &&
	 [ "$(od -An -tx1 "$sys/audit_policy" | tr -d " ")" = 0a ]' "exit $rc" "$out" "$err"
rm "$sys/audit_policy"
run IPC audit-policy cand
expect "without the sysctl, audit-policy NAME writes 1 to policies/NAME/audit" \
	'[ $rc -eq 0 ] && [ "$(od -An -c "$sec/policies/cand/audit" | tr -d " ")" = 1 ] &&
	 [ "$(cat "$sec/policies/pl_a/audit")" = 0 ]' "exit $rc" "$err"
run IPC audit-policy --clear
expect "without the sysctl, --clear writes 0 to the audit node of the audit policy only" \
	'[ $rc -eq 0 ] && [ "$(od -An -c "$sec/policies/cand/audit" | tr -d " ")" = 0 ] &&
	 [ "$(od -An -c "$sec/policies/pl_a/audit" | tr -d " ")" = "0\n" ] &&
	 [ "$out" = "audit policy cleared (was \"cand\")" ]' \
	"exit $rc" "$out" "$err"
run IPC audit-policy --clear
expect "without the sysctl, --clear with no audit policy writes nothing and says so" \
	'[ $rc -eq 0 ] && [ "$out" = "no audit policy: nothing to clear" ] &&
	 [ "$(od -An -c "$sec/policies/boot/audit" | tr -d " ")" = "0\n" ]' \
	"exit $rc" "$out" "$err"
rm -f "$sec/policies"/*/audit
run IPC audit-policy cand
expect "a kernel without the audit policy: audit-policy says so, exit 1, writes nothing" \
	'[ $rc -eq 1 ] &&
	 [[ "$err" == *"audit-policy: this kernel has no audit policy"*"(ENOENT)" ]] &&
	 [ ! -e "$sec/policies/cand/audit" ]' "exit $rc" "$err"
run IPC audit-policy nosuch
expect "audit-policy of an unknown policy: \"no such policy\", exit 1" \
	'[ $rc -eq 1 ] && [[ "$err" == *"audit-policy: no such policy: \"nosuch\" (ENOENT)"* ]]' \
	"exit $rc" "$err"
run IPC audit-policy ../x
expect "audit-policy refuses a name that cannot be a policy (exit 2)" '[ $rc -eq 2 ]' "exit $rc"
run IPC audit-policy
rc1=$rc
run IPC audit-policy --clear cand
expect "audit-policy takes one name, or --clear alone (exit 2)" \
	'[ $rc1 -eq 2 ] && [ $rc -eq 2 ] && [[ "$err" == *"NAME | --clear"* ]]' \
	"exit $rc1, $rc" "$err"

# securityfs missing
run "$IPECTL" --root "$work/nonexistent/ipe" --sysctl-root "$sys" list
expect "no securityfs directory: \"IPE is not available\", exit 1" \
	'[ $rc -eq 1 ] && [[ "$err" == *"IPE is not available"* ]]' "exit $rc" "$err"
mkdir -p "$work/sfs"
echo "lockdown,capability,yama" >"$work/sfs/lsm"
run "$IPECTL" --root "$work/sfs/ipe" load "$blob"
expect "securityfs without IPE: the LSM list is named" \
	'[ $rc -eq 1 ] && [[ "$err" == *"without the IPE LSM"*"lockdown,capability,yama"* ]]' "$err"

# permissions: EACCES for real, as an unprivileged user
fake_tree
chmod 444 "$sec/new_policy"
if command -v setpriv >/dev/null && [ "$(id -u)" = 0 ] &&
	setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	run setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$IPECTL" --root "$sec" --sysctl-root "$sys" load "$blob"
	expect "a node that refuses writes (EACCES): message and exit 1" \
		'[ $rc -eq 1 ] && [[ "$err" == *"permission denied"*"(EACCES)"* ]]' \
		"exit $rc" "$err"
elif [ "$(id -u)" != 0 ]; then
	run IPC load "$blob"
	expect "a node that refuses writes (EACCES): message and exit 1" \
		'[ $rc -eq 1 ] && [[ "$err" == *"permission denied"*"(EACCES)"* ]]' \
		"exit $rc" "$err"
else
	skip "EACCES through permissions" "no setpriv"
fi
fake_tree
rm "$sec/new_policy"
run IPC load "$blob"
expect "a missing new_policy node (ENOENT): message and exit 1" \
	'[ $rc -eq 1 ] && [[ "$err" == *"new_policy not found"*"(ENOENT)"* ]]' "exit $rc" "$err"
run IPC load "$work/nonexistent.p7s"
expect "load of a file that cannot be read: exit 2" \
	'[ $rc -eq 2 ] && [[ "$err" == *"nonexistent.p7s"* ]]' "exit $rc" "$err"

# every kernel error code, through the write() interposer
errnum() { "$PY" -c "import errno; print(errno.$1)"; }
# fake_err ERRNO OP ARGS... -- PATTERN: the op fails with ERRNO and prints PATTERN
fake_err() {
	local e=$1 pat

	shift
	pat=${*: -1}
	set -- "${@:1:$(($# - 2))}"
	fake_tree
	[ -n "${SETUP:-}" ] && eval "$SETUP"
	run env IPECTL_FAKE_ERRNO="$(errnum "$e")" LD_PRELOAD="$fakewrite" \
		"$IPECTL" --root "$sec" --sysctl-root "$sys" "$@"
	fake_expect "$e from the kernel ($1): \"$pat\"" \
		'[ $rc -eq 1 ] && [[ "$err" == *"$pat"* ]] && [[ "$err" == *"($e)"* ]]' \
		"exit $rc" "$err"
}
if [ -n "$fakewrite" ]; then
	SETUP=
	fake_err EKEYREJECTED load "$blob" -- "signature not trusted by the kernel's keyring"
	fake_err ENOKEY load "$blob" -- "does not chain to a trusted key"
	fake_err EBADMSG load "$blob" -- "malformed PKCS#7 or policy"
	fake_err EBADMSG load "$work/good.pol" -- "not one (an unsigned policy?)"
	fake_err EEXIST load "$blob" -- "a policy named \"good\" is already loaded"
	fake_err EPERM load "$blob" -- "needs CAP_MAC_ADMIN"
	fake_err EACCES load "$blob" -- "permission denied"
	fake_err E2BIG load "$blob" -- "larger than the kernel accepts"
	fake_err EINVAL load "$blob" -- "the kernel refused the policy"
	if [ -s "$work/bad.p7s" ]; then
		fake_err EINVAL load "$work/bad.p7s" -- \
			"refused the policy: line 2:12: unknown action"
	fi
	fake_err ENOMEM load "$blob" -- "out of memory"
	fake_err ENODEV load "$blob" -- "IPE is not available"
	fake_err ENOPKG load "$blob" -- "lacks the digest or signature algorithm"
	stale="version older than the deployed one"
	msg="version not newer than the deployed one: pl_a is loaded with"
	fake_err ESTALE update pl_a "$blob" -- \
		"$msg version 1.0.0, the update has 1.0.0"
	fake_err EINVAL update pl_a "$blob" -- "is named \"good\", not \"pl_a\""
	fake_err EPERM update boot "$blob" -- "\"boot\" is the boot policy, which cannot be updated"
	fake_err ENOENT update pl_a "$blob" -- "no such policy: \"pl_a\""
	fake_err ESTALE activate boot -- \
		"$stale: boot has version 0.1.0, the active policy pl_a"
	fake_err EPERM activate boot -- "needs CAP_MAC_ADMIN"
	fake_err ENOENT activate boot -- "no such policy"
	fake_err EINVAL activate boot -- "invalid argument"
	fake_err EPERM delete pl_a -- "\"pl_a\" is the active policy; activate another one first"
	fake_err EPERM delete boot -- "\"boot\" is the boot policy, which cannot be deleted"
	fake_err EACCES delete pl_a -- "is the active policy"
	fake_err ENOENT delete boot -- "no such policy"
	SETUP='echo 0 >"$sec/policies/pl_a/active"; : >"$sys/active_policy"'
	fake_err EPERM delete pl_a -- "needs CAP_MAC_ADMIN"
	SETUP=
	fake_err EIO load "$blob" -- "Input/output error"
	fake_err EBUSY audit-policy pl_a -- \
		"audit-policy: \"pl_a\" is the active policy, which cannot also be the audit policy"
	fake_err EPERM audit-policy boot -- "needs CAP_MAC_ADMIN"
	fake_err ENOENT audit-policy boot -- "no such policy: \"boot\""
	fake_err EPERM audit-policy --clear -- "needs CAP_MAC_ADMIN"
fi

# ---------------------------------------------------------------------
# (d) audit logs

D256=0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0
D256UP=$(echo $D256 | tr a-f A-F)
# policy digests as the admin guide's examples show them (the boot policy:
# sha256 of no bytes, as mainline)
DBOOT=E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855
DA1=64D57E357B61545CAEFF963CC2385E3CFD4D400D09DCB6581BE242A67237FDBD
DA2=62D43340F4D065F17DADD59D7ADB3595E861901E46641E7905263FD2C6114A18
{
	# the admin guide's examples
	echo 'type=1420 audit(1796281924.568:4): ipe_op=EXECUTE' \
		'ipe_hook=BPRM_CHECK enforcing=1 pid=53 comm="sh" path="/tmp/hello"' \
		'dev="tmpfs" ino=2 rule="DEFAULT op=EXECUTE action=DENY"'
	echo 'type=1420 audit(1796281924.624:7): ipe_op=EXECUTE ipe_hook=MMAP' \
		'enforcing=0 pid=58 comm="hello" path="/tmp/hello" dev="tmpfs" ino=2' \
		'rule="DEFAULT op=EXECUTE action=DENY"'
	echo 'type=1420 audit(1796281925.376:20): ipe_op=EXECUTE' \
		'ipe_hook=BPRM_CHECK enforcing=1 pid=98 comm="init"' \
		'path="/bin/busybox" dev="rootfs" ino=24' \
		'rule="op=EXECUTE boot_verified=TRUE action=ALLOW"'
	echo 'type=1421 audit(1796281979.502:7):' \
		'old_active_pol_name="boot" old_active_pol_version=0.0.0' \
		'old_policy_digest=sha256:'"$DBOOT" \
		'new_active_pol_name="pl_a" new_active_pol_version=0.1.0' \
		'new_policy_digest=sha256:'"$DA1" \
		'auid=4294967295 ses=4294967295 lsm=ipe res=1'
	echo 'type=1404 audit(1796281979.014:4): enforcing=0 old_enforcing=1' \
		'auid=4294967295 ses=4294967295 enabled=1 old-enabled=1 lsm=ipe res=1'
	echo 'type=1422 audit(1796281975.722:2): policy_name="pl_a"' \
		'policy_version=0.1.0' 'policy_digest=sha256:'"$DA1" \
		'auid=4294967295 ses=4294967295 lsm=ipe res=1 errno=0'
	echo 'type=1422 audit(1796281980.830:8): policy_name="pl_a"' \
		'policy_version=0.2.0' 'policy_digest=sha256:'"$DA2" \
		'auid=4294967295 ses=4294967295 lsm=ipe res=1 errno=0'
	# auditd's raw log, by name, with other records around
	echo 'type=SYSCALL msg=audit(1796281930.000:30): arch=c000003e syscall=313' \
		'success=no exit=-13 comm="insmod"'
	echo 'type=IPE_ACCESS msg=audit(1796281930.000:30): ipe_op=KMODULE' \
		'ipe_hook=KERNEL_READ enforcing=1 pid=70 comm="insmod"' \
		'path="/tmp/x.ko" dev="tmpfs" ino=5 rule="DEFAULT action=DENY"'
	echo 'type=PROCTITLE msg=audit(1796281930.000:30): proctitle=696E736D6F64'
	# dmesg, with a timestamp
	echo '[   12.345678] audit: type=1420 audit(1796281931.000:31):' \
		'ipe_op=EXECUTE ipe_hook=BPRM_CHECK enforcing=1 pid=71 comm="sh"' \
		'path="/tmp/hello" dev="tmpfs" ino=2' \
		'rule="DEFAULT op=EXECUTE action=DENY"'
	# enriched log, a path in hex (it has a space), UNKNOWN[] type, and
	# mainline's rule=, which quotes the digest algorithm inside
	fmt='type=UNKNOWN[1420] msg=audit(1796281932.000:32): ipe_op=EXECUTE ipe_hook=MMAP'
	fmt+=' enforcing=1 pid=72 comm="ld.so" path=2F746D702F6D792070726F67 dev="vda"'
	fmt+=' ino=12 rule="op=EXECUTE dmverity_roothash="sha256":%s action=DENY"'
	fmt+='\x1dAUID="root" UID="root"\n'
	printf "$fmt" "$D256UP"
	# a policy name in hex
	echo 'type=IPE_POLICY_LOAD msg=audit(1796281933.000:33):' \
		'policy_name=4170706C69616E6365206C6F636B646F776E policy_version=3.0.0' \
		'policy_digest=sha256:00 auid=0 ses=1 lsm=ipe res=1 errno=0'
	# a failed load
	echo 'type=1422 audit(1796281933.500:34): policy_name=? policy_version=?' \
		'policy_digest=? auid=0 ses=1 lsm=ipe res=0 errno=-129'
	# SELinux's enforce switch: not IPE's
	echo 'type=MAC_STATUS msg=audit(1796281933.700:35): enforcing=1' \
		'old_enforcing=0 auid=0 ses=1 enabled=1 old-enabled=1 lsm=selinux res=1'
	# a record of an earlier version of this series (op= first)
	echo 'type=1421 audit(1796281979.014:4): op=SET strict_parse=0' \
		'old_strict_parse=1 auid=4294967295 ses=4294967295 lsm=ipe res=1'
	echo 'type=1400 audit(1796281934.000:34): apparmor="DENIED" operation="exec"'
} >"$work/audit.log"

run "$IPECTL" audit "$work/audit.log"
want_counts="IPE audit records: 13 (1420 access: 6, 1421 config change: 2,"
want_counts+=" 1422 policy load: 4, 1404 enforce switch: 1)"
expect "audit: exit 0 and the record counts" \
	'[ $rc -eq 0 ] && [[ "$out" == *"$want_counts"* ]]' "exit $rc" "$out" "$err"
want_access="Access decisions: 6 (denied: 5, of which in permissive mode: 1; allowed: 1)"
expect "audit: denials, permissive ones, allowed" \
	'[[ "$out" == *"$want_access"* ]]' "$out"
want_rules="Denials by rule:
        3  DEFAULT op=EXECUTE action=DENY
        1  DEFAULT action=DENY
        1  op=EXECUTE dmverity_roothash=\"sha256\":$D256UP action=DENY"
expect "audit: denials grouped by rule, most frequent first" \
	'[[ "$out" == *"$want_rules"* ]]' "expected:" "$want_rules" "got:" "$out"
want_paths="Denials by path:
        3  /tmp/hello
        1  /tmp/my prog
        1  /tmp/x.ko"
expect "audit: denials grouped by path (hex decoded)" \
	'[[ "$out" == *"$want_paths"* ]]' "expected:" "$want_paths" "got:" "$out"
# change_ops: the second word of each line of $out from "Policy changes:" on
change_ops() {
	printf '%s\n' "$out" | sed -n '/^Policy changes:/,$p' | awk '{print $2}' |
		tr '\n' ' '
}
expect "audit: policy changes in log order, hex names decoded" \
	'[ "$(change_ops)" = "changes: ACTIVATE ENFORCE LOAD LOAD LOAD FAILED SET " ] &&
	 [[ "$out" == *"LOAD      Appliance lockdown 3.0.0"* ]] &&
	 [[ "$out" == *"ACTIVATE  boot 0.0.0 -> pl_a 0.1.0"* ]] &&
	 [[ "$out" == *"ENFORCE   enforcing=0 (was 1)"* ]] &&
	 [[ "$out" == *"FAILED    errno=-129"* ]] &&
	 [[ "$out" == *"SET       strict_parse=0 (was 1)"* ]]' \
	"$out"
"$IPECTL" audit --json <"$work/audit.log" >"$work/audit.json" 2>"$work/.err"
expect "audit --json (stdin) is valid JSON" 'json_ok "$work/audit.json"' \
	"$(cat "$work/audit.json" "$work/.err")"
got=$(pyjson "$work/audit.json" '(j["records"], j["by_type"], j["access"],
	[(r["rule"], r["count"]) for r in j["denials_by_rule"]][0],
	[(p["path"], p["count"]) for p in j["denials_by_path"]],
	[c["change"] for c in j["policy_changes"]],
	j["policy_changes"][4]["policy_name"], j["policy_changes"][0]["type"])')
want="(13, {'1420': 6, '1421': 2, '1422': 4, '1404': 1},"
want+=" {'total': 6, 'denied': 5, 'denied_permissive': 1, 'allowed': 1},"
want+=" ('DEFAULT op=EXECUTE action=DENY', 3),"
want+=" [('/tmp/hello', 3), ('/tmp/my prog', 1), ('/tmp/x.ko', 1)],"
want+=" ['ACTIVATE', 'ENFORCE', 'LOAD', 'LOAD', 'LOAD', 'FAILED', 'SET'],"
want+=" 'Appliance lockdown', 1421)"
expect "audit --json: exact counts, groups and changes" '[ "$got" = "$want" ]' \
	"expected $want" "got      $got"
printf 'nothing to see\n' | "$IPECTL" audit --json >"$work/none.json"
none_expr='(j["records"], j["denials_by_rule"], j["policy_changes"])'
expect "audit of a log without IPE records: zero counts, valid JSON" \
	'[ "$(pyjson "$work/none.json" "$none_expr")" = "(0, [], [])" ]' \
	"$(cat "$work/none.json")"
# the audit policy: its decisions (audit_policy=) never denied anything,
# and a change of its role (1421, *_audit_pol_*) is not an activation
DC=3f1c0e9a5b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a2c4e6b8d0f
{
	echo 'type=1421 audit(1796282000.000:40): old_audit_pol_name=?' \
		'old_audit_pol_version=? old_policy_digest=?' \
		'new_audit_pol_name="cand" new_audit_pol_version=0.2.0' \
		"new_policy_digest=sha256:$DC auid=0 ses=1 lsm=ipe res=1"
	# enforcing=0 is the system's mode: no denial in permissive mode
	echo 'type=1420 audit(1796282001.000:41): ipe_op=EXECUTE' \
		'ipe_hook=BPRM_CHECK enforcing=0 pid=80 comm="sh" path="/opt/a"' \
		'dev="dm-1" ino=3 rule="DEFAULT action=DENY" audit_policy="cand"'
	echo 'type=IPE_ACCESS msg=audit(1796282001.100:42): ipe_op=EXECUTE' \
		'ipe_hook=MMAP enforcing=1 pid=80 comm="a" path="/opt/a" dev="dm-1"' \
		'ino=3 rule="DEFAULT action=DENY" audit_policy="cand"'
	echo 'type=1420 audit(1796282001.200:43): ipe_op=EXECUTE' \
		'ipe_hook=BPRM_CHECK enforcing=1 pid=81 comm="sh" path="/bin/b"' \
		'dev="rootfs" ino=4 rule="op=EXECUTE boot_verified=TRUE action=ALLOW"' \
		'audit_policy="cand"'
	# a name with a space, in hex, as audit_log_untrustedstring() logs it
	echo 'type=1421 audit(1796282002.000:44): old_audit_pol_name="cand"' \
		"old_audit_pol_version=0.2.0 old_policy_digest=sha256:$DC" \
		'new_audit_pol_name=4E657874206F6E65 new_audit_pol_version=1.0.0' \
		"new_policy_digest=sha256:$DC auid=0 ses=1 lsm=ipe res=1"
	echo 'type=1420 audit(1796282003.000:45): ipe_op=KMODULE' \
		'ipe_hook=KERNEL_READ enforcing=1 pid=82 comm="insmod"' \
		'path="/tmp/x.ko" dev="tmpfs" ino=5 rule="DEFAULT action=DENY"' \
		'audit_policy=4E657874206F6E65'
	echo 'type=1421 audit(1796282004.000:46): old_audit_pol_name=4E657874206F6E65' \
		"old_audit_pol_version=1.0.0 old_policy_digest=sha256:$DC" \
		'new_audit_pol_name=? new_audit_pol_version=? new_policy_digest=?' \
		'auid=0 ses=1 lsm=ipe res=1'
} >"$work/auditpol.log"
cat "$work/audit.log" "$work/auditpol.log" >"$work/both.log"
run "$IPECTL" audit "$work/both.log"
want_counts="IPE audit records: 20 (1420 access: 10, 1421 config change: 5,"
want_counts+=" 1422 policy load: 4, 1404 enforce switch: 1)
$want_access
Audit policy decisions: 4 (not enforced; would deny: 3, would allow: 1)
  would deny (audit policy cand): 2 (would allow: 1)
  would deny (audit policy Next one): 1 (would allow: 0)

$want_rules

$want_paths
"
expect "audit: the audit policy's decisions counted apart, per policy, not as denials" \
	'[ $rc -eq 0 ] && [[ "$out" == "$want_counts"* ]]' \
	"exit $rc" "expected:" "$want_counts" "got:" "$out" "$err"
want="Would deny (audit policy cand), by rule:
        2  DEFAULT action=DENY

Would deny (audit policy cand), by path:
        2  /opt/a

Would deny (audit policy Next one), by rule:
        1  DEFAULT action=DENY

Would deny (audit policy Next one), by path:
        1  /tmp/x.ko

Policy changes:"
expect "audit: what each audit policy would have denied, by rule and by path" \
	'[[ "$out" == *"$want"* ]]' "expected:" "$want" "got:" "$out"
expect "audit: changes of the audit role listed as such, not as activations" \
	'[ "$(change_ops)" = "changes: ACTIVATE ENFORCE LOAD LOAD LOAD FAILED SET $(
	   echo AUDIT_POL AUDIT_POL AUDIT_POL) " ] &&
	 [[ "$out" == *"
  1796282000.000:40      AUDIT_POL audit policy: (none) -> cand 0.2.0
  1796282002.000:44      AUDIT_POL audit policy: cand 0.2.0 -> Next one 1.0.0
  1796282004.000:46      AUDIT_POL audit policy: Next one 1.0.0 -> (none)" ]]' \
	"$out"
"$IPECTL" audit --json "$work/both.log" >"$work/both.json" 2>"$work/.err"
got=$(pyjson "$work/both.json" '(j["access"], j["audit_policy_access"],
	[(p["policy"], p["would_deny"], p["would_allow"],
	  [(r["rule"], r["count"]) for r in p["would_deny_by_rule"]],
	  [(r["path"], r["count"]) for r in p["would_deny_by_path"]])
	 for p in j["audit_policies"]],
	len(j["denials_by_rule"]), [c["change"] for c in j["policy_changes"]][7:],
	j["policy_changes"][8]["new_audit_pol_name"])')
want="({'total': 6, 'denied': 5, 'denied_permissive': 1, 'allowed': 1},"
want+=" {'total': 4, 'would_deny': 3, 'would_allow': 1},"
want+=" [('cand', 2, 1, [('DEFAULT action=DENY', 2)], [('/opt/a', 2)]),"
want+=" ('Next one', 1, 0, [('DEFAULT action=DENY', 1)], [('/tmp/x.ko', 1)])],"
want+=" 3, ['AUDIT_POL', 'AUDIT_POL', 'AUDIT_POL'], 'Next one')"
expect "audit --json: audit_policy_access and audit_policies apart from access" \
	'json_ok "$work/both.json" && [ "$got" = "$want" ]' \
	"expected $want" "got      $got" "$(cat "$work/.err")"
got=$(pyjson "$work/none.json" '(j["audit_policy_access"], j["audit_policies"])')
want="({'total': 0, 'would_deny': 0, 'would_allow': 0}, [])"
expect "audit --json of a log without IPE records: no audit policy decision" \
	'[ "$got" = "$want" ]' \
	"$got"
run "$IPECTL" audit "$work/audit.log"
expect "audit: no audit policy line for a log without its records" \
	'[ $rc -eq 0 ] && [[ "$out" != *"audit policy"* ]] && [[ "$out" != *"Would deny"* ]]' "$out"
esc=$(printf '\033')
printf '%s audit_policy=%s\n' \
	'type=1420 audit(1:1): ipe_op=EXECUTE path="/a" rule="DEFAULT action=DENY"' \
	"$(printf 'x\033[31m\ny' | od -An -tx1 | tr -d ' \n')" >"$work/escpol.log"
printf '%s new_audit_pol_name=%s new_audit_pol_version=1.0.0\n' \
	'type=1421 audit(1:2): old_audit_pol_name=? old_audit_pol_version=?' \
	"$(printf 'x\033[31m\ny' | od -An -tx1 | tr -d ' \n')" >>"$work/escpol.log"
run "$IPECTL" audit "$work/escpol.log"
expect "audit: an audit policy name with ESC and a newline is printed escaped" \
	'[ $rc -eq 0 ] && [[ "$out" != *"$esc"* ]] &&
	 [[ "$out" == *"would deny (audit policy x\\x1b[31m\\ny): 1"* ]] &&
	 [[ "$out" == *"Would deny (audit policy x\\x1b[31m\\ny), by rule:"* ]] &&
	 [[ "$out" == *"AUDIT_POL audit policy: (none) -> x\\x1b[31m\\ny 1.0.0"* ]]' "$out"
run "$IPECTL" audit "$work/nonexistent.log"
expect "audit of a missing file: exit 2" '[ $rc -eq 2 ]' "exit $rc"

# ---------------------------------------------------------------------
# (e) warnings

# warn_case DESC WANT TEXT-LINES...: WANT is the exact stderr (with @ for
# the file name), or "" for none
warn_case() {
	local desc=$1 want=$2 f=$work/warn.pol

	shift 2
	printf '%s\n' "$@" >"$f"
	run "$IPECTL" check "$f"
	want=${want//@/$f}
	expect "$desc" '[ $rc -eq 0 ] && [ "$err" = "$want" ]' "exit $rc" \
		"expected: $want" "got:      $err"
}
shadowed="the rule at line 3 matches every event it would match"
warn_case "shadowed rule: an earlier rule with a subset of its properties" \
	"@:4:1: warning: rule for op=EXECUTE never matches: $shadowed" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE boot_verified=TRUE action=ALLOW' \
	'op=EXECUTE dmverity_signature=TRUE boot_verified=TRUE action=DENY'
warn_case "no shadowing the other way round (the narrower rule first)" "" \
	"$HDR" 'DEFAULT action=DENY' \
	'op=EXECUTE dmverity_signature=TRUE boot_verified=TRUE action=DENY' \
	'op=EXECUTE boot_verified=TRUE action=ALLOW'
warn_case "no shadowing across ops" "" \
	"$HDR" 'DEFAULT action=DENY' 'op=KMODULE action=ALLOW' \
	'op=EXECUTE boot_verified=TRUE action=ALLOW'
warn_case "a rule without properties shadows every later rule of its op" \
	"@:4:1: warning: rule for op=EXECUTE never matches: $shadowed" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE action=ALLOW' \
	'op=EXECUTE dmverity_roothash=sha256:'"$H64"' action=DENY'
warn_case "a root hash without algorithm shadows the same hash with one" \
	"@:4:3: warning: rule for op=EXECUTE never matches: $shadowed" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE dmverity_roothash='"$H64"' action=DENY' \
	'  op=EXECUTE dmverity_roothash=sha256:'"$H64"' action=ALLOW'
warn_case "a hash with algorithm does not shadow the bare hash" "" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE dmverity_roothash=sha256:'"$H64"' action=DENY' \
	'op=EXECUTE dmverity_roothash='"$H64"' action=ALLOW'
warn_case "a KERNEL_READ rule shadowed in all six ops: one warning" \
	"@:4:1: warning: rule for op=KERNEL_READ never matches: $shadowed" \
	"$HDR" 'DEFAULT action=DENY' 'op=KERNEL_READ boot_verified=TRUE action=ALLOW' \
	'op=KERNEL_READ boot_verified=TRUE dmverity_signature=FALSE action=DENY'
warn_case "a KERNEL_READ rule shadowed in one op names that op" \
	"@:4:1: warning: rule for op=FIRMWARE never matches: $shadowed" \
	"$HDR" 'DEFAULT action=DENY' 'op=FIRMWARE action=DENY' \
	'op=KERNEL_READ boot_verified=TRUE action=ALLOW'
# rules that name an fs-verity digest are compared with those of the
# same digest only (and with those that name neither a digest nor a root
# hash), whatever else they name
warn_case "an fs-verity digest shadows a later rule of that digest and a root hash" \
	"@:4:1: warning: rule for op=EXECUTE never matches: $shadowed" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE fsverity_digest=sha256:'"$H64"' action=ALLOW' \
	'op=EXECUTE dmverity_roothash=sha256:'"$D256"' fsverity_digest=sha256:'"$H64"' action=DENY'
warn_case "a root hash shadows a later rule of that root hash and a digest" \
	"@:4:1: warning: rule for op=EXECUTE never matches: $shadowed
@:4:100: warning: duplicate dmverity_roothash=sha256:$D256 for op=EXECUTE (first at line 3)" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE dmverity_roothash=sha256:'"$D256"' action=DENY' \
	'op=EXECUTE fsverity_digest=sha256:'"$H64"' dmverity_roothash=sha256:'"$D256"' action=ALLOW'
warn_case "the same fs-verity digest twice: the second rule never matches" \
	"@:5:1: warning: rule for op=EXECUTE never matches: $shadowed" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE fsverity_digest=sha256:'"$H64"' action=ALLOW' \
	'op=EXECUTE fsverity_digest=sha256:'"$D256"' action=ALLOW' \
	'op=EXECUTE fsverity_digest=sha256:'"$H64"' action=DENY'
warn_case "a rule without a digest shadows a later rule with one" \
	"@:4:1: warning: rule for op=EXECUTE never matches: $shadowed" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE boot_verified=FALSE action=ALLOW' \
	'op=EXECUTE boot_verified=FALSE fsverity_digest=sha256:'"$H64"' action=DENY'
warn_case "no shadowing between two digests, nor of a digest by a digest with more" "" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE fsverity_digest=sha256:'"$H64"' action=ALLOW' \
	'op=EXECUTE fsverity_digest=sha256:'"$D256"' boot_verified=TRUE action=DENY' \
	'op=EXECUTE fsverity_digest=sha256:'"$D256"' action=ALLOW' \
	'op=EXECUTE boot_verified=TRUE action=DENY'
# nodef_case DESC WANT TEXT-LINES...: refused (exit 1), WANT the exact
# stderr (with @ for the file name)
nodef_case() {
	local desc=$1 want=$2 f=$work/nodef.pol

	shift 2
	printf '%s\n' "$@" >"$f"
	run "$IPECTL" check "$f"
	want=${want//@/$f}
	expect "$desc" '[ $rc -eq 1 ] && [ "$err" = "$want" ]' "exit $rc" \
		"expected: $want" "got:      $err"
}
nodef_case "no DEFAULT at all: refused, naming every op" \
	"@: error: no DEFAULT for EXECUTE, KERNEL_READ" \
	'# comment' " $HDR" 'op=EXECUTE boot_verified=TRUE action=ALLOW'
nodef_case "only the ops without DEFAULT are named" \
	"@: error: no DEFAULT for FIRMWARE, KEXEC_IMAGE, KEXEC_INITRAMFS, POLICY, X509_CERT" \
	"$HDR" 'DEFAULT op=EXECUTE action=DENY' 'DEFAULT op=KMODULE action=DENY'
nodef_case "line errors first, the missing DEFAULT last" \
	"@:2:12: error: unknown action
@: error: no DEFAULT for EXECUTE" \
	"$HDR" 'op=EXECUTE action=MAYBE' 'DEFAULT op=KERNEL_READ action=DENY'
printf '%s\n' "$HDR" 'DEFALUT op=EXECUTE action=DENY' \
	'DEFAULT op=KERNEL_READ action=DENY' >"$work/typo.pol"
run "$IPECTL" check --lenient "$work/typo.pol"
want="$work/typo.pol: error: no DEFAULT for EXECUTE
$work/typo.pol:2:1: warning: line ignored (lenient parsing): expected key=value"
expect "--lenient: a misspelt DEFAULT does not leave EXECUTE open" \
	'[ $rc -eq 1 ] && [ "$err" = "$want" ]' "exit $rc" \
	"expected: $want" "got:      $err"
warn_case "a global DEFAULT covers every op" "" "$HDR" 'DEFAULT action=ALLOW'
warn_case "every op with its DEFAULT, no global one" "" "$HDR" \
	'DEFAULT op=EXECUTE action=DENY' 'DEFAULT op=KERNEL_READ action=ALLOW'
dup="duplicate dmverity_roothash=sha256:$H64"
warn_case "duplicate digest: the same dmverity_roothash twice in one op" \
	"@:4:27: warning: $dup for op=EXECUTE (first at line 3)" \
	"$HDR" 'DEFAULT action=DENY' \
	'op=EXECUTE boot_verified=TRUE dmverity_roothash=sha256:'"$H64"' action=DENY' \
	'op=EXECUTE action=ALLOW   dmverity_roothash=sha256:'"${H64^^}"
warn_case "no duplicate digest in different ops" "" \
	"$HDR" 'DEFAULT action=DENY' 'op=EXECUTE dmverity_roothash=sha256:'"$H64"' action=DENY' \
	'op=KMODULE dmverity_roothash=sha256:'"$H64"' action=DENY'
warn_case "a clean policy gives no warning at all" "" \
	'policy_name="Appliance lockdown" policy_version=3.0.0' 'DEFAULT action=DENY' \
	'op=EXECUTE dmverity_roothash=sha256:'"$D256"' action=DENY' \
	'op=KERNEL_READ dmverity_roothash=sha256:'"$D256"' action=DENY' \
	'op=EXECUTE boot_verified=TRUE action=ALLOW' \
	'op=EXECUTE dmverity_signature=TRUE action=ALLOW' \
	'op=KERNEL_READ boot_verified=TRUE action=ALLOW' \
	'op=KERNEL_READ dmverity_signature=TRUE action=ALLOW'
# an allowlist of 200 000 fs-verity digests (as ipectl allowlist writes
# them) is checked in linear time: comparing every pair of rules took
# minutes
"$PY" - "$work/many.pol" <<'PYEOF'
import random, sys
random.seed(96)
with open(sys.argv[1], 'w') as f:
	f.write('policy_name=many policy_version=1.0.0\nDEFAULT action=ALLOW\n'
		'DEFAULT op=EXECUTE action=DENY\n'
		'op=EXECUTE boot_verified=TRUE action=ALLOW\n')
	for d in sorted({'%064x' % random.getrandbits(256) for _ in range(200000)}):
		f.write('op=EXECUTE fsverity_digest=sha256:%s action=ALLOW\n' % d)
PYEOF
t0=$(date +%s%N)
run "$IPECTL" check -v "$work/many.pol"
ms=$((($(date +%s%N) - t0) / 1000000))
echo "# ipectl check of 200 000 fs-verity digest rules: $ms ms"
expect "check of 200 000 fs-verity digest rules: no warning, well under a minute" \
	'[ $rc -eq 0 ] && [ -z "$err" ] && [[ "$out" == *": 200001 rules, 0 warnings" ]] &&
	 [ $ms -lt 60000 ]' "exit $rc, $ms ms" "$out" "$err"
rm -f "$work/many.pol"
printf '%s\n' "$HDR" 'DEFAULT action=DENY' 'op=EXECUTE action=ALLOW' \
	'op=EXECUTE action=ALLOW' >"$work/w.pol"
run "$IPECTL" check --Werror "$work/w.pol"
expect "--Werror: warnings become errors, exit 1" \
	'[ $rc -eq 1 ] &&
	 [[ "$err" == *"4:1: error: rule for op=EXECUTE never matches"* ]]' \
	"exit $rc" "$err"

# ---------------------------------------------------------------------
# (g) audit --suggest: the fixtures in suggest/ (ausearch --raw and dmesg
# formats, saved device-mapper tables), read offline so that nothing of
# this machine shows in the result; then the checks of the files at the
# recorded paths, fs-verity where this machine has it, and junk input.

sg=$here/suggest
SGH0=3f1c0e9a5b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a2c4e6b8d0f
SGH1=9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d
# sg_rules: the lines of $out that are not comments or blank
sg_rules() {
	printf '%s\n' "$out" | grep -v '^#' | grep -v '^$'
}
run "$IPECTL" audit --suggest --offline --dm-table "$sg/tables.txt" "$sg/active.log"
want="op=EXECUTE dmverity_roothash=sha256:$SGH0 action=ALLOW
op=KMODULE dmverity_roothash=sha256:$SGH1 action=ALLOW
op=FIRMWARE dmverity_roothash=sha256:$SGH0 action=ALLOW"
expect "suggest: one rule per distinct result, the active policy's denials" \
	'[ $rc -eq 0 ] && [ "$(sg_rules)" = "$want" ]' "exit $rc" "expected:" "$want" \
	"got:" "$(sg_rules)" "$err"
active_out=$out
want="# EXECUTE /usr/bin/pre (dm-0, inode 40): 1 denial
# EXECUTE /usr/bin/a (dm-0, inode 12): 2 denials
# EXECUTE /usr/lib/libb.so (dm-0, inode 13): 1 denial
# dm-0: dm-verity, root hash sha256, no root hash signature
op=EXECUTE dmverity_roothash=sha256:$SGH0 action=ALLOW"
expect "suggest: a rule after the files it allows, with their counts" \
	'[[ "$out" == *"$want"* ]]' "expected:" "$want" "got:" "$out"
want="op=KMODULE dmverity_roothash=sha256:$SGH1 action=ALLOW
# or, for every volume opened with a verified root hash signature:
#op=KMODULE dmverity_signature=TRUE action=ALLOW"
expect "suggest: a signed volume: the root hash, dmverity_signature as a comment" \
	'[[ "$out" == *"dm-1: dm-verity, root hash sha256, opened with a root hash signature
$want"* ]]' "$out"
expect "suggest: header with the policy and the counts" \
	'[[ "$out" == *"# policy: the active one (records without audit_policy)
# denials: 14 taken, 3 of other policies
# files: 13; rules: 3; no verifiable property: 6; not resolvable: 2"* ]]' "$out"
sg_why() { # sg_why PATH: the reason line after the file's line
	printf '%s\n' "$out" | grep -A1 -F -- "$1" | tail -n 1
}
w1="#     tmpfs: not a device-mapper device; offline: fs-verity not measured"
w3="dm-3: dm-verity with ignore_corruption: IPE gets no root hash"
expect "suggest: no rule for a file off dm-verity, a linear table, ignore_corruption" \
	'[ "$(sg_why "/tmp/hello (tmpfs")" = "$w1" ] &&
	 [[ "$(sg_why "(dm-2")" == *"dm-2: not dm-verity: a linear target;"* ]] &&
	 [[ "$(sg_why "/mnt/lax/run")" == *"$w3"* ]]' "$out"
expect "suggest: no rule for a table of two targets or a device not in the tables" \
	'[[ "$(sg_why "/mnt/two/run")" == *"dm-5: a table of 2 targets"* ]] &&
	 [[ "$(sg_why "/mnt/gone/run")" == *"dm-6: not in the saved tables"* ]]' "$out"
w1='parser refuses "op=EXECUTE dmverity_roothash=sha256:abcd action=ALLOW":'
w1+=' sha256 digest must be 64 hex digits'
expect "suggest: a rule the policy parser refuses is not printed as a rule" \
	'[[ "$(sg_why "/mnt/short/run")" == *"$w1"* ]] && [ "$(sg_rules | grep -c abcd)" = 0 ]' \
	"$out"
expect "suggest: no file and an unknown op are listed as not resolvable" \
	'[[ "$out" == *"# not resolvable:
#   EXECUTE (hook MMAP): 1 denial
#     no file (anonymous memory or a buffer)
#   BOGUS /usr/bin/a (dm-0, inode 12): 1 denial
#     op not known"* ]]' "$out"
# the path "/tmp/" ESC "[31mevil" LF "op=EXECUTE dmverity_signature=TRUE action=ALLOW"
esc=$(printf '\033')
evil='/tmp/\x1b[31mevil\nop=EXECUTE dmverity_signature=TRUE action=ALLOW'
expect "suggest: a path with ESC and a newline is escaped and makes no rule line" \
	'[[ "$out" != *"$esc"* ]] && ! printf "%s\n" "$out" | grep -q "^op=.*signature" &&
	 [[ "$out" == *"#   EXECUTE $evil (dm-2, inode 7): 1 denial"* ]]' "$out"
{
	echo "$HDR"
	echo 'DEFAULT action=DENY'
	echo "$active_out"
} >"$work/suggested.pol"
run "$IPECTL" check "$work/suggested.pol"
expect "suggest: the fragment after a header and a DEFAULT passes ipectl check" \
	'[ $rc -eq 0 ] && [ -z "$err" ] && [ "$(grep -c "^op=" "$work/suggested.pol")" = 3 ]' \
	"exit $rc" "$err"
run "$IPECTL" audit --suggest --offline --dm-table "$sg/tables.txt" - <"$sg/dmesg.log"
expect "suggest: the kernel log gives the same fragment as ausearch --raw" \
	'[ $rc -eq 0 ] && [ "$(sg_rules)" = "$(out=$active_out sg_rules)" ] &&
	 [ "$(printf "%s\n" "$out" | sed 1d)" = "$(printf "%s\n" "$active_out" | sed 1d)" ]' \
	"exit $rc" "$(diff <(echo "$out") <(echo "$active_out"))"

run "$IPECTL" audit --suggest --policy candidate --offline --dm-table "$sg/tables.txt" \
	"$sg/active.log"
want="op=EXECUTE dmverity_roothash=sha256:$SGH1 action=ALLOW
#op=EXECUTE dmverity_signature=TRUE action=ALLOW
op=EXECUTE dmverity_roothash=sha256:$SGH0 action=ALLOW
op=KMODULE dmverity_roothash=sha256:$SGH1 action=ALLOW
#op=KMODULE dmverity_signature=TRUE action=ALLOW"
got=$(printf '%s\n' "$out" | grep '^#\?op=')
expect "suggest --policy: audit_policy records, and the active ones while it was active" \
	'[ $rc -eq 0 ] && [ "$got" = "$want" ] &&
	 [[ "$out" == *"# denials: 5 taken, 12 of other policies"* ]] &&
	 [[ "$out" != *"/usr/bin/pre"* ]]' "exit $rc" "expected:" "$want" "got:" "$out"
run "$IPECTL" audit --suggest --policy prod --offline --dm-table "$sg/tables.txt" \
	"$sg/active.log"
expect "suggest --policy: denials before the first activation belong to the policy it replaced" \
	'[ $rc -eq 0 ] && [[ "$out" == *"# EXECUTE /usr/bin/pre (dm-0, inode 40): 1 denial
# dm-0:"* ]] && [[ "$out" == *"# denials: 11 taken, 6 of other policies"* ]] &&
	 [[ "$out" != *"/usr/bin/a (dm-0, inode 12): 2"* ]] && [ -z "$err" ]' \
	"exit $rc" "$out" "$err"
grep -v IPE_CONFIG_CHANGE "$sg/active.log" >"$work/noact.log"
run "$IPECTL" audit --suggest --policy candidate --offline --dm-table "$sg/tables.txt" \
	"$work/noact.log"
w1="# denials: 2 taken, 1 of other policies, 14 while the active policy was not known"
expect "suggest --policy without activation records: active-policy denials skipped, said" \
	'[ $rc -eq 0 ] && [[ "$out" == *"$w1"* ]] &&
	 [ "$(sg_rules | wc -l)" = 2 ] &&
	 [[ "$err" == *"14 denials of the active policy before any activation record"* ]]' \
	"exit $rc" "$out" "$err"
run "$IPECTL" audit --suggest --policy nosuch --offline "$sg/active.log"
expect "suggest --policy of a policy without denials: a header, no rule" \
	'[ $rc -eq 0 ] && [ -z "$(sg_rules)" ] && [[ "$out" == *"# denials: 0 taken, 17 of"* ]]' \
	"exit $rc" "$out"

# a change of the audit role (1421 with new_audit_pol_name) is no
# activation: the active policy stays unknown
{
	printf '%s %s %s %s\n' \
		'type=IPE_CONFIG_CHANGE msg=audit(1796299999.000:99): old_audit_pol_name=?' \
		'old_audit_pol_version=? old_policy_digest=? new_audit_pol_name="candidate"' \
		"new_audit_pol_version=0.1.0 new_policy_digest=sha256:$SGH0" \
		'auid=0 ses=1 lsm=ipe res=1'
	cat "$work/noact.log"
} >"$work/rolechg.log"
run "$IPECTL" audit --suggest --policy candidate --offline --dm-table "$sg/tables.txt" \
	"$work/rolechg.log"
w1="# denials: 2 taken, 1 of other policies, 14 while the active policy was not known"
expect "suggest --policy: a change of the audit role is not taken for an activation" \
	'[ $rc -eq 0 ] && [[ "$out" == *"$w1"* ]] && [ "$(sg_rules | wc -l)" = 2 ] &&
	 [[ "$err" == *"14 denials of the active policy before any activation record"* ]]' \
	"exit $rc" "$out" "$err"

# the files at the recorded paths, on this machine
mkdir -p "$work/sgf"
echo same >"$work/sgf/same"
echo other >"$work/sgf/changed"
ino_same=$(stat -c %i "$work/sgf/same")
ino_changed=$(( $(stat -c %i "$work/sgf/changed") + 1000 ))
sgrec() { # sgrec SERIAL PATH DEV INO: a denial
	printf 'type=1420 msg=audit(1796300100.000:%s): ipe_op=EXECUTE %s' "$1" \
		'ipe_hook=BPRM_CHECK enforcing=1 pid=1 comm="sh" '
	printf 'path="%s" dev="%s" ino=%s rule="DEFAULT action=DENY"\n' "$2" "$3" "$4"
}
{
	sgrec 1 "$work/sgf/same" vda "$ino_same"
	sgrec 2 "$work/sgf/changed" vda "$ino_changed"
	sgrec 3 "$work/sgf/missing" vda 5
	sgrec 4 "$work/sgf/same" dm-0 "$ino_same"
	sgrec 5 "$work/sgf/changed" dm-4242 "$ino_changed"
	sgrec 6 "relative/path" vda 5
} >"$work/local.log"
run "$IPECTL" audit --suggest --dm-table "$sg/tables.txt" "$work/local.log"
w1="/sgf/changed (vda, inode $ino_changed): 1 denial; now inode $((ino_changed - 1000)):"
w1+=" changed since the record: review"
w2="/sgf/missing (vda, inode 5): 1 denial; no such file now: changed since the record: review"
w3="relative/path (vda, inode 5): 1 denial; not an absolute path: not checked"
w4="fs-verity not measured: not the recorded file"
w5="vda: not a device-mapper device; "
expect "suggest: the file at the path is checked: the same, changed, gone" \
	'[ $rc -eq 0 ] &&
	 [[ "$(sg_why "$work/sgf/same (vda")" == *"$w5"*fs-verity* ]] &&
	 [[ "$out" == *"$w1"* ]] && [[ "$out" == *"$w2"* ]] && [[ "$out" == *"$w3"* ]] &&
	 [[ "$(sg_why "/sgf/changed (vda")" == *"$w4" ]]' \
	"exit $rc" "$out" "$err"
w1="op=EXECUTE dmverity_roothash=sha256:$SGH0 action=ALLOW"
expect "suggest: a dm-verity rule whatever the file now, with the note" \
	'[[ "$out" == *"/sgf/same (dm-0, inode $ino_same): 1 denial
# dm-0: dm-verity"* ]] && [ "$(sg_rules)" = "$w1" ]' "$out"
run "$IPECTL" audit --suggest "$work/local.log"
if [ -e /sys/block/dm-4242 ]; then
	skip "suggest: a device-mapper device this machine does not have" "dm-4242 exists"
else
	w1="dm-4242: no such device here (/sys/block/dm-4242/dev)"
	expect "suggest: a device-mapper device this machine does not have" \
		'[ $rc -eq 0 ] && [[ "$(sg_why "/sgf/changed (dm-4242")" == *"$w1"* ]]' \
		"exit $rc" "$out" "$err"
fi

# fs-verity, where a filesystem of this machine has it
fsv_file=
if command -v fsverity >/dev/null; then
	for d in "$work" /dev/shm; do
		f=$(mktemp -p "$d" ipectl-fsv.XXXXXX 2>/dev/null) || continue
		head -c 10000 /dev/zero >"$f"
		if fsverity enable "$f" >/dev/null 2>&1; then
			fsv_file=$f
			break
		fi
		rm -f "$f"
	done
fi
if [ -n "$fsv_file" ]; then
	fsv_digest=$(fsverity measure "$fsv_file" | cut -d' ' -f1)
	sgrec 1 "$fsv_file" vda "$(stat -c %i "$fsv_file")" >"$work/fsv.log"
	run "$IPECTL" audit --suggest "$work/fsv.log"
	w1="op=EXECUTE fsverity_digest=$fsv_digest action=ALLOW"
	expect "suggest: an fs-verity file: its digest as fsverity measure gives it" \
		'[ $rc -eq 0 ] && [ "$(sg_rules)" = "$w1" ]' \
		"exit $rc" "expected fsverity_digest=$fsv_digest" "$out" "$err"
	[ "${fsv_file#/dev/shm/}" != "$fsv_file" ] && rm -f "$fsv_file"
else
	skip "suggest: an fs-verity file: its digest as fsverity measure gives it" \
		"no filesystem with fs-verity here (or no fsverity tool)"
fi

# junk: broken records and random bytes after a record's header
"$PY" - "$work/junk.log" <<'PYEOF'
import random, sys
random.seed(1420)
lines = [b'type=1420 audit(', b'type=1420 audit(1:1', b'type=1420 audit(1:1):',
	 b'type=1420 audit(1:1): ipe_op', b'type=1420 audit(1:1): ipe_op=',
	 b'type=1420 audit(1:1): path="', b'type=1420 audit(1:1): path="/a" dev="dm-',
	 b'type=1420 audit(1:1): ipe_op=EXECUTE path=ZZ dev=dm-99999999999 ino=-1',
	 b'type=1420 audit(1:1): ipe_op=EXECUTE path="/a" dev="dm-0" ino=99999999999999999999999',
	 b'type=1420 audit(1:1): ' + b' '.join(b'k%d=v' % i for i in range(100)),
	 b'type=1420 audit(1:1): ipe_op=EXECUTE path=' + b'41' * 70000 + b' dev="dm-0" ino=1',
	 b'type=1421 audit(1:2): new_active_pol_name=? old_active_pol_name=',
	 b'type=1421 audit(1:3): new_active_pol_name=00 audit_policy=',
	 b'type=1420 audit(1:1): rule="action=DENY" audit_policy=" path="/" dev=dm-0 ino=0']
alpha = b'=" ?:/\\x\x1b\n\x00abcdm-0123456789ABCDEF'
keys = [b'ipe_op=', b'path=', b'dev=', b'ino=', b'rule=', b'audit_policy=', b'comm=',
	b'new_active_pol_name=', b'old_active_pol_name=', b'EXECUTE', b'"', b' ']
for i in range(3000):
	body = b''
	for _ in range(random.randint(0, 12)):
		body += random.choice(keys)
		body += bytes(random.choice(alpha) for _ in range(random.randint(0, 12)))
	lines.append(random.choice([b'type=1420 audit(1:%d): ' % i, b'type=1421 msg=audit(1:1): ',
				    b'[ 1.0] audit: type=1420 audit(1:1): ']) + body)
open(sys.argv[1], 'wb').write(b'\n'.join(lines) + b'\n')
PYEOF
# malformed saved tables
{
	echo 'dm-0: 0 8 verity 1 7:0 7:1 4096 4096 1 1 sha256'
	echo 'dm-1: 0 8 verity 1 7:0 7:1 4096 4096 1 1 SHA-256 abcd -'
	echo 'dm-2: 0 8 verity 1 7:0 7:1 4096 4096 1 1 sha256 xyz -'
	echo 'dm-3 0 8 verity'
	echo 'dm-4: zero 8 verity'
} >"$work/badtables.txt"
for d in 0 1 2 3 4; do
	sgrec "$d" /x "dm-$d" 1
done >"$work/bad.log"
run "$IPECTL" audit --suggest --offline --dm-table "$work/badtables.txt" "$work/bad.log"
expect "suggest: malformed verity tables give no rule but the reason; bad lines named" \
	'[ $rc -eq 0 ] && [ -z "$(sg_rules)" ] &&
	 [[ "$(sg_why "(dm-0")" == *"dm-0: unexpected verity table (too short)"* ]] &&
	 [[ "$(sg_why "(dm-1")" == *"dm-1: unexpected verity table (bad algorithm)"* ]] &&
	 [[ "$(sg_why "(dm-2")" == *"dm-2: unexpected verity table (bad root hash)"* ]] &&
	 [[ "$(sg_why "(dm-3")" == *"dm-3: not in the saved tables"* ]] &&
	 [[ "$err" == *"badtables.txt:4: not \"DEVICE: START LENGTH TYPE PARAMS\""* ]] &&
	 [[ "$err" == *"badtables.txt:5: not"* ]]' "exit $rc" "$out" "$err"
run "$IPECTL" audit --suggest --dm-table "$sg/tables.txt" "$work/junk.log"
# every line a comment, blank or a rule of the form ipectl writes
w1='^\(op=[A-Z_]* [a-z_]*=[a-z0-9]*:[0-9a-f]* action=ALLOW\)\?$'
expect "suggest: broken records and random bytes: no crash, nothing raw" \
	'[ $rc -eq 0 ] && [[ "$out" == "# IPE rules"* ]] && [[ "$out" != *"$esc"* ]] &&
	 ! printf "%s\n" "$out" | grep -v "^#" | grep -qv "$w1"' \
	"exit $rc" "$(printf '%s\n' "$out" | tail -n 20)" "$err"
run "$IPECTL" audit "$work/junk.log"
expect "audit summary of broken records and random bytes: no crash, nothing raw" \
	'[ $rc -eq 0 ] && [[ "$out" == "IPE audit records: "* ]] && [[ "$out" != *"$esc"* ]]' \
	"exit $rc" "$err"
run "$IPECTL" audit "$sg/active.log"
expect "audit summary: paths from the log are printed escaped" \
	'[ $rc -eq 0 ] && [[ "$out" != *"$esc"* ]] &&
	 [[ "$out" == *"        1  $evil"* ]]' \
	"exit $rc" "$out"
printf 'type=1422 audit(1:1): policy_name=%s policy_version=1.0.0 policy_digest=sha256:00 res=1\n' \
	"$(printf 'a\\b\tc\x7f\xc3\xa9' | od -An -tx1 | tr -d ' \n')" >"$work/name.log"
run "$IPECTL" audit "$work/name.log"
expect "audit summary: a policy name with a backslash, tab, DEL and UTF-8 escaped" \
	'[ $rc -eq 0 ] && [[ "$out" == *"LOAD      a\\\\b\\tc\\x7f\\xc3\\xa9 1.0.0"* ]]' "$out"

run "$IPECTL" audit --policy x "$sg/active.log"
expect "audit --policy without --suggest: usage error, exit 2" \
	'[ $rc -eq 2 ] && [[ "$err" == *"go with --suggest"* ]]' "exit $rc" "$err"
run "$IPECTL" audit --suggest --json "$sg/active.log"
expect "audit --suggest --json: usage error, exit 2" '[ $rc -eq 2 ]' "exit $rc" "$err"
run "$IPECTL" audit --suggest --dm-table "$work/nonexistent" "$sg/active.log"
expect "audit --suggest with a missing --dm-table file: named, exit 2" \
	'[ $rc -eq 2 ] && [[ "$err" == *"nonexistent: No such file"* ]]' "exit $rc" "$err"
run "$IPECTL" audit --suggest --offline --dm-table "$sg/tables.txt" "$work/nonexistent.log"
expect "audit --suggest of a missing log: exit 2" '[ $rc -eq 2 ]' "exit $rc" "$err"

# ---------------------------------------------------------------------
# (h) SHA-256 and the reader of signed blobs, in every build (sha256.c,
# pkcs7.c), on their own; through ipectl they give the digests of list and
# status and the text behind a refusal of the kernel, tested above

sp=$work/sha256_pkcs7
if $CC -O1 -g -Wall -Wextra -D_GNU_SOURCE $san \
	-I "$here/.." -I "$top/scripts/ipe/polgen/compat" -I "$tools_include" \
	-idirafter "$top/security/ipe" \
	-include "$top/scripts/ipe/polgen/compat/ipe_config.h" \
	-o "$sp" "$here/sha256_pkcs7.c" "$here/../sha256.c" "$here/../pkcs7.c" \
	>"$work/cc3.log" 2>&1; then
	ok "the tests of sha256.c and pkcs7.c build${san:+ (with ASan and UBSan)}"
else
	not_ok "the tests of sha256.c and pkcs7.c build" "$(cat "$work/cc3.log")"
	sp=
fi

if [ -n "$sp" ]; then
	run "$sp" vectors
	expect "SHA-256: the digests of FIPS 180-2 and others, in pieces of every size" \
		'[ $rc -eq 0 ]' "exit $rc" "$out" "$err"

	# random data across the block and padding boundaries: 55 bytes is
	# the most a last block holds with the padding, 64 a block
	mkdir -p "$work/rnd"
	lens="0 1 3 31 32 54 55 56 57 62 63 64 65 111 119 120 127 128 129
	      191 192 255 256 1000 4095 4096 4097 65535 65536 65537 1048575
	      1048576 1048577"
	for i in $(seq 12); do
		lens="$lens $((RANDOM * 4 + RANDOM % 4))"
	done
	for l in $lens; do
		head -c "$l" /dev/urandom >"$work/rnd/$l"
	done
	(cd "$work/rnd" && sha256sum $lens) >"$work/rnd.sum"
	(cd "$work/rnd" && "$sp" sha256 $lens) >"$work/rnd.sp" 2>&1
	rc=$?
	nlens=$(echo $lens | wc -w)
	expect "SHA-256 is what sha256sum says, on random data of $nlens lengths (0 to 1 MiB + 1)" \
		'[ $rc -eq 0 ] && cmp -s "$work/rnd.sum" "$work/rnd.sp"' \
		"exit $rc" "$(diff "$work/rnd.sum" "$work/rnd.sp" | head -n 10)"

	run "$sp" der
	expect "pkcs7: hand-made blobs: every length form read, BER and malformed ones refused" \
		'[ $rc -eq 0 ]' "exit $rc" "$out" "$err"
fi

if [ -n "$sp" ] && [ -r "$keys/ca.key" ] && [ -r "$keys/ca.pem" ]; then
	# blobs openssl signed (and ipectl, where it can): the content is
	# the text signed, byte for byte
	mkdir -p "$work/p7"
	: >"$work/p7/empty.pol"
	head -c 70000 /dev/urandom >"$work/p7/random.pol"
	cp "$work/good.pol" "$work/bad.pol" "$work/big.pol" "$work/p7/"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
		-days 30 -subj "/CN=ipectl test EC/" -keyout "$work/p7/ec.key" \
		-out "$work/p7/ec.pem" 2>/dev/null
	bad=
	nblobs=0
	for f in "$work"/p7/*.pol; do
		p7sign "$f" "${f%.pol}.p7s" || bad="$bad $f(openssl)"
		p7sign "$f" "${f%.pol}.ec.p7s" "$work/p7/ec.pem" "$work/p7/ec.key" ||
			bad="$bad $f(openssl EC)"
	done
	for b in "$work"/p7/*.p7s; do
		f=${b%.p7s}
		f=${f%.ec}.pol
		"$sp" content "$b" >"$work/p7.out" 2>"$work/p7.err" &&
			cmp -s "$work/p7.out" "$f" || bad="$bad $(basename "$b")"
		nblobs=$((nblobs + 1))
	done
	for b in good bad big lenient untrusted der both; do
		[ -s "$work/$b.p7s" ] || continue
		f=$work/$b.pol
		[ -r "$f" ] || f=$work/good.pol
		"$sp" content "$work/$b.p7s" >"$work/p7.out" 2>"$work/p7.err" &&
			cmp -s "$work/p7.out" "$f" || bad="$bad $b.p7s"
		nblobs=$((nblobs + 1))
	done
	expect "pkcs7: the content of $nblobs signed blobs (RSA, EC, 0 to 2 MB) is the text" \
		'[ -z "$bad" ] && [ $nblobs -ge 12 ]' "wrong:$bad" "$(cat "$work/p7.err")"

	# BER (openssl -stream: indefinite lengths) and a detached signature
	openssl smime -sign -binary -outform der -noattr -nodetach -stream \
		-in "$work/good.pol" -signer "$ca" -inkey "$cakey" \
		-out "$work/p7/stream.p7s.ber" 2>/dev/null
	openssl smime -sign -binary -outform der -noattr \
		-in "$work/good.pol" -signer "$ca" -inkey "$cakey" \
		-out "$work/p7/detached.p7s.der" 2>/dev/null
	run "$sp" content "$work/p7/stream.p7s.ber"
	rc1=$rc
	run "$sp" content "$work/p7/detached.p7s.der"
	expect "pkcs7: a BER blob (indefinite lengths) and a detached signature are refused" \
		'[ $rc1 -eq 1 ] && [ $rc -eq 1 ] && [[ "$err" == *"Bad message"* ]] &&
		 [ "$(od -An -tx1 -N2 "$work/p7/stream.p7s.ber" | tr -d " ")" = 3080 ]' \
		"exit $rc1, $rc" "$err"

	run "$sp" fuzz "$work/p7/good.p7s" 20000
	expect "pkcs7: truncated, changed and random blobs: refused or read in bounds, no crash" \
		'[ $rc -eq 0 ]' "exit $rc" "$(printf "%s\n" "$out" | tail -n 20)" "$err"
	run "$sp" fuzz "$work/p7/empty.ec.p7s" 20000
	expect "pkcs7: the same with an EC signature over an empty policy" \
		'[ $rc -eq 0 ]' "exit $rc" "$(printf "%s\n" "$out" | tail -n 20)" "$err"

	# ipectl on malformed blobs: the refusal is explained without them
	if [ -n "$fakewrite" ]; then
		bad=
		for l in 1 2 100 $(($(stat -c %s "$work/p7/good.p7s") - 1)); do
			head -c "$l" "$work/p7/good.p7s" >"$work/p7/cut.p7s"
			fake_tree
			run env IPECTL_FAKE_ERRNO="$(errnum EINVAL)" \
				LD_PRELOAD="$fakewrite" \
				"$IPECTL" --root "$sec" --sysctl-root "$sys" \
				load "$work/p7/cut.p7s"
			[ $rc -eq 1 ] &&
				[[ "$err" == *"the kernel refused the policy"*"(EINVAL)"* ]] ||
				bad="$bad $l($rc: $err)"
		done
		fake_expect "load of a truncated blob the kernel refuses: the refusal, no crash" \
			'[ -z "$bad" ]' "$bad"
	fi
else
	skip "pkcs7: signed blobs" "no $keys/ca.key or no test program"
fi

# ---------------------------------------------------------------------
# (i) allowlist: the policy of the fs-verity digests of a tree. This host
# has no fs-verity: the digests come from the ioctl() interposer
# fakeverity.c where LD_PRELOAD reaches ipectl; the order, the repeats
# and the time for 200 000 digests from allowlist_digests.c, which runs
# the code of digests.c on digests of its own; the rest on plain files.

al=$work/al
mkdir -p "$al/plain/bin" "$al/plain/lib/sub" "$al/plain/empty" "$al/out"
chmod 777 "$al/out"
for f in bin/sh bin/ls lib/libc.so.6 lib/sub/ld.so; do
	echo "$f" >"$al/plain/$f"
done
chmod 755 "$al/plain/bin/sh" "$al/plain/bin/ls"
# a symbolic link to a directory full of files, and one to a file: not
# followed; a FIFO: not a regular file
ln -s "$here" "$al/plain/lib/tests"
ln -s ../bin/sh "$al/plain/lib/sh"
mkfifo "$al/plain/fifo"
alpol="policy_name=allowlist policy_version=1.0.0
DEFAULT action=ALLOW
DEFAULT op=EXECUTE action=DENY"
alsum="4 files without fs-verity skipped"
run "$IPECTL" allowlist "$al/plain"
expect "allowlist of plain files: the DEFAULTs, no rule; the files counted as skipped" \
	'[ $rc -eq 0 ] && [ "$out" = "$alpol" ] &&
	 [[ "$err" == *"0 files measured, 0 rules written, 0 duplicates, $alsum"* ]] &&
	 [[ "$err" == *"warning: no file with fs-verity: the policy allows no file to run"* ]]' \
	"exit $rc" "$out" "$err"
run "$IPECTL" allowlist --verbose "$al/plain/"
want="ipectl: allowlist: $al/plain/bin/ls: @: skipped
ipectl: allowlist: $al/plain/bin/sh: @: skipped
ipectl: allowlist: $al/plain/lib/libc.so.6: @: skipped
ipectl: allowlist: $al/plain/lib/sub/ld.so: @: skipped"
got=$(printf '%s\n' "$err" | grep ': skipped$' |
	sed -e 's/: fs-verity not enabled: skipped$/: @: skipped/' \
	    -e 's/: no fs-verity on this filesystem: skipped$/: @: skipped/')
expect "allowlist --verbose: each file skipped, in path order, on stderr" \
	'[ $rc -eq 0 ] && [ "$out" = "$alpol" ] && [ "$got" = "$want" ]' \
	"exit $rc" "expected:" "$want" "got:" "$got"

(umask 022 && "$IPECTL" allowlist --boot-verified --name "my image" --version 2.0.1 \
	-o "$al/out/plain.pol" "$al/plain") >"$work/.out" 2>"$work/.err"
rc=$?
want='policy_name="my image" policy_version=2.0.1
DEFAULT action=ALLOW
DEFAULT op=EXECUTE action=DENY
op=EXECUTE boot_verified=TRUE action=ALLOW'
expect "allowlist -o: the file written (mode 644 under umask 022), no temporary left" \
	'[ $rc -eq 0 ] && [ ! -s "$work/.out" ] && [ "$(cat "$al/out/plain.pol")" = "$want" ] &&
	 [ "$(stat -c %a "$al/out/plain.pol")" = 644 ] && [ "$(ls -A "$al/out")" = plain.pol ]' \
	"exit $rc" "$(cat "$al/out/plain.pol")" "$(ls -lA "$al/out")" "$(cat "$work/.err")"
run "$IPECTL" check -v "$al/out/plain.pol"
w1='policy_name="my image" policy_version=2.0.1: 1 rules, 0 warnings'
expect "allowlist: ipectl check accepts the policy (quoted name, boot_verified)" \
	'[ $rc -eq 0 ] && [ -z "$err" ] && [ "$out" = "$al/out/plain.pol: $w1" ]' \
	"exit $rc" "$out" "$err"
"$IPECTL" allowlist --boot-verified --name "my image" --version 2.0.1 -o - "$al/plain" \
	>"$al/again.pol" 2>/dev/null
run "$IPECTL" allowlist --boot-verified --name "my image" --version 2.0.1 \
	-o "$al/out/plain.pol" "$al/plain"
expect "allowlist: the same tree gives the same bytes (-o FILE replaced, -o - alike)" \
	'[ $rc -eq 0 ] && cmp -s "$al/again.pol" "$al/out/plain.pol" &&
	 [ "$(ls -A "$al/out")" = plain.pol ]' "exit $rc" "$err"

# -o onto a symbolic link, a file of another mode, a device, a FIFO
mkdir -p "$al/out2"
echo old >"$al/out2/real.pol"
chmod 600 "$al/out2/real.pol"
ln -s real.pol "$al/out2/link.pol"
run "$IPECTL" allowlist -o "$al/out2/link.pol" "$al/plain"
expect "allowlist -o LINK: the file it names replaced, with its mode; the link kept" \
	'[ $rc -eq 0 ] && [ -L "$al/out2/link.pol" ] &&
	 [ "$(cat "$al/out2/real.pol")" = "$alpol" ] &&
	 [ "$(stat -c %a "$al/out2/real.pol")" = 600 ] &&
	 [ "$(ls -A "$al/out2")" = "$(printf "link.pol\nreal.pol")" ]' \
	"exit $rc" "$err" "$(ls -lA "$al/out2")"
if [ "$(id -u)" = 0 ] && mknod "$al/out2/null" c 1 3 2>/dev/null; then
	run "$IPECTL" allowlist -o "$al/out2/null" "$al/plain"
	expect "allowlist -o onto a device (as /dev/null): written to, not replaced" \
		'[ $rc -eq 0 ] && [ -c "$al/out2/null" ]' "exit $rc" "$err" "$(ls -l "$al/out2")"
	rm -f "$al/out2/null"
else
	skip "allowlist -o onto a device (as /dev/null): written to, not replaced" "no mknod"
fi
mkfifo "$al/out2/fifo"
timeout 20 cat "$al/out2/fifo" >"$al/fifo.out" &
catpid=$!
run "$IPECTL" allowlist -o "$al/out2/fifo" "$al/plain"
wait $catpid
expect "allowlist -o onto a FIFO: the policy goes through it" \
	'[ $rc -eq 0 ] && [ -p "$al/out2/fifo" ] && [ "$(cat "$al/fifo.out")" = "$alpol" ]' \
	"exit $rc" "$err" "$(cat "$al/fifo.out")"

# --name and --version as the kernel's parser takes them, else exit 2
bad=
al_refused() { # al_refused REASON OPTION VALUE
	run "$IPECTL" allowlist "$2" "$3" -o "$al/out/refused.pol" "$al/plain"
	[ $rc -eq 2 ] && [ -z "$out" ] && [[ "$err" == *"$1"* ]] &&
		[ ! -e "$al/out/refused.pol" ] || bad="$bad [$2 '$3': exit $rc: $err]"
}
al_refused "--name \"\": bad policy_name" --name ""
al_refused "--name \"a/b\": bad policy_name" --name a/b
al_refused "--name \"..\": bad policy_name" --name ..
al_refused "--name \"a\\tb\": bad policy_name" --name "$(printf 'a\tb')"
al_refused "--name \"a\\x1b[1mb\": bad policy_name" --name "$(printf 'a\033[1mb')"
al_refused "bad policy_name (a double quote" --name 'a"b'
al_refused "bad policy_name (a double quote or a line end" --name "$(printf 'a\nb')"
al_refused "bad policy_name" --name "$(printf 'n%.0s' $(seq 256))"
al_refused "--version \"1.0\": policy_version must be MAJOR.MINOR.REV" --version 1.0
al_refused "policy_version must be MAJOR.MINOR.REV" --version 1.0.0.0
al_refused "policy_version must be MAJOR.MINOR.REV" --version ""
al_refused "--version \"1.0.65536\": policy_version part above 65535" --version 1.0.65536
al_refused "policy_version part is not a number" --version 1.x.0
al_refused "policy_version part is not a number" --version "1.0.0 #"
al_refused "policy_version part is not a number" --version "1..0"
expect "allowlist: a bad --name or --version: the parser's reason, exit 2, nothing written" \
	'[ -z "$bad" ]' "$bad"
bad=
for v in "--name=a=b --version=+1.02.3" "--name=$(printf 'n%.0s' $(seq 255))" \
	"--name=a#b --version=65535.0.0"; do
	# shellcheck disable=SC2086
	"$IPECTL" allowlist $v "$al/plain" >"$al/v.pol" 2>/dev/null &&
		"$IPECTL" check -q "$al/v.pol" || bad="$bad [$v]"
done
expect "allowlist: a name with '=' or '#', of 255 bytes, a version with '+' and zeros" \
	'[ -z "$bad" ]' "$bad"

run "$IPECTL" allowlist -o "$al/out/missing.pol" "$al/plain" "$work/nonexistent" \
	"$al/plain/bin/sh"
expect "allowlist of a missing DIR and of a file: both named, exit 2, nothing written" \
	'[ $rc -eq 2 ] && [ -z "$out" ] && [ ! -e "$al/out/missing.pol" ] &&
	 [[ "$err" == *"ipectl: allowlist: $work/nonexistent: No such file or directory"* ]] &&
	 [[ "$err" == *"ipectl: allowlist: $al/plain/bin/sh: Not a directory"* ]] &&
	 [[ "$err" == *"2 errors: no policy written"* ]]' "exit $rc" "$out" "$err"
run "$IPECTL" allowlist -o "$al/nodir/x.pol" "$al/plain"
expect "allowlist -o into a missing directory: named, exit 1" \
	'[ $rc -eq 1 ] && [[ "$err" == *"$al/nodir/x.pol: No such file or directory"* ]]' \
	"exit $rc" "$err"
run "$IPECTL" allowlist -o "$al/out" "$al/plain"
expect "allowlist -o onto a directory: named, exit 1, no temporary left" \
	'[ $rc -eq 1 ] && [[ "$err" == *"$al/out: Is a directory"* ]] &&
	 [ "$(ls -A "$al/out")" = plain.pol ]' "exit $rc" "$err" "$(ls -A "$al/out")"

# fail closed: a directory or a file that cannot be read
mkdir -p "$al/locked/bin/private"
echo a >"$al/locked/bin/a"
echo s >"$al/locked/bin/private/s"
echo t >"$al/locked/bin/secret"
chmod 700 "$al/locked/bin/private"
chmod 600 "$al/locked/bin/secret"
echo "old policy" >"$al/out/locked.pol"
chmod 666 "$al/out/locked.pol"
as_nobody=
if [ "$(id -u)" != 0 ]; then
	as_nobody=" "
elif command -v setpriv >/dev/null &&
	setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
if [ -n "$as_nobody" ]; then
	# shellcheck disable=SC2086
	run $as_nobody "$IPECTL" allowlist -o "$al/out/locked.pol" "$al/locked"
	expect "allowlist: an unreadable directory and file: named, exit 1, the old file kept" \
		'[ $rc -eq 1 ] && [ -z "$out" ] &&
		 [[ "$err" == *"ipectl: allowlist: $al/locked/bin/private: Permission denied"* ]] &&
		 [[ "$err" == *"ipectl: allowlist: $al/locked/bin/secret: Permission denied"* ]] &&
		 [[ "$err" == *"2 errors: no policy written (a file left out would be"* ]] &&
		 [ "$(cat "$al/out/locked.pol")" = "old policy" ] &&
		 [ "$(ls -A "$al/out")" = "$(printf "locked.pol\nplain.pol")" ]' \
		"exit $rc" "$out" "$err" "$(ls -A "$al/out")"
else
	skip "allowlist: an unreadable directory and file: named, exit 1, the old file kept" \
		"root without setpriv"
fi

# other filesystems: not entered unless --cross-mounts
mkdir -p "$al/mnt/inner"
echo a >"$al/mnt/a"
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
	# shellcheck disable=SC2016
	unshare -m sh -c 'mount -t tmpfs none "$2/inner" && echo b >"$2/inner/b" &&
		echo c >"$2/inner/c" &&
		"$1" allowlist -o - "$2" 2>"$3.1" && "$1" allowlist --cross-mounts "$2" 2>"$3.2"' \
		sh "$IPECTL" "$al/mnt" "$work/mnt.err" >/dev/null 2>&1
	rc=$?
	err1=$(cat "$work/mnt.err.1" 2>/dev/null)
	err2=$(cat "$work/mnt.err.2" 2>/dev/null)
	w1="$al/mnt/inner: another filesystem: not entered (--cross-mounts enters it)"
	expect "allowlist: a mount below DIR is named, not entered; --cross-mounts enters it" \
		'[ $rc -eq 0 ] && [[ "$err1" == *"$w1"* ]] &&
		 [[ "$err1" == *"1 file without fs-verity skipped, 1 filesystem not entered"* ]] &&
		 [[ "$err2" == *"3 files without fs-verity skipped"* ]] &&
		 [[ "$err2" != *"not entered"* ]]' "exit $rc" "$err1" "$err2"
else
	skip "allowlist: a mount below DIR is named, not entered; --cross-mounts enters it" \
		"no mount namespace (not root, or no unshare)"
fi

# digests, through the interposer: sha256 and sha512, repeats, errors
fakeverity=$work/fakeverity.so
if ! $CC -shared -fPIC -O1 -Wall -Wextra -o "$fakeverity" "$here/fakeverity.c" -ldl \
	>"$work/cc4.log" 2>&1; then
	not_ok "the ioctl() interposer builds" "$(cat "$work/cc4.log")"
	fakeverity=
fi
if [ -n "$fakeverity" ]; then
	A1=$(printf '1a%.0s' $(seq 32))
	A2=$(printf '0b%.0s' $(seq 32))
	A3=$(printf 'f0%.0s' $(seq 32))
	A5=$(printf 'c3%.0s' $(seq 64))
	img=$al/img
	mkdir -p "$img/bin" "$img/lib/x86_64" "$img/usr/share/doc" "$img/etc"
	printf 'FAKEVERITY sha256:%s\n\177ELF...\n' "$A1" >"$img/bin/sh"
	printf 'FAKEVERITY sha256:%s\n' "$A3" >"$img/bin/ls"
	printf 'FAKEVERITY sha512:%s\n' "$A5" >"$img/lib/x86_64/libc.so.6"
	printf 'FAKEVERITY sha256:%s\n' "$A2" >"$img/lib/x86_64/ld-linux-x86-64.so.2"
	cp "$img/bin/sh" "$img/bin/dash"
	ln "$img/bin/ls" "$img/bin/dir"
	printf 'FAKEVERITY sha256:%s\n' "$A2" >"$img/usr/share/doc/README"
	echo "not sealed" >"$img/etc/passwd"
	echo "not sealed" >"$img/usr/share/doc/NEWS"
	alfake() { LD_PRELOAD="$fakeverity" "$IPECTL" allowlist "$@"; }
	run alfake --boot-verified --name image --version 1.0.0 -o "$al/out/img.pol" "$img"
	want="policy_name=image policy_version=1.0.0
DEFAULT action=ALLOW
DEFAULT op=EXECUTE action=DENY
op=EXECUTE boot_verified=TRUE action=ALLOW
op=EXECUTE fsverity_digest=sha256:$A2 action=ALLOW
op=EXECUTE fsverity_digest=sha256:$A1 action=ALLOW
op=EXECUTE fsverity_digest=sha256:$A3 action=ALLOW
op=EXECUTE fsverity_digest=sha512:$A5 action=ALLOW"
	w1="7 files measured, 4 rules written, 3 duplicates, 2 files without fs-verity skipped"
	fake_expect "allowlist: one rule per distinct digest, in digest order, sha256 first" \
		'[ $rc -eq 0 ] && [ "$(cat "$al/out/img.pol")" = "$want" ] &&
		 [[ "$err" == *"$w1"* ]]' \
		"exit $rc" "expected:" "$want" "got:" "$(cat "$al/out/img.pol")" "$err"
	run "$IPECTL" check -v "$al/out/img.pol"
	fake_expect "allowlist: ipectl check accepts the policy of digests" \
		'[ $rc -eq 0 ] && [ -z "$err" ] && [[ "$out" == *": 5 rules, 0 warnings" ]]' \
		"exit $rc" "$out" "$err"

	# the same files at other paths, found in another order: the same text
	mkdir -p "$al/img2/z/y" "$al/img2/a"
	cp "$img/lib/x86_64/libc.so.6" "$al/img2/a/0"
	cp "$img/bin/sh" "$al/img2/z/y/sh"
	cp "$img/bin/ls" "$al/img2/z/ls"
	cp "$img/usr/share/doc/README" "$al/img2/z/y/A"
	run alfake --boot-verified --name image --version 1.0.0 "$al/img2"
	fake_expect "allowlist: the text depends on the digests only, not on paths or order" \
		'[ $rc -eq 0 ] && [ "$out" = "$want" ]' "exit $rc" "$out" "$err"
	run alfake --boot-verified --name image --version 1.0.0 "$img/lib" "$img/bin" "$img" \
		"$img/usr/"
	w1="14 files measured, 4 rules written, 10 duplicates, 3 files without fs-verity skipped"
	fake_expect "allowlist of several DIRs, some within others: the repeats counted" \
		'[ $rc -eq 0 ] && [ "$out" = "$want" ] && [[ "$err" == *"$w1"* ]]' \
		"exit $rc" "$out" "$err"

	echo "old policy" >"$al/out/img.pol"
	printf 'FAKEVERITY errno=5\n' >"$img/lib/broken"
	printf 'FAKEVERITY alg=9\n' >"$img/lib/x86_64/newalg"
	run alfake -o "$al/out/img.pol" "$img"
	fake_expect "allowlist: a file not measured, an unknown algorithm: exit 1, no policy" \
		'[ $rc -eq 1 ] && [ -z "$out" ] &&
		 [[ "$err" == *"$img/lib/broken: fs-verity: Input/output error"* ]] &&
		 [[ "$err" == *"$img/lib/x86_64/newalg: fs-verity algorithm 9 not known"* ]] &&
		 [[ "$err" == *"2 errors: no policy written"* ]] &&
		 [ "$(cat "$al/out/img.pol")" = "old policy" ]' "exit $rc" "$out" "$err"
	rm -f "$img/lib/broken" "$img/lib/x86_64/newalg"

	# a tree of 20 000 sealed files and 2000 others, through the walk
	"$PY" - "$al/big" <<'PYEOF'
import os, random, sys
random.seed(20000)
top = sys.argv[1]
for d in range(100):
	os.makedirs('%s/d%02d/sub' % (top, d))
for i in range(22000):
	p = '%s/d%02d/%sf%05d' % (top, i % 100, 'sub/' if i % 3 else '', i)
	with open(p, 'w') as f:
		if i % 11:
			bits = 256 if i % 10 else 4
			f.write('FAKEVERITY sha256:%064x\n' % random.getrandbits(bits))
		else:
			f.write('plain\n')
PYEOF
	t0=$(date +%s%N)
	run alfake -o "$al/out/big.pol" "$al/big"
	ms=$((($(date +%s%N) - t0) / 1000000))
	echo "# allowlist of 22 000 files (20 000 measured, fake ioctl): $ms ms"
	nrules=$(grep -c '^op=EXECUTE fsverity_digest=' "$al/out/big.pol")
	sorted=$(grep '^op=' "$al/out/big.pol" | LC_ALL=C sort -u | cmp -s - \
		<(grep '^op=' "$al/out/big.pol") && echo yes)
	fake_expect "allowlist of 22 000 files: sorted, each digest once, the counts add up" \
		'[ $rc -eq 0 ] && [ "$sorted" = yes ] &&
		 [[ "$err" == *"20000 files measured, $nrules rules written, "* ]] &&
		 [[ "$err" == *" written, $((20000 - nrules)) duplicates, "* ]] &&
		 [[ "$err" == *" duplicates, 2000 files without fs-verity skipped"* ]] &&
		 [ "$nrules" -gt 18000 ] && [ "$nrules" -lt 20000 ]' \
		"exit $rc, $nrules rules, sorted: $sorted" "$err"
	rm -rf "$al/big"
else
	skip "allowlist: the digests of sealed files" "no ioctl() interposer"
fi

# the sort, the repeats and the text on their own, and their time for
# 200 000 digests
ad=$work/allowlist_digests
adflags=(-Wall -Wextra -D_GNU_SOURCE -I "$here/.." -I "$top/scripts/ipe/polgen/compat"
	 -I "$tools_include" -idirafter "$top/security/ipe"
	 -include "$top/scripts/ipe/polgen/compat/ipe_config.h")
if $CC -O1 -g $san "${adflags[@]}" -o "$ad-san" "$here/allowlist_digests.c" \
	"$here/../digests.c" >"$work/cc5.log" 2>&1 &&
   $CC -O2 -g "${adflags[@]}" -o "$ad" "$here/allowlist_digests.c" \
	"$here/../digests.c" >>"$work/cc5.log" 2>&1; then
	ok "the tests of digests.c build${san:+ (one with ASan and UBSan)}"
else
	not_ok "the tests of digests.c build" "$(cat "$work/cc5.log")"
	ad=
fi
if [ -n "$ad" ]; then
	run "$ad-san" cases
	expect "digests: bad digests refused, sorted, each once; the header and the text" \
		'[ $rc -eq 0 ]' "exit $rc" "$out" "$err"
	run "$ad" bench 200000 "$work/ad1.pol"
	echo "# $(printf '%s\n' "$out" | head -n 1)"
	ms=$(printf '%s\n' "$out" |
		sed -n 's/.*sort and dedupe \([0-9]*\) ms, text \([0-9]*\) ms.*/\1 + \2/p')
	ms=$((${ms:-99999}))
	expect "digests: 200 000 digests (1 in 8 a repeat) sorted, kept once, printed, under 10 s" \
		'[ $rc -eq 0 ] && [ $ms -lt 10000 ]' "exit $rc" "$out" "$err"
	run "$ad" bench 200000 "$work/ad2.pol" reverse
	nrules=$(grep -c '^op=EXECUTE fsverity_digest=' "$work/ad1.pol")
	expect "digests: the same digests added in reverse give the same text, sorted and unique" \
		'[ $rc -eq 0 ] && cmp -s "$work/ad1.pol" "$work/ad2.pol" &&
		 grep "^op=" "$work/ad1.pol" | LC_ALL=C sort -c -u' "exit $rc" "$out"
	run "$ad-san" bench 3000 "$work/ad3.pol"
	expect "digests: 3000 digests under ASan and UBSan" '[ $rc -eq 0 ]' "exit $rc" "$out" "$err"
	t0=$(date +%s%N)
	run "$IPECTL" check -v "$work/ad1.pol"
	ms=$((($(date +%s%N) - t0) / 1000000))
	echo "# ipectl check of those $nrules rules: $ms ms"
	expect "digests: ipectl check accepts the rules" \
		'[ $rc -eq 0 ] && [ -z "$err" ] && [[ "$out" == *": $nrules rules, 0 warnings" ]]' \
		"exit $rc" "$out" "$err"
	rm -f "$work"/ad[123].pol
fi

# ---------------------------------------------------------------------
# (f) command line

run "$IPECTL"
expect "no command: usage, exit 2" '[ $rc -eq 2 ] && [[ "$err" == *usage:* ]]' "exit $rc"
run "$IPECTL" frobnicate
expect "unknown command: exit 2" '[ $rc -eq 2 ] && [[ "$err" == *"unknown command"* ]]' "exit $rc"
run "$IPECTL" --help
expect "--help: usage on stdout, exit 0" \
	'[ $rc -eq 0 ] && [[ "$out" == *"check POLICY"* ]]' "exit $rc"
run "$IPECTL" check
expect "check without a file: exit 2" '[ $rc -eq 2 ]' "exit $rc"
run "$IPECTL" check --bogus "$work/good.pol"
expect "check with an unknown option: exit 2" '[ $rc -eq 2 ]' "exit $rc"
run "$IPECTL" allowlist
expect "allowlist without a DIR: its usage, exit 2" \
	'[ $rc -eq 2 ] && [ -z "$out" ] && [[ "$err" == "usage: ipectl allowlist "* ]]' \
	"exit $rc" "$err"
run "$IPECTL" allowlist --bogus "$work"
expect "allowlist with an unknown option: exit 2" '[ $rc -eq 2 ] && [ -z "$out" ]' "exit $rc"
run "$IPECTL" allowlist -o "" "$work"
expect "allowlist -o with an empty name: exit 2" '[ $rc -eq 2 ] && [ -z "$out" ]' "exit $rc"
run "$IPECTL" allowlist --help
expect "allowlist --help: its usage on stdout, exit 0" \
	'[ $rc -eq 0 ] && [ -z "$err" ] &&
	 [[ "$out" == "usage: ipectl allowlist "*"--cross-mounts"* ]]' \
	"exit $rc" "$out"
run "$IPECTL" --help
expect "--help names allowlist" '[ $rc -eq 0 ] && [[ "$out" == *"  allowlist [-o OUT] DIR..."* ]]' \
	"$out"
run "$IPECTL" check "$work/good.pol" "$work/nonexistent.pol"
expect "check of a missing file: the file named, exit 2" \
	'[ $rc -eq 2 ] && [[ "$err" == *"nonexistent.pol: error: No such file"* ]]' \
	"exit $rc" "$err"
run "$IPECTL" check "$work/good.pol" "$work/bad.pol"
expect "check of several files: each reported, exit 1 for one with errors" \
	'[ $rc -eq 1 ] && [ "$err" = "$work/bad.pol:2:12: error: unknown action" ]' \
	"exit $rc" "$err"
printf '' | "$IPECTL" check - 2>"$work/.err"
rc=$?
expect "check - reads stdin; an empty policy has no line" \
	'[ $rc -eq 1 ] && [ "$(cat "$work/.err")" = "<stdin>: error: empty policy" ]' \
	"exit $rc" "$(cat "$work/.err")"
run "$IPECTL" check -q "$work/bad.pol"
expect "check -q prints nothing" '[ $rc -eq 1 ] && [ -z "$out$err" ]' "$out$err"
run "$IPECTL" check -v "$work/good.pol"
want="$work/good.pol: policy_name=\"good\" policy_version=1.0.0: 7 rules, 0 warnings"
expect "check -v prints a summary" '[ $rc -eq 0 ] && [ "$out" = "$want" ]' "$out"
run "$IPECTL" check --dump "$work/good.pol"
expect "check --dump prints the tables the kernel builds" \
	'[ $rc -eq 0 ] &&
	 [[ "$out" == *"op=KMODULE boot_verified=TRUE action=ALLOW # line 4"* ]]' "$out"
if [ -r "$here/../ipectl.8" ] && command -v man >/dev/null; then
	MANWIDTH=80 man -l "$here/../ipectl.8" >"$work/man.txt" 2>"$work/man.err"
	expect "the man page renders without troff warnings" \
		'[ -s "$work/man.txt" ] && [ ! -s "$work/man.err" ]' "$(cat "$work/man.err")"
fi
bash -n "$here/../ipectl.bash" 2>"$work/bc.err"
expect "the bash completion parses" '[ ! -s "$work/bc.err" ]' "$(cat "$work/bc.err")"
fake_tree
got=$(bash -c '
	source "$1"
	comp() {
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMPREPLY=()
		_ipectl ipectl
		echo "${COMPREPLY[*]}"
	}
	comp ipectl ch
	comp ipectl --root "$2" activate ""
	comp ipectl --root = "$2" delete p
	comp ipectl check --W
	comp ipectl status --j
	comp ipectl audit --s
	comp ipectl --root "$2" audit --suggest --policy p
	comp ipectl --root "$2" audit --policy pl_a --dm
' sh "$here/../ipectl.bash" "$sec" 2>&1 | tr '\n' '|')
expect "the bash completion completes commands, policy names and options" \
	'[ "$got" = "check|boot pl_a|pl_a|--Werror|--json|--suggest|pl_a|--dm-table|" ]' \
	"got: $got"
got=$(bash -c '
	source "$1"
	comp() {
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMPREPLY=()
		_ipectl ipectl
		echo "${COMPREPLY[*]}"
	}
	comp ipectl audit-
	comp ipectl --root "$2" audit-policy ""
	comp ipectl audit-policy --c
	comp ipectl --root "$2" audit-policy --clear ""
' sh "$here/../ipectl.bash" "$sec" 2>&1 | tr '\n' '|')
expect "the bash completion completes audit-policy, its policy names and --clear" \
	'[ "$got" = "audit-policy|boot pl_a|--clear||" ]' "got: $got"
mkdir -p "$work/comp/dir1" "$work/comp/dir2"
touch "$work/comp/file"
got=$(cd "$work/comp" && bash -c '
	source "$1"
	comp() {
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMPREPLY=()
		_ipectl ipectl
		echo "${COMPREPLY[*]}"
	}
	comp ipectl al
	comp ipectl allowlist --b
	comp ipectl allowlist --c
	comp ipectl allowlist --name x --version 1.0.0 di
	comp ipectl allowlist --name ""
	comp ipectl allowlist -o f
' sh "$here/../ipectl.bash" 2>&1 | tr '\n' '|')
expect "the bash completion completes allowlist, its options and directories" \
	'[ "$got" = "allowlist|--boot-verified|--cross-mounts|dir1 dir2||file|" ]' "got: $got"

echo "1..$n"
echo "# $((n - failed - skipped)) passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
