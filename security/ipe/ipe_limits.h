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

/*
 * The largest policy (signed blob or text) IPE accepts: 64 MiB, room for
 * the fs-verity digests of a whole OS image (200 000 SHA-256 rules are
 * about 22 MiB, as many SHA-512 ones 35 MiB). A 32-bit kernel takes 8
 * MiB: while a policy loads, its blob, a copy of the text and the tables
 * are all in a vmalloc space of about 120 MiB (i386). User space (polgen,
 * ipectl) knows the 64-bit figure.
 */
#if defined(CONFIG_64BIT) || !defined(__KERNEL__)
#define IPE_POLICY_MAX_SIZE	(64U << 20)
#else
#define IPE_POLICY_MAX_SIZE	(8U << 20)
#endif

/* more properties than any rule can hold: each key may appear once */
#define IPE_MAX_RULE_PROPS	16

/* the longest reason of a parse error, with its NUL */
#define IPE_PARSE_REASON_MAX	128

/* the longest digest a policy may carry, in bytes (HASH_MAX_DIGESTSIZE) */
#define IPE_DIGEST_MAX_LEN	64

/* the longest algorithm name, without its NUL (CRYPTO_MAX_ALG_NAME - 1) */
#define IPE_DIGEST_ALG_MAX	127

/*
 * The most skipped lines a lenient load names in the kernel log, one line
 * each; the rest are counted in one more line. User space (ipectl check)
 * reports every one.
 */
#ifdef __KERNEL__
#define IPE_LENIENT_LOG_MAX	10U
#else
#define IPE_LENIENT_LOG_MAX	(~0U)
#endif

#endif /* _IPE_LIMITS_H */
