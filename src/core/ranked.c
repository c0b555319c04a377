/* SPDX-License-Identifier: MIT */
/* ranked.c: a rank's own targets and its record in the result (ranked.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ranked.h"
#include "engine/engine.h"
#include "util/errmsg.h"
#include "util/banned.h"

/*
 * path with its %h, %r, %l and %% replaced as rank sees them into *out
 * (malloc'd); *host, *rank: whether %h, and %r or %l, were in it. 0,
 * -EINVAL (an unknown % sequence, in err) or -ENOMEM.
 */
static int expand(const char *path, unsigned rk, char **out, bool *host, bool *rank, char *err,
		  size_t len)
{
	size_t cap = strlen(path) + 1, n = 0;
	char *s;

	*host = *rank = false;
	for (const char *p = path; *p; p++)
		if (*p == '%')
			cap += RANK_HOST_MAX + 12;
	s = malloc(cap);
	if (!s)
		return -ENOMEM;
	for (const char *p = path; *p; p++) {
		if (*p != '%') {
			s[n++] = *p;
			continue;
		}
		switch (p[1]) {
		case 'h': n += (size_t)snprintf(s + n, cap - n, "%s", ranks_host(rk)); *host = true; break;
		case 'r': n += (size_t)snprintf(s + n, cap - n, "%u", rk); *rank = true; break;
		case 'l': n += (size_t)snprintf(s + n, cap - n, "%u", ranks_local_of(rk)); *rank = true; break;
		case '%': s[n++] = '%'; break;
		default:
			free(s);
			return errmsg(err, len, -EINVAL, "'%s': %%%c%s: a target's path takes %%h (the "
				      "host's name), %%r (the MPI rank), %%l (the rank on its host) "
				      "and %%%% (a %%)", path, p[1] ? p[1] : ' ',
				      p[1] ? "" : " at the end");
		}
		p++;
	}
	s[n] = 0;
	*out = s;
	return 0;
}

bool placed_opens_files(const struct workload *w)
{
	return !(w->engine && engine_find(w->engine) == &engine_null);
}

/* Who a target is: a rank's own, or shared by each host's ranks, or by every rank. */
enum share { SHARE_NONE, SHARE_HOST, SHARE_ALL };

/* Target path as rank rk sees it (*out, malloc'd), and whose it is. 0, or as expand(). */
static int share_of(const char *path, unsigned rk, bool opens_files, enum share *how,
		    char **out, char *err, size_t len)
{
	bool host, rank;
	int r = expand(path, rk, out, &host, &rank, err, len);

	if (r)
		return r;
	*how = ranks_size() < 2 || !opens_files || rank || (host && ranks_on(rk) == 1) ? SHARE_NONE :
	       host ? SHARE_HOST : SHARE_ALL;
	return 0;
}

/* A job whose targets are all shared: its byte budget (fio's size) split as their ranges are. */
static void share_budgets(const struct workload *w, struct workload *out)
{
	for (unsigned j = 0; j < out->njobs; j++) {
		struct job_spec *js = &out->jobs[j];
		unsigned n = 0;
		bool all = true;

		for (unsigned k = 0; k < js->threads; k++)
			for (unsigned i = 0; i < js->ntargets; i++) {
				const struct target_spec *t = &out->targets[job_target(js, k, i)];

				all &= t->share_n > 1;
				n = t->share_n;
			}
		if (all && n > 1 && js->bytes_per_thread)
			js->bytes_per_thread = (w->jobs[j].bytes_per_thread + n - 1) / n;
	}
}

int placed_paths(const struct workload *w, bool opens_files, struct workload *out, char *err,
		 size_t len)
{
	enum share ways = SHARE_NONE;

	*out = *w;
	out->targets = NULL;
	for (unsigned j = 0; ranks_size() > 1 && j < w->njobs; j++)
		if (w->jobs[j].logs)
			return errmsg(err, len, -EINVAL, "job '%s': logs of each I/O (fio's "
				      "write_*_log, --offset-trace) under mpirun: each rank would "
				      "write the same log files, and merged logs are not made; run "
				      "the job without them (the JSON document has the merged "
				      "per-interval series)", w->jobs[j].name);
	out->targets = calloc(w->ntargets ? w->ntargets : 1, sizeof(*out->targets));
	if (!out->targets)
		return errmsg(err, len, -ENOMEM, "out of memory");
	memcpy(out->targets, w->targets, w->ntargets * sizeof(*out->targets));
	for (unsigned i = 0; i < w->ntargets; i++)
		out->targets[i].path = NULL;	/* its own, or none: placed_free() frees them */
	for (unsigned i = 0; i < w->ntargets; i++) {
		struct target_spec *t = &out->targets[i];
		enum share how;
		int r;

		r = share_of(w->targets[i].path, ranks_rank(), opens_files, &how, &t->path, err, len);
		if (r == -ENOMEM)
			return errmsg(err, len, r, "out of memory");
		if (r)
			return r;
		if (how == SHARE_NONE)
			continue;
		if (w->verify)
			return errmsg(err, len, -EINVAL, "--verify with '%s' shared by the ranks: each "
				      "file keeps one journal of its blocks, so give each rank its own "
				      "(%%r in the path)", w->targets[i].path);
		if (ways && ways != how)
			return errmsg(err, len, -EINVAL, "'%s' is shared by %s, another target by %s: "
				      "under mpirun the shared targets of a run are all shared by "
				      "every rank (no %%h, %%r or %%l in their paths) or all by each "
				      "host's ranks (%%h alone)", w->targets[i].path,
				      how == SHARE_ALL ? "every rank" : "each host's ranks",
				      how == SHARE_ALL ? "each host's ranks" : "every rank");
		ways = how;
		t->share_n = how == SHARE_ALL ? ranks_size() : ranks_on(ranks_rank());
		t->share_i = how == SHARE_ALL ? ranks_rank() : ranks_local();
		t->share_follow = t->share_i != 0;
		t->share_hold = ranks_local() == 0;
	}
	if (ways) {	/* the jobs' own copy, with their budgets split */
		out->jobs = malloc(w->njobs * sizeof(*out->jobs));
		if (!out->jobs)
			return errmsg(err, len, -ENOMEM, "out of memory");
		memcpy(out->jobs, w->jobs, w->njobs * sizeof(*out->jobs));
		share_budgets(w, out);
	}
	return 0;
}

bool placed_follows(const struct workload *w)
{
	for (unsigned i = 0; i < w->ntargets; i++)
		if (w->targets[i].share_follow)
			return true;
	return false;
}

bool placed_shares(const struct workload *w)
{
	for (unsigned i = 0; i < w->ntargets; i++)
		if (w->targets[i].share_n > 1)
			return true;
	return false;
}

void placed_free(const struct workload *w, struct workload *out)
{
	if (out->jobs != w->jobs)
		free(out->jobs);
	out->jobs = w->jobs;
	for (unsigned i = 0; out->targets && out->targets != w->targets && i < w->ntargets; i++)
		free(out->targets[i].path);
	if (out->targets != w->targets)
		free(out->targets);
	out->targets = NULL;
}

int placed_host(struct result *res, const struct rank_clock *clk)
{
	struct result_host *h = calloc(1, sizeof(*h));

	if (!h || !(h->targets = calloc(res->ntargets ? res->ntargets : 1, sizeof(*h->targets)))) {
		free(h);
		return -ENOMEM;
	}
	snprintf(h->name, sizeof(h->name), "%s", ranks_host(ranks_rank()));
	h->rank = ranks_rank();
	h->local_rank = ranks_local();
	if (clk) {
		h->clock_offset_ns = clk->offset_ns;
		h->wall_offset_ns = clk->wall_ns;
		h->clock_error_ns = clk->error_ns;
		h->start_late_ns = clk->late_ns;
	}
	h->test_ns = res->test_ns;
	h->end_ns_real = res->end_ns_real;
	h->nrows = res->nrows;
	h->ncpu = res->ncpu;
	h->ndevs = res->ndevs;
	memcpy(h->targets, res->targets, res->ntargets * sizeof(*h->targets));
	h->ntargets = res->ntargets;
	h->info = res->host;
	h->measured = res->measured;
	h->complete = res->complete;
	h->interrupted = res->interrupted;
	h->failed = res->failed;
	memcpy(h->error, res->error, sizeof(h->error) - 1);
	h->nerrors = res->nerrors;
	h->proc_user_s = res->proc_user_s;
	h->proc_sys_s = res->proc_sys_s;
	res->hosts = h;
	res->nhosts = 1;
	return 0;
}

/* The bytes of target i's range, when the workload says them (-c or -f), else 0. */
static uint64_t spec_range(const struct target_spec *t)
{
	uint64_t end = t->max_offset ? t->max_offset : t->create_size;

	return end > t->base_offset ? end - t->base_offset : 0;
}

int placed_slice(const struct target_spec *t, unsigned k, unsigned i, uint64_t *lo, uint64_t *hi)
{
	uint64_t unit = target_max_block(t), slice;

	if (t->random_align > unit)
		unit = t->random_align;
	slice = (*hi - *lo) / unit / k * unit;
	if (slice < target_max_block(t))
		return -ERANGE;
	*lo += (uint64_t)i * slice;
	if (i + 1 < k)
		*hi = *lo + slice;
	return 0;
}

void placed_print(FILE *f, const struct workload *w)
{
	bool files = placed_opens_files(w);
	struct workload pl;
	unsigned hosts = 0;
	char e[256];

	if (ranks_size() < 2)
		return;
	for (unsigned r = 0; r < ranks_size(); r++)
		hosts += ranks_local_of(r) == 0;
	fprintf(f, "Under mpirun: %u ranks on %u host%s\n", ranks_size(), hosts, hosts == 1 ? "" : "s");
	for (unsigned i = 0; i < w->ntargets; i++) {
		const struct target_spec *t = &w->targets[i];
		uint64_t n = spec_range(t);

		fprintf(f, "\ttarget %u '%s':%s\n", i + 1, t->path, files ? "" :
			" names of the null engine's, every rank its own");
		for (unsigned r = 0; files && r < ranks_size(); r++) {
			uint64_t lo = t->base_offset, hi = t->base_offset + n;
			enum share how;
			char *p;
			unsigned k, s;

			if (share_of(t->path, r, files, &how, &p, e, sizeof(e))) {
				fprintf(f, "\t\t%s\n", e);
				break;
			}
			k = how == SHARE_ALL ? ranks_size() : ranks_on(r);
			s = how == SHARE_ALL ? r : ranks_local_of(r);
			fprintf(f, "\t\trank %u (%s): '%s'", r, ranks_host(r), p);
			if (how != SHARE_NONE && n && !placed_slice(t, k, s, &lo, &hi)) {
				fprintf(f, ", bytes %llu to %llu, slice %u of the %u that %s",
					(unsigned long long)lo, (unsigned long long)hi, s + 1, k,
					how == SHARE_ALL ? "every rank shares" : "its host's ranks share");
			} else if (how != SHARE_NONE) {
				fprintf(f, ", slice %u of the %u that %s (its bytes are known once the "
					"target is open)", s + 1, k,
					how == SHARE_ALL ? "every rank shares" : "its host's ranks share");
			}
			if (how != SHARE_NONE)
				fprintf(f, "%s", s ? "; opens it once the first has" :
					"; checks it (and makes it) first");
			fputc('\n', f);
			free(p);
		}
	}
	if (files && !placed_paths(w, files, &pl, e, sizeof(e)))	/* rank 0's budgets */
		for (unsigned j = 0; j < w->njobs; j++)
			if (pl.jobs[j].bytes_per_thread != w->jobs[j].bytes_per_thread)
				fprintf(f, "\tjob '%s': the ranks share its targets, so each thread's "
					"budget is %llu bytes of the %llu (size split like the range)\n",
					w->jobs[j].name ? w->jobs[j].name : "",
					(unsigned long long)pl.jobs[j].bytes_per_thread,
					(unsigned long long)w->jobs[j].bytes_per_thread);
	if (files)
		placed_free(w, &pl);
}
