// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl sign in a build without OpenSSL (make NO_OPENSSL=1), in place
 * of sign.c: it says that this ipectl cannot sign. Such a build is meant
 * for a device, which deploys policies signed on a build host; every
 * other command works as in the default build.
 */

#include <stdio.h>
#include <string.h>

#include "ipectl.h"

/* false, as every static variable without an initialiser */
const bool ipectl_with_openssl;

/**
 * ipectl_cmd_sign() - the sign subcommand, without OpenSSL
 * @argc: number of arguments, the subcommand's name first
 * @argv: the arguments
 *
 * Return: %IPECTL_EXIT_OK for --help alone, else %IPECTL_EXIT_FAIL.
 */
int ipectl_cmd_sign(int argc, char **argv)
{
	if (argc == 2 &&
	    (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: %s sign POLICY --key KEY --cert CERT [-o OUT]\n"
		       "                [--force] [--lenient]\n"
		       "Signing needs OpenSSL, and this ipectl was built\n"
		       "without it (NO_OPENSSL=1). Sign on a build host,\n"
		       "with ipectl sign or with\n"
		       "  openssl smime -sign -binary -outform der \\\n"
		       "      -noattr -nodetach -in POLICY -signer CERT \\\n"
		       "      -inkey KEY -out POLICY.p7s\n",
		       ipectl_prog);
		return IPECTL_EXIT_OK;
	}
	ipectl_error("%s",
		     "sign: this ipectl was built without OpenSSL (NO_OPENSSL=1); sign on a build host, or use openssl smime -sign -binary -outform der -noattr -nodetach");
	return IPECTL_EXIT_FAIL;
}
