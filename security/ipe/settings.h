/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPE settings changed at run time.
 */
#ifndef _IPE_SETTINGS_H
#define _IPE_SETTINGS_H

#include <linux/types.h>

/**
 * enum ipe_setting - the boolean knobs of IPE
 * @IPE_SET_ENFORCE: deny (1) or only audit (0) what the policy denies
 * @IPE_SET_SUCCESS_AUDIT: audit allowed operations too
 * @IPE_SET_STRICT_PARSE: a bad policy line fails the load
 */
enum ipe_setting {
	IPE_SET_ENFORCE,
	IPE_SET_SUCCESS_AUDIT,
	IPE_SET_STRICT_PARSE,
};

bool ipe_get(enum ipe_setting which);
int ipe_set(enum ipe_setting which, bool value);

#endif /* _IPE_SETTINGS_H */
