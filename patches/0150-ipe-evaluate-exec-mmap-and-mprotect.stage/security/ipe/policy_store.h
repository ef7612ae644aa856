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

#include "ipe_limits.h"
#include "policy.h"

struct ipe_policy_index;

/**
 * struct ipe_policy - one version of a loaded policy
 * @parsed: the evaluation tables
 * @index: how evaluations find the rules of @parsed
 * @text: the policy text as signed (not NUL-terminated); points into
 *	@pkcs7 when @text_in_pkcs7
 * @text_len: bytes in @text
 * @pkcs7: the PKCS#7 blob as written, or NULL for the boot policy
 * @pkcs7_len: bytes in @pkcs7
 * @digest: sha256 of @pkcs7 (of no bytes for the boot policy), as audit
 *	records show it
 * @boot: this is the boot policy compiled into the kernel
 * @text_in_pkcs7: @text is the attached content inside @pkcs7, not a copy
 * @ref: references: one for being loaded, one per evaluation that needs
 *	the policy after its RCU read section (to audit the decision)
 * @rcu: defers the final put until readers are gone
 *
 * A policy version never changes once published; an update replaces it
 * with a new struct ipe_policy.
 */
struct ipe_policy {
	struct ipe_parsed_policy *parsed;
	struct ipe_policy_index *index;
	char *text;
	size_t text_len;
	u8 *pkcs7;
	size_t pkcs7_len;
	u8 digest[SHA256_DIGEST_SIZE];
	bool boot;
	bool text_in_pkcs7;
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
#endif /* _IPE_POLICY_STORE_H */
