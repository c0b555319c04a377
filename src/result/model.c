/* SPDX-License-Identifier: MIT */
/*
 * model.c: the workload and the result as JSON, and back. Each struct is
 * described once, as a table of its fields (name, type, place, and for
 * integers the largest value allowed); one writer and one reader walk the
 * tables, so a field written is a field read, and a value out of its type's
 * range, or of its own, is an error naming its path (model.result.rows[2].c[0].ios).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "result/model.h"
#include "util/jtext.h"
#include "util/errmsg.h"
#include "util/banned.h"

enum ftype {
	T_UNS,		/* unsigned integer of the field's size */
	T_SGN,		/* signed integer (and enums) */
	T_BOOL,
	T_DBL,		/* written as a 17-digit string */
	T_CHARS,	/* a char array: its text */
	T_STR,		/* an owned char *, or null */
	T_OBJ,		/* an embedded struct */
	T_ARR,		/* an owned array: pointer at off, element count at count_off */
	T_PTR,		/* an owned pointer to one struct, or null */
	T_HEX,		/* bytes as a hex string, their count at count_off */
	T_HIST,		/* a row's two latency histograms, sparse */
	T_SERIES,	/* a row's interval series, result.nintervals slots */
	T_IVLAT,	/* the interval histograms (struct ivlat), result.nintervals of them */
};

struct schema;

struct field {
	const char *name;
	enum ftype type;
	size_t off, size;		/* size: of the field, or of one element */
	unsigned n;			/* a fixed array of n elements (0: one) */
	const struct schema *sub;	/* T_OBJ, T_ARR, T_PTR: the elements' struct */
	enum ftype elem;		/* T_ARR of integers: their type (sub NULL) */
	size_t count_off;		/* T_ARR, T_HEX, a fixed array with has_count: its count */
	bool has_count;
	uint64_t max;			/* integers: the largest value allowed (0: the type's) */
	bool later;			/* added after the first documents: missing, it stays 0 */
};

struct schema {
	const struct field *f;
	unsigned n;
};

#define MEMBER(S, m) (((S *)0)->m)
#define SIZE(S, m) sizeof(MEMBER(S, m))
#define INT_T(S, m) ((__typeof__(MEMBER(S, m)))-1 > (__typeof__(MEMBER(S, m)))0 ? T_UNS : T_SGN)

/* Scalars; with a largest value; fixed arrays of scalars. */
#define FI(S, m) { #m, INT_T(S, m), offsetof(S, m), SIZE(S, m), 0, NULL, 0, 0, false, 0, false }
#define FIM(S, m, mx) { #m, INT_T(S, m), offsetof(S, m), SIZE(S, m), 0, NULL, 0, 0, false, mx, false }
#define FE(S, m, mx) { #m, T_SGN, offsetof(S, m), SIZE(S, m), 0, NULL, 0, 0, false, mx, false }
#define FB(S, m) { #m, T_BOOL, offsetof(S, m), sizeof(bool), 0, NULL, 0, 0, false, 0, false }
/* A field added later: documents written before it read as 0 (false) there. */
#define FB_LATER(S, m) { #m, T_BOOL, offsetof(S, m), sizeof(bool), 0, NULL, 0, 0, false, 0, true }
/* An owned array and its count, added later: missing in older documents, they read as none. */
#define FI_LATER(S, m) { #m, INT_T(S, m), offsetof(S, m), SIZE(S, m), 0, NULL, 0, 0, false, 1u << 16, true }
#define FARR_LATER(S, m, cnt, sub) { #m, T_ARR, offsetof(S, m), sizeof(*MEMBER(S, m)), 0, &sub, 0, \
	offsetof(S, cnt), true, 0, true }
/* An integer added later, with a largest value: documents written before it read as 0. */
#define FIM_LATER(S, m, mx) { #m, INT_T(S, m), offsetof(S, m), SIZE(S, m), 0, NULL, 0, 0, false, mx, \
	true }
#define FD_LATER(S, m) { #m, T_DBL, offsetof(S, m), sizeof(double), 0, NULL, 0, 0, false, 0, true }
#define FIAN_LATER(S, m, cnt) { #m, INT_T(S, m[0]), offsetof(S, m), SIZE(S, m[0]), \
	sizeof(MEMBER(S, m)) / sizeof(MEMBER(S, m[0])), NULL, 0, offsetof(S, cnt), true, 0, true }
#define FARRI_LATER(S, m, cnt) { #m, T_ARR, offsetof(S, m), sizeof(*MEMBER(S, m)), 0, NULL, \
	INT_T(S, m[0]), offsetof(S, cnt), true, 0, true }
#define FD(S, m) { #m, T_DBL, offsetof(S, m), sizeof(double), 0, NULL, 0, 0, false, 0, false }
#define FIA(S, m, N) { #m, INT_T(S, m[0]), offsetof(S, m), SIZE(S, m[0]), N, NULL, 0, 0, false, 0, false }
#define FC(S, m) { #m, T_CHARS, offsetof(S, m), SIZE(S, m), 0, NULL, 0, 0, false, 0, false }
#define FS(S, m) { #m, T_STR, offsetof(S, m), sizeof(char *), 0, NULL, 0, 0, false, 0, false }
#define FC_LATER(S, m) { #m, T_CHARS, offsetof(S, m), SIZE(S, m), 0, NULL, 0, 0, false, 0, true }
#define FS_LATER(S, m) { #m, T_STR, offsetof(S, m), sizeof(char *), 0, NULL, 0, 0, false, 0, true }
/* Structs: embedded, fixed arrays (all, or the first `cnt`), owned arrays and pointers. */
#define FO(S, m, sub) { #m, T_OBJ, offsetof(S, m), SIZE(S, m), 0, &sub, 0, 0, false, 0, false }
#define FOA(S, m, sub, N) { #m, T_OBJ, offsetof(S, m), SIZE(S, m[0]), N, &sub, 0, 0, false, 0, false }
#define FOA_LATER(S, m, sub, N) { #m, T_OBJ, offsetof(S, m), SIZE(S, m[0]), N, &sub, 0, 0, false, 0, \
	true }
#define FO_LATER(S, m, sub) { #m, T_OBJ, offsetof(S, m), SIZE(S, m), 0, &sub, 0, 0, false, 0, true }
/* A row's pair of histograms (T_HIST), added later: missing in older documents, NULL. */
#define FH_LATER(S, m) { #m, T_HIST, offsetof(S, m), sizeof(struct hist), 0, NULL, 0, 0, false, 0, true }
#define FOAN(S, m, sub, cnt) { #m, T_OBJ, offsetof(S, m), SIZE(S, m[0]), \
	sizeof(MEMBER(S, m)) / sizeof(MEMBER(S, m[0])), &sub, 0, offsetof(S, cnt), true, 0, false }
#define FIAN(S, m, cnt) { #m, INT_T(S, m[0]), offsetof(S, m), SIZE(S, m[0]), \
	sizeof(MEMBER(S, m)) / sizeof(MEMBER(S, m[0])), NULL, 0, offsetof(S, cnt), true, 0, false }
#define FARR(S, m, cnt, sub) { #m, T_ARR, offsetof(S, m), sizeof(*MEMBER(S, m)), 0, &sub, 0, \
	offsetof(S, cnt), true, 0, false }
#define FARRI(S, m, cnt) { #m, T_ARR, offsetof(S, m), sizeof(*MEMBER(S, m)), 0, NULL, \
	INT_T(S, m[0]), offsetof(S, cnt), true, 0, false }
#define FPA(S, m, sub, N) { #m, T_PTR, offsetof(S, m), sizeof(*MEMBER(S, m[0])), N, &sub, 0, 0, \
	false, 0, false }
#define FHEX(S, m, cnt) { #m, T_HEX, offsetof(S, m), SIZE(S, m), 0, NULL, 0, offsetof(S, cnt), \
	true, 0, false }
#define SCHEMA(name, ...) \
	static const struct field name##_f[] = { __VA_ARGS__ }; \
	static const struct schema name = { name##_f, sizeof(name##_f) / sizeof(name##_f[0]) }

/* The workload. */
SCHEMA(bs_dist_s, FI(struct bs_dist, lo), FI(struct bs_dist, hi), FI(struct bs_dist, step),
       FIM(struct bs_dist, n, BS_SPLIT_MAX), FIAN(struct bs_dist, len, n),
       FIAN(struct bs_dist, pct, n));
SCHEMA(thread_target_s, FI(struct thread_target, thread), FI(struct thread_target, weight));
SCHEMA(target_spec_s, FS(struct target_spec, path), FIM(struct target_spec, block_size, 1ull << 40),
       FIM(struct target_spec, write_block_size, 1ull << 40), FPA(struct target_spec, bs_dist, bs_dist_s, 2),
       FI(struct target_spec, fsync_every), FI(struct target_spec, create_size),
       FI(struct target_spec, base_offset), FI(struct target_spec, max_offset),
       FI(struct target_spec, thread_stride), FI(struct target_spec, clone_offset),
       FI(struct target_spec, range_len), FI(struct target_spec, random_align),
       FI(struct target_spec, stride), FI(struct target_spec, buf_source_size),
       FE(struct target_spec, buf, BUF_SEQUENCE), FIM(struct target_spec, compress_pct, 100),
       FIM(struct target_spec, dedupe_pct, 100), FE(struct target_spec, refresh, REFRESH_FULL),
       FIM(struct target_spec, pattern_len, PATTERN_MAX), FHEX(struct target_spec, pattern, pattern_len),
       FIM(struct target_spec, write_pct, 100), FIM(struct target_spec, outstanding, 1u << 20),
       FIM(struct target_spec, threads, 1u << 20),
       FIM(struct target_spec, cache, CACHE_DIRECT | CACHE_WRITE_THROUGH | CACHE_SYNC |
						CACHE_NO_LOCAL),
       FB(struct target_spec, end_fsync), FB_LATER(struct target_spec, invalidate),
       FIM_LATER(struct target_spec, trim, TRIM_WRITE),
       FIM_LATER(struct target_spec, map_flush, 3), FB_LATER(struct target_spec, parallel),
       FIM_LATER(struct target_spec, weight, UINT32_MAX), FI_LATER(struct target_spec, nthread_targets),
       FARR_LATER(struct target_spec, thread_targets, nthread_targets, thread_target_s));
SCHEMA(pace_spec_s, FIA(struct pace_spec, iops, 2), FIA(struct pace_spec, bps, 2),
       FIA(struct pace_spec, min_iops, 2), FIA(struct pace_spec, min_bps, 2),
       FIM_LATER(struct pace_spec, min_cycle_ms, 0),
       FB(struct pace_spec, per_target), FB(struct pace_spec, poisson), FI(struct pace_spec, think_ns),
       FI(struct pace_spec, think_spin_ns), FI(struct pace_spec, think_blocks),
       FB(struct pace_spec, think_issue), FB(struct pace_spec, think_blocks_set),
       FI(struct pace_spec, think_iotime_ns), FB(struct pace_spec, ignore_think),
       FB(struct pace_spec, quiesce), FI(struct pace_spec, diskspd_g), FB(struct pace_spec, diskspd_g_iops),
       FIM_LATER(struct pace_spec, lat_target_ns, UINT64_MAX),
       FIM_LATER(struct pace_spec, lat_window_ns, UINT64_MAX),
       FD_LATER(struct pace_spec, lat_over_pct), FB_LATER(struct pace_spec, lat_run));
SCHEMA(written_s, FS(struct written_opt, key), FS(struct written_opt, val));
SCHEMA(job_spec_s, FS(struct job_spec, name), FS(struct job_spec, description),
       FI(struct job_spec, first_target), FI(struct job_spec, ntargets),
       FIM(struct job_spec, threads, 1u << 20), FB(struct job_spec, per_clone),
       FI(struct job_spec, bytes_per_thread), FI(struct job_spec, ios_per_thread),
       FI(struct job_spec, group), FI(struct job_spec, seed), FI(struct job_spec, start_delay_ns),
       FI(struct job_spec, reap_min), FI(struct job_spec, reap_max), FI(struct job_spec, submit_batch),
       FO_LATER(struct job_spec, pace, pace_spec_s),
       FI_LATER(struct job_spec, requests), FIM_LATER(struct job_spec, pick, PICK_SEQUENTIAL),
       FIM_LATER(struct job_spec, pick_every, 1u << 30),
       FI_LATER(struct job_spec, nwritten), FARR_LATER(struct job_spec, written, nwritten, written_s));
SCHEMA(workload_s, FIM(struct workload, ntargets, 1u << 20), FARR(struct workload, targets, ntargets, target_spec_s),
       FIM(struct workload, njobs, 1u << 20), FARR(struct workload, jobs, njobs, job_spec_s),
       FI(struct workload, pool_threads), FI_LATER(struct workload, pool_requests),
       FI(struct workload, duration_ns),
       FI(struct workload, warmup_ns), FI(struct workload, cooldown_ns),
       FI(struct workload, ios_per_thread), FB(struct workload, count_based), FI(struct workload, seed),
       FI(struct workload, interval_ns), FB(struct workload, iops_stddev),
       FB_LATER(struct workload, no_latency),
       FIM(struct workload, naffinity, 1u << 20), FARRI(struct workload, affinity, naffinity),
       FB(struct workload, no_affinity), FB(struct workload, sqpoll), FB(struct workload, hipri),
       FI(struct workload, null_size), FI(struct workload, null_lat_ns), FI(struct workload, null_iops),
       FB_LATER(struct workload, null_lat_exp), FIM_LATER(struct workload, null_servers, 65536),
       FIM_LATER(struct workload, null_stall_ns, 0), FIM_LATER(struct workload, null_period_ns, 0),
       FB(struct workload, keep), FB(struct workload, allow_device_write),
       FS(struct workload, destroy_signature), FB_LATER(struct workload, dismount),
       FB(struct workload, overwrite),
       FB(struct workload, read_only),
       FIM(struct workload, continue_on_error, CONTINUE_READ | CONTINUE_WRITE | CONTINUE_VERIFY),
       FB(struct workload, verify), FB(struct workload, quiet), FS(struct workload, cmdline),
       FS_LATER(struct workload, label), FS_LATER(struct workload, html_path),
       FS(struct workload, series_csv), FS(struct workload, json_path), FB(struct workload, json_stdout),
       FB_LATER(struct workload, xml_stdout),
       FB(struct workload, group_reporting), FI_LATER(struct workload, nglobal_written),
       FARR_LATER(struct workload, global_written, nglobal_written, written_s));

/* The result. */
#define VERIFY_T __typeof__(MEMBER(struct result, verify))
SCHEMA(io_counts_s, FI(struct io_counts, ios), FI(struct io_counts, bytes), FI(struct io_counts, lat_sum),
       FI(struct io_counts, lat_min), FI(struct io_counts, lat_max), FD(struct io_counts, lat_sq));
SCHEMA(sync_counts_s, FI(struct sync_counts, n), FI(struct sync_counts, lat_sum),
       FI(struct sync_counts, lat_min), FI(struct sync_counts, lat_max), FD(struct sync_counts, lat_sq));
SCHEMA(row_pace_s, FB(struct row_pace, paced), FD(struct row_pace, target_iops),
       FI(struct row_pace, cap_hits), FI(struct row_pace, max_backlog), FI(struct row_pace, pauses),
       FIM_LATER(struct row_pace, scheduled, 0), FIM_LATER(struct row_pace, lat_depth, UINT32_MAX),
       FIM_LATER(struct row_pace, lat_steps, UINT32_MAX), FIM_LATER(struct row_pace, lat_ntrail, PACE_TRAIL), FIAN_LATER(struct row_pace, lat_trail, lat_ntrail));
SCHEMA(row_s, FI(struct result_row, thread), FI_LATER(struct result_row, host),
       FI(struct result_row, target), FI(struct result_row, job),
       FB_LATER(struct result_row, trims), FOA(struct result_row, c, io_counts_s, 2),
       { "h", T_HIST, offsetof(struct result_row, h), sizeof(struct hist), 0, NULL, 0, 0, false, 0,
	 false },
       { "series", T_SERIES, offsetof(struct result_row, series), sizeof(struct interval), 0, NULL, 0, 0,
	 false, 0, false },
       FI(struct result_row, active_ns), FI(struct result_row, start_ns),
       FO(struct result_row, syncs, sync_counts_s), FIA(struct result_row, errors, 2),
       FI_LATER(struct result_row, error), FD(struct result_row, cpu_busy), FD(struct result_row, user_busy),
       FH_LATER(struct result_row, ph), FO_LATER(struct result_row, pace, row_pace_s),
       FH_LATER(struct result_row, sh), FH_LATER(struct result_row, lh),
       FOA_LATER(struct result_row, sc, io_counts_s, 2), FOA_LATER(struct result_row, lc, io_counts_s, 2));
SCHEMA(blockdev_s, FI(struct blockdev_info, major), FI(struct blockdev_info, minor),
       FC(struct blockdev_info, name), FC(struct blockdev_info, kind),
       FIM(struct blockdev_info, level, DEVICE_CHAIN_MAX), FC(struct blockdev_info, model),
       FI(struct blockdev_info, size), FI(struct blockdev_info, logical_block_size),
       FI(struct blockdev_info, physical_block_size), FI(struct blockdev_info, rotational),
       FC(struct blockdev_info, scheduler), FI(struct blockdev_info, nr_requests),
       FI(struct blockdev_info, max_sectors_kb), FI(struct blockdev_info, fua),
       FI(struct blockdev_info, numa_node), FI(struct blockdev_info, iostats),
       FI(struct blockdev_info, io_poll), FI(struct blockdev_info, max_segments),
       FI(struct blockdev_info, max_segment_size), FI(struct blockdev_info, loop_dio),
       FC(struct blockdev_info, write_cache), FC(struct blockdev_info, backing_file),
       FC_LATER(struct blockdev_info, wwid), FC_LATER(struct blockdev_info, serial));
SCHEMA(chain_s, FIM(struct device_chain, n, DEVICE_CHAIN_MAX), FOAN(struct device_chain, dev, blockdev_s, n),
       FC(struct device_chain, fs_type), FC(struct device_chain, mount_point),
       FC(struct device_chain, mount_source), FC(struct device_chain, mount_options),
       FC(struct device_chain, super_options), FC(struct device_chain, no_device),
       FB(struct device_chain, by_source));
SCHEMA(facts_s, FE(struct target_facts, kind, TARGET_NULL), FI(struct target_facts, size),
       FI(struct target_facts, end), FI(struct target_facts, io_align), FB(struct target_facts, created),
       FB(struct target_facts, reused), FI(struct target_facts, dev_major), FI(struct target_facts, dev_minor),
       FB(struct target_facts, has_dev), FI(struct target_facts, fs_type),
       FO(struct target_facts, chain, chain_s), FI(struct target_facts, unbacked),
       FB(struct target_facts, unbacked_known), FB(struct target_facts, unbacked_backing),
       FI(struct target_facts, extents), FI(struct target_facts, dev_stored),
       FB(struct target_facts, dev_stored_known), FB(struct target_facts, compressed),
       FB(struct target_facts, no_nowait), FIM_LATER(struct target_facts, base, UINT64_MAX),
       FI_LATER(struct target_facts, share_n), FI_LATER(struct target_facts, share_i));
SCHEMA(diskstats_s, FI(struct diskstats, major), FI(struct diskstats, minor), FC(struct diskstats, name),
       FI(struct diskstats, nfields), FI(struct diskstats, rd_ios), FI(struct diskstats, rd_merges),
       FI(struct diskstats, rd_sectors), FI(struct diskstats, rd_ticks), FI(struct diskstats, wr_ios),
       FI(struct diskstats, wr_merges), FI(struct diskstats, wr_sectors), FI(struct diskstats, wr_ticks),
       FI(struct diskstats, in_flight), FI(struct diskstats, io_ticks), FI(struct diskstats, time_in_queue),
       FI(struct diskstats, dc_ios), FI(struct diskstats, dc_merges), FI(struct diskstats, dc_sectors),
       FI(struct diskstats, dc_ticks), FI(struct diskstats, fl_ios), FI(struct diskstats, fl_ticks),
       FIM_LATER(struct diskstats, split_ios, 0), FB_LATER(struct diskstats, splits));
SCHEMA(dev_sample_s, FI(struct dev_sample, major), FI(struct dev_sample, minor), FC(struct dev_sample, name),
       FO(struct dev_sample, a, diskstats_s), FO(struct dev_sample, b, diskstats_s),
       FB(struct dev_sample, have_a), FB(struct dev_sample, have_b), FI(struct dev_sample, q_min),
       FI(struct dev_sample, q_max), FI(struct dev_sample, q_sum), FI(struct dev_sample, q_n),
       FIM(struct dev_sample, niv, 1u << 24), FARR(struct dev_sample, iv, niv, diskstats_s),
       FARRI(struct dev_sample, iv_ns, niv), FI_LATER(struct dev_sample, host));
SCHEMA(cpu_usage_s, FI(struct cpu_usage, cpu), FD(struct cpu_usage, usage), FD(struct cpu_usage, user),
       FD(struct cpu_usage, kernel), FD(struct cpu_usage, idle), FD(struct cpu_usage, iowait),
       FD(struct cpu_usage, irq), FD(struct cpu_usage, steal));
SCHEMA(cpu_place_s, FI(struct cpu_place, cpu), FI(struct cpu_place, package), FI(struct cpu_place, core),
       FI(struct cpu_place, node), FI(struct cpu_place, capacity));
SCHEMA(io_workers_s, FI(struct io_workers, threads), FD(struct io_workers, cpu_s),
       FI(struct io_workers, confined));
SCHEMA(host_s, FC(struct host_info, hostname), FC(struct host_info, kernel), FC(struct host_info, cpu_model),
       FC(struct host_info, clock_source), FC(struct host_info, governor), FD(struct host_info, clock_read_ns),
       FI(struct host_info, cpu_count), FI(struct host_info, memory_bytes),
       FC_LATER(struct host_info, boot_id));
SCHEMA(timespec_s, FIM(struct timespec, tv_sec, 1ull << 40), FIM(struct timespec, tv_nsec, 999999999));
SCHEMA(model_late_s, FI(struct model_late, ios), FI(struct model_late, sum_ns),
       FI(struct model_late, p99_ns), FI(struct model_late, max_ns));
SCHEMA(verify_s, FI(VERIFY_T, written), FI(VERIFY_T, checked), FI(VERIFY_T, bad), FC(VERIFY_T, first),
       FI(VERIFY_T, first_offset), FC(VERIFY_T, first_kind), FB(VERIFY_T, tables_partial),
       FC(VERIFY_T, journal));
SCHEMA(result_host_s, FC(struct result_host, name), FI(struct result_host, rank),
       FI(struct result_host, local_rank), FI(struct result_host, clock_offset_ns),
       FI(struct result_host, wall_offset_ns), FI(struct result_host, clock_error_ns),
       FI(struct result_host, start_late_ns), FI(struct result_host, test_ns),
       FI(struct result_host, end_ns_real), FI(struct result_host, row0), FI(struct result_host, nrows),
       FI(struct result_host, cpu0), FI(struct result_host, ncpu), FI(struct result_host, dev0),
       FI(struct result_host, ndevs), FIM(struct result_host, ntargets, 1u << 20),
       FARR(struct result_host, targets, ntargets, facts_s), FO(struct result_host, info, host_s),
       FB(struct result_host, measured), FB(struct result_host, complete),
       FB(struct result_host, interrupted), FB(struct result_host, failed),
       FC(struct result_host, error), FI(struct result_host, nerrors),
       FD(struct result_host, proc_user_s), FD(struct result_host, proc_sys_s));
SCHEMA(result_s, FC(struct result, engine), FC(struct result, engine_note),
       FIM(struct result, ntargets, 1u << 20), FARR(struct result, targets, ntargets, facts_s),
       FI(struct result, nthreads), FI(struct result, test_ns), FIM(struct result, interval_ns, 1ull << 50),
       FIM(struct result, nintervals, 1u << 24), FB(struct result, series_truncated),
       FIM(struct result, nrows, 1u << 20), FARR(struct result, rows, nrows, row_s),
       FO(struct result, wall_t0, timespec_s), FI(struct result, warmup_ns_real),
       FI(struct result, end_ns_real), FIM(struct result, ncpu, 1u << 16),
       FARR(struct result, cpu, ncpu, cpu_usage_s), FIM_LATER(struct result, nplaces, 1u << 16),
       FARR_LATER(struct result, places, nplaces, cpu_place_s), FD(struct result, proc_user_s),
       FD(struct result, proc_sys_s), FI(struct result, proc_ctx), FI(struct result, proc_majflt),
       FI(struct result, proc_minflt), FO(struct result, io_workers, io_workers_s),
       FO(struct result, host, host_s), FIM(struct result, ncpus_pinned, 1u << 16),
       FARRI(struct result, cpus, ncpus_pinned), FIM(struct result, ndevs, 1u << 16),
       FARR(struct result, devs, ndevs, dev_sample_s), FB(struct result, complete),
       FB(struct result, interrupted), FI(struct result, paused_ns), FI(struct result, pauses),
       FB(struct result, measured), FB(struct result, failed), FC(struct result, error),
       FI(struct result, nerrors), FO(struct result, verify, verify_s), FI(struct result, error_code),
       FIM_LATER(struct result, pid, 1u << 30),
       FIM_LATER(struct result, ncpu_ivs, 1u << 30), FARR_LATER(struct result, cpu_iv, ncpu_ivs, cpu_usage_s),
       FIM_LATER(struct result, ncpu_iv_ns, 1u << 24), FARRI_LATER(struct result, cpu_iv_ns, ncpu_iv_ns),
       { "ivl", T_IVLAT, offsetof(struct result, ivl), sizeof(struct ivlat), 0, NULL, 0, 0, false, 0,
	 true },
       FIM_LATER(struct result, nhosts, 1u << 20), FARR_LATER(struct result, hosts, nhosts, result_host_s),
       FIM_LATER(struct result, merge_ns, 0), FIM_LATER(struct result, merge_bytes, 0),
       FO_LATER(struct result, model_late, model_late_s));

/* ---- writing ---- */

struct wctx {
	const struct result *res;	/* for the series' length */
	bool oom;
};

static json_t *need(struct wctx *c, json_t *v)
{
	if (!v)
		c->oom = true;
	return v;
}

static void put(struct wctx *c, json_t *o, const char *key, json_t *v)
{
	if (!v || json_object_set_new(o, key, v))
		c->oom = true;
}

static void push(struct wctx *c, json_t *a, json_t *v)
{
	if (!v || json_array_append_new(a, v))
		c->oom = true;
}

static uint64_t get_uns(const void *p, size_t size)
{
	switch (size) {
	case 1: return *(const uint8_t *)p;
	case 2: return *(const uint16_t *)p;
	case 4: return *(const uint32_t *)p;
	default: return *(const uint64_t *)p;
	}
}

static int64_t get_sgn(const void *p, size_t size)
{
	return size == 4 ? *(const int32_t *)p : *(const int64_t *)p;
}

/* An unsigned integer: a number below 2^53, else its decimal text. */
static json_t *uns_json(uint64_t v)
{
	char s[24];

	if (v < (1ull << 53))
		return json_integer((json_int_t)v);
	snprintf(s, sizeof(s), "%" PRIu64, v);
	return json_string(s);
}

static json_t *dbl_json(double v)
{
	char s[40];

	snprintf(s, sizeof(s), "%.17g", v);
	return json_string(s);
}

static json_t *scalar_json(enum ftype t, const void *p, size_t size)
{
	switch (t) {
	case T_UNS: return uns_json(get_uns(p, size));
	case T_SGN: return json_integer((json_int_t)get_sgn(p, size));
	case T_BOOL: return json_boolean(*(const bool *)p);
	default: return dbl_json(*(const double *)p);
	}
}

static json_t *struct_json(struct wctx *c, const struct schema *s, const void *base);

/* The non-empty buckets of n[0..nb-1] as [bucket low ns, count] pairs. */
static json_t *pairs_json(struct wctx *c, const uint64_t *n, unsigned nb, uint64_t (*low)(unsigned))
{
	json_t *d = need(c, json_array());

	for (unsigned i = 0; d && i < nb; i++)
		if (n[i])
			push(c, d, json_pack("[oo]", uns_json(low(i)), uns_json(n[i])));
	return d;
}

static json_t *hist_json(struct wctx *c, const struct hist *h)
{
	json_t *a;

	if (!h)
		return json_null();
	a = need(c, json_array());
	for (int k = 0; a && k < 2; k++)
		push(c, a, pairs_json(c, h[k].n, HIST_NBUCKETS, hist_bucket_low));
	return a;
}

/* Each interval's [reads, writes], as a histogram's pairs; null when none are kept. */
static json_t *ivlat_json(struct wctx *c, const struct ivlat *l)
{
	struct ivhist *h;
	json_t *a;

	if (!l->nint)
		return json_null();
	h = malloc(sizeof(*h));
	a = need(c, h ? json_array() : NULL);
	for (unsigned k = 0; a && k < l->nint; k++) {
		json_t *e = need(c, json_array());

		for (int d = 0; e && d < 2; d++) {
			ivlat_get(l, k, d, h);
			push(c, e, pairs_json(c, h->n, IVH_NBUCKETS, ivhist_bucket_low));
		}
		push(c, a, e);
	}
	free(h);
	return a;
}

static json_t *series_json(struct wctx *c, const struct interval *s)
{
	json_t *a;

	if (!s)
		return json_null();
	a = need(c, json_array());
	for (unsigned k = 0; a && k < c->res->nintervals; k++)
		push(c, a, json_pack("[oooooooooooo]", uns_json(s[k].ios[0]), uns_json(s[k].ios[1]),
				     uns_json(s[k].bytes[0]), uns_json(s[k].bytes[1]),
				     uns_json(s[k].lat_sum[0]), uns_json(s[k].lat_sum[1]),
				     uns_json(s[k].lat_max[0]), uns_json(s[k].lat_max[1]),
				     uns_json(s[k].lat_min[0]), uns_json(s[k].lat_min[1]),
				     dbl_json(s[k].lat_sq[0]), dbl_json(s[k].lat_sq[1])));
	return a;
}

/* Element i of a field whose elements lie at p. */
static json_t *elem_json(struct wctx *c, const struct field *f, const char *p)
{
	if (f->type == T_OBJ)
		return struct_json(c, f->sub, p);
	if (f->type == T_PTR) {
		const void *q = *(const void *const *)p;

		return q ? struct_json(c, f->sub, q) : json_null();
	}
	return scalar_json(f->type, p, f->size);
}

static json_t *field_json(struct wctx *c, const struct field *f, const char *base)
{
	const char *p = base + f->off;
	size_t step = f->type == T_PTR ? sizeof(void *) : f->size;
	json_t *a;

	switch (f->type) {
	case T_CHARS:
		return jtext_json(p);
	case T_STR:
		return jtext_json(*(char *const *)p);
	case T_HEX: {
		unsigned n = (unsigned)get_uns(base + f->count_off, sizeof(unsigned));
		char hex[2 * 256 + 1] = "";

		for (unsigned i = 0; i < n && i < f->size && i < 256; i++)
			snprintf(hex + 2 * i, 3, "%02x", ((const unsigned char *)p)[i]);
		return json_string(hex);
	}
	case T_HIST:
		return hist_json(c, *(struct hist *const *)p);
	case T_SERIES:
		return series_json(c, *(struct interval *const *)p);
	case T_IVLAT:
		return ivlat_json(c, (const struct ivlat *)p);
	case T_ARR: {
		unsigned n = (unsigned)get_uns(base + f->count_off, sizeof(unsigned));
		const char *q = *(const char *const *)p;

		a = need(c, json_array());
		for (unsigned i = 0; a && q && i < n; i++)
			push(c, a, f->sub ? struct_json(c, f->sub, q + i * f->size)
					  : scalar_json(f->elem, q + i * f->size, f->size));
		return a;
	}
	default:
		break;
	}
	if (!f->n)
		return elem_json(c, f, p);
	a = need(c, json_array());
	for (unsigned i = 0, n = f->has_count ? (unsigned)get_uns(base + f->count_off, sizeof(unsigned))
					      : f->n; a && i < n && i < f->n; i++)
		push(c, a, elem_json(c, f, p + i * step));
	return a;
}

static json_t *struct_json(struct wctx *c, const struct schema *s, const void *base)
{
	json_t *o = need(c, json_object());

	for (unsigned i = 0; o && i < s->n; i++)
		put(c, o, s->f[i].name, field_json(c, &s->f[i], base));
	return o;
}

json_t *model_json(const struct workload *w, const struct result *res)
{
	struct wctx c = { .res = res };
	json_t *o = need(&c, json_object());

	if (o) {
		put(&c, o, "workload", struct_json(&c, &workload_s, w));
		put(&c, o, "result", struct_json(&c, &result_s, res));
	}
	if (c.oom) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* ---- reading ---- */

struct rctx {
	const struct result *res;
	char path[256];
	char *err;
	size_t len;
};

__attribute__((format(printf, 2, 3)))
static int bad(struct rctx *c, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return errmsg(c->err, c->len, -EINVAL, "%s: %s", c->path, what);
}

static size_t enter(struct rctx *c, const char *name, long index)
{
	size_t at = strlen(c->path);

	if (name)
		snprintf(c->path + at, sizeof(c->path) - at, ".%s", name);
	else
		snprintf(c->path + at, sizeof(c->path) - at, "[%ld]", index);
	return at;
}

static void leave(struct rctx *c, size_t at)
{
	c->path[at] = 0;
}

/* An unsigned integer of at most max: a number, or decimal text. */
static int read_uns(struct rctx *c, const json_t *v, uint64_t max, uint64_t *out)
{
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return bad(c, "%lld is negative", (long long)json_integer_value(v));
		*out = (uint64_t)json_integer_value(v);
	} else if (json_is_string(v)) {
		const char *s = json_string_value(v);
		char *end;

		errno = 0;
		*out = strtoull(s, &end, 10);
		if (!*s || *end || *s == '-' || *s == ' ' || errno)
			return bad(c, "'%.40s' is not an unsigned integer", s);
	} else {
		return bad(c, "expected an unsigned integer");
	}
	if (*out > max)
		return bad(c, "%" PRIu64 " is above %" PRIu64, *out, max);
	return 0;
}

static uint64_t uns_max(size_t size)
{
	return size >= 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
}

static int read_scalar(struct rctx *c, const struct field *f, enum ftype t, const json_t *v,
		       void *p)
{
	uint64_t u;
	int r;

	switch (t) {
	case T_UNS:
		r = read_uns(c, v, f->max ? f->max : uns_max(f->size), &u);
		if (r)
			return r;
		switch (f->size) {
		case 1: *(uint8_t *)p = (uint8_t)u; break;
		case 2: *(uint16_t *)p = (uint16_t)u; break;
		case 4: *(uint32_t *)p = (uint32_t)u; break;
		default: *(uint64_t *)p = u; break;
		}
		return 0;
	case T_SGN: {
		long long x, lo = f->size == 4 ? INT32_MIN : INT64_MIN;
		long long hi = f->max ? (long long)f->max : f->size == 4 ? INT32_MAX : INT64_MAX;

		if (!json_is_integer(v))
			return bad(c, "expected an integer");
		x = json_integer_value(v);
		if (x < lo || x > hi || (f->max && x < 0))
			return bad(c, "%lld is out of range", x);
		if (f->size == 4)
			*(int32_t *)p = (int32_t)x;
		else
			*(int64_t *)p = x;
		return 0;
	}
	case T_BOOL:
		if (!json_is_boolean(v))
			return bad(c, "expected true or false");
		*(bool *)p = json_is_true(v);
		return 0;
	default: {
		const char *s = json_is_string(v) ? json_string_value(v) : NULL;
		char *end;

		if (json_is_number(v)) {
			*(double *)p = json_number_value(v);
			return 0;
		}
		if (!s || !*s || (*(double *)p = strtod(s, &end), *end))
			return bad(c, "expected a number");
		return 0;
	}
	}
}

static int read_struct(struct rctx *c, const struct schema *s, const json_t *o, void *base);

/* [bucket low ns, count] pairs (pairs_json()) added into n, of buckets index() and low(). */
static int read_pairs(struct rctx *c, const json_t *d, uint64_t *n, unsigned (*index)(uint64_t),
		      uint64_t (*low_of)(unsigned))
{
	const json_t *pair;
	size_t i;

	if (!json_is_array(d))
		return bad(c, "expected an array of [bucket low ns, count]");
	json_array_foreach(d, i, pair) {
		uint64_t low, k;
		unsigned b;
		size_t at = enter(c, NULL, (long)i);
		int r;

		if (!json_is_array(pair) || json_array_size(pair) != 2)
			return bad(c, "expected [bucket low ns, count]");
		r = read_uns(c, json_array_get(pair, 0), UINT64_MAX, &low);
		if (!r)
			r = read_uns(c, json_array_get(pair, 1), UINT64_MAX, &k);
		if (r)
			return r;
		b = index(low);
		if (low_of(b) != low)
			return bad(c, "%" PRIu64 " ns is not the low end of a bucket", low);
		n[b] += k;
		leave(c, at);
	}
	return 0;
}

static unsigned hist_index_of(uint64_t v)
{
	return hist_index(v);
}

static int read_hist(struct rctx *c, const json_t *v, struct hist **out)
{
	struct hist *h;

	if (json_is_null(v))
		return 0;
	if (!json_is_array(v) || json_array_size(v) != 2)
		return bad(c, "expected [reads, writes] or null");
	h = *out = calloc(2, sizeof(*h));
	if (!h)
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	for (size_t k = 0; k < 2; k++) {
		size_t at = enter(c, NULL, (long)k);
		int r = read_pairs(c, json_array_get(v, k), h[k].n, hist_index_of, hist_bucket_low);

		if (r)
			return r;
		leave(c, at);
	}
	return 0;
}

/* The interval histograms (ivlat_json()): null, or result.nintervals [reads, writes]. */
static int read_ivlat(struct rctx *c, const json_t *v, struct ivlat *l)
{
	unsigned n = c->res->nintervals;
	struct ivhist *h;
	const json_t *e;
	size_t i;
	int r = 0;

	memset(l, 0, sizeof(*l));
	if (json_is_null(v))
		return 0;
	if (!json_is_array(v) || json_array_size(v) != n)
		return bad(c, "expected null or an array of result.nintervals (%u) intervals", n);
	h = malloc(2 * sizeof(*h));
	if (!h)
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	json_array_foreach(v, i, e) {
		size_t at = enter(c, NULL, (long)i);

		if (!json_is_array(e) || json_array_size(e) != 2) {
			r = bad(c, "expected [reads, writes]");
			break;
		}
		memset(h, 0, 2 * sizeof(*h));
		for (size_t k = 0; !r && k < 2; k++) {
			size_t at2 = enter(c, NULL, (long)k);

			r = read_pairs(c, json_array_get(e, k), h[k].n, ivhist_index, ivhist_bucket_low);
			if (!r)
				leave(c, at2);
		}
		if (!r && ivlat_append(l, h))
			r = errmsg(c->err, c->len, -ENOMEM, "out of memory");
		if (r)
			break;
		leave(c, at);
	}
	free(h);
	return r;
}

static int read_series(struct rctx *c, const json_t *v, struct interval **out)
{
	unsigned n = c->res->nintervals;
	const json_t *e;
	size_t i;

	if (json_is_null(v) && !n)
		return 0;
	if (!json_is_array(v) || json_array_size(v) != n)
		return bad(c, "expected an array of result.nintervals (%u) intervals", n);
	*out = calloc(n ? n : 1, sizeof(**out));
	if (!*out)
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	json_array_foreach(v, i, e) {
		uint64_t x[10] = { 0 };
		double sq[2] = { 0, 0 };
		size_t at = enter(c, NULL, (long)i), m = json_array_size(e);

		/* 8 in the documents before the latency minimum and squares */
		if (!json_is_array(e) || (m != 8 && m != 12))
			return bad(c, "expected 12 numbers: read and write I/Os, bytes, latency sum, "
				   "maximum, minimum and sum of squares");
		for (size_t k = 0; k < (m == 12 ? 10 : 8); k++)
			if (read_uns(c, json_array_get(e, k), UINT64_MAX, &x[k]))
				return -EINVAL;
		for (size_t k = 0; m == 12 && k < 2; k++)
			if (read_scalar(c, NULL, T_DBL, json_array_get(e, 10 + k), &sq[k]))
				return -EINVAL;
		(*out)[i] = (struct interval){ { x[0], x[1] }, { x[2], x[3] }, { x[4], x[5] },
					       { x[6], x[7] }, { x[8], x[9] }, { sq[0], sq[1] } };
		leave(c, at);
	}
	return 0;
}

static int read_elem(struct rctx *c, const struct field *f, const json_t *v, char *p)
{
	if (f->type == T_OBJ)
		return read_struct(c, f->sub, v, p);
	if (f->type == T_PTR) {
		void **q = (void **)p;

		if (json_is_null(v))
			return 0;
		*q = calloc(1, f->size);
		if (!*q)
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		return read_struct(c, f->sub, v, *q);
	}
	return read_scalar(c, f, f->type, v, p);
}

static int read_hex(struct rctx *c, const struct field *f, const json_t *v, char *base)
{
	const char *s = json_string_value(v);
	unsigned n = (unsigned)get_uns(base + f->count_off, sizeof(unsigned));

	if (!s)
		return bad(c, "expected a hex string");
	if (strlen(s) != 2 * (size_t)n)
		return bad(c, "expected %u hex digits (2 x the length before it)", 2 * n);
	for (unsigned i = 0; i < n; i++) {
		unsigned b;

		if (sscanf(s + 2 * i, "%2x", &b) != 1 || !strchr("0123456789abcdefABCDEF", s[2 * i]) ||
		    !strchr("0123456789abcdefABCDEF", s[2 * i + 1]))
			return bad(c, "'%.40s' is not hex", s);
		((unsigned char *)base + f->off)[i] = (unsigned char)b;
	}
	return 0;
}

static int read_array(struct rctx *c, const struct field *f, const json_t *v, char *base)
{
	unsigned n = f->has_count ? (unsigned)get_uns(base + f->count_off, sizeof(unsigned)) : f->n;
	size_t step = f->type == T_PTR ? sizeof(void *) : f->size;
	char *p = base + f->off;
	const json_t *e;
	size_t i;

	if (f->type == T_ARR) {
		/* until the array is there, its count is 0: what frees it walks no further */
		*(unsigned *)(base + f->count_off) = 0;
		if (!json_is_array(v))
			return bad(c, "expected an array");
		if (json_array_size(v) != n)
			return bad(c, "%zu elements, but its count says %u", json_array_size(v), n);
		*(void **)p = calloc(n ? n : 1, f->size);
		if (!*(void **)p)
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		*(unsigned *)(base + f->count_off) = n;
		p = *(char **)p;
	} else if (!json_is_array(v)) {
		return bad(c, "expected an array");
	} else if (json_array_size(v) != n) {
		return bad(c, "%zu elements, expected %u", json_array_size(v), n);
	}
	json_array_foreach(v, i, e) {
		size_t at = enter(c, NULL, (long)i);
		int r;

		if (f->type == T_ARR && f->sub)
			r = read_struct(c, f->sub, e, p + i * f->size);
		else if (f->type == T_ARR)
			r = read_scalar(c, f, f->elem, e, p + i * f->size);
		else
			r = read_elem(c, f, e, p + i * step);
		if (r)
			return r;
		leave(c, at);
	}
	return 0;
}

static int read_field(struct rctx *c, const struct field *f, const json_t *v, char *base)
{
	char *p = base + f->off;

	switch (f->type) {
	case T_CHARS:
	case T_STR: {
		char *s;
		bool wrong;

		if (f->type == T_STR && json_is_null(v))
			return 0;
		if (!json_is_string(v))
			return bad(c, f->type == T_STR ? "expected a string or null" : "expected a string");
		s = jtext_decode(json_string_value(v), &wrong);
		if (!s)
			return wrong ? bad(c, "a backslash not followed by xHH (a byte), or \\x00")
				     : errmsg(c->err, c->len, -ENOMEM, "out of memory");
		if (f->type == T_STR) {
			*(char **)p = s;
			return 0;
		}
		if (strlen(s) >= f->size) {
			free(s);
			return bad(c, "longer than %zu bytes", f->size - 1);
		}
		memcpy(p, s, strlen(s) + 1);
		free(s);
		return 0;
	}
	case T_HEX:
		return read_hex(c, f, v, base);
	case T_HIST:
		return read_hist(c, v, (struct hist **)p);
	case T_SERIES:
		return read_series(c, v, (struct interval **)p);
	case T_IVLAT:
		return read_ivlat(c, v, (struct ivlat *)p);
	case T_ARR:
		return read_array(c, f, v, base);
	default:
		return f->n ? read_array(c, f, v, base) : read_elem(c, f, v, p);
	}
}

static int read_struct(struct rctx *c, const struct schema *s, const json_t *o, void *base)
{
	if (!json_is_object(o))
		return bad(c, "expected an object");
	for (unsigned i = 0; i < s->n; i++) {
		const json_t *v = json_object_get(o, s->f[i].name);
		size_t at = enter(c, s->f[i].name, 0);
		int r;

		if (!v && s->f[i].type == T_ARR)	/* what frees it (and reads it) walks no array,
							   whatever count the document gave */
			*(unsigned *)((char *)base + s->f[i].count_off) = 0;
		if (!v && s->f[i].later) {
			leave(c, at);
			continue;
		}
		if (!v)
			return bad(c, "missing");
		r = read_field(c, &s->f[i], v, base);
		if (r)
			return r;
		leave(c, at);
	}
	return 0;
}

/* What the reports rely on beyond each field's own range: the indexes between the parts. */
static int check_links(struct rctx *c, const struct workload *w, const struct result *res)
{
	if (!w->ntargets || !w->njobs)
		return bad(c, "a workload has at least one target and one job");
	if (res->ntargets != w->ntargets)
		return bad(c, "result.ntargets (%u) is not workload.ntargets (%u)", res->ntargets,
			   w->ntargets);
	for (unsigned i = 0; i < w->ntargets; i++)
		if (!w->targets[i].path || !w->targets[i].block_size || !w->targets[i].outstanding)
			return bad(c, "workload.targets[%u]: a path, a block size and a queue depth "
				   "are required", i);
	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *js = &w->jobs[j];
		uint64_t span = (uint64_t)js->ntargets * (js->per_clone ? js->threads : 1);

		if (!js->threads || !js->ntargets || js->first_target + span > w->ntargets)
			return bad(c, "workload.jobs[%u]: its threads and targets are not the "
				   "workload's", j);
	}
	if (res->nrows && res->nthreads != workload_threads(w) * (res->nhosts ? res->nhosts : 1))
		return bad(c, "result.nthreads (%u) is not the workload's threads (%u) x its hosts (%u)",
			   res->nthreads, workload_threads(w), res->nhosts ? res->nhosts : 1);
	for (unsigned i = 0; i < res->nrows; i++)
		if (res->rows[i].target >= w->ntargets || res->rows[i].job >= w->njobs ||
		    res->rows[i].thread >= res->nthreads ||
		    res->rows[i].host >= (res->nhosts ? res->nhosts : 1))
			return bad(c, "result.rows[%u]: target %u, job %u, thread %u or host %u is not "
				   "in the workload", i, res->rows[i].target, res->rows[i].job,
				   res->rows[i].thread, res->rows[i].host);
	for (unsigned i = 0; i < res->ndevs; i++)
		if (res->devs[i].host >= (res->nhosts ? res->nhosts : 1))
			return bad(c, "result.devs[%u]: host %u is not one of the result's", i,
				   res->devs[i].host);
	for (unsigned i = 0; i < res->nhosts; i++) {
		const struct result_host *h = &res->hosts[i];

		if ((uint64_t)h->row0 + h->nrows > res->nrows || (uint64_t)h->cpu0 + h->ncpu > res->ncpu ||
		    (uint64_t)h->dev0 + h->ndevs > res->ndevs || h->ntargets != w->ntargets)
			return bad(c, "result.hosts[%u]: its rows, CPUs, devices or targets are not the "
				   "result's", i);
		for (unsigned k = h->row0; k < h->row0 + h->nrows; k++)
			if (res->rows[k].host != i)
				return bad(c, "result.hosts[%u]: row %u is not its own", i, k);
	}
	if (res->ncpu_ivs != (uint64_t)res->ncpu_iv_ns * res->ncpu)
		return bad(c, "result.ncpu_ivs (%u) is not ncpu_iv_ns (%u) x ncpu (%u)", res->ncpu_ivs,
			   res->ncpu_iv_ns, res->ncpu);
	return 0;
}

int model_read(const json_t *doc, struct workload *w, struct result *res, char *err, size_t len)
{
	struct rctx c = { .res = res, .path = "model.workload", .err = err, .len = len };
	const json_t *schema = json_object_get(doc, "schema");
	const json_t *model = json_object_get(doc, "model");
	json_int_t version = json_integer_value(json_object_get(doc, "schema_version"));
	int r;

	memset(w, 0, sizeof(*w));
	memset(res, 0, sizeof(*res));
	if (!json_is_object(doc) || !json_is_string(schema) ||
	    strcmp(json_string_value(schema), "iobench/result"))
		return errmsg(err, len, -EINVAL, "not an iobench result (its \"schema\" is not "
			      "\"iobench/result\")");
	if (version != 1)
		return errmsg(err, len, -EINVAL, "schema_version %lld: this iobench reads version 1",
			      (long long)version);
	if (!json_is_object(model))
		return errmsg(err, len, -EINVAL, "the document has no \"model\": it was written by "
			      "an iobench that did not record one, and cannot be read back");
	r = read_struct(&c, &workload_s, json_object_get(model, "workload"), w);
	if (r)
		return r;
	snprintf(c.path, sizeof(c.path), "model.result");
	r = read_struct(&c, &result_s, json_object_get(model, "result"), res);
	if (r)
		return r;
	snprintf(c.path, sizeof(c.path), "model");
	return check_links(&c, w, res);
}

void model_set_free(struct model_set *set)
{
	for (unsigned i = 0; i < set->n; i++) {
		workload_release(&set->w[i]);
		result_release(&set->res[i]);
	}
	free(set->w);
	free(set->res);
	memset(set, 0, sizeof(*set));
}

int model_load(const char *path, struct model_set *set, char *err, size_t len)
{
	json_error_t je;
	json_t *doc = !strcmp(path, "-") ? json_loadf(stdin, 0, &je) : json_load_file(path, 0, &je);
	bool series;
	size_t n;
	int r = 0;

	memset(set, 0, sizeof(*set));
	if (!doc)
		return errmsg(err, len, -EINVAL, "%s: line %d, column %d: %s", path, je.line,
			      je.column, je.text);
	series = json_is_object(doc) && json_is_string(json_object_get(doc, "schema")) &&
		 !strcmp(json_string_value(json_object_get(doc, "schema")), "iobench/series");
	if (series) {	/* a preset's or a sweep's runs: each point's result */
		json_t *pts = json_object_get(doc, "points"), *runs = json_array(), *p;
		size_t i;

		json_array_foreach(pts, i, p)
			json_array_append(runs, json_object_get(p, "result"));
		json_decref(doc);
		doc = runs;
	}
	set->array = json_is_array(doc);
	n = set->array ? json_array_size(doc) : 1;
	if (!n)
		r = errmsg(err, len, -EINVAL, "%s: %s: no result in it", path,
			   series ? "a series without a point" : "an empty array");
	set->w = calloc(n, sizeof(*set->w));
	set->res = calloc(n, sizeof(*set->res));
	if (!r && (!set->w || !set->res))
		r = errmsg(err, len, -ENOMEM, "out of memory");
	for (size_t i = 0; !r && i < n; i++) {
		char why[768];

		set->n = (unsigned)i + 1;
		r = model_read(json_is_array(doc) ? json_array_get(doc, i) : doc, &set->w[i],
			       &set->res[i], why, sizeof(why));
		if (r && json_is_array(doc))
			errmsg(err, len, r, "%s: document %zu: %s", path, i + 1, why);
		else if (r)
			errmsg(err, len, r, "%s: %s", path, why);
	}
	json_decref(doc);
	if (r)
		model_set_free(set);
	return r;
}
