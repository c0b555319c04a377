/* SPDX-License-Identifier: MIT */
/*
 * faultfs.c: a FUSE file system that injects faults under iobench, for the
 * integration tests. "faultfs BACKING_FILE MOUNTPOINT [fuse options]" mounts a
 * directory holding two files:
 *   disk  BACKING_FILE's bytes, read and written at the same offsets (pread,
 *         pwrite); its size is the backing file's and stays so: a write is cut
 *         at the end (ENOSPC past it), truncate refused (EPERM) unless to the
 *         current size, fallocate refused (EPERM). Every open is direct_io.
 *   ctl   write lines to set faults; read it to list them with their counters.
 *
 * Control lines (numbers decimal, OFF and LEN in bytes, MS milliseconds):
 *   eio read|write OFF LEN [after N]       the I/O fails with EIO
 *   short read OFF LEN [after N]           the read returns size/2 bytes (0 for 1)
 *   drop write OFF LEN [after N]           the write reports success, writes nothing
 *   delay read|write OFF LEN MS [after N]  the I/O sleeps MS ms (<= 3600000) first
 *   clear                                  removes every rule
 * A rule matches an I/O of its direction that overlaps [OFF, OFF+LEN), LEN > 0.
 * "after N": its first N matching I/Os pass untouched (counted as "passed"),
 * later ones are hit (counted as "hits"). A line with the same kind, direction,
 * OFF and LEN as a rule replaces it, counters reset. One write may hold several
 * lines (blank ones skipped); a bad line fails the whole write with EINVAL and
 * changes nothing; a 65th rule fails with ENOSPC (lines before it stay). When
 * several rules hit one I/O their delays add up, then eio wins over drop and
 * short. Reading ctl gives, as of its open, "io reads R writes W" (every disk
 * request seen since the mount), then one line per rule: the rule as written,
 * always with "after N", then "passed P hits H".
 *
 * Why direct_io on every open, not only O_DIRECT ones: with the kernel's page
 * cache on the FUSE file, a loop device (which opens its file without O_DIRECT)
 * or a buffered reader would be served from cache and miss the faults, and a
 * short read in the cached path shrinks the file's size in the kernel. With
 * direct_io each read(2)/write(2) reaches us, O_DIRECT opens need no alignment,
 * and a shared mmap of disk fails (ENODEV). The kernel splits I/O above
 * max_write (1 MiB here) into several requests. Runs multithreaded (as
 * fuse_main does unless -s) so a delayed read does not stall others; writes
 * are serialized by the kernel anyway (libfuse 3.14 cannot ask for parallel
 * direct writes), so a delayed write holds up the writes behind it. The rules
 * are under one mutex, never held while sleeping or doing I/O.
 */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

enum fault_kind { FAULT_EIO, FAULT_SHORT, FAULT_DROP, FAULT_DELAY, FAULT_CLEAR };

static const char *const fault_names[] = { "eio", "short", "drop", "delay" };

struct fault_rule {
	enum fault_kind kind;
	int write;
	uint64_t off, len, ms, after;
	uint64_t passed, hits;
};

#define FAULT_MAX_RULES 64
#define FAULT_CTL_MAX 65536

static struct fault_rule fault_rules[FAULT_MAX_RULES];
static int fault_nrules;
static uint64_t fault_nreads, fault_nwrites;
static pthread_mutex_t fault_lock = PTHREAD_MUTEX_INITIALIZER;
static int backing_fd = -1;

struct ctl_buf {
	size_t len;
	char data[];
};

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno || *end ? -EINVAL : 0;
}

/* parse_line: a rule (or "clear") in *r and 0, 1 for a blank line, or -EINVAL. */
static int parse_line(char *line, struct fault_rule *r)
{
	char *tok[9], *save, *t;
	int n = 0, k, nnum;

	for (t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
		if (n == 9)
			return -EINVAL;
		tok[n++] = t;
	}
	memset(r, 0, sizeof(*r));
	r->kind = FAULT_CLEAR;
	if (n == 0 || (n == 1 && !strcmp(tok[0], "clear")))
		return n == 0;
	for (k = 0; k < 4 && strcmp(tok[0], fault_names[k]); k++)
		;
	if (k == 4 || n < 4)
		return -EINVAL;
	r->kind = k;
	if (!strcmp(tok[1], "write"))
		r->write = 1;
	else if (strcmp(tok[1], "read"))
		return -EINVAL;
	if ((k == FAULT_SHORT && r->write) || (k == FAULT_DROP && !r->write))
		return -EINVAL;
	nnum = k == FAULT_DELAY ? 3 : 2;
	if (n != 2 + nnum && !(n == 4 + nnum && !strcmp(tok[2 + nnum], "after")))
		return -EINVAL;
	if (parse_u64(tok[2], &r->off) || parse_u64(tok[3], &r->len) || r->len == 0 ||
	    r->off + r->len < r->off)
		return -EINVAL;
	if (k == FAULT_DELAY && (parse_u64(tok[4], &r->ms) || r->ms > 3600000))
		return -EINVAL;
	if (n == 4 + nnum && parse_u64(tok[3 + nnum], &r->after))
		return -EINVAL;
	return 0;
}

/* ctl_apply: parses every line of buf, then applies them all or none. */
static int ctl_apply(const char *buf, size_t size)
{
	struct fault_rule *parsed = NULL, *r, *o;
	char *text, *line, *next;
	int n = 0, ret = -EINVAL, i, j;

	text = size <= FAULT_CTL_MAX ? strndup(buf, size) : NULL;
	if (text && strlen(text) == size)
		parsed = calloc(size / 2 + 1, sizeof(*parsed));
	if (!parsed)
		goto out;
	for (line = text; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		ret = parse_line(line, &parsed[n]);
		if (ret < 0)
			goto out;
		n += !ret;
	}
	pthread_mutex_lock(&fault_lock);
	for (i = 0, ret = 0; i < n; i++) {
		r = &parsed[i];
		if (r->kind == FAULT_CLEAR) {
			fault_nrules = 0;
			continue;
		}
		for (j = 0; j < fault_nrules; j++) {
			o = &fault_rules[j];
			if (o->kind == r->kind && o->write == r->write && o->off == r->off &&
			    o->len == r->len)
				break;
		}
		if (j == FAULT_MAX_RULES) {
			ret = -ENOSPC;
			break;
		}
		fault_rules[j] = *r;
		fault_nrules += j == fault_nrules;
	}
	pthread_mutex_unlock(&fault_lock);
out:
	free(text);
	free(parsed);
	return ret;
}

static struct ctl_buf *ctl_snapshot(void)
{
	struct ctl_buf *b;
	size_t cap = 64 + FAULT_MAX_RULES * 160;
	int i, len;

	b = malloc(sizeof(*b) + cap);
	if (!b)
		return NULL;
	pthread_mutex_lock(&fault_lock);
	len = snprintf(b->data, cap, "io reads %" PRIu64 " writes %" PRIu64 "\n", fault_nreads,
		       fault_nwrites);
	for (i = 0; i < fault_nrules; i++) {
		struct fault_rule *r = &fault_rules[i];

		len += snprintf(b->data + len, cap - len, "%s %s %" PRIu64 " %" PRIu64,
				fault_names[r->kind], r->write ? "write" : "read", r->off, r->len);
		if (r->kind == FAULT_DELAY)
			len += snprintf(b->data + len, cap - len, " %" PRIu64, r->ms);
		len += snprintf(b->data + len, cap - len,
				" after %" PRIu64 " passed %" PRIu64 " hits %" PRIu64 "\n",
				r->after, r->passed, r->hits);
	}
	pthread_mutex_unlock(&fault_lock);
	b->len = len;
	return b;
}

/*
 * fault_check: counts the I/O against every matching rule, sleeps the delays,
 * and says what to do: -EIO, or 0 with *drop / *shrt set.
 */
static int fault_check(int write, off_t off, size_t size, int *drop, int *shrt)
{
	uint64_t ms = 0, o = off;
	int eio = 0, i;

	*drop = *shrt = 0;
	pthread_mutex_lock(&fault_lock);
	if (write)
		fault_nwrites++;
	else
		fault_nreads++;
	for (i = 0; i < fault_nrules; i++) {
		struct fault_rule *r = &fault_rules[i];

		if (r->write != write || !size || o >= r->off + r->len || r->off >= o + size)
			continue;
		if (r->passed < r->after) {
			r->passed++;
			continue;
		}
		r->hits++;
		if (r->kind == FAULT_EIO)
			eio = 1;
		else if (r->kind == FAULT_SHORT)
			*shrt = 1;
		else if (r->kind == FAULT_DROP)
			*drop = 1;
		else
			ms += r->ms;
	}
	pthread_mutex_unlock(&fault_lock);
	if (ms) {
		struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

		while (nanosleep(&ts, &ts) && errno == EINTR)
			;
	}
	return eio ? -EIO : 0;
}

#define is_disk(path) (!strcmp(path, "/disk"))
#define is_ctl(path) (!strcmp(path, "/ctl"))

static off_t disk_size(void)
{
	struct stat st;

	return fstat(backing_fd, &st) ? -errno : st.st_size;
}

static void *ffs_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
	(void)cfg;
	conn->max_write = 1 << 20;	/* 1 MiB writes in one request, not 128 KiB ones */
	return NULL;
}

static int ffs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct stat b;

	(void)fi;
	if (fstat(backing_fd, &b))
		return -errno;
	memset(st, 0, sizeof(*st));
	st->st_uid = getuid();
	st->st_gid = getgid();
	st->st_atim = b.st_atim;
	st->st_mtim = b.st_mtim;
	st->st_ctim = b.st_ctim;
	st->st_blksize = 4096;
	if (!strcmp(path, "/")) {
		st->st_mode = S_IFDIR | 0755;
		st->st_nlink = 2;
	} else if (is_disk(path) || is_ctl(path)) {
		st->st_mode = S_IFREG | 0644;
		st->st_nlink = 1;
		if (is_disk(path)) {
			st->st_size = b.st_size;
			st->st_blocks = b.st_blocks;
		}
	} else {
		return -ENOENT;
	}
	return 0;
}

static int ffs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
		       struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	(void)off, (void)fi, (void)flags;
	if (strcmp(path, "/"))
		return -ENOTDIR;
	fill(buf, ".", NULL, 0, 0);
	fill(buf, "..", NULL, 0, 0);
	fill(buf, "disk", NULL, 0, 0);
	fill(buf, "ctl", NULL, 0, 0);
	return 0;
}

static int ffs_open(const char *path, struct fuse_file_info *fi)
{
	off_t size;

	fi->direct_io = 1;
	if (is_ctl(path)) {
		if ((fi->flags & O_ACCMODE) != O_WRONLY) {
			fi->fh = (uintptr_t)ctl_snapshot();
			if (!fi->fh)
				return -ENOMEM;
		}
		return 0;
	}
	if (!is_disk(path))
		return -EISDIR;
	size = disk_size();
	if (size < 0)
		return size;
	/* with atomic O_TRUNC the truncation comes here, not through truncate */
	return fi->flags & O_TRUNC && size ? -EPERM : 0;
}

static int ffs_release(const char *path, struct fuse_file_info *fi)
{
	if (is_ctl(path))
		free((void *)(uintptr_t)fi->fh);
	return 0;
}

static int ffs_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
	int drop, shrt, ret;
	ssize_t n;

	if (is_ctl(path)) {
		struct ctl_buf *b = (struct ctl_buf *)(uintptr_t)fi->fh;

		if (!b)
			return -EBADF;
		if ((size_t)off >= b->len)
			return 0;
		n = b->len - off < size ? b->len - off : size;
		memcpy(buf, b->data + off, n);
		return n;
	}
	ret = fault_check(0, off, size, &drop, &shrt);
	if (ret)
		return ret;
	/* one pread: a regular file reads short only at its end */
	n = pread(backing_fd, buf, shrt ? size / 2 : size, off);
	return n < 0 ? -errno : n;
}

static int ffs_write(const char *path, const char *buf, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	int drop, shrt, ret;
	off_t end;
	ssize_t n;

	(void)fi;
	if (is_ctl(path)) {
		ret = ctl_apply(buf, size);
		return ret ? ret : (int)size;
	}
	end = disk_size();
	if (end < 0)
		return end;
	if (size && off >= end)
		return -ENOSPC;
	if ((off_t)size > end - off)
		size = end - off;
	ret = fault_check(1, off, size, &drop, &shrt);
	if (ret)
		return ret;
	if (drop)
		return size;
	n = pwrite(backing_fd, buf, size, off);
	return n < 0 ? -errno : n;
}

static int ffs_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	(void)fi;
	if (is_ctl(path))
		return 0;
	if (!is_disk(path))
		return -EPERM;
	return size == disk_size() ? 0 : -EPERM;
}

static int ffs_fallocate(const char *path, int mode, off_t off, off_t len,
			 struct fuse_file_info *fi)
{
	(void)path, (void)mode, (void)off, (void)len, (void)fi;
	return -EPERM;
}

static int ffs_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	(void)fi;
	if (!is_disk(path))
		return 0;
	return (datasync ? fdatasync(backing_fd) : fsync(backing_fd)) ? -errno : 0;
}

static int ffs_statfs(const char *path, struct statvfs *sv)
{
	(void)path;
	return fstatvfs(backing_fd, sv) ? -errno : 0;
}

static const struct fuse_operations ffs_ops = {
	.init = ffs_init,
	.getattr = ffs_getattr,
	.readdir = ffs_readdir,
	.open = ffs_open,
	.release = ffs_release,
	.read = ffs_read,
	.write = ffs_write,
	.truncate = ffs_truncate,
	.fallocate = ffs_fallocate,
	.fsync = ffs_fsync,
	.statfs = ffs_statfs,
};

int main(int argc, char **argv)
{
	struct fuse_args args = FUSE_ARGS_INIT(0, NULL);
	struct stat st;
	int i, ret;

	if (argc < 3) {
		fprintf(stderr, "usage: %s BACKING_FILE MOUNTPOINT [fuse options]\n", argv[0]);
		return 2;
	}
	/* opened before fuse_main, which daemonizes and changes to / */
	backing_fd = open(argv[1], O_RDWR | O_CLOEXEC);
	if (backing_fd < 0 || fstat(backing_fd, &st)) {
		fprintf(stderr, "faultfs: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "faultfs: %s: not a regular file\n", argv[1]);
		return 2;
	}
	if (fuse_opt_add_arg(&args, argv[0]) ||
	    fuse_opt_add_arg(&args, "-ofsname=faultfs,subtype=faultfs"))
		return 1;
	for (i = 2; i < argc; i++)
		if (fuse_opt_add_arg(&args, argv[i]))
			return 1;
	ret = fuse_main(args.argc, args.argv, &ffs_ops, NULL);
	fuse_opt_free_args(&args);
	return ret;
}
