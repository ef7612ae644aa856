/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: kernel allocators on top of malloc().
 * The GFP flags are accepted; only __GFP_ZERO has an effect.
 */
#ifndef _POLGEN_COMPAT_LINUX_SLAB_H
#define _POLGEN_COMPAT_LINUX_SLAB_H

#include <linux/overflow.h>
#include <linux/types.h>

#define GFP_KERNEL	0x01U
#define __GFP_NOWARN	0x02U
#define __GFP_ZERO	0x04U

void *kmalloc(size_t size, unsigned int flags);
void *kzalloc(size_t size, unsigned int flags);
void *kmalloc_array(size_t n, size_t size, unsigned int flags);
void *kcalloc(size_t n, size_t size, unsigned int flags);
void kfree(const void *p);
void *kvmalloc(size_t size, unsigned int flags);
void *kvzalloc(size_t size, unsigned int flags);
void *kvrealloc(const void *p, size_t oldsize, size_t newsize,
		unsigned int flags);
void kvfree(const void *p);

#endif /* _POLGEN_COMPAT_LINUX_SLAB_H */
