// SPDX-License-Identifier: GPL-2.0
/*
 * IPE policy printing: a rule or a default back in policy syntax.
 */

#include <linux/kernel.h>

#include "policy.h"
#include "policy_print.h"
#include "property.h"

/* where the text continues after @pos bytes; NULL once @buf is full */
static char *ipe_at(char *buf, size_t size, size_t pos)
{
	return pos < size ? buf + pos : NULL;
}

static size_t ipe_room(size_t size, size_t pos)
{
	return pos < size ? size - pos : 0;
}

/**
 * ipe_rule_print() - print a rule as a policy line
 * @buf: output buffer (may be NULL when @size is 0)
 * @size: size of @buf
 * @op: the op whose table holds @rule
 * @rule: the rule
 *
 * Prints "op=OP prop=value... action=ACTION", properties in policy order.
 * Like snprintf(), the output is truncated to @size - 1 bytes and always
 * NUL-terminated when @size is not 0.
 *
 * Return: the length the full text needs, without the NUL.
 */
int ipe_rule_print(char *buf, size_t size, enum ipe_op op,
		   const struct ipe_rule *rule)
{
	size_t pos;
	u16 i;

	pos = snprintf(buf, size, "op=%s", ipe_op_name(op));
	for (i = 0; i < rule->prop_count; i++) {
		const struct ipe_prop *prop = &rule->props[i];

		pos += snprintf(ipe_at(buf, size, pos), ipe_room(size, pos),
				" ");
		pos += prop->type->print(ipe_at(buf, size, pos),
					 ipe_room(size, pos), prop);
	}
	pos += snprintf(ipe_at(buf, size, pos), ipe_room(size, pos),
			" action=%s", ipe_action_name(rule->action));
	return pos;
}

/**
 * ipe_default_print() - print a DEFAULT as a policy line
 * @buf: output buffer (may be NULL when @size is 0)
 * @size: size of @buf
 * @op: the op of a per-op default, or %IPE_OP_COUNT for the global one
 * @action: the default action
 *
 * Prints "DEFAULT op=OP action=ACTION" or "DEFAULT action=ACTION", with
 * snprintf() semantics.
 *
 * Return: the length the full text needs, without the NUL.
 */
int ipe_default_print(char *buf, size_t size, enum ipe_op op,
		      enum ipe_action action)
{
	if (op == IPE_OP_COUNT)
		return snprintf(buf, size, "DEFAULT action=%s",
				ipe_action_name(action));
	return snprintf(buf, size, "DEFAULT op=%s action=%s", ipe_op_name(op),
			ipe_action_name(action));
}
