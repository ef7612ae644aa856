// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the ASN.1 BER decoder: element and input lengths around
 * and far past 64 KiB, malformed lengths, and the X.509 and PKCS#7
 * parsers that sit on the decoder.
 */

#include <crypto/pkcs7.h>
#include <keys/asymmetric-type.h>
#include <kunit/test.h>
#include <linux/asn1_decoder.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/key.h>
#include <linux/vmalloc.h>

#include "test_asn1_decoder.asn1.h"

/**
 * struct asn1_test_seen - what the decoder handed to the actions
 * @payload: start of the OCTET STRING contents
 * @payload_len: its length
 * @trailer: the INTEGER's single content byte, or -1 if not seen
 */
struct asn1_test_seen {
	const void *payload;
	size_t payload_len;
	int trailer;
};

int asn1_test_note_payload(void *context, size_t hdrlen, unsigned char tag,
			   const void *value, size_t vlen)
{
	struct asn1_test_seen *seen = context;

	seen->payload = value;
	seen->payload_len = vlen;
	return 0;
}

int asn1_test_note_trailer(void *context, size_t hdrlen, unsigned char tag,
			   const void *value, size_t vlen)
{
	struct asn1_test_seen *seen = context;

	seen->trailer = vlen == 1 ? *(const u8 *)value : -1;
	return 0;
}

/* DER length octets of @len into @p; returns their number */
static size_t asn1_test_put_len(u8 *p, size_t len)
{
	size_t n = 0, i;

	if (len < 0x80) {
		p[0] = len;
		return 1;
	}
	for (i = len; i; i >>= 8)
		n++;
	p[0] = 0x80 | n;
	for (i = 0; i < n; i++)
		p[1 + i] = len >> (8 * (n - 1 - i));
	return n + 1;
}

static size_t asn1_test_len_size(size_t len)
{
	u8 buf[9];

	return asn1_test_put_len(buf, len);
}

/**
 * struct asn1_test_msg - an encoded Outer message
 * @buf: the encoding (vmalloc'ed)
 * @len: its length
 * @payload: where the payload bytes start in @buf
 */
struct asn1_test_msg {
	u8 *buf;
	size_t len;
	size_t payload;
};

/* Outer { Inner { payload: @plen bytes }, trailer: 42 } */
static void asn1_test_build(struct kunit *test, size_t plen,
			    struct asn1_test_msg *m)
{
	size_t octets = 1 + asn1_test_len_size(plen) + plen;
	size_t inner = 1 + asn1_test_len_size(octets) + octets;
	size_t outer = inner + 3;
	size_t i, p = 0;
	u8 *b;

	m->len = 1 + asn1_test_len_size(outer) + outer;
	b = vmalloc(m->len);
	KUNIT_ASSERT_NOT_NULL(test, b);
	b[p++] = 0x30;
	p += asn1_test_put_len(b + p, outer);
	b[p++] = 0x30;
	p += asn1_test_put_len(b + p, octets);
	b[p++] = 0x04;
	p += asn1_test_put_len(b + p, plen);
	m->payload = p;
	for (i = 0; i < plen; i++)
		b[p + i] = i * 7;
	p += plen;
	b[p++] = 0x02;
	b[p++] = 0x01;
	b[p++] = 42;
	KUNIT_ASSERT_EQ(test, p, m->len);
	m->buf = b;
}

static int asn1_test_decode(const struct asn1_test_msg *m, size_t len,
			    struct asn1_test_seen *seen)
{
	seen->payload = NULL;
	seen->payload_len = 0;
	seen->trailer = -1;
	return asn1_ber_decoder(&test_asn1_decoder_decoder, seen, m->buf, len);
}

static const size_t asn1_test_sizes[] = {
	0, 1, 127, 128, 255, 256, 65000, 65519, 65520, 65535, 65536,
	65537, 70000, 1 << 20, (16 << 20) + 3,
};

static void asn1_test_size_desc(const size_t *size, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "payload of %zu bytes", *size);
}

KUNIT_ARRAY_PARAM(asn1_test_size, asn1_test_sizes, asn1_test_size_desc);

/* a payload of any size decodes, and the element after it is found */
static void asn1_test_lengths(struct kunit *test)
{
	const size_t *plen = test->param_value;
	struct asn1_test_seen seen;
	struct asn1_test_msg m;

	asn1_test_build(test, *plen, &m);
	KUNIT_EXPECT_EQ(test, asn1_test_decode(&m, m.len, &seen), 0);
	KUNIT_EXPECT_PTR_EQ(test, seen.payload, (const void *)(m.buf + m.payload));
	KUNIT_EXPECT_EQ(test, seen.payload_len, *plen);
	KUNIT_EXPECT_EQ(test, seen.trailer, 42);
	vfree(m.buf);
}

/* input cut anywhere near its end or its start is refused */
static void asn1_test_truncated(struct kunit *test)
{
	const size_t *plen = test->param_value;
	struct asn1_test_seen seen;
	struct asn1_test_msg m;
	size_t cut;

	asn1_test_build(test, *plen, &m);
	for (cut = 0; cut < m.len && cut < 16; cut++) {
		KUNIT_EXPECT_EQ_MSG(test, asn1_test_decode(&m, cut, &seen),
				    -EBADMSG, "first %zu bytes", cut);
		KUNIT_EXPECT_EQ_MSG(test, asn1_test_decode(&m, m.len - 1 - cut,
							   &seen),
				    -EBADMSG, "last %zu bytes cut", cut + 1);
	}
	vfree(m.buf);
}

/* a length longer than the data that follows it is refused */
static void asn1_test_overrun(struct kunit *test)
{
	struct asn1_test_seen seen;
	struct asn1_test_msg m;

	asn1_test_build(test, 70000, &m);
	/* the payload's length is 0x83 0x01 0x11 0x70; claim one more byte */
	KUNIT_ASSERT_EQ(test, m.buf[m.payload - 4], 0x83);
	m.buf[m.payload - 1]++;
	KUNIT_EXPECT_EQ(test, asn1_test_decode(&m, m.len, &seen), -EBADMSG);
	vfree(m.buf);
}

/* lengths in five or more octets are not supported */
static void asn1_test_length_too_long(struct kunit *test)
{
	static const u8 five[] = {
		0x30, 0x85, 0x00, 0x00, 0x00, 0x00, 0x05,
		0x30, 0x03, 0x04, 0x01, 0x00,
	};
	struct asn1_test_msg m = { .buf = (u8 *)five, .len = sizeof(five) };
	struct asn1_test_seen seen;

	KUNIT_EXPECT_EQ(test, asn1_test_decode(&m, m.len, &seen), -EBADMSG);
}

/* the same message in four-octet form decodes */
static void asn1_test_length_four_octets(struct kunit *test)
{
	static const u8 four[] = {
		0x30, 0x84, 0x00, 0x00, 0x00, 0x08,
		0x30, 0x03, 0x04, 0x01, 0x5a,
		0x02, 0x01, 0x2a,
	};
	struct asn1_test_msg m = { .buf = (u8 *)four, .len = sizeof(four) };
	struct asn1_test_seen seen;

	KUNIT_EXPECT_EQ(test, asn1_test_decode(&m, m.len, &seen), 0);
	KUNIT_EXPECT_EQ(test, seen.payload_len, 1);
	KUNIT_EXPECT_EQ(test, seen.trailer, 42);
}

/* a self-signed RSA certificate, CN "asn1 decoder test" */
static const u8 asn1_test_crt[] = {
	0x30, 0x82, 0x03, 0x1b, 0x30, 0x82, 0x02, 0x03, 0xa0, 0x03, 0x02, 0x01,
	0x02, 0x02, 0x14, 0x49, 0xb3, 0xde, 0x17, 0x57, 0x12, 0x16, 0xc6, 0xee,
	0x29, 0x1f, 0x03, 0xc0, 0xa8, 0x15, 0xfa, 0xfd, 0xd5, 0x8b, 0xec, 0x30,
	0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b,
	0x05, 0x00, 0x30, 0x1c, 0x31, 0x1a, 0x30, 0x18, 0x06, 0x03, 0x55, 0x04,
	0x03, 0x0c, 0x11, 0x61, 0x73, 0x6e, 0x31, 0x20, 0x64, 0x65, 0x63, 0x6f,
	0x64, 0x65, 0x72, 0x20, 0x74, 0x65, 0x73, 0x74, 0x30, 0x20, 0x17, 0x0d,
	0x32, 0x36, 0x31, 0x32, 0x30, 0x33, 0x30, 0x38, 0x33, 0x35, 0x30, 0x30,
	0x5a, 0x18, 0x0f, 0x32, 0x31, 0x32, 0x36, 0x31, 0x31, 0x30, 0x39, 0x30,
	0x38, 0x33, 0x35, 0x30, 0x30, 0x5a, 0x30, 0x1c, 0x31, 0x1a, 0x30, 0x18,
	0x06, 0x03, 0x55, 0x04, 0x03, 0x0c, 0x11, 0x61, 0x73, 0x6e, 0x31, 0x20,
	0x64, 0x65, 0x63, 0x6f, 0x64, 0x65, 0x72, 0x20, 0x74, 0x65, 0x73, 0x74,
	0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
	0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00,
	0x30, 0x82, 0x01, 0x0a, 0x02, 0x82, 0x01, 0x01, 0x00, 0xa5, 0xb0, 0xdf,
	0xae, 0xde, 0xbf, 0xab, 0x0e, 0xc1, 0xd6, 0x12, 0xc4, 0xe3, 0x42, 0xba,
	0x73, 0x6c, 0xaf, 0x89, 0x1c, 0x6c, 0xc8, 0x93, 0xc1, 0x89, 0x09, 0x05,
	0x7a, 0xcd, 0xef, 0xe8, 0x59, 0xbd, 0x50, 0x03, 0xaa, 0x10, 0x26, 0x85,
	0x5d, 0xcb, 0xed, 0x74, 0xb9, 0x4d, 0x69, 0x18, 0xcf, 0x20, 0xfc, 0x29,
	0xe2, 0xd9, 0xd9, 0x3b, 0x33, 0xb7, 0xa7, 0xb0, 0xac, 0x2c, 0x7c, 0x4b,
	0xbc, 0x6b, 0x50, 0xa0, 0x87, 0xc9, 0x0f, 0x6b, 0xa9, 0x56, 0xbd, 0xe0,
	0x14, 0x00, 0x6a, 0x82, 0x7d, 0x34, 0xe3, 0x80, 0x56, 0xe4, 0x48, 0x18,
	0xb7, 0x6e, 0x58, 0x85, 0x07, 0x97, 0x47, 0x04, 0xa2, 0x1b, 0xd0, 0x20,
	0x94, 0x06, 0xfb, 0x76, 0xca, 0x7b, 0xd9, 0xe9, 0xa4, 0xd3, 0x09, 0x18,
	0xe2, 0x9a, 0xea, 0xb2, 0x83, 0x07, 0x54, 0xe8, 0x25, 0x71, 0x22, 0x01,
	0x73, 0x57, 0xd0, 0x44, 0xc7, 0x10, 0xbc, 0x70, 0x0e, 0x1d, 0x47, 0x37,
	0x9f, 0x40, 0x6a, 0xbd, 0xc0, 0x42, 0xc1, 0x6a, 0xc3, 0xe7, 0xf3, 0x0c,
	0x67, 0x2b, 0xd5, 0x24, 0x0d, 0x10, 0x22, 0x0b, 0x36, 0x74, 0x9d, 0x9e,
	0xf5, 0xea, 0x8e, 0xe6, 0x57, 0x82, 0x10, 0xc4, 0xe7, 0x21, 0xc5, 0x7e,
	0xcf, 0x39, 0xbc, 0x36, 0x91, 0x24, 0xbe, 0x04, 0x13, 0x42, 0xcc, 0x95,
	0x7a, 0xe8, 0x62, 0x60, 0x38, 0xe1, 0x91, 0xb7, 0xe9, 0xa5, 0x76, 0x2a,
	0xe2, 0xe4, 0x9f, 0x41, 0x7e, 0xe8, 0x5c, 0x0b, 0xf8, 0x44, 0x51, 0xa5,
	0xed, 0xaf, 0x3e, 0xe0, 0x23, 0x4f, 0x25, 0x83, 0x7f, 0xfc, 0xce, 0xd1,
	0xd8, 0xc3, 0xa6, 0x7f, 0x4f, 0x6c, 0xcd, 0x95, 0x4e, 0xfc, 0x2b, 0x0f,
	0x0b, 0xd9, 0x03, 0x24, 0x36, 0xf6, 0xee, 0x38, 0x42, 0x12, 0x69, 0xff,
	0x40, 0xc6, 0xcd, 0x30, 0x76, 0xd2, 0x78, 0xbc, 0x17, 0x61, 0xea, 0xdd,
	0x75, 0x02, 0x03, 0x01, 0x00, 0x01, 0xa3, 0x53, 0x30, 0x51, 0x30, 0x1f,
	0x06, 0x03, 0x55, 0x1d, 0x23, 0x04, 0x18, 0x30, 0x16, 0x80, 0x14, 0x0b,
	0x55, 0x7b, 0x7d, 0x8a, 0xc8, 0x82, 0xc4, 0x56, 0xcd, 0x81, 0xa2, 0x3a,
	0xa1, 0x2d, 0xc9, 0xaa, 0x29, 0x28, 0x5d, 0x30, 0x0f, 0x06, 0x03, 0x55,
	0x1d, 0x13, 0x01, 0x01, 0xff, 0x04, 0x05, 0x30, 0x03, 0x01, 0x01, 0xff,
	0x30, 0x1d, 0x06, 0x03, 0x55, 0x1d, 0x0e, 0x04, 0x16, 0x04, 0x14, 0x0b,
	0x55, 0x7b, 0x7d, 0x8a, 0xc8, 0x82, 0xc4, 0x56, 0xcd, 0x81, 0xa2, 0x3a,
	0xa1, 0x2d, 0xc9, 0xaa, 0x29, 0x28, 0x5d, 0x30, 0x0d, 0x06, 0x09, 0x2a,
	0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b, 0x05, 0x00, 0x03, 0x82,
	0x01, 0x01, 0x00, 0x0f, 0xc5, 0x7d, 0x50, 0x33, 0x46, 0x57, 0x44, 0x96,
	0xd3, 0x25, 0x0e, 0x4c, 0x27, 0x8c, 0x3d, 0x51, 0x9d, 0x96, 0xbb, 0xb3,
	0xf9, 0xd5, 0x93, 0x1e, 0x3f, 0x93, 0x6e, 0xb7, 0x17, 0x68, 0x0b, 0xdf,
	0x0f, 0x60, 0xc7, 0xa3, 0xd8, 0x43, 0x23, 0xad, 0x3a, 0xad, 0xbb, 0xf8,
	0x9c, 0xe8, 0xff, 0x6b, 0xdc, 0xb1, 0x70, 0xfa, 0x76, 0x14, 0x23, 0x0c,
	0xdf, 0xc1, 0x88, 0x44, 0xdd, 0x4d, 0xf6, 0x08, 0xf3, 0x63, 0xe1, 0x4c,
	0x85, 0x96, 0x7f, 0xd6, 0x19, 0xf9, 0x35, 0x24, 0x4c, 0x64, 0x32, 0xea,
	0x8d, 0x8a, 0x5f, 0x65, 0xe7, 0xd1, 0xb1, 0x4e, 0xa7, 0xfc, 0xf6, 0x4a,
	0x38, 0x75, 0xf4, 0x9a, 0x05, 0xf5, 0xbf, 0xc1, 0x16, 0x72, 0x20, 0xbc,
	0xf4, 0xc0, 0x99, 0x49, 0xce, 0x17, 0x51, 0xf5, 0x89, 0xf4, 0xb4, 0x09,
	0x2f, 0x17, 0xd7, 0x31, 0xcf, 0xa8, 0x62, 0x36, 0x33, 0xa2, 0x87, 0x05,
	0xc4, 0x55, 0x8f, 0xcb, 0xfd, 0xb4, 0x18, 0x57, 0x6f, 0x24, 0x04, 0x7f,
	0x67, 0xbe, 0xce, 0xd4, 0xeb, 0x7c, 0x0a, 0x23, 0xe7, 0xcd, 0xfc, 0x34,
	0x85, 0x12, 0x97, 0xa0, 0x56, 0x70, 0x20, 0x18, 0x7e, 0x4a, 0xd3, 0x09,
	0xac, 0x1f, 0x65, 0x13, 0xbc, 0xda, 0xf2, 0xdc, 0x1d, 0xb2, 0x82, 0x24,
	0x24, 0xc3, 0x81, 0x94, 0x08, 0xb5, 0x43, 0x82, 0x1a, 0xb6, 0x90, 0xd1,
	0x3d, 0x6f, 0x80, 0xc1, 0x9a, 0x03, 0xd9, 0x80, 0xc7, 0x43, 0x19, 0x53,
	0x6a, 0x52, 0x9a, 0xaa, 0xfb, 0x8e, 0x4a, 0x7e, 0xb0, 0xed, 0xa6, 0xa0,
	0x32, 0x3b, 0xda, 0xb2, 0x79, 0x87, 0x92, 0xa7, 0xa5, 0xd6, 0xf2, 0xd8,
	0xb1, 0x21, 0xa6, 0x46, 0x5a, 0xef, 0x2c, 0xbd, 0x82, 0xba, 0xd9, 0x8b,
	0x02, 0x27, 0x3f, 0x44, 0xe7, 0xf7, 0x89, 0x8a, 0x49, 0x0d, 0xa7, 0x88,
	0x12, 0xe4, 0x12, 0x92, 0x24, 0x3f, 0xab,
};

/* "asn1 decoder test content\n" signed by that certificate, no certs */
static const u8 asn1_test_p7[] = {
	0x30, 0x82, 0x01, 0xb5, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
	0x01, 0x07, 0x02, 0xa0, 0x82, 0x01, 0xa6, 0x30, 0x82, 0x01, 0xa2, 0x02,
	0x01, 0x01, 0x31, 0x0f, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
	0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x30, 0x29, 0x06, 0x09, 0x2a,
	0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01, 0xa0, 0x1c, 0x04, 0x1a,
	0x61, 0x73, 0x6e, 0x31, 0x20, 0x64, 0x65, 0x63, 0x6f, 0x64, 0x65, 0x72,
	0x20, 0x74, 0x65, 0x73, 0x74, 0x20, 0x63, 0x6f, 0x6e, 0x74, 0x65, 0x6e,
	0x74, 0x0a, 0x31, 0x82, 0x01, 0x5f, 0x30, 0x82, 0x01, 0x5b, 0x02, 0x01,
	0x01, 0x30, 0x34, 0x30, 0x1c, 0x31, 0x1a, 0x30, 0x18, 0x06, 0x03, 0x55,
	0x04, 0x03, 0x0c, 0x11, 0x61, 0x73, 0x6e, 0x31, 0x20, 0x64, 0x65, 0x63,
	0x6f, 0x64, 0x65, 0x72, 0x20, 0x74, 0x65, 0x73, 0x74, 0x02, 0x14, 0x49,
	0xb3, 0xde, 0x17, 0x57, 0x12, 0x16, 0xc6, 0xee, 0x29, 0x1f, 0x03, 0xc0,
	0xa8, 0x15, 0xfa, 0xfd, 0xd5, 0x8b, 0xec, 0x30, 0x0d, 0x06, 0x09, 0x60,
	0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x30, 0x0d,
	0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05,
	0x00, 0x04, 0x82, 0x01, 0x00, 0x47, 0x71, 0x30, 0x77, 0xb0, 0xa7, 0xc9,
	0x3b, 0xc4, 0x8f, 0x7b, 0x8c, 0x98, 0x36, 0x66, 0xc5, 0x25, 0x65, 0xee,
	0x33, 0x4d, 0xb9, 0x2e, 0x89, 0x19, 0x67, 0x82, 0x81, 0x92, 0x6c, 0x73,
	0x20, 0x8c, 0xc8, 0x5e, 0xc0, 0x60, 0x64, 0x93, 0x42, 0x47, 0x3d, 0x97,
	0x8c, 0xd5, 0xe3, 0x4b, 0x18, 0x01, 0xd0, 0x80, 0xab, 0xc0, 0x75, 0x7f,
	0x51, 0xeb, 0x88, 0xab, 0xe6, 0x0f, 0xca, 0x8c, 0x53, 0xf8, 0x62, 0xb2,
	0x2d, 0x71, 0x3e, 0x67, 0xd1, 0x56, 0xd2, 0xad, 0xd8, 0x49, 0xf6, 0x35,
	0xf4, 0x0d, 0xb1, 0xa9, 0xe2, 0xaa, 0x46, 0xf6, 0x1d, 0x7a, 0x7e, 0x20,
	0x27, 0xa6, 0xc3, 0xa9, 0xbf, 0x7f, 0xef, 0x54, 0x40, 0xd1, 0xb5, 0x14,
	0x4d, 0xb4, 0x44, 0x39, 0x0d, 0x8a, 0xb5, 0xc3, 0x8b, 0xff, 0xdc, 0xcf,
	0x88, 0xd7, 0x49, 0xec, 0x67, 0xef, 0xaa, 0xa5, 0x83, 0x59, 0x02, 0xff,
	0xf0, 0xec, 0xa5, 0xfb, 0x73, 0xda, 0x02, 0x83, 0x54, 0xe6, 0xba, 0x90,
	0xc2, 0x0e, 0x85, 0x9f, 0x0f, 0x2f, 0xc8, 0x76, 0x8a, 0x1c, 0xfd, 0x0a,
	0x20, 0xae, 0x01, 0x91, 0xae, 0xfa, 0xde, 0xd2, 0x66, 0x35, 0xa5, 0x6c,
	0xa4, 0x30, 0x77, 0x51, 0x29, 0x4c, 0xe7, 0xc9, 0x66, 0x47, 0xfe, 0x6f,
	0x18, 0x3c, 0x13, 0x70, 0xc3, 0x9d, 0x7e, 0x59, 0x1f, 0x34, 0x97, 0x24,
	0x2b, 0xeb, 0x91, 0x97, 0x26, 0xbf, 0x36, 0x8e, 0xf3, 0xfa, 0x55, 0x91,
	0xe3, 0xbf, 0x51, 0x3f, 0xb6, 0x0d, 0x4e, 0xa1, 0x9e, 0x16, 0x6a, 0xfb,
	0x1f, 0x2e, 0x41, 0xf4, 0x7a, 0x95, 0xf3, 0x02, 0xe1, 0x9a, 0xda, 0xef,
	0xbd, 0xb5, 0xd9, 0x35, 0x4c, 0xae, 0x53, 0xc0, 0x3a, 0x49, 0xe6, 0xa3,
	0xb7, 0xf3, 0x81, 0xf9, 0x09, 0xde, 0x88, 0x91, 0xc8, 0x10, 0xa5, 0xb7,
	0xd1, 0xe5, 0x84, 0x5f, 0xcb, 0x9b, 0x04, 0x0d, 0xa1,
};

/* a keyring for the keys of a test, to be put */
static struct key *asn1_test_keyring(struct kunit *test)
{
	struct key *keyring;

	keyring = keyring_alloc("asn1_test", GLOBAL_ROOT_UID, GLOBAL_ROOT_GID,
				current_cred(), KEY_POS_ALL | KEY_USR_VIEW,
				KEY_ALLOC_NOT_IN_QUOTA, NULL, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(keyring));
	return keyring;
}

/* X.509 parsing through the asymmetric key type still works */
static void asn1_test_x509(struct kunit *test)
{
	struct key *keyring = asn1_test_keyring(test);
	struct key *key;
	key_ref_t ref;

	ref = key_create_or_update(make_key_ref(keyring, true), "asymmetric",
				   NULL, asn1_test_crt, sizeof(asn1_test_crt),
				   KEY_POS_ALL | KEY_USR_VIEW,
				   KEY_ALLOC_NOT_IN_QUOTA);
	KUNIT_EXPECT_FALSE(test, IS_ERR(ref));
	if (!IS_ERR(ref)) {
		key = key_ref_to_ptr(ref);
		KUNIT_EXPECT_STREQ(test, key->description,
				   "asn1 decoder test: 0b557b7d8ac882c456cd81a23aa12dc9aa29285d");
		key_put(key);
	}
	key_put(keyring);
}

/* the size of an element holding @len bytes */
static size_t asn1_test_tlv_size(size_t len)
{
	return 1 + asn1_test_len_size(len) + len;
}

/* tag and length octets of an element holding @len bytes; returns their number */
static size_t asn1_test_put_hdr(u8 *p, u8 tag, size_t len)
{
	p[0] = tag;
	return 1 + asn1_test_put_len(p + 1, len);
}

/* the size of the DER element at @p; that of its tag and length in @hdrlen */
static size_t asn1_test_elem_size(const u8 *p, size_t *hdrlen)
{
	size_t len = p[1], n = 2, i;

	if (len & 0x80) {
		for (i = len & 0x7f, len = 0; i; i--)
			len = len << 8 | p[n++];
	}
	if (hdrlen)
		*hdrlen = n;
	return n + len;
}

/* the size of a Name of one attribute whose value holds @vlen bytes */
static size_t asn1_test_name_size(size_t vlen)
{
	size_t ava = 5 + asn1_test_tlv_size(vlen);

	return asn1_test_tlv_size(asn1_test_tlv_size(asn1_test_tlv_size(ava)));
}

/*
 * Name { { attribute 2.5.4.@attr, a UTF8String of @vlen bytes } } at @p,
 * but for the string's contents; returns where these go
 */
static size_t asn1_test_put_name(u8 *p, u8 attr, size_t vlen)
{
	size_t ava = 5 + asn1_test_tlv_size(vlen);
	size_t set = asn1_test_tlv_size(ava);
	size_t n = 0;

	n += asn1_test_put_hdr(p + n, 0x30, asn1_test_tlv_size(set));
	n += asn1_test_put_hdr(p + n, 0x31, set);
	n += asn1_test_put_hdr(p + n, 0x30, ava);
	n += asn1_test_put_hdr(p + n, 0x06, 3);
	p[n++] = 0x55;
	p[n++] = 0x04;
	p[n++] = attr;
	n += asn1_test_put_hdr(p + n, 0x0c, vlen);
	return n;
}

/* the length of the contents of the DER element at @p */
static size_t asn1_test_content_size(const u8 *p)
{
	size_t hdrlen, size = asn1_test_elem_size(p, &hdrlen);

	return size - hdrlen;
}

#define ASN1_TEST_BIG 70000
#define ASN1_TEST_BIG_CN "big certificate test"
#define ASN1_TEST_SKID "0b557b7d8ac882c456cd81a23aa12dc9aa29285d"

/**
 * struct asn1_test_big - asn1_test_crt grown past 64 KiB
 * @crt: the certificate, to be vfree'd
 * @len: its length
 * @cn: offset of the subject's commonName in it
 * @cn_len: length of that commonName
 * @id_len: length of its serial number and issuer, which together make up
 *	the key ID that PKCS#7 signers and certificate chains are matched by
 * @desc_len: length of the description of its key: the commonName, ": "
 *	and the subjectKeyIdentifier in hex
 */
struct asn1_test_big {
	u8 *crt;
	size_t len;
	size_t cn;
	size_t cn_len;
	size_t id_len;
	size_t desc_len;
};

/**
 * asn1_test_big_crt() - build a certificate of over 64 KiB
 * @test: the test
 * @params: if not 0, the size of the signature algorithm's parameters
 * @ou: if not 0, the size of the issuer's organizationalUnitName
 * @cn: if not 0, the size of the subject's commonName
 * @big: the certificate
 *
 * The subject of asn1_test_crt becomes the commonName ASN1_TEST_BIG_CN,
 * or with @cn, @cn bytes of 'x'.  With @params, the signature algorithm in
 * the TBSCertificate gets an OCTET STRING of @params bytes of 'x' as
 * parameters, which the parser skips; with @ou, the issuer becomes an
 * organizationalUnitName of @ou bytes of 'x'.  The rest is kept.  As issuer
 * and subject differ, the certificate is not self-signed and its stale
 * signature is not checked.
 */
static void asn1_test_big_crt(struct kunit *test, size_t params, size_t ou,
			      size_t cn, struct asn1_test_big *big)
{
	const u8 *crt = asn1_test_crt, *end = crt + sizeof(asn1_test_crt);
	const u8 *tbs, *tbs_end, *head, *serial, *alg, *issuer, *validity;
	const u8 *subject, *rest;
	size_t cn_len = cn ? cn : strlen(ASN1_TEST_BIG_CN);
	size_t hdrlen, alg_hdr, oid_len, alg_len, issuer_len, tbs_len, crt_len;
	size_t n = 0, issuer_at;
	u8 *b;

	asn1_test_elem_size(crt, &hdrlen);
	tbs = crt + hdrlen;
	tbs_end = tbs + asn1_test_elem_size(tbs, &hdrlen);
	/* version, serialNumber, signature, issuer, validity, subject */
	head = tbs + hdrlen;
	serial = head + asn1_test_elem_size(head, NULL);
	alg = serial + asn1_test_elem_size(serial, NULL);
	issuer = alg + asn1_test_elem_size(alg, NULL);
	validity = issuer + asn1_test_elem_size(issuer, NULL);
	subject = validity + asn1_test_elem_size(validity, NULL);
	rest = subject + asn1_test_elem_size(subject, NULL);

	/* with @params, the algorithm's OID and an OCTET STRING, not NULL */
	asn1_test_elem_size(alg, &alg_hdr);
	oid_len = asn1_test_elem_size(alg + alg_hdr, NULL);
	alg_len = issuer - alg;
	if (params)
		alg_len = asn1_test_tlv_size(oid_len + asn1_test_tlv_size(params));
	issuer_len = ou ? asn1_test_name_size(ou) : validity - issuer;
	tbs_len = (alg - head) + alg_len + issuer_len + (subject - validity) +
		  asn1_test_name_size(cn_len) + (tbs_end - rest);
	crt_len = asn1_test_tlv_size(tbs_len) + (end - tbs_end);
	big->len = asn1_test_tlv_size(crt_len);
	b = vmalloc(big->len);
	KUNIT_ASSERT_NOT_NULL(test, b);

	n += asn1_test_put_hdr(b + n, 0x30, crt_len);
	n += asn1_test_put_hdr(b + n, 0x30, tbs_len);
	/* version, serialNumber */
	memcpy(b + n, head, alg - head);
	n += alg - head;
	if (params) {
		n += asn1_test_put_hdr(b + n, 0x30,
				       oid_len + asn1_test_tlv_size(params));
		memcpy(b + n, alg + alg_hdr, oid_len);
		n += oid_len;
		n += asn1_test_put_hdr(b + n, 0x04, params);
		memset(b + n, 'x', params);
		n += params;
	} else {
		memcpy(b + n, alg, alg_len);
		n += alg_len;
	}
	issuer_at = n;
	if (ou) {
		/* organizationalUnitName */
		n += asn1_test_put_name(b + n, 0x0b, ou);
		memset(b + n, 'x', ou);
		n += ou;
	} else {
		memcpy(b + n, issuer, issuer_len);
		n += issuer_len;
	}
	memcpy(b + n, validity, subject - validity);
	n += subject - validity;
	/* commonName */
	n += asn1_test_put_name(b + n, 0x03, cn_len);
	big->cn = n;
	big->cn_len = cn_len;
	if (cn)
		memset(b + n, 'x', cn);
	else
		memcpy(b + n, ASN1_TEST_BIG_CN, cn_len);
	n += cn_len;
	/* subjectPublicKeyInfo, extensions, signatureAlgorithm, signature */
	memcpy(b + n, rest, end - rest);
	n += end - rest;
	KUNIT_ASSERT_EQ(test, n, big->len);
	big->crt = b;
	big->id_len = asn1_test_content_size(serial) +
		      asn1_test_content_size(b + issuer_at);
	big->desc_len = cn_len + strlen(": " ASN1_TEST_SKID);
}

/*
 * Hand @big to the asymmetric key type, which must refuse it with @err, or
 * if @err is 0 name the key after the subject and the subjectKeyIdentifier.
 * Frees the certificate.
 */
static void asn1_test_add_big(struct kunit *test, struct key *keyring,
			      struct asn1_test_big *big, int err)
{
	struct key *key;
	key_ref_t ref;

	ref = key_create_or_update(make_key_ref(keyring, true), "asymmetric",
				   NULL, big->crt, big->len,
				   KEY_POS_ALL | KEY_USR_VIEW,
				   KEY_ALLOC_NOT_IN_QUOTA);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(ref), err);
	if (IS_ERR(ref))
		goto out;
	key = key_ref_to_ptr(ref);
	if (!err) {
		KUNIT_EXPECT_EQ(test, key->index_key.desc_len, big->desc_len);
		KUNIT_EXPECT_EQ(test, strlen(key->description), big->desc_len);
		if (strlen(key->description) == big->desc_len) {
			KUNIT_EXPECT_EQ(test, memcmp(key->description,
						     big->crt + big->cn,
						     big->cn_len), 0);
			KUNIT_EXPECT_STREQ(test, key->description + big->cn_len,
					   ": " ASN1_TEST_SKID);
		}
	}
	key_put(key);
out:
	vfree(big->crt);
}

/*
 * A certificate over 64 KiB is named after its subject's commonName, which
 * lies past offset 65535, behind large signature algorithm parameters.  The
 * X.509 parser used to keep the offsets of name segments in 16 bits: the
 * offset wrapped, and the key's description came from the wrong bytes of
 * the certificate, here "xxxxxxxxxxxxxxxxxxxx: ...".
 */
static void asn1_test_x509_big(struct kunit *test)
{
	struct key *keyring = asn1_test_keyring(test);
	struct asn1_test_big big;

	asn1_test_big_crt(test, ASN1_TEST_BIG, 0, 0, &big);
	KUNIT_EXPECT_GT(test, big.cn, U16_MAX);
	KUNIT_EXPECT_LE(test, big.id_len, U16_MAX);
	asn1_test_add_big(test, keyring, &big, 0);
	key_put(keyring);
}

/**
 * struct asn1_test_issuer - a certificate with a large issuer
 * @ou: size of the issuer's organizationalUnitName
 * @id_len: size of the serial number and issuer that follows
 * @err: what adding the certificate as a key must fail with, or 0
 */
struct asn1_test_issuer {
	size_t ou;
	size_t id_len;
	int err;
};

static const struct asn1_test_issuer asn1_test_issuers[] = {
	{ .ou = 65498, .id_len = 65535 },
	{ .ou = 65499, .id_len = 65536, .err = -EMSGSIZE },
	{ .ou = ASN1_TEST_BIG, .id_len = 70040, .err = -EMSGSIZE },
};

static void asn1_test_issuer_desc(const struct asn1_test_issuer *issuer,
				  char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE,
		 "serial number and issuer of %zu bytes", issuer->id_len);
}

KUNIT_ARRAY_PARAM(asn1_test_issuer, asn1_test_issuers, asn1_test_issuer_desc);

/*
 * An asymmetric key ID keeps its length in 16 bits, and a certificate's
 * issuer, and its serial number and issuer together, make up key IDs by
 * which PKCS#7 signers and certificate chains are matched.  Certificates of
 * over 64 KiB with more than 65535 bytes of those used to be accepted with
 * an ID whose length had wrapped (70040 bytes became 4504), and which then
 * could match the ID of another certificate; they must be refused.
 */
static void asn1_test_x509_big_issuer(struct kunit *test)
{
	const struct asn1_test_issuer *issuer = test->param_value;
	struct key *keyring = asn1_test_keyring(test);
	struct asn1_test_big big;

	asn1_test_big_crt(test, 0, issuer->ou, 0, &big);
	KUNIT_EXPECT_EQ(test, big.id_len, issuer->id_len);
	asn1_test_add_big(test, keyring, &big, issuer->err);
	key_put(keyring);
}

/**
 * struct asn1_test_subject - a certificate with a long subject
 * @cn: size of the subject's commonName
 * @desc_len: length of the description of the key made from it
 * @err: what adding the certificate as a key must fail with, or 0
 */
struct asn1_test_subject {
	size_t cn;
	size_t desc_len;
	int err;
};

static const struct asn1_test_subject asn1_test_subjects[] = {
	{ .cn = 65493, .desc_len = 65535 },
	{ .cn = 65494, .desc_len = 65536, .err = -EMSGSIZE },
	{ .cn = 65495, .desc_len = 65537, .err = -EMSGSIZE },
};

static void asn1_test_subject_desc(const struct asn1_test_subject *subject,
				   char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE,
		 "key description of %zu characters", subject->desc_len);
}

KUNIT_ARRAY_PARAM(asn1_test_subject, asn1_test_subjects,
		  asn1_test_subject_desc);

/*
 * The keyring code keeps the length of a key's description in 16 bits, and
 * the key of a certificate is described as its subject, ": " and its
 * subjectKeyIdentifier (else serial number) in hex.  A description of 65536
 * characters had its length wrap to 0 and hit a BUG_ON() when the key was
 * linked into the keyring; a longer one was hashed and compared over its
 * length modulo 65536 only.  Such certificates must be refused.  Their
 * subject still fits a key ID, which is limited to 65535 bytes as well.
 */
static void asn1_test_x509_big_subject(struct kunit *test)
{
	const struct asn1_test_subject *subject = test->param_value;
	struct key *keyring = asn1_test_keyring(test);
	struct asn1_test_big big;

	asn1_test_big_crt(test, 0, 0, subject->cn, &big);
	KUNIT_EXPECT_EQ(test, big.desc_len, subject->desc_len);
	asn1_test_add_big(test, keyring, &big, subject->err);
	key_put(keyring);
}

/* PKCS#7 parsing (module signatures, signed policies) still works */
static void asn1_test_pkcs7(struct kunit *test)
{
	static const char content[] = "asn1 decoder test content\n";
	struct pkcs7_message *msg;
	const void *data;
	size_t len, hdrlen;

	msg = pkcs7_parse_message(asn1_test_p7, sizeof(asn1_test_p7));
	KUNIT_ASSERT_FALSE(test, IS_ERR(msg));
	KUNIT_EXPECT_EQ(test, pkcs7_get_content_data(msg, &data, &len, &hdrlen),
			0);
	KUNIT_EXPECT_EQ(test, len, sizeof(content) - 1);
	KUNIT_EXPECT_EQ(test, memcmp(data, content, len), 0);
	pkcs7_free_message(msg);

	/* one byte short of the whole message */
	msg = pkcs7_parse_message(asn1_test_p7,
				  sizeof(asn1_test_p7) - 1);
	KUNIT_EXPECT_TRUE(test, IS_ERR(msg));
	if (!IS_ERR(msg))
		pkcs7_free_message(msg);
}

static struct kunit_case asn1_decoder_test_cases[] = {
	KUNIT_CASE_PARAM(asn1_test_lengths, asn1_test_size_gen_params),
	KUNIT_CASE_PARAM(asn1_test_truncated, asn1_test_size_gen_params),
	KUNIT_CASE(asn1_test_overrun),
	KUNIT_CASE(asn1_test_length_too_long),
	KUNIT_CASE(asn1_test_length_four_octets),
	KUNIT_CASE(asn1_test_x509),
	KUNIT_CASE(asn1_test_x509_big),
	KUNIT_CASE_PARAM(asn1_test_x509_big_issuer, asn1_test_issuer_gen_params),
	KUNIT_CASE_PARAM(asn1_test_x509_big_subject,
			 asn1_test_subject_gen_params),
	KUNIT_CASE(asn1_test_pkcs7),
	{}
};

static struct kunit_suite asn1_decoder_test_suite = {
	.name = "asn1_decoder",
	.test_cases = asn1_decoder_test_cases,
};

kunit_test_suite(asn1_decoder_test_suite);

MODULE_DESCRIPTION("KUnit tests of the ASN.1 BER decoder");
MODULE_LICENSE("GPL");
