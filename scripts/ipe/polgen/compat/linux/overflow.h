/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: overflow-checked size arithmetic. As in
 * the kernel, a size that overflows saturates at SIZE_MAX, which no
 * allocation satisfies.
 */
#ifndef _POLGEN_COMPAT_LINUX_OVERFLOW_H
#define _POLGEN_COMPAT_LINUX_OVERFLOW_H

#include <stdint.h>

#include <linux/types.h>

#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

static inline size_t size_mul(size_t a, size_t b)
{
	size_t bytes;

	if (check_mul_overflow(a, b, &bytes))
		return SIZE_MAX;
	return bytes;
}

static inline size_t size_add(size_t a, size_t b)
{
	size_t bytes;

	if (check_add_overflow(a, b, &bytes))
		return SIZE_MAX;
	return bytes;
}

#define array_size(a, b)	size_mul(a, b)

/* the size of *@p with @count elements of its flexible array @member */
#define struct_size(p, member, count)					\
	size_add(sizeof((p)[0]), size_mul(sizeof((p)[0].member[0]), count))

#endif /* _POLGEN_COMPAT_LINUX_OVERFLOW_H */
