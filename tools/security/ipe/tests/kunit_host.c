// SPDX-License-Identifier: GPL-2.0
/*
 * The KUnit suite of the IPE policy parser, compiled for the host with
 * the KUnit stand-in in tests/kunit/ and the polgen compat headers:
 *
 *	kunit_host corpus DIR	write each case of the parse table
 *				(ipe_parse_cases[]) to DIR/NNN.pol and list
 *				them in DIR/cases.tsv, one a line:
 *				NNN <tab> strict <tab> errno <tab> line <tab>
 *				reason <tab> name  (reason "-" for none)
 *	kunit_host run [CASE]	run the whole suite, or only the test case
 *				named CASE, TAP on stdout
 *
 * The table is the one the kernel's suite runs, read through the same
 * generator (KUNIT_ARRAY_PARAM), so that the host tests of ipectl check
 * compare against exactly the kernel's expected verdicts.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kunit/test.h>

#include "tests/policy_parser_test.c"

void kunit_shim_fail(struct kunit *test, const char *file, int line,
		     const char *fmt, ...)
{
	va_list ap;

	test->failures++;
	printf("    # %s:%d: expectation failed: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

void *kunit_kmalloc(struct kunit *test, size_t size, unsigned int gfp)
{
	void *p;

	if (test->nallocs == test->cap) {
		size_t cap = test->cap ? 2 * test->cap : 16;
		void **v = realloc(test->allocs, cap * sizeof(*v));

		if (!v)
			return NULL;
		test->allocs = v;
		test->cap = cap;
	}
	p = kmalloc(size, gfp);
	if (p)
		test->allocs[test->nallocs++] = p;
	return p;
}

void *kunit_kzalloc(struct kunit *test, size_t size, unsigned int gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}

long strscpy(char *dst, const char *src, size_t size)
{
	size_t n = strlen(src);

	if (!size)
		return -E2BIG;
	if (n >= size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, n + 1);
	return n;
}

static int kunit_host_one(const struct kunit_case *c, const void *param,
			  const char *desc, int n)
{
	struct kunit test = { .param_value = param };
	size_t i;

	if (!setjmp(test.abort))
		c->run_case(&test);
	for (i = 0; i < test.nallocs; i++)
		kfree(test.allocs[i]);
	free(test.allocs);
	printf("%sok %d - %s%s%s\n", test.failures ? "not " : "", n, c->name,
	       desc ? " " : "", desc ? desc : "");
	return !!test.failures;
}

static int kunit_host_run(const char *only)
{
	const struct kunit_case *c;
	int n = 0, failed = 0;

	printf("# suite %s\n", kunit_shim_suite->name);
	for (c = kunit_shim_suite->test_cases; c->run_case; c++) {
		char desc[KUNIT_PARAM_DESC_SIZE];
		const void *p;

		if (only && strcmp(c->name, only))
			continue;
		if (!c->generate_params) {
			failed += kunit_host_one(c, NULL, NULL, ++n);
			continue;
		}
		memset(desc, 0, sizeof(desc));
		for (p = c->generate_params(NULL, desc); p;
		     p = c->generate_params(p, desc)) {
			failed += kunit_host_one(c, p, desc, ++n);
			memset(desc, 0, sizeof(desc));
		}
	}
	printf("1..%d\n# %d passed, %d failed\n", n, n - failed, failed);
	return failed || !n ? 1 : 0;
}

static int kunit_host_corpus(const char *dir)
{
	char desc[KUNIT_PARAM_DESC_SIZE], path[4096];
	const struct ipe_parse_case *c;
	const void *p;
	FILE *list, *f;
	int n = 0;

	snprintf(path, sizeof(path), "%s/cases.tsv", dir);
	list = fopen(path, "w");
	if (!list) {
		perror(path);
		return 1;
	}
	for (p = ipe_parse_gen_params(NULL, desc); p;
	     p = ipe_parse_gen_params(p, desc)) {
		c = p;
		snprintf(path, sizeof(path), "%s/%03d.pol", dir, n);
		f = fopen(path, "wb");
		if (!f || fwrite(c->text, 1, c->len, f) != c->len ||
		    fclose(f)) {
			perror(path);
			return 1;
		}
		fprintf(list, "%03d\t%d\t%d\t%u\t%s\t%s\n", n, c->strict,
			-c->ret, c->line, c->reason ? c->reason : "-",
			c->name);
		n++;
	}
	if (fclose(list)) {
		perror("cases.tsv");
		return 1;
	}
	return 0;
}

/* the parser's warnings (a skipped line...) are not test output */
static void kunit_host_quiet(const char *level, const char *fmt, va_list ap)
{
}

int main(int argc, char **argv)
{
	compat_printk_hook = kunit_host_quiet;
	if (argc == 3 && !strcmp(argv[1], "corpus"))
		return kunit_host_corpus(argv[2]);
	if ((argc == 2 || argc == 3) && !strcmp(argv[1], "run"))
		return kunit_host_run(argc == 3 ? argv[2] : NULL);
	fprintf(stderr, "usage: %s corpus DIR | run [CASE]\n", argv[0]);
	return 2;
}
