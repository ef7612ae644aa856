/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every size limit of IPE, in one place. The parser's limits are also
 * those of its user-space builds (polgen, ipectl, the fuzzer), so this
 * header includes nothing.
 *
 * It is not named limits.h: the user-space builds put this directory on
 * their include path, where it would hide the C library's <limits.h>.
 */
#ifndef _IPE_LIMITS_H
#define _IPE_LIMITS_H

/* the longest policy name, in bytes, without a NUL */
#define IPE_NAME_MAX		255

/* the most bytes a write naming a policy may have: a name and a newline */
#define IPE_NAME_WRITE_MAX	(IPE_NAME_MAX + 1)

/* a buffer for a policy name and its NUL */
#define IPE_NAME_SIZE		(IPE_NAME_MAX + 1)

/* a buffer for a policy name as a file shows it: a newline and a NUL */
#define IPE_NAME_LINE_SIZE	(IPE_NAME_MAX + 2)

/* the largest policy (signed blob or text) IPE accepts: 8 MiB */
#define IPE_POLICY_MAX_SIZE	(8U << 20)

/* more properties than any rule can hold: each key may appear once */
#define IPE_MAX_RULE_PROPS	16

/* the longest reason of a parse error, with its NUL */
#define IPE_PARSE_REASON_MAX	128

/* the longest digest a policy may carry, in bytes (HASH_MAX_DIGESTSIZE) */
#define IPE_DIGEST_MAX_LEN	64

/* the longest algorithm name, without its NUL (CRYPTO_MAX_ALG_NAME - 1) */
#define IPE_DIGEST_ALG_MAX	127

#endif /* _IPE_LIMITS_H */
