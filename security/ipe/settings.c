// SPDX-License-Identifier: GPL-2.0
/*
 * IPE settings: enforce, success_audit, strict_parse. Set on the command
 * line, changed through sysctl or securityfs, read locklessly.
 */
#include <linux/moduleparam.h>
#include <linux/mutex.h>

#include "ipe.h"
#include "audit.h"
#include "settings.h"

/* Built in, this file's parameters would be "settings.*": name them ipe.* */
#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "ipe."

/*
 * Set once the LSM framework has started IPE (it is in lsm=): the
 * securityfs and sysctl interfaces are only made then.
 */
bool ipe_initialized __ro_after_init;

bool ipe_settings[IPE_SET_COUNT] __read_mostly = {
	[IPE_SET_ENFORCE] = true,
	[IPE_SET_STRICT_PARSE] = true,
};

/* Serializes changes so each audit record shows a true old value. */
static DEFINE_MUTEX(ipe_settings_mutex);

/*
 * IPE is built in, so these are "ipe.enforce=" and friends on the kernel
 * command line. They are read-only here: run-time changes go through
 * ipe_set(), which audits; its callers check privilege.
 */
#ifdef CONFIG_SECURITY_IPE_PERMISSIVE_SWITCH
module_param_named(enforce, ipe_settings[IPE_SET_ENFORCE], bool, 0);
MODULE_PARM_DESC(enforce, "1 (default): deny what the policy denies; 0: only audit it");
#endif
module_param_named(success_audit, ipe_settings[IPE_SET_SUCCESS_AUDIT],
		   bool, 0);
MODULE_PARM_DESC(success_audit, "1: audit every allowed operation too");
module_param_named(strict_parse, ipe_settings[IPE_SET_STRICT_PARSE],
		   bool, 0);
MODULE_PARM_DESC(strict_parse, "1 (default): a bad policy line fails the load; 0: skip a bad rule that starts with op=");

/**
 * ipe_set() - change a setting; an enforce switch is audited (1404)
 * @which: the setting
 * @value: the new value
 *
 * The callers, the write handlers of securityfs and sysctl, have checked
 * the writer's privilege.
 *
 * Return: 0; -EPERM for enforce when the kernel was built without
 * CONFIG_SECURITY_IPE_PERMISSIVE_SWITCH.
 */
int ipe_set(enum ipe_setting which, bool value)
{
	bool *var = &ipe_settings[which];
	bool old;

	if (which == IPE_SET_ENFORCE &&
	    !IS_ENABLED(CONFIG_SECURITY_IPE_PERMISSIVE_SWITCH))
		return -EPERM;

	mutex_lock(&ipe_settings_mutex);
	old = READ_ONCE(*var);
	WRITE_ONCE(*var, value);
	/* as mainline: only an enforce switch has a record, and only one */
	if (which == IPE_SET_ENFORCE && old != value)
		ipe_audit_enforce(value, old);
	mutex_unlock(&ipe_settings_mutex);
	return 0;
}
