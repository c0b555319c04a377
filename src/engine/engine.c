/* SPDX-License-Identifier: MIT */
/* engine.c: the list of engines, in one place, and the choice of a default. */
#include <stdio.h>
#include <string.h>
#include <liburing.h>

#include "engine/engine.h"
#include "util/banned.h"

static const struct engine_ops *const engines[] = {
	&engine_io_uring,
	&engine_libaio,
	&engine_psync,
	&engine_null,
	&engine_mmap,
};

void engine_names(char *buf, size_t len)
{
	size_t n = 0;

	if (len)
		buf[0] = 0;
	for (size_t i = 0; i < sizeof(engines) / sizeof(engines[0]) && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", engines[i]->name);
}

const struct engine_ops *engine_find(const char *name)
{
	for (size_t i = 0; i < sizeof(engines) / sizeof(engines[0]); i++)
		if (!strcmp(engines[i]->name, name))
			return engines[i];
	return NULL;
}

const char *engine_name(const char *name)
{
	const struct engine_ops *e = engine_find(name);

	return e ? e->name : NULL;
}

const struct engine_ops *engine_default(const char **why)
{
	struct io_uring ring;
	int r = io_uring_queue_init(4, &ring, 0);

	*why = NULL;
	if (r == 0) {
		io_uring_queue_exit(&ring);
		return &engine_io_uring;
	}
	*why = strerror(-r);
	return &engine_psync;
}
