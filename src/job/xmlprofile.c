/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile.c: DiskSpd's XML profiles read: the file, parsed by libxml2
 * with no network, no DTD and no entities, checked against DiskSpd's schema
 * (xmlprofile_schema.c) before anything is built (xmlprofile_build.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "job/xmlprofile.h"
#include "job/xmlprofile_doc.h"
#include "job/xmlprofile_schema.h"
#include "util/errmsg.h"
#include "util/banned.h"

void xprofile_free(struct xprofile *p)
{
	if (!p)
		return;
	xmlFreeDoc(p->doc);
	free(p->spans);
	free(p->name);
	free(p);
}

unsigned xprofile_spans(const struct xprofile *p)
{
	return p->nspans;
}

/* The first error libxml2 reports, for the message. */
struct first_error {
	int line;
	char msg[512];
};

static void keep_first(void *arg, xmlErrorPtr e)
{
	struct first_error *f = arg;
	size_t k;

	if (f->line || !e || e->level < XML_ERR_ERROR)
		return;
	f->line = e->line > 0 ? e->line : 1;
	snprintf(f->msg, sizeof(f->msg), "%s", e->message ? e->message : "unreadable");
	k = strlen(f->msg);
	while (k && xprofile_space(f->msg[k - 1]))
		f->msg[--k] = 0;
}

int xprofile_parse(const char *name, const char *buf, size_t n, struct xprofile **out, char *err,
		   size_t len)
{
	struct xprofile *p;
	xmlParserCtxtPtr ctxt;
	struct first_error first = { 0 };
	xmlNodePtr top, spans;
	int r;

	*out = NULL;
	if (n > XPROFILE_MAX_BYTES)
		return errmsg(err, len, -EINVAL, "%s: larger than %u MiB: not a DiskSpd profile",
			      name, XPROFILE_MAX_BYTES >> 20);
	p = calloc(1, sizeof(*p));
	if (!p || !(p->name = strdup(name))) {
		free(p);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	ctxt = xmlNewParserCtxt();
	if (!ctxt) {
		xprofile_free(p);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	/* no network, no entity substitution (no XML_PARSE_NOENT), no DTD loaded; the first
	 * error is kept (the later ones follow from it) */
	xmlSetStructuredErrorFunc(&first, keep_first);
	p->doc = xmlCtxtReadMemory(ctxt, buf, (int)n, NULL, NULL,
				   XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES |
				   XML_PARSE_NOCDATA);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (!p->doc || first.line) {
		r = errmsg(err, len, -EINVAL, "%s:%d: not well-formed XML: %s", name, first.line,
			   first.msg[0] ? first.msg : "unreadable");
		xmlFreeParserCtxt(ctxt);
		xprofile_free(p);
		return r;
	}
	xmlFreeParserCtxt(ctxt);
	if (p->doc->intSubset || p->doc->extSubset) {
		const char *d = memmem(buf, n, "<!DOCTYPE", 9);
		long line = 1;

		for (const char *s = buf; d && s < d; s++)	/* a DTD node has no line of its own */
			line += *s == '\n';
		r = errmsg(err, len, -EINVAL, "%s:%ld: a DiskSpd profile has no <!DOCTYPE> (no "
			   "DTD, no entities)", name, line);
		xprofile_free(p);
		return r;
	}
	top = xmlDocGetRootElement(p->doc);
	r = xprofile_check(p, top, err, len);
	if (r) {
		xprofile_free(p);
		return r;
	}
	spans = xprofile_child(top, "TimeSpans");
	for (xmlNodePtr k = spans->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			p->nspans++;
	p->spans = calloc(p->nspans, sizeof(*p->spans));
	if (!p->spans) {
		xprofile_free(p);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	p->nspans = 0;
	for (xmlNodePtr k = spans->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			p->spans[p->nspans++] = k;
	*out = p;
	return 0;
}

int xprofile_load(const char *path, struct xprofile **p, char *err, size_t len)
{
	struct stat st;
	char *buf;
	ssize_t got;
	size_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), r;

	*p = NULL;
	if (fd < 0)
		return errmsg(err, len, -errno, "-X: cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return errmsg(err, len, -EINVAL, "-X: '%s' is not a file", path);
	}
	if ((uint64_t)st.st_size > XPROFILE_MAX_BYTES) {
		close(fd);
		return errmsg(err, len, -EINVAL, "-X: '%s' is larger than %u MiB: not a DiskSpd "
			      "profile", path, XPROFILE_MAX_BYTES >> 20);
	}
	buf = malloc(XPROFILE_MAX_BYTES + 1);
	if (!buf) {
		close(fd);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	while (n <= XPROFILE_MAX_BYTES &&
	       (got = read(fd, buf + n, XPROFILE_MAX_BYTES + 1 - n)) != 0) {
		if (got < 0) {
			r = errmsg(err, len, -errno, "-X: cannot read '%s': %s", path,
				   strerror(errno));
			close(fd);
			free(buf);
			return r;
		}
		n += (size_t)got;
	}
	close(fd);
	r = xprofile_parse(path, buf, n, p, err, len);
	free(buf);
	return r;
}
