/* SPDX-License-Identifier: MIT */
/*
 * xml.h: writing DiskSpd's XML layouts. Elements one to a line, each level
 * indented two spaces more, as DiskSpd writes them; text of any bytes
 * escaped so that the document stays well-formed UTF-8: &, <, >, " and '
 * as entities, and a byte XML cannot hold (one that is not part of valid
 * UTF-8, a control character other than tab, new line and carriage return,
 * U+FFFE and U+FFFF) as the four characters \xHH, as iobench's JSON writes
 * them (util/jtext.h), and a backslash that begins such a form as \x5c
 * (other backslashes are themselves: C:\Temp), so the form is never
 * ambiguous. Write errors are left to the stream (ferror).
 */
#ifndef IOB_XML_H
#define IOB_XML_H

#include <stdbool.h>
#include <stdio.h>

struct xml {
	FILE *f;
	unsigned depth;		/* levels of two spaces before the next line */
};

/* s as XML text (also an attribute value between double quotes). */
void xml_text(FILE *f, const char *s);

/*
 * Whether s reads back from XML as it is, escaped by entities alone: valid
 * UTF-8 without control characters, and no white space at either end (a
 * profile's reader trims it). xml_plain() writes such a text so, its
 * backslashes as they are (a profile's paths, which DiskSpd reads back).
 */
bool xml_plain_ok(const char *s);
void xml_plain(FILE *f, const char *s);

/* The indentation of the current level. */
void xml_indent(const struct xml *x);

/* "<tag>" on its own line; the lines after it one level deeper. */
void xml_open(struct xml *x, const char *tag);

/* One level back, then "</tag>" on its own line. */
void xml_close(struct xml *x, const char *tag);

/* "<tag>VALUE</tag>" on a line, VALUE formatted as printf does and not escaped (numbers). */
void xml_leaf(const struct xml *x, const char *tag, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "<tag>TEXT</tag>" on a line, TEXT escaped (NULL: empty). */
void xml_leaf_text(const struct xml *x, const char *tag, const char *text);

/* "<tag>true</tag>" or "<tag>false</tag>" on a line. */
void xml_leaf_bool(const struct xml *x, const char *tag, bool v);

#endif
