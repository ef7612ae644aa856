/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE loaded policies: signed blobs, their parsed tables, the active one.
 */
#ifndef _IPE_POLICY_STORE_H
#define _IPE_POLICY_STORE_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/types.h>
#include <crypto/sha2.h>

#include "policy.h"

/* Largest policy (signed blob or text) IPE accepts: 8 MiB. */
#define IPE_POLICY_MAX_SIZE	(8U << 20)

/**
 * struct ipe_policy - one version of a loaded policy
 * @parsed: the evaluation tables
 * @text: the policy text as signed (not NUL-terminated)
 * @text_len: bytes in @text
 * @pkcs7: the PKCS#7 blob as written, or NULL for the boot policy
 * @pkcs7_len: bytes in @pkcs7
 * @digest: sha256 of @text, for audit and status
 * @boot: this is the boot policy compiled into the kernel
 * @ref: references: one for being loaded, one per evaluation that needs
 *	the policy after its RCU read section (to audit the decision)
 * @rcu: defers the final put until readers are gone
 *
 * A policy version never changes once published; an update replaces it
 * with a new struct ipe_policy.
 */
struct ipe_policy {
	struct ipe_parsed_policy *parsed;
	char *text;
	size_t text_len;
	u8 *pkcs7;
	size_t pkcs7_len;
	u8 digest[SHA256_DIGEST_SIZE];
	bool boot;
	refcount_t ref;
	struct rcu_head rcu;
};

extern struct ipe_policy __rcu *ipe_active_policy;

/**
 * ipe_policy_tryget() - take a reference on a policy seen under RCU
 * @pol: a policy read with rcu_dereference()
 *
 * Return: true when the reference was taken; false when the policy is
 * being freed and must not be used past the read section.
 */
static inline bool ipe_policy_tryget(struct ipe_policy *pol)
{
	return refcount_inc_not_zero(&pol->ref);
}

void ipe_policy_put(struct ipe_policy *pol);
struct ipe_policy *ipe_policy_create(const void *pkcs7, size_t pkcs7_len,
				     const char *text, size_t text_len);

struct inode;

/**
 * struct ipe_slot - a loaded policy name and its securityfs directory
 * @list: entry in the store's list, under the store mutex
 * @pol: the current version; holds one reference
 * @dir: policies/<name>/
 * @files: the nodes in @dir; their inodes point back at the slot
 * @nfiles: entries used in @files
 *
 * Slots live and die under the store mutex. Deleting one clears the
 * i_private of its nodes first, so a node still open afterwards finds
 * no slot instead of a freed one.
 */
struct ipe_slot {
	struct list_head list;
	struct ipe_policy *pol;
	struct dentry *dir;
	struct dentry *files[12];
	unsigned int nfiles;
};

int ipe_store_load(const void *blob, size_t len);
int ipe_store_update(struct inode *inode, const void *blob, size_t len);
int ipe_store_delete(const char *name);
int ipe_store_delete_inode(struct inode *inode);
int ipe_store_activate(const char *name);
int ipe_store_activate_inode(struct inode *inode);
struct ipe_policy *ipe_store_get(struct inode *inode, bool *active);
int ipe_store_active_name(char *buf, size_t size);
int ipe_store_boot(const char *text, size_t len);
int ipe_store_fs_init(struct dentry *policies_dir);

int ipe_policy_fs_add(struct ipe_slot *slot, struct dentry *parent);
void ipe_policy_fs_remove(struct ipe_slot *slot);

#endif /* _IPE_POLICY_STORE_H */
