// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_fuse: a tiny read-only FUSE server speaking the raw /dev/fuse
 * protocol (no libfuse), for IPE's test that a fuseblk filesystem mounted
 * on a trusted dm-verity device does not inherit the device's trust facts:
 * such a superblock has the verity device as s_bdev, but every byte of its
 * files comes from this daemon, not from the block device.
 *
 *   ipe_fuse TYPE SOURCE MOUNTPOINT NAME CONTENTFILE
 *
 * TYPE is "fuse" (SOURCE is just a name) or "fuseblk" (SOURCE is a block
 * device). The root directory holds one file, NAME, mode 0755, owned by
 * root, with CONTENTFILE's bytes (read once at start). The command returns
 * once MOUNTPOINT/NAME can be stat()ed; the daemon it leaves behind serves
 * until the filesystem is unmounted, then exits 0. A read-only SOURCE (a
 * dm-verity device always is) gets MS_RDONLY: without it the kernel opens
 * a fuseblk device for writing and fails with EACCES.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fuse.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FILE_ID		2
#define BUF_SIZE	(256 * 1024)

static const char *name;
static char *data;
static size_t data_len;
static time_t start;
static char buf[BUF_SIZE];

static void die(const char *step)
{
	fprintf(stderr, "ipe_fuse: %s: %s\n", step, strerror(errno));
	exit(1);
}

static void reply(int fd, uint64_t unique, int err, const void *p, size_t len)
{
	struct fuse_out_header oh = {
		.len = sizeof(oh) + (err ? 0 : len),
		.error = -err,
		.unique = unique,
	};
	struct iovec iov[2] = {
		{ &oh, sizeof(oh) },
		{ (void *)p, err ? 0 : len },
	};

	/* ENOENT: the request was interrupted meanwhile; ENODEV: unmounted */
	if (writev(fd, iov, 2) < 0 && errno != ENOENT)
		exit(errno == ENODEV ? 0 : 1);
}

static void fill_attr(uint64_t id, struct fuse_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->ino = id;
	a->atime = start;
	a->mtime = start;
	a->ctime = start;
	a->blksize = 4096;
	if (id == FUSE_ROOT_ID) {
		a->mode = S_IFDIR | 0755;
		a->nlink = 2;
	} else {
		a->mode = S_IFREG | 0755;
		a->nlink = 1;
		a->size = data_len;
		a->blocks = (data_len + 511) / 512;
	}
}

/* the names of the root directory's entries: ".", ".." and NAME */
static const char *dirent_name(uint64_t i)
{
	return i == 0 ? "." : i == 1 ? ".." : name;
}

/* ".", ".." and NAME from offset in->offset on, as many as fit */
static size_t readdir_reply(const struct fuse_read_in *in, char *out)
{
	size_t pos = 0, len;
	struct fuse_dirent *d;
	uint64_t i;

	for (i = in->offset; i < 3; i++) {
		len = FUSE_DIRENT_ALIGN(FUSE_NAME_OFFSET + strlen(dirent_name(i)));
		if (pos + len > in->size || pos + len > BUF_SIZE)
			break;
		d = (struct fuse_dirent *)(out + pos);
		memset(d, 0, len);
		d->ino = i < 2 ? FUSE_ROOT_ID : FILE_ID;
		d->off = i + 1;
		d->namelen = strlen(dirent_name(i));
		d->type = i < 2 ? DT_DIR : DT_REG;
		memcpy(d->name, dirent_name(i), d->namelen);
		pos += len;
	}
	return pos;
}

/* Answer one request; returns 1 once the daemon should exit. */
static int handle(int fd, struct fuse_in_header *ih, void *arg)
{
	static char out[BUF_SIZE];
	struct fuse_init_in *init = arg;
	struct fuse_open_in *open_in = arg;
	struct fuse_read_in *read_in = arg;
	union {
		struct fuse_init_out init;
		struct fuse_entry_out entry;
		struct fuse_attr_out attr;
		struct fuse_open_out open;
		struct fuse_statfs_out statfs;
	} o;
	uint64_t id = ih->nodeid;
	const void *p = &o;
	size_t len = 0;
	int err = 0;

	memset(&o, 0, sizeof(o));
	switch (ih->opcode) {
	case FUSE_INIT:
		if (init->major < 7) {
			err = EPROTO;
			break;
		}
		o.init.major = FUSE_KERNEL_VERSION;
		o.init.minor = FUSE_KERNEL_MINOR_VERSION;
		if (init->major == 7 && init->minor < o.init.minor)
			o.init.minor = init->minor;
		o.init.max_readahead = init->max_readahead;
		o.init.max_write = 4096;
		o.init.time_gran = 1;
		len = sizeof(o.init);
		break;
	case FUSE_LOOKUP:
		if (id != FUSE_ROOT_ID || strcmp(arg, name)) {
			err = ENOENT;
			break;
		}
		o.entry.nodeid = FILE_ID;
		o.entry.generation = 1;
		o.entry.entry_valid = 1;
		o.entry.attr_valid = 1;
		fill_attr(FILE_ID, &o.entry.attr);
		len = sizeof(o.entry);
		break;
	case FUSE_GETATTR:
		if (id != FUSE_ROOT_ID && id != FILE_ID) {
			err = ENOENT;
			break;
		}
		o.attr.attr_valid = 1;
		fill_attr(id, &o.attr.attr);
		len = sizeof(o.attr);
		break;
	case FUSE_OPEN:
	case FUSE_OPENDIR:
		/* fh 0, no FOPEN_DIRECT_IO: the file gets mmap()ed */
		if (id != (ih->opcode == FUSE_OPEN ? FILE_ID : FUSE_ROOT_ID))
			err = id == FILE_ID ? ENOTDIR : EISDIR;
		else if ((open_in->flags & O_ACCMODE) != O_RDONLY ||
			 (open_in->flags & O_TRUNC))
			err = EROFS;
		len = sizeof(o.open);
		break;
	case FUSE_READ:
		if (id != FILE_ID) {
			err = EBADF;
			break;
		}
		p = data;
		if (read_in->offset < data_len) {
			p = data + read_in->offset;
			len = data_len - read_in->offset;
			if (len > read_in->size)
				len = read_in->size;
		}
		break;
	case FUSE_READDIR:
		p = out;
		len = readdir_reply(read_in, out);
		break;
	case FUSE_STATFS:
		o.statfs.st.bsize = 4096;
		o.statfs.st.frsize = 4096;
		o.statfs.st.namelen = 255;
		len = sizeof(o.statfs);
		break;
	case FUSE_RELEASE:
	case FUSE_RELEASEDIR:
	case FUSE_FLUSH:
	case FUSE_ACCESS:
		break;
	case FUSE_FORGET:
	case FUSE_BATCH_FORGET:
	case FUSE_INTERRUPT:
		return 0;		/* these get no reply */
	case FUSE_DESTROY:
		reply(fd, ih->unique, 0, NULL, 0);
		return 1;
	default:		/* GETXATTR, LISTXATTR, anything that writes */
		err = EOPNOTSUPP;
	}
	reply(fd, ih->unique, err, p, len);
	return 0;
}

static void serve(int fd)
{
	struct fuse_in_header *ih = (struct fuse_in_header *)buf;
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf) - 1);
		if (n < 0 && errno == ENODEV)
			exit(0);	/* unmounted */
		if (n < 0 && (errno == EINTR || errno == EAGAIN ||
			      errno == ENOENT))
			continue;
		if (n < 0)
			exit(1);
		if ((size_t)n < sizeof(*ih) || ih->len != (size_t)n)
			continue;
		buf[n] = '\0';	/* LOOKUP's name: NUL-terminated anyway */
		if (handle(fd, ih, ih + 1))
			exit(0);
	}
}

static void read_content(const char *path)
{
	size_t cap = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		die("open CONTENTFILE");
	for (;;) {
		if (data_len == cap) {
			cap = cap ? 2 * cap : 65536;
			data = realloc(data, cap);
			if (!data)
				die("realloc");
		}
		n = read(fd, data + data_len, cap - data_len);
		if (n < 0)
			die("read CONTENTFILE");
		if (!n)
			break;
		data_len += n;
	}
	close(fd);
}

int main(int argc, char **argv)
{
	const char *type, *source, *mnt;
	char opts[160], path[4096];
	struct stat st;
	int fd, blk, nul, i, ms;
	pid_t pid, probe;

	if (argc != 6) {
		fprintf(stderr, "usage: ipe_fuse fuse|fuseblk SOURCE %s\n",
			"MOUNTPOINT NAME CONTENTFILE");
		return 1;
	}
	type = argv[1];
	source = argv[2];
	mnt = argv[3];
	name = argv[4];
	blk = !strcmp(type, "fuseblk");
	if (!blk && strcmp(type, "fuse")) {
		fprintf(stderr, "ipe_fuse: TYPE must be fuse or fuseblk\n");
		return 1;
	}
	if (!*name || strchr(name, '/') || strlen(name) > 255 ||
	    !strcmp(name, ".") || !strcmp(name, "..")) {
		fprintf(stderr, "ipe_fuse: bad NAME\n");
		return 1;
	}
	read_content(argv[5]);
	start = time(NULL);
	if (snprintf(path, sizeof(path), "%s/%s", mnt, name) >=
	    (int)sizeof(path)) {
		fprintf(stderr, "ipe_fuse: path too long\n");
		return 1;
	}

	fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		die("open /dev/fuse");
	snprintf(opts, sizeof(opts),
		 "fd=%d,rootmode=40000,user_id=0,group_id=0,allow_other%s",
		 fd, blk ? ",blksize=4096" : "");
	if (mount(source, mnt, type, MS_NOSUID | MS_NODEV, opts)) {
		/* a read-only device (dm-verity) refuses a writable open */
		if (!blk || (errno != EACCES && errno != EROFS) ||
		    mount(source, mnt, type, MS_NOSUID | MS_NODEV | MS_RDONLY,
			  opts))
			die("mount");
	}

	pid = fork();
	if (pid < 0) {
		umount2(mnt, MNT_DETACH);
		die("fork");
	}
	if (!pid) {
		/* the daemon: leave the caller's session, cwd and stdio */
		setsid();
		if (chdir("/"))
			exit(1);
		nul = open("/dev/null", O_RDWR);
		for (i = 0; i < 3; i++) {
			if (nul < 0 || dup2(nul, i) < 0)
				close(i);
		}
		if (nul > 2)
			close(nul);
		serve(fd);
	}

	/*
	 * The caller: the mount is usable once NAME answers stat(). Until
	 * INIT is answered a stat() sleeps killably only, so a child probes
	 * and the caller keeps the clock; killing the daemon aborts the
	 * connection, which ends any probe stuck in the kernel.
	 */
	close(fd);
	probe = fork();
	if (!probe) {
		while (stat(path, &st))
			usleep(20000);
		exit(0);
	}
	for (ms = 0; probe > 0 && ms < 10000; ms += 20) {
		if (waitpid(probe, NULL, WNOHANG) == probe)
			return 0;	/* the probe only ever exits 0 */
		if (waitpid(pid, NULL, WNOHANG) == pid)
			break;
		usleep(20000);
	}
	i = probe < 0 ? errno : ms < 10000 ? ENOTCONN : ETIMEDOUT;
	kill(pid, SIGKILL);
	if (probe > 0)
		kill(probe, SIGKILL);
	umount2(mnt, MNT_DETACH);
	errno = i;
	die(probe < 0 ? "fork" : ms < 10000 ? "wait for mount: daemon exited" :
	    "wait for mount");
}
