// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl allowlist: a policy that allows to execute exactly the files of
 * a tree that fs-verity protects, each by its fs-verity digest.
 *
 * An image-based system seals every file of its image with fs-verity;
 * its executables, shared libraries and loader are then named by digest,
 * one rule each. Every regular file under each DIR is measured, whether
 * or not it is executable (a library is mapped executable, not run); a
 * file without fs-verity is skipped and counted. Symbolic links are not
 * followed and other filesystems are not entered unless asked.
 *
 * The command fails closed: a directory or file that cannot be read or
 * measured is an error, and then nothing is written, since an allowlist
 * that silently leaves a file out denies its code when it is needed. The
 * text is parsed with the kernel's parser before it is written, and a
 * file is replaced atomically (a temporary file renamed over it).
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/err.h>

#include "ipectl.h"

/* what a signed blob adds to the text, at most, for the size warning */
#define ALLOWLIST_SIG_ROOM	(16U << 10)

struct al_state {
	struct ipectl_digests set;
	bool cross_mounts;
	bool verbose;
	dev_t dev;		/* the filesystem of the DIR walked */
	char *path;		/* the current path, for messages */
	size_t path_cap;
	unsigned long measured;
	unsigned long skipped;
	unsigned long mounts;
	unsigned long errors;	/* a directory or file not read or measured */
	bool oom;
};

static void al_usage(FILE *f)
{
	fprintf(f,
		"usage: %s allowlist [-o FILE] [--name NAME] [--version X.Y.Z]\n"
		"                 [--boot-verified] [--cross-mounts] [-v] DIR...\n"
		"Write a policy that allows to execute exactly the files with\n"
		"fs-verity under each DIR: one rule per distinct fs-verity\n"
		"digest, in digest order, after \"DEFAULT action=ALLOW\" and\n"
		"\"DEFAULT op=EXECUTE action=DENY\". Symbolic links are not\n"
		"followed, other filesystems are not entered.\n"
		"  -o, --output FILE  write FILE, replaced atomically (default\n"
		"                     stdout)\n"
		"  --name NAME        the policy_name (default allowlist)\n"
		"  --version X.Y.Z    the policy_version (default 1.0.0)\n"
		"  --boot-verified    allow what comes from the initramfs too\n"
		"  --cross-mounts     enter other filesystems mounted below DIR\n"
		"  -v, --verbose      list the files without fs-verity on stderr\n"
		"A directory or file that cannot be read or measured is an\n"
		"error: nothing is written. Exit status: 0 written, 1 such\n"
		"errors (or the output cannot be written), 2 usage error or a\n"
		"DIR that cannot be opened.\n",
		ipectl_prog);
}

/* "ipectl: allowlist: PATH: MESSAGE", the path escaped */
static void al_msg(const char *path, const char *fmt, ...) __printf(2, 3);

static void al_msg(const char *path, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: allowlist: ", ipectl_prog);
	ipectl_fputs_esc(stderr, path);
	fputs(": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void al_fail(struct al_state *st, const char *fmt, ...)
	__printf(2, 3);

/* an error about the current path: the allowlist would be incomplete */
static void al_fail(struct al_state *st, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	al_msg(st->path, "%s", msg);
	st->errors++;
}

/*
 * Set the current path to its first @len bytes, "/" and @name; false when
 * out of memory.
 */
static bool al_path_set(struct al_state *st, size_t len, const char *name)
{
	size_t n = strlen(name), need = len + 1 + n + 1;
	bool slash = len && st->path[len - 1] != '/';

	if (need > st->path_cap) {
		size_t cap = st->path_cap ? st->path_cap : 256;
		char *p;

		while (cap < need)
			cap *= 2;
		p = realloc(st->path, cap);
		if (!p) {
			st->oom = true;
			return false;
		}
		st->path = p;
		st->path_cap = cap;
	}
	if (slash)
		st->path[len++] = '/';
	memcpy(st->path + len, name, n + 1);
	return true;
}

static void al_file(struct al_state *st, int dfd, const char *name)
{
	char alg[8], hex[2 * IPECTL_DIGEST_MAX + 1], why[160];
	struct stat sb;
	int fd, err;

	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
		    O_CLOEXEC);
	if (fd < 0) {
		al_fail(st, "%s", strerror(errno));
		return;
	}
	if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
		al_fail(st, "not a regular file any more: changed during the walk");
		close(fd);
		return;
	}
	err = ipectl_fsverity_measure_fd(fd, alg, hex, why, sizeof(why));
	close(fd);
	if (err == -ENODATA || err == -ENOTTY || err == -EOPNOTSUPP) {
		st->skipped++;
		if (st->verbose)
			al_msg(st->path, "%s: skipped", why);
		return;
	}
	if (err) {
		al_fail(st, "%s", why);
		return;
	}
	err = ipectl_digests_add(&st->set, alg, hex);
	if (err == -ENOMEM) {
		st->oom = true;
		return;
	}
	if (err) {
		al_fail(st, "unexpected digest %s:%s", alg, hex);
		return;
	}
	st->measured++;
}

static int al_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The names in directory @d, sorted, so that messages come in the same
 * order on every run; NULL on error (reported) or when out of memory.
 */
static char **al_read_names(struct al_state *st, DIR *d, size_t *count)
{
	char **names = NULL, **v;
	size_t n = 0, cap = 0;
	struct dirent *de;

	for (;;) {
		errno = 0;
		de = readdir(d);
		if (!de)
			break;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			v = realloc(names, cap * sizeof(*v));
			if (!v)
				goto oom;
			names = v;
		}
		names[n] = strdup(de->d_name);
		if (!names[n])
			goto oom;
		n++;
	}
	if (errno) {
		al_fail(st, "cannot read the directory: %s", strerror(errno));
		goto out;
	}
	if (n > 1)
		qsort(names, n, sizeof(*names), al_name_cmp);
	*count = n;
	return names ? names : calloc(1, sizeof(*names));
oom:
	st->oom = true;
out:
	while (n)
		free(names[--n]);
	free(names);
	return NULL;
}

static void al_dir(struct al_state *st, int fd);

static void al_entry(struct al_state *st, int dfd, const char *name)
{
	struct stat sb, now;
	int fd;

	if (fstatat(dfd, name, &sb, AT_SYMLINK_NOFOLLOW)) {
		al_fail(st, "%s", strerror(errno));
		return;
	}
	if (S_ISREG(sb.st_mode)) {
		al_file(st, dfd, name);
		return;
	}
	/* symbolic links, devices, FIFOs and sockets hold no code */
	if (!S_ISDIR(sb.st_mode))
		return;
	if (sb.st_dev != st->dev && !st->cross_mounts) {
		st->mounts++;
		al_msg(st->path, "another filesystem: not entered (--cross-mounts enters it)");
		return;
	}
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		al_fail(st, "%s", strerror(errno));
		return;
	}
	if (fstat(fd, &now) || now.st_dev != sb.st_dev ||
	    now.st_ino != sb.st_ino) {
		al_fail(st, "changed during the walk");
		close(fd);
		return;
	}
	al_dir(st, fd);
}

/* walk the directory open as @fd (closed here), the current path's */
static void al_dir(struct al_state *st, int fd)
{
	size_t len = strlen(st->path), n = 0, i;
	char **names;
	DIR *d;

	d = fdopendir(fd);
	if (!d) {
		al_fail(st, "%s", strerror(errno));
		close(fd);
		return;
	}
	names = al_read_names(st, d, &n);
	for (i = 0; names && i < n && !st->oom; i++) {
		if (!al_path_set(st, len, names[i]))
			break;
		al_entry(st, dirfd(d), names[i]);
	}
	st->path[len] = '\0';
	for (i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
	closedir(d);
}

/* walk DIR @dir, as given (a symbolic link to a directory is followed) */
static int al_walk(struct al_state *st, const char *dir)
{
	size_t len = strlen(dir);
	struct stat sb;
	int fd;

	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &sb)) {
		int err = errno;

		if (fd >= 0)
			close(fd);
		al_msg(dir, "%s", strerror(err));
		return -err;
	}
	/* the path without trailing slashes, but "/" */
	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (!al_path_set(st, 0, dir)) {
		close(fd);
		return -ENOMEM;
	}
	st->path[len] = '\0';
	st->dev = sb.st_dev;
	al_dir(st, fd);
	return 0;
}

/*
 * Whether the kernel's parser takes NAME and VERSION in a header; the
 * parser's reason is printed when it does not. A name is parsed beside
 * a valid version, and the other way round, so that the reason is about
 * the option named.
 */
static bool al_header_ok(const char *name, const char *version)
{
	const char *opt = "--name", *val = name;
	struct ipe_parsed_policy *pol = NULL;
	struct ipe_parse_error err = { };
	char *header = NULL, *text = NULL;
	const char *why = NULL;
	int pass;

	for (pass = 0; pass < 2 && !why; pass++) {
		if (pass) {
			opt = "--version";
			val = version;
		}
		if (!pass && strpbrk(name, "\"\n\r")) {
			why = "bad policy_name (a double quote or a line end cannot be written)";
			break;
		}
		if (pass && !*version) {
			why = "policy_version must be MAJOR.MINOR.REV";
			break;
		}
		/* only digits, '+' and '.' leave nothing for a comment to hide */
		if (pass && strspn(version, "0123456789+.") != strlen(version)) {
			why = "policy_version part is not a number";
			break;
		}
		header = ipectl_allowlist_header(pass ? "x" : name,
						 pass ? version : "0.0.0");
		if (!header || asprintf(&text, "%sDEFAULT action=ALLOW\n",
					header) < 0) {
			free(header);
			why = "out of memory";
			break;
		}
		pol = ipectl_parse_quiet(text, strlen(text), true, &err);
		if (IS_ERR(pol))
			why = err.reason ? err.reason : "refused";
		else if (!pass && strcmp(pol->name, name))
			why = "bad policy_name";
		if (!IS_ERR(pol))
			ipe_free_parsed_policy(pol);
		free(header);
		free(text);
		text = NULL;
	}
	if (!why)
		return true;
	fprintf(stderr, "%s: allowlist: %s \"", ipectl_prog, opt);
	ipectl_fputs_esc(stderr, val);
	if (!strcmp(why, "bad policy_name"))
		fprintf(stderr, "\": %s: %s\n", why,
			"1 to 255 printable ASCII characters, no '/' or '\"', not \".\" or \"..\"");
	else
		fprintf(stderr, "\": %s\n", why);
	return false;
}

/* write @text to what is not a regular file (/dev/null, a FIFO) as is */
static int al_write_direct(const char *out, const char *text, size_t len)
{
	int fd, err;

	fd = open(out, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
	} else {
		err = ipectl_write_all(fd, text, len);
		if (close(fd) && !err)
			err = -errno;
	}
	if (err)
		ipectl_error("allowlist: %s: %s", out, strerror(-err));
	return err;
}

/*
 * Write @text to @out, "-" for stdout. A regular file, or a new one, is
 * replaced atomically: the text goes to a temporary file in the same
 * directory, which is then renamed over it; an existing file keeps its
 * mode, and a symbolic link stays and has the file it names replaced.
 */
static int al_write(const char *out, const char *text, size_t len)
{
	char *tmp = NULL, *target = NULL, *slash;
	const char *path = out;
	struct stat sb;
	mode_t mode;
	int fd, err;

	if (ipectl_is_stdin(out)) {
		err = ipectl_write_all(STDOUT_FILENO, text, len);
		if (err)
			ipectl_error("allowlist: <stdout>: %s", strerror(-err));
		return err;
	}
	if (!stat(out, &sb)) {
		if (S_ISDIR(sb.st_mode)) {
			ipectl_error("allowlist: %s: %s", out, strerror(EISDIR));
			return -EISDIR;
		}
		if (!S_ISREG(sb.st_mode))
			return al_write_direct(out, text, len);
		mode = sb.st_mode & 07777;
		target = realpath(out, NULL);
		if (target)
			path = target;
	} else {
		/* the mode of a file created as usual, not mkostemp()'s 0600 */
		mode = umask(0);
		umask(mode);
		mode = 0666 & ~mode;
	}
	slash = strrchr(path, '/');
	if (asprintf(&tmp, "%.*s.%s.XXXXXX", slash ? (int)(slash - path + 1) : 0,
		     path, slash ? slash + 1 : path) < 0) {
		ipectl_error("out of memory");
		free(target);
		return -ENOMEM;
	}
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		ipectl_error("allowlist: %s: %s", out, strerror(errno));
		free(tmp);
		free(target);
		return err;
	}
	err = fchmod(fd, mode) ? -errno : 0;
	if (!err)
		err = ipectl_write_all(fd, text, len);
	if (!err && fsync(fd))
		err = -errno;
	if (close(fd) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err) {
		ipectl_error("allowlist: %s: %s", out, strerror(-err));
		unlink(tmp);
	}
	free(tmp);
	free(target);
	return err;
}

static const char *al_s(unsigned long n)
{
	return n == 1 ? "" : "s";
}

/* the text of @st's digests, checked with the kernel's parser; or NULL */
static char *al_text(struct al_state *st, const struct ipectl_allowlist_head *h,
		     size_t *len)
{
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err = { };
	char *text;

	text = ipectl_allowlist_text(h, &st->set, len);
	if (!text) {
		ipectl_error("out of memory");
		return NULL;
	}
	pol = ipectl_parse_quiet(text, *len, true, &err);
	if (IS_ERR(pol)) {
		if (PTR_ERR(pol) == -ENOMEM)
			ipectl_error("out of memory");
		else
			ipectl_error("allowlist: %s: line %u: %s",
				     "internal error: the policy does not parse",
				     err.line, err.reason ? err.reason : "refused");
		free(text);
		return NULL;
	}
	ipe_free_parsed_policy(pol);
	return text;
}

/**
 * ipectl_cmd_allowlist() - the allowlist subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_allowlist(int argc, char **argv)
{
	enum { OPT_NAME = 256, OPT_VERSION, OPT_BOOT, OPT_CROSS };
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "name", required_argument, NULL, OPT_NAME },
		{ "version", required_argument, NULL, OPT_VERSION },
		{ "boot-verified", no_argument, NULL, OPT_BOOT },
		{ "cross-mounts", no_argument, NULL, OPT_CROSS },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct ipectl_allowlist_head h = {
		.name = "allowlist",
		.version = "1.0.0",
	};
	struct al_state st = { };
	int opt, i, rc = IPECTL_EXIT_FAIL;
	unsigned long bad_dirs = 0;
	const char *out = "-";
	size_t dups, len = 0;
	char *text = NULL;

	while ((opt = getopt_long(argc, argv, "o:vh", opts, NULL)) != -1) {
		switch (opt) {
		case 'o':
			out = optarg;
			break;
		case OPT_NAME:
			h.name = optarg;
			break;
		case OPT_VERSION:
			h.version = optarg;
			break;
		case OPT_BOOT:
			h.boot_verified = true;
			break;
		case OPT_CROSS:
			st.cross_mounts = true;
			break;
		case 'v':
			st.verbose = true;
			break;
		case 'h':
			al_usage(stdout);
			return IPECTL_EXIT_OK;
		default:
			al_usage(stderr);
			return IPECTL_EXIT_USAGE;
		}
	}
	if (optind >= argc || !*out) {
		al_usage(stderr);
		return IPECTL_EXIT_USAGE;
	}
	if (!al_header_ok(h.name, h.version))
		return IPECTL_EXIT_USAGE;

	for (i = optind; i < argc && !st.oom; i++) {
		int err = al_walk(&st, argv[i]);

		if (err == -ENOMEM)
			st.oom = true;
		else if (err)
			bad_dirs++;
	}
	if (st.oom) {
		ipectl_error("out of memory");
		goto out;
	}
	if (bad_dirs || st.errors) {
		ipectl_error("allowlist: %lu error%s: no policy written (%s)",
			     st.errors + bad_dirs, al_s(st.errors + bad_dirs),
			     "a file left out would be denied");
		rc = bad_dirs ? IPECTL_EXIT_USAGE : IPECTL_EXIT_FAIL;
		goto out;
	}

	dups = ipectl_digests_sort(&st.set);
	text = al_text(&st, &h, &len);
	if (!text || al_write(out, text, len))
		goto out;
	rc = IPECTL_EXIT_OK;
	fprintf(stderr,
		"%s: allowlist: %lu file%s measured, %zu rule%s written, %zu duplicate%s, %lu file%s without fs-verity skipped",
		ipectl_prog, st.measured, al_s(st.measured), st.set.count,
		al_s(st.set.count), dups, al_s(dups), st.skipped,
		al_s(st.skipped));
	if (st.mounts)
		fprintf(stderr, ", %lu filesystem%s not entered", st.mounts,
			al_s(st.mounts));
	fputc('\n', stderr);
	if (!st.set.count)
		ipectl_error("allowlist: warning: %s%s",
			     "no file with fs-verity: the policy allows no file to run",
			     h.boot_verified ? " but those of the initramfs" : "");
	if (len + ALLOWLIST_SIG_ROOM > IPE_POLICY_MAX_SIZE)
		ipectl_error("allowlist: warning: the policy is %zu bytes: %s %u MiB at most",
			     len, "the kernel loads signed policies of",
			     IPE_POLICY_MAX_SIZE >> 20);
out:
	free(text);
	free(st.path);
	ipectl_digests_free(&st.set);
	return rc;
}
