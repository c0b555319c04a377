/* SPDX-License-Identifier: MIT */
/*
 * merge.c: many ranks' results as one (merge.h). The ranks' results travel
 * as their model documents (result/model.h: every field type- and
 * range-checked as it is read back), so the merge works on plain results.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/clock.h"
#include "platform/ranks.h"
#include "result/merge.h"
#include "result/model.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* Every rank's rows' series lengthened to nint slots (the ranks' counts may differ by one). */
static int pad_series(struct result *r, unsigned nint)
{
	for (unsigned i = 0; i < r->nrows && r->nintervals < nint; i++) {
		struct interval *s = realloc(r->rows[i].series, nint * sizeof(*s));

		if (!s)
			return -ENOMEM;
		memset(s + r->nintervals, 0, (nint - r->nintervals) * sizeof(*s));
		r->rows[i].series = s;
	}
	r->nintervals = nint;
	return 0;
}

/* The interval histograms summed interval by interval; none when a rank has none. */
static int merge_ivl(struct result *out, const struct result *in, unsigned n)
{
	struct ivhist *sum, *one;
	int r = 0;

	for (unsigned i = 0; i < n; i++)
		if (in[i].ivl.nint < in[i].nintervals)
			return 0;
	sum = calloc(2, sizeof(*sum));
	one = calloc(1, sizeof(*one));
	if (!sum || !one) {
		free(sum);
		free(one);
		return -ENOMEM;
	}
	for (unsigned k = 0; !r && k < out->nintervals; k++) {
		memset(sum, 0, 2 * sizeof(*sum));
		for (unsigned i = 0; i < n; i++)
			for (int d = 0; d < 2 && k < in[i].ivl.nint; d++) {
				ivlat_get(&in[i].ivl, k, d, one);
				for (unsigned b = 0; b < IVH_NBUCKETS; b++)
					sum[d].n[b] += one->n[b];
			}
		r = ivlat_append(&out->ivl, sum);
	}
	free(sum);
	free(one);
	return r;
}

/*
 * The CPU series side by side: interval k holds every host's CPUs in host
 * order, where the hosts took as many edges; else none.
 */
static int merge_cpu_iv(struct result *out, const struct result *in, unsigned n)
{
	unsigned ne = in[0].ncpu_iv_ns, at = 0;

	for (unsigned i = 0; i < n; i++)
		if (in[i].ncpu_iv_ns != ne || !in[i].ncpu_ivs)
			return 0;
	out->cpu_iv = calloc((size_t)ne * out->ncpu, sizeof(*out->cpu_iv));
	out->cpu_iv_ns = calloc(ne, sizeof(*out->cpu_iv_ns));
	if (!out->cpu_iv || !out->cpu_iv_ns)
		return -ENOMEM;
	for (unsigned i = 0; i < n; at += in[i].ncpu, i++)
		for (unsigned k = 0; k < ne; k++)
			memcpy(&out->cpu_iv[(size_t)k * out->ncpu + at], &in[i].cpu_iv[(size_t)k * in[i].ncpu],
			       in[i].ncpu * sizeof(*out->cpu_iv));
	memcpy(out->cpu_iv_ns, in[0].cpu_iv_ns, ne * sizeof(*out->cpu_iv_ns));
	out->ncpu_iv_ns = ne;
	out->ncpu_ivs = ne * out->ncpu;
	return 0;
}

static int same_run(const struct result *in, unsigned n, char *err, size_t len)
{
	for (unsigned i = 0; i < n; i++) {
		if (in[i].nhosts != 1)
			return errmsg(err, len, -EINVAL, "rank %u's result is not one host's", i);
		if (in[i].ntargets != in[0].ntargets || in[i].nthreads != in[0].nthreads ||
		    in[i].interval_ns != in[0].interval_ns)
			return errmsg(err, len, -EINVAL, "host %s (rank %u) ran another workload than "
				      "rank 0 (%u targets, %u threads, against %u, %u): every rank "
				      "must run the same command", in[i].hosts[0].name, i,
				      in[i].ntargets, in[i].nthreads, in[0].ntargets, in[0].nthreads);
	}
	return 0;
}

/* The first failure (or mismatch) among the hosts, named by its host. */
static void first_words(char *dst, size_t len, const struct result *in, unsigned n, bool verify)
{
	/* a host that failed first, one stopped by another after */
	for (int pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < n; i++) {
			const char *what = verify ? in[i].verify.first : in[i].error;

			if (what[0] && (pass || in[i].failed)) {
				snprintf(dst, len, "host %s (rank %u): %s", in[i].hosts[0].name, i, what);
				return;
			}
		}
	dst[0] = 0;
}

static void add_counts(struct result *out, const struct result *in, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		const struct result *r = &in[i];

		out->test_ns = r->test_ns > out->test_ns ? r->test_ns : out->test_ns;
		out->end_ns_real = r->end_ns_real > out->end_ns_real ? r->end_ns_real : out->end_ns_real;
		out->series_truncated |= r->series_truncated;
		out->proc_user_s += r->proc_user_s;
		out->proc_sys_s += r->proc_sys_s;
		out->proc_ctx += r->proc_ctx;
		out->proc_majflt += r->proc_majflt;
		out->proc_minflt += r->proc_minflt;
		out->io_workers.threads += r->io_workers.threads;
		out->io_workers.cpu_s += r->io_workers.cpu_s;
		out->io_workers.confined += r->io_workers.confined;
		out->complete &= r->complete;
		out->measured |= r->measured;	/* a window opened somewhere */
		out->interrupted |= r->interrupted;
		out->failed |= r->failed;
		out->paused_ns = r->paused_ns > out->paused_ns ? r->paused_ns : out->paused_ns;
		out->pauses += r->pauses;
		out->nerrors += r->nerrors;
		out->model_late.ios += r->model_late.ios;
		out->model_late.sum_ns += r->model_late.sum_ns;
		if (r->model_late.p99_ns > out->model_late.p99_ns)
			out->model_late.p99_ns = r->model_late.p99_ns;
		if (r->model_late.max_ns > out->model_late.max_ns)
			out->model_late.max_ns = r->model_late.max_ns;
		out->verify.written += r->verify.written;
		out->verify.checked += r->verify.checked;
		out->verify.bad += r->verify.bad;
		out->verify.tables_partial |= r->verify.tables_partial;
		if (!out->error_code)
			out->error_code = r->error_code;
		if (!out->verify.first_kind[0] && r->verify.first[0]) {
			memcpy(out->verify.first_kind, r->verify.first_kind, sizeof(out->verify.first_kind));
			out->verify.first_offset = r->verify.first_offset;
		}
	}
	first_words(out->error, sizeof(out->error), in, n, false);
	first_words(out->verify.first, sizeof(out->verify.first), in, n, true);
}

/* Room for the concatenated arrays, all at once. */
static int make_room(struct result *out, const struct result *in, unsigned n)
{
	unsigned nplaces = 0;

	for (unsigned i = 0; i < n; i++) {
		out->nrows += in[i].nrows;
		out->ncpu += in[i].ncpu;
		out->ndevs += in[i].ndevs;
		nplaces += in[i].nplaces;
	}
	out->rows = calloc(out->nrows ? out->nrows : 1, sizeof(*out->rows));
	out->cpu = calloc(out->ncpu ? out->ncpu : 1, sizeof(*out->cpu));
	out->devs = calloc(out->ndevs ? out->ndevs : 1, sizeof(*out->devs));
	out->hosts = calloc(n, sizeof(*out->hosts));
	out->targets = calloc(in[0].ntargets ? in[0].ntargets : 1, sizeof(*out->targets));
	/* where every host knows where its CPUs sit */
	if (nplaces == out->ncpu && nplaces)
		out->places = calloc(nplaces, sizeof(*out->places));
	if (!out->rows || !out->cpu || !out->devs || !out->hosts || !out->targets ||
	    (nplaces == out->ncpu && nplaces && !out->places))
		return -ENOMEM;
	out->nplaces = out->places ? nplaces : 0;
	return 0;
}

int result_merge(struct result *out, struct result *in, unsigned n, char *err, size_t len)
{
	unsigned nint = 0, row = 0, cpu = 0, dev = 0;
	int r = same_run(in, n, err, len);

	memset(out, 0, sizeof(*out));
	if (r)
		return r;
	for (unsigned i = 0; i < n; i++)
		nint = in[i].nintervals > nint ? in[i].nintervals : nint;
	for (unsigned i = 0; i < n && !r; i++)
		r = pad_series(&in[i], nint);
	if (!r)
		r = make_room(out, in, n);
	if (r) {
		result_release(out);
		return errmsg(err, len, r, "out of memory");
	}
	memcpy(out->engine, in[0].engine, sizeof(out->engine));
	memcpy(out->engine_note, in[0].engine_note, sizeof(out->engine_note));
	out->ntargets = in[0].ntargets;
	memcpy(out->targets, in[0].targets, in[0].ntargets * sizeof(*out->targets));
	out->nthreads = in[0].nthreads * n;
	out->interval_ns = in[0].interval_ns;
	out->nintervals = nint;
	out->wall_t0 = in[0].wall_t0;
	out->pid = in[0].pid;
	out->warmup_ns_real = in[0].warmup_ns_real;
	out->host = in[0].host;
	out->cpus = in[0].cpus;		/* rank 0's pinning, as the workload shows it */
	out->ncpus_pinned = in[0].ncpus_pinned;
	in[0].cpus = NULL;
	in[0].ncpus_pinned = 0;
	memcpy(out->verify.journal, in[0].verify.journal, sizeof(out->verify.journal));
	out->complete = true;
	out->nhosts = n;
	add_counts(out, in, n);
	for (unsigned i = 0; i < n; i++) {
		struct result *s = &in[i];
		struct result_host *h = &out->hosts[i];

		ranks_beat();	/* under mpirun, thousands of ranks: they wait for this merge */

		*h = s->hosts[0];
		s->hosts[0].targets = NULL;
		h->row0 = row;
		h->nrows = s->nrows;
		h->cpu0 = cpu;
		h->ncpu = s->ncpu;
		h->dev0 = dev;
		h->ndevs = s->ndevs;
		for (unsigned k = 0; k < s->nrows; k++, row++) {
			out->rows[row] = s->rows[k];
			out->rows[row].thread += i * in[0].nthreads;
			out->rows[row].host = i;
		}
		if (s->ncpu)	/* a rank whose result did not come has none */
			memcpy(out->cpu + cpu, s->cpu, s->ncpu * sizeof(*out->cpu));
		if (out->places && s->ncpu)
			memcpy(out->places + cpu, s->places, s->ncpu * sizeof(*out->places));
		cpu += s->ncpu;
		for (unsigned k = 0; k < s->ndevs; k++, dev++) {
			out->devs[dev] = s->devs[k];
			out->devs[dev].host = i;
		}
		free(s->rows);	/* their contents moved */
		s->rows = NULL;
		s->nrows = 0;
		free(s->devs);
		s->devs = NULL;
		s->ndevs = 0;
	}
	r = merge_ivl(out, in, n);
	if (!r)
		r = merge_cpu_iv(out, in, n);
	for (unsigned i = 0; i < n; i++)
		result_release(&in[i]);
	if (r) {
		result_release(out);
		return errmsg(err, len, r, "out of memory");
	}
	return 0;
}

/* The document of w and res that model_read takes back, compact; NULL when out of memory. */
static char *dump(const struct workload *w, const struct result *res, size_t *n)
{
	json_t *doc = json_object(), *m = model_json(w, res);
	char *s = NULL;

	if (doc && m && !json_object_set_new(doc, "schema", json_string("iobench/result")) &&
	    !json_object_set_new(doc, "schema_version", json_integer(1)) &&
	    !json_object_set_new(doc, "model", m)) {
		m = NULL;
		s = json_dumps(doc, JSON_COMPACT);
	}
	json_decref(m);
	json_decref(doc);
	*n = s ? strlen(s) : 0;
	return s;
}

/* A document back into a result (its workload, the same as ours, is dropped). */
static int undump(const char *buf, size_t n, struct result *res, char *err, size_t len)
{
	json_error_t je;
	json_t *doc = json_loadb(buf, n, 0, &je);
	struct workload w;
	int r;

	if (!doc) {
		memset(res, 0, sizeof(*res));
		return errmsg(err, len, -ENOMEM, "a rank's result could not be read back: %s",
			      je.text);
	}
	r = model_read(doc, &w, res, err, len);
	json_decref(doc);
	workload_release(&w);
	return r;
}

/*
 * A rank whose result did not come (lost, or failed alone after the run): a
 * host of the merged result without rows, failed, saying why; t is one that came.
 */
static int absent(struct result *f, const struct result *t, unsigned i, const char *why)
{
	memset(f, 0, sizeof(*f));
	f->ntargets = t->ntargets;
	f->nthreads = t->nthreads;
	f->interval_ns = t->interval_ns;
	f->failed = true;
	snprintf(f->error, sizeof(f->error), "%s", why);
	f->targets = calloc(t->ntargets ? t->ntargets : 1, sizeof(*f->targets));
	f->hosts = calloc(1, sizeof(*f->hosts));
	if (!f->targets || !f->hosts)
		return -ENOMEM;
	f->nhosts = 1;
	snprintf(f->hosts[0].name, sizeof(f->hosts[0].name), "%s", ranks_host(i));
	f->hosts[0].rank = i;
	f->hosts[0].local_rank = ranks_local_of(i);
	f->hosts[0].failed = true;
	snprintf(f->hosts[0].error, sizeof(f->hosts[0].error), "%s", why);
	f->hosts[0].ntargets = t->ntargets;
	f->hosts[0].targets = calloc(t->ntargets ? t->ntargets : 1, sizeof(*f->hosts[0].targets));
	return f->hosts[0].targets ? 0 : -ENOMEM;
}

/*
 * On rank 0: every rank's document read back and merged (a rank lost, or
 * whose document is "!" and its failure, kept as a failed host without rows);
 * the merged one's document, or NULL with err.
 */
static char *merge_docs(const struct workload *w, char **docs, const size_t *lens, size_t *n,
			uint64_t t0, bool hurry, char *err, size_t len)
{
	unsigned nr = ranks_size(), have = nr;
	struct result *in = calloc(nr, sizeof(*in)), out;
	char *s = NULL, why[500];
	int r = in ? 0 : -ENOMEM;

	for (unsigned i = 0; !r && i < nr; i++) {
		ranks_beat();	/* the others, waiting for the merge, hear rank 0 all along */
		if (!docs[i] || docs[i][0] == '!')
			continue;
		if ((r = undump(docs[i], lens[i], &in[i], why, sizeof(why))))
			errmsg(err, len, r, "host %s (rank %u): its result: %s", ranks_host(i), i, why);
		have = have < nr ? have : i;
	}
	if (!r && have == nr)
		r = errmsg(err, len, -EIO, "no rank's result came to rank 0");
	for (unsigned i = 0; !r && i < nr; i++) {
		if (docs[i] && docs[i][0] != '!')
			continue;
		if (docs[i])
			snprintf(why, sizeof(why), "%.*s", (int)(lens[i] - 1), docs[i] + 1);
		else
			snprintf(why, sizeof(why), hurry ? "no result from it within 0.5 s of the stop "
				 "(mpirun ends every rank a second after its SIGTERM)" :
				 "lost: no word from it for %.0f s (it died, or its host did); its I/O is "
				 "not in these figures", (double)RANK_LOST_NS / 1e9);
		r = absent(&in[i], &in[have], i, why);
	}
	if (!r && (r = result_merge(&out, in, nr, err, len)) == 0) {
		for (unsigned i = 0; i < nr; i++)
			out.merge_bytes += lens[i];
		out.merge_ns = clock_ns() - t0;
		ranks_beat();
		s = dump(w, &out, n);
		result_release(&out);
		if (!s)
			errmsg(err, len, -ENOMEM, "out of memory");
	} else if (r == -ENOMEM && !in) {
		errmsg(err, len, r, "out of memory");
	}
	for (unsigned i = 0; in && i < nr; i++)
		result_release(&in[i]);
	free(in);
	return s;
}

/* "!" and a message: what a rank sends in place of a result it has not got. */
static char *failure(const char *msg, size_t *n)
{
	char *s = malloc(strlen(msg) + 2);

	if (s)
		snprintf(s, strlen(msg) + 2, "!%s", msg);
	*n = s ? strlen(s) : 0;
	return s;
}

int result_merge_ranks(const struct workload *w, struct result *res, int failed, bool hurry,
		       char *err, size_t len)
{
	char **docs = NULL, *merged = NULL, *mine;
	size_t n = 0, *lens = NULL, mn = 0;
	uint64_t t0 = clock_ns();
	bool *to = NULL;
	struct result back;
	int r;

	if (ranks_size() == 1)
		return failed;
	mine = failed ? failure(err, &n) : dump(w, res, &n);
	if (!mine)	/* a failure of its own, said in two bytes */
		mine = failure("out of memory", &n);
	r = ranks_gather(mine ? mine : "!", mine ? n : 1, hurry, &docs, &lens);
	free(mine);
	if (ranks_lead()) {
		to = calloc(ranks_size(), sizeof(*to));
		if (!r && to)
			merged = merge_docs(w, docs, lens, &mn, t0, hurry, err, len);
		if (!merged)	/* the others get the failure, and end with it */
			merged = failure(r == -ENOMEM || !to ? "out of memory" : err, &mn);
		for (unsigned i = 1; to && i < ranks_size(); i++)
			to[i] = docs && docs[i];
	}
	for (unsigned i = 0; docs && i < ranks_size(); i++)
		free(docs[i]);
	free(docs);
	free(lens);
	if (ranks_lead() && !to) {
		free(merged);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	r = ranks_bcast(&merged, &mn, to);
	free(to);
	memset(&back, 0, sizeof(back));
	if (r == -EPIPE)
		r = errmsg(err, len, r, "rank 0 (host %s) was lost before it sent the merged result",
			   ranks_host(0));
	else if (r)
		r = errmsg(err, len, r, "out of memory");
	else if (!merged || merged[0] == '!')
		r = errmsg(err, len, -EIO, "%.*s", merged ? (int)mn - 1 : 13,
			   merged ? merged + 1 : "out of memory");
	else
		r = undump(merged, mn, &back, err, len);
	free(merged);
	if (r) {
		result_release(&back);
		return failed ? failed : r;
	}
	for (unsigned i = 0; i < back.nhosts; i++)
		if (back.hosts[i].failed && !back.hosts[i].nrows)
			ranks_lost_seen();	/* a rank's result never came */
	result_release(res);
	*res = back;
	return failed;
}
