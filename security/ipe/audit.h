/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE audit records: 1420 access, 1421 configuration, 1422 policy load.
 */
#ifndef _IPE_AUDIT_H
#define _IPE_AUDIT_H

#include <linux/types.h>

struct ipe_eval_ctx;
struct ipe_eval_result;
struct ipe_policy;

void ipe_audit_access(const struct ipe_eval_ctx *ctx,
		      const struct ipe_eval_result *res, bool enforcing);

/**
 * enum ipe_policy_event - what happened to a policy (record 1422)
 * @IPE_POLICY_LOADED: loaded through new_policy (op=LOAD)
 * @IPE_POLICY_UPDATED: replaced in place through raw or update (op=UPDATE)
 * @IPE_POLICY_DELETED: deleted (op=DELETE)
 */
enum ipe_policy_event {
	IPE_POLICY_LOADED,
	IPE_POLICY_UPDATED,
	IPE_POLICY_DELETED,
};

void ipe_audit_policy(enum ipe_policy_event event,
		      const struct ipe_policy *pol,
		      const struct ipe_policy *old);
void ipe_audit_activate(const struct ipe_policy *old,
			const struct ipe_policy *new);
void ipe_audit_setting(const char *name, bool old, bool new);

#endif /* _IPE_AUDIT_H */
