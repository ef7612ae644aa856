#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every example policy of the admin guide
# (Documentation/admin-guide/LSM/ipe.rst) loads: host_prepare_docs.sh
# extracted them as $IPE_DATA/doc_NAME.pol, with their policy_name in
# doc_NAME.name, and listed the NAMEs in doc_examples.list; the test signs
# them on the spot. Each is loaded through new_policy, read back and
# deleted again; none is activated.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
P=$IPE_FS/policies
LIST=$IPE_DATA/doc_examples.list

if [ ! -s "$LIST" ]; then
	skip "the admin guide's example policies" \
		"no $LIST (host_prepare_docs.sh extracts them from the kernel source)"
	exit 0
fi
signed_policies
resign_data 'doc_*'

while IFS= read -r name <&3; do
	[ -n "$name" ] || continue
	pname=$(cat "$IPE_DATA/doc_$name.name" 2>/dev/null)
	expect_write "doc example $name loads through new_policy" OK \
		"$IPE_FS/new_policy" "$D/doc_$name.p7s"
	check "doc example $name: content reads back byte for byte" \
		cmp "$P/$pname/content" "$D/doc_$name.pol"
	expect_write "doc example $name: del_policy deletes it" OK \
		-s "$pname" "$IPE_FS/del_policy"
done 3<"$LIST"
