/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: error numbers.
 *
 * The C library's <errno.h> includes <linux/errno.h> itself, so this file
 * also answers that include: it must pass it on to the system header
 * rather than include <errno.h>, which would come back here.
 */
#ifndef _POLGEN_COMPAT_LINUX_ERRNO_H
#define _POLGEN_COMPAT_LINUX_ERRNO_H

#if defined(__has_include_next) && __has_include_next("linux/errno.h")
#include_next <linux/errno.h>
#else
#include <errno.h>
#endif

#endif /* _POLGEN_COMPAT_LINUX_ERRNO_H */
