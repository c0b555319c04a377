/* SPDX-License-Identifier: MIT */
/* memfile.c: a stream into memory on Linux, open_memstream (memfile.h). */
#include <stdlib.h>

#include "platform/memfile.h"
#include "util/banned.h"

FILE *memfile_open(struct memfile *m)
{
	m->text = NULL;
	m->n = 0;
	m->f = open_memstream(&m->text, &m->n);
	return m->f;
}

int memfile_close(struct memfile *m)
{
	int r = fclose(m->f);

	m->f = NULL;
	if (r) {
		free(m->text);
		m->text = NULL;
		m->n = 0;
		return -1;
	}
	return 0;
}
