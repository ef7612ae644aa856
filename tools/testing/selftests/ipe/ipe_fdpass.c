// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_fdpass: open a file in one process, write to it in another, the
 * descriptor handed over a unix socket (SCM_RIGHTS), and print the
 * outcome as an errno name ("OK", "EPERM", ...).
 *
 *   ipe_fdpass WHO TARGET FILE         write FILE's bytes, in one write()
 *   ipe_fdpass WHO -s STRING TARGET    write STRING
 *
 * WHO says which side runs without CAP_MAC_ADMIN (dropped from every
 * capability set):
 *   opener  the child opens TARGET without it and hands the descriptor
 *           to the parent, which writes with it (a setuid program whose
 *           standard output an unprivileged user opened)
 *   writer  the child opens TARGET with it, the parent drops it and
 *           writes
 *   none    both keep it: the handing over alone changes nothing
 *
 * An error of open() in the child is printed as "open:NAME".
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ipe_errname.h"
#include "ipe_util.h"

/* Send @fd, or when it is negative the errno @err of the open, on @sock. */
static int send_fd(int sock, int fd, int err)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = &err, .iov_len = sizeof(err) };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *cm;

	if (fd >= 0) {
		memset(cbuf, 0, sizeof(cbuf));
		msg.msg_control = cbuf;
		msg.msg_controllen = sizeof(cbuf);
		cm = CMSG_FIRSTHDR(&msg);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_RIGHTS;
		cm->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	}
	return sendmsg(sock, &msg, 0) == sizeof(err) ? 0 : -1;
}

/* The descriptor sent on @sock, or -1 with *@err the opener's errno. */
static int recv_fd(int sock, int *err)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = err, .iov_len = sizeof(*err) };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	int fd;

	*err = EIO;
	if (recvmsg(sock, &msg, 0) != sizeof(*err))
		return -1;
	cm = CMSG_FIRSTHDR(&msg);
	if (!cm || cm->cmsg_level != SOL_SOCKET ||
	    cm->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	return fd;
}

int main(int argc, char **argv)
{
	int drop_opener, drop_writer, sv[2], fd, err, status;
	const char *who, *target, *str = NULL;
	size_t len = 0;
	char *data;
	ssize_t w;
	pid_t pid;

	if (argc == 5 && !strcmp(argv[2], "-s")) {
		str = argv[3];
		target = argv[4];
	} else if (argc == 4) {
		target = argv[2];
	} else {
		fprintf(stderr,
			"usage: ipe_fdpass opener|writer|none TARGET FILE | -s STRING TARGET\n");
		return 2;
	}
	who = argv[1];
	drop_opener = !strcmp(who, "opener");
	drop_writer = !strcmp(who, "writer");
	if (!drop_opener && !drop_writer && strcmp(who, "none")) {
		fprintf(stderr, "ipe_fdpass: unknown side '%s'\n", who);
		return 2;
	}
	if (str) {
		data = strdup(str);
		len = strlen(str);
	} else {
		data = ipe_slurp(argv[3], &len);
	}
	if (!data) {
		perror(str ? "strdup" : argv[3]);
		return 2;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		perror("socketpair");
		return 2;
	}

	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (!pid) {
		close(sv[0]);
		if (drop_opener && ipe_drop_mac_admin()) {
			perror("drop CAP_MAC_ADMIN");
			_exit(2);
		}
		fd = open(target, O_WRONLY);
		if (send_fd(sv[1], fd, fd < 0 ? errno : 0)) {
			perror("sendmsg");
			_exit(2);
		}
		_exit(0);
	}

	close(sv[1]);
	fd = recv_fd(sv[0], &err);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "ipe_fdpass: the opener failed\n");
		return 2;
	}
	if (fd < 0) {
		fputs("open:", stdout);
		ipe_report_name(err);
		putchar('\n');
		return 1;
	}
	if (drop_writer && ipe_drop_mac_admin()) {
		perror("drop CAP_MAC_ADMIN");
		return 2;
	}
	err = 0;
	w = write(fd, data, len);
	if (w < 0)
		err = errno;
	else if ((size_t)w != len)
		err = EIO;
	if (close(fd) && !err)
		err = errno;
	ipe_report_name(err);
	putchar('\n');
	return err ? 1 : 0;
}
