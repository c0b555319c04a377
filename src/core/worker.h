/* SPDX-License-Identifier: MIT */
/*
 * worker.h: all the state of one worker thread, prepared by run.c before the
 * thread starts and read back after it ends. A worker drives one or more
 * streams (one per target it works on); each stream owns `outstanding`
 * io_units, and a unit always goes back to its own stream.
 */
#ifndef IOB_WORKER_H
#define IOB_WORKER_H

#include <pthread.h>
#include <time.h>
#include <stdatomic.h>
#include <stdint.h>

#include "core/gen.h"
#include "core/iomem.h"
#include "core/latsearch.h"
#include "core/verify.h"
#include "engine/engine.h"
#include "platform/host.h"
#include "stats/counts.h"
#include "stats/hist.h"
#include "stats/iolog.h"
#include "stats/ivhist.h"
#include "stats/series.h"

/* stream.vary: what prep() and complete() do beyond the common case (one test covers all). */
#define VARY_READ 1u			/* reads' sizes drawn from pick[0] */
#define VARY_WRITE 2u			/* writes' sizes drawn from pick[1] */
#define VARY_SEQ_BY_LEN 4u		/* sequential: the next I/O starts where this one ends */
#define VARY_BUDGET 8u			/* a byte budget (sizes trimmed to it) or an I/O count to issue */
#define VARY_REFRESH 16u		/* writes: fresh random words in every 512 bytes */
#define VARY_SOURCE 32u			/* writes: a block from the -Z<size> source buffer */
#define VARY_DEDUPE 64u			/* writes: some carry the stream's one dedupe block */
#define VARY_VERIFY 128u		/* --verify: blocks formatted when written, checked when read */
#define VARY_FSYNC 256u			/* fio's fsync=N: the file synced after every N writes */
#define VARY_REFILL 512u		/* writes: the whole buffer fresh random data (refill_buffers) */
#define VARY_LOG 1024u			/* fio's write_*_log: completions recorded in the worker's log */
#define VARY_TRIM 2048u			/* fio's trimwrite: each write's block trimmed just before it */
#define VARY_FIO_SEQ 4096u		/* fio's rw=read:-N and rw=randread:N offsets (gen_fio_offset) */
#define VARY_BACKLOG 8192u		/* fio's verify_backlog: written blocks read back while writing */
#define VARY_SHAPE 16384u		/* mixed or skewed offsets, or -si's shared one (gen_shaped) */
#define VARY_PARALLEL 32768u		/* DiskSpd's -p: each unit its own sequential offset */
#define VARY_PICK 65536u		/* DiskSpd's -O: each I/O to a stream picked by weight */
/* The bits only a completion looks at (loop_completed()): no preparation of their own. */
#define VARY_ON_COMPLETION (VARY_VERIFY | VARY_FSYNC | VARY_LOG)

/* --verify's state of one stream: its thread owns every n-th block of the target. */
struct verify_state {
	uint64_t *table;		/* the target's last write number per block (0: none yet), or NULL */
	uint8_t *seen;			/* lower_bound: blocks this run wrote or checked (1), else NULL */
	uint64_t base;			/* offset of block 0 */
	uint64_t blocks;		/* blocks in the table */
	uint64_t seq;			/* this stream's last write number (above every earlier run's) */
	bool lower_bound;		/* the table came from an unfinished journal: newer blocks pass */
	uint64_t seed;
	uint32_t thread;
	unsigned hash_kind;		/* the checksum writes carry (enum vhash_kind) */
	const struct vpattern *pat;	/* fio's verify_pattern: the blocks' data, or NULL */
	char *dump_buf;			/* fio's verify_dump: a block's room for the expected one, or NULL */
	const char *dump_name;		/* ... and the target's base name, for the files' names */
	uint64_t written, checked, bad;
};

/*
 * fio's verify_backlog (io_u.c check_get_verify): the blocks written and not
 * read back yet, oldest first. When `every` of them wait and the last I/O to
 * complete was not a read, the next `batch` I/Os read back the oldest, each
 * once its write has completed (else a write goes first). After the last
 * write the rest are read back (draining), as fio's verify phase does.
 */
struct backlog {
	uint64_t *off;			/* ring of cap offsets */
	unsigned cap, head, n;		/* oldest at head; n waiting */
	unsigned every, batch;		/* verify_backlog, verify_backlog_batch (0: every) */
	unsigned batch_left;		/* reads still due in this batch */
	bool last_read;			/* the last I/O to complete read (fio's last_ddir) */
	bool draining;			/* the writes are done: every I/O reads one back */
};

struct worker;
struct stream;
struct io_unit;

/* What a stream does to an I/O beyond its fixed one, chosen once by loop_prep_for(). */
typedef void (*stream_prep_fn)(struct worker *w, struct stream *s, struct io_unit *u);

/*
 * A stream of fio's trims (target_spec.trim) never reads: its trims take the
 * read slot [0] of len, pick, errors, counts, hist and series, and its rows
 * say so (result_row.trims). rw=trim issues them through engine_trim (the
 * worker's engine), trimwrite from prep() (VARY_TRIM, loop_trim()).
 */
struct stream {
	struct gen gen;
	uint32_t len[2];		/* I/O size of [0] reads, [1] writes */
	stream_prep_fn prep;		/* NULL: the I/O as gen_next() gives it */
	unsigned vary;			/* VARY_* */
	unsigned compress_pct;		/* refilled writes: this % of every 512 bytes zeros */
	uint32_t dedupe_thresh;		/* --dedupe: a write takes the dedupe block below this (of 2^32) */
	unsigned fsync_every;		/* fsync after this many writes (fio's fsync=N); 0 = never */
	unsigned writes_since;		/* writes since the last fsync */
	int fd;				/* the target's file, for fsync */
	bool trim_file;			/* the target is a regular file: a trim punches a hole */
	struct sync_counts syncs;	/* the fsyncs in the measured window */
	uint64_t errors[2];		/* --continue-on-error: failed [0] reads, [1] writes */
	struct size_pick pick[2];	/* sizes drawn for [0] reads, [1] writes */
	struct verify_state v;		/* --verify */
	struct backlog bl;		/* fio's verify_backlog (VARY_BACKLOG) */
	struct io_counts counts[2];	/* [0] reads, [1] writes, measured window only */
	struct hist *hist;		/* [0] reads, [1] writes: latency histograms (own allocation) */
	struct hist *ivprev;		/* [2]: hist as it stood at the last interval edge (own) */
	struct interval *series;	/* one slot per interval of the window (own allocation) */
	char *src;			/* -Z<size>: random source buffer; --dedupe: the block; or NULL */
	uint64_t src_slots;		/* blocks a write may start at in src */
	uint64_t src_align;
	uint16_t src_index;		/* the source buffer's region in the engine_setup */
	unsigned target;		/* index into the workload's targets */
	uint64_t *par_next;		/* -p: the next offset of each of its units (own allocation) */
	unsigned par_first;		/* ... the worker's index of its first unit */
	char *ubufs;			/* -O: unit k's read buffer here at k * 2 * ustep, its write
					   buffer ustep further (each unit has a pair per stream) */
	uint64_t ustep;
};

/*
 * A worker's shared pool of I/Os (job_spec.requests): each I/O goes to a
 * stream picked as job_spec.pick says. DiskSpd's -O (IORequest::GetNextTarget):
 * drawn by weight, uniformly when the weights are equal; fio's iodepth over
 * a job's files: by its file_service_type, a stream kept for some I/Os.
 */
struct stream_pick {
	uint64_t rng;			/* its own wyrand state (the streams' are left as they are) */
	uint64_t total;			/* the weights' sum */
	uint64_t *cum;			/* per stream: a draw below total in [cum[i-1], cum[i]) picks
					   stream i (a weight of 0: never); PICK_SEQUENTIAL: the I/Os
					   of its range; own allocation */
	bool equal;			/* every weight the same */
	enum file_pick mode;
	unsigned cur;			/* fio's modes: the stream picked last ... */
	uint64_t left;			/* ... and the I/Os it keeps before the next pick */
	unsigned every;			/* PICK_RANDOM, PICK_ROUNDROBIN: I/Os a pick keeps */
};

/*
 * fio's --status-interval: a stream's figures as they stood when the run's
 * main thread last asked (loop_next_interval() answers at an interval's edge).
 */
struct stream_snap {
	struct io_counts counts[2];
	struct hist *hist;		/* [2] (own allocation) */
	struct sync_counts syncs;
	uint64_t errors[2];
};

#define SNAP_FINAL UINT32_MAX	/* snap_done: the I/O has ended; the live figures are final */

/* The first I/O error a worker met; the run stops on it. */
struct io_error {
	int err;			/* errno, 0 = none; EIO also for a short transfer */
	int64_t result;			/* what the engine returned */
	uint64_t offset;
	uint32_t len;
	unsigned target;
	bool is_write;
	bool is_fsync;			/* the fsync after writes failed (fio's fsync=N) */
	bool is_trim;			/* fio's trimwrite: the trim before the write failed */
	bool is_min_rate;		/* fio's rate_min or rate_iops_min not met (EIO, as fio's):
					   is_write's direction did rate_got (bytes or, with
					   rate_iops, I/Os a second) of rate_min */
	bool rate_iops;
	uint64_t rate_got, rate_min;
};

/*
 * fio's rate_min and rate_iops_min (backend.c check_min_rate): from 2 s after
 * the thread starts, each direction that has moved data must have done its
 * minimum over every rate_cycle, or the thread fails (EIO). Checked at the
 * series' interval edges (loop_next_interval), so a cycle is at least one
 * interval.
 */
struct min_rate {
	uint64_t iops[2], bps[2];	/* [0] reads, [1] writes; 0: no minimum */
	uint64_t cycle_ns;
	uint64_t settle_at;		/* no check before this (fio: 2 s from the thread's start) */
	uint64_t base_at;		/* the last check, or 0: none yet (the next one sets it) */
	uint64_t base_ios[2], base_bytes[2];
};

/*
 * Completions taken per reap, by default. Small batches put I/Os back in the
 * device sooner: on a virtio disk, 8 gave fio's IOPS where 64 gave 10% less
 * (bench/README.md), at 5% more instructions per I/O on the null engine.
 */
#define REAP_BATCH 8
#define REAP_MAX 64	/* the most a job may ask for (fio's iodepth_batch_complete_max) */
#define SUBMIT_ALL (1u << 30)	/* submit_batch: every I/O ready goes out with the next reap */

/*
 * The paced loop's state of one stream (core/loop_paced.c): its timeline,
 * its free units, its think time, and its figures over the measured window.
 */
struct pace_stream {
	double period_ns;		/* mean ns between scheduled I/Os; 0: no rate (closed loop) */
	bool poisson;			/* exponential gaps drawn from rng, else t0 + k * period */
	uint64_t rng;			/* its own wyrand state (the offsets' stream is left as is) */
	uint64_t t0, k;			/* linear: the timeline's origin, I/Os scheduled so far */
	uint64_t next;			/* the scheduled time of its next I/O */
	uint64_t floor;			/* no I/O is scheduled before this (a pause's end) */
	struct io_unit **free;		/* its units not in flight (a stack of cap) */
	unsigned nfree, inflight;
	bool capped;			/* an I/O is due and every unit is in flight */
	/* think time (struct pace_spec) */
	uint64_t think_ns, spin_ns, iotime_ns;
	unsigned blocks;
	bool count_issue, count_blocks, quiesce, ignore_think;
	uint64_t counted;		/* I/Os issued (or completed) since the last pause */
	uint64_t last_think;		/* when the last pause began */
	uint64_t pause_end;		/* paused until this */
	/* figures of the measured window */
	struct hist *h;			/* [0] reads', [1] writes' service time, [2] reads', [3]
					   writes' lag (own allocation) */
	struct io_counts sc[2], lc[2];	/* service time, lag: [0] reads, [1] writes */
	uint64_t cap_hits, max_backlog, pauses;
	uint64_t due_in;		/* I/Os the timeline scheduled inside the measured window */
};

/*
 * A worker's pacing: one pace_stream per stream, and each unit's submission
 * time. fio's latency_target: the search (lat) sets the most I/Os the worker
 * keeps in flight (limit; 0 while it quiesces), over all its streams.
 */
struct pacer {
	struct pace_stream *s;		/* nstreams (own allocation) */
	bool think_shared;		/* fio: the streams think as one thread, on s[0]'s think
					   state; else (DiskSpd's -j, per target) each on its own */
	uint64_t *submitted;		/* per unit (index in the worker's units), ns */
	struct io_unit **free_mem;	/* room of every stream's free stack */
	unsigned limit;			/* the most in flight: lat's depth, else UINT_MAX */
	struct lat_search *lat;		/* fio's latency_target, or NULL (own allocation) */
	bool quiescing;			/* lat: nothing issued until every I/O completed */
	uint64_t ramp_end;		/* lat: the search starts again here (fio's ramp_time end) */
};

struct worker {
	unsigned id;
	unsigned job;			/* index into the workload's jobs */
	struct stream *streams;
	unsigned nstreams;
	struct io_unit *units;
	unsigned nunits;
	struct engine engine;

	/* Timing, absolute CLOCK_MONOTONIC ns, set before the start barrier. */
	uint64_t start_at;		/* issue nothing before this (fio's startdelay); 0 = at once */
	uint64_t window_start;		/* completions at or after this count ... */
	uint64_t window_end;		/* ... and before this (count mode: set when done) */
	uint64_t end;			/* issue nothing new at or after this */
	uint64_t ios_left;		/* count mode: measured I/Os to go; else UINT64_MAX */
	uint64_t issue_left;		/* byte budget (fio's size): bytes still to issue; else UINT64_MAX */
	uint64_t issue_ios;		/* I/Os still to issue (--ios, fio's number_ios, without a
					   warm-up); else UINT64_MAX */
	unsigned continue_mask;		/* --continue-on-error: bit 0 reads, bit 1 writes go on */
	const struct err_list *go_on;	/* ... past these errors only, per fio error type */
	bool error_ends_thread;		/* a fatal error ends this thread alone (fio), not the run */
	bool ended_on_error;		/* its error (error below) ended it */
	unsigned reap_min;		/* completions to wait for in a reap (at least 1) */
	unsigned reap_max;		/* completions to take in a reap (1 to REAP_MAX) */
	unsigned submit_batch;		/* I/Os put back are submitted every this many completions
					   (fio's iodepth_batch_submit; SUBMIT_ALL: at the next reap) */
	uint64_t interval_ns;		/* length of a series interval */
	uint64_t iv_edge;		/* end of the current interval */
	unsigned iv_idx;		/* the current interval */
	unsigned iv_cap;		/* slots in each stream's series; the last one absorbs overflow */
	bool iv_overflow;		/* the window outlasted the series */
	atomic_uint iv_done;		/* intervals this worker has finished (for progress) */
	struct ivring *ivr;		/* the run's interval histograms, which it folds into */
	atomic_uint iv_at;		/* the interval it may still fold into; UINT_MAX: none */
	atomic_int *stop;		/* set on Ctrl-C or by a worker that failed */

	struct io_error error;
	uint64_t stopped_at;		/* when this worker's error stopped the run, or 0 */
	uint64_t cpu_a_ns;		/* its CPU demand (run + runnable) when the window opened */
	uint64_t t_a_ns;		/* when the worker read that itself (no warm-up), else 0 */
	uint64_t user_a_us, user_end_us;	/* its user CPU time at the I/O loop's start and end */
	uint64_t t_loop_ns;		/* when its I/O loop started */
	uint64_t cpu_end_ns, t_end_ns;	/* its CPU demand, and the time, when its I/O ended */
	struct verify_bad vfirst;	/* --verify: the first mismatch this worker found */
	unsigned vfirst_target;
	bool vhave;
	struct io_workers io_workers;	/* io_uring's kernel threads for this worker's ring, whole run */
	int os_tid;			/* the thread's kernel TID (io_uring names its workers after it) */
	int cpu;			/* pinned to this CPU, or -1 */
	uint64_t dot_ios;		/* DiskSpd's -P (the main thread's): I/Os of its finished */
	unsigned dot_shown;		/* ... intervals counted, and how many of them */
	const int *cpus;		/* ... else, when not NULL, runs on these ncpus CPUs (fio's
					   cpus_allowed with its shared policy) */
	unsigned ncpus;
	bool own_cpus;			/* cpu or cpus are its job's (fio's cpus_allowed), not iobench's */
	int pin_error;			/* pinning failure, -errno */
	unsigned ioprio;		/* its I/O priority (fio's prio, prioclass), or 0: as is */
	int prio_error;			/* setting it failed, -errno */
	int init_error;			/* engine init failure, -errno */
	struct iolog *log;		/* fio's write_*_log: this thread's rows, or NULL */
	/* fio's --status-interval: the main thread asks (snap_req), the worker copies its
	   streams' figures into snaps at its next interval edge and answers (snap_done) */
	atomic_uint *snap_req;		/* the request's number, or NULL: never asked */
	atomic_uint snap_done;		/* the last request answered, or SNAP_FINAL */
	struct stream_snap *snaps;	/* one per stream */
	uint64_t snap_at;		/* when the copy was taken */
	unsigned snap_iv;		/* the series' final intervals then */
	bool backlog;			/* a stream reads back its writes (VARY_BACKLOG) */
	void *bufs;			/* the memory all units' buffers come from (in mem, past
					   fio's iomem_align) */
	uint64_t bufs_len;
	struct iomem mem;		/* its allocation, of fio's mem= kind */
	struct pacer *pace;		/* pace_on(): the paced loop runs it; NULL: closed */
	struct stream_pick pick;	/* -O (VARY_PICK) */
	struct min_rate *min_rate;	/* fio's rate_min, rate_iops_min; NULL: none */
	uint64_t stats_from;		/* fio's latency_target: its figures start again here (its
					   last window), or 0 */
	pthread_t tid;
};

/* The hot loop: runs the worker's I/O until its end, a stop, or an error. */
void loop_run(struct worker *w);

/* The paced (open) loop, for a worker with a pace (loop_paced.c); loop_run() chooses it. */
void loop_paced(struct worker *w);

/*
 * The preparation of a stream with these VARY_* bits: none, one made for a
 * common stream (fresh data in writes, a byte budget, both), or the general
 * one. The run's set-up stores it in stream.prep once the bits are final.
 */
stream_prep_fn loop_prep_for(unsigned vary);

#endif
