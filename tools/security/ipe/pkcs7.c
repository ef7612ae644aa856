// SPDX-License-Identifier: GPL-2.0
/*
 * The policy text a signed blob carries, read without libcrypto: a
 * minimal reader of the DER of a PKCS#7 signedData (RFC 2315), enough to
 * find the attached content. "ipectl load" and "update" use it to explain
 * a refusal of the kernel (the line the kernel's parser stopped at, the
 * name and version of the policy); nothing is verified.
 *
 *	ContentInfo ::= SEQUENCE {
 *		contentType	OBJECT IDENTIFIER (signedData),
 *		content		[0] EXPLICIT SignedData }
 *	SignedData ::= SEQUENCE {
 *		version			INTEGER,
 *		digestAlgorithms	SET OF AlgorithmIdentifier,
 *		contentInfo		SEQUENCE {
 *			contentType	OBJECT IDENTIFIER (data),
 *			content		[0] EXPLICIT OCTET STRING },
 *		certificates		[0] IMPLICIT ... OPTIONAL,
 *		crls			[1] IMPLICIT ... OPTIONAL,
 *		signerInfos		SET OF SignerInfo }
 *
 * Every element is read with its bounds checked against those of the
 * element around it: nothing is read outside the blob, whatever it
 * holds. Only definite lengths of up to four bytes are taken (an
 * indefinite length, as BER streaming writes it, is refused), and only
 * one-byte tags. The elements the policy text does not need (the
 * certificates, the signer infos) are skipped whole, but must be there,
 * in order, and end where the SignedData ends. Bytes after the blob's
 * outer SEQUENCE are ignored, as libcrypto's d2i_PKCS7() ignores them.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ipectl.h"

#define DER_INTEGER		0x02
#define DER_OCTET_STRING	0x04
#define DER_OID			0x06
#define DER_SEQUENCE		0x30
#define DER_SET			0x31
#define DER_CONTEXT_0		0xa0	/* [0], constructed */
#define DER_CONTEXT_1		0xa1	/* [1], constructed */

/* the contents of the OIDs 1.2.840.113549.1.7.2 and .1 */
static const u8 oid_signed_data[] = {
	0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02
};

static const u8 oid_data[] = {
	0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01
};

/* a run of DER elements: the bytes from @p up to @end */
struct der {
	const u8 *p;
	const u8 *end;
};

/*
 * Read the element at the start of @d into @tag and @val (its contents)
 * and step @d past it.
 *
 * Return: 0, or -EBADMSG when @d is empty or the element is malformed or
 * goes beyond @d.
 */
static int der_next(struct der *d, u8 *tag, struct der *val)
{
	size_t left = d->end - d->p, len, i, nlen;
	const u8 *p = d->p;

	if (left < 2)
		return -EBADMSG;
	/* a high tag number (0x1f) takes more bytes: not in a signedData */
	if ((p[0] & 0x1f) == 0x1f)
		return -EBADMSG;
	*tag = p[0];
	len = p[1];
	p += 2;
	left -= 2;
	if (len & 0x80) {
		nlen = len & 0x7f;
		/* 0x80: indefinite (BER only); 0xff: reserved */
		if (!nlen || nlen > 4 || nlen > left)
			return -EBADMSG;
		len = 0;
		for (i = 0; i < nlen; i++)
			len = len << 8 | p[i];
		p += nlen;
		left -= nlen;
	}
	if (len > left)
		return -EBADMSG;
	val->p = p;
	val->end = p + len;
	d->p = p + len;
	return 0;
}

/* the next element of @d, which must have tag @tag */
static int der_expect(struct der *d, u8 tag, struct der *val)
{
	u8 got;

	if (der_next(d, &got, val) || got != tag)
		return -EBADMSG;
	return 0;
}

/* the next element of @d, which must be the OID of contents @oid */
static int der_expect_oid(struct der *d, const u8 *oid, size_t len)
{
	struct der val;

	if (der_expect(d, DER_OID, &val))
		return -EBADMSG;
	if ((size_t)(val.end - val.p) != len || memcmp(val.p, oid, len))
		return -EBADMSG;
	return 0;
}

/* @d holds exactly one element, with tag @tag */
static int der_only(struct der *d, u8 tag, struct der *val)
{
	if (der_expect(d, tag, val) || d->p != d->end)
		return -EBADMSG;
	return 0;
}

/* the attached content in the contentInfo of a SignedData */
static int pkcs7_inner_content(struct der *sd, const u8 **data,
			       size_t *len)
{
	struct der ci, wrap, octets, skip;
	u8 tag;

	if (der_expect(sd, DER_SEQUENCE, &ci) ||
	    der_expect_oid(&ci, oid_data, sizeof(oid_data)))
		return -EBADMSG;
	/* no [0]: detached, the signature is over data not in the blob */
	if (der_expect(&ci, DER_CONTEXT_0, &wrap) || ci.p != ci.end)
		return -EBADMSG;
	/* a constructed OCTET STRING (0x24, in pieces) is BER only */
	if (der_only(&wrap, DER_OCTET_STRING, &octets))
		return -EBADMSG;

	/* [0] certificates, [1] crls, then the signerInfos, the last */
	if (der_next(sd, &tag, &skip))
		return -EBADMSG;
	if (tag == DER_CONTEXT_0 && der_next(sd, &tag, &skip))
		return -EBADMSG;
	if (tag == DER_CONTEXT_1 && der_next(sd, &tag, &skip))
		return -EBADMSG;
	if (tag != DER_SET || sd->p != sd->end)
		return -EBADMSG;

	*data = octets.p;
	*len = octets.end - octets.p;
	return 0;
}

/**
 * ipectl_pkcs7_find_content() - where the policy text of a signed blob is
 * @blob: the DER PKCS#7 signedData
 * @len: its length
 * @data: receives a pointer to the attached content, inside @blob
 * @data_len: receives its length
 *
 * The signature is not checked; this is for messages about a blob.
 *
 * Return: 0, or -EBADMSG when @blob is not a DER signedData with the data
 * attached.
 */
int ipectl_pkcs7_find_content(const void *blob, size_t len, const u8 **data,
			      size_t *data_len)
{
	struct der d = { blob, (const u8 *)blob + len };
	struct der ci, wrap, sd, val;

	/* ContentInfo; a trailer after it is not looked at */
	if (der_expect(&d, DER_SEQUENCE, &ci) ||
	    der_expect_oid(&ci, oid_signed_data, sizeof(oid_signed_data)) ||
	    der_expect(&ci, DER_CONTEXT_0, &wrap) || ci.p != ci.end ||
	    der_only(&wrap, DER_SEQUENCE, &sd))
		return -EBADMSG;
	/* SignedData: version, digestAlgorithms, then the contentInfo */
	if (der_expect(&sd, DER_INTEGER, &val) ||
	    der_expect(&sd, DER_SET, &val))
		return -EBADMSG;
	return pkcs7_inner_content(&sd, data, data_len);
}

/**
 * ipectl_pkcs7_content() - the policy text a signed blob carries
 * @blob: the DER PKCS#7 signedData
 * @len: its length
 * @text: receives the attached content, malloc()ed, NUL after it
 * @text_len: receives its length
 *
 * The signature is not checked; this is for messages about a blob.
 *
 * Return: 0, -EBADMSG when @blob is not a DER signedData with the data
 * attached, or -ENOMEM.
 */
int ipectl_pkcs7_content(const char *blob, size_t len, char **text,
			 size_t *text_len)
{
	const u8 *data;
	size_t n;

	if (ipectl_pkcs7_find_content(blob, len, &data, &n))
		return -EBADMSG;
	*text = malloc(n + 1);
	if (!*text)
		return -ENOMEM;
	memcpy(*text, data, n);
	(*text)[n] = '\0';
	*text_len = n;
	return 0;
}
