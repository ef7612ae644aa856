// SPDX-License-Identifier: GPL-2.0
/*
 * IPE dm-verity facts: what dm-verity reported about a block device, for
 * the dmverity_roothash and dmverity_signature properties.
 *
 * Lifetime. dm-verity reports the root hash (and the verified signature,
 * if any) when its table goes live, on resume, and withdraws them when the
 * table stops serving I/O, on suspend; a mapped device stays mounted
 * across a suspend, a table reload and a resume. So the facts of a
 * mounted device can change while files of it are evaluated, and they are
 * kept as an immutable snapshot that an update replaces as a whole: the
 * pointer is published with rcu_assign_pointer() and the old snapshot is
 * freed after a grace period. An evaluation reads the pointer under
 * rcu_read_lock() and may use the snapshot until rcu_read_unlock(),
 * without a lock, an allocation or a copy. It always sees one consistent
 * report: a root hash with the signature fact that came with it, or with
 * none yet (a new root hash clears the signature fact), never the root
 * hash of one table with the signature of another.
 *
 * While the facts are withdrawn (the device suspended) the dm-verity
 * properties are false for its files: IPE fails closed.
 *
 * Updates are rare (a table load) and serialized by one mutex. The
 * snapshot of a block device is freed with the device, from the RCU
 * callback that frees its inode, when no file of it can be evaluated any
 * more.
 */

#include <crypto/hash.h>
#include <linux/blk_types.h>
#include <linux/crypto.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <linux/mount.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/rcupdate.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ipe.h"
#include "bdev.h"
#include "eval.h"
#include "policy_index.h"

/**
 * struct ipe_bdev_snapshot - one report of a block device's facts
 * @rcu: to free it after a grace period once replaced
 * @facts: the facts; the pointers in it point into @data
 * @data: the root hash bytes, then the algorithm name with its NUL
 */
struct ipe_bdev_snapshot {
	struct rcu_head rcu;
	struct ipe_bdev_facts facts;
	u8 data[];
};

static DEFINE_MUTEX(ipe_bdev_lock);

/*
 * A snapshot with a copy of @alg and @digest (both may be absent:
 * @digest_len 0 and @alg NULL) and the signature fact @is_signed.
 */
static struct ipe_bdev_snapshot *
ipe_bdev_snapshot_new(const char *alg, const u8 *digest, size_t digest_len,
		      bool is_signed)
{
	size_t alg_size = alg ? strlen(alg) + 1 : 0;
	struct ipe_bdev_snapshot *s;

	s = kzalloc(struct_size(s, data, digest_len + alg_size), GFP_KERNEL);
	if (!s)
		return NULL;
	s->facts.dmv_signed = is_signed;
	if (alg) {
		memcpy(s->data + digest_len, alg, alg_size);
		s->facts.dmv_alg = (const char *)s->data + digest_len;
	}
	if (digest_len) {
		memcpy(s->data, digest, digest_len);
		ipe_bdev_facts_set_root_hash(&s->facts, s->facts.dmv_alg,
					     s->data, digest_len);
	}
	return s;
}

/* Publish @snap (may be NULL) for @bdev and retire what it replaces. */
static void ipe_bdev_publish(struct block_device *bdev,
			     struct ipe_bdev_snapshot *snap)
{
	struct ipe_bdev *b = ipe_bdev(bdev);
	struct ipe_bdev_snapshot *old;

	lockdep_assert_held(&ipe_bdev_lock);
	old = rcu_replace_pointer(b->snap, snap,
				  lockdep_is_held(&ipe_bdev_lock));
	if (old)
		kfree_rcu(old, rcu);
}

static int ipe_bdev_set_roothash(struct block_device *bdev,
				 const void *value, size_t size)
{
	const struct lsm_dmverity_roothash *root = value;
	struct ipe_bdev_snapshot *snap = NULL;

	if (value) {
		if (size != sizeof(*root) || !root->alg || !root->digest ||
		    !root->digest_len || root->digest_len > HASH_MAX_DIGESTSIZE ||
		    strnlen(root->alg, CRYPTO_MAX_ALG_NAME) == CRYPTO_MAX_ALG_NAME)
			return -EINVAL;
		snap = ipe_bdev_snapshot_new(root->alg, root->digest,
					     root->digest_len, false);
		if (!snap)
			return -ENOMEM;
	}

	mutex_lock(&ipe_bdev_lock);
	ipe_bdev_publish(bdev, snap);
	mutex_unlock(&ipe_bdev_lock);
	return 0;
}

static int ipe_bdev_set_signature(struct block_device *bdev,
				  const void *value, size_t size)
{
	const struct ipe_bdev_facts *facts = NULL;
	struct ipe_bdev_snapshot *snap = NULL;
	const struct ipe_bdev_snapshot *old;
	bool is_signed = value && size;
	int rc = 0;

	mutex_lock(&ipe_bdev_lock);
	old = rcu_dereference_protected(ipe_bdev(bdev)->snap,
					lockdep_is_held(&ipe_bdev_lock));
	if (old)
		facts = &old->facts;
	if ((facts && facts->dmv_signed) == is_signed)
		goto out;
	/* Keep the root hash; drop a snapshot that would be left empty. */
	if (is_signed || facts->dmv_root_hash_len) {
		snap = facts ? ipe_bdev_snapshot_new(facts->dmv_alg,
						     facts->dmv_root_hash,
						     facts->dmv_root_hash_len,
						     is_signed)
			     : ipe_bdev_snapshot_new(NULL, NULL, 0, true);
		if (!snap) {
			rc = -ENOMEM;
			goto out;
		}
	}
	ipe_bdev_publish(bdev, snap);
out:
	mutex_unlock(&ipe_bdev_lock);
	return rc;
}

/**
 * ipe_bdev_setintegrity() - record a fact a block driver reported
 * @bdev: the block device the fact is about
 * @type: %LSM_INT_DMVERITY_ROOTHASH or %LSM_INT_DMVERITY_SIG_VALID; other
 *	types are ignored
 * @value: a &struct lsm_dmverity_roothash for a root hash, the verified
 *	signature for a signature; NULL withdraws the fact
 * @size: the size of @value
 *
 * IPE copies the root hash and its algorithm name; of a signature it only
 * keeps that there was one (dmverity_signature=TRUE). A new root hash
 * replaces the device's facts as a whole, so it starts unsigned;
 * withdrawing the root hash withdraws every fact. The signature fact is
 * ignored unless CONFIG_IPE_PROP_DM_VERITY_SIGNATURE is set.
 *
 * Context: process context, may sleep.
 * Return: 0, -EINVAL for a malformed root hash, or -ENOMEM.
 */
int ipe_bdev_setintegrity(struct block_device *bdev,
			  enum lsm_integrity_type type, const void *value,
			  size_t size)
{
	switch (type) {
	case LSM_INT_DMVERITY_ROOTHASH:
		return ipe_bdev_set_roothash(bdev, value, size);
	case LSM_INT_DMVERITY_SIG_VALID:
		if (!IS_ENABLED(CONFIG_IPE_PROP_DM_VERITY_SIGNATURE))
			return 0;
		return ipe_bdev_set_signature(bdev, value, size);
	default:
		/* facts about files, or types IPE does not know */
		return 0;
	}
}

/**
 * ipe_bdev_free_security() - release IPE's facts of a block device
 * @bdev: the block device being freed
 *
 * Context: the RCU callback freeing @bdev's inode; no evaluation can
 * reach @bdev any more, so the snapshot is freed at once.
 */
void ipe_bdev_free_security(struct block_device *bdev)
{
	kfree(rcu_dereference_protected(ipe_bdev(bdev)->snap, 1));
}

/**
 * ipe_bdev_facts() - the facts reported for a block device
 * @bdev: the block device
 *
 * Context: rcu_read_lock() held; the result may be used until
 * rcu_read_unlock(). Neither sleeps nor allocates.
 * Return: the facts, or NULL when none were reported.
 */
const struct ipe_bdev_facts *ipe_bdev_facts(const struct block_device *bdev)
{
	const struct ipe_bdev_snapshot *snap;

	snap = rcu_dereference(ipe_bdev(bdev)->snap);
	return snap ? &snap->facts : NULL;
}

/**
 * ipe_sb_data_on_bdev() - tell whether a filesystem reads file data from
 *	its block device alone
 * @sb: the superblock
 *
 * The facts of a block device describe the files of a filesystem only when
 * every byte of their data is read from that device. FUSE (fuseblk names
 * a device but its daemon supplies the data), and filesystems that can
 * keep file data on other devices too (btrfs, XFS with a realtime device,
 * f2fs, erofs with extra devices) do not qualify, nor does any filesystem
 * not known here: IPE fails closed. The list holds the read-only and
 * single-device filesystems used on verified volumes; ext2/3/4 keep only
 * their journal elsewhere, never file data.
 *
 * Return: true when @sb is of a type listed here.
 */
bool ipe_sb_data_on_bdev(const struct super_block *sb)
{
	switch (sb->s_magic) {
	case EXT4_SUPER_MAGIC:		/* also ext2 and ext3 */
	case SQUASHFS_MAGIC:
	case CRAMFS_MAGIC:
	case CRAMFS_MAGIC_WEND:
	case ISOFS_SUPER_MAGIC:
		return true;
	default:
		return false;
	}
}

/**
 * ipe_sb_bdev_facts() - the facts about the block device of a filesystem
 * @sb: the superblock of the inode that holds a file's data
 *
 * The block device is the one the superblock lives on (s_bdev), and only
 * for the filesystem types of ipe_sb_data_on_bdev(); filesystems without
 * one (tmpfs, the initramfs) have no facts. For an overlayfs file, @sb is
 * the real file's.
 *
 * Context: rcu_read_lock() held; the result may be used until
 * rcu_read_unlock(). Neither sleeps nor allocates.
 * Return: the facts, or NULL when there are none.
 */
const struct ipe_bdev_facts *ipe_sb_bdev_facts(const struct super_block *sb)
{
	if (!sb->s_bdev || !ipe_sb_data_on_bdev(sb))
		return NULL;
	return ipe_bdev_facts(sb->s_bdev);
}
