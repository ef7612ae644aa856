// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the IPE rule index: on thousands of random policies and
 * events, evaluation through the index gives exactly the decision of the
 * plain first-match walk, and the cases that an index gets wrong easily
 * (digests of the same home slot, rules needing two digests, a digest
 * written with and without its algorithm, revocations before allows).
 */

#include <asm/unaligned.h>
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "bdev.h"
#include "eval.h"
#include "eval_plain.h"
#include "policy.h"
#include "policy_index.h"
#include "policy_print.h"
#include "property.h"
#include "test_rand.h"

#define IPE_IT_POLICIES		2000
#define IPE_IT_EVENTS		32
#define IPE_IT_MAX_RULES	48
#define IPE_IT_TEXT_SIZE	(IPE_IT_MAX_RULES * 200 + 256)

static u32 ipe_it_below(u64 *state, u32 n)
{
	return ipe_test_rand(state) % n;
}

/**
 * struct ipe_it_digest - a digest value the random policies draw from
 * @alg: algorithm a policy may name with it, or NULL (bare form only)
 * @len: bytes in @bytes
 * @bytes: the digest
 */
struct ipe_it_digest {
	const char *alg;
	u8 len;
	u8 bytes[64];
};

/* few values, so that rules and events meet; lengths of several kinds */
static struct ipe_it_digest ipe_it_pool[8];

static void ipe_it_pool_init(u64 *state)
{
	static const struct {
		const char *alg;
		u8 len;
	} shapes[] = {
		{ "sha256", 32 }, { "sha256", 32 }, { "sha256", 32 },
		{ "sha1", 20 }, { "sha512", 64 }, { NULL, 1 }, { NULL, 3 },
		{ "sha256", 32 },
	};
	int i, j;

	for (i = 0; i < ARRAY_SIZE(ipe_it_pool); i++) {
		ipe_it_pool[i].alg = shapes[i].alg;
		ipe_it_pool[i].len = shapes[i].len;
		for (j = 0; j < shapes[i].len; j++)
			ipe_it_pool[i].bytes[j] = ipe_test_rand(state);
	}
	/* the last one differs from the first in its last nibble only */
	memcpy(ipe_it_pool[7].bytes, ipe_it_pool[0].bytes, 32);
	ipe_it_pool[7].bytes[31] ^= 0x01;
}

static const char *const ipe_it_ops[] = {
	"EXECUTE", "KMODULE", "FIRMWARE", "KERNEL_READ",
};

/* append a random rule (or, sometimes, an op DEFAULT) to @buf */
static size_t ipe_it_rule(u64 *state, char *buf, size_t size, bool *defs)
{
	u32 o = ipe_it_below(state, 3) ? 0 : ipe_it_below(state, 4);
	const char *op = ipe_it_ops[o];
	const char *action = ipe_it_below(state, 2) ? "ALLOW" : "DENY";
	size_t n = 0;
	u32 i, props, used = 0;

	/* at most one DEFAULT per op; KERNEL_READ stands for several ops */
	if (o < 3 && !defs[o] && !ipe_it_below(state, 16)) {
		defs[o] = true;
		return scnprintf(buf, size, "DEFAULT op=%s action=%s\n", op,
				 action);
	}

	n += scnprintf(buf + n, size - n, "op=%s", op);
	/* each property at most once: the parser refuses a repeated key */
	props = ipe_it_below(state, 4);
	for (i = 0; i < props; i++) {
		const struct ipe_it_digest *d;
		u32 kind = ipe_it_below(state, 5);

		if (used & BIT(min(kind, 2U)))
			continue;
		used |= BIT(min(kind, 2U));
		if (kind == 0) {
			n += scnprintf(buf + n, size - n, " boot_verified=%s",
				       ipe_it_below(state, 2) ? "TRUE" : "FALSE");
		} else if (kind == 1) {
			n += scnprintf(buf + n, size - n,
				       " dmverity_signature=%s",
				       ipe_it_below(state, 2) ? "TRUE" : "FALSE");
		} else {
			d = &ipe_it_pool[ipe_it_below(state,
						      ARRAY_SIZE(ipe_it_pool))];
			n += scnprintf(buf + n, size - n, " dmverity_roothash=");
			if (d->alg && ipe_it_below(state, 2))
				n += scnprintf(buf + n, size - n, "%s:", d->alg);
			n += scnprintf(buf + n, size - n, "%*phN", d->len,
				       d->bytes);
		}
	}
	n += scnprintf(buf + n, size - n, " action=%s\n", action);
	return n;
}

static struct ipe_parsed_policy *ipe_it_policy(struct kunit *test, u64 *state,
					       char *buf)
{
	struct ipe_parse_error err = {};
	struct ipe_parsed_policy *pol;
	static const char *const all_ops[] = {
		/* the first three in the order of ipe_it_ops[] */
		"EXECUTE", "KMODULE", "FIRMWARE", "KEXEC_IMAGE",
		"KEXEC_INITRAMFS", "POLICY", "X509_CERT",
	};
	bool defs[3] = {};
	u32 i, rules = ipe_it_below(state, IPE_IT_MAX_RULES + 1);
	bool global;
	size_t n;

	n = scnprintf(buf, IPE_IT_TEXT_SIZE,
		      "policy_name=index_test policy_version=1.0.0\n");
	/* most policies have a global DEFAULT, the others one for each op */
	global = ipe_it_below(state, 32);
	if (global)
		n += scnprintf(buf + n, IPE_IT_TEXT_SIZE - n,
			       "DEFAULT action=%s\n",
			       ipe_it_below(state, 2) ? "ALLOW" : "DENY");
	for (i = 0; i < rules; i++)
		n += ipe_it_rule(state, buf + n, IPE_IT_TEXT_SIZE - n, defs);
	for (i = 0; !global && i < ARRAY_SIZE(all_ops); i++)
		if (i >= ARRAY_SIZE(defs) || !defs[i])
			n += scnprintf(buf + n, IPE_IT_TEXT_SIZE - n,
				       "DEFAULT op=%s action=%s\n", all_ops[i],
				       ipe_it_below(state, 2) ? "ALLOW" : "DENY");

	pol = ipe_parse_policy(buf, n, true, &err);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(pol), "line %u: %s\n%s", err.line,
			       err.reason, buf);
	return pol;
}

/* a random event: mostly digests from the pool, some unknown */
static void ipe_it_event(u64 *state, struct ipe_eval_ctx *ctx,
			 struct ipe_bdev_facts *facts, u8 *scratch)
{
	static const char *const algs[] = { "sha256", "sha1", "sha512", NULL };
	static const enum ipe_op ops[] = {
		IPE_OP_EXECUTE, IPE_OP_EXECUTE, IPE_OP_KMODULE, IPE_OP_FIRMWARE,
		IPE_OP_KEXEC_IMAGE,
	};
	const struct ipe_it_digest *d;
	const char *alg;

	memset(ctx, 0, sizeof(*ctx));
	memset(facts, 0, sizeof(*facts));
	ctx->op = ops[ipe_it_below(state, ARRAY_SIZE(ops))];
	ctx->initramfs = ipe_it_below(state, 2);
	if (ipe_it_below(state, 5) == 0)
		return;
	ctx->bdev = facts;
	facts->dmv_signed = ipe_it_below(state, 2);
	if (ipe_it_below(state, 6) == 0)
		return;
	d = &ipe_it_pool[ipe_it_below(state, ARRAY_SIZE(ipe_it_pool))];
	alg = ipe_it_below(state, 4) ? d->alg :
	      algs[ipe_it_below(state, ARRAY_SIZE(algs))];
	if (ipe_it_below(state, 8) == 0) {
		/* a digest no rule names */
		memcpy(scratch, d->bytes, d->len);
		scratch[0] ^= 0x80;
		ipe_bdev_facts_set_root_hash(facts, alg, scratch, d->len);
	} else {
		ipe_bdev_facts_set_root_hash(facts, alg, d->bytes, d->len);
	}
}

static void ipe_it_expect_same(struct kunit *test,
			       const struct ipe_eval_result *want,
			       const struct ipe_eval_result *got,
			       const char *text)
{
	KUNIT_EXPECT_EQ_MSG(test, got->action, want->action, "%s", text);
	KUNIT_EXPECT_EQ_MSG(test, got->match, want->match, "%s", text);
	KUNIT_EXPECT_PTR_EQ_MSG(test, got->rule, want->rule, "%s", text);
}

/* random policies and events: the index never disagrees with the walk */
static void ipe_index_random(struct kunit *test)
{
	struct ipe_eval_result want, got;
	struct ipe_bdev_facts facts;
	struct ipe_eval_ctx ctx;
	u64 state = 20261203;
	u32 p, e, matched = 0;
	u8 scratch[64];
	char *buf;

	buf = kunit_kmalloc(test, IPE_IT_TEXT_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	ipe_it_pool_init(&state);

	for (p = 0; p < IPE_IT_POLICIES; p++) {
		struct ipe_parsed_policy *pol = ipe_it_policy(test, &state, buf);
		struct ipe_policy_index *idx = ipe_index_build(pol);

		KUNIT_ASSERT_FALSE(test, IS_ERR(idx));
		for (e = 0; e < IPE_IT_EVENTS; e++) {
			ipe_it_event(&state, &ctx, &facts, scratch);
			ipe_eval_policy(pol, &ctx, &want);
			ipe_eval_indexed(pol, idx, &ctx, &got);
			ipe_it_expect_same(test, &want, &got, buf);
			matched += want.match == IPE_MATCH_RULE;
		}
		ipe_index_free(idx);
		ipe_free_parsed_policy(pol);
		if (test->status == KUNIT_FAILURE)
			break;
		cond_resched();
	}
	/* the generator must reach rules, not only defaults */
	KUNIT_EXPECT_GT(test, matched, IPE_IT_POLICIES * IPE_IT_EVENTS / 4);
	kunit_info(test, "%u policies, %u events, %u decided by a rule\n",
		   p, p * IPE_IT_EVENTS, matched);
}

#define IT_HDR		"policy_name=t policy_version=1.0.0\n"
#define IT_H1		"0101010101010101010101010101010101010101010101010101010101010101"
#define IT_H2		"0202020202020202020202020202020202020202020202020202020202020202"

static const u8 ipe_it_h1[32] = {
	[0 ... 31] = 0x01,
};

static const u8 ipe_it_h2[32] = {
	[0 ... 31] = 0x02,
};

static void ipe_it_check(struct kunit *test, const char *text,
			 const u8 *hash, const char *alg, bool is_signed,
			 u8 action, u32 line)
{
	struct ipe_parse_error err = {};
	struct ipe_eval_result want, got;
	struct ipe_bdev_facts facts = {
		.dmv_signed = is_signed,
		.dmv_alg = alg,
	};
	struct ipe_eval_ctx ctx = { .op = IPE_OP_EXECUTE, .bdev = &facts };
	struct ipe_parsed_policy *pol;
	struct ipe_policy_index *idx;

	if (hash)
		ipe_bdev_facts_set_root_hash(&facts, alg, hash, 32);
	pol = ipe_parse_policy(text, strlen(text), true, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
	idx = ipe_index_build(pol);
	KUNIT_ASSERT_FALSE(test, IS_ERR(idx));
	ipe_eval_policy(pol, &ctx, &want);
	ipe_eval_indexed(pol, idx, &ctx, &got);
	ipe_it_expect_same(test, &want, &got, text);
	KUNIT_EXPECT_EQ_MSG(test, got.action, action, "%s", text);
	if (line)
		KUNIT_EXPECT_EQ_MSG(test, got.rule ? got.rule->line : 0, line,
				    "%s", text);
	else
		KUNIT_EXPECT_NULL_MSG(test, got.rule, "%s", text);
	ipe_index_free(idx);
	ipe_free_parsed_policy(pol);
}

/* a revocation placed first wins over a later allow, indexed or not */
static void ipe_index_order(struct kunit *test)
{
	static const char revoke_first[] = IT_HDR
		"DEFAULT action=DENY\n"
		"op=EXECUTE dmverity_roothash=" IT_H1 " action=DENY\n"
		"op=EXECUTE dmverity_signature=TRUE action=ALLOW\n";
	static const char allow_first[] = IT_HDR
		"DEFAULT action=DENY\n"
		"op=EXECUTE dmverity_signature=TRUE action=ALLOW\n"
		"op=EXECUTE dmverity_roothash=" IT_H1 " action=DENY\n";

	ipe_it_check(test, revoke_first, ipe_it_h1, "sha256", true,
		     IPE_ACTION_DENY, 3);
	ipe_it_check(test, revoke_first, ipe_it_h2, "sha256", true,
		     IPE_ACTION_ALLOW, 4);
	ipe_it_check(test, allow_first, ipe_it_h1, "sha256", true,
		     IPE_ACTION_ALLOW, 3);
	ipe_it_check(test, allow_first, ipe_it_h1, "sha256", false,
		     IPE_ACTION_DENY, 4);
}

/* the algorithm of an ALG:HEX rule must match; a bare HEX matches any */
static void ipe_index_alg(struct kunit *test)
{
	static const char text[] = IT_HDR
		"DEFAULT action=DENY\n"
		"op=EXECUTE dmverity_roothash=sha256:" IT_H1 " action=ALLOW\n"
		"op=EXECUTE dmverity_roothash=" IT_H1 " boot_verified=TRUE action=DENY\n"
		"op=EXECUTE dmverity_roothash=" IT_H2 " action=ALLOW\n";

	ipe_it_check(test, text, ipe_it_h1, "sha256", false,
		     IPE_ACTION_ALLOW, 3);
	/* same bytes, other algorithm: only rules without one can match */
	ipe_it_check(test, text, ipe_it_h1, "blake2b-256", false,
		     IPE_ACTION_DENY, 0);
	ipe_it_check(test, text, ipe_it_h2, "sha512", false,
		     IPE_ACTION_ALLOW, 5);
	ipe_it_check(test, text, NULL, NULL, false, IPE_ACTION_DENY, 0);
}

/* a rule found through its digest still needs its other properties */
static void ipe_index_more_props(struct kunit *test)
{
	static const char text[] = IT_HDR
		"DEFAULT action=ALLOW\n"
		"op=EXECUTE dmverity_roothash=" IT_H1 " dmverity_signature=TRUE action=DENY\n"
		"op=EXECUTE boot_verified=FALSE dmverity_roothash=sha256:" IT_H1 " action=DENY\n";

	ipe_it_check(test, text, ipe_it_h1, "sha256", true,
		     IPE_ACTION_DENY, 3);
	ipe_it_check(test, text, ipe_it_h1, "sha256", false,
		     IPE_ACTION_DENY, 4);
	ipe_it_check(test, text, ipe_it_h2, "sha256", true,
		     IPE_ACTION_ALLOW, 0);
}

/*
 * fs-verity digests have their own table: a file's fs-verity digest finds
 * fsverity_digest rules and never dmverity_roothash rules of the same
 * bytes, and the two tables and the plain list merge in rule order.
 */
static void ipe_index_fsverity(struct kunit *test)
{
	static const char text[] = IT_HDR
		"DEFAULT action=DENY\n"
		"op=EXECUTE dmverity_roothash=sha256:" IT_H1 " action=ALLOW\n"
		"op=EXECUTE fsverity_digest=sha256:" IT_H2 " action=DENY\n"
		"op=EXECUTE fsverity_signature=TRUE action=ALLOW\n"
		"op=EXECUTE fsverity_digest=sha256:" IT_H1 " action=ALLOW\n"
		"op=EXECUTE fsverity_digest=sha512:" IT_H1 IT_H1 " action=ALLOW\n";
	static const struct {
		const u8 *digest;
		const char *alg;
		size_t len;
		bool is_signed;
		u8 action;
		u32 line;
	} events[] = {
		{ ipe_it_h1, "sha256", 32, false, IPE_ACTION_ALLOW, 6 },
		{ ipe_it_h2, "sha256", 32, true, IPE_ACTION_DENY, 4 },
		{ ipe_it_h1, "sha256", 32, true, IPE_ACTION_ALLOW, 5 },
		{ ipe_it_h2, "sha512", 32, false, IPE_ACTION_DENY, 0 },
		{ NULL, NULL, 0, true, IPE_ACTION_ALLOW, 5 },
		{ NULL, NULL, 0, false, IPE_ACTION_DENY, 0 },
	};
	struct ipe_parse_error err = {};
	struct ipe_eval_result want, got;
	struct ipe_parsed_policy *pol;
	struct ipe_policy_index *idx;
	size_t i;

	pol = ipe_parse_policy(text, strlen(text), true, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
	idx = ipe_index_build(pol);
	KUNIT_ASSERT_FALSE(test, IS_ERR(idx));
	KUNIT_EXPECT_EQ(test, idx->ops[IPE_OP_EXECUTE].plain_count, 1);
	for (i = 0; i < ARRAY_SIZE(events); i++) {
		struct ipe_eval_ctx ctx = {
			.op = IPE_OP_EXECUTE,
			.fsv_signed = events[i].is_signed,
		};

		if (events[i].digest) {
			ctx.fsv_alg = events[i].alg;
			memcpy(ctx.fsv_digest, events[i].digest, events[i].len);
			ctx.fsv_digest_len = events[i].len;
			ctx.fsv_digest_key = ipe_digest_key(events[i].digest,
							    events[i].len);
		}
		ipe_eval_policy(pol, &ctx, &want);
		ipe_eval_indexed(pol, idx, &ctx, &got);
		ipe_it_expect_same(test, &want, &got, text);
		KUNIT_EXPECT_EQ_MSG(test, got.action, events[i].action,
				    "event %zu", i);
		KUNIT_EXPECT_EQ_MSG(test, got.rule ? got.rule->line : 0,
				    events[i].line, "event %zu", i);
	}
	ipe_index_free(idx);
	ipe_free_parsed_policy(pol);
}

/* many rules sharing home slots: neighbours are skipped by hash */
static void ipe_index_many(struct kunit *test)
{
	const size_t size = 2000 * 120 + 128;
	struct ipe_parse_error err = {};
	struct ipe_eval_result want, got;
	struct ipe_bdev_facts facts = { .dmv_alg = "sha256" };
	struct ipe_eval_ctx ctx = { .op = IPE_OP_EXECUTE, .bdev = &facts };
	struct ipe_parsed_policy *pol;
	struct ipe_policy_index *idx;
	u8 hash[32] = {};
	size_t n;
	char *buf;
	u32 i;

	buf = kunit_kmalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	n = scnprintf(buf, size, IT_HDR "DEFAULT action=DENY\n");
	for (i = 0; i < 2000; i++) {
		put_unaligned_be32(i, hash);
		n += scnprintf(buf + n, size - n,
			       "op=EXECUTE dmverity_roothash=sha256:%*phN action=%s\n",
			       32, hash, i % 2 ? "ALLOW" : "DENY");
	}
	pol = ipe_parse_policy(buf, n, true, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
	idx = ipe_index_build(pol);
	KUNIT_ASSERT_FALSE(test, IS_ERR(idx));
	KUNIT_EXPECT_EQ(test, idx->ops[IPE_OP_EXECUTE].plain_count, 0);
	/* every 10th rule, from first to last, then digests no rule has */
	for (i = 0; i < 2100; i += 10) {
		put_unaligned_be32(i, hash);
		ipe_bdev_facts_set_root_hash(&facts, "sha256", hash, 32);
		ipe_eval_policy(pol, &ctx, &want);
		ipe_eval_indexed(pol, idx, &ctx, &got);
		ipe_it_expect_same(test, &want, &got, "2000 rules");
		KUNIT_EXPECT_EQ(test, got.match,
				i < 2000 ? IPE_MATCH_RULE :
					   IPE_MATCH_GLOBAL_DEFAULT);
	}
	ipe_index_free(idx);
	ipe_free_parsed_policy(pol);
}

#define IPE_IT_SPILL	16

/* a random SHA-256 digest whose key has home slot @home of @nhome */
static void ipe_it_digest_at(u64 *state, u8 *digest, u32 nhome, u32 home)
{
	do {
		ipe_test_rand_fill(state, digest, 32);
	} while (ipe_index_home(ipe_digest_key(digest, 32), nhome) != home);
}

/* an exec of a file whose SHA-256 fs-verity digest is @digest, of @key */
static void ipe_it_fsv_ctx(struct ipe_eval_ctx *ctx, const u8 *digest,
			   u32 key)
{
	*ctx = (struct ipe_eval_ctx) {
		.op = IPE_OP_EXECUTE,
		.fsv_alg = "sha256",
		.fsv_digest_len = 32,
		.fsv_digest_key = key,
	};
	memcpy(ctx->fsv_digest, digest, 32);
}

/*
 * Rules piled on the last two home slots of a table: they run past its
 * home slots into the slots after them, and the rules of the last home
 * slot sit behind those of the one before, all sorted by hash. Every
 * digest still finds its first rule, a repeated digest its earlier line,
 * and digests no rule has (at those home slots and at the first) nothing.
 */
static void ipe_index_spill(struct kunit *test)
{
	const size_t size = (IPE_IT_SPILL + 1) * 120 + 128;
	u8 (*digest)[32], absent[32];
	/* IPE_IT_SPILL + 1 rules: 17 + 8 + 4 home slots */
	const u32 nhome = 29;
	const u32 absent_home[] = { 0, nhome - 2, nhome - 1 };
	struct ipe_parse_error err = {};
	struct ipe_eval_result want, got;
	const struct ipe_index_table *t;
	struct ipe_parsed_policy *pol;
	struct ipe_policy_index *idx;
	struct ipe_eval_ctx ctx;
	u64 state = 20261206;
	size_t n;
	char *buf;
	u32 i;

	buf = kunit_kmalloc(test, size, GFP_KERNEL);
	digest = kunit_kcalloc(test, IPE_IT_SPILL, sizeof(*digest), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, digest);
	/* the last home slot's digests first in the text, then the other's */
	n = scnprintf(buf, size, IT_HDR "DEFAULT action=DENY\n");
	for (i = 0; i < IPE_IT_SPILL; i++) {
		ipe_it_digest_at(&state, digest[i], nhome,
				 i < IPE_IT_SPILL / 2 ? nhome - 1 : nhome - 2);
		n += scnprintf(buf + n, size - n,
			       "op=EXECUTE fsverity_digest=sha256:%*phN action=%s\n",
			       32, digest[i], i % 2 ? "ALLOW" : "DENY");
	}
	/* a repeat of the first digest with the other action never wins */
	n += scnprintf(buf + n, size - n,
		       "op=EXECUTE fsverity_digest=sha256:%*phN action=ALLOW\n",
		       32, digest[0]);
	pol = ipe_parse_policy(buf, n, true, &err);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(pol), "line %u: %s", err.line,
			       err.reason);
	idx = ipe_index_build(pol);
	KUNIT_ASSERT_FALSE(test, IS_ERR(idx));
	t = &idx->ops[IPE_OP_EXECUTE].tables[IPE_INDEX_FSV_DIGEST];
	KUNIT_ASSERT_EQ(test, t->nhome, nhome);
	/* 17 rules from slot 27 on, slots 27 to 43, and an empty one */
	KUNIT_EXPECT_EQ(test, t->nslots, nhome - 2 + IPE_IT_SPILL + 1 + 1);
	/* the run is sorted by hash, and ends with the empty slot */
	for (i = nhome - 1; i < t->nslots; i++)
		KUNIT_EXPECT_LE_MSG(test, t->slots[i - 1].hash, t->slots[i].hash,
				    "slot %u", i);

	for (i = 0; i < IPE_IT_SPILL + ARRAY_SIZE(absent_home); i++) {
		if (i < IPE_IT_SPILL)
			memcpy(absent, digest[i], 32);
		else
			ipe_it_digest_at(&state, absent, nhome,
					 absent_home[i - IPE_IT_SPILL]);
		ipe_it_fsv_ctx(&ctx, absent, ipe_digest_key(absent, 32));
		ipe_eval_policy(pol, &ctx, &want);
		ipe_eval_indexed(pol, idx, &ctx, &got);
		ipe_it_expect_same(test, &want, &got, buf);
		if (i < IPE_IT_SPILL) {
			KUNIT_ASSERT_NOT_NULL(test, got.rule);
			/* rule i is on line i + 3 */
			KUNIT_EXPECT_EQ_MSG(test, got.rule->line, i + 3,
					    "digest %u", i);
		} else {
			KUNIT_EXPECT_EQ(test, got.match,
					IPE_MATCH_GLOBAL_DEFAULT);
		}
	}
	ipe_index_free(idx);
	ipe_free_parsed_policy(pol);
}

/*
 * The smallest and the largest hash. An empty slot holds the largest
 * hash, so a rule of that hash sits before one in its run, and a lookup
 * of it must take the rule and then stop at the empty slot. The table of
 * one rule has one home slot, so the rule's hash can be set to either
 * end without moving the rule.
 */
static void ipe_index_extreme_hashes(struct kunit *test)
{
	static const char text[] = IT_HDR
		"DEFAULT action=DENY\n"
		"op=EXECUTE fsverity_digest=sha256:" IT_H1 " action=ALLOW\n";
	const u32 keys[] = { 0, U32_MAX };
	struct ipe_parse_error err = {};
	struct ipe_eval_result want, got;
	const struct ipe_index_table *t;
	struct ipe_parsed_policy *pol;
	struct ipe_policy_index *idx;
	struct ipe_eval_ctx ctx;
	int i;

	pol = ipe_parse_policy(text, strlen(text), true, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
	idx = ipe_index_build(pol);
	KUNIT_ASSERT_FALSE(test, IS_ERR(idx));
	t = &idx->ops[IPE_OP_EXECUTE].tables[IPE_INDEX_FSV_DIGEST];
	KUNIT_ASSERT_EQ(test, t->nhome, 1);
	KUNIT_ASSERT_EQ(test, t->nslots, 2);
	KUNIT_ASSERT_EQ(test, t->slots[1].rule, IPE_INDEX_NO_RULE);

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		t->slots[0].hash = keys[i];

		/* the rule's digest: the rule decides */
		ipe_it_fsv_ctx(&ctx, ipe_it_h1, keys[i]);
		ipe_eval_policy(pol, &ctx, &want);
		ipe_eval_indexed(pol, idx, &ctx, &got);
		ipe_it_expect_same(test, &want, &got, text);
		KUNIT_EXPECT_EQ_MSG(test, got.match, IPE_MATCH_RULE,
				    "hash %#x", keys[i]);

		/* another digest of the same hash: past the rule, nothing */
		ipe_it_fsv_ctx(&ctx, ipe_it_h2, keys[i]);
		ipe_eval_policy(pol, &ctx, &want);
		ipe_eval_indexed(pol, idx, &ctx, &got);
		ipe_it_expect_same(test, &want, &got, text);
		KUNIT_EXPECT_EQ_MSG(test, got.match, IPE_MATCH_GLOBAL_DEFAULT,
				    "hash %#x", keys[i]);

		/* the rule's digest under the hash at the other end: nothing */
		ipe_it_fsv_ctx(&ctx, ipe_it_h1, ~keys[i]);
		ipe_eval_indexed(pol, idx, &ctx, &got);
		KUNIT_EXPECT_EQ_MSG(test, got.match, IPE_MATCH_GLOBAL_DEFAULT,
				    "hash %#x", ~keys[i]);
	}
	ipe_index_free(idx);
	ipe_free_parsed_policy(pol);
}

static struct kunit_case ipe_index_test_cases[] = {
	KUNIT_CASE(ipe_index_order),
	KUNIT_CASE(ipe_index_alg),
	KUNIT_CASE(ipe_index_fsverity),
	KUNIT_CASE(ipe_index_more_props),
	KUNIT_CASE(ipe_index_many),
	KUNIT_CASE(ipe_index_spill),
	KUNIT_CASE(ipe_index_extreme_hashes),
	KUNIT_CASE(ipe_index_random),
	{}
};

static struct kunit_suite ipe_index_test_suite = {
	.name = "ipe_index",
	.test_cases = ipe_index_test_cases,
};

kunit_test_suite(ipe_index_test_suite);
