// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl - check IPE policies
 *
 * ipectl COMMAND [ARGS...]
 *
 * The command is in check.c; see ipectl.8 for the manual.
 */

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <linux/printk.h>

#include "ipectl.h"

#define IPECTL_VERSION	"1.0"

const char *ipectl_prog = "ipectl";

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} ipectl_cmds[] = {
	{ "check", ipectl_cmd_check,
	  "check POLICY...        parse as the kernel does, report errors" },
};

static void ipectl_usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: %s COMMAND [ARGS...]\nCommands:\n",
		ipectl_prog);
	for (i = 0; i < ARRAY_SIZE(ipectl_cmds); i++)
		fprintf(f, "  %s\n", ipectl_cmds[i].summary);
	fprintf(f, "'%s COMMAND --help' describes a command; see ipectl(8).\n",
		ipectl_prog);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ }
	};
	int opt;
	size_t i;

	compat_log_name = ipectl_prog;

	/* options before the command; "+": stop at the command */
	while ((opt = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			ipectl_usage(stdout);
			return IPECTL_EXIT_OK;
		case 'V':
			printf("ipectl %s\n", IPECTL_VERSION);
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
