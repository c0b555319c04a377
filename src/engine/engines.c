/* SPDX-License-Identifier: MIT */
/* engines.c: Linux's engines, in one place, and the choice of a default (engine.h). */
#include <string.h>
#include <liburing.h>

#include "engine/engine.h"
#include "util/banned.h"

extern const struct engine_ops engine_io_uring, engine_libaio, engine_psync, engine_mmap;

const struct engine_ops *const engine_list[] = {
	&engine_io_uring,
	&engine_libaio,
	&engine_psync,
	&engine_null,
	&engine_mmap,
};
const unsigned engine_count = sizeof(engine_list) / sizeof(engine_list[0]);

const struct engine_ops *const engine_trimmer = &engine_trim;

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
