/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Seeded pseudo-random numbers for IPE's tests and benchmark: the same
 * seed gives the same sequence on every run and in user space, so a
 * failure can be replayed. Not for anything that needs unpredictability.
 */
#ifndef _SECURITY_IPE_TEST_RAND_H
#define _SECURITY_IPE_TEST_RAND_H

#include <linux/string.h>
#include <linux/types.h>

/**
 * ipe_test_rand() - the next number of a splitmix64 sequence
 * @state: the generator; seed it with any value
 *
 * Return: 64 pseudo-random bits
 */
static inline u64 ipe_test_rand(u64 *state)
{
	u64 z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/**
 * ipe_test_rand_fill() - fill a buffer from a splitmix64 sequence
 * @state: the generator
 * @buf: the buffer, a random digest say
 * @len: bytes in @buf; a multiple of 8
 *
 * Each number of the sequence in turn, in the CPU's byte order.
 */
static inline void ipe_test_rand_fill(u64 *state, u8 *buf, size_t len)
{
	size_t i;

	for (i = 0; i + sizeof(u64) <= len; i += sizeof(u64)) {
		u64 v = ipe_test_rand(state);

		memcpy(buf + i, &v, sizeof(v));
	}
}

#endif /* _SECURITY_IPE_TEST_RAND_H */
