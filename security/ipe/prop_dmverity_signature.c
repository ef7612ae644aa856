// SPDX-License-Identifier: GPL-2.0
/*
 * IPE property dmverity_signature=TRUE|FALSE: the file's block device is a
 * dm-verity target whose root hash signature was verified.
 */

#include "eval.h"
#include "property.h"

static bool ipe_dmv_signature_match(const struct ipe_prop *prop,
				    const struct ipe_eval_ctx *ctx)
{
	bool is_signed = ctx->bdev && ctx->bdev->dmv_signed;

	return is_signed == prop->value.flag;
}

const struct ipe_prop_type ipe_prop_dmverity_signature = {
	.key = "dmverity_signature",
	IPE_PROP_KCONFIG(CONFIG_IPE_PROP_DM_VERITY_SIGNATURE),
	.parse = ipe_prop_bool_parse,
	.match = ipe_dmv_signature_match,
	.print = ipe_prop_bool_print,
};
