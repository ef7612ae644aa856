// SPDX-License-Identifier: GPL-2.0
/*
 * IPE digest values: "HEX" (any algorithm) or "ALG:HEX" as written in a
 * policy, compared against what the kernel measured.
 */

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/string.h>

#include "property.h"

struct ipe_digest_alg {
	const char *name;
	u16 len;
};

/*
 * Algorithms whose digest size IPE knows (those of the kernel's hash_info
 * that dm-verity or fs-verity can use): a digest of another length can
 * never match and is refused. Other names are accepted with any digest
 * length when the running kernel's crypto API has the algorithm.
 */
static const struct ipe_digest_alg ipe_digest_algs[] = {
	{ "md5", 16 },
	{ "sha1", 20 },
	{ "rmd160", 20 },
	{ "sha224", 28 },
	{ "sha256", 32 },
	{ "sha384", 48 },
	{ "sha512", 64 },
	{ "sha3-224", 28 },
	{ "sha3-256", 32 },
	{ "sha3-384", 48 },
	{ "sha3-512", 64 },
	{ "sm3", 32 },
	{ "streebog256", 32 },
	{ "streebog512", 64 },
	{ "wp256", 32 },
	{ "wp384", 48 },
	{ "wp512", 64 },
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

/* crypto API names: lower-case letters, digits and "-_(),", as "sha256" */
static bool ipe_digest_alg_wellformed(const char *name, size_t len)
{
	size_t i;

	if (!len || len > IPE_DIGEST_ALG_MAX)
		return false;
	for (i = 0; i < len; i++) {
		char c = name[i];

		if (!(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9') &&
		    !strchr("-_(),", c))
			return false;
	}
	return true;
}

/* Return: the first byte of @hex that is not a hex digit, or NULL. */
static const char *ipe_digest_nonhex(const char *hex)
{
	for (; *hex; hex++)
		if (hex_to_bin(*hex) < 0)
			return hex;
	return NULL;
}

/**
 * ipe_digest_parse() - parse a digest value of a policy
 * @value: NUL-terminated "HEX" or "ALG:HEX"
 * @arena: where the digest is allocated (the policy's)
 * @why: receives the reason of a refusal
 * @why_len: size of @why
 *
 * HEX is a non-empty, even number of hex digits (either case) encoding at
 * most %IPE_DIGEST_MAX_LEN bytes. ALG is a crypto API algorithm name
 * (lower-case letters, digits and "-_(),"); for an algorithm whose digest
 * size IPE knows (sha1, sha256, ...), HEX must be exactly that size; any
 * other must be known to the running kernel's crypto API (see
 * ipe_hash_alg_available()).
 *
 * The error codes are mainline's for the texts mainline refuses: -EINVAL
 * for ALG:HEX whose HEX is not an even number of hex digits; -EBADMSG for
 * the rest (a bad HEX without ALG:, which mainline refuses for its missing
 * algorithm, and texts mainline accepts but which could never match).
 *
 * The digest is never freed on its own: it goes with @arena, also when
 * it is refused after it was allocated.
 *
 * Return: the digest, or ERR_PTR(-EINVAL), ERR_PTR(-EBADMSG) with the
 * reason in @why, or ERR_PTR(-ENOMEM).
 */
struct ipe_digest *ipe_digest_parse(const char *value,
				    struct ipe_arena *arena, char *why,
				    size_t why_len)
{
	const struct ipe_digest_alg *known = NULL;
	const char *hex = value, *colon, *bad;
	size_t alg_len = 0, hexlen, n;
	struct ipe_digest *d;

	colon = strchr(value, ':');
	if (colon) {
		alg_len = colon - value;
		hex = colon + 1;
	}

	/*
	 * What mainline refuses first, with its error code: bad hex after
	 * ALG: is -EINVAL; mainline refuses a digest without ALG: before
	 * it reads the hex, with -EBADMSG.
	 */
	hexlen = strlen(hex);
	bad = ipe_digest_nonhex(hex);
	if (bad) {
		snprintf(why, why_len, "digest has a non-hex character '%c'",
			 *bad);
		return ERR_PTR(colon ? -EINVAL : -EBADMSG);
	}
	if (hexlen % 2) {
		snprintf(why, why_len, "digest has an odd number of hex digits");
		return ERR_PTR(colon ? -EINVAL : -EBADMSG);
	}

	if (colon) {
		if (!alg_len) {
			snprintf(why, why_len, "empty digest algorithm");
			return ERR_PTR(-EBADMSG);
		}
		if (!ipe_digest_alg_wellformed(value, alg_len)) {
			snprintf(why, why_len, "bad digest algorithm name");
			return ERR_PTR(-EBADMSG);
		}
		known = ipe_digest_alg_find(value, alg_len);
	}
	n = hexlen / 2;
	if (known && n != known->len) {
		snprintf(why, why_len, "%s digest must be %u hex digits",
			 known->name, 2 * known->len);
		return ERR_PTR(-EBADMSG);
	}
	if (!n) {
		snprintf(why, why_len, "empty digest");
		return ERR_PTR(-EBADMSG);
	}
	if (n > IPE_DIGEST_MAX_LEN) {
		snprintf(why, why_len, "digest longer than %u bytes",
			 IPE_DIGEST_MAX_LEN);
		return ERR_PTR(-EBADMSG);
	}

	/* an algorithm IPE does not know is stored after the bytes */
	d = ipe_arena_alloc(arena, struct_size(d, bytes,
					       n + (colon && !known ?
						    alg_len + 1 : 0)));
	if (!d)
		return ERR_PTR(-ENOMEM);
	if (hex2bin(d->bytes, hex, n)) {
		snprintf(why, why_len, "bad hex");
		return ERR_PTR(-EINVAL);
	}
	d->len = n;
	if (known) {
		d->alg = known->name;
	} else if (colon) {
		char *alg = (char *)d->bytes + n;

		memcpy(alg, value, alg_len);
		alg[alg_len] = '\0';
		if (!ipe_hash_alg_available(alg)) {
			snprintf(why, why_len, "unknown hash algorithm %s",
				 alg);
			return ERR_PTR(-EBADMSG);
		}
		d->alg = alg;
	}
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
