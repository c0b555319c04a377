/* SPDX-License-Identifier: MIT */
/*
 * engine.h: one struct of operations per I/O engine (io_uring, psync, null).
 * The core hands an engine io_units; the engine moves their bytes and hands
 * them back with a result. An engine never allocates after init().
 *
 * Contract:
 *   init(e, setup)    prepare for up to setup->depth I/Os in flight on the
 *                     files and buffer regions setup lists; 0 or -errno.
 *                     Called on the worker thread that will use the engine.
 *   queue(e, u)       take u. A synchronous engine (ENGINE_SYNC) performs it
 *                     now and sets u->result; an asynchronous one only queues.
 *   reap(e, min, done, max)
 *                     submit every queued I/O, wait until at least min have
 *                     completed, store up to max of them in done[] with
 *                     u->result set (bytes moved or -errno); returns the count
 *                     or -errno. Asynchronous engines only. With min and
 *                     max 0 it only submits (done may be NULL).
 *   reap_by(e, done, max, deadline)
 *                     optional (NULL: the paced loop polls reap() instead):
 *                     submit every queued I/O, wait until one has completed
 *                     or CLOCK_MONOTONIC reaches deadline (ns), store up to
 *                     max completions in done[]; returns the count (0 at the
 *                     deadline) or -errno. The paced loop's wait.
 *   cleanup(e)        release what init() took; safe after a failed init().
 *   depth_max(what)   optional (NULL: no limit): the most I/Os one engine
 *                     takes in flight, 0 when it cannot tell; *what gets
 *                     where that limit comes from, for the message.
 */
#ifndef IOB_ENGINE_H
#define IOB_ENGINE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/uio.h>

#include "platform/affinity.h"

struct io_unit {
	void *buf;		/* where the bytes go or come from */
	void *rbuf;		/* this unit's read buffer */
	void *wbuf;		/* this unit's write buffer */
	uint64_t offset;
	uint64_t t_start;	/* submission time, ns */
	int64_t result;		/* bytes moved, or -errno */
	uint32_t len;
	uint32_t stream;	/* index of the owning stream in its worker */
	int fd;
	uint16_t file;		/* index of fd in the engine_setup's fds */
	uint16_t buf_index;	/* index of the region of engine_setup's bufs that buf lies in */
	bool is_write;
	struct iovec iov;	/* io_uring with ENGINE_VECTORED: the one-element vector of readv */
};

#define ENGINE_SQPOLL 1u	/* io_uring: a kernel thread polls the submission queue */
#define ENGINE_HIPRI 2u		/* io_uring: completions are polled, not interrupt-driven */
#define ENGINE_PLAIN_FILES 4u	/* io_uring: files not registered (fio without registerfiles) */
#define ENGINE_PLAIN_BUFS 8u	/* io_uring: buffers not registered (fio without fixedbufs) */
#define ENGINE_VECTORED 16u	/* io_uring: readv/writev of one iovec (fio's nonvectored=0) */

/* What an engine is set up for: every file and buffer region its units use. */
struct engine_setup {
	unsigned depth;
	const int *fds;
	const bool *blocking;	/* per fd: cannot be issued without blocking (io_uring punts it) */
	unsigned nfds;
	const struct iovec *bufs;
	unsigned nbufs;
	unsigned flags;		/* ENGINE_* above */
	unsigned force_async;	/* io_uring: every this many-th SQE goes to io_uring's workers
				   (IOSQE_ASYNC, fio's force_async); 0 = none */
	int sq_cpu;		/* io_uring with ENGINE_SQPOLL: the SQ thread's CPU; -1 = any */
	unsigned ioprio;	/* io_uring: every SQE's I/O priority (fio's prio, prioclass: the
				   SQ thread and io_uring's workers do not inherit the thread's) */
	const struct cpu_mask *wq_cpus;	/* where io_uring's kernel workers may run: all the run may
					   use, not only the pinned CPU of the thread; NULL: as is */
	const uint8_t *map_flush;	/* mmap: per fd, MAP_FLUSH_* after each write; NULL: none */
};

/* mmap: what follows each write into a mapping (DiskSpd's -N). */
#define MAP_FLUSH_NONE 0
#define MAP_FLUSH_VIEW 1	/* -Nv, FlushViewOfFile: msync(MS_SYNC) of its pages */
#define MAP_FLUSH_NVM 2		/* -Nn, RtlFlushNonVolatileMemory: the same (a DAX file's flush) */
#define MAP_FLUSH_NVM_NODRAIN 3	/* -Ni, ... without waiting: msync(MS_ASYNC) */

#define ENGINE_SYNC 1u		/* queue() completes the I/O */
#define ENGINE_RING 2u		/* io_uring: takes --sqpoll and --hipri; its I/O may be done
				   by kernel worker threads of this process (host_io_workers) */

struct engine;

struct engine_ops {
	const char *name;
	unsigned flags;
	int (*init)(struct engine *e, const struct engine_setup *setup);
	int (*queue)(struct engine *e, struct io_unit *u);
	int (*reap)(struct engine *e, unsigned min, struct io_unit **done, unsigned max);
	int (*reap_by)(struct engine *e, struct io_unit **done, unsigned max, uint64_t deadline);
	void (*cleanup)(struct engine *e);
	uint64_t (*depth_max)(const char **what);
};

struct engine {
	const struct engine_ops *ops;
	void *priv;
};

extern const struct engine_ops engine_null;

/*
 * This platform's engines, in the order --version and the help list them
 * (Linux: engines.c; Windows: win/engines.c), and how many.
 */
extern const struct engine_ops *const engine_list[];
extern const unsigned engine_count;

/*
 * fio's trims (trim.c): engine_trim runs a worker whose every I/O is a trim
 * (not in engine_find()'s list: a job's trims choose it, no name does).
 * engine_trim_range() discards [offset, offset + len) of fd, synchronously:
 * a block device's (BLKDISCARD), or, when file, a hole punched in a regular
 * file (its size kept): 0 or -errno. engine_trim_is_file() tells which fd is.
 */
extern const struct engine_ops engine_trim;
/* What runs a job's trims on this platform: engine_trim, or NULL where there is none. */
extern const struct engine_ops *const engine_trimmer;
int engine_trim_range(int fd, bool file, uint64_t offset, uint64_t len);
bool engine_trim_is_file(int fd);

/*
 * The null engine's service-time model for the next run (null.c): each I/O
 * takes lat_ns (exp: a time drawn from the exponential distribution of mean
 * lat_ns), on one of `servers` servers (0: as many as there are I/Os), and
 * the one modelled device completes at most iops a second (0: no limit).
 * lat_ns and iops 0 (and no stall, engine_null_stall()): no model, I/Os
 * complete at once. Returns 0 or -ENOMEM.
 */
int engine_null_model(uint64_t lat_ns, bool exp, unsigned servers, uint64_t iops);

/*
 * ... and a periodic stall (--null-stall=D/P): for D in the middle of every
 * P from now on, the device answers nothing; an I/O due inside a stall
 * completes at its end. stall_ns 0: none.
 */
void engine_null_stall(uint64_t stall_ns, uint64_t period_ns);

/*
 * ... and how its writes age it: a fresh device's write cliff
 * (--null-cliff=SIZE:FACTOR: a write submitted once cliff_bytes of writes
 * were submitted before it takes factor times its service time; cliff_bytes
 * 0: none), and a wear without end (--null-wear=TIME/SIZE: a write's service
 * time grows by wear_ns for every wear_bytes of writes submitted before it;
 * wear_bytes 0: none). The bytes written are counted over the whole process,
 * across runs, from the first run with either on.
 */
void engine_null_age(uint64_t cliff_bytes, double factor, uint64_t wear_ns, uint64_t wear_bytes);

/*
 * How late the model's completions reached iobench, over the last run's
 * engines (each adds its own at cleanup): the time from when the model
 * completed an I/O to when the engine handed it back (the thread's wake-up,
 * or its being busy elsewhere), which the latencies measured include. ios
 * 0: no model ran.
 */
struct null_lateness {
	uint64_t ios;		/* completions handed back */
	uint64_t sum_ns, p99_ns, max_ns;
};
void engine_null_lateness(struct null_lateness *out);

/* The engines this build has, by name ("io_uring, libaio, ..."), into buf. */
void engine_names(char *buf, size_t len);

/* The engine called name, or NULL. */
const struct engine_ops *engine_find(const char *name);

/* The engine's own (static) spelling of name, or NULL when there is no such engine. */
const char *engine_name(const char *name);

/*
 * The best engine this system allows (Linux: io_uring when a ring can be
 * set up, psync otherwise). *why gets the reason the first choice was
 * passed over, or NULL.
 */
const struct engine_ops *engine_default(const char **why);

static inline int engine_queue(struct engine *e, struct io_unit *u)
{
	return e->ops->queue(e, u);
}

/* Submits every queued I/O now, waiting for none. */
static inline int engine_submit(struct engine *e)
{
	return e->ops->reap(e, 0, NULL, 0);
}

static inline int engine_reap(struct engine *e, unsigned min, struct io_unit **done,
			      unsigned max)
{
	return e->ops->reap(e, min, done, max);
}

#endif
