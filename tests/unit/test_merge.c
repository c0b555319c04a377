/* SPDX-License-Identifier: MIT */
/*
 * Description: results of several ranks merged (result/merge.h): sums, rows renumbered by
 * host, histograms summed bucket by bucket, series and interval histograms by interval,
 * each host's parts; hosts side by side (report/hosts.h): the host that stands apart.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report/devcheck.h"
#include "report/hosts.h"
#include "result/merge.h"

#define NINT 3

/*
 * Rank r's own result: two threads on one target, each ios I/Os at lat ns (reads), over
 * a window of 1 s in NINT intervals; hosts[0] itself, named name.
 */
static void make(struct result *res, unsigned r, const char *name, uint64_t ios, uint64_t lat)
{
	memset(res, 0, sizeof(*res));
	res->ntargets = 1;
	res->targets = calloc(1, sizeof(*res->targets));
	res->nthreads = 2;
	res->nrows = 2;
	res->rows = calloc(2, sizeof(*res->rows));
	res->test_ns = 1000000000ull;
	res->interval_ns = res->test_ns / NINT;
	res->nintervals = NINT;
	res->measured = res->complete = true;
	res->ncpu = 2;
	res->cpu = calloc(2, sizeof(*res->cpu));
	for (unsigned t = 0; t < 2; t++) {
		struct result_row *row = &res->rows[t];

		row->thread = t;
		row->h = calloc(2, sizeof(*row->h));
		row->series = calloc(NINT, sizeof(*row->series));
		counts_init(&row->c[0]);
		counts_init(&row->c[1]);
		for (uint64_t i = 0; i < ios; i++) {
			counts_record(&row->c[0], 4096, lat + i % 7);
			hist_record(&row->h[0], lat + i % 7);
			interval_record(&row->series[i % NINT], 0, 4096, lat + i % 7);
		}
	}
	for (unsigned k = 0; k < NINT; k++) {
		struct ivhist *iv = calloc(2, sizeof(*iv));

		iv[0].n[ivhist_index(lat)] = 2 * ios / NINT + (k < (2 * ios) % NINT);
		assert_int_equal(ivlat_append(&res->ivl, iv), 0);
		free(iv);
	}
	res->cpu[0].cpu = 0;
	res->cpu[1].cpu = 1;
	res->nhosts = 1;
	res->hosts = calloc(1, sizeof(*res->hosts));
	snprintf(res->hosts[0].name, sizeof(res->hosts[0].name), "%s", name);
	res->hosts[0].rank = r;
	res->hosts[0].test_ns = res->test_ns;
	res->hosts[0].nrows = 2;
	res->hosts[0].ncpu = 2;
	res->hosts[0].ntargets = 1;
	res->hosts[0].targets = calloc(1, sizeof(*res->hosts[0].targets));
	res->hosts[0].measured = res->hosts[0].complete = true;
}

static void test_sums(void **state)
{
	struct result in[3], out;
	struct hist all[1];
	char err[256];

	memset(all, 0, sizeof(all));
	make(&in[0], 0, "a", 900, 100000);
	make(&in[1], 1, "b", 900, 200000);
	make(&in[2], 2, "c", 900, 400000);
	for (unsigned r = 0; r < 3; r++)
		for (unsigned t = 0; t < 2; t++)
			hist_merge(all, &in[r].rows[t].h[0]);
	assert_int_equal(result_merge(&out, in, 3, err, sizeof(err)), 0);
	assert_int_equal(out.nhosts, 3);
	assert_int_equal(out.nthreads, 6);
	assert_int_equal(out.nrows, 6);
	assert_int_equal(out.ncpu, 6);
	for (unsigned i = 0; i < 6; i++) {
		assert_int_equal(out.rows[i].host, i / 2);
		assert_int_equal(out.rows[i].thread, i);	/* host h's thread k: h x 2 + k */
	}
	assert_int_equal(out.hosts[2].row0, 4);
	assert_int_equal(out.hosts[2].cpu0, 4);
	assert_string_equal(out.hosts[1].name, "b");
	/* the merged rows' histograms are the ranks' own: their sum is all of them */
	{
		struct hist sum[1];
		uint64_t ios = 0;

		memset(sum, 0, sizeof(sum));
		for (unsigned i = 0; i < out.nrows; i++) {
			hist_merge(sum, &out.rows[i].h[0]);
			ios += out.rows[i].c[0].ios;
		}
		assert_memory_equal(sum, all, sizeof(sum));
		assert_int_equal(ios, 5400);
		/* a third of the I/Os at each latency: p50 is the middle host's */
		assert_true(hist_percentile(sum, 50, 0, UINT64_MAX) >= 200000);
		assert_true(hist_percentile(sum, 50, 0, UINT64_MAX) < 202000);	/* within 1% */
	}
	/* series and interval histograms by interval */
	assert_int_equal(out.nintervals, NINT);
	assert_int_equal(out.ivl.nint, NINT);
	for (unsigned k = 0; k < NINT; k++) {
		uint64_t s = 0;

		for (unsigned i = 0; i < out.nrows; i++)
			s += out.rows[i].series[k].ios[0];
		assert_int_equal(ivlat_count(&out.ivl, k, 0), s);
	}
	result_release(&out);
}

static void test_apart(void **state)
{
	struct result in[4], out;
	struct hosts_summary hs;
	char err[256];

	make(&in[0], 0, "a", 1000, 100000);
	make(&in[1], 1, "b", 1000, 100000);
	make(&in[2], 2, "c", 500, 100000);	/* half the others' IOPS */
	make(&in[3], 3, "d", 1000, 100000);
	assert_int_equal(result_merge(&out, in, 4, err, sizeof(err)), 0);
	assert_int_equal(hosts_build(&hs, &out), 0);
	assert_int_equal(hs.napart, 1);
	assert_true(hs.f[2].apart);
	assert_true(hs.f[2].iops_off < -0.49 && hs.f[2].iops_off > -0.51);
	assert_int_equal(hs.f[0].ios, 2000);
	hosts_free(&hs);
	result_release(&out);
	/* the same figures everywhere: none apart */
	for (unsigned r = 0; r < 4; r++)
		make(&in[r], r, "x", 1000, 100000);
	assert_int_equal(result_merge(&out, in, 4, err, sizeof(err)), 0);
	assert_int_equal(hosts_build(&hs, &out), 0);
	assert_int_equal(hs.napart, 0);
	hosts_free(&hs);
	result_release(&out);
}

static void test_mismatch(void **state)
{
	struct result in[2], out;
	char err[256];

	make(&in[0], 0, "a", 10, 1000);
	make(&in[1], 1, "b", 10, 1000);
	in[1].nthreads = 3;
	assert_int_equal(result_merge(&out, in, 2, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "host b (rank 1)"));
	result_release(&in[0]);
	result_release(&in[1]);
}

/*
 * Rank r on machine boot: one disk (serial ser) under its one target, the disk's
 * counters moving dev_ios reads of 4 KiB over the window, its rank doing ios of them.
 */
static void on_disk(struct result *res, unsigned r, const char *boot, const char *ser,
		    uint64_t ios, uint64_t dev_ios)
{
	struct target_facts *f;
	struct dev_sample *d;

	make(res, r, boot, ios, 100000);
	snprintf(res->hosts[0].info.boot_id, sizeof(res->hosts[0].info.boot_id), "%s", boot);
	f = &res->targets[0];
	f->kind = TARGET_BLOCK;
	f->size = f->end = 1ull << 30;
	f->chain.n = 1;
	f->chain.dev[0].major = 8;
	f->chain.dev[0].minor = 16;
	f->chain.dev[0].iostats = 1;
	snprintf(f->chain.dev[0].name, sizeof(f->chain.dev[0].name), "sdb");
	snprintf(f->chain.dev[0].kind, sizeof(f->chain.dev[0].kind), "disk");
	snprintf(f->chain.dev[0].serial, sizeof(f->chain.dev[0].serial), "%s", ser);
	res->hosts[0].targets[0] = *f;
	res->ndevs = res->hosts[0].ndevs = 1;
	res->devs = d = calloc(1, sizeof(*d));
	d->major = 8;
	d->minor = 16;
	d->have_a = d->have_b = true;
	d->b.rd_ios = dev_ios;
	d->b.rd_sectors = dev_ios * 8;
	d->a.nfields = d->b.nfields = 11;
}

static unsigned devices(struct result *in, unsigned n, struct devcheck **dc)
{
	struct target_spec t = { .path = "/dev/sdb", .block_size = 4096, .outstanding = 1,
				 .cache = CACHE_DIRECT };
	struct job_spec j = { .threads = 2, .ntargets = 1 };
	struct workload w = { .targets = &t, .ntargets = 1, .jobs = &j, .njobs = 1 };
	struct result out;
	char err[256];
	int k;

	assert_int_equal(result_merge(&out, in, n, err, sizeof(err)), 0);
	k = devcheck_build_all(&w, &out, dc);
	assert_true(k >= 0);
	result_release(&out);
	return (unsigned)k;
}

static void test_devices(void **state)
{
	struct devcheck *dc;
	struct result in[3];

	/* one machine, two ranks on its disk: the disk once, against both ranks' I/O */
	on_disk(&in[0], 0, "boot-a", "S1", 500, 2000);
	on_disk(&in[1], 1, "boot-a", "S1", 500, 2000);
	assert_int_equal(devices(in, 2, &dc), 1);
	assert_int_equal(dc[0].app_ios, 2000);	/* 2 ranks x 2 threads x 500 */
	assert_int_equal(dc[0].d.rd_ios, 2000);
	assert_int_equal(dc[0].machines, 1);
	free(dc);
	/* two machines, one LUN (its serial): one entry, their counters summed */
	on_disk(&in[0], 0, "boot-a", "S1", 500, 1000);
	on_disk(&in[1], 1, "boot-b", "S1", 500, 1000);
	on_disk(&in[2], 2, "boot-c", "S2", 500, 1000);	/* another disk */
	assert_int_equal(devices(in, 3, &dc), 2);
	assert_int_equal(dc[0].machines, 2);
	assert_int_equal(dc[0].app_ios, 2000);
	assert_int_equal(dc[0].d.rd_ios, 2000);
	assert_int_equal(dc[1].machines, 1);
	assert_int_equal(dc[1].host, 2);
	assert_int_equal(dc[1].d.rd_ios, 1000);
	free(dc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sums),
		cmocka_unit_test(test_apart),
		cmocka_unit_test(test_mismatch),
		cmocka_unit_test(test_devices),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
