/* SPDX-License-Identifier: MIT */
/* cmd.c: what the subcommands share. */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "core/hold.h"

void cmd_release_hold(struct hold *h, bool keep, int *code)
{
	char msgs[4096];

	if (!hold_release(h, keep, msgs, sizeof(msgs)))
		return;
	for (char *line = msgs, *nl; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			nl = line + strlen(line) - 1;
		fprintf(stderr, "iobench: %.*s\n", (int)(nl - line), line);
	}
	if (!*code)
		*code = EXIT_RUN_FAILED;
}
