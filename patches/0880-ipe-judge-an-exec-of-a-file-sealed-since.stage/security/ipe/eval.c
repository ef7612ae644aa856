// SPDX-License-Identifier: GPL-2.0
/*
 * IPE evaluation: decide one event against a policy.
 *
 * The hot path takes no lock and neither sleeps nor allocates: the
 * policy's tables are walked in place, inside the RCU read section in
 * which the hooks read the policy.
 */

#include <linux/compiler.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/string.h>

#include "ipe.h"
#include "audit.h"
#include "bdev.h"
#include "blobs.h"
#include "eval.h"
#include "fsverity.h"
#include "initramfs.h"
#include "policy.h"
#include "policy_index.h"
#include "policy_store.h"
#include "property.h"

/**
 * ipe_rule_matches() - tell whether every property of a rule matches
 * @rule: the rule
 * @ctx: the event
 *
 * Return: true when all properties of @rule hold for @ctx.
 */
bool ipe_rule_matches(const struct ipe_rule *rule,
		      const struct ipe_eval_ctx *ctx)
{
	u16 i;

	for (i = 0; i < rule->prop_count; i++) {
		const struct ipe_prop *prop = &rule->props[i];

		if (!prop->type->match(prop, ctx))
			return false;
	}
	return true;
}

/**
 * ipe_eval_finish() - fill in a decision once the rule walk is done
 * @pol: the policy
 * @ctx: the event
 * @rule: the first matching rule, or NULL when none matched
 * @res: receives the decision: the rule's action, else the op's DEFAULT,
 *	else the global DEFAULT, else an implicit ALLOW
 */
void ipe_eval_finish(const struct ipe_parsed_policy *pol,
		     const struct ipe_eval_ctx *ctx,
		     const struct ipe_rule *rule,
		     struct ipe_eval_result *res)
{
	res->op = ctx->op;
	res->rule = rule;
	res->pol = NULL;

	if (rule) {
		res->action = rule->action;
		res->match = IPE_MATCH_RULE;
		return;
	}
	if ((unsigned int)ctx->op < IPE_OP_COUNT &&
	    pol->ops[ctx->op].default_action != IPE_ACTION_NONE) {
		res->action = pol->ops[ctx->op].default_action;
		res->match = IPE_MATCH_OP_DEFAULT;
		return;
	}
	if (pol->global_default != IPE_ACTION_NONE) {
		res->action = pol->global_default;
		res->match = IPE_MATCH_GLOBAL_DEFAULT;
		return;
	}
	res->action = IPE_ACTION_ALLOW;
	res->match = IPE_MATCH_NONE;
}

/*
 * The key of the file's digest of one kind, made when the facts were;
 * false when the file has no such digest.
 */
static bool ipe_ctx_key(const struct ipe_eval_ctx *ctx,
			enum ipe_index_kind kind, u32 *key)
{
	switch (kind) {
	case IPE_INDEX_DMV_ROOTHASH:
		if (!ctx->bdev || !ctx->bdev->dmv_root_hash)
			return false;
		*key = ctx->bdev->dmv_root_hash_key;
		return true;
	case IPE_INDEX_FSV_DIGEST:
		if (!ctx->fsv_alg)
			return false;
		*key = ctx->fsv_digest_key;
		return true;
	case IPE_INDEX_KINDS:
		break;
	}
	return false;
}

/**
 * struct ipe_cursor - the rules of the file's digest of one kind
 * @next: next slot to look at
 * @end: one past the table's last slot
 * @hash: the hash of the file's digest; rules of other hashes are skipped
 * @home: the home slot of @hash
 * @mask: the table's home slot mask
 */
struct ipe_cursor {
	const struct ipe_index_slot *next;
	const struct ipe_index_slot *end;
	u32 hash;
	u32 home;
	u32 mask;
};

/*
 * The next rule of @c, or U32_MAX when there is none. The slots from the
 * home slot on hold, in a row, the rules of earlier home slots that
 * spilled there, then the rules of this home slot, then of later ones,
 * until a free slot: the walk stops at the first rule of a later home.
 */
static u32 ipe_cursor_peek(struct ipe_cursor *c)
{
	for (; c->next < c->end; c->next++) {
		u32 home = c->next->hash & c->mask;

		if (c->next->rule == IPE_INDEX_NO_RULE || home > c->home)
			break;
		if (c->next->hash == c->hash)
			return c->next->rule;
	}
	c->next = c->end;
	return U32_MAX;
}

/**
 * ipe_eval_indexed() - evaluate a policy through its index
 * @pol: the policy
 * @idx: its index, from ipe_index_build()
 * @ctx: the event
 * @res: receives the decision
 *
 * The first rule of the op, in policy order, whose properties all match
 * decides (a rule without properties matches every event). When none
 * matches, the op's DEFAULT decides, else the global DEFAULT, else the
 * event is allowed (%IPE_MATCH_NONE). An op outside the tables has no
 * rules and no op DEFAULT, so only the global DEFAULT can decide it.
 * @res->pol is set to NULL; the caller fills it in when it holds a
 * reference on the policy.
 *
 * Context: any context; takes no lock, does not sleep or allocate.
 */
void ipe_eval_indexed(const struct ipe_parsed_policy *pol,
		      const struct ipe_policy_index *idx,
		      const struct ipe_eval_ctx *ctx,
		      struct ipe_eval_result *res)
{
	struct ipe_cursor cur[IPE_INDEX_KINDS] = {};
	const struct ipe_op_rules *rules;
	const struct ipe_op_index *oi;
	u32 p = 0;
	int k;

	if ((unsigned int)ctx->op >= IPE_OP_COUNT) {
		ipe_eval_finish(pol, ctx, NULL, res);
		return;
	}
	rules = &pol->ops[ctx->op];
	oi = &idx->ops[ctx->op];

	for (k = 0; k < IPE_INDEX_KINDS; k++) {
		const struct ipe_index_table *t = &oi->tables[k];

		if (!t->slots || !ipe_ctx_key(ctx, k, &cur[k].hash))
			continue;
		cur[k].mask = t->mask;
		cur[k].home = cur[k].hash & t->mask;
		cur[k].next = &t->slots[cur[k].home];
		cur[k].end = &t->slots[t->nslots];
	}

	for (;;) {
		u32 best = p < oi->plain_count ? oi->plain[p] : U32_MAX;
		int from = -1;

		for (k = 0; k < IPE_INDEX_KINDS; k++) {
			u32 r = ipe_cursor_peek(&cur[k]);

			if (r < best) {
				best = r;
				from = k;
			}
		}
		if (best == U32_MAX)
			break;
		if (from < 0)
			p++;
		else
			cur[from].next++;
		if (ipe_rule_matches(&rules->rules[best], ctx)) {
			ipe_eval_finish(pol, ctx, &rules->rules[best], res);
			return;
		}
	}
	ipe_eval_finish(pol, ctx, NULL, res);
}

/**
 * ipe_file_opened() - remember which inode a file is opened on
 * @file: a file being opened, before its filesystem's open method runs
 *
 * For an overlayfs file that is the real inode behind it at this moment:
 * the lower one until the file is copied up, the upper one after.
 *
 * Context: the file_open hook; does not sleep or allocate.
 */
void ipe_file_opened(struct file *file)
{
	struct ipe_file *f = ipe_file(file);

	f->data = d_real_inode(file->f_path.dentry);
	f->sealed = f->data && IS_VERITY(f->data);
}

/**
 * ipe_file_sealed_since_open() - tell whether fs-verity was enabled on a
 *	file after it was opened
 * @file: an open file
 *
 * What was read through @file before the enable ended was not verified,
 * whatever fs-verity vouches for now.
 *
 * Return: true when the inode @file was opened on has fs-verity enabled
 * and did not have it at the open.
 */
bool ipe_file_sealed_since_open(const struct file *file)
{
	const struct ipe_file *f = ipe_file(file);

	return f->data && !f->sealed && IS_VERITY(f->data);
}

/*
 * The inode whose data a reader of @file gets, or NULL when that cannot
 * be told. For a file whose dentry is its own, the inode it was opened
 * on, as long as that is still the real inode behind the dentry (a file
 * made without an open, such as a memfd, has none and no facts): for an
 * overlayfs file, the real inode, lower until a copy-up, upper after.
 * Overlayfs reads and maps the real file it opened right after the
 * file_open hook, and keeps mapping that one after a copy-up; a file
 * whose real inode changed since the hook (a copy-up that raced with the
 * open, or came later) may be mapping the lower file while its dentry
 * names the upper one, so neither inode's facts describe it.
 *
 * The real file overlayfs opened is installed in a mapping in place of
 * the overlay file (its path is the overlay's, its inode the real one),
 * so the file_mprotect hook sees it: its own inode is then the answer.
 */
static struct inode *ipe_data_inode(const struct file *file)
{
	struct dentry *dentry = file->f_path.dentry;
	struct inode *real;

	if (file_inode(file) != d_inode(dentry))
		return file_inode(file);
	real = d_real_inode(dentry);
	return real == ipe_file(file)->data ? real : NULL;
}

/**
 * ipe_file_data_moved() - tell whether a file's data inode has changed
 * @file: an open file
 *
 * Return: true when @file was opened on an inode that no longer serves
 * its data (an overlayfs file copied up since the open), so that what
 * was read from it may come from either inode.
 */
bool ipe_file_data_moved(const struct file *file)
{
	struct inode *opened = ipe_file(file)->data;

	return opened && !ipe_data_inode(file);
}

/**
 * ipe_file_data_may_move() - tell whether a file's data may come from
 *	another inode before a read of it ends
 * @file: an open file
 *
 * Return: true for a file opened through overlayfs, whose data an inode
 * of another filesystem holds until a copy-up, which may come at any
 * time, moves it to the upper one (also for a file copied up already:
 * with metacopy only its metadata may have been); and for a file whose
 * data inode cannot be told at all.
 */
bool ipe_file_data_may_move(const struct file *file)
{
	return ipe_data_inode(file) != file_inode(file);
}

/*
 * Fill in what IPE knows about the data of @file for the trust
 * properties: whether it was unpacked from the initramfs at boot and not
 * written since (@ctx->initramfs, for boot_verified), and its fs-verity
 * digest and signature fact (for fsverity_digest and fsverity_signature).
 * Called only with a file; it must not sleep or allocate, as the facts
 * are read on every evaluation.
 *
 * The block device facts (@ctx->bdev, for dmverity_roothash and
 * dmverity_signature) are RCU-protected and change when a dm-verity table
 * is swapped, so ipe_evaluate_event() looks them up inside its read
 * section; here @ctx->bdev stays NULL.
 */
static void ipe_ctx_file_facts(struct ipe_eval_ctx *ctx,
			       const struct file *file)
{
	struct inode *inode = ipe_data_inode(file);

	if (!inode)
		return;
	/*
	 * Only a regular file's data is what was unpacked or verified where
	 * it is stored. A device node on a dm-verity volume, or unpacked
	 * from the initramfs, maps whatever its device holds: it has none of
	 * the facts.
	 */
	if (!S_ISREG(inode->i_mode))
		return;
	ctx->inode = inode;
	ctx->initramfs = ipe_inode_on_initramfs(inode,
						ctx->op == IPE_OP_EXECUTE);
	ipe_ctx_fsverity(ctx, inode);
}

/**
 * ipe_build_eval_ctx() - describe an event for evaluation
 * @ctx: the context to fill; it is zeroed first
 * @file: the file involved, or NULL for anonymous memory or data the
 *	kernel was handed without a file
 * @facts: gather the facts about @file's data; false for a file whose
 *	data nothing vouches for, which is then judged, and audited, as a
 *	file with every property false
 * @op: the operation
 * @hook: the hook that observed it
 *
 * Without a file, every file property of the event is false.
 */
void ipe_build_eval_ctx(struct ipe_eval_ctx *ctx, const struct file *file,
			bool facts, enum ipe_op op, enum ipe_hook hook)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->op = op;
	ctx->hook = hook;
	ctx->file = file;
	if (file && facts)
		ipe_ctx_file_facts(ctx, file);
}

/*
 * Decide @ev against @pol into @res. The decision must be audited when it
 * is a denial, or any decision with @success_audit.
 *
 * Return: whether the decision must be audited.
 */
static bool ipe_decide(const struct ipe_policy *pol,
		       const struct ipe_eval_ctx *ev, bool success_audit,
		       struct ipe_eval_result *res)
{
	ipe_eval_indexed(pol->parsed, pol->index, ev, res);
	return res->action == IPE_ACTION_DENY || success_audit;
}

/**
 * ipe_judge() - decide an event against the active and the audit policy
 * @pol: the active policy, or NULL when none is active
 * @audit_pol: the audit policy, or NULL when there is none
 * @ev: the event, its block device facts filled in
 * @success_audit: allowed events are audited too
 * @v: receives both decisions, which of them to audit, and the outcome
 *
 * Only the active policy decides the outcome: @v->deny is true when it
 * denies. Without it the event is allowed, whatever the audit policy
 * decides. The decisions name no policy (their @pol is NULL): a caller
 * that audits them sets it once it holds a reference on the policy, or
 * clears the rule, which belongs to the policy, when it cannot.
 *
 * Context: the caller keeps @pol and @audit_pol alive, usually by the RCU
 * read section it read them in; takes no lock, does not sleep or
 * allocate.
 */
void ipe_judge(const struct ipe_policy *pol,
	       const struct ipe_policy *audit_pol,
	       const struct ipe_eval_ctx *ev, bool success_audit,
	       struct ipe_verdict *v)
{
	v->rec = false;
	v->audit_rec = false;
	v->deny = false;
	if (pol) {
		v->rec = ipe_decide(pol, ev, success_audit, &v->res);
		v->deny = v->res.action == IPE_ACTION_DENY;
	}
	if (unlikely(audit_pol))
		v->audit_rec = ipe_decide(audit_pol, ev, success_audit,
					  &v->audit_res);
}

/**
 * ipe_verdict_audit() - log the decisions ipe_judge() asked to audit
 * @ctx: the event
 * @v: the verdict; the policies its decisions name must still be held
 * @enforce: the current mode, for the records
 *
 * The active policy's record comes first, then the audit policy's.
 *
 * Context: process context, may sleep; outside any RCU read section.
 */
void ipe_verdict_audit(const struct ipe_eval_ctx *ctx,
		       const struct ipe_verdict *v, bool enforce)
{
	if (v->rec)
		ipe_audit_access(ctx, &v->res, enforce, false);
	if (v->audit_rec)
		ipe_audit_access(ctx, &v->audit_res, enforce, true);
}
