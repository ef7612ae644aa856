// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl load, update, activate, delete, audit-policy, list and status: the
 * securityfs nodes under /sys/kernel/security/ipe (--root) and the sysctls
 * under /proc/sys/ipe (--sysctl-root), with a clear message for every
 * error the kernel returns.
 *
 * The audit policy is evaluated beside the active one and only audited:
 * sysctl audit_policy names it (empty for none), and policies/NAME/audit
 * reads 1 for it. A kernel without either has no audit policy.
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/err.h>

#include "ipectl.h"

enum deploy_op {
	DEPLOY_LOAD,
	DEPLOY_UPDATE,
	DEPLOY_ACTIVATE,
	DEPLOY_DELETE,
	DEPLOY_AUDIT,
};

static const char *const deploy_op_names[] = {
	[DEPLOY_LOAD] = "load",
	[DEPLOY_UPDATE] = "update",
	[DEPLOY_ACTIVATE] = "activate",
	[DEPLOY_DELETE] = "delete",
	[DEPLOY_AUDIT] = "audit-policy",
};

/* what a signed blob says about itself, when it can be read */
struct deploy_blob {
	char *data;
	size_t len;
	bool parsed;
	char name[256];
	char version[24];
	/* err.reason is set when the text does not parse */
	struct ipe_parse_error err;
};

/* a loaded policy, as policies/NAME/ shows it */
struct deploy_policy {
	char *dir;
	char name[300];
	char version[32];
	char sha256[65];
	int active;	/* -1: unknown */
	int audit;	/* the audit policy; -1: unknown */
	int boot;	/* -1: unknown */
};

/* the active policy before the write, for the messages about it */
static char deploy_prev_active[300];
static bool deploy_have_prev_active;

static char *deploy_path(const char *base, const char *fmt, ...)
	__printf(2, 3);

/* "BASE/..." malloc()ed; exits on allocation failure */
static char *deploy_path(const char *base, const char *fmt, ...)
{
	char *rest, *path;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&rest, fmt, ap);
	va_end(ap);
	if (n < 0 || asprintf(&path, "%s/%s", base, rest) < 0) {
		ipectl_error("out of memory");
		exit(IPECTL_EXIT_FAIL);
	}
	free(rest);
	return path;
}

static bool deploy_exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

/* write @len bytes to the node @path; 0 or a negative errno */
static int deploy_write(const char *path, const void *buf, size_t len)
{
	int fd, err;

	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -errno;
	err = ipectl_write_all(fd, buf, len);
	if (close(fd) && !err && errno != EINTR)
		err = -errno;
	return err;
}

/*
 * Is IPE's securityfs directory there? When not, say why: securityfs not
 * mounted, or a kernel without IPE (the LSM list does not name it).
 */
static bool deploy_have_ipe(void)
{
	char *parent, *lsm_path, *slash, lsms[512];
	struct stat st;

	if (!stat(ipectl_root, &st) && S_ISDIR(st.st_mode))
		return true;
	parent = strdup(ipectl_root);
	if (!parent) {
		ipectl_error("out of memory");
		return false;
	}
	slash = strrchr(parent, '/');
	if (slash && slash != parent)
		*slash = '\0';
	lsm_path = deploy_path(parent, "lsm");
	if (!ipectl_read_small(lsm_path, lsms, sizeof(lsms)) &&
	    !strstr(lsms, "ipe"))
		ipectl_error("%s%s) (ENODEV)",
			     "IPE is not available: the kernel runs without the IPE LSM (active LSMs: ",
			     lsms);
	else if (!deploy_exists(lsm_path))
		ipectl_error("IPE is not available: %s not found; %s%s%s",
			     ipectl_root, "is securityfs mounted on ", parent,
			     " and IPE built in? (ENOENT)");
	else
		ipectl_error("IPE is not available: %s not found (ENOENT)",
			     ipectl_root);
	free(lsm_path);
	free(parent);
	return false;
}

/* a policy name as a directory name: what the kernel could have made */
static bool deploy_valid_name(const char *name)
{
	return *name && !strchr(name, '/') && strcmp(name, ".") &&
	       strcmp(name, "..") && strlen(name) <= 255;
}

static bool deploy_policy_exists(const char *name)
{
	char *dir = deploy_path(ipectl_root, "policies/%s", name);
	bool ok = deploy_exists(dir);

	free(dir);
	return ok;
}

/* the name of the active policy, "" for none; false when unknown */
static bool deploy_active_name(char *buf, size_t size)
{
	char *path = deploy_path(ipectl_sysctl_root, "active_policy");
	int err = ipectl_read_small(path, buf, size);

	free(path);
	return !err;
}

/*
 * The name of the audit policy, "" for none, from the sysctl; false when
 * unknown (no sysctl: a kernel before the audit policy, or mainline).
 */
static bool deploy_audit_name(char *buf, size_t size)
{
	char *path = deploy_path(ipectl_sysctl_root, "audit_policy");
	int err = ipectl_read_small(path, buf, size);

	free(path);
	return !err;
}

/* note the active policy before a write that may change or refuse it */
static void deploy_note_active(void)
{
	deploy_have_prev_active =
		deploy_active_name(deploy_prev_active,
				   sizeof(deploy_prev_active));
}

/* policies/NAME/NODE read as a small string */
static int deploy_read_node(const char *name, const char *node, char *buf,
			    size_t size)
{
	char *path = deploy_path(ipectl_root, "policies/%s/%s", name, node);
	int err = ipectl_read_small(path, buf, size);

	free(path);
	return err;
}

static bool deploy_is_active(const char *name)
{
	char active[300], flag[8];

	if (!deploy_read_node(name, "active", flag, sizeof(flag)))
		return !strcmp(flag, "1");
	if (deploy_have_prev_active)
		return !strcmp(deploy_prev_active, name);
	return deploy_active_name(active, sizeof(active)) &&
	       !strcmp(active, name);
}

/*
 * Whether policies/NAME is the audit policy: its audit node, else the
 * name the sysctl gave (@audit, NULL when unknown). With neither the
 * node nor the sysctl the kernel has no audit policy: 0. -1: unknown
 * (the audit node is root's alone).
 */
static int deploy_is_audit(const char *name, const char *audit)
{
	char flag[8], *path;
	bool sysctl;
	int err;

	err = deploy_read_node(name, "audit", flag, sizeof(flag));
	if (!err)
		return !strcmp(flag, "1");
	if (audit)
		return !strcmp(audit, name);
	path = deploy_path(ipectl_sysctl_root, "audit_policy");
	sysctl = deploy_exists(path);
	free(path);
	return err == -ENOENT && !sysctl ? 0 : -1;
}

/*
 * whether policies/NAME is the boot policy: reading its raw node is
 * ENOENT (an empty read on kernels before that)
 */
static int deploy_is_boot(const char *name)
{
	char *path = deploy_path(ipectl_root, "policies/%s/raw", name);
	char c;
	int fd, n;

	fd = open(path, O_RDONLY);
	free(path);
	if (fd < 0)
		return -1;
	n = read(fd, &c, 1);
	if (n < 0)
		n = errno == ENOENT ? 0 : -1;
	close(fd);
	return n < 0 ? -1 : !n;
}

static void deploy_blob_info(struct deploy_blob *b)
{
	char sysctl_val[8] = "1", *path, *text;
	struct ipe_parsed_policy *pol;
	bool strict;
	size_t len;

	if (ipectl_pkcs7_content(b->data, b->len, &text, &len))
		return;
	/* parse as the kernel will: in its current mode */
	path = deploy_path(ipectl_sysctl_root, "strict_parse");
	if (ipectl_read_small(path, sysctl_val, sizeof(sysctl_val)))
		strcpy(sysctl_val, "1");
	free(path);
	strict = strcmp(sysctl_val, "0");
	pol = ipectl_parse_quiet(text, len, strict, &b->err);
	if (!IS_ERR(pol)) {
		snprintf(b->name, sizeof(b->name), "%s", pol->name);
		snprintf(b->version, sizeof(b->version), "%u.%u.%u",
			 pol->version[0], pol->version[1], pol->version[2]);
		ipe_free_parsed_policy(pol);
	}
	b->parsed = true;
	free(text);
}

/* the reason of a refused write of @op, into @msg */
static void deploy_reason(char *msg, size_t size, enum deploy_op op, int err,
			  const char *name, const struct deploy_blob *b,
			  const char *node)
{
	const char *bname = b && b->name[0] ? b->name : NULL;
	char active[300] = "", version[32] = "";

	/* a text that does not parse: mainline's codes for that */
	if ((op == DEPLOY_LOAD || op == DEPLOY_UPDATE) &&
	    (err == EBADMSG || err == EINVAL || err == ERANGE) &&
	    b && b->parsed && b->err.reason) {
		if (b->err.line)
			snprintf(msg, size,
				 "the kernel refused the policy: line %u:%u: %s",
				 b->err.line, b->err.column, b->err.reason);
		else
			snprintf(msg, size, "the kernel refused the policy: %s",
				 b->err.reason);
		return;
	}

	switch (err) {
	case EKEYREJECTED:
		snprintf(msg, size, "%s",
			 "signature not trusted by the kernel's keyring: it does not verify (was the policy changed after signing?)");
		return;
	case ENOKEY:
		snprintf(msg, size, "%s",
			 "signature not trusted by the kernel's keyring: the signing certificate does not chain to a trusted key");
		return;
	case EBADMSG:
		snprintf(msg, size,
			 "malformed PKCS#7 or policy: the kernel expects a DER PKCS#7 blob with the policy attached, as 'ipectl sign' makes it%s",
			 b && b->len && b->data[0] != 0x30 ?
			 "; this file is not one (an unsigned policy?)" : "");
		return;
	case ESTALE:
		deploy_read_node(name, "version", version, sizeof(version));
		if (op != DEPLOY_ACTIVATE) {
			snprintf(msg, size,
				 "version not newer than the deployed one: %s is loaded with version %s, the update has %s",
				 name, version[0] ? version : "?",
				 b && b->version[0] ? b->version : "?");
			return;
		}
		if (deploy_have_prev_active)
			snprintf(active, sizeof(active), "%s",
				 deploy_prev_active);
		snprintf(msg, size,
			 "version older than the deployed one: %s has version %s, the active policy %s has a higher one",
			 name, version[0] ? version : "?",
			 active[0] ? active : "?");
		return;
	case EEXIST:
		snprintf(msg, size,
			 "a policy named \"%s\" is already loaded; use 'ipectl update %s FILE' to replace it",
			 bname ? bname : "?", bname ? bname : "NAME");
		return;
	case EBUSY:
		if (op != DEPLOY_AUDIT)
			break;
		snprintf(msg, size,
			 "\"%s\" is the active policy, which cannot also be the audit policy; activate another one first",
			 name);
		return;
	case EPERM:
		if (op == DEPLOY_DELETE && deploy_is_active(name))
			snprintf(msg, size,
				 "operation not permitted: \"%s\" is the active policy; activate another one first",
				 name);
		else if ((op == DEPLOY_DELETE || op == DEPLOY_UPDATE) &&
			 deploy_is_boot(name) == 1)
			snprintf(msg, size,
				 "operation not permitted: \"%s\" is the boot policy, which cannot be %s",
				 name,
				 op == DEPLOY_DELETE ? "deleted" : "updated");
		else
			snprintf(msg, size, "%s",
				 "operation not permitted: changing IPE's policies needs CAP_MAC_ADMIN");
		return;
	case EACCES:
		if (op == DEPLOY_DELETE && deploy_is_active(name))
			snprintf(msg, size,
				 "permission denied: \"%s\" is the active policy",
				 name);
		else
			snprintf(msg, size,
				 "permission denied: %s cannot be written; this needs root with CAP_MAC_ADMIN",
				 node);
		return;
	case ENOENT:
		if (op == DEPLOY_LOAD)
			snprintf(msg, size, "%s not found: is IPE available?",
				 node);
		else
			snprintf(msg, size, "no such policy: \"%s\"", name);
		return;
	case ERANGE:
		snprintf(msg, size, "%s",
			 "the kernel refused the policy: a policy_version part is above 65535");
		return;
	case E2BIG:
		snprintf(msg, size, "%s",
			 "the signed policy is larger than the kernel accepts (8 MiB)");
		return;
	case EINVAL:
		if (op != DEPLOY_LOAD && op != DEPLOY_UPDATE)
			snprintf(msg, size,
				 "invalid argument: the kernel refused \"%s\"",
				 name);
		else if (op == DEPLOY_UPDATE && bname && strcmp(bname, name))
			snprintf(msg, size,
				 "the update is named \"%s\", not \"%s\": an update must keep the policy_name",
				 bname, name);
		else
			snprintf(msg, size, "%s",
				 "the kernel refused the policy: it does not parse (see 'dmesg | grep ipe:')");
		return;
	case ENOMEM:
		snprintf(msg, size, "the kernel is out of memory");
		return;
	case ENODEV:
		snprintf(msg, size, "%s",
			 "IPE is not available: securityfs is not mounted or the kernel has no IPE");
		return;
	case ENOPKG:
		snprintf(msg, size, "%s",
			 "the kernel lacks the digest or signature algorithm of this signature");
		return;
	default:
		break;
	}
	snprintf(msg, size, "%s: %s", node ? node : name, strerror(err));
}

/* print the message for a refused write: "ipectl: OP: REASON (ERRNO)" */
static void deploy_explain(enum deploy_op op, int err, const char *name,
			   const struct deploy_blob *b, const char *node)
{
	char msg[1024];

	deploy_reason(msg, sizeof(msg), op, -err, name, b, node);
	ipectl_error("%s: %s (%s)", deploy_op_names[op], msg,
		     ipectl_errno_name(err));
}

static void deploy_usage(FILE *f, const char *cmd)
{
	static const struct {
		const char *cmd;
		const char *args;
		const char *help;
	} usage[] = {
		{ "load", "[-q] FILE", "Load a signed policy (new_policy)" },
		{ "update", "[-q] NAME FILE", "Replace policy NAME by an update" },
		{ "activate", "[-q] NAME", "Make policy NAME the active one" },
		{ "delete", "[-q] NAME", "Delete policy NAME (not the active one)" },
		{ "audit-policy", "[-q] NAME | --clear",
		  "Make policy NAME the audit policy (evaluated beside the\n"
		  "active one, audited, never enforced), or, with --clear,\n"
		  "have none" },
		{ "list", "[--json]", "List the loaded policies" },
		{ "status", "[--json]", "Settings, active policy, policies" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(usage); i++) {
		if (strcmp(usage[i].cmd, cmd))
			continue;
		fprintf(f, "usage: %s %s [--root DIR] [--sysctl-root DIR] %s\n"
			"%s.\n", ipectl_prog, cmd, usage[i].args,
			usage[i].help);
	}
}

/*
 * Options of the deploy subcommands; returns the index of the operands.
 * @json, @quiet and @clear are NULL where the option is not accepted;
 * with --clear there is no operand.
 */
static int deploy_options(int argc, char **argv, bool *json, bool *quiet,
			  bool *clear, int operands)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, IPECTL_OPT_ROOT },
		{ "sysctl-root", required_argument, NULL,
		  IPECTL_OPT_SYSCTL_ROOT },
		{ "json", no_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "clear", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	int opt;

	while ((opt = getopt_long(argc, argv, "qh", opts, NULL)) != -1) {
		if (ipectl_common_option(opt, optarg))
			continue;
		switch (opt) {
		case 'j':
			if (!json)
				goto usage;
			*json = true;
			break;
		case 'q':
			if (!quiet)
				goto usage;
			*quiet = true;
			break;
		case 'c':
			if (!clear)
				goto usage;
			*clear = true;
			break;
		case 'h':
			deploy_usage(stdout, argv[0]);
			exit(IPECTL_EXIT_OK);
		default:
			goto usage;
		}
	}
	if (clear && *clear)
		operands = 0;
	if (argc - optind == operands)
		return optind;
usage:
	deploy_usage(stderr, argv[0]);
	exit(IPECTL_EXIT_USAGE);
}

static int deploy_blob_read(const char *file, struct deploy_blob *b)
{
	int err;

	memset(b, 0, sizeof(*b));
	err = ipectl_read_file(file, &b->data, &b->len);
	if (err) {
		ipectl_error("%s: %s", ipectl_display_name(file),
			     strerror(-err));
		return IPECTL_EXIT_USAGE;
	}
	deploy_blob_info(b);
	return 0;
}

/**
 * ipectl_cmd_load() - the load subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_load(int argc, char **argv)
{
	bool quiet = false;
	struct deploy_blob b;
	int i, rc, err;
	char *node;

	i = deploy_options(argc, argv, NULL, &quiet, NULL, 1);
	rc = deploy_blob_read(argv[i], &b);
	if (rc)
		return rc;
	if (!deploy_have_ipe()) {
		free(b.data);
		return IPECTL_EXIT_FAIL;
	}
	node = deploy_path(ipectl_root, "new_policy");
	err = deploy_write(node, b.data, b.len);
	if (err) {
		deploy_explain(DEPLOY_LOAD, err, b.name, &b, node);
		rc = IPECTL_EXIT_FAIL;
	} else if (!quiet) {
		printf("loaded policy \"%s\" version %s (not active)\n",
		       b.name[0] ? b.name : "?",
		       b.version[0] ? b.version : "?");
	}
	free(node);
	free(b.data);
	return rc;
}

/**
 * ipectl_cmd_update() - the update subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_update(int argc, char **argv)
{
	bool quiet = false;
	struct deploy_blob b;
	const char *name;
	int i, rc, err;
	char *node;

	i = deploy_options(argc, argv, NULL, &quiet, NULL, 2);
	name = argv[i];
	if (!deploy_valid_name(name)) {
		ipectl_error("update: \"%s\" is not a policy name", name);
		return IPECTL_EXIT_USAGE;
	}
	rc = deploy_blob_read(argv[i + 1], &b);
	if (rc)
		return rc;
	if (!deploy_have_ipe()) {
		free(b.data);
		return IPECTL_EXIT_FAIL;
	}
	if (!deploy_policy_exists(name)) {
		deploy_explain(DEPLOY_UPDATE, -ENOENT, name, &b, NULL);
		free(b.data);
		return IPECTL_EXIT_FAIL;
	}
	node = deploy_path(ipectl_root, "policies/%s/update", name);
	if (!deploy_exists(node)) {
		free(node);
		node = deploy_path(ipectl_root, "policies/%s/raw", name);
	}
	err = deploy_write(node, b.data, b.len);
	if (err) {
		deploy_explain(DEPLOY_UPDATE, err, name, &b, node);
		rc = IPECTL_EXIT_FAIL;
	} else if (!quiet) {
		printf("updated policy \"%s\" to version %s\n", name,
		       b.version[0] ? b.version : "?");
	}
	free(node);
	free(b.data);
	return rc;
}

/* print @name escaped, in quotes: it may come from the kernel */
static void deploy_print_name(const char *name)
{
	putchar('"');
	ipectl_fputs_esc(stdout, name);
	putchar('"');
}

/* activate, delete and audit-policy: a name to a sysctl or securityfs node */
static int deploy_name_op(enum deploy_op op, const char *name, bool quiet)
{
	const char *what = deploy_op_names[op];
	char *node;
	int err;

	if (!deploy_valid_name(name)) {
		ipectl_error("%s: \"%s\" is not a policy name", what, name);
		return IPECTL_EXIT_USAGE;
	}
	if (!deploy_have_ipe())
		return IPECTL_EXIT_FAIL;
	if (!deploy_policy_exists(name)) {
		deploy_explain(op, -ENOENT, name, NULL, NULL);
		return IPECTL_EXIT_FAIL;
	}
	deploy_note_active();
	if (op == DEPLOY_ACTIVATE)
		node = deploy_path(ipectl_sysctl_root, "active_policy");
	else if (op == DEPLOY_AUDIT)
		node = deploy_path(ipectl_sysctl_root, "audit_policy");
	else
		node = deploy_path(ipectl_root, "del_policy");
	if (deploy_exists(node)) {
		err = deploy_write(node, name, strlen(name));
	} else {
		/*
		 * without the sysctl or del_policy: policies/NAME/active and
		 * .../delete (mainline's nodes), or .../audit, which a kernel
		 * without the audit policy does not have either
		 */
		free(node);
		node = deploy_path(ipectl_root, "policies/%s/%s", name,
				   op == DEPLOY_ACTIVATE ? "active" :
				   op == DEPLOY_AUDIT ? "audit" : "delete");
		if (op == DEPLOY_AUDIT && !deploy_exists(node)) {
			ipectl_error("%s: %s (no %s/%s, no %s) (ENOENT)", what,
				     "this kernel has no audit policy",
				     ipectl_sysctl_root, "audit_policy", node);
			free(node);
			return IPECTL_EXIT_FAIL;
		}
		err = deploy_write(node, "1", 1);
	}
	if (err) {
		deploy_explain(op, err, name, NULL, node);
	} else if (!quiet && op == DEPLOY_AUDIT) {
		fputs("audit policy set to ", stdout);
		deploy_print_name(name);
		putchar('\n');
	} else if (!quiet) {
		printf("%s policy \"%s\"\n",
		       op == DEPLOY_ACTIVATE ? "activated" : "deleted", name);
	}
	free(node);
	return err ? IPECTL_EXIT_FAIL : IPECTL_EXIT_OK;
}

/* activate and delete: the options, then the name */
static int deploy_name_cmd(enum deploy_op op, int argc, char **argv)
{
	bool quiet = false;
	int i;

	i = deploy_options(argc, argv, NULL, &quiet, NULL, 1);
	return deploy_name_op(op, argv[i], quiet);
}

/**
 * ipectl_cmd_activate() - the activate subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_activate(int argc, char **argv)
{
	return deploy_name_cmd(DEPLOY_ACTIVATE, argc, argv);
}

/**
 * ipectl_cmd_delete() - the delete subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_delete(int argc, char **argv)
{
	return deploy_name_cmd(DEPLOY_DELETE, argc, argv);
}

static int deploy_policy_cmp(const void *a, const void *b)
{
	const struct deploy_policy *x = a, *y = b;

	return strcmp(x->dir, y->dir);
}

/* @audit: the audit policy's name from the sysctl, NULL when unknown */
static void deploy_policy_read(struct deploy_policy *p, const char *audit)
{
	char *path, *text;
	size_t len;

	if (deploy_read_node(p->dir, "name", p->name, sizeof(p->name)))
		snprintf(p->name, sizeof(p->name), "%s", p->dir);
	if (deploy_read_node(p->dir, "version", p->version,
			     sizeof(p->version)))
		p->version[0] = '\0';
	p->active = deploy_is_active(p->dir);
	p->audit = deploy_is_audit(p->dir, audit);
	p->boot = deploy_is_boot(p->dir);
	p->sha256[0] = '\0';
	path = deploy_path(ipectl_root, "policies/%s/content", p->dir);
	if (!deploy_exists(path)) {
		free(path);
		path = deploy_path(ipectl_root, "policies/%s/policy", p->dir);
	}
	if (!ipectl_read_file(path, &text, &len)) {
		ipectl_sha256_hex(text, len, p->sha256);
		free(text);
	}
	free(path);
}

/* the loaded policies, sorted by name; NULL with *count 0 for none */
static struct deploy_policy *deploy_policies(size_t *count, int *err)
{
	struct deploy_policy *v = NULL, *bigger;
	size_t n = 0, cap = 0, i;
	char *dir, audit[300];
	struct dirent *de;
	bool have_audit;
	DIR *d;

	*err = 0;
	dir = deploy_path(ipectl_root, "policies");
	d = opendir(dir);
	free(dir);
	if (!d) {
		*err = -errno;
		*count = 0;
		return NULL;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			bigger = realloc(v, cap * sizeof(*v));
			if (!bigger) {
				*err = -ENOMEM;
				break;
			}
			v = bigger;
		}
		v[n].dir = strdup(de->d_name);
		if (!v[n].dir) {
			*err = -ENOMEM;
			break;
		}
		n++;
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), deploy_policy_cmp);
	have_audit = deploy_audit_name(audit, sizeof(audit));
	for (i = 0; i < n; i++)
		deploy_policy_read(&v[i], have_audit ? audit : NULL);
	*count = n;
	return v;
}

static void deploy_policies_free(struct deploy_policy *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].dir);
	free(v);
}

static const char *deploy_tristate(int v, const char *yes, const char *no)
{
	return v < 0 ? "?" : v ? yes : no;
}

static void deploy_json_tristate(FILE *f, int v)
{
	fputs(v < 0 ? "null" : v ? "true" : "false", f);
}

static void deploy_json_policy(FILE *f, const struct deploy_policy *p,
			       const char *indent)
{
	fprintf(f, "%s{\"name\": ", indent);
	ipectl_json_str(f, p->name);
	fputs(", \"version\": ", f);
	ipectl_json_str(f, p->version[0] ? p->version : NULL);
	fputs(", \"active\": ", f);
	deploy_json_tristate(f, p->active);
	fputs(", \"boot\": ", f);
	deploy_json_tristate(f, p->boot);
	fputs(", \"sha256\": ", f);
	ipectl_json_str(f, p->sha256[0] ? p->sha256 : NULL);
	fputs(", \"audit\": ", f);
	deploy_json_tristate(f, p->audit);
	fputs("}", f);
}

static void deploy_json_policies(FILE *f, const struct deploy_policy *v,
				 size_t n, const char *indent)
{
	size_t i;

	fputs("[", f);
	for (i = 0; i < n; i++) {
		fputs(i ? ",\n" : "\n", f);
		deploy_json_policy(f, &v[i], indent);
	}
	fprintf(f, "%s]", n ? "\n" : "");
}

static void deploy_table(const struct deploy_policy *v, size_t n)
{
	int w = 4;
	size_t i;

	for (i = 0; i < n; i++)
		if ((int)strlen(v[i].name) > w)
			w = strlen(v[i].name);
	printf("%-*s  %-17s  %-6s  %-5s  %-4s  %s\n", w, "NAME", "VERSION",
	       "ACTIVE", "AUDIT", "BOOT", "SHA256");
	for (i = 0; i < n; i++)
		printf("%-*s  %-17s  %-6s  %-5s  %-4s  %s\n", w, v[i].name,
		       v[i].version[0] ? v[i].version : "?",
		       deploy_tristate(v[i].active, "yes", "no"),
		       deploy_tristate(v[i].audit, "yes", "no"),
		       deploy_tristate(v[i].boot, "yes", "no"),
		       v[i].sha256[0] ? v[i].sha256 : "?");
}

/**
 * ipectl_cmd_list() - the list subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_list(int argc, char **argv)
{
	struct deploy_policy *v;
	bool json = false;
	size_t n;
	int err;

	deploy_options(argc, argv, &json, NULL, NULL, 0);
	if (!deploy_have_ipe())
		return IPECTL_EXIT_FAIL;
	v = deploy_policies(&n, &err);
	if (err) {
		ipectl_error("list: %s/policies: %s", ipectl_root,
			     strerror(-err));
		deploy_policies_free(v, n);
		return IPECTL_EXIT_FAIL;
	}
	if (json) {
		deploy_json_policies(stdout, v, n, "  ");
		putchar('\n');
	} else {
		deploy_table(v, n);
	}
	deploy_policies_free(v, n);
	return IPECTL_EXIT_OK;
}

/* a 0/1 setting: the sysctl, else the securityfs node; -1 unknown */
static int deploy_setting(const char *name, bool securityfs)
{
	char *path, val[16];
	int err;

	path = deploy_path(ipectl_sysctl_root, "%s", name);
	err = ipectl_read_small(path, val, sizeof(val));
	free(path);
	if (err && securityfs) {
		path = deploy_path(ipectl_root, "%s", name);
		err = ipectl_read_small(path, val, sizeof(val));
		free(path);
	}
	if (err)
		return -1;
	if (!strcmp(val, "1"))
		return 1;
	if (!strcmp(val, "0"))
		return 0;
	return -1;
}

/*
 * "audit policy:   NAME (version V, sha256 H)", the name escaped; "none",
 * or "?" when it cannot be told
 */
static void deploy_print_audit(const struct deploy_policy *audit,
			       const char *name, bool unknown)
{
	fputs("audit policy:   ", stdout);
	if (audit) {
		ipectl_fputs_esc(stdout, audit->name);
		printf(" (version %s, sha256 %s)",
		       audit->version[0] ? audit->version : "?",
		       audit->sha256[0] ? audit->sha256 : "?");
	} else if (name[0]) {
		ipectl_fputs_esc(stdout, name);
	} else {
		fputs(unknown ? "?" : "none", stdout);
	}
	putchar('\n');
}

/**
 * ipectl_cmd_status() - the status subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_status(int argc, char **argv)
{
	const struct deploy_policy *active = NULL, *audit = NULL;
	int enforce, success_audit, strict_parse;
	char active_name[300] = "", audit_name[300] = "";
	bool have_active, have_audit, audit_unknown = false;
	struct deploy_policy *v;
	bool json = false;
	size_t n, i;
	int err;

	deploy_options(argc, argv, &json, NULL, NULL, 0);
	if (!deploy_have_ipe())
		return IPECTL_EXIT_FAIL;
	enforce = deploy_setting("enforce", true);
	success_audit = deploy_setting("success_audit", true);
	strict_parse = deploy_setting("strict_parse", false);
	v = deploy_policies(&n, &err);
	if (err) {
		ipectl_error("status: %s/policies: %s", ipectl_root,
			     strerror(-err));
		deploy_policies_free(v, n);
		return IPECTL_EXIT_FAIL;
	}
	have_active = deploy_active_name(active_name, sizeof(active_name));
	for (i = 0; i < n; i++) {
		if (have_active ? !strcmp(v[i].name, active_name) :
				  v[i].active == 1)
			active = &v[i];
	}
	if (!have_active && active)
		snprintf(active_name, sizeof(active_name), "%s", active->name);
	/* no sysctl: the audit nodes; neither: no audit policy */
	have_audit = deploy_audit_name(audit_name, sizeof(audit_name));
	for (i = 0; i < n; i++) {
		if (have_audit ? !strcmp(v[i].name, audit_name) :
				 v[i].audit == 1)
			audit = &v[i];
		audit_unknown |= !have_audit && v[i].audit < 0;
	}
	if (!have_audit && audit)
		snprintf(audit_name, sizeof(audit_name), "%s", audit->name);
	if (audit || have_audit)
		audit_unknown = false;

	if (json) {
		printf("{\n  \"enforce\": ");
		deploy_json_tristate(stdout, enforce);
		printf(",\n  \"success_audit\": ");
		deploy_json_tristate(stdout, success_audit);
		printf(",\n  \"strict_parse\": ");
		deploy_json_tristate(stdout, strict_parse);
		printf(",\n  \"active_policy\": ");
		if (active)
			deploy_json_policy(stdout, active, "");
		else
			printf("null");
		printf(",\n  \"audit_policy\": ");
		if (audit)
			deploy_json_policy(stdout, audit, "");
		else
			printf("null");
		printf(",\n  \"policies\": ");
		deploy_json_policies(stdout, v, n, "    ");
		printf("\n}\n");
	} else {
		printf("enforce:        %s\n",
		       deploy_tristate(enforce, "1 (enforcing)",
				       "0 (permissive)"));
		printf("success_audit:  %s\n",
		       deploy_tristate(success_audit, "1", "0"));
		printf("strict_parse:   %s\n",
		       deploy_tristate(strict_parse, "1", "0"));
		if (active)
			printf("active policy:  %s (version %s, sha256 %s)\n",
			       active->name,
			       active->version[0] ? active->version : "?",
			       active->sha256[0] ? active->sha256 : "?");
		else if (active_name[0])
			printf("active policy:  %s\n", active_name);
		else
			printf("active policy:  none\n");
		deploy_print_audit(audit, audit_name, audit_unknown);
		printf("policies:       %zu loaded\n", n);
		if (n)
			deploy_table(v, n);
	}
	deploy_policies_free(v, n);
	return IPECTL_EXIT_OK;
}

/*
 * audit-policy --clear: an empty name (a lone newline) to the sysctl;
 * without it, 0 to the audit node of the policy that has the role
 */
static int deploy_audit_clear(bool quiet)
{
	const struct deploy_policy *holder = NULL;
	char old[300] = "", *node;
	bool have_old, unknown = false;
	struct deploy_policy *v;
	size_t n, i;
	int err;

	if (!deploy_have_ipe())
		return IPECTL_EXIT_FAIL;
	node = deploy_path(ipectl_sysctl_root, "audit_policy");
	if (deploy_exists(node)) {
		have_old = !ipectl_read_small(node, old, sizeof(old));
		err = deploy_write(node, "\n", 1);
		v = NULL;
		n = 0;
	} else {
		free(node);
		node = NULL;
		v = deploy_policies(&n, &err);
		if (err) {
			ipectl_error("%s: %s/policies: %s",
				     deploy_op_names[DEPLOY_AUDIT], ipectl_root,
				     strerror(-err));
			deploy_policies_free(v, n);
			return IPECTL_EXIT_FAIL;
		}
		for (i = 0; i < n; i++) {
			if (v[i].audit == 1)
				holder = &v[i];
			unknown |= v[i].audit < 0;
		}
		have_old = true;
		if (!holder && unknown) {
			ipectl_error("%s: %s (EACCES)",
				     deploy_op_names[DEPLOY_AUDIT],
				     "which policy is the audit policy cannot be read: the audit nodes are root's");
			deploy_policies_free(v, n);
			return IPECTL_EXIT_FAIL;
		}
		if (holder) {
			snprintf(old, sizeof(old), "%s", holder->name);
			node = deploy_path(ipectl_root, "policies/%s/audit",
					   holder->dir);
			err = deploy_write(node, "0", 1);
		}
	}
	if (err) {
		deploy_explain(DEPLOY_AUDIT, err, old, NULL, node);
	} else if (!quiet && !node) {
		puts("no audit policy: nothing to clear");
	} else if (!quiet) {
		fputs("audit policy cleared", stdout);
		if (have_old && old[0]) {
			fputs(" (was ", stdout);
			deploy_print_name(old);
			putchar(')');
		} else if (have_old) {
			fputs(" (there was none)", stdout);
		}
		putchar('\n');
	}
	free(node);
	deploy_policies_free(v, n);
	return err ? IPECTL_EXIT_FAIL : IPECTL_EXIT_OK;
}

/**
 * ipectl_cmd_audit_policy() - the audit-policy subcommand: make a policy
 *	the audit policy, or (--clear) have none
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_audit_policy(int argc, char **argv)
{
	bool quiet = false, clear = false;
	int i;

	i = deploy_options(argc, argv, NULL, &quiet, &clear, 1);
	if (clear)
		return deploy_audit_clear(quiet);
	return deploy_name_op(DEPLOY_AUDIT, argv[i], quiet);
}
