// SPDX-License-Identifier: GPL-2.0
/*
 * IPE securityfs: the top-level nodes of /sys/kernel/security/ipe/.
 *
 *   new_policy     w   a signed policy; creates policies/<name>/
 *   del_policy     w   a policy name; deletes it
 *   enforce        rw  0 permissive, 1 enforce
 *   success_audit  rw  1 audits allowed operations too
 *   policies/          one directory per loaded policy (policy_fs.c)
 */
#include <linux/capability.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/user_namespace.h>

#include "ipe.h"
#include "audit.h"
#include "fs_node.h"
#include "ipe_limits.h"
#include "policy_store.h"
#include "settings.h"

static struct dentry *ipe_root __ro_after_init;

/**
 * ipe_node_open() - open an IPE node: snapshot for reading, buffer for
 *	writing
 * @inode: the node
 * @f: the file being opened
 *
 * A node of policies/<name>/ opened for reading keeps the policy version
 * current at open, so a read never mixes two versions.
 *
 * Return: 0, -ENOENT when the policy was deleted meanwhile, -ENOMEM.
 */
int ipe_node_open(struct inode *inode, struct file *f)
{
	struct ipe_node_file *nf;

	nf = kzalloc(sizeof(*nf), GFP_KERNEL);
	if (!nf)
		return -ENOMEM;
	if ((f->f_mode & FMODE_READ) && f->f_op->read) {
		nf->pol = ipe_store_get(inode, NULL);
		if (!nf->pol) {
			kfree(nf);
			return -ENOENT;
		}
	}
	mutex_init(&nf->lock);
	f->private_data = nf;
	return 0;
}

/**
 * ipe_node_flush() - report a signed policy left incomplete at close()
 * @f: the file being closed
 * @id: the owner of the closed descriptor (unused)
 *
 * Every write of a blob but the last returns success, so a writer whose
 * input was cut short (a truncated file, a killed cat) learns of it only
 * here: close() returns the error. The bytes stay until the release, as
 * another descriptor of the same file may still complete the blob.
 *
 * Return: 0, or -EBADMSG when part of a blob has been written.
 */
int ipe_node_flush(struct file *f, fl_owner_t id)
{
	struct ipe_node_file *nf = f->private_data;

	return READ_ONCE(nf->upload.len) ? -EBADMSG : 0;
}

/**
 * ipe_node_release() - close an IPE node
 * @inode: the node
 * @f: the file
 *
 * A signed policy left incomplete by the writer is dropped, with a line
 * in the kernel log and a failed load record (-EBADMSG, as a truncated
 * blob written at once gets) besides the error close() got from
 * ipe_node_flush().
 *
 * Return: 0.
 */
int ipe_node_release(struct inode *inode, struct file *f)
{
	struct ipe_node_file *nf = f->private_data;

	if (nf->upload.len) {
		pr_warn("incomplete policy discarded: %zu of %zu bytes written\n",
			nf->upload.len, nf->upload.want);
		ipe_audit_policy_load_failed(-EBADMSG);
	}
	ipe_upload_reset(&nf->upload);
	ipe_policy_put(nf->pol);
	mutex_destroy(&nf->lock);
	kfree(nf);
	return 0;
}

/**
 * ipe_node_may_write() - check the privilege a state-changing write needs
 * @f: the open node being written
 *
 * Both the process that opened @f and the one writing to it must have
 * CAP_MAC_ADMIN in the initial user namespace. Checking the opener's
 * credentials, as mainline does, stops a descriptor opened without the
 * capability and handed to a privileged writer (a setuid program's
 * standard output); checking the writer too stops a privileged opener's
 * descriptor from being used by a process that dropped it. Every write
 * handler of a node that changes IPE's state calls this first, before it
 * looks at the bytes written.
 *
 * Return: 0, or -EPERM.
 */
int ipe_node_may_write(const struct file *f)
{
	if (!file_ns_capable(f, &init_user_ns, CAP_MAC_ADMIN) ||
	    !capable(CAP_MAC_ADMIN))
		return -EPERM;
	return 0;
}

/**
 * ipe_node_write_blob() - take one write of a signed policy
 * @f: the open node
 * @ubuf: the bytes written
 * @n: how many
 * @commit: called with the complete blob; its result is the write's
 *
 * The privilege is checked first (ipe_node_may_write()): a write refused
 * for want of it changes nothing. Writes on one file are taken one at a
 * time. After any error the bytes collected so far are dropped, and the
 * failed load or update leaves an audit record, as in mainline.
 *
 * Return: @n when the bytes were taken (and, if they completed the blob,
 * @commit succeeded), or a negative error code: -EPERM, -E2BIG past
 * IPE_POLICY_MAX_SIZE, -EBADMSG for bytes that are not a DER blob,
 * -EFAULT, -ENOMEM, or @commit's error.
 */
ssize_t ipe_node_write_blob(struct file *f, const char __user *ubuf,
			    size_t n, int (*commit)(struct file *f,
						    const void *blob,
						    size_t len))
{
	struct ipe_node_file *nf = f->private_data;
	void *kbuf;
	int rc;

	rc = ipe_node_may_write(f);
	if (rc) {
		ipe_audit_policy_load_failed(rc);
		return rc;
	}
	if (!n)
		return 0;
	mutex_lock(&nf->lock);
	if (n > IPE_POLICY_MAX_SIZE - nf->upload.len) {
		rc = -E2BIG;
		goto reset;
	}
	kbuf = vmemdup_user(ubuf, n);
	if (IS_ERR(kbuf)) {
		rc = PTR_ERR(kbuf);
		goto reset;
	}
	/* ipe_upload_feed() resets the blob itself on an error */
	rc = ipe_upload_feed(&nf->upload, kbuf, n, IPE_POLICY_MAX_SIZE);
	kvfree(kbuf);
	if (rc <= 0)
		goto out;

	rc = commit(f, nf->upload.data, nf->upload.len);
reset:
	ipe_upload_reset(&nf->upload);
out:
	mutex_unlock(&nf->lock);
	if (rc < 0)
		ipe_audit_policy_load_failed(rc);
	return rc ?: n;
}

static int ipe_new_policy_commit(struct file *f, const void *blob,
				 size_t len)
{
	return ipe_store_load(blob, len);
}

static ssize_t ipe_new_policy_write(struct file *f, const char __user *ubuf,
				    size_t n, loff_t *ppos)
{
	return ipe_node_write_blob(f, ubuf, n, ipe_new_policy_commit);
}

static const struct file_operations ipe_new_policy_fops = {
	.open = ipe_node_open,
	.write = ipe_new_policy_write,
	.flush = ipe_node_flush,
	.release = ipe_node_release,
};

static ssize_t ipe_del_policy_write(struct file *f, const char __user *ubuf,
				    size_t n, loff_t *ppos)
{
	char *name;
	int rc;

	rc = ipe_node_may_write(f);
	if (rc)
		return rc;
	if (!n || n > IPE_NAME_WRITE_MAX)
		return -EINVAL;
	name = memdup_user_nul(ubuf, n);
	if (IS_ERR(name))
		return PTR_ERR(name);
	rc = ipe_store_name_written(name, n) ?: ipe_store_delete(name);
	kfree(name);
	return rc ?: n;
}

static const struct file_operations ipe_del_policy_fops = {
	.write = ipe_del_policy_write,
};

static ssize_t ipe_setting_read(struct file *f, char __user *ubuf,
				size_t n, loff_t *ppos)
{
	enum ipe_setting which = (uintptr_t)file_inode(f)->i_private;
	const char *s = ipe_get(which) ? "1\n" : "0\n";

	return simple_read_from_buffer(ubuf, n, ppos, s, 2);
}

static ssize_t ipe_setting_write(struct file *f, const char __user *ubuf,
				 size_t n, loff_t *ppos)
{
	enum ipe_setting which = (uintptr_t)file_inode(f)->i_private;
	bool value;
	int rc;

	/* EPERM before anything about the bytes written */
	rc = ipe_node_may_write(f);
	if (rc)
		return rc;
	rc = kstrtobool_from_user(ubuf, n, &value);
	if (rc)
		return rc;
	rc = ipe_set(which, value);
	return rc ?: n;
}

static const struct file_operations ipe_setting_fops = {
	.read = ipe_setting_read,
	.write = ipe_setting_write,
	.llseek = generic_file_llseek,
};

static int __init ipe_fs_init(void)
{
	struct dentry *nodes[5] = {}, *policies;
	umode_t enforce_mode = 0400;
	int i, rc;

	if (!ipe_initialized)
		return 0;

	ipe_root = securityfs_create_dir("ipe", NULL);
	if (IS_ERR(ipe_root)) {
		rc = PTR_ERR(ipe_root);
		goto err;
	}
	if (IS_ENABLED(CONFIG_SECURITY_IPE_PERMISSIVE_SWITCH))
		enforce_mode = 0600;
	nodes[0] = securityfs_create_file("new_policy", 0200, ipe_root, NULL,
					  &ipe_new_policy_fops);
	nodes[1] = securityfs_create_file("del_policy", 0200, ipe_root, NULL,
					  &ipe_del_policy_fops);
	nodes[2] = securityfs_create_file("enforce", enforce_mode, ipe_root,
					  (void *)IPE_SET_ENFORCE,
					  &ipe_setting_fops);
	nodes[3] = securityfs_create_file("success_audit", 0600, ipe_root,
					  (void *)IPE_SET_SUCCESS_AUDIT,
					  &ipe_setting_fops);
	policies = securityfs_create_dir("policies", ipe_root);
	nodes[4] = policies;
	for (i = 0; i < ARRAY_SIZE(nodes); i++) {
		if (IS_ERR(nodes[i])) {
			rc = PTR_ERR(nodes[i]);
			goto err_nodes;
		}
	}
	rc = ipe_store_fs_init(policies);
	if (rc)
		pr_err("cannot create the boot policy's directory: %d\n", rc);
	return 0;

err_nodes:
	for (i = ARRAY_SIZE(nodes) - 1; i >= 0; i--)
		if (!IS_ERR(nodes[i]))
			securityfs_remove(nodes[i]);
	securityfs_remove(ipe_root);
err:
	pr_err("cannot create securityfs nodes: %d\n", rc);
	return rc;
}

fs_initcall(ipe_fs_init);
