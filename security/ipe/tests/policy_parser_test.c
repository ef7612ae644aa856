// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the IPE policy parser, the rule printer, the property
 * registry and the digest helpers.
 */

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "eval.h"
#include "policy.h"
#include "policy_print.h"
#include "property.h"

#define HEX16	"00112233445566778899aabbccddeeff"
#define HEX_SHA1	HEX16 "00112233"
#define HEX_SHA224	HEX16 "00112233445566778899aabb"
#define HEX_SHA256	\
	"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
#define HEX_SHA384	\
	"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
#define HEX_SHA512	\
	"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
#define HEX_UPPER	"ABCDEF0123456789ABCDEF0123456789abcdef0123456789AbCdEf0123456789"
#define HEX_LOWER	"abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789"

#define HDR	"policy_name=t policy_version=1.2.3\n"
#define DHDR	"name=t version=1.2.3\n"

#define IPE_DUMP_SIZE	8192

/**
 * struct ipe_parse_case - one policy text and what parsing it must give
 * @name: description of the case
 * @text: the policy text (may hold NUL bytes)
 * @len: bytes of @text
 * @strict: parse in strict mode
 * @ret: 0 or the expected error code
 * @line: expected error line
 * @reason: expected error reason
 * @dump: for a success, the expected tables as ipe_test_dump() prints them
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
	OK("lenient: skipped DEFAULT leaves its scope free", false,
	   HDR "DEFAULT boot_verified=TRUE action=ALLOW\nDEFAULT action=DENY\n"
	   "DEFAULT op=NOPE action=DENY\nDEFAULT op=EXECUTE\n"
	   "DEFAULT op=EXECUTE action=ALLOW\n",
	   DHDR "DEFAULT action=DENY\nDEFAULT op=EXECUTE action=ALLOW\n"),
	OK("lenient: missing op, missing action, duplicate key", false,
	   HDR "action=ALLOW\nop=EXECUTE\nop=EXECUTE op=EXECUTE action=DENY\n"
	   "op=EXECUTE boot_verified=TRUE boot_verified=TRUE action=DENY\n"
	   "op=FIRMWARE action=DENY\nDEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n6: op=FIRMWARE action=DENY\n"),
	OK("lenient: every rule skipped", false,
	   HDR "bogus\nop=EXECUTE\nDEFAULT op=EXECUTE boot_verified=TRUE\n"
	   "DEFAULT action=DENY\n",
	   DHDR "DEFAULT action=DENY\n"),
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
	    "op=EXECUTE boot_verified=TRUE action=ALLOW\n", 0,
	    "no DEFAULT for EXECUTE"),
	BAD("lenient: a skipped global DEFAULT", false,
	    HDR "DEFAULT action=DENY boot_verified=TRUE\n", 0,
	    "no DEFAULT for EXECUTE, KERNEL_READ"),
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
	BADE("odd hex length", true,
	     HDR "op=EXECUTE dmverity_roothash=abc action=DENY\n", 2,
	     "digest has an odd number of hex digits", -EINVAL),
	BADE("non-hex digit", true,
	     HDR "op=EXECUTE dmverity_roothash=00zz action=DENY\n", 2,
	     "digest has a non-hex character 'z'", -EINVAL),
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
	    HDR "DEFAULT action=DENY\nbogus\nDEFAULT action=DENY\n", 4,
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

static void ipe_parse_case_desc(const struct ipe_parse_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(ipe_parse, ipe_parse_cases, ipe_parse_case_desc);

static void ipe_test_put(struct kunit *test, size_t *pos, int n)
{
	KUNIT_ASSERT_GE(test, n, 0);
	KUNIT_ASSERT_LT(test, *pos + n, (size_t)IPE_DUMP_SIZE);
	*pos += n;
}

/* the whole policy as text: header, defaults and each op's rules */
static const char *ipe_test_dump(struct kunit *test,
				 const struct ipe_parsed_policy *pol)
{
	char *buf = kunit_kzalloc(test, IPE_DUMP_SIZE, GFP_KERNEL);
	size_t pos = 0;
	int op;
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	ipe_test_put(test, &pos,
		     snprintf(buf, IPE_DUMP_SIZE, "name=%s version=%u.%u.%u\n",
			      pol->name, pol->version[0], pol->version[1],
			      pol->version[2]));
	if (pol->global_default != IPE_ACTION_NONE) {
		ipe_test_put(test, &pos,
			     ipe_default_print(buf + pos, IPE_DUMP_SIZE - pos,
					       IPE_OP_COUNT,
					       pol->global_default));
		ipe_test_put(test, &pos, snprintf(buf + pos,
						  IPE_DUMP_SIZE - pos, "\n"));
	}
	for (op = 0; op < IPE_OP_COUNT; op++) {
		const struct ipe_op_rules *t = &pol->ops[op];

		if (t->default_action != IPE_ACTION_NONE) {
			ipe_test_put(test, &pos,
				     ipe_default_print(buf + pos,
						       IPE_DUMP_SIZE - pos, op,
						       t->default_action));
			ipe_test_put(test, &pos,
				     snprintf(buf + pos, IPE_DUMP_SIZE - pos,
					      "\n"));
		}
		for (i = 0; i < t->count; i++) {
			ipe_test_put(test, &pos,
				     snprintf(buf + pos, IPE_DUMP_SIZE - pos,
					      "%u: ", t->rules[i].line));
			ipe_test_put(test, &pos,
				     ipe_rule_print(buf + pos,
						    IPE_DUMP_SIZE - pos, op,
						    &t->rules[i]));
			ipe_test_put(test, &pos,
				     snprintf(buf + pos, IPE_DUMP_SIZE - pos,
					      "\n"));
		}
	}
	return buf;
}

static void ipe_parse_test(struct kunit *test)
{
	const struct ipe_parse_case *c = test->param_value;
	struct ipe_parse_error err = { .line = 12345, .reason = "stale" };
	struct ipe_parsed_policy *pol;

	pol = ipe_parse_policy(c->text, c->len, c->strict, &err);
	KUNIT_ASSERT_NOT_NULL(test, pol);
	if (c->ret) {
		KUNIT_ASSERT_TRUE(test, IS_ERR(pol));
		KUNIT_EXPECT_EQ(test, PTR_ERR(pol), (long)c->ret);
		KUNIT_EXPECT_EQ(test, err.line, c->line);
		KUNIT_ASSERT_NOT_NULL(test, err.reason);
		KUNIT_EXPECT_STREQ(test, err.reason, c->reason);
		return;
	}

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(pol), "error %ld line %u: %s",
			       PTR_ERR(pol), err.line, err.reason);
	KUNIT_EXPECT_EQ(test, err.line, 0U);
	KUNIT_EXPECT_NULL(test, err.reason);
	KUNIT_EXPECT_STREQ(test, ipe_test_dump(test, pol), c->dump);
	ipe_free_parsed_policy(pol);
}

#define IPE_FULL_POLICY							\
	"policy_name=\"comprehensive test\" policy_version=10.20.30\n"	\
	"DEFAULT action=DENY\n"						\
	"DEFAULT op=KMODULE action=ALLOW\n"				\
	"DEFAULT op=X509_CERT action=DENY\n"				\
	"op=EXECUTE dmverity_roothash=" HEX_SHA256 " action=DENY\n"	\
	"op=EXECUTE dmverity_roothash=sha256:" HEX_SHA256		\
	" dmverity_signature=TRUE action=DENY\n"			\
	"op=EXECUTE boot_verified=TRUE action=ALLOW\n"			\
	"op=KERNEL_READ boot_verified=FALSE dmverity_signature=TRUE"	\
	" action=ALLOW\n"						\
	"op=FIRMWARE action=DENY\n"					\
	"op=POLICY dmverity_roothash=sha512:" HEX_SHA512 " action=ALLOW\n" \
	"op=KEXEC_IMAGE boot_verified=TRUE action=ALLOW\n"

static const u8 ipe_test_bytes[] = {
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
};

static void ipe_test_rule(struct kunit *test, const struct ipe_rule *r,
			  u32 line, u8 action, u16 nprops)
{
	KUNIT_EXPECT_EQ(test, r->line, line);
	KUNIT_EXPECT_EQ(test, r->action, action);
	KUNIT_ASSERT_EQ(test, r->prop_count, nprops);
	if (nprops)
		KUNIT_ASSERT_NOT_NULL(test, r->props);
}

static void ipe_test_digest(struct kunit *test, const struct ipe_prop *p,
			    const char *alg, u16 len)
{
	const struct ipe_digest *d = p->value.data;
	u16 i;

	KUNIT_EXPECT_PTR_EQ(test, p->type, &ipe_prop_dmverity_roothash);
	KUNIT_ASSERT_NOT_NULL(test, d);
	if (alg) {
		KUNIT_ASSERT_NOT_NULL(test, d->alg);
		KUNIT_EXPECT_STREQ(test, d->alg, alg);
	} else {
		KUNIT_EXPECT_NULL(test, d->alg);
	}
	KUNIT_ASSERT_EQ(test, d->len, len);
	for (i = 0; i < len; i++)
		KUNIT_EXPECT_EQ(test, d->bytes[i], ipe_test_bytes[i % 16]);
}

static void ipe_test_flag(struct kunit *test, const struct ipe_prop *p,
			  const struct ipe_prop_type *type, bool flag)
{
	KUNIT_EXPECT_PTR_EQ(test, p->type, type);
	KUNIT_EXPECT_EQ(test, p->value.flag, flag);
}

static void ipe_parser_tables(struct kunit *test)
{
	static const char text[] = IPE_FULL_POLICY;
	static const u32 counts[IPE_OP_COUNT] = { 3, 2, 1, 2, 1, 2, 1 };
	static const u8 defaults[IPE_OP_COUNT] = {
		IPE_ACTION_NONE, IPE_ACTION_NONE, IPE_ACTION_ALLOW,
		IPE_ACTION_NONE, IPE_ACTION_NONE, IPE_ACTION_NONE,
		IPE_ACTION_DENY,
	};
	struct ipe_parsed_policy *pol;
	const struct ipe_rule *r;
	int op;

	pol = ipe_parse_policy(text, sizeof(text) - 1, true, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(pol));
	KUNIT_EXPECT_STREQ(test, pol->name, "comprehensive test");
	KUNIT_EXPECT_EQ(test, pol->version[0], 10);
	KUNIT_EXPECT_EQ(test, pol->version[1], 20);
	KUNIT_EXPECT_EQ(test, pol->version[2], 30);
	KUNIT_EXPECT_EQ(test, pol->global_default, IPE_ACTION_DENY);
	for (op = 0; op < IPE_OP_COUNT; op++) {
		KUNIT_ASSERT_EQ(test, pol->ops[op].count, counts[op]);
		KUNIT_EXPECT_EQ(test, pol->ops[op].default_action,
				defaults[op]);
	}

	r = pol->ops[IPE_OP_EXECUTE].rules;
	ipe_test_rule(test, &r[0], 5, IPE_ACTION_DENY, 1);
	ipe_test_digest(test, &r[0].props[0], NULL, 32);
	ipe_test_rule(test, &r[1], 6, IPE_ACTION_DENY, 2);
	ipe_test_digest(test, &r[1].props[0], "sha256", 32);
	ipe_test_flag(test, &r[1].props[1], &ipe_prop_dmverity_signature,
		      true);
	ipe_test_rule(test, &r[2], 7, IPE_ACTION_ALLOW, 1);
	ipe_test_flag(test, &r[2].props[0], &ipe_prop_boot_verified, true);

	for (op = IPE_OP_FIRMWARE; op <= IPE_OP_X509_CERT; op++) {
		r = &pol->ops[op].rules[0];
		ipe_test_rule(test, r, 8, IPE_ACTION_ALLOW, 2);
		ipe_test_flag(test, &r->props[0], &ipe_prop_boot_verified,
			      false);
		ipe_test_flag(test, &r->props[1], &ipe_prop_dmverity_signature,
			      true);
	}
	r = &pol->ops[IPE_OP_FIRMWARE].rules[1];
	ipe_test_rule(test, r, 9, IPE_ACTION_DENY, 0);
	r = &pol->ops[IPE_OP_POLICY].rules[1];
	ipe_test_rule(test, r, 10, IPE_ACTION_ALLOW, 1);
	ipe_test_digest(test, &r->props[0], "sha512", 64);
	r = &pol->ops[IPE_OP_KEXEC_IMAGE].rules[1];
	ipe_test_rule(test, r, 11, IPE_ACTION_ALLOW, 1);
	ipe_test_flag(test, &r->props[0], &ipe_prop_boot_verified, true);

	ipe_free_parsed_policy(pol);
}

static void ipe_parser_kernel_read_copies(struct kunit *test)
{
	static const char text[] = HDR
		"op=KERNEL_READ dmverity_roothash=sha256:" HEX_SHA256
		" boot_verified=TRUE action=DENY\nDEFAULT action=ALLOW\n";
	struct ipe_parsed_policy *pol;
	const struct ipe_rule *seen[IPE_OP_COUNT];
	int op, other;

	pol = ipe_parse_policy(text, sizeof(text) - 1, true, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(pol));
	KUNIT_EXPECT_EQ(test, pol->ops[IPE_OP_EXECUTE].count, 0U);
	for (op = IPE_OP_FIRMWARE; op <= IPE_OP_X509_CERT; op++) {
		const struct ipe_rule *r;

		KUNIT_ASSERT_EQ(test, pol->ops[op].count, 1U);
		r = &pol->ops[op].rules[0];
		ipe_test_rule(test, r, 2, IPE_ACTION_DENY, 2);
		ipe_test_digest(test, &r->props[0], "sha256", 32);
		ipe_test_flag(test, &r->props[1], &ipe_prop_boot_verified,
			      true);
		seen[op] = r;
		for (other = IPE_OP_FIRMWARE; other < op; other++) {
			KUNIT_EXPECT_PTR_NE(test, seen[other]->props,
					    r->props);
			KUNIT_EXPECT_PTR_NE(test,
					    seen[other]->props[0].value.data,
					    r->props[0].value.data);
		}
	}
	ipe_free_parsed_policy(pol);
}

#define IPE_BIG_SIZE	(1024 * 1024)

/* a 1 MiB policy of digest rules, each digest encoding its index */
static void ipe_parser_big_policy(struct kunit *test)
{
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	size_t pos, n = 0;
	char *text;
	u32 i;

	text = kvmalloc(IPE_BIG_SIZE + 256, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	pos = scnprintf(text, IPE_BIG_SIZE, "%s", HDR "DEFAULT action=ALLOW\n");
	while (pos < IPE_BIG_SIZE) {
		pos += scnprintf(text + pos, 256,
				 "op=EXECUTE dmverity_roothash=sha256:" HEX16
				 "%032zx action=DENY # rule %zu\n", n, n);
		n++;
	}

	pol = ipe_parse_policy(text, pos, true, &err);
	kvfree(text);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR_OR_NULL(pol), "line %u: %s",
			       err.line, err.reason);
	KUNIT_EXPECT_GT(test, n, (size_t)8000);
	KUNIT_ASSERT_EQ(test, pol->ops[IPE_OP_EXECUTE].count, (u32)n);
	for (i = 0; i < n; i++) {
		const struct ipe_rule *r = &pol->ops[IPE_OP_EXECUTE].rules[i];
		const struct ipe_digest *d;

		KUNIT_ASSERT_EQ(test, r->line, i + 3);
		KUNIT_ASSERT_EQ(test, r->prop_count, 1);
		d = r->props[0].value.data;
		KUNIT_ASSERT_EQ(test, d->len, 32);
		KUNIT_ASSERT_EQ(test, d->bytes[31], (u8)i);
		KUNIT_ASSERT_EQ(test, d->bytes[30], (u8)(i >> 8));
		KUNIT_ASSERT_EQ(test, d->bytes[15], 0xff);
	}
	ipe_free_parsed_policy(pol);
}

static void ipe_parser_name_length(struct kunit *test)
{
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	char *text;
	size_t len;

	text = kunit_kzalloc(test, 512, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	strscpy(text, "policy_name=", 512);
	memset(text + 12, 'n', 255);
	strscpy(text + 12 + 255, " policy_version=1.0.0\nDEFAULT action=DENY\n",
		64);
	len = strlen(text);

	pol = ipe_parse_policy(text, len, true, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(pol));
	KUNIT_EXPECT_EQ(test, strlen(pol->name), (size_t)255);
	ipe_free_parsed_policy(pol);

	memmove(text + 13, text + 12, len - 12 + 1);
	pol = ipe_parse_policy(text, len + 1, true, &err);
	KUNIT_ASSERT_TRUE(test, IS_ERR(pol));
	KUNIT_EXPECT_EQ(test, PTR_ERR(pol), (long)-EBADMSG);
	KUNIT_EXPECT_EQ(test, err.line, 1U);
	KUNIT_EXPECT_STREQ(test, err.reason, "bad policy_name");
}

static void ipe_parser_err_optional(struct kunit *test)
{
	static const char good[] = HDR "op=EXECUTE action=ALLOW\n"
		"DEFAULT action=DENY\n";
	static const char bad[] = HDR "op=EXECUTE\n";
	struct ipe_parsed_policy *pol;

	pol = ipe_parse_policy(good, sizeof(good) - 1, true, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(pol));
	ipe_free_parsed_policy(pol);
	pol = ipe_parse_policy(bad, sizeof(bad) - 1, true, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pol), (long)-EBADMSG);
	pol = ipe_parse_policy("", 0, false, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pol), (long)-EBADMSG);
}

/* only @len bytes are read, and they are left as they were */
static void ipe_parser_input_untouched(struct kunit *test)
{
	static const char text[] = HDR "DEFAULT action=DENY\n"
		"op=EXECUTE action=ALLOW # c\n"
		"op=KMODULE action=DENY garbage after the length";
	size_t len = sizeof(text) - 1 - strlen(" garbage after the length");
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	char *copy, *orig;

	copy = kunit_kmalloc(test, sizeof(text), GFP_KERNEL);
	orig = kunit_kmalloc(test, sizeof(text), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	KUNIT_ASSERT_NOT_NULL(test, orig);
	memcpy(copy, text, sizeof(text));
	memcpy(orig, text, sizeof(text));

	pol = ipe_parse_policy(copy, len, true, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(pol));
	KUNIT_EXPECT_STREQ(test, ipe_test_dump(test, pol),
			   DHDR "DEFAULT action=DENY\n"
			   "3: op=EXECUTE action=ALLOW\n"
			   "4: op=KMODULE action=DENY\n");
	KUNIT_EXPECT_EQ(test, memcmp(copy, orig, sizeof(text)), 0);
	ipe_free_parsed_policy(pol);

	/* a length that cuts a line in the middle of a token */
	pol = ipe_parse_policy(copy, len - 2, true, &err);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pol), (long)-EBADMSG);
	KUNIT_EXPECT_EQ(test, err.line, 4U);
	KUNIT_EXPECT_STREQ(test, err.reason, "unknown action");
	KUNIT_EXPECT_EQ(test, memcmp(copy, orig, sizeof(text)), 0);
}

/*
 * A property whose Kconfig option is off: strict parsing refuses a rule on
 * it, naming the property and the option; lenient parsing skips the rule.
 * The host build of this suite runs it once more with no property built
 * (tools/security/ipe/tests/run.sh).
 */
static void ipe_parser_unbuilt_props(struct kunit *test)
{
	static const char *const values[] = {
		"boot_verified=TRUE",
		"dmverity_roothash=sha256:" HEX_SHA256,
		"dmverity_signature=TRUE",
		"fsverity_digest=sha256:" HEX_SHA256,
		"fsverity_signature=FALSE",
	};
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	char *text, *why;
	size_t i;

	text = kunit_kzalloc(test, 512, GFP_KERNEL);
	why = kunit_kzalloc(test, IPE_PARSE_REASON_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	KUNIT_ASSERT_NOT_NULL(test, why);
	for (i = 0; i < ARRAY_SIZE(values); i++) {
		const struct ipe_prop_type *type;
		int len;

		type = ipe_prop_find(values[i], strcspn(values[i], "="));
		KUNIT_ASSERT_NOT_NULL(test, type);
		KUNIT_ASSERT_NOT_NULL(test, type->kconfig);
		KUNIT_EXPECT_EQ(test, strncmp(type->kconfig, "CONFIG_", 7), 0);
		len = snprintf(text, 512, HDR "DEFAULT action=ALLOW\n"
			       "op=EXECUTE %s action=DENY\n", values[i]);
		KUNIT_ASSERT_LT(test, len, 512);

		pol = ipe_parse_policy(text, len, true, &err);
		if (type->built) {
			KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
			KUNIT_EXPECT_EQ(test, pol->ops[IPE_OP_EXECUTE].count, 1U);
			ipe_free_parsed_policy(pol);
		} else {
			snprintf(why, IPE_PARSE_REASON_MAX,
				 "%s: not built (%s=n)", type->key,
				 type->kconfig);
			KUNIT_EXPECT_EQ(test, PTR_ERR(pol), (long)-EBADMSG);
			KUNIT_EXPECT_EQ(test, err.line, 3U);
			KUNIT_EXPECT_STREQ(test, err.reason, why);
		}

		pol = ipe_parse_policy(text, len, false, &err);
		KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
		KUNIT_EXPECT_EQ(test, pol->ops[IPE_OP_EXECUTE].count,
				type->built ? 1U : 0U);
		ipe_free_parsed_policy(pol);
	}
}

static void ipe_parser_free_nothing(struct kunit *test)
{
	ipe_free_parsed_policy(NULL);
	ipe_free_parsed_policy(ERR_PTR(-EINVAL));
	KUNIT_SUCCEED(test);
}

static void ipe_rule_print_test(struct kunit *test)
{
	struct ipe_digest *d = ipe_digest_parse("sha1:" HEX_SHA1, NULL, 0);
	struct ipe_prop props[3] = {
		{ .type = &ipe_prop_boot_verified, .value.flag = true },
		{ .type = &ipe_prop_dmverity_roothash },
		{ .type = &ipe_prop_dmverity_signature, .value.flag = false },
	};
	struct ipe_rule rule = {
		.props = props, .prop_count = 1, .action = IPE_ACTION_ALLOW,
	};
	static const char full[] =
		"op=KEXEC_INITRAMFS boot_verified=TRUE dmverity_roothash=sha1:"
		HEX_SHA1 " dmverity_signature=FALSE action=DENY";
	char buf[160];
	size_t size;
	int n;

	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(d));
	props[1].value.data = d;

	n = ipe_rule_print(buf, sizeof(buf), IPE_OP_EXECUTE, &rule);
	KUNIT_EXPECT_STREQ(test, buf, "op=EXECUTE boot_verified=TRUE action=ALLOW");
	KUNIT_EXPECT_EQ(test, n, (int)strlen(buf));

	rule.prop_count = 0;
	n = ipe_rule_print(buf, sizeof(buf), IPE_OP_X509_CERT, &rule);
	KUNIT_EXPECT_STREQ(test, buf, "op=X509_CERT action=ALLOW");
	KUNIT_EXPECT_EQ(test, n, (int)strlen(buf));

	rule.prop_count = 3;
	rule.action = IPE_ACTION_DENY;
	n = ipe_rule_print(buf, sizeof(buf), IPE_OP_KEXEC_INITRAMFS, &rule);
	KUNIT_EXPECT_STREQ(test, buf, full);
	KUNIT_EXPECT_EQ(test, n, (int)sizeof(full) - 1);

	/* truncation: snprintf semantics at every boundary */
	n = ipe_rule_print(NULL, 0, IPE_OP_KEXEC_INITRAMFS, &rule);
	KUNIT_EXPECT_EQ(test, n, (int)sizeof(full) - 1);
	for (size = 1; size <= sizeof(full); size++) {
		memset(buf, 'X', sizeof(buf));
		n = ipe_rule_print(buf, size, IPE_OP_KEXEC_INITRAMFS, &rule);
		KUNIT_EXPECT_EQ(test, n, (int)sizeof(full) - 1);
		KUNIT_EXPECT_EQ(test, buf[size - 1], '\0');
		KUNIT_EXPECT_EQ(test, strncmp(buf, full, size - 1), 0);
		KUNIT_EXPECT_EQ(test, buf[size], 'X');
	}
	kfree(d);
}

static void ipe_default_print_test(struct kunit *test)
{
	char buf[64];
	int n;

	n = ipe_default_print(buf, sizeof(buf), IPE_OP_EXECUTE,
			      IPE_ACTION_DENY);
	KUNIT_EXPECT_STREQ(test, buf, "DEFAULT op=EXECUTE action=DENY");
	KUNIT_EXPECT_EQ(test, n, (int)strlen(buf));
	n = ipe_default_print(buf, sizeof(buf), IPE_OP_COUNT, IPE_ACTION_DENY);
	KUNIT_EXPECT_STREQ(test, buf, "DEFAULT action=DENY");
	KUNIT_EXPECT_EQ(test, n, (int)strlen(buf));
	n = ipe_default_print(buf, sizeof(buf), IPE_OP_POLICY,
			      IPE_ACTION_ALLOW);
	KUNIT_EXPECT_STREQ(test, buf, "DEFAULT op=POLICY action=ALLOW");
	n = ipe_default_print(buf, 8, IPE_OP_COUNT, IPE_ACTION_ALLOW);
	KUNIT_EXPECT_STREQ(test, buf, "DEFAULT");
	KUNIT_EXPECT_EQ(test, n, (int)strlen("DEFAULT action=ALLOW"));
	n = ipe_default_print(NULL, 0, IPE_OP_KMODULE, IPE_ACTION_ALLOW);
	KUNIT_EXPECT_EQ(test, n, (int)strlen("DEFAULT op=KMODULE action=ALLOW"));
}

static void ipe_names_test(struct kunit *test)
{
	static const char *const names[IPE_OP_COUNT] = {
		"EXECUTE", "FIRMWARE", "KMODULE", "KEXEC_IMAGE",
		"KEXEC_INITRAMFS", "POLICY", "X509_CERT",
	};
	int op;

	for (op = 0; op < IPE_OP_COUNT; op++)
		KUNIT_EXPECT_STREQ(test, ipe_op_name(op), names[op]);
	KUNIT_EXPECT_STREQ(test, ipe_op_name(IPE_OP_COUNT), "UNKNOWN");
	KUNIT_EXPECT_STREQ(test, ipe_action_name(IPE_ACTION_ALLOW), "ALLOW");
	KUNIT_EXPECT_STREQ(test, ipe_action_name(IPE_ACTION_DENY), "DENY");
	KUNIT_EXPECT_STREQ(test, ipe_action_name(IPE_ACTION_NONE), "NONE");
}

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
	{ "0", -EINVAL, "digest has an odd number of hex digits" },
	{ "001", -EINVAL, "digest has an odd number of hex digits" },
	{ "0g", -EINVAL, "digest has a non-hex character 'g'" },
	{ " 00", -EINVAL, "digest has a non-hex character ' '" },
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

static void ipe_digest_case_desc(const struct ipe_digest_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "\"%.60s\"", c->value);
}

KUNIT_ARRAY_PARAM(ipe_digest, ipe_digest_cases, ipe_digest_case_desc);

static void ipe_digest_parse_test(struct kunit *test)
{
	const struct ipe_digest_case *c = test->param_value;
	char why[IPE_PARSE_REASON_MAX] = "";
	struct ipe_digest *d = ipe_digest_parse(c->value, why, sizeof(why));
	u16 i;

	KUNIT_ASSERT_NOT_NULL(test, d);
	if (c->ret) {
		KUNIT_EXPECT_EQ(test, PTR_ERR(d), (long)c->ret);
		KUNIT_EXPECT_STREQ(test, why, c->alg);
		return;
	}
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	if (c->alg) {
		KUNIT_ASSERT_NOT_NULL(test, d->alg);
		KUNIT_EXPECT_STREQ(test, d->alg, c->alg);
	} else {
		KUNIT_EXPECT_NULL(test, d->alg);
	}
	KUNIT_EXPECT_EQ(test, d->len, c->len);
	for (i = 0; i < d->len && i < c->len; i++)
		KUNIT_EXPECT_EQ(test, d->bytes[i], ipe_test_bytes[i % 16]);
	kfree(d);
}

static void ipe_digest_equal_test(struct kunit *test)
{
	struct ipe_digest *bare = ipe_digest_parse(HEX16, NULL, 0);
	struct ipe_digest *alg = ipe_digest_parse("sha256:" HEX_SHA256, NULL, 0);
	u8 other[32];

	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(bare));
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(alg));
	memcpy(other, ipe_test_bytes, 16);
	memcpy(other + 16, ipe_test_bytes, 16);

	KUNIT_EXPECT_TRUE(test, ipe_digest_equal(bare, "sha256",
						 ipe_test_bytes, 16));
	KUNIT_EXPECT_TRUE(test, ipe_digest_equal(bare, NULL,
						 ipe_test_bytes, 16));
	KUNIT_EXPECT_TRUE(test, ipe_digest_equal(bare, "md5",
						 ipe_test_bytes, 16));
	KUNIT_EXPECT_FALSE(test, ipe_digest_equal(bare, NULL,
						  ipe_test_bytes, 15));
	KUNIT_EXPECT_FALSE(test, ipe_digest_equal(bare, NULL, other, 32));
	KUNIT_EXPECT_FALSE(test, ipe_digest_equal(bare, NULL, NULL, 16));

	KUNIT_EXPECT_TRUE(test, ipe_digest_equal(alg, "sha256", other, 32));
	KUNIT_EXPECT_FALSE(test, ipe_digest_equal(alg, "sha512", other, 32));
	KUNIT_EXPECT_FALSE(test, ipe_digest_equal(alg, NULL, other, 32));
	KUNIT_EXPECT_FALSE(test, ipe_digest_equal(alg, "sha256", other, 31));
	other[31] ^= 1;
	KUNIT_EXPECT_FALSE(test, ipe_digest_equal(alg, "sha256", other, 32));
	other[31] ^= 1;
	other[0] ^= 0x80;
	KUNIT_EXPECT_FALSE(test, ipe_digest_equal(alg, "sha256", other, 32));
	kfree(bare);
	kfree(alg);
}

static void ipe_digest_print_test(struct kunit *test)
{
	struct ipe_digest *bare = ipe_digest_parse("DEADbeef", NULL, 0);
	struct ipe_digest *alg = ipe_digest_parse("sha1:" HEX_SHA1, NULL, 0);
	char buf[200];
	int n;

	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(bare));
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(alg));
	n = ipe_digest_print(buf, sizeof(buf), "k", bare);
	KUNIT_EXPECT_STREQ(test, buf, "k=deadbeef");
	KUNIT_EXPECT_EQ(test, n, 10);
	n = ipe_digest_print(buf, sizeof(buf), "dmverity_roothash", alg);
	KUNIT_EXPECT_STREQ(test, buf, "dmverity_roothash=sha1:" HEX_SHA1);
	KUNIT_EXPECT_EQ(test, n, (int)strlen(buf));
	n = ipe_digest_print(buf, 5, "k", alg);
	KUNIT_EXPECT_STREQ(test, buf, "k=sh");
	KUNIT_EXPECT_EQ(test, n, (int)strlen("k=sha1:" HEX_SHA1));
	kfree(bare);
	kfree(alg);
}

static void ipe_prop_find_test(struct kunit *test)
{
	static const char keys[] = "boot_verifiedX";

	KUNIT_EXPECT_PTR_EQ(test, ipe_prop_find("boot_verified", 13),
			    &ipe_prop_boot_verified);
	KUNIT_EXPECT_PTR_EQ(test, ipe_prop_find(keys, 13),
			    &ipe_prop_boot_verified);
	KUNIT_EXPECT_NULL(test, ipe_prop_find(keys, 14));
	KUNIT_EXPECT_NULL(test, ipe_prop_find(keys, 12));
	KUNIT_EXPECT_PTR_EQ(test, ipe_prop_find("dmverity_roothash", 17),
			    &ipe_prop_dmverity_roothash);
	KUNIT_EXPECT_PTR_EQ(test, ipe_prop_find("dmverity_signature", 18),
			    &ipe_prop_dmverity_signature);
	KUNIT_EXPECT_NULL(test, ipe_prop_find("BOOT_VERIFIED", 13));
	KUNIT_EXPECT_NULL(test, ipe_prop_find("op", 2));
	KUNIT_EXPECT_NULL(test, ipe_prop_find("", 0));
}

static void ipe_bool_value_test(struct kunit *test)
{
	bool v = false;

	KUNIT_EXPECT_EQ(test, ipe_parse_bool_value("TRUE", &v), 0);
	KUNIT_EXPECT_TRUE(test, v);
	KUNIT_EXPECT_EQ(test, ipe_parse_bool_value("FALSE", &v), 0);
	KUNIT_EXPECT_FALSE(test, v);
	v = true;
	KUNIT_EXPECT_EQ(test, ipe_parse_bool_value("true", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, ipe_parse_bool_value("False", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, ipe_parse_bool_value("1", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, ipe_parse_bool_value("", &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, ipe_parse_bool_value("TRUE ", &v), -EINVAL);
	KUNIT_EXPECT_TRUE(test, v);
}

static void ipe_prop_match_test(struct kunit *test)
{
	static const char text[] = HDR
		"op=EXECUTE boot_verified=TRUE action=ALLOW\n"
		"op=EXECUTE boot_verified=FALSE action=ALLOW\n"
		"op=EXECUTE dmverity_signature=TRUE action=ALLOW\n"
		"op=EXECUTE dmverity_signature=FALSE action=ALLOW\n"
		"op=EXECUTE dmverity_roothash=sha256:" HEX_SHA256 " action=ALLOW\n"
		"op=EXECUTE dmverity_roothash=" HEX_SHA256 " action=ALLOW\n"
		"DEFAULT action=DENY\n";
	struct ipe_bdev_facts facts = {
		.dmv_signed = true, .dmv_alg = "sha256",
		.dmv_root_hash = NULL, .dmv_root_hash_len = 32,
	};
	struct ipe_eval_ctx ctx = { .op = IPE_OP_EXECUTE };
	const struct ipe_prop *p[6];
	struct ipe_parsed_policy *pol;
	u8 hash[32];
	int i;

	memcpy(hash, ipe_test_bytes, 16);
	memcpy(hash + 16, ipe_test_bytes, 16);
	facts.dmv_root_hash = hash;
	pol = ipe_parse_policy(text, sizeof(text) - 1, true, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(pol));
	KUNIT_ASSERT_EQ(test, pol->ops[IPE_OP_EXECUTE].count, 6U);
	for (i = 0; i < 6; i++)
		p[i] = &pol->ops[IPE_OP_EXECUTE].rules[i].props[0];

	/* anonymous memory: no file, no device */
	KUNIT_EXPECT_FALSE(test, p[0]->type->match(p[0], &ctx));
	KUNIT_EXPECT_TRUE(test, p[1]->type->match(p[1], &ctx));
	KUNIT_EXPECT_FALSE(test, p[2]->type->match(p[2], &ctx));
	KUNIT_EXPECT_TRUE(test, p[3]->type->match(p[3], &ctx));
	KUNIT_EXPECT_FALSE(test, p[4]->type->match(p[4], &ctx));
	KUNIT_EXPECT_FALSE(test, p[5]->type->match(p[5], &ctx));

	/* initramfs file */
	ctx.initramfs = true;
	KUNIT_EXPECT_TRUE(test, p[0]->type->match(p[0], &ctx));
	KUNIT_EXPECT_FALSE(test, p[1]->type->match(p[1], &ctx));

	/* signed dm-verity device with the root hash */
	ctx.initramfs = false;
	ctx.bdev = &facts;
	KUNIT_EXPECT_TRUE(test, p[2]->type->match(p[2], &ctx));
	KUNIT_EXPECT_FALSE(test, p[3]->type->match(p[3], &ctx));
	KUNIT_EXPECT_TRUE(test, p[4]->type->match(p[4], &ctx));
	KUNIT_EXPECT_TRUE(test, p[5]->type->match(p[5], &ctx));

	/* other algorithm: only the bare form still matches */
	facts.dmv_alg = "sha512";
	KUNIT_EXPECT_FALSE(test, p[4]->type->match(p[4], &ctx));
	KUNIT_EXPECT_TRUE(test, p[5]->type->match(p[5], &ctx));

	/* unsigned device without root hash */
	facts.dmv_signed = false;
	facts.dmv_alg = NULL;
	facts.dmv_root_hash = NULL;
	KUNIT_EXPECT_FALSE(test, p[2]->type->match(p[2], &ctx));
	KUNIT_EXPECT_TRUE(test, p[3]->type->match(p[3], &ctx));
	KUNIT_EXPECT_FALSE(test, p[4]->type->match(p[4], &ctx));
	KUNIT_EXPECT_FALSE(test, p[5]->type->match(p[5], &ctx));

	ipe_free_parsed_policy(pol);
}

static struct kunit_case ipe_parser_test_cases[] = {
	KUNIT_CASE_PARAM(ipe_parse_test, ipe_parse_gen_params),
	KUNIT_CASE(ipe_parser_tables),
	KUNIT_CASE(ipe_parser_kernel_read_copies),
	KUNIT_CASE(ipe_parser_big_policy),
	KUNIT_CASE(ipe_parser_name_length),
	KUNIT_CASE(ipe_parser_err_optional),
	KUNIT_CASE(ipe_parser_input_untouched),
	KUNIT_CASE(ipe_parser_unbuilt_props),
	KUNIT_CASE(ipe_parser_free_nothing),
	KUNIT_CASE(ipe_rule_print_test),
	KUNIT_CASE(ipe_default_print_test),
	KUNIT_CASE(ipe_names_test),
	KUNIT_CASE_PARAM(ipe_digest_parse_test, ipe_digest_gen_params),
	KUNIT_CASE(ipe_digest_equal_test),
	KUNIT_CASE(ipe_digest_print_test),
	KUNIT_CASE(ipe_prop_find_test),
	KUNIT_CASE(ipe_bool_value_test),
	KUNIT_CASE(ipe_prop_match_test),
	{}
};

static struct kunit_suite ipe_parser_test_suite = {
	.name = "ipe_parser",
	.test_cases = ipe_parser_test_cases,
};

kunit_test_suite(ipe_parser_test_suite);
