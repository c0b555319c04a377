/* SPDX-License-Identifier: MIT */
/* ranked.c: a rank's own targets and its record in the result (ranked.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ranked.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* The ranks on this rank's host. */
static unsigned ranks_here(void)
{
	unsigned n = 0;

	for (unsigned r = 0; r < ranks_size(); r++)
		n += !strcmp(ranks_host(r), ranks_host(ranks_rank()));
	return n;
}

/*
 * path with its %h, %r, %l and %% replaced into *out (malloc'd); *mine gets
 * whether it names a file of this rank's alone. 0, -EINVAL (an unknown %
 * sequence, in err) or -ENOMEM.
 */
static int expand(const char *path, char **out, bool *mine, char *err, size_t len)
{
	size_t cap = strlen(path) + 1, n = 0;
	bool host = false, rank = false;
	char *s;

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
		case 'h': n += (size_t)snprintf(s + n, cap - n, "%s", ranks_host(ranks_rank())); host = true; break;
		case 'r': n += (size_t)snprintf(s + n, cap - n, "%u", ranks_rank()); rank = true; break;
		case 'l': n += (size_t)snprintf(s + n, cap - n, "%u", ranks_local()); rank = true; break;
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
	*mine = rank || (host && ranks_here() == 1);
	return 0;
}

int placed_paths(const struct workload *w, bool opens_files, struct workload *out, char *err,
		 size_t len)
{
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
		bool mine = false;
		int r;

		r = expand(w->targets[i].path, &out->targets[i].path, &mine, err, len);
		if (r == -ENOMEM)
			return errmsg(err, len, r, "out of memory");
		if (r)
			return r;
		if (ranks_size() > 1 && opens_files && !mine)
			return errmsg(err, len, -EINVAL, "'%s' would be the same file for %s: under "
				      "mpirun each rank needs its own target; put %%r (the rank), %%l "
				      "(the rank on its host) or %%h (the host's name, with one rank "
				      "a host) in its path (docs/multihost.md)", w->targets[i].path,
				      strpbrk(w->targets[i].path, "%") ? "the ranks on this host" :
				      "every rank");
	}
	return 0;
}

void placed_free(const struct workload *w, struct workload *out)
{
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
