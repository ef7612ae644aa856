// SPDX-License-Identifier: GPL-2.0
/*
 * IPE digests, kernel side: whether the running kernel has a hash
 * algorithm that a policy digest names, and the key the rule index files
 * a digest under. Kernel only: the user-space builds of the parser cannot
 * know the algorithms, and accept any well-formed name
 * (scripts/ipe/polgen/compat.c); they build no index.
 */

#include <crypto/hash.h>
#include <linux/jhash.h>
#include <linux/kernel.h>

#include "property.h"

/**
 * ipe_hash_alg_available() - whether the crypto API has a hash algorithm
 * @name: a crypto API algorithm name, e.g. "sha3-256"
 *
 * dm-verity hashes with whatever algorithm its table names, so a policy
 * may name any of them; one the kernel does not have can never match.
 * This may load the algorithm's module. The boot policy is parsed before
 * any algorithm has registered: then every name is taken as written.
 *
 * Return: true when @name is a hash the kernel can compute, or when that
 * cannot be known yet.
 */
bool ipe_hash_alg_available(const char *name)
{
	if (system_state < SYSTEM_SCHEDULING)
		return true;
	return crypto_has_ahash(name, 0, 0) || crypto_has_shash(name, 0, 0);
}

/**
 * ipe_digest_key() - the key the rule index files a digest under
 * @bytes: the digest
 * @len: bytes in @bytes
 *
 * Return: a 32-bit hash of the digest.
 */
u32 ipe_digest_key(const u8 *bytes, size_t len)
{
	return jhash(bytes, len, 0);
}
