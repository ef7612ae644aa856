// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_blob_writes: what becomes of a signed policy half written to an open
 * IPE node (new_policy, raw, update) when other writes come in between.
 *
 *   ipe_blob_writes race TARGET FILE
 *	Write all of FILE but its last byte. Then, while one thread writes
 *	that byte with pwrite() and the load it completes runs, a second
 *	thread keeps writing single bytes to the same file with pwrite(),
 *	which the VFS does not serialise. Prints the errno names of the
 *	completing write and of the first interfering one, then "(N
 *	interfering writes)": "OK OK" when the interfering write waited for
 *	the load and then started a blob of its own.
 *
 *   ipe_blob_writes efault TARGET FILE
 *	Write the first half of FILE, then write from an unmapped address,
 *	then close. Prints the errno names of the bad write and of close():
 *	"EFAULT OK" when the half blob was dropped with the error.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "ipe_errname.h"
#include "ipe_util.h"

static atomic_int race_go, race_done;
static int race_fd, race_first_err = -1;

/*
 * Let the completing write enter the kernel and start the load first:
 * a byte that came before it would itself complete the blob.
 */
static void *race_interferer(void *arg)
{
	const struct timespec delay = { .tv_nsec = 20 * 1000 * 1000 };
	unsigned long *count = arg;

	while (!atomic_load(&race_go))
		;
	nanosleep(&delay, NULL);
	while (!atomic_load(&race_done)) {
		int err = pwrite(race_fd, "\x30", 1, 0) == 1 ? 0 : errno;

		if (race_first_err < 0)
			race_first_err = err;
		(*count)++;
	}
	return NULL;
}

static int race(const char *target, const char *file)
{
	unsigned long count = 0;
	pthread_t t;
	size_t len;
	char *data;
	int err = 0;

	data = ipe_slurp(file, &len);
	if (!data || len < 2) {
		perror(file);
		return 2;
	}
	race_fd = open(target, O_WRONLY);
	if (race_fd < 0)
		return ipe_report(errno);
	if (write(race_fd, data, len - 1) != (ssize_t)(len - 1))
		return ipe_report(errno);
	if (pthread_create(&t, NULL, race_interferer, &count)) {
		perror("pthread_create");
		return 2;
	}
	atomic_store(&race_go, 1);
	if (pwrite(race_fd, data + len - 1, 1, len - 1) != 1)
		err = errno;
	atomic_store(&race_done, 1);
	pthread_join(t, NULL);
	/* what the interferer left is dropped at close: not our verdict */
	close(race_fd);
	ipe_report_name(err);
	putchar(' ');
	if (race_first_err < 0)
		fputs("NONE", stdout);
	else
		ipe_report_name(race_first_err);
	printf(" (%lu interfering writes)\n", count);
	return err || race_first_err ? 1 : 0;
}

static int efault(const char *target, const char *file)
{
	int fd, bad_err = 0, close_err = 0;
	size_t len;
	char *data;
	void *hole;

	data = ipe_slurp(file, &len);
	if (!data || len < 2) {
		perror(file);
		return 2;
	}
	hole = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (hole == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	fd = open(target, O_WRONLY);
	if (fd < 0)
		return ipe_report(errno);
	if (write(fd, data, len / 2) != (ssize_t)(len / 2))
		return ipe_report(errno);
	if (write(fd, hole, 16) < 0)
		bad_err = errno;
	if (close(fd))
		close_err = errno;
	ipe_report_name(bad_err);
	putchar(' ');
	return ipe_report(close_err);
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "race"))
		return race(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "efault"))
		return efault(argv[2], argv[3]);
	fprintf(stderr, "usage: ipe_blob_writes race|efault TARGET FILE\n");
	return 2;
}
