// SPDX-License-Identifier: GPL-2.0
/*
 * Integrity Policy Enforcement: registration with the LSM framework.
 */
#include <linux/init.h>
#include <linux/lsm_hooks.h>

#include "ipe.h"
#include "blobs.h"
#include "bdev.h"
#include "fsverity.h"
#include "hooks.h"
#include "initramfs.h"
#include "policy_store.h"
#include "settings.h"

static struct security_hook_list ipe_hooks[] __lsm_ro_after_init = {
	LSM_HOOK_INIT(bprm_check_security, ipe_bprm_check_security),
	LSM_HOOK_INIT(bprm_creds_for_exec, ipe_bprm_creds_for_exec),
	LSM_HOOK_INIT(mmap_file, ipe_mmap_file),
	LSM_HOOK_INIT(file_mprotect, ipe_file_mprotect),
	LSM_HOOK_INIT(userfaultfd_register, ipe_userfaultfd_register),
	LSM_HOOK_INIT(kernel_read_file, ipe_kernel_read_file),
	LSM_HOOK_INIT(kernel_post_read_file, ipe_kernel_post_read_file),
	LSM_HOOK_INIT(kernel_load_data, ipe_kernel_load_data),
	LSM_HOOK_INIT(file_open, ipe_file_open),
#ifdef CONFIG_IPE_PROP_BOOT_VERIFIED
	LSM_HOOK_INIT(initramfs_populated, ipe_initramfs_populated),
	LSM_HOOK_INIT(inode_alloc_security, ipe_initramfs_inode_alloc),
	LSM_HOOK_INIT(inode_setattr, ipe_inode_setattr),
#endif
#ifdef CONFIG_IPE_PROP_DM_VERITY
	LSM_HOOK_INIT(bdev_free_security, ipe_bdev_free_security),
	LSM_HOOK_INIT(bdev_setintegrity, ipe_bdev_setintegrity),
#endif
#ifdef CONFIG_IPE_PROP_FS_VERITY_BUILTIN_SIG
	LSM_HOOK_INIT(inode_setintegrity, ipe_inode_setintegrity),
#endif
};

/*
 * Activate CONFIG_IPE_BOOT_POLICY, checked by polgen at build time.
 * A kernel built with a boot policy promises that it rules from the first
 * exec: should the policy fail to load all the same (out of memory this
 * early), enforcing without it would allow everything, so IPE stops the
 * boot instead. In permissive mode nothing is enforced anyway, and the
 * boot goes on with the error logged.
 */
static void __init ipe_load_boot_policy(void)
{
	int rc;

	rc = ipe_store_boot(ipe_boot_policy, ipe_boot_policy_len);
	if (!rc) {
		pr_info("the boot policy is active\n");
		return;
	}
	if (ipe_get(IPE_SET_ENFORCE))
		panic("ipe: the boot policy failed to load (%d): refusing to boot without it\n",
		      rc);
	pr_err("the boot policy failed to load (%d): no policy is active (permissive mode)\n",
	       rc);
}

static int __init ipe_init(void)
{
	if (IS_ENABLED(CONFIG_SECURITY_IPE_HAVE_BOOT_POLICY))
		ipe_load_boot_policy();
	security_add_hooks(ipe_hooks, ARRAY_SIZE(ipe_hooks), "ipe");
	ipe_initialized = true;
	pr_info("Integrity Policy Enforcement initialized (%s mode)\n",
		ipe_get(IPE_SET_ENFORCE) ? "enforce" : "permissive");
	return 0;
}

DEFINE_LSM(ipe) = {
	.name = "ipe",
	.init = ipe_init,
	.blobs = &ipe_blobs,
};
