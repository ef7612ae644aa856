/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: min() and max() helpers.
 */
#ifndef _POLGEN_COMPAT_LINUX_MINMAX_H
#define _POLGEN_COMPAT_LINUX_MINMAX_H

#define min_t(type, x, y) ({			\
	type __min_x = (x);			\
	type __min_y = (y);			\
	__min_x < __min_y ? __min_x : __min_y; })

#define max_t(type, x, y) ({			\
	type __max_x = (x);			\
	type __max_y = (y);			\
	__max_x > __max_y ? __max_x : __max_y; })

#endif /* _POLGEN_COMPAT_LINUX_MINMAX_H */
