// SPDX-License-Identifier: GPL-2.0
/*
 * IPE LSM hooks: each hook names the op and the file of the event. The
 * active policy is read here, under RCU, and handed to the evaluator.
 */

#include <linux/binfmts.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/rcupdate.h>
#include <linux/security.h>

#include "ipe.h"
#include "eval.h"
#include "hooks.h"
#include "policy_store.h"

/**
 * ipe_evaluate_event() - decide an event against the active policy
 * @ctx: the event, from ipe_build_eval_ctx()
 *
 * Without an active policy everything is allowed. The policy is read
 * under RCU, which keeps it and its tables alive while they are walked.
 *
 * Return: 0 to allow the operation, -EACCES to deny it.
 */
int ipe_evaluate_event(const struct ipe_eval_ctx *ctx)
{
	struct ipe_eval_result res;
	struct ipe_policy *pol;

	rcu_read_lock();
	pol = rcu_dereference(ipe_active_policy);
	if (!pol) {
		rcu_read_unlock();
		return 0;
	}
	ipe_eval_indexed(pol->parsed, pol->index, ctx, &res);
	rcu_read_unlock();

	return res.action == IPE_ACTION_DENY ? -EACCES : 0;
}

/*
 * Until a policy is active IPE allows everything; checking that first keeps
 * the cost of IPE on a system without a policy to one load per hook.
 */
static int ipe_hook_eval(const struct file *file, enum ipe_op op,
			 enum ipe_hook hook)
{
	struct ipe_eval_ctx ctx;

	if (!rcu_access_pointer(ipe_active_policy))
		return 0;

	ipe_build_eval_ctx(&ctx, file, op, hook);
	return ipe_evaluate_event(&ctx);
}

/**
 * ipe_bprm_check_security() - decide whether a file may be executed
 * @bprm: the exec being set up
 *
 * Evaluates EXECUTE for @bprm->file. The hook runs once per binfmt
 * handler search: for a "#!" script (or a binfmt_misc match) the first
 * evaluation sees the script itself and, after the handler has opened the
 * interpreter and made it @bprm->file, a second evaluation sees the
 * interpreter. Both must be allowed. The script's contents are read by
 * the interpreter as plain data later, which IPE does not see, so the
 * first evaluation is the only one that judges the script.
 *
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_bprm_check_security(struct linux_binprm *bprm)
{
	return ipe_hook_eval(bprm->file, IPE_OP_EXECUTE, IPE_HOOK_BPRM_CHECK);
}

/*
 * Copy-on-write. A private file mapping that may be written holds, once
 * written, copies of the file's pages with whatever the process put in
 * them: what would run from it is no longer what the file's facts
 * describe. Such a mapping is judged as anonymous memory, with every file
 * property false, when it is executable and writable at once, and when a
 * mapping with copied pages (an anon_vma) becomes executable; a private
 * mapping never written stays judged by its file. Shared mappings write
 * through to the file, whose own facts account for writers.
 */
static bool ipe_private_writable(unsigned long prot, unsigned long flags)
{
	return (prot & PROT_WRITE) && (flags & MAP_TYPE) == MAP_PRIVATE;
}

/**
 * ipe_mmap_file() - decide whether a mapping may be executable
 * @file: the file mapped, or NULL for an anonymous mapping
 * @reqprot: the protection userspace asked for
 * @prot: the protection the kernel will apply (with READ_IMPLIES_EXEC)
 * @flags: the mmap flags
 *
 * Only a mapping that will be executable, judged by @prot as it is what
 * takes effect, is evaluated (EXECUTE). An anonymous executable mapping
 * is evaluated with every file property false, and so is a private file
 * mapping that is also writable: its pages may be written before they
 * run.
 *
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_mmap_file(struct file *file, unsigned long reqprot,
		  unsigned long prot, unsigned long flags)
{
	if (!(prot & PROT_EXEC))
		return 0;
	if (file && ipe_private_writable(prot, flags))
		file = NULL;
	return ipe_hook_eval(file, IPE_OP_EXECUTE, IPE_HOOK_MMAP);
}

/**
 * ipe_file_mprotect() - decide whether a mapping may become executable
 * @vma: the mapping whose protection changes
 * @reqprot: the protection userspace asked for
 * @prot: the protection the kernel will apply (with READ_IMPLIES_EXEC)
 *
 * Evaluates EXECUTE when @prot adds execute permission to a mapping that
 * is not executable yet, for @vma->vm_file (NULL for anonymous memory); a
 * mapping already executable was judged when it became so. A private
 * file mapping is evaluated as anonymous memory when it becomes writable
 * and executable at once, even if it was executable before, and when it
 * becomes executable after some of its pages were copied on write.
 *
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_file_mprotect(struct vm_area_struct *vma, unsigned long reqprot,
		      unsigned long prot)
{
	struct file *file = vma->vm_file;
	bool private = !(vma->vm_flags & VM_SHARED);

	if (!(prot & PROT_EXEC))
		return 0;
	if (file && private && (prot & PROT_WRITE))
		return ipe_hook_eval(NULL, IPE_OP_EXECUTE, IPE_HOOK_MPROTECT);
	if (vma->vm_flags & VM_EXEC)
		return 0;
	if (file && private && vma->anon_vma)
		file = NULL;
	return ipe_hook_eval(file, IPE_OP_EXECUTE, IPE_HOOK_MPROTECT);
}
