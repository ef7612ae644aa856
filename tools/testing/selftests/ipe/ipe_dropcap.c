// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_dropcap CAP PROG [ARG...]
 *
 * Runs PROG as the same user, but without capability CAP (a number, or
 * "mac_admin" / "sys_admin"): it is dropped from the bounding set and
 * from the effective, permitted and inheritable sets, so that not even an
 * exec as root gets it back. The end-to-end tests use it to check that
 * IPE refuses state changes without CAP_MAC_ADMIN. Busybox's setpriv
 * cannot change the bounding set, hence this helper.
 */
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int cap_number(const char *s)
{
	char *end;
	long n;

	if (!strcmp(s, "mac_admin"))
		return CAP_MAC_ADMIN;
	if (!strcmp(s, "sys_admin"))
		return CAP_SYS_ADMIN;
	errno = 0;
	n = strtol(s, &end, 10);
	if (errno || end == s || *end || n < 0 || n > CAP_LAST_CAP)
		return -1;
	return n;
}

int main(int argc, char **argv)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	unsigned int bit;
	int cap;

	if (argc < 3) {
		fprintf(stderr, "usage: %s CAP PROG [ARG...]\n", argv[0]);
		return 2;
	}
	cap = cap_number(argv[1]);
	if (cap < 0) {
		fprintf(stderr, "%s: unknown capability '%s'\n", argv[0],
			argv[1]);
		return 2;
	}
	if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)) {
		perror("prctl(PR_CAPBSET_DROP)");
		return 1;
	}
	if (syscall(SYS_capget, &hdr, data)) {
		perror("capget");
		return 1;
	}
	bit = 1U << (cap % 32);
	data[cap / 32].effective &= ~bit;
	data[cap / 32].permitted &= ~bit;
	data[cap / 32].inheritable &= ~bit;
	if (syscall(SYS_capset, &hdr, data)) {
		perror("capset");
		return 1;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "%s: cannot run %s: %s\n", argv[0], argv[2],
		strerror(errno));
	return 127;
}
