/* SPDX-License-Identifier: MIT */
/* engine.c: the engines by name, over the platform's list (engines.c, win/engines.c). */
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "util/banned.h"

void engine_names(char *buf, size_t len)
{
	size_t n = 0;

	if (len)
		buf[0] = 0;
	for (size_t i = 0; i < engine_count && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", engine_list[i]->name);
}

const struct engine_ops *engine_find(const char *name)
{
	for (size_t i = 0; i < engine_count; i++)
		if (!strcmp(engine_list[i]->name, name))
			return engine_list[i];
	return NULL;
}

const char *engine_name(const char *name)
{
	const struct engine_ops *e = engine_find(name);

	return e ? e->name : NULL;
}
