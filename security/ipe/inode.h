/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE facts kept on inodes.
 */
#ifndef _IPE_INODE_H
#define _IPE_INODE_H

#include <linux/fs.h>
#include <linux/lsm_hooks.h>

/**
 * struct ipe_inode - IPE's part of an inode's security blob
 * @fsv_signed: fs-verity verified the file's built-in signature
 * @boot_unpacked: the kernel made the inode while it unpacked the
 *	initramfs, and nobody has opened it for writing or changed its size
 *	since (boot_verified)
 */
struct ipe_inode {
	bool fsv_signed;
	bool boot_unpacked;
};

extern struct lsm_blob_sizes ipe_blobs;

static inline struct ipe_inode *ipe_inode(const struct inode *inode)
{
	return inode->i_security + ipe_blobs.lbs_inode;
}

#endif /* _IPE_INODE_H */
