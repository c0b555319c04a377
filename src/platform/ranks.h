/* SPDX-License-Identifier: MIT */
/*
 * ranks.h: iobench under mpirun. Every rank runs the same command; these are
 * the few points where they meet: the checks agreed (one rank's failure
 * stops them all, before any I/O, naming its host), a common start (the
 * clocks' offsets measured over MPI), a stop passed on, and the results
 * gathered on rank 0, merged there and handed back to every rank, so that
 * all of them go on in step (a sweep's next point) and rank 0 reports.
 * Alone (no mpirun, or a build without MPI) there is one rank and every
 * call here is a no-op. Only the main thread calls these.
 */
#ifndef IOB_RANKS_H
#define IOB_RANKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RANK_HOST_MAX 64

/* The MPI this build has ("Open MPI 4.1.4"), or NULL: none. */
const char *ranks_built(void);

/*
 * Joins the MPI job when the process was started by mpirun (or srun), and
 * not otherwise: alone, iobench never calls MPI_Init. Ranks other than 0
 * write nothing to standard output or error from here on: rank 0 speaks
 * for all. Returns 0, or -1 with the reason on stderr.
 */
int ranks_init(int *argc, char ***argv);

/*
 * Leaves the MPI job (MPI_Finalize), if it joined one; after a rank was lost
 * it leaves without (MPI_Finalize would wait for the lost one).
 */
void ranks_end(void);

/* A rank was lost (the merged result has a host without rows): see ranks_end(). */
void ranks_lost_seen(void);

unsigned ranks_size(void);	/* 1 alone */
unsigned ranks_rank(void);	/* 0 alone */
unsigned ranks_local(void);	/* this rank's number among those on its host */
unsigned ranks_local_of(unsigned rank);	/* ... rank's, among those on its host */
unsigned ranks_on(unsigned rank);	/* the ranks on rank's host (its host name's) */
bool ranks_lead(void);		/* rank 0: the one that reports */
const char *ranks_host(unsigned rank);	/* the host name of a rank */

/*
 * Collective: every rank passes its own outcome (0 or -errno, err its
 * message). Returns 0 on every rank when all passed; else, on every rank, the
 * lowest failing rank's code, with err "host H (rank R): its message" (and
 * how many others failed). A SIGTERM held pending while it waits (mpirun's,
 * ending the job: its SIGKILL follows) gives up: -EINTR with a message.
 */
int ranks_agree(int r, char *err, size_t len);

/* What the last ranks_agree() returned (0 alone): a failure all ranks already know. */
int ranks_agreed(void);

/* What a rank's clock was measured to be against rank 0's. */
struct rank_clock {
	int64_t offset_ns;	/* its monotonic clock minus rank 0's */
	int64_t wall_ns;	/* its wall clock minus rank 0's (what NTP leaves) */
	uint64_t error_ns;	/* the measurement's uncertainty: half the best round trip */
	uint64_t late_ns;	/* how late it woke at the common start */
};

/*
 * Collective: measures every rank's clock against rank 0's, picks a start a
 * little ahead of now that every rank can reach, waits for it, and returns it
 * in this rank's CLOCK_MONOTONIC (ns). clk (or NULL) gets this rank's figures.
 * Alone: now.
 */
uint64_t ranks_start(struct rank_clock *clk);

/*
 * A run's stop, passed on: arm before the workers start, poll from the watch
 * loop (true once another rank stopped), send when this rank stops early (a
 * signal, an error), disarm once the run is over.
 */
void ranks_stop_arm(void);
bool ranks_stop_seen(void);
void ranks_stop_send(void);
void ranks_stop_disarm(void);

/* A rank silent this long is lost (it died, or its host did). */
#define RANK_LOST_NS 5000000000ull

/*
 * Liveness: each turn of a wait, beat (a message a second between rank 0 and
 * every other rank); lost: on rank 0, a rank not heard from for RANK_LOST_NS,
 * on the others rank 0 (its rank), or -1.
 */
void ranks_beat(void);
int ranks_lost(void);

/*
 * Collective, but a rank that is lost on the way does not hold it up: rank 0
 * gets every rank's buffer (out[i], lens[i] rank i's, its own copied; NULL
 * for a rank lost: silent for RANK_LOST_NS, or, hurry (this rank was
 * signalled: mpirun kills every rank a second after its SIGTERM), not
 * there within 0.5 s of the call), the others nothing (*out NULL). Returns 0 or
 * -ENOMEM. The caller frees out[i] and out, lens.
 */
int ranks_gather(const char *buf, size_t n, bool hurry, char ***out, size_t **lens);

/*
 * Rank 0's buffer to every rank i with to[i] (*buf, *n: rank 0's in, the
 * others' out, malloc'd). Returns 0, or on a rank other than 0 -EPIPE (rank
 * 0 lost) or -ENOMEM.
 */
int ranks_bcast(char **buf, size_t *n, const bool *to);

#endif
