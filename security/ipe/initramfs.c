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
 * Taking the mark away stops new execs and mappings from trusting the
 * file, but a mapping made before shares the file's page cache and would
 * run what is written afterwards. So a marked file is noted as run when
 * it is executed or mapped executable, whether or not a policy judges the
 * event and however it is judged, and while a policy is active a file
 * noted as run can no longer be opened for writing or resized: ETXTBSY,
 * as for a running executable, but until the next boot. That holds for
 * files run before the first policy was activated too: their mappings
 * outlive the activation. Until then nothing is refused, and a write
 * takes the mark away as for any file. Both changes are atomic
 * operations on one word: either the writer sees the file has run and
 * is refused, or the evaluation sees the mark gone and trusts nothing.
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

/* the bits of struct ipe_inode.boot_state */
enum {
	IPE_BOOT_UNPACKED,	/* unpacked at boot, not written since */
	IPE_BOOT_RAN,		/* judged for EXECUTE while unpacked */
};

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
		ipe_inode(inode)->boot_state = BIT(IPE_BOOT_UNPACKED);
	return 0;
}

/*
 * Take the mark from @inode once the unpacking is over, unless code of
 * it may be running and @guarded (a policy is active): then refuse the
 * write.
 */
static int ipe_initramfs_unmark(struct inode *inode, bool guarded)
{
	unsigned long *state = &ipe_inode(inode)->boot_state;
	unsigned long old = READ_ONCE(*state);

	if (!READ_ONCE(ipe_initramfs_done))
		return 0;
	do {
		if (!(old & BIT(IPE_BOOT_UNPACKED)))
			return 0;
		if ((old & BIT(IPE_BOOT_RAN)) && guarded)
			return -ETXTBSY;
	} while (!try_cmpxchg(state, &old, old & ~BIT(IPE_BOOT_UNPACKED)));
	return 0;
}

/**
 * ipe_initramfs_file_open() - the file_open hook
 * @file: a file being opened
 * @guarded: a policy is active
 *
 * Opening a file for writing takes its mark away, whether or not the
 * opener then writes: what it may write later is not what was unpacked.
 *
 * Return: 0, or -ETXTBSY for a marked file whose code may be running
 * when @guarded.
 */
int ipe_initramfs_file_open(struct file *file, bool guarded)
{
	if (file->f_mode & FMODE_WRITE)
		return ipe_initramfs_unmark(file_inode(file), guarded);
	return 0;
}

/**
 * ipe_initramfs_inode_setattr() - the inode_setattr hook
 * @dentry: the file whose attributes change
 * @attr: the change
 * @guarded: a policy is active
 *
 * A change of size (truncate(2) by path needs no open file) takes the
 * mark away.
 *
 * Return: 0, or -ETXTBSY for a marked file whose code may be running
 * when @guarded.
 */
int ipe_initramfs_inode_setattr(struct dentry *dentry, struct iattr *attr,
				bool guarded)
{
	if ((attr->ia_valid & ATTR_SIZE) && d_really_is_positive(dentry))
		return ipe_initramfs_unmark(d_inode(dentry), guarded);
	return 0;
}

/**
 * ipe_initramfs_file_runs() - note that code of a file may run
 * @file: a file being executed or mapped executable, or NULL for none
 *
 * Called for every such event, with or without a policy to judge it and
 * whichever facts judge it (a private mapping that may be written is
 * judged as anonymous memory, but its pages not written yet are still
 * the file's): the inode @file was opened on, whose pages are mapped, is
 * noted as run when it is a marked file.
 *
 * Context: any context; does not sleep, allocate or lock.
 */
void ipe_initramfs_file_runs(const struct file *file)
{
	struct inode *inode = file ? ipe_file(file)->data : NULL;

	if (inode && S_ISREG(inode->i_mode))
		ipe_inode_on_initramfs(inode, true);
}

/**
 * ipe_inode_on_initramfs() - tell whether an inode is boot_verified
 * @inode: the inode that holds the file's data
 * @run: the event is an EXECUTE: code of @inode may run once it is
 *	allowed, so a marked @inode is noted as run (see the top of the
 *	file)
 *
 * Context: any context; does not sleep, allocate or lock.
 * Return: true when @inode is on the boot initramfs, was unpacked by the
 * kernel and has not been opened for writing or resized since.
 */
bool ipe_inode_on_initramfs(const struct inode *inode, bool run)
{
	unsigned long *state = &ipe_inode(inode)->boot_state;

	if (!ipe_sb(inode->i_sb)->initramfs ||
	    !test_bit(IPE_BOOT_UNPACKED, state))
		return false;
	/* ordered against ipe_initramfs_unmark(): see the top of the file */
	if (run && !test_bit(IPE_BOOT_RAN, state))
		test_and_set_bit(IPE_BOOT_RAN, state);
	return test_bit(IPE_BOOT_UNPACKED, state);
}
