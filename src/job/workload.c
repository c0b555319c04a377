/* SPDX-License-Identifier: MIT */
/* workload.c: helpers on the plain workload description. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/workload.h"
#include "platform/ioprio.h"
#include "util/errmsg.h"
#include "util/banned.h"

void written_free(struct written_opt *o, unsigned n)
{
	for (unsigned i = 0; o && i < n; i++) {
		free(o[i].key);
		free(o[i].val);
	}
	free(o);
}

int written_add(struct written_opt **o, unsigned *n, const char *key, const char *val)
{
	struct written_opt *v = realloc(*o, (*n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	*o = v;
	v[*n].key = strdup(key);
	v[*n].val = strdup(val);
	if (!v[*n].key || !v[*n].val) {
		free(v[*n].key);
		free(v[*n].val);
		return -ENOMEM;
	}
	(*n)++;
	return 0;
}

void job_logs_free(struct job_logs *l)
{
	for (unsigned k = 0; l && k < LOG_KINDS; k++)
		free(l->prefix[k]);
	free(l);
}

void workload_release(struct workload *w)
{
	for (unsigned i = 0; i < w->ntargets; i++) {
		free(w->targets[i].path);
		free(w->targets[i].buf_source_path);
		free(w->targets[i].bs_dist[0]);
		free(w->targets[i].bs_dist[1]);
		free(w->targets[i].dist);
		free(w->targets[i].thread_targets);
	}
	free(w->targets);
	for (unsigned i = 0; i < w->njobs; i++) {
		free(w->jobs[i].name);
		free(w->jobs[i].description);
		written_free(w->jobs[i].written, w->jobs[i].nwritten);
		job_logs_free(w->jobs[i].logs);
		free(w->jobs[i].cpus);
		free(w->jobs[i].mem_file);
	}
	written_free(w->global_written, w->nglobal_written);
	free(w->jobs);
	free(w->cmdline);
	free(w->label);
	free(w->series_csv);
	free(w->json_path);
	free(w->html_path);
	free(w->affinity);
	free(w->destroy_signature);
	memset(w, 0, sizeof(*w));
}

unsigned workload_threads(const struct workload *w)
{
	unsigned n = 0;

	for (unsigned i = 0; i < w->njobs; i++)
		n += w->jobs[i].threads;
	return n;
}

void workload_random_writes(struct workload *w)
{
	for (unsigned i = 0; i < w->ntargets; i++)
		if (w->targets[i].buf == BUF_SEQUENCE)
			w->targets[i].buf = BUF_RANDOM;
}

int target_write_refresh(const struct target_spec *s, bool verify)
{
	if (s->buf != BUF_RANDOM || verify || !s->write_pct || s->refresh == REFRESH_NONE)
		return WRITES_AS_LAID;
	if (s->refresh == REFRESH_FULL)
		return WRITES_REFILLED;
	return s->compress_pct <= 98 ? WRITES_SCRAMBLED : WRITES_AS_LAID;
}

unsigned diskspd_ioprio(unsigned hint)
{
	return hint == 1 ? ioprio_make(IOPRIO_CLASS_IDLE, 0) :
	       hint == 2 ? ioprio_make(IOPRIO_CLASS_BE, 7) : 0;
}

int workload_diskspd_jobs(struct workload *w)
{
	unsigned n = w->pool_threads ? 1 : w->ntargets, first = 0;

	w->jobs = calloc(n, sizeof(*w->jobs));
	if (!w->jobs)
		return -ENOMEM;
	w->njobs = n;
	for (unsigned i = 0; i < n; i++) {
		struct job_spec *j = &w->jobs[i];

		j->first_target = w->pool_threads ? 0 : i;
		j->ntargets = w->pool_threads ? w->ntargets : 1;
		j->threads = w->pool_threads ? w->pool_threads : w->targets[i].threads;
		j->ios_per_thread = w->ios_per_thread;
		j->seed = w->seed + first;	/* DiskSpd: thread n of the run uses seed + n */
		j->ioprio = diskspd_ioprio(w->io_priority);
		j->mem = w->large_pages ? MEM_MMAPHUGE : MEM_MALLOC;
		j->requests = w->pool_threads ? w->pool_requests : 0;
		first += j->threads;
	}
	w->count_based = w->ios_per_thread != 0;
	return 0;
}

int workload_check_null(const struct workload *w, char *err, size_t len)
{
	if ((w->null_lat_ns || w->null_iops || w->null_stall_ns || w->null_servers ||
	     w->null_cliff_bytes || w->null_wear_bytes) && !(w->engine && !strcmp(w->engine, "null")))
		return errmsg(err, len, -EINVAL, "--%s models the null engine's device: give "
			      "--engine=null", w->null_lat_ns ? "null-latency" : w->null_iops ?
			      "null-iops" : w->null_servers ? "null-servers" : w->null_stall_ns ?
			      "null-stall" : w->null_cliff_bytes ? "null-cliff" : "null-wear");
	if (w->null_servers && !w->null_lat_ns)
		return errmsg(err, len, -EINVAL, "--null-servers: each server takes --null-latency "
			      "per I/O: give it");
	if (w->null_cliff_bytes && !w->null_lat_ns)
		return errmsg(err, len, -EINVAL, "--null-cliff: past the cliff a write takes FACTOR "
			      "times --null-latency: give it");
	return 0;
}

unsigned target_weight(const struct target_spec *s, unsigned rel)
{
	unsigned own = s->weight ? s->weight : 1;

	if (!s->nthread_targets)
		return own;
	for (unsigned i = 0; i < s->nthread_targets; i++)
		if (s->thread_targets[i].thread == rel)
			return s->thread_targets[i].weight ? s->thread_targets[i].weight : own;
	return 0;	/* DiskSpd: a target with ThreadTargets is only those threads' */
}

/* The sizes direction d (0 reads, 1 writes) may use: [*lo, *hi]. */
static void dir_sizes(const struct target_spec *s, int d, uint64_t *lo, uint64_t *hi)
{
	const struct bs_dist *b = s->bs_dist[d];

	*lo = *hi = d && s->write_block_size ? s->write_block_size : s->block_size;
	if (b && !b->n) {
		*lo = b->lo;
		*hi = b->hi;
	}
	for (unsigned i = 0; b && i < b->n; i++) {
		if (i == 0 || b->len[i] < *lo)
			*lo = b->len[i];
		if (i == 0 || b->len[i] > *hi)
			*hi = b->len[i];
	}
}

uint64_t target_max_block(const struct target_spec *s)
{
	uint64_t lo, hi, m = 0;

	for (int d = 0; d < 2; d++) {
		if ((d == 0 && s->write_pct == 100) || (d == 1 && s->write_pct == 0))
			continue;
		dir_sizes(s, d, &lo, &hi);
		if (hi > m)
			m = hi;
	}
	return m;
}

uint64_t target_min_block(const struct target_spec *s)
{
	uint64_t lo, hi, m = UINT64_MAX;

	for (int d = 0; d < 2; d++) {
		if ((d == 0 && s->write_pct == 100) || (d == 1 && s->write_pct == 0))
			continue;
		dir_sizes(s, d, &lo, &hi);
		if (lo < m)
			m = lo;
	}
	return m;
}

int workload_check_verify(const struct workload *w, char *err, size_t len)
{
	for (unsigned i = 0; i < w->ntargets; i++) {
		const struct target_spec *t = &w->targets[i];

		if ((t->buf != BUF_RANDOM && t->buf != BUF_SEQUENCE) || t->compress_pct ||
		    t->dedupe_pct)
			return errmsg(err, len, -EINVAL, "--verify writes its own blocks (header, random "
				      "data, checksum): not with -Z, --pattern, --compress or --dedupe "
				      "(job files: zero_buffers, buffer_pattern, buffer_compress_percentage, "
				      "dedupe_percentage)");
		if (t->block_size < VERIFY_MIN_BLOCK || t->block_size > (8u << 20))
			return errmsg(err, len, -EINVAL, "--verify: the block size (-b) must be from 512 "
				      "bytes to 8 MiB");
		if (t->bs_dist[0] || t->bs_dist[1] ||
		    (t->write_block_size && t->write_block_size != t->block_size))
			return errmsg(err, len, -EINVAL, "--verify: one block size for reads and writes "
				      "(no bsrange, bssplit or bs=READ,WRITE)");
		if (t->random_align && t->random_align % t->block_size)
			return errmsg(err, len, -EINVAL, "--verify: random offsets must be whole blocks "
				      "(-r aligned to the block size %llu)",
				      (unsigned long long)t->block_size);
		if (!t->random_align && t->stride && t->stride != t->block_size)
			return errmsg(err, len, -EINVAL, "--verify: sequential I/O steps by whole blocks "
				      "(no -s stride)");
		if (t->thread_stride || t->clone_offset)
			return errmsg(err, len, -EINVAL, "--verify shares the blocks out among the threads "
				      "itself: no -T (offset_increment)");
		if (t->base_offset % t->block_size)
			return errmsg(err, len, -EINVAL, "--verify: the base offset (-B) must be a whole "
				      "number of blocks");
	}
	if (w->engine && !strcmp(w->engine, "null"))
		return errmsg(err, len, -EINVAL, "--verify needs real I/O: not with the null engine");
	return 0;
}

#define DIST_ROUND_DOWN(x, a) ((x) - (x) % (a))

unsigned diskspd_effective_ranges(const struct dist_range *in, unsigned n, bool pct, uint64_t size,
				  uint64_t block, uint64_t align, struct dist_range *out, uint32_t *span)
{
	uint64_t rsa = DIST_ROUND_DOWN(size - block, align) + align;	/* _relTargetSizeAligned */
	uint32_t carry = 0, used = 0;
	unsigned k = 0;

	for (unsigned i = 0; i < n; i++) {
		const struct dist_range *r = &in[i];
		uint64_t b, e, l;

		if (!r->io)
			continue;	/* a hole */
		if (!pct) {
			if (r->first >= size)
				break;
			if (!r->len || r->first + r->len > size) {
				l = size - r->first;
				if (l < block)
					break;
			} else {
				l = r->len;
			}
			out[k++] = (struct dist_range){ r->src, r->io, r->first, l };
			used += r->io;
			continue;
		}
		b = r->first * rsa / 100;
		e = r->first + r->len == 100 ? rsa : b + r->len * rsa / 100;
		e = DIST_ROUND_DOWN(e, align);
		if (e < b) {	/* no aligned offset in it: its I/O % rolls over */
			if (k && out[k - 1].first == e)
				out[k - 1].io += r->io;
			else
				carry = r->io;
			continue;
		}
		b = DIST_ROUND_DOWN(b, align);
		if (b < e && k && out[k - 1].first == b) {
			b += align;
			out[k - 1].len += align;
			if (b == rsa) {
				carry = r->io;
				continue;
			}
			if (b == e) {
				out[k - 1].io += r->io;
				continue;
			}
		}
		if (carry && k && out[k - 1].io < r->io) {
			out[k - 1].io += carry;
			carry = 0;
		}
		out[k++] = (struct dist_range){ r->src - carry, r->io + carry, b, e - b };
		carry = 0;
	}
	if (pct && carry && k) {
		out[k - 1].io += carry;
		out[k - 1].len = rsa - out[k - 1].first;
	}
	*span = pct ? 100 : used;
	return k;
}
