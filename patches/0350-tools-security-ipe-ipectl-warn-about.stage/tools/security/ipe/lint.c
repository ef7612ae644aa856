// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl warnings about a policy the kernel accepts:
 *
 * - a rule that can never match: an earlier rule of the same op needs
 *   only properties this rule also needs (a subset), so every event this
 *   rule would match is decided by the earlier one. A root hash without
 *   algorithm counts as needed by a rule with the same hash and any
 *   algorithm, as it matches whenever that one does;
 * - the same dmverity_roothash value twice in the rules of one op.
 *
 * Rules are compared within each op's table, as the kernel evaluates
 * them; a KERNEL_READ line is one rule in each of six tables, and its
 * warnings are merged back into one message.
 *
 * Candidates for shadowing are found without comparing every pair: for
 * each distinct set of properties only its first rule can matter, and a
 * rule with a root hash can only be shadowed by rules without one or
 * with the same hash bytes.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipectl.h"
#include "property.h"

#define LINT_NONE	SIZE_MAX
#define LINT_PROP_TEXT	(2 * IPE_DIGEST_MAX_LEN + 64)
#define LINT_KREAD_MASK	(((1U << IPE_OP_COUNT) - 1) & ~(1U << IPE_OP_EXECUTE))

/* a string-keyed hash map of indices */
struct lint_map {
	char **keys;
	size_t *vals;
	size_t cap;
	size_t count;
};

static size_t lint_hash(const char *s)
{
	size_t h = 14695981039346656037ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static size_t *lint_map_find(struct lint_map *m, const char *key)
{
	size_t i;

	if (!m->cap)
		return NULL;
	for (i = lint_hash(key) & (m->cap - 1); m->keys[i];
	     i = (i + 1) & (m->cap - 1))
		if (!strcmp(m->keys[i], key))
			return &m->vals[i];
	return NULL;
}

static bool lint_map_grow(struct lint_map *m)
{
	struct lint_map bigger = { };
	size_t i;

	bigger.cap = m->cap ? 2 * m->cap : 64;
	bigger.keys = calloc(bigger.cap, sizeof(*bigger.keys));
	bigger.vals = calloc(bigger.cap, sizeof(*bigger.vals));
	if (!bigger.keys || !bigger.vals) {
		free(bigger.keys);
		free(bigger.vals);
		return false;
	}
	for (i = 0; i < m->cap; i++) {
		size_t j;

		if (!m->keys[i])
			continue;
		for (j = lint_hash(m->keys[i]) & (bigger.cap - 1);
		     bigger.keys[j]; j = (j + 1) & (bigger.cap - 1))
			;
		bigger.keys[j] = m->keys[i];
		bigger.vals[j] = m->vals[i];
	}
	bigger.count = m->count;
	free(m->keys);
	free(m->vals);
	*m = bigger;
	return true;
}

/* add @key (copied) with @val; false when out of memory */
static bool lint_map_add(struct lint_map *m, const char *key, size_t val)
{
	size_t i;

	if (2 * (m->count + 1) > m->cap && !lint_map_grow(m))
		return false;
	for (i = lint_hash(key) & (m->cap - 1); m->keys[i];
	     i = (i + 1) & (m->cap - 1))
		;
	m->keys[i] = strdup(key);
	if (!m->keys[i])
		return false;
	m->vals[i] = val;
	m->count++;
	return true;
}

static void lint_map_free(struct lint_map *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

/* one rule of one op table, as the warnings look at it */
struct lint_rule {
	const struct ipe_rule *rule;
	char **text;			/* each property, printed */
	char *set;			/* the sorted texts, space-separated */
	const struct ipe_digest *digest;	/* its root hash, or NULL */
	char *anchor;			/* the root hash bytes in hex */
	size_t next;			/* next distinct set of its bucket */
};

enum lint_kind {
	LINT_SHADOWED,
	LINT_DUPLICATE,
};

/* one finding in one op table, merged over ops before it is reported */
struct lint_hit {
	enum lint_kind kind;
	u32 line;
	u32 other;
	char *value;
	unsigned int ops;
};

struct lint_hits {
	struct lint_hit *v;
	size_t count;
	size_t cap;
};

static void lint_hit_add(struct lint_hits *h, enum lint_kind kind, u32 line,
			 u32 other, const char *value, int op)
{
	struct lint_hit *v;

	if (h->count == h->cap) {
		size_t cap = h->cap ? 2 * h->cap : 16;

		v = realloc(h->v, cap * sizeof(*v));
		if (!v)
			return;
		h->v = v;
		h->cap = cap;
	}
	v = &h->v[h->count];
	v->value = strdup(value ? value : "");
	if (!v->value)
		return;
	v->kind = kind;
	v->line = line;
	v->other = other;
	v->ops = 1U << op;
	h->count++;
}

static int lint_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool lint_rule_init(struct lint_rule *lr, const struct ipe_rule *r)
{
	static const char hexdig[] = "0123456789abcdef";
	char **sorted;
	size_t total = 1;
	u16 i;

	memset(lr, 0, sizeof(*lr));
	lr->rule = r;
	lr->next = LINT_NONE;
	lr->text = calloc(r->prop_count + 1, sizeof(*lr->text));
	sorted = calloc(r->prop_count + 1, sizeof(*sorted));
	if (!lr->text || !sorted) {
		free(sorted);
		return false;
	}
	for (i = 0; i < r->prop_count; i++) {
		const struct ipe_prop *p = &r->props[i];
		char buf[LINT_PROP_TEXT];

		p->type->print(buf, sizeof(buf), p);
		lr->text[i] = strdup(buf);
		if (!lr->text[i]) {
			free(sorted);
			return false;
		}
		sorted[i] = lr->text[i];
		total += strlen(buf) + 1;
		if (p->type == &ipe_prop_dmverity_roothash)
			lr->digest = p->value.data;
	}
	qsort(sorted, r->prop_count, sizeof(*sorted), lint_cmp_str);
	lr->set = malloc(total);
	if (!lr->set) {
		free(sorted);
		return false;
	}
	lr->set[0] = '\0';
	for (i = 0; i < r->prop_count; i++) {
		if (i)
			strcat(lr->set, " ");
		strcat(lr->set, sorted[i]);
	}
	free(sorted);
	if (lr->digest) {
		const struct ipe_digest *d = lr->digest;

		lr->anchor = malloc(2 * d->len + 1);
		if (!lr->anchor)
			return false;
		for (i = 0; i < d->len; i++) {
			lr->anchor[2 * i] = hexdig[d->bytes[i] >> 4];
			lr->anchor[2 * i + 1] = hexdig[d->bytes[i] & 15];
		}
		lr->anchor[2 * d->len] = '\0';
	}
	return true;
}

static void lint_rule_free(struct lint_rule *lr)
{
	u16 i;

	if (lr->text)
		for (i = 0; i < lr->rule->prop_count; i++)
			free(lr->text[i]);
	free(lr->text);
	free(lr->set);
	free(lr->anchor);
}

/* every event that has property @j of rule @b also has @i of rule @a */
static bool lint_implies(const struct lint_rule *a, u16 i,
			 const struct lint_rule *b, u16 j)
{
	const struct ipe_prop *p = &a->rule->props[i];
	const struct ipe_prop *q = &b->rule->props[j];
	const struct ipe_digest *dp, *dq;

	if (p->type != q->type)
		return false;
	if (!strcmp(a->text[i], b->text[j]))
		return true;
	if (p->type != &ipe_prop_dmverity_roothash)
		return false;
	dp = p->value.data;
	dq = q->value.data;
	/* a hash without algorithm matches the same hash of any algorithm */
	return !dp->alg && dp->len == dq->len &&
	       !memcmp(dp->bytes, dq->bytes, dp->len);
}

/* every event rule @b matches, rule @a matches too */
static bool lint_covers(const struct lint_rule *a, const struct lint_rule *b)
{
	u16 i, j;

	for (i = 0; i < a->rule->prop_count; i++) {
		for (j = 0; j < b->rule->prop_count; j++)
			if (lint_implies(a, i, b, j))
				break;
		if (j == b->rule->prop_count)
			return false;
	}
	return true;
}

/* the earliest rule of the bucket starting at @f that covers rule @j */
static size_t lint_first_cover(const struct lint_rule *lr, size_t f,
			       size_t j, size_t best)
{
	for (; f != LINT_NONE; f = lr[f].next)
		if (f < best && lint_covers(&lr[f], &lr[j]))
			best = f;
	return best;
}

static bool lint_op(const struct ipe_op_rules *t, int op,
		    struct lint_hits *hits)
{
	struct lint_map sets = { }, buckets = { }, digests = { };
	size_t plain = LINT_NONE, j, n = t->count;
	struct lint_rule *lr;
	bool ok = false;

	lr = calloc(n ? n : 1, sizeof(*lr));
	if (!lr)
		return false;
	for (j = 0; j < n; j++) {
		size_t best, *head, *first;

		if (!lint_rule_init(&lr[j], &t->rules[j]))
			goto out;

		best = lint_first_cover(lr, plain, j, LINT_NONE);
		head = lr[j].anchor ? lint_map_find(&buckets, lr[j].anchor) :
				      NULL;
		if (head)
			best = lint_first_cover(lr, *head, j, best);
		if (best != LINT_NONE)
			lint_hit_add(hits, LINT_SHADOWED, t->rules[j].line,
				     lr[best].rule->line, NULL, op);

		if (lr[j].digest) {
			u16 i;

			for (i = 0; i < t->rules[j].prop_count; i++)
				if (t->rules[j].props[i].type ==
				    &ipe_prop_dmverity_roothash)
					break;
			first = lint_map_find(&digests, lr[j].text[i]);
			if (first)
				lint_hit_add(hits, LINT_DUPLICATE,
					     t->rules[j].line,
					     t->rules[*first].line,
					     lr[j].text[i], op);
			else if (!lint_map_add(&digests, lr[j].text[i], j))
				goto out;
		}

		/* only the first rule of each distinct set can shadow */
		if (lint_map_find(&sets, lr[j].set))
			continue;
		if (!lint_map_add(&sets, lr[j].set, j))
			goto out;
		if (!lr[j].anchor) {
			lr[j].next = plain;
			plain = j;
		} else if (head) {
			lr[j].next = *head;
			*head = j;
		} else if (!lint_map_add(&buckets, lr[j].anchor, j)) {
			goto out;
		}
	}
	ok = true;
out:
	for (j = 0; j < n; j++)
		if (lr[j].rule)
			lint_rule_free(&lr[j]);
	free(lr);
	lint_map_free(&sets);
	lint_map_free(&buckets);
	lint_map_free(&digests);
	return ok;
}

static int lint_hit_cmp(const void *a, const void *b)
{
	const struct lint_hit *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->other != y->other)
		return x->other < y->other ? -1 : 1;
	return strcmp(x->value, y->value);
}

/* "EXECUTE", "KERNEL_READ" or "FIRMWARE,KMODULE" for a mask of ops */
static void lint_ops_name(unsigned int ops, char *buf, size_t size)
{
	size_t pos = 0;
	int op;

	if (ops == LINT_KREAD_MASK) {
		snprintf(buf, size, "KERNEL_READ");
		return;
	}
	buf[0] = '\0';
	for (op = 0; op < IPE_OP_COUNT; op++)
		if (ops & (1U << op))
			pos += snprintf(buf + pos, size - pos, "%s%s",
					pos ? "," : "", ipe_op_name(op));
}

static void lint_report(struct lint_hits *h, const struct ipectl_text *t,
			struct ipectl_diags *ds)
{
	size_t i, j;

	if (h->count > 1)
		qsort(h->v, h->count, sizeof(h->v[0]), lint_hit_cmp);
	for (i = 0; i < h->count; i = j) {
		const struct lint_hit *x = &h->v[i];
		unsigned int ops = 0;
		char names[128];

		for (j = i; j < h->count && !lint_hit_cmp(x, &h->v[j]); j++)
			ops |= h->v[j].ops;
		lint_ops_name(ops, names, sizeof(names));
		if (x->kind == LINT_SHADOWED)
			ipectl_diag_add(ds, false, x->line,
					ipectl_first_token_column(t, x->line),
					"rule for op=%s never matches: the rule at line %u matches every event it would match",
					names, x->other);
		else if (x->kind == LINT_DUPLICATE)
			ipectl_diag_add(ds, false, x->line,
					ipectl_key_column(t, x->line,
							  "dmverity_roothash"),
					"duplicate %s for op=%s (first at line %u)",
					x->value, names, x->other);
	}
}

/**
 * ipectl_lint() - warn about what a policy the kernel accepts gets wrong
 * @pol: the parsed policy
 * @t: its text, for locations
 * @ds: receives the warnings
 */
void ipectl_lint(const struct ipe_parsed_policy *pol,
		 const struct ipectl_text *t, struct ipectl_diags *ds)
{
	struct lint_hits hits = { };
	size_t i;
	int op;

	for (op = 0; op < IPE_OP_COUNT; op++)
		if (!lint_op(&pol->ops[op], op, &hits))
			ipectl_diag_add(ds, false, 0, 0,
					"out of memory: some rules were not checked");
	lint_report(&hits, t, ds);
	for (i = 0; i < hits.count; i++)
		free(hits.v[i].value);
	free(hits.v);
}
