#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_verdicts.sh OUT KEYDIR: on the host, after
# host_prepare_docs.sh, host_prepare_verity.sh and host_prepare_fsverity.sh,
# the policies of test_71_mainline_verdicts.sh: each example of the admin
# guide's "Policies written for mainline" section (doc_mainline-*.pol),
# unchanged but for two things a test needs: its version, raised to 4.5.N
# so that it can be activated after test_60's 4.1.0, and the placeholder
# digest of its dmverity_roothash or fsverity_digest rule, replaced by
# the root hash of dm-verity volume 1 or the fs-verity digest of the file
# mv_digest. Writes OUT/data/mv_NAME.pol and .p7s, mv_NAME.name (the
# policy_name), mv.list (the NAMEs) and mv_done (4.9.0, allows all).
set -euo pipefail
out=$1 keys=$2
data=$out/data
placeholder=0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0

die() {
	echo "host_prepare_verdicts.sh: $*" >&2
	exit 1
}

sign() {
	openssl smime -sign -in "$1" -signer "$keys/ca.pem" \
		-inkey "$keys/ca.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

roothash=$(cat "$data/dmv_roothash")
digest=$(cat "$data/fsv_mv_digest.digest")
digest=${digest#sha256:}
[ ${#roothash} = 64 ] && [ ${#digest} = 64 ] ||
	die "no root hash of volume 1 or digest of mv_digest"

: >"$data/mv.list"
n=0
for f in "$data"/doc_mainline-*.pol; do
	[ -e "$f" ] || die "no doc_mainline-*.pol: run host_prepare_docs.sh first"
	name=$(basename "$f" .pol)
	name=${name#doc_mainline-}
	grep -q "^policy_name=[^ ]* policy_version=0\.0\.0$" "$f" ||
		die "$f: the first line is not 'policy_name=NAME policy_version=0.0.0'"
	sed -e "1s/policy_version=0\.0\.0$/policy_version=4.5.$n/" \
		-e "s/dmverity_roothash=sha256:$placeholder/dmverity_roothash=sha256:$roothash/" \
		-e "s/fsverity_digest=sha256:$placeholder/fsverity_digest=sha256:$digest/" \
		"$f" >"$data/mv_$name.pol"
	sed -n '1s/^policy_name=\([^ ]*\) .*/\1/p' "$f" >"$data/mv_$name.name"
	sign "$data/mv_$name.pol" "$data/mv_$name.p7s"
	echo "$name" >>"$data/mv.list"
	n=$((n + 1))
done
printf 'policy_name=mv_done policy_version=4.9.0\nDEFAULT action=ALLOW\n' \
	>"$data/mv_done.pol"
sign "$data/mv_done.pol" "$data/mv_done.p7s"
