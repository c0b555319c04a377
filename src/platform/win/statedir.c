/* SPDX-License-Identifier: MIT */
/*
 * statedir.c: the state directory on Windows (statedir.h): $IOBENCH_STATE_DIR,
 * else %LOCALAPPDATA%\iobench (the user's own, which other users cannot
 * write), made on first use.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "platform/statedir.h"
#include "util/errmsg.h"
#include "util/banned.h"

int statedir_get(char *buf, size_t len, int make, char *err, size_t errlen)
{
	const char *env = getenv("IOBENCH_STATE_DIR"), *local = getenv("LOCALAPPDATA");
	struct _stat64 st;
	int n;

	if (env && *env)
		n = snprintf(buf, len, "%s", env);
	else if (local && *local)
		n = snprintf(buf, len, "%s\\iobench", local);
	else
		return errmsg(err, errlen, -ENOENT, "no state directory: set IOBENCH_STATE_DIR or "
			      "LOCALAPPDATA");
	if (n < 0 || (size_t)n >= len)
		return errmsg(err, errlen, -ENAMETOOLONG, "the state directory's path is too long");
	while (n > 3 && (buf[n - 1] == '\\' || buf[n - 1] == '/'))
		buf[--n] = 0;
	if (!make)
		return 0;
	if (_mkdir(buf) && errno != EEXIST)
		return errmsg(err, errlen, -errno, "cannot make the state directory '%s': %s", buf,
			      strerror(errno));
	if (_stat64(buf, &st) || !(st.st_mode & _S_IFDIR))
		return errmsg(err, errlen, -ENOTDIR, "the state directory '%s' is not a directory",
			      buf);
	return 0;
}
