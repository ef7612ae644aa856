// SPDX-License-Identifier: GPL-2.0
/*
 * IPE policy parser: turns a policy text into the per-op rule tables of
 * struct ipe_parsed_policy.
 *
 * The language this parser accepts:
 *
 * - Lines end at '\n'. ' ', '\t', '\r', '\v' and '\f' are whitespace, so
 *   CRLF line endings work. A NUL byte anywhere (even in a comment) is a
 *   fatal error on its line.
 * - Outside double quotes, '#' starts a comment that runs to the end of
 *   the line. Blank and comment-only lines are skipped anywhere.
 * - A token is "key=value" or the bare word DEFAULT, which is only valid
 *   as the first token of a line. The key is everything before the first
 *   '='; it must not be empty. The value runs to the next whitespace, '#'
 *   or end of line and may contain further '='. A value may be enclosed in
 *   double quotes, which are removed: there are no escapes, the quote must
 *   directly follow the '=', must be closed on the same line, and must be
 *   followed by whitespace, a comment or the end of the line. A quote in
 *   any other place makes the token malformed. An unquoted value is never
 *   empty; a quoted empty value ("") is an empty value, which no key
 *   accepts.
 * - The first non-blank line is the header. It holds exactly the keys
 *   policy_name and policy_version, in either order, each once. The name
 *   is 1..255 bytes of printable ASCII, contains no '/' and is neither
 *   "." nor "..". The
 *   version is MAJOR.MINOR.REV: three parts of 1..5 decimal digits, each
 *   at most 65535. No non-blank line at all is an "empty policy" (line 0).
 * - A rule line has exactly one op=, exactly one action=ALLOW|DENY and any
 *   number of properties, in any order, each key at most once. op= is one
 *   of EXECUTE FIRMWARE KMODULE KEXEC_IMAGE KEXEC_INITRAMFS POLICY
 *   X509_CERT, or KERNEL_READ, which stores one independent copy of the
 *   rule in each of the six tables FIRMWARE..X509_CERT, in that order.
 *   All names and values are case-sensitive.
 * - "DEFAULT action=X" sets the global default, "DEFAULT op=Y action=X"
 *   the default of op Y (KERNEL_READ: of all six kernel-read ops). Any
 *   other key, a missing action or a repeated key makes the line
 *   malformed. Setting a default that is already set (also through an
 *   overlap with KERNEL_READ) is fatal.
 * - strict: any malformed line fails the parse with its line number and a
 *   reason. Lenient: a malformed line is skipped with a warning, but header
 *   errors, duplicate defaults, NUL bytes and allocation failures stay
 *   fatal.
 * - Errors are reported for the first offending line; within a line, for
 *   the first offending token in text order, then for a missing op, then
 *   for a missing action. The column of an error is that of the offending
 *   token (of the NUL byte, of the line's first token for an error about
 *   the whole line, such as a missing op).
 */

#define pr_fmt(fmt) "ipe: " fmt

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/overflow.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "policy.h"
#include "property.h"

/* more than any rule can hold: each property key may appear once */
#define IPE_MAX_RULE_PROPS	16
#define IPE_NAME_MAX		255
#define IPE_VERSION_DIGITS	5

static const char *const ipe_op_names[IPE_OP_COUNT] = {
	[IPE_OP_EXECUTE] = "EXECUTE",
	[IPE_OP_FIRMWARE] = "FIRMWARE",
	[IPE_OP_KMODULE] = "KMODULE",
	[IPE_OP_KEXEC_IMAGE] = "KEXEC_IMAGE",
	[IPE_OP_KEXEC_INITRAMFS] = "KEXEC_INITRAMFS",
	[IPE_OP_POLICY] = "POLICY",
	[IPE_OP_X509_CERT] = "X509_CERT",
};

/* one token of a line; both strings point into the parser's text copy */
struct ipe_token {
	char *key;
	size_t key_len;
	char *value;	/* NULL for a bare word */
};

/* a rule or DEFAULT line being parsed; owns props[0..nprops) */
struct ipe_line {
	bool is_default;
	bool has_op;
	enum ipe_op op_first;
	enum ipe_op op_last;
	u8 action;
	u16 nprops;
	struct ipe_prop props[IPE_MAX_RULE_PROPS];
	const char *values[IPE_MAX_RULE_PROPS];
};

struct ipe_parser {
	struct ipe_parsed_policy *pol;
	u32 cap[IPE_OP_COUNT];
	bool have_header;
	bool fatal;
	const char *why;
	const char *where;	/* the offending token; NULL: the whole line */
	struct ipe_line line;
};

/**
 * ipe_op_name() - the policy spelling of an op
 * @op: the op
 *
 * Return: the name, e.g. "EXECUTE", or "UNKNOWN" for an invalid @op.
 */
const char *ipe_op_name(enum ipe_op op)
{
	if ((unsigned int)op >= IPE_OP_COUNT)
		return "UNKNOWN";
	return ipe_op_names[op];
}

/**
 * ipe_action_name() - the policy spelling of an action
 * @action: the action
 *
 * Return: "ALLOW", "DENY", "NONE" for %IPE_ACTION_NONE, or "UNKNOWN".
 */
const char *ipe_action_name(enum ipe_action action)
{
	switch (action) {
	case IPE_ACTION_NONE:
		return "NONE";
	case IPE_ACTION_ALLOW:
		return "ALLOW";
	case IPE_ACTION_DENY:
		return "DENY";
	}
	return "UNKNOWN";
}

static bool ipe_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool ipe_ends_token(char c)
{
	return !c || c == '#' || ipe_is_space(c);
}

static bool ipe_line_blank(const char *s)
{
	while (ipe_is_space(*s))
		s++;
	return !*s || *s == '#';
}

/*
 * Cut the token ending at @end (which holds a terminator or NUL) and move
 * the cursor past it; a comment or the end of line ends the line.
 */
static void ipe_cut(char **cur, char *end)
{
	char c = *end;

	*end = '\0';
	*cur = (!c || c == '#') ? NULL : end + 1;
}

/*
 * Read the next token of a line, NUL-terminating key and value in place.
 * Return: 1 for a token, 0 at the end of the line, -EINVAL (with *why)
 * for a malformed token.
 */
static int ipe_next_token(char **cur, struct ipe_token *tok, const char **why)
{
	char *s = *cur;
	char *start;

	if (!s)
		return 0;
	while (ipe_is_space(*s))
		s++;
	if (ipe_ends_token(*s)) {
		*cur = NULL;
		return 0;
	}

	start = s;
	while (!ipe_ends_token(*s) && *s != '=' && *s != '"')
		s++;
	tok->key = start;
	tok->key_len = s - start;
	if (*s == '"') {
		*why = "misplaced quote";
		return -EINVAL;
	}
	if (*s != '=') {
		tok->value = NULL;
		ipe_cut(cur, s);
		return 1;
	}
	if (s == start) {
		*why = "empty key";
		return -EINVAL;
	}
	*s++ = '\0';

	if (*s == '"') {
		char *close = strchr(s + 1, '"');

		if (!close) {
			*why = "unterminated quote";
			return -EINVAL;
		}
		if (!ipe_ends_token(close[1])) {
			*why = "misplaced quote";
			return -EINVAL;
		}
		tok->value = s + 1;
		*close = '\0';
		*cur = close + 1;
		return 1;
	}

	tok->value = s;
	while (!ipe_ends_token(*s) && *s != '"')
		s++;
	if (*s == '"') {
		*why = "misplaced quote";
		return -EINVAL;
	}
	if (s == tok->value) {
		*why = "missing value";
		return -EINVAL;
	}
	ipe_cut(cur, s);
	return 1;
}

static int ipe_bad(struct ipe_parser *p, const char *why)
{
	p->why = why;
	return -EINVAL;
}

static int ipe_fatal(struct ipe_parser *p, const char *why)
{
	p->fatal = true;
	return ipe_bad(p, why);
}

/*
 * A name becomes a securityfs directory and an audit field: printable
 * ASCII only, no '/', not "." or "..".
 */
static bool ipe_valid_name(const char *s)
{
	size_t n = strlen(s), i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f)
			return false;
	return n && n <= IPE_NAME_MAX && !strchr(s, '/') &&
	       strcmp(s, ".") && strcmp(s, "..");
}

static bool ipe_parse_version(const char *s, u16 ver[3])
{
	int i;

	for (i = 0; i < 3; i++) {
		unsigned int v = 0;
		int digits = 0;

		while (*s >= '0' && *s <= '9') {
			if (++digits > IPE_VERSION_DIGITS)
				return false;
			v = v * 10 + (*s++ - '0');
		}
		if (!digits || v > U16_MAX)
			return false;
		ver[i] = v;
		if (i < 2 && *s++ != '.')
			return false;
	}
	return !*s;
}

static int ipe_parse_header(struct ipe_parser *p, char *cur)
{
	const char *name = NULL, *name_at = NULL;
	const char *version = NULL, *version_at = NULL;
	struct ipe_token tok;
	unsigned int ntok = 0;
	u16 ver[3];
	int rc;

	/* nothing about the header is forgiven */
	p->fatal = true;
	while ((rc = ipe_next_token(&cur, &tok, &p->why)) > 0) {
		bool first = !ntok++;

		p->where = tok.key;
		if (tok.value && !strcmp(tok.key, "policy_name")) {
			if (name)
				return ipe_bad(p, "duplicate key");
			name = tok.value;
			name_at = tok.key;
		} else if (tok.value && !strcmp(tok.key, "policy_version")) {
			if (version)
				return ipe_bad(p, "duplicate key");
			version = tok.value;
			version_at = tok.key;
		} else if (first) {
			return ipe_bad(p, "header must be the first line");
		} else if (!tok.value) {
			return ipe_bad(p, "expected key=value");
		} else {
			return ipe_bad(p, "unknown header key");
		}
	}
	if (rc < 0) {
		p->where = tok.key;
		return rc;
	}
	p->where = NULL;
	if (!name)
		return ipe_bad(p, "missing policy_name");
	if (!version)
		return ipe_bad(p, "missing policy_version");
	p->where = name_at;
	if (!ipe_valid_name(name))
		return ipe_bad(p, "bad policy_name");
	p->where = version_at;
	if (!ipe_parse_version(version, ver))
		return ipe_bad(p, "bad policy_version");

	p->pol->name = kstrdup(name, GFP_KERNEL);
	if (!p->pol->name)
		return -ENOMEM;
	memcpy(p->pol->version, ver, sizeof(ver));
	p->fatal = false;
	return 0;
}

static bool ipe_parse_op(const char *s, struct ipe_line *l)
{
	int op;

	if (!strcmp(s, "KERNEL_READ")) {
		l->op_first = IPE_OP_FIRMWARE;
		l->op_last = IPE_OP_X509_CERT;
		return true;
	}
	for (op = 0; op < IPE_OP_COUNT; op++) {
		if (!strcmp(s, ipe_op_names[op])) {
			l->op_first = op;
			l->op_last = op;
			return true;
		}
	}
	return false;
}

static u8 ipe_parse_action(const char *s)
{
	if (!strcmp(s, "ALLOW"))
		return IPE_ACTION_ALLOW;
	if (!strcmp(s, "DENY"))
		return IPE_ACTION_DENY;
	return IPE_ACTION_NONE;
}

static void ipe_props_free(struct ipe_prop *props, u16 count)
{
	u16 i;

	for (i = 0; i < count; i++)
		if (props[i].type->free)
			props[i].type->free(&props[i]);
	kfree(props);
}

/* free what a line parsed but did not hand over to a rule */
static void ipe_line_release(struct ipe_line *l)
{
	u16 i;

	for (i = 0; i < l->nprops; i++)
		if (l->props[i].type->free)
			l->props[i].type->free(&l->props[i]);
	l->nprops = 0;
}

static int ipe_line_prop(struct ipe_parser *p, const struct ipe_token *tok)
{
	struct ipe_line *l = &p->line;
	const struct ipe_prop_type *type;
	struct ipe_prop *prop;
	u16 i;
	int rc;

	type = ipe_prop_find(tok->key, tok->key_len);
	if (l->is_default)
		return ipe_bad(p, type ? "property on DEFAULT line" :
				  "unknown key");
	if (!type)
		return ipe_bad(p, "unknown property");
	for (i = 0; i < l->nprops; i++)
		if (l->props[i].type == type)
			return ipe_bad(p, "duplicate key");
	if (l->nprops == IPE_MAX_RULE_PROPS)
		return ipe_bad(p, "too many properties");

	prop = &l->props[l->nprops];
	memset(prop, 0, sizeof(*prop));
	prop->type = type;
	rc = type->parse(tok->value, prop);
	if (rc == -ENOMEM)
		return rc;
	if (rc)
		return ipe_bad(p, "bad property value");
	l->values[l->nprops++] = tok->value;
	return 0;
}

static int ipe_line_token(struct ipe_parser *p, const struct ipe_token *tok,
			  bool first)
{
	struct ipe_line *l = &p->line;

	if (!tok->value) {
		if (strcmp(tok->key, "DEFAULT"))
			return ipe_bad(p, "expected key=value");
		if (!first)
			return ipe_bad(p, "misplaced DEFAULT");
		l->is_default = true;
		return 0;
	}
	if (!strcmp(tok->key, "op")) {
		if (l->has_op)
			return ipe_bad(p, "duplicate key");
		if (!ipe_parse_op(tok->value, l))
			return ipe_bad(p, "unknown op");
		l->has_op = true;
		return 0;
	}
	if (!strcmp(tok->key, "action")) {
		if (l->action != IPE_ACTION_NONE)
			return ipe_bad(p, "duplicate key");
		l->action = ipe_parse_action(tok->value);
		if (l->action == IPE_ACTION_NONE)
			return ipe_bad(p, "unknown action");
		return 0;
	}
	return ipe_line_prop(p, tok);
}

static int ipe_set_default(struct ipe_parser *p)
{
	struct ipe_parsed_policy *pol = p->pol;
	struct ipe_line *l = &p->line;
	enum ipe_op op;

	if (!l->has_op) {
		if (pol->global_default != IPE_ACTION_NONE)
			return ipe_fatal(p, "duplicate DEFAULT");
		pol->global_default = l->action;
		return 0;
	}
	for (op = l->op_first; op <= l->op_last; op++)
		if (pol->ops[op].default_action != IPE_ACTION_NONE)
			return ipe_fatal(p, "duplicate DEFAULT");
	for (op = l->op_first; op <= l->op_last; op++)
		pol->ops[op].default_action = l->action;
	return 0;
}

/* parse the line's property values again into a new, independent array */
static int ipe_props_clone(const struct ipe_line *l, struct ipe_prop **out)
{
	struct ipe_prop *props;
	u16 i;
	int rc;

	props = kcalloc(l->nprops, sizeof(*props), GFP_KERNEL);
	if (!props)
		return -ENOMEM;
	for (i = 0; i < l->nprops; i++) {
		props[i].type = l->props[i].type;
		rc = props[i].type->parse(l->values[i], &props[i]);
		if (rc) {
			ipe_props_free(props, i);
			return rc;
		}
	}
	*out = props;
	return 0;
}

static int ipe_reserve(struct ipe_parser *p, int op)
{
	struct ipe_op_rules *t = &p->pol->ops[op];
	struct ipe_rule *rules;
	size_t cap = p->cap[op];
	size_t new_cap;

	if (t->count < cap)
		return 0;
	new_cap = cap ? 2 * cap : 8;
	if (new_cap > U32_MAX)
		return -ENOMEM;
	rules = kvrealloc(t->rules, cap * sizeof(*rules),
			  array_size(new_cap, sizeof(*rules)), GFP_KERNEL);
	if (!rules)
		return -ENOMEM;
	t->rules = rules;
	p->cap[op] = new_cap;
	return 0;
}

static int ipe_add_rule(struct ipe_parser *p, u32 lineno)
{
	struct ipe_prop *copies[IPE_OP_COUNT] = { };
	struct ipe_line *l = &p->line;
	int n = l->op_last - l->op_first + 1;
	int i, rc = 0;

	/* build every copy first, so that a failure leaves no trace */
	for (i = 0; l->nprops && i < n; i++) {
		if (i == 0) {
			copies[0] = kmemdup(l->props,
					    l->nprops * sizeof(l->props[0]),
					    GFP_KERNEL);
			rc = copies[0] ? 0 : -ENOMEM;
		} else {
			rc = ipe_props_clone(l, &copies[i]);
		}
		if (rc)
			goto fail;
	}
	for (i = 0; i < n; i++) {
		rc = ipe_reserve(p, l->op_first + i);
		if (rc)
			goto fail;
	}

	for (i = 0; i < n; i++) {
		struct ipe_op_rules *t = &p->pol->ops[l->op_first + i];
		struct ipe_rule *r = &t->rules[t->count++];

		r->props = copies[i];
		r->prop_count = l->nprops;
		r->action = l->action;
		r->line = lineno;
	}
	/* the first copy now owns what the line parsed */
	l->nprops = 0;
	return 0;

fail:
	/* copies[0] shares its values with the line, which still owns them */
	kfree(copies[0]);
	for (i = 1; i < n; i++)
		if (copies[i])
			ipe_props_free(copies[i], l->nprops);
	if (rc != -ENOMEM)
		return ipe_fatal(p, "bad property value");
	return rc;
}

static int ipe_parse_rule(struct ipe_parser *p, char *cur, u32 lineno)
{
	struct ipe_line *l = &p->line;
	struct ipe_token tok;
	unsigned int ntok = 0;
	int rc;

	l->is_default = false;
	l->has_op = false;
	l->action = IPE_ACTION_NONE;
	l->nprops = 0;

	while ((rc = ipe_next_token(&cur, &tok, &p->why)) > 0) {
		rc = ipe_line_token(p, &tok, !ntok++);
		if (rc)
			break;
	}
	if (rc < 0) {
		p->where = tok.key;
		return rc;
	}
	if (!l->is_default && !l->has_op)
		return ipe_bad(p, "missing op");
	if (l->action == IPE_ACTION_NONE)
		return ipe_bad(p, "missing action");
	if (l->is_default)
		return ipe_set_default(p);
	return ipe_add_rule(p, lineno);
}

static int ipe_parse_line(struct ipe_parser *p, char *line, u32 lineno)
{
	int rc;

	if (ipe_line_blank(line))
		return 0;
	p->where = NULL;
	if (!p->have_header) {
		rc = ipe_parse_header(p, line);
		p->have_header = !rc;
		return rc;
	}
	rc = ipe_parse_rule(p, line, lineno);
	ipe_line_release(&p->line);
	return rc;
}

/*
 * The 1-based byte column on @line of the token an error is about; an
 * error about the whole line points at its first token.
 */
static u32 ipe_error_column(const struct ipe_parser *p, const char *line)
{
	const char *at = p->where;

	if (!at) {
		at = line;
		while (ipe_is_space(*at))
			at++;
	}
	return at - line + 1;
}

static void ipe_warn_implicit_allow(const struct ipe_parsed_policy *pol)
{
	char ops[96];
	size_t pos = 0;
	int op;

	if (pol->global_default != IPE_ACTION_NONE)
		return;
	for (op = 0; op < IPE_OP_COUNT; op++)
		if (pol->ops[op].default_action == IPE_ACTION_NONE)
			pos += scnprintf(ops + pos, sizeof(ops) - pos, " %s",
					 ipe_op_names[op]);
	if (pos)
		pr_warn("policy \"%s\": no DEFAULT for%s: implicit ALLOW\n",
			pol->name, ops);
}

/**
 * ipe_free_parsed_policy() - release a parsed policy and all its rules
 * @pol: the policy; NULL and error pointers are ignored
 */
void ipe_free_parsed_policy(struct ipe_parsed_policy *pol)
{
	int op;
	u32 i;

	if (IS_ERR_OR_NULL(pol))
		return;
	for (op = 0; op < IPE_OP_COUNT; op++) {
		struct ipe_op_rules *t = &pol->ops[op];

		for (i = 0; i < t->count; i++)
			ipe_props_free(t->rules[i].props,
				       t->rules[i].prop_count);
		kvfree(t->rules);
	}
	kfree(pol->name);
	kfree(pol);
}

/**
 * ipe_parse_policy() - parse a policy text
 * @text: the policy text; need not be NUL-terminated, is not modified
 * @len: number of bytes in @text
 * @strict: fail on any malformed line instead of skipping it
 * @err: receives the line, column and reason of a failure (may be NULL);
 *	on success its line and column are 0 and its reason NULL
 *
 * The language is described at the top of this file.
 *
 * Return: the parsed policy, to be released with ipe_free_parsed_policy(),
 * or ERR_PTR(-EINVAL) for a refused text, or ERR_PTR(-ENOMEM). Never NULL.
 */
struct ipe_parsed_policy *ipe_parse_policy(const char *text, size_t len,
					   bool strict,
					   struct ipe_parse_error *err)
{
	struct ipe_parsed_policy *pol = NULL;
	struct ipe_parser *p;
	char *buf, *line, *end;
	u32 lineno = 0, column = 0;
	int rc = 0;

	if (err) {
		err->line = 0;
		err->column = 0;
		err->reason = NULL;
	}
	if (len == SIZE_MAX)
		return ERR_PTR(-ENOMEM);
	buf = kvmalloc(len + 1, GFP_KERNEL | __GFP_NOWARN);
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (p)
		p->pol = kzalloc(sizeof(*p->pol), GFP_KERNEL);
	if (!buf || !p || !p->pol) {
		rc = -ENOMEM;
		goto out;
	}
	memcpy(buf, text, len);
	buf[len] = '\0';

	end = buf + len;
	for (line = buf; line < end; line++) {
		char *stop = memchr(line, '\n', end - line);
		char *nul;

		if (!stop)
			stop = end;
		lineno++;
		nul = memchr(line, '\0', stop - line);
		if (nul) {
			p->where = nul;
			rc = ipe_fatal(p, "NUL byte in policy");
			column = ipe_error_column(p, line);
			break;
		}
		*stop = '\0';
		rc = ipe_parse_line(p, line, lineno);
		if (rc == -EINVAL && !strict && !p->fatal) {
			pr_warn("policy line %u ignored: %s\n", lineno, p->why);
			rc = 0;
		}
		if (rc) {
			column = ipe_error_column(p, line);
			break;
		}
		line = stop;
	}
	if (!rc && !p->have_header) {
		lineno = 0;
		rc = ipe_bad(p, "empty policy");
	}

out:
	if (rc) {
		if (err) {
			err->line = lineno;
			err->column = lineno ? column : 0;
			err->reason = rc == -ENOMEM ? "out of memory" : p->why;
		}
		if (p)
			ipe_free_parsed_policy(p->pol);
		pol = ERR_PTR(rc);
	} else {
		pol = p->pol;
		ipe_warn_implicit_allow(pol);
	}
	kfree(p);
	kvfree(buf);
	return pol;
}
