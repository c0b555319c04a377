/* SPDX-License-Identifier: MIT */
/*
 * stop.h: what stops iobench (SIGINT and SIGTERM on Linux; Ctrl-C, Ctrl-Break
 * and the console closing on Windows), held while a run has files to remove,
 * so that a stop in between cannot end iobench with its files left behind.
 *
 * A run's main thread also waits here: for a stop, for the process to be
 * resumed after a stop of the process (Linux's SIGCONT), and for a worker's
 * stop_wake(). Linux (stop.c): the signals blocked and taken with
 * sigtimedwait(), SIGUSR2 the wake-up. Windows (win/stop.c): a console
 * control handler and an event.
 */
#ifndef IOB_STOP_H
#define IOB_STOP_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef _WIN32
struct stop_hold {
	bool run;
	int prev;	/* the hold count before this one */
};
#else
#include <signal.h>
struct stop_hold {
	sigset_t set;	/* what this hold blocks */
	sigset_t old;	/* the mask before it */
};
#endif

/* What stop_wait() came back for. */
enum stop_event {
	STOP_TIMEOUT = 0,	/* the time passed */
	STOP_ASKED,		/* a stop: Ctrl-C, SIGINT, SIGTERM */
	STOP_RESUMED,		/* the process was resumed after being stopped (SIGCONT) */
	STOP_WOKEN,		/* a worker's stop_wake() */
};

/*
 * Holds the stops on the calling thread (and the threads it starts): a stop
 * that comes is kept for stop_wait() or stop_release(). run: a run's main
 * thread, which also takes STOP_RESUMED and STOP_WOKEN.
 */
void stop_hold(struct stop_hold *h, bool run);

/* Takes what came and was not waited for; true if a stop was among it. Ends the hold. */
bool stop_release(struct stop_hold *h);

/* Waits up to ns (nanoseconds) for what h holds. */
enum stop_event stop_wait(const struct stop_hold *h, uint64_t ns);

/* A stop has come and waits to be taken (a long fill checks it now and then). */
bool stop_pending(void);

/* Wakes the run's main thread, main, in its stop_wait() with STOP_WOKEN. */
void stop_wake(pthread_t main);

/*
 * After the first stop of a run: a second one ends iobench at once (the
 * stop's default action), while h still holds the rest.
 */
void stop_second_ends(const struct stop_hold *h);

/*
 * A stop that comes while nothing holds it calls fn (which must only do
 * what a signal handler may), then ends iobench as a stop does.
 */
void stop_on_unheld(void (*fn)(void));

/* Writing to a closed pipe is an error to the writer (EPIPE), not the end of iobench. */
void stop_ignore_broken_pipe(void);

#endif
