/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE rule index: rules that need a given digest are found by hashing
 * the digest of the file under evaluation, not by a scan of every rule.
 */
#ifndef _IPE_POLICY_INDEX_H
#define _IPE_POLICY_INDEX_H

#include <linux/limits.h>
#include <linux/types.h>

#include "policy.h"

/**
 * enum ipe_index_kind - the digests a rule can be indexed by
 * @IPE_INDEX_DMV_ROOTHASH: the root hash of the file's dm-verity device
 * @IPE_INDEX_FSV_DIGEST: the file's fs-verity digest
 * @IPE_INDEX_KINDS: number of kinds
 */
enum ipe_index_kind {
	IPE_INDEX_DMV_ROOTHASH,
	IPE_INDEX_FSV_DIGEST,
	IPE_INDEX_KINDS,
};

/* the rule of an empty slot */
#define IPE_INDEX_NO_RULE	U32_MAX

/**
 * struct ipe_index_slot - one slot of an index table
 * @hash: hash of the digest the rule needs
 * @rule: the rule's position in its op's rule table, or
 *	%IPE_INDEX_NO_RULE for an empty slot
 */
struct ipe_index_slot {
	u32 hash;
	u32 rule;
};

/**
 * struct ipe_index_table - the rules of one op that need one kind of digest
 * @mask: number of home slots minus one (a power of two minus one); a
 *	rule's home slot is its hash & @mask
 * @nslots: slots in @slots: the home slots and the ones the last rules
 *	spilled into past them
 * @slots: the rules, by home slot and within one home slot in rule
 *	order; each at its home slot or, when that is taken, right after the
 *	rule before it, so that the rules of one home slot are found in a row
 *	from it, after rules of earlier home slots that spilled there
 */
struct ipe_index_table {
	u32 mask;
	u32 nslots;
	struct ipe_index_slot *slots;
};

/**
 * struct ipe_op_index - how the rules of one op are found
 * @plain: positions of the rules that need no indexed digest, in order
 * @plain_count: entries in @plain
 * @tables: the indexed rules, by kind; a table without slots is empty
 */
struct ipe_op_index {
	u32 *plain;
	u32 plain_count;
	struct ipe_index_table tables[IPE_INDEX_KINDS];
};

/**
 * struct ipe_policy_index - the index of a whole policy
 * @ops: one per op
 */
struct ipe_policy_index {
	struct ipe_op_index ops[IPE_OP_COUNT];
};

struct ipe_policy_index *ipe_index_build(const struct ipe_parsed_policy *pol);
void ipe_index_free(struct ipe_policy_index *idx);

#endif /* _IPE_POLICY_INDEX_H */
