/* SPDX-License-Identifier: MIT */
/*
 * iolog.h: fio's log files (write_bw_log, write_lat_log, write_iops_log,
 * write_hist_log) as one worker thread records them: a row per I/O, or per
 * direction per log_avg_msec window (count, bytes, latency sum and maximum),
 * and per direction per log_hist_msec window the latencies counted in fio's
 * 1856 histogram bins. Rows go into memory reserved before the run
 * (address space only: pages are taken as rows fill them), so recording
 * allocates nothing; rows that find it full are counted as lost. The thread
 * that records owns the log; report/fio_log.c writes the files after the run.
 */
#ifndef IOB_IOLOG_H
#define IOB_IOLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* fio's histogram: 64 bins per power of two above 128 ns, 29 groups (stat.h's FIO_IO_U_PLAT_*). */
#define FIO_PLAT_BITS 6
#define FIO_PLAT_VAL (1u << FIO_PLAT_BITS)
#define FIO_PLAT_NR (29 * FIO_PLAT_VAL)		/* 1856 */

/* fio's bin of a latency of v ns (plat_val_to_idx). */
static inline unsigned fio_plat_index(uint64_t v)
{
	unsigned msb = v ? 63u - (unsigned)__builtin_clzll(v) : 0, err, idx;

	if (msb <= FIO_PLAT_BITS)
		return (unsigned)v;
	err = msb - FIO_PLAT_BITS;
	idx = ((err + 1) << FIO_PLAT_BITS) + (unsigned)((v >> err) & (FIO_PLAT_VAL - 1));
	return idx < FIO_PLAT_NR ? idx : FIO_PLAT_NR - 1;
}

/* One I/O (logs without log_avg_msec). */
struct iolog_io {
	uint32_t t_ms;			/* completion, ms from the window's start */
	uint32_t len_dir;		/* bytes, and bit 31 set for a write */
	uint64_t lat;			/* ns */
	uint64_t offset;
};

/* One direction's I/O over one log_avg_msec window. */
struct iolog_win {
	uint32_t t_ms;			/* the window's end, ms from the measured window's start */
	uint32_t len_ms;		/* its length (the last one may be shorter) */
	uint64_t ios, bytes, lat_sum, lat_max;
	uint32_t dir;			/* 0 reads, 1 writes */
};

/* One direction's histogram over one log_hist_msec window, followed by nbins words. */
struct iolog_hist {
	uint32_t t_ms, bs, dir, nbins;	/* each word: bin << 48 | count (bins that counted any) */
};

/* Memory reserved for rows of one kind. */
struct iolog_area {
	char *p;
	size_t used, cap;
	uint64_t lost;			/* rows that found it full */
};

struct iolog {
	unsigned job;			/* the workload's job whose thread this is */
	unsigned thread;		/* fio's number of the thread (1, 2, ... over the job file) */
	uint32_t avg_ms, hist_ms;	/* log_avg_msec, log_hist_msec (0: none) */
	bool per_io;			/* a row per I/O (bandwidth, latency or IOPS logs without avg_ms) */
	struct iolog_area io, win, hist;
	uint64_t win_k, hist_k;		/* the open windows' numbers */
	struct { uint64_t ios, bytes, lat_sum, lat_max; } acc[2];
	uint64_t hist_n[2];		/* I/Os in the open histogram window */
	uint32_t hist_bs[2];		/* the size of its last I/O (fio's bs column) */
	uint64_t *bins;			/* [2][FIO_PLAT_NR] counts of the open histogram window */
	int64_t epoch_ms;		/* ms since 1970 at the window's start (for log_unix_epoch) */
};

/*
 * Reserves what l's settings (job, thread, avg_ms, hist_ms, per_io, set by
 * the caller) need: window rows with avg_ms, histogram rows with hist_ms,
 * per-I/O rows with per_io. Returns 0 or -ENOMEM.
 */
int iolog_init(struct iolog *l);

/* One completion in the measured window, rel_ns after its start. */
void iolog_record(struct iolog *l, uint64_t rel_ns, bool is_write, uint32_t len, uint64_t lat,
		  uint64_t offset);

/* The measured window ended end_ns after its start: the open windows become rows. */
void iolog_finish(struct iolog *l, uint64_t end_ns);

void iolog_free(struct iolog *l);

#endif
