/* SPDX-License-Identifier: MIT */
/* perfdisk.c: Perfmon's raw PhysicalDisk counters as struct diskstats (perfdisk.h). */
#include <stdio.h>
#include <string.h>

#include "monitor/perfdisk.h"
#include "util/banned.h"

/* ticks of base a second, in milliseconds, without overflow; kept modulo 2^32 as Linux's are */
static uint32_t ms_of(uint64_t ticks, uint64_t base)
{
	if (!base)
		return 0;
	return (uint32_t)(ticks / base * 1000 + ticks % base * 1000 / base);
}

void perfdisk_to_diskstats(const struct perfdisk_raw *r, unsigned disk, const char *name,
			   struct diskstats *d)
{
	memset(d, 0, sizeof(*d));
	d->major = 0;
	d->minor = disk;
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->nfields = 11;
	d->rd_ios = r->reads;
	d->wr_ios = r->writes;
	d->rd_sectors = r->read_bytes / 512;
	d->wr_sectors = r->write_bytes / 512;
	d->rd_ticks = ms_of(r->read_time, r->time_base);
	d->wr_ticks = ms_of(r->write_time, r->time_base);
	d->time_in_queue = ms_of(r->queue_time, 10000000);
	d->io_ticks = ms_of(r->stamp >= r->idle ? r->stamp - r->idle : 0, 10000000);
	d->in_flight = r->current_queue;
	d->split_ios = r->splits;
	d->splits = true;
}

int perfdisk_instance_disk(const char *instance)
{
	unsigned n = 0;
	const char *p = instance;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (unsigned)(*p - '0');
		if (n > 1u << 20)
			return -1;
	}
	return *p == 0 || *p == ' ' ? (int)n : -1;
}
