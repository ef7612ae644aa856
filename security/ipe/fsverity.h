/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE fs-verity facts: a file's fs-verity digest, and whether fs-verity
 * verified its built-in signature (kept in the inode's security blob).
 */
#ifndef _IPE_FSVERITY_H
#define _IPE_FSVERITY_H

#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/security.h>

struct ipe_eval_ctx;

#ifdef CONFIG_IPE_PROP_FS_VERITY
void ipe_ctx_fsverity(struct ipe_eval_ctx *ctx, struct inode *inode);
#else
static inline void ipe_ctx_fsverity(struct ipe_eval_ctx *ctx,
				    struct inode *inode)
{
}
#endif

#ifdef CONFIG_IPE_PROP_FS_VERITY_BUILTIN_SIG
int ipe_inode_setintegrity(const struct inode *inode,
			   enum lsm_integrity_type type, const void *value,
			   size_t size);
#endif

#endif /* _IPE_FSVERITY_H */
