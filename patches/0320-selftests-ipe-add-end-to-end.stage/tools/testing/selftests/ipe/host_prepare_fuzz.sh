#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host_prepare_fuzz.sh OUT KEYDIR: on the host, the corpus of
# test_90_securityfs_fuzz.sh in OUT/data/fuzz/ ($IPE_DATA/fuzz in the VM).
# Everything comes from one seeded generator, so every run writes the same
# bytes. Each LIST.list names one class of inputs, a line per file:
#
#   FILE WANT      WANT: the errno name(s) ipe_write must print, '|'
#                  between alternatives ("OK" for a write that is taken)
#
# The classes (and the base policies, all policy_version 7.x, names fz_*):
#
#   rnd      random bytes whose first byte is not a DER SEQUENCE, and DER
#            SEQUENCEs of exact length around a random body: EBADMSG
#   tail_n   fz_n.p7s with everything from a random offset on replaced
#            by random bytes, length kept: a malformed PKCS#7 message
#   trfix_n  fz_n.p7s cut short, with the outer length fixed up to match:
#            a complete but malformed PKCS#7 message
#   trunc_*  fz_n.p7s / fz_a_2.p7s cut short, header as signed: the blob
#            never completes (EBADMSG at close, with a kernel log line)
#   over_n   fz_n.p7s with bytes past its end (EBADMSG), and headers that
#            announce more than the 8 MiB cap (E2BIG)
#   cap      a header announcing exactly the cap: not E2BIG, incomplete
#   flipc_*  bytes of the signed content flipped: EKEYREJECTED
#   flips_*  bytes of the RSA signature flipped, zeroed or set to 0xff, the
#            signature of another policy, an untrusted signer (ENOKEY)
#   sgarb_*  valid CA signatures over garbage text: mainline's errors,
#            EBADMSG (ERANGE, EINVAL for a bad policy_version number)
#   rword    random bytes that no boolean or integer parser can accept
#   boolval, zero, laxtrue_*, intval hand-made values for the 0/1 nodes
#   names    del_policy names; actnames  ipe.active_policy names
#
# openssl checks the corpus: the base blobs and every sgarb_* blob verify
# against KEYDIR/ca.pem, no flipc_*/flips_* blob does.
set -euo pipefail
out=$1 keys=$2
fz=$out/data/fuzz
rm -rf "$fz"
mkdir -p "$fz"

die() {
	echo "host_prepare_fuzz.sh: $*" >&2
	exit 1
}

# sign IN OUT [KEYNAME]: as documented, and as host_prepare.sh signs
sign() {
	local name=${3:-ca}

	openssl smime -sign -in "$1" -signer "$keys/$name.pem" \
		-inkey "$keys/$name.key" -binary -outform der -noattr \
		-nodetach -out "$2"
}

# verifies FILE: the signature verifies and chains to the test CA
verifies() {
	openssl smime -verify -binary -inform der -in "$1" \
		-CAfile "$keys/ca.pem" -purpose any -out /dev/null 2>/dev/null
}

printf 'policy_name=fz_a policy_version=7.0.0\nDEFAULT action=ALLOW\n' \
	>"$fz/fz_a_1.pol"
printf '%s\n' 'policy_name=fz_a policy_version=7.1.0' 'DEFAULT action=ALLOW' \
	'op=EXECUTE boot_verified=TRUE action=ALLOW' >"$fz/fz_a_2.pol"
printf '%s\n' 'policy_name=fz_a policy_version=7.2.0' 'DEFAULT action=ALLOW' \
	'op=KMODULE boot_verified=TRUE action=ALLOW' >"$fz/fz_a_3.pol"
printf 'policy_name=fz_n policy_version=7.0.0\nDEFAULT action=ALLOW\n' \
	>"$fz/fz_n.pol"
printf 'policy_name=fz_d policy_version=7.0.0\nDEFAULT action=ALLOW\n' \
	>"$fz/fz_d.pol"
for p in fz_a_1 fz_a_2 fz_a_3 fz_n fz_d; do
	sign "$fz/$p.pol" "$fz/$p.p7s"
	verifies "$fz/$p.p7s" || die "$p.p7s does not verify"
done
sign "$fz/fz_n.pol" "$fz/fz_n.untrusted.p7s" untrusted
sign "$fz/fz_a_2.pol" "$fz/fz_a_2.untrusted.p7s" untrusted

/usr/bin/python3 - "$fz" <<'PY'
import os
import random
import string
import sys

fz = sys.argv[1]
rng = random.Random(90)
lists = {}
CAP = 8 << 20
STRUCT = "EBADMSG|EINVAL|ENOPKG|ENOKEY|EKEYREJECTED"
SIGBAD = "EKEYREJECTED|EBADMSG"
INCOMPLETE = "EBADMSG"


def add(lst, rel, data, want):
    if data is not None:
        path = os.path.join(fz, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    lists.setdefault(lst, []).append("%s %s" % (rel, want))


def rbytes(n, alphabet=None):
    if alphabet is None:
        return bytes(rng.getrandbits(8) for _ in range(n))
    return bytes(rng.choice(alphabet) for _ in range(n))


def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def seq(body):
    return b"\x30" + der_len(len(body)) + body


def tlv(b, off):
    """header and value length of the DER element at off"""
    n = b[off + 1]
    if n < 0x80:
        return 2, n
    k = n & 0x7f
    return 2 + k, int.from_bytes(b[off + 2:off + 2 + k], "big")


def kids(b, off):
    h, n = tlv(b, off)
    p, end, out = off + h, off + h + n, []
    while p < end:
        out.append(p)
        hh, nn = tlv(b, p)
        p += hh + nn
    return out


def value(b, off):
    h, n = tlv(b, off)
    return off + h, off + h + n


def layout(b):
    """value ranges of the attached content and of the signature"""
    h, n = tlv(b, 0)
    assert b[0] == 0x30 and h + n == len(b)
    sd = kids(b, kids(b, 0)[1])[0]           # ContentInfo [0] SignedData
    sdk = kids(b, sd)
    octet = kids(b, kids(b, sdk[2])[1])[0]   # contentInfo [0] OCTET STRING
    si = kids(b, sdk[-1])[0]                 # signerInfos: the SignerInfo
    sig = kids(b, si)[-1]                    # encryptedDigest
    assert b[octet] == 0x04 and b[sig] == 0x04
    return value(b, octet), value(b, sig)


def flip(b, lo, hi, k):
    t = bytearray(b)
    for p in rng.sample(range(lo, hi), k):
        t[p] ^= rng.randrange(1, 256)
    return bytes(t)


def load(name):
    with open(os.path.join(fz, name), "rb") as f:
        return f.read()


n_blob, a2_blob, d_blob = load("fz_n.p7s"), load("fz_a_2.p7s"), load("fz_d.p7s")
(n_clo, n_chi), (n_slo, n_shi) = layout(n_blob)
(a_clo, a_chi), (a_slo, a_shi) = layout(a2_blob)
assert n_blob[n_clo:n_chi] == load("fz_n.pol")
assert a2_blob[a_clo:a_chi] == load("fz_a_2.pol")
d_sig = slice(*layout(d_blob)[1])
assert n_shi - n_slo == d_sig.stop - d_sig.start == 256

# rnd: random bytes not starting a DER SEQUENCE; DER-framed random bodies
# whose first byte is not the OBJECT IDENTIFIER a ContentInfo starts with
for i in range(32):
    d = bytearray(rbytes(rng.choice([1, 2, 3, 5, 8]) if i < 6
                         else rng.randrange(9, 2049)))
    while d[0] == 0x30:
        d[0] = rng.getrandbits(8)
    add("rnd", "rnd/%03d.bin" % i, bytes(d), "EBADMSG")
for i in range(12):
    d = bytearray(rbytes(rng.randrange(1, 3000)))
    while d[0] == 0x06:
        d[0] = rng.getrandbits(8)
    add("rnd", "rnd/der%03d.bin" % i, seq(bytes(d)), "EBADMSG")

# tail_n: a valid prefix, then random bytes up to the original length
for i in range(24):
    k = rng.randrange(4, len(n_blob))
    add("tail_n", "tail/%03d.bin" % i,
        n_blob[:k] + rbytes(len(n_blob) - k), STRUCT)

# trfix_n: cut short, outer length fixed; plus an empty SEQUENCE and a
# BER indefinite-length header before random bytes
for i in range(10):
    k = rng.randrange(5, len(n_blob) - 1)
    add("trfix_n", "trfix/%03d.bin" % i, seq(n_blob[4:k]), STRUCT)
add("trfix_n", "trfix/empty.bin", b"\x30\x00", STRUCT)
add("trfix_n", "trfix/indef.bin", b"\x30\x80" + rbytes(200), STRUCT)

# trunc_*: the header as signed, fewer bytes than it announces
for k in [1, 2, 3, 4, 5, 60, len(n_blob) // 2, len(n_blob) - 1]:
    add("trunc_n", "trunc/n_%04d.bin" % k, n_blob[:k], INCOMPLETE)
for k in [1, 4, len(a2_blob) - 1]:
    add("trunc_a", "trunc/a_%04d.bin" % k, a2_blob[:k], INCOMPLETE)

# over_n: bytes past the announced end; headers past the cap
add("over_n", "over/nul.bin", n_blob + b"\0", "EBADMSG")
add("over_n", "over/newline.bin", n_blob + b"\n", "EBADMSG")
for i in range(4):
    add("over_n", "over/%03d.bin" % i,
        n_blob + rbytes(rng.randrange(1, 65)), "EBADMSG")
for name, hdr in [("cap_plus_6", b"\x30\x84\x00\x80\x00\x00"),
                  ("cap_plus_1", b"\x30\x84\x00\x7f\xff\xfb"),
                  ("4g", b"\x30\x84\xff\xff\xff\xff"),
                  ("cap_3byte", b"\x30\x83\x80\x00\x00")]:
    h, n = tlv(hdr + b"\0" * 4, 0)
    assert h + n > CAP
    add("over_n", "over/%s.bin" % name, hdr + rbytes(32), "E2BIG")
add("over_n", "over/len5.bin", b"\x30\x85\x01\x00\x00\x00\x00" + rbytes(16),
    "EBADMSG|E2BIG")
add("over_n", "over/len8.bin", b"\x30\x88" + b"\xff" * 8, "EBADMSG|E2BIG")
cap_hdr = b"\x30\x84\x00\x7f\xff\xfa"
assert sum(tlv(cap_hdr, 0)) == CAP
add("cap", "over/cap_exact.bin", cap_hdr, INCOMPLETE)

# flipc_*: flipped bytes of the signed content
for i in range(16):
    add("flipc_n", "flipc/n_%03d.bin" % i,
        flip(n_blob, n_clo, n_chi, rng.randrange(1, 5)), "EKEYREJECTED")
for i in range(12):
    add("flipc_a", "flipc/a_%03d.bin" % i,
        flip(a2_blob, a_clo, a_chi, rng.randrange(1, 5)), "EKEYREJECTED")

# flips_*: a broken signature over the right content
for i in range(12):
    add("flips_n", "flips/n_%03d.bin" % i,
        flip(n_blob, n_slo, n_shi, rng.randrange(1, 5)), SIGBAD)
add("flips_n", "flips/n_zero.bin",
    n_blob[:n_slo] + b"\0" * 256 + n_blob[n_shi:], SIGBAD)
add("flips_n", "flips/n_ff.bin",
    n_blob[:n_slo] + b"\xff" * 256 + n_blob[n_shi:], SIGBAD)
add("flips_n", "flips/n_other.bin",
    n_blob[:n_slo] + d_blob[d_sig] + n_blob[n_shi:], SIGBAD)
add("flips_n", "fz_n.untrusted.p7s", None, "ENOKEY")
for i in range(6):
    add("flips_a", "flips/a_%03d.bin" % i,
        flip(a2_blob, a_slo, a_shi, rng.randrange(1, 5)), SIGBAD)
add("flips_a", "flips/a_other.bin",
    a2_blob[:a_slo] + d_blob[d_sig] + a2_blob[a_shi:], SIGBAD)
add("flips_a", "fz_a_2.untrusted.p7s", None, "ENOKEY")

# sgarb_*: texts the CA signs (host_prepare_fuzz.sh signs sg/*.txt)
printable = string.printable.encode()
letters = string.ascii_letters.encode()


def garbage_lines(count):
    out = b""
    for _ in range(count):
        line = rbytes(1, letters) + rbytes(rng.randrange(0, 60), printable)
        out += line.replace(b"\n", b" ") + b"\n"
    return out


texts = []
for _ in range(6):
    texts.append(rbytes(rng.randrange(50, 1500)))
for _ in range(6):
    texts.append(rbytes(rng.randrange(50, 800), printable))
for _ in range(6):
    texts.append(b"policy_name=fz_g policy_version=7.0.0\n" +
                 garbage_lines(rng.randrange(1, 8)))
hdr = b"policy_name=fz_g policy_version=7.0.0\n"
# the texts whose error is not EBADMSG: mainline's kstrtou16() codes
errno_of = {
    b"policy_name=fz_g policy_version=70000.0.0\nDEFAULT action=ALLOW\n":
        "ERANGE",
    b"policy_name=fz_g policy_version=7.x.0\nDEFAULT action=ALLOW\n":
        "EINVAL",
}
for t in [b"policy_name=fz_g policy_version=7.0\nDEFAULT action=ALLOW\n",
          b"policy_name=fz_g policy_version=7.0.0.0\nDEFAULT action=ALLOW\n",
          b"policy_name=fz_g policy_version=70000.0.0\nDEFAULT action=ALLOW\n",
          b"policy_name=fz_g policy_version=7.x.0\nDEFAULT action=ALLOW\n",
          hdr + b"op=EXECUTE action=ALLOW\n",
          hdr + b"DEFALUT op=EXECUTE action=DENY\nDEFAULT op=KERNEL_READ action=DENY\n",
          b"policy_version=7.0.0\nDEFAULT action=ALLOW\n",
          b"policy_name=fz/g policy_version=7.0.0\nDEFAULT action=ALLOW\n",
          b"policy_name=. policy_version=7.0.0\nDEFAULT action=ALLOW\n",
          b"policy_name=" + b"g" * 256 + b" policy_version=7.0.0\n",
          b"policy_name=\"fz g policy_version=7.0.0\nDEFAULT action=ALLOW\n",
          b"\xef\xbb\xbf" + hdr + b"DEFAULT action=ALLOW\n",
          hdr + b"DEFAULT action=ALLOW\nDEFAULT action=DENY\n",
          hdr + b"DEFAULT action=ALLOW\x00\n",
          hdr + b"op=EXECUTE action=ALLOW op=EXECUTE\n",
          hdr + b"op=EXECUTE boot_verified=MAYBE action=ALLOW\n",
          b""]:
    texts.append(t)
os.makedirs(os.path.join(fz, "sg"))
for i, t in enumerate(texts):
    add("sgarb_n", "sg/n_%03d.p7s" % i, None, errno_of.get(t, "EBADMSG"))
    with open(os.path.join(fz, "sg", "n_%03d.txt" % i), "wb") as f:
        f.write(t)
for i in range(6):
    add("sgarb_a", "sg/a_%03d.p7s" % i, None, "EBADMSG")
    with open(os.path.join(fz, "sg", "a_%03d.txt" % i), "wb") as f:
        f.write(b"policy_name=fz_a policy_version=7.2.0\n" +
                garbage_lines(rng.randrange(1, 8)))

# rword: nothing kstrtobool() or proc_dointvec() can take: the first byte
# is no space, digit, sign, nor a letter kstrtobool knows
bad_first = set(b"YyTtNnFfOo0123456789-+ \t\n\v\f\r\xa0")
for i in range(12):
    d = bytearray(rbytes(rng.randrange(1, 65)))
    while d[0] in bad_first:
        d[0] = rng.getrandbits(8)
    add("rword", "word/%03d.bin" % i, bytes(d), "EINVAL")


def values(lst, want, vals):
    for i, v in enumerate(vals):
        add(lst, "val/%s_%02d.bin" % (lst, i), v, want)


values("boolval", "EINVAL", [b"2", b"-1", b"maybe", b"x", b" 1", b"\n", b"",
                             b"\t1", b"+1", b"#1"])
values("zero", "EINVAL", [b"0", b"0\n", b"n", b"N", b"f", b"F", b"off",
                          b"no"])
# what kstrtobool() reads as true, as mainline takes it: to the active
# policy's active node a no-op, to its delete node EPERM
laxtrue = [b"y", b"Y", b"t", b"T", b"on", b"ON", b"1junk", b"10", b"yes"]
values("laxtrue_act", "OK", laxtrue)
values("laxtrue_del", "EPERM", laxtrue)
values("intval", "EINVAL", [b"2", b"-1", b"1x", b"x1", b"1.0", b"+1", b"-",
                            b"\n", b"   ", b"yes", b"on", b"true",
                            b"4294967296", b"4294967297",
                            b"99999999999999999999999"])

# names: del_policy takes 1..256 bytes, no NUL, one trailing newline cut
for i in range(24):
    k = rng.randrange(1, 41) if i < 16 else rng.randrange(250, 301)
    d = rbytes(k)
    bad = k > 256 or b"\0" in d or d == b"\n"
    add("names", "name/%03d.bin" % i, d, "EINVAL" if bad else "ENOENT")
for i, (v, want) in enumerate([
        (b"", "EINVAL"), (b"\n", "EINVAL"), (b"fz_a\0", "EINVAL"),
        (b"fz_a\0junk", "EINVAL"), (b"a" * 257, "EINVAL"),
        (b"a" * 256, "ENOENT"), (b"fz_a\n\n", "ENOENT"),
        (b"\nfz_a", "ENOENT"), (b"fz_a ", "ENOENT"), (b" fz_a", "ENOENT"),
        (b"FZ_A", "ENOENT"), (b"fz_a\r\n", "ENOENT"), (b"fz_", "ENOENT"),
        (b"fz_aa", "ENOENT"), (b"fz_a\t", "ENOENT")]):
    add("names", "name/h%02d.bin" % i, v, want)

# actnames: ipe.active_policy takes the bytes as del_policy does (fz_a is
# loaded but not active: a write that activated it would change the state)
for i in range(24):
    k = rng.randrange(1, 41) if i < 16 else rng.randrange(250, 301)
    d = rbytes(k)
    bad = k > 256 or b"\0" in d or d == b"\n"
    add("actnames", "act/%03d.bin" % i, d, "EINVAL" if bad else "ENOENT")
for i, (v, want) in enumerate([
        (b"", "EINVAL"), (b"\n", "EINVAL"), (b"\0", "EINVAL"),
        (b"fz_a\0", "EINVAL"), (b"fz_a\0junk", "EINVAL"),
        (b"fz_a\njunk", "ENOENT"), (b"fz_a\n\n", "ENOENT"),
        (b"a" * 257, "EINVAL"), (b"a" * 256, "ENOENT"),
        (b"fz_a ", "ENOENT"), (b" fz_a", "ENOENT"), (b"FZ_A", "ENOENT"),
        (b"fz_", "ENOENT"), (b"fz_aa", "ENOENT"), (b"fz_a\t", "ENOENT"),
        (b"fz_a\r", "ENOENT")]):
    add("actnames", "act/h%02d.bin" % i, v, want)

for lst, lines in lists.items():
    with open(os.path.join(fz, lst + ".list"), "w") as f:
        f.write("\n".join(lines) + "\n")
PY

for t in "$fz"/sg/*.txt; do
	sign "$t" "${t%.txt}.p7s"
	verifies "${t%.txt}.p7s" || die "signed garbage ${t##*/} does not verify"
	rm "$t"
done
for f in "$fz"/flipc/*.bin "$fz"/flips/*.bin; do
	! verifies "$f" || die "${f#"$fz"/} still verifies"
done
verifies "$fz/fz_n.untrusted.p7s" && die "fz_n.untrusted.p7s verifies"
n=$(cat "$fz"/*.list | wc -l)
echo "  FUZZ    $fz: $n inputs, $(du -sk "$fz" | cut -f1) KiB"
