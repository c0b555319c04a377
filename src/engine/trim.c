/* SPDX-License-Identifier: MIT */
/*
 * trim.c: fio's trims. A trim discards its range of a block device with
 * BLKDISCARD, synchronously, as fio 3.33 issues them in every engine
 * (do_io_u_trim; its async engines flag FIO_ASYNCIO_SYNC_TRIM). The trim
 * engine runs a job whose every I/O is a trim (rw=trim, randtrim): queue()
 * completes it. A trimwrite job's trims go through engine_trim_range() from
 * the loop's slow path, each just before the write of the same block.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <linux/fs.h>

#include "engine/engine.h"
#include "util/banned.h"

int engine_trim_range(int fd, uint64_t offset, uint64_t len)
{
	uint64_t range[2] = { offset, len };

	return ioctl(fd, BLKDISCARD, range) ? -errno : 0;
}

static int trim_init(struct engine *e, const struct engine_setup *setup)
{
	(void)e;
	(void)setup;
	return 0;
}

static int trim_queue(struct engine *e, struct io_unit *u)
{
	int r = engine_trim_range(u->fd, u->offset, u->len);

	(void)e;
	u->result = r ? r : (int64_t)u->len;
	return 0;
}

static int trim_reap(struct engine *e, unsigned min, struct io_unit **done, unsigned max)
{
	(void)e;
	(void)min;
	(void)done;
	(void)max;
	return -EINVAL;	/* synchronous: nothing is ever in flight */
}

static void trim_cleanup(struct engine *e)
{
	(void)e;
}

const struct engine_ops engine_trim = {
	.name = "trim",
	.flags = ENGINE_SYNC,
	.init = trim_init,
	.queue = trim_queue,
	.reap = trim_reap,
	.cleanup = trim_cleanup,
};
