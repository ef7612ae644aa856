// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl check: parse policies with the kernel's own parser and report
 * every error and warning, compiler style.
 *
 * The verdict is the parser's: a text is refused exactly when the kernel
 * would refuse it in the same mode, and the first error printed is the
 * line, column and reason the kernel would log. The kernel stops at the
 * first error; to find the others the text is parsed again in lenient
 * mode, where the parser skips a malformed line with a warning and goes
 * on. Those warnings are collected (through the compat printk hook) and,
 * in strict mode, are errors. An error that stays fatal in lenient mode
 * (a duplicate DEFAULT, a NUL byte) is reported, its line blanked out in
 * a copy of the text and the copy parsed again, until the copy parses or
 * the error is in the header, where going on would only report noise.
 */

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/err.h>
#include <linux/printk.h>

#include "ipectl.h"
#include "policy_print.h"

/* passes over a text with fatal errors, so also the most of those */
#define IPECTL_MAX_FATAL	100

/* the header of the text a single line is parsed in, to find its column */
#define IPECTL_PROBE_HEADER	"policy_name=ipectl policy_version=0.0.0\n"

/* a line the parser skipped in lenient mode */
struct ipectl_skip {
	u32 line;
	char *reason;
};

/* what the printk hook collects during one ipe_parse_policy() call */
static struct {
	bool collect;
	struct ipectl_skip *v;
	size_t count;
	size_t cap;
} ipectl_skips;

static void ipectl_skips_reset(void)
{
	size_t i;

	for (i = 0; i < ipectl_skips.count; i++)
		free(ipectl_skips.v[i].reason);
	free(ipectl_skips.v);
	memset(&ipectl_skips, 0, sizeof(ipectl_skips));
}

static void ipectl_skip_add(u32 line, const char *reason)
{
	struct ipectl_skip *v;
	size_t n = ipectl_skips.count;

	/* a later pass reports the lines an earlier pass reported */
	if (n && ipectl_skips.v[n - 1].line >= line)
		return;
	if (n == ipectl_skips.cap) {
		size_t cap = n ? 2 * n : 16;

		v = realloc(ipectl_skips.v, cap * sizeof(*v));
		if (!v)
			return;
		ipectl_skips.v = v;
		ipectl_skips.cap = cap;
	}
	ipectl_skips.v[n].reason = strdup(reason);
	if (!ipectl_skips.v[n].reason)
		return;
	ipectl_skips.v[n].line = line;
	ipectl_skips.count++;
}

/*
 * The parser's messages: "policy line N ignored: REASON" is collected;
 * anything else is passed on.
 */
static void ipectl_printk_hook(const char *level, const char *fmt,
			       va_list ap)
{
	unsigned int line;
	char msg[1024];
	int off = 0;
	size_t n;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	n = strlen(msg);
	if (n && msg[n - 1] == '\n')
		msg[n - 1] = '\0';
	if (sscanf(msg, "ipe: policy line %u ignored: %n", &line, &off) == 1 &&
	    off > 0) {
		if (ipectl_skips.collect)
			ipectl_skip_add(line, msg + off);
		return;
	}
	fprintf(stderr, "%s: %s: %s\n", ipectl_prog, level, msg);
}

static struct ipe_parsed_policy *ipectl_parse(const char *text, size_t len,
					      bool strict, bool collect,
					      struct ipe_parse_error *err)
{
	struct ipe_parsed_policy *pol;

	compat_printk_hook = ipectl_printk_hook;
	ipectl_skips.collect = collect;
	pol = ipe_parse_policy(text, len, strict, err);
	ipectl_skips.collect = false;
	compat_printk_hook = NULL;
	return pol;
}

/**
 * ipectl_parse_quiet() - the kernel's parser, without its messages
 * @text: the policy text
 * @len: its length
 * @strict: strict mode
 * @err: as for ipe_parse_policy()
 *
 * Return: as ipe_parse_policy().
 */
struct ipe_parsed_policy *ipectl_parse_quiet(const char *text, size_t len,
					     bool strict,
					     struct ipe_parse_error *err)
{
	return ipectl_parse(text, len, strict, false, err);
}

/*
 * The column of the error of a skipped line: the line alone, after a
 * header, in strict mode; line-local errors do not depend on the rest.
 */
static u32 ipectl_probe_column(const struct ipectl_text *t, u32 line,
			       const char *reason)
{
	size_t hlen = strlen(IPECTL_PROBE_HEADER);
	size_t n = ipectl_line_len(t, line);
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	u32 column = 0;
	char *buf;

	if (!line || line > t->nlines)
		return 0;
	buf = malloc(hlen + n);
	if (!buf)
		return ipectl_first_token_column(t, line);
	memcpy(buf, IPECTL_PROBE_HEADER, hlen);
	memcpy(buf + hlen, t->text + t->starts[line - 1], n);
	pol = ipectl_parse_quiet(buf, hlen + n, true, &err);
	if (!IS_ERR(pol))
		ipe_free_parsed_policy(pol);
	else if (err.line == 2 && err.reason && !strcmp(err.reason, reason))
		column = err.column;
	free(buf);
	return column ? column : ipectl_first_token_column(t, line);
}

static void ipectl_report_skips(const struct ipectl_text *t, bool strict,
				struct ipectl_diags *ds)
{
	size_t i;

	for (i = 0; i < ipectl_skips.count; i++) {
		const struct ipectl_skip *s = &ipectl_skips.v[i];
		u32 column = ipectl_probe_column(t, s->line, s->reason);

		if (strict)
			ipectl_diag_add(ds, true, s->line, column, "%s",
					s->reason);
		else
			ipectl_diag_add(ds, false, s->line, column,
					"line ignored (lenient parsing): %s",
					s->reason);
	}
}

/*
 * A text the kernel refuses: find the errors after the first. An error
 * about the whole text (a missing DEFAULT) that only shows once bad lines
 * are skipped goes into @late, to be reported after the line errors.
 */
static void ipectl_all_errors(const struct ipectl_text *t, bool strict,
			      const struct ipe_parse_error *first,
			      struct ipectl_diags *ds, char *late,
			      size_t late_size)
{
	u32 header = ipectl_header_line(t);
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;
	bool found = false;
	unsigned int pass;
	size_t i;
	char *copy;

	copy = malloc(t->len ? t->len : 1);
	if (!copy) {
		ipectl_diag_add(ds, true, first->line, first->column, "%s",
				first->reason);
		return;
	}
	memcpy(copy, t->text, t->len);
	ipectl_skips_reset();
	for (pass = 0; pass < IPECTL_MAX_FATAL; pass++) {
		pol = ipectl_parse(copy, t->len, false, true, &err);
		if (!IS_ERR(pol)) {
			ipe_free_parsed_policy(pol);
			break;
		}
		if (!err.line && first->line && err.reason)
			snprintf(late, late_size, "%s", err.reason);
		else
			ipectl_diag_add(ds, true, err.line, err.column, "%s",
					err.reason ? err.reason :
					"invalid policy");
		if (PTR_ERR(pol) == -ENOMEM || !err.line ||
		    err.line <= header || err.line > t->nlines)
			break;
		/* blank the line out, keeping the numbering */
		memset(copy + t->starts[err.line - 1], ' ',
		       ipectl_line_len(t, err.line));
	}
	if (pass == IPECTL_MAX_FATAL)
		ipectl_diag_add(ds, true, 0, 0,
				"too many errors, stopped after %u",
				IPECTL_MAX_FATAL);
	free(copy);
	ipectl_report_skips(t, strict, ds);
	ipectl_skips_reset();

	/* the kernel's verdict comes first, with the kernel's column */
	for (i = 0; i < ds->count; i++) {
		struct ipectl_diag *d = &ds->d[i];

		if (d->error && d->line == first->line && first->reason &&
		    !strcmp(d->msg, first->reason)) {
			d->column = first->column;
			found = true;
		}
	}
	if (!found)
		ipectl_diag_add(ds, true, first->line, first->column, "%s",
				first->reason ? first->reason :
				"invalid policy");
}

/**
 * ipectl_check_text() - parse a policy text and collect its diagnostics
 * @t: the text
 * @strict: parse as the kernel with ipe.strict_parse=1 (else =0)
 * @ds: receives the errors and warnings, in text order
 *
 * Return: the parsed policy when the kernel would accept the text (to be
 * released with ipe_free_parsed_policy()), else NULL; @ds then has at
 * least one error.
 */
struct ipe_parsed_policy *ipectl_check_text(const struct ipectl_text *t,
					    bool strict,
					    struct ipectl_diags *ds)
{
	char late[IPE_PARSE_REASON_MAX] = "";
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;

	ipectl_skips_reset();
	pol = ipectl_parse(t->text, t->len, strict, true, &err);
	if (!IS_ERR(pol)) {
		ipectl_report_skips(t, false, ds);
		ipectl_skips_reset();
		ipectl_diags_sort(ds);
		return pol;
	}
	ipectl_skips_reset();
	if (PTR_ERR(pol) == -ENOMEM)
		ipectl_diag_add(ds, true, 0, 0, "out of memory");
	else
		ipectl_all_errors(t, strict, &err, ds, late, sizeof(late));
	ipectl_diags_sort(ds);
	if (late[0])
		ipectl_diag_add(ds, true, 0, 0, "%s", late);
	return NULL;
}

/* the tables as the kernel stores them, one rule a line */
static void ipectl_dump(const struct ipe_parsed_policy *pol, FILE *f)
{
	size_t len = ipe_policy_print(NULL, 0, pol, IPE_PRINT_LINES);
	char *buf = malloc(len + 1);

	if (!buf) {
		fprintf(stderr, "%s: error: out of memory\n", ipectl_prog);
		return;
	}
	ipe_policy_print(buf, len + 1, pol, IPE_PRINT_LINES);
	fputs(buf, f);
	free(buf);
}

static u32 ipectl_rule_count(const struct ipe_parsed_policy *pol)
{
	u32 n = 0;
	int op;

	for (op = 0; op < IPE_OP_COUNT; op++)
		n += pol->ops[op].count;
	return n;
}

/* "N rules, M warnings", in a static buffer */
static const char *ipectl_summary(const struct ipe_parsed_policy *pol,
				  const struct ipectl_diags *ds)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "%u rules, %u warnings",
		 ipectl_rule_count(pol), ds->warnings);
	return buf;
}

static void ipectl_check_usage(FILE *f)
{
	fprintf(f,
		"usage: %s check [--lenient] [--Werror] [-q] [-v] [--dump]\n"
		"                POLICY...\n"
		"Parse each POLICY (\"-\": stdin) as the kernel does and\n"
		"print its errors and warnings, one a line:\n"
		"FILE:LINE:COLUMN: error|warning: MESSAGE\n"
		"  --lenient  parse as with ipe.strict_parse=0\n"
		"  --strict   parse as with ipe.strict_parse=1 (the default)\n"
		"  --Werror   count warnings as errors\n"
		"  -q         print nothing, only set the exit status\n"
		"  -v         print a summary line for each policy\n"
		"  --dump     print the rules as the kernel stores them\n"
		"Exit status: 0 no error, 1 errors (or warnings with\n"
		"--Werror), 2 usage error or a file that cannot be read.\n",
		ipectl_prog);
}

/**
 * ipectl_cmd_check() - the check subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_check(int argc, char **argv)
{
	enum { OPT_LENIENT = 256, OPT_STRICT, OPT_WERROR, OPT_DUMP };
	static const struct option opts[] = {
		{ "lenient", no_argument, NULL, OPT_LENIENT },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "Werror", no_argument, NULL, OPT_WERROR },
		{ "dump", no_argument, NULL, OPT_DUMP },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	bool strict = true, werror = false, quiet = false, verbose = false;
	bool dump = false, failed = false, io_error = false;
	int opt, i;

	while ((opt = getopt_long(argc, argv, "qvh", opts, NULL)) != -1) {
		switch (opt) {
		case OPT_LENIENT:
			strict = false;
			break;
		case OPT_STRICT:
			strict = true;
			break;
		case OPT_WERROR:
			werror = true;
			break;
		case OPT_DUMP:
			dump = true;
			break;
		case 'q':
			quiet = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'h':
			ipectl_check_usage(stdout);
			return IPECTL_EXIT_OK;
		default:
			ipectl_check_usage(stderr);
			return IPECTL_EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		ipectl_check_usage(stderr);
		return IPECTL_EXIT_USAGE;
	}

	for (i = optind; i < argc; i++) {
		const char *name = ipectl_display_name(argv[i]);
		struct ipectl_diags ds = { };
		struct ipe_parsed_policy *pol;
		struct ipectl_text t;
		char *text;
		size_t len;
		int err;

		err = ipectl_read_file(argv[i], &text, &len);
		if (err) {
			if (!quiet)
				fprintf(stderr, "%s: error: %s\n", name,
					strerror(-err));
			io_error = true;
			continue;
		}
		if (ipectl_text_init(&t, text, len)) {
			fprintf(stderr, "%s: error: out of memory\n", name);
			free(text);
			io_error = true;
			continue;
		}
		pol = ipectl_check_text(&t, strict, &ds);
		if (!quiet)
			ipectl_diags_print(&ds, name, werror, stderr);
		if (ds.errors || (werror && ds.warnings))
			failed = true;
		if (pol && verbose)
			printf("%s: policy_name=\"%s\" %s=%u.%u.%u: %s\n",
			       name, pol->name, "policy_version",
			       pol->version[0], pol->version[1],
			       pol->version[2], ipectl_summary(pol, &ds));
		else if (verbose)
			printf("%s: refused: %u errors, %u warnings\n", name,
			       ds.errors, ds.warnings);
		if (pol && dump)
			ipectl_dump(pol, stdout);
		ipe_free_parsed_policy(pol);
		ipectl_diags_free(&ds);
		ipectl_text_free(&t);
		free(text);
	}
	if (io_error)
		return IPECTL_EXIT_USAGE;
	return failed ? IPECTL_EXIT_FAIL : IPECTL_EXIT_OK;
}
