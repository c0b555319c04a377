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

#include "core/clock.h"
#include "platform/ranks.h"
#include "util/banned.h"

#ifdef IOB_MPI
#include <mpi.h>
#endif

static unsigned nranks = 1, me, local;
static char (*hosts)[RANK_HOST_MAX];
static char my_host[RANK_HOST_MAX];
static bool joined;

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

bool ranks_lead(void)
{
	return me == 0;
}

const char *ranks_host(unsigned rank)
{
	if (!hosts || rank >= nranks) {
		if (!my_host[0] && gethostname(my_host, sizeof(my_host) - 1))
			snprintf(my_host, sizeof(my_host), "localhost");
		return my_host;
	}
	return hosts[rank];
}

#ifdef IOB_MPI
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
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	MPI_Comm_rank(MPI_COMM_WORLD, &r);
	nranks = (unsigned)n;
	me = (unsigned)r;
	if (gethostname(my_host, sizeof(my_host) - 1))
		snprintf(my_host, sizeof(my_host), "localhost");
	hosts = calloc(nranks, sizeof(*hosts));
	if (!hosts) {
		fprintf(stderr, "iobench: out of memory\n");
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	MPI_Allgather(my_host, RANK_HOST_MAX, MPI_CHAR, hosts, RANK_HOST_MAX, MPI_CHAR,
		      MPI_COMM_WORLD);
	for (unsigned i = 0; i < me; i++)
		local += !strcmp(hosts[i], my_host);
	if (me)
		hush();
	return 0;
}

void ranks_end(void)
{
	if (joined)
		MPI_Finalize();
	joined = false;
}

static int last_agreed;	/* what the last agreement came to */

int ranks_agreed(void)
{
	return last_agreed;
}

static int agree_all(int r, char *err, size_t len)
{
	int *all, first = -1, bad = 0, code;
	char msg[1024];

	all = calloc(nranks, sizeof(*all));
	if (!all)	/* every rank has the same few bytes to spare, or none */
		MPI_Abort(MPI_COMM_WORLD, 1);
	MPI_Allgather(&r, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
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
	struct rank_clock *c;
	int64_t mine[2];

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
	MPI_Bcast(c, (int)(nranks * sizeof(*c)), MPI_BYTE, 0, MPI_COMM_WORLD);
	start += (uint64_t)c[me].offset_ns;
	now = clock_ns();
	if (now < start) {
		struct timespec ts = { (time_t)(start / 1000000000ull), (long)(start % 1000000000ull) };

		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
	}
	now = clock_ns();
	mine[0] = (int64_t)(now > start ? now - start : 0);
	mine[1] = 0;
	if (clk) {
		int64_t *late = calloc(nranks, 2 * sizeof(*late));

		if (!late)
			MPI_Abort(MPI_COMM_WORLD, 1);
		MPI_Allgather(mine, 2, MPI_INT64_T, late, 2, MPI_INT64_T, MPI_COMM_WORLD);
		for (unsigned r = 0; r < nranks; r++) {
			clk[r] = c[r];
			clk[r].late_ns = (uint64_t)late[2 * r];
		}
		free(late);
	}
	free(c);
	return start;
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

static void send_all(const char *p, size_t n, int to)
{
	for (size_t off = 0; off < n; off += CHUNK) {
		size_t k = n - off < CHUNK ? n - off : CHUNK;

		MPI_Send(p + off, (int)k, MPI_CHAR, to, 3, MPI_COMM_WORLD);
	}
}

static void recv_all(char *p, size_t n, int from)
{
	for (size_t off = 0; off < n; off += CHUNK) {
		size_t k = n - off < CHUNK ? n - off : CHUNK;

		MPI_Recv(p + off, (int)k, MPI_CHAR, from, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	}
}

int ranks_gather(const char *buf, size_t n, char ***out, size_t **lens)
{
	uint64_t mine = n, *all = NULL;
	int ok = 1;

	*out = NULL;
	*lens = NULL;
	if (!me) {
		all = calloc(nranks, sizeof(*all));
		*out = calloc(nranks, sizeof(**out));
		*lens = calloc(nranks, sizeof(**lens));
		ok = all && *out && *lens;
	}
	MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (!ok)
		goto fail;
	MPI_Gather(&mine, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	if (!me)
		for (unsigned r = 0; r < nranks && ok; r++)
			ok = ((*out)[r] = malloc(all[r] ? all[r] : 1)) != NULL;
	MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (!ok)
		goto fail;
	if (me) {
		send_all(buf, n, 0);
		return 0;
	}
	memcpy((*out)[0], buf, n);
	(*lens)[0] = n;
	for (unsigned r = 1; r < nranks; r++) {
		recv_all((*out)[r], all[r], (int)r);
		(*lens)[r] = all[r];
	}
	free(all);
	return 0;
fail:
	for (unsigned r = 0; *out && r < nranks; r++)
		free((*out)[r]);
	free(*out);
	free(*lens);
	free(all);
	*out = NULL;
	*lens = NULL;
	return -ENOMEM;
}

int ranks_bcast(char **buf, size_t *n)
{
	uint64_t len = *n;
	int ok = 1;

	if (nranks == 1)
		return 0;
	MPI_Bcast(&len, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	if (me && !(*buf = malloc(len ? len : 1)))
		ok = 0;
	MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (!ok) {
		if (me) {
			free(*buf);
			*buf = NULL;
		}
		return -ENOMEM;
	}
	for (size_t off = 0; off < len; off += CHUNK) {
		size_t k = len - off < CHUNK ? len - off : CHUNK;

		MPI_Bcast(*buf + off, (int)k, MPI_CHAR, 0, MPI_COMM_WORLD);
	}
	*n = len;
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

int ranks_gather(const char *buf, size_t n, char ***out, size_t **lens)
{
	*out = calloc(1, sizeof(**out));
	*lens = calloc(1, sizeof(**lens));
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

int ranks_bcast(char **buf, size_t *n)
{
	(void)buf;
	(void)n;
	return 0;
}
#endif
