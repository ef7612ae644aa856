#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Code written through /proc/PID/mem. A write there may override the
# protection of a mapping (FOLL_FORCE), so a trusted program made to
# write where it is told could put its own bytes into its read-only,
# executable code, with no mmap() or mprotect() for IPE to judge.
# proc_mem.force_override (CONFIG_PROC_MEM_*) decides when the override
# is allowed; a kernel built with IPE defaults to "ptrace", which lets
# only a process's tracer override. The test expects what the mode on
# the kernel command line says, else that default, and checks that
# ordinary writes through /proc/PID/mem still work. make check boots
# each mode once: the test kernel with the default, the SELinux boot
# with "never" and the kernel without a boot policy with "always".
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
PM=$IPE_SELFTESTS/ipe_procmem

mode=$(sed -n 's/.*proc_mem\.force_override=\([a-z]*\).*/\1/p' /proc/cmdline)
mode=${mode:-ptrace}
case $mode in
always)	own=OK tracer=OK other=OK ;;
ptrace)	own=EIO tracer=OK other=EIO ;;
never)	own=EIO tracer=EIO other=EIO ;;
*)	fail "proc_mem.force_override is always, ptrace or never" "$mode"
	exit 1 ;;
esac
echo "proc_mem.force_override: $mode"

expect_eq "$mode: a process writing its own code through /proc/self/mem: $own" \
	"$own" "$("$PM" self-code 2>&1)"
expect_eq "$mode: reading its own PROT_NONE page through /proc/self/mem: $own" \
	"$own" "$("$PM" self-none 2>&1)"
expect_eq "$mode: writing its own data through /proc/self/mem still works" \
	OK "$("$PM" self-data 2>&1)"

scope=$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo 0)
if [ "$scope" = 3 ]; then
	skip "$mode: a tracer writing its tracee's code" \
		"kernel.yama.ptrace_scope is 3: nothing can be traced"
	skip "$mode: a parent writing the code of a child it does not trace" \
		"kernel.yama.ptrace_scope is 3: no /proc/PID/mem of another"
else
	expect_eq "$mode: a tracer writing its tracee's code: $tracer" \
		"$tracer" "$("$PM" tracer-code 2>&1)"
	expect_eq "$mode: a parent writing the code of a child it does not trace: $other" \
		"$other" "$("$PM" other-code 2>&1)"
fi
