/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: the kernel's allocators on top of
 * malloc() (compat.c), with the GFP flags of tools/include's <linux/gfp.h>;
 * only __GFP_ZERO has an effect.
 *
 * This replaces tools/include's <linux/slab.h> rather than adding to it:
 * that one serves the radix-tree test harness, with a kfree() that does
 * not take the const pointers the kernel's does and a kzalloc() inline,
 * which the fuzzer could not wrap; and it has none of the kv*() and
 * array allocators the parser calls.
 */
#ifndef _POLGEN_COMPAT_LINUX_SLAB_H
#define _POLGEN_COMPAT_LINUX_SLAB_H

#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/types.h>

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void kfree(const void *p);
void *kvmalloc(size_t size, gfp_t flags);
void *kvzalloc(size_t size, gfp_t flags);
void *kvrealloc(const void *p, size_t oldsize, size_t newsize, gfp_t flags);
void kvfree(const void *p);

#endif /* _POLGEN_COMPAT_LINUX_SLAB_H */
