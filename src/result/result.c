/* SPDX-License-Identifier: MIT */
/* result.c: freeing what a result owns. */
#include <stdlib.h>
#include <string.h>

#include "result/result.h"
#include "util/banned.h"

void result_devs_free(struct dev_sample *d, unsigned n)
{
	for (unsigned i = 0; d && i < n; i++) {
		free(d[i].iv);
		free(d[i].iv_ns);
	}
	free(d);
}

void result_release(struct result *res)
{
	for (unsigned i = 0; res->rows && i < res->nrows; i++) {
		free(res->rows[i].h);
		free(res->rows[i].ph);
		free(res->rows[i].sh);
		free(res->rows[i].lh);
		free(res->rows[i].series);
	}
	free(res->rows);
	for (unsigned i = 0; i < res->nlogs; i++)
		iolog_free(&res->logs[i]);
	free(res->logs);
	free(res->targets);
	result_devs_free(res->devs, res->ndevs);
	free(res->cpu);
	free(res->cpu_iv);
	free(res->cpu_iv_ns);
	free(res->places);
	free(res->cpus);
	ivlat_free(&res->ivl);
	memset(res, 0, sizeof(*res));
}
