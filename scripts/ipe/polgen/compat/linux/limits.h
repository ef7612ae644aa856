/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: the kernel's U8_MAX...U64_MAX, which
 * tools/include does not have.
 *
 * The C library's <limits.h> includes <linux/limits.h> (the UAPI one), so
 * the system header is passed on before the kernel's limits are added.
 */
#ifndef _POLGEN_COMPAT_LINUX_LIMITS_H
#define _POLGEN_COMPAT_LINUX_LIMITS_H

#if defined(__has_include_next) && __has_include_next("linux/limits.h")
#include_next <linux/limits.h>
#endif
#include <stdint.h>

#include <linux/types.h>

#define U8_MAX		((u8)~0U)
#define U16_MAX		((u16)~0U)
#define U32_MAX		((u32)~0U)
#define U64_MAX		((u64)~0ULL)

#endif /* _POLGEN_COMPAT_LINUX_LIMITS_H */
