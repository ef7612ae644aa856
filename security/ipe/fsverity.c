// SPDX-License-Identifier: GPL-2.0
/*
 * IPE fs-verity facts, for the fsverity_digest and fsverity_signature
 * properties.
 *
 * The digest is fs-verity's own: once a verity file is open, its
 * fsverity_info is set for the life of the inode and holds the digest,
 * which fsverity_get_digest() copies out. The copy goes into the
 * evaluation context, so evaluations need neither a lock nor an
 * allocation, and files without fs-verity cost one flag test.
 *
 * Whether fs-verity verified a built-in signature comes through the
 * inode_setintegrity hook each time it sets up the file's verity info:
 * the signature when one was verified, NULL when the file has none. It is
 * kept in the inode's blob and dies with the inode. A signed enable that
 * fails after the check leaves the flag set on a file that is not a
 * verity file; it is only read for verity files, and the setup that makes
 * the file one reports again.
 */

#include <crypto/hash_info.h>
#include <linux/fsverity.h>

#include "eval.h"
#include "fsverity.h"
#include "blobs.h"
#include "property.h"

static_assert(sizeof_field(struct ipe_eval_ctx, fsv_digest) >=
	      FS_VERITY_MAX_DIGEST_SIZE);

/**
 * ipe_ctx_fsverity() - fill in the fs-verity facts of a file
 * @ctx: the evaluation context
 * @inode: the inode that holds the data of the file under evaluation
 *
 * Context: any context; does not sleep, allocate or lock.
 */
void ipe_ctx_fsverity(struct ipe_eval_ctx *ctx, struct inode *inode)
{
	enum hash_algo alg;

	/* a file opened without its verity info set up has no digest yet */
	if (!IS_VERITY(inode) || fsverity_get_digest(inode, ctx->fsv_digest,
						     &alg))
		return;
	ctx->fsv_alg = hash_algo_name[alg];
	ctx->fsv_digest_len = hash_digest_size[alg];
	ctx->fsv_digest_key = ipe_digest_key(ctx->fsv_digest,
					     ctx->fsv_digest_len);
	ctx->fsv_signed = IS_ENABLED(CONFIG_IPE_PROP_FS_VERITY_BUILTIN_SIG) &&
			  READ_ONCE(ipe_inode(inode)->fsv_signed);
}

#ifdef CONFIG_IPE_PROP_FS_VERITY_BUILTIN_SIG
/**
 * ipe_inode_setintegrity() - the inode_setintegrity hook
 * @inode: the inode fs-verity reports on
 * @type: the kind of fact
 * @value: the verified signature, or NULL to withdraw the fact
 * @size: bytes in @value
 *
 * Records whether fs-verity verified the file's built-in signature in its
 * latest setup of the verity info. Other types are not IPE's and are
 * ignored.
 *
 * Return: 0.
 */
int ipe_inode_setintegrity(const struct inode *inode,
			   enum lsm_integrity_type type, const void *value,
			   size_t size)
{
	if (type == LSM_INT_FSVERITY_BUILTINSIG_VALID)
		WRITE_ONCE(ipe_inode(inode)->fsv_signed, value && size);
	return 0;
}
#endif
