/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE's parts of the LSM security blobs: what IPE keeps on superblocks,
 * block devices, inodes and open files, and how to find it.
 */
#ifndef _IPE_BLOBS_H
#define _IPE_BLOBS_H

#include <linux/blk_types.h>
#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/rcupdate.h>

struct ipe_bdev_snapshot;

/**
 * struct ipe_superblock - IPE's part of a superblock's security blob
 * @initramfs: the superblock holds the initramfs unpacked at boot
 */
struct ipe_superblock {
	bool initramfs;
};

/**
 * struct ipe_bdev - IPE's part of a block device's security blob
 * @snap: what the device's driver last reported, or NULL; an immutable
 *	snapshot replaced as a whole under RCU
 */
struct ipe_bdev {
	struct ipe_bdev_snapshot __rcu *snap;
};

/**
 * struct ipe_inode - IPE's part of an inode's security blob
 * @fsv_signed: fs-verity verified the file's built-in signature
 * @boot_state: whether the kernel made the inode while it unpacked the
 *	initramfs and nobody has written it since (boot_verified), and
 *	whether code of it may run; bits of initramfs.c, changed atomically
 */
struct ipe_inode {
	bool fsv_signed;
	unsigned long boot_state;
};

/**
 * struct ipe_file - IPE's part of an open file's security blob
 * @data: the inode whose data the file was opened on (for an overlayfs
 *	file, the real inode behind it then), or NULL for a file made
 *	without an open (a pipe, a memfd); the open file keeps it alive,
 *	so no reference is held
 */
struct ipe_file {
	struct inode *data;
};

/* the offsets of the parts above, set by the LSM framework at boot */
extern struct lsm_blob_sizes ipe_blobs;

static inline struct ipe_superblock *ipe_sb(const struct super_block *sb)
{
	return sb->s_security + ipe_blobs.lbs_superblock;
}

static inline struct ipe_bdev *ipe_bdev(const struct block_device *bdev)
{
	return bdev->bd_security + ipe_blobs.lbs_bdev;
}

static inline struct ipe_inode *ipe_inode(const struct inode *inode)
{
	return inode->i_security + ipe_blobs.lbs_inode;
}

static inline struct ipe_file *ipe_file(const struct file *file)
{
	return file->f_security + ipe_blobs.lbs_file;
}

#endif /* _IPE_BLOBS_H */
