// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_uffd: put bytes of one's own into a private mapping of a file with
 * a userfaultfd, which fills a page the mapping has not faulted in yet
 * (UFFDIO_COPY) without writing to the mapping or the file, and print the
 * outcome as an errno name ("OK", "EACCES", ...) of the first step that
 * fails; the failing step goes to stderr.
 *
 *   ipe_uffd exec PATH      mmap(RX, MAP_PRIVATE), register the range,
 *                           fill its first page and read it back: "OK"
 *                           means the mapping runs the copied bytes
 *   ipe_uffd mprotect PATH  mmap(R, MAP_PRIVATE), register the range,
 *                           mprotect(RX)
 *   ipe_uffd read PATH      mmap(R, MAP_PRIVATE), register, fill and read
 *                           back: no executable memory involved
 *   ipe_uffd filled PATH    the same, then unregister and mprotect(RX)
 *   ipe_uffd anon -         the same in anonymous memory (RW)
 *
 * On a kernel without userfaultfd the first step, userfaultfd(), fails.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ipe_errname.h"

#define LEN 4096

/* report the errno of step @what, failed */
static int failed(const char *what)
{
	int err = errno;

	fprintf(stderr, "ipe_uffd: %s: %s\n", what, strerror(err));
	return ipe_report(err);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int prot = PROT_READ, flags = MAP_PRIVATE, fd = -1, uffd;
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_copy copy = { .len = LEN };
	static char evil[LEN];
	char *p;

	if (argc != 3) {
		fprintf(stderr, "usage: ipe_uffd MODE PATH\n");
		return 2;
	}
	if (!strcmp(mode, "exec")) {
		prot |= PROT_EXEC;
	} else if (!strcmp(mode, "anon")) {
		prot |= PROT_WRITE;
		flags |= MAP_ANONYMOUS;
	} else if (strcmp(mode, "mprotect") && strcmp(mode, "read") &&
		   strcmp(mode, "filled")) {
		fprintf(stderr, "ipe_uffd: unknown mode %s\n", mode);
		return 2;
	}

	if (!(flags & MAP_ANONYMOUS)) {
		fd = open(argv[2], O_RDONLY);
		if (fd < 0)
			return failed("open");
	}

	uffd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0)
		return failed("userfaultfd");
	if (ioctl(uffd, UFFDIO_API, &api))
		return failed("UFFDIO_API");

	p = mmap(NULL, LEN, prot, flags, fd, 0);
	if (p == MAP_FAILED)
		return failed("mmap");
	reg.range.start = (unsigned long)p;
	reg.range.len = LEN;
	if (ioctl(uffd, UFFDIO_REGISTER, &reg))
		return failed("UFFDIO_REGISTER");
	if (!strcmp(mode, "mprotect"))
		return mprotect(p, LEN, PROT_READ | PROT_EXEC) ?
			failed("mprotect(RX)") : ipe_report(0);

	memset(evil, 0xc3, LEN);	/* ret, ret, ...: the attacker's code */
	copy.dst = (unsigned long)p;
	copy.src = (unsigned long)evil;
	if (ioctl(uffd, UFFDIO_COPY, &copy))
		return failed("UFFDIO_COPY");
	if (memcmp(p, evil, LEN)) {
		fprintf(stderr, "ipe_uffd: the mapping does not hold the copy\n");
		return ipe_report(EIO);
	}
	if (strcmp(mode, "filled"))
		return ipe_report(0);
	if (ioctl(uffd, UFFDIO_UNREGISTER, &reg.range))
		return failed("UFFDIO_UNREGISTER");
	return mprotect(p, LEN, PROT_READ | PROT_EXEC) ?
		failed("mprotect(RX)") : ipe_report(0);
}
