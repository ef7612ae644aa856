// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of IPE's registration.
 */
#include <kunit/test.h>

#include "ipe.h"

static void ipe_test_initialized(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, ipe_initialized);
}

static struct kunit_case ipe_core_cases[] = {
	KUNIT_CASE(ipe_test_initialized),
	{}
};

static struct kunit_suite ipe_core_suite = {
	.name = "ipe_core",
	.test_cases = ipe_core_cases,
};

kunit_test_suite(ipe_core_suite);
