/* SPDX-License-Identifier: MIT */
/*
 * cmdline.c: the DiskSpd-compatible command line read whole: its words
 * (DiskSpd's '/' switches, the targets after the switches), DiskSpd's -X
 * profile composed with the switches that may go beside it, and the help
 * text. Each switch's meaning is cmdline_switch.c's; the checks and
 * defaults once all are read, cmdline_finish.c's.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "job/cmdline.h"
#include "job/cmdline_build.h"
#include "job/cmdline_finish.h"
#include "job/cmdline_state.h"
#include "job/cmdline_switch.h"
#include "job/xmlprofile.h"
#include "job/xmlprofile_build.h"
#include "util/errmsg.h"
#include "version.h"
#include "util/banned.h"

char *cmdline_join(int argc, char **argv)
{
	size_t len = 1;
	char *s;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	len = 0;
	for (int i = 0; i < argc; i++) {
		size_t n = strlen(argv[i]);

		if (i)
			s[len++] = ' ';
		memcpy(s + len, argv[i], n);
		len += n;
	}
	s[len] = 0;
	return s;
}

/*
 * DiskSpd takes '/' as a switch character as well as '-' (/b8K is -b8K). On
 * Linux a word starting with '/' is a path too, so it is taken as a switch
 * only when it could not be one: a DiskSpd switch's letter, no other '/', no
 * '.', and no file of that name.
 */
static bool slash_switch(const char *arg)
{
	struct stat st;

	return arg[0] == '/' && arg[1] && (arg[1] == 'Z' || option_short(arg[1])) &&
	       !strchr(arg + 1, '/') && !strchr(arg, '.') && stat(arg, &st) != 0;
}

static int parse_all(struct parse_state *ps, int argc, char **argv, struct workload *w,
		     enum cmd_action *action)
{
	*action = CMD_RUN;
	cmdline_set_defaults(ps, w);
	w->cmdline = cmdline_join(argc, argv);
	if (!w->cmdline)
		return fail(ps, "out of memory");
	if (argc == 2 && !strcmp(argv[1], "-h")) {
		*action = CMD_HELP;
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		char *arg = argv[i];
		bool slash;
		int r;

		cmdline_normalize_dash(arg);
		slash = !ps->in_targets && slash_switch(arg);
		if (slash)
			arg[0] = '-';	/* DiskSpd's /b8K: -b8K */
		if (arg[0] == '-' && arg[1] == '-' && arg[2]) {
			r = cmdline_parse_long(ps, w, argc, argv, &i, action);
		} else if (arg[0] == '-' && arg[1]) {
			if (ps->in_targets)	/* DiskSpd's rule; iobench's --options go anywhere */
				return fail(ps, "'%s' after the target '%s': DiskSpd's switches come "
					    "before the targets", arg, w->targets[w->ntargets - 1].path);
			r = cmdline_parse_short(ps, w, arg, action);
		} else {
			ps->in_targets = true;
			r = cmdline_add_target(ps, w, arg);
		}
		if (r && slash) {	/* say how the word was read */
			size_t n = strlen(ps->err);

			snprintf(ps->err + n, ps->errlen - n, " ('/%s' was read as DiskSpd's switch "
				 "-%s, as no file has that name: a new target there is '//%s')",
				 arg + 1, arg + 1, arg + 1);
		}
		if (r)
			return r;
		if (*action == CMD_HELP || *action == CMD_VERSION)
			return 0;
	}
	return cmdline_finish(ps, w);
}

int cmdline_parse(int argc, char **argv, struct workload *w,
		  enum cmd_action *action, char *err, size_t errlen)
{
	struct parse_state ps = { .err = err, .errlen = errlen };
	int r = parse_all(&ps, argc, argv, w, action);

	free(ps.t.buf_source_path);	/* the template's: each target has its own copy */
	free(ps.t.dist);
	return r;
}

/*
 * -X<profile.xml>, as DiskSpd composes it with the command line: the
 * profile defines the workload; the command line may only override the
 * durations (-d, -W, -C), the output format (-R), verbosity (-v) and the
 * seed (-z) in every TimeSpan, name the targets that replace the profile's
 * template paths *1, *2, ... in order, and give iobench's own long options
 * (--engine, --json, --ios, ...). Anything else is an error, -b by name.
 */
static const char x_compose[] = "dWCRvz";

static bool names_profile(const char *a)
{
	return (a[0] == '-' && a[1] == 'X') || !strncmp(a, "--profile", 9);
}

/* A long option that may go with -X: iobench's own, shaping neither the targets nor the run's
 * DiskSpd switches (those with a letter are DiskSpd's: only x_compose's go with -X). */
static bool goes_with_profile(const struct option_def *o)
{
	if (o->letter)
		return strchr(x_compose, o->letter) != NULL;
	return o->id != O_SOURCEBUF && o->id != O_PATTERN && o->id != O_COMPRESS &&
	       o->id != O_DEDUPE && o->id != O_STEADY && o->id != O_SS_ROUNDS &&
	       o->id != O_SS_WINDOW;
}

static unsigned own_of(char letter)
{
	switch (letter) {
	case 'd': return XP_OWN_DURATION;
	case 'W': return XP_OWN_WARMUP;
	case 'C': return XP_OWN_COOLDOWN;
	case 'z': return XP_OWN_SEED;
	case 'R': return XP_OWN_FORMAT;
	case 'v': return XP_OWN_VERBOSE;
	default: return 0;
	}
}

static int not_with_profile(const char *arg, char *err, size_t len)
{
	if (!strncmp(arg, "-b", 2) || !strncmp(arg, "--block-size", 12))
		return errmsg(err, len, -EINVAL, "'%s': -b is not compatible with -X: the profile "
			      "gives each target's block size", arg);
	return errmsg(err, len, -EINVAL, "'%s' is not compatible with -X: the profile defines the "
		      "workload (with -X the command line gives only -d, -W, -C, -R, -v, -z, the "
		      "targets for the profile's *1, *2, ..., and iobench's own long options)", arg);
}

/* The command line around -X: the profile's path, the switches it keeps, the targets. */
static int profile_args(int argc, char **argv, const char **profile, struct xprofile_args *a,
			enum cmd_action *action, char *err, size_t len)
{
	for (int i = 1; i < argc; i++) {
		const struct option_def *o;
		char *arg = argv[i], flag[256];
		const char *v;
		size_t n;

		cmdline_normalize_dash(arg);
		if (arg[0] != '-' || !arg[1]) {
			if (cmdline_check_path(arg, err, len))
				return -EINVAL;
			a->subst[a->nsubst++] = arg;
			continue;
		}
		if (arg[1] != '-') {	/* DiskSpd's switches, the value attached */
			if (a->nsubst)	/* as without -X; iobench's --options go anywhere */
				return errmsg(err, len, -EINVAL, "'%s' after the target '%s': "
					      "DiskSpd's switches come before the targets", arg,
					      a->subst[a->nsubst - 1]);
			if (arg[1] == 'X') {
				if (*profile)
					return errmsg(err, len, -EINVAL, "'%s': more than one "
						      "XML profile (-X) given", arg);
				if (!arg[2])
					return errmsg(err, len, -EINVAL, "'-X' needs the profile's "
						      "path attached, as in -Xprofile.xml");
				*profile = arg + 2;
				continue;
			}
			if (arg[1] == '?') {
				*action = CMD_HELP;
				return 0;
			}
			if (!strchr(x_compose, arg[1]))
				return not_with_profile(arg, err, len);
			a->own |= own_of(arg[1]);
			a->print_only |= arg[1] == 'R' && arg[2] == 'p';
			if (!(a->extra[a->nextra++] = strdup(arg)))
				return errmsg(err, len, -ENOMEM, "out of memory");
			continue;
		}
		/* a long option, read as the command line reads it (its value: the next word too) */
		if (option_next(argc, argv, &i, FRONT_DISKSPD, &o, &v, flag, sizeof(flag), err, len))
			return -EINVAL;
		if (o->id == O_PROFILE) {
			if (*profile)
				return errmsg(err, len, -EINVAL, "'%s': more than one XML profile "
					      "(-X) given", flag);
			*profile = v;
			continue;
		}
		if (o->id == O_HELP || o->id == O_VERSION) {
			*action = o->id == O_HELP ? CMD_HELP : CMD_VERSION;
			return 0;
		}
		if (!goes_with_profile(o))
			return not_with_profile(flag, err, len);
		a->own |= own_of(o->letter) | (o->id == O_IOS ? XP_COUNT_BASED : 0);
		a->print_only |= o->id == O_PRINT || (o->id == O_FORMAT && v && v[0] == 'p');
		n = strlen(flag) + (v ? strlen(v) + 2 : 1);
		if (!(a->extra[a->nextra] = malloc(n)))
			return errmsg(err, len, -ENOMEM, "out of memory");
		snprintf(a->extra[a->nextra++], n, "%s%s%s", flag, v ? "=" : "", v ? v : "");
	}
	return 0;
}

static int parse_profile(int argc, char **argv, struct workload **spans, unsigned *n,
			 enum cmd_action *action, char *err, size_t len)
{
	struct xprofile_args a = { .action = action };
	const char *path = NULL;
	struct xprofile *p = NULL;
	int r;

	a.extra = calloc((size_t)argc, sizeof(*a.extra));
	a.subst = calloc((size_t)argc, sizeof(*a.subst));
	*spans = calloc(1, sizeof(**spans));
	r = !a.extra || !a.subst || !*spans ? errmsg(err, len, -ENOMEM, "out of memory") :
	    profile_args(argc, argv, &path, &a, action, err, len);
	if (!r && *spans)
		*n = 1;
	if (!r && *action != CMD_HELP && *action != CMD_VERSION) {
		r = xprofile_load(path, &p, err, len);
		if (!r) {
			free(*spans);
			*spans = calloc(xprofile_spans(p), sizeof(**spans));
			*n = *spans ? xprofile_spans(p) : 0;
			if (!*spans)
				r = errmsg(err, len, -ENOMEM, "out of memory");
		}
		for (unsigned i = 0; !r && i < *n; i++) {
			(*spans)[i].cmdline = cmdline_join(argc, argv);
			r = (*spans)[i].cmdline ? xprofile_build(p, i, &a, &(*spans)[i], err, len) :
			    errmsg(err, len, -ENOMEM, "out of memory");
		}
		if (!r)
			r = xprofile_finish(p, &a, *spans, *n, err, len);
	}
	xprofile_free(p);
	for (unsigned i = 0; a.extra && i < a.nextra; i++)
		free(a.extra[i]);
	free(a.extra);
	free(a.subst);
	return r;
}

int cmdline_parse_spans(int argc, char **argv, struct workload **spans, unsigned *n,
			enum cmd_action *action, char *err, size_t errlen)
{
	bool profile = false;

	*spans = NULL;
	*n = 0;
	*action = CMD_RUN;
	for (int i = 1; i < argc && !profile; i++) {
		cmdline_normalize_dash(argv[i]);
		profile = names_profile(argv[i]);
	}
	if (profile)
		return parse_profile(argc, argv, spans, n, action, err, errlen);
	*spans = calloc(1, sizeof(**spans));
	if (!*spans)
		return errmsg(err, errlen, -ENOMEM, "out of memory");
	*n = 1;
	return cmdline_parse(argc, argv, *spans, action, err, errlen);
}

void cmdline_spans_free(struct workload *spans, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		workload_release(&spans[i]);
	free(spans);
}

void cmdline_usage(FILE *f)
{
	fprintf(f,
		"usage: iobench [options] target [target...]   run a workload (DiskSpd's switches)\n"
		"       iobench -Xprofile.xml [target...]       run DiskSpd's XML profile (*1, *2: the targets)\n"
		"       iobench                                 run the quick suite in this directory\n"
		"       iobench quick [options] [DIR|DEVICE]    run the quick suite there\n"
		"       iobench FILE.fio... [--name=value...]   run fio job files (docs/jobfiles.md)\n"
		"       iobench --name=JOB --rw=... [--...]     fio's command line, without a job file\n"
		"       iobench disks [DEVICE...]               the block devices, and what writing each needs\n"
		"       iobench quick|preset|sweep|compare|monitor|report|disks ...   (each takes --help)\n"
		"\n"
		"Values attach to short flags as in DiskSpd (-b8K -w30 -Sh); long forms take\n"
		"--name=VALUE. Sizes are binary: 8K = 8192; '<n>b' counts blocks of -b.\n"
		"Targets: files (created with -c), block devices (reads; writes need\n"
		"--allow-device-write: iobench disks says which may be written, and how), or\n"
		"names with --engine=null.\n\n");
	option_usage(f, FRONT_DISKSPD);
	fprintf(f, "\nExamples:\n"
		"  iobench -b8K -d60 -h -L -o2 -t4 -r -w30 -c50M /mnt/k/io.dat\n"
		"  iobench -b8K -o32 -d90 -Sh -r4k -t64 -w0 /dev/sdb\n"
		"Documentation: man iobench, and docs/cli.md (the docs/ paths messages name are in\n"
		"the source tree, and in %s once installed)\n", iob_docdir);
}
