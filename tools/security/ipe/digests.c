// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl allowlist: the policy text made of a set of fs-verity digests.
 *
 * The digests are gathered in any order, then sorted (by algorithm name,
 * then by digest: the byte order of their "ALG:HEX" text) and each one
 * kept once, so that the text depends on the set of digests only, not on
 * the paths of the files or the order in which they were found. Sorting
 * is O(n log n): an image may have 200 000 files. Nothing here touches a
 * file, so that the host tests can run it on digests of their own
 * (tests/allowlist_digests.c).
 */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipectl.h"

#define DIGEST_RULE_HEAD	"op=EXECUTE fsverity_digest="
#define DIGEST_RULE_TAIL	" action=ALLOW\n"
#define ALLOWLIST_DEFAULTS	"DEFAULT action=ALLOW\n" \
				"DEFAULT op=EXECUTE action=DENY\n"
#define ALLOWLIST_BOOT		"op=EXECUTE boot_verified=TRUE action=ALLOW\n"

/* the algorithms FS_IOC_MEASURE_VERITY reports, as the policy names them */
static const struct {
	const char *name;
	size_t hexlen;
} digest_algs[] = {
	{ "sha256", 64 },
	{ "sha512", 128 },
};

/**
 * ipectl_digests_add() - add a digest to a set
 * @set: the set, zeroed before the first call
 * @alg: the algorithm, "sha256" or "sha512"
 * @hex: the digest in lower-case hex, of the algorithm's length
 *
 * Return: 0; -EINVAL for an algorithm or a digest of another form, which
 * is not added; -ENOMEM.
 */
int ipectl_digests_add(struct ipectl_digests *set, const char *alg,
		       const char *hex)
{
	size_t i, n = strlen(hex);

	for (i = 0; i < ARRAY_SIZE(digest_algs); i++)
		if (!strcmp(alg, digest_algs[i].name))
			break;
	if (i == ARRAY_SIZE(digest_algs) || n != digest_algs[i].hexlen ||
	    strspn(hex, "0123456789abcdef") != n)
		return -EINVAL;
	if (set->count == set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 1024;
		char (*v)[IPECTL_DIGEST_TEXT_SIZE];

		if (cap > SIZE_MAX / sizeof(*v))
			return -ENOMEM;
		v = realloc(set->v, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		set->v = v;
		set->cap = cap;
	}
	snprintf(set->v[set->count++], IPECTL_DIGEST_TEXT_SIZE, "%s:%s", alg,
		 hex);
	return 0;
}

static int digest_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/**
 * ipectl_digests_sort() - sort a set and keep each digest once
 * @set: the set
 *
 * Return: the number of duplicates removed.
 */
size_t ipectl_digests_sort(struct ipectl_digests *set)
{
	size_t i, n = 0;

	if (set->count < 2)
		return 0;
	qsort(set->v, set->count, sizeof(*set->v), digest_cmp);
	for (i = 1; i < set->count; i++) {
		if (!strcmp(set->v[i], set->v[n]))
			continue;
		n++;
		if (n != i)
			memcpy(set->v[n], set->v[i], sizeof(*set->v));
	}
	n++;
	i = set->count - n;
	set->count = n;
	return i;
}

/**
 * ipectl_digests_free() - free what a set holds
 * @set: the set, left empty
 */
void ipectl_digests_free(struct ipectl_digests *set)
{
	free(set->v);
	memset(set, 0, sizeof(*set));
}

/*
 * A name is quoted when it is empty or holds what would end an unquoted
 * value: whitespace or a '#'. A double quote or a line end cannot be
 * written at all; the parser refuses what is left over.
 */
static bool allowlist_quote(const char *name)
{
	return !*name || strpbrk(name, " \t\v\f#");
}

/**
 * ipectl_allowlist_header() - the header line of a policy
 * @name: the policy_name
 * @version: the policy_version
 *
 * @name is written in double quotes when it is empty or holds whitespace
 * or a '#', as the policy language allows. Neither value is checked: the
 * caller parses the line.
 *
 * Return: "policy_name=NAME policy_version=VERSION\n", allocated, or NULL
 * when out of memory.
 */
char *ipectl_allowlist_header(const char *name, const char *version)
{
	const char *q = allowlist_quote(name) ? "\"" : "";
	char *s;

	if (asprintf(&s, "policy_name=%s%s%s policy_version=%s\n", q, name, q,
		     version) < 0)
		return NULL;
	return s;
}

/**
 * ipectl_allowlist_text() - the text of an allowlist policy
 * @h: the header's values and whether to allow the initramfs
 * @set: the digests, sorted and without duplicates (ipectl_digests_sort())
 * @len: receives the length of the text
 *
 * The text is the header, "DEFAULT action=ALLOW", "DEFAULT op=EXECUTE
 * action=DENY", with @h->boot_verified "op=EXECUTE boot_verified=TRUE
 * action=ALLOW", then "op=EXECUTE fsverity_digest=ALG:HEX action=ALLOW"
 * for each digest of @set in its order; one line each, ending in a
 * newline.
 *
 * Return: the text, allocated and NUL-terminated, or NULL when out of
 * memory.
 */
char *ipectl_allowlist_text(const struct ipectl_allowlist_head *h,
			    const struct ipectl_digests *set, size_t *len)
{
	const size_t head_len = strlen(DIGEST_RULE_HEAD);
	const size_t tail_len = strlen(DIGEST_RULE_TAIL);
	size_t hlen, size, i, at;
	char *header, *text;

	header = ipectl_allowlist_header(h->name, h->version);
	if (!header)
		return NULL;
	hlen = strlen(header);
	size = hlen + strlen(ALLOWLIST_DEFAULTS) + strlen(ALLOWLIST_BOOT) + 1;
	if (set->count > (SIZE_MAX - size) /
	    (head_len + IPECTL_DIGEST_TEXT_SIZE + tail_len)) {
		free(header);
		return NULL;
	}
	size += set->count * (head_len + IPECTL_DIGEST_TEXT_SIZE + tail_len);
	text = malloc(size);
	if (!text) {
		free(header);
		return NULL;
	}
	memcpy(text, header, hlen);
	at = hlen;
	free(header);
	memcpy(text + at, ALLOWLIST_DEFAULTS, strlen(ALLOWLIST_DEFAULTS));
	at += strlen(ALLOWLIST_DEFAULTS);
	if (h->boot_verified) {
		memcpy(text + at, ALLOWLIST_BOOT, strlen(ALLOWLIST_BOOT));
		at += strlen(ALLOWLIST_BOOT);
	}
	for (i = 0; i < set->count; i++) {
		size_t n = strlen(set->v[i]);

		memcpy(text + at, DIGEST_RULE_HEAD, head_len);
		at += head_len;
		memcpy(text + at, set->v[i], n);
		at += n;
		memcpy(text + at, DIGEST_RULE_TAIL, tail_len);
		at += tail_len;
	}
	text[at] = '\0';
	*len = at;
	return text;
}
