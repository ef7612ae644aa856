#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Allocation failures (failslab, CONFIG_FAILSLAB) during policy load,
# update and activation: fail the 1st, 2nd, 3rd... slab allocation of the
# write in turn (/proc/thread-self/fail-nth, through ipe_write -f) until
# the write passes fewer allocations than that. Every write that failed
# must leave the previous state (policy list, version, active policy); the
# write without a fault must then succeed. Leaks in the error paths are
# kmemleak's part, scanned after the last test.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies fi
P=$IPE_FS/policies
MAX=3000

# sleeping allocations too: GFP_KERNEL is all IPE uses
if ! failslab_on; then
	fail "failslab and fail-nth are available" "CONFIG_FAILSLAB missing"
	exit 0
fi

state() {
	echo "$(ls "$P" | tr '\n' ' ')|$(cat /proc/sys/ipe/active_policy)|$(
		cat "$P/fi/version" 2>/dev/null)"
}

# sweep NAME AFTER UNDO ARGS...: write ARGS (ipe_write arguments) with
# the 1st, 2nd... allocation failing, until a write passes fewer
# allocations than that. Each failed write must leave state() as it was.
# A write can also succeed despite its fault (an audit record lost, a
# kvmalloc() that fell back to vmalloc): then UNDO, when not empty,
# restores the state and the sweep goes on; else the sweep ends there (an
# activation cannot be undone: no older policy can be made active again).
# AFTER must hold after the last write.
sweep() {
	name=$1 after=$2 undo=$3
	shift 3
	before=$(state)
	n=1 faults=0 survived=0 bad="" errs="" res=""
	while [ $n -le $MAX ]; do
		out=$("$IPE_WRITE" -f $n "$@" 2>&1)
		res=${out%% *} how=${out#* }
		[ "$how" = not-injected ] && break
		if [ "$how" != injected ]; then
			bad="fault $n: ipe_write said '$out'"
			break
		fi
		faults=$((faults + 1))
		if [ "$res" = OK ]; then
			survived=$((survived + 1))
			[ -z "$undo" ] && break
			sh -c "$undo"
		else
			case " $errs " in *" $res "*) ;; *) errs="$errs $res" ;; esac
		fi
		now=$(state)
		if [ "$now" != "$before" ]; then
			bad="fault $n ($res) changed '$before' to '$now'"
			break
		fi
		n=$((n + 1))
	done
	echo "# $name: $faults allocation failures injected ($survived survived), errors:$errs"
	if [ -n "$bad" ]; then
		fail "$name: a failed write leaves the state as it was" "$bad"
		return
	fi
	if [ $faults -eq 0 ] || [ $n -gt $MAX ]; then
		fail "$name: a failed write leaves the state as it was" \
			"$faults faults injected in $((n - 1)) writes"
		return
	fi
	pass "$name: each write refused by an injected allocation failure left the state alone"
	expect_eq "$name: the last write succeeds" OK "$res"
	check "$name: and did its work" sh -c "$after"
}

sweep "load" "test -d $P/fi" "echo fi >$IPE_FS/del_policy" \
	"$IPE_FS/new_policy" "$D/fi_1.p7s"
sweep "update" "test \"\$(cat $P/fi/version)\" = $(v 9.1.0)" \
	"echo fi >$IPE_FS/del_policy && $IPE_WRITE $IPE_FS/new_policy $D/fi_1.p7s >/dev/null" \
	"$P/fi/update" "$D/fi_2.p7s"
sweep "activate" "test \"\$(cat /proc/sys/ipe/active_policy)\" = fi" "" \
	-s fi /proc/sys/ipe/active_policy
failslab_off
