// SPDX-License-Identifier: GPL-2.0
/*
 * parser_cases: the case tables of the kernel's parser tests
 * (security/ipe/tests/policy_parser_cases.h), run against the host build
 * of the IPE parser, the one ipectl links (scripts/ipe/polgen/parser.c).
 *
 *	parser_cases run [TABLE]	run every table, or only TABLE; TAP
 *					on stdout, a line per case, and after
 *					a failed case "# " lines saying what
 *					differed. Exit 0 when all passed.
 *	parser_cases corpus DIR		write each policy of the parse table
 *					to DIR/NNN.pol and list them in
 *					DIR/cases.tsv, one a line: NNN <tab>
 *					strict <tab> errno <tab> line <tab>
 *					reason <tab> name (reason "-" for none)
 *	parser_cases list		the names of the tables
 *
 * The checks are those the KUnit suite ipe_parser makes of the same
 * tables; a policy text is also parsed from a heap copy of exactly its
 * length, checked to be left unchanged, and parsed again without an error
 * record, which must give the same verdict.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>

#include "policy.h"
#include "policy_print.h"
#include "property.h"
#include "tests/policy_parser_cases.h"

#define DUMP_SIZE	8192

/* what differed in the case being run, a line each */
static char why[8192];
static size_t why_len;
static int ncases, nfailed;

static __printf(1, 2) void differ(const char *fmt, ...)
{
	size_t room = sizeof(why) - why_len;
	va_list ap;
	int n;

	if (room < 2)
		return;
	va_start(ap, fmt);
	n = vsnprintf(why + why_len, room - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	why_len += min_t(size_t, n, room - 2);
	why[why_len++] = '\n';
	why[why_len] = '\0';
}

/* the TAP line of the case just run, and what differed, if anything */
static __printf(1, 2) void report(const char *fmt, ...)
{
	char *line, *rest = why;
	va_list ap;

	ncases++;
	printf("%sok %d - ", why_len ? "not " : "", ncases);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (why_len)
		nfailed++;
	while ((line = strsep(&rest, "\n")) && *line)
		printf("#   %s\n", line);
	why_len = 0;
	why[0] = '\0';
}

static const char *str(const char *s)
{
	return s ? s : "(null)";
}

static bool str_eq(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

struct dump {
	char *buf;
	size_t pos;
	bool full;
};

/* account for @n bytes just written at @d->pos */
static void dump_took(struct dump *d, int n)
{
	if (n < 0 || d->pos + n >= DUMP_SIZE)
		d->full = true;
	else
		d->pos += n;
}

static void dump_default(struct dump *d, enum ipe_op op,
			 enum ipe_action action)
{
	dump_took(d, ipe_default_print(d->buf + d->pos, DUMP_SIZE - d->pos,
				       op, action));
	dump_took(d, snprintf(d->buf + d->pos, DUMP_SIZE - d->pos, "\n"));
}

/* the tables of @pol in the form of ipe_parse_case.dump; NULL if too big */
static char *dump_policy(const struct ipe_parsed_policy *pol)
{
	struct dump d = { .buf = calloc(1, DUMP_SIZE) };
	int op;
	u32 i;

	if (!d.buf)
		return NULL;
	dump_took(&d, snprintf(d.buf, DUMP_SIZE, "name=%s version=%u.%u.%u\n",
			       pol->name, pol->version[0], pol->version[1],
			       pol->version[2]));
	if (pol->global_default != IPE_ACTION_NONE)
		dump_default(&d, IPE_OP_COUNT, pol->global_default);
	for (op = 0; op < IPE_OP_COUNT; op++) {
		const struct ipe_op_rules *t = &pol->ops[op];

		if (t->default_action != IPE_ACTION_NONE)
			dump_default(&d, op, t->default_action);
		for (i = 0; i < t->count; i++) {
			dump_took(&d, snprintf(d.buf + d.pos, DUMP_SIZE - d.pos,
					       "%u: ", t->rules[i].line));
			dump_took(&d, ipe_rule_print(d.buf + d.pos,
						     DUMP_SIZE - d.pos, op,
						     &t->rules[i]));
			dump_took(&d, snprintf(d.buf + d.pos, DUMP_SIZE - d.pos,
					       "\n"));
		}
	}
	if (d.full) {
		free(d.buf);
		return NULL;
	}
	return d.buf;
}

/* the first line where two dumps part */
static void differ_dump(const char *want, const char *got)
{
	size_t wl, gl;
	int line = 1;

	for (;;) {
		wl = strcspn(want, "\n");
		gl = strcspn(got, "\n");
		if (wl != gl || memcmp(want, got, wl))
			break;
		if (!want[wl] || !got[gl])
			return;
		want += wl + 1;
		got += gl + 1;
		line++;
	}
	differ("tables, line %d:", line);
	differ("  expected: %.*s", (int)wl, *want ? want : "(end)");
	differ("  got:      %.*s", (int)gl, *got ? got : "(end)");
}

static void check_parse(const struct ipe_parse_case *c)
{
	struct ipe_parse_error err = { .line = 12345, .reason = "stale" };
	struct ipe_parsed_policy *pol;
	char *text, *dump;
	long ret;

	/* exactly the text: a read past it is out of the buffer */
	text = malloc(c->len ? c->len : 1);
	if (!text) {
		differ("out of memory");
		return;
	}
	memcpy(text, c->text, c->len);

	pol = ipe_parse_policy(text, c->len, c->strict, &err);
	ret = IS_ERR(pol) ? PTR_ERR(pol) : 0;
	if (!pol) {
		differ("ipe_parse_policy() returned NULL");
	} else if (c->ret && !ret) {
		differ("accepted, expected error %d at line %u: %s", c->ret,
		       c->line, c->reason);
	} else if (c->ret) {
		if (ret != c->ret || err.line != c->line ||
		    !str_eq(err.reason, c->reason)) {
			differ("expected error %d at line %u: %s", c->ret,
			       c->line, c->reason);
			differ("got      error %ld at line %u: %s", ret,
			       err.line, str(err.reason));
		}
	} else if (ret) {
		differ("refused with error %ld at line %u: %s", ret, err.line,
		       str(err.reason));
	} else {
		if (err.line || err.reason)
			differ("accepted, but the error record says line %u: %s",
			       err.line, str(err.reason));
		dump = dump_policy(pol);
		if (!dump)
			differ("the tables do not fit in %d bytes", DUMP_SIZE);
		else
			differ_dump(c->dump, dump);
		free(dump);
	}
	if (!IS_ERR_OR_NULL(pol))
		ipe_free_parsed_policy(pol);
	if (memcmp(text, c->text, c->len))
		differ("the parser changed the text it was given");

	pol = ipe_parse_policy(text, c->len, c->strict, NULL);
	if (!pol || (IS_ERR(pol) ? PTR_ERR(pol) : 0) != c->ret)
		differ("without an error record: %ld, expected %d",
		       pol ? (IS_ERR(pol) ? PTR_ERR(pol) : 0) : -1L, c->ret);
	if (!IS_ERR_OR_NULL(pol))
		ipe_free_parsed_policy(pol);
	free(text);
}

static void run_parse(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ipe_parse_cases); i++) {
		check_parse(&ipe_parse_cases[i]);
		report("parse: %s", ipe_parse_cases[i].name);
	}
}

static void check_digest(const struct ipe_digest_case *c)
{
	char reason[IPE_PARSE_REASON_MAX] = "";
	struct ipe_digest *d = ipe_digest_parse(c->value, reason,
						sizeof(reason));
	u16 i;

	if (!d) {
		differ("ipe_digest_parse() returned NULL");
		return;
	}
	if (c->ret) {
		if (!IS_ERR(d))
			differ("accepted, expected error %d: %s", c->ret,
			       c->alg);
		else if (PTR_ERR(d) != c->ret || strcmp(reason, c->alg))
			differ("expected error %d: %s, got %ld: %s", c->ret,
			       c->alg, PTR_ERR(d), reason);
	} else if (IS_ERR(d)) {
		differ("refused with error %ld: %s", PTR_ERR(d), reason);
	} else {
		if (!str_eq(d->alg, c->alg))
			differ("algorithm %s, expected %s", str(d->alg),
			       str(c->alg));
		if (d->len != c->len)
			differ("%u bytes, expected %u", d->len, c->len);
		for (i = 0; i < d->len && i < c->len; i++)
			if (d->bytes[i] != ipe_test_bytes[i % 16]) {
				differ("byte %u is %#04x, expected %#04x", i,
				       d->bytes[i], ipe_test_bytes[i % 16]);
				break;
			}
	}
	if (!IS_ERR(d))
		kfree(d);
}

static void run_digest(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ipe_digest_cases); i++) {
		check_digest(&ipe_digest_cases[i]);
		report("digest: \"%.60s\"", ipe_digest_cases[i].value);
	}
}

static void run_bool(void)
{
	const struct ipe_bool_case *c;
	size_t i;
	bool v;
	int ret;

	for (i = 0; i < ARRAY_SIZE(ipe_bool_cases); i++) {
		c = &ipe_bool_cases[i];
		v = !c->value;
		ret = ipe_parse_bool_value(c->text, &v);
		if (ret != c->ret)
			differ("returned %d, expected %d", ret, c->ret);
		if (v != (c->ret ? !c->value : c->value))
			differ("the value read is %s", v ? "true" : "false");
		report("bool value: \"%s\"", c->text);
	}
}

static void run_prop_find(void)
{
	const struct ipe_prop_find_case *c;
	const struct ipe_prop_type *type;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ipe_prop_find_cases); i++) {
		c = &ipe_prop_find_cases[i];
		type = ipe_prop_find(c->key, c->len);
		if (type != c->type)
			differ("found %s, expected %s",
			       type ? type->key : "nothing",
			       c->type ? c->type->key : "nothing");
		report("property lookup: \"%.*s\"", (int)c->len, c->key);
	}
}

static void run_names(void)
{
	const char *name;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ipe_op_names); i++) {
		name = ipe_op_name(i);
		if (!str_eq(name, ipe_op_names[i]))
			differ("got %s", str(name));
		report("name of op %zu: %s", i, ipe_op_names[i]);
	}
	for (i = 0; i < ARRAY_SIZE(ipe_action_names); i++) {
		name = ipe_action_name(i);
		if (!str_eq(name, ipe_action_names[i]))
			differ("got %s", str(name));
		report("name of action %zu: %s", i, ipe_action_names[i]);
	}
}

static void run_default_print(void)
{
	const struct ipe_default_print_case *c;
	char buf[128];
	size_t i;
	int n;

	for (i = 0; i < ARRAY_SIZE(ipe_default_print_cases); i++) {
		c = &ipe_default_print_cases[i];
		memset(buf, 'X', sizeof(buf));
		if (c->size >= sizeof(buf)) {
			differ("the buffer of %zu bytes is too big", c->size);
		} else {
			n = ipe_default_print(c->size ? buf : NULL, c->size,
					      c->op, c->action);
			if (n != (int)strlen(c->full))
				differ("returned %d, expected %zu", n,
				       strlen(c->full));
			if (c->text && strcmp(buf, c->text))
				differ("printed \"%.*s\", expected \"%s\"",
				       (int)c->size, buf, c->text);
			if (buf[c->size] != 'X')
				differ("wrote past %zu bytes", c->size);
		}
		report("DEFAULT printed in %zu bytes: %s", c->size, c->full);
	}
}

/* a rule on each property: refused or skipped when it is not built */
static void check_prop_value(const char *value)
{
	struct ipe_parsed_policy *pol;
	const struct ipe_prop_type *type;
	struct ipe_parse_error err;
	char text[512], reason[IPE_PARSE_REASON_MAX];
	int len;

	type = ipe_prop_find(value, strcspn(value, "="));
	if (!type || !type->kconfig || strncmp(type->kconfig, "CONFIG_", 7)) {
		differ("no property, or no Kconfig option for it");
		return;
	}
	len = snprintf(text, sizeof(text),
		       HDR "DEFAULT action=ALLOW\nop=EXECUTE %s action=DENY\n",
		       value);
	if (len < 0 || len >= (int)sizeof(text)) {
		differ("the policy does not fit in %zu bytes", sizeof(text));
		return;
	}

	pol = ipe_parse_policy(text, len, true, &err);
	if (type->built) {
		if (IS_ERR_OR_NULL(pol))
			differ("strict: refused (%ld at line %u: %s)",
			       PTR_ERR(pol), err.line, str(err.reason));
		else if (pol->ops[IPE_OP_EXECUTE].count != 1)
			differ("strict: %u EXECUTE rules, expected 1",
			       pol->ops[IPE_OP_EXECUTE].count);
	} else {
		snprintf(reason, sizeof(reason), "%s: not built (%s=n)",
			 type->key, type->kconfig);
		if (!IS_ERR(pol))
			differ("strict: accepted, expected: %s", reason);
		else if (PTR_ERR(pol) != -EBADMSG || err.line != 3 ||
			 !str_eq(err.reason, reason))
			differ("strict: error %ld at line %u: %s, expected %d at line 3: %s",
			       PTR_ERR(pol), err.line, str(err.reason),
			       -EBADMSG, reason);
	}
	if (!IS_ERR_OR_NULL(pol))
		ipe_free_parsed_policy(pol);

	pol = ipe_parse_policy(text, len, false, &err);
	if (IS_ERR_OR_NULL(pol)) {
		differ("lenient: refused (%ld at line %u: %s)", PTR_ERR(pol),
		       err.line, str(err.reason));
		return;
	}
	if (pol->ops[IPE_OP_EXECUTE].count != (type->built ? 1U : 0U))
		differ("lenient: %u EXECUTE rules, expected %u",
		       pol->ops[IPE_OP_EXECUTE].count, type->built ? 1U : 0U);
	ipe_free_parsed_policy(pol);
}

static void run_prop_values(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ipe_prop_values); i++) {
		check_prop_value(ipe_prop_values[i]);
		report("rule on %.*s", (int)strcspn(ipe_prop_values[i], "="),
		       ipe_prop_values[i]);
	}
}

static const struct {
	const char *name;
	void (*run)(void);
} tables[] = {
	{ "parse", run_parse },
	{ "digest", run_digest },
	{ "bool", run_bool },
	{ "prop_find", run_prop_find },
	{ "names", run_names },
	{ "default_print", run_default_print },
	{ "prop_values", run_prop_values },
};

static int run(const char *only)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tables); i++) {
		if (only && strcmp(only, tables[i].name))
			continue;
		printf("# table %s\n", tables[i].name);
		tables[i].run();
	}
	if (!ncases) {
		fprintf(stderr, "parser_cases: no table %s\n", str(only));
		return 2;
	}
	printf("1..%d\n# %d passed, %d failed\n", ncases, ncases - nfailed,
	       nfailed);
	return nfailed ? 1 : 0;
}

static int corpus(const char *dir)
{
	const struct ipe_parse_case *c;
	char path[4096];
	FILE *list, *f;
	size_t i;

	snprintf(path, sizeof(path), "%s/cases.tsv", dir);
	list = fopen(path, "w");
	if (!list) {
		perror(path);
		return 1;
	}
	for (i = 0; i < ARRAY_SIZE(ipe_parse_cases); i++) {
		c = &ipe_parse_cases[i];
		snprintf(path, sizeof(path), "%s/%03zu.pol", dir, i);
		f = fopen(path, "wb");
		if (!f || fwrite(c->text, 1, c->len, f) != c->len) {
			perror(path);
			return 1;
		}
		if (fclose(f)) {
			perror(path);
			return 1;
		}
		fprintf(list, "%03zu\t%d\t%d\t%u\t%s\t%s\n", i, c->strict,
			-c->ret, c->line, c->reason ? c->reason : "-",
			c->name);
	}
	if (fclose(list)) {
		perror("cases.tsv");
		return 1;
	}
	return 0;
}

/* the parser's warnings (a line skipped...) are not test output */
static void quiet(const char *level __maybe_unused,
		  const char *fmt __maybe_unused, va_list ap __maybe_unused)
{
}

int main(int argc, char **argv)
{
	size_t i;

	compat_printk_hook = quiet;
	if (argc == 3 && !strcmp(argv[1], "corpus"))
		return corpus(argv[2]);
	if ((argc == 2 || argc == 3) && !strcmp(argv[1], "run"))
		return run(argc == 3 ? argv[2] : NULL);
	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (i = 0; i < ARRAY_SIZE(tables); i++)
			puts(tables[i].name);
		return 0;
	}
	fprintf(stderr, "usage: %s run [TABLE] | corpus DIR | list\n", argv[0]);
	return 2;
}
