/* SPDX-License-Identifier: MIT */
/* engines.c: Windows' engines, in one place, and the default: IOCP, as DiskSpd (engine.h). */
#include <errno.h>

#include "engine/engine.h"
#include "util/banned.h"

extern const struct engine_ops engine_iocp, engine_psync;

const struct engine_ops *const engine_list[] = {
	&engine_iocp,
	&engine_psync,
	&engine_null,
};
const unsigned engine_count = sizeof(engine_list) / sizeof(engine_list[0]);

/* Windows has no engine for fio's trims: a workload with trims is refused before it runs. */
const struct engine_ops *const engine_trimmer = NULL;

int engine_trim_range(int fd, bool file, uint64_t offset, uint64_t len)
{
	(void)fd;
	(void)file;
	(void)offset;
	(void)len;
	return -EOPNOTSUPP;
}

const struct engine_ops *engine_default(const char **why)
{
	*why = NULL;
	return &engine_iocp;
}
