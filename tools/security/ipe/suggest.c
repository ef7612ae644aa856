// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl audit --suggest: policy rules that would allow what was denied.
 *
 * The denials (type 1420 records that are not allows) of one policy are
 * taken from the log: those of the audit-only policy carry
 * audit_policy="NAME"; the others are the active policy's, whose name the
 * activation records (type 1421, new_active_pol_name) give. The 1421
 * records of a change of the audit role (new_audit_pol_name) are not
 * activations: the active policy stays what it was. Each distinct
 * file (op, path, device, inode) is resolved to the strongest property
 * that identifies it (resolve.c): the root hash of its dm-verity device,
 * else its fs-verity digest. The fragment printed has one rule per
 * distinct result, each after comments naming the files it allows, then
 * comments listing what could not be turned into a rule. Everything taken
 * from the log is printed escaped (ipectl_fputs_esc()) and only in
 * comments: no record can make a line of the fragment.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/err.h>

#include "ipectl.h"

#define SUGGEST_PROBE	"policy_name=ipectl policy_version=0.0.0\nDEFAULT action=DENY\n"

/* one denial taken from the log */
struct sg_hit {
	char *op;
	char *hook;
	char *path;		/* NULL: no file */
	char *dev;
	unsigned long ino;
	bool has_ino;
	size_t seq;		/* log order */
};

/* how a distinct file was resolved */
enum sg_kind {
	SG_RULE,		/* a rule allows it */
	SG_NO_PROPERTY,		/* a file without a verifiable property */
	SG_NOT_RESOLVABLE,	/* no file, or an op ipectl does not know */
};

/* a distinct file: the hits with the same op, path, device and inode */
struct sg_file {
	const struct sg_hit *h;	/* the first hit */
	unsigned long count;
	enum sg_kind kind;
	char rule[2 * IPECTL_DIGEST_MAX + 96];
	char facts[160];	/* what makes the rule hold, for a comment */
	bool signed_hash;
	char why[400];		/* why there is no rule */
	char now[128];		/* the file at the path now, when it differs */
};

struct sg_state {
	const struct ipectl_suggest_opts *o;
	struct ipectl_dm_tables *tables;
	struct sg_hit *hits;
	size_t nhits;
	size_t cap;
	size_t npending;	/* hits[0..npending): active policy unknown */
	size_t seq;
	bool activation_seen;
	char *active;		/* the active policy's name, NULL: none */
	unsigned long denials;
	unsigned long other;
	unsigned long unknown;
};

static const char *const sg_ops[] = {
	"EXECUTE", "FIRMWARE", "KMODULE", "KEXEC_IMAGE", "KEXEC_INITRAMFS",
	"POLICY", "X509_CERT",
};

static bool sg_known_op(const char *op)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sg_ops); i++)
		if (!strcmp(sg_ops[i], op))
			return true;
	return false;
}

static void sg_hit_free(struct sg_hit *h)
{
	free(h->op);
	free(h->hook);
	free(h->path);
	free(h->dev);
}

static char *sg_dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* the record's file facts into a new hit; false when out of memory */
static bool sg_take(struct sg_state *st, const struct ipectl_audit_rec *r)
{
	const char *op = ipectl_audit_get(r, "ipe_op");
	const char *path = ipectl_audit_get(r, "path");
	const char *dev = ipectl_audit_get(r, "dev");
	const char *ino = ipectl_audit_get(r, "ino");
	const char *hook = ipectl_audit_get(r, "ipe_hook");
	struct sg_hit h = { };
	char *end;

	if (!op)
		op = ipectl_audit_get(r, "op");	/* older records */
	if (path && (!*path || !strcmp(path, "?")))
		path = NULL;
	if (dev && !strcmp(dev, "?"))
		dev = NULL;
	if (ino && *ino >= '0' && *ino <= '9') {
		errno = 0;
		h.ino = strtoul(ino, &end, 10);
		h.has_ino = !*end && !errno;
	}
	h.op = strdup(op ? op : "?");
	h.hook = strdup(hook ? hook : "?");
	h.path = sg_dup_or_null(path);
	h.dev = strdup(dev ? dev : "?");
	h.seq = st->seq++;
	if (!h.op || !h.hook || !h.dev || (path && !h.path))
		goto oom;
	if (st->nhits == st->cap) {
		size_t cap = st->cap ? 2 * st->cap : 64;
		struct sg_hit *v = realloc(st->hits, cap * sizeof(*v));

		if (!v)
			goto oom;
		st->hits = v;
		st->cap = cap;
	}
	st->hits[st->nhits++] = h;
	return true;
oom:
	sg_hit_free(&h);
	return false;
}

/*
 * The first activation record: the hits taken before it, while the active
 * policy was not known, were of the policy it replaced (@old).
 */
static void sg_settle_pending(struct sg_state *st, const char *old)
{
	size_t i;

	if (old && !strcmp(old, st->o->policy)) {
		st->npending = 0;
		return;
	}
	for (i = 0; i < st->npending; i++)
		sg_hit_free(&st->hits[i]);
	memmove(st->hits, st->hits + st->npending,
		(st->nhits - st->npending) * sizeof(*st->hits));
	st->nhits -= st->npending;
	st->other += st->npending;
	st->npending = 0;
}

/* account for one record; false when out of memory */
static bool sg_record(struct sg_state *st, const struct ipectl_audit_rec *r)
{
	const char *policy = st->o->policy, *ap;

	if (r->type == IPECTL_AUDIT_CONFIG_CHANGE) {
		const char *name = ipectl_audit_get(r, "new_active_pol_name");

		/* a change of the audit role activates nothing */
		if (!name || ipectl_audit_role_change(r))
			return true;
		if (policy && !st->activation_seen)
			sg_settle_pending(st,
					  ipectl_audit_get(r, "old_active_pol_name"));
		st->activation_seen = true;
		free(st->active);
		st->active = strcmp(name, "?") ? strdup(name) : NULL;
		return st->active || !strcmp(name, "?");
	}
	if (r->type != IPECTL_AUDIT_ACCESS || ipectl_audit_allowed(r))
		return true;
	st->denials++;
	ap = ipectl_audit_get(r, "audit_policy");
	if (ap) {
		if (!policy || strcmp(ap, policy)) {
			st->other++;
			return true;
		}
	} else if (policy && st->activation_seen) {
		if (!st->active || strcmp(st->active, policy)) {
			st->other++;
			return true;
		}
	} else if (policy) {
		/* kept in front of the others until the first activation */
		if (!sg_take(st, r))
			return false;
		if (st->nhits - 1 != st->npending) {
			struct sg_hit h = st->hits[st->nhits - 1];

			memmove(st->hits + st->npending + 1,
				st->hits + st->npending,
				(st->nhits - 1 - st->npending) * sizeof(h));
			st->hits[st->npending] = h;
		}
		st->npending++;
		return true;
	}
	return sg_take(st, r);
}

static int sg_strcmp_null(const char *a, const char *b)
{
	if (!a || !b)
		return !!a - !!b;
	return strcmp(a, b);
}

static int sg_cmp_hit(const void *pa, const void *pb)
{
	const struct sg_hit *a = pa, *b = pb;
	int c;

	c = strcmp(a->op, b->op);
	if (!c)
		c = sg_strcmp_null(a->path, b->path);
	if (!c)
		c = strcmp(a->dev, b->dev);
	if (!c && a->has_ino != b->has_ino)
		c = a->has_ino ? 1 : -1;
	if (!c && a->ino != b->ino)
		c = a->ino < b->ino ? -1 : 1;
	/* events without a file are told apart by their hook */
	if (!c && !a->path)
		c = strcmp(a->hook, b->hook);
	if (!c && a->seq != b->seq)
		c = a->seq < b->seq ? -1 : 1;
	return c;
}

static int sg_cmp_file(const void *pa, const void *pb)
{
	const struct sg_file *a = pa, *b = pb;

	return a->h->seq < b->h->seq ? -1 : a->h->seq > b->h->seq;
}

/* whether the kernel's parser takes @rule after a header and a DEFAULT */
static bool sg_rule_parses(const char *rule, char *why, size_t whylen)
{
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err = { };
	size_t hlen = strlen(SUGGEST_PROBE), n = strlen(rule);
	char *text = malloc(hlen + n + 2);

	if (!text) {
		snprintf(why, whylen, "out of memory");
		return false;
	}
	memcpy(text, SUGGEST_PROBE, hlen);
	memcpy(text + hlen, rule, n);
	memcpy(text + hlen + n, "\n", 2);
	pol = ipectl_parse_quiet(text, hlen + n + 1, true, &err);
	free(text);
	if (!IS_ERR(pol)) {
		ipe_free_parsed_policy(pol);
		return true;
	}
	snprintf(why, whylen, "the policy parser refuses \"%s\": %s", rule,
		 err.reason ? err.reason : "error");
	return false;
}

/* the fs-verity digest of @f's file as a rule, when there is one */
static bool sg_fsverity(struct sg_file *f, const char *op, char *why,
			size_t whylen)
{
	char alg[8], hex[2 * IPECTL_DIGEST_MAX + 1];

	if (ipectl_fsverity_measure(f->h->path, f->h->ino, alg, hex, why,
				    whylen))
		return false;
	snprintf(f->rule, sizeof(f->rule),
		 "op=%s fsverity_digest=%s:%s action=ALLOW", op, alg, hex);
	snprintf(f->facts, sizeof(f->facts), "fs-verity digest of the file (%s)",
		 alg);
	return true;
}

static void sg_resolve(struct sg_state *st, struct sg_file *f)
{
	const struct sg_hit *h = f->h;
	char dm_why[160] = "", fsv_why[160] = "";
	struct ipectl_dm_verity v;
	bool same = false;
	int err;

	if (!sg_known_op(h->op)) {
		f->kind = SG_NOT_RESOLVABLE;
		snprintf(f->why, sizeof(f->why), "op not known");
		return;
	}
	if (!h->path) {
		f->kind = SG_NOT_RESOLVABLE;
		snprintf(f->why, sizeof(f->why),
			 "no file (anonymous memory or a buffer)");
		return;
	}

	if (st->o->offline)
		f->now[0] = '\0';
	else if (h->path[0] != '/')
		snprintf(f->now, sizeof(f->now),
			 "not an absolute path: not checked");
	else if (!h->has_ino)
		snprintf(f->now, sizeof(f->now),
			 "no inode number in the record: not checked");
	else
		same = ipectl_file_now(h->path, h->ino, f->now, sizeof(f->now));

	err = ipectl_dm_verity(h->dev, st->tables, st->o->offline, &v, dm_why,
			       sizeof(dm_why));
	if (!err) {
		snprintf(f->rule, sizeof(f->rule),
			 "op=%s dmverity_roothash=%s:%s action=ALLOW", h->op,
			 v.alg, v.root_hash);
		snprintf(f->facts, sizeof(f->facts),
			 "%s: dm-verity, root hash %s, %s", h->dev, v.alg,
			 v.signed_hash ?
			 "opened with a root hash signature" :
			 "no root hash signature");
		f->signed_hash = v.signed_hash;
	} else if (err == -ENODEV) {
		snprintf(dm_why, sizeof(dm_why), "not a device-mapper device");
	}

	if (err) {
		if (st->o->offline)
			snprintf(fsv_why, sizeof(fsv_why),
				 "offline: fs-verity not measured");
		else if (!same)
			snprintf(fsv_why, sizeof(fsv_why),
				 "fs-verity not measured: not the recorded file");
		else if (sg_fsverity(f, h->op, fsv_why, sizeof(fsv_why)))
			err = 0;
	}
	if (err) {
		f->kind = SG_NO_PROPERTY;
		snprintf(f->why, sizeof(f->why), "%s: %s; %s", h->dev, dm_why,
			 fsv_why);
		return;
	}
	if (!sg_rule_parses(f->rule, f->why, sizeof(f->why))) {
		/* the facts that gave the rule, then the parser's refusal */
		char refusal[sizeof(f->why)];

		snprintf(refusal, sizeof(refusal), "%s", f->why);
		snprintf(f->why, sizeof(f->why), "%.150s; %.240s", f->facts,
			 refusal);
		f->kind = SG_NO_PROPERTY;
		return;
	}
	f->kind = SG_RULE;
}

static const char *sg_plural(unsigned long n)
{
	return n == 1 ? "" : "s";
}

/* "OP PATH (DEV, inode INO): N denials[; NOTE]", escaped */
static void sg_print_file(const struct sg_file *f, const char *prefix)
{
	const struct sg_hit *h = f->h;

	fputs(prefix, stdout);
	ipectl_fputs_esc(stdout, h->op);
	if (h->path) {
		putchar(' ');
		ipectl_fputs_esc(stdout, h->path);
		fputs(" (", stdout);
		ipectl_fputs_esc(stdout, h->dev);
		if (h->has_ino)
			printf(", inode %lu", h->ino);
		putchar(')');
	} else {
		fputs(" (hook ", stdout);
		ipectl_fputs_esc(stdout, h->hook);
		putchar(')');
	}
	printf(": %lu denial%s", f->count, sg_plural(f->count));
	if (f->now[0]) {
		fputs("; ", stdout);
		ipectl_fputs_esc(stdout, f->now);
	}
	putchar('\n');
}

static void sg_print_header(const struct sg_state *st, size_t nfiles,
			    size_t nrules, size_t nprop, size_t nres)
{
	const char *policy = st->o->policy;

	fputs("# IPE rules that would allow what was denied, from ", stdout);
	ipectl_fputs_esc(stdout, ipectl_display_name(st->o->file));
	fputs("\n# (ipectl audit --suggest", stdout);
	if (st->o->offline)
		fputs(", offline", stdout);
	fputs(")\n", stdout);
	if (policy) {
		fputs("# policy \"", stdout);
		ipectl_fputs_esc(stdout, policy);
		fputs("\": its records as the audit-only policy, and the active\n"
		      "# policy's while it was active\n", stdout);
	} else {
		fputs("# policy: the active one (records without audit_policy)\n",
		      stdout);
	}
	printf("# denials: %lu taken, %lu of other policies", st->denials -
	       st->other - st->unknown, st->other);
	if (st->unknown)
		printf(", %lu while the active policy was not known", st->unknown);
	printf("\n# files: %zu; rules: %zu; no verifiable property: %zu; ",
	       nfiles, nrules, nprop);
	printf("not resolvable: %zu\n", nres);
	puts("# Review every rule: it allows whatever has the property it names.");
}

static void sg_print(const struct sg_state *st, struct sg_file *files,
		     size_t nfiles)
{
	size_t i, j, nrules = 0, nprop = 0, nres = 0;
	bool *done = calloc(nfiles ? nfiles : 1, sizeof(*done));

	for (i = 0; i < nfiles; i++) {
		if (files[i].kind == SG_NO_PROPERTY)
			nprop++;
		if (files[i].kind == SG_NOT_RESOLVABLE)
			nres++;
		if (files[i].kind != SG_RULE)
			continue;
		for (j = 0; j < i; j++)
			if (files[j].kind == SG_RULE &&
			    !strcmp(files[j].rule, files[i].rule))
				break;
		nrules += j == i;
	}
	sg_print_header(st, nfiles, nrules, nprop, nres);

	/* rules in the order of their first denial, each after its files */
	for (i = 0; i < nfiles; i++) {
		if (files[i].kind != SG_RULE || (done && done[i]))
			continue;
		putchar('\n');
		for (j = i; j < nfiles; j++) {
			if (files[j].kind != SG_RULE ||
			    strcmp(files[j].rule, files[i].rule))
				continue;
			sg_print_file(&files[j], "# ");
			if (done)
				done[j] = true;
		}
		fputs("# ", stdout);
		ipectl_fputs_esc(stdout, files[i].facts);
		putchar('\n');
		puts(files[i].rule);
		if (files[i].signed_hash) {
			puts("# or, for every volume opened with a verified root hash signature:");
			printf("#op=%s dmverity_signature=TRUE action=ALLOW\n",
			       files[i].h->op);
		}
	}
	free(done);

	if (nprop) {
		puts("\n# no verifiable property (no rule):");
		for (i = 0; i < nfiles; i++) {
			if (files[i].kind != SG_NO_PROPERTY)
				continue;
			sg_print_file(&files[i], "#   ");
			fputs("#     ", stdout);
			ipectl_fputs_esc(stdout, files[i].why);
			putchar('\n');
		}
	}
	if (nres) {
		puts("\n# not resolvable:");
		for (i = 0; i < nfiles; i++) {
			if (files[i].kind != SG_NOT_RESOLVABLE)
				continue;
			sg_print_file(&files[i], "#   ");
			fputs("#     ", stdout);
			ipectl_fputs_esc(stdout, files[i].why);
			putchar('\n');
		}
	}
}

/* the distinct files of the hits, in the order of their first denial */
static struct sg_file *sg_files(struct sg_state *st, size_t *nfiles)
{
	struct sg_file *files;
	size_t i, n = 0;

	files = calloc(st->nhits ? st->nhits : 1, sizeof(*files));
	if (!files)
		return NULL;
	if (st->nhits > 1)
		qsort(st->hits, st->nhits, sizeof(*st->hits), sg_cmp_hit);
	for (i = 0; i < st->nhits; i++) {
		struct sg_hit a = st->hits[i], b;

		if (n) {
			b = *files[n - 1].h;
			a.seq = b.seq;
			if (!sg_cmp_hit(&a, &b)) {
				files[n - 1].count++;
				continue;
			}
		}
		files[n].h = &st->hits[i];
		files[n].count = 1;
		n++;
	}
	if (n > 1)
		qsort(files, n, sizeof(*files), sg_cmp_file);
	*nfiles = n;
	return files;
}

/**
 * ipectl_suggest() - print rules that would allow the denials of a log
 * @in: the log
 * @o: the options; @o->file names @in in the output
 *
 * Return: the exit status: %IPECTL_EXIT_OK, %IPECTL_EXIT_FAIL when out of
 * memory, %IPECTL_EXIT_USAGE when the log or the saved tables cannot be
 * read.
 */
int ipectl_suggest(FILE *in, const struct ipectl_suggest_opts *o)
{
	struct sg_state st = { .o = o };
	struct sg_file *files = NULL;
	int rc = IPECTL_EXIT_OK, err;
	size_t cap = 0, nfiles = 0, i;
	char *line = NULL;

	if (o->dm_table) {
		err = ipectl_dm_tables_read(o->dm_table, &st.tables);
		if (err) {
			ipectl_error("%s: %s", o->dm_table, strerror(-err));
			return err == -ENOMEM ? IPECTL_EXIT_FAIL :
						IPECTL_EXIT_USAGE;
		}
	}
	while (getline(&line, &cap, in) > 0) {
		struct ipectl_audit_rec r;
		bool ok;

		if (!ipectl_audit_parse_line(line, &r))
			continue;
		ok = sg_record(&st, &r);
		ipectl_audit_rec_free(&r);
		if (!ok) {
			ipectl_error("out of memory");
			rc = IPECTL_EXIT_FAIL;
			goto out;
		}
	}
	if (ferror(in)) {
		ipectl_error("%s: read error", ipectl_display_name(o->file));
		rc = IPECTL_EXIT_USAGE;
		goto out;
	}
	/* no activation record: the active policy stayed unknown */
	for (i = 0; i < st.npending; i++)
		sg_hit_free(&st.hits[i]);
	memmove(st.hits, st.hits + st.npending,
		(st.nhits - st.npending) * sizeof(*st.hits));
	st.nhits -= st.npending;
	st.unknown = st.npending;
	st.npending = 0;
	if (st.unknown) {
		ipectl_error("%lu denial%s of the active policy %s%s%s",
			     st.unknown, sg_plural(st.unknown),
			     "before any activation record (type 1421) skipped: ",
			     "which policy was active is not known; add the ",
			     "1421 records (ausearch -m 1420,1421)");
	}

	files = sg_files(&st, &nfiles);
	if (!files) {
		ipectl_error("out of memory");
		rc = IPECTL_EXIT_FAIL;
		goto out;
	}
	for (i = 0; i < nfiles; i++)
		sg_resolve(&st, &files[i]);
	sg_print(&st, files, nfiles);
out:
	free(files);
	free(line);
	for (i = 0; i < st.nhits; i++)
		sg_hit_free(&st.hits[i]);
	free(st.hits);
	free(st.active);
	ipectl_dm_tables_free(st.tables);
	return rc;
}
