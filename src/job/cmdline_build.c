/* SPDX-License-Identifier: MIT */
/*
 * cmdline_build.c: a workload built from DiskSpd's switches given one at a
 * time, and a target at a time (an XML profile's TimeSpan: xmlprofile_build.c),
 * each read as the command line reads it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/cmdline_build.h"
#include "job/cmdline_finish.h"
#include "job/cmdline_state.h"
#include "job/cmdline_switch.h"
#include "platform/host.h"
#include "util/banned.h"

int cmdline_check_path(const char *path, char *err, size_t len)
{
	return host_path_check(path, err, len);
}

struct cmdline_build {
	struct parse_state ps;
	struct workload *w;
};

struct cmdline_build *cmdline_build_new(struct workload *w, char *err, size_t errlen)
{
	struct cmdline_build *b = calloc(1, sizeof(*b));

	if (!b)
		return NULL;
	b->w = w;
	b->ps.err = err;
	b->ps.errlen = errlen;
	b->ps.per_target = true;
	cmdline_set_defaults(&b->ps, w);
	return b;
}

int cmdline_build_switch(struct cmdline_build *b, const char *arg, enum cmd_action *action)
{
	enum cmd_action ignored = CMD_RUN;
	char *copy = strdup(arg), *argv[2] = { copy, NULL };
	int i = 0, r;

	if (!copy)
		return fail(&b->ps, "out of memory");
	if (!action)
		action = &ignored;
	if (copy[0] == '-' && copy[1] == '-' && copy[2])
		r = cmdline_parse_long(&b->ps, b->w, 1, argv, &i, action);
	else if (copy[0] == '-' && copy[1])
		r = cmdline_parse_short(&b->ps, b->w, copy, action);
	else
		r = fail(&b->ps, "'%s' is not a switch", copy);
	free(copy);
	return r;
}

int cmdline_build_target(struct cmdline_build *b, const char *path)
{
	struct parse_state *ps = &b->ps;
	struct workload *w = b->w;
	char *p;

	if (!w->ntargets) {
		ps->first_ioprio = ps->t_ioprio;
		ps->first_large = ps->t_large;
	} else if (ps->t_ioprio != ps->first_ioprio || ps->t_large != ps->first_large) {
		return fail(ps, "target '%s': its <%s> differs from the first target's: iobench "
			    "sets it for all of a TimeSpan's threads", path,
			    ps->t_ioprio != ps->first_ioprio ? "IOPriority" : "UseLargePages");
	}
	if (cmdline_resolve_sizes(ps) || cmdline_check_combinations(ps, w) ||
	    cmdline_add_target(ps, w, path))
		return -EINVAL;
	p = w->targets[w->ntargets - 1].path;
	w->targets[w->ntargets - 1] = ps->t;
	w->targets[w->ntargets - 1].path = p;
	cmdline_target_defaults(ps);
	return 0;
}

int cmdline_build_finish(struct cmdline_build *b)
{
	struct workload *w = b->w;
	uint64_t end = 0;

	for (unsigned i = 0; i < w->ntargets; i++)	/* the null engine's range: the largest -f */
		if (w->targets[i].max_offset > end)
			end = w->targets[i].max_offset;
	if (cmdline_finish(&b->ps, w))
		return -EINVAL;
	if (end)
		w->null_size = end;
	return 0;
}

int cmdline_build_weight(struct cmdline_build *b, unsigned weight,
			 const struct thread_target *tt, unsigned ntt)
{
	struct target_spec *t = &b->ps.t;

	free(t->thread_targets);
	t->thread_targets = NULL;
	t->nthread_targets = 0;
	t->weight = weight;
	if (ntt && !(t->thread_targets = malloc(ntt * sizeof(*tt))))
		return fail(&b->ps, "out of memory");
	if (ntt)
		memcpy(t->thread_targets, tt, ntt * sizeof(*tt));
	t->nthread_targets = ntt;
	return 0;
}

void cmdline_build_free(struct cmdline_build *b)
{
	if (b) {	/* switches given after the last target */
		free(b->ps.t.buf_source_path);
		free(b->ps.t.dist);
		free(b->ps.t.thread_targets);
	}
	free(b);
}
