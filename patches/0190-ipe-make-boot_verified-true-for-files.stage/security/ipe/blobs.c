// SPDX-License-Identifier: GPL-2.0
/*
 * IPE: the sizes of its parts of the LSM security blobs, which the LSM
 * framework turns into offsets when it starts IPE.
 */
#include <linux/lsm_hooks.h>

#include "blobs.h"

struct lsm_blob_sizes ipe_blobs __lsm_ro_after_init = {
#ifdef CONFIG_IPE_PROP_BOOT_VERIFIED
	.lbs_superblock = sizeof(struct ipe_superblock),
#endif
#ifdef CONFIG_IPE_PROP_DM_VERITY
	.lbs_bdev = sizeof(struct ipe_bdev),
#endif
#if IS_ENABLED(CONFIG_IPE_PROP_BOOT_VERIFIED) || \
	IS_ENABLED(CONFIG_IPE_PROP_FS_VERITY_BUILTIN_SIG)
	.lbs_inode = sizeof(struct ipe_inode),
#endif
};
