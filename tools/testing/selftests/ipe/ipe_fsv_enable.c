// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_fsv_enable: enable fs-verity on a file, optionally with a built-in
 * signature and an allocation fault, and print the outcome as an errno
 * name ("OK", "ENOMEM", ...), the way ipe_write does.
 *
 *   ipe_fsv_enable [-f NTH] FILE [SIG]
 *
 * FS_IOC_ENABLE_VERITY with SHA-256 and 4096-byte blocks (what
 * "fsverity enable" uses), SIG the DER signature "fsverity sign" wrote.
 * With -f, the NTH fault-injection site the ioctl passes fails
 * (/proc/thread-self/fail-nth), and "injected" or "not-injected" follows
 * the errno name.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fsverity.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ipe_errname.h"
#include "ipe_util.h"

int main(int argc, char **argv)
{
	struct fsverity_enable_arg arg = {
		.version = 1,
		.hash_algorithm = FS_VERITY_HASH_ALG_SHA256,
		.block_size = 4096,
	};
	unsigned long nth = 0;
	int opt, fd, nth_fd = -1, err = 0;
	size_t sig_len = 0;
	void *sig = NULL;

	while ((opt = getopt(argc, argv, "f:")) != -1) {
		if (opt != 'f')
			goto usage;
		nth = strtoul(optarg, NULL, 0);
	}
	if (argc - optind != 1 && argc - optind != 2)
		goto usage;
	if (argc - optind == 2) {
		sig = ipe_slurp(argv[optind + 1], &sig_len);
		if (!sig) {
			perror(argv[optind + 1]);
			return 2;
		}
		arg.sig_size = sig_len;
		arg.sig_ptr = (uintptr_t)sig;
	}
	fd = open(argv[optind], O_RDONLY);
	if (fd < 0) {
		perror(argv[optind]);
		return 2;
	}
	if (nth) {
		nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
		if (nth_fd < 0 || ipe_fail_nth_arm(nth_fd, nth)) {
			perror("fail-nth");
			return 2;
		}
	}
	if (ioctl(fd, FS_IOC_ENABLE_VERITY, &arg))
		err = errno;
	if (nth)
		ipe_fail_nth_report(nth_fd, err);
	else
		ipe_report(err);
	return err ? 1 : 0;

usage:
	fprintf(stderr, "usage: ipe_fsv_enable [-f NTH] FILE [SIG]\n");
	return 2;
}
