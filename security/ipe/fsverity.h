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

/**
 * struct ipe_inode - IPE's part of an inode's security blob
 * @fsv_signed: fs-verity verified the file's built-in signature
 */
struct ipe_inode {
	bool fsv_signed;
};

extern struct lsm_blob_sizes ipe_blobs;

static inline struct ipe_inode *ipe_inode(const struct inode *inode)
{
	return inode->i_security + ipe_blobs.lbs_inode;
}

#ifdef CONFIG_SECURITY_IPE_PROP_FS_VERITY
void ipe_ctx_fsverity(struct ipe_eval_ctx *ctx, const struct file *file);
#else
static inline void ipe_ctx_fsverity(struct ipe_eval_ctx *ctx,
				    const struct file *file)
{
}
#endif

#ifdef CONFIG_SECURITY_IPE_PROP_FS_VERITY_SIGNATURE
int ipe_inode_setintegrity(const struct inode *inode,
			   enum lsm_integrity_type type, const void *value,
			   size_t size);
#endif

#endif /* _IPE_FSVERITY_H */
