#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ipe-layers.sh [OBJDIR]: check that the files of security/ipe/ call each
# other one way only, and that the engine does not reach up into the
# LSM's state.
#
# The call graph is read from the built objects of OBJDIR/security/ipe/
# (build/obj-test by default): file A depends on file B when nm lists a
# symbol as undefined in A.o and defined in B.o (a function called or a
# variable used). Objects in subdirectories (the KUnit suites in tests/)
# are left out: tests may call anything, nothing calls them. Two files
# that depend on each other, directly or through others, form a cycle.
# One cycle is allowed: the policy store and its securityfs nodes
# (policy_store, policy_fs, fs), which create each other's entries.
#
# The files of the top layer hold the LSM's state and its interfaces: the
# hooks, the LSM's setup, the settings, the policy store, securityfs, the
# sysctls, uploads and the boot policy. Every other file is the engine
# (parser, properties, digests, index, the trust facts, evaluation,
# audit): it is handed the policies and settings it works on and may not
# use a symbol of the top layer. A new file counts as the engine until it
# is added to the top layer here.
#
# Prints TAP on stdout: test 1 for the cycles ("# cycle: a -> b -> a"
# lines under a failure), test 2 for the layers (one "# a -> b (symbol)"
# line per edge from the engine to the top layer). Exits 1 when a check
# fails or no object was found.
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
objdir=${1:-$REPO/build/obj-test}
dir=$objdir/security/ipe
allowed=' policy_store policy_fs fs '
top=' ipe hooks settings policy_store policy_fs fs sysctl upload boot_policy '

# The objects linked into the kernel: those built-in.a lists (a stale
# object of a renamed file is left out), else every object there.
shopt -s nullglob
if [ -f "$dir/built-in.a" ]; then
	mapfile -t objs < <(ar t "$dir/built-in.a" | awk -v d="$dir/" \
		'index($0, d) == 1 && substr($0, length(d) + 1) !~ /\//')
else
	objs=("$dir"/*.o)
fi
echo "1..2"
if [ ${#objs[@]} -eq 0 ]; then
	echo "not ok 1 - security/ipe has no call cycle (no object in $dir)"
	echo "not ok 2 - the engine does not use the top layer (no object in $dir)"
	exit 1
fi

# "file kind symbol" lines: D for a symbol the file defines, U for one it
# needs.
syms=$(for o in "${objs[@]}"; do
	f=$(basename "$o" .o)
	nm "$o" | awk -v f="$f" '
		$1 == "U" { print f, "U", $2; next }
		NF == 3 && $2 ~ /^[A-TV-Z]$/ { print f, "D", $3 }'
done)

# Edges "a b" (a needs a symbol b defines, first such symbol kept as
# the example), their transitive closure, and one line per set of files
# that reach each other: "cycle|allowed FILES", then one "edge A B SYM"
# line per edge inside the set.
result=$(awk -v allowed="$allowed" '
	$2 == "D" { def[$3] = $1; next }
	$2 == "U" { use[++n] = $1 " " $3 }
	END {
		for (i = 1; i <= n; i++) {
			split(use[i], u, " ")
			b = def[u[2]]
			if (b == "" || b == u[1] || (u[1], b) in edge)
				continue
			edge[u[1], b] = u[2]
			reach[u[1], b] = 1
			node[u[1]] = node[b] = 1
		}
		for (k in node)
			for (i in node)
				if ((i, k) in reach)
					for (j in node)
						if ((k, j) in reach)
							reach[i, j] = 1
		for (i in node) {
			if (i in done || !((i, i) in reach))
				continue
			members = ""
			ok = 1
			for (j in node) {
				if (!((i, j) in reach && (j, i) in reach))
					continue
				done[j] = 1
				in_set[j] = i
				members = members " " j
				if (index(allowed, " " j " ") == 0)
					ok = 0
			}
			print (ok ? "allowed" : "cycle") members
			for (a in node)
				for (b in node)
					if (in_set[a] == i && in_set[b] == i &&
					    (a, b) in edge)
						print "edge " a " " b " " edge[a, b]
		}
	}' <<<"$syms")

if grep -q '^cycle ' <<<"$result"; then
	echo "not ok 1 - security/ipe has no call cycle but the allowed store <-> securityfs"
	rc=1
else
	echo "ok 1 - security/ipe has no call cycle but the allowed store <-> securityfs"
	rc=0
fi
while read -r kind a b sym; do
	case $kind in
	cycle|allowed) echo "# $kind:${a:+ $a}${b:+ $b}${sym:+ $sym}" ;;
	edge) echo "#   $a -> $b ($sym)" ;;
	esac
done <<<"$result"

# Edges "a b sym" from a file of the engine to one of the top layer.
up=$(awk -v top="$top" '
	$2 == "D" { def[$3] = $1; next }
	$2 == "U" { use[++n] = $1 " " $3 }
	END {
		for (i = 1; i <= n; i++) {
			split(use[i], u, " ")
			b = def[u[2]]
			if (b == "" || (u[1], b) in seen ||
			    index(top, " " u[1] " ") || !index(top, " " b " "))
				continue
			seen[u[1], b] = 1
			print u[1], b, u[2]
		}
	}' <<<"$syms")
name="the engine uses nothing of the top layer (hooks, settings, store, securityfs)"
if [ -n "$up" ]; then
	echo "not ok 2 - $name"
	rc=1
else
	echo "ok 2 - $name"
fi
while read -r a b sym; do
	[ -n "$a" ] && echo "#   $a -> $b ($sym)"
done <<<"$up"
exit $rc
