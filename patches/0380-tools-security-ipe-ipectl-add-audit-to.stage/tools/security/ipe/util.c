// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl helpers: messages, whole-file reads and writes, SHA-256, JSON
 * strings and errno names.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "ipectl.h"

/**
 * ipectl_error() - print "ipectl: MESSAGE" on stderr
 * @fmt: printf format of the message, without the final newline
 */
void ipectl_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", ipectl_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/**
 * ipectl_is_stdin() - whether a file argument means standard input
 * @path: the argument
 *
 * Return: true for "-".
 */
bool ipectl_is_stdin(const char *path)
{
	return !strcmp(path, "-");
}

/**
 * ipectl_display_name() - how a file argument is named in messages
 * @path: the argument
 *
 * Return: "<stdin>" for "-", else @path.
 */
const char *ipectl_display_name(const char *path)
{
	return ipectl_is_stdin(path) ? "<stdin>" : path;
}

/*
 * The escaped form of byte @c into @out (at most 5 bytes with the NUL):
 * a backslash doubled, \n \t \r, "\xHH" for other control bytes and
 * from 0x7f on, else the byte itself.
 */
static size_t ipectl_esc_byte(unsigned char c, char out[5])
{
	switch (c) {
	case '\\':
		return (size_t)sprintf(out, "\\\\");
	case '\n':
		return (size_t)sprintf(out, "\\n");
	case '\t':
		return (size_t)sprintf(out, "\\t");
	case '\r':
		return (size_t)sprintf(out, "\\r");
	}
	if (c < 0x20 || c >= 0x7f)
		return (size_t)sprintf(out, "\\x%02x", c);
	out[0] = c;
	out[1] = '\0';
	return 1;
}

/**
 * ipectl_fputs_esc() - print a string taken from a log, escaped
 * @f: the stream
 * @s: the string
 *
 * A value from an audit record may hold any byte once decoded from hex:
 * printed as is, an escape sequence would drive the terminal and a
 * newline would start a line of its own. A backslash is printed as
 * "\\", a newline, tab and carriage return as "\n", "\t" and "\r", and
 * every other byte below 0x20 or from 0x7f on as "\xHH".
 *
 * Return: the number of characters printed.
 */
size_t ipectl_fputs_esc(FILE *f, const char *s)
{
	size_t n = 0;
	char e[5];

	for (; *s; s++) {
		size_t k = ipectl_esc_byte(*s, e);

		fwrite(e, 1, k, f);
		n += k;
	}
	return n;
}

/**
 * ipectl_escape() - a string taken from a log, escaped
 * @s: the string
 *
 * Return: a malloc()ed copy of @s escaped as ipectl_fputs_esc() prints
 * it, or NULL when out of memory.
 */
char *ipectl_escape(const char *s)
{
	size_t len = strlen(s), n = 0;
	char *out, e[5];

	if (len > (SIZE_MAX - 1) / 4)
		return NULL;
	out = malloc(4 * len + 1);
	if (!out)
		return NULL;
	for (; *s; s++) {
		size_t k = ipectl_esc_byte(*s, e);

		memcpy(out + n, e, k);
		n += k;
	}
	out[n] = '\0';
	return out;
}

/**
 * ipectl_read_file() - read a whole file into memory
 * @path: the file, or "-" for standard input
 * @buf: receives a malloc()ed buffer, with a NUL after the @len bytes
 * @len: receives the number of bytes read
 *
 * Return: 0, or a negative errno (-EFBIG beyond %IPECTL_MAX_FILE).
 */
int ipectl_read_file(const char *path, char **buf, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *p, *bigger;
	int fd, err = 0;

	fd = ipectl_is_stdin(path) ? STDIN_FILENO : open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	p = malloc(cap + 1);
	if (!p) {
		err = -ENOMEM;
		goto out;
	}
	for (;;) {
		ssize_t r;

		if (n == cap) {
			if (cap >= IPECTL_MAX_FILE) {
				err = -EFBIG;
				break;
			}
			bigger = realloc(p, 2 * cap + 1);
			if (!bigger) {
				err = -ENOMEM;
				break;
			}
			p = bigger;
			cap *= 2;
		}
		r = read(fd, p + n, cap - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		if (!r)
			break;
		n += r;
	}
	if (err) {
		free(p);
		goto out;
	}
	p[n] = '\0';
	*buf = p;
	*len = n;
out:
	if (fd != STDIN_FILENO)
		close(fd);
	return err;
}

/**
 * ipectl_read_small() - read a small node (a version, a 0/1) as a string
 * @path: the file
 * @buf: receives the contents, NUL-terminated, without a final newline
 * @size: size of @buf; longer contents are cut
 *
 * Return: 0, or a negative errno.
 */
int ipectl_read_small(const char *path, char *buf, size_t size)
{
	size_t n = 0;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	while (n < size - 1) {
		ssize_t r = read(fd, buf + n, size - 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = -errno;

			close(fd);
			return err;
		}
		if (!r)
			break;
		n += r;
	}
	close(fd);
	buf[n] = '\0';
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return 0;
}

/**
 * ipectl_write_all() - write a buffer, continuing after short writes
 * @fd: the open file
 * @buf: the bytes
 * @len: how many
 *
 * The whole buffer goes to the kernel in one write() unless the kernel
 * takes less; the rest then follows in further writes.
 *
 * Return: 0, or a negative errno (of the write that failed).
 */
int ipectl_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (!n)
			return -EIO;
		p += n;
		len -= n;
	}
	return 0;
}

/**
 * ipectl_sha256_hex() - SHA-256 of a buffer, as lower-case hex
 * @buf: the bytes
 * @len: how many
 * @hex: receives 64 hex digits and a NUL
 */
void ipectl_sha256_hex(const void *buf, size_t len, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0, i;

	if (!EVP_Digest(buf, len, md, &mdlen, EVP_sha256(), NULL) ||
	    mdlen != 32) {
		strcpy(hex, "?");
		return;
	}
	for (i = 0; i < mdlen; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[64] = '\0';
}

/**
 * ipectl_json_strn() - print bytes as a JSON string, with its quotes
 * @f: the stream
 * @s: the bytes
 * @len: how many
 *
 * Control characters and bytes above 0x7e are escaped as \u00XX, so the
 * output is ASCII whatever the input (non-ASCII bytes read as Latin-1).
 */
void ipectl_json_strn(FILE *f, const char *s, size_t len)
{
	size_t i;

	fputc('"', f);
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c > 0x7e)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/**
 * ipectl_json_str() - print a C string as a JSON string
 * @f: the stream
 * @s: the string; NULL prints null
 */
void ipectl_json_str(FILE *f, const char *s)
{
	if (!s)
		fputs("null", f);
	else
		ipectl_json_strn(f, s, strlen(s));
}

/**
 * ipectl_errno_name() - the symbolic name of an error number
 * @err: the error, positive or negative
 *
 * Return: "EPERM", ..., or "E?" for one not listed.
 */
const char *ipectl_errno_name(int err)
{
	static const struct {
		int err;
		const char *name;
	} names[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EIO, "EIO" },
		{ E2BIG, "E2BIG" }, { EBADF, "EBADF" }, { ENOMEM, "ENOMEM" },
		{ EACCES, "EACCES" }, { EFAULT, "EFAULT" }, { EBUSY, "EBUSY" },
		{ EEXIST, "EEXIST" }, { ENODEV, "ENODEV" },
		{ ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
		{ EINVAL, "EINVAL" }, { EFBIG, "EFBIG" }, { ENOSPC, "ENOSPC" },
		{ EROFS, "EROFS" }, { ENAMETOOLONG, "ENAMETOOLONG" },
		{ EBADMSG, "EBADMSG" }, { EOVERFLOW, "EOVERFLOW" },
		{ ESTALE, "ESTALE" }, { ENOKEY, "ENOKEY" }, { ERANGE, "ERANGE" },
		{ EKEYREJECTED, "EKEYREJECTED" },
		{ EKEYEXPIRED, "EKEYEXPIRED" }, { EKEYREVOKED, "EKEYREVOKED" },
		{ ENOPKG, "ENOPKG" },
		{ EMSGSIZE, "EMSGSIZE" }, { EOPNOTSUPP, "EOPNOTSUPP" },
		{ ENXIO, "ENXIO" }, { EAGAIN, "EAGAIN" },
	};
	size_t i;

	if (err < 0)
		err = -err;
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (names[i].err == err)
			return names[i].name;
	return "E?";
}
