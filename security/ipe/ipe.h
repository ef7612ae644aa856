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

#endif /* _IPE_H */
