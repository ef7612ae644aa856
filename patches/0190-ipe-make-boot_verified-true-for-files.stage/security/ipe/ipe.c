// SPDX-License-Identifier: GPL-2.0
/*
 * Integrity Policy Enforcement: registration with the LSM framework.
 */
#include <linux/init.h>
#include <linux/lsm_hooks.h>

#include "ipe.h"
#include "blobs.h"
#include "hooks.h"
#include "initramfs.h"

static struct security_hook_list ipe_hooks[] __lsm_ro_after_init = {
	LSM_HOOK_INIT(bprm_check_security, ipe_bprm_check_security),
	LSM_HOOK_INIT(mmap_file, ipe_mmap_file),
	LSM_HOOK_INIT(file_mprotect, ipe_file_mprotect),
	LSM_HOOK_INIT(kernel_read_file, ipe_kernel_read_file),
	LSM_HOOK_INIT(kernel_load_data, ipe_kernel_load_data),
#ifdef CONFIG_IPE_PROP_BOOT_VERIFIED
	LSM_HOOK_INIT(initramfs_populated, ipe_initramfs_populated),
	LSM_HOOK_INIT(inode_alloc_security, ipe_initramfs_inode_alloc),
	LSM_HOOK_INIT(file_open, ipe_initramfs_file_open),
	LSM_HOOK_INIT(inode_setattr, ipe_initramfs_inode_setattr),
#endif
};

static int __init ipe_init(void)
{
	security_add_hooks(ipe_hooks, ARRAY_SIZE(ipe_hooks), "ipe");
	ipe_initialized = true;
	pr_info("Integrity Policy Enforcement initialized\n");
	return 0;
}

DEFINE_LSM(ipe) = {
	.name = "ipe",
	.init = ipe_init,
	.blobs = &ipe_blobs,
};
