// SPDX-License-Identifier: GPL-2.0
/*
 * IPE policy store: signature checks, the set of loaded policies, the
 * active one and the audit one.
 *
 * Every change to the set, and every change of role, happens under
 * ipe_store_mutex. Evaluations never take it: they read ipe_active_policy
 * and ipe_audit_policy under RCU. Neither pointer holds a reference of its
 * own: each points at the current version of a loaded policy, which its
 * slot holds. A policy version that stops being reachable (replaced by an
 * update, deleted) loses the slot's reference only after a grace period,
 * and is freed when the last evaluation that still audits with it is done.
 */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/verification.h>

#include "ipe.h"
#include "audit.h"
#include "policy_index.h"
#include "policy_store.h"
#include "settings.h"

struct ipe_policy __rcu *ipe_active_policy;
struct ipe_policy __rcu *ipe_audit_policy;

static DEFINE_MUTEX(ipe_store_mutex);
static LIST_HEAD(ipe_slots);
static struct dentry *ipe_policies_dir;

static void ipe_policy_free(struct ipe_policy *pol)
{
	ipe_index_free(pol->index);
	ipe_free_parsed_policy(pol->parsed);
	if (!pol->text_in_pkcs7)
		kvfree(pol->text);
	kvfree(pol->pkcs7);
	kfree(pol);
}

/**
 * ipe_policy_put() - drop a reference on a policy version
 * @pol: the policy; freed with the last reference
 *
 * Context: process context; may sleep.
 */
void ipe_policy_put(struct ipe_policy *pol)
{
	if (pol && refcount_dec_and_test(&pol->ref))
		ipe_policy_free(pol);
}

static void *ipe_kvdup(const void *src, size_t len)
{
	void *p = kvmalloc(len ?: 1, GFP_KERNEL | __GFP_NOWARN);

	if (p)
		memcpy(p, src, len);
	return p;
}

/**
 * ipe_policy_create() - make a policy version from its text
 * @pkcs7: the signed blob it came from, copied; NULL for the boot policy
 * @pkcs7_len: bytes in @pkcs7
 * @text: the policy text (verified content of @pkcs7, or the boot policy)
 * @text_len: bytes in @text
 *
 * Return: the policy with one reference, or the parser's error when the
 * text does not parse (-EBADMSG, -EINVAL or -ERANGE as mainline; the
 * reason and line are logged), or ERR_PTR(-ENOMEM), also logged with
 * the size of the text (a large policy on a kernel with little vmalloc
 * space, such as a 32-bit one).
 */
struct ipe_policy *ipe_policy_create(const void *pkcs7, size_t pkcs7_len,
				     const char *text, size_t text_len)
{
	struct ipe_parse_error perr = {};
	struct ipe_policy *pol;
	int rc = -ENOMEM;
	size_t off;

	pol = kzalloc(sizeof(*pol), GFP_KERNEL);
	if (!pol)
		return ERR_PTR(-ENOMEM);
	refcount_set(&pol->ref, 1);
	if (pkcs7) {
		pol->pkcs7 = ipe_kvdup(pkcs7, pkcs7_len);
		if (!pol->pkcs7)
			goto err;
		pol->pkcs7_len = pkcs7_len;
	}
	/* attached content lies inside the blob: keep it only once */
	off = (uintptr_t)text - (uintptr_t)pkcs7;
	if (pkcs7 && (uintptr_t)text >= (uintptr_t)pkcs7 &&
	    off <= pkcs7_len && text_len <= pkcs7_len - off) {
		pol->text = (char *)pol->pkcs7 + off;
		pol->text_in_pkcs7 = true;
	} else {
		pol->text = ipe_kvdup(text, text_len);
		if (!pol->text)
			goto err;
	}
	pol->text_len = text_len;

	pol->parsed = ipe_parse_policy(text, text_len,
				       ipe_get(IPE_SET_STRICT_PARSE), &perr);
	if (IS_ERR(pol->parsed)) {
		rc = PTR_ERR(pol->parsed);
		pol->parsed = NULL;
		if (rc != -ENOMEM)
			pr_err("policy rejected: line %u: %s\n", perr.line,
			       perr.reason ?: "invalid");
		goto err;
	}
	pol->index = ipe_index_build(pol->parsed);
	if (IS_ERR(pol->index)) {
		rc = PTR_ERR(pol->index);
		pol->index = NULL;
		goto err;
	}
	/* what audit records show: the blob as written ("" for the boot policy) */
	if (pol->pkcs7)
		sha256(pol->pkcs7, pol->pkcs7_len, pol->digest);
	else
		sha256((const u8 *)"", 0, pol->digest);
	return pol;

err:
	if (rc == -ENOMEM)
		pr_err("policy rejected: out of memory for its %zu bytes\n",
		       text_len);
	ipe_policy_free(pol);
	return ERR_PTR(rc);
}

struct ipe_view {
	const void *blob;
	size_t blob_len;
	struct ipe_policy *pol;
};

static int ipe_view_content(void *ctx, const void *data, size_t len,
			    size_t asn1hdrlen)
{
	struct ipe_view *v = ctx;

	v->pol = ipe_policy_create(v->blob, v->blob_len, data, len);
	return PTR_ERR_OR_ZERO(v->pol);
}

/*
 * The keyring a policy signer must chain to: the built-in trusted keys
 * (NULL), or those and the secondary trusted keyring.
 */
#ifdef CONFIG_IPE_POLICY_SIG_SECONDARY_KEYRING
#define IPE_POLICY_KEYRING	VERIFY_USE_SECONDARY_KEYRING
#else
#define IPE_POLICY_KEYRING	NULL
#endif

/*
 * Verify @blob against the trusted keys, then, if none of them signed it
 * and the kernel is configured so, against the platform keyring; parse
 * what it signs.
 */
static struct ipe_policy *ipe_policy_from_blob(const void *blob, size_t len)
{
	struct ipe_view v = { .blob = blob, .blob_len = len };
	int rc;

	rc = verify_pkcs7_signature(NULL, 0, blob, len, IPE_POLICY_KEYRING,
				    VERIFYING_UNSPECIFIED_SIGNATURE,
				    ipe_view_content, &v);
	if (IS_ENABLED(CONFIG_IPE_POLICY_SIG_PLATFORM_KEYRING) &&
	    rc == -ENOKEY && !v.pol)
		rc = verify_pkcs7_signature(NULL, 0, blob, len,
					    VERIFY_USE_PLATFORM_KEYRING,
					    VERIFYING_UNSPECIFIED_SIGNATURE,
					    ipe_view_content, &v);
	if (rc) {
		/* the parser refused the text, and logged why */
		bool parsed = IS_ERR(v.pol);

		if (!IS_ERR_OR_NULL(v.pol))
			ipe_policy_put(v.pol);
		/*
		 * -EINVAL before the content was looked at is the crypto
		 * layer's verdict on a signature value that does not even
		 * decode (rsa-pkcs1pad): a signature that does not verify,
		 * not a policy that does not parse.
		 */
		if (rc == -EINVAL && !v.pol)
			rc = -EKEYREJECTED;
		if (!parsed)
			pr_err("policy rejected: signature check failed: %d\n",
			       rc);
		return ERR_PTR(rc);
	}
	return v.pol;
}

static struct ipe_slot *ipe_slot_find(const char *name)
{
	struct ipe_slot *slot;

	lockdep_assert_held(&ipe_store_mutex);
	list_for_each_entry(slot, &ipe_slots, list)
		if (!strcmp(slot->pol->parsed->name, name))
			return slot;
	return NULL;
}

static struct ipe_policy *ipe_active_locked(void)
{
	return rcu_dereference_protected(ipe_active_policy,
					 lockdep_is_held(&ipe_store_mutex));
}

static struct ipe_policy *ipe_audit_locked(void)
{
	return rcu_dereference_protected(ipe_audit_policy,
					 lockdep_is_held(&ipe_store_mutex));
}

/*
 * Make @pol (NULL: none) the audit policy and record the change. The
 * pointer takes no reference: @pol stays held by its slot, and whoever
 * drops a slot's policy clears this role first.
 */
static void ipe_audit_role_set(struct ipe_policy *pol)
{
	struct ipe_policy *old = ipe_audit_locked();

	if (old == pol)
		return;
	rcu_assign_pointer(ipe_audit_policy, pol);
	ipe_audit_role_change(old, pol);
}

/* -1, 0, 1 as version @a is older, equal, newer than @b. */
static int ipe_version_cmp(const struct ipe_policy *a,
			   const struct ipe_policy *b)
{
	int i;

	for (i = 0; i < 3; i++)
		if (a->parsed->version[i] != b->parsed->version[i])
			return a->parsed->version[i] < b->parsed->version[i] ?
			       -1 : 1;
	return 0;
}

static int ipe_slot_add(struct ipe_policy *pol)
{
	struct ipe_slot *slot;
	int rc;

	lockdep_assert_held(&ipe_store_mutex);
	if (ipe_slot_find(pol->parsed->name))
		return -EEXIST;
	slot = kzalloc(sizeof(*slot), GFP_KERNEL);
	if (!slot)
		return -ENOMEM;
	slot->pol = pol;
	if (ipe_policies_dir) {
		rc = ipe_policy_fs_add(slot, ipe_policies_dir);
		if (rc) {
			kfree(slot);
			return rc;
		}
	}
	list_add_tail(&slot->list, &ipe_slots);
	return 0;
}

/**
 * ipe_store_load() - load a new policy from a signed blob (new_policy)
 * @blob: PKCS#7 signed data with the policy text attached
 * @len: bytes in @blob
 *
 * The caller has checked the writer's privilege (ipe_node_may_write()).
 *
 * Return: 0; a signature error (-EBADMSG,
 * -ENOKEY, -EKEYREJECTED...); -EBADMSG, -EINVAL or -ERANGE for a policy
 * that does not parse (mainline's codes);
 * -EEXIST when a policy of that name is loaded; -ENOMEM.
 */
int ipe_store_load(const void *blob, size_t len)
{
	struct ipe_policy *pol;
	int rc;

	pol = ipe_policy_from_blob(blob, len);
	if (IS_ERR(pol))
		return PTR_ERR(pol);

	mutex_lock(&ipe_store_mutex);
	rc = ipe_slot_add(pol);
	/*
	 * Audited under the mutex: once it is dropped, the slot's reference
	 * is the only one, and a delete or an update may free @pol.
	 */
	if (!rc)
		ipe_audit_policy_load(pol);
	mutex_unlock(&ipe_store_mutex);
	if (rc)
		ipe_policy_put(pol);
	return rc;
}

/* The slot of a policies/<name>/ node, or NULL once it was deleted. */
static struct ipe_slot *ipe_slot_of(struct inode *inode)
{
	lockdep_assert_held(&ipe_store_mutex);
	return inode->i_private;
}

/**
 * ipe_store_update() - replace a policy in place (raw, update)
 * @inode: a node of the policy's directory
 * @blob: PKCS#7 signed data with the new text
 * @len: bytes in @blob
 *
 * The new text must keep the name and carry a higher version: an update
 * to the same version is refused too, so that two texts signed with one
 * name and version cannot be swapped back and forth. When the policy is
 * active, the new version is active from the next evaluation on. The
 * caller has checked the writer's privilege (ipe_node_may_write()).
 *
 * Return: 0; -EPERM for the boot policy; -ENOENT when the policy was
 * deleted; -EINVAL (renamed); the parser's error (unparsable); -ESTALE
 * (version not higher than the loaded one); signature errors; -ENOMEM.
 */
int ipe_store_update(struct inode *inode, const void *blob, size_t len)
{
	struct ipe_policy *pol, *old = NULL;
	struct ipe_slot *slot;
	int rc = 0;

	pol = ipe_policy_from_blob(blob, len);
	if (IS_ERR(pol))
		return PTR_ERR(pol);

	mutex_lock(&ipe_store_mutex);
	slot = ipe_slot_of(inode);
	if (!slot) {
		rc = -ENOENT;
	} else if (slot->pol->boot) {
		rc = -EPERM;
	} else if (strcmp(slot->pol->parsed->name, pol->parsed->name)) {
		pr_err("update of \"%s\" refused: it renames the policy\n",
		       slot->pol->parsed->name);
		rc = -EINVAL;
	} else if (ipe_version_cmp(pol, slot->pol) <= 0) {
		pr_err("update of \"%s\" refused: version is not newer\n",
		       slot->pol->parsed->name);
		rc = -ESTALE;
	} else {
		old = slot->pol;
		slot->pol = pol;
		/* as mainline: the load record, then the activation */
		ipe_audit_policy_load(pol);
		if (ipe_active_locked() == old) {
			rcu_assign_pointer(ipe_active_policy, pol);
			ipe_audit_activate(old, pol);
		}
		/* an update keeps the audit role too */
		if (ipe_audit_locked() == old)
			ipe_audit_role_set(pol);
	}
	mutex_unlock(&ipe_store_mutex);

	if (rc) {
		ipe_policy_put(pol);
		return rc;
	}
	synchronize_rcu();
	ipe_policy_put(old);
	return 0;
}

static int ipe_slot_delete(struct ipe_slot *slot)
{
	struct ipe_policy *pol;

	lockdep_assert_held(&ipe_store_mutex);
	if (!slot)
		return -ENOENT;
	if (slot->pol->boot || ipe_active_locked() == slot->pol)
		return -EPERM;
	pol = slot->pol;
	if (ipe_audit_locked() == pol)
		ipe_audit_role_set(NULL);
	list_del(&slot->list);
	ipe_policy_fs_remove(slot);
	kfree(slot);
	ipe_audit_policy_delete(pol);
	/*
	 * It is not active, but it may have been until just now (or the
	 * audit policy): an evaluation that read the pointer before it was
	 * changed may still be walking it. Wait for those to finish (or to
	 * take their own reference) before the put.
	 */
	synchronize_rcu();
	ipe_policy_put(pol);
	return 0;
}

/*
 * Run @op under the store mutex on the slot named @name, or on the slot of
 * the policies/<name>/ node @inode when @name is NULL. @op gets NULL when
 * there is no such slot. The callers, the write handlers of securityfs and
 * sysctl, have checked the privilege.
 */
static int ipe_store_on_slot(const char *name, struct inode *inode,
			     int (*op)(struct ipe_slot *slot))
{
	int rc;

	mutex_lock(&ipe_store_mutex);
	rc = op(name ? ipe_slot_find(name) : ipe_slot_of(inode));
	mutex_unlock(&ipe_store_mutex);
	return rc;
}

/**
 * ipe_store_name_written() - check a policy name written by user space
 * @name: the bytes written, NUL-terminated after @len
 * @len: how many bytes were written
 *
 * del_policy and ipe.active_policy take a name the same way: 1 to
 * IPE_NAME_WRITE_MAX bytes, no NUL byte, and one trailing newline, which
 * is cut off here so that "echo name >" works. Anything else is refused
 * rather than cut down to a prefix.
 *
 * Return: 0, or -EINVAL.
 */
int ipe_store_name_written(char *name, size_t len)
{
	if (!len || len > IPE_NAME_WRITE_MAX || strnlen(name, len) != len)
		return -EINVAL;
	if (name[len - 1] == '\n')
		name[--len] = '\0';
	return len ? 0 : -EINVAL;
}

/**
 * ipe_store_delete() - delete a loaded policy by name (del_policy)
 * @name: the policy_name
 *
 * Return: 0; -EPERM for the active or the boot policy; -ENOENT when no
 * policy has that name.
 */
int ipe_store_delete(const char *name)
{
	return ipe_store_on_slot(name, NULL, ipe_slot_delete);
}

/**
 * ipe_store_delete_inode() - delete the policy a node belongs to (delete)
 * @inode: a node of policies/<name>/
 *
 * Return: as ipe_store_delete().
 */
int ipe_store_delete_inode(struct inode *inode)
{
	return ipe_store_on_slot(NULL, inode, ipe_slot_delete);
}

static int ipe_slot_activate(struct ipe_slot *slot)
{
	struct ipe_policy *old;

	lockdep_assert_held(&ipe_store_mutex);
	if (!slot)
		return -ENOENT;
	old = ipe_active_locked();
	if (old == slot->pol)
		return 0;
	if (old && ipe_version_cmp(slot->pol, old) < 0) {
		pr_err("activation of \"%s\" refused: older than the active policy\n",
		       slot->pol->parsed->name);
		return -ESTALE;
	}
	/* the policy that enforces is no longer only audited */
	if (ipe_audit_locked() == slot->pol)
		ipe_audit_role_set(NULL);
	rcu_assign_pointer(ipe_active_policy, slot->pol);
	ipe_audit_activate(old, slot->pol);
	return 0;
}

/**
 * ipe_store_activate() - make a loaded policy the active one
 * @name: the policy_name
 *
 * The old active policy stays loaded. Readers see either policy, never
 * a mix: the switch is one pointer publish. When the policy was the audit
 * policy, that role ends first: there is no audit policy afterwards.
 *
 * Return: 0; -ENOENT for an unknown name; -ESTALE when its version is
 * older than the active policy's.
 */
int ipe_store_activate(const char *name)
{
	return ipe_store_on_slot(name, NULL, ipe_slot_activate);
}

/**
 * ipe_store_activate_inode() - activate the policy a node belongs to
 * @inode: a node of policies/<name>/
 *
 * Return: as ipe_store_activate().
 */
int ipe_store_activate_inode(struct inode *inode)
{
	return ipe_store_on_slot(NULL, inode, ipe_slot_activate);
}

static int ipe_slot_audit_on(struct ipe_slot *slot)
{
	lockdep_assert_held(&ipe_store_mutex);
	if (!slot)
		return -ENOENT;
	if (ipe_active_locked() == slot->pol)
		return -EBUSY;
	ipe_audit_role_set(slot->pol);
	return 0;
}

static int ipe_slot_audit_off(struct ipe_slot *slot)
{
	lockdep_assert_held(&ipe_store_mutex);
	if (!slot)
		return -ENOENT;
	if (ipe_audit_locked() == slot->pol)
		ipe_audit_role_set(NULL);
	return 0;
}

/**
 * ipe_store_set_audit() - choose the audit policy by name (sysctl)
 * @name: the policy_name, or "" to have no audit policy
 *
 * The audit policy is evaluated on every event beside the active one, and
 * alone while no policy is active; its decisions are audited and never
 * change an outcome. Another audit policy chosen before loses the role.
 *
 * Return: 0; -ENOENT for an unknown name; -EBUSY for the active policy.
 */
int ipe_store_set_audit(const char *name)
{
	if (!*name) {
		mutex_lock(&ipe_store_mutex);
		ipe_audit_role_set(NULL);
		mutex_unlock(&ipe_store_mutex);
		return 0;
	}
	return ipe_store_on_slot(name, NULL, ipe_slot_audit_on);
}

/**
 * ipe_store_set_audit_inode() - give or take the audit role of the policy
 *	a node belongs to (policies/<name>/audit)
 * @inode: a node of policies/<name>/
 * @on: true to make the policy the audit policy, false to end its role
 *	(nothing to do when it does not have it)
 *
 * Return: as ipe_store_set_audit(); -ENOENT when the policy was deleted.
 */
int ipe_store_set_audit_inode(struct inode *inode, bool on)
{
	return ipe_store_on_slot(NULL, inode, on ? ipe_slot_audit_on :
						   ipe_slot_audit_off);
}

/**
 * ipe_store_get() - the current version of a node's policy, for reading
 * @inode: a node of policies/<name>/
 * @role: set to the role of that version (may be NULL)
 *
 * Return: the policy with a reference the caller puts, or NULL when the
 * policy was deleted.
 */
struct ipe_policy *ipe_store_get(struct inode *inode, enum ipe_role *role)
{
	struct ipe_policy *pol = NULL;
	struct ipe_slot *slot;

	mutex_lock(&ipe_store_mutex);
	slot = ipe_slot_of(inode);
	if (slot) {
		pol = slot->pol;
		refcount_inc(&pol->ref);
		if (role)
			*role = ipe_active_locked() == pol ? IPE_ROLE_ACTIVE :
				ipe_audit_locked() == pol ? IPE_ROLE_AUDIT :
				IPE_ROLE_NONE;
	}
	mutex_unlock(&ipe_store_mutex);
	return pol;
}

/**
 * ipe_store_role_name() - the name of the active or the audit policy
 * @role: %IPE_ROLE_ACTIVE or %IPE_ROLE_AUDIT
 * @buf: where to write it, NUL-terminated
 * @size: bytes in @buf
 *
 * Return: the length written (0 and an empty string when no policy has
 * @role), or -E2BIG when @buf is too small.
 */
int ipe_store_role_name(enum ipe_role role, char *buf, size_t size)
{
	struct ipe_policy *pol = NULL;
	ssize_t len = 0;

	mutex_lock(&ipe_store_mutex);
	if (role == IPE_ROLE_ACTIVE)
		pol = ipe_active_locked();
	else if (role == IPE_ROLE_AUDIT)
		pol = ipe_audit_locked();
	if (pol)
		len = strscpy(buf, pol->parsed->name, size);
	else if (size)
		buf[0] = '\0';
	mutex_unlock(&ipe_store_mutex);
	return len;
}

/**
 * ipe_store_boot() - load and activate the policy built into the kernel
 * @text: the policy text (CONFIG_IPE_BOOT_POLICY)
 * @len: bytes in @text
 *
 * Context: LSM initialization, before any evaluation.
 * Return: 0 or the error that made the policy unusable.
 */
int ipe_store_boot(const char *text, size_t len)
{
	struct ipe_policy *pol;
	int rc;

	pol = ipe_policy_create(NULL, 0, text, len);
	if (IS_ERR(pol))
		return PTR_ERR(pol);
	pol->boot = true;
	mutex_lock(&ipe_store_mutex);
	rc = ipe_slot_add(pol);
	if (!rc)
		rcu_assign_pointer(ipe_active_policy, pol);
	mutex_unlock(&ipe_store_mutex);
	if (rc)
		ipe_policy_put(pol);
	return rc;
}

/**
 * ipe_store_fs_init() - create the directories of policies loaded so far
 * @policies_dir: securityfs policies/
 *
 * Only the boot policy can be loaded before securityfs is up; later
 * policies get their directory when they are loaded.
 *
 * Return: 0 or the error of creating a directory.
 */
int ipe_store_fs_init(struct dentry *policies_dir)
{
	struct ipe_slot *slot;
	int rc = 0;

	mutex_lock(&ipe_store_mutex);
	ipe_policies_dir = policies_dir;
	list_for_each_entry(slot, &ipe_slots, list) {
		rc = ipe_policy_fs_add(slot, policies_dir);
		if (rc)
			break;
	}
	mutex_unlock(&ipe_store_mutex);
	return rc;
}
