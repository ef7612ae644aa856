#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh KERNEL SELFTESTS: make bench. Builds a dm-verity volume holding
# a static binary and the signed policies (1, 100, 1 000 and 10 000
# root-hash rules that do not name the volume), an ext4 volume with the
# same binary for fs-verity and allowlists of 1, 20 000 and 200 000
# fs-verity digests (the binary's the last one), boots KERNEL under QEMU
# with kunit.filter_glob=ipe_bench, and turns what it prints into a
# table and build/bench.json: the in-kernel evaluation medians (see
# security/ipe/tests/eval_bench.c), exec and mmap(PROT_EXEC) per operation with
# no policy and with each policy active (medians of interleaved rounds,
# see harness/bench-guest.sh), load time and memory of 10 000 rules and
# of 200 000 digest rules. No policy is measured in turn with the
# policies, through the bench kernel's switch that makes IPE's hooks act
# as without one. BOOTS (default 3) boots in all: the later ones run no
# KUnit suite and only the exec and mmap rounds; each ratio to no policy
# is the median of per-boot ratios (each the median of the ratios within
# the rounds of one boot), with their spread beside.
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
# for the guest's check of its no-policy switch: denies the volume
cat >"$W/st/data/bench_deny.pol" <<EOF
policy_name=bench_deny policy_version=1.0.0
DEFAULT action=ALLOW
op=EXECUTE dmverity_roothash=sha256:$(cat "$W/st/data/roothash") action=DENY
EOF
sign "$W/st/data/bench_deny.pol" "$W/st/data/bench_deny.p7s"

# fs-verity: ipe_hello on an ext4 volume with the verity feature (the
# guest enables it), and allowlists of N digests, the binary's last,
# DEFAULT action=ALLOW (so that the guest's tools keep running)
mkdir -p "$W/fsvroot"
cp "$selftests/ipe/ipe_hello" "$W/fsvroot/"
mkfs.ext4 -q -O verity -b 4096 -d "$W/fsvroot" "$W/disks/fsv.rw.img" 16M
fsverity digest "$W/fsvroot/ipe_hello" | cut -d' ' -f1 >"$W/st/data/fsv_digest"
fsvpolicy() {
	/usr/bin/python3 - "$1" "$2" "$(cat "$W/st/data/fsv_digest")" \
		>"$W/st/data/$1.pol" <<'PY'
import random, sys
name, n, mine = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = random.Random(n + 7)
print("policy_name=%s policy_version=1.0.0" % name)
print("DEFAULT action=ALLOW")
for _ in range(n - 1):
    print("op=EXECUTE fsverity_digest=sha256:%064x action=ALLOW" % rng.getrandbits(256))
print("op=EXECUTE fsverity_digest=%s action=ALLOW" % mine)
PY
	sign "$W/st/data/$1.pol" "$W/st/data/$1.p7s"
}
for n in 1 20000 200000; do
	fsvpolicy fsv_$n $n
done

mkdir -p "$W/st/ipe"
cp "$selftests/ipe/ipe_bench" "$selftests/ipe/ipe_hello" \
	"$selftests/ipe/ipe_lib.sh" "$W/st/ipe/"
"$REPO/harness/initramfs.sh" "$W/st" "$W/initramfs.cpio.gz" \
	"$REPO/harness/bench-guest.sh"
# boot DIR TIMEOUT ARGS...: one boot whose timings can be read. The guest
# calibrates its TSC against the PIT; on a busy host that can fail, and
# the kernel then keeps time with jiffies, a few milliseconds a tick,
# which makes every figure a multiple of the tick. Under TCG the guest's
# TSC is the host's, but its timer ticks come late when the host is
# busy, so the clocksource watchdog would take the TSC for unstable and
# switch to a coarse clock halfway through a boot: tsc=reliable keeps
# the watchdog off the TSC. A boot that still ends without the TSC as
# its clock is thrown away and done again, up to three times.
boot() {
	local dir=$1 tmo=$2 try

	shift 2
	for try in 1 2 3; do
		"$REPO/harness/run-vm.sh" "$kernel" "$W/initramfs.cpio.gz" \
			"$W/disks" "$dir" "$tmo" tsc=reliable "$@"
		# the serial console ends its lines with CR LF
		if grep -qE "Switched to clocksource tsc"$'\r'"?$" \
			"$dir/console.log" &&
		   ! grep -q "Marking clocksource 'tsc' as unstable" \
			"$dir/console.log"; then
			return 0
		fi
		echo "bench: $(basename "$dir"): the guest did not keep the" \
			"TSC as its clock (a busy host), try $try of 3" >&2
	done
	echo "bench: no boot kept a TSC clock: timings would be in jiffies" >&2
	exit 1
}
boot "$W/vm" 2400 kunit.enable=1 kunit.filter_glob=ipe_bench
for b in $(seq 2 "${BOOTS:-3}"); do
	boot "$W/vm$b" 1200 kunit.filter_glob=none ipe_bench_short=1
done

/usr/bin/python3 - "$W/vm/console.log" "$W/vm/tap.log" "$B/bench.json" \
	"$W"/vm[0-9]*/tap.log <<'PY'
import json, re, statistics, sys
console, tap, out = sys.argv[1:4]
short_taps = sys.argv[4:]
res = {"eval_ns": {}, "exec_ns": {}, "mmap_ns": {}, "fsv_eval_ns": {},
       "fsv_eval_first_ns": {}, "fsv_eval_after_ns": {},
       "fsv_load_kernel": {}}
errors = []
for line in open(console, errors="replace"):
    m = re.search(r"ipe_bench: eval engine=(\w+) rules=(\d+) pos=(\w+) ns=(\d+)", line)
    if m:
        res["eval_ns"].setdefault(m[1], {}).setdefault(m[2], {})[m[3]] = int(m[4])
    m = re.search(r"ipe_bench: fsv rules=(\d+) pos=(\w+) ns=(\d+)"
                  r"(?: first_ns=(\d+) after_ns=(\d+))?", line)
    if m:
        res["fsv_eval_ns"].setdefault(m[1], {})[m[2]] = int(m[3])
        # the first pass over the digests, and the passes after it
        if m[4]:
            res["fsv_eval_first_ns"].setdefault(m[1], {})[m[2]] = int(m[4])
            res["fsv_eval_after_ns"].setdefault(m[1], {})[m[2]] = int(m[5])
    m = re.search(r"ipe_bench: fsv_load rules=(\d+) ms=([\d.]+) bytes=(\d+)", line)
    if m:
        res["fsv_load_kernel"][m[1]] = {"ms": float(m[2]), "bytes": int(m[3])}
    m = re.search(r"ipe_bench: fsv_load rules=(\d+) alg=sha512 ms=([\d.]+) "
                  r"bytes=(\d+)", line)
    if m:
        res["bytes_per_rule_fsverity_sha512"] = int(m[3]) / int(m[1])
    m = re.search(r"ipe_bench: memory rules=(\d+) bytes=(\d+)", line)
    if m:
        res["memory"] = {"rules": int(m[1]), "bytes": int(m[2])}
    m = re.search(r"ipe_bench: audit_policy set=0 ns=(\d+) set=1 ns=(\d+) ratio=([\d.]+)", line)
    if m:
        res["audit_policy_ns"] = {"none": int(m[1]), "set": int(m[2])}
        res["eval_ratio_audit_policy"] = float(m[3])
def read_tap(path):
    samples, sizes = {}, {}
    for line in open(path, errors="replace"):
        f = line.split()
        if len(f) == 5 and f[0] == "sample":
            samples.setdefault((f[1], f[2]), []).append(float(f[4]))
        elif len(f) == 3 and f[0] == "size":
            sizes[f[1]] = int(f[2])
        elif line.startswith("error"):
            errors.append(line.strip())
    return samples, sizes
samples, sizes = read_tap(tap)
boots = [samples] + [read_tap(t)[0] for t in short_taps]
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
# each boot's ratio to no policy (the median of the ratios within its
# rounds, no policy and the policies measured in turn), then the median
# over the boots and the spread: a figure over target then means the
# kernel, not what else ran on the machine during one boot
res["boots"] = len(boots)
for kind in ("exec", "mmap"):
    for n in ("1", "100", "1000", "10000"):
        per_boot = []
        for bs in boots:
            none, pol = bs.get((kind, "none")), bs.get((kind, "r" + n))
            if none and pol:
                per_boot.append(statistics.median(
                    a / b for a, b in zip(pol, none)))
        if not per_boot:
            sys.exit("bench: no %s samples for r%s" % (kind, n))
        res["%s_ratio_%s" % (kind, n)] = statistics.median(per_boot)
        res["%s_ratio_%s_boots" % (kind, n)] = per_boot
        res["%s_ratio_%s_spread" % (kind, n)] = max(per_boot) - min(per_boot)
    d = res[kind + "_ns"]
    # interleaved: the median of the ratios within each round
    res["%s_ratio_10000_vs_1" % kind] = statistics.median(
        a / b for a, b in zip(d["r10000"]["samples"], d["r1"]["samples"]))
    if (kind, "fsv200000") in samples:
        res["%s_ratio_fsv200000_vs_fsv1" % kind] = statistics.median(
            a / b for a, b in zip(samples[(kind, "fsv200000")],
                                  samples[(kind, "fsv1")]))

# whole-image allowlists of fs-verity digests
fe = res["fsv_eval_ns"]
if "1" in fe and "200000" in fe:
    res["eval_ratio_200000_vs_1"] = max(fe["200000"][p] / fe["1"][p]
                                        for p in ("start", "end", "absent"))
    # the same apart: the first pass, and the passes after it
    for part in ("first", "after"):
        fp = res["fsv_eval_%s_ns" % part]
        if "1" in fp and "200000" in fp:
            res["eval_ratio_200000_vs_1_" + part] = max(
                fp["200000"][p] / fp["1"][p] for p in ("start", "end", "absent"))
    # one digest over and over: the lookup's own work, caches warm
    if "one" in fe["1"] and "one" in fe["200000"]:
        res["eval_ratio_200000_vs_1_one_digest"] = (fe["200000"]["one"] /
                                                    fe["1"]["one"])
fk = res["fsv_load_kernel"]
if "200000" in fk:
    res["bytes_per_rule_fsverity"] = fk["200000"]["bytes"] / 200000
for n in ("20000", "200000"):
    v = samples.get(("load", "fsv" + n))
    if v:
        res["load_ms_" + n] = statistics.median(v)
if "load_ms_200000" in res and "load_ms_20000" in res:
    res["load_ratio_200000_vs_20000"] = res["load_ms_200000"] / res["load_ms_20000"]
if ("slab", "fsv200000") in samples and "fsv_200000.p7s" in sizes:
    grow = (statistics.median(samples[("slab", "fsv200000")]) +
            statistics.median(samples[("vmalloc", "fsv200000")])) * 1024
    res["bytes_per_rule_fsverity_meminfo"] = (grow - sizes["fsv_200000.p7s"]) / 200000
    res["pkcs7_bytes_per_rule_fsverity"] = sizes["fsv_200000.p7s"] / 200000
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
print("whole-image allowlists (fs-verity SHA-256 digests), in-kernel median ns:")
for n in ("1", "20000", "200000"):
    if n in fe:
        print("  %-7s start %6d  end %6d  absent %6d  one digest %6d" %
              (n, fe[n]["start"], fe[n]["end"], fe[n]["absent"],
               fe[n].get("one", 0)))
for k in ("eval_ratio_200000_vs_1", "eval_ratio_200000_vs_1_first",
          "eval_ratio_200000_vs_1_after", "eval_ratio_200000_vs_1_one_digest",
          "load_ms_20000", "load_ms_200000",
          "load_ratio_200000_vs_20000", "bytes_per_rule_fsverity",
          "bytes_per_rule_fsverity_sha512",
          "bytes_per_rule_fsverity_meminfo", "pkcs7_bytes_per_rule_fsverity",
          "exec_ratio_fsv200000_vs_fsv1", "mmap_ratio_fsv200000_vs_fsv1"):
    if k in res:
        print("  %s %.3f" % (k, res[k]))
    else:
        print("  %s missing" % k)
print("ratios to no policy: median of %d boots (spread):" % res["boots"])
for kind in ("exec", "mmap"):
    print("  %-5s" % kind + "".join(
        "  r%s %.3f (%.3f)" % (n, res["%s_ratio_%s" % (kind, n)],
                               res["%s_ratio_%s_spread" % (kind, n)])
        for n in ("1", "100", "1000", "10000")))
for e in errors:
    print("bench: " + e)
print("  OUT     build/bench.json")
# a guest error (a policy that did not load, a switch that did not
# work) makes the figures meaningless
sys.exit(1 if errors else 0)
PY
