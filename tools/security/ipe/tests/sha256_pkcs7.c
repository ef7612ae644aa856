// SPDX-License-Identifier: GPL-2.0
/*
 * sha256_pkcs7: tests of ipectl's SHA-256 (sha256.c) and of its reader of
 * signed blobs (pkcs7.c), built by run.sh with AddressSanitizer and UBSan
 * where the compiler has them. Every buffer handed to the reader is a
 * heap block of exactly its length, so that a read past it is caught.
 *
 *	sha256_pkcs7 vectors		the digests of FIPS 180-2 and
 *					others, in one piece and in pieces
 *					of every size from 1 to 130 bytes
 *	sha256_pkcs7 sha256 FILE...	"HEX  FILE" per file, as sha256sum
 *					prints it; the digest in pieces of
 *					1, 2, ... 97 bytes must be the same
 *	sha256_pkcs7 content FILE	the content attached to the signed
 *					blob FILE, on stdout
 *	sha256_pkcs7 der		hand-made signedData blobs: lengths
 *					of every form, and malformed ones
 *	sha256_pkcs7 fuzz FILE [N]	the signed blob FILE truncated at
 *					every length, every byte changed,
 *					N random changes and N random blobs
 *
 * Each prints "FAIL: ..." lines for what went wrong and a last line
 * summing up, and exits 0 when nothing failed, 1 otherwise (2: usage).
 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipectl.h"

static unsigned int nchecks, nfailed;

static __printf(2, 3) void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	nchecks++;
	if (ok)
		return;
	nfailed++;
	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static void oom(void)
{
	fprintf(stderr, "sha256_pkcs7: out of memory\n");
	exit(2);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom();
	return p;
}

/* a heap copy of exactly @len bytes */
static u8 *dup_exact(const void *p, size_t len)
{
	u8 *q = xmalloc(len);

	memcpy(q, p, len);
	return q;
}

static void hex(const u8 *md, char out[65])
{
	static const char digits[] = "0123456789abcdef";
	int i;

	for (i = 0; i < IPECTL_SHA256_SIZE; i++) {
		out[2 * i] = digits[md[i] >> 4];
		out[2 * i + 1] = digits[md[i] & 15];
	}
	out[64] = '\0';
}

/* the digest of @p in pieces of @piece bytes (0: in one piece) */
static void sha256_pieces(const u8 *p, size_t len, size_t piece, char out[65])
{
	struct ipectl_sha256 ctx;
	u8 md[IPECTL_SHA256_SIZE];
	size_t off, n;

	if (!piece) {
		ipectl_sha256(p, len, md);
		hex(md, out);
		return;
	}
	ipectl_sha256_init(&ctx);
	for (off = 0; off < len; off += n) {
		n = min(piece, len - off);
		ipectl_sha256_update(&ctx, p + off, n);
	}
	ipectl_sha256_final(&ctx, md);
	hex(md, out);
}

/* known digests: the examples of FIPS 180-2, and others */
static const struct {
	const char *text;
	size_t repeat;		/* the text is @text so many times */
	const char *md;
} vectors[] = {
	{ "", 1,
	  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
	{ "abc", 1,
	  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	{
	  "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
	  1,
	  "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
	{ "The quick brown fox jumps over the lazy dog", 1,
	  "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592" },
	{ "a", 1000000,
	  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
};

static int cmd_vectors(void)
{
	size_t i, r, piece, len, tlen;
	char got[65], hx[65];
	const char *md;
	u8 *buf;

	for (i = 0; i < ARRAY_SIZE(vectors); i++) {
		tlen = strlen(vectors[i].text);
		len = tlen * vectors[i].repeat;
		md = vectors[i].md;
		buf = xmalloc(len);
		for (r = 0; r < vectors[i].repeat; r++)
			memcpy(buf + r * tlen, vectors[i].text, tlen);
		for (piece = 0; piece <= 130; piece++) {
			/* the million a's: in a few piece sizes only */
			if (vectors[i].repeat > 1 && piece > 3 && piece != 64 &&
			    piece != 127)
				continue;
			sha256_pieces(buf, len, piece, got);
			check(!strcmp(got, md),
			      "vector %zu (%zu bytes) by %zu: %s, not %s",
			      i, len, piece, got, md);
		}
		free(buf);
	}
	ipectl_sha256_hex("abc", 3, hx);
	check(!strcmp(hx, vectors[1].md), "ipectl_sha256_hex(\"abc\"): %s", hx);
	printf("%u checks of %zu vectors, %u failed\n", nchecks,
	       ARRAY_SIZE(vectors), nfailed);
	return nfailed ? 1 : 0;
}

static u8 *read_all(const char *path, size_t *len)
{
	size_t cap = 65536, n = 0, r;
	FILE *f = fopen(path, "rb");
	u8 *p, *q;

	if (!f) {
		fprintf(stderr, "sha256_pkcs7: %s: %s\n", path,
			strerror(errno));
		exit(2);
	}
	p = xmalloc(cap);
	while ((r = fread(p + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			cap *= 2;
			q = realloc(p, cap);
			if (!q)
				oom();
			p = q;
		}
	}
	fclose(f);
	/* the reader gets a block of exactly the file's length */
	q = dup_exact(p, n);
	free(p);
	*len = n;
	return q;
}

static int cmd_sha256(int argc, char **argv)
{
	char one[65], got[65];
	size_t len, piece;
	int i;
	u8 *p;

	for (i = 0; i < argc; i++) {
		p = read_all(argv[i], &len);
		sha256_pieces(p, len, 0, one);
		for (piece = 1; piece <= 97; piece++) {
			sha256_pieces(p, len, piece, got);
			check(!strcmp(got, one),
			      "%s in pieces of %zu: %s, in one: %s",
			      argv[i], piece, got, one);
		}
		printf("%s  %s\n", one, argv[i]);
		free(p);
	}
	return nfailed ? 1 : 0;
}

static int cmd_content(const char *path)
{
	size_t len, tlen;
	char *text;
	int err;
	u8 *p;

	p = read_all(path, &len);
	err = ipectl_pkcs7_content((const char *)p, len, &text, &tlen);
	free(p);
	if (err) {
		fprintf(stderr, "sha256_pkcs7: %s: %s\n", path, strerror(-err));
		return 1;
	}
	fwrite(text, 1, tlen, stdout);
	free(text);
	return 0;
}

/*
 * Hand-made blobs: a buffer grown by appending, and elements made by
 * wrapping one in a tag and a length of a chosen form.
 */
struct blob {
	u8 *p;
	size_t len;
};

enum len_form {
	LEN_DER,	/* the shortest form */
	LEN_LONG,	/* long form, one byte more than needed */
	LEN_INDEF,	/* 0x80, contents, 00 00 (BER) */
	LEN_5,		/* 0x85 and five bytes */
	LEN_FF,		/* the reserved 0xff */
	LEN_PLUS1,	/* one more than there is */
};

static void append(struct blob *b, const void *p, size_t n)
{
	u8 *q = realloc(b->p, b->len + n + 1);

	if (!q)
		oom();
	b->p = q;
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void append_byte(struct blob *b, u8 c)
{
	append(b, &c, 1);
}

static void append_len(struct blob *b, size_t len, enum len_form form)
{
	int n = 0, i;

	switch (form) {
	case LEN_INDEF:
		append_byte(b, 0x80);
		return;
	case LEN_FF:
		append_byte(b, 0xff);
		return;
	case LEN_5:
		append_byte(b, 0x85);
		append_byte(b, 0);
		for (i = 3; i >= 0; i--)
			append_byte(b, len >> (8 * i));
		return;
	case LEN_PLUS1:
		len++;
		break;
	default:
		break;
	}
	if (len < 0x80 && form != LEN_LONG) {
		append_byte(b, len);
		return;
	}
	for (i = 0; i < 4; i++)
		if (len >> (8 * i))
			n = i + 1;
	if (form == LEN_LONG)
		n++;
	append_byte(b, 0x80 | n);
	for (i = n - 1; i >= 0; i--)
		append_byte(b, i < 4 ? len >> (8 * i) : 0);
}

/* @inner, freed, wrapped in @tag with a length of @form */
static struct blob wrap(u8 tag, struct blob inner, enum len_form form)
{
	static const u8 eoc[2];	/* end of contents */
	struct blob b = { };

	append_byte(&b, tag);
	append_len(&b, inner.len, form);
	append(&b, inner.p, inner.len);
	if (form == LEN_INDEF)
		append(&b, eoc, sizeof(eoc));
	free(inner.p);
	return b;
}

static struct blob cat(struct blob a, struct blob b)
{
	append(&a, b.p, b.len);
	free(b.p);
	return a;
}

static struct blob bytes(const void *p, size_t n)
{
	struct blob b = { };

	append(&b, p, n);
	return b;
}

static const u8 oid_signed[] = {
	0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02
};

static const u8 oid_data[] = {
	0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01
};

static const u8 oid_enveloped[] = {
	0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x03
};

/* what to change in a hand-made blob */
struct shape {
	enum len_form outer;		/* of the outer SEQUENCE */
	enum len_form octets;		/* of the OCTET STRING */
	u8 octets_tag;			/* 0x04, or 0x24 (constructed) */
	const u8 *oid;			/* the outer OID */
	const u8 *inner_oid;		/* the inner OID */
	bool detached;			/* no [0] in the inner one */
	bool certs;			/* [0] certificates */
	bool certs_twice;
	bool crls;			/* [1] crls */
	bool no_signer_infos;
	bool after_signer_infos;	/* an element after them */
	bool after_content;		/* an element after its [0] */
	bool two_in_wrap;		/* two elements in the outer [0] */
	const char *trailer;		/* bytes after the outer SEQUENCE */
};

static struct blob make(const u8 *text, size_t len, const struct shape *s)
{
	static const u8 version[] = { 0x02, 0x01, 0x01 };
	static const u8 empty_set[] = { 0x31, 0x00 };
	static const u8 null[] = { 0x05, 0x00 };
	struct blob octets, ci, sd, out;

	octets = wrap(s->octets_tag ? s->octets_tag : 0x04, bytes(text, len),
		      s->octets);
	ci = bytes(s->inner_oid ? s->inner_oid : oid_data, sizeof(oid_data));
	if (!s->detached)
		ci = cat(ci, wrap(0xa0, octets, LEN_DER));
	else
		free(octets.p);
	if (s->after_content)
		ci = cat(ci, bytes(null, sizeof(null)));
	sd = cat(bytes(version, sizeof(version)),
		 bytes(empty_set, sizeof(empty_set)));
	sd = cat(sd, wrap(0x30, ci, LEN_DER));
	if (s->certs)
		sd = cat(sd, wrap(0xa0, bytes(null, sizeof(null)), LEN_DER));
	if (s->certs_twice)
		sd = cat(sd, wrap(0xa0, bytes(null, sizeof(null)), LEN_DER));
	if (s->crls)
		sd = cat(sd, wrap(0xa1, bytes(null, sizeof(null)), LEN_DER));
	if (!s->no_signer_infos)
		sd = cat(sd, bytes(empty_set, sizeof(empty_set)));
	if (s->after_signer_infos)
		sd = cat(sd, bytes(null, sizeof(null)));
	sd = wrap(0x30, sd, LEN_DER);
	if (s->two_in_wrap)
		sd = cat(sd, bytes(null, sizeof(null)));
	out = cat(bytes(s->oid ? s->oid : oid_signed, sizeof(oid_signed)),
		  wrap(0xa0, sd, LEN_DER));
	out = wrap(0x30, out, s->outer);
	if (s->trailer)
		out = cat(out, bytes(s->trailer, strlen(s->trailer)));
	return out;
}

/*
 * The reader on a heap copy of exactly @b: 0 and the content in bounds
 * and equal to @text, or the error.
 */
static int read_blob(const struct blob *b, const u8 *text, size_t len,
		     const char *what)
{
	u8 *copy = dup_exact(b->p, b->len);
	size_t n = 0, tlen = 0;
	const u8 *data = NULL;
	char *t = NULL;
	int err, err2;

	err = ipectl_pkcs7_find_content(copy, b->len, &data, &n);
	err2 = ipectl_pkcs7_content((const char *)copy, b->len, &t, &tlen);
	check(err == err2, "%s: find_content %d, content %d", what, err, err2);
	check(!err || err == -EBADMSG, "%s: error %d", what, err);
	if (!err) {
		check(data >= copy && n <= b->len &&
		      (size_t)(data - copy) <= b->len - n,
		      "%s: the content is outside the blob", what);
		if (text)
			check(n == len && !memcmp(data, text, len),
			      "%s: %zu bytes of content, not the %zu given",
			      what, n, len);
	}
	if (!err2) {
		check(tlen == n && t[tlen] == '\0' && !memcmp(t, data, n),
		      "%s: the copy differs from the content", what);
		free(t);
	}
	free(copy);
	return err;
}

static int cmd_der(void)
{
	static const size_t lens[] = {
		0, 1, 127, 128, 255, 256, 65535, 65536, 16777215, 16777216,
	};
	static const u8 high_tag[] = { 0x1f, 0x01, 0x00 };
	static const struct {
		const char *what;
		struct shape s;
		bool ok;
	} shapes[] = {
		{ "certificates and crls", { .certs = true, .crls = true },
		  true },
		{ "certificates only", { .certs = true }, true },
		{ "crls only", { .crls = true }, true },
		{ "non-minimal lengths", { .outer = LEN_LONG,
					   .octets = LEN_LONG }, true },
		{ "a trailer after the blob", { .trailer = "\n" }, true },
		{ "an indefinite outer length (BER)", { .outer = LEN_INDEF },
		  false },
		{ "an indefinite content length (BER)",
		  { .octets = LEN_INDEF }, false },
		{ "a constructed OCTET STRING (BER)",
		  { .octets_tag = 0x24 }, false },
		{ "a five-byte length", { .outer = LEN_5 }, false },
		{ "the reserved length 0xff", { .octets = LEN_FF }, false },
		{ "an outer length beyond the blob", { .outer = LEN_PLUS1 },
		  false },
		{ "a content length beyond its element",
		  { .octets = LEN_PLUS1 }, false },
		{ "envelopedData", { .oid = oid_enveloped }, false },
		{ "inner content not data", { .inner_oid = oid_enveloped },
		  false },
		{ "detached content", { .detached = true }, false },
		{ "certificates twice", { .certs = true, .certs_twice = true },
		  false },
		{ "no signerInfos", { .no_signer_infos = true }, false },
		{ "an element after the signerInfos",
		  { .after_signer_infos = true }, false },
		{ "an element after the content", { .after_content = true },
		  false },
		{ "two elements in the outer [0]", { .two_in_wrap = true },
		  false },
	};
	static const u8 text[] =
		"policy_name=t policy_version=1.2.3\nDEFAULT action=ALLOW\n";
	struct shape der = { };
	struct blob b;
	size_t i, len;
	char what[64];
	u8 *big;
	int err;

	big = xmalloc(lens[ARRAY_SIZE(lens) - 1]);
	for (i = 0; i < lens[ARRAY_SIZE(lens) - 1]; i++)
		big[i] = i * 7 + (i >> 8);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		len = lens[i];
		snprintf(what, sizeof(what), "%zu bytes of content", len);
		b = make(big, len, &der);
		err = read_blob(&b, big, len, what);
		check(!err, "%s: refused (%d)", what, err);
		free(b.p);
	}
	free(big);

	for (i = 0; i < ARRAY_SIZE(shapes); i++) {
		b = make(text, sizeof(text) - 1, &shapes[i].s);
		err = read_blob(&b, text, sizeof(text) - 1, shapes[i].what);
		check((err == 0) == shapes[i].ok, "%s: %s", shapes[i].what,
		      err ? "refused" : "accepted");
		free(b.p);
	}

	b = bytes(high_tag, sizeof(high_tag));
	check(read_blob(&b, NULL, 0, "a high tag number"),
	      "a high tag number: accepted");
	free(b.p);
	for (i = 0; i < 2; i++) {
		b = bytes("\x30", i);
		check(read_blob(&b, NULL, 0, "a blob of under 2 bytes"),
		      "a blob of %zu bytes: accepted", i);
		free(b.p);
	}
	printf("%u checks of %zu hand-made blobs, %u failed\n", nchecks,
	       ARRAY_SIZE(lens) + ARRAY_SIZE(shapes) + 3, nfailed);
	return nfailed ? 1 : 0;
}

/* xorshift64*: the same sequence on every run */
static u64 rnd_state = 0x9e3779b97f4a7c15ULL;

static u64 rnd(void)
{
	rnd_state ^= rnd_state >> 12;
	rnd_state ^= rnd_state << 25;
	rnd_state ^= rnd_state >> 27;
	return rnd_state * 0x2545f4914f6cdd1dULL;
}

static int cmd_fuzz(const char *path, unsigned long rounds)
{
	static const u8 values[] = { 0x00, 0x01, 0x7f, 0x80, 0x81, 0x84,
				     0x85, 0xff };
	size_t len, i, j, n, ntrunc = 0, nchanged = 0, naccepted = 0;
	struct blob b;
	unsigned long r;
	u8 *orig, *p;
	int err;

	orig = read_all(path, &len);
	if (!len) {
		fprintf(stderr, "sha256_pkcs7: %s is empty\n", path);
		return 2;
	}
	b.p = orig;
	b.len = len;
	err = read_blob(&b, NULL, 0, path);
	check(!err, "%s: not read (%d)", path, err);

	/* a blob with its end cut off: its outer length goes beyond it */
	for (i = 0; i < len; i++) {
		b.len = i;
		check(read_blob(&b, NULL, 0, "truncated"),
		      "%s truncated to %zu bytes: accepted", path, i);
		ntrunc++;
	}

	/* every byte set to values that mean something to a reader */
	p = xmalloc(len);
	for (i = 0; i < len; i++) {
		for (j = 0; j < ARRAY_SIZE(values) + 2; j++) {
			memcpy(p, orig, len);
			if (j < ARRAY_SIZE(values))
				p[i] = values[j];
			else
				p[i] ^= j == ARRAY_SIZE(values) ? 0x01 : 0x80;
			b.p = p;
			b.len = len;
			if (!read_blob(&b, NULL, 0, "one byte changed"))
				naccepted++;
			nchanged++;
		}
	}

	/* random changes of a few bytes, cut at random or not */
	for (r = 0; r < rounds; r++) {
		memcpy(p, orig, len);
		n = 1 + rnd() % 8;
		for (j = 0; j < n; j++)
			p[rnd() % len] = rnd();
		b.p = p;
		b.len = rnd() % 4 ? len : rnd() % (len + 1);
		if (!read_blob(&b, NULL, 0, "random changes"))
			naccepted++;
		nchanged++;
	}
	free(p);

	/* random bytes, most behind the start of a signedData */
	for (r = 0; r < rounds; r++) {
		n = 16 + rnd() % 600;
		p = xmalloc(n);
		for (j = 0; j < n; j++)
			p[j] = rnd();
		if (r % 4) {
			p[0] = 0x30;
			p[1] = 0x82;
			p[2] = (n - 4) >> 8;
			p[3] = n - 4;
			memcpy(p + 4, oid_signed, sizeof(oid_signed));
		}
		b.p = p;
		b.len = n;
		if (!read_blob(&b, NULL, 0, "random bytes"))
			naccepted++;
		nchanged++;
		free(p);
	}
	free(orig);
	printf("%zu truncations refused; %zu changed blobs ", ntrunc, nchanged);
	printf("(%zu accepted, content in bounds); %u checks, %u failed\n",
	       naccepted, nchecks, nfailed);
	return nfailed ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "vectors"))
		return cmd_vectors();
	if (argc >= 2 && !strcmp(argv[1], "sha256"))
		return cmd_sha256(argc - 2, argv + 2);
	if (argc == 3 && !strcmp(argv[1], "content"))
		return cmd_content(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "der"))
		return cmd_der();
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "fuzz"))
		return cmd_fuzz(argv[2],
				argc == 4 ? strtoul(argv[3], NULL, 0) : 10000);
	fprintf(stderr, "%s\n%s\n",
		"usage: sha256_pkcs7 vectors | sha256 FILE... | content FILE",
		"       sha256_pkcs7 der | fuzz FILE [N]");
	return 2;
}
