/* SPDX-License-Identifier: MIT */
/* xml.c: indented elements and escaped text for DiskSpd's XML layouts (see xml.h). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "report/xml.h"
#include "util/jtext.h"
#include "util/banned.h"

/* Whether the character of the n-byte UTF-8 sequence at s may stand in an XML 1.0 document. */
static bool xml_char(const unsigned char *s, size_t n)
{
	if (n == 1)
		return s[0] >= 0x20 || s[0] == '\t' || s[0] == '\n' || s[0] == '\r';
	/* U+FFFE and U+FFFF: EF BF BE, EF BF BF */
	return !(n == 3 && s[0] == 0xef && s[1] == 0xbf && (s[2] == 0xbe || s[2] == 0xbf));
}

/* The n-byte character at s, as itself or as its entity (& < > " '). */
static void entity(FILE *f, const char *s, size_t n)
{
	switch (*s) {
	case '&': fputs("&amp;", f); break;
	case '<': fputs("&lt;", f); break;
	case '>': fputs("&gt;", f); break;
	case '"': fputs("&quot;", f); break;
	case '\'': fputs("&apos;", f); break;
	default: fwrite(s, 1, n, f); break;
	}
}

void xml_text(FILE *f, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
		size_t n = jtext_escaped_backslash((const char *)p) ? 0 :
			   jtext_utf8_len((const char *)p);

		if (!n || !xml_char(p, n)) {
			fprintf(f, "\\x%02x", *p++);
			continue;
		}
		entity(f, (const char *)p, n);
		p += n;
	}
}

bool xml_plain_ok(const char *s)
{
	size_t len = strlen(s);

	if (len && (strchr(" \t\n\r", s[0]) || strchr(" \t\n\r", s[len - 1])))
		return false;
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		size_t n = jtext_utf8_len((const char *)p);

		if (!n || !xml_char(p, n) || *p == '\t' || *p == '\n' || *p == '\r')
			return false;
		p += n;
	}
	return true;
}

void xml_plain(FILE *f, const char *s)
{
	for (; *s; s++)
		entity(f, s, 1);
}

void xml_indent(const struct xml *x)
{
	fprintf(x->f, "%*s", (int)(2 * x->depth), "");
}

void xml_open(struct xml *x, const char *tag)
{
	xml_indent(x);
	fprintf(x->f, "<%s>\n", tag);
	x->depth++;
}

void xml_close(struct xml *x, const char *tag)
{
	if (x->depth)
		x->depth--;
	xml_indent(x);
	fprintf(x->f, "</%s>\n", tag);
}

void xml_leaf(const struct xml *x, const char *tag, const char *fmt, ...)
{
	va_list ap;

	xml_indent(x);
	fprintf(x->f, "<%s>", tag);
	va_start(ap, fmt);
	vfprintf(x->f, fmt, ap);
	va_end(ap);
	fprintf(x->f, "</%s>\n", tag);
}

void xml_leaf_text(const struct xml *x, const char *tag, const char *text)
{
	xml_indent(x);
	fprintf(x->f, "<%s>", tag);
	xml_text(x->f, text);
	fprintf(x->f, "</%s>\n", tag);
}

void xml_leaf_bool(const struct xml *x, const char *tag, bool v)
{
	xml_leaf(x, tag, "%s", v ? "true" : "false");
}
