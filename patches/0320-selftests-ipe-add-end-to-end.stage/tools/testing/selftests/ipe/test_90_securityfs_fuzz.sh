#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fuzzing every node IPE lets root write (issue 8, item 2): new_policy,
# del_policy, policies/NAME/{raw,update,active,delete} and the read-only
# nodes next to them, enforce, success_audit and the ipe.* sysctls get
# random bytes, truncated and oversized PKCS#7 blobs, valid signatures
# over garbage text and valid blobs with bytes flipped in the signature or
# in the signed content. host_prepare_fuzz.sh made the corpus from a fixed
# seed ($IPE_DATA/fuzz/*.list: "FILE WANT" per line, WANT the errno names
# ipe_write may print). Every write must get its WANT, and after each group
# of writes a snapshot of the state (policies and their version, active
# flag and content; the active policy; every setting) must be as before.
# The few valid writes must change the snapshot as they should. Loads
# fz_a, fz_n and fz_d (7.x) and deletes them again; activates nothing;
# leaves the settings as it found them.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
FZ=$IPE_DATA/fuzz
P=$IPE_FS/policies
SYS=/proc/sys/ipe
TMP=/tmp/ipe_fuzz
CAP=8388608
WRITES=0
START=$(date +%s)
nl='
'

if [ ! -s "$FZ/rnd.list" ] || [ ! -x "$IPE_WRITE" ]; then
	fail "the fuzz corpus and ipe_write are there" \
		"no $FZ/rnd.list (host_prepare_fuzz.sh) or no $IPE_WRITE"
	exit 0
fi
rm -rf $TMP
mkdir -p $TMP

# snap: the state a refused write must not change
snap() {
	grep -H . "$IPE_FS/enforce" "$IPE_FS/success_audit" $SYS/* \
		"$P"/*/version "$P"/*/active
	sha256sum "$P"/*/content
}

# changes BEFORE AFTER: the snapshot lines that went (-) and came (+)
changes() {
	printf '%s\n' "$1" >$TMP/snap.a
	printf '%s\n' "$2" >$TMP/snap.b
	{
		grep -vxF -f $TMP/snap.b $TMP/snap.a | sed 's/^/-/'
		grep -vxF -f $TMP/snap.a $TMP/snap.b | sed 's/^/+/'
	} | sed "s|$P/||" | tr '\n' ' '
}

# wr ARGS...: one ipe_write, counted; its verdict in GOT
wr() {
	WRITES=$((WRITES + 1))
	GOT=$("$IPE_WRITE" "$@" 2>&1)
}

# set_to NODE VALUE: write VALUE unless NODE already reads it
set_to() {
	[ "$(cat "$1")" = "$2" ] || "$IPE_WRITE" -s "$2" "$1" >/dev/null
}

# repair: after a write that changed what it must not, put back what this
# test owns, so that one failure does not spoil the groups after it
repair() {
	for d in "$P"/fz_*; do
		[ -d "$d" ] && [ "${d##*/}" != fz_a ] &&
			"$IPE_WRITE" -s "${d##*/}" "$IPE_FS/del_policy" >/dev/null
	done
	if [ "$(cat "$P/fz_a/version" 2>/dev/null)" != "$FZA_VER" ]; then
		[ -d "$P/fz_a" ] &&
			"$IPE_WRITE" -s fz_a "$IPE_FS/del_policy" >/dev/null
		"$IPE_WRITE" "$IPE_FS/new_policy" "$FZ/$FZA" >/dev/null
	fi
	set_to "$IPE_FS/enforce" "$ENF0"
	set_to "$IPE_FS/success_audit" "$SA0"
	set_to $SYS/strict_parse 1
}

# settle DESC BEFORE WHY: pass unless WHY says what went wrong or the state
# is no longer BEFORE
settle() {
	s_after=$(snap)
	if [ "$s_after" != "$2" ]; then
		fail "$1" "${3:+$3; }state changed: $(changes "$2" "$s_after")"
		repair
	elif [ -n "$3" ]; then
		fail "$1" "$3 (state unchanged)"
	else
		pass "$1"
	fi
}

# group DESC NODE LISTS [MAX [LOG]]: write each file of the lists (joined
# by '+'; at most MAX files when MAX > 0) to NODE, one write() each. Each
# must get one of its WANTs, the state must stay as it was, and with LOG
# the kernel log must have one line containing LOG per write.
group() {
	g_desc=$1 g_node=$2 g_max=${4:-0} g_log=${5:-}
	: >$TMP/group.list
	for g_l in $(echo "$3" | tr '+' ' '); do
		cat "$FZ/$g_l.list" >>$TMP/group.list 2>/dev/null
	done
	if [ ! -s $TMP/group.list ] || [ ! -e "$g_node" ]; then
		fail "$g_desc" "no corpus $3 or no node $g_node"
		return
	fi
	g_before=$(snap)
	[ -z "$g_log" ] || audit_clear
	g_n=0 g_bad=0 g_first=
	while read -r g_f g_want; do
		[ "$g_max" -gt 0 ] && [ $g_n -ge "$g_max" ] && break
		g_got=$("$IPE_WRITE" "$g_node" "$FZ/$g_f" 2>&1)
		g_n=$((g_n + 1))
		case "|$g_want|" in
		*"|$g_got|"*) ;;
		*)
			g_bad=$((g_bad + 1))
			[ -n "$g_first" ] ||
				g_first="$g_f: expected $g_want, got $g_got"
			;;
		esac
	done <$TMP/group.list
	WRITES=$((WRITES + g_n))
	g_why=
	[ $g_bad -eq 0 ] ||
		g_why="$g_bad of $g_n writes got another result, first $g_first"
	if [ -n "$g_log" ]; then
		g_lines=$(dmesg | grep -c -F -- "$g_log")
		[ "$g_lines" -eq $g_n ] ||
			g_why="${g_why:+$g_why; }$g_lines kernel log lines '$g_log' for $g_n writes"
	fi
	settle "$g_desc ($g_n writes)" "$g_before" "$g_why"
}

ENF0=$(cat "$IPE_FS/enforce")
SA0=$(cat "$IPE_FS/success_audit")
SP0=$(cat $SYS/strict_parse)
ACT=$(cat $SYS/active_policy)
echo "# active policy: '$ACT', enforce=$ENF0 success_audit=$SA0 strict_parse=$SP0"
START_SNAP=$(snap)
# strict parsing, or a signed text with one bad line would load
[ "$SP0" = 1 ] || wr -s 1 $SYS/strict_parse

wr "$IPE_FS/new_policy" "$FZ/fz_a_1.p7s"
expect_eq "setup: fz_a 7.0.0 loads, not active" "OK 0" \
	"$GOT $(cat "$P/fz_a/active" 2>&1)"
FZA=fz_a_1.p7s FZA_VER=7.0.0
A=$P/fz_a
NEWP=$IPE_FS/new_policy
INCOMPLETE="ipe: incomplete policy discarded: "
REJECTED="ipe: policy rejected: line "

# --- new_policy ---
group "new_policy: random bytes and DER-framed random bodies are EBADMSG" \
	"$NEWP" rnd
group "new_policy: fz_n.p7s with a random tail is refused as malformed PKCS7" \
	"$NEWP" tail_n
group "new_policy: fz_n.p7s cut short, outer length fixed, is refused as malformed" \
	"$NEWP" trfix_n
group "new_policy: fz_n.p7s cut short is EBADMSG at close, with a log line each" \
	"$NEWP" trunc_n 0 "$INCOMPLETE"
group "new_policy: bytes past the DER end are EBADMSG, headers past 8 MiB E2BIG" \
	"$NEWP" over_n
group "new_policy: a header announcing exactly 8 MiB is not E2BIG, EBADMSG at close" \
	"$NEWP" cap 0 "${INCOMPLETE}6 of $CAP bytes written"

# 8 MiB + 1 bytes behind a header announcing exactly 8 MiB: refused in one
# write, and in 3 MB pieces at the piece that goes past the cap
before=$(snap)
printf '\060\204\000\177\377\372' >$TMP/big
head -c $((CAP - 5)) /dev/zero >>$TMP/big
why=
wr "$NEWP" $TMP/big
[ "$GOT" = E2BIG ] || why="one write: $GOT"
wr -c 3000000 "$NEWP" $TMP/big
[ "$GOT" = E2BIG ] || why="${why:+$why, }in pieces: $GOT"
[ "$(wc -c <$TMP/big)" -eq $((CAP + 1)) ] || why="${why:+$why, }bad test file"
rm -f $TMP/big
settle "new_policy: 8 MiB + 1 bytes, in one write or in 3 MB pieces, are E2BIG" \
	"$before" "$why"

group "new_policy: flipped bytes in the signed content are EKEYREJECTED" \
	"$NEWP" flipc_n
group "new_policy: a broken signature is EKEYREJECTED or EBADMSG, an untrusted one ENOKEY" \
	"$NEWP" flips_n
group "new_policy: CA-signed garbage text is EBADMSG (ERANGE, EINVAL for bad versions), logged" \
	"$NEWP" sgarb_n 0 "$REJECTED"

# the blob all those were made from loads: the corpus was not refused
# for being broken in some other way, and the snapshot sees a new policy
before=$(snap)
wr "$NEWP" "$FZ/fz_n.p7s"
if [ "$GOT" = OK ] && [ -d "$P/fz_n" ] && [ "$(snap)" != "$before" ]; then
	pass "new_policy: the unmodified fz_n.p7s loads, and the snapshot shows it"
else
	fail "new_policy: the unmodified fz_n.p7s loads, and the snapshot shows it" \
		"$GOT, $(ls "$P" | tr '\n' ' ')"
fi
wr -s "fz_n$nl" "$IPE_FS/del_policy"
settle "del_policy: deleting fz_n again restores the state" "$before" \
	"$([ "$GOT" = OK ] || echo "del_policy: $GOT")"

# --- del_policy ---
group "del_policy: random and near-miss names are ENOENT or EINVAL, fz_a stays" \
	"$IPE_FS/del_policy" names

# --- policies/fz_a/: raw, update, and the read-only nodes ---
group "fz_a/raw: random bytes are EBADMSG" "$A/raw" rnd 16
group "fz_a/update: random bytes are EBADMSG" "$A/update" rnd 16
group "fz_a/raw: flipped bytes in the content of a signed update are EKEYREJECTED" \
	"$A/raw" flipc_a
group "fz_a/update: a broken signature on an update is EKEYREJECTED or EBADMSG, untrusted ENOKEY" \
	"$A/update" flips_a
group "fz_a/update: a blob cut short, outer length fixed, is refused as malformed" \
	"$A/update" trfix_n 6
group "fz_a/update: an update cut short is EBADMSG at close, with a log line each" \
	"$A/update" trunc_a 0 "$INCOMPLETE"
group "fz_a/raw: bytes past the DER end are EBADMSG, headers past 8 MiB E2BIG" \
	"$A/raw" over_n
group "fz_a/raw: CA-signed garbage text is EBADMSG, with its line in the kernel log" \
	"$A/raw" sgarb_a 0 "$REJECTED"

before=$(snap)
wr "$A/update" "$FZ/fz_a_2.p7s"
if [ "$GOT" = OK ] && [ "$(cat "$A/version")" = 7.1.0 ] &&
   cmp -s "$A/content" "$FZ/fz_a_2.pol" && [ "$(snap)" != "$before" ]; then
	pass "fz_a/update: the unmodified 7.1.0 update is taken, and the snapshot shows it"
else
	fail "fz_a/update: the unmodified 7.1.0 update is taken, and the snapshot shows it" \
		"$GOT, version $(cat "$A/version")"
fi
FZA=fz_a_2.p7s FZA_VER=7.1.0

# root may open a 0444 node for writing (CAP_DAC_OVERRIDE): the node itself
# must refuse, even a valid signed update to 7.2.0
before=$(snap)
why=
for node in content policy name version pkcs7; do
	wr "$A/$node" "$FZ/fz_a_3.p7s"
	case "$GOT" in
	EACCES | EPERM | EINVAL | EBADF) ;;
	*) why="${why:+$why, }$node: $GOT" ;;
	esac
done
settle "fz_a: content, policy, name, version and pkcs7 refuse a valid update" \
	"$before" "$why"

# --- the active policy's update node (when a policy is active) ---
AP=$P/$ACT
if [ -n "$ACT" ] && [ -d "$AP" ]; then
	group "the active policy's update: random bytes are EBADMSG" \
		"$AP/update" rnd 8
	group "the active policy's update: flipped signed content is EKEYREJECTED" \
		"$AP/update" flipc_n 8
	group "the active policy's update: CA-signed garbage text is EBADMSG" \
		"$AP/update" sgarb_a
else
	skip "the active policy's update node" "no policy is active"
fi

# --- 0/1 nodes ---
group "fz_a/active: random words, non-booleans and false values are EINVAL" \
	"$A/active" rword+boolval+zero
group "fz_a/delete: random words, non-booleans and false values are EINVAL" \
	"$A/delete" rword+boolval+zero
group "securityfs enforce: random words and non-booleans are EINVAL" \
	"$IPE_FS/enforce" rword+boolval
group "securityfs success_audit: random words and non-booleans are EINVAL" \
	"$IPE_FS/success_audit" rword+boolval
if [ -n "$ACT" ] && [ -d "$AP" ]; then
	# ipe.rst: what kstrtobool() reads as true counts as 1, as in
	# mainline; activating the active policy changes nothing, and it
	# cannot be deleted
	group "the active policy's active: y, t, on, 1junk and such are true, a no-op" \
		"$AP/active" laxtrue_act
	group "the active policy's delete: y, t, on, 1junk and such are true, EPERM" \
		"$AP/delete" laxtrue_del
fi

# --- sysctls ---
for s in enforce success_audit strict_parse; do
	if [ ! -e $SYS/$s ]; then
		skip "ipe.$s: fuzzed writes" "no $SYS/$s"
		continue
	fi
	group "ipe.$s: random words and values other than 0 or 1 are EINVAL" \
		$SYS/$s rword+intval
done
group "ipe.active_policy: near-miss names are ENOENT; empty, NUL-holding, overlong EINVAL" \
	$SYS/active_policy actnames

# --- the valid writes among them: taken, and nothing changes ---
before=$(snap)
why=
# ok DESC ARGS...: an ipe_write that must print OK
ok() {
	o_desc=$1
	shift
	wr "$@"
	[ "$GOT" = OK ] || why="${why:+$why, }$o_desc: $GOT"
}
if [ -e $SYS/enforce ]; then
	ok "enforce" -s "$ENF0" "$IPE_FS/enforce"
	ok "enforce\\n" -s "$ENF0$nl" "$IPE_FS/enforce"
	ok "ipe.enforce" -s "$ENF0" $SYS/enforce
	ok "ipe.enforce\\n" -s "$ENF0$nl" $SYS/enforce
fi
ok "success_audit" -s "$SA0" "$IPE_FS/success_audit"
ok "success_audit\\n" -s "$SA0$nl" "$IPE_FS/success_audit"
ok "ipe.success_audit" -s "$SA0" $SYS/success_audit
ok "ipe.success_audit\\n" -s "$SA0$nl" $SYS/success_audit
ok "ipe.strict_parse" -s "1$nl" $SYS/strict_parse
if [ -n "$ACT" ] && [ -d "$AP" ]; then
	ok "ipe.active_policy" -s "$ACT" $SYS/active_policy
	ok "ipe.active_policy\\n" -s "$ACT$nl" $SYS/active_policy
	ok "active" -s 1 "$AP/active"
	ok "active\\n" -s "1$nl" "$AP/active"
fi
settle "the current value written to each 0/1 node and sysctl is taken, nothing changes" \
	"$before" "$why"

# and 1 deletes: the delete node is not refusing everything
before=$(snap)
wr "$NEWP" "$FZ/fz_d.p7s"
why=
[ "$GOT" = OK ] || why="loading fz_d: $GOT"
wr -s "1$nl" "$P/fz_d/delete"
[ "$GOT" = OK ] || why="${why:+$why, }delete: $GOT"
[ ! -e "$P/fz_d" ] || why="${why:+$why, }fz_d still there"
settle "fz_d/delete: echo 1 deletes an inactive policy" "$before" "$why"

# --- clean up, and compare with the state found at the start ---
[ "$(cat "$A/active" 2>/dev/null)" = 1 ] ||
	wr -s fz_a "$IPE_FS/del_policy"
[ "$SP0" = 1 ] || wr -s "$SP0" $SYS/strict_parse
now=$(snap)
if [ "$now" = "$START_SNAP" ]; then
	pass "at the end no fz_ policy is left and every setting is as found"
else
	fail "at the end no fz_ policy is left and every setting is as found" \
		"$(changes "$START_SNAP" "$now")"
fi
rm -rf $TMP
echo "# securityfs fuzz: $WRITES writes in $(($(date +%s) - START)) s"
