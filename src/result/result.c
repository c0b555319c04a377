/* SPDX-License-Identifier: MIT */
/* result.c: freeing what a result owns; one host's part of a merged result. */
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
	for (unsigned i = 0; res->hosts && i < res->nhosts; i++)
		free(res->hosts[i].targets);
	free(res->hosts);
	memset(res, 0, sizeof(*res));
}

void result_host_view(const struct result *res, unsigned h, struct result *view)
{
	const struct result_host *o = &res->hosts[h];

	*view = *res;
	view->rows = res->rows + o->row0;
	view->nrows = o->nrows;
	view->cpu = res->cpu + o->cpu0;
	view->ncpu = o->ncpu;
	view->places = o->cpu0 + o->ncpu <= res->nplaces ? res->places + o->cpu0 : NULL;
	view->nplaces = view->places ? o->ncpu : 0;
	view->devs = res->devs + o->dev0;
	view->ndevs = o->ndevs;
	view->targets = o->targets;
	view->ntargets = o->ntargets;
	view->test_ns = o->test_ns;
	view->end_ns_real = o->end_ns_real;
	view->host = o->info;
	view->measured = o->measured;
	view->complete = o->complete;
	view->interrupted = o->interrupted;
	view->failed = o->failed;
	view->nerrors = o->nerrors;
	view->proc_user_s = o->proc_user_s;
	view->proc_sys_s = o->proc_sys_s;
	view->cpu_iv = NULL;
	view->ncpu_ivs = 0;
	view->cpu_iv_ns = NULL;
	view->ncpu_iv_ns = 0;
	memset(&view->ivl, 0, sizeof(view->ivl));
	view->hosts = NULL;
	view->nhosts = 0;
	view->logs = NULL;
	view->nlogs = 0;
}

bool result_same_machine(const struct result *res, unsigned a, unsigned b)
{
	const struct host_info *x = &res->hosts[a].info, *y = &res->hosts[b].info;

	if (x->boot_id[0] && y->boot_id[0])
		return !strcmp(x->boot_id, y->boot_id);
	return !strcmp(res->hosts[a].name, res->hosts[b].name);
}
