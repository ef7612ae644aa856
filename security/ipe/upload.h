/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE: a signed policy written in one or several write() calls.
 */
#ifndef _IPE_UPLOAD_H
#define _IPE_UPLOAD_H

#include <linux/types.h>

/* Enough for a DER tag and a long-form length of up to four bytes. */
#define IPE_DER_HDR_MAX	6

/**
 * struct ipe_upload - a PKCS#7 blob being assembled from writes
 * @hdr: the first bytes, until the DER header can be read
 * @data: the whole blob once its length is known
 * @len: bytes received so far
 * @want: total bytes the DER header announces; 0 while unknown, SIZE_MAX
 *	for an indefinite length (the write that carries it is the whole blob)
 *
 * The outer DER SEQUENCE of a PKCS#7 blob starts with its length, so the
 * write that completes the blob is known and can return the verdict of
 * loading it: "cat policy.p7s > new_policy" reports a bad signature or a
 * parse error however cat splits the file.
 */
struct ipe_upload {
	u8 hdr[IPE_DER_HDR_MAX];
	u8 *data;
	size_t len;
	size_t want;
};

int ipe_upload_feed(struct ipe_upload *b, const void *buf, size_t n,
		    size_t max);
void ipe_upload_reset(struct ipe_upload *b);

#endif /* _IPE_UPLOAD_H */
