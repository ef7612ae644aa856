/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE LSM hooks: turn kernel events into evaluations.
 */
#ifndef _IPE_HOOKS_H
#define _IPE_HOOKS_H

#include <linux/binfmts.h>
#include <linux/fs.h>
#include <linux/kernel_read_file.h>
#include <linux/mm_types.h>
#include <linux/security.h>

#include "policy.h"

struct ipe_eval_ctx;

int ipe_evaluate_event(const struct ipe_eval_ctx *ctx);
int ipe_bprm_check_security(struct linux_binprm *bprm);
int ipe_bprm_creds_for_exec(struct linux_binprm *bprm);
int ipe_mmap_file(struct file *file, unsigned long reqprot,
		  unsigned long prot, unsigned long flags);
int ipe_file_mprotect(struct vm_area_struct *vma, unsigned long reqprot,
		      unsigned long prot);
int ipe_userfaultfd_register(struct vm_area_struct *vma,
			     unsigned long vm_flags);
int ipe_vm_anon_exec(unsigned long addr, unsigned long len,
		     enum lsm_anon_exec what);
int ipe_kernel_read_file(struct file *file, enum kernel_read_file_id id,
			 bool contents);
int ipe_kernel_post_read_file(struct file *file, char *buf, loff_t size,
			      enum kernel_read_file_id id);
int ipe_kernel_load_data(enum kernel_load_data_id id, bool contents);
int ipe_file_open(struct file *file);
#ifdef CONFIG_IPE_PROP_BOOT_VERIFIED
int ipe_inode_setattr(struct dentry *dentry, struct iattr *attr);
#endif

enum ipe_op ipe_kernel_read_op(enum kernel_read_file_id id);
enum ipe_op ipe_kernel_load_op(enum kernel_load_data_id id);

#if IS_ENABLED(CONFIG_SECURITY_IPE_KUNIT_BENCH)
/* set by make bench (tests/bench_switch.c): the hooks act as without policy */
extern bool ipe_bench_no_policy;
#define ipe_bench_hides_policy()	READ_ONCE(ipe_bench_no_policy)
#else
#define ipe_bench_hides_policy()	false
#endif

#endif /* _IPE_HOOKS_H */
