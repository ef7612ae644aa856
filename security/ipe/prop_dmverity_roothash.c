// SPDX-License-Identifier: GPL-2.0
/*
 * IPE property dmverity_roothash=HEX or =ALG:HEX: the file's block device
 * is a dm-verity target with this root hash.
 */

#include <linux/err.h>

#include "eval.h"
#include "property.h"

static int ipe_dmv_roothash_parse(const char *value, struct ipe_prop *prop,
				  struct ipe_arena *arena, char *why,
				  size_t why_len)
{
	struct ipe_digest *d = ipe_digest_parse(value, arena, why, why_len);

	if (IS_ERR(d))
		return PTR_ERR(d);
	prop->value.data = d;
	return 0;
}

static bool ipe_dmv_roothash_match(const struct ipe_prop *prop,
				   const struct ipe_eval_ctx *ctx)
{
	const struct ipe_bdev_facts *bdev = ctx->bdev;

	if (!bdev || !bdev->dmv_root_hash)
		return false;
	return ipe_digest_equal(prop->value.data, bdev->dmv_alg,
				bdev->dmv_root_hash, bdev->dmv_root_hash_len);
}

static int ipe_dmv_roothash_print(char *buf, size_t size,
				  const struct ipe_prop *prop)
{
	return ipe_digest_print(buf, size, prop->type->key, prop->value.data);
}

const struct ipe_prop_type ipe_prop_dmverity_roothash = {
	.key = "dmverity_roothash",
	IPE_PROP_KCONFIG(CONFIG_IPE_PROP_DM_VERITY),
	.parse = ipe_dmv_roothash_parse,
	.match = ipe_dmv_roothash_match,
	.print = ipe_dmv_roothash_print,
};
