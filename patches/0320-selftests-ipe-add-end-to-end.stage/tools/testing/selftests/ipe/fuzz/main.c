// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_fuzz - fuzz the IPE policy parser in user space
 *
 * The kernel's parser sources (security/ipe/, through
 * scripts/ipe/polgen/parser.c and compat.c) and the generator and checker
 * of the KUnit suite ipe_parser_fuzz (security/ipe/tests/policy_fuzz.c), built
 * with AddressSanitizer and UBSan. On top of what the KUnit suite checks,
 * every allocation of the parser is counted, so that a leak is caught at
 * the input that causes it, and with --oom every allocation of a parse is
 * made to fail in turn.
 *
 * Usage: ipe_fuzz [options]
 *	--seed N	seed of the run (default: the KUnit suite's)
 *	--iterations N	number of inputs (default 1000000; 0: no limit)
 *	--time S	stop after S seconds
 *	--start N	first input of the run (to make one input again)
 *	--kunit		the KUnit suite's run: its seed, input count and sizes
 *	--oom N		fail every allocation in turn for one input in N
 *	--out DIR	where failing inputs are saved (default .)
 *	--keep-going	do not stop at the first failure
 *	--verbose	show the parser's warnings
 *	FILE...		check these files instead of generated inputs
 *
 * A failing input is saved as DIR/ipe-fuzz-SEED-INDEX.pol (also when a
 * sanitizer aborts the run), and "--seed SEED --start INDEX
 * --iterations 1" makes it again. The last line is
 * "fuzz: N inputs, A accepted, R rejected, F failures, seed S"; the exit
 * status is 1 when F is not 0.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* gcc and clang say so when they build with AddressSanitizer */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define __SANITIZE_ADDRESS__ 1
#endif
#endif
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/common_interface_defs.h>
#define HAVE_SANITIZER_CALLBACK 1
#endif

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/types.h>

#include "policy_fuzz.h"
#include "wrap.h"

/* ---- allocation accounting, through ld --wrap ---- */

static long alloc_live;		/* allocations not freed yet */
static unsigned long alloc_calls;	/* allocations since the last reset */
static unsigned long alloc_fail_at;	/* make this one fail (0: none) */
static bool alloc_failed;

static unsigned long long alloc_total;	/* allocations of the run */

static bool alloc_inject(void)
{
	alloc_total++;
	if (++alloc_calls == alloc_fail_at) {
		alloc_failed = true;
		return true;
	}
	return false;
}

static void *alloc_note(void *p)
{
	if (p)
		alloc_live++;
	return p;
}

void *__wrap_kmalloc(size_t size, unsigned int flags)
{
	return alloc_inject() ? NULL : alloc_note(__real_kmalloc(size, flags));
}

void *__wrap_kzalloc(size_t size, unsigned int flags)
{
	return alloc_inject() ? NULL : alloc_note(__real_kzalloc(size, flags));
}

void *__wrap_kmalloc_array(size_t n, size_t size, unsigned int flags)
{
	return alloc_inject() ? NULL :
	       alloc_note(__real_kmalloc_array(n, size, flags));
}

void *__wrap_kcalloc(size_t n, size_t size, unsigned int flags)
{
	return alloc_inject() ? NULL :
	       alloc_note(__real_kcalloc(n, size, flags));
}

void *__wrap_kvmalloc(size_t size, unsigned int flags)
{
	return alloc_inject() ? NULL : alloc_note(__real_kvmalloc(size, flags));
}

void *__wrap_kvzalloc(size_t size, unsigned int flags)
{
	return alloc_inject() ? NULL : alloc_note(__real_kvzalloc(size, flags));
}

/* Linux 6.1: growing allocates; shrinking returns @p and cannot fail */
void *__wrap_kvrealloc(const void *p, size_t oldsize, size_t newsize,
		       unsigned int flags)
{
	void *q;

	if (oldsize < newsize && alloc_inject())
		return NULL;
	q = __real_kvrealloc(p, oldsize, newsize, flags);
	if (q && !p)
		alloc_live++;
	return q;
}

char *__wrap_kstrdup(const char *s, unsigned int flags)
{
	return alloc_inject() ? NULL : alloc_note(__real_kstrdup(s, flags));
}

char *__wrap_kmemdup_nul(const char *s, size_t len, unsigned int flags)
{
	return alloc_inject() ? NULL :
	       alloc_note(__real_kmemdup_nul(s, len, flags));
}

void *__wrap_kmemdup(const void *src, size_t len, unsigned int flags)
{
	return alloc_inject() ? NULL :
	       alloc_note(__real_kmemdup(src, len, flags));
}

void __wrap_kfree(const void *p)
{
	if (p)
		alloc_live--;
	__real_kfree(p);
}

void __wrap_kvfree(const void *p)
{
	if (p)
		alloc_live--;
	__real_kvfree(p);
}

/* ---- the parser's messages ---- */

static bool verbose;
static unsigned long long printk_lines, printk_bytes;

void __wrap_compat_printk(const char *level, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	printk_lines++;
	printk_bytes += n > 0 ? n : 0;
	if (!verbose)
		return;
	fprintf(stderr, "ipe_fuzz: %s: ", level);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* ---- the run ---- */

static struct ipe_fuzz fuzz;
static const char *out_dir = ".";
static const char *current_file;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void save_input(void)
{
	char path[4096];
	FILE *out;

	if (current_file)
		return;
	snprintf(path, sizeof(path), "%s/ipe-fuzz-%llu-%llu.pol", out_dir,
		 (unsigned long long)fuzz.seed,
		 (unsigned long long)fuzz.index);
	out = fopen(path, "wb");
	if (!out || fwrite(fuzz.in.data, 1, fuzz.in.len, out) != fuzz.in.len ||
	    fclose(out)) {
		perror(path);
		return;
	}
	fprintf(stderr, "fuzz: input saved to %s (%zu bytes)\n", path,
		fuzz.in.len);
}

static void report(const char *why, const char *detail)
{
	if (current_file)
		fprintf(stderr, "fuzz: FAIL %s: %s: %s\n", current_file, why,
			detail);
	else
		fprintf(stderr,
			"fuzz: FAIL input %llu (class %s, %zu bytes): %s: %s\n"
			"fuzz: again with: --seed %llu --start %llu --iterations 1\n",
			(unsigned long long)fuzz.index,
			ipe_fuzz_class_names[fuzz.class], fuzz.in.len, why,
			detail, (unsigned long long)fuzz.seed,
			(unsigned long long)fuzz.index);
	save_input();
}

#ifdef HAVE_SANITIZER_CALLBACK
static void on_sanitizer_death(void)
{
	fprintf(stderr, "fuzz: a sanitizer stopped the run at input %llu (class %s)\n",
		(unsigned long long)fuzz.index,
		ipe_fuzz_class_names[fuzz.class]);
	report("sanitizer report", "see above");
}
#endif

/* fail each allocation of a parse in turn: -ENOMEM, nothing leaked */
static int check_oom(void)
{
	int mode;

	for (mode = 0; mode < 2; mode++) {
		struct ipe_parsed_policy *pol;
		struct ipe_parse_error err;
		unsigned long n, k;
		long live = alloc_live;

		alloc_calls = 0;
		pol = ipe_parse_policy(fuzz.in.data, fuzz.in.len, mode, &err);
		ipe_free_parsed_policy(pol);
		n = alloc_calls;
		for (k = 1; k <= n; k++) {
			alloc_calls = 0;
			alloc_fail_at = k;
			alloc_failed = false;
			pol = ipe_parse_policy(fuzz.in.data, fuzz.in.len, mode,
					       &err);
			alloc_fail_at = 0;
			if (alloc_failed && (!IS_ERR(pol) ||
					     PTR_ERR(pol) != -ENOMEM ||
					     !err.reason)) {
				snprintf(fuzz.detail, sizeof(fuzz.detail),
					 "%s parse, allocation %lu of %lu failed: returned %ld",
					 mode ? "strict" : "lenient", k, n,
					 IS_ERR(pol) ? PTR_ERR(pol) : 0L);
				ipe_free_parsed_policy(pol);
				fuzz.why = "allocation failure not reported";
				return -1;
			}
			ipe_free_parsed_policy(pol);
			if (alloc_live != live) {
				snprintf(fuzz.detail, sizeof(fuzz.detail),
					 "%s parse, allocation %lu of %lu failed: %ld not freed",
					 mode ? "strict" : "lenient", k, n,
					 alloc_live - live);
				fuzz.why = "leak after an allocation failure";
				return -1;
			}
		}
	}
	return 0;
}

/* allocations and bytes parsed, by class: what a run costs in a VM */
static unsigned long long class_allocs[IPE_FUZZ_CLASSES];
static unsigned long long class_bytes[IPE_FUZZ_CLASSES];

/* check @fuzz.in; Return: 0, or 1 after reporting a failure */
static int check_one(unsigned long oom_every, unsigned long long count)
{
	unsigned long long allocs = alloc_total;
	unsigned long long lenient_ok = fuzz.stats.lenient_ok;
	long live = alloc_live;
	int rc = ipe_fuzz_check(&fuzz);

	class_allocs[fuzz.class] += alloc_total - allocs;
	class_bytes[fuzz.class] += 2 * fuzz.in.len;
	if (fuzz.stats.lenient_ok != lenient_ok)
		class_bytes[fuzz.class] += fuzz.out.len;
	if (rc) {
		report(fuzz.why, fuzz.detail);
		return 1;
	}
	if (alloc_live != live) {
		char detail[64];

		snprintf(detail, sizeof(detail), "%ld allocations not freed",
			 alloc_live - live);
		fuzz.stats.failures++;
		report("leak", detail);
		return 1;
	}
	if (oom_every && count % oom_every == 0 && check_oom()) {
		fuzz.stats.failures++;
		report(fuzz.why, fuzz.detail);
		return 1;
	}
	return 0;
}

static int check_file(const char *path)
{
	FILE *in = fopen(path, "rb");

	if (!in) {
		perror(path);
		return 1;
	}
	fuzz.in.len = fread(fuzz.in.data, 1, fuzz.in.cap, in);
	if (!feof(in) || ferror(in)) {
		fprintf(stderr, "fuzz: %s: unreadable or larger than %zu bytes\n",
			path, fuzz.in.cap);
		fclose(in);
		return 1;
	}
	fclose(in);
	current_file = path;
	fuzz.class = IPE_FUZZ_SEED;
	fuzz.expect_line = 0;
	return check_one(1, 0);
}

/*
 * What the same run costs in the test VM (QEMU TCG; KASAN, kmemleak and
 * lockdep on), measured with the existing KUnit suites and policy loads:
 * an allocation and its free some 185 us, a byte parsed some 0.5 us.
 */
#define VM_US_PER_ALLOC	185
#define VM_US_PER_BYTE	0.5

static void print_stats(double seconds, bool kunit)
{
	const struct ipe_fuzz_stats *st = &fuzz.stats;
	unsigned long long bytes = 0;
	int c;

	printf("fuzz: by class (inputs, strict accepted, lenient accepted):");
	for (c = 0; c < IPE_FUZZ_CLASSES; c++)
		printf(" %s %llu/%llu/%llu", ipe_fuzz_class_names[c],
		       (unsigned long long)st->class_inputs[c],
		       (unsigned long long)st->class_strict_ok[c],
		       (unsigned long long)st->class_lenient_ok[c]);
	printf("\nfuzz: by class (allocations, bytes parsed):");
	for (c = 0; c < IPE_FUZZ_CLASSES; c++)
		printf(" %s %llu/%llu", ipe_fuzz_class_names[c],
		       class_allocs[c], class_bytes[c]);
	printf("\nfuzz: %llu strict accepted, %llu -ENOMEM, %llu allocations\n",
	       (unsigned long long)st->strict_ok,
	       (unsigned long long)st->enomem, alloc_total);
	printf("fuzz: parser messages: %llu lines, %llu bytes\n",
	       printk_lines, printk_bytes);
	printf("fuzz: %.3f s, %.0f inputs/s\n", seconds,
	       seconds > 0 ? st->inputs / seconds : 0.0);
	for (c = 0; c < IPE_FUZZ_CLASSES; c++)
		bytes += class_bytes[c];
	if (kunit)
		printf("fuzz: in the test VM about %.0f s (%llu allocations, %llu bytes parsed)\n",
		       (alloc_total * VM_US_PER_ALLOC +
			bytes * VM_US_PER_BYTE) / 1e6, alloc_total, bytes);
	printf("fuzz: %llu inputs, %llu accepted, %llu rejected, %llu failures, seed %llu\n",
	       (unsigned long long)st->inputs,
	       (unsigned long long)st->lenient_ok,
	       (unsigned long long)st->rejected,
	       (unsigned long long)st->failures,
	       (unsigned long long)fuzz.seed);
}

static void print_usage(FILE *f)
{
	fprintf(f,
		"usage: ipe_fuzz [--seed N] [--iterations N] [--time S] [--start N]\n"
		"                [--kunit] [--oom N] [--out DIR]\n"
		"                [--keep-going] [--verbose] [FILE...]\n");
}

static unsigned long long parse_number(const char *opt, const char *s)
{
	char *end;
	unsigned long long v;

	if (!s) {
		fprintf(stderr, "ipe_fuzz: %s needs a value\n", opt);
		exit(2);
	}
	v = strtoull(s, &end, 0);
	if (!*s || *end) {
		fprintf(stderr, "ipe_fuzz: %s: not a number: %s\n", opt, s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	unsigned long long seed = IPE_FUZZ_KUNIT_SEED, iterations = 1000000;
	unsigned long long start = 0, i, limit;
	unsigned long oom_every = 0;
	bool keep_going = false, kunit = false;
	double seconds = 0, t0, next_report;
	int a, files = 0, failed = 0;
	bool help = false, bad = false;
	const char **paths;

	paths = calloc(argc, sizeof(*paths));
	if (!paths)
		return 1;
	for (a = 1; a < argc; a++) {
		const char *opt = argv[a];
		bool has_value = a + 1 < argc;

		if (!strcmp(opt, "--help") || !strcmp(opt, "-h"))
			help = true;
		else if (!strcmp(opt, "--kunit"))
			kunit = true;
		else if (!strcmp(opt, "--keep-going"))
			keep_going = true;
		else if (!strcmp(opt, "--verbose"))
			verbose = true;
		else if (opt[0] != '-')
			paths[files++] = opt;
		else if (!has_value)
			bad = true;
		else if (!strcmp(opt, "--seed"))
			seed = parse_number(opt, argv[++a]);
		else if (!strcmp(opt, "--iterations"))
			iterations = parse_number(opt, argv[++a]);
		else if (!strcmp(opt, "--time"))
			seconds = parse_number(opt, argv[++a]);
		else if (!strcmp(opt, "--start"))
			start = parse_number(opt, argv[++a]);
		else if (!strcmp(opt, "--oom"))
			oom_every = parse_number(opt, argv[++a]);
		else if (!strcmp(opt, "--out"))
			out_dir = argv[++a];
		else
			bad = true;
	}
	if (help || bad) {
		print_usage(help ? stdout : stderr);
		free(paths);
		return help ? 0 : 2;
	}
	if (kunit) {
		seed = IPE_FUZZ_KUNIT_SEED;
		iterations = IPE_FUZZ_KUNIT_INPUTS;
	}

	if (ipe_fuzz_init(&fuzz, seed, kunit ? IPE_FUZZ_LEAN : IPE_FUZZ_FULL)) {
		fprintf(stderr, "ipe_fuzz: out of memory\n");
		return 1;
	}
#ifdef HAVE_SANITIZER_CALLBACK
	__sanitizer_set_death_callback(on_sanitizer_death);
#endif

	if (ipe_fuzz_selftest(&fuzz)) {
		fprintf(stderr, "fuzz: FAIL comparator self-test: %s: %s\n",
			fuzz.why, fuzz.detail);
		return 1;
	}

	t0 = now();
	next_report = t0 + 10;
	if (files) {
		for (a = 0; a < files; a++)
			failed |= check_file(paths[a]);
		goto done;
	}

	limit = iterations ? start + iterations : 0;
	for (i = start; !limit || i < limit; i++) {
		ipe_fuzz_generate(&fuzz, i);
		if (check_one(oom_every, i)) {
			failed = 1;
			if (!keep_going)
				break;
		}
		if ((i & 255) == 0) {
			double t = now();

			if (seconds && t - t0 >= seconds)
				break;
			if (t >= next_report) {
				printf("fuzz: %llu inputs, %.0f s, %llu failures\n",
				       (unsigned long long)fuzz.stats.inputs,
				       t - t0,
				       (unsigned long long)fuzz.stats.failures);
				fflush(stdout);
				next_report = t + 10;
			}
		}
	}
done:
	print_stats(now() - t0, kunit);
	ipe_fuzz_fini(&fuzz);
	free(paths);
	if (alloc_live) {
		fprintf(stderr, "fuzz: %ld allocations left at exit\n",
			alloc_live);
		failed = 1;
	}
	return failed || fuzz.stats.failures ? 1 : 0;
}
