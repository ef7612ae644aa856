// SPDX-License-Identifier: GPL-2.0
/*
 * IPE boot_verified facts: which superblock holds the initramfs.
 *
 * The kernel calls the initramfs_populated hook once, when it has
 * unpacked the built-in and any external initramfs into rootfs and before
 * init runs; rootfs is then current->fs->root. Only that superblock is
 * marked. A system booted without an external initramfs still has the
 * rootfs filled from the initramfs built into the kernel image; the disk
 * later mounted as / is another superblock and is never boot_verified.
 */
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/mount.h>
#include <linux/sched.h>

#include "ipe.h"
#include "initramfs.h"

/**
 * ipe_initramfs_populated() - mark rootfs as the boot initramfs
 */
void ipe_initramfs_populated(void)
{
	struct super_block *sb = current->fs->root.mnt->mnt_sb;

	ipe_sb(sb)->initramfs = true;
	pr_info("boot_verified: %s is the boot initramfs\n", sb->s_id);
}

/**
 * ipe_file_on_initramfs() - tell whether a file lives on the initramfs
 * @file: the file
 *
 * Return: true when @file's superblock was marked by
 * ipe_initramfs_populated().
 */
bool ipe_file_on_initramfs(const struct file *file)
{
	return ipe_sb(file->f_path.mnt->mnt_sb)->initramfs;
}
