/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ipe_fuzz: the allocator and printk of scripts/ipe/polgen/compat.c as the
 * linker wraps them (ld --wrap, see Makefile), so that main.c counts the
 * parser's allocations, makes them fail on request and keeps its messages
 * quiet.
 */
#ifndef _IPE_FUZZ_WRAP_H
#define _IPE_FUZZ_WRAP_H

#include <linux/types.h>

void *__real_kmalloc(size_t size, unsigned int flags);
void *__real_kzalloc(size_t size, unsigned int flags);
void *__real_kmalloc_array(size_t n, size_t size, unsigned int flags);
void *__real_kcalloc(size_t n, size_t size, unsigned int flags);
void *__real_kvmalloc(size_t size, unsigned int flags);
void *__real_kvzalloc(size_t size, unsigned int flags);
void *__real___vmalloc(unsigned long size, unsigned int flags);
void *__real_kvrealloc(const void *p, size_t oldsize, size_t newsize,
		       unsigned int flags);
char *__real_kstrdup(const char *s, unsigned int flags);
char *__real_kmemdup_nul(const char *s, size_t len, unsigned int flags);
void *__real_kmemdup(const void *src, size_t len, unsigned int flags);
void __real_kfree(const void *p);
void __real_kvfree(const void *p);

void *__wrap_kmalloc(size_t size, unsigned int flags);
void *__wrap_kzalloc(size_t size, unsigned int flags);
void *__wrap_kmalloc_array(size_t n, size_t size, unsigned int flags);
void *__wrap_kcalloc(size_t n, size_t size, unsigned int flags);
void *__wrap_kvmalloc(size_t size, unsigned int flags);
void *__wrap_kvzalloc(size_t size, unsigned int flags);
void *__wrap___vmalloc(unsigned long size, unsigned int flags);
void *__wrap_kvrealloc(const void *p, size_t oldsize, size_t newsize,
		       unsigned int flags);
char *__wrap_kstrdup(const char *s, unsigned int flags);
char *__wrap_kmemdup_nul(const char *s, size_t len, unsigned int flags);
void *__wrap_kmemdup(const void *src, size_t len, unsigned int flags);
void __wrap_kfree(const void *p);
void __wrap_kvfree(const void *p);
void __wrap_compat_printk(const char *level, const char *fmt, ...);

#endif /* _IPE_FUZZ_WRAP_H */
