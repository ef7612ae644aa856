// SPDX-License-Identifier: GPL-2.0
/*
 * IPE policy parser fuzzing: the generator of policy texts and the checker
 * of what the parser makes of them (see policy_fuzz.h), built into the
 * KUnit suite (policy_fuzz_test.c) and into the user-space fuzzer
 * (tools/testing/selftests/ipe/fuzz/).
 */

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>

#include "policy.h"
#include "policy_print.h"
#include "property.h"
#include "policy_fuzz.h"
#include "test_rand.h"

const char *const ipe_fuzz_class_names[IPE_FUZZ_CLASSES] = {
	[IPE_FUZZ_SEED] = "seed",
	[IPE_FUZZ_TRUNCATE] = "truncate",
	[IPE_FUZZ_COMMENTS] = "comments",
	[IPE_FUZZ_HUGE] = "huge",
	[IPE_FUZZ_VALID] = "valid",
	[IPE_FUZZ_MUTATE] = "mutate",
	[IPE_FUZZ_SOUP] = "soup",
	[IPE_FUZZ_NUL] = "nul",
	[IPE_FUZZ_BYTES] = "bytes",
};

/* ---- random numbers (test_rand.h) ---- */

static u64 ipe_fuzz_next(struct ipe_fuzz *f)
{
	return ipe_test_rand(&f->rng);
}

/* a number in 0..@n-1 (0 when @n is 0) */
static u32 ipe_fuzz_below(struct ipe_fuzz *f, u32 n)
{
	return (u32)(((ipe_fuzz_next(f) >> 32) * n) >> 32);
}

static bool ipe_fuzz_chance(struct ipe_fuzz *f, u32 percent)
{
	return ipe_fuzz_below(f, 100) < percent;
}

/*
 * A size in 0..@n-1, for sizes beyond 32 bits too. A 32-bit size_t takes
 * ipe_fuzz_below(): 32-bit kernels have no 64-bit modulo (__umoddi3).
 */
static size_t ipe_fuzz_below_size(struct ipe_fuzz *f, size_t n)
{
	if (sizeof(size_t) < sizeof(u64))
		return ipe_fuzz_below(f, n);
	return n ? (size_t)(ipe_fuzz_next(f) % n) : 0;
}

/* one of the @n words of @words */
static const char *ipe_fuzz_word(struct ipe_fuzz *f, const char *const *words,
				 size_t n)
{
	return words[ipe_fuzz_below(f, n)];
}

/* one of the bytes of @chars, a string of @size bytes with its NUL */
static char ipe_fuzz_char(struct ipe_fuzz *f, const char *chars, size_t size)
{
	return chars[ipe_fuzz_below(f, size - 1)];
}

/* ---- appending to the input ---- */

static void ipe_fuzz_put(struct ipe_fuzz_buf *b, const char *s, size_t n)
{
	n = min_t(size_t, n, b->cap - b->len);
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

static void ipe_fuzz_puts(struct ipe_fuzz_buf *b, const char *s)
{
	ipe_fuzz_put(b, s, strlen(s));
}

static void ipe_fuzz_putc(struct ipe_fuzz_buf *b, char c)
{
	if (b->len < b->cap)
		b->data[b->len++] = c;
}

static void ipe_fuzz_fill(struct ipe_fuzz_buf *b, char c, size_t n)
{
	n = min_t(size_t, n, b->cap - b->len);
	memset(b->data + b->len, c, n);
	b->len += n;
}

/* @n copies of the string @s */
static void ipe_fuzz_repeat(struct ipe_fuzz_buf *b, const char *s, size_t n)
{
	size_t len = strlen(s);

	while (n-- && b->len + len <= b->cap)
		ipe_fuzz_put(b, s, len);
}

static void ipe_fuzz_putu(struct ipe_fuzz_buf *b, unsigned int v)
{
	char num[16];

	ipe_fuzz_put(b, num, snprintf(num, sizeof(num), "%u", v));
}

/* insert @n bytes of @s at @pos, as far as there is room */
static void ipe_fuzz_insert(struct ipe_fuzz_buf *b, size_t pos, const char *s,
			    size_t n)
{
	n = min_t(size_t, n, b->cap - b->len);
	memmove(b->data + pos + n, b->data + pos, b->len - pos);
	memcpy(b->data + pos, s, n);
	b->len += n;
}

/* ---- vocabulary ---- */

/*
 * The comprehensive seed: every op (KERNEL_READ too, as op and as DEFAULT),
 * every property in every spelling (TRUE and FALSE, dmverity_roothash bare
 * and with each algorithm), the DEFAULTs, comments, quotes, CRLF, tabs, \v
 * and \f, keys in any order, and no newline at the end. It is kept small:
 * the KUnit suite cuts it at every offset, and every allocation costs in a
 * KASAN and kmemleak kernel.
 */
static const char ipe_fuzz_seed_policy[] =
	"# IPE parser fuzzing seed: every op, property and spelling\r\n"
	"\n"
	"  policy_name=\"fuzz seed #1\"\tpolicy_version=1.22.333 # header\n"
	"DEFAULT action=DENY\n"
	"\tDEFAULT\taction=\"ALLOW\" op=KERNEL_READ\r\n"
	"DEFAULT op=EXECUTE action=DENY#glued comment\n"
	"op=EXECUTE boot_verified=TRUE dmverity_signature=FALSE\t"
	"dmverity_roothash=F0E1d2c3b4a5968778695a4b3c2d1e0f action=ALLOW\n"
	"action=DENY dmverity_roothash=0a op=EXECUTE # any order\n"
	"op=FIRMWARE boot_verified=FALSE action=ALLOW\t"
	"dmverity_roothash=sha1:a1b2c3d4e5f60718293a4b5c6d7e8f9001122334\n"
	"op=KMODULE dmverity_signature=TRUE action=ALLOW\t"
	"dmverity_roothash=\"sha224:0123456789abcdef0123456789ABCDEF00112233445566778899aabb\"\r\n"
	"op=KEXEC_IMAGE action=ALLOW\t"
	"dmverity_roothash=sha256:deadbeef00112233445566778899aabbccddeeffDEADBEEF0011223344556677\n"
	"op=KEXEC_INITRAMFS action=DENY\t"
	"dmverity_roothash=sha384:deadbeef00112233445566778899aabbccddeeffDEADBEEF00112233445566770123456789abcdef0123456789ABCDEF\n"
	"op=POLICY\vdmverity_roothash=sha512:deadbeef00112233445566778899aabbccddeeffDEADBEEF00112233445566770123456789abcdef0123456789ABCDEFfedcba9876543210FEDCBA9876543210\faction=ALLOW \t \r\n"
	"op=X509_CERT boot_verified=\"TRUE\" action=DENY\n"
	"op=\"KERNEL_READ\" dmverity_signature=FALSE action=ALLOW\n"
	"   # an indented comment\n"
	"\v\f\r\n"
	"op=EXECUTE action=ALLOW";

#define IPE_FUZZ_HDR	"policy_name=fuzz policy_version=1.0.0\n"
/* a header and the global DEFAULT every op needs */
#define IPE_FUZZ_HDR_DEF	IPE_FUZZ_HDR "DEFAULT action=DENY\n"

static const char *const ipe_fuzz_ops[] = {
	"EXECUTE", "FIRMWARE", "KMODULE", "KEXEC_IMAGE", "KEXEC_INITRAMFS",
	"POLICY", "X509_CERT", "KERNEL_READ",
};

static const char *const ipe_fuzz_spaces[] = {
	" ", " ", " ", " ", "\t", "  ", " \t", "\v", "\f", " \v ",
};

/* a bare CR ends a line too, as in mainline */
static const char *const ipe_fuzz_eols[] = {
	"\n", "\n", "\n", "\n", "\n", "\n", "\n", "\n", "\r\n", "\r\n",
	" # comment\n", "#c\n", "\t\r\n", " #\"quoted\" # comment\n", "\r",
	" # comment\r",
};

/* keys, values and fragments that random token soup is made of */
static const char *const ipe_fuzz_keys[] = {
	"op", "op", "action", "action", "boot_verified", "dmverity_roothash",
	"dmverity_signature", "policy_name", "policy_version", "DEFAULT",
	"fsverity_digest", "fsverity_signature", "Op", "ACTION", "default",
	"x", "boot_verified\"", "op\t",
};

static const char *const ipe_fuzz_values[] = {
	"EXECUTE", "FIRMWARE", "KMODULE", "KEXEC_IMAGE", "KEXEC_INITRAMFS",
	"POLICY", "X509_CERT", "KERNEL_READ", "ALLOW", "DENY", "TRUE",
	"FALSE", "\"TRUE\"", "\"ALLOW\"", "\"EXECUTE\"", "true", "1", "",
	"\"\"", "\"", "\"ALLOW", "ALLOW\"", "NONE", "execute",
	"sha256:deadbeef00112233445566778899aabbccddeeffDEADBEEF0011223344556677",
	"sha1:a1b2c3d4e5f60718293a4b5c6d7e8f9001122334",
	"sha512:deadbeef00112233445566778899aabbccddeeffDEADBEEF00112233445566770123456789abcdef0123456789ABCDEFfedcba9876543210FEDCBA9876543210",
	"deadbeef00112233445566778899aabbccddeeffDEADBEEF0011223344556677",
	"sha256:0123456789abcdef0123456789ABCDEF",
	"md5:0123456789abcdef0123456789ABCDEF",
	"sha256:", ":", "sha1::00", "00", "0", "zz",
	"aB", "1.2.3", "65535.65535.65535", "65536.0.0", "1.2", "1.2.3.4",
	"t", "\"a b\"", "\"a # b\"", ".", "..", "a/b", "=", "==", "#", "a=b",
};

static const char *const ipe_fuzz_fragments[] = {
	"DEFAULT", "DEFAULT", "#", "\"", "=", " ", "\t", "\r", "\"\"",
	"# comment", "\\", "op=", "=ALLOW", "action=\"", "\v\f",
	"policy_name=x policy_version=1.2.3", "op=EXECUTE", "action=ALLOW",
	"action=DENY", "boot_verified=TRUE", "dmverity_signature=FALSE",
	"op=KERNEL_READ", "\"#\"",
};

/* bytes that mean something to the parser, for mutations */
static const char ipe_fuzz_special[] =
	" \t\r\n\v\f#\"=:.\0\177\200\3770aAfFgG/_";

static const char *ipe_fuzz_op_word(struct ipe_fuzz *f)
{
	return ipe_fuzz_word(f, ipe_fuzz_ops, ARRAY_SIZE(ipe_fuzz_ops));
}

static const char *ipe_fuzz_space_word(struct ipe_fuzz *f)
{
	return ipe_fuzz_word(f, ipe_fuzz_spaces, ARRAY_SIZE(ipe_fuzz_spaces));
}

static const char *ipe_fuzz_eol_word(struct ipe_fuzz *f)
{
	return ipe_fuzz_word(f, ipe_fuzz_eols, ARRAY_SIZE(ipe_fuzz_eols));
}

static const char *ipe_fuzz_key_word(struct ipe_fuzz *f)
{
	return ipe_fuzz_word(f, ipe_fuzz_keys, ARRAY_SIZE(ipe_fuzz_keys));
}

static const char *ipe_fuzz_value_word(struct ipe_fuzz *f)
{
	return ipe_fuzz_word(f, ipe_fuzz_values, ARRAY_SIZE(ipe_fuzz_values));
}

static const char *ipe_fuzz_fragment_word(struct ipe_fuzz *f)
{
	return ipe_fuzz_word(f, ipe_fuzz_fragments,
			     ARRAY_SIZE(ipe_fuzz_fragments));
}

static char ipe_fuzz_special_char(struct ipe_fuzz *f)
{
	return ipe_fuzz_char(f, ipe_fuzz_special, sizeof(ipe_fuzz_special));
}

static void ipe_fuzz_space(struct ipe_fuzz *f)
{
	ipe_fuzz_puts(&f->in, ipe_fuzz_space_word(f));
}

static void ipe_fuzz_eol(struct ipe_fuzz *f)
{
	ipe_fuzz_puts(&f->in, ipe_fuzz_eol_word(f));
}

/* @n random bytes as hex digits, in random case */
static void ipe_fuzz_hex(struct ipe_fuzz *f, u32 n)
{
	static const char lower[] = "0123456789abcdef";
	static const char upper[] = "0123456789ABCDEF";
	u32 mixed = ipe_fuzz_below(f, 4);

	while (n--) {
		u32 byte = ipe_fuzz_below(f, 256);
		const char *digits = mixed == 3 && ipe_fuzz_chance(f, 50) ?
				     upper : mixed == 2 ? upper : lower;

		ipe_fuzz_putc(&f->in, digits[byte >> 4]);
		ipe_fuzz_putc(&f->in, digits[byte & 15]);
	}
}

static void ipe_fuzz_digest(struct ipe_fuzz *f)
{
	static const struct {
		const char *alg;
		u32 len;
	} algs[] = {
		{ NULL, 0 }, { NULL, 32 }, { "sha1", 20 }, { "sha224", 28 },
		{ "sha256", 32 }, { "sha256", 32 }, { "sha384", 48 },
		{ "sha512", 64 },
	};
	u32 i = ipe_fuzz_below(f, ARRAY_SIZE(algs));
	u32 len = algs[i].len ? algs[i].len : 1 + ipe_fuzz_below(f, 64);

	if (algs[i].alg) {
		ipe_fuzz_puts(&f->in, algs[i].alg);
		ipe_fuzz_putc(&f->in, ':');
	}
	ipe_fuzz_hex(f, len);
}

static const char *ipe_fuzz_bool(struct ipe_fuzz *f)
{
	return ipe_fuzz_chance(f, 50) ? "TRUE" : "FALSE";
}

/* one "key=value" of a rule; the value quoted now and then */
static void ipe_fuzz_token(struct ipe_fuzz *f, const char *key,
			   const char *value)
{
	bool quote = ipe_fuzz_chance(f, 10);

	ipe_fuzz_puts(&f->in, key);
	ipe_fuzz_putc(&f->in, '=');
	if (quote)
		ipe_fuzz_putc(&f->in, '"');
	if (value)
		ipe_fuzz_puts(&f->in, value);
	else
		ipe_fuzz_digest(f);
	if (quote)
		ipe_fuzz_putc(&f->in, '"');
}

/* a bad token, so that strict and lenient parses differ now and then */
static void ipe_fuzz_bad_token(struct ipe_fuzz *f)
{
	ipe_fuzz_puts(&f->in, ipe_fuzz_key_word(f));
	if (ipe_fuzz_chance(f, 80)) {
		ipe_fuzz_putc(&f->in, '=');
		ipe_fuzz_puts(&f->in, ipe_fuzz_value_word(f));
	}
}

static void ipe_fuzz_name(struct ipe_fuzz *f)
{
	static const char chars[] =
		"abcdefghijklmnopqrstuvwxyz0123456789 _-.#=:,;!?@$%^&*()[]{}<>'`~|+\\";
	static const char *const names[] = {
		"t", "Evil lockdown policy", "a=b", ".hidden", "...", "x y=z",
		"a # b", " padded ", "DEFAULT", "op=EXECUTE",
	};
	char name[256];
	bool quote;
	u32 len, i;

	if (ipe_fuzz_chance(f, 30)) {
		snprintf(name, sizeof(name), "%s",
			 ipe_fuzz_word(f, names, ARRAY_SIZE(names)));
	} else {
		len = ipe_fuzz_chance(f, 3) ? 255 : 1 + ipe_fuzz_below(f, 40);
		for (i = 0; i < len; i++)
			name[i] = chars[ipe_fuzz_below(f, sizeof(chars) - 1)];
		name[len] = '\0';
	}
	/* a name without blanks and '#' may go without quotes */
	quote = strpbrk(name, " #") || ipe_fuzz_chance(f, 50);
	ipe_fuzz_puts(&f->in, "policy_name=");
	if (quote)
		ipe_fuzz_putc(&f->in, '"');
	ipe_fuzz_puts(&f->in, name);
	if (quote)
		ipe_fuzz_putc(&f->in, '"');
}

static void ipe_fuzz_version(struct ipe_fuzz *f)
{
	int i;

	ipe_fuzz_puts(&f->in, "policy_version=");
	for (i = 0; i < 3; i++) {
		u32 v = ipe_fuzz_chance(f, 10) ? 65535 - ipe_fuzz_below(f, 3) :
			ipe_fuzz_below(f, ipe_fuzz_chance(f, 50) ? 10 : 65536);

		if (i)
			ipe_fuzz_putc(&f->in, '.');
		if (v < 10 && ipe_fuzz_chance(f, 10))
			ipe_fuzz_puts(&f->in, "000");
		ipe_fuzz_putu(&f->in, v);
	}
}

static void ipe_fuzz_header(struct ipe_fuzz *f)
{
	bool reversed = ipe_fuzz_chance(f, 30);

	if (ipe_fuzz_chance(f, 10))
		ipe_fuzz_space(f);
	if (reversed)
		ipe_fuzz_version(f);
	else
		ipe_fuzz_name(f);
	ipe_fuzz_space(f);
	if (reversed)
		ipe_fuzz_name(f);
	else
		ipe_fuzz_version(f);
	ipe_fuzz_eol(f);
}

/* a DEFAULT line: @op is an index into ipe_fuzz_ops, or -1 for global */
static void ipe_fuzz_default(struct ipe_fuzz *f, int op)
{
	const char *action = ipe_fuzz_chance(f, 50) ? "ALLOW" : "DENY";
	bool swap = ipe_fuzz_chance(f, 30);

	ipe_fuzz_puts(&f->in, "DEFAULT");
	ipe_fuzz_space(f);
	if (swap) {
		ipe_fuzz_token(f, "action", action);
		ipe_fuzz_space(f);
	}
	if (op >= 0) {
		ipe_fuzz_token(f, "op", ipe_fuzz_ops[op]);
		if (!swap)
			ipe_fuzz_space(f);
	}
	if (!swap)
		ipe_fuzz_token(f, "action", action);
	ipe_fuzz_eol(f);
}

static void ipe_fuzz_rule(struct ipe_fuzz *f)
{
	/* 0: op, 1: action, 2..4: the properties */
	u8 order[5] = { 0, 2, 3, 4, 1 };
	u32 n = 5, i;

	/* keep each property with a chance of 40% */
	for (i = 1; i < n - 1; i++) {
		if (!ipe_fuzz_chance(f, 40)) {
			memmove(&order[i], &order[i + 1], n - i - 1);
			n--;
			i--;
		}
	}
	if (ipe_fuzz_chance(f, 30)) {
		for (i = n - 1; i > 0; i--) {
			u32 j = ipe_fuzz_below(f, i + 1);
			u8 t = order[i];

			order[i] = order[j];
			order[j] = t;
		}
	}
	if (ipe_fuzz_chance(f, 10))
		ipe_fuzz_space(f);
	for (i = 0; i < n; i++) {
		if (i)
			ipe_fuzz_space(f);
		if (ipe_fuzz_chance(f, 2)) {
			ipe_fuzz_bad_token(f);
			continue;
		}
		switch (order[i]) {
		case 0:
			ipe_fuzz_token(f, "op", ipe_fuzz_op_word(f));
			break;
		case 1:
			ipe_fuzz_token(f, "action", ipe_fuzz_chance(f, 50) ?
				       "ALLOW" : "DENY");
			break;
		case 2:
			ipe_fuzz_token(f, "boot_verified", ipe_fuzz_bool(f));
			break;
		case 3:
			ipe_fuzz_token(f, "dmverity_roothash", NULL);
			break;
		default:
			ipe_fuzz_token(f, "dmverity_signature",
				       ipe_fuzz_bool(f));
			break;
		}
	}
	ipe_fuzz_eol(f);
}

static void ipe_fuzz_filler_line(struct ipe_fuzz *f)
{
	switch (ipe_fuzz_below(f, 4)) {
	case 0:
		ipe_fuzz_puts(&f->in, "# a comment op=EXECUTE action=DENY\n");
		break;
	case 1:
		ipe_fuzz_putc(&f->in, '\n');
		break;
	case 2:
		ipe_fuzz_space(f);
		ipe_fuzz_eol(f);
		break;
	default:
		ipe_fuzz_puts(&f->in, "#\r\n");
		break;
	}
}

/*
 * A random policy: header, DEFAULTs (each scope at most once, every op
 * covered but now and then EXECUTE) and rules in any order, comment and
 * blank lines in between. About one rule token in 50 is bad.
 */
static void ipe_fuzz_gen_valid(struct ipe_fuzz *f)
{
	/* 0..6: per-op DEFAULTs, 7: KERNEL_READ, 8: global */
	bool pending[9] = { };
	u32 rules, i, left = 0;

	if (ipe_fuzz_chance(f, 20))
		ipe_fuzz_filler_line(f);
	ipe_fuzz_header(f);

	pending[8] = ipe_fuzz_chance(f, 70);
	if (ipe_fuzz_chance(f, 20)) {
		pending[7] = true;
		pending[0] = !pending[8] || ipe_fuzz_chance(f, 30);
	} else {
		for (i = 0; i < 7; i++)
			pending[i] = !pending[8] || ipe_fuzz_chance(f, 25);
	}
	/* an op without a DEFAULT: refused in both modes */
	if (!pending[8] && ipe_fuzz_chance(f, 3))
		pending[0] = false;
	for (i = 0; i < ARRAY_SIZE(pending); i++)
		left += pending[i];

	rules = ipe_fuzz_below(f, ipe_fuzz_chance(f, 5) ? 8 * f->max_rules :
			       f->max_rules + 1);
	while (rules || left) {
		u32 what = ipe_fuzz_below(f, 10);

		if (what == 0) {
			ipe_fuzz_filler_line(f);
		} else if (left && (what < 3 || !rules)) {
			u32 k = ipe_fuzz_below(f, left);

			for (i = 0; i < ARRAY_SIZE(pending); i++)
				if (pending[i] && !k--)
					break;
			pending[i] = false;
			left--;
			ipe_fuzz_default(f, i == 8 ? -1 : (int)i);
		} else if (rules) {
			ipe_fuzz_rule(f);
			rules--;
		}
	}
	/* now and then without the last newline */
	if (ipe_fuzz_chance(f, 10) && f->in.len &&
	    f->in.data[f->in.len - 1] == '\n')
		f->in.len--;
}

static void ipe_fuzz_gen_seed(struct ipe_fuzz *f)
{
	ipe_fuzz_put(&f->in, ipe_fuzz_seed_policy,
		     sizeof(ipe_fuzz_seed_policy) - 1);
}

/* the seed or a random policy, as a base for changes */
static void ipe_fuzz_gen_base(struct ipe_fuzz *f)
{
	if (ipe_fuzz_chance(f, f->seed_share))
		ipe_fuzz_gen_seed(f);
	else
		ipe_fuzz_gen_valid(f);
}

static void ipe_fuzz_mutate_once(struct ipe_fuzz *f)
{
	struct ipe_fuzz_buf *b = &f->in;
	size_t pos = ipe_fuzz_below_size(f, b->len);
	char c, span[32];
	const char *s;
	size_t n;

	if (!b->len) {
		ipe_fuzz_putc(b, ipe_fuzz_below(f, 256));
		return;
	}
	switch (ipe_fuzz_below(f, 8)) {
	case 0:
		b->data[pos] ^= 1 << ipe_fuzz_below(f, 8);
		break;
	case 1:
		b->data[pos] = ipe_fuzz_below(f, 256);
		break;
	case 2:
		b->data[pos] = ipe_fuzz_special_char(f);
		break;
	case 3:
		c = ipe_fuzz_special_char(f);
		ipe_fuzz_insert(b, pos, &c, 1);
		break;
	case 4:
		n = min_t(size_t, 1 + ipe_fuzz_below(f, 8), b->len - pos);
		memmove(b->data + pos, b->data + pos + n, b->len - pos - n);
		b->len -= n;
		break;
	case 5:
		/* copy a span of the text to another place */
		n = min_t(size_t, 1 + ipe_fuzz_below(f, sizeof(span)),
			  b->len - pos);
		memcpy(span, b->data + pos, n);
		ipe_fuzz_insert(b, ipe_fuzz_below_size(f, b->len + 1), span, n);
		break;
	case 6:
		s = ipe_fuzz_fragment_word(f);
		ipe_fuzz_insert(b, pos, s, strlen(s));
		break;
	default:
		s = ipe_fuzz_value_word(f);
		n = min_t(size_t, strlen(s), b->len - pos);
		memcpy(b->data + pos, s, n);
		break;
	}
}

static void ipe_fuzz_gen_mutate(struct ipe_fuzz *f)
{
	u32 n = 1 + ipe_fuzz_below(f, ipe_fuzz_chance(f, 70) ? 2 : 8);

	ipe_fuzz_gen_base(f);
	while (n--)
		ipe_fuzz_mutate_once(f);
}

static void ipe_fuzz_gen_soup(struct ipe_fuzz *f)
{
	u32 lines = 1 + ipe_fuzz_below(f, 12);

	if (ipe_fuzz_chance(f, 60))
		ipe_fuzz_puts(&f->in, IPE_FUZZ_HDR_DEF);
	while (lines--) {
		u32 tokens = ipe_fuzz_below(f, 8);

		while (tokens--) {
			u32 what = ipe_fuzz_below(f, 10);

			if (what < 6) {
				ipe_fuzz_puts(&f->in,
					      ipe_fuzz_key_word(f));
				ipe_fuzz_putc(&f->in, '=');
				ipe_fuzz_puts(&f->in,
					      ipe_fuzz_value_word(f));
			} else {
				ipe_fuzz_puts(&f->in,
					      ipe_fuzz_fragment_word(f));
			}
			if (ipe_fuzz_chance(f, 90))
				ipe_fuzz_space(f);
		}
		ipe_fuzz_eol(f);
	}
}

static void ipe_fuzz_gen_nul(struct ipe_fuzz *f)
{
	u32 n = 1 + ipe_fuzz_below(f, 3);

	ipe_fuzz_gen_base(f);
	if (ipe_fuzz_chance(f, 10)) {
		ipe_fuzz_putc(&f->in, '\0');
		return;
	}
	while (n--) {
		size_t pos = ipe_fuzz_below_size(f, f->in.len + 1);

		if (pos < f->in.len && ipe_fuzz_chance(f, 50))
			f->in.data[pos] = '\0';
		else
			ipe_fuzz_insert(&f->in, pos, "", 1);
	}
}

static void ipe_fuzz_gen_bytes(struct ipe_fuzz *f)
{
	static const char printable[] =
		"abcdefopqrstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789 \t\n\r=\"#:._";
	u32 n = ipe_fuzz_below(f, 512);
	bool any = ipe_fuzz_chance(f, 50);

	if (ipe_fuzz_chance(f, 50))
		ipe_fuzz_puts(&f->in, IPE_FUZZ_HDR_DEF);
	while (n--)
		ipe_fuzz_putc(&f->in, any ? (char)ipe_fuzz_below(f, 256) :
			      ipe_fuzz_char(f, printable, sizeof(printable)));
}

/* the seed (or a random policy) cut at @cut, or at a random offset */
static void ipe_fuzz_gen_truncate(struct ipe_fuzz *f, size_t cut)
{
	if (cut < sizeof(ipe_fuzz_seed_policy) - 1) {
		ipe_fuzz_put(&f->in, ipe_fuzz_seed_policy, cut);
		return;
	}
	ipe_fuzz_gen_valid(f);
	f->in.len = ipe_fuzz_below_size(f, f->in.len + 1);
}

#define IPE_FUZZ_FLOOD_VARIANTS	5

/* @lines comment lines in one of a few places of a policy */
static void ipe_fuzz_gen_comments(struct ipe_fuzz *f, u32 variant, u32 lines)
{
	switch (variant) {
	case 0:
		/* before the header */
		ipe_fuzz_repeat(&f->in, "#\n", lines);
		ipe_fuzz_gen_seed(f);
		break;
	case 1:
		/* between the rules; the last line is bad */
		ipe_fuzz_puts(&f->in, IPE_FUZZ_HDR_DEF);
		ipe_fuzz_repeat(&f->in, "#\n", lines);
		ipe_fuzz_puts(&f->in, "op=EXECUTE action=ALLOW\n");
		ipe_fuzz_puts(&f->in, "op=EXECUTE bogus\n");
		f->expect_line = lines + 4;
		break;
	case 2:
		/* after the rules, with CRLF */
		ipe_fuzz_gen_seed(f);
		ipe_fuzz_puts(&f->in, "\r\n");
		ipe_fuzz_repeat(&f->in, "# comment\r\n", lines);
		break;
	case 3:
		/* nothing else: an empty policy */
		ipe_fuzz_repeat(&f->in, "#\n", lines);
		break;
	default:
		/* comments that look like rules, then one DEFAULT */
		ipe_fuzz_puts(&f->in, IPE_FUZZ_HDR);
		ipe_fuzz_repeat(&f->in, "\t#op=EXECUTE\n", lines);
		ipe_fuzz_puts(&f->in, "DEFAULT action=ALLOW");
		break;
	}
}

#define IPE_FUZZ_HUGE_VARIANTS	12

/* a line of @len bytes (or about) in one of a few forms */
static void ipe_fuzz_gen_huge(struct ipe_fuzz *f, u32 variant, size_t len)
{
	struct ipe_fuzz_buf *b = &f->in;
	size_t i;

	if (variant != 3 && variant != 4 && variant != 10)
		ipe_fuzz_puts(b, IPE_FUZZ_HDR_DEF);
	switch (variant) {
	case 0:
		ipe_fuzz_putc(b, '#');
		ipe_fuzz_fill(b, 'x', len);
		ipe_fuzz_puts(b, "\nop=EXECUTE action=ALLOW\n");
		break;
	case 1:
		ipe_fuzz_puts(b, "op=EXECUTE");
		ipe_fuzz_fill(b, ' ', len);
		ipe_fuzz_puts(b, "action=ALLOW\n");
		break;
	case 2:
		ipe_fuzz_puts(b, "op=EXECUTE dmverity_roothash=");
		ipe_fuzz_hex(f, len / 2);
		ipe_fuzz_puts(b, " action=DENY\nop=KMODULE action=DENY\n");
		break;
	case 3:
		ipe_fuzz_puts(b, "policy_name=");
		ipe_fuzz_fill(b, 'n', len);
		ipe_fuzz_puts(b, " policy_version=1.2.3\nDEFAULT action=DENY\n");
		break;
	case 4:
		ipe_fuzz_puts(b, "policy_name=\"");
		ipe_fuzz_repeat(b, "a ", len / 2);
		ipe_fuzz_puts(b, "\" policy_version=1.2.3\nDEFAULT action=DENY\n");
		break;
	case 5:
		ipe_fuzz_puts(b, "op=EXECUTE");
		ipe_fuzz_repeat(b, " boot_verified=TRUE", len / 19);
		ipe_fuzz_puts(b, " action=DENY\n");
		break;
	case 6:
		ipe_fuzz_fill(b, 'k', len);
		ipe_fuzz_puts(b, "=v\nop=EXECUTE action=DENY\n");
		break;
	case 7:
		ipe_fuzz_puts(b, "op=EXECUTE action=\"");
		ipe_fuzz_fill(b, 'A', len);
		ipe_fuzz_putc(b, '\n');
		break;
	case 8:
		for (i = 0; i < len; i++)
			ipe_fuzz_putc(b, ' ' + ipe_fuzz_below(f, 95));
		break;
	case 9:
		ipe_fuzz_fill(b, '\t', len);
		ipe_fuzz_puts(b, "\r\nop=EXECUTE action=DENY\n");
		break;
	case 10:
		ipe_fuzz_puts(b, "policy_name=t policy_version=");
		ipe_fuzz_fill(b, '1', len);
		ipe_fuzz_putc(b, '\n');
		break;
	default:
		ipe_fuzz_puts(b, "DEFAULT");
		ipe_fuzz_fill(b, ' ', len);
		ipe_fuzz_puts(b, "op=EXECUTE action=DENY\n");
		break;
	}
}

/* the fixed inputs at the start of every run */
#define IPE_FUZZ_FIXED	(sizeof(ipe_fuzz_seed_policy) + \
			 IPE_FUZZ_FLOOD_VARIANTS + IPE_FUZZ_HUGE_VARIANTS)

/**
 * ipe_fuzz_generate() - make input @index of the run
 * @f: the run
 * @index: the number of the input
 *
 * Inputs 0..%IPE_FUZZ_FIXED-1 are the fixed ones: the seed, the seed cut
 * at every offset, the comment floods and the huge lines. Every later one
 * is drawn from the random classes.
 */
void ipe_fuzz_generate(struct ipe_fuzz *f, u64 index)
{
	const size_t seed_len = sizeof(ipe_fuzz_seed_policy) - 1;
	u32 pick;

	f->index = index;
	f->rng = f->seed ^ (index * 0xd1342543de82ef95ULL);
	ipe_fuzz_next(f);
	f->in.len = 0;
	f->expect_line = 0;

	if (index == 0) {
		f->class = IPE_FUZZ_SEED;
		ipe_fuzz_gen_seed(f);
		return;
	}
	if (index <= seed_len) {
		f->class = IPE_FUZZ_TRUNCATE;
		ipe_fuzz_gen_truncate(f, index - 1);
		return;
	}
	index -= seed_len + 1;
	if (index < IPE_FUZZ_FLOOD_VARIANTS) {
		f->class = IPE_FUZZ_COMMENTS;
		ipe_fuzz_gen_comments(f, index, IPE_FUZZ_COMMENT_LINES);
		return;
	}
	index -= IPE_FUZZ_FLOOD_VARIANTS;
	if (index < IPE_FUZZ_HUGE_VARIANTS) {
		f->class = IPE_FUZZ_HUGE;
		ipe_fuzz_gen_huge(f, index, IPE_FUZZ_HUGE_LEN);
		return;
	}

	pick = ipe_fuzz_below(f, 1000);
	if (pick >= 990 && pick < 995 && !f->flood_lines)
		pick = 0;
	if (pick >= 995 && !f->huge_len)
		pick = 0;
	if (pick < 260) {
		f->class = IPE_FUZZ_VALID;
		ipe_fuzz_gen_valid(f);
	} else if (pick < 620) {
		f->class = IPE_FUZZ_MUTATE;
		ipe_fuzz_gen_mutate(f);
	} else if (pick < 760) {
		f->class = IPE_FUZZ_SOUP;
		ipe_fuzz_gen_soup(f);
	} else if (pick < 840) {
		f->class = IPE_FUZZ_NUL;
		ipe_fuzz_gen_nul(f);
	} else if (pick < 920) {
		f->class = IPE_FUZZ_TRUNCATE;
		ipe_fuzz_gen_truncate(f, SIZE_MAX);
	} else if (pick < 990) {
		f->class = IPE_FUZZ_BYTES;
		ipe_fuzz_gen_bytes(f);
	} else if (pick < 995) {
		f->class = IPE_FUZZ_COMMENTS;
		pick = ipe_fuzz_below(f, IPE_FUZZ_FLOOD_VARIANTS);
		ipe_fuzz_gen_comments(f, pick,
				      1 + ipe_fuzz_below(f, f->flood_lines));
	} else {
		f->class = IPE_FUZZ_HUGE;
		ipe_fuzz_gen_huge(f, ipe_fuzz_below(f, IPE_FUZZ_HUGE_VARIANTS),
				  ipe_fuzz_below_size(f, f->huge_len + 1));
	}
}

/* ---- printing a parsed policy back ---- */

/**
 * ipe_fuzz_print() - print a parsed policy into @f->out
 * @f: the run
 * @pol: the policy
 *
 * Return: 0, or -ENOMEM when @f->out could not grow.
 */
static int ipe_fuzz_print(struct ipe_fuzz *f,
			  const struct ipe_parsed_policy *pol)
{
	size_t need = ipe_policy_print(f->out.data, f->out.cap, pol, 0);

	if (need >= f->out.cap) {
		size_t cap = max_t(size_t, 2 * f->out.cap, need + 1);

		kvfree(f->out.data);
		f->out.cap = 0;
		f->out.data = kvmalloc(cap, GFP_KERNEL);
		if (!f->out.data)
			return -ENOMEM;
		f->out.cap = cap;
		need = ipe_policy_print(f->out.data, f->out.cap, pol, 0);
	}
	f->out.len = need;
	return 0;
}

/* ---- comparing two parsed policies ---- */

static const char *ipe_fuzz_prop_diff(const struct ipe_prop *a,
				      const struct ipe_prop *b)
{
	const struct ipe_digest *x, *y;
	char pa[256], pb[256];

	if (a->type != b->type)
		return "property type";
	if (a->type == &ipe_prop_boot_verified ||
	    a->type == &ipe_prop_dmverity_signature)
		return a->value.flag != b->value.flag ? "property value" : NULL;
	if (a->type == &ipe_prop_dmverity_roothash) {
		x = a->value.data;
		y = b->value.data;
		if (!x || !y)
			return x == y ? NULL : "digest missing";
		if (!x->alg != !y->alg || (x->alg && strcmp(x->alg, y->alg)))
			return "digest algorithm";
		if (x->len != y->len)
			return "digest length";
		if (memcmp(x->bytes, y->bytes, x->len))
			return "digest bytes";
		return NULL;
	}
	/* a property this file does not know: compare its printed value */
	a->type->print(pa, sizeof(pa), a);
	b->type->print(pb, sizeof(pb), b);
	return strcmp(pa, pb) ? "property value" : NULL;
}

/**
 * ipe_fuzz_diff() - compare the tables of two parsed policies
 * @a: a policy
 * @b: another policy
 * @where: receives where they differ
 * @size: size of @where
 *
 * Compares name, version, the DEFAULTs and, op by op, every rule's action
 * and properties (type and value; digests by algorithm and bytes). The
 * lines rules came from are not compared.
 *
 * Return: true when the tables differ.
 */
static bool ipe_fuzz_diff(const struct ipe_parsed_policy *a,
			  const struct ipe_parsed_policy *b, char *where,
			  size_t size)
{
	const char *what = NULL;
	int op;
	u32 i, j;

	if (strcmp(a->name, b->name))
		what = "name";
	else if (memcmp(a->version, b->version, sizeof(a->version)))
		what = "version";
	else if (a->global_default != b->global_default)
		what = "global DEFAULT";
	if (what) {
		snprintf(where, size, "%s", what);
		return true;
	}
	for (op = 0; op < IPE_OP_COUNT; op++) {
		const struct ipe_op_rules *ta = &a->ops[op];
		const struct ipe_op_rules *tb = &b->ops[op];

		if (ta->default_action != tb->default_action)
			what = "DEFAULT";
		else if (ta->count != tb->count)
			what = "rule count";
		if (what) {
			snprintf(where, size, "op %s: %s (%u, %u)",
				 ipe_op_name(op), what,
				 ta->default_action != tb->default_action ?
				 ta->default_action : ta->count,
				 ta->default_action != tb->default_action ?
				 tb->default_action : tb->count);
			return true;
		}
		for (i = 0; i < ta->count; i++) {
			const struct ipe_rule *ra = &ta->rules[i];
			const struct ipe_rule *rb = &tb->rules[i];

			if (ra->action != rb->action)
				what = "action";
			else if (ra->prop_count != rb->prop_count)
				what = "property count";
			for (j = 0; !what && j < ra->prop_count; j++)
				what = ipe_fuzz_prop_diff(&ra->props[j],
							  &rb->props[j]);
			if (what) {
				snprintf(where, size,
					 "op %s rule %u (lines %u, %u): %s",
					 ipe_op_name(op), i, ra->line,
					 rb->line, what);
				return true;
			}
		}
	}
	return false;
}

/* ---- checking one input ---- */

static int ipe_fuzz_fail(struct ipe_fuzz *f, const char *why)
{
	f->why = why;
	return -EINVAL;
}

/* the lines of @f->in as the parser counts them */
static u32 ipe_fuzz_lines(const struct ipe_fuzz *f)
{
	const char *s = f->in.data, *end = s + f->in.len;
	u32 n = 0;

	/* a line ends at LF, CR or CR LF */
	while (s < end) {
		n++;
		while (s < end && *s != '\n' && *s != '\r')
			s++;
		if (s < end && *s == '\r' && s + 1 < end && s[1] == '\n')
			s++;
		s++;
	}
	return n;
}

/* whether @reason is not one of the errors about the whole policy */
static bool ipe_fuzz_line_error(const char *reason)
{
	return strcmp(reason, "empty policy") &&
	       strncmp(reason, "no DEFAULT for ", 15);
}

/* the result of one parse must be a policy or a well-formed error */
static int ipe_fuzz_check_result(struct ipe_fuzz *f,
				 const struct ipe_parsed_policy *pol,
				 const struct ipe_parse_error *err,
				 const char *mode)
{
	long rc = IS_ERR(pol) ? PTR_ERR(pol) : 0;
	const char *why = NULL;

	if (!pol)
		why = "parser returned NULL";
	else if (!rc && (err->line || err->reason))
		why = "error set on success";
	else if (rc && rc != -EBADMSG && rc != -EINVAL && rc != -ERANGE &&
		 rc != -ENOMEM)
		why = "unexpected error code";
	else if (rc && (!err->reason || !*err->reason))
		why = "error without reason";
	else if (rc && rc != -ENOMEM &&
		 (!err->line ? ipe_fuzz_line_error(err->reason) :
		  err->line > ipe_fuzz_lines(f)))
		why = "error line out of range";
	else if ((rc == -ERANGE || rc == -EINVAL) && !strstr(err->reason,
							     "policy_version") &&
		 !strstr(err->reason, "digest"))
		why = "EINVAL or ERANGE for neither version nor digest";
	if (why) {
		snprintf(f->detail, sizeof(f->detail),
			 "%s parse: error %ld line %u (text has %u): %s",
			 mode, rc, err->line, ipe_fuzz_lines(f),
			 err->reason ? err->reason : "(no reason)");
		return ipe_fuzz_fail(f, why);
	}
	if (rc == -ENOMEM)
		f->stats.enomem++;
	return 0;
}

/* print @pol, parse the print strictly, compare */
static int ipe_fuzz_round_trip(struct ipe_fuzz *f,
			       const struct ipe_parsed_policy *pol)
{
	struct ipe_parse_error err;
	struct ipe_parsed_policy *again;
	int rc = ipe_fuzz_print(f, pol);

	if (rc) {
		snprintf(f->detail, sizeof(f->detail), "%zu bytes",
			 f->out.cap);
		return ipe_fuzz_fail(f, "no memory to print the policy");
	}
	again = ipe_parse_policy(f->out.data, f->out.len, true, &err);
	if (IS_ERR_OR_NULL(again)) {
		if (PTR_ERR(again) == -ENOMEM) {
			f->stats.enomem++;
			return 0;
		}
		snprintf(f->detail, sizeof(f->detail),
			 "error %ld line %u: %s", PTR_ERR(again), err.line,
			 err.reason ? err.reason : "(no reason)");
		return ipe_fuzz_fail(f, "printed policy does not parse");
	}
	rc = 0;
	if (ipe_fuzz_diff(pol, again, f->detail, sizeof(f->detail)))
		rc = ipe_fuzz_fail(f, "printed policy parses to other tables");
	ipe_free_parsed_policy(again);
	return rc;
}

/**
 * ipe_fuzz_check() - run the parser on @f->in and check what it gives
 * @f: the run
 *
 * Parses the input in strict and in lenient mode. Each result must be a
 * policy or an error code (mainline's: -EBADMSG, -EINVAL, -ERANGE; or
 * -ENOMEM) with a reason and a line of the text (0 only for an empty
 * policy or a missing DEFAULT). What strict mode accepts, lenient mode
 * must accept with the same tables; what lenient mode refuses, strict mode
 * must refuse too: at the same line or before, or (for a missing DEFAULT,
 * which lenient mode may meet by skipping a bad DEFAULT line) anywhere.
 * An accepted policy must print to a text that parses to the same tables.
 *
 * Return: 0, or -EINVAL with @f->why and @f->detail set.
 */
int ipe_fuzz_check(struct ipe_fuzz *f)
{
	struct ipe_parse_error serr, lerr;
	struct ipe_parsed_policy *strict, *lenient;
	bool soom, loom;
	int rc;

	f->why = NULL;
	f->detail[0] = '\0';
	f->stats.inputs++;
	f->stats.class_inputs[f->class]++;

	strict = ipe_parse_policy(f->in.data, f->in.len, true, &serr);
	rc = ipe_fuzz_check_result(f, strict, &serr, "strict");
	if (rc)
		goto out_strict;
	lenient = ipe_parse_policy(f->in.data, f->in.len, false, &lerr);
	rc = ipe_fuzz_check_result(f, lenient, &lerr, "lenient");
	if (rc)
		goto out;

	soom = PTR_ERR(strict) == -ENOMEM;
	loom = PTR_ERR(lenient) == -ENOMEM;
	if (!IS_ERR(strict)) {
		f->stats.strict_ok++;
		f->stats.class_strict_ok[f->class]++;
	}
	if (!IS_ERR(lenient)) {
		f->stats.lenient_ok++;
		f->stats.class_lenient_ok[f->class]++;
	}
	if (IS_ERR(strict) && IS_ERR(lenient))
		f->stats.rejected++;
	if (soom || loom)
		goto out;

	if (f->expect_line &&
	    (!IS_ERR(strict) || serr.line != f->expect_line)) {
		snprintf(f->detail, sizeof(f->detail),
			 "expected line %u, got %u (%s)", f->expect_line,
			 serr.line, serr.reason ? serr.reason : "accepted");
		rc = ipe_fuzz_fail(f, "strict parse failed at another line");
		goto out;
	}
	if (!IS_ERR(strict)) {
		if (IS_ERR(lenient)) {
			rc = ipe_fuzz_fail(f, "lenient refused, strict took");
			goto out;
		}
		if (ipe_fuzz_diff(strict, lenient, f->detail,
				  sizeof(f->detail))) {
			rc = ipe_fuzz_fail(f, "strict, lenient tables differ");
			goto out;
		}
	} else if (IS_ERR(lenient) &&
		   ((lerr.line && (!serr.line || serr.line > lerr.line)) ||
		    (serr.line == lerr.line &&
		     strcmp(serr.reason, lerr.reason)))) {
		/* lenient mode fails only where strict mode fails too */
		snprintf(f->detail, sizeof(f->detail),
			 "strict line %u (%s), lenient line %u (%s)",
			 serr.line, serr.reason, lerr.line, lerr.reason);
		rc = ipe_fuzz_fail(f, "strict and lenient errors disagree");
		goto out;
	}
	if (!IS_ERR(lenient))
		rc = ipe_fuzz_round_trip(f, lenient);
out:
	ipe_free_parsed_policy(lenient);
out_strict:
	ipe_free_parsed_policy(strict);
	if (rc)
		f->stats.failures++;
	return rc;
}

/* ---- proving the comparator ---- */

static struct ipe_prop *ipe_fuzz_find_prop(struct ipe_parsed_policy *pol,
					   const struct ipe_prop_type *type,
					   bool with_alg)
{
	int op;
	u32 i, j;

	for (op = IPE_OP_COUNT - 1; op >= 0; op--) {
		for (i = 0; i < pol->ops[op].count; i++) {
			struct ipe_rule *r = &pol->ops[op].rules[i];

			for (j = 0; j < r->prop_count; j++) {
				const struct ipe_digest *d;

				if (r->props[j].type != type)
					continue;
				d = r->props[j].value.data;
				if (type != &ipe_prop_dmverity_roothash ||
				    !d->alg == !with_alg)
					return &r->props[j];
			}
		}
	}
	return NULL;
}

/* what ipe_fuzz_tweak() must restore */
struct ipe_fuzz_undo {
	struct ipe_prop *prop;
	const struct ipe_prop_type *type;
	const char *alg;
};

/*
 * Change one thing of @pol (step @step), or with @undo change it back.
 * Return: a description, or NULL after the last step.
 */
static const char *ipe_fuzz_tweak(struct ipe_parsed_policy *pol, u32 step,
				  struct ipe_fuzz_undo *u, bool undo)
{
	struct ipe_op_rules *exec = &pol->ops[IPE_OP_EXECUTE];
	struct ipe_op_rules *cert = &pol->ops[IPE_OP_X509_CERT];
	const struct ipe_prop_type *hash = &ipe_prop_dmverity_roothash;
	const struct ipe_prop_type *sig = &ipe_prop_dmverity_signature;
	const struct ipe_prop_type *boot = &ipe_prop_boot_verified;
	struct ipe_digest *d;
	struct ipe_rule tmp;

	switch (step) {
	case 0:
		pol->name[0] ^= 1;
		return "name";
	case 1:
		pol->version[2] ^= 1;
		return "version";
	case 2:
		pol->global_default ^= 3;
		return "global DEFAULT";
	case 3:
		pol->ops[IPE_OP_KMODULE].default_action ^= 3;
		return "op DEFAULT";
	case 4:
		exec->count ^= 1;
		return "rule count";
	case 5:
		cert->rules[cert->count - 1].action ^= 3;
		return "action of the last rule of the last op";
	case 6:
		exec->rules[1].prop_count ^= 1;
		return "property count";
	case 7:
		tmp = exec->rules[0];
		exec->rules[0] = exec->rules[1];
		exec->rules[1] = tmp;
		return "rule order";
	case 8:
		if (!undo) {
			u->prop = ipe_fuzz_find_prop(pol, boot, false);
			u->type = u->prop->type;
			u->prop->type = sig;
		} else {
			u->prop->type = u->type;
		}
		return "property type";
	case 9:
		if (!undo)
			u->prop = ipe_fuzz_find_prop(pol, sig, false);
		u->prop->value.flag = !u->prop->value.flag;
		return "boolean value";
	case 10:
		if (!undo) {
			u->prop = ipe_fuzz_find_prop(pol, hash, true);
			d = u->prop->value.data;
			u->alg = d->alg;
			d->alg = strcmp(d->alg, "sha256") ? "sha256" : "sha384";
		} else {
			d = u->prop->value.data;
			d->alg = u->alg;
		}
		return "digest algorithm";
	case 11:
		if (!undo) {
			u->prop = ipe_fuzz_find_prop(pol, hash, false);
			d = u->prop->value.data;
			u->alg = d->alg;
			d->alg = "sha256";
		} else {
			d = u->prop->value.data;
			d->alg = u->alg;
		}
		return "digest algorithm of a bare digest";
	case 12:
		if (!undo)
			u->prop = ipe_fuzz_find_prop(pol, hash, false);
		d = u->prop->value.data;
		d->len ^= 1;
		return "digest length";
	case 13:
		if (!undo)
			u->prop = ipe_fuzz_find_prop(pol, hash, true);
		d = u->prop->value.data;
		d->bytes[d->len - 1] ^= 0x80;
		return "last digest byte";
	}
	return NULL;
}

/**
 * ipe_fuzz_selftest() - prove that ipe_fuzz_diff() sees every difference
 * @f: the run
 *
 * Parses the seed twice and compares: equal. Then changes one field of
 * the second copy at a time and compares: unequal; changes it back:
 * equal again.
 *
 * Return: 0, or -EINVAL with @f->why and @f->detail set.
 */
int ipe_fuzz_selftest(struct ipe_fuzz *f)
{
	struct ipe_parsed_policy *a, *b;
	struct ipe_fuzz_undo undo;
	const char *what;
	int rc = 0;
	u32 step;

	f->why = NULL;
	f->detail[0] = '\0';
	a = ipe_parse_policy(ipe_fuzz_seed_policy,
			     sizeof(ipe_fuzz_seed_policy) - 1, true, NULL);
	b = ipe_parse_policy(ipe_fuzz_seed_policy,
			     sizeof(ipe_fuzz_seed_policy) - 1, true, NULL);
	if (IS_ERR(a) || IS_ERR(b)) {
		rc = ipe_fuzz_fail(f, "the seed policy does not parse");
		goto out;
	}
	if (ipe_fuzz_diff(a, b, f->detail, sizeof(f->detail))) {
		rc = ipe_fuzz_fail(f, "two parses of the seed differ");
		goto out;
	}
	for (step = 0; (what = ipe_fuzz_tweak(b, step, &undo, false));
	     step++) {
		bool seen = ipe_fuzz_diff(a, b, f->detail, sizeof(f->detail));

		ipe_fuzz_tweak(b, step, &undo, true);
		if (!seen) {
			snprintf(f->detail, sizeof(f->detail), "%s", what);
			rc = ipe_fuzz_fail(f, "comparator missed a change");
			break;
		}
		if (ipe_fuzz_diff(a, b, f->detail, sizeof(f->detail))) {
			rc = ipe_fuzz_fail(f, "comparator saw undone change");
			break;
		}
	}
	if (!rc && step < 14) {
		snprintf(f->detail, sizeof(f->detail), "%u steps", step);
		rc = ipe_fuzz_fail(f, "comparator test incomplete");
	}
out:
	ipe_free_parsed_policy(a);
	ipe_free_parsed_policy(b);
	return rc;
}

/**
 * ipe_fuzz_init() - set up a run
 * @f: the run, zeroed by the caller
 * @seed: the seed
 * @profile: how big random inputs get
 *
 * Return: 0, or -ENOMEM.
 */
int ipe_fuzz_init(struct ipe_fuzz *f, u64 seed,
		  enum ipe_fuzz_profile profile)
{
	bool full = profile == IPE_FUZZ_FULL;

	f->seed = seed;
	f->huge_len = full ? 2 * IPE_FUZZ_HUGE_LEN : 0;
	f->flood_lines = full ? IPE_FUZZ_COMMENT_LINES : 200;
	f->max_rules = full ? 8 : 2;
	f->seed_share = full ? 50 : 25;
	f->in.cap = IPE_FUZZ_INPUT_MIN + 2 * f->huge_len;
	f->in.data = kvmalloc(f->in.cap, GFP_KERNEL);
	f->out.cap = 4096;
	f->out.data = kvmalloc(f->out.cap, GFP_KERNEL);
	if (!f->in.data || !f->out.data)
		return -ENOMEM;
	return 0;
}

/**
 * ipe_fuzz_fini() - release what ipe_fuzz_init() allocated
 * @f: the run
 */
void ipe_fuzz_fini(struct ipe_fuzz *f)
{
	kvfree(f->in.data);
	kvfree(f->out.data);
	f->in.data = NULL;
	f->out.data = NULL;
}
