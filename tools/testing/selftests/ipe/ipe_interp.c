// SPDX-License-Identifier: GPL-2.0
/*
 * A tiny interpreter that honours the exec securebits, as a real one
 * would. Its language is a sliver of the shell's: "echo TEXT" prints TEXT,
 * "#" starts a comment line.
 *
 *	ipe_interp SCRIPT	run SCRIPT
 *	ipe_interp -c CODE	run CODE, a line given on the command line
 *	ipe_interp		run what standard input holds
 *	ipe_interp -s BITS PROG ARG...
 *				set the securebits to BITS (prctl), then
 *				exec PROG: how a service is started
 *	ipe_interp -g		print the securebits
 *
 * With SECBIT_EXEC_RESTRICT_FILE set it opens SCRIPT, asks the kernel
 * with execveat(fd, "", ..., AT_EMPTY_PATH | AT_EXECVE_CHECK) whether the
 * file may execute, and refuses it unless the answer is yes; then it
 * reads the file through the same descriptor, so that what it checked is
 * what it runs. With SECBIT_EXEC_DENY_INTERACTIVE it refuses code that
 * comes from no file it could check (-c, standard input). A refusal exits
 * with 126 and says why on standard error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ipe_exec_check.h"

static int refuse(const char *what, const char *why)
{
	fprintf(stderr, "ipe_interp: %s: %s\n", what, why);
	return 126;
}

static int run_line(char *line)
{
	line[strcspn(line, "\n")] = '\0';
	if (!line[0] || line[0] == '#')
		return 0;
	if (strncmp(line, "echo ", 5))
		return refuse(line, "syntax error");
	printf("%s\n", line + 5);
	return 0;
}

static int run_stream(FILE *f)
{
	char line[512];
	int ret = 0;

	while (!ret && fgets(line, sizeof(line), f))
		ret = run_line(line);
	return ret;
}

int main(int argc, char *argv[])
{
	int bits = prctl(PR_GET_SECUREBITS);
	char *const check_argv[] = { argv[argc > 1 ? 1 : 0], NULL };
	FILE *f;
	int fd;

	if (bits < 0)
		return refuse("prctl", strerror(errno));
	if (argc > 1 && !strcmp(argv[1], "-g")) {
		printf("%#x\n", bits);
		return 0;
	}
	if (argc > 3 && !strcmp(argv[1], "-s")) {
		if (prctl(PR_SET_SECUREBITS, strtoul(argv[2], NULL, 0)))
			return refuse("PR_SET_SECUREBITS", strerror(errno));
		execv(argv[3], argv + 3);
		return refuse(argv[3], strerror(errno));
	}
	if (argc > 2 && !strcmp(argv[1], "-c")) {
		if (bits & SECBIT_EXEC_DENY_INTERACTIVE)
			return refuse("-c", "code from the command line is denied");
		return run_line(argv[2]);
	}
	if (argc < 2) {
		if (bits & SECBIT_EXEC_DENY_INTERACTIVE)
			return refuse("stdin", "interactive code is denied");
		return run_stream(stdin);
	}

	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return refuse(argv[1], strerror(errno));
	if ((bits & SECBIT_EXEC_RESTRICT_FILE) &&
	    syscall(SYS_execveat, fd, "", check_argv, environ,
		    AT_EMPTY_PATH | AT_EXECVE_CHECK))
		return refuse(argv[1], strerror(errno));
	f = fdopen(fd, "r");
	if (!f)
		return refuse(argv[1], strerror(errno));
	return run_stream(f);
}
