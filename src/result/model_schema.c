/* SPDX-License-Identifier: MIT */
/*
 * model_schema.c: the tables of the result model (model_schema.h). Each
 * struct of the workload and of the result is described once, as a table of
 * its fields; a field added after the first documents were written is marked
 * "later" (missing, it reads as 0).
 */
#include <stddef.h>
#include <stdint.h>

#include "job/workload.h"
#include "result/result.h"
#include "result/model_schema.h"
#include "util/banned.h"

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
       FIM_LATER(struct workload, null_cliff_bytes, 0), FD_LATER(struct workload, null_cliff_factor),
       FIM_LATER(struct workload, null_wear_ns, 0), FIM_LATER(struct workload, null_wear_bytes, 0),
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

const struct schema *const model_workload_schema = &workload_s;
const struct schema *const model_result_schema = &result_s;

uint64_t model_uns_at(const void *p, size_t size)
{
	switch (size) {
	case 1: return *(const uint8_t *)p;
	case 2: return *(const uint16_t *)p;
	case 4: return *(const uint32_t *)p;
	default: return *(const uint64_t *)p;
	}
}
