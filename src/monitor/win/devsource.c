/* SPDX-License-Identifier: MIT */
/*
 * devsource.c: Windows' block-device counters (monitor/devsource.h): Perfmon's
 * PhysicalDisk object through PDH, every instance at once ("\PhysicalDisk(*)\
 * ..."), by the counters' English names (any display language). A read is
 * one PdhCollectQueryData; a device's snapshot is its instance's raw values,
 * turned into struct diskstats by perfdisk.c, so that the window's deltas and
 * Perfmon's formulas are the ones Linux's counters take. Instance "N C: D:"
 * is device 0:N, named PhysicalDriveN; _Total is left out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <pdh.h>
#include <pdhmsg.h>

#include "monitor/devsource.h"
#include "monitor/perfdisk.h"
#include "util/banned.h"

enum {
	C_READS, C_WRITES, C_READ_BYTES, C_WRITE_BYTES, C_READ_TIME, C_WRITE_TIME, C_QUEUE,
	C_IDLE, C_SPLIT, C_CURRENT, NC
};

static const wchar_t *const counter_name[NC] = {
	L"Disk Reads/sec", L"Disk Writes/sec", L"Disk Read Bytes/sec", L"Disk Write Bytes/sec",
	L"Avg. Disk sec/Read", L"Avg. Disk sec/Write", L"Avg. Disk Queue Length",
	L"% Idle Time", L"Split IO/Sec", L"Current Disk Queue Length",
};

struct devsource {
	PDH_HQUERY query;
	PDH_HCOUNTER c[NC];
	uint64_t time_base;			/* Avg. Disk sec/Read's ticks a second */
	PDH_RAW_COUNTER_ITEM_W *items[NC];	/* each counter's instances, as last read */
	DWORD bytes[NC], nitems[NC];
};

static char why[256];

static const char *pdh_status(PDH_STATUS st)
{
	switch ((DWORD)st) {
	case PDH_CSTATUS_NO_OBJECT:
		return "PDH_CSTATUS_NO_OBJECT: this system has no PhysicalDisk performance object";
	case PDH_CSTATUS_NO_COUNTER:
		return "PDH_CSTATUS_NO_COUNTER: this system's PDH has no such counter";
	case PDH_NO_DATA:
		return "PDH_NO_DATA";
	case PDH_CSTATUS_NO_INSTANCE:
		return "PDH_CSTATUS_NO_INSTANCE";
	default:
		return "a PDH error";
	}
}

static int failed(const char *what, PDH_STATUS st)
{
	snprintf(why, sizeof(why), "%s: %s (0x%08lx)", what, pdh_status(st), (unsigned long)st);
	return -ENODEV;
}

int devsource_open(struct devsource **out)
{
	struct devsource *s = calloc(1, sizeof(*s));
	LONGLONG base = 0;
	PDH_STATUS st;

	if (!s)
		return -ENOMEM;
	st = PdhOpenQueryW(NULL, 0, &s->query);
	if (st != ERROR_SUCCESS) {
		free(s);
		return failed("PdhOpenQuery", st);
	}
	for (int i = 0; i < NC; i++) {
		wchar_t path[96];

		swprintf(path, 96, L"\\PhysicalDisk(*)\\%ls", counter_name[i]);
		st = PdhAddEnglishCounterW(s->query, path, 0, &s->c[i]);
		if (st != ERROR_SUCCESS) {
			char name[64];

			snprintf(name, sizeof(name), "PdhAddEnglishCounter \\PhysicalDisk(*)\\%ls",
				 counter_name[i]);
			devsource_close(s);
			return failed(name, st);
		}
	}
	if (PdhGetCounterTimeBase(s->c[C_READ_TIME], &base) != ERROR_SUCCESS || base <= 0) {
		devsource_close(s);
		return failed("PdhGetCounterTimeBase", PDH_NO_DATA);
	}
	s->time_base = (uint64_t)base;
	*out = s;
	return 0;
}

void devsource_close(struct devsource *s)
{
	if (!s)
		return;
	if (s->query)
		PdhCloseQuery(s->query);
	for (int i = 0; i < NC; i++)
		free(s->items[i]);
	free(s);
}

/* Counter i's instances into its buffer, grown as PDH asks. */
static int read_counter(struct devsource *s, int i)
{
	for (int tries = 0; tries < 4; tries++) {
		DWORD bytes = s->bytes[i], n = 0;
		PDH_STATUS st = PdhGetRawCounterArrayW(s->c[i], &bytes, &n, s->items[i]);
		PDH_RAW_COUNTER_ITEM_W *bigger;

		if (st == ERROR_SUCCESS) {
			s->nitems[i] = n;
			return 0;
		}
		if ((DWORD)st != PDH_MORE_DATA)
			return failed("PdhGetRawCounterArray", st);
		bigger = realloc(s->items[i], bytes);
		if (!bigger)
			return -ENOMEM;
		s->items[i] = bigger;
		s->bytes[i] = bytes;
	}
	return failed("PdhGetRawCounterArray", PDH_MORE_DATA);
}

int devsource_read(struct devsource *s)
{
	PDH_STATUS st = PdhCollectQueryData(s->query);
	int r;

	for (int i = 0; i < NC; i++)
		s->nitems[i] = 0;
	if (st != ERROR_SUCCESS)
		return failed("PdhCollectQueryData", st);
	for (int i = 0; i < NC; i++)
		if ((r = read_counter(s, i)))
			return r;
	return 0;
}

/* Counter i's raw value for disk n: true when PDH has a valid one. */
static bool raw_of(const struct devsource *s, int i, unsigned n, PDH_RAW_COUNTER *v)
{
	for (DWORD k = 0; k < s->nitems[i]; k++) {
		const PDH_RAW_COUNTER_ITEM_W *it = &s->items[i][k];
		char name[64];

		if (!it->szName || !WideCharToMultiByte(CP_UTF8, 0, it->szName, -1, name,
							sizeof(name), NULL, NULL) ||
		    perfdisk_instance_disk(name) != (int)n)
			continue;
		*v = it->RawValue;
		return it->RawValue.CStatus == PDH_CSTATUS_VALID_DATA ||
		       it->RawValue.CStatus == PDH_CSTATUS_NEW_DATA;
	}
	return false;
}

static uint64_t u64(LONGLONG v)
{
	return v > 0 ? (uint64_t)v : 0;
}

int devsource_find(struct devsource *s, unsigned major, unsigned minor, struct diskstats *d)
{
	PDH_RAW_COUNTER v[NC];
	struct perfdisk_raw r;
	char name[32];

	if (major)
		return -ENOENT;
	for (int i = 0; i < NC; i++)
		if (!raw_of(s, i, minor, &v[i])) {
			snprintf(why, sizeof(why), "PDH's PhysicalDisk has no valid counters for an "
				 "instance \"%u ...\"", minor);
			return -ENOENT;
		}
	memset(&r, 0, sizeof(r));
	r.reads = u64(v[C_READS].FirstValue);
	r.writes = u64(v[C_WRITES].FirstValue);
	r.read_bytes = u64(v[C_READ_BYTES].FirstValue);
	r.write_bytes = u64(v[C_WRITE_BYTES].FirstValue);
	r.read_time = u64(v[C_READ_TIME].FirstValue);
	r.write_time = u64(v[C_WRITE_TIME].FirstValue);
	r.time_base = s->time_base;
	r.queue_time = u64(v[C_QUEUE].FirstValue);
	r.idle = u64(v[C_IDLE].FirstValue);
	r.stamp = u64(v[C_IDLE].SecondValue);	/* its own 100 ns clock; else the collection's */
	if (!r.stamp)
		r.stamp = (uint64_t)v[C_IDLE].TimeStamp.dwHighDateTime << 32 |
			  v[C_IDLE].TimeStamp.dwLowDateTime;
	r.splits = u64(v[C_SPLIT].FirstValue);
	r.current_queue = (uint32_t)u64(v[C_CURRENT].FirstValue);
	snprintf(name, sizeof(name), "PhysicalDrive%u", minor);
	perfdisk_to_diskstats(&r, minor, name, d);
	return 0;
}

int devsource_each(struct devsource *s, int (*fn)(const struct diskstats *d, void *arg), void *arg)
{
	for (DWORD k = 0; k < s->nitems[C_READS]; k++) {
		const PDH_RAW_COUNTER_ITEM_W *it = &s->items[C_READS][k];
		struct diskstats d;
		char name[64];
		int n, r;

		if (!it->szName || !WideCharToMultiByte(CP_UTF8, 0, it->szName, -1, name,
							sizeof(name), NULL, NULL))
			continue;
		n = perfdisk_instance_disk(name);
		if (n >= 0 && !devsource_find(s, 0, (unsigned)n, &d) && (r = fn(&d, arg)))
			return r;
	}
	return 0;
}

const char *devsource_name(void)
{
	return "Perfmon's PhysicalDisk (PDH)";
}

const char *devsource_why(void)
{
	return why;
}
