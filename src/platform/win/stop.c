/* SPDX-License-Identifier: MIT */
/*
 * stop.c: the stops on Windows (stop.h): Ctrl-C, Ctrl-Break and the console
 * closing reach a console control handler, which keeps them for the run
 * while something holds them and ends iobench otherwise. A run's main
 * thread waits on an event the handler and stop_wake() set. Windows stops
 * no process the way SIGSTOP does: STOP_RESUMED never comes.
 */
#include <windows.h>

#include "platform/stop.h"
#include "util/banned.h"

static INIT_ONCE once = INIT_ONCE_STATIC_INIT;
static HANDLE ev_stop, ev_wake;
static volatile LONG held;		/* holds open, on any thread */
static volatile LONG pending;		/* stops come and not yet taken */
static volatile LONG second_ends;	/* a run has taken its first stop: the next ends iobench */
static void (*volatile unheld_fn)(void);

static BOOL WINAPI on_ctrl(DWORD what)
{
	void (*fn)(void) = unheld_fn;

	if (what != CTRL_C_EVENT && what != CTRL_BREAK_EVENT && what != CTRL_CLOSE_EVENT)
		return FALSE;
	if (held > 0 && !second_ends) {
		InterlockedIncrement(&pending);
		SetEvent(ev_stop);
		return TRUE;
	}
	if (fn)
		fn();
	return FALSE;	/* the next handler, the system's: the process ends */
}

static BOOL CALLBACK init(PINIT_ONCE o, PVOID p, PVOID *c)
{
	ev_stop = CreateEventW(NULL, FALSE, FALSE, NULL);
	ev_wake = CreateEventW(NULL, FALSE, FALSE, NULL);
	SetConsoleCtrlHandler(on_ctrl, TRUE);
	return TRUE;
}

void stop_hold(struct stop_hold *h, bool run)
{
	InitOnceExecuteOnce(&once, init, NULL, NULL);
	h->run = run;
	h->prev = (int)InterlockedIncrement(&held) - 1;
}

bool stop_release(struct stop_hold *h)
{
	bool came = InterlockedExchange(&pending, 0) > 0;

	if (h->run)
		ResetEvent(ev_wake);
	InterlockedDecrement(&held);
	return came;
}

enum stop_event stop_wait(const struct stop_hold *h, uint64_t ns)
{
	HANDLE evs[2] = { ev_stop, ev_wake };
	uint64_t ms = (ns + 999999) / 1000000;
	DWORD r;

	for (;;) {
		LONG p = pending;

		if (p > 0) {
			if (InterlockedCompareExchange(&pending, p - 1, p) == p)
				return STOP_ASKED;
			continue;
		}
		r = WaitForMultipleObjects(h->run ? 2 : 1, evs, FALSE,
					   ms > 0xfffffffeu ? 0xfffffffeu : (DWORD)ms);
		if (r == WAIT_OBJECT_0 + 1)
			return STOP_WOKEN;
		if (r != WAIT_OBJECT_0)
			return STOP_TIMEOUT;
		if (pending <= 0)	/* taken meanwhile by stop_release() or pending's reader */
			return STOP_TIMEOUT;
		ms = 0;
	}
}

bool stop_pending(void)
{
	return pending > 0;
}

void stop_wake(pthread_t main)
{
	(void)main;
	SetEvent(ev_wake);
}

void stop_second_ends(const struct stop_hold *h)
{
	(void)h;
	InterlockedExchange(&second_ends, 1);
}

void stop_on_unheld(void (*fn)(void))
{
	InitOnceExecuteOnce(&once, init, NULL, NULL);
	unheld_fn = fn;
	InterlockedExchange(&second_ends, 0);
}

void stop_ignore_broken_pipe(void)
{
	/* Windows has no SIGPIPE: a write to a closed pipe fails with EPIPE (EINVAL) already */
}
