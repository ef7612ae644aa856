// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_fsv_race FILE DEV FROM TO [DELAY_MS]
 *
 * Tries to leave unverified bytes in the page cache of a file that
 * fs-verity then reports as sealed. FILE (on DEV, not yet sealed) holds
 * the string FROM once; TO is as long. The block of FILE that holds FROM
 * is rewritten on DEV, behind the filesystem, with TO in its place, while
 * the page cache keeps the original bytes. Then FS_IOC_ENABLE_VERITY
 * hashes FILE from the page cache, and meanwhile a child, from DELAY_MS
 * (default 200) after the enable began, evicts that page and reads it
 * again from DEV, over and over, until a read that returned TO finds the
 * file sealed (STATX_ATTR_VERITY), a read fails, or the enable ends.
 * Having won, the child opens FILE again at once, maps the page
 * PROT_READ | PROT_EXEC (the mapping an LSM judges by the file's
 * fs-verity facts) and reads it. Prints
 *
 *   enable=ERR race=WON|LOST|NONE reads=N changed=M reopen=HOW after=WHAT
 *
 * ERR the enable's outcome as an errno name; WON: the child read TO
 * without verification and then saw the file sealed, LOST: it did not
 * (a read failed, or the enable ended first), NONE: it never read; N its
 * reads, M of them returned TO; HOW what the mapping of the new open
 * gave: CHANGED, ORIGINAL, SIGBUS (the page could not be read), an errno
 * name if the open or the mapping failed, or NONE (the child did not
 * win); WHAT what a read of that page gives once the enable returned:
 * CHANGED (TO, unverified bytes served), ORIGINAL (FROM) or an errno
 * name (EIO: fs-verity refused the changed block).
 * The caller compares FILE's digest with the one expected for the
 * original bytes: a child that evicted the page before the enable hashed
 * it makes the enable hash TO instead.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/fsverity.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ipe_errname.h"

#define BLOCK	4096

struct race {
	atomic_int started;
	atomic_int ended;
	atomic_int result;	/* 0: none, 1: won, 2: lost */
	atomic_long reads;
	atomic_long changed;
	/* 0: none, 1: changed, 2: original, 3: other, 4: SIGBUS; or -errno */
	atomic_int reopen;
};

static sigjmp_buf bus_jmp;

static void on_bus(int sig)
{
	(void)sig;
	siglongjmp(bus_jmp, 1);
}

/* open @path again, map the page at @pos for reading and executing, read it */
static void reopen(const char *path, off_t pos, const char *from,
		   const char *to, size_t len, struct race *r)
{
	struct sigaction sa = { .sa_handler = on_bus };
	char *map;
	char buf[BLOCK];
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		r->reopen = -errno;
		return;
	}
	map = mmap(NULL, BLOCK, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, pos);
	if (map == MAP_FAILED) {
		r->reopen = -errno;
		close(fd);
		return;
	}
	sigaction(SIGBUS, &sa, NULL);
	if (sigsetjmp(bus_jmp, 1)) {
		r->reopen = 4;
	} else {
		memcpy(buf, map, BLOCK);
		r->reopen = memmem(buf, BLOCK, to, len) ? 1 :
			    memmem(buf, BLOCK, from, len) ? 2 : 3;
	}
	munmap(map, BLOCK);
	close(fd);
}

static int sealed(int fd)
{
	struct statx stx;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS, &stx))
		return 0;
	return !!(stx.stx_attributes & STATX_ATTR_VERITY);
}

/* the physical offset on the device of the block at @pos of @fd */
static long long block_on_dev(int fd, off_t pos)
{
	struct {
		struct fiemap map;
		struct fiemap_extent ext[1];
	} fm = { 0 };
	const unsigned int bad = FIEMAP_EXTENT_UNKNOWN |
		FIEMAP_EXTENT_DELALLOC | FIEMAP_EXTENT_ENCODED |
		FIEMAP_EXTENT_DATA_ENCRYPTED | FIEMAP_EXTENT_NOT_ALIGNED |
		FIEMAP_EXTENT_DATA_INLINE | FIEMAP_EXTENT_DATA_TAIL |
		FIEMAP_EXTENT_UNWRITTEN;
	struct fiemap_extent *e = &fm.map.fm_extents[0];

	fm.map.fm_start = pos;
	fm.map.fm_length = BLOCK;
	fm.map.fm_flags = FIEMAP_FLAG_SYNC;
	fm.map.fm_extent_count = 1;
	if (ioctl(fd, FS_IOC_FIEMAP, &fm.map)) {
		perror("FS_IOC_FIEMAP");
		return -1;
	}
	if (fm.map.fm_mapped_extents != 1 || (e->fe_flags & bad) ||
	    e->fe_logical > (__u64)pos ||
	    e->fe_logical + e->fe_length < (__u64)pos + BLOCK) {
		fprintf(stderr, "ipe_fsv_race: block %lld has no plain extent\n",
			(long long)pos);
		return -1;
	}
	return e->fe_physical + (pos - e->fe_logical);
}

static void child(const char *path, off_t pos, const char *from,
		  const char *to, size_t len, unsigned int delay_ms,
		  struct race *r)
{
	char buf[BLOCK];
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		_exit(2);
	/* read the one page, not its neighbours */
	posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
	while (!r->started)
		usleep(1000);
	usleep(delay_ms * 1000);
	r->result = 2;
	while (!r->ended) {
		ssize_t n;

		posix_fadvise(fd, pos, BLOCK, POSIX_FADV_DONTNEED);
		n = pread(fd, buf, BLOCK, pos);
		if (n != BLOCK)
			break;
		r->reads++;
		if (!memmem(buf, BLOCK, to, len))
			continue;
		r->changed++;
		if (sealed(fd)) {
			r->result = 1;
			reopen(path, pos, from, to, len, r);
			break;
		}
	}
	_exit(0);
}

int main(int argc, char **argv)
{
	struct fsverity_enable_arg arg = {
		.version = 1,
		.hash_algorithm = FS_VERITY_HASH_ALG_SHA256,
		.block_size = BLOCK,
	};
	static const char *const results[] = { "NONE", "WON", "LOST" };
	static const char *const reopens[] = {
		"NONE", "CHANGED", "ORIGINAL", "OTHER", "SIGBUS"
	};
	unsigned int delay_ms = 200;
	const char *from, *to;
	size_t len;
	long long phys;
	off_t pos = -1, off;
	char *blk, page[BLOCK + 256];
	struct race *r;
	int fd, dev, err = 0;
	ssize_t n;
	char *hit;
	pid_t pid;

	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: ipe_fsv_race FILE DEV FROM TO [DELAY_MS]\n");
		return 2;
	}
	from = argv[3];
	to = argv[4];
	len = strlen(from);
	if (!len || len > 255 || strlen(to) != len || !strcmp(from, to)) {
		fprintf(stderr, "ipe_fsv_race: FROM and TO differ, as long\n");
		return 2;
	}
	if (argc == 6)
		delay_ms = atoi(argv[5]);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	/* find FROM; this also brings the whole file into the page cache */
	for (off = 0; (n = pread(fd, page, sizeof(page), off)) > 0;
	     off += BLOCK) {
		/* every hit that starts in this block, not just the first */
		for (hit = memmem(page, n, from, len); hit && hit - page < BLOCK;
		     hit = memmem(hit + 1, page + n - hit - 1, from, len)) {
			if (pos >= 0) {
				fprintf(stderr, "ipe_fsv_race: FROM found twice\n");
				return 2;
			}
			pos = off;
		}
	}
	if (pos < 0) {
		fprintf(stderr, "ipe_fsv_race: FROM not found\n");
		return 2;
	}
	if (pread(fd, page, BLOCK, pos) != BLOCK) {
		fprintf(stderr, "ipe_fsv_race: FROM too close to the end\n");
		return 2;
	}
	phys = block_on_dev(fd, pos);
	if (phys < 0)
		return 2;

	/* the block on the device must be the one read: then change it */
	dev = open(argv[2], O_RDWR | O_DIRECT);
	if (dev < 0 || posix_memalign((void **)&blk, BLOCK, BLOCK)) {
		perror(argv[2]);
		return 2;
	}
	if (pread(dev, blk, BLOCK, phys) != BLOCK || memcmp(blk, page, BLOCK)) {
		fprintf(stderr, "ipe_fsv_race: the device holds other bytes at %lld\n",
			phys);
		return 2;
	}
	hit = memmem(blk, BLOCK, from, len);
	if (!hit || hit + len > blk + BLOCK) {
		fprintf(stderr, "ipe_fsv_race: FROM crosses a block\n");
		return 2;
	}
	memcpy(hit, to, len);
	if (pwrite(dev, blk, BLOCK, phys) != BLOCK || fsync(dev)) {
		perror("ipe_fsv_race: write");
		return 2;
	}
	close(dev);

	r = mmap(NULL, sizeof(*r), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (!pid)
		child(argv[1], pos, from, to, len, delay_ms, r);
	r->started = 1;
	if (ioctl(fd, FS_IOC_ENABLE_VERITY, &arg))
		err = errno;
	r->ended = 1;
	waitpid(pid, NULL, 0);

	fputs("enable=", stdout);
	ipe_report_name(err);
	printf(" race=%s reads=%ld changed=%ld reopen=", results[r->result],
	       r->reads, r->changed);
	if (r->reopen < 0)
		ipe_report_name(-r->reopen);
	else
		fputs(reopens[r->reopen], stdout);
	fputs(" after=", stdout);
	n = pread(fd, page, BLOCK, pos);
	if (n < 0)
		ipe_report_name(errno);
	else if (memmem(page, n, to, len))
		fputs("CHANGED", stdout);
	else if (memmem(page, n, from, len))
		fputs("ORIGINAL", stdout);
	else
		fputs("OTHER", stdout);
	putchar('\n');
	return 0;
}
