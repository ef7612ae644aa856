/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE policy parser fuzzing: a generator of policy texts and a checker of
 * what the parser makes of them, shared by the KUnit suite
 * (policy_fuzz_test.c) and the user-space fuzzer
 * (tools/testing/selftests/ipe/fuzz/), which compiles the parser against
 * scripts/ipe/polgen/compat/. Nothing here depends on KUnit: failures are
 * returned, with a reason, to the caller.
 *
 * A run is a seed and a number of inputs. Input i is generated from its own
 * generator state, derived from (seed, i), so any input of a run can be
 * made again alone. The first inputs of every run are fixed: the
 * comprehensive seed policy, that policy cut at every offset, policies
 * with 10 000 comment lines and policies with huge lines. The rest are
 * drawn at random from the other classes (see enum ipe_fuzz_class).
 *
 * Each input is parsed in strict and in lenient mode. An accepted policy
 * is printed back (header, DEFAULTs, every rule), the print is parsed
 * again in strict mode and the two tables must be equal. A refused one
 * must come back as ERR_PTR(-EBADMSG), ERR_PTR(-EINVAL), ERR_PTR(-ERANGE)
 * or ERR_PTR(-ENOMEM), with a reason and the number of a line the text
 * has (0 for an empty policy or a missing DEFAULT).
 */
#ifndef _IPE_POLICY_FUZZ_H
#define _IPE_POLICY_FUZZ_H

#include <linux/types.h>

#include "policy.h"

/*
 * The run of the KUnit suite (policy_fuzz_test.c); the user-space fuzzer
 * makes the same run with --kunit.
 */
#define IPE_FUZZ_KUNIT_INPUTS	20000
#define IPE_FUZZ_KUNIT_SEED	20241001

/* lines of the comment-flood inputs, and the length of a huge line */
#define IPE_FUZZ_COMMENT_LINES	10000
#define IPE_FUZZ_HUGE_LEN	(64 * 1024)
/* an input buffer that holds every fixed input */
#define IPE_FUZZ_INPUT_MIN	(8 * IPE_FUZZ_HUGE_LEN)

/**
 * enum ipe_fuzz_class - the kinds of generated input
 * @IPE_FUZZ_SEED: the comprehensive seed policy, unchanged
 * @IPE_FUZZ_TRUNCATE: the seed cut at every offset, or a random policy
 *	cut at a random one
 * @IPE_FUZZ_COMMENTS: 10 000 comment lines around a policy
 * @IPE_FUZZ_HUGE: a line of %IPE_FUZZ_HUGE_LEN bytes or more
 * @IPE_FUZZ_VALID: a random policy, almost always valid, in varied
 *	spellings
 * @IPE_FUZZ_MUTATE: the seed or a random policy after byte flips,
 *	insertions, deletions and copied spans
 * @IPE_FUZZ_SOUP: lines of random tokens from the policy vocabulary
 * @IPE_FUZZ_NUL: a policy with NUL bytes
 * @IPE_FUZZ_BYTES: random bytes
 * @IPE_FUZZ_CLASSES: number of classes
 */
enum ipe_fuzz_class {
	IPE_FUZZ_SEED,
	IPE_FUZZ_TRUNCATE,
	IPE_FUZZ_COMMENTS,
	IPE_FUZZ_HUGE,
	IPE_FUZZ_VALID,
	IPE_FUZZ_MUTATE,
	IPE_FUZZ_SOUP,
	IPE_FUZZ_NUL,
	IPE_FUZZ_BYTES,
	IPE_FUZZ_CLASSES,
};

/* the names of the classes, for reports */
extern const char *const ipe_fuzz_class_names[IPE_FUZZ_CLASSES];

/* a byte buffer; appending past @cap silently drops the rest */
struct ipe_fuzz_buf {
	char *data;
	size_t len;
	size_t cap;
};

/**
 * enum ipe_fuzz_profile - how big the random inputs of a run get
 * @IPE_FUZZ_LEAN: the KUnit suite's: policies of a few rules, a quarter
 *	of the changed policies from the seed, comment
 *	floods of at most 200 lines, huge lines only among the fixed inputs.
 *	Under KASAN and kmemleak in an emulated machine an allocation costs
 *	some 200 us, and each parse makes at least three.
 * @IPE_FUZZ_FULL: the user-space fuzzer's: up to 64 rules, floods of up
 *	to 10 000 lines, random huge lines of up to 128 KiB
 */
enum ipe_fuzz_profile {
	IPE_FUZZ_LEAN,
	IPE_FUZZ_FULL,
};

/**
 * struct ipe_fuzz_stats - what a run saw
 * @inputs: inputs checked
 * @strict_ok: inputs the strict parse accepted
 * @lenient_ok: inputs the lenient parse accepted
 * @rejected: inputs both parses refused
 * @enomem: parses that failed with -ENOMEM
 * @failures: inputs that failed a check
 * @class_inputs: @inputs by class
 * @class_strict_ok: @strict_ok by class
 * @class_lenient_ok: @lenient_ok by class
 */
struct ipe_fuzz_stats {
	u64 inputs;
	u64 strict_ok;
	u64 lenient_ok;
	u64 rejected;
	u64 enomem;
	u64 failures;
	u64 class_inputs[IPE_FUZZ_CLASSES];
	u64 class_strict_ok[IPE_FUZZ_CLASSES];
	u64 class_lenient_ok[IPE_FUZZ_CLASSES];
};

/**
 * struct ipe_fuzz - the state of a fuzzing run
 * @seed: the run's seed
 * @rng: the generator state of the current input
 * @index: the number of the current input in the run
 * @class: the class of the current input
 * @in: the current input
 * @out: the printed form of the last accepted policy
 * @huge_len: the length of random huge lines (fixed inputs use
 *	%IPE_FUZZ_HUGE_LEN); 0 leaves huge lines out of the random classes
 * @flood_lines: the most comment lines of a random comment flood
 * @max_rules: the most rules of a random policy, mostly
 * @seed_share: percent of changed inputs that start from the seed rather
 *	than from a random policy
 * @expect_line: for some fixed inputs, the line the strict parse must
 *	fail at (0: no expectation)
 * @why: what the last failed check found, a static string
 * @detail: more about it: error codes, lines, where tables differ
 * @stats: counters of the run
 */
struct ipe_fuzz {
	u64 seed;
	u64 rng;
	u64 index;
	enum ipe_fuzz_class class;
	struct ipe_fuzz_buf in;
	struct ipe_fuzz_buf out;
	size_t huge_len;
	u32 flood_lines;
	u32 max_rules;
	u32 seed_share;
	u32 expect_line;
	const char *why;
	char detail[192];
	struct ipe_fuzz_stats stats;
};

int ipe_fuzz_init(struct ipe_fuzz *f, u64 seed,
		  enum ipe_fuzz_profile profile);
void ipe_fuzz_fini(struct ipe_fuzz *f);
void ipe_fuzz_generate(struct ipe_fuzz *f, u64 index);
int ipe_fuzz_check(struct ipe_fuzz *f);
int ipe_fuzz_selftest(struct ipe_fuzz *f);

#endif /* _IPE_POLICY_FUZZ_H */
