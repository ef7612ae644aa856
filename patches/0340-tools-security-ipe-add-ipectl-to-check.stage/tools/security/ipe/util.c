// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl helpers: messages and whole-file reads.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
