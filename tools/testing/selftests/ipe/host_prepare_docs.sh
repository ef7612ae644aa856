#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_docs.sh OUT KEYDIR: on the host, take every example policy
# of the IPE admin guide (Documentation/admin-guide/LSM/ipe.rst) for
# test_70_doc_examples.sh, so that the document and the parser cannot
# drift apart. An example is a literal block announced by the comment
#
#	.. ipe-example: NAME
#
# followed (after blank lines) by "::", a paragraph ending in "::" or a
# ".. code-block::" directive, and then the indented block. For each it
# writes OUT/data/doc_NAME.pol (the block without its indentation),
# doc_NAME.p7s (signed as host_prepare.sh signs), doc_NAME.name (its
# policy_name) and the list OUT/data/doc_examples.list, one NAME a line.
# Fails when the document has no example, or an example is malformed.
set -euo pipefail
out=$1 keys=$2
data=$out/data
doc=$(dirname "$0")/../../../../Documentation/admin-guide/LSM/ipe.rst
mkdir -p "$data"

die() {
	echo "host_prepare_docs.sh: $*" >&2
	exit 1
}

[ -r "$doc" ] || die "$doc: no admin guide"

# sign IN OUT: an attached PKCS#7 signature, as documented.
sign() {
	openssl smime -sign -in "$1" -signer "$keys/ca.pem" \
		-inkey "$keys/ca.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Split the examples into $work/NAME.pol and list them in $work/list, in
# document order. Errors name the document line.
awk -v dir="$work" '
function fail(msg) {
	printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	bad = 1
	exit 1
}
function indent(s) {
	match(s, /^[ ]*/)
	return RLENGTH
}
function finish() {
	if (state != "body")
		return
	if (!nlines)
		fail("example " name " is empty")
	# drop trailing blank lines
	while (nlines && lines[nlines] == "")
		nlines--
	f = dir "/" name ".pol"
	for (i = 1; i <= nlines; i++)
		print lines[i] > f
	close(f)
	print name > (dir "/list")
	state = ""
}
{
	sub(/\r$/, "")
}
state == "body" {
	if ($0 ~ /^[ \t]*$/) {
		if (nlines)
			lines[++nlines] = ""
		next
	}
	if ($0 ~ /\t/)
		fail("tab in example " name)
	if (!nlines)
		width = indent($0)
	if (width == 0)
		fail("example " name " is not an indented literal block")
	if (indent($0) < width) {
		finish()
		# this line may itself start the next example: fall through
	} else {
		lines[++nlines] = substr($0, width + 1)
		next
	}
}
state == "opts" {
	# options of a code-block directive, then a blank line
	if ($0 ~ /^[ \t]+:[A-Za-z-]+:/)
		next
	if ($0 ~ /^[ \t]*$/) {
		state = "body"
		nlines = 0
		next
	}
	fail("expected a blank line after the code-block of " name)
}
state == "marker" {
	if ($0 ~ /^[ \t]*$/)
		next
	if ($0 ~ /^::[ \t]*$/ || $0 ~ /[^:]::[ \t]*$/) {
		state = "opts"
		next
	}
	if ($0 ~ /^\.\. (code-block|code|sourcecode)::/) {
		state = "opts"
		next
	}
	fail("ipe-example " name " is not followed by a literal block")
}
/^\.\. ipe-example:/ {
	name = $0
	sub(/^\.\. ipe-example:[ \t]*/, "", name)
	sub(/[ \t]+$/, "", name)
	if (name !~ /^[A-Za-z0-9_-]+$/)
		fail("bad example name \"" name "\" (letters, digits, _ and - only)")
	if (name in seen)
		fail("example name " name " used twice")
	seen[name] = 1
	state = "marker"
	next
}
END {
	if (bad)
		exit 1
	if (state == "marker" || state == "opts")
		fail("ipe-example " name " at the end of the document has no block")
	finish()
}
' "$doc" || die "cannot extract the examples of $doc"

[ -s "$work/list" ] || die "$doc has no ipe-example policy"

# policy_name of a policy file: the first line that is not blank or a
# comment is the header; the name is quoted or a bare token.
policy_name() {
	local hdr

	hdr=$(grep -v -E '^[[:space:]]*(#|$)' "$1" | head -n 1)
	case "$hdr" in
	*'policy_name="'*)
		hdr=${hdr#*policy_name=\"}
		echo "${hdr%%\"*}"
		;;
	*policy_name=*)
		hdr=${hdr#*policy_name=}
		echo "${hdr%%[[:space:]#]*}"
		;;
	esac
}

: >"$data/doc_examples.list"
declare -A names=()
while IFS= read -r name; do
	pol=$work/$name.pol
	pname=$(policy_name "$pol")
	[ -n "$pname" ] || die "example $name: no policy_name in its header"
	[ -z "${names[$pname]:-}" ] ||
		die "examples ${names[$pname]} and $name share policy_name \"$pname\""
	names[$pname]=$name
	cp "$pol" "$data/doc_$name.pol"
	sign "$data/doc_$name.pol" "$data/doc_$name.p7s"
	printf '%s\n' "$pname" >"$data/doc_$name.name"
	echo "$name" >>"$data/doc_examples.list"
done <"$work/list"
