// SPDX-License-Identifier: GPL-2.0
/*
 * make bench's no-policy switch, in a kernel built for benchmarking only
 * (CONFIG_SECURITY_IPE_KUNIT_BENCH).
 *
 * Once a policy is active IPE has no way back to none, so a benchmark
 * that measures exec and mmap without a policy would have to do it
 * before any policy, and compare rounds taken minutes apart. Writing Y
 * to /sys/kernel/debug/ipe/bench_no_policy makes every hook return as
 * it does before a policy is active, N makes the policies count again:
 * the benchmark measures no policy and each policy in turn, round after
 * round. The policies themselves stay as they are.
 */

#include <linux/debugfs.h>
#include <linux/init.h>

#include "hooks.h"

bool ipe_bench_no_policy;

static int __init ipe_bench_switch_init(void)
{
	struct dentry *dir = debugfs_create_dir("ipe", NULL);

	debugfs_create_bool("bench_no_policy", 0600, dir,
			    &ipe_bench_no_policy);
	return 0;
}
late_initcall(ipe_bench_switch_init);
