// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl sign: the signed blob the kernel loads. It is what
 *
 *	openssl smime -sign -binary -outform der -noattr -nodetach \
 *		-in POLICY -signer CERT -inkey KEY
 *
 * writes: PKCS#7 signedData in DER with the policy attached, no signed
 * attributes, the signer's certificate included, the key's default
 * digest (SHA-256 for RSA and EC keys), made here with libcrypto.
 *
 * This is the one part of ipectl that needs OpenSSL: with make
 * NO_OPENSSL=1, sign_nossl.c stands in for it.
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/bio.h>
#include <openssl/decoder.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/pkcs7.h>
#include <openssl/ui.h>
#include <openssl/x509.h>

#include <linux/err.h>

#include "ipectl.h"

const bool ipectl_with_openssl = true;

/* print @what and the reasons libcrypto queued */
static void sign_crypto_error(const char *what)
{
	unsigned long e;
	bool any = false;

	while ((e = ERR_get_error())) {
		const char *r = ERR_reason_error_string(e);

		ipectl_error("%s: %s", what, r ? r : "libcrypto error");
		any = true;
	}
	if (!any)
		ipectl_error("%s", what);
}

static EVP_PKEY *sign_load_key(const char *path)
{
	OSSL_DECODER_CTX *dctx;
	EVP_PKEY *key = NULL;
	BIO *b;

	b = BIO_new_file(path, "rb");
	if (!b) {
		ERR_clear_error();
		ipectl_error("%s: %s", path, strerror(errno));
		return NULL;
	}
	/* PEM or DER, any key type; a passphrase is asked on the terminal */
	dctx = OSSL_DECODER_CTX_new_for_pkey(&key, NULL, NULL, NULL,
					     EVP_PKEY_KEYPAIR, NULL, NULL);
	if (!dctx ||
	    !OSSL_DECODER_CTX_set_passphrase_ui(dctx, UI_get_default_method(),
						NULL) ||
	    !OSSL_DECODER_from_bio(dctx, b)) {
		EVP_PKEY_free(key);
		key = NULL;
	}
	OSSL_DECODER_CTX_free(dctx);
	BIO_free(b);
	if (!key)
		sign_crypto_error("cannot read the private key (PEM or DER)");
	return key;
}

static X509 *sign_load_cert(const char *path)
{
	X509 *cert;
	BIO *b;

	b = BIO_new_file(path, "rb");
	if (!b) {
		ERR_clear_error();
		ipectl_error("%s: %s", path, strerror(errno));
		return NULL;
	}
	cert = PEM_read_bio_X509(b, NULL, NULL, NULL);
	if (!cert && BIO_reset(b) == 0) {
		ERR_clear_error();
		cert = d2i_X509_bio(b, NULL);
	}
	BIO_free(b);
	if (!cert)
		sign_crypto_error("cannot read the certificate (PEM or DER)");
	return cert;
}

/* the DER of the signed policy, malloc()ed, or NULL */
static unsigned char *sign_blob(const char *text, size_t len, X509 *cert,
				EVP_PKEY *key, size_t *der_len)
{
	unsigned char *der = NULL, *p;
	PKCS7 *p7 = NULL;
	BIO *in;
	int n;

	if (len > INT_MAX) {
		ipectl_error("the policy is too large to sign");
		return NULL;
	}
	in = BIO_new_mem_buf(text, (int)len);
	if (!in) {
		sign_crypto_error("out of memory");
		return NULL;
	}
	p7 = PKCS7_sign(cert, key, NULL, in, PKCS7_BINARY | PKCS7_NOATTR);
	if (!p7) {
		sign_crypto_error("signing failed");
		goto out;
	}
	n = i2d_PKCS7(p7, NULL);
	if (n <= 0) {
		sign_crypto_error("cannot encode the signature");
		goto out;
	}
	der = malloc(n);
	if (!der) {
		ipectl_error("out of memory");
		goto out;
	}
	p = der;
	if (i2d_PKCS7(p7, &p) != n) {
		sign_crypto_error("cannot encode the signature");
		free(der);
		der = NULL;
		goto out;
	}
	*der_len = n;
out:
	PKCS7_free(p7);
	BIO_free(in);
	return der;
}

static int sign_write(const char *out, const unsigned char *der, size_t len)
{
	int fd, err;

	if (ipectl_is_stdin(out)) {
		if (isatty(STDOUT_FILENO)) {
			ipectl_error("%s",
				     "not writing a binary signature to a terminal; use -o FILE");
			return -ENOTTY;
		}
		err = ipectl_write_all(STDOUT_FILENO, der, len);
		if (err)
			ipectl_error("<stdout>: %s", strerror(-err));
		return err;
	}
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		err = -errno;
		ipectl_error("%s: %s", out, strerror(errno));
		return err;
	}
	err = ipectl_write_all(fd, der, len);
	if (close(fd) && !err)
		err = -errno;
	if (err) {
		ipectl_error("%s: %s", out, strerror(-err));
		unlink(out);
	}
	return err;
}

static void sign_usage(FILE *f)
{
	fprintf(f,
		"usage: %s sign POLICY --key KEY --cert CERT [-o OUT]\n"
		"                [--force] [--lenient]\n"
		"Sign POLICY (\"-\": stdin) as a PKCS#7 blob with the policy\n"
		"attached, as the kernel loads it. KEY and CERT are PEM or DER\n"
		"files (they may be the same PEM file). OUT defaults to\n"
		"POLICY.p7s (stdout for stdin; \"-\": stdout). A policy with\n"
		"errors is not signed unless --force.\n",
		ipectl_prog);
}

/**
 * ipectl_cmd_sign() - the sign subcommand
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int ipectl_cmd_sign(int argc, char **argv)
{
	enum { OPT_LENIENT = 256, OPT_STRICT };
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "cert", required_argument, NULL, 'c' },
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, 'f' },
		{ "lenient", no_argument, NULL, OPT_LENIENT },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	const char *keyfile = NULL, *certfile = NULL, *out = NULL, *name;
	bool force = false, strict = true;
	struct ipectl_diags ds = { };
	struct ipe_parsed_policy *pol;
	unsigned char *der = NULL;
	int opt, err, rc = IPECTL_EXIT_FAIL;
	char *text, *outbuf = NULL;
	EVP_PKEY *key = NULL;
	X509 *cert = NULL;
	struct ipectl_text t;
	size_t len, der_len;

	while ((opt = getopt_long(argc, argv, "k:c:o:fh", opts, NULL)) != -1) {
		switch (opt) {
		case 'k':
			keyfile = optarg;
			break;
		case 'c':
			certfile = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'f':
			force = true;
			break;
		case OPT_LENIENT:
			strict = false;
			break;
		case OPT_STRICT:
			strict = true;
			break;
		case 'h':
			sign_usage(stdout);
			return IPECTL_EXIT_OK;
		default:
			sign_usage(stderr);
			return IPECTL_EXIT_USAGE;
		}
	}
	if (optind != argc - 1 || !keyfile || !certfile) {
		sign_usage(stderr);
		return IPECTL_EXIT_USAGE;
	}
	name = ipectl_display_name(argv[optind]);
	err = ipectl_read_file(argv[optind], &text, &len);
	if (err) {
		ipectl_error("%s: %s", name, strerror(-err));
		return IPECTL_EXIT_USAGE;
	}
	if (ipectl_text_init(&t, text, len)) {
		ipectl_error("out of memory");
		free(text);
		return IPECTL_EXIT_FAIL;
	}

	pol = ipectl_check_text(&t, strict, &ds);
	ipectl_diags_print(&ds, name, false, stderr);
	if (!pol && !force) {
		ipectl_error("%s: %s", name,
			     "not signed: the kernel would refuse this policy (--force signs it anyway)");
		goto out;
	}
	if (!pol)
		ipectl_error("%s: %s", name,
			     "signing a policy the kernel would refuse (--force)");
	ipe_free_parsed_policy(pol);

	if (!out) {
		if (ipectl_is_stdin(argv[optind])) {
			out = "-";
		} else {
			if (asprintf(&outbuf, "%s.p7s", argv[optind]) < 0) {
				ipectl_error("out of memory");
				goto out;
			}
			out = outbuf;
		}
	}

	key = sign_load_key(keyfile);
	cert = key ? sign_load_cert(certfile) : NULL;
	if (!key || !cert)
		goto out;
	if (!X509_check_private_key(cert, key)) {
		ERR_clear_error();
		ipectl_error("%s does not belong to the certificate %s",
			     keyfile, certfile);
		goto out;
	}
	der = sign_blob(text, len, cert, key, &der_len);
	if (!der)
		goto out;
	if (!sign_write(out, der, der_len))
		rc = IPECTL_EXIT_OK;
out:
	free(der);
	X509_free(cert);
	EVP_PKEY_free(key);
	free(outbuf);
	ipectl_diags_free(&ds);
	ipectl_text_free(&t);
	free(text);
	return rc;
}
