#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Where the store and the securityfs nodes answer as mainline IPE does:
# an update must raise the version (ESTALE for the same one), a write
# needs CAP_MAC_ADMIN in the process that opened the node as well as in
# the one that writes (descriptors handed over a unix socket), the boot
# policy has no blob to read (ENOENT), and the nodes have mainline's
# modes. Policy versions 12.x.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies par
P=$IPE_FS/policies
FDPASS="$IPE_SELFTESTS/ipe_fdpass"

# expect_fdpass DESC WANT WHO ARGS...: ipe_fdpass must print WANT
expect_fdpass() {
	desc=$1 want=$2
	shift 2
	got=$("$FDPASS" "$@" 2>&1)
	if [ "$got" = "$want" ]; then
		pass "$desc"
	else
		fail "$desc" "expected $want, got $got"
	fi
}

# --- updates must raise the version ------------------------------------
expect_write "par_a $(v 12.0.0) loads" OK "$IPE_FS/new_policy" "$D/par_a_1.p7s"
expect_write "an update with the same version and another text is ESTALE" \
	ESTALE "$P/par_a/update" "$D/par_a_1same.p7s"
expect_write "through raw as well" ESTALE "$P/par_a/raw" "$D/par_a_1same.p7s"
expect_write "the very blob that is loaded, written again, is ESTALE" ESTALE \
	"$P/par_a/update" "$D/par_a_1.p7s"
check "the refused updates left the text as loaded" \
	cmp "$P/par_a/policy" "$D/par_a_1.pol"
expect_eq "and the version" "$(v 12.0.0)" "$(cat "$P/par_a/version")"
expect_write "an update with a higher version is taken" OK \
	"$P/par_a/update" "$D/par_a_2.p7s"
expect_eq "version shows it" "$(v 12.1.0)" "$(cat "$P/par_a/version")"
expect_write "an update back to the older version is ESTALE" ESTALE \
	"$P/par_a/raw" "$D/par_a_1.p7s"

# --- privilege: the opener and the writer ------------------------------
expect_write "par_b $(v 12.2.0) loads" OK "$IPE_FS/new_policy" "$D/par_b.p7s"
active=$(cat /proc/sys/ipe/active_policy)
enforce=$(cat "$IPE_FS/enforce")
audit=$(cat "$IPE_FS/success_audit")
flip() { [ "$1" = 1 ] && echo 0 || echo 1; }

for who in opener writer; do
	w="without CAP_MAC_ADMIN in the $who"
	expect_fdpass "$w: new_policy is EPERM" EPERM \
		$who "$IPE_FS/new_policy" "$D/par_c.p7s"
	expect_fdpass "$w: update is EPERM" EPERM \
		$who "$P/par_a/update" "$D/par_a_3.p7s"
	expect_fdpass "$w: raw is EPERM" EPERM \
		$who "$P/par_a/raw" "$D/par_a_3.p7s"
	expect_fdpass "$w: active is EPERM" EPERM \
		$who -s 1 "$P/par_b/active"
	expect_fdpass "$w: junk written to active is EPERM, not EINVAL" EPERM \
		$who -s junk "$P/par_b/active"
	expect_fdpass "$w: delete is EPERM" EPERM \
		$who -s 1 "$P/par_b/delete"
	expect_fdpass "$w: del_policy is EPERM" EPERM \
		$who -s par_b "$IPE_FS/del_policy"
	expect_fdpass "$w: enforce is EPERM" EPERM \
		$who -s "$(flip "$enforce")" "$IPE_FS/enforce"
	expect_fdpass "$w: success_audit is EPERM" EPERM \
		$who -s "$(flip "$audit")" "$IPE_FS/success_audit"
done
# a sysctl handler is not given the file: the writer is what is checked
expect_fdpass "without CAP_MAC_ADMIN in the writer: ipe.active_policy is EPERM" \
	EPERM writer -s par_b /proc/sys/ipe/active_policy

check_fails "after the refused writes par_c is not loaded" test -e "$P/par_c"
expect_eq "par_a keeps its version" "$(v 12.1.0)" "$(cat "$P/par_a/version")"
check "par_b is still loaded" test -d "$P/par_b"
expect_eq "the active policy is unchanged" "$active" \
	"$(cat /proc/sys/ipe/active_policy)"
expect_eq "enforce and success_audit are unchanged" "$enforce $audit" \
	"$(cat "$IPE_FS/enforce") $(cat "$IPE_FS/success_audit")"

# the same descriptors, opened and written with the capability, work
expect_fdpass "with CAP_MAC_ADMIN on both sides, a handed-over update is taken" \
	OK none "$P/par_a/update" "$D/par_a_3.p7s"
expect_eq "par_a is now $(v 12.2.0)" "$(v 12.2.0)" "$(cat "$P/par_a/version")"
expect_fdpass "and a handed-over active activates" OK none -s 1 \
	"$P/par_b/active"
expect_eq "par_b is active" "par_b" "$(cat /proc/sys/ipe/active_policy)"

# activation keeps "not older than the active one"
expect_write "activating par_a, of the same version as par_b, works" OK \
	-s 1 "$P/par_a/active"
expect_eq "par_a is active" "1" "$(cat "$P/par_a/active")"
if [ -d "$P/boot" ]; then
	expect_write "activating the older boot policy is ESTALE" ESTALE \
		-s 1 "$P/boot/active"
else
	skip "activating the older boot policy is ESTALE" "no boot policy"
fi

# --- the boot policy has no signed blob --------------------------------
check "pkcs7 of a signed policy reads its blob" \
	cmp "$P/par_a/pkcs7" "$D/par_a_3.p7s"
for node in pkcs7 raw; do
	if [ ! -d "$P/boot" ]; then
		skip "reading $node of the boot policy is ENOENT" "no boot policy"
	elif out=$(cat "$P/boot/$node" 2>&1); then
		fail "reading $node of the boot policy is ENOENT" \
			"read $(printf %s "$out" | wc -c) bytes"
	else
		case "$out" in
		*"No such file or directory"*)
			pass "reading $node of the boot policy is ENOENT" ;;
		*)	fail "reading $node of the boot policy is ENOENT" "$out" ;;
		esac
	fi
done

# --- node modes, as mainline's ------------------------------------------
mode() { stat -c %a "$1"; }
if [ -e /proc/sys/ipe/enforce ]; then
	expect_eq "enforce has mode 0600" 600 "$(mode "$IPE_FS/enforce")"
else
	expect_eq "enforce, read-only without the switch, has mode 0400" 400 \
		"$(mode "$IPE_FS/enforce")"
fi
expect_eq "success_audit has mode 0600" 600 "$(mode "$IPE_FS/success_audit")"
expect_eq "new_policy has mode 0200" 200 "$(mode "$IPE_FS/new_policy")"
expect_eq "del_policy has mode 0200" 200 "$(mode "$IPE_FS/del_policy")"
for n in pkcs7:444 policy:444 name:444 version:444 active:600 update:200 \
	delete:200 raw:644 content:444; do
	expect_eq "policies/NAME/${n%:*} has mode 0${n#*:}" "${n#*:}" \
		"$(mode "$P/par_a/${n%:*}")"
done

echo par_b >"$IPE_FS/del_policy"
check_fails "par_b deleted" test -e "$P/par_b"
