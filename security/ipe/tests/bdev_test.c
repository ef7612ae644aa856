// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of IPE's block device facts: what dm-verity reports is
 * copied, replaced as a whole and withdrawn.
 */

#include <crypto/hash.h>
#include <kunit/test.h>
#include <linux/blk_types.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <linux/rcupdate.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "bdev.h"
#include "eval.h"
#include "policy_index.h"

static const u8 ipe_bdev_test_hash[32] = {
	0x40, 0x1f, 0xce, 0xc5, 0x01, 0x02, 0x03, 0x04,
	0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
	0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14,
	0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c,
};

static const u8 ipe_bdev_test_sig[] = { 0x30, 0x82, 0x01, 0x00 };

/* a block device with a blob laid out as the LSM framework lays it out */
static int ipe_bdev_test_init(struct kunit *test)
{
	struct block_device *bdev;

	bdev = kunit_kzalloc(test, sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		return -ENOMEM;
	bdev->bd_security = kunit_kzalloc(test, ipe_blobs.lbs_bdev +
					  sizeof(struct ipe_bdev), GFP_KERNEL);
	if (!bdev->bd_security)
		return -ENOMEM;
	test->priv = bdev;
	return 0;
}

static void ipe_bdev_test_exit(struct kunit *test)
{
	if (test->priv)
		ipe_bdev_free_security(test->priv);
}

/* The facts of @bdev, copied out of the RCU read section. */
static bool ipe_bdev_test_get(struct block_device *bdev,
			      struct ipe_bdev_facts *out, char *alg,
			      size_t alg_size, u8 *hash, size_t hash_size)
{
	const struct ipe_bdev_facts *f;
	bool found = false;

	memset(out, 0, sizeof(*out));
	rcu_read_lock();
	f = ipe_bdev_facts(bdev);
	if (f) {
		found = true;
		*out = *f;
		if (f->dmv_alg) {
			strscpy(alg, f->dmv_alg, alg_size);
			out->dmv_alg = alg;
		}
		if (f->dmv_root_hash && f->dmv_root_hash_len <= hash_size) {
			memcpy(hash, f->dmv_root_hash, f->dmv_root_hash_len);
			out->dmv_root_hash = hash;
		}
	}
	rcu_read_unlock();
	return found;
}

#define GET(bdev, f) \
	ipe_bdev_test_get(bdev, &(f), alg, sizeof(alg), hash, sizeof(hash))

static int ipe_bdev_test_set_root(struct block_device *bdev, const char *alg,
				  const u8 *digest, size_t len)
{
	struct lsm_dmverity_roothash root = {
		.alg = alg,
		.digest = digest,
		.digest_len = len,
	};

	return ipe_bdev_setintegrity(bdev, LSM_INT_DMVERITY_ROOTHASH, &root,
				     sizeof(root));
}

static void ipe_bdev_none_at_first(struct kunit *test)
{
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;

	KUNIT_EXPECT_FALSE(test, GET(test->priv, f));
}

static void ipe_bdev_roothash_copied(struct kunit *test)
{
	char src_alg[] = "sha256";
	u8 src[32];
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;
	const struct ipe_bdev_facts *p;

	memcpy(src, ipe_bdev_test_hash, sizeof(src));
	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, src_alg, src,
						     sizeof(src)), 0);
	/* the caller's buffers may go away at once */
	memset(src, 0, sizeof(src));
	memset(src_alg, 0, sizeof(src_alg));

	rcu_read_lock();
	p = ipe_bdev_facts(test->priv);
	KUNIT_EXPECT_NOT_NULL(test, p);
	if (p) {
		KUNIT_EXPECT_PTR_NE(test, (const void *)p->dmv_alg,
				    (const void *)src_alg);
		KUNIT_EXPECT_PTR_NE(test, (const void *)p->dmv_root_hash,
				    (const void *)src);
	}
	rcu_read_unlock();

	KUNIT_ASSERT_TRUE(test, GET(test->priv, f));
	KUNIT_EXPECT_FALSE(test, f.dmv_signed);
	KUNIT_EXPECT_STREQ(test, f.dmv_alg, "sha256");
	KUNIT_EXPECT_EQ(test, f.dmv_root_hash_len, sizeof(ipe_bdev_test_hash));
	KUNIT_EXPECT_EQ(test, memcmp(f.dmv_root_hash, ipe_bdev_test_hash,
				     sizeof(ipe_bdev_test_hash)), 0);
	/* the rule index relies on the key made with the snapshot */
	KUNIT_EXPECT_EQ(test, f.dmv_root_hash_key,
			ipe_digest_key(ipe_bdev_test_hash,
				       sizeof(ipe_bdev_test_hash)));
}

static void ipe_bdev_roothash_cleared(struct kunit *test)
{
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;

	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     ipe_bdev_test_hash, 32), 0);
	KUNIT_EXPECT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_ROOTHASH,
						    NULL, 0), 0);
	KUNIT_EXPECT_FALSE(test, GET(test->priv, f));
}

static void ipe_bdev_roothash_replaced(struct kunit *test)
{
	static const u8 other[20] = { 0xaa, 0xbb };
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;

	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     ipe_bdev_test_hash, 32), 0);
	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha1",
						     other, sizeof(other)), 0);
	KUNIT_ASSERT_TRUE(test, GET(test->priv, f));
	KUNIT_EXPECT_STREQ(test, f.dmv_alg, "sha1");
	KUNIT_EXPECT_EQ(test, f.dmv_root_hash_len, sizeof(other));
	KUNIT_EXPECT_EQ(test, memcmp(f.dmv_root_hash, other, sizeof(other)), 0);
}

static void ipe_bdev_roothash_malformed(struct kunit *test)
{
	struct lsm_dmverity_roothash root = {
		.alg = "sha256",
		.digest = ipe_bdev_test_hash,
		.digest_len = 32,
	};
	static const u8 big[HASH_MAX_DIGESTSIZE + 1];
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;

	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     ipe_bdev_test_hash, 32), 0);
	KUNIT_EXPECT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_ROOTHASH,
						    &root, sizeof(root) - 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, ipe_bdev_test_set_root(test->priv, NULL,
						     ipe_bdev_test_hash, 32),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     ipe_bdev_test_hash, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     big, sizeof(big)),
			-EINVAL);
	/* a rejected report leaves the earlier one in place */
	KUNIT_ASSERT_TRUE(test, GET(test->priv, f));
	KUNIT_EXPECT_STREQ(test, f.dmv_alg, "sha256");
	KUNIT_EXPECT_EQ(test, f.dmv_root_hash_len, 32);
}

static void ipe_bdev_unknown_type_ignored(struct kunit *test)
{
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;

	KUNIT_EXPECT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    (enum lsm_integrity_type)99,
						    "x", 1), 0);
	KUNIT_EXPECT_FALSE(test, GET(test->priv, f));
}

static void ipe_bdev_signature(struct kunit *test)
{
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;

	if (!IS_ENABLED(CONFIG_IPE_PROP_DM_VERITY_SIGNATURE))
		kunit_skip(test, "dmverity_signature support is not built");

	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     ipe_bdev_test_hash, 32), 0);
	KUNIT_ASSERT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_SIG_VALID,
						    ipe_bdev_test_sig,
						    sizeof(ipe_bdev_test_sig)),
			0);
	KUNIT_ASSERT_TRUE(test, GET(test->priv, f));
	KUNIT_EXPECT_TRUE(test, f.dmv_signed);
	KUNIT_EXPECT_STREQ(test, f.dmv_alg, "sha256");
	KUNIT_EXPECT_EQ(test, memcmp(f.dmv_root_hash, ipe_bdev_test_hash,
				     32), 0);

	/* withdrawing the signature keeps the root hash */
	KUNIT_ASSERT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_SIG_VALID,
						    NULL, 0), 0);
	KUNIT_ASSERT_TRUE(test, GET(test->priv, f));
	KUNIT_EXPECT_FALSE(test, f.dmv_signed);
	KUNIT_EXPECT_EQ(test, f.dmv_root_hash_len, 32);
	KUNIT_EXPECT_EQ(test, f.dmv_root_hash_key,
			ipe_digest_key(ipe_bdev_test_hash, 32));
}

static void ipe_bdev_new_roothash_is_unsigned(struct kunit *test)
{
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;

	if (!IS_ENABLED(CONFIG_IPE_PROP_DM_VERITY_SIGNATURE))
		kunit_skip(test, "dmverity_signature support is not built");

	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     ipe_bdev_test_hash, 32), 0);
	KUNIT_ASSERT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_SIG_VALID,
						    ipe_bdev_test_sig,
						    sizeof(ipe_bdev_test_sig)),
			0);
	/* the next table's root hash must not inherit this signature */
	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     ipe_bdev_test_hash, 32), 0);
	KUNIT_ASSERT_TRUE(test, GET(test->priv, f));
	KUNIT_EXPECT_FALSE(test, f.dmv_signed);

	/* and withdrawing the root hash withdraws the signature too */
	KUNIT_ASSERT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_SIG_VALID,
						    ipe_bdev_test_sig,
						    sizeof(ipe_bdev_test_sig)),
			0);
	KUNIT_ASSERT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_ROOTHASH,
						    NULL, 0), 0);
	KUNIT_EXPECT_FALSE(test, GET(test->priv, f));
}

static void ipe_bdev_signature_without_roothash(struct kunit *test)
{
	char alg[16];
	u8 hash[64];
	struct ipe_bdev_facts f;

	if (!IS_ENABLED(CONFIG_IPE_PROP_DM_VERITY_SIGNATURE))
		kunit_skip(test, "dmverity_signature support is not built");

	KUNIT_ASSERT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_SIG_VALID,
						    ipe_bdev_test_sig,
						    sizeof(ipe_bdev_test_sig)),
			0);
	KUNIT_ASSERT_TRUE(test, GET(test->priv, f));
	KUNIT_EXPECT_TRUE(test, f.dmv_signed);
	KUNIT_EXPECT_NULL(test, f.dmv_root_hash);
	KUNIT_EXPECT_NULL(test, f.dmv_alg);
	KUNIT_ASSERT_EQ(test, ipe_bdev_setintegrity(test->priv,
						    LSM_INT_DMVERITY_SIG_VALID,
						    NULL, 0), 0);
	KUNIT_EXPECT_FALSE(test, GET(test->priv, f));
}

/*
 * Only filesystems that read file data from their block device alone get
 * the device's facts: a fuseblk mount names a trusted device while its
 * daemon serves the data.
 */
static void ipe_bdev_sb_types(struct kunit *test)
{
	static const unsigned long trusted[] = {
		EXT4_SUPER_MAGIC, SQUASHFS_MAGIC, CRAMFS_MAGIC, ISOFS_SUPER_MAGIC,
	};
	static const unsigned long untrusted[] = {
		FUSE_SUPER_MAGIC, BTRFS_SUPER_MAGIC, XFS_SUPER_MAGIC,
		F2FS_SUPER_MAGIC, EROFS_SUPER_MAGIC_V1, TMPFS_MAGIC,
		OVERLAYFS_SUPER_MAGIC, 0,
	};
	struct super_block *sb;
	size_t i;

	sb = kunit_kzalloc(test, sizeof(*sb), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sb);
	KUNIT_ASSERT_EQ(test, ipe_bdev_test_set_root(test->priv, "sha256",
						     ipe_bdev_test_hash,
						     sizeof(ipe_bdev_test_hash)),
			0);
	sb->s_bdev = test->priv;

	for (i = 0; i < ARRAY_SIZE(trusted); i++) {
		sb->s_magic = trusted[i];
		KUNIT_EXPECT_TRUE_MSG(test, ipe_sb_data_on_bdev(sb),
				      "magic %#lx", trusted[i]);
		rcu_read_lock();
		KUNIT_EXPECT_NOT_NULL_MSG(test, ipe_sb_bdev_facts(sb),
					  "magic %#lx", trusted[i]);
		rcu_read_unlock();
	}
	for (i = 0; i < ARRAY_SIZE(untrusted); i++) {
		sb->s_magic = untrusted[i];
		KUNIT_EXPECT_FALSE_MSG(test, ipe_sb_data_on_bdev(sb),
				       "magic %#lx", untrusted[i]);
		rcu_read_lock();
		KUNIT_EXPECT_NULL_MSG(test, ipe_sb_bdev_facts(sb),
				      "magic %#lx", untrusted[i]);
		rcu_read_unlock();
	}

	/* a listed type without a block device has no facts */
	sb->s_magic = SQUASHFS_MAGIC;
	sb->s_bdev = NULL;
	rcu_read_lock();
	KUNIT_EXPECT_NULL(test, ipe_sb_bdev_facts(sb));
	rcu_read_unlock();
}

static struct kunit_case ipe_bdev_cases[] = {
	KUNIT_CASE(ipe_bdev_none_at_first),
	KUNIT_CASE(ipe_bdev_roothash_copied),
	KUNIT_CASE(ipe_bdev_roothash_cleared),
	KUNIT_CASE(ipe_bdev_roothash_replaced),
	KUNIT_CASE(ipe_bdev_roothash_malformed),
	KUNIT_CASE(ipe_bdev_unknown_type_ignored),
	KUNIT_CASE(ipe_bdev_signature),
	KUNIT_CASE(ipe_bdev_new_roothash_is_unsigned),
	KUNIT_CASE(ipe_bdev_signature_without_roothash),
	KUNIT_CASE(ipe_bdev_sb_types),
	{}
};

static struct kunit_suite ipe_bdev_suite = {
	.name = "ipe_bdev",
	.init = ipe_bdev_test_init,
	.exit = ipe_bdev_test_exit,
	.test_cases = ipe_bdev_cases,
};

kunit_test_suite(ipe_bdev_suite);
