// SPDX-License-Identifier: GPL-2.0
/*
 * allowlist_digests: tests of the rules of ipectl allowlist (digests.c),
 * on digests made up here, built by run.sh with AddressSanitizer and
 * UBSan where the compiler has them.
 *
 *	allowlist_digests cases		digests refused, sorted, kept once;
 *					the header and the whole text
 *	allowlist_digests bench N OUT [reverse]
 *					N made-up digests (one in 8 a
 *					repeat, one in 16 SHA-512), added in
 *					that order or reversed, sorted and
 *					printed to OUT with the time each
 *					step took
 *
 * Each prints "FAIL: ..." lines for what went wrong and a last line
 * summing up, and exits 0 when nothing failed, 1 otherwise (2: usage).
 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ipectl.h"

static unsigned int nchecks, nfailed;

static __printf(2, 3) void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	nchecks++;
	if (ok)
		return;
	nfailed++;
	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static int summary(const char *what)
{
	printf("%s: %u checks, %u failed\n", what, nchecks, nfailed);
	return nfailed ? 1 : 0;
}

/* "c" repeated to @n hex digits, in a static buffer */
static const char *rep(char c, size_t n)
{
	static char buf[2 * IPECTL_DIGEST_MAX + 1];

	memset(buf, c, n);
	buf[n] = '\0';
	return buf;
}

static void cases(void)
{
	static const char *const want =
		"policy_name=img policy_version=1.2.3\n"
		"DEFAULT action=ALLOW\n"
		"DEFAULT op=EXECUTE action=DENY\n"
		"op=EXECUTE boot_verified=TRUE action=ALLOW\n";
	struct ipectl_allowlist_head h = { "img", "1.2.3", true };
	struct ipectl_digests set = { };
	char h256[65], *text, *line;
	size_t len, dups;

	check(ipectl_digests_add(&set, "sha1", rep('a', 40)) == -EINVAL,
	      "sha1 refused");
	check(ipectl_digests_add(&set, "sha256", rep('a', 63)) == -EINVAL,
	      "63 hex digits refused for sha256");
	check(ipectl_digests_add(&set, "sha256", rep('a', 128)) == -EINVAL,
	      "128 hex digits refused for sha256");
	check(ipectl_digests_add(&set, "sha512", rep('a', 64)) == -EINVAL,
	      "64 hex digits refused for sha512");
	check(ipectl_digests_add(&set, "sha256", rep('A', 64)) == -EINVAL,
	      "upper-case hex refused");
	check(ipectl_digests_add(&set, "sha256", rep('g', 64)) == -EINVAL,
	      "a non-hex digit refused");
	check(ipectl_digests_add(&set, "", "") == -EINVAL, "empty refused");
	check(set.count == 0, "nothing refused was added (%zu)", set.count);

	/* added out of order, with repeats */
	check(!ipectl_digests_add(&set, "sha512", rep('0', 128)), "sha512");
	check(!ipectl_digests_add(&set, "sha256", rep('f', 64)), "f");
	check(!ipectl_digests_add(&set, "sha256", rep('1', 64)), "1");
	check(!ipectl_digests_add(&set, "sha256", rep('f', 64)), "f again");
	check(!ipectl_digests_add(&set, "sha256", rep('a', 64)), "a");
	check(!ipectl_digests_add(&set, "sha512", rep('0', 128)),
	      "sha512 again");
	check(!ipectl_digests_add(&set, "sha256", rep('f', 64)), "f thrice");
	dups = ipectl_digests_sort(&set);
	check(dups == 3 && set.count == 4, "3 repeats removed, 4 left: %zu, %zu",
	      dups, set.count);
	snprintf(h256, sizeof(h256), "%s", rep('1', 64));
	check(set.count == 4 && !strcmp(set.v[0] + 7, h256) &&
	      !strcmp(set.v[1] + 7, rep('a', 64)) &&
	      !strcmp(set.v[2] + 7, rep('f', 64)) &&
	      !strncmp(set.v[3], "sha512:", 7),
	      "sha256 in digest order, then sha512");
	check(ipectl_digests_sort(&set) == 0 && set.count == 4,
	      "sorting again removes nothing");

	text = ipectl_allowlist_text(&h, &set, &len);
	check(text && len == strlen(text), "the text and its length");
	if (text) {
		check(!strncmp(text, want, strlen(want)),
		      "header, DEFAULTs and boot_verified first: %.*s",
		      (int)strlen(want), text);
		line = text + strlen(want);
		check(!strncmp(line, "op=EXECUTE fsverity_digest=sha256:1111", 38),
		      "then the first digest: %.60s", line);
		check(len > 0 && text[len - 1] == '\n' &&
		      !strcmp(text + len - 14, " action=ALLOW\n"),
		      "the last line ends in a newline");
		check(len == strlen(want) + 3 * (27 + 71 + 14) + 27 + 135 + 14,
		      "four rules of the right length (%zu bytes)", len);
	}
	free(text);

	h.boot_verified = false;
	text = ipectl_allowlist_text(&h, &set, &len);
	check(text && !strstr(text, "boot_verified"),
	      "no boot_verified rule unless asked");
	free(text);

	ipectl_digests_free(&set);
	check(!set.v && !set.count, "freed");
	h.name = "";
	text = ipectl_allowlist_text(&h, &set, &len);
	check(text && !strcmp(text,
			      "policy_name=\"\" policy_version=1.2.3\n"
			      "DEFAULT action=ALLOW\n"
			      "DEFAULT op=EXECUTE action=DENY\n"),
	      "no digest: the header and the DEFAULTs; an empty name quoted");
	free(text);

	text = ipectl_allowlist_header("my image", "1.0.0");
	check(text && !strcmp(text,
			      "policy_name=\"my image\" policy_version=1.0.0\n"),
	      "a name with a space is quoted: %s", text);
	free(text);
	text = ipectl_allowlist_header("a#b", "1.0.0");
	check(text && !strcmp(text, "policy_name=\"a#b\" policy_version=1.0.0\n"),
	      "a name with '#' is quoted: %s", text);
	free(text);
	text = ipectl_allowlist_header("a=b", "1.0.0");
	check(text && !strcmp(text, "policy_name=a=b policy_version=1.0.0\n"),
	      "a name with '=' is not: %s", text);
	free(text);
}

/* xorshift64*: the same digests on every run */
static u64 rnd_state = 0x9e3779b97f4a7c15ULL;

static u64 rnd(void)
{
	rnd_state ^= rnd_state >> 12;
	rnd_state ^= rnd_state << 25;
	rnd_state ^= rnd_state >> 27;
	return rnd_state * 0x2545f4914f6cdd1dULL;
}

static double ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1e3 + (t.tv_nsec - t0->tv_nsec) / 1e6;
}

static int bench(size_t n, const char *out, bool reverse)
{
	struct ipectl_allowlist_head h = { "bench", "1.0.0", false };
	struct ipectl_digests set = { };
	double t_add, t_sort, t_text;
	struct timespec t0;
	size_t i, repeats = 0, dups, len;
	char (*all)[IPECTL_DIGEST_TEXT_SIZE];
	char *text;
	FILE *f;

	/* the digests, made first: the timing is of ipectl's part */
	all = calloc(n ? n : 1, sizeof(*all));
	if (!all)
		return 2;
	for (i = 0; i < n; i++) {
		size_t j, hexlen = rnd() % 16 ? 64 : 128;

		if (i && !(rnd() % 8)) {
			memcpy(all[i], all[rnd() % i], sizeof(*all));
			repeats++;
			continue;
		}
		for (j = 0; j < hexlen; j += 16)
			sprintf(all[i] + j, "%016llx", (unsigned long long)rnd());
	}

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++) {
		const char *hex = all[reverse ? n - 1 - i : i];

		if (ipectl_digests_add(&set, strlen(hex) == 64 ? "sha256" :
				       "sha512", hex)) {
			check(false, "digest %zu refused", i);
			break;
		}
	}
	t_add = ms_since(&t0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	dups = ipectl_digests_sort(&set);
	t_sort = ms_since(&t0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	text = ipectl_allowlist_text(&h, &set, &len);
	t_text = ms_since(&t0);

	check(dups == repeats && set.count == n - repeats,
	      "%zu repeats made, %zu removed, %zu left", repeats, dups,
	      set.count);
	for (i = 1; i < set.count; i++)
		if (strcmp(set.v[i - 1], set.v[i]) >= 0)
			break;
	check(i >= set.count, "strictly increasing (not at %zu)", i);
	check(text, "the text");
	f = fopen(out, "w");
	check(f && text && fwrite(text, 1, len, f) == len && !fclose(f),
	      "%s written", out);
	printf("%zu digests: %zu rules, %zu repeats; add %.0f ms, ", n,
	       set.count, dups, t_add);
	printf("sort and dedupe %.0f ms, text %.0f ms (%zu bytes)\n", t_sort,
	       t_text, len);
	free(text);
	free(all);
	ipectl_digests_free(&set);
	return summary("bench");
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "cases")) {
		cases();
		return summary("cases");
	}
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "bench"))
		return bench(strtoul(argv[2], NULL, 10), argv[3],
			     argc == 5 && !strcmp(argv[4], "reverse"));
	fprintf(stderr, "usage: %s cases | bench N OUT [reverse]\n", argv[0]);
	return 2;
}
