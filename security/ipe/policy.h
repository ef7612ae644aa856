/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE policy representation: the parsed form the evaluator walks.
 */
#ifndef _IPE_POLICY_H
#define _IPE_POLICY_H

#include <linux/types.h>

#include "ipe_limits.h"

/**
 * enum ipe_op - operations a policy rule can apply to
 * @IPE_OP_EXECUTE: exec, and mmap/mprotect with PROT_EXEC
 * @IPE_OP_FIRMWARE: firmware read by the kernel
 * @IPE_OP_KMODULE: a kernel module loaded
 * @IPE_OP_KEXEC_IMAGE: the kernel image of a kexec
 * @IPE_OP_KEXEC_INITRAMFS: the initramfs of a kexec
 * @IPE_OP_POLICY: an IMA policy loaded from a file
 * @IPE_OP_X509_CERT: an IMA certificate read by the kernel
 * @IPE_OP_COUNT: number of ops, not an op
 *
 * KERNEL_READ in the policy text is a shorthand that expands to every op
 * from %IPE_OP_FIRMWARE to %IPE_OP_X509_CERT.
 */
enum ipe_op {
	IPE_OP_EXECUTE,
	IPE_OP_FIRMWARE,
	IPE_OP_KMODULE,
	IPE_OP_KEXEC_IMAGE,
	IPE_OP_KEXEC_INITRAMFS,
	IPE_OP_POLICY,
	IPE_OP_X509_CERT,
	IPE_OP_COUNT,
};

/**
 * enum ipe_action - what a matching rule or a default decides
 * @IPE_ACTION_NONE: no decision (an unset default)
 * @IPE_ACTION_ALLOW: the operation proceeds
 * @IPE_ACTION_DENY: the operation is refused (in enforce mode)
 */
enum ipe_action {
	IPE_ACTION_NONE,
	IPE_ACTION_ALLOW,
	IPE_ACTION_DENY,
};

struct ipe_prop_type;

/**
 * struct ipe_prop - one property condition of a rule
 * @type: the property kind, which knows how to match, print and free it
 * @value: the parsed value; its meaning belongs to @type
 */
struct ipe_prop {
	const struct ipe_prop_type *type;
	union {
		bool flag;
		void *data;
	} value;
};

/**
 * struct ipe_rule - one rule line of a policy, for one op
 * @props: property conditions; all must match (empty matches everything);
 *	allocated in the policy's arena
 * @prop_count: number of entries in @props
 * @action: the decision when every property matches
 * @line: the line of the policy text the rule came from (1-based)
 *
 * A KERNEL_READ rule is stored once per kernel-read op; the copies share
 * no property, so each op table has rules of its own.
 */
struct ipe_rule {
	struct ipe_prop *props;
	u16 prop_count;
	u8 action;
	u32 line;
};

/**
 * struct ipe_op_rules - the rules that apply to one op, in policy order
 * @rules: array of @count rules, evaluated first to last; exactly @count
 *	long once the policy is parsed
 * @count: number of rules
 * @default_action: the op's DEFAULT, or %IPE_ACTION_NONE
 */
struct ipe_op_rules {
	struct ipe_rule *rules;
	u32 count;
	u8 default_action;
};

/**
 * struct ipe_arena - memory for the properties of one policy's rules
 * @chunk: the chunk being filled, or NULL; each chunk starts with a
 *	pointer to the one filled before it
 * @used: bytes of @chunk handed out, its header included
 * @size: bytes in @chunk
 * @total: bytes of every chunk together, as allocated
 *
 * The property arrays of the rules and the values in them (digests) are
 * carved out of a few large chunks instead of being allocated one by one:
 * a digest rule then costs what it stores, not a slab object rounded up
 * to the next size, and a policy is freed chunk by chunk. Nothing in an
 * arena is freed on its own; it all goes with ipe_arena_release().
 */
struct ipe_arena {
	void *chunk;
	size_t used;
	size_t size;
	size_t total;
};

void *ipe_arena_alloc(struct ipe_arena *arena, size_t size);
void ipe_arena_release(struct ipe_arena *arena);

/**
 * struct ipe_parsed_policy - a policy text turned into evaluation tables
 * @name: the policy_name, NUL-terminated
 * @version: policy_version as major, minor, revision
 * @global_default: the global DEFAULT, or %IPE_ACTION_NONE
 * @ops: one rule table per op
 * @arena: the property arrays of all rules and their values
 */
struct ipe_parsed_policy {
	char *name;
	u16 version[3];
	u8 global_default;
	struct ipe_op_rules ops[IPE_OP_COUNT];
	struct ipe_arena arena;
};

/**
 * struct ipe_parse_error - where and why a policy text was refused
 * @line: the 1-based line of the first fatal error (0: not line-bound)
 * @column: the 1-based byte column on @line of the offending token (0
 *	when @line is 0)
 * @reason: a human-readable reason; points to @buf
 * @buf: the text of @reason
 */
struct ipe_parse_error {
	u32 line;
	u32 column;
	const char *reason;
	char buf[IPE_PARSE_REASON_MAX];
};

struct ipe_parsed_policy *ipe_parse_policy(const char *text, size_t len,
					   bool strict,
					   struct ipe_parse_error *err);
void ipe_free_parsed_policy(struct ipe_parsed_policy *pol);

const char *ipe_op_name(enum ipe_op op);
const char *ipe_action_name(enum ipe_action action);

#endif /* _IPE_POLICY_H */
