// SPDX-License-Identifier: GPL-2.0
/*
 * IPE boot_verified facts: which files the kernel unpacked from the
 * initramfs, and whether they are still what it unpacked.
 *
 * A file is boot_verified when the kernel created it while unpacking the
 * built-in and any external initramfs into rootfs, before init ran, and
 * nobody has opened it for writing or changed its size since. Two marks
 * say so, both tested without a lock on every evaluation:
 *
 * - the superblock: the initramfs_populated hook runs once, when the
 *   unpacking is done and before init runs, with rootfs as
 *   current->fs->root; only that superblock is marked. The disk later
 *   mounted as / is another superblock and is never boot_verified.
 * - the inode: every inode made before that hook is marked as it is
 *   allocated (ramfs makes its inodes without inode_init_security, so the
 *   allocation is the one place that sees them all). Until the hook has
 *   run the marks stay: the unpacker itself opens each file for writing,
 *   truncates and writes it, and sets its owner and times. Afterwards
 *   the first open for writing, and any change of size, clears the mark
 *   for good, before a byte can change. A file created later, or put in
 *   place of an unpacked one by a rename, is a new inode without the mark.
 *
 * Inodes of other superblocks made during boot are marked too, but their
 * superblock is not, so they are never boot_verified.
 */
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/mount.h>
#include <linux/sched.h>

#include "ipe.h"
#include "initramfs.h"
#include "blobs.h"

/* Set once by the initramfs_populated hook: the unpacking is over. */
static bool ipe_initramfs_done;

/**
 * ipe_initramfs_populated() - mark rootfs as the boot initramfs
 *
 * From now on, files are no longer made by the unpacker, and writing to
 * one of its files takes the mark away.
 */
void ipe_initramfs_populated(void)
{
	struct super_block *sb = current->fs->root.mnt->mnt_sb;

	ipe_sb(sb)->initramfs = true;
	WRITE_ONCE(ipe_initramfs_done, true);
	pr_info("boot_verified: %s is the boot initramfs\n", sb->s_id);
}

/**
 * ipe_initramfs_inode_alloc() - the inode_alloc_security hook
 * @inode: an inode being allocated
 *
 * Marks the inodes made before the initramfs is fully unpacked.
 *
 * Return: 0.
 */
int ipe_initramfs_inode_alloc(struct inode *inode)
{
	if (!READ_ONCE(ipe_initramfs_done))
		ipe_inode(inode)->boot_unpacked = true;
	return 0;
}

/* Take the mark from @inode once the unpacking is over. */
static void ipe_initramfs_unmark(struct inode *inode)
{
	if (READ_ONCE(ipe_initramfs_done) &&
	    READ_ONCE(ipe_inode(inode)->boot_unpacked))
		WRITE_ONCE(ipe_inode(inode)->boot_unpacked, false);
}

/**
 * ipe_initramfs_file_open() - the file_open hook
 * @file: a file being opened
 *
 * Opening a file for writing takes its mark away, whether or not the
 * opener then writes: what it may write later is not what was unpacked.
 *
 * Return: 0.
 */
int ipe_initramfs_file_open(struct file *file)
{
	if (file->f_mode & FMODE_WRITE)
		ipe_initramfs_unmark(file_inode(file));
	return 0;
}

/**
 * ipe_initramfs_inode_setattr() - the inode_setattr hook
 * @dentry: the file whose attributes change
 * @attr: the change
 *
 * A change of size (truncate(2) by path needs no open file) takes the
 * mark away.
 *
 * Return: 0.
 */
int ipe_initramfs_inode_setattr(struct dentry *dentry, struct iattr *attr)
{
	if ((attr->ia_valid & ATTR_SIZE) && d_really_is_positive(dentry))
		ipe_initramfs_unmark(d_inode(dentry));
	return 0;
}

/**
 * ipe_inode_on_initramfs() - tell whether an inode is boot_verified
 * @inode: the inode that holds the file's data
 *
 * Context: any context; does not sleep, allocate or lock.
 * Return: true when @inode is on the boot initramfs, was unpacked by the
 * kernel and has not been opened for writing or resized since.
 */
bool ipe_inode_on_initramfs(const struct inode *inode)
{
	return ipe_sb(inode->i_sb)->initramfs &&
	       READ_ONCE(ipe_inode(inode)->boot_unpacked);
}
