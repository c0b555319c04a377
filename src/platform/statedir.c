/* SPDX-License-Identifier: MIT */
/* statedir.c: the state directory (see statedir.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform/statedir.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* mkdir -p, the last component 0700. */
static int make_dirs(char *path)
{
	struct stat st;

	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(path, 0755) && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	if (mkdir(path, 0700) && errno != EEXIST)
		return -errno;
	if (lstat(path, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	/* the key and the journals are trusted: nobody else may own or write their home */
	if (st.st_uid != geteuid() || (st.st_mode & 022))
		return -EPERM;
	return 0;
}

int statedir_get(char *buf, size_t len, int make, char *err, size_t errlen)
{
	const char *env = getenv("IOBENCH_STATE_DIR"), *home = getenv("HOME");
	const char *xdg = getenv("XDG_STATE_HOME");
	int n, r;

	if (env && *env)
		n = snprintf(buf, len, "%s", env);
	else if (!geteuid())
		n = snprintf(buf, len, "/var/lib/iobench");
	else if (xdg && *xdg == '/')
		n = snprintf(buf, len, "%s/iobench", xdg);
	else if (home && *home == '/')
		n = snprintf(buf, len, "%s/.local/state/iobench", home);
	else
		return errmsg(err, errlen, -ENOENT, "no state directory: set IOBENCH_STATE_DIR or "
			      "HOME");
	if (n < 0 || (size_t)n >= len)
		return errmsg(err, errlen, -ENAMETOOLONG, "the state directory's path is too long");
	while (n > 1 && buf[n - 1] == '/')
		buf[--n] = 0;
	if (!make)
		return 0;
	r = make_dirs(buf);
	if (r == -EPERM)
		return errmsg(err, errlen, r, "the state directory '%s' is not this user's own, or "
			      "others may write it (it holds the key that marks iobench's files)", buf);
	return r ? errmsg(err, errlen, r, "cannot make the state directory '%s': %s", buf,
			  strerror(-r)) : 0;
}
