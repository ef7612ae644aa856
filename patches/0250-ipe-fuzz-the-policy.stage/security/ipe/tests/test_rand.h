/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Seeded pseudo-random numbers for IPE's tests and benchmark: the same
 * seed gives the same sequence on every run and in user space, so a
 * failure can be replayed. Not for anything that needs unpredictability.
 */
#ifndef _SECURITY_IPE_TEST_RAND_H
#define _SECURITY_IPE_TEST_RAND_H

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

#endif /* _SECURITY_IPE_TEST_RAND_H */
