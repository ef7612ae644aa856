// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_procmem: write into code through /proc/PID/mem, as an attacker who
 * can only run trusted programs would (a trusted program made to write
 * where it is told), and print the outcome as "OK" or an errno name.
 *
 *   ipe_procmem self-code    change the first byte of a function of this
 *                            program (its code, mapped read-only and
 *                            executable) through /proc/self/mem; "OK"
 *                            only when the mapped code then reads back
 *                            changed
 *   ipe_procmem self-data    write a byte of a writable variable through
 *                            /proc/self/mem (no override needed)
 *   ipe_procmem self-none    read a PROT_NONE page through /proc/self/mem
 *   ipe_procmem tracer-code  a child stops under PTRACE_TRACEME; its
 *                            tracer (this process) changes the child's
 *                            code through /proc/CHILD/mem
 *   ipe_procmem other-code   the same with a child that is not traced
 *
 * The function changed is never called afterwards. "NOTRACE": the child
 * could not be traced (ptrace is restricted).
 */
/* addresses past 2 GiB are offsets in a 32-bit process's mem file */
#define _FILE_OFFSET_BITS 64

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ipe_errname.h"

static unsigned char data_byte = 1;

/* what /proc/self/mem wrote is read again from memory after this */
static inline void reload(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/* the code that is written over; never called */
static int ipe_procmem_victim(int x)
{
	return x * 3 + 1;
}

/* pwrite/pread of one byte at @addr of /proc/@pid/mem: 0 or an errno */
static int mem_rw(pid_t pid, uintptr_t addr, unsigned char *byte, int write)
{
	char path[64];
	ssize_t n;
	int fd, err = 0;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/mem");
	fd = open(path, write ? O_RDWR : O_RDONLY);
	if (fd < 0)
		return errno;
	if (write)
		n = pwrite(fd, byte, 1, (off_t)addr);
	else
		n = pread(fd, byte, 1, (off_t)addr);
	if (n < 0)
		err = errno;
	else if (n != 1)
		err = EIO;
	close(fd);
	return err;
}

/* change the first byte of the victim in @pid (0: this process) */
static int write_code(pid_t pid)
{
	uintptr_t addr = (uintptr_t)&ipe_procmem_victim;
	unsigned char old, new;
	int err;

	err = mem_rw(pid, addr, &old, 0);
	if (err) {
		fprintf(stderr, "reading the code failed\n");
		return err;
	}
	new = old ^ 0xff;
	err = mem_rw(pid, addr, &new, 1);
	if (err)
		return err;
	reload();
	if (!pid && *(unsigned char *)addr != new) {
		printf("UNCHANGED\n");
		return -1;
	}
	return 0;
}

/* a child stopped (traced by us when @traced), or -1 with errno set */
static pid_t stopped_child(int traced)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		if (traced && ptrace(PTRACE_TRACEME, 0, NULL, NULL))
			_exit(3);
		raise(SIGSTOP);
		pause();
		_exit(0);
	}
	if (waitpid(pid, &status, WUNTRACED) != pid)
		return -1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 3) {
		printf("NOTRACE\n");
		exit(1);
	}
	if (!WIFSTOPPED(status)) {
		errno = ESRCH;
		return -1;
	}
	return pid;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	unsigned char byte;
	pid_t child;
	int err;

	if (argc != 2) {
		fprintf(stderr, "usage: ipe_procmem MODE\n");
		return 2;
	}
	if (!strcmp(mode, "self-code")) {
		err = write_code(0);
		return err < 0 ? 1 : ipe_report(err);
	}
	if (!strcmp(mode, "self-data")) {
		byte = 7;
		err = mem_rw(0, (uintptr_t)&data_byte, &byte, 1);
		reload();
		if (!err && data_byte != 7) {
			printf("UNCHANGED\n");
			return 1;
		}
		return ipe_report(err);
	}
	if (!strcmp(mode, "self-none")) {
		void *p = mmap(NULL, 4096, PROT_NONE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return ipe_report(errno);
		return ipe_report(mem_rw(0, (uintptr_t)p, &byte, 0));
	}
	if (!strcmp(mode, "tracer-code") || !strcmp(mode, "other-code")) {
		int traced = !strcmp(mode, "tracer-code"), status;

		child = stopped_child(traced);
		if (child < 0)
			return ipe_report(errno);
		err = write_code(child);
		kill(child, SIGKILL);
		if (traced)
			ptrace(PTRACE_DETACH, child, NULL, NULL);
		waitpid(child, &status, 0);
		return ipe_report(err);
	}
	fprintf(stderr, "ipe_procmem: unknown mode %s\n", mode);
	return 2;
}
