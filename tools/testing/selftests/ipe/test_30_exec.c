// SPDX-License-Identifier: GPL-2.0
/*
 * What an enforced policy does to exec, mmap() and mprotect() with
 * PROT_EXEC, and to scripts, and the access records (type 1420) they
 * leave in the kernel log: every field in mainline's order and nothing
 * else, path=? dev=? ino=? for anonymous memory, allowed events recorded
 * only with success_audit=1, would-be denials recorded in permissive mode.
 * A policy without "DEFAULT op=EXECUTE action=DENY" leaves exec to its
 * global default.
 *
 * The policy is ipe_policy_fixture.h's (only the initramfs may run code);
 * the file denied is a copy of ipe_hello written at run time; the file
 * allowed is ipe_hello itself, next to this program, and the tests that
 * need it allowed skip when it is not on the initramfs. The records are
 * read from the kernel log (ipe_kmsg.h): no audit daemon may be running.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest_harness.h"

#define POLICY_NAME "c_exec"
#include "ipe_policy_fixture.h"
#include "ipe_kmsg.h"

#define DENY_RULE "rule=\"DEFAULT op=EXECUTE action=DENY\""
#define ALLOW_RULE "rule=\"op=EXECUTE boot_verified=TRUE action=ALLOW\""
#define WAIT_MS 3000

/* field() - the value of " NAME=" in record @rec into @val; 0 or -1 */
static int field(const char *rec, const char *name, char *val, size_t size)
{
	char key[32];
	const char *p;
	size_t len;

	snprintf(key, sizeof(key), " %s=", name);
	p = strstr(rec, key);
	if (!p)
		return -1;
	p += strlen(key);
	len = *p == '"' ? strcspn(p + 1, "\"") + 2 : strcspn(p, " ");
	if (len >= size)
		return -1;
	memcpy(val, p, len);
	val[len] = '\0';
	return 0;
}

/* in_order() - whether @rec has every NULL-ended " NAME=" of @names, in order */
static bool in_order(const char *rec, const char *const *names)
{
	const char *at = rec;
	char key[32];

	for (; *names; names++) {
		snprintf(key, sizeof(key), " %s=", *names);
		at = strstr(at, key);
		if (!at)
			return false;
	}
	return true;
}

/* run_sh() - errno of an exec of /bin/sh @script in a child, 0 if it ran */
static int run_sh(const char *script)
{
	char *const argv[] = { "sh", (char *)script, NULL };
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return errno;
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, 1);
		execv("/bin/sh", argv);
		_exit(100 + errno);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status) > 100 ? WEXITSTATUS(status) - 100 :
	       WEXITSTATUS(status);
}

TEST_F(policy, exec_denied_record)
{
	static const char *const order[] = {
		"ipe_op", "ipe_hook", "enforcing", "pid", "comm", "path", "dev",
		"ino", "rule", NULL
	};
	char path[160], rec[1024], val[300], comm[32] = "", ino[32], want[40];
	struct statfs fs;
	struct stat st;
	int log;

	if (!self->active)
		return;	/* skipped in setup */
	if (kmsg_unreliable())
		SKIP(return, "%s", kmsg_unreliable());
	snprintf(path, sizeof(path), "path=\"%s\"", self->file);
	{
		const char *const want[] = { "type=1420", "ipe_hook=BPRM_CHECK",
					     path, NULL };

		log = kmsg_mark();
		ASSERT_LE(0, log);
		EXPECT_EQ(EACCES, exec_errno(self->file));
		ASSERT_TRUE(kmsg_wait(log, want, WAIT_MS, rec, sizeof(rec)))
			TH_LOG("no BPRM_CHECK record naming %s", self->file);
		close(log);
	}
	EXPECT_EQ(0, field(rec, "ipe_op", val, sizeof(val)));
	EXPECT_STREQ("EXECUTE", val);
	EXPECT_EQ(0, field(rec, "enforcing", val, sizeof(val)));
	EXPECT_STREQ("1", val);
	/* the process that called execve(), before it became anything else */
	read_str("/proc/self/comm", comm, sizeof(comm));
	snprintf(want, sizeof(want), "\"%s\"", comm);
	EXPECT_EQ(0, field(rec, "comm", val, sizeof(val)));
	EXPECT_STREQ(want, val);
	ASSERT_EQ(0, stat(self->file, &st));
	snprintf(ino, sizeof(ino), "%lu", (unsigned long)st.st_ino);
	EXPECT_EQ(0, field(rec, "ino", val, sizeof(val)));
	EXPECT_STREQ(ino, val);
	EXPECT_EQ(0, field(rec, "dev", val, sizeof(val)));
	if (!statfs(self->dir, &fs) && fs.f_type == TMPFS_MAGIC)
		EXPECT_STREQ("\"tmpfs\"", val);
	EXPECT_EQ(0, field(rec, "rule", val, sizeof(val)));
	EXPECT_STREQ("\"DEFAULT op=EXECUTE action=DENY\"", val);
	EXPECT_TRUE(in_order(rec, order)) TH_LOG("order: %s", rec);
	/* mainline's fields only: auid and ses are in the SYSCALL record */
	EXPECT_EQ(-1, field(rec, "res", val, sizeof(val)));
	EXPECT_EQ(-1, field(rec, "lsm", val, sizeof(val)));
	EXPECT_EQ(-1, field(rec, "auid", val, sizeof(val)));
	EXPECT_EQ(-1, field(rec, "ses", val, sizeof(val)));
}

TEST_F(policy, mmap_and_mprotect_denied_records)
{
	char path[160];
	int log;

	if (!self->active)
		return;	/* skipped in setup */
	if (kmsg_unreliable())
		SKIP(return, "%s", kmsg_unreliable());
	snprintf(path, sizeof(path), "path=\"%s\"", self->file);
	{
		const char *const mmap_rec[] = { "type=1420", "ipe_hook=MMAP",
						 path, DENY_RULE, NULL };
		const char *const mprotect_rec[] = { "type=1420",
						     "ipe_hook=MPROTECT", path,
						     DENY_RULE, NULL };

		log = kmsg_mark();
		ASSERT_LE(0, log);
		EXPECT_EQ(EACCES, map(self->file, PROT_READ | PROT_EXEC));
		EXPECT_TRUE(kmsg_wait(log, mmap_rec, WAIT_MS, NULL, 0));
		EXPECT_EQ(0, map(self->file, PROT_READ));
		EXPECT_EQ(EACCES, map_then_exec(self->file));
		EXPECT_TRUE(kmsg_wait(log, mprotect_rec, WAIT_MS, NULL, 0));
		close(log);
	}
	if (on_initramfs(self->trusted))
		EXPECT_EQ(0, map(self->trusted, PROT_READ | PROT_EXEC));
}

TEST_F(policy, anonymous_exec_record)
{
	char comm[32] = "", tail[128], rec[1024];
	const char *const want[] = { "type=1420", "ipe_hook=MMAP", "path=?",
				     NULL };
	int log;

	if (!self->active)
		return;	/* skipped in setup */
	if (kmsg_unreliable())
		SKIP(return, "%s", kmsg_unreliable());
	read_str("/proc/self/comm", comm, sizeof(comm));
	log = kmsg_mark();
	ASSERT_LE(0, log);
	EXPECT_EQ(EACCES, map(NULL, PROT_READ | PROT_EXEC));
	ASSERT_TRUE(kmsg_wait(log, want, WAIT_MS, rec, sizeof(rec)));
	close(log);
	/* no file: the record says so the way mainline's does */
	snprintf(tail, sizeof(tail), " comm=\"%s\" path=? dev=? ino=? " DENY_RULE,
		 comm);
	EXPECT_TRUE(strlen(rec) >= strlen(tail) &&
		    !strcmp(rec + strlen(rec) - strlen(tail), tail))
		TH_LOG("record: %s", rec);
	EXPECT_EQ(EACCES, map_then_exec(NULL));
}

TEST_F(policy, scripts)
{
	char script[128], shipped[256];
	int fd;

	if (!self->active)
		return;	/* skipped in setup */
	snprintf(script, sizeof(script), "%s/script.sh", self->dir);
	fd = open(script, O_WRONLY | O_CREAT | O_EXCL, 0755);
	ASSERT_LE(0, fd);
	ASSERT_EQ(28, write(fd, "#!/bin/sh\necho from a script\n", 28));
	close(fd);
	/* the script is the file exec checks, not its interpreter */
	EXPECT_EQ(EACCES, exec_errno(script));

	strcpy(shipped, self->trusted);
	strcpy(strrchr(shipped, '/') + 1, "ipe_script.sh");
	if (!on_initramfs("/bin/sh") || !on_initramfs(shipped))
		SKIP(return, "/bin/sh or %s is not on the initramfs", shipped);
	/* an allowed interpreter reads any script: the documented gap */
	EXPECT_EQ(0, run_sh(script));
	EXPECT_EQ(0, exec_errno(shipped));
}

TEST_F(policy, success_audit)
{
	char path[300];
	int log, later;

	if (!self->active)
		return;	/* skipped in setup */
	if (kmsg_unreliable())
		SKIP(return, "%s", kmsg_unreliable());
	if (!on_initramfs(self->trusted))
		SKIP(return, "%s is not on the initramfs", self->trusted);
	snprintf(path, sizeof(path), "path=\"%s\"", self->trusted);
	{
		const char *const allowed[] = { "type=1420",
						"ipe_hook=BPRM_CHECK", path,
						ALLOW_RULE, NULL };
		const char *const denied[] = { "type=1420", "ipe_hook=BPRM_CHECK",
					       DENY_RULE, NULL };

		ASSERT_EQ(0, write_str(SYSCTL "success_audit", "1"));
		log = kmsg_mark();
		ASSERT_LE(0, log);
		EXPECT_EQ(0, exec_errno(self->trusted));
		EXPECT_TRUE(kmsg_wait(log, allowed, WAIT_MS, NULL, 0))
			TH_LOG("success_audit=1 did not record the allowed exec");
		close(log);

		ASSERT_EQ(0, write_str(SYSCTL "success_audit", "0"));
		log = kmsg_mark();
		later = kmsg_mark();
		ASSERT_LE(0, log);
		ASSERT_LE(0, later);
		EXPECT_EQ(0, exec_errno(self->trusted));
		/* records come in order: once the denial is in, so is any allow */
		EXPECT_EQ(EACCES, exec_errno(self->file));
		EXPECT_TRUE(kmsg_wait(later, denied, WAIT_MS, NULL, 0));
		EXPECT_FALSE(kmsg_wait(log, allowed, 0, NULL, 0))
			TH_LOG("success_audit=0 recorded an allowed exec");
		close(later);
		close(log);
	}
}

TEST_F(policy, permissive_records_would_be_denials)
{
	char path[160];
	int log;

	if (!self->active)
		return;	/* skipped in setup */
	if (kmsg_unreliable())
		SKIP(return, "%s", kmsg_unreliable());
	snprintf(path, sizeof(path), "path=\"%s\"", self->file);
	{
		const char *const want[] = { "type=1420", "ipe_hook=BPRM_CHECK",
					     "enforcing=0", path, DENY_RULE,
					     NULL };

		ASSERT_EQ(0, write_str(SYSCTL "enforce", "0"));
		log = kmsg_mark();
		ASSERT_LE(0, log);
		EXPECT_EQ(0, exec_errno(self->file));
		EXPECT_EQ(0, map(NULL, PROT_READ | PROT_EXEC));
		ASSERT_EQ(0, write_str(SYSCTL "enforce", "1"));
		EXPECT_TRUE(kmsg_wait(log, want, WAIT_MS, NULL, 0))
			TH_LOG("permissive mode did not record the would-be denial");
		close(log);
	}
	EXPECT_EQ(EACCES, exec_errno(self->file));
}

TEST_F(policy, no_execute_default_falls_back_to_global_default)
{
	if (!self->active)
		return;	/* skipped in setup */
	policy_load(_metadata, self->dir, self->version,
		    POLICY_NAME "_nodefault", "DEFAULT action=ALLOW\n");
	ASSERT_EQ(0, write_str(SYSCTL "active_policy", POLICY_NAME "_nodefault"));
	EXPECT_EQ(0, map(NULL, PROT_READ | PROT_EXEC));
	EXPECT_EQ(0, map_then_exec(NULL));
	EXPECT_EQ(0, exec_errno(self->file));
	ASSERT_EQ(0, write_str(SYSCTL "active_policy", POLICY_NAME));
	EXPECT_EQ(0, write_str(IPE_FS "/del_policy", POLICY_NAME "_nodefault"));
	EXPECT_EQ(EACCES, map(NULL, PROT_READ | PROT_EXEC));
}

TEST_HARNESS_MAIN
