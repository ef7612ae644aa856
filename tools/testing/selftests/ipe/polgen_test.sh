#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host test of scripts/ipe/polgen, the tool that compiles
# CONFIG_IPE_BOOT_POLICY into the kernel.
#
# Usage: polgen_test.sh PATH/TO/polgen
#
# Builds nothing of its own but small C programs with $CC (default cc):
# every valid policy must give exit status 0 and a C file that, compiled
# and linked with a main() printing ipe_boot_policy_len bytes of
# ipe_boot_policy, reproduces the policy byte for byte; every invalid one
# must give exit status 1 and "FILE:LINE: error:" naming the bad line.
# Prints TAP.

POLGEN=$1
CC=${CC:-cc}
n=0
failed=0

if [ -z "$POLGEN" ] || [ ! -x "$POLGEN" ]; then
	echo "usage: $0 PATH/TO/polgen" >&2
	exit 2
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}

not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $1"
	shift
	for line in "$@"; do
		echo "# $line"
	done
	if [ -s "$tmp/err" ]; then
		sed 's/^/# stderr: /' "$tmp/err"
	fi
}

cat >"$tmp/main.c" <<'EOF'
#include <stdio.h>

extern const char ipe_boot_policy[];
extern const size_t ipe_boot_policy_len;

int main(void)
{
	if (fwrite(ipe_boot_policy, 1, ipe_boot_policy_len, stdout) !=
	    ipe_boot_policy_len)
		return 1;
	return fflush(stdout) ? 1 : 0;
}
EOF
if ! $CC -c -o "$tmp/main.o" "$tmp/main.c" 2>"$tmp/err"; then
	not_ok "compile the test main() with $CC"
	echo "1..$n"
	exit 1
fi

# valid NAME DESC: the policy in $tmp/NAME.pol must be accepted and its C
# file must round-trip; polgen's stderr is kept in $tmp/NAME.err.
# -std=c11 turns trigraphs on, so none may slip into the literal.
valid() {
	name=$1
	desc=$2
	pol=$tmp/$name.pol
	out=$tmp/$name.c

	"$POLGEN" -o "$out" "$pol" 2>"$tmp/$name.err"
	rc=$?
	cp "$tmp/$name.err" "$tmp/err"
	if [ $rc -ne 0 ]; then
		not_ok "$desc: polgen accepts it" "exit status $rc, expected 0"
		return
	fi
	if ! $CC -std=c11 -Wall -Wextra -Werror -c -o "$tmp/$name.o" \
		"$out" 2>"$tmp/err"; then
		not_ok "$desc: the generated C compiles"
		return
	fi
	if ! $CC -o "$tmp/$name" "$tmp/main.o" "$tmp/$name.o" \
		2>"$tmp/err"; then
		not_ok "$desc: the generated C links"
		return
	fi
	if ! "$tmp/$name" >"$tmp/$name.out" 2>"$tmp/err"; then
		not_ok "$desc: the test program runs"
		return
	fi
	if ! cmp -s "$pol" "$tmp/$name.out"; then
		not_ok "$desc: round-trips exactly" \
			"$(cmp "$pol" "$tmp/$name.out" 2>&1)"
		return
	fi
	ok "$desc: accepted, round-trips exactly"
}

# invalid NAME LINE DESC: the policy in $tmp/NAME.pol must be refused with
# exit status 1 and "FILE:LINE: error:", and must remove the output file
# of an earlier run, so that a failed build keeps no stale policy.
invalid() {
	name=$1
	line=$2
	desc=$3
	pol=$tmp/$name.pol
	out=$tmp/$name.c

	echo stale >"$out"
	"$POLGEN" -o "$out" "$pol" >"$tmp/stdout" 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 1 ]; then
		not_ok "$desc: refused" "exit status $rc, expected 1"
	elif ! grep -q -F "$pol:$line: error: " "$tmp/err"; then
		not_ok "$desc: refused" "no '$pol:$line: error: ' on stderr"
	elif [ -e "$out" ] || [ -s "$tmp/stdout" ]; then
		not_ok "$desc: refused" "an output file is left behind"
	else
		ok "$desc: refused at line $line"
	fi
}

hash64=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
hash128=$hash64$hash64

# --- valid policies ---------------------------------------------------

cat >"$tmp/basic.pol" <<'EOF'
policy_name=boot policy_version=1.0.0
DEFAULT action=DENY
DEFAULT op=KMODULE action=ALLOW
op=EXECUTE boot_verified=TRUE action=ALLOW
op=EXECUTE dmverity_signature=TRUE action=ALLOW
op=KERNEL_READ boot_verified=TRUE action=ALLOW
EOF
valid basic "a plain policy"

# CRLF, tabs, a quoted name, quotes, backslashes, UTF-8 and other
# high bytes, a trigraph-looking "??=", a comment closer "*/", digits
# right after bytes written as octal escapes, and no final newline.
printf '# IPE boot policy \342\200\224 "quoted" \\back\\slash ??= ??/ */\r\n' \
	>"$tmp/bytes.pol"
printf 'policy_name="Boot policy" \tpolicy_version=65535.0.7\r\n' \
	>>"$tmp/bytes.pol"
printf 'DEFAULT\taction=ALLOW  # caf\303\251 \3771 \2012 \177x\r\n' \
	>>"$tmp/bytes.pol"
printf '\v\f\r\n' >>"$tmp/bytes.pol"
printf 'op=EXECUTE dmverity_roothash=sha256:%s action=DENY # ??\\?' \
	"$hash64" >>"$tmp/bytes.pol"
valid bytes "quotes, backslashes, tabs, CRLF and non-ASCII bytes"

{
	echo 'policy_name=long policy_version=0.0.1'
	echo 'DEFAULT action=ALLOW'
	echo "op=EXECUTE dmverity_roothash=sha512:$hash128 action=DENY"
	echo "op=EXECUTE dmverity_roothash=$hash64 action=DENY"
	i=0
	while [ $i -lt 500 ]; do
		echo "op=KEXEC_IMAGE dmverity_roothash=sha256:$hash64 action=ALLOW"
		i=$((i + 1))
	done
} >"$tmp/long.pol"
valid long "long lines and a large policy"

# what mainline accepts: bare CR line ends, '+' in the version, and a
# digest algorithm polgen does not know (the kernel asks its crypto API)
printf 'policy_name=cr policy_version=+1.0.+2\rDEFAULT action=DENY\r%s\r' \
	"op=EXECUTE dmverity_roothash=blake2b-256:$hash64 action=ALLOW" \
	>"$tmp/cr.pol"
valid cr "bare CR line ends, a '+' version, a blake2b-256 digest"

"$POLGEN" "$tmp/basic.pol" >"$tmp/stdout.c" 2>"$tmp/err"
if [ $? -eq 0 ] && cmp -s "$tmp/stdout.c" "$tmp/basic.c"; then
	ok "without -o the C file goes to stdout"
else
	not_ok "without -o the C file goes to stdout"
fi

# --- invalid policies -------------------------------------------------

printf 'policy_name=bad policy_version=1.0.0\nDEFAULT action=ALLOW\nop=EXECUTE action=MAYBE\n' \
	>"$tmp/action.pol"
invalid action 3 "an unknown action"

printf '# comment\n\nop=EXECUTE action=ALLOW\n' >"$tmp/noheader.pol"
invalid noheader 3 "a rule before the header"

printf 'policy_name=v policy_version=1.0\n' >"$tmp/version.pol"
invalid version 1 "a two-part policy_version"

printf 'policy_name=d policy_version=1.0.0\nDEFAULT action=ALLOW\n\nDEFAULT action=DENY\n' \
	>"$tmp/dupdefault.pol"
invalid dupdefault 4 "two global DEFAULTs"

printf '%s\n' 'policy_name=d policy_version=1.0.0' \
	'DEFAULT op=FIRMWARE action=ALLOW' \
	'DEFAULT op=KERNEL_READ action=DENY' >"$tmp/overlap.pol"
invalid overlap 3 "a KERNEL_READ DEFAULT over an op DEFAULT"

printf 'policy_name=p policy_version=1.0.0\nop=EXECUTE fsverity_magic=TRUE action=ALLOW\n' \
	>"$tmp/prop.pol"
invalid prop 2 "an unknown property (strict, whatever ipe.strict_parse)"

printf '%s\n' 'policy_name=h policy_version=1.0.0' \
	'op=EXECUTE dmverity_roothash=sha256:abcd action=DENY' >"$tmp/hash.pol"
invalid hash 2 "a digest of the wrong length"

printf 'policy_name=q policy_version=1.0.0\nop=EXECUTE action=ALLOW\nop=EXECUTE action="ALLOW\n' \
	>"$tmp/quote.pol"
invalid quote 3 "an unterminated quote"

printf 'policy_name=z policy_version=1.0.0\r\nDEFAULT action=ALLOW # \000\r\n' \
	>"$tmp/nul.pol"
invalid nul 2 "a NUL byte in a comment"

printf '# name check\npolicy_name="caf\303\251" policy_version=1.0.0\nDEFAULT action=ALLOW\n' \
	>"$tmp/name.pol"
invalid name 2 "a non-ASCII policy_name"

: >"$tmp/empty.pol"
"$POLGEN" -o "$tmp/empty.c" "$tmp/empty.pol" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q -F "$tmp/empty.pol: error: empty policy" \
	"$tmp/err" && [ ! -e "$tmp/empty.c" ]; then
	ok "an empty file: refused"
else
	not_ok "an empty file: refused" "exit status $rc, expected 1"
fi

# a policy without a DEFAULT for every op is refused, as in mainline
printf 'policy_name=nodefault policy_version=1.2.3\n' >"$tmp/nodef.pol"
printf 'DEFAULT op=KERNEL_READ action=DENY\n' >>"$tmp/nodef.pol"
printf 'op=EXECUTE boot_verified=TRUE action=ALLOW\n' >>"$tmp/nodef.pol"
"$POLGEN" -o "$tmp/nodef.c" "$tmp/nodef.pol" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q -x -F \
	"$tmp/nodef.pol: error: no DEFAULT for EXECUTE" "$tmp/err" &&
	[ ! -e "$tmp/nodef.c" ]; then
	ok "an op without DEFAULT: refused, naming the op"
else
	not_ok "an op without DEFAULT: refused, naming the op" \
		"exit status $rc, expected 1"
fi

printf '%s\n' 'policy_name=k policy_version=1.0.0' 'DEFAULT action=ALLOW' \
	"op=EXECUTE dmverity_roothash=$hash64 dmverity_roothash=$hash64 action=DENY" \
	>"$tmp/twice.pol"
invalid twice 3 "a key given twice"
if grep -q -F "error: key dmverity_roothash given twice" "$tmp/err"; then
	ok "a key given twice: the error names the key"
else
	not_ok "a key given twice: the error names the key"
fi

"$POLGEN" -o "$tmp/missing.c" "$tmp/missing.pol" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q -F "$tmp/missing.pol: error: " "$tmp/err"; then
	ok "a missing file: refused"
else
	not_ok "a missing file: refused" "exit status $rc, expected 1"
fi

echo "1..$n"
[ $failed -eq 0 ]
