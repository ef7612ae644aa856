/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Integrity Policy Enforcement: what the files of IPE share.
 */
#ifndef _IPE_H
#define _IPE_H

#ifdef pr_fmt
#undef pr_fmt
#endif
#define pr_fmt(fmt) "ipe: " fmt

#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/lsm_hooks.h>
#include <linux/types.h>

extern bool ipe_initialized;

/*
 * Settings, read locklessly with READ_ONCE() on every evaluation. They are
 * set from the command line (ipe.enforce=, ipe.success_audit=,
 * ipe.strict_parse=) and changed through sysctl and securityfs.
 */
extern bool ipe_enforce;
extern bool ipe_success_audit;
extern bool ipe_strict_parse;

#endif /* _IPE_H */
