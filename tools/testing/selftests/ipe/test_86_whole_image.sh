#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A whole OS image's allowlist: 200 000 fsverity_digest rules, about 22 MB
# of text, made and signed on the spot (the documented openssl command),
# loads with cat into new_policy, reads back byte for byte, activates and
# decides: a sealed file whose digest is rule 100 000 runs; another
# sealed file and an unsealed one are denied. A second such policy
# updates it and the verdicts swap; it is then deleted. How long each
# load took is printed. The files are copies of ipe_hello on the ext4
# volume of test_96 (disk fsv); the digests the image does not have come
# from AES-CTR over zeroes, the same on every run.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies wi
N=200000
MNT=/tmp/ipe_wi
HELLO="hello from ipe_hello"
DEV=$(disk fsv)
if [ -z "$DEV" ]; then
	fail "whole-image allowlist" "no disk fsv"
	exit 0
fi
mkdir -p $MNT
check "mount the ext4 volume read-write" mount -t ext4 "$DEV" $MNT
IPE_CLEANUP="$IPE_CLEANUP umount $MNT 2>/dev/null;"
rm -f $MNT/wi_in $MNT/wi_out $MNT/wi_plain
# three binaries that differ in a trailing byte, so in their digests
for f in wi_in wi_out wi_plain; do
	cp "$IPE_SELFTESTS/ipe_hello" $MNT/$f
	printf '%s' "$f" >>$MNT/$f
done
check "fsverity enable wi_in and wi_out" sh -c \
	"fsverity enable $MNT/wi_in && fsverity enable $MNT/wi_out"
# the hex of a file's sha256 fs-verity digest
hexdigest() { fsverity measure "$1" | sed -n 's/^sha256:\([0-9a-f]*\) .*/\1/p'; }
DIN=$(hexdigest $MNT/wi_in)
DOUT=$(hexdigest $MNT/wi_out)

# digests N SEED: N pseudo-random sha256 digests in hex, one per line
digests() {
	head -c $(($1 * 32)) /dev/zero |
		openssl enc -aes-128-ctr -nosalt -pbkdf2 -pass "pass:$2" |
		hexdump -v -e '32/1 "%02x" "\n"'
}

# image NAME DIGEST: the template $D/NAME.pol, then N rules allowing a
# digest each, DIGEST's as rule N/2; signed as $D/NAME.p7s
image() {
	{
		cat "$D/$1.pol"
		digests $((N - 1)) "$1" | awk -v d="$2" -v at=$((N / 2)) '
			NR == at { print "op=EXECUTE fsverity_digest=sha256:" d " action=ALLOW" }
			{ print "op=EXECUTE fsverity_digest=sha256:" $0 " action=ALLOW" }'
	} >"$D/$1.big"
	mv "$D/$1.big" "$D/$1.pol"
	sign "$D/$1.pol" "$D/$1.p7s"
}

# seconds since the epoch, with milliseconds
now() { cut -d' ' -f1 /proc/uptime; }

if [ -z "$DIN" ] || [ -z "$DOUT" ] || [ "$DIN" = "$DOUT" ]; then
	fail "fsverity measure gives two digests for wi_in and wi_out" "'$DIN' '$DOUT'"
	exit 0
fi
image wi_1 "$DIN"
image wi_2 "$DOUT"
rules=$(grep -c '^op=EXECUTE fsverity_digest=sha256:' "$D/wi_1.pol")
expect_eq "the policy has $N digest rules" "$N" "$rules"
size=$(wc -c <"$D/wi_1.p7s")
if [ "$size" -gt 20000000 ]; then
	pass "the signed policy is $size bytes"
else
	fail "the signed policy is $size bytes" "expected > 20 MB"
fi

# whatever fails, a policy that allows all is active at the end
if load wi_done; then
	pass "a policy that allows all is loaded"
else
	fail "a policy that allows all is loaded" "cannot load wi_done"
fi
IPE_CLEANUP="$IPE_CLEANUP sysctl -q -w ipe.active_policy=wi_done;
	echo wi >$IPE_FS/del_policy 2>/dev/null; echo wi_done >$IPE_FS/del_policy 2>/dev/null;"

t0=$(now)
check "cat of the signed 200 000-rule policy into new_policy loads it" \
	sh -c "cat $D/wi_1.p7s >$IPE_FS/new_policy"
t1=$(now)
echo "# load of $size bytes, $N rules: $(echo "$t0 $t1" | awk '{ print $2 - $1 }') s"
expect_eq "its version is the signed one" "$(v 6.5.0)" \
	"$(cat "$IPE_FS/policies/wi/version" 2>&1)"
check "it reads back byte for byte" cmp "$IPE_FS/policies/wi/content" "$D/wi_1.pol"
check "it activates" sysctl -q -w ipe.active_policy=wi
expect_eq "a sealed file whose digest is rule 100 000 runs" "$HELLO" \
	"$(run $MNT/wi_in)"
expect_eq "a sealed file with a digest of no rule is denied" "EXIT=126" \
	"$(run $MNT/wi_out)"
expect_eq "a file without fs-verity is denied" "EXIT=126" "$(run $MNT/wi_plain)"
expect_eq "the initramfs still runs (boot_verified)" "$HELLO" \
	"$(run "$IPE_SELFTESTS/ipe_hello")"

t0=$(now)
check "cat of a second 200 000-rule policy into update replaces it" \
	sh -c "cat $D/wi_2.p7s >$IPE_FS/policies/wi/update"
t1=$(now)
echo "# update of $N rules: $(echo "$t0 $t1" | awk '{ print $2 - $1 }') s"
expect_eq "the active policy has the new version" "$(v 6.6.0)" \
	"$(cat "$IPE_FS/policies/wi/version" 2>&1)"
expect_eq "the file it no longer names is denied" "EXIT=126" "$(run $MNT/wi_in)"
expect_eq "the file it names now runs" "$HELLO" "$(run $MNT/wi_out)"

check "the policy that allows all is activated" \
	sysctl -q -w ipe.active_policy=wi_done
check "the 200 000-rule policy is deleted" sh -c "echo wi >$IPE_FS/del_policy"
expect_eq "and is gone" "no" "$([ -e "$IPE_FS/policies/wi" ] && echo yes || echo no)"
rm -f $MNT/wi_in $MNT/wi_out $MNT/wi_plain
