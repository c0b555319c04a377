/* SPDX-License-Identifier: MIT */
/*
 * cmdline_state.c: a DiskSpd command line's reading state: DiskSpd's
 * defaults for the run and for the target being shaped, and the targets
 * named so far.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/cmdline_state.h"
#include "platform/host.h"
#include "util/banned.h"

int cmdline_add_target(struct parse_state *ps, struct workload *w, const char *path)
{
	struct target_spec *nt;

	if (host_path_check(path, ps->err, ps->errlen))
		return -EINVAL;
	nt = realloc(w->targets, (w->ntargets + 1) * sizeof(*nt));
	if (!nt)
		return fail(ps, "out of memory");
	w->targets = nt;
	memset(&nt[w->ntargets], 0, sizeof(*nt));
	nt[w->ntargets].path = strdup(path);
	if (!nt[w->ntargets].path)
		return fail(ps, "out of memory");
	w->ntargets++;
	return 0;
}

/* The target's switches as none were given: DiskSpd's defaults. */
void cmdline_target_defaults(struct parse_state *ps)
{
	static const struct size_arg none;

	memset(&ps->t, 0, sizeof(ps->t));
	ps->t.block_size = 64 * 1024;
	ps->t.buf = BUF_SEQUENCE;	/* DiskSpd's writes without -Z: its 0..255 pattern */
	ps->t.outstanding = 2;
	ps->t.threads = 1;
	ps->create = ps->base = ps->base_len = ps->maxoff = ps->tstride = none;
	ps->ralign = ps->stride = ps->srcbuf = none;
	ps->random_set = ps->seq_set = ps->threads_set = false;
	ps->cache_mode = CM_UNSET;
	ps->write_through = false;
	ps->mapped = false;
	ps->map_flush = 0;
	ps->rs_pct = 0;
	ps->interlocked = false;
	ps->t_ioprio = 0;
	ps->t_large = false;
	ps->contents = 0;
}

void cmdline_set_defaults(struct parse_state *ps, struct workload *w)
{
	cmdline_target_defaults(ps);
	w->duration_ns = 10 * 1000000000ull;
	w->warmup_ns = 5 * 1000000000ull;
	w->interval_ns = 1000000000ull;
	w->null_size = 1ull << 30;
	w->no_latency = true;	/* DiskSpd shows latency with -L only */
}
