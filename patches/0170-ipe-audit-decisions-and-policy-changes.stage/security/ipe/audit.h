/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE audit records, with mainline's types, fields and field order:
 * 1420 access, 1421 activation, 1422 policy load, 1404 enforce switch.
 */
#ifndef _IPE_AUDIT_H
#define _IPE_AUDIT_H

#include <linux/types.h>

struct ipe_eval_ctx;
struct ipe_eval_result;
struct ipe_policy;

int ipe_eval_result_print(char *buf, size_t size,
			  const struct ipe_eval_result *res);
void ipe_audit_access(const struct ipe_eval_ctx *ctx,
		      const struct ipe_eval_result *res, bool enforcing);
void ipe_audit_policy_load(const struct ipe_policy *pol);
void ipe_audit_policy_load_failed(int err);
void ipe_audit_policy_delete(const struct ipe_policy *pol);
void ipe_audit_activate(const struct ipe_policy *old,
			const struct ipe_policy *new);
void ipe_audit_enforce(bool new_enforce, bool old_enforce);

#endif /* _IPE_AUDIT_H */
