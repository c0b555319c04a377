/* SPDX-License-Identifier: MIT */
/*
 * fio_log.c: fio's log files (write_bw_log, write_lat_log, write_iops_log,
 * write_hist_log) from the rows a run recorded (stats/iolog.h), with fio
 * 3.33's names and columns: "time, value, direction, size, [offset, ]
 * priority" (iolog.c flush_samples), and for histograms "time, direction,
 * size, bins..." (flush_hist_samples), which fio2gnuplot, fiologparser and
 * fiologparser_hist read.
 */
#include <errno.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* The files of each kind: write_lat_log writes fio's clat and lat logs (iobench has no slat). */
static const struct {
	enum log_kind kind;
	const char *type;
} files[] = {
	{ LOG_BW, "bw" }, { LOG_LAT, "clat" }, { LOG_LAT, "lat" }, { LOG_IOPS, "iops" },
	{ LOG_HIST, "clat_hist" },
};

/* fio's name of a log: PREFIX_TYPE.N.log, or PREFIX_TYPE.log without per_job_logs. */
static void log_name(char *out, size_t n, const struct job_logs *spec, const char *prefix,
		     const char *type, unsigned thread)
{
	if (spec->per_job)
		snprintf(out, n, "%s_%s.%u.log", prefix, type, thread);
	else
		snprintf(out, n, "%s_%s.log", prefix, type);
}

/* The value of a per-I/O row (fio: bw is bytes x 10^6 / ns, iops is 1). */
static uint64_t io_value(const char *type, const struct iolog_io *r)
{
	if (!strcmp(type, "bw"))
		return r->lat ? (uint64_t)(r->len_dir & 0x7fffffffu) * 1000000 / r->lat : 0;
	if (!strcmp(type, "iops"))
		return 1;
	return r->lat;
}

/* The value of a window's row: KiB/s, I/Os per second, or the mean (or largest) latency in ns. */
static uint64_t win_value(const char *type, const struct iolog_win *r, bool max)
{
	if (!strcmp(type, "bw"))
		return r->bytes * 1000 / r->len_ms / 1024;
	if (!strcmp(type, "iops"))
		return r->ios * 1000 / r->len_ms;
	return max ? r->lat_max : (uint64_t)((double)r->lat_sum / (double)r->ios + 0.5);
}

static void write_rows(FILE *f, const struct iolog *l, const struct job_logs *spec,
		       const char *type, int64_t epoch)
{

	if (l->per_io) {
		const struct iolog_io *r = (const struct iolog_io *)l->io.p;

		for (size_t i = 0; i < l->io.used / sizeof(*r); i++) {
			fprintf(f, "%" PRId64 ", %" PRIu64 ", %u, %u, ", epoch + r[i].t_ms,
				io_value(type, &r[i]), r[i].len_dir >> 31, r[i].len_dir & 0x7fffffffu);
			if (spec->offset)
				fprintf(f, "%" PRIu64 ", ", r[i].offset);
			fputs("0\n", f);
		}
		return;
	}
	const struct iolog_win *r = (const struct iolog_win *)l->win.p;

	for (size_t i = 0; l->avg_ms && i < l->win.used / sizeof(*r); i++)
		fprintf(f, "%" PRId64 ", %" PRIu64 ", %u, 0, %s0\n", epoch + r[i].t_ms,
			win_value(type, &r[i], spec->max_value), r[i].dir, spec->offset ? "0, " : "");
}

/*
 * fio's disable_clat, disable_lat and disable_bw_measurement: 1 when the log
 * of type is not written at all (clat, lat: fio sets none up), 2 when it is
 * written without rows (clat_hist, bw), 0 when it is as usual.
 */
static int log_disabled(const struct job_logs *spec, const char *type)
{
	if (!strcmp(type, "clat") || !strcmp(type, "lat"))
		return *type == 'c' ? spec->no_clat : spec->no_lat;
	if (!strcmp(type, "clat_hist"))
		return spec->no_clat ? 2 : 0;
	return !strcmp(type, "bw") && spec->no_bw ? 2 : 0;
}

/* fio's histogram rows: 1856 bins, 2^coarseness of them summed per column. */
static void write_hists(FILE *f, const struct iolog *l, const struct job_logs *spec,
			int64_t epoch)
{
	unsigned stride = 1u << spec->hist_coarseness;

	for (size_t at = 0; l->hist_ms && at < l->hist.used;) {
		const struct iolog_hist *h = (const struct iolog_hist *)(l->hist.p + at);
		const uint64_t *word = (const uint64_t *)(h + 1);
		unsigned k = 0;

		fprintf(f, "%" PRId64 ", %u, %u", epoch + h->t_ms, h->dir, h->bs);
		for (unsigned col = 0; col < FIO_PLAT_NR; col += stride) {
			uint64_t sum = 0;

			for (; k < h->nbins && (word[k] >> 48) < col + stride; k++)
				sum += word[k] & ((1ull << 48) - 1);
			fprintf(f, ", %" PRIu64, sum);
		}
		fputc('\n', f);
		at += sizeof(*h) + h->nbins * sizeof(uint64_t);
	}
}

/* Whether name was written before in this run of iobench (then rows are appended), and notes it. */
static int seen_before(struct fio_log_files *seen, const char *name, bool *before)
{
	char **n;

	for (unsigned i = 0; i < seen->n; i++)
		if (!strcmp(seen->names[i], name)) {
			*before = true;
			return 0;
		}
	*before = false;
	n = realloc(seen->names, (seen->n + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	seen->names = n;
	if (!(n[seen->n] = strdup(name)))
		return -ENOMEM;
	seen->n++;
	return 0;
}

int report_fio_logs(const struct workload *w, const struct result *res, int64_t shift_ms,
		    struct fio_log_files *seen, uint64_t *lost, char *err, size_t len)
{
	*lost = 0;
	for (unsigned i = 0; i < res->nlogs; i++) {
		const struct iolog *l = &res->logs[i];
		const struct job_logs *spec = w->jobs[l->job].logs;
		int64_t epoch = spec->unix_epoch ? l->epoch_ms : shift_ms;

		*lost += l->io.lost + l->win.lost + l->hist.lost;
		for (size_t k = 0; k < sizeof(files) / sizeof(files[0]); k++) {
			const char *prefix = spec->prefix[files[k].kind];
			char name[4096];
			bool before;
			FILE *f;

			if (!prefix || log_disabled(spec, files[k].type) == 1)
				continue;
			log_name(name, sizeof(name), spec, prefix, files[k].type, l->thread);
			if (seen_before(seen, name, &before))
				return errmsg(err, len, -ENOMEM, "out of memory");
			f = fopen(name, before ? "a" : "w");
			if (!f)
				return errmsg(err, len, -errno, "cannot write the fio log '%s': %s", name,
					      strerror(errno));
			if (log_disabled(spec, files[k].type))
				;	/* fio's disable_*: the file, without rows */
			else if (files[k].kind == LOG_HIST)
				write_hists(f, l, spec, epoch);
			else
				write_rows(f, l, spec, files[k].type, epoch);
			if (fclose(f))
				return errmsg(err, len, -EIO, "cannot write the fio log '%s': %s", name,
					      strerror(errno));
		}
	}
	return 0;
}

int report_fio_logs_check(const struct workload *w, char *err, size_t len)
{
	for (unsigned j = 0; j < w->njobs; j++) {
		for (unsigned k = 0; w->jobs[j].logs && k < LOG_KINDS; k++) {
			const char *prefix = w->jobs[j].logs->prefix[k];
			char dir[4096];

			if (!prefix)
				continue;
			snprintf(dir, sizeof(dir), "%s", prefix);
			if (access(dirname(dir), W_OK | X_OK))
				return errmsg(err, len, -EINVAL, "job '%s': its fio log '%s...' cannot be "
					      "written: its directory '%s': %s", w->jobs[j].name, prefix,
					      dirname(dir), strerror(errno));
		}
	}
	return 0;
}

void fio_log_files_free(struct fio_log_files *seen)
{
	for (unsigned i = 0; i < seen->n; i++)
		free(seen->names[i]);
	free(seen->names);
	memset(seen, 0, sizeof(*seen));
}
