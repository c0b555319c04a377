/* SPDX-License-Identifier: MIT */
/* workload.c: helpers on the plain workload description. */
#include <stdlib.h>
#include <string.h>

#include "job/workload.h"

void workload_release(struct workload *w)
{
	for (unsigned i = 0; i < w->ntargets; i++)
		free(w->targets[i].path);
	free(w->targets);
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

	if (w->pool_threads)
		return w->pool_threads;
	for (unsigned i = 0; i < w->ntargets; i++)
		n += w->targets[i].threads;
	return n;
}
