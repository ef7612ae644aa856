/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: tools/include's <linux/kernel.h> plus
 * what the IPE parser finds through the kernel's and tools/include lacks:
 * the hex helpers (lib/hexdump.c), the integer limits and printk.
 */
#ifndef _POLGEN_COMPAT_LINUX_KERNEL_H
#define _POLGEN_COMPAT_LINUX_KERNEL_H

#include_next <linux/kernel.h>

#include <linux/limits.h>
#include <linux/printk.h>
#include <linux/types.h>

int hex_to_bin(unsigned char ch);
int hex2bin(u8 *dst, const char *src, size_t count);
char *bin2hex(char *dst, const void *src, size_t count);

#endif /* _POLGEN_COMPAT_LINUX_KERNEL_H */
