// SPDX-License-Identifier: GPL-2.0
/*
 * Integrity Policy Enforcement: registration with the LSM framework.
 */
#include <linux/init.h>
#include <linux/lsm_hooks.h>

#include "ipe.h"
#include "hooks.h"

static struct security_hook_list ipe_hooks[] __lsm_ro_after_init = {
	LSM_HOOK_INIT(bprm_check_security, ipe_bprm_check_security),
	LSM_HOOK_INIT(mmap_file, ipe_mmap_file),
	LSM_HOOK_INIT(file_mprotect, ipe_file_mprotect),
};

static int __init ipe_init(void)
{
	security_add_hooks(ipe_hooks, ARRAY_SIZE(ipe_hooks), "ipe");
	pr_info("Integrity Policy Enforcement initialized\n");
	return 0;
}

DEFINE_LSM(ipe) = {
	.name = "ipe",
	.init = ipe_init,
};
