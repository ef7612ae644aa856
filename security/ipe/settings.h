/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE settings changed at run time.
 */
#ifndef _IPE_SETTINGS_H
#define _IPE_SETTINGS_H

#include <linux/compiler.h>
#include <linux/types.h>

/**
 * enum ipe_setting - the boolean knobs of IPE
 * @IPE_SET_ENFORCE: deny (1) or only audit (0) what the policy denies
 * @IPE_SET_SUCCESS_AUDIT: audit allowed operations too
 * @IPE_SET_STRICT_PARSE: a bad policy line fails the load
 * @IPE_SET_COUNT: number of settings
 */
enum ipe_setting {
	IPE_SET_ENFORCE,
	IPE_SET_SUCCESS_AUDIT,
	IPE_SET_STRICT_PARSE,
	IPE_SET_COUNT,
};

/*
 * The values, indexed by &enum ipe_setting. Read them with ipe_get() and
 * change them with ipe_set(), which audits; only tests write them
 * directly.
 */
extern bool ipe_settings[IPE_SET_COUNT];

/**
 * ipe_get() - read a setting
 * @which: the setting
 *
 * Settings are read locklessly, on every evaluation for some: they are
 * set from the command line (ipe.enforce=, ipe.success_audit=,
 * ipe.strict_parse=) and changed through sysctl and securityfs.
 *
 * Return: its current value.
 */
static inline bool ipe_get(enum ipe_setting which)
{
	return READ_ONCE(ipe_settings[which]);
}

int ipe_set(enum ipe_setting which, bool value);

#endif /* _IPE_SETTINGS_H */
