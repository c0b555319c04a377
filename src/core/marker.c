/* SPDX-License-Identifier: MIT */
/* marker.c: the ownership marker on iobench's files (see marker.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "core/marker.h"
#include "platform/fileid.h"
#include "platform/host.h"
#include "platform/statedir.h"
#include "util/errmsg.h"
#include "util/banned.h"

#define KEY_LEN 192	/* XXH3 secrets are at least 136 bytes */

/* The key, loaded (or made) on first use; all zero length when unavailable. */
static unsigned char key[KEY_LEN];
static int key_state;	/* 0 not tried, 1 loaded, -errno unavailable */
static char key_err[4400];

static int read_key(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, key, sizeof(key));
	close(fd);
	return n == (ssize_t)sizeof(key) ? 0 : -EINVAL;
}

/* Makes the key: written whole to a temporary file, then linked in (never half a key). */
static int make_key(const char *path)
{
	char tmp[4300];
	int fd, r = 0;

	if (host_random(key, sizeof(key)))
		return -EIO;
	snprintf(tmp, sizeof(tmp), "%s.%d", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	if (write(fd, key, sizeof(key)) != (ssize_t)sizeof(key) || fsync(fd))
		r = -EIO;
	close(fd);
	if (!r && link(tmp, path))
		r = -errno;
	unlink(tmp);
	if (r == -EEXIST)	/* another run made it first: take that one */
		r = read_key(path);
	return r;
}

/*
 * Loads the key; makes it (and the state directory) only when make is set:
 * reading a marker never creates anything, a file without a key to check
 * its marker against is simply not iobench's.
 */
static int load_key(bool make)
{
	char dir[4096], path[4200];

	if (key_state > 0 || (key_state < 0 && make))
		return key_state < 0 ? key_state : 0;
	if (!make) {
		if (statedir_get(dir, sizeof(dir), 0, key_err, sizeof(key_err)))
			return -ENOENT;
		snprintf(path, sizeof(path), "%s/marker.key", dir);
		if (read_key(path))
			return -ENOENT;
		key_state = 1;
		return 0;
	}
	key_state = statedir_get(dir, sizeof(dir), 1, key_err, sizeof(key_err));
	if (!key_state) {
		snprintf(path, sizeof(path), "%s/marker.key", dir);
		key_state = read_key(path);
		if (key_state == -ENOENT)
			key_state = make_key(path);
		if (key_state)
			snprintf(key_err, sizeof(key_err), "cannot read or make iobench's key '%s': %s",
				 path, strerror(-key_state));
	}
	if (!key_state)
		key_state = 1;
	return key_state < 0 ? key_state : 0;
}

uint64_t marker_run_id(void)
{
	static uint64_t id;

	while (!id && host_random(&id, sizeof(id)))
		;
	return id;
}

static uint64_t mac(const char *text)
{
	return XXH3_64bits_withSecret(text, strlen(text), key, sizeof(key));
}

static const char *const state_names[] = { "", "filling", "filled", "verify" };

void marker_read(int fd, struct marker *m)
{
	char val[512], id[160], body[512], state[32];
	unsigned long long run, sum;
	ssize_t n = fileid_attr_get(fd, MARKER_XATTR, val, sizeof(val) - 1);
	int used = 0;

	memset(m, 0, sizeof(*m));
	if (n <= 0)
		return;
	val[n] = 0;
	m->foreign = "its iobench marker is not one this machine's iobench made for this very "
		     "file (copied with it, set by hand, or from an older iobench)";
	if (sscanf(val, "iobench2 %31s %*s %*s %*s run=%llx mac=%llx%n", state, &run, &sum,
		   &used) != 3 || (size_t)used != (size_t)n || load_key(false) ||
	    fileid_marker(fd, id, sizeof(id)))
		return;
	snprintf(body, sizeof(body), "iobench2 %s %s run=%016llx", state, id, run);
	if (strncmp(val, body, strlen(body)) || mac(body) != sum)
		return;
	m->run = run;
	if (!strcmp(state, "filling")) {
		m->state = MARK_FILLING;
	} else if (!strcmp(state, "filled")) {
		m->state = MARK_FILLED;
	} else if (!strncmp(state, "verify:", 7) && (m->block = (uint32_t)atoi(state + 7))) {
		m->state = MARK_VERIFY;
	} else {
		return;
	}
	m->foreign = NULL;
}

int marker_write(int fd, enum marker_state state, uint32_t block, char *err, size_t len)
{
	char id[160], body[512], st[32];
	int r = load_key(true);

	if (r)
		return errmsg(err, len, r, "%s", key_err);
	r = fileid_marker(fd, id, sizeof(id));
	if (r)
		return errmsg(err, len, r, "cannot mark the file: %s", strerror(-r));
	if (state == MARK_VERIFY)
		snprintf(st, sizeof(st), "verify:%u", block);
	else
		snprintf(st, sizeof(st), "%s", state_names[state]);
	snprintf(body, sizeof(body), "iobench2 %s %s run=%016llx", st, id,
		 (unsigned long long)marker_run_id());
	snprintf(body + strlen(body), sizeof(body) - strlen(body), " mac=%016llx",
		 (unsigned long long)mac(body));
	if ((r = fileid_attr_set(fd, MARKER_XATTR, body, strlen(body))))
		return errmsg(err, len, r, "cannot mark the file: %s", strerror(-r));
	return 0;
}
