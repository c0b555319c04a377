/* SPDX-License-Identifier: MIT */
/*
 * model.c: the workload and the result read back from JSON, and the files
 * that hold them. Each struct is described once, as a table of its fields
 * (model_schema.c: name, type, place, and for integers the largest value
 * allowed); one writer (model_write.c) and this reader walk the tables, so a
 * field written is a field read, and a value out of its type's range, or of
 * its own, is an error naming its path (model.result.rows[2].c[0].ios).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "result/model.h"
#include "result/model_schema.h"
#include "util/jtext.h"
#include "util/errmsg.h"
#include "util/banned.h"

struct rctx {
	const struct result *res;
	char path[256];
	char *err;
	size_t len;
};

__attribute__((format(printf, 2, 3)))
static int bad(struct rctx *c, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return errmsg(c->err, c->len, -EINVAL, "%s: %s", c->path, what);
}

static size_t enter(struct rctx *c, const char *name, long index)
{
	size_t at = strlen(c->path);

	if (name)
		snprintf(c->path + at, sizeof(c->path) - at, ".%s", name);
	else
		snprintf(c->path + at, sizeof(c->path) - at, "[%ld]", index);
	return at;
}

static void leave(struct rctx *c, size_t at)
{
	c->path[at] = 0;
}

/* An unsigned integer of at most max: a number, or decimal text. */
static int read_uns(struct rctx *c, const json_t *v, uint64_t max, uint64_t *out)
{
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return bad(c, "%lld is negative", (long long)json_integer_value(v));
		*out = (uint64_t)json_integer_value(v);
	} else if (json_is_string(v)) {
		const char *s = json_string_value(v);
		char *end;

		errno = 0;
		*out = strtoull(s, &end, 10);
		if (!*s || *end || *s == '-' || *s == ' ' || errno)
			return bad(c, "'%.40s' is not an unsigned integer", s);
	} else {
		return bad(c, "expected an unsigned integer");
	}
	if (*out > max)
		return bad(c, "%" PRIu64 " is above %" PRIu64, *out, max);
	return 0;
}

static uint64_t uns_max(size_t size)
{
	return size >= 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
}

static int read_scalar(struct rctx *c, const struct field *f, enum ftype t, const json_t *v,
		       void *p)
{
	uint64_t u;
	int r;

	switch (t) {
	case T_UNS:
		r = read_uns(c, v, f->max ? f->max : uns_max(f->size), &u);
		if (r)
			return r;
		switch (f->size) {
		case 1: *(uint8_t *)p = (uint8_t)u; break;
		case 2: *(uint16_t *)p = (uint16_t)u; break;
		case 4: *(uint32_t *)p = (uint32_t)u; break;
		default: *(uint64_t *)p = u; break;
		}
		return 0;
	case T_SGN: {
		long long x, lo = f->size == 4 ? INT32_MIN : INT64_MIN;
		long long hi = f->max ? (long long)f->max : f->size == 4 ? INT32_MAX : INT64_MAX;

		if (!json_is_integer(v))
			return bad(c, "expected an integer");
		x = json_integer_value(v);
		if (x < lo || x > hi || (f->max && x < 0))
			return bad(c, "%lld is out of range", x);
		if (f->size == 4)
			*(int32_t *)p = (int32_t)x;
		else
			*(int64_t *)p = x;
		return 0;
	}
	case T_BOOL:
		if (!json_is_boolean(v))
			return bad(c, "expected true or false");
		*(bool *)p = json_is_true(v);
		return 0;
	default: {
		const char *s = json_is_string(v) ? json_string_value(v) : NULL;
		char *end;

		if (json_is_number(v)) {
			*(double *)p = json_number_value(v);
			return 0;
		}
		if (!s || !*s || (*(double *)p = strtod(s, &end), *end))
			return bad(c, "expected a number");
		return 0;
	}
	}
}

static int read_struct(struct rctx *c, const struct schema *s, const json_t *o, void *base);

/* [bucket low ns, count] pairs (pairs_json()) added into n, of buckets index() and low(). */
static int read_pairs(struct rctx *c, const json_t *d, uint64_t *n, unsigned (*index)(uint64_t),
		      uint64_t (*low_of)(unsigned))
{
	const json_t *pair;
	size_t i;

	if (!json_is_array(d))
		return bad(c, "expected an array of [bucket low ns, count]");
	json_array_foreach(d, i, pair) {
		uint64_t low, k;
		unsigned b;
		size_t at = enter(c, NULL, (long)i);
		int r;

		if (!json_is_array(pair) || json_array_size(pair) != 2)
			return bad(c, "expected [bucket low ns, count]");
		r = read_uns(c, json_array_get(pair, 0), UINT64_MAX, &low);
		if (!r)
			r = read_uns(c, json_array_get(pair, 1), UINT64_MAX, &k);
		if (r)
			return r;
		b = index(low);
		if (low_of(b) != low)
			return bad(c, "%" PRIu64 " ns is not the low end of a bucket", low);
		n[b] += k;
		leave(c, at);
	}
	return 0;
}

static unsigned hist_index_of(uint64_t v)
{
	return hist_index(v);
}

static int read_hist(struct rctx *c, const json_t *v, struct hist **out)
{
	struct hist *h;

	if (json_is_null(v))
		return 0;
	if (!json_is_array(v) || json_array_size(v) != 2)
		return bad(c, "expected [reads, writes] or null");
	h = *out = calloc(2, sizeof(*h));
	if (!h)
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	for (size_t k = 0; k < 2; k++) {
		size_t at = enter(c, NULL, (long)k);
		int r = read_pairs(c, json_array_get(v, k), h[k].n, hist_index_of, hist_bucket_low);

		if (r)
			return r;
		leave(c, at);
	}
	return 0;
}

/* The interval histograms (ivlat_json()): null, or result.nintervals [reads, writes]. */
static int read_ivlat(struct rctx *c, const json_t *v, struct ivlat *l)
{
	unsigned n = c->res->nintervals;
	struct ivhist *h;
	const json_t *e;
	size_t i;
	int r = 0;

	memset(l, 0, sizeof(*l));
	if (json_is_null(v))
		return 0;
	if (!json_is_array(v) || json_array_size(v) != n)
		return bad(c, "expected null or an array of result.nintervals (%u) intervals", n);
	h = malloc(2 * sizeof(*h));
	if (!h)
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	json_array_foreach(v, i, e) {
		size_t at = enter(c, NULL, (long)i);

		if (!json_is_array(e) || json_array_size(e) != 2) {
			r = bad(c, "expected [reads, writes]");
			break;
		}
		memset(h, 0, 2 * sizeof(*h));
		for (size_t k = 0; !r && k < 2; k++) {
			size_t at2 = enter(c, NULL, (long)k);

			r = read_pairs(c, json_array_get(e, k), h[k].n, ivhist_index, ivhist_bucket_low);
			if (!r)
				leave(c, at2);
		}
		if (!r && ivlat_append(l, h))
			r = errmsg(c->err, c->len, -ENOMEM, "out of memory");
		if (r)
			break;
		leave(c, at);
	}
	free(h);
	return r;
}

static int read_series(struct rctx *c, const json_t *v, struct interval **out)
{
	unsigned n = c->res->nintervals;
	const json_t *e;
	size_t i;

	if (json_is_null(v) && !n)
		return 0;
	if (!json_is_array(v) || json_array_size(v) != n)
		return bad(c, "expected an array of result.nintervals (%u) intervals", n);
	*out = calloc(n ? n : 1, sizeof(**out));
	if (!*out)
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	json_array_foreach(v, i, e) {
		uint64_t x[10] = { 0 };
		double sq[2] = { 0, 0 };
		size_t at = enter(c, NULL, (long)i), m = json_array_size(e);

		/* 8 in the documents before the latency minimum and squares */
		if (!json_is_array(e) || (m != 8 && m != 12))
			return bad(c, "expected 12 numbers: read and write I/Os, bytes, latency sum, "
				   "maximum, minimum and sum of squares");
		for (size_t k = 0; k < (m == 12 ? 10 : 8); k++)
			if (read_uns(c, json_array_get(e, k), UINT64_MAX, &x[k]))
				return -EINVAL;
		for (size_t k = 0; m == 12 && k < 2; k++)
			if (read_scalar(c, NULL, T_DBL, json_array_get(e, 10 + k), &sq[k]))
				return -EINVAL;
		(*out)[i] = (struct interval){ { x[0], x[1] }, { x[2], x[3] }, { x[4], x[5] },
					       { x[6], x[7] }, { x[8], x[9] }, { sq[0], sq[1] } };
		leave(c, at);
	}
	return 0;
}

static int read_elem(struct rctx *c, const struct field *f, const json_t *v, char *p)
{
	if (f->type == T_OBJ)
		return read_struct(c, f->sub, v, p);
	if (f->type == T_PTR) {
		void **q = (void **)p;

		if (json_is_null(v))
			return 0;
		*q = calloc(1, f->size);
		if (!*q)
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		return read_struct(c, f->sub, v, *q);
	}
	return read_scalar(c, f, f->type, v, p);
}

static int read_hex(struct rctx *c, const struct field *f, const json_t *v, char *base)
{
	const char *s = json_string_value(v);
	unsigned n = (unsigned)model_uns_at(base + f->count_off, sizeof(unsigned));

	if (!s)
		return bad(c, "expected a hex string");
	if (strlen(s) != 2 * (size_t)n)
		return bad(c, "expected %u hex digits (2 x the length before it)", 2 * n);
	for (unsigned i = 0; i < n; i++) {
		unsigned b;

		if (sscanf(s + 2 * i, "%2x", &b) != 1 || !strchr("0123456789abcdefABCDEF", s[2 * i]) ||
		    !strchr("0123456789abcdefABCDEF", s[2 * i + 1]))
			return bad(c, "'%.40s' is not hex", s);
		((unsigned char *)base + f->off)[i] = (unsigned char)b;
	}
	return 0;
}

static int read_array(struct rctx *c, const struct field *f, const json_t *v, char *base)
{
	unsigned n = f->has_count ? (unsigned)model_uns_at(base + f->count_off, sizeof(unsigned))
				  : f->n;
	size_t step = f->type == T_PTR ? sizeof(void *) : f->size;
	char *p = base + f->off;
	const json_t *e;
	size_t i;

	if (f->type == T_ARR) {
		/* until the array is there, its count is 0: what frees it walks no further */
		*(unsigned *)(base + f->count_off) = 0;
		if (!json_is_array(v))
			return bad(c, "expected an array");
		if (json_array_size(v) != n)
			return bad(c, "%zu elements, but its count says %u", json_array_size(v), n);
		*(void **)p = calloc(n ? n : 1, f->size);
		if (!*(void **)p)
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		*(unsigned *)(base + f->count_off) = n;
		p = *(char **)p;
	} else if (!json_is_array(v)) {
		return bad(c, "expected an array");
	} else if (json_array_size(v) != n) {
		return bad(c, "%zu elements, expected %u", json_array_size(v), n);
	}
	json_array_foreach(v, i, e) {
		size_t at = enter(c, NULL, (long)i);
		int r;

		if (f->type == T_ARR && f->sub)
			r = read_struct(c, f->sub, e, p + i * f->size);
		else if (f->type == T_ARR)
			r = read_scalar(c, f, f->elem, e, p + i * f->size);
		else
			r = read_elem(c, f, e, p + i * step);
		if (r)
			return r;
		leave(c, at);
	}
	return 0;
}

static int read_field(struct rctx *c, const struct field *f, const json_t *v, char *base)
{
	char *p = base + f->off;

	switch (f->type) {
	case T_CHARS:
	case T_STR: {
		char *s;
		bool wrong;

		if (f->type == T_STR && json_is_null(v))
			return 0;
		if (!json_is_string(v))
			return bad(c, f->type == T_STR ? "expected a string or null" : "expected a string");
		s = jtext_decode(json_string_value(v), &wrong);
		if (!s)
			return wrong ? bad(c, "a backslash not followed by xHH (a byte), or \\x00")
				     : errmsg(c->err, c->len, -ENOMEM, "out of memory");
		if (f->type == T_STR) {
			*(char **)p = s;
			return 0;
		}
		if (strlen(s) >= f->size) {
			free(s);
			return bad(c, "longer than %zu bytes", f->size - 1);
		}
		memcpy(p, s, strlen(s) + 1);
		free(s);
		return 0;
	}
	case T_HEX:
		return read_hex(c, f, v, base);
	case T_HIST:
		return read_hist(c, v, (struct hist **)p);
	case T_SERIES:
		return read_series(c, v, (struct interval **)p);
	case T_IVLAT:
		return read_ivlat(c, v, (struct ivlat *)p);
	case T_ARR:
		return read_array(c, f, v, base);
	default:
		return f->n ? read_array(c, f, v, base) : read_elem(c, f, v, p);
	}
}

static int read_struct(struct rctx *c, const struct schema *s, const json_t *o, void *base)
{
	if (!json_is_object(o))
		return bad(c, "expected an object");
	for (unsigned i = 0; i < s->n; i++) {
		const json_t *v = json_object_get(o, s->f[i].name);
		size_t at = enter(c, s->f[i].name, 0);
		int r;

		if (!v && s->f[i].type == T_ARR)	/* what frees it (and reads it) walks no array,
							   whatever count the document gave */
			*(unsigned *)((char *)base + s->f[i].count_off) = 0;
		if (!v && s->f[i].later) {
			leave(c, at);
			continue;
		}
		if (!v)
			return bad(c, "missing");
		r = read_field(c, &s->f[i], v, base);
		if (r)
			return r;
		leave(c, at);
	}
	return 0;
}

/* What the reports rely on beyond each field's own range: the indexes between the parts. */
static int check_links(struct rctx *c, const struct workload *w, const struct result *res)
{
	if (!w->ntargets || !w->njobs)
		return bad(c, "a workload has at least one target and one job");
	if (res->ntargets != w->ntargets)
		return bad(c, "result.ntargets (%u) is not workload.ntargets (%u)", res->ntargets,
			   w->ntargets);
	for (unsigned i = 0; i < w->ntargets; i++)
		if (!w->targets[i].path || !w->targets[i].block_size || !w->targets[i].outstanding)
			return bad(c, "workload.targets[%u]: a path, a block size and a queue depth "
				   "are required", i);
	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *js = &w->jobs[j];
		uint64_t span = (uint64_t)js->ntargets * (js->per_clone ? js->threads : 1);

		if (!js->threads || !js->ntargets || js->first_target + span > w->ntargets)
			return bad(c, "workload.jobs[%u]: its threads and targets are not the "
				   "workload's", j);
	}
	if (res->nrows && res->nthreads != workload_threads(w) * (res->nhosts ? res->nhosts : 1))
		return bad(c, "result.nthreads (%u) is not the workload's threads (%u) x its hosts (%u)",
			   res->nthreads, workload_threads(w), res->nhosts ? res->nhosts : 1);
	for (unsigned i = 0; i < res->nrows; i++)
		if (res->rows[i].target >= w->ntargets || res->rows[i].job >= w->njobs ||
		    res->rows[i].thread >= res->nthreads ||
		    res->rows[i].host >= (res->nhosts ? res->nhosts : 1))
			return bad(c, "result.rows[%u]: target %u, job %u, thread %u or host %u is not "
				   "in the workload", i, res->rows[i].target, res->rows[i].job,
				   res->rows[i].thread, res->rows[i].host);
	for (unsigned i = 0; i < res->ndevs; i++)
		if (res->devs[i].host >= (res->nhosts ? res->nhosts : 1))
			return bad(c, "result.devs[%u]: host %u is not one of the result's", i,
				   res->devs[i].host);
	for (unsigned i = 0; i < res->nhosts; i++) {
		const struct result_host *h = &res->hosts[i];

		if ((uint64_t)h->row0 + h->nrows > res->nrows || (uint64_t)h->cpu0 + h->ncpu > res->ncpu ||
		    (uint64_t)h->dev0 + h->ndevs > res->ndevs || h->ntargets != w->ntargets)
			return bad(c, "result.hosts[%u]: its rows, CPUs, devices or targets are not the "
				   "result's", i);
		for (unsigned k = h->row0; k < h->row0 + h->nrows; k++)
			if (res->rows[k].host != i)
				return bad(c, "result.hosts[%u]: row %u is not its own", i, k);
	}
	if (res->ncpu_ivs != (uint64_t)res->ncpu_iv_ns * res->ncpu)
		return bad(c, "result.ncpu_ivs (%u) is not ncpu_iv_ns (%u) x ncpu (%u)", res->ncpu_ivs,
			   res->ncpu_iv_ns, res->ncpu);
	return 0;
}

int model_read(const json_t *doc, struct workload *w, struct result *res, char *err, size_t len)
{
	struct rctx c = { .res = res, .path = "model.workload", .err = err, .len = len };
	const json_t *schema = json_object_get(doc, "schema");
	const json_t *model = json_object_get(doc, "model");
	json_int_t version = json_integer_value(json_object_get(doc, "schema_version"));
	int r;

	memset(w, 0, sizeof(*w));
	memset(res, 0, sizeof(*res));
	if (!json_is_object(doc) || !json_is_string(schema) ||
	    strcmp(json_string_value(schema), "iobench/result"))
		return errmsg(err, len, -EINVAL, "not an iobench result (its \"schema\" is not "
			      "\"iobench/result\")");
	if (version != 1)
		return errmsg(err, len, -EINVAL, "schema_version %lld: this iobench reads version 1",
			      (long long)version);
	if (!json_is_object(model))
		return errmsg(err, len, -EINVAL, "the document has no \"model\": it was written by "
			      "an iobench that did not record one, and cannot be read back");
	r = read_struct(&c, model_workload_schema, json_object_get(model, "workload"), w);
	if (r)
		return r;
	snprintf(c.path, sizeof(c.path), "model.result");
	r = read_struct(&c, model_result_schema, json_object_get(model, "result"), res);
	if (r)
		return r;
	snprintf(c.path, sizeof(c.path), "model");
	return check_links(&c, w, res);
}

void model_set_free(struct model_set *set)
{
	for (unsigned i = 0; i < set->n; i++) {
		workload_release(&set->w[i]);
		result_release(&set->res[i]);
	}
	free(set->w);
	free(set->res);
	memset(set, 0, sizeof(*set));
}

int model_load(const char *path, struct model_set *set, char *err, size_t len)
{
	json_error_t je;
	json_t *doc = !strcmp(path, "-") ? json_loadf(stdin, 0, &je) : json_load_file(path, 0, &je);
	bool series;
	size_t n;
	int r = 0;

	memset(set, 0, sizeof(*set));
	if (!doc)
		return errmsg(err, len, -EINVAL, "%s: line %d, column %d: %s", path, je.line,
			      je.column, je.text);
	series = json_is_object(doc) && json_is_string(json_object_get(doc, "schema")) &&
		 !strcmp(json_string_value(json_object_get(doc, "schema")), "iobench/series");
	if (series) {	/* a preset's or a sweep's runs: each point's result */
		json_t *pts = json_object_get(doc, "points"), *runs = json_array(), *p;
		size_t i;

		json_array_foreach(pts, i, p)
			json_array_append(runs, json_object_get(p, "result"));
		json_decref(doc);
		doc = runs;
	}
	set->array = json_is_array(doc);
	n = set->array ? json_array_size(doc) : 1;
	if (!n)
		r = errmsg(err, len, -EINVAL, "%s: %s: no result in it", path,
			   series ? "a series without a point" : "an empty array");
	set->w = calloc(n, sizeof(*set->w));
	set->res = calloc(n, sizeof(*set->res));
	if (!r && (!set->w || !set->res))
		r = errmsg(err, len, -ENOMEM, "out of memory");
	for (size_t i = 0; !r && i < n; i++) {
		char why[768];

		set->n = (unsigned)i + 1;
		r = model_read(json_is_array(doc) ? json_array_get(doc, i) : doc, &set->w[i],
			       &set->res[i], why, sizeof(why));
		if (r && json_is_array(doc))
			errmsg(err, len, r, "%s: document %zu: %s", path, i + 1, why);
		else if (r)
			errmsg(err, len, r, "%s: %s", path, why);
	}
	json_decref(doc);
	if (r)
		model_set_free(set);
	return r;
}
