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

/* the kernel refuses larger signed policies (8 MiB); we read up to this */
#define IPECTL_MAX_FILE		(256UL << 20)

/* __printf() comes from the compat <linux/kernel.h> */
extern const char *ipectl_prog;

/* util.c */
void ipectl_error(const char *fmt, ...) __printf(1, 2);
int ipectl_read_file(const char *path, char **buf, size_t *len);
bool ipectl_is_stdin(const char *path);
const char *ipectl_display_name(const char *path);

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

#endif /* _IPECTL_H */
