// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel-read operations: KMODULE, when finit_module() has the
 * kernel read a module file or init_module() hands it bytes with no file
 * behind them, and FIRMWARE, when a module requests firmware. Under
 *
 *	DEFAULT action=ALLOW
 *	DEFAULT op=KMODULE action=DENY
 *	DEFAULT op=FIRMWARE action=DENY
 *	op=KERNEL_READ boot_verified=TRUE action=ALLOW
 *
 * (ipe_policy_fixture.h signs and activates it, and puts IPE back as it
 * was), a module or firmware file written at run time is refused with
 * EACCES, init_module() always is, and each refusal leaves an access
 * record (1420) that says which operation, which hook and which rule
 * (read from the kernel log, ipe_kmsg.h, unless it is rate-limited).
 * Files on the initramfs are allowed; those cases skip when the test does
 * not run from the initramfs. Permissive mode lets everything through.
 *
 * A partial firmware read (request_partial_firmware_into_buf()) of a file
 * through overlayfs is judged without the file's facts, since a copy-up
 * during the read could serve the rest from another inode and no hook
 * sees the read once done; a partial read of the same initramfs file
 * without overlayfs, and a whole read through overlayfs, are allowed.
 *
 * The module is ipe_test_mod.ko next to this program (see README); with
 * fw=NAME it requests that firmware at load time (partial=1: bytes 1 to 8
 * of it), and its load fails when the request does.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../kselftest_harness.h"

#define POLICY_NAME "c_kernel_read"
#define POLICY_RULES					\
	"DEFAULT action=ALLOW\n"			\
	"DEFAULT op=KMODULE action=DENY\n"		\
	"DEFAULT op=FIRMWARE action=DENY\n"		\
	"op=KERNEL_READ boot_verified=TRUE action=ALLOW\n"
#include "ipe_policy_fixture.h"
#include "ipe_kmsg.h"
#include "ipe_util.h"

#define MODULE_NAME "ipe_test_mod"
#define FW_PATH "/sys/module/firmware_class/parameters/path"
#define FW_INITRAMFS "/lib/firmware/ipe_test_fw.bin"

/* module_next_to_me() - the path of ipe_test_mod.ko next to this program */
static const char *module_next_to_me(void)
{
	static char path[256];
	char *slash;

	if (readlink("/proc/self/exe", path, sizeof(path) - 32) <= 0)
		return NULL;
	slash = strrchr(path, '/');
	if (!slash)
		return NULL;
	strcpy(slash + 1, MODULE_NAME ".ko");
	return access(path, R_OK) ? NULL : path;
}

/* finit() - errno of finit_module() of @path with @params, 0 if loaded */
static int finit(const char *path, const char *params)
{
	int fd, err = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	if (syscall(SYS_finit_module, fd, params, 0))
		err = errno;
	close(fd);
	return err;
}

/* init_bytes() - errno of init_module() of @path's bytes, 0 if loaded */
static int init_bytes(const char *path)
{
	int err = 0;
	size_t len;
	void *buf;

	buf = ipe_slurp(path, &len);
	if (!buf)
		err = EIO;
	else if (syscall(SYS_init_module, buf, len, ""))
		err = errno;
	free(buf);
	return err;
}

static void unload(void)
{
	syscall(SYS_delete_module, MODULE_NAME, O_NONBLOCK);
}

/* put_file() - a new file @path holding @len bytes of @buf; 0 or -errno */
static int put_file(const char *path, const void *buf, size_t len)
{
	int fd, err = 0;

	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (write(fd, buf, len) != (ssize_t)len)
		err = -EIO;
	if (close(fd) && !err)
		err = -errno;
	return err;
}

/* copy_module() - @mod written at run time as @copy, in directory @dir */
static int copy_module(const char *mod, const char *dir, char *copy,
		       size_t size)
{
	size_t len;
	void *buf;
	int err;

	snprintf(copy, size, "%s/" MODULE_NAME ".ko", dir);
	buf = ipe_slurp(mod, &len);
	if (!buf)
		return -EIO;
	err = put_file(copy, buf, len);
	free(buf);
	return err;
}

/* need_module() - the module next to this program, not loaded; or NULL */
static const char *need_module(void)
{
	const char *mod = module_next_to_me();

	if (mod)
		unload();
	return mod;
}

#define NO_MODULE MODULE_NAME ".ko is not next to this program"

TEST_F(policy, finit_initramfs_module_allowed)
{
	const char *mod;

	if (!self->active)
		return;	/* skipped in setup */
	mod = need_module();
	if (!mod)
		SKIP(return, NO_MODULE);
	if (!on_initramfs(mod))
		SKIP(return, "%s is not on the initramfs", mod);
	EXPECT_EQ(0, finit(mod, ""));
	unload();
}

TEST_F(policy, finit_written_module_denied)
{
	char copy[160], rec[1024], path_field[200];
	const char *mod;
	int log;

	if (!self->active)
		return;	/* skipped in setup */
	mod = need_module();
	if (!mod)
		SKIP(return, NO_MODULE);
	ASSERT_EQ(0, copy_module(mod, self->dir, copy, sizeof(copy)));
	snprintf(path_field, sizeof(path_field), "path=\"%s\"", copy);
	{
		const char *const want[] = {
			"type=1420", "ipe_op=KMODULE", "ipe_hook=KERNEL_READ",
			"enforcing=1", path_field,
			"rule=\"DEFAULT op=KMODULE action=DENY\"", NULL
		};

		log = kmsg_mark();
		ASSERT_LE(0, log);
		EXPECT_EQ(EACCES, finit(copy, ""));
		EXPECT_TRUE(kmsg_unreliable() ||
			    kmsg_wait(log, want, 3000, rec, sizeof(rec)))
			TH_LOG("no KMODULE/KERNEL_READ record naming %s", copy);
		close(log);
	}
	unload();
}

TEST_F(policy, init_module_bytes_denied)
{
	const char *const want[] = {
		"type=1420", "ipe_op=KMODULE", "ipe_hook=KERNEL_LOAD",
		" path=? dev=? ino=? ",
		"rule=\"DEFAULT op=KMODULE action=DENY\"", NULL
	};
	const char *mod;
	char rec[1024];
	int log;

	if (!self->active)
		return;	/* skipped in setup */
	mod = need_module();
	if (!mod)
		SKIP(return, NO_MODULE);
	log = kmsg_mark();
	ASSERT_LE(0, log);
	/* bytes from user space have no file: even the initramfs's module */
	EXPECT_EQ(EACCES, init_bytes(mod));
	EXPECT_TRUE(kmsg_unreliable() ||
		    kmsg_wait(log, want, 3000, rec, sizeof(rec)))
		TH_LOG("no KMODULE/KERNEL_LOAD record with path=? dev=? ino=?");
	close(log);
	unload();
}

TEST_F(policy, firmware_from_initramfs_allowed)
{
	const char *mod;

	if (!self->active)
		return;	/* skipped in setup */
	mod = need_module();
	if (!mod)
		SKIP(return, NO_MODULE);
	if (!on_initramfs(mod) || !on_initramfs(FW_INITRAMFS))
		SKIP(return, "%s or %s is not on the initramfs", mod, FW_INITRAMFS);
	EXPECT_EQ(0, finit(mod, "fw=ipe_test_fw.bin"));
	unload();
}

TEST_F(policy, firmware_written_denied)
{
	char fw_dir[96], fw[128], rec[1024], path_field[160];
	const char *mod;
	int log, err;

	if (!self->active)
		return;	/* skipped in setup */
	mod = need_module();
	if (!mod)
		SKIP(return, NO_MODULE);
	if (!on_initramfs(mod))
		SKIP(return, "%s is not on the initramfs", mod);
	if (access(FW_PATH, W_OK))
		SKIP(return, "no %s (CONFIG_FW_LOADER)", FW_PATH);
	snprintf(fw_dir, sizeof(fw_dir), "%s/fw", self->dir);
	snprintf(fw, sizeof(fw), "%s/ipe_tmp_fw.bin", fw_dir);
	ASSERT_EQ(0, mkdir(fw_dir, 0755));
	ASSERT_EQ(0, put_file(fw, "IPE test firmware\n", 18));
	snprintf(path_field, sizeof(path_field), "path=\"%s\"", fw);
	{
		const char *const want[] = {
			"type=1420", "ipe_op=FIRMWARE", "ipe_hook=KERNEL_READ",
			path_field, "rule=\"DEFAULT op=FIRMWARE action=DENY\"",
			NULL
		};

		ASSERT_EQ(0, write_str(FW_PATH, fw_dir));
		log = kmsg_mark();
		ASSERT_LE(0, log);
		err = finit(mod, "fw=ipe_tmp_fw.bin");
		write_str(FW_PATH, "");
		/* the module's load fails with the request's error */
		EXPECT_NE(0, err);
		EXPECT_TRUE(kmsg_unreliable() ||
			    kmsg_wait(log, want, 3000, rec, sizeof(rec)))
			TH_LOG("no FIRMWARE/KERNEL_READ record naming %s", fw);
		close(log);
	}
	unload();
}

/*
 * Firmware requests that find NAME (the module file, which /lib/firmware
 * does not hold) only in @fw_dir: 0 or the module load's errno.
 */
static int firmware_from(const char *mod, const char *fw_dir, bool partial)
{
	char params[96];
	int err = EIO;

	snprintf(params, sizeof(params), "fw=%s.ko%s", MODULE_NAME,
		 partial ? " partial=1" : "");
	if (!write_str(FW_PATH, fw_dir)) {
		err = finit(mod, params);
		write_str(FW_PATH, "");
		unload();
	}
	return err;
}

TEST_F(policy, firmware_partial_read_on_overlayfs_has_no_facts)
{
	char up[96], ovl[96], opts[400], dir[160], rec[1024], path_field[200];
	const char *mod;
	int log;

	if (!self->active)
		return;	/* skipped in setup */
	mod = need_module();
	if (!mod)
		SKIP(return, NO_MODULE);
	if (!on_initramfs(mod))
		SKIP(return, "%s is not on the initramfs", mod);
	if (access(FW_PATH, W_OK))
		SKIP(return, "no %s (CONFIG_FW_LOADER)", FW_PATH);
	strcpy(dir, mod);
	*strrchr(dir, '/') = '\0';

	/* without overlayfs, part of an unpacked file keeps its facts */
	EXPECT_EQ(0, firmware_from(mod, dir, true));

	/* overlayfs: the module's directory below, a tmpfs above */
	snprintf(up, sizeof(up), "%s/up", self->dir);
	snprintf(ovl, sizeof(ovl), "%s/ovl", self->dir);
	ASSERT_EQ(0, mkdir(up, 0755));
	ASSERT_EQ(0, mkdir(ovl, 0755));
	ASSERT_EQ(0, mount("ipe_fw_up", up, "tmpfs", 0, NULL));
	snprintf(opts, sizeof(opts), "%s/u", up);
	ASSERT_EQ(0, mkdir(opts, 0755));
	snprintf(opts, sizeof(opts), "%s/w", up);
	ASSERT_EQ(0, mkdir(opts, 0755));
	snprintf(opts, sizeof(opts), "lowerdir=%s,upperdir=%s/u,workdir=%s/w",
		 dir, up, up);
	ASSERT_EQ(0, mount("ipe_fw_ovl", ovl, "overlay", 0, opts))
		TH_LOG("overlayfs: %s", strerror(errno));

	/* a whole read is decided again once done: the lower file's facts */
	EXPECT_EQ(0, firmware_from(mod, ovl, false));

	snprintf(path_field, sizeof(path_field), "path=\"%s/%s.ko\"", ovl,
		 MODULE_NAME);
	{
		const char *const want[] = {
			"type=1420", "ipe_op=FIRMWARE", "ipe_hook=KERNEL_READ",
			path_field, "rule=\"DEFAULT op=FIRMWARE action=DENY\"",
			NULL
		};

		log = kmsg_mark();
		ASSERT_LE(0, log);
		/* a partial read is not: no facts, the op's DEFAULT denies */
		EXPECT_NE(0, firmware_from(mod, ovl, true));
		EXPECT_TRUE(kmsg_unreliable() ||
			    kmsg_wait(log, want, 3000, rec, sizeof(rec)))
			TH_LOG("no FIRMWARE/KERNEL_READ record naming %s",
			       path_field);
		close(log);
	}
	umount(ovl);
	umount(up);
}

TEST_F(policy, permissive_lets_module_through)
{
	char copy[160];
	const char *mod;

	if (!self->active)
		return;	/* skipped in setup */
	mod = need_module();
	if (!mod)
		SKIP(return, NO_MODULE);
	ASSERT_EQ(0, copy_module(mod, self->dir, copy, sizeof(copy)));
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "0"));
	EXPECT_EQ(0, finit(copy, ""));
	unload();
	EXPECT_EQ(0, init_bytes(mod));
	unload();
	ASSERT_EQ(0, write_str(SYSCTL "enforce", "1"));
	EXPECT_EQ(EACCES, finit(copy, ""));
	unload();
}

TEST_HARNESS_MAIN
