/* SPDX-License-Identifier: MIT */
/*
 * fiotable.h: fio's job options by name: the table of those iobench takes
 * (each one's id and whether it takes a value), fio 3.33's own names
 * (fionames.c, written by scripts/fio-option-names), and the error for a
 * name iobench does not take.
 */
#ifndef IOB_FIOTABLE_H
#define IOB_FIOTABLE_H

#include <stddef.h>

#include "job/fioplanner.h"
#include "job/jobfile.h"

enum fio_opt_id {
	F_NAME, F_DESCRIPTION, F_FILENAME, F_DIRECTORY, F_IOENGINE, F_RW, F_RWMIXREAD,
	F_RWMIXWRITE, F_BS, F_NUMJOBS, F_IODEPTH, F_BATCH_SUBMIT, F_COMPLETE_MIN,
	F_COMPLETE_MAX, F_IODEPTH_LOW, F_DIRECT, F_BUFFERED, F_SYNC, F_END_FSYNC, F_INVALIDATE, F_FADVISE, F_FST,
	F_HIPRI, F_SQTHREAD_POLL,
	F_TIME_BASED, F_RUNTIME, F_RAMP, F_STARTDELAY, F_SIZE, F_FILESIZE, F_OFFSET,
	F_OFFSET_INC, F_IO_SIZE, F_NUMBER_IOS, F_LOOPS, F_NRFILES, F_RANDREPEAT, F_RANDSEED,
	F_NORANDOMMAP, F_THREAD, F_GROUP_REPORTING, F_STONEWALL, F_NEW_GROUP, F_WAIT_FOR,
	F_KB_BASE, F_ZERO_BUFFERS, F_OVERHEAD_ONLY, F_PROFILE_ACT, F_PROFILE_TIO, F_BSRANGE, F_BSSPLIT, F_FSYNC,
	F_COMPRESS, F_COMPRESS_CHUNK, F_DEDUPE, F_PATTERN, F_REFILL, F_SCRAMBLE, F_CONTINUE,
	F_BW_LOG, F_LAT_LOG, F_IOPS_LOG, F_HIST_LOG, F_LOG_AVG, F_LOG_HIST, F_LOG_COARSE,
	F_LOG_MAX, F_LOG_OFFSET, F_PER_JOB_LOGS, F_LOG_UNIX, F_LOG_ENTRIES, F_BW_AVG, F_IOPS_AVG,
	F_UNLINK, F_UNLINK_EACH_LOOP, F_ALLOW_CREATE, F_CREATE_ON_OPEN, F_FALLOCATE, F_OPENFILES,
	F_BLOCKALIGN, F_EXITALL, F_EXITALL_ON_ERROR, F_IGNORE_ERROR, F_EXIT_WHAT,
	F_CLAT_PCT, F_LAT_PCT, F_SLAT_PCT, F_PCT_LIST, F_DISABLE_LAT, F_DISABLE_CLAT, F_DISABLE_SLAT,
	F_DISABLE_BW, F_FILENAME_FORMAT, F_UNIQUE_FILENAME, F_RW_SEQUENCER,
	F_PRIO, F_PRIOCLASS, F_CMDPRIO,
	F_CPUS_ALLOWED, F_CPUMASK, F_CPUS_POLICY, F_REGFILES, F_FIXEDBUFS, F_NONVECTORED,
	F_FORCE_ASYNC, F_SQ_CPU, F_CMD_TYPE, F_MEM, F_MEM_ALIGN, F_PERC_RAND, F_PERC_SEQ,
	F_RAND_DIST,
	F_RATE, F_RATE_IOPS, F_RATE_MIN, F_RATE_IOPS_MIN, F_RATE_CYCLE, F_RATE_PROCESS, F_RATE_IGN_THINK,
	F_THINKTIME, F_THINK_SPIN, F_THINK_BLOCKS, F_THINK_BTYPE, F_THINK_IOTIME,
	F_LAT_TARGET, F_LAT_WINDOW, F_LAT_PERCENTILE, F_LAT_RUN,
};

enum arg { A_VALUE, A_FLAG, A_BOTH };	/* needs a value, takes none, either */

struct fopt {
	const char *name;
	enum fio_opt_id id;
	enum arg arg;
};

/* A fio 3.33 option by name, with the engines of an engine's own option (NULL: fio's). */
struct fio_name {
	const char *name;
	const char *engines;
};
extern const struct fio_name fio_names[];
extern const size_t fio_nnames;

/* The option named key in the table, or NULL. */
const struct fopt *fio_table_find(const char *key);

/* fio 3.33's option of that name (fionames.c), or NULL. */
const struct fio_name *fio_table_name(const char *key);

/*
 * o, whose key is not in the table: -EINVAL with "where: ..." in p's buffer
 * saying that iobench does not implement fio's option (or fio's engine's),
 * or that it is unknown, with the nearest name in the table.
 */
int fio_table_unknown(struct planner *p, const struct jf_opt *o);

#endif
