/* SPDX-License-Identifier: MIT */
/*
 * model_write.c: the workload and the result as the "model" object
 * (model_json()): one walk of the tables of model_schema.c. Unsigned integers
 * from 2^53 up and doubles (17 significant digits) are written as strings, so
 * that the reader (model.c) gets the same values back, bit for bit.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <jansson.h>

#include "result/model.h"
#include "result/model_schema.h"
#include "util/jtext.h"
#include "util/banned.h"

struct wctx {
	const struct result *res;	/* for the series' length */
	bool oom;
};

static json_t *need(struct wctx *c, json_t *v)
{
	if (!v)
		c->oom = true;
	return v;
}

static void put(struct wctx *c, json_t *o, const char *key, json_t *v)
{
	if (!v || json_object_set_new(o, key, v))
		c->oom = true;
}

static void push(struct wctx *c, json_t *a, json_t *v)
{
	if (!v || json_array_append_new(a, v))
		c->oom = true;
}

static int64_t get_sgn(const void *p, size_t size)
{
	return size == 4 ? *(const int32_t *)p : *(const int64_t *)p;
}

/* An unsigned integer: a number below 2^53, else its decimal text. */
static json_t *uns_json(uint64_t v)
{
	char s[24];

	if (v < (1ull << 53))
		return json_integer((json_int_t)v);
	snprintf(s, sizeof(s), "%" PRIu64, v);
	return json_string(s);
}

static json_t *dbl_json(double v)
{
	char s[40];

	snprintf(s, sizeof(s), "%.17g", v);
	return json_string(s);
}

static json_t *scalar_json(enum ftype t, const void *p, size_t size)
{
	switch (t) {
	case T_UNS: return uns_json(model_uns_at(p, size));
	case T_SGN: return json_integer((json_int_t)get_sgn(p, size));
	case T_BOOL: return json_boolean(*(const bool *)p);
	default: return dbl_json(*(const double *)p);
	}
}

static json_t *struct_json(struct wctx *c, const struct schema *s, const void *base);

/* The non-empty buckets of n[0..nb-1] as [bucket low ns, count] pairs. */
static json_t *pairs_json(struct wctx *c, const uint64_t *n, unsigned nb, uint64_t (*low)(unsigned))
{
	json_t *d = need(c, json_array());

	for (unsigned i = 0; d && i < nb; i++)
		if (n[i])
			push(c, d, json_pack("[oo]", uns_json(low(i)), uns_json(n[i])));
	return d;
}

static json_t *hist_json(struct wctx *c, const struct hist *h)
{
	json_t *a;

	if (!h)
		return json_null();
	a = need(c, json_array());
	for (int k = 0; a && k < 2; k++)
		push(c, a, pairs_json(c, h[k].n, HIST_NBUCKETS, hist_bucket_low));
	return a;
}

/* Each interval's [reads, writes], as a histogram's pairs; null when none are kept. */
static json_t *ivlat_json(struct wctx *c, const struct ivlat *l)
{
	struct ivhist *h;
	json_t *a;

	if (!l->nint)
		return json_null();
	h = malloc(sizeof(*h));
	a = need(c, h ? json_array() : NULL);
	for (unsigned k = 0; a && k < l->nint; k++) {
		json_t *e = need(c, json_array());

		for (int d = 0; e && d < 2; d++) {
			ivlat_get(l, k, d, h);
			push(c, e, pairs_json(c, h->n, IVH_NBUCKETS, ivhist_bucket_low));
		}
		push(c, a, e);
	}
	free(h);
	return a;
}

static json_t *series_json(struct wctx *c, const struct interval *s)
{
	json_t *a;

	if (!s)
		return json_null();
	a = need(c, json_array());
	for (unsigned k = 0; a && k < c->res->nintervals; k++)
		push(c, a, json_pack("[oooooooooooo]", uns_json(s[k].ios[0]), uns_json(s[k].ios[1]),
				     uns_json(s[k].bytes[0]), uns_json(s[k].bytes[1]),
				     uns_json(s[k].lat_sum[0]), uns_json(s[k].lat_sum[1]),
				     uns_json(s[k].lat_max[0]), uns_json(s[k].lat_max[1]),
				     uns_json(s[k].lat_min[0]), uns_json(s[k].lat_min[1]),
				     dbl_json(s[k].lat_sq[0]), dbl_json(s[k].lat_sq[1])));
	return a;
}

/* Element i of a field whose elements lie at p. */
static json_t *elem_json(struct wctx *c, const struct field *f, const char *p)
{
	if (f->type == T_OBJ)
		return struct_json(c, f->sub, p);
	if (f->type == T_PTR) {
		const void *q = *(const void *const *)p;

		return q ? struct_json(c, f->sub, q) : json_null();
	}
	return scalar_json(f->type, p, f->size);
}

static json_t *field_json(struct wctx *c, const struct field *f, const char *base)
{
	const char *p = base + f->off;
	size_t step = f->type == T_PTR ? sizeof(void *) : f->size;
	json_t *a;

	switch (f->type) {
	case T_CHARS:
		return jtext_json(p);
	case T_STR:
		return jtext_json(*(char *const *)p);
	case T_HEX: {
		unsigned n = (unsigned)model_uns_at(base + f->count_off, sizeof(unsigned));
		char hex[2 * 256 + 1] = "";

		for (unsigned i = 0; i < n && i < f->size && i < 256; i++)
			snprintf(hex + 2 * i, 3, "%02x", ((const unsigned char *)p)[i]);
		return json_string(hex);
	}
	case T_HIST:
		return hist_json(c, *(struct hist *const *)p);
	case T_SERIES:
		return series_json(c, *(struct interval *const *)p);
	case T_IVLAT:
		return ivlat_json(c, (const struct ivlat *)p);
	case T_ARR: {
		unsigned n = (unsigned)model_uns_at(base + f->count_off, sizeof(unsigned));
		const char *q = *(const char *const *)p;

		a = need(c, json_array());
		for (unsigned i = 0; a && q && i < n; i++)
			push(c, a, f->sub ? struct_json(c, f->sub, q + i * f->size)
					  : scalar_json(f->elem, q + i * f->size, f->size));
		return a;
	}
	default:
		break;
	}
	if (!f->n)
		return elem_json(c, f, p);
	a = need(c, json_array());
	for (unsigned i = 0, n = f->has_count ? (unsigned)model_uns_at(base + f->count_off,
								     sizeof(unsigned))
					      : f->n; a && i < n && i < f->n; i++)
		push(c, a, elem_json(c, f, p + i * step));
	return a;
}

static json_t *struct_json(struct wctx *c, const struct schema *s, const void *base)
{
	json_t *o = need(c, json_object());

	for (unsigned i = 0; o && i < s->n; i++)
		put(c, o, s->f[i].name, field_json(c, &s->f[i], base));
	return o;
}

json_t *model_json(const struct workload *w, const struct result *res)
{
	struct wctx c = { .res = res };
	json_t *o = need(&c, json_object());

	if (o) {
		put(&c, o, "workload", struct_json(&c, model_workload_schema, w));
		put(&c, o, "result", struct_json(&c, model_result_schema, res));
	}
	if (c.oom) {
		json_decref(o);
		return NULL;
	}
	return o;
}
