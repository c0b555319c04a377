/* SPDX-License-Identifier: MIT */
/* psync.c: pread/pwrite, one I/O at a time; queue() completes it. */
#include <errno.h>
#include <unistd.h>

#include "engine/engine.h"
#include "util/banned.h"

static int psync_init(struct engine *e, const struct engine_setup *setup)
{
	return 0;
}

static int psync_queue(struct engine *e, struct io_unit *u)
{
	ssize_t r;

	if (u->is_write)
		r = pwrite(u->fd, u->buf, u->len, (off_t)u->offset);
	else
		r = pread(u->fd, u->buf, u->len, (off_t)u->offset);
	u->result = r < 0 ? -errno : r;
	return 0;
}

static int psync_reap(struct engine *e, unsigned min, struct io_unit **done, unsigned max)
{
	return -EINVAL;	/* synchronous: nothing is ever in flight */
}

static void psync_cleanup(struct engine *e)
{
}

const struct engine_ops engine_psync = {
	.name = "psync",
	.flags = ENGINE_SYNC,
	.init = psync_init,
	.queue = psync_queue,
	.reap = psync_reap,
	.cleanup = psync_cleanup,
};
