// SPDX-License-Identifier: GPL-2.0
/*
 * IPE audit records, field for field and in the order of mainline IPE, so
 * that one set of ausearch queries and SIEM rules reads both kernels:
 *
 *   1420 AUDIT_IPE_ACCESS         a decision
 *   1421 AUDIT_IPE_CONFIG_CHANGE  an activation, and, ours only, a change
 *                                 of the audit policy
 *   1422 AUDIT_IPE_POLICY_LOAD    a load or update, failed ones too (errno=),
 *                                 and, ours only, a deletion (op=DELETE)
 *   1404 AUDIT_MAC_STATUS         an enforce switch
 *
 * Strings that come from outside the kernel (comm, path, device name,
 * policy names) go through audit_log_untrustedstring(): quoted, or in hex
 * when they hold a space, a quote or a non-printable byte. Policy digests
 * are sha256 over the signed PKCS#7 blob as written, in upper-case hex as
 * audit_log_n_hex() writes them.
 */

#include <linux/audit.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>

#include "ipe.h"
#include "audit.h"
#include "eval.h"
#include "policy.h"
#include "policy_print.h"
#include "policy_store.h"

static const char *const ipe_hook_names[IPE_HOOK_COUNT] = {
	[IPE_HOOK_BPRM_CHECK] = "BPRM_CHECK",
	[IPE_HOOK_BPRM_CREDS_FOR_EXEC] = "BPRM_CREDS_FOR_EXEC",
	[IPE_HOOK_MMAP] = "MMAP",
	[IPE_HOOK_MPROTECT] = "MPROTECT",
	[IPE_HOOK_USERFAULTFD] = "USERFAULTFD",
	[IPE_HOOK_BRK] = "BRK",
	[IPE_HOOK_STACK] = "STACK",
	[IPE_HOOK_KERNEL_READ] = "KERNEL_READ",
	[IPE_HOOK_KERNEL_LOAD] = "KERNEL_LOAD",
};

static const char *ipe_hook_name(enum ipe_hook hook)
{
	if ((unsigned int)hook >= IPE_HOOK_COUNT)
		return "UNKNOWN";
	return ipe_hook_names[hook];
}

/* " auid=N ses=N lsm=ipe res=0|1", how 1421 and 1422 records end */
static void ipe_audit_tail(struct audit_buffer *ab, bool success)
{
	audit_log_format(ab, " auid=%u ses=%u lsm=ipe res=%d",
			 from_kuid(&init_user_ns, audit_get_loginuid(current)),
			 audit_get_sessionid(current), success ? 1 : 0);
}

/**
 * ipe_eval_result_print() - print what decided an evaluation
 * @buf: output buffer (may be NULL when @size is 0)
 * @size: size of @buf
 * @res: the decision; for %IPE_MATCH_RULE, @res->rule must still be valid
 *
 * Prints the text of the rule= field of an access record: the matching
 * rule as a policy line ("op=EXECUTE boot_verified=TRUE action=ALLOW"),
 * the DEFAULT that decided ("DEFAULT op=EXECUTE action=DENY" or
 * "DEFAULT action=DENY"), or, as mainline prints it, "DEFAULT
 * action=ALLOW" when nothing in the policy applied (an op outside the
 * tables under a policy without a global DEFAULT). A rule match whose
 * rule is no longer known (NULL) prints "?". Like snprintf(), the output
 * is truncated to @size - 1 bytes and always NUL-terminated when @size is
 * not 0.
 *
 * Return: the length the full text needs, without the NUL.
 */
int ipe_eval_result_print(char *buf, size_t size,
			  const struct ipe_eval_result *res)
{
	switch (res->match) {
	case IPE_MATCH_RULE:
		if (!res->rule)
			break;
		return ipe_rule_print(buf, size, res->op, res->rule);
	case IPE_MATCH_OP_DEFAULT:
		return ipe_default_print(buf, size, res->op, res->action);
	case IPE_MATCH_GLOBAL_DEFAULT:
		return ipe_default_print(buf, size, IPE_OP_COUNT, res->action);
	case IPE_MATCH_NONE:
		return snprintf(buf, size, "DEFAULT action=%s",
				ipe_action_name(res->action));
	}
	return snprintf(buf, size, "?");
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
 * @audit_role: @res is the audit policy's decision, not the active one's
 *
 * Logs "ipe_op=OP ipe_hook=HOOK enforcing=0|1 pid=N comm=C path=P dev=D
 * ino=N rule=R", mainline's fields in mainline's order and nothing more:
 * the auid and session are in the SYSCALL record of the same event, and
 * whether the event was allowed is the action the rule field ends with.
 * An event without a file (an anonymous mapping, a kernel load from a
 * buffer) has "path=? dev=? ino=?". R is the rule or the DEFAULT that
 * decided, as a policy line.
 *
 * The audit policy's decision (@audit_role) has one more field at the end,
 * audit_policy=NAME, the policy that decided (? when it is no longer
 * known); enforcing= is the system's mode there too. Its rule says what
 * the audit policy would have decided: the outcome was the active
 * policy's.
 *
 * Context: process context, may sleep (allocates with GFP_KERNEL). Must
 * not be called inside an RCU read section.
 */
void ipe_audit_access(const struct ipe_eval_ctx *ctx,
		      const struct ipe_eval_result *res, bool enforcing,
		      bool audit_role)
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
	} else {
		audit_log_format(ab, " path=? dev=? ino=?");
	}

	ipe_audit_rule(ab, res);
	if (audit_role) {
		audit_log_format(ab, " audit_policy=");
		if (res->pol)
			audit_log_untrustedstring(ab, res->pol->parsed->name);
		else
			audit_log_format(ab, "?");
	}
	audit_log_end(ab);
}

/*
 * "PFXROLE_pol_name=N PFXROLE_pol_version=A.B.C PFXpolicy_digest=sha256:H"
 * for one side of a change of role (@pfx "old_" or "new_", @role "active"
 * or "audit"), each field "?" without a policy. @sep goes first: "" for
 * the record's first field, " " after another.
 */
static void ipe_audit_side(struct audit_buffer *ab, const char *sep,
			   const char *pfx, const char *role,
			   const struct ipe_policy *pol)
{
	const u16 *v;

	if (!pol) {
		audit_log_format(ab,
				 "%s%s%s_pol_name=? %s%s_pol_version=? %spolicy_digest=?",
				 sep, pfx, role, pfx, role, pfx);
		return;
	}

	v = pol->parsed->version;
	audit_log_format(ab, "%s%s%s_pol_name=", sep, pfx, role);
	audit_log_untrustedstring(ab, pol->parsed->name);
	audit_log_format(ab, " %s%s_pol_version=%u.%u.%u %spolicy_digest=sha256:",
			 pfx, role, v[0], v[1], v[2], pfx);
	audit_log_n_hex(ab, pol->digest, sizeof(pol->digest));
}

/* a 1421 record: the policy of @role changes from @old to @new */
static void ipe_audit_config_change(const char *role,
				    const struct ipe_policy *old,
				    const struct ipe_policy *new)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL,
			     AUDIT_IPE_CONFIG_CHANGE);
	if (!ab)
		return;

	ipe_audit_side(ab, "", "old_", role, old);
	ipe_audit_side(ab, " ", "new_", role, new);
	ipe_audit_tail(ab, true);
	audit_log_end(ab);
}

/* a 1422 record: @pol loaded or deleted (@err 0), or a failure (@pol NULL) */
static void ipe_audit_load_record(const struct ipe_policy *pol, int err,
				  bool deleted)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL,
			     AUDIT_IPE_POLICY_LOAD);
	if (!ab)
		return;

	/* the first field carries no leading space */
	audit_log_format(ab, "policy_name=");
	if (pol) {
		audit_log_untrustedstring(ab, pol->parsed->name);
		audit_log_format(ab, " policy_version=%u.%u.%u policy_digest=sha256:",
				 pol->parsed->version[0],
				 pol->parsed->version[1],
				 pol->parsed->version[2]);
		audit_log_n_hex(ab, pol->digest, sizeof(pol->digest));
	} else {
		audit_log_format(ab, "? policy_version=? policy_digest=?");
	}
	ipe_audit_tail(ab, !err);
	audit_log_format(ab, " errno=%d", err);
	if (deleted)
		audit_log_format(ab, " op=DELETE");
	audit_log_end(ab);
}

/**
 * ipe_audit_policy_load() - log an AUDIT_IPE_POLICY_LOAD record for a
 *	policy loaded or updated
 * @pol: the policy loaded through new_policy, or the new version an update
 *	installed
 *
 * Logs "policy_name=N policy_version=A.B.C policy_digest=sha256:H auid=N
 * ses=N lsm=ipe res=1 errno=0". A load and an update look alike, as in
 * mainline; an update of the active policy is followed by an activation
 * record (ipe_audit_activate()).
 *
 * Context: process context, may sleep.
 */
void ipe_audit_policy_load(const struct ipe_policy *pol)
{
	ipe_audit_load_record(pol, 0, false);
}

/**
 * ipe_audit_policy_load_failed() - log an AUDIT_IPE_POLICY_LOAD record for
 *	a load or update that failed
 * @err: the negative error code the writer gets
 *
 * Logs "policy_name=? policy_version=? policy_digest=? auid=N ses=N
 * lsm=ipe res=0 errno=ERR", as mainline since 6.16.
 *
 * Context: process context, may sleep.
 */
void ipe_audit_policy_load_failed(int err)
{
	ipe_audit_load_record(NULL, err, false);
}

/**
 * ipe_audit_policy_delete() - log an AUDIT_IPE_POLICY_LOAD record for a
 *	deleted policy
 * @pol: the policy deleted
 *
 * Mainline logs nothing for a deletion. This record has the fields of a
 * load record and ends with "op=DELETE", so a rule that counts loads can
 * leave it out.
 *
 * Context: process context, may sleep.
 */
void ipe_audit_policy_delete(const struct ipe_policy *pol)
{
	ipe_audit_load_record(pol, 0, true);
}

/**
 * ipe_audit_activate() - log an AUDIT_IPE_CONFIG_CHANGE record for an
 *	activation
 * @old: the policy active until now, or NULL when none was
 * @new: the policy made active
 *
 * Logs "old_active_pol_name=N old_active_pol_version=A.B.C
 * old_policy_digest=sha256:H new_active_pol_name=N new_active_pol_version=
 * A.B.C new_policy_digest=sha256:H auid=N ses=N lsm=ipe res=1", the three
 * old_ fields "?" when no policy was active.
 *
 * Context: process context, may sleep.
 */
void ipe_audit_activate(const struct ipe_policy *old,
			const struct ipe_policy *new)
{
	ipe_audit_config_change("active", old, new);
}

/**
 * ipe_audit_role_change() - log an AUDIT_IPE_CONFIG_CHANGE record for a
 *	change of the audit policy
 * @old: the audit policy until now, or NULL when there was none
 * @new: the audit policy from now on, or NULL when there is none
 *
 * Not in mainline, which has no audit policy. The record has the fields of
 * an activation record with "audit" in place of "active":
 * "old_audit_pol_name=N old_audit_pol_version=A.B.C old_policy_digest=
 * sha256:H new_audit_pol_name=N new_audit_pol_version=A.B.C
 * new_policy_digest=sha256:H auid=N ses=N lsm=ipe res=1", one side "?"
 * when the role is given or cleared, so that a rule that follows
 * activations does not take it for one.
 *
 * Context: process context, may sleep.
 */
void ipe_audit_role_change(const struct ipe_policy *old,
			   const struct ipe_policy *new)
{
	ipe_audit_config_change("audit", old, new);
}

/**
 * ipe_audit_enforce() - log an AUDIT_MAC_STATUS record for an enforce
 *	switch
 * @new_enforce: the mode set
 * @old_enforce: the mode before
 *
 * Logs one record, "enforcing=N old_enforcing=N auid=N ses=N enabled=1
 * old-enabled=1 lsm=ipe res=1", the fields SELinux and mainline IPE give
 * this type.
 *
 * Context: process context, may sleep.
 */
void ipe_audit_enforce(bool new_enforce, bool old_enforce)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_MAC_STATUS);
	if (!ab)
		return;

	audit_log_format(ab, "enforcing=%d old_enforcing=%d",
			 new_enforce ? 1 : 0, old_enforce ? 1 : 0);
	audit_log_format(ab, " auid=%u ses=%u enabled=1 old-enabled=1 lsm=ipe res=1",
			 from_kuid(&init_user_ns, audit_get_loginuid(current)),
			 audit_get_sessionid(current));
	audit_log_end(ab);
}
