#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every IPE record type, whole, as auditd logs it and ausearch finds it:
# mainline's fields in mainline's order, so that the same queries and SIEM
# rules read this kernel and mainline IPE. Its policies (policies/ap_*.pol
# and the refused blobs of bad_blobs) are signed on the spot.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies ap
bad_blobs ap_1
padded_policy ap_multi "$(v 13.0.1)"
S=$IPE_SELFTESTS
P=$IPE_FS/policies
LOG=/var/log/audit/audit.log
HELLO=/tmp/ipe_ap_hello
cp "$S/ipe_hello" $HELLO
chmod 755 $HELLO

# enforcing, and only denials recorded, whatever the boot parameters said
sysctl -q -w ipe.enforce=1
sysctl -q -w ipe.success_audit=0

if [ ! -x /sbin/auditd ]; then
	fail "auditd runs in the VM" "no /sbin/auditd in the initramfs"
	exit 0
fi
rm -f $LOG
auditd -n >/tmp/auditd99.out 2>&1 &
apid=$!
i=0
while [ $i -lt 50 ] && ! auditctl -s 2>/dev/null | grep -q "pid $apid"; do
	usleep 200000
	i=$((i + 1))
done
if ! auditctl -s 2>/dev/null | grep -q "pid $apid"; then
	fail "auditd receives the kernel's records" "$(cat /tmp/auditd99.out)"
	exit 0
fi

# auditd writes a type it knows by name, one it does not as UNKNOWN[N]
T1420='type=(1420|UNKNOWN\[1420\]|IPE_ACCESS)'
T1421='type=(1421|UNKNOWN\[1421\]|IPE_CONFIG_CHANGE)'
T1422='type=(1422|UNKNOWN\[1422\]|IPE_POLICY_LOAD)'
T1404='type=(1404|UNKNOWN\[1404\]|MAC_STATUS)'
# recs TYPE: the records of TYPE (a number, or several with commas) in
# auditd's log, one per line, through ausearch (which prints the whole
# events: their other records are left out), without what an enriched log
# adds after a 0x1d byte
recs() {
	re=""
	for t in $(echo "$1" | tr ',' ' '); do
		eval "re=\"\${re:+\$re|}\$T$t\""
	done
	ausearch -if $LOG -m "$1" --raw 2>/dev/null | tr '\035' '\n' |
		grep -E "^($re) "
}
count() { recs "$1" | wc -l; }
# wait_more TYPE N: wait up to 5 s for more than N records of TYPE
wait_more() {
	i=0
	while [ $i -lt 25 ] && [ "$(count "$1")" -le "$2" ]; do
		usleep 200000
		i=$((i + 1))
	done
}
# last TYPE: the newest record of TYPE
last() { recs "$1" | tail -n 1; }
# expect_rec DESC RECORD REGEX: RECORD matches the extended REGEX whole
expect_rec() {
	if echo "$2" | grep -Eq "^$3\$"; then
		pass "$1"
	else
		fail "$1" "record: $2; want: $3"
	fi
}

HDR='msg=audit\([0-9.]+:[0-9]+\): '
ID='auid=[0-9]+ ses=[0-9]+'
D1=$(audit_digest "$D/ap_1.p7s")
D2=$(audit_digest "$D/ap_2.p7s")

# 1422 for a load: the digest is sha256sum of the file written
n=$(count 1422)
expect_write "ap loads" OK "$IPE_FS/new_policy" "$D/ap_1.p7s"
wait_more 1422 "$n"
rec=$(last 1422)
want="$T1422 ${HDR}policy_name=\"ap\" policy_version=$(v 13.0.0)"
want="$want policy_digest=sha256:$D1 $ID lsm=ipe res=1 errno=0"
expect_rec "1422 load: mainline's fields, in order, errno=0" "$rec" "$want"
got=$(echo "$rec" | sed -n 's/.* policy_digest=sha256:\([0-9A-F]*\) .*/\1/p' |
	tr A-F a-f)
expect_eq "policy_digest is what sha256sum prints for the signed file" \
	"$(sha256sum "$D/ap_1.p7s" | cut -d' ' -f1)" "$got"

# 1421 for an activation
n=$(count 1421)
sysctl -q -w ipe.active_policy=ap
wait_more 1421 "$n"
want="$T1421 ${HDR}old_active_pol_name=[^ ]+ old_active_pol_version=[^ ]+"
want="$want old_policy_digest=[^ ]+ new_active_pol_name=\"ap\""
want="$want new_active_pol_version=$(v 13.0.0) new_policy_digest=sha256:$D1"
want="$want $ID lsm=ipe res=1"
expect_rec "1421 activation: mainline's fields, in order" "$(last 1421)" "$want"

# 1420 for a denial; a record without a file has path=? dev=? ino=?
n=$(count 1420)
expect_eq "a tmpfs binary is denied" "EXIT=126" "$(run $HELLO)"
wait_more 1420 "$n"
ino=$(stat -c %i $HELLO)
want="$T1420 ${HDR}ipe_op=EXECUTE ipe_hook=BPRM_CHECK enforcing=1"
want="$want pid=[0-9]+ comm=\"[^\"]+\" path=\"$HELLO\" dev=\"tmpfs\" ino=$ino"
want="$want rule=\"DEFAULT op=EXECUTE action=DENY\""
expect_rec "1420 denial: mainline's fields, in order, nothing after rule=" \
	"$(recs 1420 | grep -F "path=\"$HELLO\"" | tail -n 1)" "$want"
n=$(count 1420)
expect_eq "anonymous PROT_EXEC memory is denied" EACCES "$("$S/ipe_mmap" anon)"
wait_more 1420 "$n"
want="$T1420 ${HDR}ipe_op=EXECUTE ipe_hook=MMAP enforcing=1 pid=[0-9]+"
want="$want comm=\"ipe_mmap\" path=\? dev=\? ino=\?"
want="$want rule=\"DEFAULT op=EXECUTE action=DENY\""
expect_rec "1420 without a file: path=? dev=? ino=?" "$(last 1420)" "$want"

# an update of the active policy: the load record, then the activation
n=$(count 1421,1422)
expect_write "the active policy takes an update to a newer version" OK "$P/ap/update" \
	"$D/ap_2.p7s"
wait_more 1421,1422 $((n + 1))
expect_eq "the update leaves two records" $((n + 2)) "$(count 1421,1422)"
two=$(recs 1421,1422 | tail -n 2)
want="$T1422 ${HDR}policy_name=\"ap\" policy_version=$(v 13.1.0)"
want="$want policy_digest=sha256:$D2 $ID lsm=ipe res=1 errno=0"
expect_rec "first the load record (1422) of the new version" \
	"$(echo "$two" | head -n 1)" "$want"
want="$T1421 ${HDR}old_active_pol_name=\"ap\" old_active_pol_version=$(v 13.0.0)"
want="$want old_policy_digest=sha256:$D1 new_active_pol_name=\"ap\""
want="$want new_active_pol_version=$(v 13.1.0) new_policy_digest=sha256:$D2"
want="$want $ID lsm=ipe res=1"
expect_rec "then the activation record (1421), old version to new" \
	"$(echo "$two" | tail -n 1)" "$want"

# 1404: one record per enforce switch, none when nothing changes
n=$(count 1404)
echo 0 >"$IPE_FS/enforce"
wait_more 1404 "$n"
echo 0 >"$IPE_FS/enforce"
sysctl -q -w ipe.enforce=1
wait_more 1404 $((n + 1))
usleep 500000
expect_eq "two enforce switches leave exactly two 1404 records" $((n + 2)) \
	"$(count 1404)"
two=$(recs 1404 | tail -n 2)
expect_rec "1404 to permissive: mainline's fields, in order" \
	"$(echo "$two" | head -n 1)" \
	"$T1404 ${HDR}enforcing=0 old_enforcing=1 $ID enabled=1 old-enabled=1 lsm=ipe res=1"
expect_rec "1404 back to enforce" "$(echo "$two" | tail -n 1)" \
	"$T1404 ${HDR}enforcing=1 old_enforcing=0 $ID enabled=1 old-enabled=1 lsm=ipe res=1"

# errno_of NAME: the number of an errno name ipe_write printed
errno_of() {
	case $1 in
	EPERM) echo 1 ;; E2BIG) echo 7 ;; ENOMEM) echo 12 ;; EEXIST) echo 17 ;;
	EINVAL) echo 22 ;; ERANGE) echo 34 ;; EBADMSG) echo 74 ;;
	ESTALE) echo 116 ;; ENOKEY) echo 126 ;; EKEYREJECTED) echo 129 ;;
	*) echo "unknown" ;;
	esac
}

# failed DESC ipe_write-args...: the write fails, and leaves exactly one
# 1422 record, with the errno the writer got
failed() {
	desc=$1
	shift
	n=$(count 1422)
	got=$("$IPE_WRITE" "$@" 2>&1)
	case $got in
	OK|"") fail "$desc fails" "it did not: $got"; return ;;
	esac
	wait_more 1422 "$n"
	usleep 300000
	if [ "$(count 1422)" -ne $((n + 1)) ]; then
		fail "$desc: one 1422 record" "$(($(count 1422) - n)) records"
		return
	fi
	e=$(errno_of "$got")
	want="$T1422 ${HDR}policy_name=\? policy_version=\? policy_digest=\?"
	want="$want $ID lsm=ipe res=0 errno=-$e"
	expect_rec "$desc ($got): 1422 with res=0 errno=-$e" "$(last 1422)" \
		"$want"
}

failed "a load of bytes that are not PKCS#7" "$IPE_FS/new_policy" "$D/garbage.bin"
failed "a load signed by an untrusted key" "$IPE_FS/new_policy" \
	"$D/ap_1.untrusted.p7s"
failed "a load whose content was changed after signing" "$IPE_FS/new_policy" \
	"$D/ap_1.tampered.p7s"
failed "a load whose header announces 9 MB" "$IPE_FS/new_policy" \
	"$D/huge_header.bin"
failed "a load of a malformed policy" "$IPE_FS/new_policy" "$D/ap_bad.p7s"
failed "a second load of the same name" "$IPE_FS/new_policy" "$D/ap_1.p7s"
failed "an update to an older version" "$P/ap/update" "$D/ap_1.p7s"
failed "an update through raw that is not signed" "$P/ap/raw" "$D/ap_1.pol"
failed "a load without CAP_MAC_ADMIN" -d "$IPE_FS/new_policy" "$D/ap_done.p7s"
head -c $(($(wc -c <"$D/ap_multi.p7s") - 1)) "$D/ap_multi.p7s" >/tmp/ipe_ap_short
failed "a load cut short, found at close()" -c 512 "$IPE_FS/new_policy" \
	/tmp/ipe_ap_short

# a deletion: the fields of a load record, then op=DELETE (ours only)
load ap_done
sysctl -q -w ipe.active_policy=ap_done
n=$(count 1422)
expect_write "the inactive policy ap can be deleted" OK -s 1 "$P/ap/delete"
wait_more 1422 "$n"
want="$T1422 ${HDR}policy_name=\"ap\" policy_version=$(v 13.1.0)"
want="$want policy_digest=sha256:$D2 $ID lsm=ipe res=1 errno=0 op=DELETE"
expect_rec "1422 deletion: a load record's fields, then op=DELETE" \
	"$(last 1422)" "$want"

kill $apid
wait $apid 2>/dev/null
