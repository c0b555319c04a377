/* SPDX-License-Identifier: MIT */
/*
 * ranks.c: the MPI side of a run (ranks.h). Built with MPI (IOB_MPI), it
 * joins the job only when a launcher started the process: OpenMPI's mpirun
 * sets OMPI_COMM_WORLD_SIZE, PMIx launchers (srun --mpi=pmix) PMIX_RANK.
 * Messages are few and small but for the results: an int and a message per
 * agreement, 8 round trips per rank to measure its clock, one stop, and the
 * results' documents gathered on rank 0 and the merged one sent back.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#include "platform/clock.h"
#include "platform/host.h"
#include "platform/ranks.h"
#include "util/banned.h"

#ifdef IOB_MPI
#include <mpi.h>
#endif

static unsigned nranks = 1, me, local;
static char (*hosts)[RANK_HOST_MAX];
static char my_host[RANK_HOST_MAX];

const char *ranks_built(void)
{
#if defined(IOB_MPI) && defined(OMPI_MAJOR_VERSION)
#define STR_(x) #x
#define STR(x) STR_(x)
	return "Open MPI " STR(OMPI_MAJOR_VERSION) "." STR(OMPI_MINOR_VERSION) "."
	       STR(OMPI_RELEASE_VERSION);
#elif defined(IOB_MPI)
	return "MPI";
#else
	return NULL;
#endif
}

unsigned ranks_size(void)
{
	return nranks;
}

unsigned ranks_rank(void)
{
	return me;
}

unsigned ranks_local(void)
{
	return local;
}

unsigned ranks_local_of(unsigned rank)
{
	unsigned n = 0;

	for (unsigned r = 0; r < rank; r++)
		n += !strcmp(ranks_host(r), ranks_host(rank));
	return n;
}

unsigned ranks_on(unsigned rank)
{
	unsigned n = 0;

	for (unsigned r = 0; r < ranks_size(); r++)
		n += !strcmp(ranks_host(r), ranks_host(rank));
	return n;
}

bool ranks_lead(void)
{
	return me == 0;
}

const char *ranks_host(unsigned rank)
{
	if (!hosts || rank >= nranks) {
		if (!my_host[0] && host_name(my_host, sizeof(my_host)))
			snprintf(my_host, sizeof(my_host), "localhost");
		return my_host;
	}
	return hosts[rank];
}

/* The gather's room (one buffer a rank) on rank 0, its own buffer copied in: 0 or -ENOMEM. */
static int gather_own(const char *buf, size_t n, char ***out, size_t **lens)
{
	*out = calloc(nranks, sizeof(**out));
	*lens = calloc(nranks, sizeof(**lens));
	if (!*out || !*lens || !((*out)[0] = malloc(n ? n : 1))) {
		free(*out);
		free(*lens);
		*out = NULL;
		*lens = NULL;
		return -ENOMEM;
	}
	memcpy((*out)[0], buf, n);
	(*lens)[0] = n;
	return 0;
}

#ifdef IOB_MPI
static bool joined;
static bool loss;	/* a rank was lost: MPI_Finalize could wait for it for ever */

/* Started by a launcher: the environment it gives its processes. */
static bool launched(void)
{
	return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK");
}

/* Ranks but 0 say nothing: their output goes to /dev/null. */
static void hush(void)
{
	int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	fflush(stdout);
	fflush(stderr);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	close(fd);
}

int ranks_init(int *argc, char ***argv)
{
	sigset_t stops, old;
	int prov, n, r;

	if (!launched())
		return 0;
	/*
	 * The threads MPI starts inherit the stop signals blocked, so that a
	 * SIGTERM from mpirun (its Ctrl-C) comes to the main thread, which takes
	 * it as a stop (core/run.c), and never kills the process in another.
	 */
	sigemptyset(&stops);
	sigaddset(&stops, SIGINT);
	sigaddset(&stops, SIGTERM);
	sigaddset(&stops, SIGUSR2);
	sigaddset(&stops, SIGCONT);
	pthread_sigmask(SIG_BLOCK, &stops, &old);
	r = MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &prov);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (r != MPI_SUCCESS) {
		fprintf(stderr, "iobench: cannot join the MPI job (MPI_Init_thread failed)\n");
		return -1;
	}
	joined = true;
	/* a lost peer is an error iobench handles (ranks_lost), not the end of every rank */
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	nranks = (unsigned)n;
	me = (unsigned)r;
	if (host_name(my_host, sizeof(my_host)))
		snprintf(my_host, sizeof(my_host), "localhost");
	hosts = calloc(nranks, sizeof(*hosts));
	if (!hosts) {
		fprintf(stderr, "iobench: out of memory\n");
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	MPI_Allgather(my_host, RANK_HOST_MAX, MPI_CHAR, hosts, RANK_HOST_MAX, MPI_CHAR,
		      MPI_COMM_WORLD);
	local = ranks_local_of(me);
	if (me)
		hush();
	return 0;
}

void ranks_lost_seen(void)
{
	loss = true;
}

void ranks_end(void)
{
	fflush(stdout);
	fflush(stderr);
	if (joined && !loss)
		MPI_Finalize();
	joined = false;
}

static int last_agreed;	/* what the last agreement came to */

int ranks_agreed(void)
{
	return last_agreed;
}

/*
 * Every rank's r into all; gives up (-1) on a SIGTERM held pending: mpirun
 * sends it to every rank when it ends the job (Ctrl-C on it, a rank that
 * died) and SIGKILL a second later, so a rank waiting for one that will
 * never come must go and clean up now. A SIGINT on one rank does not end
 * the wait: its outcome is what the others must hear.
 */
static int wait_all(const int *r, int *all)
{
	MPI_Request q;
	int done = 0;

	MPI_Iallgather(r, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &q);
	for (unsigned turn = 0;; turn++) {
		sigset_t p;

		MPI_Test(&q, &done, MPI_STATUS_IGNORE);
		if (done)
			return 0;
		if (!sigpending(&p) && sigismember(&p, SIGTERM))
			return -1;
		nanosleep(&(struct timespec){ 0, turn < 1000 ? 20000 : 1000000 }, NULL);
	}
}

static int agree_all(int r, char *err, size_t len)
{
	int *all, first = -1, bad = 0, code;
	char msg[1024];

	all = calloc(nranks, sizeof(*all));
	if (!all)	/* every rank has the same few bytes to spare, or none */
		MPI_Abort(MPI_COMM_WORLD, 1);
	if (wait_all(&r, all)) {
		free(all);
		loss = true;	/* a collective left behind: no MPI_Finalize */
		snprintf(err, len, "stopped by SIGTERM (mpirun ends the job) while the ranks were "
			 "in step before the run");
		return -EINTR;
	}
	for (unsigned i = 0; i < nranks; i++) {
		if (all[i] && first < 0)
			first = (int)i;
		bad += all[i] != 0;
	}
	code = first >= 0 ? all[first] : 0;
	free(all);
	if (first < 0)
		return 0;
	memset(msg, 0, sizeof(msg));
	if ((unsigned)first == me)
		snprintf(msg, sizeof(msg), "%s", err);
	MPI_Bcast(msg, sizeof(msg) - 1, MPI_CHAR, first, MPI_COMM_WORLD);
	if (bad > 1)
		snprintf(err, len, "host %s (rank %d): %s (and %d other rank%s failed)", hosts[first],
			 first, msg, bad - 1, bad > 2 ? "s" : "");
	else
		snprintf(err, len, "host %s (rank %d): %s", hosts[first], first, msg);
	return code;
}

int ranks_agree(int r, char *err, size_t len)
{
	if (nranks == 1)
		return r;
	last_agreed = agree_all(r, err, len);
	return last_agreed;
}

#define CLOCK_ROUNDS 8
#define START_LEAD_NS 50000000ull	/* the common start: this far ahead, at least */

static int64_t wall_minus_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec - (int64_t)clock_ns();
}

/*
 * Rank 0 against rank r, CLOCK_ROUNDS times, NTP's way: with t1, t4 rank 0's
 * send and receive and t2, t3 rank r's, r's clock is ((t2 - t1) + (t3 - t4)) / 2
 * ahead, to within half the round trip (t4 - t1) - (t3 - t2); the round
 * with the shortest trip is kept.
 */
static void measure(unsigned r, struct rank_clock *c)
{
	uint64_t best = UINT64_MAX;

	for (int k = 0; k < CLOCK_ROUNDS; k++) {
		int64_t t[3];	/* r's receive, its send, its wall - monotonic */
		uint64_t t1 = clock_ns(), t4, rtt;

		MPI_Send(&t1, 1, MPI_UINT64_T, (int)r, 1, MPI_COMM_WORLD);
		MPI_Recv(t, 3, MPI_INT64_T, (int)r, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		t4 = clock_ns();
		rtt = (t4 - t1) - (uint64_t)(t[1] - t[0]);
		if (rtt < best) {
			best = rtt;
			c->offset_ns = ((t[0] - (int64_t)t1) + (t[1] - (int64_t)t4)) / 2;
			c->error_ns = rtt / 2;
			c->wall_ns = c->offset_ns + t[2] - wall_minus_mono();
		}
	}
}

static void answer(void)
{
	for (int k = 0; k < CLOCK_ROUNDS; k++) {
		uint64_t t1;
		int64_t t[3];

		MPI_Recv(&t1, 1, MPI_UINT64_T, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		t[0] = (int64_t)clock_ns();
		t[2] = wall_minus_mono();
		t[1] = (int64_t)clock_ns();
		MPI_Send(t, 3, MPI_INT64_T, 0, 2, MPI_COMM_WORLD);
	}
}

uint64_t ranks_start(struct rank_clock *clk)
{
	uint64_t start, lead = START_LEAD_NS, now;
	struct rank_clock *c, own;

	if (nranks == 1) {
		if (clk)
			memset(clk, 0, sizeof(*clk));
		return clock_ns();
	}
	c = calloc(nranks, sizeof(*c));
	if (!c)	/* a few bytes a rank: no rank can go on without them */
		MPI_Abort(MPI_COMM_WORLD, 1);
	if (!me) {
		for (unsigned r = 1; r < nranks; r++) {
			measure(r, &c[r]);
			if (4 * c[r].error_ns > lead)
				lead = 4 * c[r].error_ns;
		}
	} else {
		answer();
	}
	start = clock_ns() + lead;	/* rank 0's; the others' from their offsets */
	MPI_Bcast(&start, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	MPI_Scatter(c, sizeof(*c), MPI_BYTE, &own, sizeof(own), MPI_BYTE, 0, MPI_COMM_WORLD);
	free(c);
	start += (uint64_t)own.offset_ns;
	now = clock_ns();
	if (now < start) {
		struct timespec ts = { (time_t)(start / 1000000000ull), (long)(start % 1000000000ull) };

		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
	}
	now = clock_ns();
	if (clk) {
		*clk = own;
		clk->late_ns = now > start ? now - start : 0;
	}
	return start;
}

/*
 * Liveness: while it waits (its watch loop, the merge), each rank sends rank 0
 * a beat a second and rank 0 sends every rank one; a rank not heard from for
 * RANK_LOST_NS is lost (it died, or its host did). mpirun --enable-recovery
 * keeps the others running when one dies; without it mpirun ends them all.
 */
#define TAG_BEAT 7
#define TAG_LEN 8
#define TAG_DOC 9
#define TAG_BACK_LEN 10
#define TAG_BACK 11
#define BEAT_NS 1000000000ull
/* signalled (mpirun's SIGTERM, its SIGKILL a second later): every result within this */
#define HURRY_NS 500000000ull

static uint64_t *heard;		/* rank 0: when each rank was last heard; others: [0], rank 0 */
static uint64_t beat_sent;
static int beat_out = 0;

static void beat_init(void)
{
	uint64_t now = clock_ns();

	if (!heard && !(heard = calloc(nranks, sizeof(*heard))))
		MPI_Abort(MPI_COMM_WORLD, 1);
	for (unsigned r = 0; r < nranks; r++)
		if (!heard[r])
			heard[r] = now;
}

void ranks_beat(void)
{
	uint64_t now = clock_ns();
	int flag = 1;

	if (nranks == 1)
		return;
	beat_init();
	if (now - beat_sent >= BEAT_NS) {
		for (unsigned r = 0; r < nranks; r++) {
			MPI_Request q;

			if (r == me || (me && r))
				continue;	/* rank 0 to all, the others to rank 0 */
			MPI_Isend(&beat_out, 1, MPI_INT, (int)r, TAG_BEAT, MPI_COMM_WORLD, &q);
			MPI_Request_free(&q);
		}
		beat_sent = now;
	}
	while (flag) {
		MPI_Status st;
		int v;

		MPI_Iprobe(MPI_ANY_SOURCE, TAG_BEAT, MPI_COMM_WORLD, &flag, &st);
		if (!flag)
			break;
		MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, TAG_BEAT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		heard[st.MPI_SOURCE] = now;
	}
}

/* Whether rank r (rank 0: any; the others: rank 0 only) has been silent past limit. */
static bool silent(unsigned r, uint64_t limit)
{
	return heard && clock_ns() - heard[r] > limit;
}

int ranks_lost(void)
{
	if (nranks == 1)
		return -1;
	ranks_beat();
	for (unsigned r = 0; r < nranks; r++)
		if (r != me && (!me || !r) && silent(r, RANK_LOST_NS)) {
			loss = true;
			return (int)r;
		}
	return -1;
}

static MPI_Request stop_req = MPI_REQUEST_NULL;
static int stop_in, stop_tag = 100;
static bool stop_sent;

void ranks_stop_arm(void)
{
	if (nranks == 1)
		return;
	stop_tag = stop_tag >= 30000 ? 100 : stop_tag + 1;	/* a stale stop never stops a later run */
	stop_sent = false;
	MPI_Irecv(&stop_in, 1, MPI_INT, MPI_ANY_SOURCE, stop_tag, MPI_COMM_WORLD, &stop_req);
	beat_init();
	for (unsigned r = 0; r < nranks; r++)	/* silence before the run (its checks, fills) is no loss */
		heard[r] = clock_ns();
}

bool ranks_stop_seen(void)
{
	int done = 0;

	if (stop_req == MPI_REQUEST_NULL)
		return false;
	MPI_Test(&stop_req, &done, MPI_STATUS_IGNORE);
	return done;
}

void ranks_stop_send(void)
{
	int one = 1;

	if (nranks == 1 || stop_sent)
		return;
	stop_sent = true;
	for (unsigned r = 0; r < nranks; r++) {
		MPI_Request q;

		if (r == me)
			continue;
		MPI_Isend(&one, 1, MPI_INT, (int)r, stop_tag, MPI_COMM_WORLD, &q);
		MPI_Request_free(&q);
	}
}

void ranks_stop_disarm(void)
{
	if (stop_req == MPI_REQUEST_NULL)
		return;
	MPI_Cancel(&stop_req);
	MPI_Wait(&stop_req, MPI_STATUS_IGNORE);
	stop_req = MPI_REQUEST_NULL;
}

#define CHUNK (1 << 30)

/* Sends n bytes to rank 0 (or from rank 0) as a length, then the bytes, without waiting. */
static void post(const char *p, uint64_t *n, int to, int tag_len, int tag, MPI_Request *q, int *nq)
{
	MPI_Isend(n, 1, MPI_UINT64_T, to, tag_len, MPI_COMM_WORLD, &q[(*nq)++]);
	for (uint64_t off = 0; off < *n; off += CHUNK) {
		uint64_t k = *n - off < CHUNK ? *n - off : CHUNK;

		MPI_Isend(p + off, (int)k, MPI_CHAR, to, tag, MPI_COMM_WORLD, &q[(*nq)++]);
	}
}

/*
 * Receives what from posted: its length, then its bytes (malloc'd), beating all
 * the while; gives up when from falls silent, or when its length has not come
 * by deadline (hurry: mpirun's SIGKILL is near).
 * Returns 0, -EPIPE (lost) or -ENOMEM.
 */
static int fetch(int from, int tag_len, int tag, uint64_t deadline, char **out, uint64_t *n)
{
	MPI_Request q;
	int done = 0;

	*out = NULL;
	MPI_Irecv(n, 1, MPI_UINT64_T, from, tag_len, MPI_COMM_WORLD, &q);
	for (;;) {
		MPI_Test(&q, &done, MPI_STATUS_IGNORE);
		if (done)
			break;
		ranks_beat();
		if (silent((unsigned)from, RANK_LOST_NS) || clock_ns() > deadline) {
			MPI_Cancel(&q);
			MPI_Wait(&q, MPI_STATUS_IGNORE);
			loss = true;
			return -EPIPE;
		}
		nanosleep(&(struct timespec){ 0, 200000 }, NULL);
	}
	if (!(*out = malloc(*n ? *n : 1)))
		return -ENOMEM;
	for (uint64_t off = 0; off < *n; off += CHUNK) {
		uint64_t k = *n - off < CHUNK ? *n - off : CHUNK;

		MPI_Irecv(*out + off, (int)k, MPI_CHAR, from, tag, MPI_COMM_WORLD, &q);
		for (done = 0; !done;) {
			MPI_Test(&q, &done, MPI_STATUS_IGNORE);
			if (done)
				break;
			ranks_beat();
			if (silent((unsigned)from, RANK_LOST_NS)) {	/* it is sending: its time */
				MPI_Cancel(&q);
				MPI_Wait(&q, MPI_STATUS_IGNORE);
				loss = true;
				free(*out);
				*out = NULL;
				return -EPIPE;
			}
			nanosleep(&(struct timespec){ 0, 200000 }, NULL);
		}
	}
	return 0;
}

/* Waits for the sends posted, beating; what a lost rank never takes is given up on. */
static void settle(MPI_Request *q, int nq, int to)
{
	int done = 0;

	while (nq) {
		MPI_Testall(nq, q, &done, MPI_STATUSES_IGNORE);
		if (done)
			return;
		ranks_beat();
		if (silent((unsigned)to, RANK_LOST_NS)) {
			for (int i = 0; i < nq; i++)
				if (q[i] != MPI_REQUEST_NULL)
					MPI_Request_free(&q[i]);
			return;
		}
		nanosleep(&(struct timespec){ 0, 200000 }, NULL);
	}
}

int ranks_gather(const char *buf, size_t n, bool hurry, char ***out, size_t **lens)
{
	uint64_t mine = n, deadline;

	*out = NULL;
	*lens = NULL;
	beat_init();
	if (me) {
		MPI_Request q[2 + (n >> 30) + 1];
		int nq = 0;

		post(buf, &mine, 0, TAG_LEN, TAG_DOC, q, &nq);
		settle(q, nq, 0);
		return 0;
	}
	if (gather_own(buf, n, out, lens))
		return -ENOMEM;
	deadline = hurry ? clock_ns() + HURRY_NS : UINT64_MAX;	/* for them all */
	for (unsigned r = 1; r < nranks; r++) {
		uint64_t got = 0;
		int e = fetch((int)r, TAG_LEN, TAG_DOC, deadline, &(*out)[r], &got);

		if (e == -ENOMEM)
			return -ENOMEM;	/* the caller frees what came */
		(*lens)[r] = e ? 0 : got;	/* lost: NULL */
	}
	return 0;
}

int ranks_bcast(char **buf, size_t *n, const bool *to)
{
	uint64_t len = *n;

	if (nranks == 1)
		return 0;
	if (me) {
		int r = fetch(0, TAG_BACK_LEN, TAG_BACK, UINT64_MAX, buf, &len);

		*n = len;
		return r;
	}
	for (unsigned r = 1; r < nranks; r++) {
		MPI_Request q[2 + (len >> 30) + 1];
		int nq = 0;

		if (!to[r])
			continue;
		post(*buf, &len, (int)r, TAG_BACK_LEN, TAG_BACK, q, &nq);
		settle(q, nq, r);
	}
	return 0;
}

#else	/* a build without MPI: one rank, always */

int ranks_init(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (getenv("OMPI_COMM_WORLD_SIZE") && strcmp(getenv("OMPI_COMM_WORLD_SIZE"), "1")) {
		fprintf(stderr, "iobench: started by mpirun, but this build has no MPI (iobench "
			"--version; build it with libopenmpi-dev installed)\n");
		return -1;
	}
	return 0;
}

void ranks_end(void)
{
}

void ranks_lost_seen(void)
{
}

int ranks_agree(int r, char *err, size_t len)
{
	(void)err;
	(void)len;
	return r;
}

int ranks_agreed(void)
{
	return 0;
}

uint64_t ranks_start(struct rank_clock *clk)
{
	if (clk)
		memset(clk, 0, sizeof(*clk));
	return clock_ns();
}

void ranks_stop_arm(void)
{
}

bool ranks_stop_seen(void)
{
	return false;
}

void ranks_stop_send(void)
{
}

void ranks_stop_disarm(void)
{
}

void ranks_beat(void)
{
}

int ranks_lost(void)
{
	return -1;
}

int ranks_gather(const char *buf, size_t n, bool hurry, char ***out, size_t **lens)
{
	(void)hurry;
	return gather_own(buf, n, out, lens);
}

int ranks_bcast(char **buf, size_t *n, const bool *to)
{
	(void)buf;
	(void)n;
	(void)to;
	return 0;
}
#endif
