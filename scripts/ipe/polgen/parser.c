// SPDX-License-Identifier: GPL-2.0
/*
 * The IPE policy parser for polgen: the kernel's own sources, compiled for
 * the host against tools/include and the headers in compat/, so that a
 * boot policy is accepted at build time exactly when the kernel would
 * accept it.
 *
 * policy_parser.c comes first: it defines pr_fmt() before any header
 * does.
 */

#include "policy_parser.c"
#include "arena.c"
#include "props.c"
#include "prop_bool.c"
#include "digest.c"
#include "prop_boot_verified.c"
#include "prop_dmverity_roothash.c"
#include "prop_dmverity_signature.c"
#include "prop_fsverity_digest.c"
#include "prop_fsverity_signature.c"
#include "policy_print.c"
