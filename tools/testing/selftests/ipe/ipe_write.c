// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_write: write bytes to a file the way the IPE tests need, and print
 * the outcome as an errno name ("OK", "EKEYREJECTED", ...), so a shell
 * test can compare exact error codes.
 *
 *   ipe_write [-c CHUNK] [-d] [-f NTH] TARGET FILE   write FILE's bytes
 *   ipe_write [-c CHUNK] [-d] [-f NTH] -s STRING TARGET
 *
 *   -c CHUNK  split the data into write() calls of CHUNK bytes (as cat
 *             does with a large file); the first failing call decides
 *   -d        drop CAP_MAC_ADMIN (from every capability set) first
 *   -f NTH    make the NTH fault-injection site the writes pass fail
 *             (/proc/thread-self/fail-nth, CONFIG_FAULT_INJECTION), and
 *             print after the errno name whether the fault was
 *             "injected" or "not-injected" (the writes passed fewer sites)
 *   -s        write STRING instead of a file's contents
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ipe_errname.h"
#include "ipe_util.h"

int main(int argc, char **argv)
{
	size_t len = 0, chunk = 0, off = 0;
	unsigned long nth = 0;
	int opt, fd, nth_fd = -1, err = 0;
	const char *str = NULL;
	char *data;

	while ((opt = getopt(argc, argv, "c:df:s:")) != -1) {
		switch (opt) {
		case 'c':
			chunk = strtoul(optarg, NULL, 0);
			break;
		case 'd':
			if (ipe_drop_mac_admin()) {
				perror("drop CAP_MAC_ADMIN");
				return 2;
			}
			break;
		case 'f':
			nth = strtoul(optarg, NULL, 0);
			break;
		case 's':
			str = optarg;
			break;
		default:
			return 2;
		}
	}
	if (argc - optind != (str ? 1 : 2)) {
		fprintf(stderr,
			"usage: ipe_write [-c N] [-d] [-f NTH] TARGET FILE | -s STRING TARGET\n");
		return 2;
	}
	if (str) {
		data = strdup(str);
		len = strlen(str);
	} else {
		data = ipe_slurp(argv[optind + 1], &len);
		if (!data) {
			perror(argv[optind + 1]);
			return 2;
		}
	}
	fd = open(argv[optind], O_WRONLY);
	if (fd < 0) {
		ipe_report(errno);
		return 1;
	}
	if (nth) {
		nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
		if (nth_fd < 0 || ipe_fail_nth_arm(nth_fd, nth)) {
			perror("fail-nth");
			return 2;
		}
	}
	if (!chunk)
		chunk = len ? len : 1;
	do {
		size_t n = len - off < chunk ? len - off : chunk;
		ssize_t w = write(fd, data + off, n);

		if (w < 0) {
			err = errno;
			break;
		}
		off += w;
	} while (off < len);
	if (!err && close(fd))
		err = errno;
	if (nth)
		ipe_fail_nth_report(nth_fd, err);
	else
		ipe_report(err);
	return err ? 1 : 0;
}
