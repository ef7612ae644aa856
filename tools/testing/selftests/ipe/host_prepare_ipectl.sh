#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_ipectl.sh OUT KEYDIR: on the host, build ipectl
# (tools/security/ipe) and make what test_80_ipectl.sh needs in the VM:
#
#   OUT/data/ipectl                 the binary (dynamic: libcrypto.so.3 and
#                                   libc, which the initramfs already has
#                                   for veritysetup)
#   OUT/data/ipectl_NAME.pol        the policies, and their signed blobs
#   OUT/data/ipectl_NAME.p7s        made by "ipectl sign" with KEYDIR/ca.*
#   OUT/data/ipectl_a_1.untrusted.p7s  signed by KEYDIR/untrusted.*
#   OUT/data/ipectl_a_1.tampered.p7s   changed after signing
#   OUT/data/ipectl_bad.p7s         a policy with an error, signed --force
#
# Every policy has policy_version 5.0.0 or more (the tests before 80 go up
# to 4.x and activation refuses a version lower than the active one) and
# a name no other test uses. OUT/data is copied into the VM as $IPE_DATA.
set -euo pipefail
out=$1 keys=$2
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../../../security/ipe
data=$out/data
obj=$out/ipectl-obj
mkdir -p "$data" "$obj"

die() {
	echo "host_prepare_ipectl.sh: $*" >&2
	exit 1
}

[ -r "$src/Makefile" ] || die "$src: no ipectl sources"
make -s -C "$src" OUTPUT="$obj/" >/dev/null || die "ipectl does not build"
install -m 755 "$obj/ipectl" "$data/ipectl"
ipectl=$obj/ipectl

# pol NAME TEXT...: OUT/data/ipectl_NAME.pol, one line per TEXT
pol() {
	local name=$1

	shift
	printf '%s\n' "$@" >"$data/ipectl_$name.pol"
}

# sign NAME [KEYNAME [--force]]: OUT/data/ipectl_NAME.p7s, by ipectl itself
sign() {
	local name=$1 key=${2:-ca} suffix=

	[ "$key" = ca ] || suffix=.$key
	"$ipectl" sign "$data/ipectl_$name.pol" --key "$keys/$key.key" \
		--cert "$keys/$key.pem" -o "$data/ipectl_$name$suffix.p7s" \
		${3:-} 2>/dev/null || die "ipectl sign $name failed"
}

pol a_1 'policy_name=ipectl_a policy_version=5.0.0' 'DEFAULT action=ALLOW'
pol a_2 'policy_name=ipectl_a policy_version=5.1.0' 'DEFAULT action=ALLOW' \
	'op=EXECUTE boot_verified=TRUE action=ALLOW'
pol b 'policy_name=ipectl_b policy_version=5.2.0' 'DEFAULT action=ALLOW'
pol old 'policy_name=ipectl_old policy_version=5.0.1' 'DEFAULT action=ALLOW'
pol bad 'policy_name=ipectl_bad policy_version=5.0.0' 'DEFAULT action=ALLOW' \
	'op=EXECUTE action=allow'
for name in a_1 a_2 b old; do
	"$ipectl" check --Werror "$data/ipectl_$name.pol" ||
		die "ipectl_$name.pol does not check cleanly"
	sign "$name"
done
sign bad ca --force
sign a_1 untrusted

# A signed policy whose content was changed after signing.
cp "$data/ipectl_a_1.p7s" "$data/ipectl_a_1.tampered.p7s"
off=$(grep -obUa "action=ALLOW" "$data/ipectl_a_1.p7s" | head -1 | cut -d: -f1)
[ -n "$off" ] || die "no policy text in ipectl_a_1.p7s"
printf 'D' | dd of="$data/ipectl_a_1.tampered.p7s" bs=1 seek=$((off + 7)) \
	conv=notrunc status=none
