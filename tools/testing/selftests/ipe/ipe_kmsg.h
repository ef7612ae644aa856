/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE's audit records as the C selftests read them: from the kernel log.
 * While no audit daemon is registered, the kernel prints every record
 * ("audit: type=1420 audit(...): ipe_op=..."), a little later than the
 * event, from kauditd. A test marks the end of the log with kmsg_mark(),
 * acts, then asks kmsg_wait() for a record with every string it expects,
 * among those logged since the mark. Two things hide records from the
 * log: an audit daemon (it takes them instead; stop it) and the printk
 * rate limit, which lets 10 records in 5 seconds through (kmsg_unreliable()
 * says when it is on).
 */
#ifndef IPE_KMSG_H
#define IPE_KMSG_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* kmsg_mark() - /dev/kmsg open at its current end; a descriptor or -errno */
static inline int kmsg_mark(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (lseek(fd, 0, SEEK_END) < 0) {
		close(fd);
		return -errno;
	}
	return fd;
}

/* kmsg_unreliable() - why records may be missing from the log, or NULL */
static inline const char *kmsg_unreliable(void)
{
	char buf[16] = "";
	ssize_t n;
	int fd;

	fd = open("/proc/sys/kernel/printk_ratelimit", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n > 0 && buf[0] != '0')
		return "kernel.printk_ratelimit is not 0: records get lost";
	return NULL;
}

/*
 * kmsg_has() - whether message @msg holds every string of the NULL-ended
 * @want
 */
static inline bool kmsg_has(const char *msg, const char *const *want)
{
	for (; *want; want++)
		if (!strstr(msg, *want))
			return false;
	return true;
}

/*
 * kmsg_wait() - wait up to @ms milliseconds for a message after the mark
 * of @fd that holds every string of the NULL-ended @want; the last such
 * message read is copied into @out (@size bytes, may be 0). True when one
 * was found. Messages read are consumed: the next call sees later ones.
 */
static inline bool kmsg_wait(int fd, const char *const *want, int ms,
			     char *out, size_t size)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	bool found = false;
	char rec[8192];
	ssize_t n;

	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n > 0) {
			char *msg;

			rec[n] = '\0';
			/* "prio,seq,usec,flags;text\n" and dictionary lines */
			msg = strchr(rec, ';');
			msg = msg ? msg + 1 : rec;
			msg[strcspn(msg, "\n")] = '\0';
			if (kmsg_has(msg, want)) {
				found = true;
				if (size) {
					size_t len = strlen(msg);

					len = len < size ? len : size - 1;
					memcpy(out, msg, len);
					out[len] = '\0';
				}
			}
			continue;
		}
		if (n < 0 && errno == EPIPE)	/* overwritten: go on */
			continue;
		if (found || ms <= 0)
			return found;
		nanosleep(&pause, NULL);
		ms -= 20;
	}
}

#endif /* IPE_KMSG_H */
