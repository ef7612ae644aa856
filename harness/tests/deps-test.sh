#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deps-test.sh OUT.tap: prove the Makefile's package check for a user
# other than root: with a package missing it stops with one line naming
# it and runs no apt; with every package there it passes. Runs make deps
# as the user "nobody" on a private build directory and package list, so
# nothing is installed and the repository is not written. Writes TAP.
set -uo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 0777 "$tmp"
n=0
: >"$out"

check() { # check OK|FAIL WHAT [DETAIL]
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n - $2" >>"$out"
	else
		echo "not ok $n - $2" >>"$out"
		[ -z "${3:-}" ] || echo "$3" | sed 's/^/# /' >>"$out"
	fi
}

# deps_as_nobody NAME PACKAGES: make deps as nobody, B=$tmp/NAME; its
# stderr in $tmp/NAME.err, its exit status returned
deps_as_nobody() {
	mkdir -p "$tmp/$1"
	chmod 0777 "$tmp/$1"
	runuser -u nobody -- make -s -C "$REPO" deps B="$tmp/$1" \
		DEB_PACKAGES="$2" >"$tmp/$1.out" 2>"$tmp/$1.err"
}

if [ "$(id -u)" != 0 ] || ! id nobody >/dev/null 2>&1; then
	echo "1..0 # SKIP needs root and the user nobody to switch to" >"$out"
	exit 0
fi

missing=ipe-test-no-such-package
deps_as_nobody missing "make $missing"
rc=$?
want="Missing Debian packages; as root: apt-get install $missing"
[ $rc != 0 ] && check ok "a missing package stops make deps for a user other than root" ||
	check fail "a missing package stops make deps for a user other than root" "exit $rc"
[ "$(wc -l <"$tmp/missing.err")" = 1 ] && grep -qF "$want" "$tmp/missing.err" &&
	check ok "in one line naming the package" ||
	check fail "in one line naming the package" "$(cat "$tmp/missing.err")"
[ ! -e "$tmp/missing/apt.log" ] && [ ! -e "$tmp/missing/.deps" ] &&
	check ok "without running apt or recording success" ||
	check fail "without running apt or recording success" "$(ls -A "$tmp/missing")"

deps_as_nobody present "make coreutils"
rc=$?
[ $rc = 0 ] && [ -e "$tmp/present/.deps" ] && [ ! -s "$tmp/present.err" ] &&
	[ ! -s "$tmp/present.out" ] &&
	check ok "with every package installed make deps passes for a user other than root" ||
	check fail "with every package installed make deps passes for a user other than root" \
		"exit $rc: $(cat "$tmp/present.err")"
echo "1..$n" >>"$out"
