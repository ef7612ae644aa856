// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the IPE evaluator: policies parsed from text, decided
 * against synthetic events, plus the hook id mappings and the rule text
 * of access records.
 */

#include <kunit/test.h>
#include <linux/binfmts.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/shmem_fs.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ipe.h"
#include "audit.h"
#include "blobs.h"
#include "eval.h"
#include "eval_plain.h"
#include "hooks.h"
#include "policy.h"
#include "policy_store.h"
#include "settings.h"

#define HDR	"policy_name=t policy_version=1.0.0\n"
#define HASH_HEX \
	"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

/* the policies a test parsed, released when it ends */
#define IPE_TEST_MAX_POLICIES	4

struct ipe_eval_test_priv {
	struct ipe_parsed_policy *pols[IPE_TEST_MAX_POLICIES];
	unsigned int count;
};

static const u8 ipe_test_hash[32] = {
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
};

static const u8 ipe_test_other_hash[32] = {
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0x00,
};

/* a dm-verity device with a sha256 root hash, no signature */
static const struct ipe_bdev_facts ipe_test_verity = {
	.dmv_alg = "sha256",
	.dmv_root_hash = ipe_test_hash,
	.dmv_root_hash_len = sizeof(ipe_test_hash),
};

/* the same device, opened with a verified root-hash signature */
static const struct ipe_bdev_facts ipe_test_verity_signed = {
	.dmv_signed = true,
	.dmv_alg = "sha256",
	.dmv_root_hash = ipe_test_hash,
	.dmv_root_hash_len = sizeof(ipe_test_hash),
};

/* the same hash bytes, but dm-verity did not report the algorithm */
static const struct ipe_bdev_facts ipe_test_verity_noalg = {
	.dmv_root_hash = ipe_test_hash,
	.dmv_root_hash_len = sizeof(ipe_test_hash),
};

/* the same hash bytes under another 32-byte algorithm */
static const struct ipe_bdev_facts ipe_test_verity_otheralg = {
	.dmv_alg = "blake2s-256",
	.dmv_root_hash = ipe_test_hash,
	.dmv_root_hash_len = sizeof(ipe_test_hash),
};

/* a different root hash of the same algorithm */
static const struct ipe_bdev_facts ipe_test_verity_otherhash = {
	.dmv_alg = "sha256",
	.dmv_root_hash = ipe_test_other_hash,
	.dmv_root_hash_len = sizeof(ipe_test_other_hash),
};

/* a signed device whose facts carry no root hash */
static const struct ipe_bdev_facts ipe_test_signed_nohash = {
	.dmv_signed = true,
};

static int ipe_eval_test_init(struct kunit *test)
{
	test->priv = kunit_kzalloc(test, sizeof(struct ipe_eval_test_priv),
				   GFP_KERNEL);
	if (!test->priv)
		return -ENOMEM;
	return 0;
}

static void ipe_eval_test_exit(struct kunit *test)
{
	struct ipe_eval_test_priv *priv = test->priv;
	unsigned int i;

	if (!priv)
		return;
	for (i = 0; i < priv->count; i++)
		ipe_free_parsed_policy(priv->pols[i]);
	priv->count = 0;
}

static const struct ipe_parsed_policy *ipe_test_parse(struct kunit *test,
						      const char *text)
{
	struct ipe_eval_test_priv *priv = test->priv;
	struct ipe_parsed_policy *pol;
	struct ipe_parse_error err;

	KUNIT_ASSERT_LT(test, priv->count, IPE_TEST_MAX_POLICIES);
	pol = ipe_parse_policy(text, strlen(text), true, &err);
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, pol,
					 "policy refused at line %u: %s",
					 err.line,
					 err.reason ? err.reason : "?");
	priv->pols[priv->count++] = pol;
	return pol;
}

static void ipe_test_eval(const struct ipe_parsed_policy *pol, enum ipe_op op,
			  bool initramfs, const struct ipe_bdev_facts *bdev,
			  struct ipe_eval_result *res)
{
	struct ipe_eval_ctx ctx = {
		.op = op,
		.hook = op == IPE_OP_EXECUTE ? IPE_HOOK_BPRM_CHECK :
					       IPE_HOOK_KERNEL_READ,
		.initramfs = initramfs,
		.bdev = bdev,
	};

	/* poison, so that a field the evaluator forgets to set shows */
	memset(res, 0xa5, sizeof(*res));
	ipe_eval_policy(pol, &ctx, res);
}

/* decide one event and check action, what decided, and which rule line */
static void ipe_test_expect(struct kunit *test,
			    const struct ipe_parsed_policy *pol,
			    enum ipe_op op, bool initramfs,
			    const struct ipe_bdev_facts *bdev,
			    enum ipe_action action, enum ipe_match match,
			    u32 line)
{
	struct ipe_eval_result res;

	ipe_test_eval(pol, op, initramfs, bdev, &res);
	KUNIT_EXPECT_EQ_MSG(test, res.action, (u8)action, "op %s",
			    ipe_op_name(op));
	KUNIT_EXPECT_EQ_MSG(test, res.match, (u8)match, "op %s",
			    ipe_op_name(op));
	KUNIT_EXPECT_EQ(test, res.op, op);
	KUNIT_EXPECT_PTR_EQ(test, res.pol, NULL);
	if (match != IPE_MATCH_RULE) {
		KUNIT_EXPECT_PTR_EQ(test, res.rule, NULL);
		return;
	}
	KUNIT_ASSERT_NOT_NULL(test, res.rule);
	KUNIT_EXPECT_EQ_MSG(test, res.rule->line, line, "op %s",
			    ipe_op_name(op));
	KUNIT_EXPECT_EQ(test, res.rule->action, (u8)action);
}

#define EXPECT_RULE(t, p, op, ini, bdev, act, line) \
	ipe_test_expect(t, p, op, ini, bdev, IPE_ACTION_##act, \
			IPE_MATCH_RULE, line)
#define EXPECT_OP_DEFAULT(t, p, op, ini, bdev, act) \
	ipe_test_expect(t, p, op, ini, bdev, IPE_ACTION_##act, \
			IPE_MATCH_OP_DEFAULT, 0)
#define EXPECT_GLOBAL_DEFAULT(t, p, op, ini, bdev, act) \
	ipe_test_expect(t, p, op, ini, bdev, IPE_ACTION_##act, \
			IPE_MATCH_GLOBAL_DEFAULT, 0)
#define EXPECT_IMPLICIT(t, p, op, ini, bdev) \
	ipe_test_expect(t, p, op, ini, bdev, IPE_ACTION_ALLOW, \
			IPE_MATCH_NONE, 0)

static bool ipe_test_is_kernel_read(enum ipe_op op)
{
	return op >= IPE_OP_FIRMWARE && op <= IPE_OP_X509_CERT;
}

/* first match: a DENY listed before an ALLOW that also matches wins */
static void ipe_eval_deny_before_allow(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "op=EXECUTE boot_verified=TRUE action=DENY\n"
			     "op=EXECUTE boot_verified=TRUE action=ALLOW\n"
			     "DEFAULT action=ALLOW\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, true, NULL, DENY, 2);
}

/* first match: an ALLOW listed before a DENY that also matches wins */
static void ipe_eval_allow_before_deny(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE boot_verified=TRUE action=ALLOW\n"
			     "op=EXECUTE action=DENY\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, true, NULL, ALLOW, 3);
	/* not on the initramfs: the first rule is skipped, the second hits */
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, NULL, DENY, 4);
}

/* rules that do not match are skipped, in order, up to the first hit */
static void ipe_eval_skips_to_first_match(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "# comment lines count\n"
			     "op=EXECUTE boot_verified=TRUE action=DENY\n"
			     "op=EXECUTE dmverity_signature=TRUE action=DENY\n"
			     "op=EXECUTE dmverity_roothash=" HASH_HEX " action=ALLOW\n"
			     "op=EXECUTE action=DENY\n"
			     "DEFAULT action=ALLOW\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity,
		    ALLOW, 5);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity_signed,
		    DENY, 4);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, NULL, DENY, 6);
}

/* a rule with several properties matches only when all of them do */
static void ipe_eval_all_props_needed(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE dmverity_signature=TRUE dmverity_roothash=sha256:"
			     HASH_HEX " action=ALLOW\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity_signed,
		    ALLOW, 3);
	/* signature without the hash, hash without the signature */
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_signed_nohash, DENY);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_verity, DENY);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, true, NULL, DENY);
}

/* three properties: each one missing is enough to fail the rule */
static void ipe_eval_three_props(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT op=EXECUTE action=DENY\n"
			     "op=EXECUTE boot_verified=FALSE dmverity_signature=TRUE dmverity_roothash="
			     HASH_HEX " action=ALLOW\n"
			     "DEFAULT op=KERNEL_READ action=DENY\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity_signed,
		    ALLOW, 3);
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_EXECUTE, true,
			  &ipe_test_verity_signed, DENY);
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity,
			  DENY);
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			  &ipe_test_signed_nohash, DENY);
}

/* a rule without properties matches every event of its op */
static void ipe_eval_rule_without_props(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=ALLOW\n"
			     "op=EXECUTE action=DENY\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, NULL, DENY, 3);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, true, &ipe_test_verity_signed,
		    DENY, 3);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_KMODULE, false, NULL, ALLOW);
}

/* a matching rule beats the op DEFAULT and the global DEFAULT */
static void ipe_eval_rule_beats_defaults(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "DEFAULT op=EXECUTE action=DENY\n"
			     "op=EXECUTE boot_verified=TRUE action=ALLOW\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, true, NULL, ALLOW, 4);
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_EXECUTE, false, NULL, DENY);
}

/* no rule matches: the op DEFAULT is used before the global DEFAULT */
static void ipe_eval_op_default_beats_global(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=ALLOW\n"
			     "DEFAULT op=EXECUTE action=DENY\n"
			     "op=EXECUTE boot_verified=TRUE action=ALLOW\n");
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_EXECUTE, false, NULL, DENY);

	/* the order of the DEFAULT lines does not matter */
	pol = ipe_test_parse(test, HDR
			     "DEFAULT op=EXECUTE action=ALLOW\n"
			     "DEFAULT action=DENY\n");
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_EXECUTE, false, NULL, ALLOW);
}

/* an op without a DEFAULT of its own falls back to the global DEFAULT */
static void ipe_eval_global_default(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;
	int op;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "DEFAULT op=KMODULE action=ALLOW\n");
	for (op = 0; op < IPE_OP_COUNT; op++) {
		if (op == IPE_OP_KMODULE)
			EXPECT_OP_DEFAULT(test, pol, op, false, NULL, ALLOW);
		else
			EXPECT_GLOBAL_DEFAULT(test, pol, op, false, NULL,
					      DENY);
	}
}

/*
 * nothing matches and no DEFAULT applies: implicitly allowed. The parser
 * refuses a policy that leaves an op without a DEFAULT, so the test
 * clears the DEFAULTs of a parsed one.
 */
static void ipe_eval_implicit_allow(struct kunit *test)
{
	struct ipe_parsed_policy *pol;
	int op;

	pol = (struct ipe_parsed_policy *)
	      ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE boot_verified=TRUE action=DENY\n"
			     "DEFAULT op=KMODULE action=DENY\n");
	pol->global_default = IPE_ACTION_NONE;
	EXPECT_IMPLICIT(test, pol, IPE_OP_EXECUTE, false, NULL);
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_KMODULE, false, NULL, DENY);

	pol = (struct ipe_parsed_policy *)
	      ipe_test_parse(test, HDR "DEFAULT action=DENY\n");
	pol->global_default = IPE_ACTION_NONE;
	for (op = 0; op < IPE_OP_COUNT; op++)
		EXPECT_IMPLICIT(test, pol, op, true, &ipe_test_verity_signed);
}

/* an op outside the tables can only be decided by the global DEFAULT */
static void ipe_eval_invalid_op(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "op=KERNEL_READ action=ALLOW\n"
			     "op=EXECUTE action=ALLOW\n"
			     "DEFAULT op=KERNEL_READ action=ALLOW\n"
			     "DEFAULT op=EXECUTE action=ALLOW\n");
	EXPECT_IMPLICIT(test, pol, IPE_OP_COUNT, false, NULL);

	pol = ipe_test_parse(test, HDR
			     "op=EXECUTE action=ALLOW\n"
			     "DEFAULT action=DENY\n");
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_COUNT, false, NULL, DENY);
}

/* a KERNEL_READ rule applies to each of the six kernel-read ops */
static void ipe_eval_kernel_read_rule(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;
	int op;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=KERNEL_READ boot_verified=TRUE action=ALLOW\n");
	for (op = IPE_OP_FIRMWARE; op <= IPE_OP_X509_CERT; op++) {
		EXPECT_RULE(test, pol, op, true, NULL, ALLOW, 3);
		EXPECT_GLOBAL_DEFAULT(test, pol, op, false, NULL, DENY);
	}
}

/* a KERNEL_READ rule does not apply to EXECUTE */
static void ipe_eval_kernel_read_rule_not_execute(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=KERNEL_READ action=ALLOW\n");
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, true, NULL, DENY);
	EXPECT_RULE(test, pol, IPE_OP_POLICY, false, NULL, ALLOW, 3);
}

/* DEFAULT op=KERNEL_READ sets the default of the six ops, not EXECUTE */
static void ipe_eval_kernel_read_default(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;
	int op;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=ALLOW\n"
			     "DEFAULT op=KERNEL_READ action=DENY\n");
	for (op = 0; op < IPE_OP_COUNT; op++) {
		if (ipe_test_is_kernel_read(op))
			EXPECT_OP_DEFAULT(test, pol, op, false, NULL, DENY);
		else
			EXPECT_GLOBAL_DEFAULT(test, pol, op, false, NULL,
					      ALLOW);
	}
}

/* a rule for one kernel-read op is not seen by the others */
static void ipe_eval_kernel_read_single_op(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;
	int op;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT op=KERNEL_READ action=ALLOW\n"
			     "op=KMODULE action=DENY\n"
			     "DEFAULT op=EXECUTE action=DENY\n");
	for (op = IPE_OP_FIRMWARE; op <= IPE_OP_X509_CERT; op++) {
		if (op == IPE_OP_KMODULE)
			EXPECT_RULE(test, pol, op, true, NULL, DENY, 3);
		else
			EXPECT_OP_DEFAULT(test, pol, op, true, NULL, ALLOW);
	}
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_EXECUTE, true, NULL, DENY);
}

/* every op is decided by its own table: one rule line per op */
static void ipe_eval_own_table_only(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;
	int op;

	pol = ipe_test_parse(test, HDR
			     "op=EXECUTE action=DENY\n"
			     "op=FIRMWARE action=ALLOW\n"
			     "op=KMODULE action=DENY\n"
			     "op=KEXEC_IMAGE action=ALLOW\n"
			     "op=KEXEC_INITRAMFS action=DENY\n"
			     "op=POLICY action=ALLOW\n"
			     "op=X509_CERT action=DENY\n"
			     "DEFAULT action=ALLOW\n");
	for (op = 0; op < IPE_OP_COUNT; op++) {
		if (op % 2)
			EXPECT_RULE(test, pol, op, false, NULL, ALLOW, 2 + op);
		else
			EXPECT_RULE(test, pol, op, false, NULL, DENY, 2 + op);
	}
}

/* a deny on one op does not leak into an op without rules */
static void ipe_eval_no_leak_between_ops(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "op=KEXEC_IMAGE action=DENY\n"
			     "op=FIRMWARE boot_verified=TRUE action=ALLOW\n"
			     "DEFAULT op=FIRMWARE action=DENY\n"
			     "DEFAULT action=ALLOW\n");
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_KEXEC_INITRAMFS, false, NULL,
			      ALLOW);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, true, NULL, ALLOW);
	EXPECT_RULE(test, pol, IPE_OP_KEXEC_IMAGE, true, NULL, DENY, 2);
	EXPECT_OP_DEFAULT(test, pol, IPE_OP_FIRMWARE, false, NULL, DENY);
}

/* anonymous memory: boot_verified=FALSE matches, =TRUE does not */
static void ipe_eval_anon_boot_verified(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE boot_verified=TRUE action=ALLOW\n"
			     "op=EXECUTE boot_verified=FALSE action=DENY\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, NULL, DENY, 4);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, true, NULL, ALLOW, 3);
}

/* anonymous memory: dmverity_signature=FALSE matches, =TRUE does not */
static void ipe_eval_anon_signature(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE dmverity_signature=TRUE action=ALLOW\n"
			     "op=EXECUTE dmverity_signature=FALSE action=ALLOW\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, NULL, ALLOW, 4);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity,
		    ALLOW, 4);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity_signed,
		    ALLOW, 3);
}

/* anonymous memory matches no dmverity_roothash, in either form */
static void ipe_eval_anon_roothash(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE dmverity_roothash=" HASH_HEX " action=ALLOW\n"
			     "op=EXECUTE dmverity_roothash=sha256:" HASH_HEX " action=ALLOW\n");
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false, NULL, DENY);
	/* nor does a device whose facts hold no root hash */
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_signed_nohash, DENY);
}

/* the event of kernel_load_data: no file, so the FALSE properties match */
static void ipe_eval_anon_kernel_load(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=KMODULE boot_verified=TRUE action=ALLOW\n"
			     "op=KEXEC_IMAGE boot_verified=FALSE dmverity_signature=FALSE action=ALLOW\n");
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_KMODULE, false, NULL, DENY);
	EXPECT_RULE(test, pol, IPE_OP_KEXEC_IMAGE, false, NULL, ALLOW, 4);
}

/* boot_verified follows the initramfs fact */
static void ipe_eval_boot_verified(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "op=EXECUTE boot_verified=TRUE action=ALLOW\n"
			     "DEFAULT action=DENY\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, true, NULL, ALLOW, 2);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, true, &ipe_test_verity, ALLOW,
		    2);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_verity_signed, DENY);
}

/* a bare hex root hash matches whatever algorithm dm-verity used */
static void ipe_eval_roothash_bare(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE dmverity_roothash=" HASH_HEX " action=ALLOW\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity, ALLOW,
		    3);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity_noalg,
		    ALLOW, 3);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false,
		    &ipe_test_verity_otheralg, ALLOW, 3);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_verity_otherhash, DENY);
}

/* ALG:HEX matches only the same algorithm, and not an unknown one */
static void ipe_eval_roothash_alg(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE dmverity_roothash=sha256:" HASH_HEX " action=ALLOW\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity, ALLOW,
		    3);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_verity_noalg, DENY);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_verity_otheralg, DENY);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_verity_otherhash, DENY);
}

/* a root hash of another length never matches */
static void ipe_eval_roothash_length(struct kunit *test)
{
	static const struct ipe_bdev_facts prefix = {
		.dmv_alg = "sha1",
		.dmv_root_hash = ipe_test_hash,
		.dmv_root_hash_len = 20,
	};
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE dmverity_roothash=" HASH_HEX " action=ALLOW\n"
			     "op=EXECUTE dmverity_roothash=sha1:00112233445566778899aabbccddeeff00112233 action=DENY\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &prefix, DENY, 4);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity, ALLOW,
		    3);
}

/* dmverity_signature follows the verified-signature fact of the device */
static void ipe_eval_signature(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=ALLOW\n"
			     "op=EXECUTE dmverity_signature=TRUE action=DENY\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity_signed,
		    DENY, 3);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_signed_nohash,
		    DENY, 3);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_verity, ALLOW);
}

/* a lockdown policy as the documentation shows one */
static void ipe_eval_lockdown_policy(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;

	pol = ipe_test_parse(test,
			     "policy_name=lockdown policy_version=1.0.0\n"
			     "DEFAULT action=DENY\n"
			     "op=EXECUTE dmverity_roothash=" HASH_HEX " action=DENY # revoked\n"
			     "op=EXECUTE boot_verified=TRUE action=ALLOW\n"
			     "op=EXECUTE dmverity_signature=TRUE action=ALLOW\n"
			     "op=KERNEL_READ boot_verified=TRUE action=ALLOW\n"
			     "op=KERNEL_READ dmverity_signature=TRUE action=ALLOW\n");
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, false, &ipe_test_verity_signed,
		    DENY, 3);
	EXPECT_RULE(test, pol, IPE_OP_EXECUTE, true, NULL, ALLOW, 4);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false,
			      &ipe_test_verity_otherhash, DENY);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_EXECUTE, false, NULL, DENY);
	EXPECT_RULE(test, pol, IPE_OP_KMODULE, false, &ipe_test_verity_signed,
		    ALLOW, 7);
	EXPECT_RULE(test, pol, IPE_OP_FIRMWARE, true, NULL, ALLOW, 6);
	EXPECT_GLOBAL_DEFAULT(test, pol, IPE_OP_KMODULE, false, NULL, DENY);
}

/* ipe_build_eval_ctx() clears what a caller's stack held */
static void ipe_eval_build_ctx(struct kunit *test)
{
	struct ipe_eval_ctx ctx;

	memset(&ctx, 0xa5, sizeof(ctx));
	ipe_build_eval_ctx(&ctx, NULL, true, IPE_OP_KEXEC_IMAGE,
			   IPE_HOOK_KERNEL_LOAD);
	KUNIT_EXPECT_EQ(test, ctx.op, IPE_OP_KEXEC_IMAGE);
	KUNIT_EXPECT_EQ(test, ctx.hook, IPE_HOOK_KERNEL_LOAD);
	KUNIT_EXPECT_PTR_EQ(test, ctx.file, NULL);
	KUNIT_EXPECT_FALSE(test, ctx.initramfs);
	KUNIT_EXPECT_PTR_EQ(test, ctx.bdev, NULL);
}

static const struct {
	enum kernel_read_file_id id;
	enum ipe_op op;
} ipe_test_read_ids[] = {
	{ READING_UNKNOWN, IPE_OP_COUNT },
	{ READING_FIRMWARE, IPE_OP_FIRMWARE },
	{ READING_MODULE, IPE_OP_KMODULE },
	{ READING_KEXEC_IMAGE, IPE_OP_KEXEC_IMAGE },
	{ READING_KEXEC_INITRAMFS, IPE_OP_KEXEC_INITRAMFS },
	{ READING_POLICY, IPE_OP_POLICY },
	{ READING_X509_CERTIFICATE, IPE_OP_X509_CERT },
	{ READING_MAX_ID, IPE_OP_COUNT },
};

static const struct {
	enum kernel_load_data_id id;
	enum ipe_op op;
} ipe_test_load_ids[] = {
	{ LOADING_UNKNOWN, IPE_OP_COUNT },
	{ LOADING_FIRMWARE, IPE_OP_FIRMWARE },
	{ LOADING_MODULE, IPE_OP_KMODULE },
	{ LOADING_KEXEC_IMAGE, IPE_OP_KEXEC_IMAGE },
	{ LOADING_KEXEC_INITRAMFS, IPE_OP_KEXEC_INITRAMFS },
	{ LOADING_POLICY, IPE_OP_POLICY },
	{ LOADING_X509_CERTIFICATE, IPE_OP_X509_CERT },
	{ LOADING_MAX_ID, IPE_OP_COUNT },
};

/* every kernel_read_file id maps to its op, or to no op (IPE_OP_COUNT) */
static void ipe_eval_kernel_read_ids(struct kunit *test)
{
	size_t i;

	/* the table covers every id up to READING_MAX_ID */
	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(ipe_test_read_ids),
			(size_t)READING_MAX_ID + 1);
	for (i = 0; i < ARRAY_SIZE(ipe_test_read_ids); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    ipe_kernel_read_op(ipe_test_read_ids[i].id),
				    ipe_test_read_ids[i].op, "id %s",
				    kernel_read_file_id_str(ipe_test_read_ids[i].id));
	KUNIT_EXPECT_EQ(test, ipe_kernel_read_op(READING_MAX_ID + 1),
			IPE_OP_COUNT);
}

/* every kernel_load_data id maps to its op, or to no op (IPE_OP_COUNT) */
static void ipe_eval_kernel_load_ids(struct kunit *test)
{
	size_t i;

	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(ipe_test_load_ids),
			(size_t)LOADING_MAX_ID + 1);
	for (i = 0; i < ARRAY_SIZE(ipe_test_load_ids); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    ipe_kernel_load_op(ipe_test_load_ids[i].id),
				    ipe_test_load_ids[i].op, "id %s",
				    kernel_load_data_id_str(ipe_test_load_ids[i].id));
	KUNIT_EXPECT_EQ(test, ipe_kernel_load_op(LOADING_MAX_ID + 1),
			IPE_OP_COUNT);
}

/* the two mappings agree, id for id */
static void ipe_eval_read_load_ids_agree(struct kunit *test)
{
	int id;

	for (id = 0; id <= READING_MAX_ID; id++)
		KUNIT_EXPECT_EQ(test, ipe_kernel_read_op(id),
				ipe_kernel_load_op(id));
}

/**
 * struct ipe_test_saved - what ipe_test_enforce() replaced
 * @active: the active policy before
 * @enforce: the enforce setting before
 */
struct ipe_test_saved {
	struct ipe_policy *active;
	bool enforce;
};

/* make @pol the active policy, in enforce mode, saving what was there */
static void ipe_test_enforce(struct ipe_test_saved *saved,
			     struct ipe_policy *pol)
{
	saved->enforce = READ_ONCE(ipe_settings[IPE_SET_ENFORCE]);
	saved->active = rcu_access_pointer(ipe_active_policy);
	rcu_assign_pointer(ipe_active_policy, pol);
	WRITE_ONCE(ipe_settings[IPE_SET_ENFORCE], true);
}

/* put back what ipe_test_enforce() replaced; no reader sees it after */
static void ipe_test_restore(const struct ipe_test_saved *saved)
{
	WRITE_ONCE(ipe_settings[IPE_SET_ENFORCE], saved->enforce);
	rcu_assign_pointer(ipe_active_policy, saved->active);
	synchronize_rcu();
}

/*
 * Make the policy @text the active one for a moment, call the kernel-read
 * hooks with ids that no op names, then put back what was active. Such
 * reads are decided by the global DEFAULT, as in mainline: with DENY they
 * are refused in enforce mode. The op DEFAULTs allow every op a policy
 * can name, so that nothing else running meanwhile is refused.
 */
static void ipe_test_unknown_ids(struct kunit *test, const char *text,
				 int want)
{
	struct ipe_test_saved saved;
	struct ipe_policy *pol;

	pol = ipe_policy_create(NULL, 0, text, strlen(text));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pol);
	ipe_test_enforce(&saved, pol);

	KUNIT_EXPECT_EQ(test, ipe_kernel_read_file(NULL, READING_UNKNOWN,
						   false), want);
	KUNIT_EXPECT_EQ(test, ipe_kernel_read_file(NULL, READING_MAX_ID,
						   false), want);
	KUNIT_EXPECT_EQ(test, ipe_kernel_read_file(NULL, READING_MAX_ID + 1,
						   true), want);
	KUNIT_EXPECT_EQ(test, ipe_kernel_load_data(LOADING_UNKNOWN, false),
			want);
	KUNIT_EXPECT_EQ(test, ipe_kernel_load_data(LOADING_MAX_ID + 1, true),
			want);
	/* an id an op names is decided by that op's DEFAULT: ALLOW */
	KUNIT_EXPECT_EQ(test, ipe_kernel_read_file(NULL, READING_FIRMWARE,
						   false), 0);
	KUNIT_EXPECT_EQ(test, ipe_kernel_load_data(LOADING_MODULE, false), 0);

	/* permissive mode lets a denial through */
	WRITE_ONCE(ipe_settings[IPE_SET_ENFORCE], false);
	KUNIT_EXPECT_EQ(test, ipe_kernel_read_file(NULL, READING_UNKNOWN,
						   false), 0);

	ipe_test_restore(&saved);
	ipe_policy_put(pol);
}

/* a kernel read of a kind no op names: the global DEFAULT decides */
static void ipe_eval_unknown_read_global_default(struct kunit *test)
{
	ipe_test_unknown_ids(test, HDR
			     "DEFAULT action=DENY\n"
			     "DEFAULT op=EXECUTE action=ALLOW\n"
			     "DEFAULT op=KERNEL_READ action=ALLOW\n", -EACCES);
	ipe_test_unknown_ids(test, HDR
			     "DEFAULT action=ALLOW\n"
			     "DEFAULT op=EXECUTE action=ALLOW\n"
			     "DEFAULT op=KERNEL_READ action=ALLOW\n", 0);
}

/*
 * A whole-file kernel read is decided again only when the file's data
 * inode changed since it was opened (an overlayfs copy-up during the
 * read). Overlayfs cannot be set up here, so the copy-up is played by
 * pointing the file's record at another inode (as if it had been opened
 * on the lower one). The policy denies a
 * policy read without boot_verified, which a file whose data inode
 * changed never has; nothing reads a policy while the tests run.
 */
static void ipe_eval_post_read_copy_up(struct kunit *test)
{
	static const char text[] = HDR
		"DEFAULT action=ALLOW\n"
		"op=POLICY boot_verified=FALSE action=DENY\n";
	struct inode *opened, *other;
	struct ipe_test_saved saved;
	struct ipe_policy *pol;
	struct file *file;

	/* only compared with, never used as an inode */
	other = kunit_kzalloc(test, sizeof(*other), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, other);
	file = filp_open("/", O_RDONLY | O_DIRECTORY, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(file));
	opened = ipe_file(file)->data;
	/* the file_open hook recorded the inode the file was opened on */
	KUNIT_EXPECT_PTR_EQ(test, opened, d_real_inode(file->f_path.dentry));

	pol = ipe_policy_create(NULL, 0, text, strlen(text));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pol);
	ipe_test_enforce(&saved, pol);

	/* the same inode: what the read hook decided stands */
	KUNIT_EXPECT_FALSE(test, ipe_file_data_moved(file));
	KUNIT_EXPECT_EQ(test, ipe_kernel_post_read_file(file, NULL, 0,
							READING_POLICY), 0);

	/* another inode serves the data now: decided again, without facts */
	ipe_file(file)->data = other;
	KUNIT_EXPECT_TRUE(test, ipe_file_data_moved(file));
	KUNIT_EXPECT_EQ(test, ipe_kernel_post_read_file(file, NULL, 0,
							READING_POLICY),
			-EACCES);
	/* only for a read the policy decides: another op's is allowed */
	KUNIT_EXPECT_EQ(test, ipe_kernel_post_read_file(file, NULL, 0,
							READING_FIRMWARE), 0);

	ipe_test_restore(&saved);
	ipe_policy_put(pol);
	ipe_file(file)->data = opened;
	fput(file);
}

/*
 * A partial kernel read is judged without facts when the file's data
 * may move to another inode (overlayfs). A shmem file stands for the
 * file: it has no trust facts, but whether its inode is gathered tells
 * whether the facts were looked at; its record of the inode it was
 * opened on is played as in ipe_eval_post_read_copy_up().
 */
static void ipe_eval_partial_read_facts(struct kunit *test)
{
	struct ipe_eval_ctx ctx;
	struct inode *other;
	struct file *file;

	other = kunit_kzalloc(test, sizeof(*other), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, other);
	file = shmem_kernel_file_setup("ipe_kunit", 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(file));

	/* opened on its own inode: its data stays there */
	ipe_file(file)->data = file_inode(file);
	KUNIT_EXPECT_FALSE(test, ipe_file_data_may_move(file));
	ipe_build_eval_ctx(&ctx, file, true, IPE_OP_FIRMWARE,
			   IPE_HOOK_KERNEL_READ);
	KUNIT_EXPECT_PTR_EQ(test, ctx.file, (const struct file *)file);
	KUNIT_EXPECT_PTR_EQ(test, ctx.inode, file_inode(file));

	/* without facts: the file is named, nothing is known of its data */
	ipe_build_eval_ctx(&ctx, file, false, IPE_OP_FIRMWARE,
			   IPE_HOOK_KERNEL_READ);
	KUNIT_EXPECT_PTR_EQ(test, ctx.file, (const struct file *)file);
	KUNIT_EXPECT_PTR_EQ(test, ctx.inode, NULL);
	KUNIT_EXPECT_FALSE(test, ctx.initramfs);
	KUNIT_EXPECT_PTR_EQ(test, ctx.fsv_alg, NULL);

	/* another inode holds its data (overlayfs), or none is known */
	ipe_file(file)->data = other;
	KUNIT_EXPECT_TRUE(test, ipe_file_data_may_move(file));
	ipe_file(file)->data = NULL;
	KUNIT_EXPECT_TRUE(test, ipe_file_data_may_move(file));

	fput(file);
}

/*
 * An exec check is decided in bprm_creds_for_exec and a real exec in
 * bprm_check_security, each once. The policy denies EXECUTE of anything
 * not from the initramfs (the fake exec has no file: every property is
 * false), so that whatever else runs meanwhile at boot is not refused.
 */
static void ipe_eval_exec_check(struct kunit *test)
{
	static const char text[] = HDR
		"DEFAULT action=ALLOW\n"
		"op=EXECUTE boot_verified=FALSE action=DENY\n";
	struct linux_binprm *bprm;
	struct ipe_test_saved saved;
	struct ipe_policy *pol;

	bprm = kunit_kzalloc(test, sizeof(*bprm), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, bprm);
	pol = ipe_policy_create(NULL, 0, text, strlen(text));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pol);
	ipe_test_enforce(&saved, pol);

	/* a real exec: left to bprm_check_security, which denies it */
	KUNIT_EXPECT_EQ(test, ipe_bprm_creds_for_exec(bprm), 0);
	KUNIT_EXPECT_EQ(test, ipe_bprm_check_security(bprm), -EACCES);

	/* an exec check: decided here */
	bprm->is_check = 1;
	KUNIT_EXPECT_EQ(test, ipe_bprm_creds_for_exec(bprm), -EACCES);

	/* permissive mode lets it through, as any other denial */
	WRITE_ONCE(ipe_settings[IPE_SET_ENFORCE], false);
	KUNIT_EXPECT_EQ(test, ipe_bprm_creds_for_exec(bprm), 0);

	ipe_test_restore(&saved);
	ipe_policy_put(pol);
}

/*
 * Publish @active and @audit (either may be NULL) as the active and the
 * audit policy, call the exec hook for an event with no file, and put
 * back what was there. Returns the hook's verdict in enforce mode.
 */
static int ipe_test_roles(struct ipe_policy *active, struct ipe_policy *audit,
			  struct linux_binprm *bprm)
{
	struct ipe_policy *old_audit;
	struct ipe_test_saved saved;
	int rc;

	old_audit = rcu_access_pointer(ipe_audit_policy);
	rcu_assign_pointer(ipe_audit_policy, audit);
	ipe_test_enforce(&saved, active);

	rc = ipe_bprm_check_security(bprm);

	rcu_assign_pointer(ipe_audit_policy, old_audit);
	ipe_test_restore(&saved);
	return rc;
}

/*
 * The audit policy's decision never changes the outcome: what it denies
 * the active policy still allows, what it allows the active policy still
 * denies, and with no active policy the event is allowed whatever it
 * decides. Every evaluation drops the references it took for its records.
 * The denying policy refuses only what is not from the initramfs (the
 * event has no file), so that what runs meanwhile at boot is not refused.
 */
static void ipe_eval_audit_policy(struct kunit *test)
{
	static const char deny_text[] = HDR
		"DEFAULT action=ALLOW\n"
		"op=EXECUTE boot_verified=FALSE action=DENY\n";
	static const char allow_text[] = HDR "DEFAULT action=ALLOW\n";
	struct ipe_policy *deny, *allow;
	struct linux_binprm *bprm;

	bprm = kunit_kzalloc(test, sizeof(*bprm), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, bprm);
	deny = ipe_policy_create(NULL, 0, deny_text, strlen(deny_text));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, deny);
	allow = ipe_policy_create(NULL, 0, allow_text, strlen(allow_text));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, allow);

	KUNIT_EXPECT_EQ(test, ipe_test_roles(deny, NULL, bprm), -EACCES);
	KUNIT_EXPECT_EQ(test, ipe_test_roles(allow, deny, bprm), 0);
	KUNIT_EXPECT_EQ(test, ipe_test_roles(deny, allow, bprm), -EACCES);
	KUNIT_EXPECT_EQ(test, ipe_test_roles(deny, deny, bprm), -EACCES);
	KUNIT_EXPECT_EQ(test, ipe_test_roles(NULL, deny, bprm), 0);
	KUNIT_EXPECT_EQ(test, ipe_test_roles(NULL, allow, bprm), 0);

	KUNIT_EXPECT_EQ(test, refcount_read(&deny->ref), 1);
	KUNIT_EXPECT_EQ(test, refcount_read(&allow->ref), 1);
	ipe_policy_put(allow);
	ipe_policy_put(deny);
}

/* ipe_judge() on an event with no file, in a read section of its own */
static void ipe_test_judge(struct ipe_policy *pol, struct ipe_policy *audit_pol,
			   bool success_audit, struct ipe_verdict *v)
{
	struct ipe_eval_ctx ctx;

	ipe_build_eval_ctx(&ctx, NULL, true, IPE_OP_EXECUTE,
			   IPE_HOOK_BPRM_CHECK);
	rcu_read_lock();
	ipe_judge(pol, audit_pol, &ctx, success_audit, v);
	rcu_read_unlock();
}

/*
 * Which decisions are made and which are audited: the audit policy is
 * decided beside the active one and alone when none is active, its
 * denials are audited, its allows only with success_audit, and only the
 * active policy's denial counts. The decisions name no policy: the
 * hooks name it once they hold it (ipe_eval_audit_policy() checks that
 * they drop what they took).
 */
static void ipe_eval_judge_roles(struct kunit *test)
{
	static const char deny_text[] = HDR
		"DEFAULT action=ALLOW\n"
		"op=EXECUTE boot_verified=FALSE action=DENY\n";
	static const char allow_text[] = HDR "DEFAULT action=ALLOW\n";
	struct ipe_policy *deny, *allow;
	struct ipe_eval_ctx ctx;
	struct ipe_verdict v;

	deny = ipe_policy_create(NULL, 0, deny_text, strlen(deny_text));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, deny);
	allow = ipe_policy_create(NULL, 0, allow_text, strlen(allow_text));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, allow);
	ipe_build_eval_ctx(&ctx, NULL, true, IPE_OP_EXECUTE,
			   IPE_HOOK_BPRM_CHECK);

	/* staging a first policy: nothing active, the audit policy decides */
	ipe_test_judge(NULL, deny, false, &v);
	KUNIT_EXPECT_FALSE(test, v.rec);
	KUNIT_EXPECT_TRUE(test, v.audit_rec);
	KUNIT_EXPECT_FALSE(test, v.deny);
	KUNIT_EXPECT_EQ(test, v.audit_res.action, IPE_ACTION_DENY);
	KUNIT_EXPECT_EQ(test, v.audit_res.match, IPE_MATCH_RULE);
	KUNIT_EXPECT_PTR_EQ(test, v.audit_res.pol, NULL);
	KUNIT_EXPECT_EQ(test, refcount_read(&deny->ref), 1);
	ipe_verdict_audit(&ctx, &v, true);

	/* the active policy allows, the audit policy would deny */
	ipe_test_judge(allow, deny, false, &v);
	KUNIT_EXPECT_FALSE(test, v.rec);
	KUNIT_EXPECT_TRUE(test, v.audit_rec);
	KUNIT_EXPECT_FALSE(test, v.deny);
	ipe_verdict_audit(&ctx, &v, true);

	/* the active policy denies, the audit policy's allow is not audited */
	ipe_test_judge(deny, allow, false, &v);
	KUNIT_EXPECT_TRUE(test, v.rec);
	KUNIT_EXPECT_FALSE(test, v.audit_rec);
	KUNIT_EXPECT_TRUE(test, v.deny);
	KUNIT_EXPECT_EQ(test, v.res.action, IPE_ACTION_DENY);
	ipe_verdict_audit(&ctx, &v, true);

	/* ... unless success_audit is set */
	ipe_test_judge(deny, allow, true, &v);
	KUNIT_EXPECT_TRUE(test, v.rec);
	KUNIT_EXPECT_TRUE(test, v.audit_rec);
	KUNIT_EXPECT_EQ(test, v.audit_res.action, IPE_ACTION_ALLOW);
	KUNIT_EXPECT_EQ(test, v.audit_res.match, IPE_MATCH_GLOBAL_DEFAULT);
	ipe_verdict_audit(&ctx, &v, true);

	/* no audit policy: only the active one is decided */
	ipe_test_judge(allow, NULL, false, &v);
	KUNIT_EXPECT_FALSE(test, v.rec);
	KUNIT_EXPECT_FALSE(test, v.audit_rec);
	KUNIT_EXPECT_FALSE(test, v.deny);

	KUNIT_EXPECT_EQ(test, refcount_read(&deny->ref), 1);
	KUNIT_EXPECT_EQ(test, refcount_read(&allow->ref), 1);
	ipe_policy_put(allow);
	ipe_policy_put(deny);
}

/* print the decision into a test allocation, checking the length */
static const char *ipe_test_result_text(struct kunit *test,
					const struct ipe_eval_result *res)
{
	int len = ipe_eval_result_print(NULL, 0, res);
	char *buf;

	KUNIT_ASSERT_GT(test, len, 0);
	buf = kunit_kzalloc(test, len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, ipe_eval_result_print(buf, len + 1, res), len);
	KUNIT_EXPECT_EQ(test, strlen(buf), (size_t)len);
	return buf;
}

/* the rule= text of an access record, for each kind of decision */
static void ipe_eval_result_text(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;
	struct ipe_eval_result res;

	pol = ipe_test_parse(test, HDR
			     "DEFAULT action=DENY\n"
			     "DEFAULT op=EXECUTE action=DENY\n"
			     "op=EXECUTE boot_verified=TRUE action=ALLOW\n"
			     "op=KERNEL_READ dmverity_signature=TRUE  dmverity_roothash=" HASH_HEX
			     "\tboot_verified=FALSE action=ALLOW\n");
	ipe_test_eval(pol, IPE_OP_EXECUTE, true, NULL, &res);
	KUNIT_EXPECT_STREQ(test, ipe_test_result_text(test, &res),
			   "op=EXECUTE boot_verified=TRUE action=ALLOW");

	ipe_test_eval(pol, IPE_OP_EXECUTE, false, NULL, &res);
	KUNIT_EXPECT_STREQ(test, ipe_test_result_text(test, &res),
			   "DEFAULT op=EXECUTE action=DENY");

	ipe_test_eval(pol, IPE_OP_KMODULE, false, NULL, &res);
	KUNIT_EXPECT_STREQ(test, ipe_test_result_text(test, &res),
			   "DEFAULT action=DENY");

	/* a KERNEL_READ rule is printed with the op it decided */
	ipe_test_eval(pol, IPE_OP_X509_CERT, false, &ipe_test_verity_signed,
		      &res);
	KUNIT_EXPECT_STREQ(test, ipe_test_result_text(test, &res),
			   "op=X509_CERT dmverity_signature=TRUE dmverity_roothash="
			   HASH_HEX " boot_verified=FALSE action=ALLOW");

	/* no DEFAULT: only a policy the parser would refuse (see above) */
	pol = ipe_test_parse(test, HDR "DEFAULT action=DENY\n");
	((struct ipe_parsed_policy *)pol)->global_default = IPE_ACTION_NONE;
	ipe_test_eval(pol, IPE_OP_EXECUTE, false, NULL, &res);
	KUNIT_EXPECT_STREQ(test, ipe_test_result_text(test, &res),
			   "DEFAULT action=ALLOW");

	/* a rule match whose rule is no longer known */
	res.match = IPE_MATCH_RULE;
	res.rule = NULL;
	KUNIT_EXPECT_STREQ(test, ipe_test_result_text(test, &res), "?");
}

/* the printer truncates like snprintf() and reports the full length */
static void ipe_eval_result_text_truncated(struct kunit *test)
{
	const struct ipe_parsed_policy *pol;
	struct ipe_eval_result res;
	char buf[8];

	pol = ipe_test_parse(test, HDR
			     "op=EXECUTE boot_verified=FALSE action=DENY\n"
			     "DEFAULT action=ALLOW\n");
	ipe_test_eval(pol, IPE_OP_EXECUTE, false, NULL, &res);
	KUNIT_EXPECT_EQ(test, ipe_eval_result_print(buf, sizeof(buf), &res),
			(int)strlen("op=EXECUTE boot_verified=FALSE action=DENY"));
	KUNIT_EXPECT_STREQ(test, buf, "op=EXEC");
}

static struct kunit_case ipe_eval_cases[] = {
	KUNIT_CASE(ipe_eval_deny_before_allow),
	KUNIT_CASE(ipe_eval_allow_before_deny),
	KUNIT_CASE(ipe_eval_skips_to_first_match),
	KUNIT_CASE(ipe_eval_all_props_needed),
	KUNIT_CASE(ipe_eval_three_props),
	KUNIT_CASE(ipe_eval_rule_without_props),
	KUNIT_CASE(ipe_eval_rule_beats_defaults),
	KUNIT_CASE(ipe_eval_op_default_beats_global),
	KUNIT_CASE(ipe_eval_global_default),
	KUNIT_CASE(ipe_eval_implicit_allow),
	KUNIT_CASE(ipe_eval_invalid_op),
	KUNIT_CASE(ipe_eval_kernel_read_rule),
	KUNIT_CASE(ipe_eval_kernel_read_rule_not_execute),
	KUNIT_CASE(ipe_eval_kernel_read_default),
	KUNIT_CASE(ipe_eval_kernel_read_single_op),
	KUNIT_CASE(ipe_eval_own_table_only),
	KUNIT_CASE(ipe_eval_no_leak_between_ops),
	KUNIT_CASE(ipe_eval_anon_boot_verified),
	KUNIT_CASE(ipe_eval_anon_signature),
	KUNIT_CASE(ipe_eval_anon_roothash),
	KUNIT_CASE(ipe_eval_anon_kernel_load),
	KUNIT_CASE(ipe_eval_boot_verified),
	KUNIT_CASE(ipe_eval_roothash_bare),
	KUNIT_CASE(ipe_eval_roothash_alg),
	KUNIT_CASE(ipe_eval_roothash_length),
	KUNIT_CASE(ipe_eval_signature),
	KUNIT_CASE(ipe_eval_lockdown_policy),
	KUNIT_CASE(ipe_eval_build_ctx),
	KUNIT_CASE(ipe_eval_kernel_read_ids),
	KUNIT_CASE(ipe_eval_kernel_load_ids),
	KUNIT_CASE(ipe_eval_read_load_ids_agree),
	KUNIT_CASE(ipe_eval_unknown_read_global_default),
	KUNIT_CASE(ipe_eval_exec_check),
	KUNIT_CASE(ipe_eval_post_read_copy_up),
	KUNIT_CASE(ipe_eval_partial_read_facts),
	KUNIT_CASE(ipe_eval_audit_policy),
	KUNIT_CASE(ipe_eval_judge_roles),
	KUNIT_CASE(ipe_eval_result_text),
	KUNIT_CASE(ipe_eval_result_text_truncated),
	{}
};

static struct kunit_suite ipe_eval_suite = {
	.name = "ipe_eval",
	.init = ipe_eval_test_init,
	.exit = ipe_eval_test_exit,
	.test_cases = ipe_eval_cases,
};

kunit_test_suite(ipe_eval_suite);
