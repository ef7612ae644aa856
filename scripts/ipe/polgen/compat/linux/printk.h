/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: pr_err() and friends, which
 * tools/include does not have. Kernel log messages go to stderr, prefixed
 * with the policy file and the severity, or to a hook.
 */
#ifndef _POLGEN_COMPAT_LINUX_PRINTK_H
#define _POLGEN_COMPAT_LINUX_PRINTK_H

#include <stdarg.h>

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

/* what messages are about (the policy file); set by polgen */
extern const char *compat_log_name;

/*
 * When set, compat_printk() hands each message to this function instead
 * of printing it (ipectl collects the parser's warnings this way).
 */
extern void (*compat_printk_hook)(const char *level, const char *fmt,
				  va_list ap);

void compat_printk(const char *level, const char *fmt, ...);

#define pr_err(fmt, ...)	compat_printk("error", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	compat_printk("warning", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	compat_printk("note", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	compat_printk("note", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	do { } while (0)

#endif /* _POLGEN_COMPAT_LINUX_PRINTK_H */
