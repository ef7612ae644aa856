// SPDX-License-Identifier: GPL-2.0
/*
 * IPE policy store: the active policy.
 *
 * Evaluations read ipe_active_policy under RCU, without a lock. A policy
 * version is freed with its last reference.
 */
#include <linux/mm.h>
#include <linux/slab.h>

#include "ipe.h"
#include "policy_index.h"
#include "policy_store.h"

struct ipe_policy __rcu *ipe_active_policy;

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
