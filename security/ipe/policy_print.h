/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE policy printing: rules and defaults in their policy spelling, as
 * audit records quote them, and whole policies, as polgen, ipectl and the
 * parser fuzzers print them back.
 */
#ifndef _IPE_POLICY_PRINT_H
#define _IPE_POLICY_PRINT_H

#include <linux/types.h>

#include "policy.h"

int ipe_rule_print(char *buf, size_t size, enum ipe_op op,
		   const struct ipe_rule *rule);
int ipe_default_print(char *buf, size_t size, enum ipe_op op,
		      enum ipe_action action);

/**
 * enum ipe_print_flags - how ipe_policy_print() prints
 * @IPE_PRINT_LINES: end each rule with " # line N", N being the line of
 *	the policy text the rule came from
 */
enum ipe_print_flags {
	IPE_PRINT_LINES = 1,
};

size_t ipe_policy_print(char *buf, size_t size,
			const struct ipe_parsed_policy *pol,
			unsigned int flags);

#endif /* _IPE_POLICY_PRINT_H */
