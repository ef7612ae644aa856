#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# keys.sh DIR: the test signing CA (DIR/ca.pem, DIR/ca.key) that the test
# kernel trusts, and an "untrusted" CA the kernel has never seen, for the
# negative tests. Existing keys are kept.
set -euo pipefail
dir=$1
mkdir -p "$dir"

mkca() {
	local name=$1 cn=$2

	[ -s "$dir/$name.pem" ] && [ -s "$dir/$name.key" ] && return 0
	echo "  KEYS    $dir/$name.pem ($cn)"
	openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 36500 \
		-subj "/CN=$cn/" -keyout "$dir/$name.key" -out "$dir/$name.pem" \
		-addext "basicConstraints=critical,CA:TRUE" \
		-addext "keyUsage=digitalSignature,keyCertSign" \
		-addext "subjectKeyIdentifier=hash" 2>/dev/null
	chmod 600 "$dir/$name.key"
}

mkca ca "IPE test signing CA"
mkca untrusted "IPE untrusted CA"
