/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE tests: the plain evaluator (eval_plain.c).
 */
#ifndef _IPE_EVAL_PLAIN_H
#define _IPE_EVAL_PLAIN_H

#include "eval.h"
#include "policy.h"

void ipe_eval_policy(const struct ipe_parsed_policy *pol,
		     const struct ipe_eval_ctx *ctx,
		     struct ipe_eval_result *res);

#endif /* _IPE_EVAL_PLAIN_H */
