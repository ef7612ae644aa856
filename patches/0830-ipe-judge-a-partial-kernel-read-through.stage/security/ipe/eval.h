/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE evaluation: the facts about one event and the decision taken.
 */
#ifndef _IPE_EVAL_H
#define _IPE_EVAL_H

#include <linux/types.h>

#include "policy.h"

struct file;

/**
 * enum ipe_hook - the LSM hook an evaluation came from (for audit)
 * @IPE_HOOK_BPRM_CHECK: bprm_check_security, an exec
 * @IPE_HOOK_BPRM_CREDS_FOR_EXEC: bprm_creds_for_exec, an exec check
 *	(execveat(2) with AT_EXECVE_CHECK)
 * @IPE_HOOK_MMAP: mmap_file, an executable mapping
 * @IPE_HOOK_MPROTECT: file_mprotect, a mapping made executable
 * @IPE_HOOK_USERFAULTFD: userfaultfd_register, an executable file mapping
 *	whose missing pages a userfaultfd would fill
 * @IPE_HOOK_BRK: vm_anon_exec, a heap grown executable (READ_IMPLIES_EXEC)
 * @IPE_HOOK_STACK: vm_anon_exec, the executable stack of a new program
 * @IPE_HOOK_KERNEL_READ: kernel_read_file, a file the kernel reads
 * @IPE_HOOK_KERNEL_LOAD: kernel_load_data, a buffer handed to the kernel
 * @IPE_HOOK_COUNT: number of hooks
 */
enum ipe_hook {
	IPE_HOOK_BPRM_CHECK,
	IPE_HOOK_BPRM_CREDS_FOR_EXEC,
	IPE_HOOK_MMAP,
	IPE_HOOK_MPROTECT,
	IPE_HOOK_USERFAULTFD,
	IPE_HOOK_BRK,
	IPE_HOOK_STACK,
	IPE_HOOK_KERNEL_READ,
	IPE_HOOK_KERNEL_LOAD,
	IPE_HOOK_COUNT,
};

/**
 * struct ipe_bdev_facts - integrity facts a block driver handed to IPE
 * @dmv_signed: dm-verity verified a root-hash signature for the device
 * @dmv_alg: the hash algorithm of @dmv_root_hash, or NULL when unset
 * @dmv_root_hash: the dm-verity root hash, or NULL when unset
 * @dmv_root_hash_len: bytes in @dmv_root_hash
 * @dmv_root_hash_key: ipe_digest_key() of @dmv_root_hash, computed once when
 *	the facts are made, so that the rule index does not hash the digest
 *	again on every evaluation
 *
 * Set the root hash with ipe_bdev_facts_set_root_hash(), which keeps
 * @dmv_root_hash_key in step with it.
 */
struct ipe_bdev_facts {
	bool dmv_signed;
	const char *dmv_alg;
	const u8 *dmv_root_hash;
	size_t dmv_root_hash_len;
	u32 dmv_root_hash_key;
};

/**
 * struct ipe_eval_ctx - everything the rules may look at for one event
 * @op: the operation being evaluated
 * @hook: the hook that observed it
 * @file: the file involved, or NULL (anonymous memory, kernel_load_data)
 * @inode: the inode that holds @file's data, which the facts below are
 *	about: @file's own, or for an overlayfs file the real one; NULL
 *	when that is not a regular file (a device node has no facts)
 * @initramfs: @inode was unpacked from the initramfs at boot and not
 *	written since
 * @bdev: facts about @inode's block device, or NULL
 * @fsv_alg: the hash algorithm of @file's fs-verity digest, or NULL when
 *	@file has none (no fs-verity, or fs-verity facts not built)
 * @fsv_digest: @file's fs-verity digest, when @fsv_alg is set
 * @fsv_digest_len: bytes in @fsv_digest
 * @fsv_digest_key: ipe_digest_key() of @fsv_digest, for the rule index
 * @fsv_signed: fs-verity verified @file's built-in signature
 */
struct ipe_eval_ctx {
	enum ipe_op op;
	enum ipe_hook hook;
	const struct file *file;
	struct inode *inode;
	bool initramfs;
	const struct ipe_bdev_facts *bdev;
	const char *fsv_alg;
	u8 fsv_digest[64];
	u8 fsv_digest_len;
	u32 fsv_digest_key;
	bool fsv_signed;
};

struct ipe_policy;
struct ipe_policy_index;
struct ipe_rule;

/**
 * enum ipe_match - what decided an evaluation
 * @IPE_MATCH_RULE: a rule of the op's table matched
 * @IPE_MATCH_OP_DEFAULT: no rule matched; the op's DEFAULT decided
 * @IPE_MATCH_GLOBAL_DEFAULT: no rule matched and the op has no DEFAULT;
 *	the global DEFAULT decided
 * @IPE_MATCH_NONE: nothing matched and no DEFAULT applies: the operation
 *	is allowed implicitly
 */
enum ipe_match {
	IPE_MATCH_RULE,
	IPE_MATCH_OP_DEFAULT,
	IPE_MATCH_GLOBAL_DEFAULT,
	IPE_MATCH_NONE,
};

/**
 * struct ipe_eval_result - the decision for one event and its reason
 * @action: %IPE_ACTION_ALLOW or %IPE_ACTION_DENY
 * @match: an &enum ipe_match, what decided
 * @op: the op that was evaluated
 * @rule: the matching rule for %IPE_MATCH_RULE, else NULL; it points into
 *	the policy, so it is only valid while the policy is
 * @pol: the policy that decided, when the caller holds a reference on it
 *	(to audit the decision); NULL otherwise
 */
struct ipe_eval_result {
	u8 action;
	u8 match;
	enum ipe_op op;
	const struct ipe_rule *rule;
	const struct ipe_policy *pol;
};

/**
 * struct ipe_verdict - the decisions of the active and the audit policy
 *	on one event
 * @res: the active policy's decision, when @pol of ipe_judge() was set
 * @audit_res: the audit policy's decision, when @audit_pol was set
 * @rec: @res must be audited
 * @audit_rec: @audit_res must be audited
 * @deny: the active policy denies the event: the only decision that
 *	counts
 */
struct ipe_verdict {
	struct ipe_eval_result res;
	struct ipe_eval_result audit_res;
	bool rec;
	bool audit_rec;
	bool deny;
};

bool ipe_rule_matches(const struct ipe_rule *rule,
		      const struct ipe_eval_ctx *ctx);
void ipe_eval_finish(const struct ipe_parsed_policy *pol,
		     const struct ipe_eval_ctx *ctx,
		     const struct ipe_rule *rule,
		     struct ipe_eval_result *res);
void ipe_eval_indexed(const struct ipe_parsed_policy *pol,
		      const struct ipe_policy_index *idx,
		      const struct ipe_eval_ctx *ctx,
		      struct ipe_eval_result *res);
void ipe_file_opened(struct file *file);
bool ipe_file_data_moved(const struct file *file);
bool ipe_file_data_may_move(const struct file *file);
void ipe_build_eval_ctx(struct ipe_eval_ctx *ctx, const struct file *file,
			bool facts, enum ipe_op op, enum ipe_hook hook);
void ipe_judge(const struct ipe_policy *pol,
	       const struct ipe_policy *audit_pol,
	       const struct ipe_eval_ctx *ev, bool success_audit,
	       struct ipe_verdict *v);
void ipe_verdict_audit(const struct ipe_eval_ctx *ctx,
		       const struct ipe_verdict *v, bool enforce);

#endif /* _IPE_EVAL_H */
