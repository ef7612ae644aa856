// SPDX-License-Identifier: GPL-2.0
/*
 * IPE policy parser: turns a policy text into the per-op rule tables of
 * struct ipe_parsed_policy.
 *
 * The language this parser accepts:
 *
 * - Lines end at '\n', at '\r' or at "\r\n" (one line end, as mainline's
 *   parser, which splits at both, reads it). ' ', '\t', '\v' and '\f' are
 *   whitespace. A NUL byte anywhere (even in a comment) is a fatal error
 *   on its line.
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
 *   "." nor "..". The version is MAJOR.MINOR.REV: three parts, each read
 *   as kstrtou16() reads a decimal number (an optional '+', then digits;
 *   leading zeros allowed; at most 65535). No non-blank line at all is an
 *   "empty policy" (line 0).
 * - A rule line has exactly one op=, exactly one action=ALLOW|DENY and any
 *   number of properties, in any order, each key at most once. op= is one
 *   of EXECUTE FIRMWARE KMODULE KEXEC_IMAGE KEXEC_INITRAMFS POLICY
 *   X509_CERT, or KERNEL_READ, which stores one independent copy of the
 *   rule in each of the six tables FIRMWARE..X509_CERT, in that order.
 *   All names and values are case-sensitive. A property whose Kconfig
 *   option is off (struct ipe_prop_type.built) makes the line malformed:
 *   its rule could never match.
 * - A digest value (dmverity_roothash, fsverity_digest) is HEX or ALG:HEX
 *   (fsverity_digest: only ALG:HEX); see ipe_digest_parse() for the rules
 *   on ALG and on the length of HEX.
 * - "DEFAULT action=X" sets the global default, "DEFAULT op=Y action=X"
 *   the default of op Y (KERNEL_READ: of all six kernel-read ops). Any
 *   other key, a missing action or a repeated key makes the line
 *   malformed. Setting a default that is already set (also through an
 *   overlap with KERNEL_READ) is fatal.
 * - Every op must have a DEFAULT, its own or the global one: a policy
 *   that leaves one without is refused in both modes (line 0), naming
 *   the ops, as mainline refuses it.
 * - strict: any malformed line fails the parse with its line number and a
 *   reason. Lenient: a malformed rule line that starts with "op=" is
 *   skipped with a warning (in the kernel log, by line for the first
 *   IPE_LENIENT_LOG_MAX, then one line counting the rest); any other
 *   malformed line (a DEFAULT line, or one that may be a misspelt
 *   DEFAULT), a misplaced DEFAULT, header
 *   errors, duplicate defaults, NUL bytes, missing defaults and allocation
 *   failures stay fatal. Skipping a DEFAULT would hand its op to the
 *   global DEFAULT, which is often ALLOW.
 * - Errors are reported for the first offending line; within a line, for
 *   the first offending token in text order, then for a missing op, then
 *   for a missing action. The column of an error is that of the offending
 *   token (of the NUL byte, of the line's first token for an error about
 *   the whole line, such as a missing op).
 * - Error codes are mainline's for the same text: -EBADMSG, but -EINVAL
 *   or -ERANGE for a policy_version part that is not a number or is too
 *   large, and -EINVAL for a digest that is not an even number of hex
 *   digits. What is refused here and accepted by mainline is -EBADMSG.
 */

#define pr_fmt(fmt) "ipe: " fmt

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/overflow.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "ipe_limits.h"
#include "policy.h"
#include "property.h"

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

/* a rule or DEFAULT line being parsed; its values are in the arena */
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
	char msg[IPE_PARSE_REASON_MAX];	/* a reason composed for @why */
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
	return c == ' ' || c == '\t' || c == '\v' || c == '\f';
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
 * Return: 1 for a token, 0 at the end of the line, -EBADMSG (with *why)
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
		return -EBADMSG;
	}
	if (*s != '=') {
		tok->value = NULL;
		ipe_cut(cur, s);
		return 1;
	}
	if (s == start) {
		*why = "empty key";
		return -EBADMSG;
	}
	*s++ = '\0';

	if (*s == '"') {
		char *close = strchr(s + 1, '"');

		if (!close) {
			*why = "unterminated quote";
			return -EBADMSG;
		}
		if (!ipe_ends_token(close[1])) {
			*why = "misplaced quote";
			return -EBADMSG;
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
		return -EBADMSG;
	}
	if (s == tok->value) {
		*why = "missing value";
		return -EBADMSG;
	}
	ipe_cut(cur, s);
	return 1;
}

/* refuse the line (in lenient mode: skip it) for @why, as mainline would */
static int ipe_bad(struct ipe_parser *p, const char *why)
{
	p->why = why;
	return -EBADMSG;
}

/* the same, with error code @rc and a reason composed from @fmt */
static __printf(3, 4) int ipe_badf(struct ipe_parser *p, int rc,
				   const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof(p->msg), fmt, ap);
	va_end(ap);
	p->why = p->msg;
	return rc;
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

/*
 * One part of a version, read as mainline reads it (kstrtou16(), base
 * 10): an optional '+', then at least one decimal digit. Return: 0;
 * -ERANGE when the number needs more than 64 bits, or is above 65535;
 * -EINVAL when it is empty or not all digits.
 */
static int ipe_parse_version_part(const char *s, size_t len, u16 *out)
{
	const char *end = s + len;
	bool big = false;
	u64 v = 0;

	if (s < end && *s == '+')
		s++;
	if (s == end || *s < '0' || *s > '9')
		return -EINVAL;
	for (; s < end && *s >= '0' && *s <= '9'; s++)
		if (check_mul_overflow(v, (u64)10, &v) ||
		    check_add_overflow(v, (u64)(*s - '0'), &v))
			big = true;
	if (big)
		return -ERANGE;
	if (s != end)
		return -EINVAL;
	if (v > U16_MAX)
		return -ERANGE;
	*out = v;
	return 0;
}

/* MAJOR.MINOR.REV; the error codes are mainline's (EBADMSG: not 3 parts) */
static int ipe_parse_version(struct ipe_parser *p, const char *s, u16 ver[3])
{
	int i, rc;

	for (i = 0; ; i++) {
		const char *dot = strchr(s, '.');
		size_t len = dot ? (size_t)(dot - s) : strlen(s);

		if (i == 3)
			return ipe_bad(p, "policy_version must be MAJOR.MINOR.REV");
		rc = ipe_parse_version_part(s, len, &ver[i]);
		if (rc == -ERANGE)
			return ipe_badf(p, rc, "policy_version part above %u",
					U16_MAX);
		if (rc)
			return ipe_badf(p, rc,
					"policy_version part is not a number");
		if (!dot)
			break;
		s = dot + 1;
	}
	if (i != 2)
		return ipe_bad(p, "policy_version must be MAJOR.MINOR.REV");
	return 0;
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
				return ipe_bad(p, "key policy_name given twice");
			name = tok.value;
			name_at = tok.key;
		} else if (tok.value && !strcmp(tok.key, "policy_version")) {
			if (version)
				return ipe_bad(p,
					       "key policy_version given twice");
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
	rc = ipe_parse_version(p, version, ver);
	if (rc)
		return rc;

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
	/* a rule on a property that is not built would never match */
	if (!type->built)
		return ipe_badf(p, -EBADMSG, "%s: not built (%s=n)", type->key,
				type->kconfig);
	for (i = 0; i < l->nprops; i++)
		if (l->props[i].type == type)
			return ipe_badf(p, -EBADMSG, "key %s given twice",
					type->key);
	if (l->nprops == IPE_MAX_RULE_PROPS)
		return ipe_bad(p, "too many properties");

	prop = &l->props[l->nprops];
	memset(prop, 0, sizeof(*prop));
	prop->type = type;
	p->msg[0] = '\0';
	rc = type->parse(tok->value, prop, &p->pol->arena, p->msg,
			 sizeof(p->msg));
	if (rc == -ENOMEM)
		return rc;
	if (rc) {
		p->why = p->msg[0] ? p->msg : "bad property value";
		return rc;
	}
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
			return ipe_fatal(p, "misplaced DEFAULT");
		l->is_default = true;
		return 0;
	}
	if (!strcmp(tok->key, "op")) {
		if (l->has_op)
			return ipe_bad(p, "key op given twice");
		if (!ipe_parse_op(tok->value, l))
			return ipe_bad(p, "unknown op");
		l->has_op = true;
		return 0;
	}
	if (!strcmp(tok->key, "action")) {
		if (l->action != IPE_ACTION_NONE)
			return ipe_bad(p, "key action given twice");
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

/*
 * The line's properties in the arena: the values it parsed (@fresh), or
 * the same values parsed again, for a copy of a KERNEL_READ rule that
 * shares nothing with the first one.
 */
static int ipe_props_store(struct ipe_parser *p, bool fresh,
			   struct ipe_prop **out)
{
	struct ipe_arena *arena = &p->pol->arena;
	const struct ipe_line *l = &p->line;
	struct ipe_prop *props;
	u16 i;
	int rc;

	props = ipe_arena_alloc(arena, array_size(l->nprops, sizeof(*props)));
	if (!props)
		return -ENOMEM;
	if (fresh) {
		memcpy(props, l->props, l->nprops * sizeof(*props));
		*out = props;
		return 0;
	}
	for (i = 0; i < l->nprops; i++) {
		props[i].type = l->props[i].type;
		rc = props[i].type->parse(l->values[i], &props[i], arena,
					  NULL, 0);
		if (rc)
			return rc;
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
			  array_size(new_cap, sizeof(*rules)),
			  GFP_KERNEL | __GFP_NOWARN);
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

	/*
	 * Build every copy first, so that a failure adds no rule; what the
	 * copies took of the arena stays there until the policy goes.
	 */
	for (i = 0; l->nprops && i < n; i++) {
		rc = ipe_props_store(p, i == 0, &copies[i]);
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
	return 0;

fail:
	if (rc != -ENOMEM)
		return ipe_fatal(p, "bad property value");
	return rc;
}

/*
 * Whether lenient mode may skip @line when it is malformed: only a rule
 * that starts with "op=", as every rule of mainline's grammar does. Any
 * other line may be a DEFAULT, perhaps misspelt ("DEFALUT op=...",
 * "DEFAULTop=..."), and skipping it would leave its op to the global
 * DEFAULT, often ALLOW.
 */
static bool ipe_line_skippable(const char *line)
{
	while (ipe_is_space(*line))
		line++;
	return !strncmp(line, "op=", 3);
}

static int ipe_parse_rule(struct ipe_parser *p, char *cur, u32 lineno)
{
	struct ipe_line *l = &p->line;
	bool skippable = ipe_line_skippable(cur);
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
	} else if (!l->is_default && !l->has_op) {
		rc = ipe_bad(p, "missing op");
	} else if (l->action == IPE_ACTION_NONE) {
		rc = ipe_bad(p, "missing action");
	} else {
		return l->is_default ? ipe_set_default(p) :
				       ipe_add_rule(p, lineno);
	}
	if (!skippable)
		p->fatal = true;
	return rc;
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
	return ipe_parse_rule(p, line, lineno);
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

/*
 * Every op needs a DEFAULT, its own or the global one, as in mainline: an
 * op without one would allow everything no rule denies. The refusal names
 * the ops, the six kernel-read ops together as KERNEL_READ.
 */
static int ipe_check_defaults(struct ipe_parser *p)
{
	const struct ipe_parsed_policy *pol = p->pol;
	size_t pos = 0;
	int op, kread = 0;

	if (pol->global_default != IPE_ACTION_NONE)
		return 0;
	for (op = IPE_OP_FIRMWARE; op <= IPE_OP_X509_CERT; op++)
		kread += pol->ops[op].default_action == IPE_ACTION_NONE;
	for (op = 0; op < IPE_OP_COUNT; op++) {
		const char *name = ipe_op_names[op];

		if (pol->ops[op].default_action != IPE_ACTION_NONE)
			continue;
		if (kread == IPE_OP_X509_CERT - IPE_OP_FIRMWARE + 1 &&
		    op >= IPE_OP_FIRMWARE && op <= IPE_OP_X509_CERT) {
			if (op != IPE_OP_FIRMWARE)
				continue;
			name = "KERNEL_READ";
		}
		pos += scnprintf(p->msg + pos, sizeof(p->msg) - pos, "%s%s",
				 pos ? ", " : "no DEFAULT for ", name);
	}
	if (!pos)
		return 0;
	p->why = p->msg;
	return -EBADMSG;
}

/**
 * ipe_free_parsed_policy() - release a parsed policy and all its rules
 * @pol: the policy; NULL and error pointers are ignored
 */
void ipe_free_parsed_policy(struct ipe_parsed_policy *pol)
{
	int op;

	if (IS_ERR_OR_NULL(pol))
		return;
	for (op = 0; op < IPE_OP_COUNT; op++)
		kvfree(pol->ops[op].rules);
	ipe_arena_release(&pol->arena);
	kfree(pol->name);
	kfree(pol);
}

/*
 * Above this size a rule table is trimmed to its rules, with vmalloc(),
 * which sizes it to the page (kvmalloc() would try kmalloc() first, which
 * rounds up to a power of two of pages, as the doubling did).
 */
#define IPE_TABLE_TRIM_MIN	(64U << 10)

/*
 * Give a large rule table back what the doubling left unused: a table is
 * kept for as long as the policy is loaded. Return: 0 or -ENOMEM.
 */
static int ipe_trim_tables(struct ipe_parsed_policy *pol, const u32 *cap)
{
	struct ipe_rule *rules;
	size_t bytes;
	int op;

	for (op = 0; op < IPE_OP_COUNT; op++) {
		struct ipe_op_rules *t = &pol->ops[op];

		bytes = array_size(t->count, sizeof(*rules));
		if (t->count == cap[op] || bytes < IPE_TABLE_TRIM_MIN)
			continue;
		rules = __vmalloc(bytes, GFP_KERNEL | __GFP_NOWARN);
		if (!rules)
			return -ENOMEM;
		memcpy(rules, t->rules, bytes);
		kvfree(t->rules);
		t->rules = rules;
	}
	return 0;
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
 * or ERR_PTR(-ENOMEM), or for a refused text the error code mainline
 * gives the same text: ERR_PTR(-EBADMSG) for most, ERR_PTR(-EINVAL) or
 * ERR_PTR(-ERANGE) for a bad number in policy_version, ERR_PTR(-EINVAL)
 * for a digest that is not an even number of hex digits. What this
 * parser refuses and mainline accepts is -EBADMSG. Never NULL.
 */
struct ipe_parsed_policy *ipe_parse_policy(const char *text, size_t len,
					   bool strict,
					   struct ipe_parse_error *err)
{
	struct ipe_parsed_policy *pol = NULL;
	struct ipe_parser *p;
	char *buf, *line, *end, *next;
	u32 lineno = 0, column = 0, skipped = 0;
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
	for (line = buf; line < end; line = next) {
		char *stop = line;

		/* a line ends at LF, CR or CR LF; buf[len] stops the scan */
		while (*stop && *stop != '\n' && *stop != '\r')
			stop++;
		lineno++;
		if (stop < end && !*stop) {
			p->where = stop;
			rc = ipe_fatal(p, "NUL byte in policy");
			column = ipe_error_column(p, line);
			break;
		}
		next = stop + 1;
		if (*stop == '\r' && *next == '\n')
			next++;
		*stop = '\0';
		rc = ipe_parse_line(p, line, lineno);
		/* a policy may have hundreds of thousands of lines */
		cond_resched();
		if (rc && rc != -ENOMEM && !strict && !p->fatal) {
			if (++skipped <= IPE_LENIENT_LOG_MAX)
				pr_warn("policy line %u ignored: %s\n", lineno,
					p->why);
			rc = 0;
		}
		if (rc) {
			column = ipe_error_column(p, line);
			break;
		}
	}
	if (!rc) {
		if (skipped > IPE_LENIENT_LOG_MAX)
			pr_warn("%u more policy lines ignored\n",
				skipped - IPE_LENIENT_LOG_MAX);
		lineno = 0;
		if (!p->have_header)
			rc = ipe_bad(p, "empty policy");
		else
			rc = ipe_check_defaults(p);
		if (!rc)
			rc = ipe_trim_tables(p->pol, p->cap);
	}

out:
	if (rc) {
		if (err) {
			err->line = lineno;
			err->column = lineno ? column : 0;
			scnprintf(err->buf, sizeof(err->buf), "%s",
				  rc == -ENOMEM ? "out of memory" : p->why);
			err->reason = err->buf;
		}
		if (p)
			ipe_free_parsed_policy(p->pol);
		pol = ERR_PTR(rc);
	} else {
		pol = p->pol;
	}
	kfree(p);
	kvfree(buf);
	return pol;
}
