// SPDX-License-Identifier: GPL-2.0
/*
 * IPE evaluation microbenchmark, as a KUnit suite ("ipe_bench") that only
 * a kernel built for benchmarking has (CONFIG_SECURITY_IPE_KUNIT_BENCH);
 * make bench boots it with kunit.filter_glob=ipe_bench.
 *
 * For policies of 1, 100, 1 000 and 10 000 root-hash rules it times one
 * evaluation of an event whose root hash is named by the last rule, by
 * the middle one, or by none, through the index (what IPE does) and by
 * the plain walk of every rule (for comparison). The configurations are
 * measured in turn, round after round, and each one's median is printed:
 *
 *	ipe_bench: eval engine=indexed rules=10000 pos=end ns=123
 *
 * It also counts the kernel memory a parsed and indexed policy of 10 000
 * root-hash rules holds: every allocation of its tables and index, as the
 * allocator sized it (ksize() for slab objects, whole pages for vmalloc):
 *
 *	ipe_bench: memory rules=10000 bytes=1234567
 *
 * The signed blob IPE keeps to serve raw and pkcs7 is not in that count;
 * make bench reports it beside.
 *
 * For whole-image allowlists, policies of 1, 20 000 and 200 000 rules that
 * each allow one fs-verity SHA-256 digest: an evaluation of a file whose
 * digest is one of the first rules, one of the last, or none, each time
 * a different digest of 4 096 (the one digest of the 1-rule policy), so
 * that what is measured is a lookup in a large index, not a warm cache:
 *
 *	ipe_bench: fsv rules=200000 pos=end ns=123
 *
 * and, beside, one file over and over (pos=one): with the caches warm,
 * what is left is the work of the lookup itself.
 *
 * and what parsing and indexing each of those policies took, and what
 * its tables and index hold (counted as for the root-hash rules):
 *
 *	ipe_bench: fsv_load rules=200000 ms=1234 bytes=12345678
 *
 * Last, the cost of an audit policy: one whole decision of an event that
 * both policies allow (ipe_evaluate_event(), 100 root-hash rules each,
 * nothing audited), without and with an audit policy set, measured in
 * turn; the median of the per-round ratios is printed beside the medians:
 *
 *	ipe_bench: audit_policy set=0 ns=80 set=1 ns=150 ratio=1.875
 */

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>

#include "bdev.h"
#include "eval.h"
#include "eval_plain.h"
#include "hooks.h"
#include "policy.h"
#include "policy_index.h"
#include "policy_store.h"
#include "property.h"
#include "settings.h"
#include "test_rand.h"

#define IPE_BENCH_ROUNDS	9
#define IPE_BENCH_SAMPLE_NS	(2 * NSEC_PER_MSEC)
#define IPE_BENCH_LINE		128

static const u32 ipe_bench_sizes[] = { 1, 100, 1000, 10000 };
static const u32 ipe_bench_fsv_sizes[] = { 1, 20000, 200000 };

/* distinct digests an fs-verity measurement goes through */
#define IPE_BENCH_FSV_KEYS	4096

enum ipe_bench_pos { IPE_POS_END, IPE_POS_MIDDLE, IPE_POS_ABSENT, IPE_POS_N };

/* the whole-image allowlists also time one digest over and over */
#define IPE_POS_FSV_ONE		IPE_POS_N
#define IPE_POS_FSV_N		(IPE_POS_N + 1)

static const char *const ipe_bench_pos_name[] = { "end", "middle", "absent" };

/**
 * struct ipe_bench_policy - one policy under measurement
 * @pol: the parsed policy
 * @idx: its index
 * @hash: the root hash of each rule, rule after rule
 */
struct ipe_bench_policy {
	struct ipe_parsed_policy *pol;
	struct ipe_policy_index *idx;
	u8 (*hash)[32];
};

/*
 * The text of policy @name: DEFAULT action=ALLOW and @rules DENY rules of
 * random root hashes, each written to @hash[i] when @hash is not NULL.
 * The caller frees it with kvfree(); *@len is its length.
 */
static char *ipe_bench_text(struct kunit *test, const char *name, u32 rules,
			    u64 *state, u8 (*hash)[32], size_t *len)
{
	size_t size = (size_t)rules * IPE_BENCH_LINE + 128, n;
	u8 one[32];
	char *text;
	u32 i;

	text = kvmalloc(size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	n = scnprintf(text, size,
		      "policy_name=%s policy_version=1.0.0\nDEFAULT action=ALLOW\n",
		      name);
	for (i = 0; i < rules; i++) {
		u8 *h = hash ? hash[i] : one;

		ipe_test_rand_fill(state, h, 32);
		n += scnprintf(text + n, size - n,
			       "op=EXECUTE dmverity_roothash=sha256:%*phN action=DENY\n",
			       32, h);
	}
	*len = n;
	return text;
}

static void ipe_bench_make(struct kunit *test, struct ipe_bench_policy *bp,
			   u32 rules, u64 *state)
{
	struct ipe_parse_error err = {};
	char *text;
	size_t n;

	bp->hash = kvmalloc_array(rules, sizeof(*bp->hash), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, bp->hash);
	text = ipe_bench_text(test, "bench", rules, state, bp->hash, &n);
	bp->pol = ipe_parse_policy(text, n, true, &err);
	kvfree(text);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(bp->pol), "line %u: %s", err.line,
			       err.reason);
	bp->idx = ipe_index_build(bp->pol);
	KUNIT_ASSERT_FALSE(test, IS_ERR(bp->idx));
}

static void ipe_bench_free(struct ipe_bench_policy *bp)
{
	if (!IS_ERR_OR_NULL(bp->idx))
		ipe_index_free(bp->idx);
	if (!IS_ERR_OR_NULL(bp->pol))
		ipe_free_parsed_policy(bp->pol);
	kvfree(bp->hash);
}

/* nanoseconds per evaluation, over at least IPE_BENCH_SAMPLE_NS */
static u64 ipe_bench_sample(const struct ipe_bench_policy *bp,
			    const struct ipe_eval_ctx *ctx, bool indexed,
			    u8 want)
{
	struct ipe_eval_result res;
	u64 start, elapsed, loops = 0, batch = 16;
	u64 i;

	start = ktime_get_ns();
	do {
		for (i = 0; i < batch; i++) {
			if (indexed)
				ipe_eval_indexed(bp->pol, bp->idx, ctx, &res);
			else
				ipe_eval_policy(bp->pol, ctx, &res);
			/* keep the compiler from dropping the evaluation */
			if (unlikely(res.action != want))
				return U64_MAX;
		}
		loops += batch;
		elapsed = ktime_get_ns() - start;
	} while (elapsed < IPE_BENCH_SAMPLE_NS);
	return div64_u64(elapsed, loops);
}

static int ipe_bench_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* every size, position and engine in turn, IPE_BENCH_ROUNDS times */
static void ipe_bench_eval(struct kunit *test)
{
	const int nsizes = ARRAY_SIZE(ipe_bench_sizes);
	struct ipe_bench_policy bp[ARRAY_SIZE(ipe_bench_sizes)] = {};
	u64 (*samples)[IPE_POS_N][2][IPE_BENCH_ROUNDS];
	struct ipe_bdev_facts facts = {};
	struct ipe_eval_ctx ctx = { .op = IPE_OP_EXECUTE, .bdev = &facts };
	u8 absent[32] = { 0xff, 0xee };
	u64 state = 7;
	int s, p, e, r;

	samples = kunit_kcalloc(test, nsizes, sizeof(*samples), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, samples);
	for (s = 0; s < nsizes; s++)
		ipe_bench_make(test, &bp[s], ipe_bench_sizes[s], &state);

	for (r = 0; r < IPE_BENCH_ROUNDS; r++) {
		for (s = 0; s < nsizes; s++) {
			u32 n = ipe_bench_sizes[s];

			for (p = 0; p < IPE_POS_N; p++) {
				const u8 *hash = absent;
				u8 want = IPE_ACTION_DENY;

				if (p == IPE_POS_END)
					hash = bp[s].hash[n - 1];
				else if (p == IPE_POS_MIDDLE)
					hash = bp[s].hash[n / 2];
				/* as a device snapshot has it: key made once */
				ipe_bdev_facts_set_root_hash(&facts, "sha256",
							     hash, 32);
				if (p == IPE_POS_ABSENT)
					want = IPE_ACTION_ALLOW;
				for (e = 0; e < 2; e++)
					samples[s][p][e][r] =
						ipe_bench_sample(&bp[s], &ctx,
								 e == 0, want);
			}
		}
		cond_resched();
	}

	for (s = 0; s < nsizes; s++) {
		for (p = 0; p < IPE_POS_N; p++) {
			for (e = 0; e < 2; e++) {
				u64 *v = samples[s][p][e];

				sort(v, IPE_BENCH_ROUNDS, sizeof(*v),
				     ipe_bench_cmp, NULL);
				KUNIT_EXPECT_NE(test, v[IPE_BENCH_ROUNDS - 1],
						U64_MAX);
				kunit_info(test,
					   "ipe_bench: eval engine=%s rules=%u pos=%s ns=%llu\n",
					   e ? "linear" : "indexed",
					   ipe_bench_sizes[s],
					   ipe_bench_pos_name[p],
					   v[IPE_BENCH_ROUNDS / 2]);
			}
		}
	}

	for (s = 0; s < nsizes; s++)
		ipe_bench_free(&bp[s]);
}

/* what the allocator handed out for @p, or 0 for NULL */
static size_t ipe_bench_alloc_size(const void *p)
{
	struct vm_struct *vm;

	if (!p)
		return 0;
	if (!is_vmalloc_addr(p))
		return ksize(p);
	vm = find_vm_area(p);
	return vm ? (size_t)vm->nr_pages << PAGE_SHIFT : 0;
}

/* every allocation a parsed policy and its index hold, in bytes */
static size_t ipe_bench_footprint(const struct ipe_parsed_policy *pol,
				  const struct ipe_policy_index *idx)
{
	/* the arena's chunks: powers of two, which allocators do not round */
	size_t bytes = ipe_bench_alloc_size(pol) +
		       ipe_bench_alloc_size(pol->name) +
		       ipe_bench_alloc_size(idx) + pol->arena.total;
	int op, k;

	for (op = 0; op < IPE_OP_COUNT; op++) {
		const struct ipe_op_rules *t = &pol->ops[op];
		const struct ipe_op_index *oi = &idx->ops[op];

		bytes += ipe_bench_alloc_size(t->rules);
		bytes += ipe_bench_alloc_size(oi->plain);
		for (k = 0; k < IPE_INDEX_KINDS; k++)
			bytes += ipe_bench_alloc_size(oi->tables[k].slots);
	}
	return bytes;
}

/* kernel memory of a policy of 10 000 root-hash rules, tables and index */
static void ipe_bench_memory(struct kunit *test)
{
	struct ipe_bench_policy bp = {};
	const u32 rules = 10000;
	u64 state = 11;
	size_t bytes;

	ipe_bench_make(test, &bp, rules, &state);
	bytes = ipe_bench_footprint(bp.pol, bp.idx);
	/* at least the digests themselves */
	KUNIT_EXPECT_GE(test, bytes, (size_t)rules * 32);
	kunit_info(test, "ipe_bench: memory rules=%u bytes=%zu\n", rules,
		   bytes);
	ipe_bench_free(&bp);
}

/* a policy of @rules root-hash DENY rules that @ctx matches none of */
static struct ipe_policy *ipe_bench_store_policy(struct kunit *test,
						 const char *name, u32 rules,
						 u64 *state)
{
	struct ipe_policy *pol;
	char *text;
	size_t n;

	text = ipe_bench_text(test, name, rules, state, NULL, &n);
	pol = ipe_policy_create(NULL, 0, text, n);
	kvfree(text);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pol);
	return pol;
}

/* nanoseconds per ipe_evaluate_event(), over at least IPE_BENCH_SAMPLE_NS */
static u64 ipe_bench_decide(const struct ipe_eval_ctx *ctx)
{
	u64 start, elapsed, loops = 0, batch = 16;
	u64 i;

	start = ktime_get_ns();
	do {
		for (i = 0; i < batch; i++)
			if (unlikely(ipe_evaluate_event(ctx)))
				return U64_MAX;
		loops += batch;
		elapsed = ktime_get_ns() - start;
	} while (elapsed < IPE_BENCH_SAMPLE_NS);
	return div64_u64(elapsed, loops);
}

/*
 * The active policy and the audit policy are the store's own pointers,
 * published for the measurement and put back after it. The bench kernel
 * has no boot policy, and both policies allow every event, so whatever
 * else runs meanwhile is not refused.
 */
static void ipe_bench_audit_policy(struct kunit *test)
{
	bool success_audit = READ_ONCE(ipe_settings[IPE_SET_SUCCESS_AUDIT]);
	u64 (*ns)[IPE_BENCH_ROUNDS], ratio[IPE_BENCH_ROUNDS];
	struct ipe_policy *active, *audit, *old_active, *old_audit;
	struct ipe_bdev_facts facts = {};
	struct ipe_eval_ctx ctx = {
		.op = IPE_OP_EXECUTE,
		.hook = IPE_HOOK_MMAP,
		.bdev = &facts,
	};
	u8 absent[32] = { 0xff, 0xee };
	u64 state = 13;
	int r, set;

	ns = kunit_kcalloc(test, 2, sizeof(*ns), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ns);
	active = ipe_bench_store_policy(test, "bench_active", 100, &state);
	audit = ipe_bench_store_policy(test, "bench_audit", 100, &state);
	ipe_bdev_facts_set_root_hash(&facts, "sha256", absent, 32);

	old_active = rcu_access_pointer(ipe_active_policy);
	old_audit = rcu_access_pointer(ipe_audit_policy);
	WRITE_ONCE(ipe_settings[IPE_SET_SUCCESS_AUDIT], false);
	rcu_assign_pointer(ipe_active_policy, active);
	for (r = 0; r < IPE_BENCH_ROUNDS; r++) {
		for (set = 0; set < 2; set++) {
			rcu_assign_pointer(ipe_audit_policy, set ? audit : NULL);
			ns[set][r] = ipe_bench_decide(&ctx);
		}
		ratio[r] = div64_u64(ns[1][r] * 1000, ns[0][r] ?: 1);
		cond_resched();
	}
	rcu_assign_pointer(ipe_audit_policy, old_audit);
	rcu_assign_pointer(ipe_active_policy, old_active);
	WRITE_ONCE(ipe_settings[IPE_SET_SUCCESS_AUDIT], success_audit);
	synchronize_rcu();
	ipe_policy_put(audit);
	ipe_policy_put(active);

	for (set = 0; set < 2; set++) {
		sort(ns[set], IPE_BENCH_ROUNDS, sizeof(u64), ipe_bench_cmp, NULL);
		KUNIT_EXPECT_NE(test, ns[set][IPE_BENCH_ROUNDS - 1], U64_MAX);
	}
	sort(ratio, IPE_BENCH_ROUNDS, sizeof(u64), ipe_bench_cmp, NULL);
	kunit_info(test,
		   "ipe_bench: audit_policy set=0 ns=%llu set=1 ns=%llu ratio=%llu.%03llu\n",
		   ns[0][IPE_BENCH_ROUNDS / 2], ns[1][IPE_BENCH_ROUNDS / 2],
		   ratio[IPE_BENCH_ROUNDS / 2] / 1000,
		   ratio[IPE_BENCH_ROUNDS / 2] % 1000);
}

/*
 * An allowlist of @rules fs-verity SHA-256 digests, each written to
 * @bp->hash[i], or with @sha512 of SHA-512 digests, each @bp->hash[i]
 * twice over; DEFAULT op=EXECUTE action=DENY. *@ns: what parsing and
 * indexing took.
 */
static void ipe_bench_fsv_make(struct kunit *test, struct ipe_bench_policy *bp,
			       u32 rules, u64 *state, u64 *ns, bool sha512)
{
	size_t line = sha512 ? 2 * IPE_BENCH_LINE : IPE_BENCH_LINE;
	size_t size = (size_t)rules * line + 128, n;
	struct ipe_parse_error err = {};
	u64 start;
	char *text;
	u32 i;

	bp->hash = kvmalloc_array(rules, sizeof(*bp->hash), GFP_KERNEL);
	text = kvmalloc(size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, bp->hash);
	KUNIT_ASSERT_NOT_NULL(test, text);
	n = scnprintf(text, size,
		      "policy_name=fsv policy_version=1.0.0\nDEFAULT action=ALLOW\nDEFAULT op=EXECUTE action=DENY\n");
	for (i = 0; i < rules; i++) {
		ipe_test_rand_fill(state, bp->hash[i], 32);
		if (sha512)
			n += scnprintf(text + n, size - n,
				       "op=EXECUTE fsverity_digest=sha512:%*phN%*phN action=ALLOW\n",
				       32, bp->hash[i], 32, bp->hash[i]);
		else
			n += scnprintf(text + n, size - n,
				       "op=EXECUTE fsverity_digest=sha256:%*phN action=ALLOW\n",
				       32, bp->hash[i]);
		if (!(i % 1024))
			cond_resched();
	}

	start = ktime_get_ns();
	bp->pol = ipe_parse_policy(text, n, true, &err);
	if (!IS_ERR(bp->pol))
		bp->idx = ipe_index_build(bp->pol);
	*ns = ktime_get_ns() - start;
	kvfree(text);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(bp->pol), "line %u: %s", err.line,
			       err.reason);
	KUNIT_ASSERT_FALSE(test, IS_ERR(bp->idx));
}

/* the memory of the largest allowlist when its digests are SHA-512 */
static void ipe_bench_fsv_sha512(struct kunit *test, u32 rules, u64 *state)
{
	struct ipe_bench_policy bp = {};
	size_t bytes;
	u64 ns;

	ipe_bench_fsv_make(test, &bp, rules, state, &ns, true);
	bytes = ipe_bench_footprint(bp.pol, bp.idx);
	kunit_info(test,
		   "ipe_bench: fsv_load rules=%u alg=sha512 ms=%llu.%03llu bytes=%zu\n",
		   rules, div_u64(ns, NSEC_PER_MSEC),
		   div_u64(ns % NSEC_PER_MSEC, NSEC_PER_USEC), bytes);
	ipe_bench_free(&bp);
}

/* the fs-verity facts of a file whose digest is @digest */
static void ipe_bench_fsv_ctx(struct ipe_eval_ctx *ctx, const u8 *digest)
{
	*ctx = (struct ipe_eval_ctx) {
		.op = IPE_OP_EXECUTE,
		.fsv_alg = "sha256",
		.fsv_digest_len = 32,
	};
	memcpy(ctx->fsv_digest, digest, 32);
	ctx->fsv_digest_key = ipe_digest_key(digest, 32);
}

/* what one sample of an fs-verity position gives, in ns per evaluation */
enum ipe_bench_fsv_fig {
	IPE_FSV_ALL,	/* the whole sample: the figure with a target */
	IPE_FSV_FIRST,	/* its first pass over the events */
	IPE_FSV_AFTER,	/* the passes after the first */
	IPE_FSV_FIGS,
};

/*
 * Nanoseconds per evaluation, each of another of @nctx events, into
 * @ns[IPE_FSV_ALL], and apart the first pass over the events, whose reads
 * of the index find little in the caches, and the passes after it, which
 * find there what the first left: at least two passes. False when an
 * evaluation decided other than @want.
 */
static bool ipe_bench_fsv_sample(const struct ipe_bench_policy *bp,
				 const struct ipe_eval_ctx *ctx, u32 nctx,
				 u8 want, u64 *ns)
{
	struct ipe_eval_result res;
	u64 start, first = 0, elapsed, loops = 0;
	u32 i;

	start = ktime_get_ns();
	do {
		for (i = 0; i < nctx; i++) {
			ipe_eval_indexed(bp->pol, bp->idx, &ctx[i], &res);
			if (unlikely(res.action != want)) {
				ns[IPE_FSV_ALL] = U64_MAX;
				ns[IPE_FSV_FIRST] = U64_MAX;
				ns[IPE_FSV_AFTER] = U64_MAX;
				return false;
			}
		}
		loops += nctx;
		elapsed = ktime_get_ns() - start;
		if (!first)
			first = elapsed;
	} while (elapsed < IPE_BENCH_SAMPLE_NS || loops < 2 * nctx);
	ns[IPE_FSV_ALL] = div64_u64(elapsed, loops);
	ns[IPE_FSV_FIRST] = div_u64(first, nctx);
	ns[IPE_FSV_AFTER] = div64_u64(elapsed - first, loops - nctx);
	return true;
}

static void ipe_bench_fsverity(struct kunit *test)
{
	const int nsizes = ARRAY_SIZE(ipe_bench_fsv_sizes);
	struct ipe_bench_policy bp[ARRAY_SIZE(ipe_bench_fsv_sizes)] = {};
	u64 (*samples)[IPE_POS_FSV_N][IPE_FSV_FIGS][IPE_BENCH_ROUNDS];
	struct ipe_eval_ctx (*ctx)[IPE_POS_N];
	u64 state = 17, load_ns, ns[IPE_FSV_FIGS];
	int s, p, r, f;
	u8 want;
	u32 i;

	samples = kunit_kcalloc(test, nsizes, sizeof(*samples), GFP_KERNEL);
	ctx = kvcalloc(IPE_BENCH_FSV_KEYS, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, samples);
	KUNIT_ASSERT_NOT_NULL(test, ctx);

	for (s = 0; s < nsizes; s++) {
		u32 n = ipe_bench_fsv_sizes[s];
		size_t bytes;

		ipe_bench_fsv_make(test, &bp[s], n, &state, &load_ns, false);
		bytes = ipe_bench_footprint(bp[s].pol, bp[s].idx);
		kunit_info(test,
			   "ipe_bench: fsv_load rules=%u ms=%llu.%03llu bytes=%zu\n",
			   n, div_u64(load_ns, NSEC_PER_MSEC),
			   div_u64(load_ns % NSEC_PER_MSEC, NSEC_PER_USEC),
			   bytes);
	}
	ipe_bench_fsv_sha512(test, ipe_bench_fsv_sizes[nsizes - 1], &state);

	for (r = 0; r < IPE_BENCH_ROUNDS; r++) {
		for (s = 0; s < nsizes; s++) {
			u32 n = ipe_bench_fsv_sizes[s];

			/* the events of this size: first, last, no rules */
			for (i = 0; i < IPE_BENCH_FSV_KEYS; i++) {
				u8 absent[32];
				u32 k = i % n;

				ipe_test_rand_fill(&state, absent, 32);
				ipe_bench_fsv_ctx(&ctx[i][IPE_POS_END],
						  bp[s].hash[n - 1 - k]);
				ipe_bench_fsv_ctx(&ctx[i][IPE_POS_MIDDLE],
						  bp[s].hash[k]);
				ipe_bench_fsv_ctx(&ctx[i][IPE_POS_ABSENT],
						  absent);
			}
			for (p = 0; p < IPE_POS_FSV_N; p++) {
				struct ipe_eval_ctx *one;

				/* one position's events, in a row */
				one = kvcalloc(IPE_BENCH_FSV_KEYS,
					       sizeof(*one), GFP_KERNEL);
				KUNIT_ASSERT_NOT_NULL(test, one);
				for (i = 0; i < IPE_BENCH_FSV_KEYS; i++) {
					if (p == IPE_POS_FSV_ONE)
						ipe_bench_fsv_ctx(&one[i],
								  bp[s].hash[n / 2]);
					else
						one[i] = ctx[i][p];
				}
				want = p == IPE_POS_ABSENT ? IPE_ACTION_DENY :
							     IPE_ACTION_ALLOW;
				KUNIT_EXPECT_TRUE(test,
						  ipe_bench_fsv_sample(&bp[s], one,
								       IPE_BENCH_FSV_KEYS,
								       want, ns));
				for (f = 0; f < IPE_FSV_FIGS; f++)
					samples[s][p][f][r] = ns[f];
				kvfree(one);
			}
			cond_resched();
		}
	}

	for (s = 0; s < nsizes; s++) {
		for (p = 0; p < IPE_POS_FSV_N; p++) {
			for (f = 0; f < IPE_FSV_FIGS; f++)
				sort(samples[s][p][f], IPE_BENCH_ROUNDS,
				     sizeof(u64), ipe_bench_cmp, NULL);
			kunit_info(test,
				   "ipe_bench: fsv rules=%u pos=%s ns=%llu first_ns=%llu after_ns=%llu\n",
				   ipe_bench_fsv_sizes[s],
				   p == IPE_POS_FSV_ONE ? "one" :
				   p == IPE_POS_MIDDLE ? "start" :
				   ipe_bench_pos_name[p],
				   samples[s][p][IPE_FSV_ALL][IPE_BENCH_ROUNDS / 2],
				   samples[s][p][IPE_FSV_FIRST][IPE_BENCH_ROUNDS / 2],
				   samples[s][p][IPE_FSV_AFTER][IPE_BENCH_ROUNDS / 2]);
		}
	}
	kvfree(ctx);
	for (s = 0; s < nsizes; s++)
		ipe_bench_free(&bp[s]);
}

static struct kunit_case ipe_bench_cases[] = {
	KUNIT_CASE(ipe_bench_eval),
	KUNIT_CASE(ipe_bench_memory),
	KUNIT_CASE(ipe_bench_fsverity),
	KUNIT_CASE(ipe_bench_audit_policy),
	{}
};

static struct kunit_suite ipe_bench_suite = {
	.name = "ipe_bench",
	.test_cases = ipe_bench_cases,
};

kunit_test_suite(ipe_bench_suite);
