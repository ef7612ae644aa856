/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The exec-check ABI (execveat(2) with AT_EXECVE_CHECK and the exec
 * securebits), for user-space headers older than the kernel's.
 */
#ifndef IPE_EXEC_CHECK_H
#define IPE_EXEC_CHECK_H

#ifndef AT_EXECVE_CHECK
#define AT_EXECVE_CHECK				0x10000
#endif
#ifndef SECBIT_EXEC_RESTRICT_FILE
#define SECBIT_EXEC_RESTRICT_FILE		0x100
#define SECBIT_EXEC_RESTRICT_FILE_LOCKED	0x200
#define SECBIT_EXEC_DENY_INTERACTIVE		0x400
#define SECBIT_EXEC_DENY_INTERACTIVE_LOCKED	0x800
#endif

#endif /* IPE_EXEC_CHECK_H */
