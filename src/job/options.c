/* SPDX-License-Identifier: MIT */
/* options.c: the one table of iobench's own options, and what every front end shares of it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "job/fiojob.h"
#include "job/options.h"
#include "job/units.h"
#include "platform/affinity.h"
#include "platform/host.h"
#include "util/errmsg.h"
#include "util/banned.h"

#define D FRONT_DISKSPD
#define F FRONT_FIO
#define Q FRONT_QUICK
#define M FRONT_MONITOR
#define R FRONT_REPORT
#define P FRONT_PRESET
#define S FRONT_SWEEP
#define K FRONT_COMPARE
#define X FRONT_DISKS

const struct option_def options[] = {
	{ 'b', "block-size", ARG_REQ, O_BLOCK, D | S, "SIZE  block size (default 64K; sweep: a list, 4K,64K,1M, or a range, 4K..1M, doubling)" },
	{ 0, "bs", ARG_REQ, O_SWEEP_BS, S, "LIST  sweep: the block sizes (as --block-size)" },
	{ 'c', "create-size", ARG_REQ, O_CREATE, D, "SIZE  create the file target at SIZE, filled with random data" },
	{ 'd', "duration", ARG_REQ, O_DURATION, D | Q | M | P, "SEC   measured duration (default 10; quick: 5 per test; preset: its own; monitor: until Ctrl-C)" },
	{ 'W', "warmup", ARG_REQ, O_WARMUP, D | Q | P, "SEC   warm-up before measuring (default 5; quick: 1 per test; preset: its own)" },
	{ 'C', "cooldown", ARG_REQ, O_COOLDOWN, D, "SEC   cool-down after measuring (default 0)" },
	{ 'o', "outstanding", ARG_REQ, O_OUTSTANDING, D | S, "N     I/Os in flight per thread per target (default 2; sweep: a list, 1,2,4..256: a range doubles)" },
	{ 0, "qd", ARG_REQ, O_SWEEP_QD, S, "LIST  sweep: the queue depths (as --outstanding)" },
	{ 't', "threads", ARG_REQ, O_THREADS, D | S, "N     threads per target (default 1; sweep: a list; with -F, -F's count)" },
	{ 'F', "total-threads", ARG_REQ, O_POOL, D, "N     N threads in all, each working on every target" },
	{ 'O', "thread-outstanding", ARG_REQ, O_POOL_REQUESTS, D, "N     with -F: I/Os in flight per thread, shared by its targets (each I/O to one picked at random; -o is then unused)" },
	{ 'r', "random", ARG_OPT, O_RAND, D, "[ALIGN] random I/O aligned to ALIGN (default: block size)" },
	{ 's', "sequential", ARG_OPT, O_SEQ, D, "[STRIDE] sequential I/O (the default), stride default: block size" },
	{ 'w', "write", ARG_REQ, O_WRITE, D | S, "PCT   percentage of writes (default 0; sweep: a list, 0,30,100, or a range A..B:STEP)" },
	{ 'S', "caching", ARG_OPT, O_CACHING, D, "[bhmruw] b buffered, u/r O_DIRECT, w O_DSYNC, h = uw, m memory-mapped (the mmap engine); -S alone = -Su; each once (DiskSpd's rules)" },
	{ 'h', "disable-caching", ARG_NONE, O_NOCACHE, D, "      same as -Sh (a bare 'iobench -h' prints this help)" },
	{ 'D', "interval", ARG_OPT, O_INTERVAL, D | M, "[MS]  series interval in ms (default 1000; monitor: a row each); -D also prints IopsStdDev" },
	{ 'L', "latency", ARG_NONE, O_LATENCY, D, "      DiskSpd's latency columns and percentiles in its layouts (iobench measures latency always)" },
	{ 'z', "seed", ARG_OPT, O_SEED, D, "[N]   random seed (default 0; -z alone: from the clock)" },
	{ 'T', "thread-stride", ARG_REQ, O_TSTRIDE, D, "SIZE  thread k starts at base + k*SIZE (sequential)" },
	{ 'B', "base-offset", ARG_REQ, O_BASE, D, "SIZE[:LEN] first byte of the range used" },
	{ 'f', "max-offset", ARG_REQ, O_MAXOFF, D, "SIZE  end of the range used (exclusive)" },
	{ 'Z', "zero-buffers", ARG_NONE, O_ZERO, D, "      write zeros (-Zr: random data in every write, -Z<size>: see --random-buffer)" },
	{ 0, "random-buffer", ARG_REQ, O_SOURCEBUF, D, "SIZE  writes take blocks from a SIZE buffer of random data (-Z<size>)" },
	{ 0, "pattern", ARG_REQ, O_PATTERN, D, "PAT   writes carry PAT repeated: 0x-prefixed hex, or text (up to 64 bytes)" },
	{ 0, "compress", ARG_REQ, O_COMPRESS, D, "PCT   writes are PCT% compressible (zeros in every 512 bytes)" },
	{ 0, "dedupe", ARG_REQ, O_DEDUPE, D, "PCT   PCT% of writes carry one same block (the rest stay unique)" },
	{ 'I', "io-priority", ARG_REQ, O_IOPRIO, D, "N     DiskSpd's I/O priority hint: 1 very low (ioprio class idle), 2 low (best-effort, level 7), 3 normal (not set: the default)" },
	{ 'l', "large-pages", ARG_NONE, O_LARGE_PAGES, D, "      I/O buffers on huge pages (MAP_HUGETLB; needs /proc/sys/vm/nr_hugepages)" },
	{ 'v', "verbose", ARG_NONE, O_VERBOSE, D, "      DiskSpd's verbose mode: each thread's CPU, targets and seed, and every phase, on stderr" },
	{ 'P', "progress", ARG_OPT, O_PROGRESS, D, "[N]   DiskSpd's progress dots: a dot on stderr for every N I/Os a thread measures (-P alone: 65536)" },
	{ 'p', "parallel-async", ARG_NONE, O_PARALLEL, D, "      DiskSpd's parallel async I/O: each of a thread's -o I/Os its own sequential run from the thread's first offset" },
	{ 'N', "map-flush", ARG_REQ, O_MAP_FLUSH, D, "v|n|i with -Sm: each write's pages written back (msync; i: without waiting), as DiskSpd's flush modes" },
	{ 'X', "profile", ARG_REQ, O_PROFILE, D, "FILE  run DiskSpd's XML profile FILE; targets after it replace its *1, *2, ... (docs/cli.md)" },
	{ 'a', "affinity", ARG_OPT, O_AFFINITY, D | F, "[CPUS] pin threads round-robin to these CPUs (0,2,4-7, or DiskSpd's g0,0,2; -a or -ag alone: all, the default)" },
	{ 'n', "no-affinity", ARG_NONE, O_NOAFFINITY, D | F, "      do not pin threads to CPUs" },
	{ 0, "engine", ARG_REQ, O_ENGINE, D | F | Q | P, "NAME  io_uring (default), libaio, psync, mmap (DiskSpd's -Sm) or null (job files: every job's ioengine)" },
	{ 0, "null-latency", ARG_REQ, O_NULL_LAT, D | F | P, "[exp:]TIME null engine: each I/O takes TIME (a modelled device); exp: a time drawn from the exponential of mean TIME" },
	{ 0, "null-servers", ARG_REQ, O_NULL_SERVERS, D | F | P, "N     null engine: the modelled device serves N I/Os at once, the rest wait their turn (default: all at once)" },
	{ 0, "null-iops", ARG_REQ, O_NULL_IOPS, D | F | P, "N     null engine: the modelled device completes at most N I/Os a second" },
	{ 0, "null-stall", ARG_REQ, O_NULL_STALL, D | F, "D/P   null engine: the modelled device stalls for D every P (100ms/1s)" },
	{ 0, "null-cliff", ARG_REQ, O_NULL_CLIFF, D | F, "SIZE:FACTOR null engine: once SIZE bytes were written (over the whole process), each write takes FACTOR times --null-latency (a fresh SSD's write cliff)" },
	{ 0, "null-wear", ARG_REQ, O_NULL_WEAR, D | F, "TIME/SIZE null engine: each write's service time grows by TIME for every SIZE written before it, without end" },
	{ 'g', "throughput", ARG_REQ, O_RATE, D, "N[i]  rate per thread per target: N bytes per ms, or with i N I/Os a second (open loop)" },
	{ 'i', "burst-size", ARG_REQ, O_BURST, D, "N     I/Os per burst, then -j's think time (needs -j)" },
	{ 'j', "think-time", ARG_REQ, O_THINK, D, "MS    think time between bursts, ms (needs -i)" },
	{ 0, "sqpoll", ARG_NONE, O_SQPOLL, D | F, "      io_uring: a kernel thread polls the submission queue" },
	{ 0, "hipri", ARG_NONE, O_HIPRI, D | F, "      io_uring: poll for completions (O_DIRECT, devices with poll queues)" },
	{ 0, "ios", ARG_REQ, O_IOS, D, "N     each thread stops after N measured I/Os (no -d)" },
	{ 0, "steady-state", ARG_OPT, O_STEADY, D, "[iops|bw|latency] run the workload in rounds until the figure (default iops; latency: each round's mean) is steady as SNIA's PTS defines it (docs/steady-state.md)" },
	{ 0, "ss-rounds", ARG_REQ, O_SS_ROUNDS, D, "N     with --steady-state: at most N rounds (default 25; at least the window)" },
	{ 0, "ss-window", ARG_REQ, O_SS_WINDOW, D, "N     with --steady-state: the Measurement Window, the last N rounds judged (default 5; at least 2)" },
	{ 0, "offset-trace", ARG_REQ, O_OFFSET_TRACE, D, "PREFIX each thread's measured I/Os, one row each with its offset, in PREFIX_lat.N.log (fio's write_lat_log layout)" },
	{ 0, "size", ARG_REQ, O_SIZE, Q | P, "SIZE  the quick suite's or the preset's test file (default 1G; preset: its own), or the range of a device" },
	{ 0, "list", ARG_NONE, O_LIST, P, "      preset: list the presets (name, what each runs, how long it takes)" },
	{ 0, "fast", ARG_NONE, O_FAST, P, "      preset: its fast mode (SQLIO's FastMode: 10 s a test)" },
	{ 0, "fill-free-space", ARG_NONE, O_FILL_FREE, P, "      preset: confirms a test file as large as the file system's free space (Iometer's Maximum Disk Size 0)" },
	{ 0, "pause", ARG_REQ, O_PAUSE, P, "SEC   preset: the pause between two runs (default: the preset's, CrystalDiskMark's 5 s)" },
	{ 0, "slo", ARG_REQ, O_SLO, S, "PCT:TIME the knee: the most IOPS whose latency PCT (p99, p99.9, p50, mean) stays within TIME (p99:1ms)" },
	{ 0, "curve", ARG_OPT, O_CURVE, S, "[PCTS] VDBench's curve: the maximum rate first, then these % of it open-loop (default 10,50,70,80,90,100)" },
	{ 0, "search", ARG_OPT, O_SEARCH, S, "[MAX] with --slo: search the queue depth, doubling from 1 up to MAX (default 1024), then halving the gap" },
	{ 0, "csv", ARG_REQ, O_CSV, S, "FILE  sweep: the points as CSV, a line each" },
	{ 0, "keep", ARG_NONE, O_KEEP, D | F | Q | P, "      keep the files iobench created" },
	{ 0, "allow-device-write", ARG_NONE, O_ALLOWDEV, D | F | Q | P, "      allow writes to a block device (destroys its data)" },
	{ 0, "destroy-signature", ARG_REQ, O_DESTROY_SIG, D | F, "TYPE  also write a device carrying a TYPE signature (ext4, gpt, ...)" },
	{ 0, "dismount", ARG_NONE, O_DISMOUNT, D | F, "      Windows: lock and dismount the mounted volumes a device write needs, for the run" },
	{ 0, "overwrite", ARG_NONE, O_OVERWRITE, D | F | Q | P, "      allow writing a file that iobench did not create" },
	{ 0, "continue-on-error", ARG_OPT, O_CONTINUE, D | F, "[read|write|verify|all] count errors and go on (default all)" },
	{ 0, "verify", ARG_NONE, O_VERIFY, D | F, "      write checkable blocks (header + xxh3), check every block read" },
	{ 0, "read-only", ARG_NONE, O_READONLY, D | F, "      refuse every write (and file creation), whatever else is asked" },
	{ 0, "readonly", ARG_NONE, O_READONLY, F, "      fio's spelling of --read-only" },
	{ 'R', "output-format", ARG_REQ, O_FORMAT, D | F | M | R | P | S | K | X, "FMT   text (default), json (iobench's schema) or xml (DiskSpd's XML results) on stdout (-Rjson, -Rxml); -Rp prints the workload (-Rpxml: as DiskSpd's XML profile); job files: normal, terse, json and json+ are fio's layouts (or a comma list of them), iobench-json iobench's; report: also fio-json(+), csv, xml; preset and sweep: text, json; compare: text, csv, markdown, json; disks: text, json" },
	{ 0, "output", ARG_REQ, O_OUTPUT, F, "FILE  the report to FILE instead of stdout" },
	{ 0, "force", ARG_NONE, O_FORCE, K, "      compare: compare results of different workloads (or points that do not all match)" },
	{ 0, "label", ARG_REQ, O_LABEL, D | F | P, "TEXT  the run's name, kept in its JSON: iobench compare heads its column with it" },
	{ 0, "json", ARG_REQ, O_JSON, D | F | P | S, "FILE  also write the JSON document to FILE" },
	{ 0, "html", ARG_REQ, O_HTML, D | F | Q | P | S | R | K, "FILE  also write the HTML report to FILE: one self-contained page with the charts (report: of the files given, several side by side)" },
	{ 0, "series-csv", ARG_REQ, O_SERIES_CSV, D | F | M, "FILE  write the per-interval series to FILE as CSV (monitor: its rows)" },
	{ 0, "job", ARG_REQ, O_JOB, F, "FILE  a job file, as naming FILE does" },
	{ 0, "quiet", ARG_NONE, O_QUIET, D | F | Q | P, "      no progress messages on stderr" },
	{ 0, "print-workload", ARG_NONE, O_PRINT, D | F | P | S, "      print the effective workload and exit (-Rp); runs nothing" },
	{ 0, "parse-only", ARG_NONE, O_PARSE_ONLY, F, "      fio's: read and check the job files, run nothing" },
	{ 0, "minimal", ARG_NONE, O_MINIMAL, F, "      fio's: the terse layout (--output-format=terse)" },
	{ 0, "terse-version", ARG_REQ, O_TERSE_VERSION, F, "N     fio's: the terse layout's version, 2 to 5 (default 3)" },
	{ 0, "status-interval", ARG_REQ, O_STATUS_INTERVAL, F, "TIME  fio's: the report so far, in the output format, every TIME of the run (seconds, or with a unit)" },
	{ 0, "eta", ARG_REQ, O_ETA, F, "WHEN  fio's: the live progress line on a terminal (auto), always, or never" },
	{ 0, "eta-newline", ARG_REQ, O_ETA_NEWLINE, F, "TIME  fio's: the progress line also ends in a new line every TIME (seconds, or with a unit)" },
	{ 0, "eta-interval", ARG_REQ, O_ETA_INTERVAL, F, "TIME  fio's: redraw the progress line every TIME (at least 250 ms, as fio; without it every 200 ms)" },
	{ 0, "all", ARG_NONE, O_ALL, X, "      disks: also devices of size 0 (a loop or zram device not set up, a drive without a medium) and RAM disks" },
	{ '?', "help", ARG_NONE, O_HELP, FRONT_ALL, "      this help" },
	{ 0, "version", ARG_NONE, O_VERSION, D | F, "      print the version" },
};

#undef D
#undef F
#undef Q
#undef M
#undef R
#undef P
#undef S
#undef K
#undef X

const unsigned noptions = sizeof(options) / sizeof(options[0]);

const struct option_def *option_long(const char *name, size_t len)
{
	for (unsigned i = 0; i < noptions; i++)
		if (strlen(options[i].name) == len && !strncmp(options[i].name, name, len))
			return &options[i];
	return NULL;
}

const struct option_def *option_short(char c)
{
	for (unsigned i = 0; c && i < noptions; i++)
		if (options[i].letter == c)
			return &options[i];
	return NULL;
}

const char *option_front_name(unsigned front)
{
	switch (front) {
	case FRONT_DISKSPD: return "the DiskSpd command line";
	case FRONT_FIO: return "fio job files";
	case FRONT_QUICK: return "iobench quick";
	case FRONT_MONITOR: return "iobench monitor";
	case FRONT_PRESET: return "iobench preset";
	case FRONT_SWEEP: return "iobench sweep";
	case FRONT_COMPARE: return "iobench compare";
	case FRONT_DISKS: return "iobench disks";
	default: return "iobench report";
	}
}

int option_refuse(const struct option_def *o, const char *flag, unsigned front, char *err,
		  size_t len)
{
	char where[160] = "";
	size_t at = 0;
	unsigned n = 0, k = 0;

	for (unsigned b = 1; b <= FRONT_LAST; b <<= 1)
		n += !!(o->fronts & b);
	for (unsigned b = 1; b <= FRONT_LAST; b <<= 1) {
		if (!(o->fronts & b))
			continue;
		k++;
		at += (size_t)snprintf(where + at, sizeof(where) - at, "%s%s",
				       k == 1 ? "" : k == n ? " and " : ", ", option_front_name(b));
		if (at >= sizeof(where))
			break;
	}
	return errmsg(err, len, -EINVAL, "'%s' is an option of %s, not of %s", flag, where,
		      option_front_name(front));
}

void option_usage(FILE *f, unsigned front)
{
	for (unsigned i = 0; i < noptions; i++) {
		const struct option_def *o = &options[i];
		char s[8] = "    ";
		char l[40];

		if (!(o->fronts & front))
			continue;
		if (o->letter && front != FRONT_FIO)	/* job files take long forms only */
			snprintf(s, sizeof(s), "-%c, ", o->letter);
		snprintf(l, sizeof(l), "--%s%s", o->name,
			 o->arg == ARG_REQ ? "=" : o->arg == ARG_OPT ? "[=]" : "");
		fprintf(f, "  %s%-22s %s\n", s, l, o->help);
	}
}

/* A copy of v into *dst (freeing what was there). */
static int set_text(char **dst, const char *v, char *err, size_t len)
{
	char *s = strdup(v);

	if (!s)
		return errmsg(err, len, -ENOMEM, "out of memory");
	free(*dst);
	*dst = s;
	return 0;
}

static int set_affinity(struct workload *w, const char *flag, const char *v, char *err,
			size_t len)
{
	int cpus[AFFINITY_MAX], *list;
	int count;

	if (!v || !*v || !strcmp(v, "g"))	/* DiskSpd's -a, -ag: round-robin over all CPUs, the default */
		return 0;
	if (v[0] == 'g')
		return errmsg(err, len, -EINVAL, "%s%s: processor groups are a Windows notion: list "
			      "CPUs, e.g. -a0,2", flag, v);
	count = affinity_parse(v, cpus, err, len);
	if (count < 0)
		return -EINVAL;
	list = malloc((size_t)count * sizeof(*list));
	if (!list)
		return errmsg(err, len, -ENOMEM, "out of memory");
	memcpy(list, cpus, (size_t)count * sizeof(*cpus));
	free(w->affinity);
	w->affinity = list;
	w->naffinity = (unsigned)count;
	return 0;
}

/* fio's --eta-newline and --eta-interval: a time, in seconds without a unit (fio's check_str_time). */
static int eta_time(struct workload *w, const struct option_def *o, const char *flag,
		    const char *v, char *err, size_t len)
{
	uint64_t ns;
	bool interval = o->id == O_ETA_INTERVAL;

	if (fio_parse_time(v, 1000000000ull, &ns))
		return errmsg(err, len, -EINVAL, "%s=%s: not a time (seconds, or with a unit: "
			      "500ms, 2s)", flag, v);
	if (ns < (interval ? 250000000ull : 1000000ull))
		return errmsg(err, len, -EINVAL, "%s=%s: too short (at least %s, as in fio)", flag, v,
			      interval ? "250 ms" : "1 ms");
	*(interval ? &w->eta_interval_ns : &w->eta_newline_ns) = ns;
	return 0;
}

/* --null-stall=D/P: a stall shorter than its period of up to an hour. */
static int null_stall(struct workload *w, const char *flag, const char *v, char *err, size_t len)
{
	const char *slash = strchr(v, '/');
	char d[64];

	if (!slash || (size_t)(slash - v) >= sizeof(d))
		return errmsg(err, len, -EINVAL, "%s: '%s' is not STALL/PERIOD (e.g. 100ms/1s)",
			      flag, v);
	memcpy(d, v, (size_t)(slash - v));
	d[slash - v] = 0;
	if (parse_time(d, &w->null_stall_ns) || parse_time(slash + 1, &w->null_period_ns) ||
	    !w->null_stall_ns || w->null_period_ns <= w->null_stall_ns ||
	    w->null_period_ns > 3600000000000ull)
		return errmsg(err, len, -EINVAL, "%s: '%s' is not STALL/PERIOD, a stall shorter "
			      "than its period of up to an hour (e.g. 100ms/1s)", flag, v);
	return 0;
}

/* --null-cliff=SIZE:FACTOR: a size above 0, a factor from 1 to 1000000. */
static int null_cliff(struct workload *w, const char *flag, const char *v, char *err, size_t len)
{
	const char *colon = strchr(v, ':');
	char size[64], *end;
	double f;

	if (!colon || (size_t)(colon - v) >= sizeof(size))
		return errmsg(err, len, -EINVAL, "%s: '%s' is not SIZE:FACTOR (e.g. 1G:3)", flag, v);
	memcpy(size, v, (size_t)(colon - v));
	size[colon - v] = 0;
	if (parse_size(size, &w->null_cliff_bytes, NULL) || !w->null_cliff_bytes)
		return errmsg(err, len, -EINVAL, "%s: '%s' is not a size above 0 (e.g. 1G:3)", flag,
			      size);
	errno = 0;
	f = strtod(colon + 1, &end);
	if (errno || end == colon + 1 || *end || !(f >= 1 && f <= 1e6))
		return errmsg(err, len, -EINVAL, "%s: '%s' is not a factor from 1 to 1000000 (e.g. "
			      "1G:3, 1G:2.5)", flag, colon + 1);
	w->null_cliff_factor = f;
	return 0;
}

/* --null-wear=TIME/SIZE: a time up to an hour above 0, a size above 0. */
static int null_wear(struct workload *w, const char *flag, const char *v, char *err, size_t len)
{
	const char *slash = strchr(v, '/');
	char t[64];

	if (!slash || (size_t)(slash - v) >= sizeof(t))
		return errmsg(err, len, -EINVAL, "%s: '%s' is not TIME/SIZE (e.g. 10us/1M)", flag, v);
	memcpy(t, v, (size_t)(slash - v));
	t[slash - v] = 0;
	if (parse_time(t, &w->null_wear_ns) || !w->null_wear_ns ||
	    w->null_wear_ns > 3600000000000ull)
		return errmsg(err, len, -EINVAL, "%s: '%s' is not a time above 0 up to an hour (e.g. "
			      "10us/1M)", flag, t);
	if (parse_size(slash + 1, &w->null_wear_bytes, NULL) || !w->null_wear_bytes)
		return errmsg(err, len, -EINVAL, "%s: '%s' is not a size above 0 (e.g. 10us/1M)",
			      flag, slash + 1);
	return 0;
}

int option_apply_run(const struct option_def *o, const char *flag, const char *v,
		     struct workload *w, char *err, size_t len)
{
	switch (o->id) {
	case O_ENGINE:
		w->engine = engine_name(v);
		if (!w->engine)
			return errmsg(err, len, -EINVAL, "%s: unknown engine '%s' (use io_uring, libaio, "
				      "psync, mmap or null)", flag, v);
		return 0;
	case O_NULL_LAT:
		w->null_lat_exp = !strncmp(v, "exp:", 4);
		if (parse_time(v + (w->null_lat_exp ? 4 : 0), &w->null_lat_ns) ||
		    w->null_lat_ns > 3600000000000ull || (w->null_lat_exp && !w->null_lat_ns))
			return errmsg(err, len, -EINVAL, "%s: '%s' is not a time up to an hour (e.g. "
				      "500us, 2ms), or exp: and a mean above 0 (exp:1ms)", flag, v);
		return 0;
	case O_NULL_SERVERS: {
		uint64_t n;
		int r = parse_uint(v, 65536, &n);

		if (r || !n)
			return errmsg(err, len, -EINVAL, "%s: '%s' is not a number of servers from 1 "
				      "to 65536", flag, v);
		w->null_servers = (unsigned)n;
		return 0;
	}
	case O_NULL_IOPS: {
		int r = parse_uint(v, 1000000000, &w->null_iops);

		if (r == -EINVAL)
			return errmsg(err, len, -EINVAL, "%s: '%s' is not a whole number", flag, v);
		if (r || !w->null_iops)
			return errmsg(err, len, -EINVAL, "%s: %s is out of range (1 to 1000000000)",
				      flag, v);
		return 0;
	}
	case O_NULL_STALL: return null_stall(w, flag, v, err, len);
	case O_NULL_CLIFF: return null_cliff(w, flag, v, err, len);
	case O_NULL_WEAR: return null_wear(w, flag, v, err, len);
	case O_KEEP: w->keep = true; return 0;
	case O_ALLOWDEV: w->allow_device_write = true; return 0;
	case O_DISMOUNT:
		if (strcmp(host_platform(), "windows"))
			return errmsg(err, len, -EINVAL, "%s: locking and dismounting volumes is "
				      "Windows'; on Linux a mounted device is never written: unmount "
				      "it first (umount)", flag);
		w->dismount = true;
		return 0;
	case O_OVERWRITE: w->overwrite = true; return 0;
	case O_READONLY: w->read_only = true; return 0;
	case O_VERIFY: w->verify = true; return 0;
	case O_QUIET: w->quiet = true; return 0;
	case O_NOAFFINITY: w->no_affinity = true; return 0;
	case O_SQPOLL: w->sqpoll = true; return 0;
	case O_HIPRI: w->hipri = true; return 0;
	case O_CONTINUE:
		if (!v || !*v || !strcmp(v, "all"))
			w->continue_on_error = CONTINUE_READ | CONTINUE_WRITE | CONTINUE_VERIFY;
		else if (!strcmp(v, "verify"))
			w->continue_on_error = CONTINUE_VERIFY;
		else if (!strcmp(v, "read"))
			w->continue_on_error = CONTINUE_READ;
		else if (!strcmp(v, "write"))
			w->continue_on_error = CONTINUE_WRITE;
		else
			return errmsg(err, len, -EINVAL, "%s: '%s' is not read, write, verify or all",
				      flag, v);
		return 0;
	case O_JSON: return set_text(&w->json_path, v, err, len);
	case O_LABEL: return set_text(&w->label, v, err, len);
	case O_HTML: return set_text(&w->html_path, v, err, len);
	case O_SERIES_CSV: return set_text(&w->series_csv, v, err, len);
	case O_DESTROY_SIG: return set_text(&w->destroy_signature, v, err, len);
	case O_AFFINITY: return set_affinity(w, flag, v, err, len);
	case O_ETA:
		if (strcmp(v, "auto") && strcmp(v, "always") && strcmp(v, "never"))
			return errmsg(err, len, -EINVAL, "%s=%s: use auto, always or never (fio's)",
				      flag, v);
		w->eta = !strcmp(v, "always") ? 1 : !strcmp(v, "never") ? -1 : 0;
		return 0;
	case O_ETA_NEWLINE:
	case O_ETA_INTERVAL:
		return eta_time(w, o, flag, v, err, len);
	default:
		return 1;
	}
}

void cmdline_normalize_dash(char *arg)
{
	static const char *dashes[] = { "\xe2\x80\x93", "\xe2\x80\x94", "\xe2\x88\x92" };

	for (int n = 0; n < 2; n++) {
		size_t i;

		for (i = 0; i < 3; i++)
			if (!strncmp(arg + n, dashes[i], 3))
				break;
		if (i == 3)
			return;
		arg[n] = '-';
		memmove(arg + n + 1, arg + n + 3, strlen(arg + n + 3) + 1);
	}
}

/* Where a front end's help is: "iobench --help", "iobench quick --help", ... */
static const char *help_of(unsigned front)
{
	switch (front) {
	case FRONT_QUICK: return "iobench quick --help";
	case FRONT_MONITOR: return "iobench monitor --help";
	case FRONT_REPORT: return "iobench report --help";
	case FRONT_PRESET: return "iobench preset --help";
	case FRONT_SWEEP: return "iobench sweep --help";
	case FRONT_COMPARE: return "iobench compare --help";
	case FRONT_DISKS: return "iobench disks --help";
	default: return "iobench --help";
	}
}

int option_next(int argc, char **argv, int *i, unsigned front, const struct option_def **o,
		const char **v, char *flag, size_t flen, char *err, size_t len)
{
	char *a = argv[*i];

	cmdline_normalize_dash(a);
	*v = NULL;
	if (a[0] != '-' || !a[1])
		return 1;
	if (a[1] != '-') {
		/* where no workload is, -h asks for help (as a bare 'iobench -h' does) */
		*o = !strcmp(a, "-h") && front != FRONT_DISKSPD ? option_short('?') : option_short(a[1]);
		snprintf(flag, flen, "-%c", a[1]);
		if (!*o)
			return errmsg(err, len, -EINVAL, "unknown option '%s' (see %s)", a,
				      help_of(front));
		if (!((*o)->fronts & front))
			return option_refuse(*o, flag, front, err, len);
		if (a[2])
			*v = a + 2;
		if ((*o)->arg == ARG_NONE && *v)
			return errmsg(err, len, -EINVAL, "unknown option '%s' ('%s' takes no value)", a,
				      flag);
		if ((*o)->arg == ARG_REQ && !*v)
			return errmsg(err, len, -EINVAL, "'%s' needs a value attached, as in %s%s", flag,
				      flag, (*o)->id == O_FORMAT ? "json" : "4");
		return 0;
	}
	{
		const char *name = a + 2, *eq = strchr(name, '=');
		size_t n = eq ? (size_t)(eq - name) : strlen(name);

		*o = option_long(name, n);
		snprintf(flag, flen, "--%.*s", (int)n, name);
		if (!*o)
			return errmsg(err, len, -EINVAL, "unknown option '%s' (see %s)", flag,
				      help_of(front));
		if (!((*o)->fronts & front))
			return option_refuse(*o, flag, front, err, len);
		*v = eq ? eq + 1 : NULL;
		if ((*o)->arg == ARG_NONE && *v)
			return errmsg(err, len, -EINVAL, "'%s' takes no value", flag);
		if ((*o)->arg == ARG_REQ && !*v && *i + 1 < argc)
			*v = argv[++*i];
		if ((*o)->arg == ARG_REQ && (!*v || !**v))
			return errmsg(err, len, -EINVAL, "'%s' needs a value", flag);
		return 0;
	}
}
