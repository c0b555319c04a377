/* SPDX-License-Identifier: MIT */
/*
 * fiospec.h: one fio job as its options leave it (struct fjob), with its
 * modes and limits: what fioopt.c and the appliers beside it fill in, and
 * what fiojob.c and the modules beside it turn into job_specs and targets.
 */
#ifndef IOB_FIOSPEC_H
#define IOB_FIOSPEC_H

#include <stdbool.h>
#include <stdint.h>

#include "job/fioverify.h"
#include "job/jobfile.h"
#include "job/workload.h"
#include "platform/affinity.h"

#define MAX_NUMJOBS 4096
#define MAX_IODEPTH 65536
#define MAX_FILES 4096

enum rw_mode {
	RW_READ, RW_WRITE, RW_RANDREAD, RW_RANDWRITE, RW_RW, RW_RANDRW,
	RW_TRIM, RW_RANDTRIM, RW_TRIMWRITE, RW_RANDTRIMWRITE,	/* fio's trims */
};

/* Whether a mode draws random offsets. */
static inline bool rw_random(enum rw_mode m)
{
	return m == RW_RANDREAD || m == RW_RANDWRITE || m == RW_RANDRW || m == RW_RANDTRIM ||
	       m == RW_RANDTRIMWRITE;
}

/* What a mode trims (workload.h's trim_mode). */
static inline enum trim_mode rw_trim(enum rw_mode m)
{
	return m == RW_TRIM || m == RW_RANDTRIM ? TRIM_ONLY :
	       m == RW_TRIMWRITE || m == RW_RANDTRIMWRITE ? TRIM_WRITE : TRIM_NONE;
}

/* One job as its options leave it. Strings point into the parsed document. */
struct fjob {
	const struct jf_section *sec;	/* its section: the options as written */
	const char *name, *where, *description;
	const char *filename, *directory, *wait_for;
	const char *filename_format;	/* fio's default names' pattern, or NULL (jobname.jobnum.filenum) */
	const char *engine;
	enum rw_mode rw;
	unsigned write_pct;		/* from rwmixread/rwmixwrite, for rw and randrw */
	uint64_t bs[3];			/* [0] reads, [1] writes, [2] trims (fio's bs=R,W,T) */
	uint64_t ba[3];			/* blockalign per direction; 0 = the smallest block (fio's) */
	uint64_t seq_hole;		/* rw=read:N: bytes skipped after each sequential I/O */
	uint64_t seq_back;		/* rw=read:-N: N (fio's backward sequential I/O) */
	unsigned seq_every;		/* rw=randread:N: a new random offset every N I/Os */
	bool seq_identical;		/* rw_sequencer=identical (default sequential) */
	struct bs_dist *dist[3];	/* bsrange/bssplit per direction (owned), or NULL */
	unsigned perc_rand[3];		/* percentage_random per direction (default 100) */
	struct access_dist *rdist;	/* random_distribution, reads' and writes' (owned), or NULL */
	struct dist_range *rdist_trim;	/* ... zoned, trims' own list (owned), or NULL: as reads' */
	unsigned ntrim_zones;
	unsigned fsync_every;
	unsigned numjobs, iodepth, batch_submit, complete_min, complete_max, iodepth_low;
	bool direct;
	unsigned cache_sync;		/* 0, CACHE_SYNC or CACHE_WRITE_THROUGH */
	bool end_fsync, time_based, zero_buffers, invalidate;
	enum file_pick fpick;		/* file_service_type (default roundrobin) ... */
	unsigned fpick_every;		/* ... and its :N (1 when not given) */
	int fadvise;			/* fadvise_hint: HINT_* to give, or -1 for the job's pattern
					   (fio's default, fadvise_hint=1) */
	bool hipri, sqpoll;		/* io_uring's hipri and sqthread_poll (--hipri, --sqpoll) */
	bool regfiles, fixedbufs;	/* io_uring's registerfiles and fixedbufs */
	bool vectored;			/* io_uring's nonvectored=0 */
	unsigned force_async;		/* io_uring's force_async */
	int sq_cpu;			/* io_uring's sqthread_poll_cpu, or -1 */
	const char *uring_opt;		/* the last of those given, for a message, or NULL */
	int refill;			/* refill_buffers: 1, 0, or -1 when not given */
	bool scramble;			/* scramble_buffers (default 1) */
	unsigned compress_pct, dedupe_pct, pattern_len;
	unsigned continue_on_error;	/* CONTINUE_* */
	struct err_list go_on[ERR_TYPES];	/* ignore_error's lists (default: EIO, EILSEQ) */
	bool exitall;			/* exitall given (fio: for every job of the run) */
	bool exit_all;			/* exit_what=all: exitall also ends the later groups */
	bool exitall_on_error;		/* an error of this job stops its group */
	unsigned fio_stats;		/* STATS_* */
	unsigned npct;			/* percentile_list, ascending */
	double pct[STATS_PCT_MAX];
	unsigned char pattern[PATTERN_MAX];
	uint64_t runtime_ns, ramp_ns, startdelay_ns;
	uint64_t size, filesize, offset, offset_increment, io_size, number_ios;
	bool size_pct, offset_pct;
	unsigned loops, nrfiles;
	bool randrepeat;
	uint64_t randseed;
	bool randseed_set;		/* randseed given: used even with randrepeat=0 (as in fio) */
	bool group_reporting, stonewall, new_group;
	enum unlink_mode unlink;	/* unlink: given 1 or 0, or not given */
	bool unlink_each_loop;		/* unlink_each_loop (between loops, as fio 3.33) */
	bool allow_create;		/* allow_file_create (default 1) */
	bool create_on_open;		/* create_on_open: files made empty when the job opens them */
	enum prealloc prealloc;		/* fallocate= (default native, as fio on Linux) */
	unsigned openfiles;		/* openfiles; 0 = not given (all of a thread's files) */
	uint64_t cpus[AFFINITY_MAX / 64];	/* cpus_allowed, cpumask: the CPUs, a bit each */
	bool cpus_given, cpus_split;	/* ... given; cpus_allowed_policy=split */
	enum buf_mem mem;		/* mem= (iomem=) */
	const char *mem_file;		/* mem=mmap:FILE's file, or NULL */
	uint64_t mem_align;		/* iomem_align (mem_align) */
	int prio, prioclass;		/* fio's prio and prioclass, or -1 when not given */
	unsigned kb_base;
	unsigned file;
	const char *log_prefix[LOG_KINDS];	/* write_*_log: the name ("" the job's), or NULL */
	struct job_logs logset;		/* the logs' settings (its prefixes unused) */
	uint32_t avg_ms[2];		/* bwavgtime, iopsavgtime: the windows of the bw and iops
					   statistics, ms */
	struct fio_verify verify;	/* verify= and its modifiers (fioverify.c) */
	struct pace_spec pace;		/* rate_process, thinktime* (the rates come from rates[]) */
	uint64_t rates[4][3];		/* rate, rate_iops, rate_min, rate_iops_min: [read, write, trim] */
};

#endif
