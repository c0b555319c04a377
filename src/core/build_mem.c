/* SPDX-License-Identifier: MIT */
/*
 * build_mem.c: the memory a run's workers take (build_mem.h): their I/O
 * buffers and per-interval series against the machine's memory, fio's mem=
 * kinds and mem=mmap:FILE files, huge pages.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/build_mem.h"
#include "job/units.h"
#include "platform/fsinfo.h"
#include "platform/host.h"
#include "util/errmsg.h"
#include "util/banned.h"

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

static uint32_t buf_align(const struct target *t)
{
	return t->mem_align > 4096 ? t->mem_align : 4096;
}

uint64_t build_unit_bytes(const struct target_spec *sp, const struct target *t)
{
	return round_up(target_max_block(sp), buf_align(t));
}

/* Bytes of I/O buffers the workload needs: a read and a write buffer per unit. */
static uint64_t buffer_bytes(const struct workload *w, const struct target *tg)
{
	uint64_t sum = 0;

	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *job = &w->jobs[j];

		for (unsigned k = 0; k < job->threads && (k == 0 || job->per_clone); k++) {
			for (unsigned i = 0; i < job->ntargets; i++) {
				unsigned ti = job_target(job, k, i);
				const struct target_spec *s = &w->targets[ti];

				sum += 2 * job_units(job, s) * round_up(target_max_block(s),
									buf_align(&tg[ti])) *
				       (job->per_clone ? 1 : job->threads);
			}
		}
	}
	return sum;
}

/* Bytes of thread rel of job js's buffer region: a read and a write buffer per unit. */
static uint64_t worker_bytes(const struct workload *w, const struct target *tg,
			     const struct job_spec *js, unsigned rel)
{
	uint64_t sum = js->mem_align;

	for (unsigned i = 0; i < js->ntargets; i++) {
		unsigned ti = job_target(js, rel, i);
		const struct target_spec *s = &w->targets[ti];

		sum += 2 * job_units(js, s) * round_up(target_max_block(s), buf_align(&tg[ti]));
	}
	return sum;
}

/* A thread's part of job js's mem=mmap:FILE: whole (huge) pages, the same for each. */
uint64_t build_mem_stride(const struct workload *w, const struct target *tg,
			   const struct job_spec *js)
{
	uint64_t free, total, hp = iomem_huge(js->mem) ? iomem_huge_page(&free, &total) : 0;

	return round_up(worker_bytes(w, tg, js, 0), hp ? hp : 4096);
}

const char *const build_mem_names[] = { "malloc", "shm", "shmhuge", "mmap", "mmaphuge",
					 "mmapshared" };

/* mem=...:FILE of job js: a new file (or --overwrite), in a directory there; mmaphuge's on hugetlbfs. */
static int check_mem_file(const struct workload *w, const struct job_spec *js, char *err,
			  size_t len)
{
	char dir[4096];
	const char *slash = strrchr(js->mem_file, '/');
	int huge;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - js->mem_file + (slash ==
		 js->mem_file)) : 1, slash ? js->mem_file : ".");
	huge = fsinfo_hugepage_fs(dir);
	if (huge < 0)
		return errmsg(err, len, -EINVAL, "job '%s': mem=%s:%s: cannot use directory '%s': %s",
			      js->name, build_mem_names[js->mem], js->mem_file, dir, strerror(-huge));
	if (js->mem == MEM_MMAPHUGE && !huge)
		return errmsg(err, len, -EINVAL, "job '%s': mem=mmaphuge:%s: '%s' is not on a "
			      "hugetlbfs file system (mount -t hugetlbfs none DIR), which huge-page "
			      "files need", js->name, js->mem_file, dir);
	if (!access(js->mem_file, F_OK) && !w->overwrite)
		return errmsg(err, len, -EINVAL, "job '%s': mem=%s:%s: the file exists, and fio sizes "
			      "it to the buffers (its data gone): give a new file, or --overwrite",
			      js->name, build_mem_names[js->mem], js->mem_file);
	return 0;
}

int build_check_iomem(const struct workload *w, const struct target *tg, char *err, size_t len)
{
	uint64_t free, total, hp = iomem_huge_page(&free, &total), need = 0;
	const char *first = NULL;
	bool any = false;	/* a job on huge pages (DiskSpd's jobs have no name) */
	char why[300];
	int r;

	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *js = &w->jobs[j];

		if (!iomem_kind_built(js->mem, js->mem_file != NULL))
			return errmsg(err, len, -EINVAL, "job '%s': mem=%s%s: not buffers this build of "
				      "iobench makes (on Windows: malloc, and huge pages as -l's, "
				      "docs/windows.md)", js->name, build_mem_names[js->mem],
				      js->mem_file ? ":FILE" : "");
		if (js->mem_file && (r = check_mem_file(w, js, err, len)))
			return r;
		if (!iomem_huge(js->mem))
			continue;
		if (!any)
			first = js->name;
		any = true;
		for (unsigned k = 0; hp && k < js->threads; k++)
			need += round_up(worker_bytes(w, tg, js, k), hp) / hp;
	}
	if (!any)
		return 0;
	if ((r = iomem_huge_allowed(why, sizeof(why))))
		return errmsg(err, len, -EINVAL, "%s%s%s: %s", w->large_pages ? "-l" : "job '",
			      w->large_pages ? "" : first, w->large_pages ? "" : "': mem=shmhuge, mmaphuge",
			      why);
	if (w->large_pages && (!hp || !total))
		return errmsg(err, len, -EINVAL, "-l: large pages (huge pages for the I/O buffers): "
			      "this machine has none configured (%s is 0)", iomem_huge_where());
	if (w->large_pages && free < need)
		return errmsg(err, len, -EINVAL, "-l: large pages: the buffers need %llu huge pages "
			      "of %llu KiB, and %llu of this machine's %llu are free "
			      "(%s)", (unsigned long long)need,
			      (unsigned long long)(hp / 1024), (unsigned long long)free,
			      (unsigned long long)total, iomem_huge_where());
	if (!hp || !total)
		return errmsg(err, len, -EINVAL, "job '%s': mem=shmhuge and mmaphuge need huge pages, "
			      "and this machine has none configured (%s is 0)", first, iomem_huge_where());
	if (free < need)
		return errmsg(err, len, -EINVAL, "job '%s': mem=shmhuge and mmaphuge: the buffers need "
			      "%llu huge pages of %llu KiB, and %llu of this machine's %llu are free "
			      "(%s)", first, (unsigned long long)need,
			      (unsigned long long)(hp / 1024), (unsigned long long)free,
			      (unsigned long long)total, iomem_huge_where());
	return 0;
}

int build_mem_files(struct run_ctx *ctx, char *err, size_t len)
{
	const struct workload *w = ctx->w;

	ctx->mem_fds = malloc(w->njobs * sizeof(*ctx->mem_fds));
	ctx->mem_made = calloc(w->njobs, sizeof(*ctx->mem_made));
	if (!ctx->mem_fds || !ctx->mem_made)
		return errmsg(err, len, -ENOMEM, "out of memory");
	for (unsigned j = 0; j < w->njobs; j++)
		ctx->mem_fds[j] = -1;
	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *js = &w->jobs[j];
		uint64_t size = build_mem_stride(w, ctx->targets, js) * js->threads;
		int fd;

		if (!js->mem_file)
			continue;
		fd = open(js->mem_file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		ctx->mem_made[j] = fd >= 0;
		if (fd < 0 && errno == EEXIST && w->overwrite)	/* checked before: the user's say */
			fd = open(js->mem_file, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			return errmsg(err, len, -errno, "job '%s': mem=%s:%s: %s", js->name,
				      build_mem_names[js->mem], js->mem_file, strerror(errno));
		ctx->mem_fds[j] = fd;
		if (ftruncate(fd, (off_t)size))	/* fio's mmapshared leaves a new file empty (EFAULT) */
			return errmsg(err, len, -errno, "job '%s': mem=%s:%s: cannot size it to %llu "
				      "bytes: %s", js->name, build_mem_names[js->mem], js->mem_file,
				      (unsigned long long)size, strerror(errno));
	}
	return 0;
}

/* Series slots per stream, not yet bounded: the window's intervals, or a fixed number. */
static uint64_t series_slots(const struct workload *w)
{
	uint64_t n;

	if (w->count_based) {	/* an hour's worth (at most ten times the slots), then the last holds on */
		n = 3600000000000ull / w->interval_ns;
		return n < COUNT_MODE_INTERVALS ? COUNT_MODE_INTERVALS :
		       n > 10 * COUNT_MODE_INTERVALS ? 10 * COUNT_MODE_INTERVALS : n;
	}
	n = (w->duration_ns + w->interval_ns - 1) / w->interval_ns;
	return n ? n : 1;
}

/* The thread x target streams of the workload: each keeps its own series. */
static uint64_t stream_count(const struct workload *w)
{
	uint64_t n = 0;

	for (unsigned j = 0; j < w->njobs; j++)
		n += (uint64_t)w->jobs[j].threads * w->jobs[j].ntargets;
	return n;
}

uint64_t build_series_bytes(const struct workload *w)
{
	return series_slots(w) * stream_count(w) * sizeof(struct interval);
}

int build_check_memory(const struct workload *w, const struct target *tg, char *err, size_t len)
{
	uint64_t bufs = buffer_bytes(w, tg), series = build_series_bytes(w);
	uint64_t ram = host_memory_bytes();
	char a[32], b[32];

	if (series_slots(w) > SERIES_MAX_SLOTS)
		return errmsg(err, len, -EINVAL, "the per-interval series would hold %llu intervals "
			      "(-d over -D), more than %u: use a longer interval (-D)",
			      (unsigned long long)series_slots(w), SERIES_MAX_SLOTS);
	if (bufs + series <= ram / 2)
		return 0;
	format_bytes(b, sizeof(b), ram);
	if (series > bufs) {
		format_bytes(a, sizeof(a), series);
		return errmsg(err, len, -EINVAL, "the per-interval series would take %s (%llu "
			      "intervals of -D for each of %llu thread-target streams), more than "
			      "half of this machine's %s: use a longer interval (-D) or a shorter -d",
			      a, (unsigned long long)series_slots(w),
			      (unsigned long long)stream_count(w), b);
	}
	format_bytes(a, sizeof(a), bufs);
	return errmsg(err, len, -EINVAL, "the I/O buffers would take %s (threads x outstanding x "
		    "block size x 2), more than half of this machine's %s", a, b);
}

/* Series slots per stream: the window's intervals, or a fixed number when counting I/Os. */
unsigned build_series_slots(const struct workload *w)
{
	uint64_t n = series_slots(w);

	return n > SERIES_MAX_SLOTS ? SERIES_MAX_SLOTS : (unsigned)n;
}

/* Bytes of the shared write source of a target: -Z<size>, or the --dedupe block. */
uint64_t build_src_size(const struct target_spec *sp)
{
	return sp->buf == BUF_SOURCE ? sp->buf_source_size :
	       sp->dedupe_pct ? round_up(target_max_block(sp), 4096) : 0;
}
