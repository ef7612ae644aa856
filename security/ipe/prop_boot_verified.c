// SPDX-License-Identifier: GPL-2.0
/*
 * IPE property boot_verified=TRUE|FALSE: the file lives on the initramfs
 * the kernel unpacked at boot.
 */

#include "eval.h"
#include "property.h"

static bool ipe_boot_verified_match(const struct ipe_prop *prop,
				    const struct ipe_eval_ctx *ctx)
{
	return ctx->initramfs == prop->value.flag;
}

const struct ipe_prop_type ipe_prop_boot_verified = {
	.key = "boot_verified",
	IPE_PROP_KCONFIG(CONFIG_IPE_PROP_BOOT_VERIFIED),
	.parse = ipe_prop_bool_parse,
	.match = ipe_boot_verified_match,
	.print = ipe_prop_bool_print,
};
