// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_modload: load a module by one chosen system call and print the
 * outcome as an errno name ("OK", "EACCES", ...).
 *
 *   ipe_modload finit PATH [PARAMS]  finit_module(): the kernel reads the
 *                                    file (kernel_read_file, READING_MODULE)
 *   ipe_modload init PATH [PARAMS]   init_module(): user space hands the
 *                                    bytes (kernel_load_data, no file)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ipe_errname.h"

int main(int argc, char **argv)
{
	const char *params = argc > 3 ? argv[3] : "";
	struct stat st;
	void *buf;
	int fd;

	if (argc < 3 || (strcmp(argv[1], "finit") && strcmp(argv[1], "init"))) {
		fprintf(stderr, "usage: ipe_modload finit|init PATH [PARAMS]\n");
		return 2;
	}
	fd = open(argv[2], O_RDONLY);
	if (fd < 0)
		return ipe_report(errno);
	if (!strcmp(argv[1], "finit"))
		return ipe_report(syscall(SYS_finit_module, fd, params, 0) ? errno : 0);

	if (fstat(fd, &st))
		return ipe_report(errno);
	buf = malloc(st.st_size);
	if (!buf || read(fd, buf, st.st_size) != st.st_size)
		return ipe_report(EIO);
	return ipe_report(syscall(SYS_init_module, buf, st.st_size, params) ? errno : 0);
}
