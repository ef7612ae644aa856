// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 (FIPS 180-4), for the digests "ipectl list" and "ipectl status"
 * print. ipectl has it of its own so that every command but sign builds
 * and runs without libcrypto (make NO_OPENSSL=1); the default build uses
 * it too, so that there is one code path and the host tests cover it.
 */

#include <string.h>

#include "ipectl.h"

static const u32 sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline u32 sha256_ror(u32 x, unsigned int n)
{
	return (x >> n) | (x << (32 - n));
}

/* the functions of FIPS 180-4, 4.1.2 */
static inline u32 sha256_sum0(u32 x)
{
	return sha256_ror(x, 2) ^ sha256_ror(x, 13) ^ sha256_ror(x, 22);
}

static inline u32 sha256_sum1(u32 x)
{
	return sha256_ror(x, 6) ^ sha256_ror(x, 11) ^ sha256_ror(x, 25);
}

static inline u32 sha256_sig0(u32 x)
{
	return sha256_ror(x, 7) ^ sha256_ror(x, 18) ^ (x >> 3);
}

static inline u32 sha256_sig1(u32 x)
{
	return sha256_ror(x, 17) ^ sha256_ror(x, 19) ^ (x >> 10);
}

static inline u32 sha256_load_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static inline void sha256_store_be32(u8 *p, u32 v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

/* one 64-byte block into the state */
static void sha256_block(u32 state[8], const u8 *block)
{
	u32 w[64], a, b, c, d, e, f, g, h, t1, t2;
	unsigned int i;

	for (i = 0; i < 16; i++)
		w[i] = sha256_load_be32(block + 4 * i);
	for (i = 16; i < 64; i++)
		w[i] = w[i - 16] + sha256_sig0(w[i - 15]) + w[i - 7] +
		       sha256_sig1(w[i - 2]);

	a = state[0];
	b = state[1];
	c = state[2];
	d = state[3];
	e = state[4];
	f = state[5];
	g = state[6];
	h = state[7];
	for (i = 0; i < 64; i++) {
		t1 = h + sha256_sum1(e) + ((e & f) ^ (~e & g)) +
		     sha256_k[i] + w[i];
		t2 = sha256_sum0(a) + ((a & b) ^ (a & c) ^ (b & c));
		h = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	state[0] += a;
	state[1] += b;
	state[2] += c;
	state[3] += d;
	state[4] += e;
	state[5] += f;
	state[6] += g;
	state[7] += h;
}

/**
 * ipectl_sha256_init() - start a SHA-256 digest
 * @ctx: the state to set up
 */
void ipectl_sha256_init(struct ipectl_sha256 *ctx)
{
	static const u32 iv[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};

	memcpy(ctx->h, iv, sizeof(iv));
	ctx->bytes = 0;
}

/**
 * ipectl_sha256_update() - add bytes to a SHA-256 digest
 * @ctx: the state, from ipectl_sha256_init()
 * @data: the bytes
 * @len: how many; any number, in as many calls as wanted
 */
void ipectl_sha256_update(struct ipectl_sha256 *ctx, const void *data,
			  size_t len)
{
	size_t fill = ctx->bytes % IPECTL_SHA256_BLOCK;
	const u8 *p = data;

	ctx->bytes += len;
	if (fill) {
		size_t n = min(len, IPECTL_SHA256_BLOCK - fill);

		memcpy(ctx->buf + fill, p, n);
		p += n;
		len -= n;
		if (fill + n < IPECTL_SHA256_BLOCK)
			return;
		sha256_block(ctx->h, ctx->buf);
	}
	for (; len >= IPECTL_SHA256_BLOCK; len -= IPECTL_SHA256_BLOCK) {
		sha256_block(ctx->h, p);
		p += IPECTL_SHA256_BLOCK;
	}
	if (len)
		memcpy(ctx->buf, p, len);
}

/**
 * ipectl_sha256_final() - finish a SHA-256 digest
 * @ctx: the state; it must be set up again before another use
 * @out: receives the 32 bytes of the digest
 */
void ipectl_sha256_final(struct ipectl_sha256 *ctx,
			 u8 out[IPECTL_SHA256_SIZE])
{
	size_t fill = ctx->bytes % IPECTL_SHA256_BLOCK;
	u64 bits = ctx->bytes << 3;
	unsigned int i;

	/* 0x80, zeros up to 8 bytes before a block's end, the bit count */
	ctx->buf[fill++] = 0x80;
	if (fill > IPECTL_SHA256_BLOCK - 8) {
		memset(ctx->buf + fill, 0, IPECTL_SHA256_BLOCK - fill);
		sha256_block(ctx->h, ctx->buf);
		fill = 0;
	}
	memset(ctx->buf + fill, 0, IPECTL_SHA256_BLOCK - 8 - fill);
	sha256_store_be32(ctx->buf + IPECTL_SHA256_BLOCK - 8, bits >> 32);
	sha256_store_be32(ctx->buf + IPECTL_SHA256_BLOCK - 4, (u32)bits);
	sha256_block(ctx->h, ctx->buf);

	for (i = 0; i < 8; i++)
		sha256_store_be32(out + 4 * i, ctx->h[i]);
	memset(ctx, 0, sizeof(*ctx));
}

/**
 * ipectl_sha256() - SHA-256 of a buffer
 * @data: the bytes
 * @len: how many
 * @out: receives the 32 bytes of the digest
 */
void ipectl_sha256(const void *data, size_t len, u8 out[IPECTL_SHA256_SIZE])
{
	struct ipectl_sha256 ctx;

	ipectl_sha256_init(&ctx);
	ipectl_sha256_update(&ctx, data, len);
	ipectl_sha256_final(&ctx, out);
}

/**
 * ipectl_sha256_hex() - SHA-256 of a buffer, as lower-case hex
 * @buf: the bytes
 * @len: how many
 * @hex: receives 64 hex digits and a NUL
 */
void ipectl_sha256_hex(const void *buf, size_t len, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	u8 md[IPECTL_SHA256_SIZE];
	unsigned int i;

	ipectl_sha256(buf, len, md);
	for (i = 0; i < IPECTL_SHA256_SIZE; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[2 * IPECTL_SHA256_SIZE] = '\0';
}
