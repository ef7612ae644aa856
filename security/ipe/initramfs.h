/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE boot_verified facts kept on superblocks.
 */
#ifndef _IPE_INITRAMFS_H
#define _IPE_INITRAMFS_H

#include <linux/fs.h>
#include <linux/lsm_hooks.h>

#include "blobs.h"

#ifdef CONFIG_IPE_PROP_BOOT_VERIFIED
void ipe_initramfs_populated(void);
int ipe_initramfs_inode_alloc(struct inode *inode);
int ipe_initramfs_file_open(struct file *file, bool guarded);
int ipe_initramfs_inode_setattr(struct dentry *dentry, struct iattr *attr,
				bool guarded);
void ipe_initramfs_file_runs(const struct file *file);
bool ipe_inode_on_initramfs(const struct inode *inode, bool run);
#else
static inline int ipe_initramfs_file_open(struct file *file, bool guarded)
{
	return 0;
}

static inline void ipe_initramfs_file_runs(const struct file *file)
{
}

static inline bool ipe_inode_on_initramfs(const struct inode *inode,
					  bool run)
{
	return false;
}
#endif

#endif /* _IPE_INITRAMFS_H */
