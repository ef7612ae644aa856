// SPDX-License-Identifier: GPL-2.0
/*
 * IPE tests: the plain evaluator, a walk of every rule of the op in
 * policy order. IPE itself always evaluates through the rule index
 * (ipe_eval_indexed()); the tests and the benchmark check the index
 * against this walk and time one against the other.
 */

#include "eval.h"
#include "policy.h"
#include "eval_plain.h"

/**
 * ipe_eval_policy() - decide an event against a parsed policy
 * @pol: the policy tables
 * @ctx: the event
 * @res: receives the decision
 *
 * The rules of @ctx->op are tried in policy order and the first one all of
 * whose properties match decides (a rule without properties matches every
 * event). When none matches, the op's DEFAULT decides, else the global
 * DEFAULT, else the event is allowed (%IPE_MATCH_NONE). An op outside the
 * tables has no rules and no op DEFAULT, so only the global DEFAULT can
 * decide it.
 *
 * This walks every rule of the op: it is the reference that
 * ipe_eval_indexed() must agree with. It only reads @pol and @ctx: it does
 * not allocate, lock or sleep. @res->pol is set to NULL.
 */
void ipe_eval_policy(const struct ipe_parsed_policy *pol,
		     const struct ipe_eval_ctx *ctx,
		     struct ipe_eval_result *res)
{
	const struct ipe_op_rules *table;
	u32 i;

	if ((unsigned int)ctx->op < IPE_OP_COUNT) {
		table = &pol->ops[ctx->op];
		for (i = 0; i < table->count; i++) {
			if (ipe_rule_matches(&table->rules[i], ctx)) {
				ipe_eval_finish(pol, ctx, &table->rules[i], res);
				return;
			}
		}
	}
	ipe_eval_finish(pol, ctx, NULL, res);
}
