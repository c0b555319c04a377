/* SPDX-License-Identifier: MIT */
/*
 * jobfile.c: fio's job-file syntax, as fio reads it (see jobfile.h and
 * docs/jobfiles.md): one line at a time, blanks stripped; `;` or `#` starts
 * a comment anywhere on a line; `[name]` opens a section (global when the
 * name starts with "global"); `key=value` or `key` lines are options;
 * `include FILE` pulls in the options of another file. ${VAR} takes the
 * environment's value (empty when unset, as in fio); $ncpus, $pagesize and
 * $mb_memory are replaced by their values, and a value holding one of them
 * and an operator is computed.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "job/jobfile.h"
#include "platform/host.h"
#include "util/errmsg.h"
#include "util/banned.h"

#define LINE_MAX_LEN 8192	/* fio's OPT_LEN_MAX */
#define EXPANDED_MAX (64 * 1024)
#define SECTION_NAME_MAX 255
#define INCLUDE_DEPTH_MAX 16
#define INCLUDES_MAX 1024		/* include files read in all, however nested */
#define INCLUDED_BYTES_MAX (64u << 20)	/* and their bytes */
#define SECTIONS_MAX 4096
#define OPTIONS_MAX 4096	/* per section */
#define FILE_MAX (16 * 1024 * 1024)

struct parser {
	struct jf_doc *doc;
	unsigned file;
	jf_loader load;
	char *err;
	size_t errlen;
	int depth;
};

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

int jobfile_load_file(const char *path, char **buf, size_t *len, char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	size_t cap = 4096, n = 0;
	char *b;

	if (!f)
		return errmsg(err, errlen, -errno, "cannot read job file '%s': %s", path,
			      strerror(errno));
	b = malloc(cap);
	while (b) {
		size_t got = fread(b + n, 1, cap - n - 1, f);

		n += got;
		if (n + 1 < cap)
			break;
		if (cap >= FILE_MAX) {
			free(b);
			if (f != stdin)
				fclose(f);
			return errmsg(err, errlen, -EFBIG, "job file '%s' is larger than %d MiB",
				      path, FILE_MAX >> 20);
		}
		char *nb = realloc(b, cap * 2);

		if (!nb) {
			free(b);
			b = NULL;
			break;
		}
		b = nb;
		cap *= 2;
	}
	if (b && ferror(f)) {
		int e = errno;

		free(b);
		if (f != stdin)
			fclose(f);
		return errmsg(err, errlen, -e, "cannot read job file '%s': %s", path, strerror(e));
	}
	if (f != stdin)
		fclose(f);
	if (!b)
		return errmsg(err, errlen, -ENOMEM, "out of memory reading '%s'", path);
	b[n] = 0;
	*buf = b;
	*len = n;
	return 0;
}

/* A growing string, for expansions. */
struct str {
	char *s;
	size_t n, cap;
	bool too_long;
};

static bool str_add(struct str *b, const char *p, size_t n)
{
	if (b->n + n + 1 > EXPANDED_MAX) {
		b->too_long = true;
		return false;
	}
	if (b->n + n + 1 > b->cap) {
		size_t cap = (b->n + n + 1) * 2;
		char *s = realloc(b->s, cap);

		if (!s)
			return false;
		b->s = s;
		b->cap = cap;
	}
	memcpy(b->s + b->n, p, n);
	b->n += n;
	b->s[b->n] = 0;
	return true;
}

/* Replaces each ${NAME} by the environment's value; NULL on error (message set). */
static char *expand_env(struct parser *p, const char *where, const char *s)
{
	struct str b = { 0 };

	if (!str_add(&b, "", 0))
		goto oom;
	while (*s) {
		const char *open = strstr(s, "${"), *close;
		char name[256];
		const char *v;

		if (!open)
			break;
		close = strchr(open + 2, '}');
		if (!close) {
			free(b.s);
			errmsg(p->err, p->errlen, -EINVAL, "%s: '${' without a closing '}'", where);
			return NULL;
		}
		if ((size_t)(close - open - 2) >= sizeof(name) || close == open + 2) {
			free(b.s);
			errmsg(p->err, p->errlen, -EINVAL, "%s: bad environment variable name in '%.*s'",
			       where, (int)(close - open + 1 > 64 ? 64 : close - open + 1), open);
			return NULL;
		}
		memcpy(name, open + 2, (size_t)(close - open - 2));
		name[close - open - 2] = 0;
		v = getenv(name);
		if (!str_add(&b, s, (size_t)(open - s)) || (v && !str_add(&b, v, strlen(v))))
			goto fail;
		s = close + 1;
	}
	if (!str_add(&b, s, strlen(s)))
		goto fail;
	return b.s;
fail:
	if (b.too_long) {
		free(b.s);
		errmsg(p->err, p->errlen, -EINVAL, "%s: longer than %d bytes once ${...} is expanded",
		       where, EXPANDED_MAX);
		return NULL;
	}
oom:
	free(b.s);
	errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	return NULL;
}

char *jobfile_expand_keywords(const char *s, bool *arith)
{
	static const char *const names[] = { "$ncpus", "$pagesize", "$mb_memory" };
	struct str b = { 0 };
	bool replaced = false;

	if (!str_add(&b, "", 0))
		return NULL;
	while (*s) {
		size_t i, n = 0;
		char num[32];

		for (i = 0; i < 3; i++) {
			n = strlen(names[i]);
			if (!strncmp(s, names[i], n))
				break;
		}
		if (i == 3) {
			if (!str_add(&b, s, 1))
				goto fail;
			s++;
			continue;
		}
		if (i == 0)
			snprintf(num, sizeof(num), "%ld", host_cpus_configured());
		else if (i == 1)
			snprintf(num, sizeof(num), "%ld", host_page_size());
		else
			snprintf(num, sizeof(num), "%llu",
				 (unsigned long long)(host_memory_bytes() >> 20));
		if (!str_add(&b, num, strlen(num)))
			goto fail;
		replaced = true;
		s += n;
	}
	*arith = replaced && strpbrk(b.s, "+-*/");
	return b.s;
fail:
	free(b.s);
	return NULL;
}

/* Recursive descent over + - * / ( ), integers only. */
struct expr {
	const char *p;
	int depth;
	bool bad;
};

static long long expr_sum(struct expr *e);

static void expr_blanks(struct expr *e)
{
	while (blank(*e->p))
		e->p++;
}

static long long expr_atom(struct expr *e)
{
	long long v = 0;

	expr_blanks(e);
	if (*e->p == '(') {
		if (++e->depth > 64) {
			e->bad = true;
			return 0;
		}
		e->p++;
		v = expr_sum(e);
		expr_blanks(e);
		if (*e->p != ')')
			e->bad = true;
		else
			e->p++;
		e->depth--;
		return v;
	}
	if (*e->p == '-') {
		e->p++;
		v = expr_atom(e);
		return v == LLONG_MIN ? (e->bad = true, 0) : -v;
	}
	if (!isdigit((unsigned char)*e->p)) {
		e->bad = true;
		return 0;
	}
	while (isdigit((unsigned char)*e->p)) {
		if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, *e->p - '0', &v))
			e->bad = true;
		e->p++;
	}
	return v;
}

static long long expr_product(struct expr *e)
{
	long long v = expr_atom(e);

	for (;;) {
		char op;
		long long r;

		expr_blanks(e);
		op = *e->p;
		if (op != '*' && op != '/')
			return v;
		e->p++;
		r = expr_atom(e);
		if (op == '*') {
			if (__builtin_mul_overflow(v, r, &v))
				e->bad = true;
		} else if (r == 0 || (v == LLONG_MIN && r == -1)) {
			e->bad = true;
		} else {
			v /= r;
		}
		if (e->bad)
			return 0;
	}
}

static long long expr_sum(struct expr *e)
{
	long long v = expr_product(e);

	for (;;) {
		char op;
		long long r;

		expr_blanks(e);
		op = *e->p;
		if (op != '+' && op != '-')
			return v;
		e->p++;
		r = expr_product(e);
		if (op == '+' ? __builtin_add_overflow(v, r, &v) : __builtin_sub_overflow(v, r, &v))
			e->bad = true;
		if (e->bad)
			return 0;
	}
}

int jobfile_eval(const char *s, long long *out)
{
	struct expr e = { .p = s };
	long long v = expr_sum(&e);

	expr_blanks(&e);
	if (e.bad || *e.p)
		return -EINVAL;
	*out = v;
	return 0;
}

static int oom(struct parser *p)
{
	return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
}

static int add_section(struct parser *p, const char *name, size_t n, const char *where)
{
	struct jf_doc *d = p->doc;
	struct jf_section *s;

	if (d->nsec == SECTIONS_MAX)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: more than %d sections", where,
			      SECTIONS_MAX);
	s = realloc(d->sec, (d->nsec + 1) * sizeof(*s));
	if (!s)
		return oom(p);
	d->sec = s;
	s = &d->sec[d->nsec];
	memset(s, 0, sizeof(*s));
	s->name = strndup(name, n);
	s->where = strdup(where);
	s->global = !strncmp(name, "global", 6);
	s->file = p->file;
	if (!s->name || !s->where) {
		free(s->name);
		free(s->where);
		return oom(p);
	}
	d->nsec++;
	return 0;
}

static int add_option(struct parser *p, char *key, char *val, const char *where)
{
	struct jf_section *s = &p->doc->sec[p->doc->nsec - 1];
	struct jf_opt *o;

	if (s->nopts == OPTIONS_MAX)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: more than %d options in [%s]", where,
			      OPTIONS_MAX, s->name);
	o = realloc(s->opts, (s->nopts + 1) * sizeof(*o));
	if (!o)
		return oom(p);
	s->opts = o;
	o = &s->opts[s->nopts];
	o->key = strdup(key);
	o->val = val ? strdup(val) : NULL;
	o->where = strdup(where);
	if (!o->key || (val && !o->val) || !o->where) {
		free(o->key);
		free(o->val);
		free(o->where);
		return oom(p);
	}
	s->nopts++;
	return 0;
}

static int parse_buf(struct parser *p, const char *name, const char *buf, size_t len);

/* `include FILE`: relative names are tried as given, then beside the including file. */
static int include(struct parser *p, const char *name, const char *file, const char *where)
{
	char *buf = NULL, *path = NULL;
	size_t len;
	int r;

	if (!p->load)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: include is not available here", where);
	if (p->depth >= INCLUDE_DEPTH_MAX)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: includes nested deeper than %d "
			      "(does a file include itself?)", where, INCLUDE_DEPTH_MAX);
	r = p->load(file, &buf, &len, p->err, p->errlen);
	if (r == -ENOENT && file[0] != '/' && strchr(name, '/')) {
		int dir = (int)(strrchr(name, '/') - name);
		size_t n = (size_t)dir + strlen(file) + 2;

		path = malloc(n);
		if (!path)
			return oom(p);
		snprintf(path, n, "%.*s/%s", dir, name, file);
		r = p->load(path, &buf, &len, p->err, p->errlen);
	}
	if (r) {
		char why[512];

		snprintf(why, sizeof(why), "%s", p->err);
		free(path);
		return errmsg(p->err, p->errlen, -EINVAL, "%s: include: %s", where, why);
	}
	/* a budget over the whole document: nesting alone can multiply the work without end */
	if (++p->doc->nincluded > INCLUDES_MAX ||
	    (p->doc->included_bytes += len) > INCLUDED_BYTES_MAX) {
		free(buf);
		free(path);
		return errmsg(p->err, p->errlen, -EINVAL, "%s: include: more than %d included files "
			      "or %d MiB of them in all", where, INCLUDES_MAX, INCLUDED_BYTES_MAX >> 20);
	}
	p->depth++;
	r = parse_buf(p, path ? path : file, buf, len);
	p->depth--;
	free(buf);
	free(path);
	return r;
}

/* One line, blanks and comments already stripped, not empty. */
static int parse_line(struct parser *p, const char *name, char *line, const char *where)
{
	char *eq, *key, *val = NULL, *exp, *kw;
	bool arith;
	int r;

	if (line[0] == '[') {
		char *close = strchr(line, ']');

		if (p->depth)
			return errmsg(p->err, p->errlen, -EINVAL, "%s: an included file may not "
				      "hold [sections]", where);
		if (!close || close[1])
			return errmsg(p->err, p->errlen, -EINVAL, "%s: bad section header '%s' "
				      "(write [name])", where, line);
		if (close == line + 1 || close - line - 1 > SECTION_NAME_MAX)
			return errmsg(p->err, p->errlen, -EINVAL, "%s: a section name must have 1 to "
				      "%d characters", where, SECTION_NAME_MAX);
		return add_section(p, line + 1, (size_t)(close - line - 1), where);
	}
	if (!strncmp(line, "include", 7) && blank(line[7])) {
		char *f = line + 8;

		while (blank(*f))
			f++;
		return include(p, name, f, where);
	}
	exp = expand_env(p, where, line);
	if (!exp)
		return -EINVAL;
	eq = strchr(exp, '=');
	key = exp;
	if (eq) {
		char *k = eq;

		while (k > key && blank(k[-1]))
			k--;
		*k = 0;
		val = eq + 1;
	}
	for (char *c = key; *c; c++) {
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-') {
			r = errmsg(p->err, p->errlen, -EINVAL, "%s: '%s' is not an option name",
				   where, key);
			free(exp);
			return r;
		}
	}
	if (!*key) {
		free(exp);
		return errmsg(p->err, p->errlen, -EINVAL, "%s: '=' without an option name", where);
	}
	if (!p->doc->nsec || p->doc->sec[p->doc->nsec - 1].file != p->file) {
		r = errmsg(p->err, p->errlen, -EINVAL, "%s: option '%s' outside of a [job] section",
			   where, key);
		free(exp);
		return r;
	}
	if (val && blank(*val)) {
		r = errmsg(p->err, p->errlen, -EINVAL, "%s: a blank after '=' in '%s=%s': fio keeps "
			   "it as part of the value (size= 1m is 1 byte there); write %s=%s",
			   where, key, val, key, val + strspn(val, " \t"));
		free(exp);
		return r;
	}
	kw = val ? jobfile_expand_keywords(val, &arith) : NULL;
	if (val && !kw) {
		free(exp);
		return oom(p);
	}
	if (kw && arith) {
		long long v;
		char num[32];

		if (jobfile_eval(kw, &v)) {
			r = errmsg(p->err, p->errlen, -EINVAL, "%s: %s=%s: '%s' is not an integer "
				   "expression (+ - * / and parentheses)", where, key, val, kw);
			free(kw);
			free(exp);
			return r;
		}
		snprintf(num, sizeof(num), "%lld", v);
		free(kw);
		kw = strdup(num);
		if (!kw) {
			free(exp);
			return oom(p);
		}
	}
	r = add_option(p, key, kw, where);
	free(kw);
	free(exp);
	return r;
}

static int parse_buf(struct parser *p, const char *name, const char *buf, size_t len)
{
	char line[LINE_MAX_LEN + 1];
	unsigned lineno = 0;
	size_t i = 0;

	while (i < len) {
		size_t start = i, n;
		char *s, *cut, where[300];
		int r;

		while (i < len && buf[i] != '\n')
			i++;
		n = i - start;
		i++;	/* past the newline */
		lineno++;
		snprintf(where, sizeof(where), "%s:%u", name, lineno);
		if (memchr(buf + start, 0, n))
			return errmsg(p->err, p->errlen, -EINVAL, "%s: a NUL byte in the line", where);
		if (n > LINE_MAX_LEN)
			return errmsg(p->err, p->errlen, -EINVAL, "%s: longer than %d bytes", where,
				      LINE_MAX_LEN);
		memcpy(line, buf + start, n);
		line[n] = 0;
		s = line;
		while (blank(*s))
			s++;
		if (*s == ';' || *s == '#')
			continue;
		cut = s + strcspn(s, ";#");	/* fio cuts at the first ; or # anywhere */
		while (cut > s && blank(cut[-1]))
			cut--;
		*cut = 0;
		if (!*s)
			continue;
		r = parse_line(p, name, s, where);
		if (r)
			return r;
	}
	return 0;
}

int jobfile_parse(struct jf_doc *doc, const char *name, const char *buf, size_t len,
		  unsigned file, jf_loader load, char *err, size_t errlen)
{
	struct parser p = { .doc = doc, .file = file, .load = load, .err = err, .errlen = errlen };

	return parse_buf(&p, name, buf, len);
}

int jobfile_from_args(struct jf_doc *doc, const struct jf_opt *opts, unsigned n, char *err,
		      size_t errlen)
{
	struct jf_section *cur = NULL;

	for (unsigned i = 0; i < n; i++) {
		const struct jf_opt *o = &opts[i];
		bool starts = !strcmp(o->key, "name");
		struct jf_opt *no;

		if (starts && (!o->val || !*o->val))
			return errmsg(err, errlen, -EINVAL, "command line: --name needs a job name");
		if (starts || !cur) {	/* before the first --name: fio's global options */
			struct jf_section *sec = realloc(doc->sec, (doc->nsec + 1) * sizeof(*sec));

			if (!sec)
				return errmsg(err, errlen, -ENOMEM, "out of memory");
			doc->sec = sec;
			cur = &sec[doc->nsec++];
			memset(cur, 0, sizeof(*cur));
			cur->global = !starts;
			cur->name = strdup(starts ? o->val : "global");
			cur->where = strdup("command line");
			if (!cur->name || !cur->where)
				return errmsg(err, errlen, -ENOMEM, "out of memory");
		}	/* --name itself stays the job's first option, as fio lists it */
		no = realloc(cur->opts, (cur->nopts + 1) * sizeof(*no));
		if (!no)
			return errmsg(err, errlen, -ENOMEM, "out of memory");
		cur->opts = no;
		no = &no[cur->nopts];
		no->key = strdup(o->key);
		no->val = o->val ? strdup(o->val) : NULL;
		no->where = strdup("command line");
		if (!no->key || (o->val && !no->val) || !no->where) {
			free(no->key);
			free(no->val);
			free(no->where);
			return errmsg(err, errlen, -ENOMEM, "out of memory");
		}
		cur->nopts++;
	}
	return 0;
}

void jobfile_free(struct jf_doc *doc)
{
	for (unsigned i = 0; i < doc->nsec; i++) {
		struct jf_section *s = &doc->sec[i];

		for (unsigned k = 0; k < s->nopts; k++) {
			free(s->opts[k].key);
			free(s->opts[k].val);
			free(s->opts[k].where);
		}
		free(s->opts);
		free(s->name);
		free(s->where);
	}
	free(doc->sec);
	memset(doc, 0, sizeof(*doc));
}
