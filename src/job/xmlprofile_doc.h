/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile_doc.h: a DiskSpd profile as read (struct xprofile), and its
 * elements' text, for the profile's own files: the reader (xmlprofile.c),
 * the schema check (xmlprofile_schema.c) and the builder
 * (xmlprofile_build.c).
 */
#ifndef IOB_XMLPROFILE_DOC_H
#define IOB_XMLPROFILE_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

#define PATH_MAX_LEN 4096	/* a Path (or FilePath) longer than this is refused */

struct xprofile {
	xmlDocPtr doc;
	char *name;		/* the file, for messages */
	xmlNodePtr *spans;	/* the TimeSpan elements, in order */
	unsigned nspans;
};

/* "name:line: <elem>: " + the message, into err; returns r. */
int xprofile_at(const char *name, xmlNodePtr n, char *err, size_t len, int r, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* XML's white space: space, tab, newline, carriage return. */
bool xprofile_space(int c);

/*
 * n's text, its leading and trailing white space dropped (xs:whiteSpace
 * collapse), into buf. Returns 0, -E2BIG when it does not fit, or -ENOMEM.
 */
int xprofile_text(xmlNodePtr n, char *buf, size_t len);

/*
 * An unsigned decimal of xs:unsignedInt/unsignedLong (an optional '+',
 * leading zeros) up to max: true with *v, or false.
 */
bool xprofile_dec(const char *s, uint64_t max, uint64_t *v);

/* The first child element of n (NULL: none) called name, or NULL. */
xmlNodePtr xprofile_child(xmlNodePtr n, const char *name);

#endif
