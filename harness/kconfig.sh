#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kconfig.sh OBJDIR CERT FRAGMENT...
#
# Make OBJDIR/.config from allnoconfig plus the fragments, and check that
# every option the fragments ask for really took (a fragment line that a
# missing dependency silently dropped is an error, not a surprise at boot).
# Does nothing when the fragments have not changed since the last run and
# .config still has every option they ask for. KARCH (default x86_64) and
# KCROSS (a CROSS_COMPILE prefix) configure another architecture.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=${TREE:-$REPO/build/linux}
obj=$(realpath -m "$1") cert=$2
shift 2
mkdir -p "$obj"
# The certificate goes into .config relative to OBJDIR (where the kernel's
# make runs), so that autoconf.h, which every object includes, is the same
# in every clone of this repository and ccache serves a fresh clone (CI)
# the objects another clone compiled.
cert=$(realpath -m --relative-to="$obj" "$cert")
frag=$obj/fragment.config.new
# A later fragment may set an option an earlier one set (the test kernel's
# CONFIG_LSM): only the last setting of each option is kept.
{ cat "$@"; echo "CONFIG_SYSTEM_TRUSTED_KEYS=\"$cert\""; } |
	awk '{ opt = $0 }
	     /^CONFIG_[A-Za-z0-9_]*=/ { sub(/=.*/, "", opt) }
	     /^# CONFIG_[A-Za-z0-9_]* is not set/ { opt = $2 }
	     { line[NR] = $0; key[NR] = opt; last[opt] = NR }
	     END { for (i = 1; i <= NR; i++)
		     if (key[i] !~ /^CONFIG_/ || last[key[i]] == i) print line[i] }' \
	>"$frag"

# took: every option of the fragments is in OBJDIR/.config as asked;
# with -v, says which is not
took() {
	local line opt ok=0

	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF -- "$line" "$obj/.config" && continue
			[ "${1:-}" = -v ] &&
				echo "kconfig: $line did not take: $(grep -E "^(# )?${line%%=*}[= ]" "$obj/.config" || echo unset)" >&2
			ok=1
			;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			grep -q "^$opt=" "$obj/.config" || continue
			[ "${1:-}" = -v ] && echo "kconfig: $opt should be off" >&2
			ok=1
			;;
		esac
	done <"$frag"
	return $ok
}

# Nothing to do when the fragments have not changed and the options all
# still hold (a build in a tree without some Kconfig file, say in the
# middle of a rebase, silently drops its options from .config).
if [ -f "$obj/.config" ] && cmp -s "$frag" "$obj/fragment.config" && took; then
	rm -f "$frag"
	exit 0
fi

echo "  KCONFIG $(basename "$obj"): allnoconfig + $(for f in "$@"; do basename "$f"; done | tr '\n' ' ')"
make -s -C "$TREE" O="$obj" ARCH="${KARCH:-x86_64}" ${KCROSS:+CROSS_COMPILE="$KCROSS"} \
	KCONFIG_ALLCONFIG="$frag" allnoconfig >/dev/null
took -v || exit 1
mv "$frag" "$obj/fragment.config"
