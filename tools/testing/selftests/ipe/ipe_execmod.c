// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_execmod: try to run bytes of one's own from a private mapping of a
 * file, and print the outcome of the step that makes them executable as
 * an errno name ("OK", "EACCES", ...).
 *
 *   ipe_execmod write-mprotect PATH  mmap(RW, MAP_PRIVATE), write a byte,
 *                                    mprotect(RX)
 *   ipe_execmod rwx PATH             mmap(RWX, MAP_PRIVATE) at once
 *   ipe_execmod rx-to-rwx PATH       mmap(RX, MAP_PRIVATE), mprotect(RWX)
 *   ipe_execmod clean PATH           mmap(RW, MAP_PRIVATE), never written,
 *                                    mprotect(RX)
 *   ipe_execmod rx-write-rx PATH     mmap(RX), mprotect(RW), write a byte,
 *                                    mprotect(RX)
 *   ipe_execmod shared-rx PATH       mmap(RX, MAP_SHARED)
 *   ipe_execmod shm-exec -           shmat(SHM_EXEC) of a new System V
 *                                    shared memory segment
 *   ipe_execmod shm-rw -             shmat() of it, read-write only
 *   ipe_execmod truncate PATH        truncate(2) PATH to its own size, by
 *                                    path: no open file, no byte changed
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ipe_errname.h"

#define LEN 4096

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int rw = PROT_READ | PROT_WRITE;
	int rx = PROT_READ | PROT_EXEC, rwx = rw | PROT_EXEC;
	char *c;
	char *p;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: ipe_execmod MODE PATH\n");
		return 2;
	}
	if (!strncmp(mode, "shm-", 4)) {
		int id = shmget(IPC_PRIVATE, LEN, IPC_CREAT | 0600);
		int err;

		if (id < 0)
			return ipe_report(errno);
		p = shmat(id, NULL, strcmp(mode, "shm-exec") ? 0 : SHM_EXEC);
		err = p == (void *)-1 ? errno : 0;
		shmctl(id, IPC_RMID, NULL);
		return ipe_report(err);
	}
	if (!strcmp(mode, "truncate")) {
		struct stat st;

		if (stat(argv[2], &st))
			return ipe_report(errno);
		return ipe_report(truncate(argv[2], st.st_size) ? errno : 0);
	}
	fd = open(argv[2], O_RDONLY);
	if (fd < 0)
		return ipe_report(errno);

	if (!strcmp(mode, "write-mprotect") || !strcmp(mode, "clean")) {
		p = mmap(NULL, LEN, rw, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED)
			return ipe_report(errno);
		if (!strcmp(mode, "write-mprotect")) {
			c = p;
			*c = 0xc3;	/* ret: the attacker's code */
		}
		return ipe_report(mprotect(p, LEN, rx) ? errno : 0);
	}
	if (!strcmp(mode, "rwx")) {
		p = mmap(NULL, LEN, rwx, MAP_PRIVATE, fd, 0);
		return ipe_report(p == MAP_FAILED ? errno : 0);
	}
	if (!strcmp(mode, "rx-to-rwx") || !strcmp(mode, "rx-write-rx")) {
		p = mmap(NULL, LEN, rx, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED) {
			fprintf(stderr, "mmap(RX) failed\n");
			return ipe_report(errno);
		}
		if (!strcmp(mode, "rx-to-rwx"))
			return ipe_report(mprotect(p, LEN, rwx) ? errno : 0);
		if (mprotect(p, LEN, rw)) {
			fprintf(stderr, "mprotect(RW) failed\n");
			return ipe_report(errno);
		}
		c = p;
		*c = 0xc3;
		return ipe_report(mprotect(p, LEN, rx) ? errno : 0);
	}
	if (!strcmp(mode, "shared-rx")) {
		p = mmap(NULL, LEN, rx, MAP_SHARED, fd, 0);
		return ipe_report(p == MAP_FAILED ? errno : 0);
	}
	fprintf(stderr, "ipe_execmod: unknown mode %s\n", mode);
	return 2;
}
