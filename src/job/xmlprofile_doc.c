/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile_doc.c: reading a DiskSpd profile's elements: their text, its
 * numbers, a child by name, and a message that names the file, the line
 * and the element.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "job/xmlprofile_doc.h"
#include "util/errmsg.h"
#include "util/banned.h"

int xprofile_at(const char *name, xmlNodePtr n, char *err, size_t len, int r, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (n)
		return errmsg(err, len, r, "%s:%ld: <%s>: %s", name, xmlGetLineNo(n),
			      (const char *)n->name, msg);
	return errmsg(err, len, r, "%s: %s", name, msg);
}

bool xprofile_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* n's text, its leading and trailing white space dropped (xs:whiteSpace collapse). */
int xprofile_text(xmlNodePtr n, char *buf, size_t len)
{
	xmlChar *c = xmlNodeGetContent(n);
	const char *s = c ? (const char *)c : "";
	size_t k;

	if (!c && n->children)
		return -ENOMEM;
	while (xprofile_space(*s))
		s++;
	k = strlen(s);
	while (k && xprofile_space(s[k - 1]))
		k--;
	if (k >= len) {
		xmlFree(c);
		return -E2BIG;
	}
	memcpy(buf, s, k);
	buf[k] = 0;
	xmlFree(c);
	return 0;
}

/* An unsigned decimal of xs:unsignedInt/unsignedLong (an optional '+', leading zeros). */
bool xprofile_dec(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;

	if (*s == '+')
		s++;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		if (x > (max - (uint64_t)(*s - '0')) / 10)
			return false;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = x;
	return true;
}

/* The first child element of n called name, or NULL. */
xmlNodePtr xprofile_child(xmlNodePtr n, const char *name)
{
	for (xmlNodePtr k = n ? n->children : NULL; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE && !strcmp((const char *)k->name, name))
			return k;
	return NULL;
}
