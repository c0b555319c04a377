/* SPDX-License-Identifier: MIT */
/*
 * build_content.c: what the run's writes carry to begin with
 * (build_content.h): the write buffers' content and the targets' shared
 * -Z<size>[,<file>] and --dedupe source buffers.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/build_content.h"
#include "core/build_mem.h"
#include "util/errmsg.h"
#include "util/banned.h"

/*
 * What a write buffer holds to begin with: zeros (-Z), the --pattern repeated,
 * or random bytes with the last --compress % of every 512 bytes zeroed.
 */
void build_write_content(const struct target_spec *sp, uint64_t *rng, char *buf, uint64_t len)
{
	if (sp->buf == BUF_ZERO) {
		memset(buf, 0, len);
	} else if (sp->buf == BUF_PATTERN) {
		for (uint64_t i = 0; i < len; i++)
			buf[i] = (char)sp->pattern[i % sp->pattern_len];
	} else if (sp->buf == BUF_SEQUENCE) {	/* DiskSpd's AllocateAndFillBufferForTarget */
		for (uint64_t i = 0; i < len; i++)
			buf[i] = (char)(i % 256);
	} else {
		gen_fill(rng, buf, len);
		for (uint64_t o = 0; sp->compress_pct && o < len; o += 512) {
			uint64_t chunk = len - o < 512 ? len - o : 512;
			uint64_t zeros = chunk * sp->compress_pct / 100;

			memset(buf + o + chunk - zeros, 0, zeros);
		}
	}
}

/*
 * -Z<size>,<file>: the n bytes of buf from path's start, repeated from the
 * buffer's start when the file is shorter (DiskSpd's _FillRandomDataWriteBuffer).
 */
static int read_source(const char *path, char *buf, uint64_t n)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	uint64_t got = 0;

	if (fd < 0)
		return -errno;
	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got > (1u << 20) ? 1u << 20 : n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = -errno;

			close(fd);
			return e;
		}
		if (!r)
			break;
		got += (uint64_t)r;
	}
	close(fd);
	if (!got)
		return -ENODATA;
	for (uint64_t i = got; i < n; i++)
		buf[i] = buf[i - got];
	return 0;
}

int build_check_sources(const struct workload *w, char *err, size_t len)
{
	for (unsigned i = 0; i < w->ntargets; i++) {
		const char *path = w->targets[i].buf_source_path;
		struct stat st;
		int fd;

		if (!path || w->targets[i].buf != BUF_SOURCE)
			continue;
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
		if (fd < 0)
			return errmsg(err, len, -EINVAL, "-Z%llu,%s: cannot open the file: %s",
				      (unsigned long long)w->targets[i].buf_source_size, path,
				      strerror(errno));
		if (fstat(fd, &st) || !S_ISREG(st.st_mode) || !st.st_size) {
			close(fd);
			return errmsg(err, len, -EINVAL, "-Z%llu,%s: %s", (unsigned long long)
				      w->targets[i].buf_source_size, path, S_ISREG(st.st_mode) ?
				      "the file is empty" : "not a regular file");
		}
		close(fd);
	}
	return 0;
}

int build_source_buffers(struct run_ctx *ctx)
{
	const struct workload *w = ctx->w;

	ctx->src_bufs = calloc(w->ntargets, sizeof(*ctx->src_bufs));
	if (!ctx->src_bufs)
		return -ENOMEM;
	for (unsigned i = 0; i < w->ntargets; i++) {
		uint64_t rng = w->seed ^ 0x5851f42d4c957f2dull ^ i;

		uint64_t n = build_src_size(&w->targets[i]);

		if (!n)
			continue;
		ctx->src_bufs[i] = iomem_aligned(n);
		if (!ctx->src_bufs[i])
			return -ENOMEM;
		if (w->targets[i].buf == BUF_SOURCE && w->targets[i].buf_source_path) {
			int r = read_source(w->targets[i].buf_source_path, ctx->src_bufs[i], n);

			if (r)
				return r;
		} else if (w->targets[i].buf == BUF_SOURCE) {
			gen_fill(&rng, ctx->src_bufs[i], n);
		}
		else
			build_write_content(&w->targets[i], &rng, ctx->src_bufs[i], n);
	}
	return 0;
}
