// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_mmap: make one kind of executable mapping and print the outcome as
 * an errno name ("OK", "EACCES", ...).
 *
 *   ipe_mmap exec PATH       mmap(PROT_READ|PROT_EXEC) of a file
 *   ipe_mmap read PATH       mmap(PROT_READ) of a file
 *   ipe_mmap mprotect PATH   mmap(PROT_READ), then mprotect(+PROT_EXEC)
 *   ipe_mmap anon            mmap(PROT_EXEC) of anonymous memory
 *   ipe_mmap anon-mprotect   anonymous PROT_READ, then mprotect(+EXEC)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ipe_errname.h"

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int fd = -1, prot = PROT_READ, flags = MAP_PRIVATE;
	void *p;

	if (!strcmp(mode, "exec") || !strcmp(mode, "read") ||
	    !strcmp(mode, "mprotect")) {
		if (argc != 3)
			return 2;
		fd = open(argv[2], O_RDONLY);
		if (fd < 0)
			return ipe_report(errno);
		if (!strcmp(mode, "exec"))
			prot |= PROT_EXEC;
	} else if (!strcmp(mode, "anon")) {
		prot |= PROT_EXEC;
		flags |= MAP_ANONYMOUS;
	} else if (!strcmp(mode, "anon-mprotect")) {
		flags |= MAP_ANONYMOUS;
	} else {
		fprintf(stderr, "usage: ipe_mmap exec|read|mprotect PATH | anon | anon-mprotect\n");
		return 2;
	}

	p = mmap(NULL, 4096, prot, flags, fd, 0);
	if (p == MAP_FAILED)
		return ipe_report(errno);
	if (strstr(mode, "mprotect") &&
	    mprotect(p, 4096, PROT_READ | PROT_EXEC))
		return ipe_report(errno);
	return ipe_report(0);
}
