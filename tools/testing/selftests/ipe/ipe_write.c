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

static int drop_mac_admin(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];
	int idx = CAP_TO_INDEX(CAP_MAC_ADMIN);
	__u32 bit = CAP_TO_MASK(CAP_MAC_ADMIN);

	if (prctl(PR_CAPBSET_DROP, CAP_MAC_ADMIN, 0, 0, 0))
		return -1;
	if (syscall(SYS_capget, &h, d))
		return -1;
	d[idx].effective &= ~bit;
	d[idx].permitted &= ~bit;
	d[idx].inheritable &= ~bit;
	return syscall(SYS_capset, &h, d);
}

/* arm fail-nth of this thread: the NTH site from now on fails */
static int fail_nth_arm(int fd, unsigned long nth)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "%lu", nth);

	return pwrite(fd, buf, n, 0) == n ? 0 : -1;
}

/* 1 when the armed fault was injected, 0 when not, -1 on error */
static int fail_nth_injected(int fd)
{
	char buf[32] = "";

	if (pread(fd, buf, sizeof(buf) - 1, 0) <= 0)
		return -1;
	return strtoul(buf, NULL, 10) == 0;
}

static char *slurp(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st))
		return NULL;
	buf = malloc(st.st_size ? st.st_size : 1);
	if (!buf || read(fd, buf, st.st_size) != st.st_size)
		return NULL;
	close(fd);
	*len = st.st_size;
	return buf;
}

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
			if (drop_mac_admin()) {
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
		data = slurp(argv[optind + 1], &len);
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
		if (nth_fd < 0 || fail_nth_arm(nth_fd, nth)) {
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
	if (nth) {
		int injected = fail_nth_injected(nth_fd);

		/* disarm before anything else can pass a site */
		fail_nth_arm(nth_fd, 0);
		ipe_report_name(err);
		printf(" %s\n", injected > 0 ? "injected" :
		       injected == 0 ? "not-injected" : "unknown");
		return err ? 1 : 0;
	}
	ipe_report(err);
	return err ? 1 : 0;
}
