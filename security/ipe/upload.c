// SPDX-License-Identifier: GPL-2.0
/*
 * IPE: assemble a DER-encoded signed policy from consecutive writes.
 */
#include <linux/errno.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "upload.h"

#define ASN1_SEQUENCE_TAG	0x30

/*
 * The total size a DER SEQUENCE header announces, in *@total: 0 when more
 * bytes are needed to tell, SIZE_MAX for the indefinite form. -EBADMSG
 * when the bytes cannot start a PKCS#7 blob, -E2BIG when the size does
 * not fit a size_t (a four-byte length on a 32-bit kernel can announce
 * up to 4 GiB plus the header).
 */
static int ipe_der_total(const u8 *h, size_t n, size_t *total)
{
	size_t len = 0, i, nlen;

	*total = 0;
	if (n < 1)
		return 0;
	if (h[0] != ASN1_SEQUENCE_TAG)
		return -EBADMSG;
	if (n < 2)
		return 0;
	if (h[1] < 0x80) {
		*total = 2 + h[1];
		return 0;
	}
	if (h[1] == 0x80) {
		*total = SIZE_MAX;
		return 0;
	}
	nlen = h[1] & 0x7f;
	if (nlen > IPE_DER_HDR_MAX - 2)
		return -EBADMSG;
	if (n < 2 + nlen)
		return 0;
	for (i = 0; i < nlen; i++)
		len = (len << 8) | h[2 + i];
	if (check_add_overflow(len, 2 + nlen, total) || *total == SIZE_MAX) {
		*total = 0;
		return -E2BIG;
	}
	return 0;
}

/**
 * ipe_upload_reset() - forget a partial or complete blob
 * @b: the blob
 */
void ipe_upload_reset(struct ipe_upload *b)
{
	kvfree(b->data);
	memset(b, 0, sizeof(*b));
}

/**
 * ipe_upload_feed() - add the bytes of one write to a blob
 * @b: the blob being assembled
 * @buf: the bytes written (kernel memory)
 * @n: number of bytes
 * @max: the largest blob accepted
 *
 * Return: 1 when @b->data now holds the complete blob of @b->len bytes, 0
 * when more writes are needed, or an error after which @b is reset:
 * -EBADMSG (not a DER SEQUENCE, or bytes past its end), -E2BIG (larger
 * than @max), -ENOMEM.
 */
int ipe_upload_feed(struct ipe_upload *b, const void *buf, size_t n, size_t max)
{
	const u8 *p = buf;
	size_t take, total;
	int rc;

	if (!b->want) {
		take = min(n, sizeof(b->hdr) - b->len);
		memcpy(b->hdr + b->len, p, take);
		rc = ipe_der_total(b->hdr, b->len + take, &total);
		if (rc)
			goto fail;
		if (!total) {
			b->len += take;
			return 0;
		}
		if (total == SIZE_MAX)
			total = b->len + n;
		if (total > max) {
			rc = -E2BIG;
			goto fail;
		}
		b->data = kvmalloc(total, GFP_KERNEL | __GFP_NOWARN);
		if (!b->data) {
			rc = -ENOMEM;
			goto fail;
		}
		memcpy(b->data, b->hdr, b->len);
		b->want = total;
	}

	if (n > b->want - b->len) {
		rc = -EBADMSG;
		goto fail;
	}
	memcpy(b->data + b->len, p, n);
	b->len += n;
	return b->len == b->want;

fail:
	ipe_upload_reset(b);
	return rc;
}
