#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# vanilla.sh TAPFILE VERSION...: the series on upstream 6.1.y, as a device
# builder starting from kernel.org's tree would take it. For each VERSION
# (6.1.N, or "newest": the newest one the mirror serves), fetch Debian's
# copy of the upstream tarball (linux_6.1.N.orig.tar.xz of Debian's
# source package "linux", through apt with a private deb-src list in
# build/vanilla/apt; the system's apt configuration is left alone),
# unpack it into build/vanilla/linux-6.1.N as a git tree, and follow the
# README's "Adding IPE to your own kernel" there (own-kernel.sh): git am
# of the series, configuration, build, a boot with a policy loaded from
# the initramfs. One TAP line per step and version into TAPFILE, with
# the time each took.
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
W=$REPO/build/vanilla
out=$1
shift
export GIT_AUTHOR_NAME="IPE for 6.1" GIT_AUTHOR_EMAIL="ipe@localhost"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"

mkdir -p "$W/apt/lists/partial" "$W/apt/cache/archives/partial" "$W/src"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
cat >"$W/apt/sources.list" <<EOF
deb-src [signed-by=$keyring] http://deb.debian.org/debian bookworm main
deb-src [signed-by=$keyring] http://deb.debian.org/debian-security bookworm-security main
EOF
apt_opts=(-o Dir::Etc::SourceList="$W/apt/sources.list"
	  -o Dir::Etc::SourceParts=/dev/null
	  -o Dir::State::Lists="$W/apt/lists" -o Dir::Cache="$W/apt/cache"
	  -o APT::Sandbox::User="$(id -un)")

n=0 fail=0
: >"$out"
tap() { # tap ok|fail WHAT [DETAIL]
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n - $2" >>"$out"
	else
		fail=1
		echo "not ok $n - $2" >>"$out"
		[ -z "${3:-}" ] || echo "# $3" >>"$out"
	fi
	echo "  VANILLA $([ "$1" = ok ] && echo ok || echo FAILED): $2" >&2
}

if ! apt-get "${apt_opts[@]}" update >"$W/apt.log" 2>&1; then
	tap fail "apt-get update of Debian's source lists" "see $W/apt.log"
	echo "1..$n" >>"$out"
	exit 1
fi

# revision VER: the last revision of Debian's source package of upstream VER
revision() {
	apt-cache "${apt_opts[@]}" showsrc linux 2>/dev/null |
		sed -n "s/^Version: \($1-[0-9]*\)$/\1/p" | sort -V | tail -n 1
}

# fetch VER: build/vanilla/src/linux_VER.orig.tar.xz, downloaded unless
# there already; the mirror may lack the files of a version its index lists
fetch() {
	local deb

	[ -f "$W/src/linux_$1.orig.tar.xz" ] && return 0
	deb=$(revision "$1")
	[ -n "$deb" ] || return 1
	(cd "$W/src" && apt-get "${apt_opts[@]}" source --download-only \
		"linux=$deb") >>"$W/fetch.log" 2>&1
	[ -f "$W/src/linux_$1.orig.tar.xz" ]
}

# the upstream versions the source lists know, newest first
known=$(apt-cache "${apt_opts[@]}" showsrc linux 2>/dev/null |
	sed -n 's/^Version: \(6\.1\.[0-9]*\)-.*/\1/p' | sort -uVr)

for ver in "$@"; do
	start=$(date +%s)
	: >"$W/fetch.log"
	if [ "$ver" = newest ]; then
		ver=
		for v in $known; do
			fetch "$v" && { ver=$v; break; }
		done
		if [ -z "$ver" ]; then
			tap fail "newest: no upstream 6.1.y tarball could be downloaded" \
				"tried: $(echo $known) (see $W/fetch.log)"
			continue
		fi
	elif ! fetch "$ver"; then
		tap fail "$ver: linux_$ver.orig.tar.xz downloaded" \
			"known: $(echo $known) (see $W/fetch.log)"
		continue
	fi
	src=$W/linux-$ver log=$W/$ver.log
	: >"$log"
	tap ok "$ver: linux_$ver.orig.tar.xz (source package linux $(revision "$ver")) in $(( $(date +%s) - start ))s"
	tarball=$W/src/linux_$ver.orig.tar.xz

	start=$(date +%s)
	rm -rf "$src"
	mkdir -p "$src"
	tar -C "$src" --strip-components=1 -xf "$tarball" &&
		git -C "$src" init -q && git -C "$src" config gc.auto 0 &&
		git -C "$src" add -A -f &&
		git -C "$src" commit -q -m "Linux $ver" >>"$log" 2>&1
	if [ "$(make -s -C "$src" kernelversion 2>/dev/null)" != "$ver" ]; then
		tap fail "$ver: unpacked, make kernelversion says $ver" "see $log"
		continue
	fi
	tap ok "$ver: unpacked as a git tree in $(( $(date +%s) - start ))s"

	# the README's "Adding IPE to your own kernel", on this tree
	start=$(date +%s)
	rm -f "$W/$ver.tap"
	"$REPO/harness/own-kernel.sh" "$W/$ver.tap" "$src" "$W/own-$ver"
	if ! grep -q '^ok ' "$W/$ver.tap" 2>/dev/null; then
		tap fail "$ver: own-kernel.sh ran the README's steps" "see $W/own-$ver"
		continue
	fi
	while IFS= read -r line; do
		case $line in
		"ok "*) tap ok "$ver: ${line#ok * - }" ;;
		"not ok "*) tap fail "$ver: ${line#not ok * - }" ;;
		"# "*) echo "$line" >>"$out" ;;
		esac
	done <"$W/$ver.tap"
	echo "  VANILLA $ver: the README's steps took $(( $(date +%s) - start ))s" >&2
done
echo "1..$n" >>"$out"
exit $fail
