/* SPDX-License-Identifier: MIT */
/*
 * jtext.h: text for the JSON outputs that may hold any bytes (paths, the
 * command line, messages naming a path). JSON strings are UTF-8; a byte
 * that is not part of valid UTF-8 is written as the four characters \xHH,
 * so a path of any bytes is kept (and shown) rather than lost as null. A
 * backslash is itself (C:\Temp\io.dat), except one that begins what reads
 * as such a form (a backslash, x, two hex digits): that one is \x5c, so the
 * form is never ambiguous.
 */
#ifndef IOB_UTIL_JTEXT_H
#define IOB_UTIL_JTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <jansson.h>

/*
 * Length of the valid UTF-8 sequence at s: 1 to 4 bytes (an ASCII byte, NUL
 * too, is 1), or 0 when s starts none.
 */
size_t jtext_utf8_len(const char *s);

/* Whether s begins "\\xHH" (a backslash, x, two hex digits): its backslash is written \x5c. */
bool jtext_escaped_backslash(const char *s);

/*
 * A JSON string of s (NULL: JSON null); invalid UTF-8 bytes, and a '\\'
 * that begins "\\xHH", become "\xHH". NULL when out of memory.
 */
json_t *jtext_json(const char *s);

/*
 * The bytes a jtext_json() string stands for, NUL-terminated, in a new
 * allocation; NULL when out of memory (*bad false) or when s is not such a
 * string: a backslash not followed by xHH, or a NUL byte (*bad true).
 */
char *jtext_decode(const char *s, bool *bad);

#endif
