/* SPDX-License-Identifier: MIT */
/*
 * fioaccess.c: how a fio job moves over its files, from its options: rw=
 * (with fio's :N), block sizes and alignment per direction (bs, blockalign,
 * bsrange, bssplit), percentage_random and random_distribution.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/fioaccess.h"
#include "job/fiosyntax.h"
#include "job/fiovalue.h"
#include "job/units.h"
#include "util/banned.h"

int fio_access_dirs(struct planner *p, const struct jf_opt *o, struct fjob *j, uint64_t out[3])
{
	char buf[256], *parts[3] = { 0 }, *s;
	unsigned n = 0;

	if (strlen(o->val) >= sizeof(buf))
		return fio_bad(p, o, "too long");
	memcpy(buf, o->val, strlen(o->val) + 1);
	s = buf;
	parts[n++] = s;
	for (; *s && n < 3; s++) {
		if (*s == ',' || *s == ':' || (*s == '-' && s != buf)) {
			if (*s != ',')
				fio_notice(p, "%s: bs=%s: fio reads '%c' as a separator between the read "
				       "and write sizes, not a range (bsrange= is a range); iobench "
				       "does the same", o->where, o->val, *s);
			*s = 0;
			parts[n++] = s + 1;
		}
	}
	for (unsigned d = 0; d < 3; d++) {
		const char *part = parts[d < n ? d : n - 1];
		uint64_t v;

		if (!*part)
			continue;
		if (fio_get_size(p, o, part, j->kb_base, &v, NULL))
			return -EINVAL;
		if (!v || v > (1u << 30))
			return fio_bad(p, o, "a block size must be from 1 byte to 1 GiB");
		out[d] = v;
	}
	return 0;
}

int fio_access_bs(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	return fio_access_dirs(p, o, j, j->bs);
}

void fio_access_set_dist(struct fjob *j, int d, struct bs_dist *b)
{
	free(j->dist[d]);
	j->dist[d] = b;
}

static int dist_size(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb,
		     uint32_t *out)
{
	uint64_t x;

	if (fio_get_size(p, o, v, kb, &x, NULL))
		return -EINVAL;
	if (!x || x > (1u << 30))
		return fio_bad(p, o, "a block size must be from 1 byte to 1 GiB");
	*out = (uint32_t)x;
	return 0;
}

/* One bsrange: LOW-HIGH (or LOW:HIGH): LOW, 2 LOW, ... up to HIGH (fio: multiples of the smallest). */
static int parse_range(struct planner *p, const struct jf_opt *o, char *range, unsigned kb,
		       struct bs_dist *b)
{
	char *sep = range + strcspn(range, "-:");

	if (!*sep)
		return fio_bad(p, o, "'%s' is not a range (LOW-HIGH)", range);
	*sep = 0;
	if (dist_size(p, o, range, kb, &b->lo) || dist_size(p, o, sep + 1, kb, &b->hi))
		return -EINVAL;
	if (b->lo > b->hi) {	/* fio swaps them */
		uint32_t t = b->lo;

		b->lo = b->hi;
		b->hi = t;
	}
	b->step = b->lo;
	return 0;
}

/* One bssplit list: SIZE/PCT:SIZE/PCT...; blank percentages share what is left. */
static int parse_split(struct planner *p, const struct jf_opt *o, char *list, unsigned kb,
		       struct bs_dist *b)
{
	unsigned given = 0, blanks = 0;
	char *save = NULL;

	for (char *e = strtok_r(list, ":", &save); e; e = strtok_r(NULL, ":", &save)) {
		char *slash = strchr(e, '/');
		uint64_t pct = UINT64_MAX;

		if (b->n == BS_SPLIT_MAX)
			return fio_bad(p, o, "more than %d sizes", BS_SPLIT_MAX);
		if (slash) {
			*slash = 0;
			if (slash[1] && (parse_uint(slash + 1, 100, &pct)))
				return fio_bad(p, o, "'%s' is not a percentage (0 to 100)", slash + 1);
		}
		if (dist_size(p, o, e, kb, &b->len[b->n]))
			return -EINVAL;
		if (pct == UINT64_MAX) {
			blanks++;
			b->pct[b->n] = UINT32_MAX;
		} else {
			given += (unsigned)pct;
			b->pct[b->n] = (uint32_t)pct;
		}
		b->n++;
	}
	if (!b->n)
		return fio_bad(p, o, "no sizes");
	if (given > 100 || (!blanks && given != 100))
		return fio_bad(p, o, "the percentages add up to %u, not 100", given);
	for (unsigned i = 0, k = 0; i < b->n; i++) {
		if (b->pct[i] != UINT32_MAX)
			continue;
		/* the rest shared out; the last blank takes what division leaves */
		b->pct[i] = ++k == blanks ? 100 - given - (100 - given) / blanks * (blanks - 1)
					  : (100 - given) / blanks;
	}
	return 0;
}

typedef int (*dist_parser)(struct planner *p, const struct jf_opt *o, char *part, unsigned kb,
			   struct bs_dist *b);

/*
 * bsrange= and bssplit=: READS[,WRITES[,TRIMS]], each part parsed by parse;
 * as fio's str_split_parse(), the last list given carries on to the
 * directions after it (one list: all three; two: the trims take the
 * writes'); an empty one leaves that direction as it was.
 */
static int get_dist(struct planner *p, const struct jf_opt *o, struct fjob *j, dist_parser parse)
{
	char buf[2048], *dirs[3] = { 0 }, *c;
	unsigned n = 1;

	if (strlen(o->val) >= sizeof(buf))
		return fio_bad(p, o, "too long");
	memcpy(buf, o->val, strlen(o->val) + 1);
	dirs[0] = buf;
	while (n < 3 && (c = strchr(dirs[n - 1], ','))) {
		*c = 0;
		dirs[n++] = c + 1;
	}
	for (unsigned d = 0; d < 3; d++) {
		struct bs_dist *b;

		if (d > 0 && d >= n) {	/* the last list carries on */
			if (!*dirs[n - 1] || !j->dist[n - 1])
				continue;
			if (!(b = malloc(sizeof(*b))))
				return fio_bad(p, o, "out of memory");
			*b = *j->dist[n - 1];
			fio_access_set_dist(j, (int)d, b);
			continue;
		}
		if (!*dirs[d])
			continue;
		b = calloc(1, sizeof(*b));
		if (!b)
			return fio_bad(p, o, "out of memory");
		if (parse(p, o, dirs[d], j->kb_base, b)) {
			free(b);
			return -EINVAL;
		}
		fio_access_set_dist(j, (int)d, b);
	}
	return 0;
}

int fio_access_bsrange(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	return get_dist(p, o, j, parse_range);
}

int fio_access_bssplit(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	return get_dist(p, o, j, parse_split);
}

int fio_access_perc_rand(struct planner *p, const struct jf_opt *o, struct fjob *j, bool seq)
{
	const char *s = o->val;

	for (unsigned d = 0; d < 3; d++) {
		char *end;
		unsigned long v;

		if (*s < '0' || *s > '9' || (v = strtoul(s, &end, 10)) > 100 ||
		    (*end && *end != ','))
			return fio_bad(p, o, "not a percentage from 0 to 100 (or R,W,T)");
		for (unsigned k = d; k < 3; k++)
			j->perc_rand[k] = seq ? 100 - (unsigned)v : (unsigned)v;
		if (!*end)
			break;
		s = end + 1;
	}
	return 0;
}

/* One direction of fio's zoned[_abs]: access%/size(%) pairs split by ':' (zone_split_ddir). */
static int zone_split(struct planner *p, const struct jf_opt *o, char *s, bool absolute,
		      unsigned kb_base, struct dist_range *r, unsigned *n)
{
	unsigned perc = 0, sperc = 0;
	uint64_t acc = 0;

	*n = 0;
	for (char *tok = s, *next; tok && *tok; tok = next) {
		char *slash = strchr(tok, '/'), *end;
		unsigned long a;
		uint64_t size;

		next = strchr(tok, ':');
		if (next)
			*next++ = 0;
		if (!slash || slash == tok)
			return fio_bad(p, o, "'%s' is not access%%/%s", tok, absolute ? "size" : "size%");
		*slash = 0;
		a = strtoul(tok, &end, 10);
		if (*end || a > 100)
			return fio_bad(p, o, "'%s' is not an access percentage", tok);
		if (absolute) {
			bool pct;

			if (fio_parse_size(slash + 1, kb_base, &size, &pct) || pct)
				return fio_bad(p, o, "'%s' is not a size", slash + 1);
		} else {
			size = strtoul(slash + 1, &end, 10);
			if (*end || size > 100)
				return fio_bad(p, o, "'%s' is not a size percentage", slash + 1);
			sperc += (unsigned)size;
		}
		if (*n == DIST_RANGES_MAX)
			return fio_bad(p, o, "more than %d zones (fio's most)", DIST_RANGES_MAX);
		r[(*n)++] = (struct dist_range){ perc, (uint32_t)a, acc, size };
		perc += (unsigned)a;
		acc += size;
	}
	if (perc > 100 || sperc > 100)
		return fio_bad(p, o, "zone_split percentages add to more than 100%% (fio's words)");
	if (perc < 100)
		return fio_bad(p, o, "access percentage don't add up to 100 for zoned random "
			   "distribution (got=%u) (fio's words)", perc);
	return 0;
}

int fio_access_random(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; enum dist_kind kind; double def; } kinds[] = {
		{ "random", DIST_NONE, 0 }, { "zipf", DIST_ZIPF, 1.2 }, { "pareto", DIST_PARETO, 0.2 },
		{ "normal", DIST_NORMAL, 0 }, { "zoned_abs", DIST_ZONED_ABS, 0 },
		{ "zoned", DIST_ZONED, 0 },
	};
	struct access_dist *d = calloc(1, sizeof(*d));
	struct dist_range *trim = NULL;
	char buf[4096], *rest, *dirs[3] = { 0 };
	unsigned k, nd = 0, ntrim = 0;
	size_t len;

	if (!d)
		return fio_bad(p, o, "out of memory");
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		len = strlen(kinds[k].name);
		if (!strncmp(o->val, kinds[k].name, len) && (!o->val[len] || o->val[len] == ':'))
			break;
	}
	if (k == sizeof(kinds) / sizeof(kinds[0]) || strlen(o->val) >= sizeof(buf)) {
		free(d);
		return fio_bad(p, o, "not random, zipf, pareto, normal, zoned or zoned_abs");
	}
	d->kind = kinds[k].kind;
	d->param = kinds[k].def;
	d->center = -1;
	memcpy(buf, o->val, strlen(o->val) + 1);
	rest = buf + len + (buf[len] == ':');
	if (d->kind == DIST_ZONED || d->kind == DIST_ZONED_ABS) {
		if (buf[len] != ':' || !*rest) {
			free(d);
			return fio_bad(p, o, "zoned needs its zones (zoned:access%%/size%%:...)");
		}
		dirs[nd++] = rest;
		for (char *c = rest; nd < 3 && (c = strchr(c, ',')); c++) {
			*c = 0;
			dirs[nd++] = c + 1;
		}
		for (unsigned x = 0; x < 2; x++) {
			if (zone_split(p, o, dirs[x < nd ? x : nd - 1], d->kind == DIST_ZONED_ABS,
				       j->kb_base, d->r[x], &d->n[x])) {
				free(d);
				return -EINVAL;
			}
			if (nd == 1) {	/* the one list carries on */
				memcpy(d->r[1], d->r[0], sizeof(d->r[0]));
				d->n[1] = d->n[0];
				break;
			}
		}
		if (nd == 3) {	/* trims: their own list */
			trim = malloc(DIST_RANGES_MAX * sizeof(*trim));
			if (!trim || zone_split(p, o, dirs[2], d->kind == DIST_ZONED_ABS, j->kb_base,
						trim, &ntrim)) {
				free(trim);
				free(d);
				return trim ? -EINVAL : fio_bad(p, o, "out of memory");
			}
		}
	} else if (buf[len] == ':') {
		char *end;

		d->param = strtod(rest, &end);
		if (end == rest || (*end && *end != ':') || (*end == ':' &&
			((d->center = strtod(end + 1, &end)), *end))) {
			free(d);
			return fio_bad(p, o, "random postfix parsing failed (fio's words)");
		}
	}
	if (d->center != -1 && (d->center < 0.0 || d->center > 1.0)) {
		free(d);
		return fio_bad(p, o, "distribution center out of range (0 <= center <= 1.0)");
	}
	if ((d->kind == DIST_ZIPF && d->param == 1.0) ||
	    (d->kind == DIST_PARETO && (d->param <= 0.0 || d->param >= 1.0)) ||
	    (d->kind == DIST_NORMAL && (d->param < 0.0 || d->param >= 100.0))) {
		enum dist_kind kind = d->kind;

		free(d);
		return fio_bad(p, o, "%s", kind == DIST_ZIPF ? "zipf theta must different than 1.0" :
			   kind == DIST_PARETO ? "pareto input out of range (0 < input < 1.0)" :
			   "normal deviation out of range (0 <= input < 100.0)");
	}
	free(j->rdist);
	free(j->rdist_trim);
	j->rdist = d;
	j->rdist_trim = trim;
	j->ntrim_zones = ntrim;
	return 0;
}

/*
 * rw=MODE:N, as fio's str_rw_cb(). On a sequential mode, fio's hole: N bytes
 * skipped after each I/O (offsets 0, bs + N, 2 (bs + N) ..., back to the start
 * past the end); a negative N goes backward (fio's get_next_seq_offset(),
 * wrapping to the end). On a random mode, a new random offset every N I/Os,
 * the next or the same block in between (rw_sequencer).
 */
static int get_rw_suffix(struct planner *p, const struct jf_opt *o, struct fjob *j, const char *v)
{
	uint64_t n;

	if (rw_random(j->rw)) {
		if (parse_uint(v, 1u << 30, &n) || !n)
			return fio_bad(p, o, "'%s' is not a count of I/Os (1 or more) between random offsets", v);
		j->seq_every = (unsigned)n;
		return 0;
	}
	if (fio_get_size(p, o, v + (*v == '-'), j->kb_base, &n, NULL))
		return -EINVAL;
	if (n > (1ull << 40))
		return fio_bad(p, o, "a hole of at most 1 TiB");
	*(*v == '-' ? &j->seq_back : &j->seq_hole) = n;
	return 0;
}

int fio_access_rw(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; enum rw_mode m; } modes[] = {
		{ "read", RW_READ }, { "write", RW_WRITE }, { "randread", RW_RANDREAD },
		{ "randwrite", RW_RANDWRITE }, { "rw", RW_RW }, { "readwrite", RW_RW },
		{ "randrw", RW_RANDRW }, { "trim", RW_TRIM }, { "randtrim", RW_RANDTRIM },
		{ "trimwrite", RW_TRIMWRITE }, { "randtrimwrite", RW_RANDTRIMWRITE },
	};

	const char *colon = strchr(o->val, ':');
	size_t n = colon ? (size_t)(colon - o->val) : strlen(o->val);

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (strlen(modes[i].name) == n && !strncmp(o->val, modes[i].name, n)) {
			j->rw = modes[i].m;
			j->seq_hole = j->seq_back = 0;
			j->seq_every = 0;
			return colon ? get_rw_suffix(p, o, j, colon + 1) : 0;
		}
	}
	return fio_bad(p, o, "not a mode (read, write, randread, randwrite, rw, randrw, trim, randtrim, "
		   "trimwrite, randtrimwrite)");
}
