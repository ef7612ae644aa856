// SPDX-License-Identifier: GPL-2.0
/*
 * IPE boolean property values: the parse and print functions shared by
 * boot_verified, dmverity_signature and fsverity_signature.
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "property.h"

/**
 * ipe_parse_bool_value() - parse a boolean property value
 * @value: NUL-terminated value, "TRUE" or "FALSE" (case-sensitive)
 * @out: receives the value on success; untouched on error
 *
 * Return: 0 on success, -EINVAL for any other spelling.
 */
int ipe_parse_bool_value(const char *value, bool *out)
{
	if (!strcmp(value, "TRUE")) {
		*out = true;
		return 0;
	}
	if (!strcmp(value, "FALSE")) {
		*out = false;
		return 0;
	}
	return -EINVAL;
}

/**
 * ipe_prop_bool_parse() - &ipe_prop_type.parse for boolean properties
 * @value: NUL-terminated value, "TRUE" or "FALSE"
 * @prop: receives the flag in @prop->value.flag
 * @why: receives the reason of a refusal
 * @why_len: size of @why
 *
 * Return: 0 on success, -EBADMSG for a malformed value (mainline's error:
 * no property token matches).
 */
int ipe_prop_bool_parse(const char *value, struct ipe_prop *prop, char *why,
			size_t why_len)
{
	if (!ipe_parse_bool_value(value, &prop->value.flag))
		return 0;
	snprintf(why, why_len, "%s must be TRUE or FALSE", prop->type->key);
	return -EBADMSG;
}

/**
 * ipe_prop_bool_print() - &ipe_prop_type.print for boolean properties
 * @buf: output buffer (may be NULL when @size is 0)
 * @size: size of @buf
 * @prop: the property, printed as "key=TRUE" or "key=FALSE"
 *
 * Return: the length the full text needs, like snprintf().
 */
int ipe_prop_bool_print(char *buf, size_t size, const struct ipe_prop *prop)
{
	return snprintf(buf, size, "%s=%s", prop->type->key,
			prop->value.flag ? "TRUE" : "FALSE");
}
