/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fixture the C selftests of IPE share: a policy that lets only the
 * initramfs run code,
 *
 *	DEFAULT action=ALLOW
 *	DEFAULT op=EXECUTE action=DENY
 *	op=EXECUTE boot_verified=TRUE action=ALLOW
 *
 * signed on the spot (openssl, with the test CA named by IPE_TEST_CA_KEY
 * and IPE_TEST_CA_CERT, see README) at the active policy's version,
 * loaded and activated in enforce mode without success audit, and a copy
 * of ipe_hello (the program next to the test) written at run time into a
 * fresh directory under /tmp. Teardown puts back the policy and settings
 * it found and deletes its own: the test leaves IPE as it was. Setup
 * skips when IPE, root or the signing key is missing, or when no policy
 * is active (IPE could not be put back to none).
 *
 * Include it after kselftest_harness.h, with POLICY_NAME defined.
 */
#ifndef IPE_POLICY_FIXTURE_H
#define IPE_POLICY_FIXTURE_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define IPE_FS "/sys/kernel/security/ipe"
#define SYSCTL "/proc/sys/ipe/"
/* read_str() - the first line of @path into @buf, without its newline */
static int read_str(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* write_buf() - @len bytes of @buf into @path in one write() */
static int write_buf(const char *path, const void *buf, size_t len)
{
	ssize_t n;
	int fd, err = 0;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	if (n < 0)
		err = -errno;
	else if ((size_t)n != len)
		err = -EIO;
	if (close(fd) && !err)
		err = -errno;
	return err;
}

static int write_str(const char *path, const char *s)
{
	return write_buf(path, s, strlen(s));
}

/* write_file() - the contents of file @src into @path in one write() */
static int write_file(const char *path, const char *src)
{
	static char blob[1 << 16];
	ssize_t n;
	int fd;

	fd = open(src, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, blob, sizeof(blob));
	close(fd);
	if (n <= 0)
		return -EIO;
	return write_buf(path, blob, n);
}

FIXTURE(policy) {
	char dir[64];
	char file[96];
	char trusted[256];
	char old_active[300];
	char old_enforce[8];
	char old_audit[8];
	bool active;
};

FIXTURE_SETUP(policy)
{
	const char *key = getenv("IPE_TEST_CA_KEY");
	const char *cert = getenv("IPE_TEST_CA_CERT");
	char path[512], version[64] = "0.0.0", cmd[1024], exe[256] = "";
	static const char text[] =
		"DEFAULT action=ALLOW\n"
		"DEFAULT op=EXECUTE action=DENY\n"
		"op=EXECUTE boot_verified=TRUE action=ALLOW\n";
	FILE *f;
	int fd;

	self->active = false;
	if (geteuid())
		SKIP(return, "needs root");
	if (access(IPE_FS "/new_policy", W_OK))
		SKIP(return, "no IPE securityfs (CONFIG_SECURITY_IPE)");
	if (!key || !cert || access(key, R_OK) || access(cert, R_OK))
		SKIP(return, "IPE_TEST_CA_KEY or IPE_TEST_CA_CERT unset or unreadable");
	if (system("command -v openssl >/dev/null 2>&1"))
		SKIP(return, "openssl is not installed");
	if (readlink("/proc/self/exe", exe, sizeof(exe) - 1) <= 0)
		SKIP(return, "cannot find ipe_hello next to this program");
	strcpy(strrchr(exe, '/') + 1, "ipe_hello");
	if (access(exe, R_OK))
		SKIP(return, "no %s", exe);
	strcpy(self->trusted, exe);

	/* the active policy and its version: ours gets the same version */
	self->old_active[0] = '\0';
	read_str(SYSCTL "active_policy", self->old_active, sizeof(self->old_active));
	if (!self->old_active[0])
		SKIP(return, "no active policy, which the test could not put back");
	snprintf(path, sizeof(path), IPE_FS "/policies/%s/version",
		 self->old_active);
	ASSERT_EQ(0, read_str(path, version, sizeof(version)));
	ASSERT_EQ(0, read_str(SYSCTL "enforce", self->old_enforce,
			      sizeof(self->old_enforce)));
	ASSERT_EQ(0, read_str(SYSCTL "success_audit", self->old_audit,
			      sizeof(self->old_audit)));

	strcpy(self->dir, "/tmp/ipe-c.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	snprintf(path, sizeof(path), "%s/policy.pol", self->dir);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	fprintf(f, "policy_name=%s policy_version=%s\n%s", POLICY_NAME,
		version, text);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
		 "openssl smime -sign -in '%s/policy.pol' -signer '%s' -inkey '%s' -binary -outform der -noattr -nodetach -out '%s/policy.p7s'",
		 self->dir, cert, key, self->dir);
	ASSERT_EQ(0, system(cmd));

	/* a file written at run time, not from the initramfs */
	snprintf(self->file, sizeof(self->file), "%s/exe", self->dir);
	snprintf(cmd, sizeof(cmd), "cp '%s' '%s' && chmod 755 '%s'",
		 exe, self->file, self->file);
	ASSERT_EQ(0, system(cmd));
	fd = open(self->file, O_RDONLY);
	ASSERT_LE(0, fd);
	close(fd);

	snprintf(path, sizeof(path), "%s/policy.p7s", self->dir);
	write_str(IPE_FS "/del_policy", POLICY_NAME);	/* left over */
	ASSERT_EQ(0, write_file(IPE_FS "/new_policy", path));
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "1"));
	ASSERT_EQ(0, write_str(SYSCTL "success_audit", "0"));
	ASSERT_EQ(0, write_str(SYSCTL "active_policy", POLICY_NAME));
	self->active = true;
}

FIXTURE_TEARDOWN(policy)
{
	char cmd[128];

	if (!self->active)
		return;
	/* the same version: the policy found active can come back */
	EXPECT_EQ(0, write_str(SYSCTL "active_policy", self->old_active));
	write_str(SYSCTL "enforce", self->old_enforce);
	write_str(SYSCTL "success_audit", self->old_audit);
	EXPECT_EQ(0, write_str(IPE_FS "/del_policy", POLICY_NAME));
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", self->dir);
	system(cmd);
}

/* exec_errno() - errno of execve() of @path in a child, 0 if it ran, -1 if unknown */
static int exec_errno(const char *path)
{
	char *const argv[] = { (char *)path, NULL };
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
		execve(path, argv, environ);
		_exit(100 + errno);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status) > 100 ? WEXITSTATUS(status) - 100 : 0;
}

#endif /* IPE_POLICY_FIXTURE_H */
