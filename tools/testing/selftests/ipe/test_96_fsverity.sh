#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fs-verity trust on an ext4 volume (host_prepare_fsverity.sh made it and
# the policies): copies of ipe_hello allowed by fsverity_digest once
# "fsverity enable" sealed them, and not before; by fsverity_signature
# when fs-verity verified a built-in signature made with "fsverity sign"
# and a certificate added to the ".fs-verity" keyring, also after the
# inode was evicted and read back; denied without fs-verity, with another
# digest, or without a signature; and a file whose first block was
# changed on the disk is refused by fs-verity itself, though its digest
# is allowed; a file whose signed enable failed after the signature check
# does not pass for signed once rewritten and sealed without one; a block
# changed on the disk and read back while fs-verity was being enabled is
# not served once the file is sealed, nor to an open that raced with the
# end of the enable. On
# the device, ipectl audit --suggest turns the denials into digest
# rules, and ipectl allowlist lists the digest of every sealed file of
# the volume, as fsverity measure gives it, in a policy that loads and
# runs the sealed files only.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
resign_data fsv fsv_done
MNT=/tmp/ipe_fsv
S=$IPE_SELFTESTS
HELLO="hello from ipe_hello"
DEV=$(disk fsv)
if [ -z "$DEV" ] || [ ! -e "$IPE_DATA/fsv.pol" ]; then
	fail "the fs-verity disk is attached" "no disk fsv or no fsv policy"
	exit 0
fi
mkdir -p $MNT
check "mount the ext4 volume read-write" mount -t ext4 "$DEV" $MNT

# the digest fsverity measure prints, as sha256:HEX
measure() { fsverity measure "$MNT/$1" 2>&1 | cut -d' ' -f1; }

check "fsverity enable without a signature" fsverity enable $MNT/h_digest
expect_eq "fsverity measure gives the digest fsverity digest gave on the host" \
	"$(cat $IPE_DATA/fsv_h_digest.digest)" "$(measure h_digest)"
check "fsverity enable h_unsigned and h_tamper" sh -c \
	"fsverity enable $MNT/h_unsigned && fsverity enable $MNT/h_tamper"

# the CA into .fs-verity: by name, else by the keyring's id in /proc/keys
add_cert() {
	keyctl padd asymmetric '' %keyring:.fs-verity <"$IPE_DATA/fsv_ca.der" ||
		keyctl padd asymmetric '' \
			"0x$(awk '$9 == ".fs-verity:" { print $1 }' /proc/keys)" \
			<"$IPE_DATA/fsv_ca.der"
}
check "the test CA goes into the .fs-verity keyring" add_cert
check "fsverity enable with the CA's signature" \
	fsverity enable --signature="$IPE_DATA/fsv_h_signed.sig" $MNT/h_signed
check_fails "a signature of another file's digest is refused by fs-verity" \
	fsverity enable --signature="$IPE_DATA/fsv_h_unsigned.untrusted.sig" $MNT/h_plain

load fsv
check "activate the fs-verity policy" sysctl -q -w ipe.active_policy=fsv
expect_eq "fsverity_digest allows the sealed file" "$HELLO" "$(run $MNT/h_digest)"
expect_eq "a file named by digest is denied before fsverity enable" \
	"EXIT=126" "$(run $MNT/h_later)"
check "fsverity enable h_later" fsverity enable $MNT/h_later
expect_eq "and allowed after" "$HELLO" "$(run $MNT/h_later)"
expect_eq "fsverity_signature allows the signed file" "$HELLO" \
	"$(run $MNT/h_signed)"
expect_eq "a sealed file with a digest in no rule and no signature is denied" \
	"EXIT=126" "$(run $MNT/h_unsigned)"
expect_eq "a file without fs-verity is denied" "EXIT=126" "$(run $MNT/h_plain)"
expect_eq "mmap(PROT_EXEC) of the signed file is allowed" OK \
	"$("$S/ipe_mmap" exec $MNT/h_signed)"
expect_eq "mmap(PROT_EXEC) of the unsealed file is denied" EACCES \
	"$("$S/ipe_mmap" exec $MNT/h_plain)"

# ipectl audit --suggest, on the device, turns the denials above into
# rules: the sealed file not in the policy by its fs-verity digest, as
# fsverity measure gives it; the file without fs-verity only listed.
IPECTL=${IPECTL:-$IPE_DATA/ipectl}
if [ -x "$IPECTL" ]; then
	out=$(dmesg | "$IPECTL" audit --suggest - 2>&1)
	expect_eq "ipectl suggests the fs-verity digest of a denied sealed file" \
		"op=EXECUTE fsverity_digest=$(measure h_unsigned) action=ALLOW" \
		"$(echo "$out" | grep "^op=EXECUTE fsverity_digest=$(measure h_unsigned) ")"
	case "$out" in
	*"no verifiable property (no rule):"*"$MNT/h_plain ("*"fs-verity not enabled"*)
		pass "and lists the file without fs-verity, with no rule" ;;
	*)	fail "and lists the file without fs-verity, with no rule" "$out" ;;
	esac
else
	fail "ipectl audit --suggest on fs-verity files" "no $IPECTL"
fi

# ipectl allowlist of the volume: one rule per digest that fsverity
# measure gives for a file on it (the sealed files, those of test_71
# and of an earlier boot too), none for a file without fs-verity; the
# policy passes ipectl check and, loaded at fsv's version and activated,
# runs a sealed file that fsv denies and denies the unsealed one.
if [ -x "$IPECTL" ]; then
	AL=fsv_allow
	ver=$(cat "$IPE_FS/policies/fsv/version")
	out=$("$IPECTL" allowlist --boot-verified --name $AL --version "$ver" \
		-o "$D/$AL.pol" $MNT 2>&1)
	rc=$?
	nfiles=$(($(find $MNT -type f | wc -l)))
	want=$(find $MNT -type f | while read -r f; do
		fsverity measure "$f" 2>/dev/null | cut -d' ' -f1
	done | LC_ALL=C sort)
	nsealed=$(echo "$want" | grep -c '^sha')
	want=$(echo "$want" | LC_ALL=C sort -u)
	got=$(sed -n 's/^op=EXECUTE fsverity_digest=\([^ ]*\) action=ALLOW$/\1/p' \
		"$D/$AL.pol" 2>/dev/null)
	case "$rc:$out" in
	0:*"$nsealed files measured"*", $((nfiles - nsealed)) file"*" without fs-verity skipped"*)
		pass "ipectl allowlist measures every file of the volume" ;;
	*)	fail "ipectl allowlist measures every file of the volume" \
			"exit $rc, $nfiles files, $nsealed sealed: $out" ;;
	esac
	expect_eq "its rules are the digests fsverity measure gives, each once, in order" \
		"$want" "$got"
	plain=$(fsverity digest $MNT/h_plain 2>/dev/null | cut -d' ' -f1)
	if [ -n "$plain" ]; then
		expect_eq "no rule for the file without fs-verity" 0 \
			"$(grep -c "fsverity_digest=$plain " "$D/$AL.pol")"
	else
		skip "no rule for the file without fs-verity" "no fsverity digest"
	fi
	check "ipectl check accepts the allowlist" "$IPECTL" check "$D/$AL.pol"
	sign "$D/$AL.pol" "$D/$AL.p7s" 2>/dev/null
	expect_write "the signed allowlist loads" OK "$IPE_FS/new_policy" "$D/$AL.p7s"
	check "and is activated" sysctl -q -w ipe.active_policy=$AL
	expect_eq "the allowlist runs a sealed file fsv has no rule for" "$HELLO" \
		"$(run $MNT/h_unsigned)"
	expect_eq "and a sealed file fsv allows by digest" "$HELLO" "$(run $MNT/h_digest)"
	expect_eq "and denies the file without fs-verity" "EXIT=126" "$(run $MNT/h_plain)"
	check "fsv is active again" sysctl -q -w ipe.active_policy=fsv
	check "the allowlist is deleted" sh -c "echo $AL >$IPE_FS/del_policy"
else
	fail "ipectl allowlist of the fs-verity volume" "no $IPECTL"
fi

# A signed enable that fails after fs-verity verified the signature (a
# fault in ext4's ->end_enable_verity()) leaves an ordinary file whose
# inode was reported as signed. Rewritten with other contents and sealed
# without a signature, it must not pass for signed. ->end_enable_verity()
# is the last step of an enable that allocates: find how many allocation
# sites an enable of a copy of fsv_small passes (fail-nth, by bisection),
# then make each of the last TOP fail in turn. fs-verity rate-limits its
# messages to 10 in 5 s, hence the pause and the small TOP.
TOP=8
LATE="a file whose signed enable failed late is not signed once rewritten and sealed"
# enable_nth N: a signed enable of a fresh copy with the Nth site failing
enable_nth() {
	rm -f $MNT/r_small
	cp "$IPE_DATA/fsv_small" $MNT/r_small &&
		"$S/ipe_fsv_enable" -f $1 $MNT/r_small "$IPE_DATA/fsv_small.sig"
}
if failslab_on; then
	lo=0 hi=1024 why= ran= late=0 failed=0
	# lo: a fault at site lo is injected; hi: at site hi it is not
	[ "$(enable_nth $hi)" = "OK not-injected" ] || why="more than $hi sites"
	while [ -z "$why" ] && [ $((hi - lo)) -gt 1 ]; do
		mid=$(((lo + hi) / 2))
		case "$(enable_nth $mid)" in
		"OK not-injected") hi=$mid ;;
		*) lo=$mid ;;
		esac
	done
	sleep 6
	audit_clear
	nth=$lo
	while [ -z "$why" ] && [ $nth -gt 0 ] && [ $nth -gt $((lo - TOP)) ]; do
		got=$(enable_nth $nth)
		case "$got" in
		OK*) ;;
		*)
			failed=$((failed + 1))
			# mmap(PROT_EXEC): EACCES can only come from IPE
			if cat $MNT/h_plain >$MNT/r_small &&
			   fsverity enable $MNT/r_small; then
				out=$("$S/ipe_mmap" exec $MNT/r_small)
				[ "$out" = EACCES ] || ran="$ran $nth:$out"
			else
				why="rewrite and seal after a fault at $nth failed"
			fi
			;;
		esac
		nth=$((nth - 1))
	done
	rm -f $MNT/r_small
	late=$(dmesg | grep -c "end_enable_verity() failed")
	failslab_off
	echo "# a signed enable passes $lo allocation sites; of the last $TOP," \
		"$failed failed the enable, $late in ->end_enable_verity()"
	[ "$late" -gt 0 ] || why="${why:+$why, }no fault landed in ->end_enable_verity()"
	[ -z "$ran" ] || why="${why:+$why, }passed for signed after a failed signed enable:$ran"
	if [ -z "$why" ]; then
		pass "$LATE"
	else
		fail "$LATE" "$why"
	fi
else
	fail "$LATE" "no failslab or fail-nth (CONFIG_FAILSLAB)"
fi
expect_eq "without a fault, fsv_small takes its signature, and is then allowed" "OK OK" \
	"$(cp "$IPE_DATA/fsv_small" $MNT/r_ok &&
		"$S/ipe_fsv_enable" $MNT/r_ok "$IPE_DATA/fsv_small.sig") $(
	"$S/ipe_mmap" exec $MNT/r_ok)"

# the signature fact lives in the inode: evict it and read it back
sync
echo 3 >/proc/sys/vm/drop_caches
expect_eq "after the inode was evicted the signed file still runs" "$HELLO" \
	"$(run $MNT/h_signed)"

# Pages read while fs-verity is being enabled are hashed from the page
# cache; one evicted after it was hashed and read again from the device
# before the enable ends was never verified. With the block holding the
# message changed on the device, ipe_fsv_race reads it back, over and
# over, during the enable, until it has the changed bytes and sees the
# file sealed; the enable must not leave those bytes to be served under
# the digest of the original ones. A try counts when the child read the
# changed bytes once sealed and the enable hashed the original ones.
RACE="the enable drops what was read while fs-verity was being enabled"
CHANGED="HELLO FROM IPE_HELLO"
won= why=
for try in 1 2 3 4 5 6; do
	rm -f $MNT/h_race
	cp "$S/ipe_hello" $MNT/h_race &&
		printf '\nIPE-FSV-TAG-h_race\n' >>$MNT/h_race &&
		truncate -s "$(cat $IPE_DATA/fsv_h_race.size)" $MNT/h_race ||
		{ why="no copy of ipe_hello on the volume"; break; }
	out=$("$S/ipe_fsv_race" $MNT/h_race "$DEV" "$HELLO" "$CHANGED" \
		$((try * 100)) 2>&1)
	echo "# try $try: $out"
	case "$out" in
	"enable=OK race=WON "*)
		if [ "$(measure h_race)" = "$(cat $IPE_DATA/fsv_h_race.digest)" ]; then
			won=$out
			break
		fi ;;
	enable=*) ;;
	*)	why="ipe_fsv_race: $out"; break ;;
	esac
done
if [ -n "$won" ]; then
	pass "the changed block was read during the enable, the original one hashed"
	expect_eq "$RACE" "after=EIO" "after=${won##*after=}"
	reopen=${won##*reopen=}
	expect_eq "a new open when the file is sealed waits for the drop" \
		"reopen=SIGBUS" "reopen=${reopen%% *}"
	out=$(run $MNT/h_race)
	expect_eq "the sealed file does not run the changed bytes" "" \
		"$(echo "$out" | grep -x "$CHANGED")"
	expect_eq "nor the original ones, which the device no longer holds" "" \
		"$(echo "$out" | grep -x "$HELLO")"
else
	fail "the changed block was read during the enable, the original one hashed" \
		"${why:-not in 6 tries}"
	fail "$RACE" "no race"
fi
rm -f $MNT/h_race

expect_eq "before the tampering, h_tamper runs" "$HELLO" "$(run $MNT/h_tamper)"
umount $MNT
check "change one byte of h_tamper's first block on the disk" \
	"$S/ipe_tamper" "$DEV" IPE-FSV-TAG-h_tamper \
	"$(cat $IPE_DATA/fsv_h_tamper.tagoff)" 200
check "mount again" mount -t ext4 "$DEV" $MNT
check_fails "fs-verity refuses to read the changed file" cat $MNT/h_tamper
expect_eq "and it does not run" "" \
	"$($MNT/h_tamper 2>/dev/null | grep -x "$HELLO")"
expect_eq "its digest is still the allowed one" \
	"$(cat $IPE_DATA/fsv_h_tamper.digest)" "$(measure h_tamper)"

load fsv_done
check "activate fsv_done, which allows everything" \
	sysctl -q -w ipe.active_policy=fsv_done
echo fsv >"$IPE_FS/del_policy"
umount $MNT
