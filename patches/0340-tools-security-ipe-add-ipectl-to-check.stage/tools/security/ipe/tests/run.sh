#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh IPECTL: host tests of ipectl, as TAP on stdout (plan at the end).
# Every failure is followed by "#" lines saying why. The exit status is 0
# when every test passed, 1 otherwise.
#
# Needs gcc, openssl and the signing CA in build/keys/ca.pem and ca.key
# (IPECTL_TEST_KEYS=DIR for another place), with which the admin
# guide's examples are signed, and the kernel tree's tools/include
# (TOOLS_INCLUDE=DIR for another place).
# Nothing outside a temporary directory is written.
#
#   (a) the case tables of the kernel's parser tests
#       (security/ipe/tests/policy_parser_cases.h) run on the host against
#       the kernel's parser sources (parser_cases.c); every policy of the
#       parse table gives the same verdict, line and reason in "ipectl
#       check"; columns;
#   (e) the refusal of a policy that leaves an op without DEFAULT;
#   (f) the command line and exit statuses.
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

# run CMD...: sets $out (stdout), $err (stderr) and $rc
run() {
	"$@" >"$work/.out" 2>"$work/.err"
	rc=$?
	out=$(cat "$work/.out")
	err=$(cat "$work/.err")
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
# (e) ops without DEFAULT

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

# ---------------------------------------------------------------------
# (f) command line

cat >"$work/good.pol" <<EOF
policy_name=good policy_version=1.0.0
DEFAULT action=DENY
op=EXECUTE boot_verified=TRUE action=ALLOW
op=KERNEL_READ boot_verified=TRUE action=ALLOW
EOF
printf '%s\n' "$HDR" 'op=EXECUTE action=allow' 'DEFAULT action=DENY' \
	>"$work/bad.pol"

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
	comp ipectl check --W
' sh "$here/../ipectl.bash" 2>&1 | tr '\n' '|')
expect "the bash completion completes commands and options" \
	'[ "$got" = "check|--Werror|" ]' \
	"got: $got"

echo "1..$n"
echo "# $((n - failed - skipped)) passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
