// SPDX-License-Identifier: GPL-2.0
/*
 * IPE LSM hooks: each hook names the op and the file of the event. The
 * active and the audit policy are read here, under RCU, and handed to the
 * evaluator. Only an event that must be audited leaves the read section
 * holding a reference on its policy, because the audit record is built
 * (and allocated) after rcu_read_unlock().
 */

#include <linux/binfmts.h>
#include <linux/fs.h>
#include <linux/kernel_read_file.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/rcupdate.h>
#include <linux/security.h>
#include <linux/userfaultfd_k.h>

#include "ipe.h"
#include "bdev.h"
#include "eval.h"
#include "hooks.h"
#include "initramfs.h"
#include "policy_store.h"
#include "settings.h"

/*
 * Keep @pol, whose decision @res must be audited, for the record, which is
 * built after the read section: @res then names @pol. A policy already on
 * its way out (its last reference dropped by an update or a deletion
 * racing with us) cannot be kept: its decision stands, and the record
 * names no rule (rule=?).
 *
 * Return: @pol when it is held, else NULL.
 */
static struct ipe_policy *ipe_hold(struct ipe_policy *pol,
				   struct ipe_eval_result *res)
{
	if (ipe_policy_tryget(pol)) {
		res->pol = pol;
		return pol;
	}
	res->rule = NULL;
	return NULL;
}

/**
 * ipe_evaluate_event() - decide an event against the active policy, and
 *	audit it against the audit policy
 * @ctx: the event, from ipe_build_eval_ctx()
 *
 * Without an active policy everything is allowed. A denial of the active
 * policy is audited always, an allowed event when success_audit is set.
 * In permissive mode (enforce=0) a denial is audited with enforcing=0 and
 * the operation proceeds.
 *
 * When an audit policy is set, the event is decided against it too, also
 * while no policy is active; its decision is audited by the same rules,
 * in a record of its own that names it, and never changes the outcome.
 *
 * The policies are read under RCU and handed to the evaluator. Each one
 * whose decision must be audited is held by a reference taken inside the
 * read section, so that its matching rule stays valid while the record,
 * which allocates, is built after rcu_read_unlock().
 *
 * Context: process context; may sleep when the event is audited.
 * Return: 0 to allow the operation, -EACCES to deny it.
 */
int ipe_evaluate_event(const struct ipe_eval_ctx *ctx)
{
	struct ipe_policy *pol, *audit_pol, *held = NULL, *audit_held = NULL;
	struct ipe_eval_ctx ev;
	struct ipe_verdict v;
	bool enforce;

	rcu_read_lock();
	pol = rcu_dereference(ipe_active_policy);
	audit_pol = rcu_dereference(ipe_audit_policy);
	if (!pol && !audit_pol) {
		rcu_read_unlock();
		return 0;
	}

	/* The block device facts are only valid inside the read section. */
	ev = *ctx;
	if (ev.inode)
		ev.bdev = ipe_sb_bdev_facts(ev.inode->i_sb);
	ipe_judge(pol, audit_pol, &ev, ipe_get(IPE_SET_SUCCESS_AUDIT), &v);
	if (v.rec)
		held = ipe_hold(pol, &v.res);
	if (v.audit_rec)
		audit_held = ipe_hold(audit_pol, &v.audit_res);
	rcu_read_unlock();

	if (!v.rec && !v.audit_rec)
		return 0;

	enforce = ipe_get(IPE_SET_ENFORCE);
	ipe_verdict_audit(ctx, &v, enforce);
	ipe_policy_put(held);
	ipe_policy_put(audit_held);
	return v.deny && enforce ? -EACCES : 0;
}

/*
 * Until a policy is active or audited IPE has nothing to decide; checking
 * that first keeps the cost of IPE on a system without a policy to two
 * loads per hook, beside noting unpacked files that run.
 */
static int ipe_hook_eval_facts(const struct file *file, bool facts,
			       enum ipe_op op, enum ipe_hook hook)
{
	struct ipe_eval_ctx ctx;

	if (!rcu_access_pointer(ipe_active_policy) &&
	    !rcu_access_pointer(ipe_audit_policy))
		return 0;
	if (ipe_bench_hides_policy())
		return 0;

	ipe_build_eval_ctx(&ctx, file, facts, op, hook);
	return ipe_evaluate_event(&ctx);
}

static int ipe_hook_eval(const struct file *file, enum ipe_op op,
			 enum ipe_hook hook)
{
	return ipe_hook_eval_facts(file, true, op, hook);
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
	ipe_initramfs_file_runs(bprm->file);
	return ipe_hook_eval(bprm->file, IPE_OP_EXECUTE, IPE_HOOK_BPRM_CHECK);
}

/**
 * ipe_bprm_creds_for_exec() - decide an exec check
 * @bprm: the exec being set up
 *
 * execveat(2) with AT_EXECVE_CHECK asks whether @bprm->file would be
 * allowed to execute; an interpreter asks it before running a script.
 * Such a check ends after this hook, so bprm_check_security never sees
 * it: evaluate EXECUTE for the file here, as an exec of it would be
 * evaluated, and audit it under its own hook name. A real exec passes
 * here too and is left to ipe_bprm_check_security(), so that it is
 * evaluated and audited once.
 *
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_bprm_creds_for_exec(struct linux_binprm *bprm)
{
	if (!bprm->is_check)
		return 0;
	return ipe_hook_eval(bprm->file, IPE_OP_EXECUTE,
			     IPE_HOOK_BPRM_CREDS_FOR_EXEC);
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
 *
 * userfaultfd. Once a userfaultfd is registered on a mapping, it can fill
 * any page the mapping has not faulted in yet (UFFDIO_COPY, at once or
 * after MADV_DONTNEED dropped the page) with the caller's bytes, without
 * a write to the mapping or the file. Such a mapping is judged as
 * anonymous memory too: when the registration covers an executable file
 * mapping, and when a registered file mapping becomes executable.
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
	ipe_initramfs_file_runs(file);
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
 * becomes executable after some of its pages were copied on write; any
 * file mapping when a userfaultfd is registered on it.
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
	ipe_initramfs_file_runs(file);
	if (file && private && (prot & PROT_WRITE))
		return ipe_hook_eval(NULL, IPE_OP_EXECUTE, IPE_HOOK_MPROTECT);
	if (vma->vm_flags & VM_EXEC)
		return 0;
	if (file && private && vma->anon_vma)
		file = NULL;
	if (userfaultfd_armed(vma))
		file = NULL;
	return ipe_hook_eval(file, IPE_OP_EXECUTE, IPE_HOOK_MPROTECT);
}

/**
 * ipe_userfaultfd_register() - decide whether a userfaultfd may fill a mapping
 * @vma: one mapping of the range being registered
 * @vm_flags: the modes asked for (VM_UFFD_*); each lets UFFDIO_COPY fill
 *	missing pages, so none is told apart
 *
 * An executable file mapping was judged by its file, whose pages it would
 * then no longer hold: evaluate EXECUTE for it as anonymous memory. A
 * mapping that is not executable is judged if it becomes so (see
 * ipe_file_mprotect()); anonymous memory was judged as such already.
 *
 * Context: the mmap lock of the mapping's mm is held for writing.
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_userfaultfd_register(struct vm_area_struct *vma,
			     unsigned long vm_flags)
{
	if (!vma->vm_file || !(vma->vm_flags & VM_EXEC))
		return 0;
	return ipe_hook_eval(NULL, IPE_OP_EXECUTE, IPE_HOOK_USERFAULTFD);
}

/**
 * ipe_vm_anon_exec() - decide whether the kernel may give executable memory
 * @addr: start of the memory
 * @len: its length
 * @what: a heap grown by brk() (or a bss) of a READ_IMPLIES_EXEC process,
 *	or the stack of a program whose headers ask for an executable one
 *
 * Such memory is anonymous, written by the process: evaluate EXECUTE for
 * it as for an anonymous executable mapping, with every file property
 * false. A refused brk() leaves the break where it was; a refused stack
 * ends the execve() past its point of no return, which kills the process.
 *
 * Context: the mmap lock of current->mm is held for writing.
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_vm_anon_exec(unsigned long addr, unsigned long len,
		     enum lsm_anon_exec what)
{
	return ipe_hook_eval(NULL, IPE_OP_EXECUTE,
			     what == LSM_ANON_EXEC_STACK ? IPE_HOOK_STACK :
			     IPE_HOOK_BRK);
}

/**
 * ipe_kernel_read_op() - the op a kernel file read is evaluated as
 * @id: what the kernel reads the file for
 *
 * Return: the kernel-read op for @id, or %IPE_OP_COUNT for an id that no
 * op names (see ipe_kernel_read_file()).
 */
enum ipe_op ipe_kernel_read_op(enum kernel_read_file_id id)
{
	switch (id) {
	case READING_FIRMWARE:
		return IPE_OP_FIRMWARE;
	case READING_MODULE:
		return IPE_OP_KMODULE;
	case READING_KEXEC_IMAGE:
		return IPE_OP_KEXEC_IMAGE;
	case READING_KEXEC_INITRAMFS:
		return IPE_OP_KEXEC_INITRAMFS;
	case READING_POLICY:
		return IPE_OP_POLICY;
	case READING_X509_CERTIFICATE:
		return IPE_OP_X509_CERT;
	default:
		return IPE_OP_COUNT;
	}
}

/**
 * ipe_kernel_load_op() - the op a kernel data load is evaluated as
 * @id: what the kernel loads the data for
 *
 * Return: the kernel-read op for @id, or %IPE_OP_COUNT for an id that no
 * op names (see ipe_kernel_read_file()).
 */
enum ipe_op ipe_kernel_load_op(enum kernel_load_data_id id)
{
	switch (id) {
	case LOADING_FIRMWARE:
		return IPE_OP_FIRMWARE;
	case LOADING_MODULE:
		return IPE_OP_KMODULE;
	case LOADING_KEXEC_IMAGE:
		return IPE_OP_KEXEC_IMAGE;
	case LOADING_KEXEC_INITRAMFS:
		return IPE_OP_KEXEC_INITRAMFS;
	case LOADING_POLICY:
		return IPE_OP_POLICY;
	case LOADING_X509_CERTIFICATE:
		return IPE_OP_X509_CERT;
	default:
		return IPE_OP_COUNT;
	}
}

/**
 * ipe_kernel_read_file() - decide whether the kernel may use a file
 * @file: the file the kernel reads
 * @id: what it reads it for
 * @contents: the whole file is read at once, and will be shown to
 *	ipe_kernel_post_read_file() once read; false for a read of part of
 *	it (request_partial_firmware_into_buf()), which is not
 *
 * Evaluates the kernel-read op of @id for @file. A read whose @id no op
 * names (READING_UNKNOWN, which no caller in this kernel passes, or an id
 * IPE does not know) is evaluated as mainline evaluates it: no rule and
 * no op DEFAULT can apply, so the global DEFAULT decides, and the audit
 * record says ipe_op=UNKNOWN.
 *
 * The facts are those of the inode that serves @file's data now. A copy-up
 * of an overlayfs file during the read can move the rest of it to another
 * inode: a whole-file read is then decided again once done, but a partial
 * read never is, so a partial read of an overlayfs file is judged as a
 * file without facts.
 *
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_kernel_read_file(struct file *file, enum kernel_read_file_id id,
			 bool contents)
{
	bool facts = contents || !file || !ipe_file_data_may_move(file);

	return ipe_hook_eval_facts(file, facts, ipe_kernel_read_op(id),
				   IPE_HOOK_KERNEL_READ);
}

/**
 * ipe_kernel_post_read_file() - check a whole-file kernel read once done
 * @file: the file the kernel read
 * @buf: what it read
 * @size: bytes in @buf
 * @id: what it read the file for
 *
 * ipe_kernel_read_file() judged @file by the inode that served its data
 * then. An overlayfs file copied up while the kernel read it may have
 * served the rest from the upper file, which may have been written
 * meanwhile: when the file's data inode changed since it was opened, the
 * read is decided again, on no facts (see ipe_data_inode()). A partial
 * read is not shown to this hook (ipe_kernel_read_file() judged it so).
 *
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_kernel_post_read_file(struct file *file, char *buf, loff_t size,
			      enum kernel_read_file_id id)
{
	if (!ipe_file_data_moved(file))
		return 0;
	return ipe_hook_eval(file, ipe_kernel_read_op(id),
			     IPE_HOOK_KERNEL_READ);
}

/*
 * Once a policy is active, and from then on (a policy can be replaced,
 * never taken away), the code of an unpacked file that may be mapped
 * must not change: writes to it are refused. Before, nothing is.
 */
static bool ipe_policy_in_force(void)
{
	return rcu_access_pointer(ipe_active_policy);
}

/**
 * ipe_file_open() - the file_open hook
 * @file: a file being opened
 *
 * Remembers the inode @file is opened on, for ipe_data_inode(), and
 * takes boot_verified from an unpacked file opened for writing.
 *
 * Return: 0, or -ETXTBSY for an unpacked file whose code may be running.
 */
int ipe_file_open(struct file *file)
{
	ipe_file_opened(file);
	return ipe_initramfs_file_open(file, ipe_policy_in_force());
}

#ifdef CONFIG_IPE_PROP_BOOT_VERIFIED
/**
 * ipe_inode_setattr() - the inode_setattr hook
 * @dentry: the file whose attributes change
 * @attr: the change
 *
 * Takes boot_verified from an unpacked file whose size changes.
 *
 * Return: 0, or -ETXTBSY for an unpacked file whose code may be running.
 */
int ipe_inode_setattr(struct dentry *dentry, struct iattr *attr)
{
	return ipe_initramfs_inode_setattr(dentry, attr, ipe_policy_in_force());
}
#endif /* CONFIG_IPE_PROP_BOOT_VERIFIED */

/**
 * ipe_kernel_load_data() - decide whether the kernel may use a buffer
 * @id: what the kernel loads the data for
 * @contents: the data will be shown to security_kernel_post_load_data();
 *	not used, as for ipe_kernel_read_file()
 *
 * Data handed to the kernel without a file (init_module(), kexec_load(),
 * firmware through sysfs) is evaluated for the kernel-read op of @id
 * with every file property false: a rule requiring a property to be TRUE
 * never matches it. An id without an op is decided by the global DEFAULT,
 * as at ipe_kernel_read_file().
 *
 * Return: 0 to allow, -EACCES when the policy denies it in enforce mode.
 */
int ipe_kernel_load_data(enum kernel_load_data_id id, bool contents)
{
	return ipe_hook_eval(NULL, ipe_kernel_load_op(id),
			     IPE_HOOK_KERNEL_LOAD);
}
