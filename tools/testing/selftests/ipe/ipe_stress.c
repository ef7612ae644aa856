// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_stress: one evaluation loop of test_92_stress.sh.
 *
 *   ipe_stress exec|mmap|mprotect PATH STOPFILE MAXSEC [PAUSE_MS]
 *
 * Repeats one executable access to PATH until STOPFILE exists:
 *   exec      fork, execve(PATH) with stdout on /dev/null, wait
 *   mmap      mmap(PROT_READ|PROT_EXEC) of PATH, munmap
 *   mprotect  mmap(PROT_READ) of PATH, mprotect(+PROT_EXEC), munmap
 * sleeping PAUSE_MS after each attempt, at nice 10 so that the policy
 * management of the test gets the CPU first. Each attempt is counted as
 * allowed (exec: the child exited 0), denied (EACCES), denied late (exec:
 * the child was killed by SIGSEGV before it ran, see below) or an error
 * (anything else). Prints "allowed=A denied=D errors=E late=L" on stdout,
 * and the first error on stderr.
 *
 * A late denial is what an exec gets when the policy changes between the
 * check of the binary (bprm_check_security) and the loader's mmap() of
 * its segments: the mmap is refused after the exec's point of no return,
 * and the kernel can only kill the new image with SIGSEGV. It is the
 * verdict of the policy in force at the time of the mmap, so the test
 * accepts it for binaries whose verdict flips, never for the others.
 *
 * Exit status: 0 when the stop file ended the loop, 1 when the loop could
 * not start, 2 for bad usage, 3 when MAXSEC passed before the stop file
 * appeared, 4 when the parent went away first (the test gave up on it).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum outcome { ALLOWED, DENIED, FAILED, LATE };

static char first_error[160];

static enum outcome error(const char *fmt, int val)
{
	if (!first_error[0])
		snprintf(first_error, sizeof(first_error), fmt, val);
	return FAILED;
}

static enum outcome try_exec(const char *path)
{
	char *const argv[] = { (char *)path, NULL };
	char *const envp[] = { NULL };
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return error("fork: errno %d", errno);
	if (!pid) {
		int fd = open("/dev/null", O_WRONLY);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execve(path, argv, envp);
		_exit(errno == EACCES ? 126 : 127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return error("waitpid: errno %d", errno);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV)
		return LATE;
	if (WIFSIGNALED(status))
		return error("child killed by signal %d", WTERMSIG(status));
	if (WEXITSTATUS(status) == 0)
		return ALLOWED;
	if (WEXITSTATUS(status) == 126)
		return DENIED;
	return error("child exit status %d (127: execve failed, not EACCES)",
		     WEXITSTATUS(status));
}

static enum outcome try_map(int fd, int mprot)
{
	int prot = mprot ? PROT_READ : PROT_READ | PROT_EXEC;
	enum outcome res = ALLOWED;
	void *p;

	p = mmap(NULL, 4096, prot, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		if (errno == EACCES && !mprot)
			return DENIED;
		return error("mmap: errno %d", errno);
	}
	if (mprot && mprotect(p, 4096, PROT_READ | PROT_EXEC)) {
		if (errno == EACCES)
			res = DENIED;
		else
			res = error("mprotect: errno %d", errno);
	}
	munmap(p, 4096);
	return res;
}

static time_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

int main(int argc, char **argv)
{
	unsigned long count[4] = { 0, 0, 0, 0 };
	const char *mode, *path, *stop;
	pid_t parent = getppid();
	int fd = -1, rc = 3;
	long pause_ms = 0;
	time_t deadline;

	if (argc != 5 && argc != 6) {
		fprintf(stderr,
			"usage: ipe_stress exec|mmap|mprotect PATH STOPFILE MAXSEC [PAUSE_MS]\n");
		return 2;
	}
	mode = argv[1];
	path = argv[2];
	stop = argv[3];
	deadline = now() + atol(argv[4]);
	if (argc == 6)
		pause_ms = atol(argv[5]);
	if (strcmp(mode, "exec") && strcmp(mode, "mmap") &&
	    strcmp(mode, "mprotect"))
		return 2;
	if (strcmp(mode, "exec")) {
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			fprintf(stderr, "ipe_stress: open %s: %s\n", path,
				strerror(errno));
			return 1;
		}
	}
	errno = 0;
	if (nice(10) == -1 && errno)
		perror("ipe_stress: nice");

	while (now() < deadline) {
		enum outcome res;

		if (!access(stop, F_OK)) {
			rc = 0;
			break;
		}
		if (getppid() != parent) {
			rc = 4;
			break;
		}
		if (fd < 0)
			res = try_exec(path);
		else
			res = try_map(fd, !strcmp(mode, "mprotect"));
		count[res]++;
		if (pause_ms > 0)
			usleep(pause_ms * 1000);
	}
	printf("allowed=%lu denied=%lu errors=%lu late=%lu\n",
	       count[ALLOWED], count[DENIED], count[FAILED], count[LATE]);
	if (first_error[0])
		fprintf(stderr, "ipe_stress: %s %s: first error: %s\n", mode,
			path, first_error);
	if (rc == 3)
		fprintf(stderr, "ipe_stress: %s %s: no stop file after %s s\n",
			mode, path, argv[4]);
	if (rc == 4)
		fprintf(stderr, "ipe_stress: %s %s: the parent went away\n",
			mode, path);
	return rc;
}
