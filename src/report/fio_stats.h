/* SPDX-License-Identifier: MIT */
/*
 * fio_stats.h: fio's figures from the result model, shared by fio's layouts
 * (fio_json.c, fio_text.c), so that json, normal and terse print the same
 * numbers: which units fio reports (its thread_stats), the percentile list,
 * the 500 ms window statistics, the latency distribution, the group's run
 * statistics and the devices' figures.
 */
#ifndef IOB_FIO_STATS_H
#define IOB_FIO_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "core/run.h"
#include "job/workload.h"
#include "report/summary.h"

/* fio's default percentile_list. */
#define FIO_NPCTS 17
extern const double fio_pcts[FIO_NPCTS];

/* One unit fio reports (its thread_stat): a job's thread, or a whole group with group_reporting. */
struct fio_unit {
	unsigned g;		/* the group: groups[g], res[g] */
	unsigned j0, j1;	/* its jobs */
	int thread;		/* one thread of them (the group's thread number), or -1 */
};

/*
 * The units of the groups that measured, in fio's order, into *out (the
 * caller frees it). Returns their number, or -ENOMEM.
 */
int fio_units(const struct workload *groups, const struct result *res, unsigned ngroups,
	      struct fio_unit **out);

/*
 * One unit's figures as fio reports them: its jobs' rows merged, with its
 * reads those of its verify phase where it has one (fio counts the verify
 * reads as the job's reads, over the phase's own runtime).
 */
struct fio_view {
	struct summary s;		/* SUM_READ, SUM_WRITE, SUM_TOTAL, SUM_TRIM */
	bool paced;			/* pace_on(): s holds response times (completed -
					   scheduled), fio's lat; svc the service times (completed -
					   submitted), fio's clat; lag (submitted - scheduled) its slat */
	struct summary svc, lag;
	uint64_t active[2];		/* each direction's measuring time, ns (trims: [1]'s) */
	const struct result *dres[2];	/* the result each direction comes from (its windows) */
	const struct result *vres;	/* the verify phase's, or NULL */
	int err;			/* fio's error: the run's, else its verify phase's */
	uint64_t errs;			/* errors continued past (I/O errors, mismatches): total_err */
};

/* fio's clat of v: a closed loop's latency, a paced run's service time. */
static inline const struct summary *fio_clat(const struct fio_view *v)
{
	return v->paced ? &v->svc : &v->s;
}

/* Whether row r is of unit u's jobs (and of its thread, when it has one). */
bool fio_in_unit(const struct result_row *r, const struct fio_unit *u);

/* fio's usr_cpu and sys_cpu: the process's CPU time, % of res's window (every unit shows it). */
void fio_cpu_pct(const struct result *res, double *usr, double *sys);

/* Builds v for unit u. Returns the longest of its directions' times, ns. */
uint64_t fio_view_build(struct fio_view *v, const struct workload *groups, const struct result *res,
			unsigned ngroups, const struct fio_unit *u);

/* fio's per-window bandwidth (KiB/s) and IOPS statistics of one direction (bw_stat, iops_stat). */
struct fio_windows {
	unsigned n;		/* samples: 0 when no window completed */
	double bw_min, bw_max, bw_mean, bw_dev;
	double io_min, io_max, io_mean, io_dev;
};

/* The windows of jobs j0..j1-1 (of one thread when thread >= 0), direction dir (SUM_READ,
   SUM_WRITE or SUM_TRIM). */
void fio_windows(struct fio_windows *ws, const struct result *res, unsigned j0, unsigned j1,
		 int thread, int dir);

/*
 * fio's latency distribution: how many I/Os fall in each of its ranges,
 * [0..9] nsec (2, 4, 10, ... 1000), [10..19] usec (the same), [20..31] msec
 * (the same, 2000, >=2000), each up to its key from the previous one.
 */
#define FIO_LAT_N 10
#define FIO_LAT_U 10
#define FIO_LAT_M 12
#define FIO_LAT_ALL (FIO_LAT_N + FIO_LAT_U + FIO_LAT_M)
void fio_lat_counts(const struct hist *h, uint64_t cnt[FIO_LAT_ALL]);

/* A count as fio's % of total: 0.01 at least when the count is not 0 (stat_calc_lat). */
double fio_lat_pct(uint64_t cnt, uint64_t total);

/* The verify phase that reads back what group g wrote (fio's verify reads of its jobs), or NULL. */
const struct result *fio_verify_result(const struct workload *groups, const struct result *res,
				       unsigned ngroups, unsigned g);

/* fio's runtime of a direction, ms: the unit's measuring time in usec rounded up, 0 without I/O. */
/*
 * fio's time of day, as ctime() writes it ("Thu Dec  3 20:08:11 2026"), of
 * sec in local time, into buf (room for 32); "" when it cannot be had.
 */
void fio_time_text(time_t sec, char *buf, size_t len);

uint64_t fio_runtime_ms(const struct io_counts *c, uint64_t active_ns);

/*
 * fio's bandwidth of a direction, B/s, in every layout: its bytes over its
 * runtime in whole ms (fio_runtime_ms), as fio's 1000 * io_bytes / runtime; 0 without I/O.
 */
static inline uint64_t fio_bw(const struct io_counts *c, uint64_t run_ms)
{
	return run_ms ? 1000 * c->bytes / run_ms : 0;
}

/* Every I/O of jobs j0..j1-1 is issued with no other in flight (fio's iodepth 1). */
bool fio_depth_one(const struct workload *w, unsigned j0, unsigned j1);

/* fio's iodepth of job j: its I/Os in flight over all its files. */
unsigned fio_iodepth(const struct workload *w, unsigned j);

/*
 * fio's latency_depth of unit u (its ts->latency_depth, the last thread's
 * latency_qd): the depth its latency_target search ended at, else the
 * job's iodepth.
 */
unsigned fio_latency_depth(const struct workload *w, const struct result *res,
			   const struct fio_unit *u);

/* fio's kb_base of job j: 1000 when the job file says so, else 1024. */
unsigned fio_kb_base(const struct workload *w, unsigned j);

/* A group's run statistics (fio's group_run_stats), per direction, over its units. */
struct fio_group {
	unsigned groupid;
	uint64_t min_run[3], max_run[3];	/* ms; [0] reads, [1] writes, [2] trims (fio's order) */
	uint64_t min_bw[3], max_bw[3];		/* B/s */
	uint64_t iobytes[3];
	uint64_t agg[3];			/* B/s: iobytes over the longest run */
	unsigned kb_base;
};

/* The statistics of group g, over the n units (those of other groups are skipped). */
void fio_group_stats(struct fio_group *gs, const struct workload *groups, const struct result *res,
		     unsigned ngroups, const struct fio_unit *u, unsigned n, unsigned g);

/* The time fio stamps on its report: the end of the last group, as recorded. */
struct timespec fio_report_time(const struct result *res, unsigned ngroups);

/* One device over every group that ran, as fio's disk_util lists it. */
struct fio_disk {
	char name[64];
	unsigned major, minor;
	struct diskstats_delta d;
	double msec;		/* the windows it was watched over */
};

/* The devices of every group, one entry each, into *out (the caller frees it). Returns n or -ENOMEM. */
int fio_disks(const struct result *res, unsigned ngroups, struct fio_disk **out);

/* fio's util of a device, %: the time it had I/O in flight over the window, at most 100. */
double fio_disk_util(const struct fio_disk *d);

#endif
