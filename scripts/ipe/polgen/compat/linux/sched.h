/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: the parser yields the CPU between the
 * lines of a long policy with cond_resched(); a process has nothing to
 * yield to the scheduler that it would not take on its own.
 */
#ifndef _POLGEN_COMPAT_LINUX_SCHED_H
#define _POLGEN_COMPAT_LINUX_SCHED_H

static inline int cond_resched(void)
{
	return 0;
}

#endif /* _POLGEN_COMPAT_LINUX_SCHED_H */
