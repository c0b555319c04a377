/* SPDX-License-Identifier: MIT */
/*
 * memfile.h: a stream written into memory, for text built with fprintf and
 * used whole afterwards (Linux: open_memstream; Windows, which has none: a
 * temporary file read back when it is closed).
 */
#ifndef IOB_MEMFILE_H
#define IOB_MEMFILE_H

#include <stddef.h>
#include <stdio.h>

struct memfile {
	FILE *f;
	char *text;
	size_t n;
};

/* Opens m->f; NULL (with nothing to close) when it cannot. */
FILE *memfile_open(struct memfile *m);

/*
 * Closes m->f; m->text then holds the m->n bytes written, NUL-terminated
 * (the caller frees it). Returns 0, or -1 with m->text NULL.
 */
int memfile_close(struct memfile *m);

#endif
