/* SPDX-License-Identifier: MIT */
/*
 * iolog.c: recording fio's log rows for one thread (iolog.h). Called from
 * the loop's rare path (loop_slow.c) for streams that log, so the common
 * loop pays nothing for it.
 */
#include <errno.h>
#include <string.h>
#include <stdlib.h>

#include "platform/vmem.h"
#include "stats/iolog.h"
#include "util/banned.h"

#define AREA_MAX (1ull << 34)	/* address space reserved per kind, at most */
#define AREA_MIN (1ull << 20)

/* Address space for rows, pages taken only as they fill: the largest of AREA_MAX halved that maps. */
static int area_reserve(struct iolog_area *a)
{
	size_t cap = AREA_MAX;

	a->p = vmem_reserve(&cap, AREA_MIN);
	a->cap = a->p ? cap : 0;
	return a->p ? 0 : -ENOMEM;
}

static void area_free(struct iolog_area *a)
{
	vmem_release(a->p, a->cap);
	memset(a, 0, sizeof(*a));
}

/* Room for n more bytes, or NULL (the row is counted lost). */
static void *area_take(struct iolog_area *a, size_t n)
{
	void *p;

	if (!a->p || a->cap - a->used < n || vmem_use(a->p, a->used + n)) {
		a->lost++;
		return NULL;
	}
	p = a->p + a->used;
	a->used += n;
	return p;
}

int iolog_init(struct iolog *l)
{
	if (l->per_io && area_reserve(&l->io))
		return -ENOMEM;
	if (l->avg_ms && area_reserve(&l->win))
		return -ENOMEM;
	if (l->hist_ms) {
		if (area_reserve(&l->hist))
			return -ENOMEM;
		l->bins = calloc(2 * FIO_PLAT_NR, sizeof(*l->bins));
		if (!l->bins)
			return -ENOMEM;
	}
	return 0;
}

/* The open averaging window's rows (one per direction that did I/O), ending at t_ms. */
static void close_window(struct iolog *l, uint32_t t_ms, uint32_t len_ms)
{
	for (unsigned d = 0; d < 2; d++) {
		struct iolog_win *r;

		if (!l->acc[d].ios)
			continue;
		r = area_take(&l->win, sizeof(*r));
		if (r)
			*r = (struct iolog_win){ .t_ms = t_ms, .len_ms = len_ms, .ios = l->acc[d].ios,
						 .bytes = l->acc[d].bytes, .lat_sum = l->acc[d].lat_sum,
						 .lat_max = l->acc[d].lat_max, .dir = d };
		memset(&l->acc[d], 0, sizeof(l->acc[d]));
	}
}

/* The open histogram window's rows, ending at t_ms; its counts start again from zero. */
static void close_hist(struct iolog *l, uint32_t t_ms)
{
	for (unsigned d = 0; d < 2; d++) {
		uint64_t *bins = l->bins + d * FIO_PLAT_NR;
		unsigned nz = 0;
		struct iolog_hist *h;
		uint64_t *word;

		if (!l->hist_n[d])
			continue;
		for (unsigned i = 0; i < FIO_PLAT_NR; i++)
			nz += bins[i] != 0;
		h = area_take(&l->hist, sizeof(*h) + nz * sizeof(uint64_t));
		if (h) {
			*h = (struct iolog_hist){ .t_ms = t_ms, .bs = l->hist_bs[d], .dir = d, .nbins = nz };
			word = (uint64_t *)(h + 1);
			for (unsigned i = 0; i < FIO_PLAT_NR; i++)
				if (bins[i])
					*word++ = (uint64_t)i << 48 | bins[i];
		}
		memset(bins, 0, FIO_PLAT_NR * sizeof(*bins));
		l->hist_n[d] = 0;
	}
}

void iolog_record(struct iolog *l, uint64_t rel_ns, bool is_write, uint32_t len, uint64_t lat,
		  uint64_t offset)
{
	uint32_t t_ms = (uint32_t)(rel_ns / 1000000);

	if (l->per_io) {
		struct iolog_io *r = area_take(&l->io, sizeof(*r));

		if (r)
			*r = (struct iolog_io){ .t_ms = t_ms, .len_dir = len | (uint32_t)is_write << 31,
						.lat = lat, .offset = offset };
	}
	if (l->avg_ms) {
		uint64_t k = t_ms / l->avg_ms;

		if (k != l->win_k) {
			close_window(l, (uint32_t)((l->win_k + 1) * l->avg_ms), l->avg_ms);
			l->win_k = k;
		}
		l->acc[is_write].ios++;
		l->acc[is_write].bytes += len;
		l->acc[is_write].lat_sum += lat;
		if (lat > l->acc[is_write].lat_max)
			l->acc[is_write].lat_max = lat;
	}
	if (l->hist_ms) {
		uint64_t k = t_ms / l->hist_ms;

		if (k != l->hist_k) {
			close_hist(l, (uint32_t)((l->hist_k + 1) * l->hist_ms));
			l->hist_k = k;
		}
		l->bins[is_write * FIO_PLAT_NR + fio_plat_index(lat)]++;
		l->hist_n[is_write]++;
		l->hist_bs[is_write] = len;
	}
}

void iolog_finish(struct iolog *l, uint64_t end_ns)
{
	uint32_t t_ms = (uint32_t)(end_ns / 1000000);

	/* the open window ends at its own end, or earlier where the measured window did */
	if (l->avg_ms) {
		uint64_t start = l->win_k * l->avg_ms, end = start + l->avg_ms;

		if (t_ms < end)
			end = t_ms > start ? t_ms : start + 1;
		close_window(l, (uint32_t)end, (uint32_t)(end - start));
	}
	if (l->hist_ms) {
		uint64_t end = (l->hist_k + 1) * l->hist_ms;

		close_hist(l, (uint32_t)(t_ms < end ? t_ms : end));
	}
}

void iolog_free(struct iolog *l)
{
	area_free(&l->io);
	area_free(&l->win);
	area_free(&l->hist);
	free(l->bins);
	l->bins = NULL;
}
