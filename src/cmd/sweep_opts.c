/* SPDX-License-Identifier: MIT */
/*
 * sweep_opts.c: `iobench sweep`'s own options and axes, read apart from the
 * base workload's words and checked together, and the combinations of the
 * axes they make.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/sweep_opts.h"
#include "cmd/cmd.h"
#include "job/options.h"
#include "job/units.h"
#include "report/report.h"
#include "util/errmsg.h"
#include "platform/outfile.h"
#include "util/banned.h"

void sweep_usage(FILE *f)
{
	fprintf(f, "usage: iobench sweep [--bs=LIST] [--qd=LIST] [--threads=LIST] [--write=LIST]\n"
		"                     [--slo=PCT:TIME [--search[=MAX]] [--curve[=PCTS]]]\n"
		"                     [--csv=FILE] [--json=FILE] [-Rjson] BASE...\n"
		"  Runs BASE (DiskSpd switches and targets, or fio job files or fio's options)\n"
		"  at every point of the lists, on the same file, and prints a table of them.\n"
		"  A LIST is values and ranges: 4K,64K,1M; 1,2,4..256 (a range doubles);\n"
		"  --write=0..100:25 (a range of percentages steps by :STEP, default 10).\n"
		"  --slo finds the knee: the most IOPS whose latency meets it, by a search\n"
		"  of the queue depth (without --qd), among the points, or on VDBench's\n"
		"  curve (--curve). Details: docs/presets.md.\n");
	option_usage(f, FRONT_SWEEP);
}

/* One of the sweep's own options (flag, its value v): 1 for --help, else 0 or -EINVAL. */
static int sweep_opt(struct sweep_opts *o, const struct option_def *opt, const char *flag,
		     const char *v, char *err, size_t len)
{
	int r = 0;

	switch (opt->id) {
	case O_HELP:
		return 1;
	case O_BLOCK:
	case O_SWEEP_BS:
		r = sweep_parse_list(flag, v, &o->bs, AXIS_SIZE, err, len);
		break;
	case O_OUTSTANDING:
	case O_SWEEP_QD:
		r = sweep_parse_list(flag, v, &o->qd, AXIS_DEPTH, err, len);
		break;
	case O_THREADS:
		r = sweep_parse_list(flag, v, &o->thr, AXIS_THREADS, err, len);
		break;
	case O_WRITE:
		r = sweep_parse_list(flag, v, &o->wr, AXIS_PERCENT, err, len);
		break;
	case O_SLO:
		r = sweep_parse_slo(flag, v, &o->slo, err, len);
		break;
	case O_CURVE:
		o->curve = true;
		r = sweep_parse_curve(flag, v, &o->cv, err, len);
		break;
	case O_SEARCH: {
		uint64_t m = SEARCH_DEFAULT;

		if (v && *v && (parse_uint(v, 4096, &m) || m < 2))
			r = errmsg(err, len, -EINVAL, "%s=%s: the largest queue depth to try, "
				   "2 to 4096", flag, v);
		o->search = true;
		o->search_max = (unsigned)m;
		break;
	}
	case O_CSV:
	case O_JSON:
	case O_HTML:
		if (opt->id == O_HTML ? report_html_check(v, err, len) :
					outfile_check(v, err, len))
			return -EINVAL;
		*(opt->id == O_CSV ? &o->csv : opt->id == O_JSON ? &o->json : &o->html) = v;
		break;
	case O_FORMAT:
		if (!strcmp(v, "p"))
			o->print = true;
		else if (!strcmp(v, "json") || !strcmp(v, "text"))
			o->json_stdout = !strcmp(v, "json");
		else
			r = errmsg(err, len, -EINVAL, "%s%s%s: a sweep's formats are text and "
				   "json (-Rp prints its points)", flag, flag[1] == '-' ? "=" : "",
				   v);
		break;
	case O_PRINT:
		o->print = true;
		break;
	default:
		r = errmsg(err, len, -EINVAL, "%s: not an option of iobench sweep", flag);
	}
	return r;
}

/* The options checked together once all are read. */
static int check_opts(struct sweep_opts *o, char *err, size_t len)
{
	if (o->nbase == 1)
		return errmsg(err, len, -EINVAL, "sweep: give the base workload: DiskSpd's switches "
			      "and a target, or a fio job file");
	o->fio = job_cmd_wanted(o->nbase, o->base);
	if (o->search && !o->slo.set)
		return errmsg(err, len, -EINVAL, "--search: give the objective with --slo");
	if (o->search && o->qd.n)
		return errmsg(err, len, -EINVAL, "--search moves the queue depth: give no --qd "
			      "beside it");
	if (o->slo.set && !o->curve && !o->qd.n)
		o->search = true;	/* the knee by queue depth, closed loop */
	if (o->search && !o->search_max)
		o->search_max = SEARCH_DEFAULT;
	if (o->curve && o->qd.n > 1)
		return errmsg(err, len, -EINVAL, "--curve: one queue depth (the maximum's and each "
			      "rate's cap), not %u", o->qd.n);
	if (o->curve && o->search)
		return errmsg(err, len, -EINVAL, "--curve and --search: one way to the knee");
	if (!o->fio && o->first_target < 0)
		return errmsg(err, len, -EINVAL, "sweep: the base workload names no target");
	return 0;
}

/* The sweep's own options and axes, apart from the base workload's words. */
int sweep_parse_opts(int argc, char **argv, struct sweep_opts *o, char *err, size_t len)
{
	bool value_next = false;	/* the word is the value of a long option before it */

	o->base = calloc((size_t)argc + 1, sizeof(*o->base));
	if (!o->base)
		return errmsg(err, len, -ENOMEM, "out of memory");
	o->base[o->nbase++] = "iobench";
	o->first_target = -1;
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i], *v = NULL;
		const struct option_def *opt = NULL;
		char flag[64];
		int r = 0;

		if (s[0] == '-' && s[1] == '-' && s[2]) {
			size_t n = strcspn(s + 2, "=");

			opt = option_long(s + 2, n);
			snprintf(flag, sizeof(flag), "--%.*s", (int)n, s + 2);
			v = s[2 + n] == '=' ? s + 3 + n : NULL;
			if (opt && (opt->fronts & FRONT_SWEEP) && opt->arg == ARG_REQ && !v) {
				if (i + 1 == argc)
					return errmsg(err, len, -EINVAL, "'%s' needs a value", flag);
				v = argv[++i];
			}
		} else if (s[0] == '-' && s[1] && s[1] != '-') {
			opt = option_short(s[1]);
			snprintf(flag, sizeof(flag), "-%c", s[1]);
			v = s + 2;
		}
		if (!opt || !(opt->fronts & FRONT_SWEEP)) {	/* the base's */
			if (s[0] != '-' && !value_next && o->first_target < 0)
				o->first_target = o->nbase;
			value_next = s[0] == '-' && s[1] == '-' && !strchr(s, '=') && opt &&
				     opt->arg == ARG_REQ;
			o->pool |= s[0] == '-' && s[1] == 'F';
			o->keep |= !strcmp(s, "--keep");	/* the files stay (either front) */
			o->base[o->nbase++] = argv[i];
			continue;
		}
		value_next = false;
		r = sweep_opt(o, opt, flag, v, err, len);
		if (r)
			return r;
	}
	return check_opts(o, err, len);
}

/* The combinations of the axes that are not searched: every point's, or each knee's. */
unsigned sweep_combos(const struct sweep_opts *o, struct combo *c, unsigned max)
{
	unsigned n = 0;
	unsigned nb = o->bs.n ? o->bs.n : 1, nt = o->thr.n ? o->thr.n : 1, nw = o->wr.n ? o->wr.n : 1;
	unsigned nq = !o->search && !o->curve && o->qd.n ? o->qd.n : 1;

	for (unsigned b = 0; b < nb; b++)
		for (unsigned w = 0; w < nw; w++)
			for (unsigned t = 0; t < nt; t++)
				for (unsigned q = 0; q < nq && n < max; q++) {
					c[n].bs = o->bs.n ? o->bs.v[b] : 0;
					c[n].wr = o->wr.n ? (int)o->wr.v[w] : -1;
					c[n].thr = o->thr.n ? o->thr.v[t] : 0;
					c[n].qd = o->qd.n ? o->qd.v[q] : 0;
					n++;
				}
	return n;
}
