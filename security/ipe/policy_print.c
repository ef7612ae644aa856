// SPDX-License-Identifier: GPL-2.0
/*
 * IPE policy printing: a rule, a default or a whole parsed policy back in
 * policy syntax.
 *
 * The kernel prints rules and defaults for its audit records. polgen,
 * ipectl and the user-space parser fuzzer compile this file too (see
 * scripts/ipe/polgen/parser.c) and print whole policies with it.
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

/*
 * A whole policy is printed back only in user space (polgen -v, ipectl
 * check --dump, the fuzzer) and by the KUnit suites; a production kernel
 * does without.
 */
#if !defined(__KERNEL__) || IS_ENABLED(CONFIG_SECURITY_IPE_KUNIT_TEST)

/**
 * ipe_policy_print() - print a parsed policy back as a policy text
 * @buf: output buffer (may be NULL when @size is 0)
 * @size: size of @buf
 * @pol: the policy
 * @flags: &enum ipe_print_flags
 *
 * Prints the header line, policy_name quoted, then the global DEFAULT and,
 * op by op, the op's DEFAULT and its rules in evaluation order, one a
 * line, each line ending in a newline. The text parses to the same tables.
 * Like snprintf(), the output is truncated to @size - 1 bytes and always
 * NUL-terminated when @size is not 0.
 *
 * Return: the length the full text needs, without the NUL.
 */
size_t ipe_policy_print(char *buf, size_t size,
			const struct ipe_parsed_policy *pol,
			unsigned int flags)
{
	size_t pos;
	int op;
	u32 i;

	pos = snprintf(buf, size,
		       "policy_name=\"%s\" policy_version=%u.%u.%u\n",
		       pol->name, pol->version[0], pol->version[1],
		       pol->version[2]);
	if (pol->global_default != IPE_ACTION_NONE) {
		pos += ipe_default_print(ipe_at(buf, size, pos),
					 ipe_room(size, pos), IPE_OP_COUNT,
					 pol->global_default);
		pos += snprintf(ipe_at(buf, size, pos), ipe_room(size, pos),
				"\n");
	}
	for (op = 0; op < IPE_OP_COUNT; op++) {
		const struct ipe_op_rules *t = &pol->ops[op];

		if (t->default_action != IPE_ACTION_NONE) {
			pos += ipe_default_print(ipe_at(buf, size, pos),
						 ipe_room(size, pos), op,
						 t->default_action);
			pos += snprintf(ipe_at(buf, size, pos),
					ipe_room(size, pos), "\n");
		}
		for (i = 0; i < t->count; i++) {
			const struct ipe_rule *rule = &t->rules[i];

			pos += ipe_rule_print(ipe_at(buf, size, pos),
					      ipe_room(size, pos), op, rule);
			if (flags & IPE_PRINT_LINES)
				pos += snprintf(ipe_at(buf, size, pos),
						ipe_room(size, pos),
						" # line %u", rule->line);
			pos += snprintf(ipe_at(buf, size, pos),
					ipe_room(size, pos), "\n");
		}
	}
	return pos;
}

#endif
