/* SPDX-License-Identifier: MIT */
/*
 * job_cmd.c: `iobench FILE.fio... [--option=value...]`: fio job files, with
 * fio's --name=value overrides for every job, run group after group.
 * iobench's own options are those of the shared table (job/options.h) that
 * job files take, with the meanings they have everywhere; the run options
 * among them apply to every group. Any other --name=value is fio's.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "core/hold.h"
#include "core/ranked.h"
#include "core/run.h"
#include "engine/engine.h"
#include "job/cmdline.h"
#include "job/fiojob.h"
#include "job/jobfile.h"
#include "platform/blockdev.h"
#include "platform/memfile.h"
#include "report/report.h"
#include "util/errmsg.h"
#include "platform/outfile.h"
#include "version.h"
#include "util/banned.h"

enum out_format { OUT_TEXT, OUT_JSON, OUT_FIO, OUT_CSV, OUT_HTML };

/* fio's layouts (OUT_FIO), any of them at once: fio prints them in this order. */
#define FIO_TERSE 1u
#define FIO_JSON 2u
#define FIO_JSON_PLUS 4u	/* with FIO_JSON: json+ */
#define FIO_NORMAL 8u

struct job_args {
	const char **files;
	unsigned nfiles;
	struct jf_opt *over;		/* fio options: every job's defaults, as in fio */
	unsigned nover;
	struct jf_opt *force;		/* applied over everything: iobench's --engine */
	unsigned nforce;
	enum out_format format;
	unsigned fio_layouts;		/* OUT_FIO: FIO_* */
	int terse_version;		/* fio's --terse-version: 2 to 5 (0: fio's default, 3) */
	uint64_t status_ns;		/* fio's --status-interval: the report so far this often; 0 none */
	const char *output, *json_path, *series_csv, *html_path;
	bool print_workload;
	bool parse_only;		/* fio's --parse-only: the job files read and planned, nothing run */
	bool named;			/* a --name: jobs given on the command line, as fio's */
	struct workload run;		/* the run options given (option_apply_run) */
	bool given[O_COUNT_];		/* ... which of them */
};

/* fio command-line options (not job options) that iobench does not take. */
static const char *const fio_cli_only[] = {
	"section", "showcmd", "client", "server", "daemonize",
	"append-terse", "bandwidth-log", "latency-log", "debug", "idle-prof", "inflate-log", "cpuclock-test",
	"crctest", "max-jobs", "warnings-fatal", "alloc-size", "aux-path", "trigger",
	"trigger-file", "trigger-timeout", "trigger-remote",
};

/*
 * Whether the file at path reads as a fio job file: a regular file whose
 * first line that is not blank or a comment is a [section], with no NUL in
 * its first 4 KiB. Only read, never written.
 */
static bool reads_as_job_file(const char *path)
{
	char buf[4096];
	struct stat st;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	const char *p, *end;

	if (fd < 0)
		return false;
	n = fstat(fd, &st) || !S_ISREG(st.st_mode) ? -1 : read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0 || memchr(buf, 0, (size_t)n))
		return false;
	buf[n] = 0;
	for (p = buf; *p; ) {
		p += strspn(p, " \t\r\n");
		if (*p != ';' && *p != '#')
			break;
		p += strcspn(p, "\n");
	}
	end = strchr(p, ']');
	return *p == '[' && end && end < p + strcspn(p, "\n");
}

bool job_cmd_wanted(int argc, char **argv)
{
	bool diskspd = false;	/* a DiskSpd switch: the words are targets, never read */

	for (int i = 1; i < argc; i++)
		diskspd |= argv[i][0] == '-' && argv[i][1] && argv[i][1] != '-';
	for (int i = 1; i < argc; i++) {
		size_t n = strlen(argv[i]);

		if (!strncmp(argv[i], "--job=", 6) || !strncmp(argv[i], "--name=", 7) ||
		    (!strcmp(argv[i], "--name") && !diskspd))
			return true;
		if (!strcmp(argv[i], "-"))	/* a job file on stdin, as fio's "fio -" */
			return !diskspd;
		if (argv[i][0] == '-')
			continue;
		if (n > 4 && !strcasecmp(argv[i] + n - 4, ".fio"))
			return true;
		if (!diskspd && reads_as_job_file(argv[i]))
			return true;
	}
	return false;
}

/* A fio option from the command line: key (its first n bytes), with val or none, into *list. */
static int add_opt(struct jf_opt **list, unsigned *n, const char *key, size_t klen, const char *val)
{
	struct jf_opt *o = realloc(*list, (*n + 1) * sizeof(*o));

	if (!o)
		return -ENOMEM;
	*list = o;
	o = &o[*n];
	o->key = strndup(key, klen);
	o->val = val ? strdup(val) : NULL;
	o->where = strdup("command line");
	if (!o->key || (val && !o->val) || !o->where) {
		free(o->key);
		free(o->val);
		free(o->where);
		return -ENOMEM;
	}
	(*n)++;
	return 0;
}

static void free_opts(struct jf_opt *list, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		free(list[i].key);
		free(list[i].val);
		free(list[i].where);
	}
	free(list);
}

static void free_args(struct job_args *a)
{
	free_opts(a->over, a->nover);
	free_opts(a->force, a->nforce);
	free(a->files);
	workload_release(&a->run);
}

static void usage(void)
{
	printf("usage: iobench FILE.fio... [--option=value...]   (or --job=FILE)\n"
	       "  --NAME=VALUE           a fio job option, set for every job\n"
	       "iobench's own options (as on the DiskSpd command line, long forms only),\n"
	       "and fio's command-line options it takes:\n");
	option_usage(stdout, FRONT_FIO);
	printf("Every option and every difference from fio: docs/jobfiles.md\n");
}

/*
 * --output-format: fio's names mean fio's layouts (normal its text, terse, json,
 * json+), or a comma list of them as fio takes it; text is iobench's own report,
 * iobench-json its schema, each alone. Returns 0 or an exit code.
 */
static int parse_format(struct job_args *a, const char *v)
{
	static const struct { const char *name; enum out_format f; unsigned fio; } names[] = {
		{ "text", OUT_TEXT, 0 }, { "iobench-json", OUT_JSON, 0 },
		{ "normal", OUT_FIO, FIO_NORMAL }, { "json", OUT_FIO, FIO_JSON },
		{ "fio-json", OUT_FIO, FIO_JSON }, { "json+", OUT_FIO, FIO_JSON | FIO_JSON_PLUS },
		{ "terse", OUT_FIO, FIO_TERSE }, { "minimal", OUT_FIO, FIO_TERSE },
		{ "csv", OUT_FIO, FIO_TERSE },	/* fio's other names for terse */
	};
	bool list = strchr(v, ',') != NULL;

	a->fio_layouts = 0;	/* as fio's: the last --output-format says it all */
	for (const char *p = v;; p++) {	/* fio's strsep(): an empty name is bad too */
		size_t n = strcspn(p, ","), i;

		if (n == 3 && !strncmp(p, "xml", 3)) {
			fprintf(stderr, "iobench: --output-format=%s: xml is DiskSpd's XML results, "
				"of the DiskSpd command line (iobench -Rxml ... TARGET); fio has no "
				"such layout\n", v);
			return EXIT_BAD_INPUT;
		}

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (strlen(names[i].name) == n && !strncmp(p, names[i].name, n))
				break;
		if (i == sizeof(names) / sizeof(names[0])) {
			fprintf(stderr, "iobench: --output-format=%s: '%.*s': use normal, terse, json or "
				"json+ (fio's layouts, or a comma list of them), text (iobench's "
				"report) or iobench-json (iobench's schema)\n", v, (int)n, p);
			return EXIT_BAD_INPUT;
		}
		if (list && !names[i].fio) {
			fprintf(stderr, "iobench: --output-format=%s: %s is iobench's own and goes alone; "
				"a list is of fio's layouts (normal, terse, json, json+)\n", v,
				names[i].name);
			return EXIT_BAD_INPUT;
		}
		a->format = names[i].f;
		a->fio_layouts |= names[i].fio;
		p += n;
		if (!*p)
			return 0;
	}
}

/* One of iobench's own options. Returns 0, -1 after --help or --version, or an exit code. */
static int own_option(struct job_args *a, const struct option_def *o, const char *flag,
		      const char *v)
{
	char err[512];

	switch (o->id) {
	case O_JOB:
		a->files[a->nfiles++] = v;
		return 0;
	case O_FORMAT:
		return parse_format(a, v);
	case O_OUTPUT: a->output = v; return 0;
	case O_JSON: a->json_path = v; return 0;
	case O_HTML: a->html_path = v; return 0;
	case O_SERIES_CSV: a->series_csv = v; return 0;
	case O_PRINT: a->print_workload = true; return 0;
	case O_PARSE_ONLY: a->parse_only = true; return 0;
	case O_MINIMAL:		/* as fio's --minimal: terse alone */
		a->format = OUT_FIO;
		a->fio_layouts = FIO_TERSE;
		return 0;
	case O_STATUS_INTERVAL:	/* fio's check_str_time(): seconds without a unit */
		if (fio_parse_time(v, 1000000000ull, &a->status_ns) || a->status_ns < 1000000ull) {
			fprintf(stderr, "iobench: %s=%s: not a time of at least 1 ms (seconds, or with "
				"a unit: 500ms, 2s)\n", flag, v);
			return EXIT_BAD_INPUT;
		}
		return 0;
	case O_TERSE_VERSION:
		a->terse_version = (int)strtol(v, NULL, 10);	/* fio's atoi() */
		if (a->terse_version < 2 || a->terse_version > 5) {
			fprintf(stderr, "iobench: --terse-version=%s: fio's terse versions are 2, 3, 4 "
				"and 5\n", v);
			return EXIT_BAD_INPUT;
		}
		return 0;
	case O_HELP: usage(); return -1;
	case O_VERSION: cmd_version(); return -1;
	case O_ENGINE:	/* the engine every job runs on: fio's ioengine, set for every job */
		if (!engine_name(v)) {
			fprintf(stderr, "iobench: %s: unknown engine '%s' (use io_uring, libaio, psync "
				"or null)\n", flag, v);
			return EXIT_BAD_INPUT;
		}
		return add_opt(&a->force, &a->nforce, "ioengine", strlen("ioengine"), v) ?
		       EXIT_RUN_FAILED : 0;
	default:
		if (option_apply_run(o, flag, v, &a->run, err, sizeof(err))) {
			fprintf(stderr, "iobench: %s\n", err);
			return EXIT_BAD_INPUT;
		}
		a->given[o->id] = true;
		return 0;
	}
}

/* Returns 0, -1 after printing --help, or prints the problem and returns EXIT_BAD_INPUT. */
static int parse_args(int argc, char **argv, struct job_args *a)
{
	a->files = calloc((unsigned)argc + 1u, sizeof(*a->files));
	if (!a->files) {
		fprintf(stderr, "iobench: out of memory\n");
		return EXIT_RUN_FAILED;
	}
	for (int i = 1; i < argc; i++) {
		const struct option_def *o;
		const char *s = argv[i], *v;
		char key[64], flag[80];
		size_t n;
		bool fio;

		if (s[0] != '-' || !strcmp(s, "-")) {
			a->files[a->nfiles++] = s;
			continue;
		}
		if (s[1] != '-') {
			fprintf(stderr, "iobench: %s: with a job file, options are written "
				"--name=value (fio's form)\n", s);
			return EXIT_BAD_INPUT;
		}
		s += 2;
		v = strchr(s, '=');
		n = v ? (size_t)(v - s) : strlen(s);
		v = v ? v + 1 : NULL;
		snprintf(key, sizeof(key), "%.*s", (int)n, s);
		snprintf(flag, sizeof(flag), "--%s", key);
		o = option_long(s, n);
		/* a name both tables know is iobench's, unless only fio's takes the value given
		 * (--verify is iobench's, --verify=md5 fio's) */
		fio = fio_option_known(key);
		if (o && (!(o->fronts & FRONT_FIO) || (o->arg == ARG_NONE && v)) && fio)
			o = NULL;
		if (o && !(o->fronts & FRONT_FIO)) {
			char err[256];

			option_refuse(o, flag, FRONT_FIO, err, sizeof(err));
			fprintf(stderr, "iobench: %s\n", err);
			return EXIT_BAD_INPUT;
		}
		/* as fio's getopt: an option that takes a value may have it as the next word */
		if (!v && i + 1 < argc && (o ? o->arg == ARG_REQ : fio_option_needs_value(key)))
			v = argv[++i];
		if (o && o->arg == ARG_NONE && v) {
			fprintf(stderr, "iobench: '%s' takes no value\n", flag);
			return EXIT_BAD_INPUT;
		}
		if (o && o->arg == ARG_REQ && (!v || !*v)) {
			fprintf(stderr, "iobench: '%s' needs a value\n", flag);
			return EXIT_BAD_INPUT;
		}
		if (o) {
			int r = own_option(a, o, flag, v);

			if (r)
				return r;
			continue;
		}
		a->named |= !strcmp(key, "name");	/* fio: a job of the command line's own */
		for (size_t k = 0; k < sizeof(fio_cli_only) / sizeof(fio_cli_only[0]); k++) {
			if (!strcmp(key, fio_cli_only[k])) {
				fprintf(stderr, "iobench: --%s: a fio command-line option that iobench "
					"does not implement\n", key);
				return EXIT_BAD_INPUT;
			}
		}
		if (add_opt(&a->over, &a->nover, s, n, v)) {
			fprintf(stderr, "iobench: out of memory\n");
			return EXIT_RUN_FAILED;
		}
	}
	if (a->named && a->nfiles) {
		fprintf(stderr, "iobench: --name on the command line defines a job of its own (as in "
			"fio), which iobench does not take beside a job file; put the job in a job "
			"file, or give every job on the command line\n");
		return EXIT_BAD_INPUT;
	}
	if (!a->nfiles && !a->named) {
		fprintf(stderr, "iobench: no job file given (and no --name starting a job)\n");
		return EXIT_BAD_INPUT;
	}
	return 0;
}

/* What a file a job names is, for the planner (which touches no file itself). */
static int look_file(const char *path, struct fio_file *f)
{
	struct stat st;
	int fd, r;

	f->kind = FIO_NO_FILE;
	f->size = 0;
	r = blockdev_named(path, &f->size);
	if (r) {
		f->kind = r > 0 ? FIO_BLOCK : FIO_NO_FILE;
		return r > 0 ? 0 : r;
	}
	if (stat(path, &st))
		return errno == ENOENT ? 0 : -errno;
	f->kind = S_ISREG(st.st_mode) ? FIO_REGULAR : S_ISBLK(st.st_mode) ? FIO_BLOCK :
		  S_ISDIR(st.st_mode) ? FIO_DIR : S_ISFIFO(st.st_mode) ? FIO_FIFO :
		  S_ISCHR(st.st_mode) ? FIO_CHAR : FIO_OTHER;
	if (f->kind == FIO_REGULAR)
		f->size = (uint64_t)st.st_size;
	if (f->kind != FIO_BLOCK)
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	r = blockdev_size(fd, &f->size);
	close(fd);
	return r;
}

static int read_jobs(const struct job_args *a, struct jf_doc *doc, char *err, size_t len)
{
	for (unsigned i = 0; i < a->nfiles; i++) {
		char *buf;
		size_t n;
		int r = jobfile_load_file(a->files[i], &buf, &n, err, len);

		if (r)
			return r;
		r = jobfile_parse(doc, a->files[i], buf, n, i, jobfile_load_file, err, len);
		free(buf);
		if (r)
			return r;
	}
	return 0;
}

/* The run options given on the command line, into one group's workload. */
static int apply_flags(const struct job_args *a, struct workload *w, const char *cmdline)
{
	const struct workload *r = &a->run;
	const bool *g = a->given;

	w->keep = true;		/* a later group may read what an earlier one laid out */
	for (unsigned i = 0; r->keep && i < w->ntargets; i++)	/* --keep: every file stays */
		if (w->targets[i].unlink == UNLINK_REMOVE)
			w->targets[i].unlink = UNLINK_DEFAULT;
	w->allow_device_write |= r->allow_device_write;
	w->dismount |= r->dismount;
	w->overwrite |= r->overwrite;
	w->read_only |= r->read_only;
	w->quiet |= r->quiet;
	w->eta = r->eta;
	w->eta_newline_ns = r->eta_newline_ns;
	w->eta_interval_ns = r->eta_interval_ns;
	w->verify |= r->verify;
	w->sqpoll |= r->sqpoll;
	w->hipri |= r->hipri;
	w->no_affinity |= r->no_affinity;
	if (g[O_NULL_LAT]) {
		w->null_lat_ns = r->null_lat_ns;
		w->null_lat_exp = r->null_lat_exp;
	}
	if (g[O_NULL_SERVERS])
		w->null_servers = r->null_servers;
	if (g[O_NULL_IOPS])
		w->null_iops = r->null_iops;
	if (g[O_NULL_STALL]) {
		w->null_stall_ns = r->null_stall_ns;
		w->null_period_ns = r->null_period_ns;
	}
	if (g[O_NULL_CLIFF]) {
		w->null_cliff_bytes = r->null_cliff_bytes;
		w->null_cliff_factor = r->null_cliff_factor;
	}
	if (g[O_NULL_WEAR]) {
		w->null_wear_ns = r->null_wear_ns;
		w->null_wear_bytes = r->null_wear_bytes;
	}
	if (g[O_CONTINUE])
		w->continue_on_error = r->continue_on_error;
	if (r->naffinity) {
		int *list = malloc(r->naffinity * sizeof(*list));

		if (!list)
			return -ENOMEM;
		memcpy(list, r->affinity, r->naffinity * sizeof(*list));
		free(w->affinity);
		w->affinity = list;
		w->naffinity = r->naffinity;
	}
	w->destroy_signature = r->destroy_signature ? strdup(r->destroy_signature) : NULL;
	w->label = r->label ? strdup(r->label) : NULL;
	w->cmdline = strdup(cmdline);
	return !w->cmdline || (r->destroy_signature && !w->destroy_signature) ||
	       (r->label && !w->label) ? -ENOMEM : 0;
}

static int write_fio(FILE *f, unsigned layouts, int terse, const struct fio_plan *plan,
		     const struct result *res, unsigned ran);
static int write_json(FILE *f, enum out_format fmt, const struct fio_plan *plan,
		      const struct result *res, unsigned ran);

/* fio's --status-interval: what a status prints with, and the groups that have run. */
struct status_out {
	const struct job_args *a;
	const struct fio_plan *plan;
	const struct result *res;	/* the groups before this one */
	unsigned g;			/* the group running */
	FILE *out;
};

/* The report so far, as the end's would be, over the groups run and the running one's figures. */
static void print_status(void *arg, const struct result *so_far)
{
	const struct status_out *s = arg;
	struct result *all = malloc((s->g + 1) * sizeof(*all));
	int r;

	if (!all) {
		fprintf(stderr, "iobench: --status-interval: out of memory\n");
		return;
	}
	memcpy(all, s->res, s->g * sizeof(*all));	/* borrowed: freed by no one here */
	all[s->g] = *so_far;
	if (s->a->format == OUT_TEXT)
		r = report_text(s->out, &s->plan->groups[s->g], so_far);
	else if (s->a->format == OUT_FIO)
		r = write_fio(s->out, s->a->fio_layouts, s->a->terse_version, s->plan, all, s->g + 1);
	else
		r = write_json(s->out, s->a->format, s->plan, all, s->g + 1);
	if (r)
		fprintf(stderr, "iobench: --status-interval: cannot write the report: %s\n",
			strerror(-r));
	fflush(s->out);
	free(all);
}

/* Runs every group; results land in res[] (ran counts them). Returns an exit code. */
static int run_groups(const struct job_args *a, struct fio_plan *plan, struct hold *hold,
		      struct result *res, unsigned *ran, FILE *out)
{
	struct status_out so = { .a = a, .plan = plan, .res = res, .out = out };
	const struct run_status st = { .every_ns = a->status_ns, .fn = print_status, .arg = &so };
	char err[1024];
	int code = 0;

	for (unsigned g = 0; g < plan->ngroups; g++) {
		struct workload *w = &plan->groups[g];
		int r;

		if (!a->run.quiet && w->verify_phase)
			fprintf(stderr, "iobench: verify phase: reading back what group %u wrote\n", g);
		else if (!a->run.quiet && plan->ngroups > 1)
			fprintf(stderr, "iobench: group %u of %u\n", g + 1, plan->ngroups);
		so.g = g;
		r = run_execute_status(w, hold, a->status_ns ? &st : NULL, &res[g], err, sizeof(err));
		if (r) {
			fprintf(stderr, "iobench: %s\n", err);
			result_release(&res[g]);
			/* bad input only while nothing has run: after a group, the run failed */
			return r == -EINVAL && !g ? EXIT_BAD_INPUT : r == -EINTR ? EXIT_INTERRUPTED
										    : EXIT_RUN_FAILED;
		}
		(*ran)++;
		if (a->format == OUT_TEXT && (r = report_text(out, w, &res[g]))) {
			fprintf(stderr, "iobench: cannot write the report: %s\n", strerror(-r));
			code = EXIT_RUN_FAILED;
		}
		if (res[g].failed) {
			fprintf(stderr, "iobench: %s\n", res[g].error);
			code = EXIT_RUN_FAILED;
			break;
		}
		if (res[g].verify.bad) {	/* continue_on_error=verify: each was counted */
			fprintf(stderr, "iobench: %llu verify mismatches, counted and continued past; "
				"the first: %s\n", (unsigned long long)res[g].verify.bad,
				res[g].verify.first);
			code = EXIT_RUN_FAILED;
		}
		if (res[g].nerrors) {
			fprintf(stderr, "iobench: %llu I/O errors, counted and continued past; the "
				"first: %s\n", (unsigned long long)res[g].nerrors, res[g].error);
			code = EXIT_RUN_FAILED;
		}
		if (w->exitall && w->exit_later && g + 1 < plan->ngroups) {
			if (!a->run.quiet)
				fprintf(stderr, "iobench: exitall with exit_what=all: a job ended, so the "
					"%u later group%s do%s not run (as in fio)\n", plan->ngroups - g - 1,
					plan->ngroups - g - 1 > 1 ? "s" : "", plan->ngroups - g - 1 > 1 ? "" : "es");
			break;
		}
		if (res[g].interrupted) {
			if (!res[g].measured && res[g].error[0])	/* while a file was made */
				fprintf(stderr, "iobench: %s\n", res[g].error);
			code = EXIT_INTERRUPTED;
			break;
		}
	}
	return code;
}

/* fio's layouts, in fio's order (terse, json, normal), over the groups that ran. */
static int write_fio(FILE *f, unsigned layouts, int terse, const struct fio_plan *plan,
		     const struct result *res, unsigned ran)
{
	int r = 0;

	if (layouts & FIO_TERSE)
		r = report_fio_terse(f, plan->groups, res, ran, terse ? terse : 3);
	if (!r && (layouts & FIO_JSON))
		r = report_fio_json(f, plan->groups, res, ran, layouts & FIO_JSON_PLUS);
	if (!r && (layouts & FIO_NORMAL))
		r = report_fio_normal(f, plan->groups, res, ran);
	return r;
}

/* Writes the documents of every group that ran: iobench's JSON array, or the CSV series. */
static int write_json(FILE *f, enum out_format fmt, const struct fio_plan *plan,
		      const struct result *res, unsigned ran)
{
	if (fmt == OUT_CSV)
		return report_series_csv_groups(f, plan->groups, res, ran);
	if (fmt == OUT_HTML)
		return report_html_groups(f, plan->groups, res, ran);
	return report_json_array(f, plan->groups, res, ran);
}

/* Writes what went to path: the text (already in memory) or the JSON documents. */
static int write_file(const char *path, const char *text, size_t ntext, enum out_format fmt,
		      const struct fio_plan *plan, const struct result *res, unsigned ran)
{
	struct outfile o;
	char err[1024];
	int r = outfile_open(&o, path, err, sizeof(err)), rr = 0;

	if (!r && (rr = text ? (fwrite(text, 1, ntext, o.f) != ntext ? -EIO : 0) :
			   write_json(o.f, fmt, plan, res, ran)) && !o.werr) {
		outfile_abort(&o);
		r = errmsg(err, sizeof(err), rr, "cannot write '%s': %s", path,
			   rr == -ENOMEM ? "out of memory" : "the report failed");
	} else if (!r) {
		r = outfile_commit(&o, err, sizeof(err));
	}
	if (r)
		fprintf(stderr, "iobench: %s\n", err);
	return r;
}

/* Checks every group before the first runs, taking what the whole run holds. */
static int precheck(const struct job_args *a, struct fio_plan *plan, struct hold *hold)
{
	const char *outs[] = { a->output, a->json_path, a->series_csv, a->html_path };
	struct space_plan space = { 0 };
	char err[1024];

	if (a->html_path && report_html_available(err, sizeof(err))) {
		fprintf(stderr, "iobench: --html: %s\n", err);
		return EXIT_BAD_INPUT;
	}
	for (size_t i = 0; i < sizeof(outs) / sizeof(outs[0]); i++) {
		if (outs[i] && outfile_check(outs[i], err, sizeof(err))) {
			fprintf(stderr, "iobench: %s\n", err);
			return EXIT_BAD_INPUT;
		}
	}
	for (unsigned g = 0; g < plan->ngroups; g++) {
		if (report_fio_logs_check(&plan->groups[g], err, sizeof(err)) ||
		    run_precheck(&plan->groups[g], hold, &space, err, sizeof(err))) {
			fprintf(stderr, "iobench: %s\n", err);
			space_plan_free(&space);
			return EXIT_BAD_INPUT;
		}
	}
	space_plan_free(&space);
	return 0;
}

/* fio's log files of the groups that ran (write_bw_log, ...). Returns 0 or -errno. */
static int write_logs(const struct fio_plan *plan, const struct result *res, unsigned ran)
{
	struct fio_log_files seen = { 0 };
	uint64_t lost = 0, l;
	char err[1024];
	int r = 0;

	for (unsigned g = 0; !r && g < ran; g++) {
		/* a verify phase's rows follow its writes' in the writers' files, as in fio */
		int64_t shift = plan->groups[g].verify_phase && g ?
				(int64_t)(res[g - 1].test_ns / 1000000) : 0;

		r = report_fio_logs(&plan->groups[g], &res[g], shift, &seen, &l, err, sizeof(err));
		lost += l;
	}
	fio_log_files_free(&seen);
	if (r)
		fprintf(stderr, "iobench: %s\n", err);
	if (lost)
		fprintf(stderr, "iobench: warning: %llu rows of the fio logs did not fit in the memory "
			"reserved for them and are missing: use log_avg_msec for long runs\n",
			(unsigned long long)lost);
	return r;
}

/* Runs the groups with Ctrl-C held between them; writes every output. Returns an exit code. */
static int run_all(const struct job_args *a, struct fio_plan *plan, struct hold *hold,
		   struct result *res, unsigned *ran)
{
	struct memfile m = { 0 };
	char err[256];
	FILE *out = a->output ? memfile_open(&m) : stdout;
	struct stop_hold old;
	int code, held = 0, r;

	if (!out)
		return EXIT_RUN_FAILED;
	/* Between groups too, Ctrl-C must end in the report and the clean-up: held here,
	 * it stops the next group (run_execute watches for it); the files every group
	 * created go before the outputs are written. */
	cmd_hold_signals(&old);
	code = run_groups(a, plan, hold, res, ran, out);
	cmd_release_hold(hold, a->run.keep, &held);
	if (cmd_release_signals(&old) && !code)
		code = EXIT_INTERRUPTED;
	if (!code)
		code = held;
	if (*ran && a->format != OUT_TEXT &&
	    (r = a->format == OUT_FIO ? write_fio(out, a->fio_layouts, a->terse_version, plan, res, *ran)
				      : write_json(out, a->format, plan, res, *ran))) {
		fprintf(stderr, "iobench: cannot write the report: %s\n", strerror(-r));
		code = EXIT_RUN_FAILED;
	}
	if (a->output) {
		if (memfile_close(&m)) {
			fprintf(stderr, "iobench: cannot write the report: out of memory\n");
			code = EXIT_RUN_FAILED;
		} else if (*ran && write_file(a->output, m.text, m.n, a->format, plan, res, *ran)) {
			code = EXIT_RUN_FAILED;
		}
		free(m.text);
	} else if (outfile_flush_stdout(stdout, err, sizeof(err))) {
		fprintf(stderr, "iobench: %s\n", err);
		code = EXIT_RUN_FAILED;
	}
	if (*ran && a->json_path && write_file(a->json_path, NULL, 0, OUT_JSON, plan, res, *ran))
		code = EXIT_RUN_FAILED;
	if (*ran && a->series_csv && write_file(a->series_csv, NULL, 0, OUT_CSV, plan, res, *ran))
		code = EXIT_RUN_FAILED;
	if (*ran && a->html_path && write_file(a->html_path, NULL, 0, OUT_HTML, plan, res, *ran))
		code = EXIT_RUN_FAILED;
	if (*ran && write_logs(plan, res, *ran))
		code = EXIT_RUN_FAILED;
	return code;
}

/*
 * The job files (or the command line's jobs) of a, read and planned into
 * plan, the run options applied to every group and checked. Returns 0 or
 * an exit code, the message printed.
 */
static int plan_jobs(struct job_args *a, struct jf_doc *doc, struct fio_plan *plan,
		     const char *cmdline, bool notices)
{
	char err[1024];
	int code = 0, r;

	if (!a->nfiles) {	/* the jobs are the command line's: no defaults beside them */
		r = jobfile_from_args(doc, a->over, a->nover, err, sizeof(err));
		free_opts(a->over, a->nover);
		a->over = NULL;
		a->nover = 0;
		if (r) {
			fprintf(stderr, "iobench: %s\n", err);
			code = r == -ENOMEM ? EXIT_RUN_FAILED : EXIT_BAD_INPUT;
		}
	}
	if (!code && (r = read_jobs(a, doc, err, sizeof(err)))) {
		fprintf(stderr, "iobench: %s\n", err);
		code = r == -ENOMEM ? EXIT_RUN_FAILED : EXIT_BAD_INPUT;
	}
	if (!code && (r = fiojob_plan(doc, a->over, a->nover, a->force, a->nforce, look_file, plan,
				      err, sizeof(err)))) {
		fprintf(stderr, "iobench: %s\n", err);
		code = r == -ENOMEM ? EXIT_RUN_FAILED : EXIT_BAD_INPUT;
	}
	if (!code && plan->notices && notices)
		fprintf(stderr, "%s", plan->notices);
	for (unsigned g = 0; !code && g < plan->ngroups; g++) {
		if (apply_flags(a, &plan->groups[g], cmdline)) {
			fprintf(stderr, "iobench: out of memory\n");
			code = EXIT_RUN_FAILED;
		} else if (workload_check_null(&plan->groups[g], err, sizeof(err)) ||
			   (plan->groups[g].verify &&
			    workload_check_verify(&plan->groups[g], err, sizeof(err)))) {
			fprintf(stderr, "iobench: %s\n", err);
			code = EXIT_BAD_INPUT;
		}
	}
	return code;
}

int job_cmd_plan(int argc, char **argv, const char *const *force, unsigned nforce,
		 bool notices, struct fio_plan *plan)
{
	struct job_args a = { 0 };
	struct jf_doc doc = { 0 };
	char *cmdline = cmdline_join(argc, argv);
	int code = parse_args(argc, argv, &a);

	memset(plan, 0, sizeof(*plan));
	if (code < 0)
		code = EXIT_BAD_INPUT;	/* --help or --version in a sweep's base */
	if (!code && !cmdline) {
		fprintf(stderr, "iobench: out of memory\n");
		code = EXIT_RUN_FAILED;
	}
	if (!code && (a.format || a.output || a.series_csv || a.status_ns || a.parse_only ||
		      a.terse_version)) {
		fprintf(stderr, "iobench: the job's output options (--output-format, --output, "
			"--series-csv, --status-interval, --parse-only, --minimal, --terse-version) "
			"have no place in a sweep: it writes its own (--json, --csv, -Rjson)\n");
		code = EXIT_BAD_INPUT;
	}
	for (unsigned i = 0; !code && i < nforce; i++) {
		const char *eq = strchr(force[i], '=');

		if (add_opt(&a.force, &a.nforce, force[i], eq ? (size_t)(eq - force[i]) :
			    strlen(force[i]), eq ? eq + 1 : NULL)) {
			fprintf(stderr, "iobench: out of memory\n");
			code = EXIT_RUN_FAILED;
		}
	}
	if (!code)
		code = plan_jobs(&a, &doc, plan, cmdline, notices);
	if (!code && a.print_workload) {
		fprintf(stderr, "iobench: --print-workload: give it to the sweep itself\n");
		code = EXIT_BAD_INPUT;
	}
	if (code)
		fiojob_plan_free(plan);
	jobfile_free(&doc);
	free_args(&a);
	free(cmdline);
	return code;
}

int cmd_jobfile(int argc, char **argv)
{
	struct job_args a = { 0 };
	struct jf_doc doc = { 0 };
	struct fio_plan plan = { 0 };
	struct hold hold = { 0 };
	struct result *res = NULL;
	unsigned ran = 0;
	char *cmdline = cmdline_join(argc, argv);
	int code = parse_args(argc, argv, &a);

	if (code < 0) {		/* --help */
		free_args(&a);
		free(cmdline);
		return 0;
	}
	if (!code && !cmdline) {
		fprintf(stderr, "iobench: out of memory\n");
		code = EXIT_RUN_FAILED;
	}
	if (!code)
		code = plan_jobs(&a, &doc, &plan, cmdline, true);
	if (!code && a.parse_only)
		goto done;
	if (!code && a.print_workload) {
		for (unsigned g = 0; g < plan.ngroups; g++) {
			printf("%sGroup %u of %u\n", g ? "\n" : "", g + 1, plan.ngroups);
			report_workload(stdout, &plan.groups[g]);
			placed_print(stdout, &plan.groups[g]);
		}
		goto done;
	}
	if (!code)
		code = precheck(&a, &plan, &hold);
	if (!code) {
		res = calloc(plan.ngroups, sizeof(*res));
		if (!res)
			fprintf(stderr, "iobench: out of memory\n");
		code = res ? run_all(&a, &plan, &hold, res, &ran) : EXIT_RUN_FAILED;
	}
	for (unsigned g = 0; g < ran; g++)
		result_release(&res[g]);
	free(res);
done:
	/* every file any group created goes now, whether or not its group ran to the end */
	cmd_release_hold(&hold, a.run.keep, &code);
	fiojob_plan_free(&plan);
	jobfile_free(&doc);
	free_args(&a);
	free(cmdline);
	return code;
}
