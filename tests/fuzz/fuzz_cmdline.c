/* SPDX-License-Identifier: MIT */
/*
 * fuzz_cmdline.c: libFuzzer target for the DiskSpd command-line parser. The
 * input is split at newlines into arguments (at most 64), as a shell would
 * hand them over; parsing alone, nothing runs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "job/cmdline.h"
#include "util/banned.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *argv[66], *save = NULL;
	struct workload w = { 0 };
	enum cmd_action action;
	char err[1024];
	int argc = 1;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	argv[0] = "iobench";
	for (char *t = strtok_r(text, "\n", &save); t && argc < 65; t = strtok_r(NULL, "\n", &save))
		argv[argc++] = t;
	argv[argc] = NULL;
	cmdline_parse(argc, argv, &w, &action, err, sizeof(err));
	workload_release(&w);
	free(text);
	return 0;
}
