/* SPDX-License-Identifier: MIT */
/*
 * disks.c: "iobench disks": the machine's devices (cmd/disks.h gathers them:
 * Linux's block devices, Windows' physical drives and volumes), with what a
 * storage engineer checks before naming one: size, model, rotational or not,
 * scheduler, where it is mounted, what holds it, the signatures on it, and
 * whether a run would write it and with which flags, or why never. The
 * verdict is the run's own rule (core/devrule.h), so what this says is what a
 * run does. Text or JSON (schema iobench/disks).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "cmd/cmd.h"
#include "cmd/disks.h"
#include "job/options.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "util/banned.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: iobench disks [DEVICE...] [--all] [-Rjson]\n%s"
		"  each device: type, size, rotational, scheduler, model (a loop's backing file,\n"
		"  a dm device's name, an md's level), mount points, holders, signatures, and\n"
		"  whether a run writes it, with which flags, or why never (docs/cli.md)\n",
		disks_usage_device);
	option_usage(f, FRONT_DISKS);
}

struct disk *disks_append(struct disks *s, char *err, size_t len)
{
	struct disk *d;

	if (s->n == s->cap) {
		unsigned cap = s->cap ? 2 * s->cap : 32;
		void *grown = realloc(s->d, cap * sizeof(*s->d));

		if (!grown) {
			errmsg(err, len, -ENOMEM, "disks: out of memory");
			return NULL;
		}
		s->d = grown;
		s->cap = cap;
	}
	d = &s->d[s->n++];
	memset(d, 0, sizeof(*d));
	return d;
}

static int parse(int argc, char **argv, struct disks *s, char *err, size_t len)
{
	for (int i = 1; i < argc; i++) {
		const struct option_def *o;
		const char *v;
		char flag[48];
		int r = option_next(argc, argv, &i, FRONT_DISKS, &o, &v, flag, sizeof(flag), err, len);

		if (r < 0)
			return r;
		if (r == 1) {
			if (disks_name_of(argv[i], s->named[s->nnamed], sizeof(s->named[0]), err, len))
				return -EINVAL;
			s->nnamed++;
			continue;
		}
		switch (o->id) {
		case O_HELP:
			return 1;
		case O_ALL:
			s->all = true;
			break;
		default:	/* O_FORMAT */
			if (strcmp(v, "json") && strcmp(v, "text"))
				return errmsg(err, len, -EINVAL, "disks: unknown output format '%s' (text "
					      "or json)", v);
			s->json = !strcmp(v, "json");
			break;
		}
	}
	return 0;
}

/* The flags a run needs to write d, or why it never does: the WRITE column. */
static void verdict(const struct disk *d, char *out, size_t len)
{
	char word[256];
	size_t n;

	if (!d->judged)
		snprintf(out, len, "unknown: %s", d->open_err);
	else if (d->rule.verdict == DEVRULE_FREE)
		snprintf(out, len, "--allow-device-write");
	else if (d->rule.verdict == DEVRULE_SIGNED)
		snprintf(out, len, "--allow-device-write --destroy-signature=%s",
			 devrule_sig_word(&d->rule, word, sizeof(word)));
	else if (d->rule.verdict == DEVRULE_NEVER)
		snprintf(out, len, "never: %s", d->rule.why);
	else
		snprintf(out, len, "unknown: %s", d->rule.why);
	n = strlen(out);
	if (d->judged && d->rule.verdict <= DEVRULE_SIGNED && d->rule.dismount[0] && n + 1 < len)
		snprintf(out + n, len - n, " --dismount");
}

/* The MODEL column: the model, or what stands for one. */
static const char *model_of(const struct disk *d, char *buf, size_t len)
{
	if (d->info.backing_file[0])
		return d->info.backing_file;
	if (d->info.md_level[0])
		return d->info.md_level;
	if (!strcmp(d->info.kind, "partition"))
		return "";
	snprintf(buf, len, "%s", d->info.model);
	return buf;
}

static const char *dash(const char *s)
{
	return s && s[0] ? s : "-";
}

static void print_text(const struct disks *s)
{
	int w[6] = { 4, 4, 4, 5, 5, 7 };	/* NAME TYPE SIZE SCHED MODEL MOUNTED */
	char size[32], model[160], word[256], write[800];

	for (unsigned i = 0; i < s->n; i++) {
		const struct disk *d = &s->d[i];
		int l[6];

		format_bytes(size, sizeof(size), d->info.size);
		l[0] = (int)strlen(d->info.name);
		l[1] = (int)strlen(d->type);
		l[2] = (int)strlen(size);
		l[3] = (int)strlen(dash(d->info.scheduler));
		l[4] = (int)strlen(dash(model_of(d, model, sizeof(model))));
		l[5] = (int)strlen(d->swap ? "[SWAP]" : dash(d->mounts));
		for (int k = 0; k < 6; k++)
			w[k] = l[k] > w[k] ? (l[k] > 40 ? 40 : l[k]) : w[k];
	}
	printf("%-*s %-*s %*s ROTA %-*s %-*s %-*s %-8s %-10s %s\n", w[0], "NAME", w[1], "TYPE",
	       w[2], "SIZE", w[3], "SCHED", w[4], "MODEL", w[5], "MOUNTED", "HOLDERS",
	       "SIGNATURES", "WRITE (flags a run needs, or why never)");
	for (unsigned i = 0; i < s->n; i++) {
		const struct disk *d = &s->d[i];

		format_bytes(size, sizeof(size), d->info.size);
		verdict(d, write, sizeof(write));
		printf("%-*s %-*s %*s %-4s %-*s %-*s %-*s %-8s %-10s %s\n", w[0], d->info.name, w[1],
		       d->type, w[2], size, d->info.rotational < 0 ? "-" :
		       d->info.rotational ? "yes" : "no", w[3], dash(d->info.scheduler), w[4],
		       dash(model_of(d, model, sizeof(model))), w[5],
		       d->swap ? "[SWAP]" : dash(d->mounts), dash(d->holders),
		       !d->probed || d->rule.nsigs < 0 ? "?" :
		       dash(devrule_sig_word(&d->rule, word, sizeof(word))), write);
	}
	if (!s->n)
		printf("(no block devices%s)\n", s->all ? "" : " of a size above 0: --all lists every one");
}

/* "a,b" as ["a", "b"]. */
static json_t *json_list(const char *csv)
{
	json_t *a = json_array();

	for (const char *p = csv; a && *p; ) {
		size_t n = strcspn(p, ",");

		json_array_append_new(a, json_stringn(p, n));
		p += n;
		p += *p == ',';
	}
	return a;
}

static json_t *json_str(const char *s)
{
	return s && s[0] ? json_string(s) : json_null();
}

static json_t *disk_json(const struct disk *d)
{
	const char *verdicts[] = { "write", "write", "never", "unknown" };
	char word[256];
	json_t *o = json_object(), *flags = json_array(), *sigs = json_array();
	bool judged = d->judged;

	if (judged && d->rule.verdict <= DEVRULE_SIGNED)
		json_array_append_new(flags, json_string("--allow-device-write"));
	if (judged && d->rule.verdict == DEVRULE_SIGNED)
		json_array_append_new(flags, json_sprintf("--destroy-signature=%s",
							  devrule_sig_word(&d->rule, word,
									   sizeof(word))));
	if (judged && d->rule.verdict <= DEVRULE_SIGNED && d->rule.dismount[0])
		json_array_append_new(flags, json_string("--dismount"));
	if (d->probed && d->rule.nsigs > 0) {
		json_decref(sigs);
		sigs = json_list(devrule_sig_word(&d->rule, word, sizeof(word)));
	}
	json_object_set_new(o, "name", json_string(d->info.name));
	json_object_set_new(o, "path", json_string(d->node));
	json_object_set_new(o, "major", json_integer(d->info.major));
	json_object_set_new(o, "minor", json_integer(d->info.minor));
	json_object_set_new(o, "type", json_string(d->type));
	json_object_set_new(o, "parent", json_str(d->parent));
	json_object_set_new(o, "size_bytes", json_integer((json_int_t)d->info.size));
	/* a dm device's model is its name (dm/name), a partition's none of its own */
	json_object_set_new(o, "model", json_str(strcmp(d->info.kind, "partition") ?
						 d->info.model : NULL));
	json_object_set_new(o, "serial", json_str(d->info.serial));
	json_object_set_new(o, "wwid", json_str(d->info.wwid));
	json_object_set_new(o, "backing_file", json_str(d->info.backing_file));
	json_object_set_new(o, "md_level", json_str(d->info.md_level));
	json_object_set_new(o, "rotational", d->info.rotational < 0 ? json_null() :
			    json_boolean(d->info.rotational));
	json_object_set_new(o, "scheduler", json_str(d->info.scheduler));
	json_object_set_new(o, "logical_block_size", json_integer(d->info.logical_block_size));
	json_object_set_new(o, "physical_block_size", json_integer(d->info.physical_block_size));
	json_object_set_new(o, "read_only", d->probed ? json_boolean(d->rule.read_only) :
			    json_null());
	json_object_set_new(o, "mount_points", json_list(d->mounts));
	json_object_set_new(o, "holders", json_list(d->holders));
	json_object_set_new(o, "swap", json_boolean(d->swap));
	json_object_set_new(o, "signatures", d->probed && d->rule.nsigs >= 0 ? sigs :
			    (json_decref(sigs), json_null()));
	json_object_set_new(o, "write", json_string(d->judged ?
						    verdicts[d->rule.verdict] : "unknown"));
	json_object_set_new(o, "write_flags", flags);
	json_object_set_new(o, "write_why", json_str(!d->judged ? d->open_err :
						     d->rule.verdict >= DEVRULE_NEVER ? d->rule.why
										     : NULL));
	return o;
}

static int print_json(const struct disks *s)
{
	json_t *root = json_object(), *arr = json_array();
	int r;

	json_object_set_new(root, "schema", json_string("iobench/disks"));
	json_object_set_new(root, "version", json_integer(1));
	for (unsigned i = 0; i < s->n; i++)
		json_array_append_new(arr, disk_json(&s->d[i]));
	json_object_set_new(root, "devices", arr);
	r = json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (r)
		return -ENOMEM;
	return putchar('\n') == EOF ? -EIO : 0;
}

int cmd_disks(int argc, char **argv)
{
	struct disks s = { 0 };
	char err[1024];
	int r;

	s.named = calloc((size_t)argc, sizeof(*s.named));
	if (!s.named) {
		fprintf(stderr, "iobench: disks: out of memory\n");
		return EXIT_RUN_FAILED;
	}
	r = parse(argc, argv, &s, err, sizeof(err));
	if (r > 0) {
		usage(stdout);
		free(s.named);
		return 0;
	}
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		free(s.named);
		return EXIT_BAD_INPUT;
	}
	for (unsigned i = 0; !r && i < s.nnamed; i++)
		if ((r = disks_add(&s, s.named[i], err, sizeof(err))) == -ENOENT)	/* gone meanwhile */
			r = errmsg(err, sizeof(err), -EINVAL, "disks: no block device '%s'", s.named[i]);
	if (!r && !s.nnamed)
		r = disks_add_all(&s, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		free(s.d);
		free(s.named);
		return r == -EINVAL ? EXIT_BAD_INPUT : EXIT_RUN_FAILED;
	}
	if (s.json)
		r = print_json(&s);
	else
		print_text(&s);
	if (!r && (fflush(stdout) || ferror(stdout)))
		r = -errno;
	if (r)
		fprintf(stderr, "iobench: disks: cannot write the list: %s\n", strerror(-r));
	free(s.d);
	free(s.named);
	return r ? EXIT_RUN_FAILED : 0;
}
