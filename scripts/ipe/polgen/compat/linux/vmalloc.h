/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: __vmalloc() on top of malloc()
 * (compat.c); freed with kvfree(), as in the kernel. Only __GFP_ZERO has
 * an effect.
 */
#ifndef _POLGEN_COMPAT_LINUX_VMALLOC_H
#define _POLGEN_COMPAT_LINUX_VMALLOC_H

#include <linux/gfp.h>
#include <linux/types.h>

void *__vmalloc(unsigned long size, gfp_t flags);

#endif /* _POLGEN_COMPAT_LINUX_VMALLOC_H */
