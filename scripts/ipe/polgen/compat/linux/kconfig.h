/* SPDX-License-Identifier: GPL-2.0 */
/*
 * polgen user-space compatibility: IS_ENABLED() and the Kconfig options
 * the IPE parser asks about.
 *
 * ipectl cannot know the configuration of the kernel a policy is meant
 * for, so every trust property counts as built; the kernel refuses a
 * property it was built without when it loads the policy. polgen, built
 * with the kernel, includes its autoconf.h and passes
 * -DIPE_COMPAT_KERNEL_CONFIG instead. A test build passes
 * -DIPE_COMPAT_UNBUILT_PROPS to see the parser of a kernel built with
 * none of them.
 */
#ifndef _POLGEN_COMPAT_LINUX_KCONFIG_H
#define _POLGEN_COMPAT_LINUX_KCONFIG_H

#define __compat_placeholder_1 0,
#define __compat_second(ignored, val, ...) val
#define __compat_defined(x) __compat_defined2(__compat_placeholder_##x)
#define __compat_defined2(arg) __compat_second(arg 1, 0, 0)

/* 1 when @CONFIG_OPT is defined as 1, else 0, like the kernel's */
#define IS_ENABLED(CONFIG_OPT) __compat_defined(CONFIG_OPT)

#if !defined(IPE_COMPAT_UNBUILT_PROPS) && !defined(IPE_COMPAT_KERNEL_CONFIG)
#define CONFIG_IPE_PROP_BOOT_VERIFIED 1
#define CONFIG_IPE_PROP_DM_VERITY 1
#define CONFIG_IPE_PROP_DM_VERITY_SIGNATURE 1
#define CONFIG_IPE_PROP_FS_VERITY 1
#define CONFIG_IPE_PROP_FS_VERITY_BUILTIN_SIG 1
#endif

#endif /* _POLGEN_COMPAT_LINUX_KCONFIG_H */
