/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: tools/include's <linux/string.h> plus
 * the kernel's allocating string functions, which it lacks.
 */
#ifndef _POLGEN_COMPAT_LINUX_STRING_H
#define _POLGEN_COMPAT_LINUX_STRING_H

#include_next <linux/string.h>

#include <linux/slab.h>
#include <linux/types.h>

char *kstrdup(const char *s, gfp_t flags);
char *kmemdup_nul(const char *s, size_t len, gfp_t flags);
void *kmemdup(const void *src, size_t len, gfp_t flags);

#endif /* _POLGEN_COMPAT_LINUX_STRING_H */
