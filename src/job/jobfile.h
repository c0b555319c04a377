/* SPDX-License-Identifier: MIT */
/*
 * jobfile.h: fio's job-file dialect, the syntax only. A job file becomes a
 * list of sections, each with the options written in it, in order, with
 * where each came from (file:line) for messages. Comments, blank lines,
 * `include`, ${VAR} and $ncpus/$pagesize/$mb_memory (with arithmetic) are
 * dealt with here; what an option means is fiojob.c's business.
 * The parser reads from a buffer; include files come through a loader, so
 * a fuzzer can drive it without touching the file system.
 */
#ifndef IOB_JOBFILE_H
#define IOB_JOBFILE_H

#include <stdbool.h>
#include <stddef.h>

/* One option as written: `key=value` or a bare `key` (val NULL). */
struct jf_opt {
	char *key;
	char *val;
	char *where;		/* "file:line", or "command line" */
};

struct jf_section {
	char *name;
	char *where;
	bool global;		/* its name starts with "global", as fio decides */
	unsigned file;		/* which job file (each starts a new group, as in fio) */
	struct jf_opt *opts;
	unsigned nopts;
};

struct jf_doc {
	struct jf_section *sec;
	unsigned nsec;
	unsigned nincluded;	/* include files read so far, all job files together */
	size_t included_bytes;	/* and their bytes: both have a budget */
};

/*
 * Reads the file at path into *buf (NUL-terminated, *len bytes). Returns 0 or
 * -errno with a message in err.
 */
typedef int (*jf_loader)(const char *path, char **buf, size_t *len, char *err, size_t errlen);

/* Reads a whole file; the loader iobench itself uses ("-" is stdin). */
int jobfile_load_file(const char *path, char **buf, size_t *len, char *err, size_t errlen);

/*
 * Appends the sections of the job file `name`, whose text is buf[0..len), to
 * doc, as job file number `file`. load reads include files (NULL: include is
 * an error). Returns 0, or -EINVAL with "file:line: ..." in err.
 */
int jobfile_parse(struct jf_doc *doc, const char *name, const char *buf, size_t len,
		  unsigned file, jf_loader load, char *err, size_t errlen);

/*
 * fio's command line without a job file: opts in their order, each --name
 * starting a job section of that name, the options before the first one a
 * [global] section, as fio takes them. Returns 0, -EINVAL or -ENOMEM with a
 * message.
 */
int jobfile_from_args(struct jf_doc *doc, const struct jf_opt *opts, unsigned n, char *err,
		      size_t errlen);

/* Frees everything in doc and zeroes it. */
void jobfile_free(struct jf_doc *doc);

/*
 * Expands $ncpus, $pagesize and $mb_memory in s (a fresh string, or NULL on
 * allocation failure); *arith is set when one was replaced and s holds an
 * arithmetic operator, which fio then evaluates. Exposed for the tests.
 */
char *jobfile_expand_keywords(const char *s, bool *arith);

/*
 * Evaluates an integer expression of + - * / and parentheses, as fio's
 * keyword arithmetic does (integer division). Returns 0 or -EINVAL.
 */
int jobfile_eval(const char *s, long long *out);

#endif
