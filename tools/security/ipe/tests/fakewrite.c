// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD helper for the host tests: makes write() to files (not to
 * stdin, stdout or stderr) behave as a kernel node would, so that ipectl's
 * handling of every error code can be tested against plain files.
 *
 *	IPECTL_FAKE_ERRNO=N	every such write fails with errno N
 *	IPECTL_FAKE_SHORT=N	every such write takes at most N bytes
 *	IPECTL_FAKE_LOG=FILE	append the size of every such write to FILE
 */

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef ssize_t (*write_fn)(int fd, const void *buf, size_t n);

static write_fn real_write(void)
{
	static write_fn fn;

	if (!fn)
		fn = (write_fn)dlsym(RTLD_NEXT, "write");
	return fn;
}

static void fake_log(size_t n)
{
	const char *log = getenv("IPECTL_FAKE_LOG");
	char line[32];
	int fd, len;

	if (!log || !*log)
		return;
	fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (fd < 0)
		return;
	len = snprintf(line, sizeof(line), "%zu\n", n);
	real_write()(fd, line, len);
	close(fd);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	const char *err = getenv("IPECTL_FAKE_ERRNO");
	const char *shrt = getenv("IPECTL_FAKE_SHORT");

	if (fd <= STDERR_FILENO)
		return real_write()(fd, buf, n);
	if (err && *err) {
		errno = atoi(err);
		return -1;
	}
	if (shrt && *shrt && (size_t)atol(shrt) < n)
		n = atol(shrt);
	fake_log(n);
	return real_write()(fd, buf, n);
}
