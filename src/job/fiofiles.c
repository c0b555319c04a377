/* SPDX-License-Identifier: MIT */
/*
 * fiofiles.c: the paths of a fio job's files, as fio names them: its
 * filename= list ('\:' for a colon) joined to directory=, or fio's default
 * names (make_filename()) spread over the directories by clone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job/fiofiles.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* Splits fio's ':' list (with '\:' for a literal colon) into a fresh array. */
static int split_names(const char *s, char ***out, unsigned *n)
{
	char **v = NULL, *cur = malloc(strlen(s) + 1);
	size_t k = 0;

	*n = 0;
	if (!cur)
		return -ENOMEM;
	for (const char *c = s;; c++) {
		if (*c == '\\' && c[1] == ':') {
			cur[k++] = ':';
			c++;
			continue;
		}
		if (*c && *c != ':') {
			cur[k++] = *c;
			continue;
		}
		if (k) {
			char **nv = *n < MAX_FILES ? realloc(v, (*n + 1) * sizeof(*v)) : NULL;

			if (!nv || !(nv[*n] = strndup(cur, k))) {
				free(nv ? nv : v);
				free(cur);
				*out = NULL;
				return *n < MAX_FILES ? -ENOMEM : -E2BIG;
			}
			v = nv;
			(*n)++;
		}
		k = 0;
		if (!*c)
			break;
	}
	free(cur);
	*out = v;
	return 0;
}

static void free_names(char **v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static char *join_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *s;

	if (name[0] == '/' || !dir[0] || !strcmp(dir, "."))
		return strdup(name);
	s = malloc(n);
	if (s)
		snprintf(s, n, "%s/%s", dir, name);
	return s;
}

/*
 * fio's make_filename(): filename_format with each of $jobname, $jobnum,
 * $filenum and $clientuid (matched in any case, one keyword after the other,
 * each wherever it occurs) replaced; $clientuid is empty outside fio's
 * client/server mode, which iobench does not have. Without a format, fio's
 * jobname.jobnum.filenum. Returns 0, or -ENAMETOOLONG past PATH_MAX.
 */
static int fio_file_name(const char *fmt, const char *job, unsigned k, unsigned f, char *out,
			 size_t len)
{
	static const char *const keys[] = { "$jobname", "$jobnum", "$filenum", "$clientuid" };
	char a[4096], b[4096], num[2][24], *cur = a, *other = b;
	const char *vals[4] = { job, num[0], num[1], "" };

	if (!fmt || !*fmt)
		return snprintf(out, len, "%s.%u.%u", job, k, f) < (int)len ? 0 : -ENAMETOOLONG;
	snprintf(num[0], sizeof(num[0]), "%u", k);
	snprintf(num[1], sizeof(num[1]), "%u", f);
	if (strlen(fmt) >= sizeof(a))
		return -ENAMETOOLONG;
	memcpy(a, fmt, strlen(fmt) + 1);
	for (unsigned i = 0; i < 4; i++) {
		size_t klen = strlen(keys[i]), from = 0;
		char *hit;

		/* fio rescans from the start; from the replacement's end here, so a job
		   name holding the keyword is not replaced forever (fio loops there) */
		while ((hit = strcasestr(cur + from, keys[i]))) {
			size_t pre = (size_t)(hit - cur);
			int n = snprintf(other, sizeof(a), "%.*s%s%s", (int)pre, cur, vals[i],
					 hit + klen);
			char *t = cur;

			if (n < 0 || (size_t)n >= sizeof(a))
				return -ENAMETOOLONG;
			from = pre + strlen(vals[i]);
			cur = other;
			other = t;
		}
	}
	return snprintf(out, len, "%s", cur) < (int)len ? 0 : -ENAMETOOLONG;
}

/*
 * fio's add_file(): a clone (k > 0) leaves out a file name that a job of
 * numjobs > 1 already took, and works on what is left. iobench cannot run a
 * thread without its own files (fio's clone then does no I/O), so such a
 * name is refused; p->taken keeps the names of jobs with numjobs > 1.
 */
static int clone_name(struct planner *p, const struct fjob *j, unsigned k, const char *path)
{
	char **t;

	for (unsigned i = 0; k && i < p->ntaken; i++)
		if (!strcmp(p->taken[i], path))
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': clone %u's file '%s' "
				      "is a name a thread before it has (filename_format=%s): fio 3.33 "
				      "leaves such a file out of the clone (a clone with none left does "
				      "no I/O); iobench does not run clones without files of their "
				      "own: put $jobnum in filename_format, or use filename= to share "
				      "files", j->where, j->name, k, path,
				      j->filename_format ? j->filename_format : "$jobname.$jobnum.$filenum");
	if (j->numjobs < 2)
		return 0;
	t = realloc(p->taken, (p->ntaken + 1) * sizeof(*t));
	if (!t)
		return -ENOMEM;
	p->taken = t;
	if (!(t[p->ntaken] = strdup(path)))
		return -ENOMEM;
	p->ntaken++;
	return 0;
}

/*
 * fio's default names for clone k's file f (filename_format), in the
 * directory=d1:d2... that the clone's number picks, as fio's set_name_idx()
 * (the name is put after DIR/ whatever it is, as fio does).
 */
static int default_path(const struct fjob *j, char **dirs, unsigned ndirs, unsigned k,
			unsigned f, char **out)
{
	char name[4096];
	const char *dir = ndirs ? dirs[k % ndirs] : "";
	size_t n;

	if (fio_file_name(j->filename_format, j->name, k, f, name, sizeof(name)))
		return -ENAMETOOLONG;
	n = strlen(dir) + strlen(name) + 2;
	if (!(*out = malloc(n)))
		return -ENOMEM;
	snprintf(*out, n, *dir ? "%s/%s" : "%s%s", dir, name);
	return 0;
}

int fio_files_paths(struct planner *p, const struct fjob *j, char ***paths, unsigned *n,
		    bool *per_clone)
{
	char **dirs = NULL;
	unsigned ndirs = 0;
	int r = 0;

	*paths = NULL;
	*n = 0;
	if (j->directory && (r = split_names(j->directory, &dirs, &ndirs)))
		goto out;
	*per_clone = !j->filename;
	if (j->filename) {
		if ((r = split_names(j->filename, paths, n)))
			goto out;
		if (ndirs > 1)
			fio_notice(p, "%s: job '%s': directory=%s with filename=: the files are in '%s' "
				   "only (as in fio, which spreads only its own file names over the "
				   "directories)", j->where, j->name, j->directory, dirs[0]);
		for (unsigned i = 0; i < *n; i++) {
			char *full;

			if (!strcmp((*paths)[i], "-")) {
				r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': filename=- "
					   "(stdin/stdout) is not a target iobench can measure",
					   j->where, j->name);
				goto out;
			}
			full = join_path(ndirs ? dirs[0] : "", (*paths)[i]);
			if (!full) {
				r = -ENOMEM;
				goto out;
			}
			free((*paths)[i]);
			(*paths)[i] = full;
		}
	} else {
		unsigned total = j->numjobs * j->nrfiles;

		if (total > MAX_FILES) {
			r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': %u files (numjobs x "
				   "nrfiles) are more than iobench takes (%d)", j->where, j->name,
				   total, MAX_FILES);
			goto out;
		}
		*paths = calloc(total, sizeof(**paths));
		if (!*paths) {
			r = -ENOMEM;
			goto out;
		}
		for (unsigned k = 0; k < j->numjobs; k++) {
			for (unsigned f = 0; f < j->nrfiles; f++) {
				unsigned idx = k * j->nrfiles + f;

				r = default_path(j, dirs, ndirs, k, f, &(*paths)[idx]);
				if (r == -ENAMETOOLONG) {
					r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': "
						   "filename_format: the name of file %u of clone %u "
						   "is longer than %d bytes", j->where, j->name, f, k,
						   4095);
					goto out;
				}
				if (r)
					goto out;
				(*n)++;
				if ((r = clone_name(p, j, k, (*paths)[idx])))
					goto out;
			}
		}
	}
	if (!*n)
		r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': filename names no file",
			   j->where, j->name);
out:
	free_names(dirs, ndirs);
	if (r == -ENOMEM)
		r = errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	else if (r == -E2BIG)
		r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': more than %d files",
			   j->where, j->name, MAX_FILES);
	if (r) {
		free_names(*paths, *n);
		*paths = NULL;
		*n = 0;
	}
	return r;
}
