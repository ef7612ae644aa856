/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE property types: each trust property is one small file that fills
 * in a struct ipe_prop_type and is listed in props.c.
 */
#ifndef _IPE_PROPERTY_H
#define _IPE_PROPERTY_H

#include <linux/kconfig.h>
#include <linux/types.h>

#include "policy.h"

struct ipe_eval_ctx;

/**
 * struct ipe_prop_type - how one policy key is parsed, matched and printed
 * @key: the key as written in a policy, e.g. "boot_verified"
 * @kconfig: the name of the Kconfig option that builds the property
 * @built: whether that option is set; a policy naming a property that is
 *	not built is refused (strict parsing) or the rule skipped (lenient)
 * @parse: turn @value (NUL-terminated, unquoted) into @prop->value;
 *	returns 0, -ENOMEM, or the error code of the policy it is refused
 *	with (-EBADMSG, -EINVAL for bad hex as mainline), having written the
 *	reason into @why (@why_len bytes) unless the generic "bad property
 *	value" is what it means
 * @match: true when the event described by @ctx has the property
 * @print: write "key=value" into @buf like snprintf(); returns the length
 *	the full text needs
 * @free: release what @parse allocated (may be NULL)
 */
struct ipe_prop_type {
	const char *key;
	const char *kconfig;
	bool built;
	int (*parse)(const char *value, struct ipe_prop *prop, char *why,
		     size_t why_len);
	bool (*match)(const struct ipe_prop *prop,
		      const struct ipe_eval_ctx *ctx);
	int (*print)(char *buf, size_t size, const struct ipe_prop *prop);
	void (*free)(struct ipe_prop *prop);
};

/*
 * IPE_PROP_KCONFIG(CONFIG_X) fills in &ipe_prop_type.kconfig and .built:
 * each property names its option once.
 */
#define IPE_PROP_KCONFIG(CONFIG_OPT)				\
	.kconfig = #CONFIG_OPT, .built = IS_ENABLED(CONFIG_OPT)

/**
 * struct ipe_digest - a digest value as written in a policy
 * @alg: the algorithm name ("sha256"), or NULL when the policy gave a
 *	bare hex digest (RFC form), which matches any algorithm
 * @len: number of bytes in @bytes
 * @bytes: the digest itself
 */
struct ipe_digest {
	const char *alg;
	u16 len;
	u8 bytes[];
};

const struct ipe_prop_type *ipe_prop_find(const char *key, size_t len);

int ipe_parse_bool_value(const char *value, bool *out);
int ipe_prop_bool_parse(const char *value, struct ipe_prop *prop, char *why,
			size_t why_len);
int ipe_prop_bool_print(char *buf, size_t size, const struct ipe_prop *prop);

struct ipe_digest *ipe_digest_parse(const char *value, char *why,
				    size_t why_len);
bool ipe_hash_alg_available(const char *name);
u32 ipe_digest_key(const u8 *bytes, size_t len);
bool ipe_digest_equal(const struct ipe_digest *want, const char *alg,
		      const u8 *bytes, size_t len);
int ipe_digest_print(char *buf, size_t size, const char *key,
		     const struct ipe_digest *d);

extern const struct ipe_prop_type ipe_prop_boot_verified;
extern const struct ipe_prop_type ipe_prop_dmverity_roothash;
extern const struct ipe_prop_type ipe_prop_dmverity_signature;
extern const struct ipe_prop_type ipe_prop_fsverity_digest;
extern const struct ipe_prop_type ipe_prop_fsverity_signature;

#endif /* _IPE_PROPERTY_H */
