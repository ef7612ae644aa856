// SPDX-License-Identifier: GPL-2.0
/*
 * IPE securityfs: one directory per loaded policy, policies/<name>/.
 *
 *   raw, pkcs7         r   the signed blob as loaded (ENOENT: boot policy)
 *   raw                w   a signed update of this policy (as update)
 *   content, policy    r   the policy text
 *   name, version      r   policy_name and policy_version
 *   active             rw  1 when active; writing 1 activates
 *   update             w   a signed update of this policy
 *   delete             w   writing 1 deletes the policy
 *
 * The nodes find their policy through the inode's i_private, which the
 * store sets and clears under its mutex (see struct ipe_slot).
 */
#include <linux/dcache.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/security.h>

#include "ipe.h"
#include "fs_node.h"
#include "ipe_limits.h"
#include "policy_store.h"

/* The boot policy was never signed: it has no blob to read (ENOENT). */
static ssize_t ipe_raw_read(struct file *f, char __user *ubuf, size_t n,
			    loff_t *ppos)
{
	struct ipe_node_file *nf = f->private_data;

	if (!nf->pol->pkcs7)
		return -ENOENT;
	return simple_read_from_buffer(ubuf, n, ppos, nf->pol->pkcs7,
				       nf->pol->pkcs7_len);
}

static ssize_t ipe_content_read(struct file *f, char __user *ubuf, size_t n,
				loff_t *ppos)
{
	struct ipe_node_file *nf = f->private_data;

	return simple_read_from_buffer(ubuf, n, ppos, nf->pol->text,
				       nf->pol->text_len);
}

static ssize_t ipe_name_read(struct file *f, char __user *ubuf, size_t n,
			     loff_t *ppos)
{
	struct ipe_node_file *nf = f->private_data;
	char *name = nf->pol->parsed->name;
	char buf[IPE_NAME_LINE_SIZE];
	int len;

	len = scnprintf(buf, sizeof(buf), "%s\n", name);
	return simple_read_from_buffer(ubuf, n, ppos, buf, len);
}

static ssize_t ipe_version_read(struct file *f, char __user *ubuf,
				size_t n, loff_t *ppos)
{
	struct ipe_node_file *nf = f->private_data;
	const u16 *v = nf->pol->parsed->version;
	char buf[24];
	int len;

	len = scnprintf(buf, sizeof(buf), "%u.%u.%u\n", v[0], v[1], v[2]);
	return simple_read_from_buffer(ubuf, n, ppos, buf, len);
}

static int ipe_update_commit(struct file *f, const void *blob, size_t len)
{
	return ipe_store_update(file_inode(f), blob, len);
}

static ssize_t ipe_update_write(struct file *f, const char __user *ubuf,
				size_t n, loff_t *ppos)
{
	return ipe_node_write_blob(f, ubuf, n, ipe_update_commit);
}

/* "active" is read live, not from the snapshot taken at open. */
static ssize_t ipe_active_read(struct file *f, char __user *ubuf, size_t n,
			       loff_t *ppos)
{
	struct ipe_policy *pol;
	bool active = false;

	pol = ipe_store_get(file_inode(f), &active);
	if (!pol)
		return -ENOENT;
	ipe_policy_put(pol);
	return simple_read_from_buffer(ubuf, n, ppos, active ? "1\n" : "0\n",
				       2);
}

/*
 * Only "1" means something: a policy is deactivated by activating another.
 * Without the privilege any write is EPERM, whatever it holds.
 */
static int ipe_write_one(struct file *f, const char __user *ubuf, size_t n)
{
	bool value;
	int rc;

	rc = ipe_node_may_write(f);
	if (rc)
		return rc;
	rc = kstrtobool_from_user(ubuf, n, &value);
	if (rc)
		return rc;
	return value ? 0 : -EINVAL;
}

static ssize_t ipe_active_write(struct file *f, const char __user *ubuf,
				size_t n, loff_t *ppos)
{
	int rc = ipe_write_one(f, ubuf, n);

	if (!rc)
		rc = ipe_store_activate_inode(file_inode(f));
	return rc ?: n;
}

static ssize_t ipe_delete_write(struct file *f, const char __user *ubuf,
				size_t n, loff_t *ppos)
{
	int rc = ipe_write_one(f, ubuf, n);

	if (!rc)
		rc = ipe_store_delete_inode(file_inode(f));
	return rc ?: n;
}

static const struct file_operations ipe_raw_fops = {
	.open = ipe_node_open,
	.read = ipe_raw_read,
	.write = ipe_update_write,
	.flush = ipe_node_flush,
	.release = ipe_node_release,
	.llseek = generic_file_llseek,
};

/* pkcs7 is mainline's read-only name for raw */
static const struct file_operations ipe_pkcs7_fops = {
	.open = ipe_node_open,
	.read = ipe_raw_read,
	.release = ipe_node_release,
	.llseek = generic_file_llseek,
};

static const struct file_operations ipe_content_fops = {
	.open = ipe_node_open,
	.read = ipe_content_read,
	.release = ipe_node_release,
	.llseek = generic_file_llseek,
};

static const struct file_operations ipe_name_fops = {
	.open = ipe_node_open,
	.read = ipe_name_read,
	.release = ipe_node_release,
	.llseek = generic_file_llseek,
};

static const struct file_operations ipe_version_fops = {
	.open = ipe_node_open,
	.read = ipe_version_read,
	.release = ipe_node_release,
	.llseek = generic_file_llseek,
};

static const struct file_operations ipe_update_fops = {
	.open = ipe_node_open,
	.write = ipe_update_write,
	.flush = ipe_node_flush,
	.release = ipe_node_release,
};

static const struct file_operations ipe_active_fops = {
	.read = ipe_active_read,
	.write = ipe_active_write,
	.llseek = generic_file_llseek,
};

static const struct file_operations ipe_delete_fops = {
	.write = ipe_delete_write,
};

static const struct {
	const char *name;
	umode_t mode;
	const struct file_operations *fops;
} ipe_policy_nodes[] = {
	{ "raw", 0644, &ipe_raw_fops },
	{ "pkcs7", 0444, &ipe_pkcs7_fops },
	{ "content", 0444, &ipe_content_fops },
	{ "policy", 0444, &ipe_content_fops },
	{ "name", 0444, &ipe_name_fops },
	{ "version", 0444, &ipe_version_fops },
	{ "active", 0600, &ipe_active_fops },
	{ "update", 0200, &ipe_update_fops },
	{ "delete", 0200, &ipe_delete_fops },
};

/**
 * ipe_policy_fs_add() - create policies/<name>/ for a slot
 * @slot: the policy's slot; its nodes will point at it
 * @parent: the policies/ directory
 *
 * Context: the store mutex is held.
 * Return: 0, or the error of creating a node (nothing is left behind).
 */
int ipe_policy_fs_add(struct ipe_slot *slot, struct dentry *parent)
{
	struct dentry *d;
	int i;

	BUILD_BUG_ON(ARRAY_SIZE(ipe_policy_nodes) > ARRAY_SIZE(slot->files));
	d = securityfs_create_dir(slot->pol->parsed->name, parent);
	if (IS_ERR(d))
		return PTR_ERR(d);
	slot->dir = d;
	slot->nfiles = 0;
	for (i = 0; i < ARRAY_SIZE(ipe_policy_nodes); i++) {
		d = securityfs_create_file(ipe_policy_nodes[i].name,
					   ipe_policy_nodes[i].mode, slot->dir,
					   slot, ipe_policy_nodes[i].fops);
		if (IS_ERR(d)) {
			ipe_policy_fs_remove(slot);
			return PTR_ERR(d);
		}
		slot->files[slot->nfiles++] = d;
	}
	return 0;
}

/*
 * securityfs_remove() unlinks, but a dentry still in use (an open node, a
 * shell whose working directory is policies/<name>) stays hashed and
 * positive: its directory would stay "not empty", and a later policy of
 * the same name would find its directory there (EEXIST). Unhash it too.
 */
static void ipe_policy_fs_unlink(struct dentry *d)
{
	dget(d);
	securityfs_remove(d);
	d_drop(d);
	dput(d);
}

/**
 * ipe_policy_fs_remove() - remove policies/<name>/ of a slot
 * @slot: the slot, about to be freed
 *
 * Nodes still open elsewhere find a NULL i_private from now on.
 *
 * Context: the store mutex is held.
 */
void ipe_policy_fs_remove(struct ipe_slot *slot)
{
	unsigned int i;

	for (i = 0; i < slot->nfiles; i++) {
		d_inode(slot->files[i])->i_private = NULL;
		ipe_policy_fs_unlink(slot->files[i]);
	}
	slot->nfiles = 0;
	ipe_policy_fs_unlink(slot->dir);
	slot->dir = NULL;
}
