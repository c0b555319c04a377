/* SPDX-License-Identifier: MIT */
/*
 * fuzz_jobfile.c: libFuzzer target for the job-file parser and planner. The
 * input is a job file; `include` reads a fixed small file, so the fuzzer
 * reaches the include path without the file system, and what the paths a
 * job names are comes from a fixed answer: the fuzzer touches no file.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "job/fiojob.h"
#include "job/jobfile.h"
#include "util/banned.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int loader(const char *path, char **buf, size_t *len, char *err, size_t errlen)
{
	static const char text[] = "bs=8k\niodepth=4\n";

	(void)err;
	(void)errlen;
	if (strcmp(path, "inc.fio"))
		return -ENOENT;
	*buf = strdup(text);
	*len = sizeof(text) - 1;
	return *buf ? 0 : -ENOMEM;
}

/* "existing.dat" is a 64 MiB file and "dir" a directory; nothing else exists. */
static int fixed_file(const char *path, struct fio_file *f)
{
	f->kind = !strcmp(path, "existing.dat") ? FIO_REGULAR : !strcmp(path, "dir") ? FIO_DIR :
		  FIO_NO_FILE;
	f->size = f->kind == FIO_REGULAR ? 64u << 20 : 0;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jf_doc doc = { 0 };
	struct fio_plan plan;
	char err[1024];

	if (!jobfile_parse(&doc, "fuzz.fio", (const char *)data, size, 0, loader, err, sizeof(err)) &&
	    !fiojob_plan(&doc, NULL, 0, NULL, 0, fixed_file, &plan, err, sizeof(err)))
		fiojob_plan_free(&plan);
	jobfile_free(&doc);
	return 0;
}
