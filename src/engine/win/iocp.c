/* SPDX-License-Identifier: MIT */
/*
 * iocp.c: overlapped I/O on a completion port, as DiskSpd does it: each
 * worker thread has its own port and its own handle of each of its files
 * (ReOpenFile with the target's access and flags: a handle belongs to one
 * port; a locked volume's own handle duplicated instead, its file object
 * the only one the volume takes I/O through, for the one thread allowed
 * it), issues each I/O with ReadFile/WriteFile at its offset, and reaps
 * completions in batches with GetQueuedCompletionStatusEx. An I/O that
 * fails as it is issued comes back with the next reap, as one that failed
 * on the device does.
 */
#include <errno.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <winternl.h>

#include "platform/clock.h"
#include "engine/engine.h"
#include "platform/win/winerr.h"
#include "platform/win/winfile.h"
#include "util/banned.h"

struct op {
	OVERLAPPED ov;		/* first: a completion's OVERLAPPED is its op */
	struct io_unit *u;
};

struct iocp {
	HANDLE port;
	HANDLE *h;		/* per file of the setup: this thread's handle */
	unsigned nh;
	struct op *ops;		/* depth of them */
	struct op **free;
	unsigned nfree;
	struct io_unit **failed;	/* refused as issued: handed back by the next reap */
	unsigned nfailed;
	OVERLAPPED_ENTRY *ents;
	unsigned depth;
};

static void iocp_cleanup(struct engine *e)
{
	struct iocp *p = e->priv;

	if (!p)
		return;
	for (unsigned i = 0; i < p->nh; i++)
		if (p->h[i] && p->h[i] != INVALID_HANDLE_VALUE)
			CloseHandle(p->h[i]);
	if (p->port)
		CloseHandle(p->port);
	free(p->h);
	free(p->ops);
	free(p->free);
	free(p->failed);
	free(p->ents);
	free(p);
	e->priv = NULL;
}

static int iocp_init(struct engine *e, const struct engine_setup *s)
{
	struct iocp *p = calloc(1, sizeof(*p));
	int r = 0;

	e->priv = p;
	if (!p)
		return -ENOMEM;
	p->depth = s->depth ? s->depth : 1;
	p->nh = s->nfds;
	p->h = calloc(s->nfds ? s->nfds : 1, sizeof(*p->h));
	p->ops = calloc(p->depth, sizeof(*p->ops));
	p->free = calloc(p->depth, sizeof(*p->free));
	p->failed = calloc(p->depth, sizeof(*p->failed));
	p->ents = calloc(p->depth, sizeof(*p->ents));
	if (!p->h || !p->ops || !p->free || !p->failed || !p->ents)
		return -ENOMEM;
	p->port = CreateIoCompletionPort(INVALID_HANDLE_VALUE, NULL, 0, 1);
	if (!p->port)
		return -winerr_errno(GetLastError());
	for (unsigned i = 0; i < p->depth; i++)
		p->free[p->nfree++] = &p->ops[i];
	for (unsigned i = 0; !r && i < s->nfds; i++) {
		HANDLE h = (HANDLE)_get_osfhandle(s->fds[i]);
		DWORD access = GENERIC_READ | GENERIC_WRITE, flags = 0;

		if (h == INVALID_HANDLE_VALUE)
			return -EBADF;
		winfile_flags(s->fds[i], &access, &flags);
		if (winfile_sole(s->fds[i])) {
			if (!DuplicateHandle(GetCurrentProcess(), h, GetCurrentProcess(), &p->h[i], 0,
					     FALSE, DUPLICATE_SAME_ACCESS)) {
				p->h[i] = NULL;
				return -winerr_errno(GetLastError());
			}
		} else {
			p->h[i] = ReOpenFile(h, access, FILE_SHARE_READ | FILE_SHARE_WRITE |
					     FILE_SHARE_DELETE, (flags & 0xffff0000u) |
					     FILE_FLAG_OVERLAPPED);
		}
		if (p->h[i] == INVALID_HANDLE_VALUE)
			return -winerr_errno(GetLastError());
		if (!CreateIoCompletionPort(p->h[i], p->port, i, 0))
			r = -winerr_errno(GetLastError());
	}
	return r;
}

static int iocp_queue(struct engine *e, struct io_unit *u)
{
	struct iocp *p = e->priv;
	struct op *o;
	BOOL ok;

	if (!p->nfree)
		return -EBUSY;
	o = p->free[--p->nfree];
	memset(&o->ov, 0, sizeof(o->ov));
	o->ov.Offset = (DWORD)(u->offset & 0xffffffffu);
	o->ov.OffsetHigh = (DWORD)(u->offset >> 32);
	o->u = u;
	ok = u->is_write ? WriteFile(p->h[u->file], u->buf, u->len, NULL, &o->ov)
			 : ReadFile(p->h[u->file], u->buf, u->len, NULL, &o->ov);
	if (!ok && GetLastError() != ERROR_IO_PENDING) {
		DWORD err = GetLastError();

		/* no packet comes for it: it is handed back by the next reap */
		u->result = !u->is_write && err == ERROR_HANDLE_EOF ? 0 : -winerr_errno(err);
		p->free[p->nfree++] = o;
		p->failed[p->nfailed++] = u;
	}
	return 0;
}

/* The result of the completed op in x: bytes moved, or -errno. */
static int64_t result_of(const OVERLAPPED_ENTRY *x)
{
	const struct op *o = (const struct op *)x->lpOverlapped;
	NTSTATUS st = (NTSTATUS)o->ov.Internal;

	if (st >= 0)
		return (int64_t)x->dwNumberOfBytesTransferred;
	if (st == (NTSTATUS)0xC0000011L)	/* STATUS_END_OF_FILE: a read past the end */
		return 0;
	return -winerr_errno(RtlNtStatusToDosError(st));
}

/* Up to max completions into done, waiting up to ms for the first. */
static int take(struct iocp *p, struct io_unit **done, unsigned max, DWORD ms)
{
	ULONG n = 0, k = 0;

	while (p->nfailed && k < max)
		done[k++] = p->failed[--p->nfailed];
	if (k == max)
		return (int)k;
	if (!GetQueuedCompletionStatusEx(p->port, p->ents, max - k, &n, k ? 0 : ms, FALSE)) {
		DWORD err = GetLastError();

		if (err == WAIT_TIMEOUT)
			return (int)k;
		return k ? (int)k : -winerr_errno(err);
	}
	for (ULONG i = 0; i < n; i++) {
		struct op *o = (struct op *)p->ents[i].lpOverlapped;

		o->u->result = result_of(&p->ents[i]);
		done[k++] = o->u;
		p->free[p->nfree++] = o;
	}
	return (int)k;
}

static int iocp_reap(struct engine *e, unsigned min, struct io_unit **done, unsigned max)
{
	struct iocp *p = e->priv;
	unsigned got = 0;

	if (!max)
		return 0;	/* issued as queued: nothing to submit */
	do {
		int k = take(p, done + got, max - got, min > got ? INFINITE : 0);

		if (k < 0)
			return got ? (int)got : k;
		got += (unsigned)k;
	} while (got < min);
	return (int)got;
}

static int iocp_reap_by(struct engine *e, struct io_unit **done, unsigned max, uint64_t deadline)
{
	struct iocp *p = e->priv;
	uint64_t now = clock_ns();
	uint64_t ms = deadline > now ? (deadline - now + 999999) / 1000000 : 0;

	return take(p, done, max, (DWORD)(ms > 0xfffffffeu ? 0xfffffffeu : ms));
}

const struct engine_ops engine_iocp = {
	.name = "iocp",
	.init = iocp_init,
	.queue = iocp_queue,
	.reap = iocp_reap,
	.reap_by = iocp_reap_by,
	.cleanup = iocp_cleanup,
};
