#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Unpacked initramfs files whose code ran before the first policy was
# activated. A process that mapped one then keeps running its pages
# after the activation, so once a policy is active such a file may not
# be opened for writing or truncated (ETXTBSY), as one that ran under a
# policy (test_97): however the mapping was made, executable from the
# start, writable and executable at once, or made executable after a
# copy-on-write. Before that nothing is refused: a write only takes
# boot_verified away, also while an audit policy is set, which changes
# no outcome. Only a kernel booted without a boot policy, and with
# nothing activated since, can show this: make check boots the default
# kernel for this test alone. Elsewhere it skips.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
S=$IPE_SELFTESTS
HELLO_OUT="hello from ipe_hello"
EVIL_OUT="owned by an attacker"
SYS=/proc/sys/ipe/audit_policy
X=$IPE_DATA/fp_hello
F=$IPE_DATA/fp_page

active=$(cat /proc/sys/ipe/active_policy)
if [ -n "$active" ]; then
	skip "${0##*/}: files run before the first policy" \
		"policy $active is active (a boot policy, or one activated since boot)"
	exit 0
fi
signed_policies fp
for f in "$X" "${F}_m" "${F}_c" "${F}_r" "${F}_w" "${F}_a" "${F}_d"; do
	if [ ! -f "$f" ]; then
		fail "the initramfs holds $f" "missing (host_prepare_trust.sh)"
		exit 0
	fi
done

# --- before any policy: nothing is refused ------------------------------
expect_eq "with no policy, an unpacked binary runs" "$HELLO_OUT" "$(run "$X")"
expect_eq "an unpacked file can be mapped executable" OK \
	"$("$S/ipe_mmap" exec "${F}_m")"
expect_eq "or writable and executable at once" OK \
	"$("$S/ipe_execmod" rwx "${F}_r")"
expect_eq "or executable after a copy-on-write" OK \
	"$("$S/ipe_execmod" write-mprotect "${F}_c")"
expect_eq "one mapped executable can still be written" OK \
	"$("$S/ipe_mmap" exec "${F}_w" >/dev/null &&
	   "$S/ipe_write" -s "$EVIL_OUT" "${F}_w")"
load fp
expect_write "with no policy active, fp can be the audit policy" OK \
	-s fp $SYS
expect_eq "with only an audit policy, one mapped executable can be written" \
	OK "$("$S/ipe_mmap" exec "${F}_a" >/dev/null &&
	   "$S/ipe_write" -s "$EVIL_OUT" "${F}_a")"
expect_write "the audit role is cleared" OK -s "" $SYS

# --- the first policy: what ran before stays as it was --------------------
sysctl -q -w ipe.active_policy=fp
expect_eq "fp, trusting boot_verified files, is the first active policy" fp \
	"$(cat /proc/sys/ipe/active_policy)"
expect_eq "a binary run before it cannot be opened for writing" ETXTBSY \
	"$("$S/ipe_write" -s "$EVIL_OUT" "$X")"
expect_eq "nor truncated" ETXTBSY "$("$S/ipe_execmod" truncate "$X")"
expect_eq "a file mapped executable before it cannot be written" ETXTBSY \
	"$("$S/ipe_write" -s "$EVIL_OUT" "${F}_m")"
expect_eq "nor one mapped writable and executable" ETXTBSY \
	"$("$S/ipe_write" -s "$EVIL_OUT" "${F}_r")"
expect_eq "nor one made executable after a copy-on-write" ETXTBSY \
	"$("$S/ipe_write" -s "$EVIL_OUT" "${F}_c")"
expect_eq "they keep their bytes and boot_verified" "$HELLO_OUT OK" \
	"$(run "$X") $("$S/ipe_mmap" exec "${F}_m")"
expect_eq "the files written before it are not boot_verified" "EACCES EACCES" \
	"$("$S/ipe_mmap" exec "${F}_w") $("$S/ipe_mmap" exec "${F}_a")"
expect_eq "an unpacked file never mapped executable can be written" OK \
	"$("$S/ipe_write" -s "$EVIL_OUT" "${F}_d")"
expect_eq "and, written, it is no longer boot_verified" EACCES \
	"$("$S/ipe_mmap" exec "${F}_d")"
