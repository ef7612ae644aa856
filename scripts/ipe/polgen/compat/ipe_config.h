/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel configuration ipectl and the user-space parser fuzzer build
 * the IPE parser with (-include), as polgen includes the autoconf.h of
 * the kernel it is built with.
 *
 * ipectl cannot know the configuration of the kernel a policy is meant
 * for, so every trust property counts as built; the kernel refuses a
 * property it was built without when it loads the policy. A test build
 * defines IPE_COMPAT_UNBUILT_PROPS to see the parser of a kernel built
 * with none of them.
 */
#ifndef _POLGEN_COMPAT_IPE_CONFIG_H
#define _POLGEN_COMPAT_IPE_CONFIG_H

#ifndef IPE_COMPAT_UNBUILT_PROPS
#define CONFIG_IPE_PROP_BOOT_VERIFIED 1
#define CONFIG_IPE_PROP_DM_VERITY 1
#define CONFIG_IPE_PROP_DM_VERITY_SIGNATURE 1
#define CONFIG_IPE_PROP_FS_VERITY 1
#define CONFIG_IPE_PROP_FS_VERITY_BUILTIN_SIG 1
#endif

#endif /* _POLGEN_COMPAT_IPE_CONFIG_H */
