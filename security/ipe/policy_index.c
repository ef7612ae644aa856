// SPDX-License-Identifier: GPL-2.0
/*
 * IPE rule index.
 *
 * A rule with a dmverity_roothash property can only match a file whose
 * device has that root hash, one with fsverity_digest only a file with
 * that fs-verity digest. Such rules are kept in hash tables per op and
 * kind of digest, keyed by the digest bytes; every other rule stays in a
 * short ordered list. An evaluation (ipe_eval_indexed()) walks that list
 * and, side by side, the rules of the file's digests, which a table keeps
 * in a row from their home slot, in rule order; so the first rule that
 * matches is the one a walk of the whole rule table would find.
 * A table is one flat array of slots, each holding the digest's hash and
 * the rule's position in the op's rule table: a lookup reads the slots
 * from the home slot on, in most cases in one cache line, and the rules
 * it finds there; the order of the policy text is the only order.
 *
 * The index is built once per policy version, when it is loaded, and is
 * read-only afterwards: evaluations read it under RCU without a lock.
 */

#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>

#include "policy_index.h"
#include "property.h"

/* the digest an indexed rule needs, and of which kind; NULL for none */
static const struct ipe_digest *ipe_rule_key(const struct ipe_rule *rule,
					     enum ipe_index_kind *kind)
{
	u16 i;

	for (i = 0; i < rule->prop_count; i++) {
		const struct ipe_prop *prop = &rule->props[i];

		if (prop->type == &ipe_prop_dmverity_roothash) {
			*kind = IPE_INDEX_DMV_ROOTHASH;
			return prop->value.data;
		}
		if (prop->type == &ipe_prop_fsverity_digest) {
			*kind = IPE_INDEX_FSV_DIGEST;
			return prop->value.data;
		}
	}
	return NULL;
}

/*
 * A zeroed array, freed with kvfree(). One larger than a page comes from
 * vmalloc(), which sizes it to the page: kvmalloc() would first try
 * kmalloc(), which rounds a large array up to a power of two of pages.
 */
static void *ipe_index_array(size_t n, size_t size)
{
	size_t bytes = array_size(n, size);

	if (bytes <= PAGE_SIZE)
		return kzalloc(bytes, GFP_KERNEL);
	return __vmalloc(bytes, GFP_KERNEL | __GFP_ZERO | __GFP_NOWARN);
}

static void ipe_op_index_free(struct ipe_op_index *oi)
{
	int k;

	kvfree(oi->plain);
	for (k = 0; k < IPE_INDEX_KINDS; k++)
		kvfree(oi->tables[k].slots);
}

/*
 * The home slot of rule @i in a table of @nhome home slots when it needs
 * a digest of @kind, else -1 (as a u64, out of the range of any home slot).
 */
static u64 ipe_rule_home(const struct ipe_op_rules *rules, u32 i,
			 enum ipe_index_kind kind, u32 nhome, u32 *hash)
{
	enum ipe_index_kind k;
	const struct ipe_digest *d = ipe_rule_key(&rules->rules[i], &k);

	if (!d || k != kind)
		return U64_MAX;
	*hash = ipe_digest_key(d->bytes, d->len);
	return ipe_index_home(*hash, nhome);
}

/* slots by hash, and rules of one hash in rule order */
static int ipe_slot_cmp(const void *a, const void *b)
{
	const struct ipe_index_slot *x = a, *y = b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	if (x->rule != y->rule)
		return x->rule < y->rule ? -1 : 1;
	return 0;
}

/*
 * Sort the rules of each home slot of @t by hash. They are in rule order,
 * most home slots have none or one, and sort() takes n log n steps at
 * worst, even when a policy piles its rules on one home slot.
 */
static void ipe_table_sort_homes(struct ipe_index_table *t)
{
	u32 i, j, home;

	for (i = 0; i < t->nslots; i = j) {
		j = i + 1;
		if (t->slots[i].rule == IPE_INDEX_NO_RULE)
			continue;
		home = ipe_index_home(t->slots[i].hash, t->nhome);
		while (t->slots[j].rule != IPE_INDEX_NO_RULE &&
		       ipe_index_home(t->slots[j].hash, t->nhome) == home)
			j++;
		if (j - i > 1)
			sort(&t->slots[i], j - i, sizeof(*t->slots),
			     ipe_slot_cmp, NULL);
		cond_resched();
	}
}

/*
 * Fill table @t with the @count rules of @rules that need a digest of
 * @kind. The home slots are three quarters more than the rules, so that
 * the runs of taken slots stay short: a lookup reads fewer than one slot
 * past its home slot on average. Linear passes over the rules: the first
 * counts the rules of each home slot, from which the start of each home
 * slot's rules follows (its home slot, or the end of the rules before it
 * when they reach further); the second puts every rule in its place, in
 * rule order. The rules of each home slot are then sorted by hash.
 */
static int ipe_table_build(struct ipe_index_table *t,
			   const struct ipe_op_rules *rules,
			   enum ipe_index_kind kind, u32 count)
{
	u32 i, b, end, hash, *start;
	u64 home;

	if (!count)
		return 0;
	/* no policy the size cap lets in has that many rules */
	if (check_add_overflow(count, count / 2 + count / 4, &t->nhome))
		return -ENOMEM;
	start = ipe_index_array(t->nhome, sizeof(*start));
	if (!start)
		return -ENOMEM;

	for (i = 0; i < rules->count; i++) {
		home = ipe_rule_home(rules, i, kind, t->nhome, &hash);
		if (home != U64_MAX)
			start[home]++;
		/* hundreds of thousands of rules, twice: let others run */
		cond_resched();
	}
	/* counts become starts; @end: one past the rules placed so far */
	for (b = 0, end = 0; b < t->nhome; b++) {
		u32 n = start[b];

		start[b] = max(b, end);
		if (n)
			end = start[b] + n;
	}
	/* and one empty slot after the last, where every lookup stops */
	t->nslots = max(t->nhome, end) + 1;

	t->slots = ipe_index_array(t->nslots, sizeof(*t->slots));
	if (!t->slots) {
		kvfree(start);
		return -ENOMEM;
	}
	for (i = 0; i < t->nslots; i++)
		t->slots[i] = (struct ipe_index_slot) {
			.hash = U32_MAX,
			.rule = IPE_INDEX_NO_RULE,
		};
	for (i = 0; i < rules->count; i++) {
		home = ipe_rule_home(rules, i, kind, t->nhome, &hash);
		if (home == U64_MAX)
			continue;
		t->slots[start[home]++] = (struct ipe_index_slot) {
			.hash = hash,
			.rule = i,
		};
		cond_resched();
	}
	kvfree(start);
	ipe_table_sort_homes(t);
	return 0;
}

static int ipe_op_index_build(struct ipe_op_index *oi,
			      const struct ipe_op_rules *rules)
{
	u32 counts[IPE_INDEX_KINDS] = {};
	enum ipe_index_kind k;
	u32 i, plain = 0;
	int rc;

	for (i = 0; i < rules->count; i++) {
		if (ipe_rule_key(&rules->rules[i], &k))
			counts[k]++;
		else
			plain++;
	}

	if (plain) {
		oi->plain = ipe_index_array(plain, sizeof(*oi->plain));
		if (!oi->plain)
			return -ENOMEM;
		for (i = 0; i < rules->count; i++)
			if (!ipe_rule_key(&rules->rules[i], &k))
				oi->plain[oi->plain_count++] = i;
	}

	for (k = 0; k < IPE_INDEX_KINDS; k++) {
		rc = ipe_table_build(&oi->tables[k], rules, k, counts[k]);
		if (rc)
			return rc;
	}
	return 0;
}

/**
 * ipe_index_build() - index the rules of a parsed policy
 * @pol: the policy; must outlive the index
 *
 * Context: process context; allocates with GFP_KERNEL.
 * Return: the index, to be released with ipe_index_free(), or
 * ERR_PTR(-ENOMEM).
 */
struct ipe_policy_index *ipe_index_build(const struct ipe_parsed_policy *pol)
{
	struct ipe_policy_index *idx;
	int op, rc;

	idx = kzalloc(sizeof(*idx), GFP_KERNEL);
	if (!idx)
		return ERR_PTR(-ENOMEM);
	for (op = 0; op < IPE_OP_COUNT; op++) {
		rc = ipe_op_index_build(&idx->ops[op], &pol->ops[op]);
		if (rc) {
			ipe_index_free(idx);
			return ERR_PTR(rc);
		}
	}
	return idx;
}

/**
 * ipe_index_free() - release an index
 * @idx: the index, or NULL
 */
void ipe_index_free(struct ipe_policy_index *idx)
{
	int op;

	if (!idx)
		return;
	for (op = 0; op < IPE_OP_COUNT; op++)
		ipe_op_index_free(&idx->ops[op]);
	kfree(idx);
}
