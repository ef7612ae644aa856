// SPDX-License-Identifier: GPL-2.0
/*
 * IPE property fsverity_signature=TRUE|FALSE: fs-verity verified the
 * file's built-in signature against the ".fs-verity" keyring.
 */

#include "eval.h"
#include "property.h"

static bool ipe_fsv_signature_match(const struct ipe_prop *prop,
				    const struct ipe_eval_ctx *ctx)
{
	return ctx->fsv_signed == prop->value.flag;
}

const struct ipe_prop_type ipe_prop_fsverity_signature = {
	.key = "fsverity_signature",
	IPE_PROP_KCONFIG(CONFIG_IPE_PROP_FS_VERITY_BUILTIN_SIG),
	.parse = ipe_prop_bool_parse,
	.match = ipe_fsv_signature_match,
	.print = ipe_prop_bool_print,
};
