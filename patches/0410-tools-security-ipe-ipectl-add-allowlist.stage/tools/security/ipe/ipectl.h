/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ipectl - manage IPE (Integrity Policy Enforcement) policies
 *
 * Declarations shared by the subcommands. The policy parser is the
 * kernel's own (security/ipe/), compiled for user space by
 * scripts/ipe/polgen/parser.c; see policy.h for what it returns.
 */
#ifndef _IPECTL_H
#define _IPECTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <linux/kernel.h>
#include <linux/types.h>

#include "policy.h"

/* exit statuses (see ipectl.8) */
#define IPECTL_EXIT_OK		0
#define IPECTL_EXIT_FAIL	1
#define IPECTL_EXIT_USAGE	2

#define IPECTL_DEFAULT_ROOT	"/sys/kernel/security/ipe"
#define IPECTL_DEFAULT_SYSCTL	"/proc/sys/ipe"

/* the kernel refuses larger signed policies (8 MiB); we read up to this */
#define IPECTL_MAX_FILE		(256UL << 20)

/* __printf() comes from the compat <linux/kernel.h> */
extern const char *ipectl_prog;
extern const char *ipectl_root;
extern const char *ipectl_sysctl_root;

/* getopt_long() values of --root and --sysctl-root */
#define IPECTL_OPT_ROOT		1000
#define IPECTL_OPT_SYSCTL_ROOT	1001

/* main.c */
bool ipectl_common_option(int opt, const char *arg);

/* util.c */
void ipectl_error(const char *fmt, ...) __printf(1, 2);
int ipectl_read_file(const char *path, char **buf, size_t *len);
int ipectl_read_small(const char *path, char *buf, size_t size);
int ipectl_write_all(int fd, const void *buf, size_t len);
void ipectl_json_str(FILE *f, const char *s);
void ipectl_json_strn(FILE *f, const char *s, size_t len);
const char *ipectl_errno_name(int err);
bool ipectl_is_stdin(const char *path);
const char *ipectl_display_name(const char *path);
size_t ipectl_fputs_esc(FILE *f, const char *s);
char *ipectl_escape(const char *s);

/**
 * struct ipectl_text - a policy text cut into lines, for locations
 * @text: the bytes (not NUL-terminated)
 * @len: number of bytes
 * @starts: offset of the first byte of each line; line N is @starts[N - 1]
 * @nlines: number of lines (a final line without newline counts)
 */
struct ipectl_text {
	const char *text;
	size_t len;
	size_t *starts;
	u32 nlines;
};

int ipectl_text_init(struct ipectl_text *t, const char *text, size_t len);
void ipectl_text_free(struct ipectl_text *t);
size_t ipectl_line_len(const struct ipectl_text *t, u32 line);
u32 ipectl_first_token_column(const struct ipectl_text *t, u32 line);
u32 ipectl_key_column(const struct ipectl_text *t, u32 line,
		      const char *key);
u32 ipectl_header_line(const struct ipectl_text *t);

/**
 * struct ipectl_diag - one error or warning about a policy text
 * @line: 1-based line, 0 when the message is about the whole text
 * @column: 1-based byte column, 0 when unknown
 * @error: an error (else a warning)
 * @seq: order of creation, to keep a stable order
 * @msg: the message, allocated
 */
struct ipectl_diag {
	u32 line;
	u32 column;
	bool error;
	unsigned int seq;
	char *msg;
};

/**
 * struct ipectl_diags - the diagnostics of one policy text
 * @d: array of @count entries
 * @count: number of entries
 * @cap: allocated entries
 * @errors: number of errors in @d
 * @warnings: number of warnings in @d
 */
struct ipectl_diags {
	struct ipectl_diag *d;
	size_t count;
	size_t cap;
	unsigned int errors;
	unsigned int warnings;
};

void ipectl_diag_add(struct ipectl_diags *ds, bool error, u32 line,
		     u32 column, const char *fmt, ...) __printf(5, 6);
void ipectl_diags_sort(struct ipectl_diags *ds);
void ipectl_diags_print(const struct ipectl_diags *ds, const char *name,
			bool werror, FILE *f);
void ipectl_diags_free(struct ipectl_diags *ds);

/* check.c */
struct ipe_parsed_policy *ipectl_check_text(const struct ipectl_text *t,
					    bool strict,
					    struct ipectl_diags *ds);
struct ipe_parsed_policy *ipectl_parse_quiet(const char *text, size_t len,
					     bool strict,
					     struct ipe_parse_error *err);
int ipectl_cmd_check(int argc, char **argv);

/* lint.c */
void ipectl_lint(const struct ipe_parsed_policy *pol,
		 const struct ipectl_text *t, struct ipectl_diags *ds);

/* sign.c, or sign_nossl.c in a build without OpenSSL (NO_OPENSSL=1) */
extern const bool ipectl_with_openssl;
int ipectl_cmd_sign(int argc, char **argv);

/* sha256.c */
#define IPECTL_SHA256_SIZE	32
#define IPECTL_SHA256_BLOCK	64

/**
 * struct ipectl_sha256 - the state of a SHA-256 digest
 * @h: the hash value so far
 * @bytes: number of bytes added
 * @buf: the bytes of an incomplete block, the first @bytes % 64
 */
struct ipectl_sha256 {
	u32 h[8];
	u64 bytes;
	u8 buf[IPECTL_SHA256_BLOCK];
};

void ipectl_sha256_init(struct ipectl_sha256 *ctx);
void ipectl_sha256_update(struct ipectl_sha256 *ctx, const void *data,
			  size_t len);
void ipectl_sha256_final(struct ipectl_sha256 *ctx,
			 u8 out[IPECTL_SHA256_SIZE]);
void ipectl_sha256(const void *data, size_t len, u8 out[IPECTL_SHA256_SIZE]);
void ipectl_sha256_hex(const void *buf, size_t len, char hex[65]);

/* pkcs7.c */
int ipectl_pkcs7_find_content(const void *blob, size_t len, const u8 **data,
			      size_t *data_len);
int ipectl_pkcs7_content(const char *blob, size_t len, char **text,
			 size_t *text_len);

/* deploy.c */
int ipectl_cmd_load(int argc, char **argv);
int ipectl_cmd_update(int argc, char **argv);
int ipectl_cmd_activate(int argc, char **argv);
int ipectl_cmd_delete(int argc, char **argv);
int ipectl_cmd_list(int argc, char **argv);
int ipectl_cmd_status(int argc, char **argv);
int ipectl_cmd_audit_policy(int argc, char **argv);

/* audit_log.c: the records of an audit log */
#define IPECTL_AUDIT_MAC_STATUS		1404
#define IPECTL_AUDIT_ACCESS		1420
#define IPECTL_AUDIT_CONFIG_CHANGE	1421
#define IPECTL_AUDIT_POLICY_LOAD	1422

#define IPECTL_AUDIT_MAX_FIELDS		32

/**
 * struct ipectl_audit_field - one key=value field of a record
 * @key: the name
 * @value: the value, unquoted and decoded from hex where the kernel may
 *	have logged it so: it may hold any byte but NUL
 */
struct ipectl_audit_field {
	char *key;
	char *value;
};

/**
 * struct ipectl_audit_rec - one IPE record
 * @type: %IPECTL_AUDIT_ACCESS, ...
 * @event: "TIME:SERIAL", from "audit(TIME:SERIAL)"
 * @nfields: the number of fields in @fields
 * @fields: the fields in log order (those past the first
 *	%IPECTL_AUDIT_MAX_FIELDS are dropped)
 */
struct ipectl_audit_rec {
	int type;
	char *event;
	size_t nfields;
	struct ipectl_audit_field fields[IPECTL_AUDIT_MAX_FIELDS];
};

bool ipectl_audit_parse_line(char *line, struct ipectl_audit_rec *r);
const char *ipectl_audit_get(const struct ipectl_audit_rec *r,
			     const char *key);
void ipectl_audit_rec_free(struct ipectl_audit_rec *r);
bool ipectl_audit_allowed(const struct ipectl_audit_rec *r);
bool ipectl_audit_role_change(const struct ipectl_audit_rec *r);
int ipectl_cmd_audit(int argc, char **argv);

/* resolve.c: what makes a denied file verifiable */

/* the longest digest ipectl reads (SHA-512), in bytes */
#define IPECTL_DIGEST_MAX	64

/**
 * struct ipectl_dm_verity - what IPE knows of a dm-verity device
 * @alg: the root hash algorithm, as the table names it ("sha256")
 * @root_hash: the root hash in hex, as the table shows it
 * @signed_hash: the table was set up with a root hash signature
 *	(root_hash_sig_key_desc), which dm-verity verified
 */
struct ipectl_dm_verity {
	char alg[32];
	char root_hash[2 * IPECTL_DIGEST_MAX + 1];
	bool signed_hash;
};

struct ipectl_dm_tables;

int ipectl_dm_tables_read(const char *file, struct ipectl_dm_tables **tables);
void ipectl_dm_tables_free(struct ipectl_dm_tables *tables);
int ipectl_dm_verity(const char *dev, const struct ipectl_dm_tables *saved,
		     bool offline, struct ipectl_dm_verity *v, char *why,
		     size_t whylen);
bool ipectl_file_now(const char *path, unsigned long ino, char *note,
		     size_t notelen);
int ipectl_fsverity_measure_fd(int fd, char alg[8],
			       char hex[2 * IPECTL_DIGEST_MAX + 1], char *why,
			       size_t whylen);
int ipectl_fsverity_measure(const char *path, unsigned long ino,
			    char alg[8], char hex[2 * IPECTL_DIGEST_MAX + 1],
			    char *why, size_t whylen);

/* suggest.c */

/**
 * struct ipectl_suggest_opts - what "ipectl audit --suggest" was asked
 * @file: the log, "-" for standard input
 * @policy: the policy whose denials to take (--policy), NULL for the
 *	active policy's
 * @dm_table: a saved device-mapper table listing (--dm-table), or NULL
 * @offline: look at nothing on this machine (--offline)
 */
struct ipectl_suggest_opts {
	const char *file;
	const char *policy;
	const char *dm_table;
	bool offline;
};

int ipectl_suggest(FILE *in, const struct ipectl_suggest_opts *o);

/* digests.c: the rules of ipectl allowlist */

/* "ALG:HEX" for the longest digest and algorithm name, with the NUL */
#define IPECTL_DIGEST_TEXT_SIZE	(sizeof("sha512:") + 2 * IPECTL_DIGEST_MAX)

/**
 * struct ipectl_digests - fs-verity digests, as a policy names them
 * @v: the digests, each "ALG:HEX" with HEX in lower case
 * @count: number of entries in @v
 * @cap: allocated entries
 */
struct ipectl_digests {
	char (*v)[IPECTL_DIGEST_TEXT_SIZE];
	size_t count;
	size_t cap;
};

/**
 * struct ipectl_allowlist_head - what an allowlist policy has besides its
 *	digest rules
 * @name: the policy_name
 * @version: the policy_version, as given
 * @boot_verified: allow execution of what comes from the initramfs too
 */
struct ipectl_allowlist_head {
	const char *name;
	const char *version;
	bool boot_verified;
};

int ipectl_digests_add(struct ipectl_digests *set, const char *alg,
		       const char *hex);
size_t ipectl_digests_sort(struct ipectl_digests *set);
void ipectl_digests_free(struct ipectl_digests *set);
char *ipectl_allowlist_header(const char *name, const char *version);
char *ipectl_allowlist_text(const struct ipectl_allowlist_head *h,
			    const struct ipectl_digests *set, size_t *len);

/* allowlist.c */
int ipectl_cmd_allowlist(int argc, char **argv);

#endif /* _IPECTL_H */
