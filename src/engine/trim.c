/* SPDX-License-Identifier: MIT */
/*
 * trim.c: fio's trims. A trim discards its range of a block device with
 * BLKDISCARD, synchronously, as fio 3.33 issues them in every engine
 * (do_io_u_trim; its async engines flag FIO_ASYNCIO_SYNC_TRIM); in a regular
 * file it punches a hole (fallocate PUNCH_HOLE, the size kept), where fio
 * 3.33's BLKDISCARD fails with ENOTTY. The trim
 * engine runs a job whose every I/O is a trim (rw=trim, randtrim): queue()
 * completes it. A trimwrite job's trims go through engine_trim_range() from
 * the loop's slow path, each just before the write of the same block.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/falloc.h>
#include <linux/fs.h>

#include "engine/engine.h"
#include "util/banned.h"

int engine_trim_range(int fd, bool file, uint64_t offset, uint64_t len)
{
	uint64_t range[2] = { offset, len };

	if (file)
		return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)offset,
				 (off_t)len) ? -errno : 0;
	return ioctl(fd, BLKDISCARD, range) ? -errno : 0;
}

bool engine_trim_is_file(int fd)
{
	struct stat st;

	return !fstat(fd, &st) && S_ISREG(st.st_mode);
}

/* priv: per file, whether it is a regular file (a hole is punched) or a device. */
static int trim_init(struct engine *e, const struct engine_setup *setup)
{
	bool *file = calloc(setup->nfds ? setup->nfds : 1, sizeof(*file));

	if (!file)
		return -ENOMEM;
	for (unsigned i = 0; i < setup->nfds; i++)
		file[i] = engine_trim_is_file(setup->fds[i]);
	e->priv = file;
	return 0;
}

static int trim_queue(struct engine *e, struct io_unit *u)
{
	const bool *file = e->priv;
	int r = engine_trim_range(u->fd, file[u->file], u->offset, u->len);

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
	free(e->priv);
	e->priv = NULL;
}

const struct engine_ops engine_trim = {
	.name = "trim",
	.flags = ENGINE_SYNC,
	.init = trim_init,
	.queue = trim_queue,
	.reap = trim_reap,
	.cleanup = trim_cleanup,
};
