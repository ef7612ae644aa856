// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the assembly of a signed policy from several writes:
 * where the DER header says the blob ends, and what is refused.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "upload.h"

/* The cap IPE applies to new_policy, raw and update. */
#define IPE_BLOB_TEST_MAX	(8U << 20)

static int ipe_blob_test_init(struct kunit *test)
{
	test->priv = kunit_kzalloc(test, sizeof(struct ipe_upload), GFP_KERNEL);
	return test->priv ? 0 : -ENOMEM;
}

static void ipe_blob_test_exit(struct kunit *test)
{
	ipe_upload_reset(test->priv);
}

/* @n bytes: a DER SEQUENCE header for @len content bytes, then those */
static u8 *ipe_blob_test_make(struct kunit *test, size_t len, size_t *n)
{
	u8 *p = kunit_kzalloc(test, len + 4, GFP_KERNEL);
	size_t h, i;

	KUNIT_ASSERT_NOT_NULL(test, p);
	p[0] = 0x30;
	if (len < 0x80) {
		p[1] = len;
		h = 2;
	} else {
		p[1] = 0x82;
		p[2] = len >> 8;
		p[3] = len & 0xff;
		h = 4;
	}
	for (i = 0; i < len; i++)
		p[h + i] = i * 7 + 1;
	*n = h + len;
	return p;
}

/* @n bytes at @p must be refused with @err, and leave the blob empty */
static void ipe_blob_expect_refused(struct kunit *test, const u8 *p, size_t n,
				    size_t max, int err)
{
	struct ipe_upload *b = test->priv;

	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, p, n, max), err);
	KUNIT_EXPECT_EQ(test, b->len, 0);
	KUNIT_EXPECT_NULL(test, b->data);
}

static void ipe_blob_short_form_one_write(struct kunit *test)
{
	struct ipe_upload *b = test->priv;
	size_t n;
	u8 *p = ipe_blob_test_make(test, 3, &n);

	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, p, n, IPE_BLOB_TEST_MAX), 1);
	KUNIT_EXPECT_EQ(test, b->len, n);
	KUNIT_ASSERT_NOT_NULL(test, b->data);
	KUNIT_EXPECT_EQ(test, memcmp(b->data, p, n), 0);
}

/* one byte per write: only the last one completes the blob */
static void ipe_blob_long_form_byte_by_byte(struct kunit *test)
{
	struct ipe_upload *b = test->priv;
	size_t n, i;
	u8 *p = ipe_blob_test_make(test, 300, &n);

	for (i = 0; i + 1 < n; i++)
		KUNIT_ASSERT_EQ(test, ipe_upload_feed(b, p + i, 1,
						      IPE_BLOB_TEST_MAX), 0);
	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, p + i, 1, IPE_BLOB_TEST_MAX), 1);
	KUNIT_EXPECT_EQ(test, b->want, n);
	KUNIT_ASSERT_NOT_NULL(test, b->data);
	KUNIT_EXPECT_EQ(test, memcmp(b->data, p, n), 0);
}

/* a header cut in the middle of its length bytes, then all the rest */
static void ipe_blob_header_split(struct kunit *test)
{
	struct ipe_upload *b = test->priv;
	size_t n;
	u8 *p = ipe_blob_test_make(test, 200, &n);

	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, p, 3, IPE_BLOB_TEST_MAX), 0);
	KUNIT_EXPECT_EQ(test, b->want, 0);
	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, p + 3, n - 3,
					      IPE_BLOB_TEST_MAX), 1);
	KUNIT_ASSERT_NOT_NULL(test, b->data);
	KUNIT_EXPECT_EQ(test, memcmp(b->data, p, n), 0);
}

static void ipe_blob_not_a_sequence(struct kunit *test)
{
	static const u8 set[] = { 0x31, 0x01, 0x00 };

	ipe_blob_expect_refused(test, set, sizeof(set), IPE_BLOB_TEST_MAX,
				-EBADMSG);
}

/* the write that would go past the announced end is refused whole */
static void ipe_blob_past_the_end(struct kunit *test)
{
	static const u8 more[] = { 0x30, 0x01, 0xaa, 0xbb };

	ipe_blob_expect_refused(test, more, sizeof(more), IPE_BLOB_TEST_MAX,
				-EBADMSG);
}

/* the cap is checked on the header, before anything is allocated */
static void ipe_blob_cap(struct kunit *test)
{
	static const u8 at_cap[] = { 0x30, 0x82, 0x01, 0x28 };	/* 300 in all */
	static const u8 over[] = { 0x30, 0x82, 0x01, 0x29 };	/* 301 in all */
	struct ipe_upload *b = test->priv;

	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, at_cap, sizeof(at_cap), 300), 0);
	KUNIT_EXPECT_EQ(test, b->want, 300);
	ipe_upload_reset(b);
	ipe_blob_expect_refused(test, over, sizeof(over), 300, -E2BIG);
}

/* more than four length bytes cannot be a policy IPE takes */
static void ipe_blob_length_of_five_bytes(struct kunit *test)
{
	static const u8 h[] = { 0x30, 0x85, 0x00, 0x00, 0x00, 0x01 };

	ipe_blob_expect_refused(test, h, sizeof(h), IPE_BLOB_TEST_MAX,
				-EBADMSG);
}

/*
 * The largest lengths four bytes can give. On a 32-bit kernel adding the
 * header to them wraps around a size_t: to 0 (a blob that never ends) or
 * to a buffer smaller than the header already copied into it.
 */
static void ipe_blob_length_wraps(struct kunit *test)
{
	static const u8 wrap0[] = { 0x30, 0x84, 0xff, 0xff, 0xff, 0xfa,
				    0x01, 0x02 };
	static const u8 wrap1[] = { 0x30, 0x84, 0xff, 0xff, 0xff, 0xfb,
				    0x01, 0x02 };
	struct ipe_upload *b = test->priv;

	ipe_blob_expect_refused(test, wrap0, sizeof(wrap0), IPE_BLOB_TEST_MAX,
				-E2BIG);
	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, wrap1, 5, IPE_BLOB_TEST_MAX),
			0);
	ipe_blob_expect_refused(test, wrap1 + 5, 3, IPE_BLOB_TEST_MAX, -E2BIG);
}

/* BER's indefinite length: the write that carries it is the whole blob */
static void ipe_blob_indefinite_length(struct kunit *test)
{
	static const u8 ber[] = { 0x30, 0x80, 0x02, 0x01, 0x05, 0x00, 0x00 };
	struct ipe_upload *b = test->priv;

	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, ber, sizeof(ber),
					      IPE_BLOB_TEST_MAX), 1);
	KUNIT_EXPECT_EQ(test, b->len, sizeof(ber));
}

/* after an error the next write starts a new blob */
static void ipe_blob_new_blob_after_error(struct kunit *test)
{
	static const u8 bad[] = { 0x04, 0x00 };
	struct ipe_upload *b = test->priv;
	size_t n;
	u8 *p = ipe_blob_test_make(test, 10, &n);

	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, p, 4, IPE_BLOB_TEST_MAX), 0);
	/* one byte more than the header announced */
	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, p + 4, n - 3,
					      IPE_BLOB_TEST_MAX), -EBADMSG);
	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, bad, sizeof(bad),
					      IPE_BLOB_TEST_MAX), -EBADMSG);
	KUNIT_EXPECT_EQ(test, ipe_upload_feed(b, p, n, IPE_BLOB_TEST_MAX), 1);
	KUNIT_ASSERT_NOT_NULL(test, b->data);
	KUNIT_EXPECT_EQ(test, memcmp(b->data, p, n), 0);
}

static struct kunit_case ipe_blob_cases[] = {
	KUNIT_CASE(ipe_blob_short_form_one_write),
	KUNIT_CASE(ipe_blob_long_form_byte_by_byte),
	KUNIT_CASE(ipe_blob_header_split),
	KUNIT_CASE(ipe_blob_not_a_sequence),
	KUNIT_CASE(ipe_blob_past_the_end),
	KUNIT_CASE(ipe_blob_cap),
	KUNIT_CASE(ipe_blob_length_of_five_bytes),
	KUNIT_CASE(ipe_blob_length_wraps),
	KUNIT_CASE(ipe_blob_indefinite_length),
	KUNIT_CASE(ipe_blob_new_blob_after_error),
	{}
};

static struct kunit_suite ipe_blob_suite = {
	.name = "ipe_blob",
	.init = ipe_blob_test_init,
	.exit = ipe_blob_test_exit,
	.test_cases = ipe_blob_cases,
};

kunit_test_suite(ipe_blob_suite);
