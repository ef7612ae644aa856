// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of IPE's registration, and of what the parser asks the
 * running kernel (not part of the host build of the parser's suite).
 */
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/slab.h>

#include "ipe.h"
#include "policy.h"
#include "property.h"

static void ipe_test_initialized(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, ipe_initialized);
}

/*
 * A digest algorithm IPE does not know the size of is accepted when the
 * crypto API has it (any even length), refused with its name otherwise.
 */
static void ipe_test_hash_alg(struct kunit *test)
{
	static const char text[] = "policy_name=t policy_version=1.0.0\n"
		"DEFAULT action=ALLOW\n"
		"op=EXECUTE dmverity_roothash=nosuchhash:0011 action=DENY\n";
	char why[IPE_PARSE_REASON_MAX] = "";
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	struct ipe_digest *d;

	KUNIT_EXPECT_FALSE(test, ipe_hash_alg_available("nosuchhash"));
	d = ipe_digest_parse("nosuchhash:0011", why, sizeof(why));
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), (long)-EBADMSG);
	KUNIT_EXPECT_STREQ(test, why, "unknown hash algorithm nosuchhash");

	pol = ipe_parse_policy(text, sizeof(text) - 1, true, &err);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pol), (long)-EBADMSG);
	KUNIT_EXPECT_EQ(test, err.line, 3U);
	KUNIT_EXPECT_STREQ(test, err.reason,
			   "unknown hash algorithm nosuchhash");

	/* the generic sha256 by its driver name (.kunitconfig builds it) */
	KUNIT_EXPECT_TRUE(test, ipe_hash_alg_available("sha256-generic"));
	d = ipe_digest_parse("sha256-generic:0011", why, sizeof(why));
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(d));
	KUNIT_EXPECT_STREQ(test, d->alg, "sha256-generic");
	KUNIT_EXPECT_EQ(test, d->len, 2);
	kfree(d);
}

static struct kunit_case ipe_core_cases[] = {
	KUNIT_CASE(ipe_test_initialized),
	KUNIT_CASE(ipe_test_hash_alg),
	{}
};

static struct kunit_suite ipe_core_suite = {
	.name = "ipe_core",
	.test_cases = ipe_core_cases,
};

kunit_test_suite(ipe_core_suite);
