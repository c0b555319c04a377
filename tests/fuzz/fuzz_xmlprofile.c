/* SPDX-License-Identifier: MIT */
/*
 * fuzz_xmlprofile.c: libFuzzer target for DiskSpd's XML profile reader: the
 * input is a profile; read and checked, then each TimeSpan built into a
 * workload as -Rp would (template paths left as they are). Nothing runs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "job/cmdline.h"
#include "job/xmlprofile.h"
#include "job/xmlprofile_build.h"
#include "util/banned.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xprofile_args a = { .print_only = true };
	struct xprofile *p;
	struct workload *spans;
	unsigned n;
	char err[1024];
	int r = 0;

	if (xprofile_parse("fuzz.xml", (const char *)data, size, &p, err, sizeof(err)))
		return 0;
	n = xprofile_spans(p);
	spans = calloc(n, sizeof(*spans));
	for (unsigned i = 0; spans && !r && i < n; i++)
		r = xprofile_build(p, i, &a, &spans[i], err, sizeof(err));
	if (spans && !r)
		xprofile_finish(p, &a, spans, n, err, sizeof(err));
	if (spans)
		cmdline_spans_free(spans, n);
	xprofile_free(p);
	return 0;
}
