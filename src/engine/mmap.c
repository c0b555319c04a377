/* SPDX-License-Identifier: MIT */
/*
 * mmap.c: memory-mapped I/O (DiskSpd's -Sm, fio's ioengine=mmap). Each file
 * is mapped whole and shared (MAP_SHARED) when the engine starts; a read
 * copies from the mapping into the unit's buffer, a write into the mapping,
 * one at a time: queue() completes the I/O. The page cache is the file's,
 * so what reaches the device is what write-back (or a flush) sends.
 *
 * A write may be flushed, as DiskSpd's -N asks (setup->map_flush, per file):
 * MAP_FLUSH_VIEW and MAP_FLUSH_NVM write the range back and wait (msync
 * MS_SYNC: DiskSpd's FlushViewOfFile, and RtlFlushNonVolatileMemory, whose
 * Linux counterpart for a DAX file is the same call); MAP_FLUSH_NVM_NODRAIN
 * starts it without waiting (MS_ASYNC: RtlFlushNonVolatileMemory's "no drain").
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/engine.h"
#include "util/banned.h"

struct map {
	char *base;
	uint64_t len;
	bool writable;
	uint8_t flush;
};

struct maps {
	unsigned n;
	long page;
	struct map m[];
};

static void mmap_cleanup(struct engine *e)
{
	struct maps *ms = e->priv;

	for (unsigned i = 0; ms && i < ms->n; i++)
		if (ms->m[i].base)
			munmap(ms->m[i].base, ms->m[i].len);
	free(ms);
	e->priv = NULL;
}

static int mmap_init(struct engine *e, const struct engine_setup *setup)
{
	struct maps *ms = calloc(1, sizeof(*ms) + setup->nfds * sizeof(ms->m[0]));

	if (!ms)
		return -ENOMEM;
	e->priv = ms;
	ms->page = sysconf(_SC_PAGESIZE);
	for (unsigned i = 0; i < setup->nfds; i++) {
		struct map *m = &ms->m[i];
		off_t end = lseek(setup->fds[i], 0, SEEK_END);
		int fl = fcntl(setup->fds[i], F_GETFL);
		void *p;

		if (end <= 0 || fl < 0)
			return end == 0 ? -EINVAL : -errno;	/* an empty file has nothing to map */
		m->writable = (fl & O_ACCMODE) == O_RDWR;
		m->flush = setup->map_flush ? setup->map_flush[i] : 0;
		p = mmap(NULL, (size_t)end, PROT_READ | (m->writable ? PROT_WRITE : 0), MAP_SHARED,
			 setup->fds[i], 0);
		if (p == MAP_FAILED)
			return -errno;
		m->base = p;
		m->len = (uint64_t)end;
		ms->n = i + 1;	/* what cleanup unmaps, also after a later one fails */
	}
	return 0;
}

static int mmap_queue(struct engine *e, struct io_unit *u)
{
	struct maps *ms = e->priv;
	struct map *m = &ms->m[u->file];

	if (u->offset + u->len > m->len) {
		u->result = -EINVAL;	/* past the end of what was mapped */
		return 0;
	}
	if (!u->is_write) {
		memcpy(u->buf, m->base + u->offset, u->len);
	} else if (!m->writable) {
		u->result = -EBADF;
		return 0;
	} else {
		memcpy(m->base + u->offset, u->buf, u->len);
		if (m->flush) {
			uint64_t from = u->offset / (uint64_t)ms->page * (uint64_t)ms->page;

			if (msync(m->base + from, u->offset + u->len - from,
				  m->flush == MAP_FLUSH_NVM_NODRAIN ? MS_ASYNC : MS_SYNC)) {
				u->result = -errno;
				return 0;
			}
		}
	}
	u->result = u->len;
	return 0;
}

static int mmap_reap(struct engine *e, unsigned min, struct io_unit **done, unsigned max)
{
	return -EINVAL;	/* synchronous: nothing is ever in flight */
}

const struct engine_ops engine_mmap = {
	.name = "mmap",
	.flags = ENGINE_SYNC,
	.init = mmap_init,
	.queue = mmap_queue,
	.reap = mmap_reap,
	.cleanup = mmap_cleanup,
};
