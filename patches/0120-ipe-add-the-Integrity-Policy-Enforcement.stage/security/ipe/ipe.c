// SPDX-License-Identifier: GPL-2.0
/*
 * Integrity Policy Enforcement: registration with the LSM framework.
 */
#include <linux/init.h>
#include <linux/lsm_hooks.h>

#include "ipe.h"

static int __init ipe_init(void)
{
	pr_info("Integrity Policy Enforcement initialized\n");
	return 0;
}

DEFINE_LSM(ipe) = {
	.name = "ipe",
	.init = ipe_init,
};
