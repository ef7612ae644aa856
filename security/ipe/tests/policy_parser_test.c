// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the IPE policy parser, the rule printer, the property
 * registry and the digest helpers. The case tables are data shared with
 * ipectl's host tests, in policy_parser_cases.h.
 */

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "eval.h"
#include "policy.h"
#include "policy_print.h"
#include "property.h"
#include "policy_parser_cases.h"

#define IPE_DUMP_SIZE	8192

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

/* what the allocator handed out for @p */
static size_t ipe_test_alloc_size(const void *p)
{
	struct vm_struct *vm;

	if (!is_vmalloc_addr(p))
		return ksize(p);
	vm = find_vm_area(p);
	return vm ? (size_t)vm->nr_pages << PAGE_SHIFT : 0;
}

/*
 * 10 000 digest rules, as an allowlist has them: the rule table is
 * trimmed to its rules (the doubling left it at 16 384), and every
 * property array and digest is in the arena, which holds little more.
 */
static void ipe_parser_memory(struct kunit *test)
{
	const u32 n = 10000;
	const size_t line = 128;
	const struct ipe_rule *rules;
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	struct ipe_digest *d;
	size_t pos, data;
	char *text;
	u32 i;

	text = kvmalloc(n * line + 256, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	pos = scnprintf(text, 256, "%s", HDR "DEFAULT action=ALLOW\n");
	for (i = 0; i < n; i++)
		pos += scnprintf(text + pos, line,
				 "op=EXECUTE dmverity_roothash=sha256:" HEX16
				 "%032x action=DENY\n", i);
	pol = ipe_parse_policy(text, pos, true, &err);
	kvfree(text);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR_OR_NULL(pol), "line %u: %s",
			       err.line, err.reason);
	KUNIT_ASSERT_EQ(test, pol->ops[IPE_OP_EXECUTE].count, n);

	rules = pol->ops[IPE_OP_EXECUTE].rules;
	KUNIT_EXPECT_LE(test, ipe_test_alloc_size(rules),
			PAGE_ALIGN(n * sizeof(*rules)));
	KUNIT_EXPECT_EQ(test, rules[n - 1].line, n + 2);

	data = n * (sizeof(struct ipe_prop) + struct_size(d, bytes, 32));
	KUNIT_EXPECT_GE(test, pol->arena.total, data);
	KUNIT_EXPECT_LE(test, pol->arena.total, data + data / 2);
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
 * ipectl's host tests run the same table once more with no property built
 * (tools/security/ipe/tests/run.sh).
 */
static void ipe_parser_unbuilt_props(struct kunit *test)
{
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	char *text, *why;
	size_t i;

	text = kunit_kzalloc(test, 512, GFP_KERNEL);
	why = kunit_kzalloc(test, IPE_PARSE_REASON_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	KUNIT_ASSERT_NOT_NULL(test, why);
	for (i = 0; i < ARRAY_SIZE(ipe_prop_values); i++) {
		const char *value = ipe_prop_values[i];
		const struct ipe_prop_type *type;
		int len;

		type = ipe_prop_find(value, strcspn(value, "="));
		KUNIT_ASSERT_NOT_NULL(test, type);
		KUNIT_ASSERT_NOT_NULL(test, type->kconfig);
		KUNIT_EXPECT_EQ(test, strncmp(type->kconfig, "CONFIG_", 7), 0);
		len = snprintf(text, 512, HDR "DEFAULT action=ALLOW\n"
			       "op=EXECUTE %s action=DENY\n", value);
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
	struct ipe_arena arena = {};
	struct ipe_digest *d = ipe_digest_parse("sha1:" HEX_SHA1, &arena,
						NULL, 0);
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
	ipe_arena_release(&arena);
}

static void ipe_default_print_test(struct kunit *test)
{
	const struct ipe_default_print_case *c;
	char buf[64];
	int n;

	for (c = ipe_default_print_cases;
	     c < ipe_default_print_cases + ARRAY_SIZE(ipe_default_print_cases);
	     c++) {
		KUNIT_ASSERT_LE(test, c->size, sizeof(buf));
		n = ipe_default_print(c->size ? buf : NULL, c->size, c->op,
				      c->action);
		if (c->text)
			KUNIT_EXPECT_STREQ(test, buf, c->text);
		KUNIT_EXPECT_EQ(test, n, (int)strlen(c->full));
	}
}

static void ipe_names_test(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ipe_op_names); i++)
		KUNIT_EXPECT_STREQ(test, ipe_op_name(i), ipe_op_names[i]);
	for (i = 0; i < ARRAY_SIZE(ipe_action_names); i++)
		KUNIT_EXPECT_STREQ(test, ipe_action_name(i),
				   ipe_action_names[i]);
}

static void ipe_digest_case_desc(const struct ipe_digest_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "\"%.60s\"", c->value);
}

KUNIT_ARRAY_PARAM(ipe_digest, ipe_digest_cases, ipe_digest_case_desc);

static void ipe_digest_parse_test(struct kunit *test)
{
	const struct ipe_digest_case *c = test->param_value;
	char why[IPE_PARSE_REASON_MAX] = "";
	struct ipe_arena arena = {};
	struct ipe_digest *d = ipe_digest_parse(c->value, &arena, why,
						sizeof(why));
	u16 i;

	KUNIT_EXPECT_NOT_NULL(test, d);
	if (!d || IS_ERR(d)) {
		KUNIT_EXPECT_EQ(test, PTR_ERR(d), (long)c->ret);
		KUNIT_EXPECT_STREQ(test, why, c->ret ? c->alg : "");
		ipe_arena_release(&arena);
		return;
	}
	KUNIT_EXPECT_EQ(test, c->ret, 0);
	if (c->alg) {
		KUNIT_ASSERT_NOT_NULL(test, d->alg);
		KUNIT_EXPECT_STREQ(test, d->alg, c->alg);
	} else {
		KUNIT_EXPECT_NULL(test, d->alg);
	}
	KUNIT_EXPECT_EQ(test, d->len, c->len);
	for (i = 0; i < d->len && i < c->len; i++)
		KUNIT_EXPECT_EQ(test, d->bytes[i], ipe_test_bytes[i % 16]);
	ipe_arena_release(&arena);
}

static void ipe_digest_equal_test(struct kunit *test)
{
	struct ipe_arena arena = {};
	struct ipe_digest *bare = ipe_digest_parse(HEX16, &arena, NULL, 0);
	struct ipe_digest *alg = ipe_digest_parse("sha256:" HEX_SHA256, &arena,
						  NULL, 0);
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
	ipe_arena_release(&arena);
}

static void ipe_digest_print_test(struct kunit *test)
{
	struct ipe_arena arena = {};
	struct ipe_digest *bare = ipe_digest_parse("DEADbeef", &arena, NULL, 0);
	struct ipe_digest *alg = ipe_digest_parse("sha1:" HEX_SHA1, &arena,
						  NULL, 0);
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
	ipe_arena_release(&arena);
}

static void ipe_prop_find_test(struct kunit *test)
{
	const struct ipe_prop_find_case *c;

	for (c = ipe_prop_find_cases;
	     c < ipe_prop_find_cases + ARRAY_SIZE(ipe_prop_find_cases); c++)
		KUNIT_EXPECT_PTR_EQ(test, ipe_prop_find(c->key, c->len),
				    c->type);
}

static void ipe_bool_value_test(struct kunit *test)
{
	const struct ipe_bool_case *c;
	bool v;

	for (c = ipe_bool_cases; c < ipe_bool_cases + ARRAY_SIZE(ipe_bool_cases);
	     c++) {
		v = !c->value;
		KUNIT_EXPECT_EQ(test, ipe_parse_bool_value(c->text, &v), c->ret);
		KUNIT_EXPECT_EQ(test, v, c->ret ? !c->value : c->value);
	}
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
	KUNIT_CASE(ipe_parser_memory),
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
