// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl - check, sign, deploy and audit IPE policies
 *
 * ipectl [--root DIR] [--sysctl-root DIR] COMMAND [ARGS...]
 *
 * The commands are in check.c, sign.c, deploy.c and audit_log.c; see
 * ipectl.8 for the manual. A build without OpenSSL (make NO_OPENSSL=1)
 * has sign_nossl.c for sign.c, and says so in --version and --help.
 */

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/printk.h>

#include "ipectl.h"

#define IPECTL_VERSION	"1.0"

const char *ipectl_prog = "ipectl";
const char *ipectl_root = IPECTL_DEFAULT_ROOT;
const char *ipectl_sysctl_root = IPECTL_DEFAULT_SYSCTL;

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} ipectl_cmds[] = {
	{ "check", ipectl_cmd_check,
	  "check POLICY...        parse as the kernel does, report errors" },
	{ "sign", ipectl_cmd_sign,
	  "sign POLICY --key KEY --cert CERT [-o OUT]   sign a policy" },
	{ "load", ipectl_cmd_load,
	  "load FILE              load a signed policy" },
	{ "update", ipectl_cmd_update,
	  "update NAME FILE       replace a loaded policy by an update" },
	{ "activate", ipectl_cmd_activate,
	  "activate NAME          make a loaded policy the active one" },
	{ "delete", ipectl_cmd_delete,
	  "delete NAME            delete a loaded policy" },
	{ "audit-policy", ipectl_cmd_audit_policy,
	  "audit-policy NAME | --clear   set or clear the audit-only policy" },
	{ "list", ipectl_cmd_list,
	  "list [--json]          the loaded policies" },
	{ "status", ipectl_cmd_status,
	  "status [--json]        settings, active and loaded policies" },
	{ "audit", ipectl_cmd_audit,
	  "audit [--json | --suggest] [FILE]   summarise IPE audit records, suggest rules" },
};

/**
 * ipectl_common_option() - handle --root and --sysctl-root
 * @opt: the option getopt_long() returned
 * @arg: its argument
 *
 * Return: true when @opt was one of them.
 */
bool ipectl_common_option(int opt, const char *arg)
{
	switch (opt) {
	case IPECTL_OPT_ROOT:
		ipectl_root = arg;
		return true;
	case IPECTL_OPT_SYSCTL_ROOT:
		ipectl_sysctl_root = arg;
		return true;
	default:
		return false;
	}
}

static void ipectl_usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: %s [--root DIR] [--sysctl-root DIR] %s\n",
		ipectl_prog, "COMMAND [ARGS...]\nCommands:");
	for (i = 0; i < ARRAY_SIZE(ipectl_cmds); i++)
		fprintf(f, "  %s\n", ipectl_cmds[i].summary);
	if (!ipectl_with_openssl)
		fprintf(f, "%s\n",
			"sign needs OpenSSL; this ipectl was built without it (NO_OPENSSL=1).");
	fprintf(f, "'%s COMMAND --help' describes a command; see ipectl(8).\n",
		ipectl_prog);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, IPECTL_OPT_ROOT },
		{ "sysctl-root", required_argument, NULL,
		  IPECTL_OPT_SYSCTL_ROOT },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ }
	};
	const char *env;
	int opt;
	size_t i;

	compat_log_name = ipectl_prog;
	env = getenv("IPECTL_ROOT");
	if (env && *env)
		ipectl_root = env;
	env = getenv("IPECTL_SYSCTL_ROOT");
	if (env && *env)
		ipectl_sysctl_root = env;

	/* options before the command; "+": stop at the command */
	while ((opt = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		if (ipectl_common_option(opt, optarg))
			continue;
		switch (opt) {
		case 'h':
			ipectl_usage(stdout);
			return IPECTL_EXIT_OK;
		case 'V':
			printf("ipectl %s%s\n", IPECTL_VERSION,
			       ipectl_with_openssl ? "" :
			       " (without OpenSSL: no sign)");
			return IPECTL_EXIT_OK;
		default:
			ipectl_usage(stderr);
			return IPECTL_EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		ipectl_usage(stderr);
		return IPECTL_EXIT_USAGE;
	}

	for (i = 0; i < ARRAY_SIZE(ipectl_cmds); i++) {
		if (strcmp(argv[optind], ipectl_cmds[i].name))
			continue;
		argc -= optind;
		argv += optind;
		/* the command parses its own options from argv[1] on */
		optind = 0;
		return ipectl_cmds[i].run(argc, argv);
	}
	ipectl_error("unknown command \"%s\"", argv[optind]);
	ipectl_usage(stderr);
	return IPECTL_EXIT_USAGE;
}
