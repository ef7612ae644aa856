/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE securityfs: what the top-level and per-policy nodes share.
 */
#ifndef _IPE_FS_NODE_H
#define _IPE_FS_NODE_H

#include <linux/fs.h>
#include <linux/mutex.h>

#include "upload.h"

struct ipe_policy;

/**
 * struct ipe_node_file - state of one open IPE securityfs node
 * @pol: for reading, the policy version seen at open (holds a reference)
 * @lock: serialises the writes of @upload; write() is serialised on a
 *	shared file already, but pwrite() and io_uring are not
 * @upload: for writing, the signed policy assembled so far
 */
struct ipe_node_file {
	struct ipe_policy *pol;
	struct mutex lock;	/* serialises the writes of @upload */
	struct ipe_upload upload;
};

int ipe_node_open(struct inode *inode, struct file *f);
int ipe_node_flush(struct file *f, fl_owner_t id);
int ipe_node_release(struct inode *inode, struct file *f);
int ipe_node_may_write(const struct file *f);
ssize_t ipe_node_write_blob(struct file *f, const char __user *ubuf,
			    size_t n, int (*commit)(struct file *f,
						    const void *blob,
						    size_t len));

#endif /* _IPE_FS_NODE_H */
