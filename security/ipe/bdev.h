/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE dm-verity facts kept on block devices.
 */
#ifndef _IPE_BDEV_H
#define _IPE_BDEV_H

#include <linux/blk_types.h>
#include <linux/lsm_hooks.h>
#include <linux/rcupdate.h>
#include <linux/security.h>
#include <linux/types.h>

#include "blobs.h"
#include "eval.h"
#include "property.h"

struct super_block;

/**
 * ipe_bdev_facts_set_root_hash() - record a dm-verity root hash in facts
 * @facts: the facts to fill in
 * @alg: the hash algorithm, or NULL when unknown
 * @hash: the root hash; must outlive @facts
 * @len: bytes in @hash, not 0
 *
 * Sets the hash and its index key together, so that they cannot disagree.
 */
static inline void
ipe_bdev_facts_set_root_hash(struct ipe_bdev_facts *facts, const char *alg,
			     const u8 *hash, size_t len)
{
	facts->dmv_alg = alg;
	facts->dmv_root_hash = hash;
	facts->dmv_root_hash_len = len;
	facts->dmv_root_hash_key = ipe_digest_key(hash, len);
}

#ifdef CONFIG_IPE_PROP_DM_VERITY

void ipe_bdev_free_security(struct block_device *bdev);
int ipe_bdev_setintegrity(struct block_device *bdev,
			  enum lsm_integrity_type type, const void *value,
			  size_t size);
const struct ipe_bdev_facts *ipe_bdev_facts(const struct block_device *bdev);
bool ipe_sb_data_on_bdev(const struct super_block *sb);
const struct ipe_bdev_facts *ipe_sb_bdev_facts(const struct super_block *sb);

#else

static inline const struct ipe_bdev_facts *
ipe_sb_bdev_facts(const struct super_block *sb)
{
	return NULL;
}

#endif /* CONFIG_IPE_PROP_DM_VERITY */

#endif /* _IPE_BDEV_H */
