// SPDX-License-Identifier: GPL-2.0
/*
 * Exec checks, execveat(..., AT_EXECVE_CHECK), and the exec securebits.
 *
 * Under the policy of ipe_policy_fixture.h (only the initramfs may run
 * code), a check is decided as an exec of the same file: EACCES for a
 * file written at run time, by path, O_PATH descriptor or memfd, and what
 * the exec gives for the test's own ipe_hello. In permissive mode IPE
 * lets every check through, and what is left are the exec's own checks:
 * a directory, a device, a FIFO, a file without execute permission or on
 * a noexec mount give the exec's error; a file no binary handler takes
 * passes, since a check looks for none.
 *
 * The securebits tests need no policy: the exec bits can be set and
 * locked without CAP_SETPCAP (and nothing else can), a locked bit stays,
 * and the bits reach the programs a process runs, also across a new user
 * namespace.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest_harness.h"

#define POLICY_NAME "c_exec_check"
#include "ipe_policy_fixture.h"

#include "ipe_exec_check.h"

#define SECBIT_KEEP_CAPS_BIT			0x10

/* check_at() - errno of an exec check of @path under @dirfd, 0 if allowed */
static int check_at(int dirfd, const char *path, int flags)
{
	char *const argv[] = { "check", NULL };

	if (syscall(SYS_execveat, dirfd, path, argv, environ,
		    AT_EXECVE_CHECK | flags))
		return errno;
	return 0;
}

static int check(const char *path)
{
	return check_at(AT_FDCWD, path, 0);
}

static int check_fd(int fd)
{
	return check_at(fd, "", AT_EMPTY_PATH);
}

/* exec_fd_errno() - errno of an exec of @fd in a child, 0 if it ran */
static int exec_fd_errno(int fd)
{
	char *const argv[] = { "exec", NULL };
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return errno;
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		syscall(SYS_execveat, fd, "", argv, environ, AT_EMPTY_PATH);
		_exit(100 + errno);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status) > 100 ? WEXITSTATUS(status) - 100 : 0;
}

TEST_F(policy, tmpfs_file_denied)
{
	if (!self->active)
		return;	/* skipped in setup */
	EXPECT_EQ(EACCES, check(self->file));
	EXPECT_EQ(EACCES, exec_errno(self->file));
}

TEST_F(policy, trusted_file_as_exec)
{
	int exec_err;

	if (!self->active)
		return;	/* skipped in setup */
	exec_err = exec_errno(self->trusted);
	EXPECT_EQ(exec_err, check(self->trusted));
	if (exec_err)
		SKIP(return, "%s is not boot_verified (not run from an initramfs)",
		     self->trusted);
	EXPECT_EQ(0, check(self->trusted));
}

TEST_F(policy, fds_as_exec)
{
	int fd;

	if (!self->active)
		return;	/* skipped in setup */
	fd = open(self->file, O_PATH | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(EACCES, check_fd(fd));
	EXPECT_EQ(EACCES, exec_fd_errno(fd));
	close(fd);

	fd = open(self->file, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(EACCES, check_fd(fd));
	close(fd);

	fd = open(self->trusted, O_PATH | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(exec_fd_errno(fd), check_fd(fd));
	close(fd);
}

TEST_F(policy, memfd_as_exec)
{
	static char buf[1 << 16];
	ssize_t n;
	int fd, src;

	if (!self->active)
		return;	/* skipped in setup */
	src = open(self->trusted, O_RDONLY);
	ASSERT_LE(0, src);
	n = read(src, buf, sizeof(buf));
	close(src);
	ASSERT_LT(0, n);
	fd = memfd_create("ipe_check", 0);
	ASSERT_LE(0, fd);
	ASSERT_EQ(n, write(fd, buf, n));
	EXPECT_EQ(EACCES, check_fd(fd));
	EXPECT_EQ(EACCES, exec_fd_errno(fd));
	close(fd);
}

TEST_F(policy, permissive_passes_checks)
{
	char junk[128];
	int fd;

	if (!self->active)
		return;	/* skipped in setup */
	snprintf(junk, sizeof(junk), "%s/junk", self->dir);
	fd = open(junk, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
	ASSERT_LE(0, fd);
	ASSERT_EQ(4, write(fd, "junk", 4));
	close(fd);

	ASSERT_EQ(0, write_str(SYSCTL "enforce", "0"));
	EXPECT_EQ(0, check(self->file));
	/* no binary handler is looked for: no ENOEXEC */
	EXPECT_EQ(ENOEXEC, exec_errno(junk));
	EXPECT_EQ(0, check(junk));
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "1"));
	EXPECT_EQ(EACCES, check(junk));
}

TEST_F(policy, exec_errors_without_ipe)
{
	char path[512], mnt[128], fifo[128];
	const char *const paths[] = { self->dir, "/dev/null", fifo };
	int i;

	if (!self->active)
		return;	/* skipped in setup */
	snprintf(fifo, sizeof(fifo), "%s/fifo", self->dir);
	ASSERT_EQ(0, mkfifo(fifo, 0755));
	snprintf(mnt, sizeof(mnt), "%s/noexec", self->dir);
	ASSERT_EQ(0, mkdir(mnt, 0755));
	ASSERT_EQ(0, mount("ipe", mnt, "tmpfs", MS_NOEXEC, NULL));

	ASSERT_EQ(0, write_str(SYSCTL "enforce", "0"));
	for (i = 0; i < 3; i++) {
		EXPECT_EQ(EACCES, check(paths[i])) {
			TH_LOG("%s", paths[i]);
		}
		EXPECT_EQ(exec_errno(paths[i]), check(paths[i]));
	}
	/* no execute permission */
	ASSERT_EQ(0, chmod(self->file, 0644));
	EXPECT_EQ(EACCES, check(self->file));
	EXPECT_EQ(exec_errno(self->file), check(self->file));
	ASSERT_EQ(0, chmod(self->file, 0755));
	/* a noexec mount */
	snprintf(path, sizeof(path), "cp '%s' '%s/exe'", self->file, mnt);
	ASSERT_EQ(0, system(path));
	snprintf(path, sizeof(path), "%s/exe", mnt);
	EXPECT_EQ(EACCES, check(path));
	EXPECT_EQ(exec_errno(path), check(path));
	/* a missing file, an unknown flag */
	EXPECT_EQ(ENOENT, check("/nonexistent/ipe"));
	EXPECT_EQ(EINVAL, check_at(AT_FDCWD, self->file, 0x20000));
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "1"));
	EXPECT_EQ(0, umount(mnt));
}

/*
 * in_child() - run @fn in a child process and return its exit status:
 * 0 when every step held, else the number of the step that failed.
 */
static int in_child(int (*fn)(void))
{
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid)
		_exit(fn());
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static int set_bits(unsigned long bits)
{
	return prctl(PR_SET_SECUREBITS, bits) ? errno : 0;
}

/* without any capability: the exec bits and their locks, nothing else */
static int unprivileged_steps(void)
{
	const unsigned long rf = SECBIT_EXEC_RESTRICT_FILE;
	const unsigned long rfl = SECBIT_EXEC_RESTRICT_FILE_LOCKED;
	const unsigned long di = SECBIT_EXEC_DENY_INTERACTIVE;

	if (setresuid(65534, 65534, 65534))
		return 1;
	if (set_bits(rf))
		return 2;
	if (set_bits(rf) != EPERM)		/* no change: as before */
		return 3;
	if (set_bits(rf | SECBIT_KEEP_CAPS_BIT) != EPERM)
		return 4;
	if (set_bits(rf | rfl | di))
		return 5;
	if (set_bits(0) != EPERM)		/* unset a locked bit */
		return 6;
	if (set_bits(rf | di) != EPERM)		/* unlock */
		return 7;
	if (set_bits(rf | rfl))			/* unset an unlocked one */
		return 8;
	if ((unsigned long)prctl(PR_GET_SECUREBITS) != (rf | rfl))
		return 9;
	return 0;
}

TEST(secbits_unprivileged)
{
	if (geteuid())
		SKIP(return, "needs root (to become another user)");
	EXPECT_EQ(0, in_child(unprivileged_steps));
}

/* even with CAP_SETPCAP a locked bit stays */
static int locked_steps(void)
{
	const unsigned long bits = SECBIT_EXEC_DENY_INTERACTIVE |
				   SECBIT_EXEC_DENY_INTERACTIVE_LOCKED;

	if (set_bits(bits))
		return 1;
	if (set_bits(0) != EPERM)
		return 2;
	if (set_bits(SECBIT_EXEC_DENY_INTERACTIVE) != EPERM)
		return 3;
	return 0;
}

TEST(secbits_locked_for_root)
{
	if (geteuid())
		SKIP(return, "needs root");
	EXPECT_EQ(0, in_child(locked_steps));
}

/* the bits of a process reach a program its child runs */
static char ipe_interp[256];

static int inherited_steps(void)
{
	const unsigned long bits = SECBIT_EXEC_RESTRICT_FILE |
				   SECBIT_EXEC_RESTRICT_FILE_LOCKED;
	char *const argv[] = { ipe_interp, "-g", NULL };
	char out[32] = "";
	int pipefd[2], status;
	pid_t pid;

	if (set_bits(bits) || pipe(pipefd))
		return 1;
	pid = fork();
	if (pid < 0)
		return 2;
	if (!pid) {
		dup2(pipefd[1], 1);
		execv(ipe_interp, argv);
		_exit(127);
	}
	close(pipefd[1]);
	if (read(pipefd[0], out, sizeof(out) - 1) <= 0)
		return 3;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return 4;
	if (strtoul(out, NULL, 0) != bits)
		return 5;
	return 0;
}

TEST(secbits_inherited)
{
	if (readlink("/proc/self/exe", ipe_interp, sizeof(ipe_interp) - 16) <= 0)
		SKIP(return, "cannot find ipe_interp next to this program");
	strcpy(strrchr(ipe_interp, '/') + 1, "ipe_interp");
	if (access(ipe_interp, X_OK))
		SKIP(return, "no %s", ipe_interp);
	EXPECT_EQ(0, in_child(inherited_steps));
}

/* a new user namespace resets the other securebits, not the exec ones */
static int userns_steps(void)
{
	const unsigned long bits = SECBIT_EXEC_RESTRICT_FILE |
				   SECBIT_EXEC_RESTRICT_FILE_LOCKED;

	if (set_bits(bits | SECBIT_KEEP_CAPS_BIT))
		return 1;
	if (unshare(CLONE_NEWUSER))
		return errno == EINVAL || errno == EPERM || errno == ENOSPC ?
			100 : 2;
	if ((unsigned long)prctl(PR_GET_SECUREBITS) != bits)
		return 3;
	/* full capabilities in the namespace, and still locked */
	if (set_bits(0) != EPERM)
		return 4;
	return 0;
}

TEST(secbits_kept_in_new_userns)
{
	int ret;

	if (geteuid())
		SKIP(return, "needs root (to set SECBIT_KEEP_CAPS)");
	ret = in_child(userns_steps);
	if (ret == 100)
		SKIP(return, "user namespaces are not available");
	EXPECT_EQ(0, ret);
}

TEST_HARNESS_MAIN
