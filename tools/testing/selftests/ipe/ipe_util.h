/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the IPE selftest helpers share besides errno names: dropping
 * CAP_MAC_ADMIN, reading a whole file, and fail-nth fault injection (/proc/thread-self/fail-nth,
 * CONFIG_FAULT_INJECTION).
 */
#ifndef IPE_UTIL_H
#define IPE_UTIL_H

#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ipe_errname.h"

/*
 * Drop CAP_MAC_ADMIN from every set of this process and from its bounding
 * set, so that not even an exec gets it back. 0 or -1 (errno set).
 */
static inline int ipe_drop_mac_admin(void)
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

/* @path's bytes in a malloc()ed buffer, their count in @len; NULL on error */
static inline void *ipe_slurp(const char *path, size_t *len)
{
	struct stat st;
	void *buf;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	buf = fstat(fd, &st) ? NULL : malloc(st.st_size ? st.st_size : 1);
	if (buf && read(fd, buf, st.st_size) != st.st_size) {
		free(buf);
		buf = NULL;
	}
	close(fd);
	*len = buf ? st.st_size : 0;
	return buf;
}

/* arm fail-nth of this thread (@fd open on it): the NTH site from now fails */
static inline int ipe_fail_nth_arm(int fd, unsigned long nth)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "%lu", nth);

	return pwrite(fd, buf, n, 0) == n ? 0 : -1;
}

/* 1 when the armed fault was injected, 0 when not, -1 on error */
static inline int ipe_fail_nth_injected(int fd)
{
	char buf[32] = "";

	if (pread(fd, buf, sizeof(buf) - 1, 0) <= 0)
		return -1;
	return strtoul(buf, NULL, 10) == 0;
}

/*
 * After a call made under an armed fail-nth (@fd): disarm it, then print
 * @err's name and whether the fault was "injected", "not-injected" or
 * "unknown".
 */
static inline void ipe_fail_nth_report(int fd, int err)
{
	int injected = ipe_fail_nth_injected(fd);

	/* disarm before anything else can pass a site */
	ipe_fail_nth_arm(fd, 0);
	ipe_report_name(err);
	printf(" %s\n", injected > 0 ? "injected" :
	       injected == 0 ? "not-injected" : "unknown");
}

#endif /* IPE_UTIL_H */
