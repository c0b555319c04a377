/* SPDX-License-Identifier: MIT */
/*
 * monitor.c: "iobench monitor": the device counters alone, like a Perfmon
 * data collector set or iostat -x. One row per device per interval, then a
 * summary over the whole time (also after Ctrl-C); text, JSON or CSV. The
 * counters come from the run's own sampler (monitor/devwatch.h).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "cmd/cmd.h"
#include "platform/stop.h"
#include "platform/outfile.h"
#include "platform/clock.h"
#include "job/options.h"
#include "job/units.h"
#include "monitor/device.h"
#include "monitor/devsource.h"
#include "monitor/devwatch.h"
#include "monitor/diskstats.h"
#include "report/report.h"
#include "util/banned.h"

#define MAX_DEVS 256

struct mon_dev {
	unsigned major, minor;
	char name[64];
	struct diskstats first, prev, cur;
	bool ok;
	struct queue_samples q;
	uint64_t q_sum, q_n;
};

struct mon {
	struct mon_dev dev[MAX_DEVS];
	unsigned n;
	struct devwatch dw;		/* the sampler: the same devices, in the same order */
	uint64_t interval_ns, count;	/* count 0: until Ctrl-C */
	bool json;
	const char *csv_path;
	FILE *csv;
	json_t *intervals;
};

static void usage(FILE *f)
{
	fprintf(f, "usage: iobench monitor [DEVICE...] [-D<ms>] [-d<sec>] [--series-csv=FILE] [-Rjson]\n"
		"  DEVICE  %s; every block device when none is named\n"
		"  a row per interval (-D, default 1000 ms) until -d seconds have passed or Ctrl-C\n",
		device_lookup_forms());
	option_usage(f, FRONT_MONITOR);
}

static int add_dev(struct mon *m, unsigned ma, unsigned mi, const char *name, char *err, size_t len)
{
	for (unsigned i = 0; i < m->n; i++)
		if (m->dev[i].major == ma && m->dev[i].minor == mi)
			return 0;
	if (m->n == MAX_DEVS) {
		snprintf(err, len, "monitor: more than %d devices", MAX_DEVS);
		return -EINVAL;
	}
	if (devwatch_add(&m->dw, ma, mi, name, 0)) {
		snprintf(err, len, "monitor: out of memory");
		return -ENOMEM;
	}
	m->dev[m->n].major = ma;
	m->dev[m->n].minor = mi;
	m->dev[m->n].q.min = UINT32_MAX;
	snprintf(m->dev[m->n].name, sizeof(m->dev[0].name), "%s", name);
	m->n++;
	return 0;
}

/* A device as the user names it (device_lookup). */
static int name_dev(struct mon *m, const char *arg, char *err, size_t len)
{
	char name[64];
	unsigned ma, mi;
	int r = device_lookup(arg, &ma, &mi, name, sizeof(name), err, len);

	return r ? r : add_dev(m, ma, mi, name, err, len);
}

static int all_devs(struct mon *m, char *err, size_t len)
{
	struct devwatch all = { 0 };
	int r = devwatch_add_all(&all, 0);

	if (r)
		snprintf(err, len, "monitor: cannot read %s: %s", devsource_name(),
			 *devsource_why() ? devsource_why() : strerror(-r));
	for (unsigned i = 0; !r && i < all.n; i++)
		r = add_dev(m, all.dev[i].major, all.dev[i].minor, all.dev[i].name, err, len);
	devwatch_end(&all);
	result_devs_free(all.dev, all.n);
	return r ? -EINVAL : 0;
}

static int parse(int argc, char **argv, struct mon *m, char *err, size_t len)
{
	uint64_t duration_ns = 0;

	for (int i = 1; i < argc; i++) {
		const struct option_def *o;
		const char *v;
		char flag[48];
		int r;

		if (!strncmp(argv[i], "-i", 2) || !strncmp(argv[i], "--csv", 5) ||
		    !strncmp(argv[i], "--count", 7) || !strncmp(argv[i], "-n", 2)) {
			snprintf(err, len, "monitor: '%s': the interval is -D<ms> (--interval=MS), how "
				 "long to watch -d<sec> (--duration=SEC), the rows as CSV "
				 "--series-csv=FILE, as a run takes them", argv[i]);
			return -EINVAL;
		}
		r = option_next(argc, argv, &i, FRONT_MONITOR, &o, &v, flag, sizeof(flag), err, len);
		if (r < 0)
			return r;
		if (r == 1) {
			if (name_dev(m, argv[i], err, len))
				return -EINVAL;
			continue;
		}
		switch (o->id) {
		case O_HELP:
			return 1;
		case O_INTERVAL: {
			uint64_t ms = 1000;

			if (v && (parse_uint(v, 3600000, &ms) || ms < 10)) {
				snprintf(err, len, "monitor: %s: '%s' is not an interval of 10 to 3600000 ms",
					 flag, v);
				return -EINVAL;
			}
			m->interval_ns = ms * 1000000ull;
			break;
		}
		case O_DURATION:
			if (parse_time(v, &duration_ns) || !duration_ns) {
				snprintf(err, len, "monitor: %s: '%s' is not a time above 0 (seconds, or a "
					 "number with ms, s, m or h)", flag, v);
				return -EINVAL;
			}
			break;
		case O_FORMAT:
			if (!strcmp(v, "xml")) {	/* DiskSpd's XML is a run's results */
				snprintf(err, len, "monitor: %s%s: DiskSpd's XML results are of a run "
					 "(iobench -Rxml ... TARGET); monitor writes text or json", flag,
					 flag[1] == '-' ? "=xml" : "xml");
				return -EINVAL;
			}
			if (strcmp(v, "json") && strcmp(v, "text")) {
				snprintf(err, len, "monitor: unknown output format '%s' (text or json)", v);
				return -EINVAL;
			}
			m->json = !strcmp(v, "json");
			break;
		default:	/* O_SERIES_CSV */
			m->csv_path = v;
			break;
		}
	}
	/* -d: the whole intervals that fit, at least one */
	m->count = duration_ns ? (duration_ns + m->interval_ns / 2) / m->interval_ns : 0;
	if (duration_ns && !m->count)
		m->count = 1;
	return m->n ? 0 : all_devs(m, err, len);
}

/* Every device's counters now (one read of the counters), into its cur; false when unreadable. */
static bool snapshot(struct mon *m)
{
	if (!devwatch_snapshot(&m->dw, 1))
		return false;
	for (unsigned i = 0; i < m->n; i++) {
		struct mon_dev *md = &m->dev[i];
		const struct dev_sample *d = &m->dw.dev[i];

		md->ok = d->have_b;
		if (!md->ok)
			continue;
		md->cur = d->b;
		if (d->b.nfields >= 11) {
			md->q.min = d->b.in_flight < md->q.min ? d->b.in_flight : md->q.min;
			md->q.max = d->b.in_flight > md->q.max ? d->b.in_flight : md->q.max;
			md->q_sum += d->b.in_flight;
			md->q_n++;
		}
	}
	return true;
}

static void metrics(const struct diskstats *a, const struct diskstats *b, double secs,
		    struct disk_metrics *out)
{
	struct diskstats_delta d;

	diskstats_delta(a, b, &d);
	diskstats_metrics(&d, secs, out);
}

/* iostat prints 0.00 for an await without I/O; so do the rows here. */
static double fmax0(double v)
{
	return v < 0 ? 0 : v;
}

static void text_header(void)
{
	printf("%8s %-12s %9s %9s %10s %10s %7s %7s %8s %8s %7s %8s %8s %6s\n", "time_s", "device",
	       "r/s", "w/s", "rkB/s", "wkB/s", "rrqm/s", "wrqm/s", "r_await", "w_await", "aqu-sz",
	       "rareq-sz", "wareq-sz", "%util");
}

static void print_row(struct mon *m, const struct mon_dev *d, double t, const struct disk_metrics *x)
{
	if (m->json) {
		json_t *o = json_pack("{s:f, s:s}", "time_s", t, "device", d->name);

		json_object_set_new(o, "iostat", report_iostat_json(x));
		json_object_set_new(o, "perfmon", report_perfmon_json(x, NULL));
		json_array_append_new(m->intervals, o);
	} else {
		printf("%8.2f %-12s %9.2f %9.2f %10.2f %10.2f %7.2f %7.2f %8.3f %8.3f %7.2f %8.2f %8.2f "
		       "%6.2f\n", t, d->name, x->r_s, x->w_s, x->rkb_s, x->wkb_s, fmax0(x->rrqm_s),
		       fmax0(x->wrqm_s), fmax0(x->r_await), fmax0(x->w_await), fmax0(x->aqu_sz),
		       fmax0(x->rareq_sz), fmax0(x->wareq_sz), fmax0(x->util));
	}
	if (m->csv)
		fprintf(m->csv, "%.3f,%s,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.3f,%.3f,%.3f,%.2f,%.2f,%.2f\n",
			t, d->name, x->r_s, x->w_s, x->rkb_s, x->wkb_s, fmax0(x->rrqm_s),
			fmax0(x->wrqm_s), fmax0(x->r_await), fmax0(x->w_await), fmax0(x->aqu_sz),
			fmax0(x->rareq_sz), fmax0(x->wareq_sz), fmax0(x->util));
}

static void summary(struct mon *m, json_t *root, double secs)
{
	json_t *sum = json_array();

	if (!m->json)
		printf("\nSummary over %.2f s\n", secs);
	for (unsigned i = 0; i < m->n; i++) {
		struct mon_dev *d = &m->dev[i];
		struct disk_metrics x;

		if (d->q_n)
			d->q = (struct queue_samples){ true, d->q.min, d->q.max,
						       (double)d->q_sum / (double)d->q_n };
		else
			d->q.have = false;
		if (!d->ok) {
			if (!m->json)
				printf("%s: no device data (it left %s)\n", d->name, devsource_name());
			continue;
		}
		metrics(&d->first, &d->cur, secs, &x);
		if (m->json) {
			json_t *o = json_pack("{s:s}", "device", d->name);

			json_object_set_new(o, "major_minor", json_sprintf("%u:%u", d->major, d->minor));
			json_object_set_new(o, "iostat", report_iostat_json(&x));
			json_object_set_new(o, "perfmon", report_perfmon_json(&x, &d->q));
			json_array_append_new(sum, o);
		} else {
			printf("%s (%u:%u)\n", d->name, d->major, d->minor);
			report_disk_counters(stdout, &x, &d->q);
		}
	}
	if (m->json)
		json_object_set_new(root, "summary", sum);
	else
		json_decref(sum);
}

/* Waits one interval, or until a signal; returns false on a signal. */
static bool wait_interval(uint64_t until, const struct stop_hold *sigs)
{
	uint64_t now = clock_ns();

	return now >= until || stop_wait(sigs, until - now) != STOP_ASKED;
}

static int run_monitor(struct mon *m)
{
	struct stop_hold sigs;
	uint64_t t0, prev_t, k = 0;
	bool stopped = false;
	json_t *root = json_object();

	stop_hold(&sigs, false);
	m->intervals = json_array();
	if (!snapshot(m)) {
		fprintf(stderr, "iobench: monitor: cannot read %s%s%s\n", devsource_name(),
			*devsource_why() ? ": " : "", devsource_why());
		return EXIT_RUN_FAILED;
	}
	for (unsigned i = 0; i < m->n; i++)
		m->dev[i].first = m->dev[i].prev = m->dev[i].cur;
	t0 = prev_t = clock_ns();
	if (!m->json)
		text_header();
	if (m->csv)
		fprintf(m->csv, "time_s,device,r_s,w_s,rkb_s,wkb_s,rrqm_s,wrqm_s,r_await_ms,"
			"w_await_ms,aqu_sz,rareq_sz_kb,wareq_sz_kb,util_percent\n");
	while (!m->count || k < m->count) {
		uint64_t now;

		stopped = !wait_interval(t0 + (k + 1) * m->interval_ns, &sigs);
		if (stopped)
			break;
		snapshot(m);
		now = clock_ns();
		k++;
		for (unsigned i = 0; i < m->n; i++) {
			struct mon_dev *d = &m->dev[i];
			struct disk_metrics x;

			if (!d->ok)
				continue;
			metrics(&d->prev, &d->cur, (double)(now - prev_t) / 1e9, &x);
			print_row(m, d, (double)(now - t0) / 1e9, &x);
			d->prev = d->cur;
		}
		prev_t = now;
		fflush(stdout);
	}
	stop_release(&sigs);
	json_object_set_new(root, "schema", json_string("iobench/monitor"));
	json_object_set_new(root, "schema_version", json_integer(1));
	json_object_set_new(root, "interval_s", json_real((double)m->interval_ns / 1e9));
	json_object_set_new(root, "intervals_done", json_integer((json_int_t)k));
	json_object_set_new(root, "interrupted", json_boolean(stopped));
	json_object_set_new(root, "rows", m->intervals);
	summary(m, root, (double)(prev_t - t0) / 1e9);
	if (m->json) {
		json_dumpf(root, stdout, JSON_INDENT(2) | JSON_REAL_PRECISION(12) | JSON_PRESERVE_ORDER);
		fputc('\n', stdout);
	}
	json_decref(root);
	return stopped ? EXIT_INTERRUPTED : 0;
}

static void release(struct mon *m)
{
	devwatch_end(&m->dw);
	result_devs_free(m->dw.dev, m->dw.n);
	free(m);
}

int cmd_monitor(int argc, char **argv)
{
	struct mon *m = calloc(1, sizeof(*m));
	struct outfile out;
	char err[1024];
	int r;

	if (!m)
		return EXIT_RUN_FAILED;
	m->interval_ns = 1000000000ull;
	r = parse(argc, argv, m, err, sizeof(err));
	if (r > 0) {
		usage(stdout);
		release(m);
		return 0;
	}
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		release(m);
		return EXIT_BAD_INPUT;
	}
	/* the CSV grows in a temporary file beside it, renamed into place at the end */
	if (m->csv_path && (outfile_check(m->csv_path, err, sizeof(err)) ||
			    outfile_open(&out, m->csv_path, err, sizeof(err)))) {
		fprintf(stderr, "iobench: %s\n", err);
		release(m);
		return EXIT_BAD_INPUT;
	}
	m->csv = m->csv_path ? out.f : NULL;
	r = run_monitor(m);
	if (m->csv && outfile_commit(&out, err, sizeof(err))) {
		fprintf(stderr, "iobench: %s\n", err);
		r = EXIT_RUN_FAILED;
	}
	release(m);
	return r;
}
