/* SPDX-License-Identifier: MIT */
/*
 * fuzz_cmdline.c: libFuzzer target for the DiskSpd command-line parser. The
 * input is split at newlines into arguments (at most 64), as a shell would
 * hand them over; parsing alone, nothing runs. Each argument is also read as
 * `iobench sweep` reads its values (sweepspec.h): a list of each kind, an
 * objective, a curve.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "job/cmdline.h"
#include "job/sweepspec.h"
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
	for (int i = 1; i < argc; i++) {
		struct axis a;
		struct slo s = { 0 };
		struct curve_spec c;

		for (int k = AXIS_SIZE; k <= AXIS_PERCENT; k++)
			sweep_parse_list("--x", argv[i], &a, (enum axis_kind)k, err, sizeof(err));
		sweep_parse_slo("--slo", argv[i], &s, err, sizeof(err));
		sweep_parse_curve("--curve", argv[i], &c, err, sizeof(err));
	}
	free(text);
	return 0;
}
