/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE policy printing: rules and defaults in their policy spelling, as
 * audit records quote them.
 */
#ifndef _IPE_POLICY_PRINT_H
#define _IPE_POLICY_PRINT_H

#include <linux/types.h>

#include "policy.h"

int ipe_rule_print(char *buf, size_t size, enum ipe_op op,
		   const struct ipe_rule *rule);
int ipe_default_print(char *buf, size_t size, enum ipe_op op,
		      enum ipe_action action);

#endif /* _IPE_POLICY_PRINT_H */
