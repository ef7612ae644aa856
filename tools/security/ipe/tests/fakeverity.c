// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD helper for the host tests: FS_IOC_MEASURE_VERITY answered
 * from the file's first line, so that ipectl allowlist can be tested on
 * a host without fs-verity. A file whose content starts with
 *
 *	FAKEVERITY sha256:HEX	measures as fs-verity with that digest
 *	FAKEVERITY sha512:HEX	(HEX: as many bytes as the algorithm has)
 *	FAKEVERITY alg=N	measures with algorithm number N (32 bytes)
 *	FAKEVERITY errno=N	fails with errno N
 *
 * and any other file fails with ENODATA (fs-verity not enabled), as on
 * a filesystem with fs-verity. Every other ioctl() goes to the C
 * library.
 */

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/fsverity.h>

typedef int (*ioctl_fn)(int fd, unsigned long request, ...);

static int fake_hex(const char *s, unsigned char *out, size_t max)
{
	size_t n = 0;
	unsigned int b;

	while (n < max && sscanf(s + 2 * n, "%2x", &b) == 1)
		out[n++] = b;
	return n;
}

static int fake_measure(int fd, struct fsverity_digest *d)
{
	unsigned char digest[64];
	char line[300];
	ssize_t n;
	int v;

	n = pread(fd, line, sizeof(line) - 1, 0);
	if (n < 0)
		return -1;
	line[n] = '\0';
	line[strcspn(line, "\n")] = '\0';
	if (strncmp(line, "FAKEVERITY ", 11)) {
		errno = ENODATA;
		return -1;
	}
	if (sscanf(line + 11, "errno=%d", &v) == 1) {
		errno = v;
		return -1;
	}
	if (sscanf(line + 11, "alg=%d", &v) == 1) {
		d->digest_algorithm = v;
		d->digest_size = 32;
		memset(d->digest, 0xab, 32);
		return 0;
	}
	if (!strncmp(line + 11, "sha256:", 7)) {
		d->digest_algorithm = FS_VERITY_HASH_ALG_SHA256;
		n = fake_hex(line + 18, digest, 32);
	} else if (!strncmp(line + 11, "sha512:", 7)) {
		d->digest_algorithm = FS_VERITY_HASH_ALG_SHA512;
		n = fake_hex(line + 18, digest, 64);
	} else {
		errno = EINVAL;
		return -1;
	}
	if (d->digest_size < n) {
		errno = EOVERFLOW;
		return -1;
	}
	d->digest_size = n;
	memcpy(d->digest, digest, n);
	return 0;
}

int ioctl(int fd, unsigned long request, ...)
{
	static ioctl_fn real;
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (request == FS_IOC_MEASURE_VERITY)
		return fake_measure(fd, arg);
	if (!real)
		real = (ioctl_fn)dlsym(RTLD_NEXT, "ioctl");
	return real(fd, request, arg);
}
