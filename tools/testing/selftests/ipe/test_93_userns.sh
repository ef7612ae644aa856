#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The root of a user namespace is not the root of the machine: every IPE
# node and sysctl that changes state refuses a write from it, however the
# files' owner and mode look from inside, since IPE asks for CAP_MAC_ADMIN
# in the initial user namespace. The same writes from the initial
# namespace then succeed, so the refusals are the namespace's doing.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies un
P=$IPE_FS/policies

# ns_write ARGS...: ipe_write as root of a new user namespace
ns_write() { unshare -r "$IPE_WRITE" "$@" 2>&1; }

expect_eq "a user namespace maps root to root" "0 0 1" \
	"$(unshare -r cat /proc/self/uid_map | tr -s ' ' | sed 's/^ //')"

expect_eq "from a user namespace, new_policy is EPERM" EPERM \
	"$(ns_write "$IPE_FS/new_policy" "$D/un_1.p7s")"
check_fails "and the policy did not load" test -d "$P/userns"
expect_write "from the initial namespace it loads" OK \
	"$IPE_FS/new_policy" "$D/un_1.p7s"

expect_eq "from a user namespace, update is EPERM" EPERM \
	"$(ns_write "$P/userns/update" "$D/un_2.p7s")"
expect_eq "from a user namespace, raw is EPERM" EPERM \
	"$(ns_write "$P/userns/raw" "$D/un_2.p7s")"
expect_eq "and the version is still the first" "$(v 9.0.0)" "$(cat "$P/userns/version")"

active=$(cat /proc/sys/ipe/active_policy)
expect_eq "from a user namespace, active is EPERM" EPERM \
	"$(ns_write -s 1 "$P/userns/active")"
expect_eq "from a user namespace, ipe.active_policy is EPERM" EPERM \
	"$(ns_write -s userns /proc/sys/ipe/active_policy)"
expect_eq "and the active policy is unchanged" "$active" \
	"$(cat /proc/sys/ipe/active_policy)"

enforce=$(cat "$IPE_FS/enforce")
audit=$(cat "$IPE_FS/success_audit")
flip() { [ "$1" = 1 ] && echo 0 || echo 1; }
expect_eq "from a user namespace, securityfs enforce is EPERM" EPERM \
	"$(ns_write -s "$(flip "$enforce")" "$IPE_FS/enforce")"
expect_eq "from a user namespace, ipe.enforce is EPERM" EPERM \
	"$(ns_write -s "$(flip "$enforce")" /proc/sys/ipe/enforce)"
expect_eq "from a user namespace, securityfs success_audit is EPERM" EPERM \
	"$(ns_write -s "$(flip "$audit")" "$IPE_FS/success_audit")"
expect_eq "from a user namespace, ipe.success_audit is EPERM" EPERM \
	"$(ns_write -s "$(flip "$audit")" /proc/sys/ipe/success_audit)"
expect_eq "and enforce and success_audit are unchanged" "$enforce $audit" \
	"$(cat "$IPE_FS/enforce") $(cat "$IPE_FS/success_audit")"

expect_eq "from a user namespace, delete is EPERM" EPERM \
	"$(ns_write -s 1 "$P/userns/delete")"
expect_eq "from a user namespace, del_policy is EPERM" EPERM \
	"$(ns_write -s userns "$IPE_FS/del_policy")"
check "and the policy is still loaded" test -d "$P/userns"

# the same writes from the initial namespace are accepted
expect_write "from the initial namespace, update is accepted" OK \
	"$P/userns/update" "$D/un_2.p7s"
expect_eq "and gives the second version" "$(v 9.1.0)" "$(cat "$P/userns/version")"
expect_write "from the initial namespace, ipe.enforce is accepted" OK \
	-s "$enforce" /proc/sys/ipe/enforce
expect_write "from the initial namespace, delete is accepted" OK \
	-s 1 "$P/userns/delete"
check_fails "and the policy is gone" test -d "$P/userns"
