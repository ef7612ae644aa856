// SPDX-License-Identifier: GPL-2.0
/*
 * IPE beside other LSMs: the LSMs the kernel lists, and decisions that
 * combine as the LSM framework says, a denial by any one of them wins.
 *
 * - lsm_list: /sys/kernel/security/lsm holds ipe; when IPE_EXPECT_LSM is
 *   set (the VM harness sets it from its kernel command line), it is
 *   exactly that list.
 * - Landlock and IPE, under the fixture's policy (only the initramfs may
 *   run code, ipe_policy_fixture.h), a Landlock ruleset restricting exec
 *   in a child: Landlock denies what IPE allows (a program of the
 *   initramfs outside the ruleset's paths), IPE denies what Landlock
 *   allows (a copy written at run time, inside them), both allow (a
 *   Landlock rule on the initramfs program itself: both LSMs keep state
 *   for that inode). Each denial is shown to come from the LSM it is
 *   charged to: the same exec runs when the other one is out of the way
 *   (no ruleset, or IPE permissive).
 * - Yama and IPE: with IPE enforcing, ptrace_scope=1 stops an
 *   unprivileged process attaching to a process that is not its
 *   descendant, which ptrace_scope=0 lets it do.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest_harness.h"

#define POLICY_NAME "c_stacking"
#include "ipe_policy_fixture.h"

#define YAMA_SCOPE "/proc/sys/kernel/yama/ptrace_scope"

TEST(lsm_list)
{
	const char *want = getenv("IPE_EXPECT_LSM");
	char list[256], item[258];

	ASSERT_EQ(0, read_str("/sys/kernel/security/lsm", list, sizeof(list)));
	TH_LOG("lsm=%s", list);
	snprintf(item, sizeof(item), ",%s,", list);
	EXPECT_NE(NULL, strstr(item, ",ipe,"));
	if (want)
		EXPECT_STREQ(want, list);
}

/* landlock_abi() - Landlock's ABI version, or -errno when it is not there */
static int landlock_abi(void)
{
	int abi = syscall(__NR_landlock_create_ruleset, NULL, 0,
			  LANDLOCK_CREATE_RULESET_VERSION);

	return abi < 0 ? -errno : abi;
}

/*
 * landlocked_exec() - errno of execve() of @path in a child restricted by
 * a Landlock ruleset that handles exec and allows it beneath @allowed
 * only (a directory, or the file itself); 0 if it ran, -1 if the ruleset
 * could not be set up.
 */
static int landlocked_exec(const char *allowed, const char *path)
{
	struct landlock_ruleset_attr attr = {
		.handled_access_fs = LANDLOCK_ACCESS_FS_EXECUTE,
	};
	struct landlock_path_beneath_attr rule = {
		.allowed_access = LANDLOCK_ACCESS_FS_EXECUTE,
	};
	char *const argv[] = { (char *)path, NULL };
	int status, ruleset;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		ruleset = syscall(__NR_landlock_create_ruleset, &attr,
				  sizeof(attr), 0);
		if (ruleset < 0)
			_exit(99);
		rule.parent_fd = open(allowed, O_PATH | O_CLOEXEC);
		if (rule.parent_fd < 0 ||
		    syscall(__NR_landlock_add_rule, ruleset,
			    LANDLOCK_RULE_PATH_BENEATH, &rule, 0) ||
		    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    syscall(__NR_landlock_restrict_self, ruleset, 0))
			_exit(99);
		close(rule.parent_fd);
		close(ruleset);
		execve(path, argv, environ);
		_exit(100 + errno);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) == 99)
		return -1;
	return WEXITSTATUS(status) > 100 ? WEXITSTATUS(status) - 100 : 0;
}

TEST_F(policy, landlock_denies_what_ipe_allows)
{
	int abi = landlock_abi();

	if (!self->active)
		return;	/* skipped in setup */
	if (abi < 0)
		SKIP(return, "Landlock is not enabled: %s", strerror(-abi));
	/* IPE alone lets the initramfs program run */
	EXPECT_EQ(0, exec_errno(self->trusted));
	/* a ruleset allowing exec only beneath the test's directory stops it */
	EXPECT_EQ(EACCES, landlocked_exec(self->dir, self->trusted));
}

TEST_F(policy, ipe_denies_what_landlock_allows)
{
	int abi = landlock_abi();

	if (!self->active)
		return;	/* skipped in setup */
	if (abi < 0)
		SKIP(return, "Landlock is not enabled: %s", strerror(-abi));
	/* the ruleset allows exec beneath the directory of the copy ... */
	EXPECT_EQ(EACCES, landlocked_exec(self->dir, self->file));
	/* ... and it is IPE that says no: permissive, the same exec runs */
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "0"));
	EXPECT_EQ(0, landlocked_exec(self->dir, self->file));
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "1"));
	EXPECT_EQ(EACCES, exec_errno(self->file));
}

TEST_F(policy, landlock_and_ipe_both_allow)
{
	int abi = landlock_abi();

	if (!self->active)
		return;	/* skipped in setup */
	if (abi < 0)
		SKIP(return, "Landlock is not enabled: %s", strerror(-abi));
	/* a Landlock rule on the very inode that IPE judges */
	EXPECT_EQ(0, landlocked_exec(self->trusted, self->trusted));
	EXPECT_EQ(0, exec_errno(self->trusted));
}

/*
 * attach_errno() - errno of PTRACE_ATTACH, by a process that gave up
 * root, to a process of the same user that is not its descendant; 0 if
 * it attached, -1 if the test could not be set up.
 */
static int attach_errno(void)
{
	int status, res = -1, pipefd[2];
	pid_t target, tracer;
	char c;

	if (pipe(pipefd))
		return -1;
	target = fork();
	if (target < 0)
		return -1;
	if (!target) {
		close(pipefd[0]);
		if (setgid(65534) || setuid(65534))
			_exit(1);
		/* dumpable again after the uid change, as a plain process is */
		prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
		if (write(pipefd[1], "r", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(pipefd[1]);
	if (read(pipefd[0], &c, 1) != 1)
		goto out;
	tracer = fork();
	if (tracer < 0)
		goto out;
	if (!tracer) {
		if (setgid(65534) || setuid(65534))
			_exit(99);
		if (ptrace(PTRACE_ATTACH, target, NULL, NULL))
			_exit(100 + errno);
		_exit(0);
	}
	if (waitpid(tracer, &status, 0) == tracer && WIFEXITED(status) &&
	    WEXITSTATUS(status) != 99)
		res = WEXITSTATUS(status) > 100 ? WEXITSTATUS(status) - 100 : 0;
out:
	close(pipefd[0]);
	kill(target, SIGKILL);
	waitpid(target, &status, 0);
	return res;
}

TEST_F(policy, yama_denies_what_ipe_allows)
{
	char old[8];

	if (!self->active)
		return;	/* skipped in setup */
	if (read_str(YAMA_SCOPE, old, sizeof(old)))
		SKIP(return, "Yama is not enabled (no %s)", YAMA_SCOPE);
	if (strcmp(old, "0") && strcmp(old, "1") && strcmp(old, "2"))
		SKIP(return, "ptrace_scope is %s, which cannot be lowered", old);
	ASSERT_EQ(0, write_str(YAMA_SCOPE, "0"));
	EXPECT_EQ(0, attach_errno());
	ASSERT_EQ(0, write_str(YAMA_SCOPE, "1"));
	EXPECT_EQ(EPERM, attach_errno());
	EXPECT_EQ(0, write_str(YAMA_SCOPE, old));
}

TEST_HARNESS_MAIN
