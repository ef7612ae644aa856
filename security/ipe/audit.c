// SPDX-License-Identifier: GPL-2.0
/*
 * IPE audit records: AUDIT_IPE_ACCESS (1420) for decisions,
 * AUDIT_IPE_CONFIG_CHANGE (1421) for activations and setting changes,
 * AUDIT_IPE_POLICY_LOAD (1422) for policy loads, updates and deletions.
 *
 * Every record ends "auid=... ses=... lsm=ipe res=0|1". Strings that come
 * from outside the kernel (comm, path, device name, policy names) go
 * through audit_log_untrustedstring(): quoted, or in hex when they hold a
 * space, a quote or a non-printable byte.
 */

#include <linux/audit.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>
#include <crypto/sha2.h>

#include "ipe.h"
#include "audit.h"
#include "eval.h"
#include "policy.h"
#include "policy_store.h"

static const char *const ipe_hook_names[IPE_HOOK_COUNT] = {
	[IPE_HOOK_BPRM_CHECK] = "BPRM_CHECK",
	[IPE_HOOK_MMAP] = "MMAP",
	[IPE_HOOK_MPROTECT] = "MPROTECT",
	[IPE_HOOK_KERNEL_READ] = "KERNEL_READ",
	[IPE_HOOK_KERNEL_LOAD] = "KERNEL_LOAD",
};

static const char *const ipe_policy_event_names[] = {
	[IPE_POLICY_LOADED] = "LOAD",
	[IPE_POLICY_UPDATED] = "UPDATE",
	[IPE_POLICY_DELETED] = "DELETE",
};

static const char *ipe_hook_name(enum ipe_hook hook)
{
	if ((unsigned int)hook >= IPE_HOOK_COUNT)
		return "UNKNOWN";
	return ipe_hook_names[hook];
}

static const char *ipe_policy_event_name(enum ipe_policy_event event)
{
	if ((unsigned int)event >= ARRAY_SIZE(ipe_policy_event_names))
		return "UNKNOWN";
	return ipe_policy_event_names[event];
}

/* the fields every IPE record ends with */
static void ipe_audit_tail(struct audit_buffer *ab, bool success)
{
	audit_log_format(ab, " auid=%u ses=%u lsm=ipe res=%d",
			 from_kuid(&init_user_ns, audit_get_loginuid(current)),
			 audit_get_sessionid(current), success ? 1 : 0);
}

/*
 * A rule as the policy printer spells it is printable ASCII separated by
 * single spaces and holds no double quote (policy values cannot contain
 * one), so it is logged quoted, as the policy line it is. The untrusted
 * string helper would log every rule in hex for its spaces. Should a
 * property ever print something else, the text is logged in hex instead.
 */
static void ipe_audit_rule_text(struct audit_buffer *ab, const char *text,
				size_t len)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i;

	for (i = 0; i < len; i++) {
		if (p[i] == '"' || p[i] < 0x20 || p[i] > 0x7e) {
			audit_log_n_hex(ab, p, len);
			return;
		}
	}
	audit_log_format(ab, "\"%s\"", text);
}

static void ipe_audit_rule(struct audit_buffer *ab,
			   const struct ipe_eval_result *res)
{
	char *text;
	int len;

	audit_log_format(ab, " rule=");
	/* the policy was going away: its rule may no longer be read */
	if (res->match == IPE_MATCH_RULE && !res->rule) {
		audit_log_format(ab, "?");
		return;
	}

	len = ipe_eval_result_print(NULL, 0, res);
	text = kmalloc(len + 1, GFP_KERNEL);
	if (!text) {
		audit_log_format(ab, "?");
		return;
	}
	ipe_eval_result_print(text, len + 1, res);
	ipe_audit_rule_text(ab, text, len);
	kfree(text);
}

/**
 * ipe_audit_access() - log an AUDIT_IPE_ACCESS record for a decision
 * @ctx: the event
 * @res: the decision; when it is a rule match, @res->rule must stay valid
 *	for the duration of the call (or be NULL, logged as rule=?)
 * @enforcing: the current mode (0: permissive, the operation proceeds)
 *
 * Logs "ipe_op=OP ipe_hook=HOOK enforcing=0|1 pid=N comm=C", then for an
 * event with a file "path=P dev=D ino=N", then "rule=R" (the rule or the
 * DEFAULT that decided, or "IMPLICIT action=ALLOW") and the common tail.
 * res is 1 when the policy allowed the event and 0 when it denied it, in
 * permissive mode too.
 *
 * Context: process context, may sleep (allocates with GFP_KERNEL). Must
 * not be called inside an RCU read section.
 */
void ipe_audit_access(const struct ipe_eval_ctx *ctx,
		      const struct ipe_eval_result *res, bool enforcing)
{
	char comm[TASK_COMM_LEN];
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_IPE_ACCESS);
	if (!ab)
		return;

	audit_log_format(ab, "ipe_op=%s ipe_hook=%s enforcing=%d pid=%d comm=",
			 ipe_op_name(res->op), ipe_hook_name(ctx->hook),
			 enforcing ? 1 : 0, task_tgid_nr(current));
	audit_log_untrustedstring(ab, get_task_comm(comm, current));

	if (ctx->file) {
		const struct inode *inode = file_inode(ctx->file);

		audit_log_d_path(ab, " path=", &ctx->file->f_path);
		audit_log_format(ab, " dev=");
		audit_log_untrustedstring(ab, inode->i_sb->s_id);
		audit_log_format(ab, " ino=%lu", inode->i_ino);
	}

	ipe_audit_rule(ab, res);
	ipe_audit_tail(ab, res->action != IPE_ACTION_DENY);
	audit_log_end(ab);
}

/* " PFXFIELD=sha256:HEX", the digest of the policy text */
static void ipe_audit_digest(struct audit_buffer *ab, const char *pfx,
			     const char *field, const struct ipe_policy *pol)
{
	char hex[2 * SHA256_DIGEST_SIZE + 1];

	*bin2hex(hex, pol->digest, sizeof(pol->digest)) = '\0';
	audit_log_format(ab, " %s%s=sha256:%s", pfx, field, hex);
}

/* " PFXFIELD=MAJOR.MINOR.REV" */
static void ipe_audit_version(struct audit_buffer *ab, const char *pfx,
			      const char *field, const struct ipe_policy *pol)
{
	const u16 *v = pol->parsed->version;

	audit_log_format(ab, " %s%s=%u.%u.%u", pfx, field, v[0], v[1], v[2]);
}

/**
 * ipe_audit_policy() - log an AUDIT_IPE_POLICY_LOAD record
 * @event: what happened to the policy: logged as op=LOAD, UPDATE, DELETE
 * @pol: the policy loaded, the new version of an update, or the policy
 *	deleted
 * @old: for %IPE_POLICY_UPDATED, the version replaced (may be NULL);
 *	ignored for the other events
 *
 * Logs "op=EV policy_name=N policy_version=A.B.C policy_digest=sha256:H",
 * for an update with @old followed by "old_policy_version=A.B.C
 * old_policy_digest=sha256:H", and the common tail with res=1.
 *
 * Context: process context, may sleep.
 */
void ipe_audit_policy(enum ipe_policy_event event,
		      const struct ipe_policy *pol,
		      const struct ipe_policy *old)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL,
			     AUDIT_IPE_POLICY_LOAD);
	if (!ab)
		return;

	audit_log_format(ab, "op=%s policy_name=",
			 ipe_policy_event_name(event));
	audit_log_untrustedstring(ab, pol->parsed->name);
	ipe_audit_version(ab, "", "policy_version", pol);
	ipe_audit_digest(ab, "", "policy_digest", pol);
	if (event == IPE_POLICY_UPDATED && old) {
		ipe_audit_version(ab, "old_", "policy_version", old);
		ipe_audit_digest(ab, "old_", "policy_digest", old);
	}
	ipe_audit_tail(ab, true);
	audit_log_end(ab);
}

/* name, version and digest of one side of an activation; @pfx: "old_" */
static void ipe_audit_active(struct audit_buffer *ab, const char *pfx,
			     const struct ipe_policy *pol)
{
	if (!pol) {
		audit_log_format(ab,
				 " %sactive_pol_name=? %sactive_pol_version=? %spolicy_digest=?",
				 pfx, pfx, pfx);
		return;
	}

	audit_log_format(ab, " %sactive_pol_name=", pfx);
	audit_log_untrustedstring(ab, pol->parsed->name);
	ipe_audit_version(ab, pfx, "active_pol_version", pol);
	ipe_audit_digest(ab, pfx, "policy_digest", pol);
}

/**
 * ipe_audit_activate() - log an AUDIT_IPE_CONFIG_CHANGE activation record
 * @old: the policy active until now, or NULL when none was
 * @new: the policy made active (NULL is logged like a missing @old)
 *
 * Logs "op=ACTIVATE", then name, version and digest of @old and of @new as
 * old_active_pol_name=, old_active_pol_version=, old_policy_digest= and
 * the same with new_, each "?" for a missing policy, and the common tail
 * with res=1.
 *
 * Context: process context, may sleep.
 */
void ipe_audit_activate(const struct ipe_policy *old,
			const struct ipe_policy *new)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL,
			     AUDIT_IPE_CONFIG_CHANGE);
	if (!ab)
		return;

	audit_log_format(ab, "op=ACTIVATE");
	ipe_audit_active(ab, "old_", old);
	ipe_audit_active(ab, "new_", new);
	ipe_audit_tail(ab, true);
	audit_log_end(ab);
}

/**
 * ipe_audit_setting() - log an AUDIT_IPE_CONFIG_CHANGE setting record
 * @name: the setting, "enforce" or "success_audit"; a constant of the
 *	kernel, logged as is
 * @old: the value before the change
 * @new: the value after it
 *
 * Logs "op=SET NAME=new old_NAME=old" and the common tail with res=1.
 *
 * Context: process context, may sleep.
 */
void ipe_audit_setting(const char *name, bool old, bool new)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL,
			     AUDIT_IPE_CONFIG_CHANGE);
	if (!ab)
		return;

	audit_log_format(ab, "op=SET %s=%d old_%s=%d", name, new ? 1 : 0,
			 name, old ? 1 : 0);
	ipe_audit_tail(ab, true);
	audit_log_end(ab);
}
