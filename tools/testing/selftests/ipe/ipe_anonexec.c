// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_anonexec: get executable anonymous memory without asking mmap() or
 * mprotect() for it, and print the outcome as an errno name ("OK",
 * "ENOMEM", ...) of the first step that fails; the failing step goes to
 * stderr.
 *
 *   ipe_anonexec brk    set the READ_IMPLIES_EXEC personality and grow
 *                       the heap by a page with brk(): "OK" means the
 *                       page came executable, ready for code of one's
 *                       own; "NOEXEC" that it did not. brk() reports any
 *                       refusal as ENOMEM.
 *   ipe_anonexec heap   grow the heap by a page without the personality:
 *                       not executable, nothing to judge
 *   ipe_anonexec stack  run on the stack of this program: built as
 *                       ipe_execstack, whose headers ask for an executable
 *                       stack, "OK" means it started with one; "NOEXEC"
 *                       that its stack is not executable
 *
 * stdout is unbuffered: once the heap is executable, a buffer malloc()
 * would want is executable memory too.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

#include "ipe_errname.h"

/* report the errno of step @what, failed */
static int failed(const char *what)
{
	int err = errno;

	fprintf(stderr, "ipe_anonexec: %s: %s\n", what, strerror(err));
	return ipe_report(err);
}

/* whether the mapping holding @addr is executable, per /proc/self/maps */
static int executable(const void *addr)
{
	unsigned long start, end, a = (unsigned long)addr;
	char perms[8], line[512];
	FILE *maps = fopen("/proc/self/maps", "r");
	int found = 0;

	if (!maps)
		return -1;
	while (fgets(line, sizeof(line), maps)) {
		if (sscanf(line, "%lx-%lx %7s", &start, &end, perms) == 3 &&
		    a >= start && a < end) {
			found = perms[2] == 'x';
			break;
		}
	}
	fclose(maps);
	return found;
}

/* grow the heap by one page, from the next page boundary on: *@page */
static int grow_heap(unsigned char **page)
{
	long size = sysconf(_SC_PAGESIZE);
	uintptr_t cur = (uintptr_t)sbrk(0);

	if (cur == (uintptr_t)-1)
		return failed("sbrk");
	*page = (unsigned char *)((cur + size - 1) & ~(uintptr_t)(size - 1));
	if (brk(*page + size))
		return failed("brk");
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	unsigned char *page;
	int pers, ret;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(mode, "stack")) {
		int here;

		ret = executable(&here);
		if (ret < 0)
			return failed("/proc/self/maps");
		puts(ret ? "OK" : "NOEXEC");
		return 0;
	}
	if (!strcmp(mode, "heap")) {
		ret = grow_heap(&page);
		if (ret)
			return ret;
		if (executable(page)) {
			puts("EXEC");
			return 1;
		}
		return ipe_report(0);
	}
	if (strcmp(mode, "brk")) {
		fprintf(stderr, "usage: ipe_anonexec brk|heap|stack\n");
		return 2;
	}
	pers = personality(0xffffffff);
	if (pers == -1 || personality(pers | READ_IMPLIES_EXEC) == -1)
		return failed("personality");
	ret = grow_heap(&page);
	if (ret)
		return ret;
	if (executable(page) != 1) {
		puts("NOEXEC");
		return 1;
	}
	return ipe_report(0);
}
