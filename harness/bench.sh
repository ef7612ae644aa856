#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh KERNEL SELFTESTS: make bench. Builds a dm-verity volume holding
# a static binary and the signed policies (1, 100, 1 000 and 10 000
# root-hash rules that do not name the volume), boots KERNEL once under
# QEMU with kunit.filter_glob=ipe_bench, and turns what it prints into a
# table and build/bench.json: the in-kernel evaluation medians (see
# security/ipe/tests/eval_bench.c), exec and mmap(PROT_EXEC) per operation with
# no policy and with each policy active (medians of interleaved rounds,
# see harness/bench-guest.sh), load time and memory of 10 000 rules.
# bytes_per_rule is what the parsed tables and the index of 10 000 rules
# hold, per rule, counted in the kernel allocation by allocation
# (ipe_bench_memory); the signed blob the kernel also keeps (it serves raw,
# pkcs7 and, from inside it, content) is pkcs7_bytes_per_rule; the drop
# of MemFree and growth of Slab on a real load are a coarse cross-check.
# eval_ratio_audit_policy is one whole decision with an audit policy set
# to one without (ipe_bench_audit_policy), on an event both policies
# allow.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
B=$REPO/build
kernel=$1 selftests=$2
W=$B/bench
keys=$B/keys
rm -rf "$W"
mkdir -p "$W/st/data" "$W/disks" "$W/vol"

sign() {
	openssl smime -sign -in "$1" -signer "$keys/ca.pem" \
		-inkey "$keys/ca.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

cp "$selftests/ipe/ipe_hello" "$W/vol/"
mksquashfs "$W/vol" "$W/disks/vol.img" -quiet -noappend -all-root
veritysetup format "$W/disks/vol.img" "$W/disks/hash.img" \
	--root-hash-file="$W/st/data/roothash" >/dev/null

# policy NAME N: N rules for random root hashes, DEFAULT action=ALLOW
policy() {
	/usr/bin/python3 - "$1" "$2" >"$W/st/data/$1.pol" <<'PY'
import random, sys
name, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(n)
print("policy_name=%s policy_version=1.0.0" % name)
print("DEFAULT action=ALLOW")
for _ in range(n):
    print("op=EXECUTE dmverity_roothash=sha256:%064x action=DENY" % rng.getrandbits(256))
PY
	sign "$W/st/data/$1.pol" "$W/st/data/$1.p7s"
}
for n in 1 100 1000 10000; do
	policy bench_$n $n
done
policy load_10000 10000

mkdir -p "$W/st/ipe"
cp "$selftests/ipe/ipe_bench" "$selftests/ipe/ipe_hello" \
	"$selftests/ipe/ipe_lib.sh" "$W/st/ipe/"
"$REPO/harness/initramfs.sh" "$W/st" "$W/initramfs.cpio.gz" \
	"$REPO/harness/bench-guest.sh"
"$REPO/harness/run-vm.sh" "$kernel" "$W/initramfs.cpio.gz" "$W/disks" \
	"$W/vm" 1800 kunit.enable=1 kunit.filter_glob=ipe_bench

/usr/bin/python3 - "$W/vm/console.log" "$W/vm/tap.log" "$B/bench.json" <<'PY'
import json, re, statistics, sys
console, tap, out = sys.argv[1:4]
res = {"eval_ns": {}, "exec_ns": {}, "mmap_ns": {}}
errors = []
for line in open(console, errors="replace"):
    m = re.search(r"ipe_bench: eval engine=(\w+) rules=(\d+) pos=(\w+) ns=(\d+)", line)
    if m:
        res["eval_ns"].setdefault(m[1], {}).setdefault(m[2], {})[m[3]] = int(m[4])
    m = re.search(r"ipe_bench: memory rules=(\d+) bytes=(\d+)", line)
    if m:
        res["memory"] = {"rules": int(m[1]), "bytes": int(m[2])}
    m = re.search(r"ipe_bench: audit_policy set=0 ns=(\d+) set=1 ns=(\d+) ratio=([\d.]+)", line)
    if m:
        res["audit_policy_ns"] = {"none": int(m[1]), "set": int(m[2])}
        res["eval_ratio_audit_policy"] = float(m[3])
samples = {}
sizes = {}
for line in open(tap, errors="replace"):
    f = line.split()
    if len(f) == 5 and f[0] == "sample":
        samples.setdefault((f[1], f[2]), []).append(float(f[4]))
    elif len(f) == 3 and f[0] == "size":
        sizes[f[1]] = int(f[2])
    elif line.startswith("error"):
        errors.append(line.strip())
for (kind, cfg), v in samples.items():
    med = statistics.median(v)
    if kind in ("exec", "mmap"):
        res[kind + "_ns"][cfg] = {"median": med, "samples": v}
    else:
        res.setdefault(kind, {})[cfg] = {"median": med, "samples": v}
idx = res["eval_ns"].get("indexed", {})
if (not idx or not res["exec_ns"] or "load" not in res or "memory" not in res
        or "eval_ratio_audit_policy" not in res):
    sys.exit("bench: results missing (see %s and %s)%s" % (console, tap,
             "".join("\n" + e for e in errors)))
res["eval_ratio_10000_vs_1"] = max(idx["10000"][p] / idx["1"][p]
                                   for p in ("end", "middle", "absent"))
for kind in ("exec", "mmap"):
    d = res[kind + "_ns"]
    for n in ("1", "100", "1000", "10000"):
        res["%s_ratio_%s" % (kind, n)] = d["r" + n]["median"] / d["none"]["median"]
    # interleaved: the median of the ratios within each round
    res["%s_ratio_10000_vs_1" % kind] = statistics.median(
        a / b for a, b in zip(d["r10000"]["samples"], d["r1"]["samples"]))
rules = 10000
res["load_ms_10000"] = res["load"]["r10000"]["median"]
res["slab_bytes_per_rule"] = res["slab"]["r10000"]["median"] * 1024 / rules
res["memfree_bytes_per_rule"] = res["memfree"]["r10000"]["median"] * 1024 / rules
res["policy_bytes_per_rule"] = sizes.get("load_10000.pol", 0) / rules
res["pkcs7_bytes_per_rule"] = sizes.get("load_10000.p7s", 0) / rules
# tables and index of a parsed policy, counted allocation by allocation in
# the kernel (eval_bench.c); the signed blob IPE keeps for raw and pkcs7
# (and the content read from inside it) is pkcs7_bytes_per_rule beside
res["bytes_per_rule"] = res["memory"]["bytes"] / res["memory"]["rules"]
res["errors"] = errors
json.dump(res, open(out, "w"), indent=1, sort_keys=True)

print("in-kernel evaluation, median ns (indexed | linear walk):")
print("  %-6s %22s %22s %22s" % ("rules", "end", "middle", "absent"))
lin = res["eval_ns"].get("linear", {})
for n in ("1", "100", "1000", "10000"):
    print("  %-6s" % n + "".join(" %10d | %-9d" % (idx[n][p], lin.get(n, {}).get(p, 0))
                                   for p in ("end", "middle", "absent")))
print("whole syscall, median ns per op (ratio to no policy):")
for kind in ("exec", "mmap"):
    d = res[kind + "_ns"]
    print("  %-5s none %9.0f" % (kind, d["none"]["median"]) +
          "".join("  r%s %9.0f (%.3f)" % (n, d["r" + n]["median"],
                  res["%s_ratio_%s" % (kind, n)]) for n in ("1", "100", "1000", "10000")))
print("eval_ratio_10000_vs_1 %.3f  exec_ratio_10000 %.3f  mmap_ratio_10000 %.3f" %
      (res["eval_ratio_10000_vs_1"], res["exec_ratio_10000"], res["mmap_ratio_10000"]))
print("load_ms_10000 %.1f ms" % res["load_ms_10000"])
print("eval_ratio_audit_policy %.3f (one decision with an audit policy set, "
      "%d ns, to none, %d ns; both allow; target <= 2.1)" %
      (res["eval_ratio_audit_policy"], res["audit_policy_ns"]["set"],
       res["audit_policy_ns"]["none"]))
print("exec_ratio_10000_vs_1 %.3f  mmap_ratio_10000_vs_1 %.3f (interleaved)" %
      (res["exec_ratio_10000_vs_1"], res["mmap_ratio_10000_vs_1"]))
print("per rule: bytes_per_rule %.1f (tables and index) + signed blob kept %.1f;"
      " whole system: MemFree drop %.1f, Slab growth %.1f" %
      (res["bytes_per_rule"], res["pkcs7_bytes_per_rule"],
       res["memfree_bytes_per_rule"], res["slab_bytes_per_rule"]))
for e in errors:
    print("bench: " + e)
print("  OUT     build/bench.json")
PY
