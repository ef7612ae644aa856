// SPDX-License-Identifier: GPL-2.0
/*
 * IPE's checks of executable memory and exec, seen through the system
 * calls: under a policy that lets only the initramfs run code (DEFAULT
 * op=EXECUTE action=DENY, op=EXECUTE boot_verified=TRUE action=ALLOW),
 * mmap() and mprotect() with PROT_EXEC of a file written at run time or
 * of anonymous memory, and execve() of such a file, are EACCES; reading
 * is not affected; permissive mode lets them through.
 *
 * Each test runs in the fixture of ipe_policy_fixture.h, which signs and
 * activates that policy and puts IPE back as it was afterwards. The file
 * it maps and runs is a copy of ipe_hello, next to this program; map()
 * and map_then_exec() are the fixture's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest_harness.h"

#define POLICY_NAME "c_mmap_exec"
#include "ipe_policy_fixture.h"

TEST_F(policy, file_mmap_exec_denied)
{
	if (!self->active)
		return;	/* skipped in setup */
	EXPECT_EQ(EACCES, map(self->file, PROT_READ | PROT_EXEC));
}

TEST_F(policy, file_mmap_read_allowed)
{
	if (!self->active)
		return;	/* skipped in setup */
	EXPECT_EQ(0, map(self->file, PROT_READ));
}

TEST_F(policy, file_mprotect_exec_denied)
{
	if (!self->active)
		return;	/* skipped in setup */
	EXPECT_EQ(EACCES, map_then_exec(self->file));
}

TEST_F(policy, anon_mmap_exec_denied)
{
	if (!self->active)
		return;	/* skipped in setup */
	EXPECT_EQ(EACCES, map(NULL, PROT_READ | PROT_EXEC));
}

TEST_F(policy, anon_mprotect_exec_denied)
{
	if (!self->active)
		return;	/* skipped in setup */
	EXPECT_EQ(EACCES, map_then_exec(NULL));
}

TEST_F(policy, execve_denied)
{
	if (!self->active)
		return;	/* skipped in setup */
	EXPECT_EQ(EACCES, exec_errno(self->file));
}

TEST_F(policy, permissive_lets_all_through)
{
	if (!self->active)
		return;	/* skipped in setup */
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "0"));
	EXPECT_EQ(0, map(self->file, PROT_READ | PROT_EXEC));
	EXPECT_EQ(0, map(NULL, PROT_READ | PROT_EXEC));
	EXPECT_EQ(0, map_then_exec(NULL));
	EXPECT_EQ(0, exec_errno(self->file));
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "1"));
}

TEST_HARNESS_MAIN
