// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl audit --suggest: what makes a denied file verifiable.
 *
 * An access record names the file by path, device (the super block's
 * s_id: "dm-0", "vda1", "tmpfs") and inode number. What IPE can match is
 * the device's dm-verity root hash, whether that root hash was signed, or
 * the file's fs-verity digest. The first two come from the device-mapper
 * table of the device: from the kernel (DM_TABLE_STATUS on
 * /dev/mapper/control, the device found by its major:minor from
 * /sys/block/dm-N/dev), or from a saved listing in the format of
 * "dmsetup table" for review elsewhere. The fs-verity digest is measured
 * with FS_IOC_MEASURE_VERITY on the file at the recorded path, once its
 * inode number was compared with the record's.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <linux/dm-ioctl.h>
#include <linux/fsverity.h>

#include "ipectl.h"

#define DM_CONTROL		"/dev/mapper/control"
/* the largest table status we read: far more than a verity table needs */
#define DM_MAX_BUFFER		(1024U * 1024)

/* one target of a table: "START LENGTH TYPE PARAMS" */
struct dm_target_line {
	char *key;		/* the device, for a saved listing */
	unsigned long long start;
	unsigned long long length;
	char *type;
	char *params;
};

/**
 * struct ipectl_dm_tables - device-mapper tables read from a file
 * @t: the targets, in file order
 * @count: number of entries in @t
 */
struct ipectl_dm_tables {
	struct dm_target_line *t;
	size_t count;
};

static void why_set(char *why, size_t size, const char *fmt, ...)
	__printf(3, 4);

static void why_set(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
}

static void dm_target_free(struct dm_target_line *t)
{
	free(t->key);
	free(t->type);
	free(t->params);
}

/*
 * "START LENGTH TYPE PARAMS" into @t (the strings allocated); false when
 * the text does not have that form.
 */
static bool dm_target_parse(const char *s, struct dm_target_line *t)
{
	char type[DM_MAX_TYPE_NAME + 1];
	int n = 0;

	if (sscanf(s, " %llu %llu %16s %n", &t->start, &t->length, type,
		   &n) != 3 || !n)
		return false;
	t->type = strdup(type);
	t->params = strdup(s + n);
	if (!t->type || !t->params) {
		free(t->type);
		free(t->params);
		t->type = NULL;
		t->params = NULL;
		return false;
	}
	return true;
}

/**
 * ipectl_dm_tables_read() - read a saved device-mapper table listing
 * @file: the file; each line "DEVICE: START LENGTH TYPE PARAMS" as
 *	"dmsetup table" prints it, DEVICE being the kernel name (dm-N), the
 *	major:minor or the device-mapper name; blank lines and lines that
 *	start with '#' are skipped
 * @tables: receives the tables, to be freed with ipectl_dm_tables_free()
 *
 * A line of another form is reported on stderr with its number and
 * skipped.
 *
 * Return: 0, or a negative errno when the file cannot be read.
 */
int ipectl_dm_tables_read(const char *file, struct ipectl_dm_tables **tables)
{
	struct ipectl_dm_tables *tt;
	size_t cap = 0, lcap = 0;
	unsigned long lineno = 0;
	char *line = NULL;
	int err = 0;
	FILE *f;

	f = fopen(file, "r");
	if (!f)
		return -errno;
	tt = calloc(1, sizeof(*tt));
	if (!tt) {
		fclose(f);
		return -ENOMEM;
	}
	while (getline(&line, &lcap, f) > 0) {
		struct dm_target_line t = { };
		char *p = line, *colon;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			continue;
		/* "NAME:" alone (dmsetup adds a space) is a device without a table */
		colon = strchr(p, ':');
		if (colon && colon != p && !colon[1 + strspn(colon + 1, " \t")])
			continue;
		colon = strstr(p, ": ");
		if (!colon || colon == p || !dm_target_parse(colon + 2, &t)) {
			fprintf(stderr, "%s: %s:%lu: ", ipectl_prog, file, lineno);
			fprintf(stderr, "not \"DEVICE: START LENGTH TYPE PARAMS\": ");
			ipectl_fputs_esc(stderr, line);
			fputs(", skipped\n", stderr);
			continue;
		}
		t.key = strndup(p, colon - p);
		if (t.key && tt->count == cap) {
			size_t ncap = cap ? 2 * cap : 16;
			struct dm_target_line *v;

			v = realloc(tt->t, ncap * sizeof(*v));
			if (v) {
				tt->t = v;
				cap = ncap;
			}
		}
		if (!t.key || tt->count == cap) {
			dm_target_free(&t);
			err = -ENOMEM;
			break;
		}
		tt->t[tt->count++] = t;
	}
	if (!err && ferror(f))
		err = -EIO;
	free(line);
	fclose(f);
	if (err) {
		ipectl_dm_tables_free(tt);
		return err;
	}
	*tables = tt;
	return 0;
}

/**
 * ipectl_dm_tables_free() - free what ipectl_dm_tables_read() returned
 * @tables: the tables, or NULL
 */
void ipectl_dm_tables_free(struct ipectl_dm_tables *tables)
{
	size_t i;

	if (!tables)
		return;
	for (i = 0; i < tables->count; i++)
		dm_target_free(&tables->t[i]);
	free(tables->t);
	free(tables);
}

/* "dm-N": the kernel's name of a device-mapper device */
static bool dm_is_name(const char *dev)
{
	size_t n;

	if (strncmp(dev, "dm-", 3))
		return false;
	n = strspn(dev + 3, "0123456789");
	return n && n <= 9 && !dev[3 + n];
}

/* a sysfs attribute of block device @dev, without its newline */
static int dm_sysfs(const char *dev, const char *attr, char *buf, size_t size)
{
	char path[64];
	int err;

	snprintf(path, sizeof(path), "/sys/block/%s/%s", dev, attr);
	err = ipectl_read_small(path, buf, size);
	if (err)
		return err;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static bool dm_is_hex(const char *s, size_t max)
{
	size_t n = strspn(s, "0123456789abcdefABCDEF");

	return n && n % 2 == 0 && n <= max && !s[n];
}

/* an algorithm name as the policy language takes it */
static bool dm_is_alg(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-_");

	return n && n < 32 && !s[n];
}

/*
 * The facts of a verity target's table line: "VERSION DATA_DEV HASH_DEV
 * DATA_BLOCK_SIZE HASH_BLOCK_SIZE DATA_BLOCKS HASH_START ALGORITHM DIGEST
 * SALT [COUNT OPTIONAL_ARGS...]". Optional arguments that make dm-verity
 * return blocks it did not verify cost the device its facts, as in the
 * kernel's dm-verity: then -EPERM with the reason in @why.
 */
static int dm_verity_params(const char *params, struct ipectl_dm_verity *v,
			    char *why, size_t whylen)
{
	static const char *const with_arg[] = {
		"use_fec_from_device", "fec_roots", "fec_blocks", "fec_start",
		"root_hash_sig_key_desc",
	};
	const char *bad = "too short";
	char *copy, *tok, *save = NULL;
	int i, err = 0;

	memset(v, 0, sizeof(*v));
	copy = strdup(params);
	if (!copy)
		return -ENOMEM;
	tok = strtok_r(copy, " \t", &save);
	for (i = 0; tok && i < 10; i++) {
		if (i == 7 && !dm_is_alg(tok)) {
			bad = "bad algorithm";
			break;
		}
		if (i == 8 && !dm_is_hex(tok, sizeof(v->root_hash) - 1)) {
			bad = "bad root hash";
			break;
		}
		if (i == 7)
			strcpy(v->alg, tok);
		if (i == 8)
			strcpy(v->root_hash, tok);
		tok = strtok_r(NULL, " \t", &save);
	}
	if (i < 10) {
		why_set(why, whylen, "unexpected verity table (%s)", bad);
		free(copy);
		return -EINVAL;
	}
	/* tok: the number of optional arguments, then those */
	if (tok)
		tok = strtok_r(NULL, " \t", &save);
	while (tok) {
		size_t k;

		if (!strcmp(tok, "ignore_corruption") ||
		    !strcmp(tok, "check_at_most_once")) {
			why_set(why, whylen,
				"dm-verity with %s: IPE gets no root hash for it", tok);
			err = -EPERM;
		}
		if (!strcmp(tok, "root_hash_sig_key_desc"))
			v->signed_hash = true;
		for (k = 0; k < ARRAY_SIZE(with_arg); k++)
			if (!strcmp(tok, with_arg[k]))
				break;
		if (k < ARRAY_SIZE(with_arg))
			tok = strtok_r(NULL, " \t", &save);
		if (tok)
			tok = strtok_r(NULL, " \t", &save);
	}
	free(copy);
	return err;
}

/* the verity facts of a table of @n targets, as the kernel would see them */
static int dm_table_facts(const struct dm_target_line *const *t, size_t n,
			  struct ipectl_dm_verity *v, char *why, size_t whylen)
{
	if (!n) {
		why_set(why, whylen, "no live table");
		return -ENOENT;
	}
	if (n > 1) {
		why_set(why, whylen,
			"a table of %zu targets: IPE gets no root hash for it", n);
		return -EPERM;
	}
	if (strcmp(t[0]->type, "verity")) {
		why_set(why, whylen, "not dm-verity: a %.16s target", t[0]->type);
		return -EPERM;
	}
	if (t[0]->start) {
		why_set(why, whylen,
			"the verity target does not start at sector 0");
		return -EPERM;
	}
	return dm_verity_params(t[0]->params, v, why, whylen);
}

/*
 * The first two targets of a DM_TABLE_STATUS result into @t (a verity
 * table has one target: two are enough to refuse another). In that
 * result, a spec's "next" counts from the first spec, not from itself.
 */
static int dm_status_targets(const struct dm_ioctl *dmi, size_t size,
			     struct dm_target_line t[2])
{
	size_t end = min_t(size_t, dmi->data_size, size);
	size_t start = dmi->data_start, next = 0, i;
	size_t want = min_t(size_t, dmi->target_count, 2);

	for (i = 0; i < want; i++) {
		struct dm_target_spec spec;
		const char *params;
		size_t at = start + next;

		if (at < start || at >= end || end - at <= sizeof(spec))
			return -EPROTO;
		memcpy(&spec, (const char *)dmi + at, sizeof(spec));
		params = (const char *)dmi + at + sizeof(spec);
		if (!memchr(params, '\0', end - at - sizeof(spec)))
			return -EPROTO;
		spec.target_type[DM_MAX_TYPE_NAME - 1] = '\0';
		t[i].start = spec.sector_start;
		t[i].length = spec.length;
		t[i].type = strdup(spec.target_type);
		t[i].params = strdup(params);
		if (!t[i].type || !t[i].params)
			return -ENOMEM;
		if (i + 1 < want && spec.next <= next)
			return -EPROTO;
		next = spec.next;
	}
	return 0;
}

/* the live table of device @major:@minor, from the kernel */
static struct dm_ioctl *dm_table_status(int fd, unsigned int major,
					unsigned int minor, size_t *size,
					char *why, size_t whylen)
{
	struct dm_ioctl *dmi;

	for (*size = 16384;; *size *= 2) {
		dmi = calloc(1, *size);
		if (!dmi)
			return NULL;
		/*
		 * Version 4.0.0: the kernel refuses a minor version newer than
		 * its own, and DM_TABLE_STATUS with DM_STATUS_TABLE_FLAG (the
		 * table line, not the status) is as old as version 4.
		 */
		dmi->version[0] = DM_VERSION_MAJOR;
		dmi->data_size = *size;
		dmi->data_start = sizeof(*dmi);
		dmi->flags = DM_STATUS_TABLE_FLAG;
		dmi->dev = makedev(major, minor);
		if (ioctl(fd, DM_TABLE_STATUS, dmi) < 0) {
			why_set(why, whylen, "device-mapper %u:%u: %s%s", major,
				minor, strerror(errno),
				errno == EACCES || errno == EPERM ?
				" (needs root)" : "");
			break;
		}
		if (!(dmi->flags & DM_BUFFER_FULL_FLAG))
			return dmi;
		if (*size >= DM_MAX_BUFFER) {
			why_set(why, whylen,
				"device-mapper %u:%u: table too large", major,
				minor);
			break;
		}
		free(dmi);
	}
	free(dmi);
	return NULL;
}

/* the verity facts of device @major:@minor, from the kernel */
static int dm_kernel_facts(unsigned int major, unsigned int minor,
			   struct ipectl_dm_verity *v, char *why, size_t whylen)
{
	struct dm_target_line t[2] = { };
	const struct dm_target_line *tp[2] = { &t[0], &t[1] };
	struct dm_ioctl *dmi;
	size_t size;
	int fd, err;

	fd = open(DM_CONTROL, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		why_set(why, whylen, "%s: %s%s", DM_CONTROL, strerror(errno),
			errno == EACCES ? " (needs root)" : "");
		return err;
	}
	why[0] = '\0';
	dmi = dm_table_status(fd, major, minor, &size, why, whylen);
	close(fd);
	if (!dmi) {
		if (!why[0])
			why_set(why, whylen, "out of memory");
		return -EIO;
	}
	if (!(dmi->flags & DM_ACTIVE_PRESENT_FLAG) || !dmi->target_count) {
		why_set(why, whylen, "no live table");
		err = -ENOENT;
	} else {
		err = dm_status_targets(dmi, size, t);
		if (err == -ENOMEM)
			why_set(why, whylen, "out of memory");
		else if (err)
			why_set(why, whylen,
				"device-mapper %u:%u: malformed table status",
				major, minor);
		else
			err = dm_table_facts(tp, dmi->target_count, v, why,
					     whylen);
	}
	dm_target_free(&t[0]);
	dm_target_free(&t[1]);
	free(dmi);
	return err;
}

/* the targets of @keys[0..] in a saved listing, from the first key found */
static int dm_saved_facts(const struct ipectl_dm_tables *tables,
			  const char *const *keys, size_t nkeys,
			  struct ipectl_dm_verity *v, char *why, size_t whylen)
{
	const struct dm_target_line **tp;
	size_t k, i, n = 0;
	int err;

	tp = calloc(tables->count ? tables->count : 1, sizeof(*tp));
	if (!tp)
		return -ENOMEM;
	for (k = 0; k < nkeys && !n; k++) {
		if (!keys[k])
			continue;
		for (i = 0; i < tables->count; i++)
			if (!strcmp(tables->t[i].key, keys[k]))
				tp[n++] = &tables->t[i];
	}
	if (n) {
		err = dm_table_facts(tp, n, v, why, whylen);
	} else {
		why_set(why, whylen, "not in the saved tables");
		err = -ENOENT;
	}
	free(tp);
	return err;
}

/**
 * ipectl_dm_verity() - the dm-verity facts of a device, as IPE sees them
 * @dev: the device as an access record names it ("dm-3")
 * @saved: a saved table listing to look the device up in, or NULL to ask
 *	the kernel
 * @offline: do not look at this machine: @dev is looked up in @saved by
 *	its kernel name only
 * @v: receives the facts
 * @why: receives why there are none, for a comment
 * @whylen: size of @why
 *
 * The device is found by its major:minor (/sys/block/dm-N/dev); a saved
 * listing may name it by its kernel name, its major:minor or its
 * device-mapper name (/sys/block/dm-N/dm/name). Like dm-verity in this
 * kernel, a table reports facts only when its single target is a verity
 * target that never returns an unverified block.
 *
 * Return: 0 with @v filled, -ENODEV when @dev is not a device-mapper
 * device, another negative errno with @why set (-EPERM: a device-mapper
 * device that has no dm-verity facts).
 */
int ipectl_dm_verity(const char *dev, const struct ipectl_dm_tables *saved,
		     bool offline, struct ipectl_dm_verity *v, char *why,
		     size_t whylen)
{
	char devno[32] = "", name[DM_NAME_LEN + 1] = "";
	unsigned int major, minor;
	char tail;

	memset(v, 0, sizeof(*v));
	if (!dm_is_name(dev))
		return -ENODEV;
	if (offline) {
		if (!saved) {
			why_set(why, whylen, "offline: no saved table (--dm-table)");
			return -ENOENT;
		}
		return dm_saved_facts(saved, &dev, 1, v, why, whylen);
	}
	if (dm_sysfs(dev, "dev", devno, sizeof(devno)) < 0)
		devno[0] = '\0';
	if (saved) {
		const char *keys[3] = { dev };

		if (dm_sysfs(dev, "dm/name", name, sizeof(name)) < 0)
			name[0] = '\0';
		keys[1] = devno[0] ? devno : NULL;
		keys[2] = name[0] ? name : NULL;
		return dm_saved_facts(saved, keys, ARRAY_SIZE(keys), v, why,
				      whylen);
	}
	if (sscanf(devno, "%u:%u%c", &major, &minor, &tail) != 2) {
		why_set(why, whylen, "no such device here (/sys/block/%s/dev)",
			dev);
		return -ENOENT;
	}
	return dm_kernel_facts(major, minor, v, why, whylen);
}

/**
 * ipectl_file_now() - compare the file at a recorded path with the record
 * @path: the path
 * @ino: the record's inode number
 * @note: receives a note for the reviewer, "" when the file is the same
 * @notelen: size of @note
 *
 * Return: true when a regular file with inode number @ino is at @path.
 */
bool ipectl_file_now(const char *path, unsigned long ino, char *note,
		     size_t notelen)
{
	struct stat st;

	note[0] = '\0';
	if (stat(path, &st)) {
		why_set(note, notelen, "%s now: changed since the record: review",
			errno == ENOENT ? "no such file" : strerror(errno));
		return false;
	}
	if (st.st_ino != ino) {
		why_set(note, notelen,
			"now inode %llu: changed since the record: review",
			(unsigned long long)st.st_ino);
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		why_set(note, notelen, "not a regular file now: review");
		return false;
	}
	return true;
}

/**
 * ipectl_fsverity_measure() - the fs-verity digest of a file
 * @path: the file
 * @ino: the inode number the file must have, as the record says
 * @alg: receives the algorithm's name ("sha256", "sha512")
 * @hex: receives the digest in lower-case hex
 * @why: receives why there is none
 * @whylen: size of @why
 *
 * Measures as "fsverity measure" does, with FS_IOC_MEASURE_VERITY. The
 * file is opened only when it is a regular file with inode number @ino,
 * and the check is repeated on what was opened.
 *
 * Return: 0, -ENODATA when fs-verity is not enabled on the file, or
 * another negative errno; @why is set on error.
 */
int ipectl_fsverity_measure(const char *path, unsigned long ino,
			    char alg[8], char hex[2 * IPECTL_DIGEST_MAX + 1],
			    char *why, size_t whylen)
{
	union {
		struct fsverity_digest d;
		__u8 raw[sizeof(struct fsverity_digest) + IPECTL_DIGEST_MAX];
	} m;
	struct stat st;
	int fd, err = 0;
	__u16 i;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		why_set(why, whylen, "cannot open: %s", strerror(errno));
		return err;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_ino != ino) {
		why_set(why, whylen, "not the recorded file");
		err = -ESTALE;
		goto out;
	}
	memset(&m, 0, sizeof(m));
	m.d.digest_size = IPECTL_DIGEST_MAX;
	if (ioctl(fd, FS_IOC_MEASURE_VERITY, &m.d)) {
		err = -errno;
		if (errno == ENODATA)
			why_set(why, whylen, "fs-verity not enabled");
		else if (errno == ENOTTY || errno == EOPNOTSUPP)
			why_set(why, whylen, "no fs-verity on this filesystem");
		else
			why_set(why, whylen, "fs-verity: %s", strerror(errno));
		goto out;
	}
	if (m.d.digest_algorithm == FS_VERITY_HASH_ALG_SHA256 &&
	    m.d.digest_size == 32) {
		strcpy(alg, "sha256");
	} else if (m.d.digest_algorithm == FS_VERITY_HASH_ALG_SHA512 &&
		   m.d.digest_size == 64) {
		strcpy(alg, "sha512");
	} else {
		why_set(why, whylen, "fs-verity algorithm %u not known",
			m.d.digest_algorithm);
		err = -EOPNOTSUPP;
		goto out;
	}
	for (i = 0; i < m.d.digest_size; i++)
		sprintf(hex + 2 * i, "%02x", m.d.digest[i]);
out:
	close(fd);
	return err;
}
