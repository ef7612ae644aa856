#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every example policy of the admin guide
# (Documentation/admin-guide/LSM/ipe.rst) loads: host_prepare_docs.sh
# extracted and signed them as doc_NAME.pol / doc_NAME.p7s, with their
# policy_name in doc_NAME.name, and listed the NAMEs in doc_examples.list.
# Each is loaded through new_policy, read back and deleted again; none is
# activated.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
D=$IPE_DATA
P=$IPE_FS/policies
LIST=$D/doc_examples.list

if [ ! -s "$LIST" ]; then
	fail "the admin guide's example policies were extracted" \
		"$LIST is missing or empty"
fi

while IFS= read -r name <&3; do
	[ -n "$name" ] || continue
	pname=$(cat "$D/doc_$name.name" 2>/dev/null)
	expect_write "doc example $name loads through new_policy" OK \
		"$IPE_FS/new_policy" "$D/doc_$name.p7s"
	check "doc example $name: content reads back byte for byte" \
		cmp "$P/$pname/content" "$D/doc_$name.pol"
	expect_write "doc example $name: del_policy deletes it" OK \
		-s "$pname" "$IPE_FS/del_policy"
done 3<"$LIST"
