/* SPDX-License-Identifier: MIT */
/*
 * text_devices.c: the text report's devices (text_devices.h): their facts,
 * their counters side by side in Perfmon's and iostat's names
 * (report_disk_counters, also monitor's), and the cross-check.
 */
#include <stdio.h>
#include <string.h>

#include "job/units.h"
#include "report/report.h"
#include "report/devcheck.h"
#include "report/text_devices.h"
#include "util/banned.h"

/* A figure, or n/a when the kernel does not count it (negative). */
static void fig(char *buf, size_t len, double v, int decimals)
{
	if (v < 0)
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%.*f", decimals, v);
}

static void device_facts(FILE *f, const struct blockdev_info *d)
{
	char size[32];

	format_size_diskspd(size, sizeof(size), d->size);
	fprintf(f, "  %*s%s (%u:%u) %s%s%s%s, %s, logical/physical block %u/%u, %s", d->level * 2, "",
		d->name, d->major, d->minor, d->kind, d->model[0] ? " \"" : "", d->model,
		d->model[0] ? "\"" : "", size, d->logical_block_size, d->physical_block_size,
		d->rotational == 1 ? "rotational" : d->rotational == 0 ? "non-rotational" : "?");
	if (d->scheduler[0])
		fprintf(f, ", scheduler %s", d->scheduler);
	if (d->nr_requests >= 0)
		fprintf(f, ", nr_requests %d", d->nr_requests);
	if (d->max_sectors_kb >= 0)
		fprintf(f, ", max_sectors_kb %d", d->max_sectors_kb);
	if (d->write_cache[0])
		fprintf(f, ", write cache: %s", d->write_cache);
	if (d->fua >= 0)
		fprintf(f, ", FUA %s", d->fua ? "yes" : "no");
	if (d->numa_node >= 0)
		fprintf(f, ", NUMA node %d", d->numa_node);
	if (d->backing_file[0])
		fprintf(f, ", backing file %s", d->backing_file);
	/* zram (a bio-based driver) counts its own I/O whatever queue/iostats says */
	if (d->iostats == 0 && strcmp(d->kind, "zram"))
		fprintf(f, ", I/O accounting OFF (queue/iostats = 0)");
	fprintf(f, "\n");
}

static void devices_facts(FILE *f, const struct workload *w, const struct result *res)
{
	fprintf(f, "Devices\n");
	for (unsigned t = 0; t < res->ntargets; t++) {
		const struct device_chain *ch = &res->targets[t].chain;

		if (res->targets[t].kind == TARGET_NULL)
			continue;
		fprintf(f, "%s:", w->targets[t].path);
		if (ch->fs_type[0])
			fprintf(f, " %s on %s, mounted on %s (%s)", ch->fs_type, ch->mount_source,
				ch->mount_point, ch->mount_options);
		fprintf(f, "\n");
		if (!ch->n)
			fprintf(f, "  %s: no device data\n", ch->no_device);
		for (unsigned i = 0; i < ch->n; i++)
			device_facts(f, &ch->dev[i]);
	}
	fprintf(f, "\n");
}

/* The Perfmon and iostat figures of one device, side by side. */
void report_disk_counters(FILE *f, const struct disk_metrics *m, const struct queue_samples *q)
{
	char pv[16][32], iv[16][32];
	const char *pn[] = { "Disk Transfers/sec", "Disk Reads/sec", "Disk Writes/sec",
			     "Disk Bytes/sec", "Avg. Disk sec/Transfer", "Avg. Disk sec/Read",
			     "Avg. Disk sec/Write", "Avg. Disk Bytes/Transfer",
			     "Avg. Disk Queue Length", "Current Disk Queue Length", "% Idle Time",
			     "Split IO/sec", "", "", "", "" };
	const char *in[] = { "r/s", "w/s", "rkB/s", "wkB/s", "rrqm/s", "wrqm/s", "r_await",
			     "w_await", "aqu-sz", "rareq-sz", "wareq-sz", "%util", "d/s", "f/s",
			     "f_await", "" };
	double iv_d[] = { m->r_s, m->w_s, m->rkb_s, m->wkb_s, m->rrqm_s, m->wrqm_s, m->r_await,
			  m->w_await, m->aqu_sz, m->rareq_sz, m->wareq_sz, m->util, m->d_s, m->f_s,
			  m->f_await, -2 };
	double pv_d[] = { m->transfers_s, m->reads_s, m->writes_s, m->bytes_s,
			  m->sec_per_transfer, m->sec_per_read, m->sec_per_write,
			  m->bytes_per_transfer, m->avg_queue_length };

	for (int i = 0; i < 9; i++)
		fig(pv[i], sizeof(pv[i]), pv_d[i], i >= 4 && i <= 6 ? 6 : 2);
	if (q && q->have)
		snprintf(pv[9], sizeof(pv[9]), "%u/%.2f/%u", q->min, q->avg, q->max);
	else
		snprintf(pv[9], sizeof(pv[9]), "n/a");
	fig(pv[10], sizeof(pv[10]), m->idle_pct, 2);
	if (m->split_s >= 0)
		fig(pv[11], sizeof(pv[11]), m->split_s, 2);
	else
		snprintf(pv[11], sizeof(pv[11]), "n/a (*)");
	for (int i = 12; i < 16; i++)
		pv[i][0] = 0;
	for (int i = 0; i < 16; i++) {
		if (iv_d[i] == -2)
			iv[i][0] = 0;
		else
			fig(iv[i], sizeof(iv[i]), iv_d[i], 2);
	}
	fprintf(f, "  %-26s %16s | %-9s %14s\n", "Perfmon (PhysicalDisk)", "", "iostat -x", "");
	for (int i = 0; i < 15; i++)
		fprintf(f, "  %-26s %16s | %-9s %14s\n", pn[i], pv[i], in[i], iv[i]);
	if (m->split_s < 0)
		fprintf(f, "  (*) Linux does not count split I/Os: the block layer splits requests "
			"before it counts them.\n");
	fprintf(f, "  Current Disk Queue Length: min/avg/max of the sampled in-flight count.\n");
}

/*
 * One line of the cross-check. Marked when off by more than the tolerance
 * (above only, for figures the device may rightly show lower).
 */
static void ratio_row(FILE *f, const char *what, double app, double dev, int decimals,
		      bool only_above)
{
	double r = app > 0 && dev >= 0 ? dev / app : -1;
	bool mark = r >= 0 && (r > 1 + DEVCHECK_TOLERANCE ||
			       (!only_above && r < 1 - DEVCHECK_TOLERANCE));

	fprintf(f, "  %-22s %14.*f %14.*f", what, decimals, app, decimals, dev);
	if (r >= 0)
		fprintf(f, " %9.3f%s\n", r, mark ? "  <-" : "");
	else
		fprintf(f, " %9s\n", "n/a");
}

static void crosscheck(FILE *f, const struct devcheck *c)
{
	double dev_ios = (double)(c->d.rd_ios + c->d.wr_ios);

	fprintf(f, "\nCross-check: iobench vs %s (device / iobench, off by more than 5%% marked <-)\n"
		"  %-22s %14s %14s %9s\n", c->info->name, "", "iobench", "device", "ratio");
	ratio_row(f, "I/Os", (double)c->app_ios, dev_ios, 0, false);
	ratio_row(f, "bytes", (double)c->app_bytes,
		  512.0 * (double)(c->d.rd_sectors + c->d.wr_sectors), 0, false);
	ratio_row(f, "request size (KiB)", (double)c->block_size / 1024,
		  c->m.bytes_per_transfer / 1024, 2, false);
	ratio_row(f, "latency / await (ms)", c->app_lat_ms,
		  c->m.sec_per_transfer >= 0 ? c->m.sec_per_transfer * 1e3 : -1, 3, true);
	ratio_row(f, "queue depth (Little)", c->app_qd, c->m.avg_queue_length, 2, true);
	for (unsigned i = 0; i < c->nnotes; i++)
		fprintf(f, "  likely cause: %s\n", c->note[i]);
	if (!c->nnotes)
		fprintf(f, "  iobench and the device agree (latency and queue depth may rightly "
			"be lower on the device:\n  iobench's latency also holds the kernel's "
			"submission and completion path)\n");
	if (c->d.reset)
		fprintf(f, "  warning: a counter went down during the run: the device was re-created\n");
}

static void device_counters(FILE *f, const struct devcheck *c, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		fprintf(f, "Device counters over the measured window: %s (%u:%u)\n", c[i].info->name,
			c[i].info->major, c[i].info->minor);
		if (c[i].machines > 1)
			fprintf(f, "  one LUN seen by %u machines (%s %s): their counters summed, each "
				"counting its own I/O; %%util and queue lengths are the sums of theirs\n",
				c[i].machines, c[i].info->wwid[0] ? "WWID" : "serial",
				c[i].info->wwid[0] ? c[i].info->wwid : c[i].info->serial);
		if (!c[i].have) {
			fprintf(f, "  no device data: its counters could not be read at the window's "
				"start and end\n\n");
			continue;
		}
		report_disk_counters(f, &c[i].m, &c[i].q);
		crosscheck(f, &c[i]);
		fprintf(f, "\n");
	}
}

void text_devices(FILE *f, const struct workload *w, const struct result *res,
		  const struct devcheck *dc, unsigned n)
{
	for (unsigned h = 0; h < res->nhosts; h++) {	/* merged: each machine's devices */
		struct result view;
		bool seen = false;

		for (unsigned o = 0; o < h; o++)
			seen |= result_same_machine(res, o, h);
		if (seen)
			continue;	/* a lower rank's machine: shown there */
		/* the machine's ranks' targets, and its devices against all their I/O */
		for (unsigned o = h; o < res->nhosts; o++) {
			if (!result_same_machine(res, o, h))
				continue;
			result_host_view(res, o, &view);
			fprintf(f, "host %s (rank %u): ", res->hosts[o].name, o);
			devices_facts(f, w, &view);
		}
		for (unsigned e = 0; e < n; e++)
			if (result_same_machine(res, (unsigned)dc[e].host, h))
				device_counters(f, &dc[e], 1);
	}
	if (res->nhosts < 2) {
		devices_facts(f, w, res);
		device_counters(f, dc, n);
	}
}
