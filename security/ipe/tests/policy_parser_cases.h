/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The case tables of the IPE policy parser tests: policy texts, digest
 * values and the smaller inputs of the parser's helpers, each with what
 * the parser must make of it. Data only, and no KUnit: the KUnit suite
 * ipe_parser (policy_parser_test.c) runs these tables in the kernel, and
 * ipectl's host tests (tools/security/ipe/tests/parser_cases.c) run the
 * same tables against the host build of the same parser.
 *
 * The tables are static: include this header from one file of a program.
 */
#ifndef _IPE_TESTS_POLICY_PARSER_CASES_H
#define _IPE_TESTS_POLICY_PARSER_CASES_H

#include <linux/errno.h>
#include <linux/types.h>

#include "policy.h"
#include "property.h"

/* hex digests of each size: the bytes of ipe_test_bytes[] over and over */
#define HEX16	"00112233445566778899aabbccddeeff"
#define HEX_SHA1	HEX16 "00112233"
#define HEX_SHA224	HEX16 "00112233445566778899aabb"
#define HEX_SHA256	\
	"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
#define HEX_SHA384	HEX_SHA256 "00112233445566778899aabbccddeeff"
#define HEX_SHA512	\
	HEX_SHA256 "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
/* one digest in mixed case, and the same in lower case */
#define HEX_UPPER	"ABCDEF0123456789ABCDEF0123456789abcdef0123456789AbCdEf0123456789"
#define HEX_LOWER	"abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789"

/* a policy's header line, and the first line of its dump */
#define HDR	"policy_name=t policy_version=1.2.3\n"
#define DHDR	"name=t version=1.2.3\n"

/**
 * struct ipe_parse_case - one policy text and what parsing it must give
 * @name: description of the case
 * @text: the policy text (may hold NUL bytes)
 * @len: bytes of @text
 * @strict: parse in strict mode
 * @ret: 0 or the expected error code
 * @line: expected error line
 * @reason: expected error reason
 * @dump: for a success, the tables the parser must build, as text: a line
 *	"name=NAME version=MAJOR.MINOR.REV", the global DEFAULT, then op
 *	after op its DEFAULT and its rules, each rule as "LINE: " and what
 *	ipe_rule_print() writes; a line each
 */
struct ipe_parse_case {
	const char *name;
	const char *text;
	size_t len;
	bool strict;
	int ret;
	u32 line;
	const char *reason;
	const char *dump;
};

/* OK(), BAD() and BADE() write the entries of ipe_parse_cases[] */
#define OK(n, s, t, d) \
	{ .name = n, .text = t, .len = sizeof(t) - 1, .strict = s, .dump = d }
#define BADE(n, s, t, l, r, e)						\
	{ .name = n, .text = t, .len = sizeof(t) - 1, .strict = s,	\
	  .ret = e, .line = l, .reason = r }
/* most refusals are -EBADMSG, as in mainline */
#define BAD(n, s, t, l, r)	BADE(n, s, t, l, r, -EBADMSG)

static const struct ipe_parse_case ipe_parse_cases[] = {
	/* headers and lexical structure */
	OK("header only", true, HDR "DEFAULT action=DENY\n", DHDR "DEFAULT action=DENY\n"),
	OK("quoted name with spaces", true,
	   "policy_name=\"Evil lockdown policy\" policy_version=6.6.6\n"
	   "DEFAULT action=DENY\n",
	   "name=Evil lockdown policy version=6.6.6\n"
	   "DEFAULT action=DENY\n"),
	OK("header keys reversed", true,
	   "policy_version=0.0.1 policy_name=rev\nDEFAULT action=DENY\n",
	   "name=rev version=0.0.1\n"
	   "DEFAULT action=DENY\n"),
	OK("bare name with dots and dashes", true,
	   "policy_name=bare_name-1.0 policy_version=1.0.0\n"
	   "DEFAULT action=DENY\n",
	   "name=bare_name-1.0 version=1.0.0\n"
	   "DEFAULT action=DENY\n"),
	OK("hash inside quotes", true,
	   "policy_name=\"a # b\" policy_version=1.0.0 # real comment\n"
	   "DEFAULT action=DENY\n",
	   "name=a # b version=1.0.0\n"
	   "DEFAULT action=DENY\n"),
	OK("comment right after closing quote", true,
	   "policy_version=9.9.9 policy_name=\"a b\"# c policy_version=1\n"
	   "DEFAULT action=DENY\n",
	   "name=a b version=9.9.9\n"
	   "DEFAULT action=DENY\n"),
	OK("equals sign in bare name", true,
	   "policy_name=a=b policy_version=1.2.3\nDEFAULT action=DENY\n",
	   "name=a=b version=1.2.3\n"
	   "DEFAULT action=DENY\n"),
	BAD("tab inside quoted name", true,
	    "policy_name=\"x\ty=z\" policy_version=1.2.3\n", 1,
	    "bad policy_name"),
	OK("equals and space inside quoted name", true,
	   "policy_name=\"x y=z\" policy_version=1.2.3\n"
	   "DEFAULT action=DENY\n",
	   "name=x y=z version=1.2.3\n"
	   "DEFAULT action=DENY\n"),
	OK("quoted version", true,
	   "policy_name=t policy_version=\"1.2.3\"\n"
	   "DEFAULT action=DENY\n", DHDR "DEFAULT action=DENY\n"),
	OK("version zero", true,
	   "policy_name=t policy_version=0.0.0\n"
	   "DEFAULT action=DENY\n", "name=t version=0.0.0\n"
	   "DEFAULT action=DENY\n"),
	OK("version maximum", true,
	   "policy_name=t policy_version=65535.65535.65535\n"
	   "DEFAULT action=DENY\n",
	   "name=t version=65535.65535.65535\n"
	   "DEFAULT action=DENY\n"),
	OK("version five digits with leading zeros", true,
	   "policy_name=t policy_version=00001.00002.00003\n"
	   "DEFAULT action=DENY\n", DHDR "DEFAULT action=DENY\n"),
	OK("name starting with a dot", true,
	   "policy_name=.hidden policy_version=1.2.3\nDEFAULT action=DENY\n",
	   "name=.hidden version=1.2.3\n"
	   "DEFAULT action=DENY\n"),
	OK("name of three dots", true,
	   "policy_name=... policy_version=1.2.3\nDEFAULT action=DENY\n",
	   "name=... version=1.2.3\n"
	   "DEFAULT action=DENY\n"),
	OK("header without newline, trailing CR", true,
	   "policy_name=t policy_version=1.2.3 \r"
	   "DEFAULT action=DENY\n", DHDR "DEFAULT action=DENY\n"),
	OK("comment and blank lines before header", true,
	   "\n# c\n\t\v\n\t# indented comment\n" HDR
	   "\n# x\nop=EXECUTE action=ALLOW\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n8: op=EXECUTE action=ALLOW\n"),
	OK("comment at end of rule line", true,
	   HDR "op=EXECUTE action=ALLOW # trailing comment\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n2: op=EXECUTE action=ALLOW\n"),
	OK("comment glued to value", true,
	   HDR "op=EXECUTE action=DENY#c\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n2: op=EXECUTE action=DENY\n"),
	OK("line of a lone hash", true,
	   HDR "DEFAULT action=DENY\n#\nop=EXECUTE action=DENY\n#",
	   DHDR "DEFAULT action=DENY\n4: op=EXECUTE action=DENY\n"),
	OK("tabs and every whitespace", true,
	   "\tpolicy_name=t\v policy_version=1.2.3\f\n"
	   " \t op=EXECUTE\t\tboot_verified=TRUE \v\f action=ALLOW \t\n"
	   "\t \v\f\r\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE boot_verified=TRUE action=ALLOW\n"),
	OK("CRLF line endings", true,
	   "policy_name=t policy_version=1.2.3\r\nDEFAULT action=DENY\r\n"
	   "\r\n# c\r\nop=EXECUTE boot_verified=TRUE action=ALLOW\r\n",
	   DHDR "DEFAULT action=DENY\n"
	   "5: op=EXECUTE boot_verified=TRUE action=ALLOW\n"),
	OK("no trailing newline", true,
	   HDR "DEFAULT action=DENY\nop=EXECUTE action=ALLOW",
	   DHDR "DEFAULT action=DENY\n3: op=EXECUTE action=ALLOW\n"),
	OK("quoted op, action and property", true,
	   HDR "op=\"EXECUTE\" action=\"ALLOW\" boot_verified=\"TRUE\"\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE boot_verified=TRUE action=ALLOW\n"),

	/* rules */
	OK("spec example", true,
	   "policy_name=\"Evil lockdown policy\" policy_version=6.6.6 # first\n"
	   "DEFAULT action=DENY\n"
	   "DEFAULT op=KMODULE action=ALLOW\n"
	   "op=EXECUTE dmverity_roothash=" HEX_SHA256 "  action=DENY # revoked\n"
	   "op=EXECUTE dmverity_roothash=sha256:" HEX_SHA256 " action=DENY\n"
	   "op=EXECUTE boot_verified=TRUE action=ALLOW\n"
	   "op=EXECUTE dmverity_signature=TRUE action=ALLOW\n",
	   "name=Evil lockdown policy version=6.6.6\n"
	   "DEFAULT action=DENY\n"
	   "4: op=EXECUTE dmverity_roothash=" HEX_SHA256 " action=DENY\n"
	   "5: op=EXECUTE dmverity_roothash=sha256:" HEX_SHA256
	   " action=DENY\n"
	   "6: op=EXECUTE boot_verified=TRUE action=ALLOW\n"
	   "7: op=EXECUTE dmverity_signature=TRUE action=ALLOW\n"
	   "DEFAULT op=KMODULE action=ALLOW\n"),
	OK("every op name", true,
	   HDR "op=EXECUTE action=ALLOW\nop=FIRMWARE action=DENY\n"
	   "op=KMODULE action=ALLOW\nop=KEXEC_IMAGE action=DENY\n"
	   "op=KEXEC_INITRAMFS action=ALLOW\nop=POLICY action=DENY\n"
	   "op=X509_CERT action=ALLOW\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n2: op=EXECUTE action=ALLOW\n"
	   "3: op=FIRMWARE action=DENY\n"
	   "4: op=KMODULE action=ALLOW\n5: op=KEXEC_IMAGE action=DENY\n"
	   "6: op=KEXEC_INITRAMFS action=ALLOW\n7: op=POLICY action=DENY\n"
	   "8: op=X509_CERT action=ALLOW\n"),
	OK("KERNEL_READ rule fills six tables", true,
	   HDR "op=KERNEL_READ boot_verified=TRUE action=ALLOW\n"
	   "op=EXECUTE action=DENY\nop=KMODULE action=DENY\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n3: op=EXECUTE action=DENY\n"
	   "2: op=FIRMWARE boot_verified=TRUE action=ALLOW\n"
	   "2: op=KMODULE boot_verified=TRUE action=ALLOW\n"
	   "4: op=KMODULE action=DENY\n"
	   "2: op=KEXEC_IMAGE boot_verified=TRUE action=ALLOW\n"
	   "2: op=KEXEC_INITRAMFS boot_verified=TRUE action=ALLOW\n"
	   "2: op=POLICY boot_verified=TRUE action=ALLOW\n"
	   "2: op=X509_CERT boot_verified=TRUE action=ALLOW\n"),
	OK("both dmverity_roothash forms", true,
	   HDR "op=EXECUTE dmverity_roothash=" HEX_SHA256 " action=ALLOW\n"
	   "op=EXECUTE dmverity_roothash=sha256:" HEX_SHA256 " action=DENY\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE dmverity_roothash=" HEX_SHA256 " action=ALLOW\n"
	   "3: op=EXECUTE dmverity_roothash=sha256:" HEX_SHA256
	   " action=DENY\n"),
	OK("every digest algorithm", true,
	   HDR "op=EXECUTE dmverity_roothash=sha1:" HEX_SHA1 " action=DENY\n"
	   "op=EXECUTE dmverity_roothash=sha224:" HEX_SHA224 " action=DENY\n"
	   "op=EXECUTE dmverity_roothash=sha384:" HEX_SHA384 " action=DENY\n"
	   "op=EXECUTE dmverity_roothash=sha512:" HEX_SHA512 " action=DENY\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE dmverity_roothash=sha1:" HEX_SHA1
	   " action=DENY\n"
	   "3: op=EXECUTE dmverity_roothash=sha224:" HEX_SHA224
	   " action=DENY\n"
	   "4: op=EXECUTE dmverity_roothash=sha384:" HEX_SHA384
	   " action=DENY\n"
	   "5: op=EXECUTE dmverity_roothash=sha512:" HEX_SHA512
	   " action=DENY\n"),
	OK("fsverity_digest and fsverity_signature", true,
	   HDR "op=EXECUTE fsverity_digest=sha256:" HEX_SHA256 " action=ALLOW\n"
	   "op=EXECUTE fsverity_digest=sha512:" HEX_SHA512 " action=DENY\n"
	   "op=KMODULE fsverity_signature=TRUE action=ALLOW\n"
	   "op=EXECUTE fsverity_signature=FALSE action=DENY\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE fsverity_digest=sha256:" HEX_SHA256
	   " action=ALLOW\n"
	   "3: op=EXECUTE fsverity_digest=sha512:" HEX_SHA512
	   " action=DENY\n"
	   "5: op=EXECUTE fsverity_signature=FALSE action=DENY\n"
	   "4: op=KMODULE fsverity_signature=TRUE action=ALLOW\n"),
	OK("upper and mixed case hex", true,
	   HDR "op=EXECUTE dmverity_roothash=sha256:" HEX_UPPER " action=DENY\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE dmverity_roothash=sha256:" HEX_LOWER
	   " action=DENY\n"),
	OK("bare hex of one and of 64 bytes", true,
	   HDR "op=EXECUTE dmverity_roothash=aB action=DENY\n"
	   "op=EXECUTE dmverity_roothash=" HEX_SHA512 " action=DENY\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE dmverity_roothash=ab action=DENY\n"
	   "3: op=EXECUTE dmverity_roothash=" HEX_SHA512 " action=DENY\n"),
	OK("three properties keep their order", true,
	   HDR "op=EXECUTE dmverity_signature=FALSE boot_verified=FALSE dmverity_roothash="
	   HEX_SHA1 " action=DENY\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE dmverity_signature=FALSE boot_verified=FALSE dmverity_roothash="
	   HEX_SHA1 " action=DENY\n"),
	OK("keys in any order", true,
	   HDR "action=ALLOW boot_verified=TRUE op=EXECUTE\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "2: op=EXECUTE boot_verified=TRUE action=ALLOW\n"),
	OK("identical rules are kept", true,
	   HDR "op=EXECUTE action=ALLOW\nop=EXECUTE action=ALLOW\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n2: op=EXECUTE action=ALLOW\n"
	   "3: op=EXECUTE action=ALLOW\n"),

	/* defaults */
	OK("global DEFAULT", true,
	   HDR "DEFAULT action=DENY\n", DHDR "DEFAULT action=DENY\n"),
	OK("per-op DEFAULTs", true,
	   HDR "DEFAULT op=EXECUTE action=DENY\n"
	   "DEFAULT op=POLICY action=ALLOW\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\nDEFAULT op=EXECUTE action=DENY\n"
	   "DEFAULT op=POLICY action=ALLOW\n"),
	OK("DEFAULT at both scopes", true,
	   HDR "DEFAULT op=EXECUTE action=ALLOW\nDEFAULT action=DENY\n"
	   "op=EXECUTE action=DENY\n",
	   DHDR "DEFAULT action=DENY\nDEFAULT op=EXECUTE action=ALLOW\n"
	   "4: op=EXECUTE action=DENY\n"),
	OK("DEFAULT op=KERNEL_READ", true,
	   HDR "DEFAULT op=KERNEL_READ action=DENY\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\nDEFAULT op=FIRMWARE action=DENY\n"
	   "DEFAULT op=KMODULE action=DENY\n"
	   "DEFAULT op=KEXEC_IMAGE action=DENY\n"
	   "DEFAULT op=KEXEC_INITRAMFS action=DENY\n"
	   "DEFAULT op=POLICY action=DENY\n"
	   "DEFAULT op=X509_CERT action=DENY\n"),
	OK("DEFAULT KERNEL_READ, EXECUTE and global", true,
	   HDR "DEFAULT op=KERNEL_READ action=ALLOW\n"
	   "DEFAULT action=ALLOW op=EXECUTE # keys in any order\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\nDEFAULT op=EXECUTE action=ALLOW\n"
	   "DEFAULT op=FIRMWARE action=ALLOW\n"
	   "DEFAULT op=KMODULE action=ALLOW\n"
	   "DEFAULT op=KEXEC_IMAGE action=ALLOW\n"
	   "DEFAULT op=KEXEC_INITRAMFS action=ALLOW\n"
	   "DEFAULT op=POLICY action=ALLOW\n"
	   "DEFAULT op=X509_CERT action=ALLOW\n"),

	/* lenient mode */
	OK("lenient: unknown property skipped", false,
	   HDR "op=EXECUTE foo=bar action=ALLOW\nop=EXECUTE action=DENY\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n3: op=EXECUTE action=DENY\n"),
	OK("lenient: unknown op skipped", false,
	   HDR "op=EXEC action=ALLOW\nop=KMODULE action=DENY\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n3: op=KMODULE action=DENY\n"),
	OK("lenient: bad values skipped", false,
	   HDR "op=EXECUTE boot_verified=yes action=ALLOW\n"
	   "op=EXECUTE dmverity_roothash=sha256:abcd action=ALLOW\n"
	   "op=EXECUTE action=MAYBE\n"
	   "op=EXECUTE dmverity_signature=TRUE action=ALLOW\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"
	   "5: op=EXECUTE dmverity_signature=TRUE action=ALLOW\n"),
	OK("lenient: malformed tokens skipped", false,
	   HDR "op=EXECUTE action=\"ALLOW\nop=EXECUTE allow\n"
	   "op=EXE\"CUTE\" action=ALLOW\nop= action=ALLOW\n"
	   "op=EXECUTE action=DENY\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n6: op=EXECUTE action=DENY\n"),
	BAD("lenient: a DEFAULT with a property", false,
	    HDR "DEFAULT action=DENY\n"
	    "DEFAULT op=EXECUTE boot_verified=TRUE action=DENY\n", 3,
	    "property on DEFAULT line"),
	OK("lenient: missing action, duplicate key", false,
	   HDR "op=EXECUTE\nop=EXECUTE op=EXECUTE action=DENY\n"
	   "op=EXECUTE boot_verified=TRUE boot_verified=TRUE action=DENY\n"
	   "op=FIRMWARE action=DENY\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n5: op=FIRMWARE action=DENY\n"),
	OK("lenient: every rule skipped", false,
	   HDR "op=EXECUTE bogus action=ALLOW\nop=EXECUTE\n"
	   "op=EXECUTE action=MAYBE\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"),
	/* lenient mode never skips a DEFAULT line, nor a misspelt one */
	BAD("lenient: a misspelt DEFAULT beside a global ALLOW", false,
	    HDR "DEFAULT action=ALLOW\nDEFALUT op=EXECUTE action=DENY\n", 3,
	    "expected key=value"),
	BAD("lenient: a DEFAULT with an action in lower case", false,
	    HDR "DEFAULT action=ALLOW\nDEFAULT op=EXECUTE action=deny\n", 3,
	    "unknown action"),
	BAD("lenient: a DEFAULT with a misspelt op", false,
	    HDR "DEFAULT action=ALLOW\nDEFAULT op=EXECUT action=DENY\n", 3,
	    "unknown op"),
	BAD("lenient: a DEFAULT without action", false,
	    HDR "DEFAULT action=ALLOW\nDEFAULT op=EXECUTE\n", 3,
	    "missing action"),
	BAD("lenient: a misplaced DEFAULT", false,
	    HDR "DEFAULT action=ALLOW\nop=EXECUTE action=DENY DEFAULT\n", 3,
	    "misplaced DEFAULT"),
	BAD("lenient: DEFAULT run into op=", false,
	    HDR "DEFAULT action=ALLOW\nDEFAULTop=EXECUTE action=DENY\n", 3,
	    "unknown property"),
	BAD("lenient: DEFAULT in quotes", false,
	    HDR "DEFAULT action=ALLOW\n\"DEFAULT\" op=EXECUTE action=DENY\n", 3,
	    "misplaced quote"),
	/* only a rule that starts with op= is skipped */
	BAD("lenient: a line without op= first", false,
	    HDR "DEFAULT action=DENY\naction=ALLOW\n", 3, "missing op"),
	BAD("lenient: a rule with op= after a property", false,
	    HDR "DEFAULT action=ALLOW\n"
	    "boot_verified=TRUE op=EXECUTE action=MAYBE\n", 3,
	    "unknown action"),
	OK("lenient: valid policy as in strict mode", false,
	   HDR "DEFAULT action=ALLOW\n"
	   "op=EXECUTE boot_verified=TRUE action=DENY\n",
	   DHDR "DEFAULT action=ALLOW\n"
	   "3: op=EXECUTE boot_verified=TRUE action=DENY\n"),

	/* every op needs a DEFAULT (mainline: -EBADMSG) */
	OK("a DEFAULT for each op, no global one", true,
	   HDR "DEFAULT op=EXECUTE action=DENY\n"
	   "DEFAULT op=KERNEL_READ action=ALLOW\n",
	   DHDR "DEFAULT op=EXECUTE action=DENY\n"
	   "DEFAULT op=FIRMWARE action=ALLOW\n"
	   "DEFAULT op=KMODULE action=ALLOW\n"
	   "DEFAULT op=KEXEC_IMAGE action=ALLOW\n"
	   "DEFAULT op=KEXEC_INITRAMFS action=ALLOW\n"
	   "DEFAULT op=POLICY action=ALLOW\n"
	   "DEFAULT op=X509_CERT action=ALLOW\n"),
	BAD("no DEFAULT at all", true, HDR "op=EXECUTE action=ALLOW\n", 0,
	    "no DEFAULT for EXECUTE, KERNEL_READ"),
	BAD("header only", true, HDR, 0, "no DEFAULT for EXECUTE, KERNEL_READ"),
	BAD("lenient: header only", false, HDR, 0,
	    "no DEFAULT for EXECUTE, KERNEL_READ"),
	BAD("DEFAULT for EXECUTE only", true,
	    HDR "DEFAULT op=EXECUTE action=DENY\n", 0,
	    "no DEFAULT for KERNEL_READ"),
	BAD("DEFAULT for KERNEL_READ only", true,
	    HDR "DEFAULT op=KERNEL_READ action=DENY\n", 0,
	    "no DEFAULT for EXECUTE"),
	BAD("one kernel-read op without DEFAULT", true,
	    HDR "DEFAULT op=EXECUTE action=DENY\n"
	    "DEFAULT op=FIRMWARE action=DENY\nDEFAULT op=KMODULE action=DENY\n"
	    "DEFAULT op=KEXEC_IMAGE action=DENY\n"
	    "DEFAULT op=KEXEC_INITRAMFS action=DENY\n"
	    "DEFAULT op=POLICY action=DENY\n", 0,
	    "no DEFAULT for X509_CERT"),
	BAD("some ops without DEFAULT", true,
	    HDR "DEFAULT op=FIRMWARE action=DENY\n"
	    "DEFAULT op=KEXEC_IMAGE action=DENY\n"
	    "DEFAULT op=KEXEC_INITRAMFS action=DENY\n"
	    "DEFAULT op=X509_CERT action=DENY\n", 0,
	    "no DEFAULT for EXECUTE, KMODULE, POLICY"),
	BAD("lenient: a misspelt DEFAULT does not allow all", false,
	    HDR "DEFALUT op=EXECUTE action=DENY\n"
	    "DEFAULT op=KERNEL_READ action=DENY\n"
	    "op=EXECUTE boot_verified=TRUE action=ALLOW\n", 2,
	    "expected key=value"),
	BAD("lenient: a global DEFAULT with a property", false,
	    HDR "DEFAULT action=DENY boot_verified=TRUE\n", 2,
	    "property on DEFAULT line"),
	BAD("a rule error is reported before the missing DEFAULT", true,
	    HDR "op=EXECUTE action=MAYBE\n", 2, "unknown action"),

	/* line ends: LF, CR LF, and a bare CR as in mainline */
	OK("bare CR line ends", true,
	   "policy_name=t policy_version=1.2.3\rDEFAULT action=DENY\r"
	   "op=EXECUTE action=ALLOW\r",
	   DHDR "DEFAULT action=DENY\n3: op=EXECUTE action=ALLOW\n"),
	OK("LF CR is two line ends, CR LF one", true,
	   HDR "\n\rDEFAULT action=DENY\r\nop=EXECUTE action=ALLOW\n",
	   DHDR "DEFAULT action=DENY\n5: op=EXECUTE action=ALLOW\n"),
	OK("a comment ends at a bare CR", true,
	   HDR "# c\rDEFAULT action=DENY # d\rop=KMODULE action=ALLOW",
	   DHDR "DEFAULT action=DENY\n4: op=KMODULE action=ALLOW\n"),
	BAD("line numbers with bare CR", true,
	    "policy_name=t policy_version=1.2.3\r\rop=EXECUTE\r", 3,
	    "missing action"),
	BAD("a bare CR ends a quoted value", true,
	    HDR "op=EXECUTE action=\"ALLOW\r\"\n", 2, "unterminated quote"),

	/* empty texts */
	BAD("empty text", true, "", 0, "empty policy"),
	BAD("blank and comment lines only", true, "\n \t\n# c\n\r\n", 0,
	    "empty policy"),
	BAD("lenient: empty text", false, "", 0, "empty policy"),

	/* header errors */
	BAD("header missing", true, "op=EXECUTE action=ALLOW\n", 1,
	    "header must be the first line"),
	BAD("header after a DEFAULT", true, "DEFAULT action=DENY\n" HDR, 1,
	    "header must be the first line"),
	BAD("header after a rule, after comments", false,
	    "# c\n\nop=EXECUTE action=ALLOW\n" HDR, 3,
	    "header must be the first line"),
	BAD("header without version", true, "policy_name=t\n", 1,
	    "missing policy_version"),
	BAD("header without name", true, "policy_version=1.2.3\n" HDR, 1,
	    "missing policy_name"),
	BAD("header with two names", true,
	    "policy_name=t policy_version=1.2.3 policy_name=u\n", 1,
	    "key policy_name given twice"),
	BAD("header with two versions", true,
	    "policy_version=1.2.3 policy_name=t policy_version=1.2.3\n", 1,
	    "key policy_version given twice"),
	BAD("header with another key", true,
	    "policy_name=t policy_version=1.2.3 op=EXECUTE\n", 1,
	    "unknown header key"),
	BAD("header with a bare word", true,
	    "policy_name=t DEFAULT policy_version=1.2.3\n", 1,
	    "expected key=value"),
	BAD("version of two parts", true,
	    "policy_name=t policy_version=1.2\n"
	    "", 1, "policy_version must be MAJOR.MINOR.REV"),
	BAD("version of four parts", true,
	    "policy_name=t policy_version=1.2.3.4\n"
	    "", 1, "policy_version must be MAJOR.MINOR.REV"),
	BAD("version with trailing dot after three parts", true,
	    "policy_name=t policy_version=1.2.3.\n"
	    "", 1, "policy_version must be MAJOR.MINOR.REV"),
	BADE("negative version", true,
	     "policy_name=t policy_version=-1.2.3\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BADE("version 65536", true,
	     "policy_name=t policy_version=1.65536.0\n"
	     "", 1, "policy_version part above 65535", -ERANGE),
	BADE("version beyond 64 bits, then a letter", true,
	     "policy_name=t policy_version=1.2.99999999999999999999x\n", 1,
	     "policy_version part above 65535", -ERANGE),
	BADE("version of five digits, then a letter", true,
	     "policy_name=t policy_version=1.2.99999x\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BADE("bad version part decides before the part count", true,
	     "policy_name=t policy_version=1.x\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BADE("version with two plus signs", true,
	     "policy_name=t policy_version=++1.2.3\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BADE("version of a lone plus", true,
	     "policy_name=t policy_version=1.+.3\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	OK("version with leading plus, as kstrtou16() reads it", true,
	   "policy_name=t policy_version=+1.+2.3\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"),
	BADE("version with empty component", true,
	     "policy_name=t policy_version=1..3\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BADE("version with trailing dot", true,
	     "policy_name=t policy_version=1.2.\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BADE("version with leading dot", true,
	     "policy_name=t policy_version=.1.2\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BADE("version with a letter", true,
	     "policy_name=t policy_version=1.2.a\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	OK("version with many leading zeros", true,
	   "policy_name=t policy_version=0000000001.2.00000000000000000003\n"
	   "DEFAULT action=DENY\n", DHDR "DEFAULT action=DENY\n"),
	BADE("version in hex", true,
	     "policy_name=t policy_version=0x1.2.3\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BADE("version with a space", true,
	     "policy_name=t policy_version=\"1.2.3 \"\n"
	     "", 1, "policy_version part is not a number", -EINVAL),
	BAD("lenient: bad version stays fatal", false,
	    "\npolicy_name=t policy_version=1.2\n"
	    "", 2, "policy_version must be MAJOR.MINOR.REV"),
	BAD("empty name", true, "policy_name=\"\" policy_version=1.2.3\n", 1,
	    "bad policy_name"),
	BAD("name with slash", true,
	    "policy_name=\"a/b\" policy_version=1.2.3\n", 1, "bad policy_name"),
	BAD("name dot", true, "policy_name=. policy_version=1.2.3\n", 1,
	    "bad policy_name"),
	BAD("name dot dot", true, "policy_name=.. policy_version=1.2.3\n", 1,
	    "bad policy_name"),
	BAD("lenient: unterminated quote in header", false,
	    "policy_name=\"abc policy_version=1.2.3\n", 1,
	    "unterminated quote"),
	BAD("lenient: header key without value", false,
	    "policy_name= policy_version=1.2.3\n", 1, "missing value"),

	/* tokens */
	BAD("quote in key", true, HDR "a\"b\"=c op=EXECUTE action=ALLOW\n", 2,
	    "misplaced quote"),
	BAD("quote inside value", true, HDR "op=EX\"ECUTE\" action=ALLOW\n", 2,
	    "misplaced quote"),
	BAD("text after closing quote", true,
	    HDR "op=\"EXECUTE\"x action=ALLOW\n", 2, "misplaced quote"),
	BAD("unterminated quote", true, HDR "op=EXECUTE action=\"ALLOW\n", 2,
	    "unterminated quote"),
	BAD("quoted bare word", true, HDR "\"DEFAULT\" action=ALLOW\n", 2,
	    "misplaced quote"),
	BAD("bare word in rule", true, HDR "op=EXECUTE allow\n", 2,
	    "expected key=value"),
	BAD("bare key at end of rule", true, HDR "op=EXECUTE action=ALLOW op\n",
	    2, "expected key=value"),
	BAD("empty value", true, HDR "op= action=ALLOW\n", 2, "missing value"),
	BAD("value cut by a comment", true, HDR "op=#EXECUTE action=ALLOW\n",
	    2, "missing value"),
	BAD("empty key", true, HDR "=EXECUTE action=ALLOW\n", 2, "empty key"),
	BAD("quoted empty action", true, HDR "op=EXECUTE action=\"\"\n", 2,
	    "unknown action"),
	BAD("quoted empty op", true, HDR "op=\"\" action=ALLOW\n", 2,
	    "unknown op"),
	BAD("quoted empty property", true,
	    HDR "op=EXECUTE boot_verified=\"\" action=ALLOW\n", 2,
	    "boot_verified must be TRUE or FALSE"),

	/* NUL bytes */
	BAD("NUL in header", true, "policy_name=t\0 policy_version=1.2.3\n", 1,
	    "NUL byte in policy"),
	BAD("lenient: NUL in rule", false,
	    HDR "op=EXECUTE action=ALLOW\nop=EXECUTE\0 action=ALLOW\n", 3,
	    "NUL byte in policy"),
	BAD("NUL in comment", true, HDR "# comment \0 here\n", 2,
	    "NUL byte in policy"),
	BAD("lenient: NUL at the very end", false, HDR "\0", 2,
	    "NUL byte in policy"),

	/* rule errors */
	BAD("two op keys", true, HDR "op=EXECUTE op=KMODULE action=ALLOW\n", 2,
	    "key op given twice"),
	BAD("two action keys", true, HDR "op=EXECUTE action=ALLOW action=DENY\n",
	    2, "key action given twice"),
	BAD("same property twice", true,
	    HDR "op=EXECUTE boot_verified=TRUE boot_verified=TRUE action=DENY\n",
	    2, "key boot_verified given twice"),
	BAD("same digest property twice", true,
	    HDR "op=EXECUTE dmverity_roothash=aa dmverity_roothash=sha1:"
	    HEX_SHA1 " action=DENY\n", 2, "key dmverity_roothash given twice"),
	BAD("missing action", true, HDR "op=EXECUTE boot_verified=TRUE\n", 2,
	    "missing action"),
	BAD("missing op", true, HDR "boot_verified=TRUE action=ALLOW\n", 2,
	    "missing op"),
	BAD("missing op and action", true, HDR "dmverity_signature=TRUE\n", 2,
	    "missing op"),
	BAD("unknown op", true, HDR "op=EXEC action=ALLOW\n", 2, "unknown op"),
	BAD("op is case-sensitive", true, HDR "op=execute action=ALLOW\n", 2,
	    "unknown op"),
	BAD("action is case-sensitive", true, HDR "op=EXECUTE action=allow\n",
	    2, "unknown action"),
	BAD("unknown action", true, HDR "op=EXECUTE action=AUDIT\n", 2,
	    "unknown action"),
	BAD("unknown property", true, HDR "op=EXECUTE foo=bar action=ALLOW\n",
	    2, "unknown property"),
	BAD("header key in a rule", true,
	    HDR "policy_name=x op=EXECUTE action=ALLOW\n", 2,
	    "unknown property"),
	BAD("bool in lower case", true,
	    HDR "op=EXECUTE boot_verified=true action=ALLOW\n", 2,
	    "boot_verified must be TRUE or FALSE"),
	BAD("bool as a digit", true,
	    HDR "op=EXECUTE dmverity_signature=1 action=ALLOW\n", 2,
	    "dmverity_signature must be TRUE or FALSE"),
	BAD("first bad token decides", true,
	    HDR "op=EXECUTE boot_verified=maybe foo=bar action=ALLOW\n", 2,
	    "boot_verified must be TRUE or FALSE"),

	/* digests */
	BAD("fsverity_digest without its algorithm", true,
	    HDR "op=EXECUTE fsverity_digest=" HEX_SHA256 " action=ALLOW\n", 2,
	    "fsverity_digest needs ALG:HEX"),
	BAD("fsverity_digest of the wrong length", true,
	    HDR "op=EXECUTE fsverity_digest=sha512:" HEX_SHA256
	    " action=ALLOW\n", 2, "sha512 digest must be 128 hex digits"),
	BAD("fsverity_signature as a digit", true,
	    HDR "op=EXECUTE fsverity_signature=1 action=ALLOW\n", 2,
	    "fsverity_signature must be TRUE or FALSE"),
	BAD("sha256 digest of 16 bytes", true,
	    HDR "op=EXECUTE dmverity_roothash=sha256:" HEX16 " action=DENY\n",
	    2, "sha256 digest must be 64 hex digits"),
	BAD("sha256 digest of 31 bytes", true,
	    HDR "op=EXECUTE dmverity_roothash=sha256:" HEX16
	    "00112233445566778899aabbccddee action=DENY\n", 2,
	    "sha256 digest must be 64 hex digits"),
	BAD("sha256 digest of 33 bytes", true,
	    HDR "op=EXECUTE dmverity_roothash=sha256:" HEX_SHA256
	    "ff action=DENY\n", 2, "sha256 digest must be 64 hex digits"),
	/* mainline refuses a digest without ALG: for that, with -EBADMSG */
	BAD("odd hex length", true,
	    HDR "op=EXECUTE dmverity_roothash=abc action=DENY\n", 2,
	    "digest has an odd number of hex digits"),
	BAD("non-hex digit", true,
	    HDR "op=EXECUTE dmverity_roothash=00zz action=DENY\n", 2,
	    "digest has a non-hex character 'z'"),
	BADE("odd hex length after the algorithm", true,
	     HDR "op=EXECUTE dmverity_roothash=sha256:abc action=DENY\n", 2,
	     "digest has an odd number of hex digits", -EINVAL),
	BADE("non-hex digit after the algorithm", true,
	     HDR "op=EXECUTE fsverity_digest=sha256:00zz action=DENY\n", 2,
	     "digest has a non-hex character 'z'", -EINVAL),
	BAD("fsverity_digest without algorithm, bad hex", true,
	    HDR "op=EXECUTE fsverity_digest=abc action=DENY\n", 2,
	    "digest has an odd number of hex digits"),
	BAD("known algorithm of the wrong length", true,
	    HDR "op=EXECUTE dmverity_roothash=md5:" HEX_SHA1 " action=DENY\n",
	    2, "md5 digest must be 32 hex digits"),
	BAD("algorithm is case-sensitive", true,
	    HDR "op=EXECUTE dmverity_roothash=SHA256:" HEX_SHA256
	    " action=DENY\n", 2, "bad digest algorithm name"),
	BAD("empty algorithm", true,
	    HDR "op=EXECUTE dmverity_roothash=:abcd action=DENY\n", 2,
	    "empty digest algorithm"),
	BAD("empty hex after algorithm", true,
	    HDR "op=EXECUTE dmverity_roothash=sha256: action=DENY\n", 2,
	    "sha256 digest must be 64 hex digits"),
	BAD("bare digest of 65 bytes", true,
	    HDR "op=EXECUTE dmverity_roothash=" HEX_SHA512 "00 action=DENY\n",
	    2, "digest longer than 64 bytes"),
	BADE("second colon", true,
	     HDR "op=EXECUTE dmverity_roothash=sha1:" HEX_SHA1
	     ":00 action=DENY\n", 2, "digest has a non-hex character ':'",
	     -EINVAL),
	BADE("lenient: bad hex skipped, missing DEFAULT stays fatal", false,
	     HDR "DEFAULT op=EXECUTE action=DENY\n"
	     "op=EXECUTE dmverity_roothash=zz action=DENY\n"
	     "op=KERNEL_READ action=ALLOW\n", 0,
	     "no DEFAULT for KERNEL_READ", -EBADMSG),

	/* DEFAULT errors */
	BAD("DEFAULT with a property", true,
	    HDR "DEFAULT op=EXECUTE boot_verified=TRUE action=DENY\n", 2,
	    "property on DEFAULT line"),
	BAD("DEFAULT with an unknown key", true,
	    HDR "DEFAULT foo=bar action=DENY\n", 2, "unknown key"),
	BAD("DEFAULT without action", true, HDR "DEFAULT op=EXECUTE\n", 2,
	    "missing action"),
	BAD("DEFAULT alone", true, HDR "DEFAULT\n", 2, "missing action"),
	BAD("DEFAULT with two actions", true,
	    HDR "DEFAULT action=DENY action=DENY\n", 2,
	    "key action given twice"),
	BAD("DEFAULT with two ops", true,
	    HDR "DEFAULT op=EXECUTE op=KMODULE action=DENY\n", 2,
	    "key op given twice"),
	BAD("DEFAULT with unknown op", true,
	    HDR "DEFAULT op=BOGUS action=DENY\n", 2, "unknown op"),
	BAD("DEFAULT not first", true, HDR "action=DENY DEFAULT\n", 2,
	    "misplaced DEFAULT"),
	BAD("DEFAULT twice on a line", true, HDR "DEFAULT DEFAULT action=DENY\n",
	    2, "misplaced DEFAULT"),
	BAD("DEFAULT in lower case", true, HDR "default action=DENY\n", 2,
	    "expected key=value"),
	BAD("two global DEFAULTs", true,
	    HDR "DEFAULT action=DENY\n# c\nDEFAULT action=ALLOW\n", 4,
	    "duplicate DEFAULT"),
	BAD("lenient: two global DEFAULTs", false,
	    HDR "DEFAULT action=DENY\nop=EXECUTE bogus action=ALLOW\n"
	    "DEFAULT action=DENY\n", 4,
	    "duplicate DEFAULT"),
	BAD("two DEFAULTs for one op", true,
	    HDR "DEFAULT op=EXECUTE action=DENY\n"
	    "DEFAULT op=EXECUTE action=DENY\n",
	    3, "duplicate DEFAULT"),
	BAD("DEFAULT KERNEL_READ then FIRMWARE", true,
	    HDR "DEFAULT op=KERNEL_READ action=DENY\n"
	    "DEFAULT op=FIRMWARE action=ALLOW\n", 3, "duplicate DEFAULT"),
	BAD("lenient: DEFAULT X509_CERT then KERNEL_READ", false,
	    HDR "DEFAULT op=X509_CERT action=DENY\n"
	    "DEFAULT op=KERNEL_READ action=ALLOW\n", 3, "duplicate DEFAULT"),

	/* line numbers */
	BAD("first bad line decides", true,
	    HDR "op=EXECUTE action=ALLOW\nop=BAD action=ALLOW\nfoo=bar\n", 3,
	    "unknown op"),
	BAD("line numbers count blank and comment lines", true,
	    "\n\n" HDR "\n# c\n\n\nop=EXECUTE action=ALLOW bad\n", 8,
	    "expected key=value"),
	BAD("line numbers with CRLF", true,
	    "policy_name=t policy_version=1.2.3\r\n\r\nop=EXECUTE\r\n", 3,
	    "missing action"),
	BAD("second header line", true,
	    HDR "policy_name=t policy_version=1.2.3\n", 2, "unknown property"),
};

#undef OK
#undef BAD
#undef BADE

/* the bytes HEX16 spells, repeated by the digests made of HEX16 */
static const u8 ipe_test_bytes[] = {
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
};

/**
 * struct ipe_digest_case - one digest value and what parsing it gives
 * @value: the value as written after "dmverity_roothash="
 * @ret: 0, -EINVAL (mainline's error for bad hex) or -EBADMSG
 * @alg: the expected algorithm (NULL for the bare form), or for an error,
 *	the expected reason
 * @len: the expected number of bytes
 *
 * Algorithms IPE knows the size of only: whether another is accepted
 * depends on the kernel's crypto API (ipe_test.c).
 */
struct ipe_digest_case {
	const char *value;
	int ret;
	const char *alg;
	u16 len;
};

/* 128 characters: one more than a crypto API name can have */
#define HEX_LONG_ALG \
	"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz01" \
	"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz01"

static const struct ipe_digest_case ipe_digest_cases[] = {
	{ HEX_SHA256, 0, NULL, 32 },
	{ "sha256:" HEX_SHA256, 0, "sha256", 32 },
	{ "sha1:" HEX_SHA1, 0, "sha1", 20 },
	{ "sha224:" HEX_SHA224, 0, "sha224", 28 },
	{ "sha384:" HEX_SHA384, 0, "sha384", 48 },
	{ "sha512:" HEX_SHA512, 0, "sha512", 64 },
	{ "md5:" HEX16, 0, "md5", 16 },
	{ "sha3-256:" HEX_SHA256, 0, "sha3-256", 32 },
	{ "sm3:" HEX_SHA256, 0, "sm3", 32 },
	{ "streebog512:" HEX_SHA512, 0, "streebog512", 64 },
	{ "00", 0, NULL, 1 },
	{ "0011", 0, NULL, 2 },
	{ HEX_SHA512, 0, NULL, 64 },
	{ "", -EBADMSG, "empty digest" },
	{ "0", -EBADMSG, "digest has an odd number of hex digits" },
	{ "001", -EBADMSG, "digest has an odd number of hex digits" },
	{ "0g", -EBADMSG, "digest has a non-hex character 'g'" },
	{ " 00", -EBADMSG, "digest has a non-hex character ' '" },
	{ HEX_SHA512 "00", -EBADMSG, "digest longer than 64 bytes" },
	{ "sha256:" HEX16, -EBADMSG, "sha256 digest must be 64 hex digits" },
	{ "sha256:" HEX_SHA512, -EBADMSG,
	  "sha256 digest must be 64 hex digits" },
	{ "sha1:" HEX_SHA256, -EBADMSG, "sha1 digest must be 40 hex digits" },
	{ "sha512:" HEX_SHA256, -EBADMSG,
	  "sha512 digest must be 128 hex digits" },
	{ "sha256:", -EBADMSG, "sha256 digest must be 64 hex digits" },
	{ "md5:" HEX_SHA256, -EBADMSG, "md5 digest must be 32 hex digits" },
	{ "sha3-512:" HEX_SHA256, -EBADMSG,
	  "sha3-512 digest must be 128 hex digits" },
	{ "sha256:0", -EINVAL, "digest has an odd number of hex digits" },
	{ "Sha256:" HEX_SHA256, -EBADMSG, "bad digest algorithm name" },
	{ "sha 256:" HEX_SHA256, -EBADMSG, "bad digest algorithm name" },
	{ HEX_LONG_ALG ":" HEX16, -EBADMSG, "bad digest algorithm name" },
	{ ":" HEX16, -EBADMSG, "empty digest algorithm" },
	{ "sha256::" HEX_SHA256, -EINVAL,
	  "digest has a non-hex character ':'" },
	{ "SHA256:xyz", -EINVAL, "digest has a non-hex character 'x'" },
};

/*
 * One setting of each trust property, as written on a rule: a rule on it
 * is parsed when the property is built, refused (strict) or skipped
 * (lenient) when it is not.
 */
static const char *const ipe_prop_values[] = {
	"boot_verified=TRUE",
	"dmverity_roothash=sha256:" HEX_SHA256,
	"dmverity_signature=TRUE",
	"fsverity_digest=sha256:" HEX_SHA256,
	"fsverity_signature=FALSE",
};

/**
 * struct ipe_bool_case - one value of a boolean property
 * @text: the value as written after "key="
 * @ret: 0 or the expected error code
 * @value: the value read; for an error, the output keeps what it held,
 *	which is !@value
 */
struct ipe_bool_case {
	const char *text;
	int ret;
	bool value;
};

static const struct ipe_bool_case ipe_bool_cases[] = {
	{ "TRUE", 0, true },
	{ "FALSE", 0, false },
	{ "true", -EINVAL, false },
	{ "False", -EINVAL, false },
	{ "1", -EINVAL, false },
	{ "", -EINVAL, false },
	{ "TRUE ", -EINVAL, false },
};

/**
 * struct ipe_prop_find_case - one key looked up in the property registry
 * @key: the text the key is read from
 * @len: how many bytes of @key are the key
 * @type: the property found, or NULL for none
 */
struct ipe_prop_find_case {
	const char *key;
	size_t len;
	const struct ipe_prop_type *type;
};

static const struct ipe_prop_find_case ipe_prop_find_cases[] = {
	{ "boot_verified", 13, &ipe_prop_boot_verified },
	{ "boot_verifiedX", 13, &ipe_prop_boot_verified },
	{ "boot_verifiedX", 14, NULL },
	{ "boot_verifiedX", 12, NULL },
	{ "dmverity_roothash", 17, &ipe_prop_dmverity_roothash },
	{ "dmverity_signature", 18, &ipe_prop_dmverity_signature },
	{ "fsverity_digest", 15, &ipe_prop_fsverity_digest },
	{ "fsverity_signature", 18, &ipe_prop_fsverity_signature },
	{ "BOOT_VERIFIED", 13, NULL },
	{ "op", 2, NULL },
	{ "", 0, NULL },
};

/* the name of each op, and of a value past the last op */
static const char *const ipe_op_names[IPE_OP_COUNT + 1] = {
	[IPE_OP_EXECUTE] = "EXECUTE",
	[IPE_OP_FIRMWARE] = "FIRMWARE",
	[IPE_OP_KMODULE] = "KMODULE",
	[IPE_OP_KEXEC_IMAGE] = "KEXEC_IMAGE",
	[IPE_OP_KEXEC_INITRAMFS] = "KEXEC_INITRAMFS",
	[IPE_OP_POLICY] = "POLICY",
	[IPE_OP_X509_CERT] = "X509_CERT",
	[IPE_OP_COUNT] = "UNKNOWN",
};

static const char *const ipe_action_names[] = {
	[IPE_ACTION_NONE] = "NONE",
	[IPE_ACTION_ALLOW] = "ALLOW",
	[IPE_ACTION_DENY] = "DENY",
};

/**
 * struct ipe_default_print_case - one DEFAULT line printed
 * @op: the op, or %IPE_OP_COUNT for the global DEFAULT
 * @action: the action
 * @size: the size of the buffer printed into; 0 for no buffer at all
 * @text: what the buffer must then hold (NULL when @size is 0)
 * @full: the whole line, whose length the printer must return
 */
struct ipe_default_print_case {
	enum ipe_op op;
	enum ipe_action action;
	size_t size;
	const char *text;
	const char *full;
};

static const struct ipe_default_print_case ipe_default_print_cases[] = {
	{ IPE_OP_EXECUTE, IPE_ACTION_DENY, 64,
	  "DEFAULT op=EXECUTE action=DENY", "DEFAULT op=EXECUTE action=DENY" },
	{ IPE_OP_COUNT, IPE_ACTION_DENY, 64,
	  "DEFAULT action=DENY", "DEFAULT action=DENY" },
	{ IPE_OP_POLICY, IPE_ACTION_ALLOW, 64,
	  "DEFAULT op=POLICY action=ALLOW", "DEFAULT op=POLICY action=ALLOW" },
	{ IPE_OP_COUNT, IPE_ACTION_ALLOW, 8,
	  "DEFAULT", "DEFAULT action=ALLOW" },
	{ IPE_OP_KMODULE, IPE_ACTION_ALLOW, 0,
	  NULL, "DEFAULT op=KMODULE action=ALLOW" },
};

#endif /* _IPE_TESTS_POLICY_PARSER_CASES_H */
