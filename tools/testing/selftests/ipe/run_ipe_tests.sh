#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run every test_*.sh next to this script and print one TAP stream.
dir=$(cd "$(dirname "$0")" && pwd)
export IPE_SELFTESTS=$dir
# ipe_tests=N,N... on the kernel command line: only test_N_*.sh (make
# vm-tests, for development)
only=$(sed -n 's/.*ipe_tests=\([0-9,]*\).*/\1/p' /proc/cmdline 2>/dev/null)
n=0
fails=0
echo "TAP version 13"
for t in "$dir"/test_*.sh; do
	name=$(basename "$t" .sh)
	if [ -n "$only" ]; then
		num=${name#test_}
		case ",$only," in
		*",${num%%_*},"*) ;;
		*) continue ;;
		esac
	fi
	echo "# $name"
	sh "$t" 2>&1 | while IFS= read -r line; do
		case "$line" in
		"PASS "*) echo "ok - $name: ${line#PASS }" ;;
		"FAIL "*) echo "not ok - $name: ${line#FAIL }" ;;
		"SKIP "*) echo "ok - $name: ${line#SKIP } # SKIP" ;;
		*) echo "# $line" ;;
		esac
	done
done | while IFS= read -r line; do
	case "$line" in
	"ok - "*|"not ok - "*)
		n=$((n + 1))
		echo "${line%% - *} $n - ${line#* - }"
		echo "$n" >/tmp/.ipe-test-count
		;;
	*) echo "$line" ;;
	esac
done
n=$(cat /tmp/.ipe-test-count 2>/dev/null || echo 0)
echo "1..$n"
