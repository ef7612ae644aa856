// SPDX-License-Identifier: GPL-2.0
/*
 * IPE property registry: maps a policy key to its property type.
 */

#include <linux/kernel.h>
#include <linux/string.h>

#include "property.h"

static const struct ipe_prop_type *const ipe_prop_types[] = {
};

/**
 * ipe_prop_find() - look up the property type for a policy key
 * @key: the key as written in the policy; need not be NUL-terminated
 * @len: number of bytes in @key
 *
 * Keys are compared exactly (case-sensitive, full length).
 *
 * Return: the property type, or NULL when no property has that key.
 */
const struct ipe_prop_type *ipe_prop_find(const char *key, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ipe_prop_types); i++) {
		const char *k = ipe_prop_types[i]->key;

		if (strlen(k) == len && !memcmp(k, key, len))
			return ipe_prop_types[i];
	}
	return NULL;
}
