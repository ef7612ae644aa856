// SPDX-License-Identifier: GPL-2.0
/*
 * IPE rule index.
 *
 * A rule with a dmverity_roothash property can only match a file whose
 * device has that root hash, one with fsverity_digest only a file with
 * that fs-verity digest. Such rules are kept in hash tables per op and
 * kind of digest, keyed by the digest bytes; every other rule stays in a
 * short ordered list. An evaluation (ipe_eval_indexed()) walks that list
 * and the one bucket of each of the file's digests side by side, in rule
 * order, so the first rule that matches is the one a walk of the whole
 * table would find.
 * Buckets hold positions in the op's rule table: the order of the policy
 * text is the only order.
 *
 * The index is built once per policy version, when it is loaded, and is
 * read-only afterwards: evaluations read it under RCU without a lock.
 */

#include <linux/log2.h>
#include <linux/sched.h>
#include <linux/slab.h>
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
	for (k = 0; k < IPE_INDEX_KINDS; k++) {
		kvfree(oi->tables[k].first);
		kvfree(oi->tables[k].entries);
	}
}

static int ipe_table_build(struct ipe_index_table *t,
			   const struct ipe_op_rules *rules,
			   enum ipe_index_kind kind, u32 count)
{
	enum ipe_index_kind k;
	u32 i, b, nbuckets;

	if (!count)
		return 0;
	/* about one rule per bucket */
	nbuckets = roundup_pow_of_two(count);
	t->mask = nbuckets - 1;
	t->first = ipe_index_array(nbuckets + 1, sizeof(*t->first));
	t->entries = ipe_index_array(count, sizeof(*t->entries));
	if (!t->first || !t->entries)
		return -ENOMEM;

	/* count per bucket, then turn counts into start offsets */
	for (i = 0; i < rules->count; i++) {
		const struct ipe_digest *d = ipe_rule_key(&rules->rules[i], &k);

		if (d && k == kind)
			t->first[(ipe_digest_key(d->bytes, d->len) & t->mask) + 1]++;
		/* hundreds of thousands of rules, twice: let others run */
		cond_resched();
	}
	for (b = 0; b < nbuckets; b++)
		t->first[b + 1] += t->first[b];

	/* fill in rule order; first[b] runs up to the start of bucket b + 1 */
	for (i = 0; i < rules->count; i++) {
		const struct ipe_digest *d = ipe_rule_key(&rules->rules[i], &k);
		u32 h;

		if (!d || k != kind)
			continue;
		h = ipe_digest_key(d->bytes, d->len);
		t->entries[t->first[h & t->mask]++] = (struct ipe_index_entry) {
			.hash = h,
			.rule = i,
		};
		cond_resched();
	}
	/* shift back: first[b] is again the start of bucket b */
	for (b = nbuckets; b > 0; b--)
		t->first[b] = t->first[b - 1];
	t->first[0] = 0;
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
