#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ipectl (tools/security/ipe) against the kernel: load, list, activate,
# status, update and delete do what the raw securityfs and sysctl nodes
# do, and the kernel's refusals come back as the documented messages with
# a nonzero exit status. host_prepare_ipectl.sh built $IPE_DATA/ipectl
# (or IPECTL names one); the policies are policies/ipectl_*.pol, signed on
# the spot by "ipectl sign" with the test CA, as an administrator would,
# and raised as a whole when something newer is active (sign_templates).
# Leaves ipectl_b (5.2.0 as written, DEFAULT action=ALLOW) active.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies ipectl
P=$IPE_FS/policies
IPECTL=${IPECTL:-$IPE_DATA/ipectl}

if [ ! -x "$IPECTL" ]; then
	skip "ipectl against the kernel" "no $IPECTL (host_prepare_ipectl.sh)"
	exit 0
fi
V500=$(v 5.0.0) V501=$(v 5.0.1) V510=$(v 5.1.0)

# ipesign NAME KEY CERT [OUT] [--force]: $D/NAME.pol signed by ipectl
ipesign() {
	"$IPECTL" sign "$D/$1.pol" --key "$2" --cert "$3" -o "${4:-$D/$1.p7s}" \
		${5:-} 2>/dev/null || fail "ipectl sign $1" "failed"
}
for name in ipectl_a_1 ipectl_a_2 ipectl_b ipectl_old; do
	ipesign $name "$IPE_TEST_CA_KEY" "$IPE_TEST_CA_CERT"
done
ipesign ipectl_bad "$IPE_TEST_CA_KEY" "$IPE_TEST_CA_CERT" "" --force
untrusted_ca "$D"
ipesign ipectl_a_1 "$D/untrusted.key" "$D/untrusted.pem" "$D/ipectl_a_1.untrusted.p7s"
tamper "$D/ipectl_a_1.p7s" "action=" "$D/ipectl_a_1.tampered.p7s"

# expect_msg DESC PATTERN CMD...: CMD fails, and its output has PATTERN
expect_msg() {
	desc=$1 pat=$2
	shift 2
	if out=$("$@" 2>&1); then
		fail "$desc" "'$*' unexpectedly succeeded: $out"
	else
		case "$out" in
		*"$pat"*) pass "$desc" ;;
		*) fail "$desc" "expected '$pat' in: $out" ;;
		esac
	fi
}

# sum FILE: its sha256
sum() { sha256sum "$1" | cut -d' ' -f1; }

# audit_or_skip DESC TYPE PATTERN...: expect_audit, or a skip when no
# record of TYPE reached the kernel log at all since audit_clear
audit_or_skip() {
	if [ -z "$(audit_log "$2")" ]; then
		skip "$1" "no type=$2 record in the kernel log"
	else
		expect_audit "$@"
	fi
}

audit_clear

# load
if out=$("$IPECTL" load "$D/ipectl_a_1.p7s" 2>&1); then
	pass "ipectl load of a blob signed by ipectl sign loads it"
else
	fail "ipectl load of a blob signed by ipectl sign loads it" "$out"
fi
expect_eq "ipectl load names the policy and version" \
	"loaded policy \"ipectl_a\" version $V500 (not active)" "$out"
check "the policy has its directory, as after a write to new_policy" \
	test -d "$P/ipectl_a"
check "raw holds the blob ipectl wrote, byte for byte" cmp "$P/ipectl_a/raw" \
	"$D/ipectl_a_1.p7s"
check "content holds the policy text" cmp "$P/ipectl_a/content" \
	"$D/ipectl_a_1.pol"
expect_eq "version node shows 5.0.0" "$V500" "$(cat "$P/ipectl_a/version")"
audit_or_skip "the load is audited (1422) as for new_policy" 1422 \
	'policy_name="ipectl_a"' "policy_version=$V500" \
	"policy_digest=sha256:$(audit_digest "$D/ipectl_a_1.p7s") " "errno=0"
msg='a policy named "ipectl_a" is already loaded;'
msg="$msg use 'ipectl update ipectl_a FILE' to replace it (EEXIST)"
expect_msg "loading the same policy twice: EEXIST message, nonzero exit" \
	"$msg" "$IPECTL" load "$D/ipectl_a_1.p7s"

# list, compared with the nodes
json=$("$IPECTL" list --json)
want="{\"name\": \"ipectl_a\", \"version\": \"$V500\", \"active\": false,"
want="$want \"boot\": false, \"sha256\": \"$(sum "$P/ipectl_a/content")\","
want="$want \"audit\": false}"
case "$json" in
*"$want"*) pass "ipectl list --json shows name, version, active, sha256 of content" ;;
*) fail "ipectl list --json shows name, version, active, sha256 of content" \
	"no '$want' in: $json" ;;
esac

# the audit policy
check "ipectl audit-policy makes a loaded policy the audit policy" \
	"$IPECTL" audit-policy ipectl_a
expect_eq "sysctl ipe.audit_policy and its audit node say so" "ipectl_a 1" \
	"$(cat /proc/sys/ipe/audit_policy) $(cat "$P/ipectl_a/audit")"
st=$("$IPECTL" status)
case "$st" in
*"audit policy:   ipectl_a (version $V500, sha256 $(sum "$P/ipectl_a/content"))"*)
	pass "ipectl status shows the audit policy, its version and hash" ;;
*) fail "ipectl status shows the audit policy, its version and hash" "$st" ;;
esac
case "$("$IPECTL" list --json)" in
*"\"name\": \"ipectl_a\""*"\"audit\": true}"*)
	pass "ipectl list --json marks it" ;;
*) fail "ipectl list --json marks it" "$("$IPECTL" list --json)" ;;
esac
check "ipectl audit-policy --clear ends the role" "$IPECTL" audit-policy --clear
expect_eq "ipe.audit_policy reads empty" "" "$(cat /proc/sys/ipe/audit_policy)"
bad=
for d in "$P"/*/; do
	[ -d "$d" ] || continue
	name=$(cat "$d/name")
	line=$("$IPECTL" list | grep -F -- "$(sum "$d/content")")
	case "$line" in
	"$name "*"$(cat "$d/version") "*) ;;
	*) bad="$bad [$name: '$line']" ;;
	esac
done
expect_eq "ipectl list has every policy of policies/ with its version and hash" \
	"" "$bad"
n=$(ls -1 "$P" | wc -l)
expect_eq "ipectl status counts the policies of policies/" \
	"policies:       $n loaded" "$("$IPECTL" status | grep '^policies:')"

# activate
audit_clear
check "ipectl activate activates a policy" "$IPECTL" activate ipectl_a
expect_eq "sysctl ipe.active_policy reads the name" "ipectl_a" \
	"$(cat /proc/sys/ipe/active_policy)"
expect_eq "its active node reads 1" "1" "$(cat "$P/ipectl_a/active")"
audit_or_skip "the activation is audited (1421)" 1421 \
	'new_active_pol_name="ipectl_a"' "new_active_pol_version=$V500"
st=$("$IPECTL" status)
case "$st" in
*"active policy:  ipectl_a (version $V500, sha256 $(sum "$P/ipectl_a/content"))"*)
	pass "ipectl status shows the active policy, its version and hash" ;;
*) fail "ipectl status shows the active policy, its version and hash" "$st" ;;
esac
want="enforce:        $(cat "$IPE_FS/enforce")"
expect_eq "ipectl status shows the enforce node" "$want" \
	"$(echo "$st" | grep '^enforce:' | cut -c1-17)"
expect_eq "ipectl status shows ipe.success_audit" \
	"success_audit:  $(cat /proc/sys/ipe/success_audit)" \
	"$(echo "$st" | grep '^success_audit:')"
expect_eq "ipectl status shows ipe.strict_parse" \
	"strict_parse:   $(cat /proc/sys/ipe/strict_parse)" \
	"$(echo "$st" | grep '^strict_parse:')"
case "$("$IPECTL" status --json)" in
*"\"active_policy\": {\"name\": \"ipectl_a\", \"version\": \"$V500\", \"active\": true"*)
	pass "ipectl status --json names the active policy" ;;
*) fail "ipectl status --json names the active policy" \
	"$("$IPECTL" status --json)" ;;
esac

# update and rollback
check "ipectl update replaces the policy" "$IPECTL" update ipectl_a \
	"$D/ipectl_a_2.p7s"
expect_eq "the version node shows the update" "$V510" \
	"$(cat "$P/ipectl_a/version")"
check "content shows the updated text" cmp "$P/ipectl_a/content" \
	"$D/ipectl_a_2.pol"
msg="version not newer than the deployed one: ipectl_a is loaded with"
expect_msg "a rollback: ESTALE message, nonzero exit" \
	"$msg version $V510, the update has $V500 (ESTALE)" \
	"$IPECTL" update ipectl_a "$D/ipectl_a_1.p7s"
expect_msg "the same version again: ESTALE message, nonzero exit" \
	"$msg version $V510, the update has $V510 (ESTALE)" \
	"$IPECTL" update ipectl_a "$D/ipectl_a_2.p7s"
expect_eq "the refused rollback left 5.1.0" "$V510" \
	"$(cat "$P/ipectl_a/version")"
expect_msg "an update under another name: EINVAL message" \
	'the update is named "ipectl_b", not "ipectl_a"' \
	"$IPECTL" update ipectl_a "$D/ipectl_b.p7s"

# activation rollback
"$IPECTL" load -q "$D/ipectl_b.p7s"
"$IPECTL" load -q "$D/ipectl_old.p7s"
check "ipectl activate of a newer policy" "$IPECTL" activate ipectl_b
msg="version older than the deployed one: ipectl_old has version $V501,"
expect_msg "activating an older version: ESTALE message, nonzero exit" \
	"$msg the active policy ipectl_b has a higher one (ESTALE)" \
	"$IPECTL" activate ipectl_old
expect_eq "the active policy stays" "ipectl_b" "$(cat /proc/sys/ipe/active_policy)"
expect_msg "activating an unknown name: ENOENT message" \
	'no such policy: "ipectl_nosuch" (ENOENT)' "$IPECTL" activate ipectl_nosuch

# signatures and contents the kernel refuses
msg="signature not trusted by the kernel's keyring: the signing certificate"
expect_msg "a blob of an untrusted signer: ENOKEY message" \
	"$msg does not chain to a trusted key (ENOKEY)" \
	"$IPECTL" load "$D/ipectl_a_1.untrusted.p7s"
expect_msg "a blob changed after signing: EKEYREJECTED message" \
	"signature not trusted by the kernel's keyring: it does not verify" \
	"$IPECTL" load "$D/ipectl_a_1.tampered.p7s"
expect_msg "an unsigned policy: EBADMSG message" \
	"malformed PKCS#7 or policy" "$IPECTL" load "$D/ipectl_a_1.pol"
expect_msg "a signed policy that does not parse: EBADMSG with line and reason" \
	"the kernel refused the policy: line 3:12: unknown action (EBADMSG)" \
	"$IPECTL" load "$D/ipectl_bad.p7s"
check_fails "the refused policy has no directory" test -e "$P/ipectl_bad"
expect_msg "without CAP_MAC_ADMIN: EPERM message" \
	"needs CAP_MAC_ADMIN (EPERM)" \
	"$IPE_SELFTESTS/ipe_dropcap" mac_admin "$IPECTL" delete ipectl_old
check "and the policy stays" test -d "$P/ipectl_old"

# delete
expect_msg "deleting the active policy: EPERM message" \
	'"ipectl_b" is the active policy; activate another one first (EPERM)' \
	"$IPECTL" delete ipectl_b
check "the active policy is still there" test -d "$P/ipectl_b"
audit_clear
check "ipectl delete deletes a policy" "$IPECTL" delete ipectl_a
check_fails "its directory is gone, as after del_policy" test -e "$P/ipectl_a"
audit_or_skip "the deletion is audited (1422)" 1422 "op=DELETE" \
	'policy_name="ipectl_a" policy_version='
case "$("$IPECTL" list)" in
*ipectl_a*) fail "ipectl list no longer shows it" "$("$IPECTL" list)" ;;
*) pass "ipectl list no longer shows it" ;;
esac
check "ipectl delete of the older policy" "$IPECTL" delete ipectl_old
expect_msg "deleting it again: ENOENT message" \
	'no such policy: "ipectl_old" (ENOENT)' "$IPECTL" delete ipectl_old

# the audit records of all that, summarised by ipectl audit
if audit_log 1422 | grep 'policy_name="ipectl_old"' | grep -q 'op=DELETE'; then
	sumry=$(dmesg | "$IPECTL" audit)
	case "$sumry" in
	*"DELETE    ipectl_old $V501"*) pass "ipectl audit of dmesg lists the deletion" ;;
	*) fail "ipectl audit of dmesg lists the deletion" "$sumry" ;;
	esac
else
	skip "ipectl audit of dmesg lists the deletion" "no 1422 record in dmesg"
fi
