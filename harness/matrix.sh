#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# matrix.sh TAPFILE [VARIANT...]
#
# Build the kernel in the configurations a user may choose, to prove that
# every Kconfig combination of IPE compiles without a warning:
# IPE off, each trust property off in turn, dm-verity without root hash
# signatures, no dm-verity at all, no initramfs, no permissive switch, no
# sysctl; the whole default configuration for arm64 (with Debian's cross
# compiler); SELinux, AppArmor, Landlock and Yama built beside IPE, with
# IPE first and with IPE last in CONFIG_LSM. Each variant is the default IPE
# kernel (config/base.config and config/ipe.config, plus IPE's KUnit
# suites so that the tests compile in every variant too) with a few
# options changed; kconfig.sh checks that each change took.
#
# Each variant builds the directories the series touches (security/,
# block/, drivers/md/, init/, fs/verity/) in its own object directory,
# build/obj-matrix/NAME, kept between runs, and then the files the series
# adds or changes again with W=1; any warning fails the variant. A full
# link would take minutes per variant, so the link is checked where it can
# break: every IPE, LSM hook or dm-verity symbol that an object of those
# directories needs must be defined by one of them. Prints one TAP line
# per variant into TAPFILE.
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
TREE=${TREE:-$REPO/build/linux}
JOBS=${JOBS:-$(nproc)}
out=$1
shift

# name | options to set (space separated; NAME=n turns one off)
variants='
ipe-off			SECURITY_IPE=n
no-boot-verified	IPE_PROP_BOOT_VERIFIED=n
no-initrd		BLK_DEV_INITRD=n
no-dmverity-prop	IPE_PROP_DM_VERITY=n
no-dmverity-sig-prop	IPE_PROP_DM_VERITY_SIGNATURE=n
no-roothash-sig		DM_VERITY_VERIFY_ROOTHASH_SIG=n
no-dm-verity		DM_VERITY=n
no-fsverity-prop	IPE_PROP_FS_VERITY=n
no-fsverity-sig		FS_VERITY_BUILTIN_SIGNATURES=n
no-fs-verity		FS_VERITY=n
no-permissive		SECURITY_IPE_PERMISSIVE_SWITCH=n
no-sysctl		EXPERT=y PROC_SYSCTL=n SYSCTL=n
arm64			ARCH=arm64
ipe-first-lsm		SECURITY_NETWORK=y SECURITY_SELINUX=y SECURITY_APPARMOR=y SECURITY_LANDLOCK=y SECURITY_YAMA=y LSM="ipe,landlock,lockdown,yama,integrity,selinux,apparmor,bpf"
ipe-last-lsm		SECURITY_NETWORK=y SECURITY_SELINUX=y SECURITY_APPARMOR=y SECURITY_LANDLOCK=y SECURITY_YAMA=y LSM="landlock,lockdown,yama,integrity,apparmor,selinux,bpf,ipe"
'

# Options that go away with the one turned off: they must not be asked
# for, or kconfig.sh would report that they did not take.
dependents() {
	case $1 in
	SECURITY_IPE) echo 'SECURITY_IPE_[A-Z_]* IPE_[A-Z_]*' ;;
	IPE_PROP_DM_VERITY) echo IPE_PROP_DM_VERITY_SIGNATURE ;;
	DM_VERITY_VERIFY_ROOTHASH_SIG)
		echo 'DM_VERITY_VERIFY_ROOTHASH_SIG_SECONDARY_KEYRING IPE_PROP_DM_VERITY_SIGNATURE' ;;
	DM_VERITY) echo 'DM_VERITY_[A-Z_]* IPE_PROP_DM_VERITY[A-Z_]*' ;;
	IPE_PROP_FS_VERITY) echo IPE_PROP_FS_VERITY_BUILTIN_SIG ;;
	FS_VERITY_BUILTIN_SIGNATURES) echo IPE_PROP_FS_VERITY_BUILTIN_SIG ;;
	FS_VERITY) echo 'FS_VERITY_[A-Z_]* IPE_PROP_FS_VERITY[A-Z_]*' ;;
	BLK_DEV_INITRD) echo 'RD_[A-Z0-9_]* INITRAMFS_[A-Z_]* IPE_PROP_BOOT_VERIFIED' ;;
	esac
}

# The files of the series: new ones and upstream ones it edits.
files=$(git -C "$TREE" diff --name-only base HEAD -- '*.c' '*.h' |
	grep -v '^tools/\|^scripts/' || true)
objs=$(echo "$files" | grep '\.c$' | sed 's/\.c$/.o/')

# the variant's architecture: x86_64, or arm64 when it asks for ARCH=arm64
export KARCH KCROSS
kmake() {
	make -s -C "$TREE" O="$obj" ARCH="$KARCH" ${KCROSS:+CROSS_COMPILE="$KCROSS"} \
		CC="ccache ${KCROSS}gcc" HOSTCC="ccache gcc" -j"$JOBS" "$@"
}

dirs="security/ block/ drivers/md/ init/ fs/verity/"

# Symbols of IPE, of the LSM hooks and of dm-verity that the built-in
# objects of $dirs use but none of them defines.
link_check() {
	local o=$1 a
	local archives=
	for a in $dirs; do
		[ -f "$o/${a}built-in.a" ] && archives="$archives $o/${a}built-in.a"
	done
	[ -n "$archives" ] || return 0
	comm -23 \
		<(${KCROSS}nm -u $archives 2>/dev/null | awk '{print $2}' |
			grep -E '^(ipe_|security_|dm_verity_|fsverity_)' | sort -u) \
		<(${KCROSS}nm --defined-only $archives 2>/dev/null | awk 'NF == 3 {print $3}' |
			sort -u) | tr '\n' ' '
}

want=" $* "
n=0
fail=0
: >"$out"
while read -r name opts <&3; do
	[ -n "$name" ] || continue
	[ "$want" = "  " ] || [[ $want == *" $name "* ]] || continue
	n=$((n + 1))
	KARCH=x86_64 KCROSS= asked=$opts
	case " $opts " in
	*" ARCH=arm64 "*)
		KARCH=arm64 KCROSS=aarch64-linux-gnu-
		opts=$(echo " $opts " | sed 's/ ARCH=arm64 / /; s/^ //; s/ $//') ;;
	esac
	obj=$REPO/build/obj-matrix/$name
	mkdir -p "$obj"
	frag=$obj/variant.config
	drop='^$'
	for o in $opts; do
		key=${o%%=*}
		drop="$drop|^(# )?CONFIG_$key[= ]"
		for d in $(dependents "$key"); do
			drop="$drop|^(# )?CONFIG_$d[= ]"
		done
	done
	{
		grep -hvE "$drop" "$REPO/config/base.config" "$REPO/config/ipe.config"
		case " $opts " in
		*" SECURITY_IPE=n "*) ;;
		*) printf 'CONFIG_KUNIT=y\nCONFIG_SECURITY_IPE_KUNIT_TEST=y\n' ;;
		esac
		for o in $opts; do
			case $o in
			*=n) echo "# CONFIG_${o%=n} is not set" ;;
			*) echo "CONFIG_$o" ;;
			esac
		done
	} >"$frag"
	log=$obj/matrix.log
	echo "  MATRIX  $name: $asked"
	why=
	if ! "$REPO/harness/kconfig.sh" "$obj" "$REPO/build/keys/ca.pem" \
		"$frag" >"$log" 2>&1; then
		why="configuration: $(grep kconfig: "$log" | head -3 | tr '\n' ' ')"
	elif ! kmake $dirs >>"$log" 2>&1; then
		why="does not build: $(grep -E 'error|undefined' "$log" | head -3 | tr '\n' ' ')"
	else
		unresolved=$(link_check "$obj")
		[ -z "$unresolved" ] || why="undefined at link: $unresolved"
		# W=1 over the series' own objects that this variant builds
		built=
		for o in $objs; do
			[ -f "$obj/$o" ] && built="$built $o"
		done
		if [ -n "$built" ]; then
			rm -f $(for o in $built; do echo "$obj/$o"; done)
			kmake W=1 $built >>"$log" 2>&1 ||
				why="W=1 build failed"
		fi
		warn=$(grep -E 'warning:' "$log" | head -5)
		[ -z "$warn" ] || why="warnings: $(echo "$warn" | tr '\n' ' ')"
	fi
	if [ -z "$why" ]; then
		echo "ok $n - builds without warnings, links with $name ($asked)" >>"$out"
	else
		fail=1
		echo "not ok $n - builds without warnings, links with $name ($asked)" >>"$out"
		echo "# $why" >>"$out"
		echo "# log: $log" >>"$out"
		echo "  MATRIX  $name FAILED: $why" >&2
	fi
done 3<<<"$variants"
echo "1..$n" >>"$out"
exit $fail
