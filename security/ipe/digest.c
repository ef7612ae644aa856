// SPDX-License-Identifier: GPL-2.0
/*
 * IPE digest values: "HEX" (any algorithm) or "ALG:HEX" as written in a
 * policy, compared against what the kernel measured.
 */

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "property.h"

struct ipe_digest_alg {
	const char *name;
	u16 len;
};

static const struct ipe_digest_alg ipe_digest_algs[] = {
	{ "sha1", 20 },
	{ "sha224", 28 },
	{ "sha256", 32 },
	{ "sha384", 48 },
	{ "sha512", 64 },
};

static const struct ipe_digest_alg *ipe_digest_alg_find(const char *name,
							size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ipe_digest_algs); i++) {
		const char *n = ipe_digest_algs[i].name;

		if (strlen(n) == len && !memcmp(n, name, len))
			return &ipe_digest_algs[i];
	}
	return NULL;
}

/**
 * ipe_digest_parse() - parse a digest value of a policy
 * @value: NUL-terminated "HEX" or "ALG:HEX"
 *
 * HEX is a non-empty, even number of hex digits (either case) encoding at
 * most %IPE_DIGEST_MAX_LEN bytes. ALG must be one of sha1, sha224, sha256,
 * sha384 or sha512 (lower case), and HEX must then be exactly that
 * algorithm's digest size. @alg of the result points to a static string.
 *
 * Return: the digest, to be released with kfree(), or ERR_PTR(-EINVAL) for
 * a malformed value, or ERR_PTR(-ENOMEM).
 */
struct ipe_digest *ipe_digest_parse(const char *value)
{
	const struct ipe_digest_alg *alg = NULL;
	const char *hex = value;
	const char *colon;
	struct ipe_digest *d;
	size_t hexlen, n;

	colon = strchr(value, ':');
	if (colon) {
		alg = ipe_digest_alg_find(value, colon - value);
		if (!alg)
			return ERR_PTR(-EINVAL);
		hex = colon + 1;
	}

	hexlen = strlen(hex);
	if (!hexlen || hexlen % 2 || hexlen > 2 * IPE_DIGEST_MAX_LEN)
		return ERR_PTR(-EINVAL);
	n = hexlen / 2;
	if (alg && n != alg->len)
		return ERR_PTR(-EINVAL);

	d = kzalloc(struct_size(d, bytes, n), GFP_KERNEL);
	if (!d)
		return ERR_PTR(-ENOMEM);
	if (hex2bin(d->bytes, hex, n)) {
		kfree(d);
		return ERR_PTR(-EINVAL);
	}
	d->alg = alg ? alg->name : NULL;
	d->len = n;
	return d;
}

/**
 * ipe_digest_equal() - compare a policy digest with a measured one
 * @want: the digest from the policy
 * @alg: the algorithm of the measured digest, or NULL when unknown
 * @bytes: the measured digest, or NULL
 * @len: number of bytes in @bytes
 *
 * When @want names an algorithm, @alg must be the same name. A digest
 * written without algorithm matches any @alg.
 *
 * Return: true when the digests are the same.
 */
bool ipe_digest_equal(const struct ipe_digest *want, const char *alg,
		      const u8 *bytes, size_t len)
{
	if (!bytes || len != want->len)
		return false;
	if (want->alg && (!alg || strcmp(want->alg, alg)))
		return false;
	return !memcmp(want->bytes, bytes, len);
}

/**
 * ipe_digest_print() - print a digest as a policy would write it
 * @buf: output buffer (may be NULL when @size is 0)
 * @size: size of @buf
 * @key: the property key to print before '='
 * @d: the digest
 *
 * Prints "key=alg:hex", or "key=hex" when @d has no algorithm, with the hex
 * digits in lower case.
 *
 * Return: the length the full text needs, like snprintf().
 */
int ipe_digest_print(char *buf, size_t size, const char *key,
		     const struct ipe_digest *d)
{
	char hex[2 * IPE_DIGEST_MAX_LEN + 1];
	size_t n = min_t(size_t, d->len, IPE_DIGEST_MAX_LEN);

	*bin2hex(hex, d->bytes, n) = '\0';
	if (d->alg)
		return snprintf(buf, size, "%s=%s:%s", key, d->alg, hex);
	return snprintf(buf, size, "%s=%s", key, hex);
}
