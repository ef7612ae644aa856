// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_tamper DEV TAG TAGOFF OFFSET
 *
 * Changes one byte of a file behind its filesystem's back, on the block
 * device: finds TAG (a string the file holds TAGOFF bytes from its start,
 * and nothing else on DEV holds) in DEV, and flips the lowest bit of the
 * file's byte at OFFSET. The file must be stored contiguously from a
 * block boundary, which the tag's position checks. The filesystem must
 * not be mounted. Prints the device offset of the byte changed.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLOCK	4096
#define CHUNK	(1024 * 1024)

int main(int argc, char **argv)
{
	static char buf[CHUNK + 256];
	long long tagoff, offset, base = 0, found = -1;
	size_t taglen, have = 0;
	const char *tag;
	ssize_t n;
	char byte;
	int fd;

	if (argc != 5) {
		fprintf(stderr, "usage: ipe_tamper DEV TAG TAGOFF OFFSET\n");
		return 2;
	}
	tag = argv[2];
	taglen = strlen(tag);
	tagoff = atoll(argv[3]);
	offset = atoll(argv[4]);
	if (!taglen || taglen > 255) {
		fprintf(stderr, "ipe_tamper: bad tag\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	/* scan in chunks, keeping taglen - 1 bytes of overlap */
	while ((n = read(fd, buf + have, CHUNK)) > 0) {
		size_t len = have + n, i;

		for (i = 0; i + taglen <= len; i++) {
			if (!memcmp(buf + i, tag, taglen)) {
				if (found >= 0) {
					fprintf(stderr, "ipe_tamper: tag found twice\n");
					return 1;
				}
				found = base + i;
			}
		}
		have = taglen - 1 < len ? taglen - 1 : len;
		memmove(buf, buf + len - have, have);
		base += len - have;
	}
	if (found < 0) {
		fprintf(stderr, "ipe_tamper: tag not found\n");
		return 1;
	}
	if ((found - tagoff) % BLOCK) {
		fprintf(stderr, "ipe_tamper: file not block aligned at %lld\n",
			found - tagoff);
		return 1;
	}
	offset += found - tagoff;
	if (pread(fd, &byte, 1, offset) != 1)
		return 1;
	byte ^= 1;
	if (pwrite(fd, &byte, 1, offset) != 1 || fsync(fd)) {
		perror("ipe_tamper: write");
		return 1;
	}
	close(fd);
	printf("%lld\n", offset);
	return 0;
}
