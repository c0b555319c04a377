/* SPDX-License-Identifier: MIT */
/* stop.c: the stops, as Linux's signals (stop.h). */
#include <errno.h>
#include <signal.h>
#include <time.h>

#include "platform/stop.h"
#include "util/banned.h"

void stop_hold(struct stop_hold *h, bool run)
{
	sigemptyset(&h->set);
	sigaddset(&h->set, SIGINT);
	sigaddset(&h->set, SIGTERM);
	if (run) {
		sigaddset(&h->set, SIGCONT);	/* a stop of the process is noticed */
		sigaddset(&h->set, SIGUSR2);	/* stop_wake() */
	}
	pthread_sigmask(SIG_BLOCK, &h->set, &h->old);
}

bool stop_release(struct stop_hold *h)
{
	bool came = false;
	int sig;

	while ((sig = sigtimedwait(&h->set, NULL, &(struct timespec){ 0 })) > 0)
		came |= sig == SIGINT || sig == SIGTERM;
	pthread_sigmask(SIG_SETMASK, &h->old, NULL);
	return came;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

enum stop_event stop_wait(const struct stop_hold *h, uint64_t ns)
{
	uint64_t end = now_ns() + ns, now;
	int sig;

	do {	/* another signal's handler (EINTR) does not end the wait */
		struct timespec ts = { (time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull) };

		sig = sigtimedwait(&h->set, NULL, &ts);
		now = now_ns();
		ns = end > now ? end - now : 0;
	} while (sig < 0 && errno == EINTR && ns);

	if (sig == SIGCONT)
		return STOP_RESUMED;
	if (sig == SIGUSR2)
		return STOP_WOKEN;
	return sig > 0 ? STOP_ASKED : STOP_TIMEOUT;
}

bool stop_pending(void)
{
	sigset_t set;

	return !sigpending(&set) && (sigismember(&set, SIGINT) || sigismember(&set, SIGTERM));
}

void stop_wake(pthread_t main)
{
	pthread_kill(main, SIGUSR2);
}

void stop_second_ends(const struct stop_hold *h)
{
	sigset_t stops;

	(void)h;
	sigemptyset(&stops);
	sigaddset(&stops, SIGINT);
	sigaddset(&stops, SIGTERM);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	/* only the stops: SIGUSR2 (the wake-up) and SIGCONT stay the hold's */
	pthread_sigmask(SIG_UNBLOCK, &stops, NULL);
}

static void (*volatile unheld_fn)(void);

static void on_unheld(int sig)
{
	void (*fn)(void) = unheld_fn;

	if (fn)
		fn();
	signal(sig, SIG_DFL);
	raise(sig);
}

void stop_on_unheld(void (*fn)(void))
{
	struct sigaction sa = { .sa_handler = on_unheld };

	unheld_fn = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

void stop_ignore_broken_pipe(void)
{
	signal(SIGPIPE, SIG_IGN);
}
