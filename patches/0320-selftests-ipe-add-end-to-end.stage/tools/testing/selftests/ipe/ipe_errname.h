/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The IPE selftest helpers print the outcome of a call as "OK" or an errno
 * name, so a shell test compares exact error codes.
 */
#ifndef IPE_ERRNAME_H
#define IPE_ERRNAME_H

#include <errno.h>
#include <stdio.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/* Print "OK" for 0, else the name of @err, with no newline. */
static inline void ipe_report_name(int err)
{
	static const struct { int err; const char *name; } names[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EACCES, "EACCES" },
		{ EEXIST, "EEXIST" }, { EINVAL, "EINVAL" }, { E2BIG, "E2BIG" },
		{ ENOMEM, "ENOMEM" }, { EBADMSG, "EBADMSG" },
		{ ENOKEY, "ENOKEY" }, { EKEYREJECTED, "EKEYREJECTED" },
		{ ESTALE, "ESTALE" }, { ENOPKG, "ENOPKG" }, { EFBIG, "EFBIG" },
		{ ENOSPC, "ENOSPC" }, { EMSGSIZE, "EMSGSIZE" },
		{ EKEYEXPIRED, "EKEYEXPIRED" }, { ENOTSUP, "ENOTSUP" },
		{ EBUSY, "EBUSY" }, { EFAULT, "EFAULT" }, { EIO, "EIO" },
		{ ERANGE, "ERANGE" },
	};
	size_t i;

	if (!err) {
		fputs("OK", stdout);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (names[i].err == err) {
			fputs(names[i].name, stdout);
			return;
		}
	}
	printf("E%d", err);
}

/* Print "OK" for 0, else the name of @err, on a line; return the exit status. */
static inline int ipe_report(int err)
{
	ipe_report_name(err);
	putchar('\n');
	return err ? 1 : 0;
}

#endif /* IPE_ERRNAME_H */
