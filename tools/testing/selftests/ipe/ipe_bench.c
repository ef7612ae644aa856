// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_bench: the user-space half of make bench.
 *
 *   ipe_bench exec PATH N	fork and exec PATH (no arguments) N times
 *   ipe_bench mmap PATH N	mmap PATH with PROT_EXEC and unmap it N times
 *   ipe_bench write NODE FILE	write FILE to NODE in one write()
 *
 * Prints the nanoseconds per operation (for write: the milliseconds the
 * write took), or an error on stderr and exit status 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int bench_exec(const char *path, long n)
{
	char *const argv[] = { (char *)path, NULL };
	char *const envp[] = { NULL };
	long i;

	for (i = 0; i < n; i++) {
		int status;
		pid_t pid = fork();

		if (pid < 0)
			return -1;
		if (!pid) {
			int fd = open("/dev/null", O_WRONLY);

			if (fd >= 0)
				dup2(fd, 1);
			execve(path, argv, envp);
			_exit(127);
		}
		if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			fprintf(stderr, "ipe_bench: %s did not run\n", path);
			return -1;
		}
	}
	return 0;
}

static int bench_mmap(const char *path, long n)
{
	int fd = open(path, O_RDONLY);
	long i;

	if (fd < 0)
		return -1;
	for (i = 0; i < n; i++) {
		void *p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE,
			       fd, 0);

		if (p == MAP_FAILED) {
			perror("ipe_bench: mmap");
			close(fd);
			return -1;
		}
		munmap(p, 4096);
	}
	close(fd);
	return 0;
}

static int bench_write(const char *node, const char *file)
{
	unsigned long long t0;
	struct stat st;
	char *buf;
	ssize_t w;
	int fd;

	fd = open(file, O_RDONLY);
	if (fd < 0 || fstat(fd, &st))
		return -1;
	buf = malloc(st.st_size ? st.st_size : 1);
	if (!buf || read(fd, buf, st.st_size) != st.st_size)
		return -1;
	close(fd);
	fd = open(node, O_WRONLY);
	if (fd < 0)
		return -1;
	t0 = now_ns();
	w = write(fd, buf, st.st_size);
	if (w != st.st_size) {
		fprintf(stderr, "ipe_bench: write %s: %s\n", node,
			w < 0 ? strerror(errno) : "short write");
		return -1;
	}
	printf("%.3f\n", (now_ns() - t0) / 1e6);
	close(fd);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long long t0;
	long n;
	int rc;

	if (argc != 4) {
		fprintf(stderr, "usage: ipe_bench exec|mmap PATH N | write NODE FILE\n");
		return 2;
	}
	if (!strcmp(argv[1], "write"))
		return bench_write(argv[2], argv[3]) ? 1 : 0;
	n = atol(argv[3]);
	if (n <= 0)
		return 2;
	t0 = now_ns();
	if (!strcmp(argv[1], "exec"))
		rc = bench_exec(argv[2], n);
	else if (!strcmp(argv[1], "mmap"))
		rc = bench_mmap(argv[2], n);
	else
		return 2;
	if (rc) {
		perror("ipe_bench");
		return 1;
	}
	printf("%llu\n", (now_ns() - t0) / n);
	return 0;
}
