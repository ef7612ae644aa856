// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl audit: summarise the IPE records of an audit log.
 *
 * Reads auditd's log (/var/log/audit/audit.log, raw or enriched),
 * "ausearch --raw" output or the kernel log (dmesg), where records look
 * like
 *
 *	type=1420 audit(1796281924.568:4): ipe_op=EXECUTE ... res=0
 *	type=IPE_ACCESS msg=audit(1796281924.568:4): ipe_op=EXECUTE ...
 *
 * and counts the denials (type 1420 whose rule ends "action=DENY") by rule
 * and by path, and lists the policy changes (types 1421 and 1422, and
 * 1404 with lsm=ipe). The decisions of the audit policy (1420 records
 * with audit_policy=NAME) never denied anything: they are counted apart,
 * per audit policy, as what it would have denied; a change of the audit
 * role (1421 with old_audit_pol_name/new_audit_pol_name) is listed as
 * such, not as an activation. Strings the kernel logged in hex (a name
 * with a space, say) are decoded. Records of mainline IPE read the same; so do
 * the older records of this series (op= first, res= on 1420). Values are
 * printed escaped (ipectl_fputs_esc()): decoded from hex, they may hold
 * any byte.
 */

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipectl.h"

/* the rule and the path of each denial, for grouping */
struct audit_denials {
	char **rules;		/* one entry per denial */
	char **paths;
	size_t n;
	size_t cap;
};

/* the decisions of one audit policy (audit_policy=NAME), never enforced */
struct audit_pol {
	char *name;
	unsigned long would_deny;
	unsigned long would_allow;
	struct audit_denials d;
};

/* what the summary collects */
struct audit_sum {
	unsigned long records;
	unsigned long by_type[4];	/* 1420, 1421, 1422, 1404 */
	/* the decisions that counted: the active policy's */
	unsigned long allowed;
	unsigned long denied;
	unsigned long denied_permissive;
	struct audit_denials d;
	/* the audit policies' decisions, in the order of their first one */
	unsigned long audit_decisions;
	unsigned long would_deny;
	struct audit_pol *pols;
	size_t npols;
	size_t pols_cap;
	struct ipectl_audit_rec *changes;
	size_t nchanges;
	size_t changes_cap;
};

/* a string and how often it was seen */
struct audit_count {
	const char *s;
	unsigned long n;
};

/**
 * ipectl_audit_get() - the value of a field of a record
 * @r: the record
 * @key: the field's name
 *
 * Return: the value (decoded when the kernel logged it in hex), or NULL
 * when @r has no such field.
 */
const char *ipectl_audit_get(const struct ipectl_audit_rec *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->nfields; i++)
		if (!strcmp(r->fields[i].key, key))
			return r->fields[i].value;
	return NULL;
}

static int audit_type(const char *s, size_t n)
{
	static const struct {
		const char *name;
		int type;
	} names[] = {
		{ "1420", IPECTL_AUDIT_ACCESS },
		{ "IPE_ACCESS", IPECTL_AUDIT_ACCESS },
		{ "UNKNOWN[1420]", IPECTL_AUDIT_ACCESS },
		{ "1421", IPECTL_AUDIT_CONFIG_CHANGE },
		{ "IPE_CONFIG_CHANGE", IPECTL_AUDIT_CONFIG_CHANGE },
		{ "UNKNOWN[1421]", IPECTL_AUDIT_CONFIG_CHANGE },
		{ "1422", IPECTL_AUDIT_POLICY_LOAD },
		{ "IPE_POLICY_LOAD", IPECTL_AUDIT_POLICY_LOAD },
		{ "UNKNOWN[1422]", IPECTL_AUDIT_POLICY_LOAD },
		{ "1404", IPECTL_AUDIT_MAC_STATUS },
		{ "MAC_STATUS", IPECTL_AUDIT_MAC_STATUS },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i].name) == n && !memcmp(names[i].name, s, n))
			return names[i].type;
	return 0;
}

/* fields that audit_log_untrustedstring() may have logged in hex */
static bool audit_untrusted(const char *key)
{
	static const char *const keys[] = {
		"comm", "path", "dev", "rule", "policy_name",
		"old_active_pol_name", "new_active_pol_name", "audit_policy",
		"old_audit_pol_name", "new_audit_pol_name",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		if (!strcmp(keys[i], key))
			return true;
	return false;
}

static int audit_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* decode an unquoted hex value in place; false when it is not hex */
static bool audit_unhex(char *s)
{
	size_t n = strlen(s), i;

	if (!n || n % 2)
		return false;
	for (i = 0; i < n; i++)
		if (audit_hexval(s[i]) < 0)
			return false;
	for (i = 0; i < n / 2; i++)
		s[i] = audit_hexval(s[2 * i]) << 4 | audit_hexval(s[2 * i + 1]);
	s[n / 2] = '\0';
	return true;
}

/**
 * ipectl_audit_rec_free() - free what ipectl_audit_parse_line() allocated
 * @r: the record; it is left empty, and may be freed again
 */
void ipectl_audit_rec_free(struct ipectl_audit_rec *r)
{
	size_t i;

	for (i = 0; i < r->nfields; i++) {
		free(r->fields[i].key);
		free(r->fields[i].value);
	}
	free(r->event);
	r->nfields = 0;
	r->event = NULL;
}

/* the key=value fields after "audit(...): " */
static void audit_fields(char *s, struct ipectl_audit_rec *r)
{
	while (*s && r->nfields < IPECTL_AUDIT_MAX_FIELDS) {
		struct ipectl_audit_field *f = &r->fields[r->nfields];
		char *key, *eq, *val, *end;
		bool quoted;

		while (*s == ' ')
			s++;
		if (!*s)
			break;
		key = s;
		eq = strchr(s, '=');
		end = strchr(s, ' ');
		if (!eq || (end && end < eq)) {
			/* a word without '=': skip it */
			if (!end)
				break;
			s = end;
			continue;
		}
		val = eq + 1;
		quoted = *val == '"';
		if (quoted) {
			/*
			 * The closing quote is the one a space or the end
			 * follows: mainline's rule= holds quotes of its own
			 * (dmverity_roothash="sha256":HEX).
			 */
			val++;
			end = strchr(val, '"');
			while (end && end[1] && end[1] != ' ')
				end = strchr(end + 1, '"');
		} else {
			end = strchr(val, ' ');
		}
		if (!end)
			end = val + strlen(val);
		f->key = strndup(key, eq - key);
		f->value = strndup(val, end - val);
		if (!f->key || !f->value) {
			free(f->key);
			free(f->value);
			break;
		}
		if (!quoted && audit_untrusted(f->key))
			audit_unhex(f->value);
		r->nfields++;
		s = *end ? end + 1 : end;
	}
}

/**
 * ipectl_audit_parse_line() - an IPE record from one line of a log
 * @line: the line, as getline() returns it; it is modified
 * @r: receives the record, to be freed with ipectl_audit_rec_free()
 *
 * Accepts auditd's log (raw or enriched), "ausearch --raw" output and
 * kernel log lines, with the type by number, by name or as UNKNOWN[N].
 * Fields the kernel may log in hex are decoded; a decoded value can hold
 * any byte, so print it with ipectl_fputs_esc().
 *
 * Return: true for a record of type 1420, 1421, 1422 or 1404; false for
 * any other line (then @r holds nothing to free).
 */
bool ipectl_audit_parse_line(char *line, struct ipectl_audit_rec *r)
{
	char *p = line, *t, *ev, *close;
	size_t n;

	memset(r, 0, sizeof(*r));
	line[strcspn(line, "\n\x1d")] = '\0';
	for (;;) {
		t = strstr(p, "type=");
		if (!t)
			return false;
		if (t == line || t[-1] == ' ')
			break;
		p = t + 5;
	}
	t += 5;
	n = strcspn(t, " ");
	r->type = audit_type(t, n);
	if (!r->type)
		return false;
	ev = strstr(t + n, "audit(");
	if (!ev)
		return false;
	ev += 6;
	close = strchr(ev, ')');
	if (!close)
		return false;
	r->event = strndup(ev, close - ev);
	if (!r->event)
		return false;
	p = close + 1;
	if (*p == ':')
		p++;
	audit_fields(p, r);
	return true;
}

static bool audit_push(struct audit_denials *d, const char *rule,
		       const char *path)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 64;
		char **r = realloc(d->rules, cap * sizeof(*r));

		if (!r)
			return false;
		d->rules = r;
		r = realloc(d->paths, cap * sizeof(*r));
		if (!r)
			return false;
		d->paths = r;
		d->cap = cap;
	}
	d->rules[d->n] = strdup(rule);
	d->paths[d->n] = strdup(path);
	if (!d->rules[d->n] || !d->paths[d->n]) {
		free(d->rules[d->n]);
		free(d->paths[d->n]);
		return false;
	}
	d->n++;
	return true;
}

static void audit_denials_free(struct audit_denials *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		free(d->rules[i]);
		free(d->paths[i]);
	}
	free(d->rules);
	free(d->paths);
}

/* the entry of audit policy @name, added when new; NULL when out of memory */
static struct audit_pol *audit_pol_get(struct audit_sum *s, const char *name)
{
	struct audit_pol *p;
	size_t i;

	for (i = 0; i < s->npols; i++)
		if (!strcmp(s->pols[i].name, name))
			return &s->pols[i];
	if (s->npols == s->pols_cap) {
		size_t cap = s->pols_cap ? 2 * s->pols_cap : 4;

		p = realloc(s->pols, cap * sizeof(*p));
		if (!p)
			return NULL;
		s->pols = p;
		s->pols_cap = cap;
	}
	p = &s->pols[s->npols];
	memset(p, 0, sizeof(*p));
	p->name = strdup(name);
	if (!p->name)
		return NULL;
	s->npols++;
	return p;
}

static size_t audit_type_index(int type)
{
	return type == IPECTL_AUDIT_MAC_STATUS ? 3 : type - IPECTL_AUDIT_ACCESS;
}

/**
 * ipectl_audit_allowed() - whether an access record is an allow
 * @r: a record of type 1420
 *
 * Return: for the older records of this series, whether res=1; otherwise
 * (mainline, and this series now) whether the rule ends "action=ALLOW".
 * Every other access record counts as a denial.
 */
bool ipectl_audit_allowed(const struct ipectl_audit_rec *r)
{
	const char *res = ipectl_audit_get(r, "res");
	const char *rule = ipectl_audit_get(r, "rule");
	static const char allow[] = "action=ALLOW";
	size_t n;

	if (res)
		return !strcmp(res, "1");
	if (!rule)
		return false;
	n = strlen(rule);
	return n >= sizeof(allow) - 1 &&
	       !strcmp(rule + n - (sizeof(allow) - 1), allow);
}

/**
 * ipectl_audit_role_change() - whether a record changes the audit policy
 * @r: a record
 *
 * A change of the audit role is a type 1421 record like an activation,
 * with old_audit_pol_name and new_audit_pol_name in place of
 * old_active_pol_name and new_active_pol_name. It activates nothing.
 *
 * Return: true for such a record.
 */
bool ipectl_audit_role_change(const struct ipectl_audit_rec *r)
{
	return r->type == IPECTL_AUDIT_CONFIG_CHANGE &&
	       (ipectl_audit_get(r, "new_audit_pol_name") ||
		ipectl_audit_get(r, "old_audit_pol_name"));
}

/*
 * What a change record says happened: its op= in the older records of
 * this series; otherwise ENFORCE (1404), AUDIT_POL (1421 for the audit
 * role), ACTIVATE (other 1421), FAILED (1422 with res=0), LOAD (1422:
 * mainline does not tell a load from an update).
 */
static const char *audit_change_kind(const struct ipectl_audit_rec *r)
{
	const char *op = ipectl_audit_get(r, "op");
	const char *res = ipectl_audit_get(r, "res");

	if (r->type == IPECTL_AUDIT_MAC_STATUS)
		return "ENFORCE";
	if (op)
		return op;
	if (ipectl_audit_role_change(r))
		return "AUDIT_POL";
	if (r->type == IPECTL_AUDIT_CONFIG_CHANGE)
		return "ACTIVATE";
	if (res && strcmp(res, "1"))
		return "FAILED";
	return "LOAD";
}

/* account for @r; the record is kept (moved) for policy changes */
static bool audit_add(struct audit_sum *s, struct ipectl_audit_rec *r)
{
	if (r->type == IPECTL_AUDIT_MAC_STATUS) {
		const char *lsm = ipectl_audit_get(r, "lsm");

		/* SELinux logs this type too */
		if (!lsm || strcmp(lsm, "ipe")) {
			ipectl_audit_rec_free(r);
			return true;
		}
	}
	s->records++;
	s->by_type[audit_type_index(r->type)]++;
	if (r->type == IPECTL_AUDIT_ACCESS) {
		const char *rule = ipectl_audit_get(r, "rule");
		const char *path = ipectl_audit_get(r, "path");
		const char *enforcing = ipectl_audit_get(r, "enforcing");
		const char *ap = ipectl_audit_get(r, "audit_policy");
		bool allowed = ipectl_audit_allowed(r);
		struct audit_denials *d = &s->d;

		if (ap) {
			/* enforcing= is the system's mode: not counted */
			struct audit_pol *p = audit_pol_get(s, ap);

			if (!p)
				return false;
			s->audit_decisions++;
			if (allowed) {
				p->would_allow++;
			} else {
				p->would_deny++;
				s->would_deny++;
			}
			d = &p->d;
		} else if (allowed) {
			s->allowed++;
		} else {
			s->denied++;
			if (enforcing && !strcmp(enforcing, "0"))
				s->denied_permissive++;
		}
		if (!allowed && !audit_push(d, rule ? rule : "?",
					    path ? path : "(no file)"))
			return false;
		ipectl_audit_rec_free(r);
		return true;
	}
	if (s->nchanges == s->changes_cap) {
		size_t cap = s->changes_cap ? 2 * s->changes_cap : 16;
		struct ipectl_audit_rec *c = realloc(s->changes, cap * sizeof(*c));

		if (!c)
			return false;
		s->changes = c;
		s->changes_cap = cap;
	}
	s->changes[s->nchanges++] = *r;
	memset(r, 0, sizeof(*r));
	return true;
}

static int audit_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int audit_cmp_count(const void *a, const void *b)
{
	const struct audit_count *x = a, *y = b;

	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->s, y->s);
}

/* distinct strings of @v with their counts, most frequent first */
static struct audit_count *audit_counts(char **v, size_t n, size_t *count)
{
	struct audit_count *c;
	size_t i, k = 0;

	*count = 0;
	c = malloc((n ? n : 1) * sizeof(*c));
	if (!c)
		return NULL;
	if (n > 1)
		qsort(v, n, sizeof(*v), audit_cmp_str);
	for (i = 0; i < n; i++) {
		if (k && !strcmp(c[k - 1].s, v[i])) {
			c[k - 1].n++;
			continue;
		}
		c[k].s = v[i];
		c[k].n = 1;
		k++;
	}
	if (k > 1)
		qsort(c, k, sizeof(*c), audit_cmp_count);
	*count = k;
	return c;
}

static const char *audit_or(const struct ipectl_audit_rec *r, const char *key)
{
	const char *v = ipectl_audit_get(r, key);

	return v ? v : "?";
}

/*
 * A copy of @r with every string escaped for the terminal (see
 * ipectl_fputs_esc()); false when out of memory.
 */
static bool audit_rec_escaped(const struct ipectl_audit_rec *r,
			      struct ipectl_audit_rec *e)
{
	size_t i;

	memset(e, 0, sizeof(*e));
	e->type = r->type;
	e->event = ipectl_escape(r->event);
	if (!e->event)
		return false;
	for (i = 0; i < r->nfields; i++) {
		struct ipectl_audit_field *f = &e->fields[i];

		f->key = ipectl_escape(r->fields[i].key);
		f->value = ipectl_escape(r->fields[i].value);
		e->nfields++;
		if (!f->key || !f->value) {
			ipectl_audit_rec_free(e);
			return false;
		}
	}
	return true;
}

static void audit_print_count(const struct audit_count *c)
{
	printf("  %7lu  ", c->n);
	ipectl_fputs_esc(stdout, c->s);
	putchar('\n');
}

/* one side of an audit role change, escaped: "NAME VERSION" or "(none)" */
static void audit_print_role_side(const struct ipectl_audit_rec *r,
				  const char *name_key, const char *version_key)
{
	const char *name = ipectl_audit_get(r, name_key);

	if (!name || !strcmp(name, "?"))
		fputs("(none)", stdout);
	else
		printf("%s %s", name, audit_or(r, version_key));
}

/* one policy change, its strings escaped; false when out of memory */
static bool audit_print_change(const struct ipectl_audit_rec *raw)
{
	struct ipectl_audit_rec esc, *r = &esc;
	const char *op;

	if (!audit_rec_escaped(raw, &esc))
		return false;
	op = audit_change_kind(r);

	printf("  %-22s %-9s", r->event, op);
	if (!strcmp(op, "ENFORCE")) {
		printf(" enforcing=%s (was %s)\n", audit_or(r, "enforcing"),
		       audit_or(r, "old_enforcing"));
	} else if (!strcmp(op, "FAILED")) {
		printf(" errno=%s\n", audit_or(r, "errno"));
	} else if (!strcmp(op, "ACTIVATE")) {
		printf(" %s %s -> %s %s\n", audit_or(r, "old_active_pol_name"),
		       audit_or(r, "old_active_pol_version"),
		       audit_or(r, "new_active_pol_name"),
		       audit_or(r, "new_active_pol_version"));
	} else if (!strcmp(op, "AUDIT_POL")) {
		/* the audit role: nothing was activated */
		fputs(" audit policy: ", stdout);
		audit_print_role_side(r, "old_audit_pol_name",
				      "old_audit_pol_version");
		fputs(" -> ", stdout);
		audit_print_role_side(r, "new_audit_pol_name",
				      "new_audit_pol_version");
		putchar('\n');
	} else if (!strcmp(op, "SET") && r->nfields > 2) {
		/* op=SET NAME=new old_NAME=old */
		printf(" %s=%s (was %s)\n", r->fields[1].key,
		       r->fields[1].value, r->fields[2].value);
	} else if (!strcmp(op, "UPDATE")) {
		printf(" %s %s -> %s %s\n", audit_or(r, "policy_name"),
		       audit_or(r, "old_policy_version"),
		       audit_or(r, "policy_version"),
		       audit_or(r, "policy_digest"));
	} else {
		printf(" %s %s %s\n", audit_or(r, "policy_name"),
		       audit_or(r, "policy_version"),
		       audit_or(r, "policy_digest"));
	}
	ipectl_audit_rec_free(&esc);
	return true;
}

/* the denials of one policy grouped by rule and by path */
struct audit_groups {
	struct audit_count *rules;
	struct audit_count *paths;
	size_t nrules;
	size_t npaths;
};

/* group the denials of @d into @g; false when out of memory */
static bool audit_group(struct audit_denials *d, struct audit_groups *g)
{
	g->rules = audit_counts(d->rules, d->n, &g->nrules);
	g->paths = audit_counts(d->paths, d->n, &g->npaths);
	return g->rules && g->paths;
}

static void audit_groups_free(struct audit_groups *g)
{
	free(g->rules);
	free(g->paths);
}

/* "\nTITLE:\n" then the counts, when there are any */
static void audit_print_counts(const char *title, const char *name,
			       const char *what, const struct audit_count *c,
			       size_t n)
{
	size_t i;

	if (!n)
		return;
	printf("\n%s", title);
	if (name) {
		fputs(" (audit policy ", stdout);
		ipectl_fputs_esc(stdout, name);
		putchar(')');
	}
	printf("%s:\n", what);
	for (i = 0; i < n; i++)
		audit_print_count(&c[i]);
}

static bool audit_print_text(const struct audit_sum *s,
			     const struct audit_groups *g,
			     const struct audit_groups *pg)
{
	size_t i;

	printf("IPE audit records: %lu (1420 access: %lu, ", s->records,
	       s->by_type[0]);
	printf("1421 config change: %lu, 1422 policy load: %lu, ",
	       s->by_type[1], s->by_type[2]);
	printf("1404 enforce switch: %lu)\n", s->by_type[3]);
	printf("%s%lu (denied: %lu, %s%lu; allowed: %lu)\n",
	       "Access decisions: ", s->denied + s->allowed, s->denied,
	       "of which in permissive mode: ", s->denied_permissive,
	       s->allowed);
	if (s->npols) {
		printf("%s%lu (not enforced; would deny: %lu, %s%lu)\n",
		       "Audit policy decisions: ", s->audit_decisions,
		       s->would_deny, "would allow: ",
		       s->audit_decisions - s->would_deny);
		for (i = 0; i < s->npols; i++) {
			fputs("  would deny (audit policy ", stdout);
			ipectl_fputs_esc(stdout, s->pols[i].name);
			printf("): %lu (would allow: %lu)\n",
			       s->pols[i].would_deny, s->pols[i].would_allow);
		}
	}
	audit_print_counts("Denials", NULL, " by rule", g->rules, g->nrules);
	audit_print_counts("Denials", NULL, " by path", g->paths, g->npaths);
	for (i = 0; i < s->npols; i++) {
		audit_print_counts("Would deny", s->pols[i].name, ", by rule",
				   pg[i].rules, pg[i].nrules);
		audit_print_counts("Would deny", s->pols[i].name, ", by path",
				   pg[i].paths, pg[i].npaths);
	}
	if (s->nchanges) {
		printf("\nPolicy changes:\n");
		for (i = 0; i < s->nchanges; i++)
			if (!audit_print_change(&s->changes[i]))
				return false;
	}
	return true;
}

/* "INDENT"KEY": [...]", objects {"NAME": ..., "count": N} */
static void audit_json_counts(const char *indent, const char *key,
			      const char *name, const struct audit_count *c,
			      size_t n)
{
	size_t i;

	printf("%s\"%s\": [", indent, key);
	for (i = 0; i < n; i++) {
		printf("%s\n%s  {\"%s\": ", i ? "," : "", indent, name);
		ipectl_json_str(stdout, c[i].s);
		printf(", \"count\": %lu}", c[i].n);
	}
	printf("%s%s]", n ? "\n" : "", n ? indent : "");
}

static void audit_json_pols(const struct audit_sum *s,
			    const struct audit_groups *pg)
{
	size_t i;

	printf("  \"audit_policies\": [");
	for (i = 0; i < s->npols; i++) {
		printf("%s\n    {\n      \"policy\": ", i ? "," : "");
		ipectl_json_str(stdout, s->pols[i].name);
		printf(",\n      \"would_deny\": %lu,\n      %s%lu,\n",
		       s->pols[i].would_deny, "\"would_allow\": ",
		       s->pols[i].would_allow);
		audit_json_counts("      ", "would_deny_by_rule", "rule",
				  pg[i].rules, pg[i].nrules);
		printf(",\n");
		audit_json_counts("      ", "would_deny_by_path", "path",
				  pg[i].paths, pg[i].npaths);
		printf("\n    }");
	}
	printf("%s],\n", s->npols ? "\n  " : "");
}

static void audit_print_json(const struct audit_sum *s,
			     const struct audit_groups *g,
			     const struct audit_groups *pg)
{
	size_t i, j;

	printf("{\n  \"records\": %lu,\n", s->records);
	printf("  \"by_type\": {\"1420\": %lu, ", s->by_type[0]);
	printf("\"1421\": %lu, \"1422\": %lu, \"1404\": %lu},\n",
	       s->by_type[1], s->by_type[2], s->by_type[3]);
	printf("  \"access\": {\"total\": %lu, \"denied\": %lu, ",
	       s->denied + s->allowed, s->denied);
	printf("\"denied_permissive\": %lu, \"allowed\": %lu},\n",
	       s->denied_permissive, s->allowed);
	printf("  \"audit_policy_access\": {\"total\": %lu, ",
	       s->audit_decisions);
	printf("\"would_deny\": %lu, \"would_allow\": %lu},\n", s->would_deny,
	       s->audit_decisions - s->would_deny);
	audit_json_counts("  ", "denials_by_rule", "rule", g->rules,
			  g->nrules);
	printf(",\n");
	audit_json_counts("  ", "denials_by_path", "path", g->paths,
			  g->npaths);
	printf(",\n");
	audit_json_pols(s, pg);
	printf("  \"policy_changes\": [");
	for (i = 0; i < s->nchanges; i++) {
		const struct ipectl_audit_rec *r = &s->changes[i];

		printf("%s\n    {\"type\": %d, \"event\": ", i ? "," : "",
		       r->type);
		ipectl_json_str(stdout, r->event);
		printf(", \"change\": ");
		ipectl_json_str(stdout, audit_change_kind(r));
		for (j = 0; j < r->nfields; j++) {
			printf(", ");
			ipectl_json_str(stdout, r->fields[j].key);
			printf(": ");
			ipectl_json_str(stdout, r->fields[j].value);
		}
		printf("}");
	}
	printf("%s]\n}\n", s->nchanges ? "\n  " : "");
}

static void audit_usage(FILE *f)
{
	fprintf(f,
		"usage: %s audit [--json] [FILE]\n"
		"Summarise the IPE records (types 1420, 1421, 1422, 1404) of an\n"
		"audit log, 'ausearch --raw' output or dmesg output in FILE\n"
		"(default stdin): denials by rule and by path, what the audit\n"
		"policy would have denied (never enforced) apart, and policy\n"
		"changes.\n",
		ipectl_prog);
}

/**
 * ipectl_cmd_audit() - the audit subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_audit(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct audit_groups g = { }, *pg = NULL;
	size_t cap = 0, i;
	struct audit_sum s = { };
	int opt, rc = IPECTL_EXIT_OK;
	const char *file = "-";
	bool json = false;
	char *line = NULL;
	FILE *in;

	while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (opt) {
		case 'j':
			json = true;
			break;
		case 'h':
			audit_usage(stdout);
			return IPECTL_EXIT_OK;
		default:
			audit_usage(stderr);
			return IPECTL_EXIT_USAGE;
		}
	}
	if (argc - optind > 1) {
		audit_usage(stderr);
		return IPECTL_EXIT_USAGE;
	}
	if (optind < argc)
		file = argv[optind];
	in = ipectl_is_stdin(file) ? stdin : fopen(file, "r");
	if (!in) {
		ipectl_error("%s: %s", file, strerror(errno));
		return IPECTL_EXIT_USAGE;
	}
	while (getline(&line, &cap, in) > 0) {
		struct ipectl_audit_rec r;

		if (!ipectl_audit_parse_line(line, &r))
			continue;
		if (!audit_add(&s, &r)) {
			ipectl_audit_rec_free(&r);
			ipectl_error("out of memory");
			rc = IPECTL_EXIT_FAIL;
			break;
		}
	}
	if (ferror(in)) {
		ipectl_error("%s: read error", ipectl_display_name(file));
		rc = IPECTL_EXIT_USAGE;
	}
	if (in != stdin)
		fclose(in);
	free(line);

	if (rc == IPECTL_EXIT_OK) {
		bool ok = audit_group(&s.d, &g);

		pg = calloc(s.npols ? s.npols : 1, sizeof(*pg));
		ok = ok && pg;
		for (i = 0; ok && i < s.npols; i++)
			ok = audit_group(&s.pols[i].d, &pg[i]);
		if (ok && json)
			audit_print_json(&s, &g, pg);
		else if (ok)
			ok = audit_print_text(&s, &g, pg);
		if (!ok) {
			ipectl_error("out of memory");
			rc = IPECTL_EXIT_FAIL;
		}
	}
	audit_groups_free(&g);
	audit_denials_free(&s.d);
	for (i = 0; i < s.npols; i++) {
		if (pg)
			audit_groups_free(&pg[i]);
		audit_denials_free(&s.pols[i].d);
		free(s.pols[i].name);
	}
	free(pg);
	free(s.pols);
	for (i = 0; i < s.nchanges; i++)
		ipectl_audit_rec_free(&s.changes[i]);
	free(s.changes);
	return rc;
}
