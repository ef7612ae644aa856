// SPDX-License-Identifier: GPL-2.0
/*
 * polgen user-space compatibility: the kernel library functions that the
 * IPE policy parser calls, implemented with the C library.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "property.h"

const char *compat_log_name = "polgen";

void (*compat_printk_hook)(const char *level, const char *fmt, va_list ap);

void compat_printk(const char *level, const char *fmt, ...)
{
	va_list ap;

	if (compat_printk_hook) {
		va_start(ap, fmt);
		compat_printk_hook(level, fmt, ap);
		va_end(ap);
		return;
	}
	fprintf(stderr, "%s: %s: ", compat_log_name, level);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void *kmalloc(size_t size, gfp_t flags)
{
	/* the kernel never returns NULL for a zero-sized request */
	void *p = malloc(size ? size : 1);

	if (p && (flags & __GFP_ZERO))
		memset(p, 0, size);
	return p;
}

void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (check_mul_overflow(n, size, &bytes))
		return NULL;
	return kmalloc(bytes, flags);
}

void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

void kfree(const void *p)
{
	free((void *)p);
}

void *kvmalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags);
}

void *kvzalloc(size_t size, gfp_t flags)
{
	return kzalloc(size, flags);
}

/*
 * Linux 6.1 semantics: the buffer never shrinks, its first @oldsize bytes
 * are kept, and on failure the old buffer stays valid and owned by the
 * caller.
 */
void *kvrealloc(const void *p, size_t oldsize, size_t newsize,
		gfp_t flags)
{
	(void)flags;
	if (oldsize >= newsize)
		return (void *)p;
	return realloc((void *)p, newsize);
}

void *__vmalloc(unsigned long size, gfp_t flags)
{
	return kmalloc(size, flags);
}

void kvfree(const void *p)
{
	free((void *)p);
}

char *kstrdup(const char *s, gfp_t flags)
{
	if (!s)
		return NULL;
	return kmemdup(s, strlen(s) + 1, flags);
}

char *kmemdup_nul(const char *s, size_t len, gfp_t flags)
{
	char *d;

	if (!s || len == SIZE_MAX)
		return NULL;
	d = kmalloc(len + 1, flags);
	if (d) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}

void *kmemdup(const void *src, size_t len, gfp_t flags)
{
	void *d = kmalloc(len, flags);

	if (d)
		memcpy(d, src, len);
	return d;
}

int hex_to_bin(unsigned char ch)
{
	unsigned char lower = ch | 0x20;

	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (lower >= 'a' && lower <= 'f')
		return lower - 'a' + 10;
	return -1;
}

int hex2bin(u8 *dst, const char *src, size_t count)
{
	while (count--) {
		int hi = hex_to_bin(*src++);
		int lo;

		if (hi < 0)
			return -EINVAL;
		lo = hex_to_bin(*src++);
		if (lo < 0)
			return -EINVAL;
		*dst++ = (hi << 4) | lo;
	}
	return 0;
}

char *bin2hex(char *dst, const void *src, size_t count)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *s = src;

	while (count--) {
		*dst++ = digits[*s >> 4];
		*dst++ = digits[*s++ & 0x0f];
	}
	return dst;
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!size)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return (size_t)n < size ? n : (int)(size - 1);
}

/*
 * User space cannot ask the crypto API of the kernel a policy is meant
 * for: any well-formed algorithm name is accepted, and the kernel checks
 * it when the policy is loaded.
 */
bool ipe_hash_alg_available(const char *name)
{
	/* the parser never asks about an empty name */
	return name[0] != '\0';
}
