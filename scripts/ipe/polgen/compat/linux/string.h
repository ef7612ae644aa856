/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: the C library's string functions plus
 * the kernel's allocating ones.
 */
#ifndef _POLGEN_COMPAT_LINUX_STRING_H
#define _POLGEN_COMPAT_LINUX_STRING_H

#include <string.h>

#include <linux/types.h>

char *kstrdup(const char *s, unsigned int flags);
char *kmemdup_nul(const char *s, size_t len, unsigned int flags);
void *kmemdup(const void *src, size_t len, unsigned int flags);

#endif /* _POLGEN_COMPAT_LINUX_STRING_H */
