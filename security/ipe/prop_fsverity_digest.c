// SPDX-License-Identifier: GPL-2.0
/*
 * IPE property fsverity_digest=ALG:HEX: the file has fs-verity enabled and
 * its fs-verity digest (what "fsverity measure" prints) is this one, of
 * this algorithm. Unlike dmverity_roothash, the algorithm is required.
 */

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>

#include "eval.h"
#include "property.h"

static int ipe_fsv_digest_parse(const char *value, struct ipe_prop *prop,
				struct ipe_arena *arena, char *why,
				size_t why_len)
{
	struct ipe_digest *d = ipe_digest_parse(value, arena, why, why_len);

	if (IS_ERR(d))
		return PTR_ERR(d);
	if (!d->alg) {
		/* its bytes stay in the arena until the policy goes */
		snprintf(why, why_len, "fsverity_digest needs ALG:HEX");
		return -EBADMSG;
	}
	prop->value.data = d;
	return 0;
}

static bool ipe_fsv_digest_match(const struct ipe_prop *prop,
				 const struct ipe_eval_ctx *ctx)
{
	if (!ctx->fsv_alg)
		return false;
	return ipe_digest_equal(prop->value.data, ctx->fsv_alg,
				ctx->fsv_digest, ctx->fsv_digest_len);
}

static int ipe_fsv_digest_print(char *buf, size_t size,
				const struct ipe_prop *prop)
{
	return ipe_digest_print(buf, size, prop->type->key, prop->value.data);
}

const struct ipe_prop_type ipe_prop_fsverity_digest = {
	.key = "fsverity_digest",
	IPE_PROP_KCONFIG(CONFIG_IPE_PROP_FS_VERITY),
	.parse = ipe_fsv_digest_parse,
	.match = ipe_fsv_digest_match,
	.print = ipe_fsv_digest_print,
};
