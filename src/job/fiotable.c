/* SPDX-License-Identifier: MIT */
/*
 * fiotable.c: the fio options iobench takes, by name: each one's id and
 * whether it takes a value; an unknown name is an error that says what fio
 * 3.33 has it for (fionames.c), or the nearest name iobench takes.
 */
#include <errno.h>
#include <string.h>

#include "job/fiotable.h"
#include "util/errmsg.h"
#include "util/banned.h"

static const struct fopt fopts[] = {
	{ "name", F_NAME, A_VALUE }, { "description", F_DESCRIPTION, A_VALUE },
	{ "filename", F_FILENAME, A_VALUE }, { "directory", F_DIRECTORY, A_VALUE },
	{ "ioengine", F_IOENGINE, A_VALUE }, { "rw", F_RW, A_VALUE },
	{ "readwrite", F_RW, A_VALUE }, { "rwmixread", F_RWMIXREAD, A_VALUE },
	{ "rwmixwrite", F_RWMIXWRITE, A_VALUE }, { "bs", F_BS, A_VALUE },
	{ "blocksize", F_BS, A_VALUE }, { "numjobs", F_NUMJOBS, A_VALUE },
	{ "iodepth", F_IODEPTH, A_VALUE }, { "iodepth_batch", F_BATCH_SUBMIT, A_VALUE },
	{ "iodepth_batch_submit", F_BATCH_SUBMIT, A_VALUE },
	{ "iodepth_batch_complete", F_COMPLETE_MIN, A_VALUE },
	{ "iodepth_batch_complete_min", F_COMPLETE_MIN, A_VALUE },
	{ "iodepth_batch_complete_max", F_COMPLETE_MAX, A_VALUE },
	{ "iodepth_low", F_IODEPTH_LOW, A_VALUE }, { "direct", F_DIRECT, A_BOTH },
	{ "buffered", F_BUFFERED, A_BOTH }, { "sync", F_SYNC, A_BOTH },
	{ "end_fsync", F_END_FSYNC, A_BOTH }, { "invalidate", F_INVALIDATE, A_BOTH },
	{ "fadvise_hint", F_FADVISE, A_VALUE }, { "file_service_type", F_FST, A_VALUE },
	{ "hipri", F_HIPRI, A_BOTH }, { "sqthread_poll", F_SQTHREAD_POLL, A_BOTH }, { "time_based", F_TIME_BASED, A_BOTH },
	{ "runtime", F_RUNTIME, A_VALUE }, { "timeout", F_RUNTIME, A_VALUE },
	{ "ramp_time", F_RAMP, A_VALUE }, { "startdelay", F_STARTDELAY, A_VALUE },
	{ "size", F_SIZE, A_VALUE }, { "filesize", F_FILESIZE, A_VALUE },
	{ "offset", F_OFFSET, A_VALUE }, { "fileoffset", F_OFFSET, A_VALUE },
	{ "offset_increment", F_OFFSET_INC, A_VALUE }, { "io_size", F_IO_SIZE, A_VALUE },
	{ "io_limit", F_IO_SIZE, A_VALUE }, { "number_ios", F_NUMBER_IOS, A_VALUE },
	{ "loops", F_LOOPS, A_VALUE }, { "nrfiles", F_NRFILES, A_VALUE },
	{ "nr_files", F_NRFILES, A_VALUE }, { "randrepeat", F_RANDREPEAT, A_BOTH },
	{ "randseed", F_RANDSEED, A_VALUE }, { "norandommap", F_NORANDOMMAP, A_BOTH },
	{ "thread", F_THREAD, A_BOTH }, { "group_reporting", F_GROUP_REPORTING, A_BOTH },
	{ "stonewall", F_STONEWALL, A_BOTH }, { "wait_for_previous", F_STONEWALL, A_BOTH },
	{ "new_group", F_NEW_GROUP, A_BOTH }, { "wait_for", F_WAIT_FOR, A_VALUE },
	{ "kb_base", F_KB_BASE, A_VALUE }, { "zero_buffers", F_ZERO_BUFFERS, A_BOTH },
	{ "gtod_reduce", F_OVERHEAD_ONLY, A_BOTH }, { "clocksource", F_OVERHEAD_ONLY, A_VALUE },
	/* options of fio's act and tiobench profiles: fio 3.33 takes them in any job, to no effect */
	{ "device-names", F_PROFILE_ACT, A_BOTH }, { "load", F_PROFILE_ACT, A_BOTH },
	{ "test-duration", F_PROFILE_ACT, A_BOTH }, { "threads-per-queue", F_PROFILE_ACT, A_BOTH },
	{ "read-req-num-512-blocks", F_PROFILE_ACT, A_BOTH },
	{ "large-block-op-kbytes", F_PROFILE_ACT, A_BOTH }, { "prep", F_PROFILE_ACT, A_BOTH },
	{ "block", F_PROFILE_TIO, A_BOTH }, { "numruns", F_PROFILE_TIO, A_BOTH },
	{ "dir", F_PROFILE_TIO, A_BOTH }, { "threads", F_PROFILE_TIO, A_BOTH },
	{ "bsrange", F_BSRANGE, A_VALUE }, { "blocksize_range", F_BSRANGE, A_VALUE },
	{ "bssplit", F_BSSPLIT, A_VALUE }, { "fsync", F_FSYNC, A_VALUE },
	{ "buffer_compress_percentage", F_COMPRESS, A_VALUE },
	{ "buffer_compress_chunk", F_COMPRESS_CHUNK, A_VALUE },
	{ "dedupe_percentage", F_DEDUPE, A_VALUE }, { "buffer_pattern", F_PATTERN, A_VALUE },
	{ "refill_buffers", F_REFILL, A_BOTH }, { "scramble_buffers", F_SCRAMBLE, A_BOTH },
	{ "continue_on_error", F_CONTINUE, A_VALUE },
	{ "write_bw_log", F_BW_LOG, A_BOTH }, { "write_lat_log", F_LAT_LOG, A_BOTH },
	{ "write_iops_log", F_IOPS_LOG, A_BOTH }, { "write_hist_log", F_HIST_LOG, A_BOTH },
	{ "log_avg_msec", F_LOG_AVG, A_VALUE }, { "log_hist_msec", F_LOG_HIST, A_VALUE },
	{ "log_hist_coarseness", F_LOG_COARSE, A_VALUE }, { "log_max_value", F_LOG_MAX, A_BOTH },
	{ "log_offset", F_LOG_OFFSET, A_BOTH }, { "per_job_logs", F_PER_JOB_LOGS, A_BOTH },
	{ "log_unix_epoch", F_LOG_UNIX, A_BOTH }, { "log_entries", F_LOG_ENTRIES, A_VALUE },
	{ "bwavgtime", F_BW_AVG, A_VALUE }, { "iopsavgtime", F_IOPS_AVG, A_VALUE },
	{ "unlink", F_UNLINK, A_BOTH }, { "unlink_each_loop", F_UNLINK_EACH_LOOP, A_BOTH },
	{ "allow_file_create", F_ALLOW_CREATE, A_BOTH },
	{ "create_on_open", F_CREATE_ON_OPEN, A_BOTH }, { "fallocate", F_FALLOCATE, A_VALUE },
	{ "openfiles", F_OPENFILES, A_VALUE },
	{ "blockalign", F_BLOCKALIGN, A_VALUE }, { "ba", F_BLOCKALIGN, A_VALUE },
	{ "exitall", F_EXITALL, A_BOTH }, { "exitall_on_error", F_EXITALL_ON_ERROR, A_BOTH },
	{ "exit_what", F_EXIT_WHAT, A_VALUE },
	{ "ignore_error", F_IGNORE_ERROR, A_VALUE },
	{ "clat_percentiles", F_CLAT_PCT, A_BOTH }, { "lat_percentiles", F_LAT_PCT, A_BOTH },
	{ "slat_percentiles", F_SLAT_PCT, A_BOTH }, { "percentile_list", F_PCT_LIST, A_VALUE },
	{ "disable_lat", F_DISABLE_LAT, A_BOTH }, { "disable_clat", F_DISABLE_CLAT, A_BOTH },
	{ "disable_slat", F_DISABLE_SLAT, A_BOTH }, { "disable_bw_measurement", F_DISABLE_BW, A_BOTH },
	{ "disable_bw", F_DISABLE_BW, A_BOTH },
	{ "filename_format", F_FILENAME_FORMAT, A_VALUE },
	{ "unique_filename", F_UNIQUE_FILENAME, A_BOTH },
	{ "rw_sequencer", F_RW_SEQUENCER, A_VALUE },
	{ "prio", F_PRIO, A_VALUE }, { "prioclass", F_PRIOCLASS, A_VALUE },
	{ "cmdprio_percentage", F_CMDPRIO, A_VALUE }, { "cmdprio_class", F_CMDPRIO, A_VALUE },
	{ "cmdprio", F_CMDPRIO, A_VALUE }, { "cmdprio_bssplit", F_CMDPRIO, A_VALUE },
	{ "cpus_allowed", F_CPUS_ALLOWED, A_VALUE }, { "cpumask", F_CPUMASK, A_VALUE },
	{ "cpus_allowed_policy", F_CPUS_POLICY, A_VALUE },
	{ "registerfiles", F_REGFILES, A_BOTH }, { "fixedbufs", F_FIXEDBUFS, A_BOTH },
	{ "nonvectored", F_NONVECTORED, A_VALUE }, { "force_async", F_FORCE_ASYNC, A_VALUE },
	{ "sqthread_poll_cpu", F_SQ_CPU, A_VALUE }, { "cmd_type", F_CMD_TYPE, A_VALUE },
	{ "mem", F_MEM, A_VALUE }, { "iomem", F_MEM, A_VALUE },
	{ "iomem_align", F_MEM_ALIGN, A_VALUE }, { "mem_align", F_MEM_ALIGN, A_VALUE },
	{ "percentage_random", F_PERC_RAND, A_VALUE },
	{ "percentage_sequential", F_PERC_SEQ, A_VALUE },
	{ "random_distribution", F_RAND_DIST, A_VALUE },
	{ "rate", F_RATE, A_VALUE }, { "rate_iops", F_RATE_IOPS, A_VALUE },
	{ "rate_min", F_RATE_MIN, A_VALUE }, { "ratemin", F_RATE_MIN, A_VALUE },
	{ "rate_iops_min", F_RATE_IOPS_MIN, A_VALUE },
	{ "rate_cycle", F_RATE_CYCLE, A_VALUE }, { "ratecycle", F_RATE_CYCLE, A_VALUE },
	{ "rate_process", F_RATE_PROCESS, A_VALUE },
	{ "rate_ignore_thinktime", F_RATE_IGN_THINK, A_BOTH },
	{ "thinktime", F_THINKTIME, A_VALUE }, { "thinktime_spin", F_THINK_SPIN, A_VALUE },
	{ "thinktime_blocks", F_THINK_BLOCKS, A_VALUE },
	{ "thinktime_blocks_type", F_THINK_BTYPE, A_VALUE },
	{ "thinktime_iotime", F_THINK_IOTIME, A_VALUE },
	{ "latency_target", F_LAT_TARGET, A_VALUE }, { "latency_window", F_LAT_WINDOW, A_VALUE },
	{ "latency_percentile", F_LAT_PERCENTILE, A_VALUE }, { "latency_run", F_LAT_RUN, A_BOTH },
};

const struct fopt *fio_table_find(const char *key)
{
	for (size_t i = 0; i < sizeof(fopts) / sizeof(fopts[0]); i++)
		if (!strcmp(fopts[i].name, key))
			return &fopts[i];
	return NULL;
}

const struct fio_name *fio_table_name(const char *key)
{
	for (size_t i = 0; i < fio_nnames; i++)
		if (!strcmp(fio_names[i].name, key))
			return &fio_names[i];
	return NULL;
}

/* Edit distance, for "did you mean". */
static unsigned distance(const char *a, const char *b)
{
	unsigned row[64], n = (unsigned)strlen(b);

	if (n >= 63 || strlen(a) >= 63)
		return 99;
	for (unsigned j = 0; j <= n; j++)
		row[j] = j;
	for (const char *c = a; *c; c++) {
		unsigned prev = row[0]++;

		for (unsigned j = 1; j <= n; j++) {
			unsigned cur = row[j], sub = prev + (*c != b[j - 1]);

			row[j] = cur + 1 < row[j - 1] + 1 ? cur + 1 : row[j - 1] + 1;
			if (sub < row[j])
				row[j] = sub;
			prev = cur;
		}
	}
	return row[n];
}

int fio_table_unknown(struct planner *p, const struct jf_opt *o)
{
	const struct fio_name *fn = fio_table_name(o->key);
	const char *best = NULL;
	unsigned bd = 3;

	if (fn && !fn->engines)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: %s: a fio option that iobench "
			      "does not implement (docs/jobfiles.md lists what it does)",
			      o->where, o->key);
	if (fn)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: %s: an option of fio's %s engine%s "
			      "that iobench does not implement", o->where, o->key, fn->engines,
			      strchr(fn->engines, ',') ? "s" : "");
	for (size_t i = 0; i < sizeof(fopts) / sizeof(fopts[0]); i++) {
		unsigned d = distance(o->key, fopts[i].name);

		if (d < bd) {
			bd = d;
			best = fopts[i].name;
		}
	}
	return errmsg(p->err, p->errlen, -EINVAL, "%s: unknown option '%s'%s%s%s", o->where, o->key,
		      best ? " (did you mean '" : "", best ? best : "", best ? "'?)" : "");
}
