// SPDX-License-Identifier: GPL-2.0
/*
 * IPE sysctls, under /proc/sys/ipe/:
 *
 *   active_policy  the name of the active policy; writing a name
 *                  activates that policy
 *   audit_policy   the name of the audit policy, empty when there is
 *                  none; writing a name makes that policy the audit
 *                  policy, an empty write (or a lone newline) ends the role
 *   enforce        0 permissive, 1 enforce (only with
 *                  CONFIG_SECURITY_IPE_PERMISSIVE_SWITCH)
 *   success_audit  1 audits allowed operations too
 *   strict_parse   1 makes any bad policy line fail the load
 *
 * A write needs CAP_MAC_ADMIN in the writing process. Unlike securityfs,
 * the opener's credentials cannot be checked here: a 6.1 sysctl handler
 * is not given the file. What stands in for it is the sysctl core, which
 * checks the mode (0644, root's) against the opener at open() and again
 * against the writer at every write: a descriptor handed to a privileged
 * writer must have been opened by root, if by a root without
 * CAP_MAC_ADMIN.
 */
#include <linux/capability.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysctl.h>

#include "ipe.h"
#include "ipe_limits.h"
#include "policy_store.h"
#include "settings.h"

/*
 * A write is a name taken as del_policy takes it, whole in one write:
 * proc_dostring() would stop at the first NUL or newline and activate
 * "name" for "name\njunk". The bytes are copied with a NUL after them:
 * a cgroup BPF program may have replaced the buffer with one that has
 * none. For the audit policy, an empty name (nothing, or a lone newline)
 * clears the role.
 */
static int ipe_sysctl_name_write(enum ipe_role role, void *buf, size_t *lenp,
				 loff_t *ppos)
{
	char *name;
	int rc;

	if (!capable(CAP_MAC_ADMIN))
		return -EPERM;
	if (*ppos || *lenp > IPE_NAME_WRITE_MAX)
		return -EINVAL;
	if (role == IPE_ROLE_AUDIT &&
	    (!*lenp || (*lenp == 1 && *(char *)buf == '\n'))) {
		rc = ipe_store_set_audit("");
		goto out;
	}
	if (!*lenp)
		return -EINVAL;
	name = kmemdup_nul(buf, *lenp, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	rc = ipe_store_name_written(name, *lenp);
	if (!rc)
		rc = role == IPE_ROLE_AUDIT ? ipe_store_set_audit(name) :
					      ipe_store_activate(name);
	kfree(name);
out:
	if (!rc)
		*ppos += *lenp;
	return rc;
}

/* active_policy and audit_policy; extra1 says which */
static int ipe_sysctl_role_policy(struct ctl_table *table, int write,
				  void *buf, size_t *lenp, loff_t *ppos)
{
	enum ipe_role role = (uintptr_t)table->extra1;
	struct ctl_table t = *table;
	char *name;
	int rc;

	if (write)
		return ipe_sysctl_name_write(role, buf, lenp, ppos);

	name = kzalloc(IPE_NAME_SIZE, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	ipe_store_role_name(role, name, IPE_NAME_SIZE);
	t.data = name;
	t.maxlen = IPE_NAME_SIZE;
	rc = proc_dostring(&t, write, buf, lenp, ppos);
	kfree(name);
	return rc;
}

static int ipe_sysctl_setting(struct ctl_table *table, int write,
			      void *buf, size_t *lenp, loff_t *ppos)
{
	enum ipe_setting which = (uintptr_t)table->extra1;
	struct ctl_table t = *table;
	int value = ipe_get(which);
	int rc;

	if (write && !capable(CAP_MAC_ADMIN))
		return -EPERM;
	t.data = &value;
	t.maxlen = sizeof(value);
	t.extra1 = SYSCTL_ZERO;
	t.extra2 = SYSCTL_ONE;
	rc = proc_dointvec_minmax(&t, write, buf, lenp, ppos);
	if (rc || !write)
		return rc;
	return ipe_set(which, value);
}

static struct ctl_table ipe_sysctls[] = {
	{
		.procname = "active_policy",
		.mode = 0644,
		.proc_handler = ipe_sysctl_role_policy,
		.extra1 = (void *)IPE_ROLE_ACTIVE,
	},
	{
		.procname = "audit_policy",
		.mode = 0644,
		.proc_handler = ipe_sysctl_role_policy,
		.extra1 = (void *)IPE_ROLE_AUDIT,
	},
#ifdef CONFIG_SECURITY_IPE_PERMISSIVE_SWITCH
	{
		.procname = "enforce",
		.mode = 0644,
		.proc_handler = ipe_sysctl_setting,
		.extra1 = (void *)IPE_SET_ENFORCE,
	},
#endif
	{
		.procname = "success_audit",
		.mode = 0644,
		.proc_handler = ipe_sysctl_setting,
		.extra1 = (void *)IPE_SET_SUCCESS_AUDIT,
	},
	{
		.procname = "strict_parse",
		.mode = 0644,
		.proc_handler = ipe_sysctl_setting,
		.extra1 = (void *)IPE_SET_STRICT_PARSE,
	},
	{}
};

static int __init ipe_sysctl_init(void)
{
	if (!ipe_initialized)
		return 0;
	if (!register_sysctl("ipe", ipe_sysctls)) {
		pr_err("cannot register the ipe sysctls\n");
		return -ENOMEM;
	}
	return 0;
}

late_initcall(ipe_sysctl_init);
