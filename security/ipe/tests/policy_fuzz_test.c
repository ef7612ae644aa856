// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite ipe_parser_fuzz: generated and mutated policy texts through
 * the IPE policy parser, in strict and in lenient mode. Each must parse to
 * a policy whose printed form parses to the same tables, or fail with
 * -EINVAL (-ENOMEM) naming a line of the text; KASAN, UBSAN and kmemleak
 * watch for the rest. Generator and checker live in policy_fuzz.c, shared
 * with the user-space fuzzer of tools/testing/selftests/ipe/fuzz/, which
 * makes the same run with --kunit and longer runs by hand.
 *
 * The run is deterministic: inputs 0..N-1 of a seed, cut into sixteen cases
 * that each stay well below the RCU stall timeout. Boot parameters:
 *	policy_fuzz_test.inputs=N	the number of inputs (default 20000; each
 *					costs some 6 ms under KASAN and TCG)
 *	policy_fuzz_test.seed=S		another seed
 *	policy_fuzz_test.quiet=0	keep the parser's warnings on the console
 *
 * Lenient parses warn once per skipped line, some 30 000 lines in a run,
 * which an emulated serial console takes many seconds to print. So during
 * the run the console shows only errors and worse (KASAN, UBSAN and BUG
 * reports among them); everything still reaches the log buffer. What a
 * warning-level report would have shown is caught another way: a WARN
 * taints the kernel, a lockdep report turns debug_locks off.
 */

#include <kunit/test.h>
#include <linux/debug_locks.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "policy_fuzz.h"

#define IPE_FUZZ_CHUNKS		16
#define IPE_FUZZ_MAX_FAILURES	10
#define IPE_FUZZ_SHOW_BYTES	200

static unsigned int ipe_fuzz_inputs = IPE_FUZZ_KUNIT_INPUTS;
module_param_named(inputs, ipe_fuzz_inputs, uint, 0444);
MODULE_PARM_DESC(inputs, "number of fuzzed policies");

static unsigned long long ipe_fuzz_seed = IPE_FUZZ_KUNIT_SEED;
module_param_named(seed, ipe_fuzz_seed, ullong, 0444);
MODULE_PARM_DESC(seed, "seed of the fuzzing run");

static bool ipe_fuzz_quiet = true;
module_param_named(quiet, ipe_fuzz_quiet, bool, 0444);
MODULE_PARM_DESC(quiet, "keep parser warnings off the console during the run");

/* the chunk numbers, as parameters of ipe_fuzz_run */
static const unsigned int ipe_fuzz_chunks[IPE_FUZZ_CHUNKS] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
};

static u64 ipe_fuzz_chunk_start(unsigned int chunk)
{
	return div_u64((u64)ipe_fuzz_inputs * chunk, IPE_FUZZ_CHUNKS);
}

static void ipe_fuzz_chunk_desc(const unsigned int *chunk, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "inputs %llu..%llu",
		 ipe_fuzz_chunk_start(*chunk),
		 ipe_fuzz_chunk_start(*chunk + 1));
}

KUNIT_ARRAY_PARAM(ipe_fuzz_chunk, ipe_fuzz_chunks, ipe_fuzz_chunk_desc);

/* what ipe_fuzz_quiet_end() restores and compares */
struct ipe_fuzz_quiet_state {
	int loglevel;
	bool warned;
	bool locks;
};

static void ipe_fuzz_quiet_begin(struct ipe_fuzz_quiet_state *q)
{
	q->loglevel = console_loglevel;
	q->warned = test_taint(TAINT_WARN);
	q->locks = debug_locks;
	if (ipe_fuzz_quiet && console_loglevel > CONSOLE_LOGLEVEL_QUIET)
		console_loglevel = CONSOLE_LOGLEVEL_QUIET;
}

static void ipe_fuzz_quiet_end(struct kunit *test,
			       struct ipe_fuzz_quiet_state *q)
{
	console_loglevel = q->loglevel;
	if (!q->warned && test_taint(TAINT_WARN))
		KUNIT_FAIL(test, "a WARN fired during the run (see dmesg)");
	if (q->locks && !debug_locks)
		KUNIT_FAIL(test, "lockdep reported during the run (see dmesg)");
}

static void ipe_fuzz_report(struct kunit *test, const struct ipe_fuzz *f)
{
	KUNIT_FAIL(test,
		   "input %llu (seed %llu, class %s, %zu bytes): %s: %s\n"
		   "text: \"%*pE\"%s",
		   f->index, f->seed, ipe_fuzz_class_names[f->class],
		   f->in.len, f->why, f->detail,
		   (int)min_t(size_t, f->in.len, IPE_FUZZ_SHOW_BYTES),
		   f->in.data, f->in.len > IPE_FUZZ_SHOW_BYTES ? "..." : "");
}

static void ipe_fuzz_summary(struct kunit *test, const struct ipe_fuzz *f,
			     u64 ns)
{
	const struct ipe_fuzz_stats *st = &f->stats;
	char classes[256];
	size_t pos = 0;
	int c;

	for (c = 0; c < IPE_FUZZ_CLASSES; c++)
		pos += scnprintf(classes + pos, sizeof(classes) - pos,
				 " %s %llu/%llu/%llu", ipe_fuzz_class_names[c],
				 st->class_inputs[c], st->class_strict_ok[c],
				 st->class_lenient_ok[c]);
	kunit_info(test,
		   "%llu inputs, %llu accepted (%llu strict), %llu rejected, %llu -ENOMEM, %llu failures, seed %llu, %llu ms\n",
		   st->inputs, st->lenient_ok, st->strict_ok, st->rejected,
		   st->enomem, st->failures, f->seed, div_u64(ns, NSEC_PER_MSEC));
	kunit_info(test, "by class (inputs/strict/lenient accepted):%s\n",
		   classes);
}

/* inputs [start, end) of the run: generate, check, report */
static void ipe_fuzz_run(struct kunit *test)
{
	const unsigned int *chunk = test->param_value;
	u64 start = ipe_fuzz_chunk_start(*chunk);
	u64 end = ipe_fuzz_chunk_start(*chunk + 1);
	struct ipe_fuzz_quiet_state quiet;
	struct ipe_fuzz *f;
	u64 i, t0;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	if (ipe_fuzz_init(f, ipe_fuzz_seed, IPE_FUZZ_LEAN)) {
		ipe_fuzz_fini(f);
		KUNIT_FAIL(test, "no memory for the input buffers");
		return;
	}

	t0 = ktime_get_ns();
	ipe_fuzz_quiet_begin(&quiet);
	for (i = start; i < end; i++) {
		ipe_fuzz_generate(f, i);
		if (ipe_fuzz_check(f)) {
			ipe_fuzz_report(test, f);
			if (f->stats.failures >= IPE_FUZZ_MAX_FAILURES)
				break;
		}
		cond_resched();
	}
	ipe_fuzz_quiet_end(test, &quiet);
	ipe_fuzz_summary(test, f, ktime_get_ns() - t0);
	ipe_fuzz_fini(f);
}

/* the comparator must see a change of each field of the tables */
static void ipe_fuzz_comparator(struct kunit *test)
{
	struct ipe_fuzz *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ_MSG(test, ipe_fuzz_selftest(f), 0, "%s: %s", f->why,
			    f->detail);
}

static struct kunit_case ipe_parser_fuzz_cases[] = {
	KUNIT_CASE(ipe_fuzz_comparator),
	KUNIT_CASE_PARAM(ipe_fuzz_run, ipe_fuzz_chunk_gen_params),
	{}
};

static struct kunit_suite ipe_parser_fuzz_suite = {
	.name = "ipe_parser_fuzz",
	.test_cases = ipe_parser_fuzz_cases,
};

kunit_test_suite(ipe_parser_fuzz_suite);
