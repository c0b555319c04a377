/* SPDX-License-Identifier: MIT */
/* workload.c: helpers on the plain workload description. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/workload.h"

void workload_release(struct workload *w)
{
	for (unsigned i = 0; i < w->ntargets; i++)
		free(w->targets[i].path);
	free(w->targets);
	for (unsigned i = 0; i < w->njobs; i++)
		free(w->jobs[i].name);
	free(w->jobs);
	free(w->cmdline);
	free(w->series_csv);
	free(w->json_path);
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

int workload_diskspd_jobs(struct workload *w)
{
	unsigned n = w->pool_threads ? 1 : w->ntargets;

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
	}
	w->count_based = w->ios_per_thread != 0;
	return 0;
}
