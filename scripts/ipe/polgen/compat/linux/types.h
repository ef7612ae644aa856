/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: the kernel integer types.
 *
 * The headers in this directory stand in for the <linux/...> headers that
 * the IPE policy parser (security/ipe/) includes, so that polgen compiles
 * the very sources the kernel compiles. They provide only what those
 * sources use.
 */
#ifndef _POLGEN_COMPAT_LINUX_TYPES_H
#define _POLGEN_COMPAT_LINUX_TYPES_H

/*
 * C library headers include <linux/types.h> for the UAPI types (__u16...;
 * <sys/stat.h> does with _GNU_SOURCE): pass it on to the system header.
 */
#if defined(__has_include_next) && __has_include_next("linux/types.h")
#include_next <linux/types.h>
#endif
#include <stdbool.h>
#include <stddef.h>

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef short s16;
typedef int s32;
typedef long long s64;

#endif /* _POLGEN_COMPAT_LINUX_TYPES_H */
