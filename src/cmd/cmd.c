/* SPDX-License-Identifier: MIT */
/* cmd.c: what the subcommands share. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "core/hold.h"
#include "core/notice.h"
#include "engine/engine.h"
#include "platform/host.h"
#include "platform/ranks.h"
#include "platform/stop.h"
#include "report/report.h"
#include "version.h"
#include "platform/outfile.h"
#include "util/banned.h"

void cmd_hold_signals(struct stop_hold *h)
{
	stop_hold(h, false);
}

bool cmd_release_signals(struct stop_hold *h)
{
	outfile_unlink_on_signal();
	return stop_release(h);
}

/* The run's notices on stderr: a line each, and the live line redrawn in place. */
static bool live_shown;	/* the live line is on the screen: a notice line replaces it */

static void notice_line(const char *text)
{
	fprintf(stderr, "%siobench: %s\n", live_shown ? "\r\033[K" : "", text);
	live_shown = false;
}

static void notice_live(const char *text)
{
	if (text)
		fprintf(stderr, "\r%s\033[K", text);
	else
		fprintf(stderr, "\r\033[K");
	fflush(stderr);
	live_shown = text != NULL;
}

const struct notice_ops cmd_notices = { notice_line, notice_live };

void cmd_release_hold(struct hold *h, bool keep, int *code)
{
	char msgs[4096];

	if (!hold_release(h, keep, msgs, sizeof(msgs)))
		return;
	for (char *line = msgs, *nl; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			nl = line + strlen(line) - 1;
		fprintf(stderr, "iobench: %.*s\n", (int)(nl - line), line);
	}
	if (!*code)
		*code = EXIT_RUN_FAILED;
}

#if defined(__x86_64__)
#define IOB_ARCH "x86_64"
#elif defined(__aarch64__)
#define IOB_ARCH "aarch64"
#elif defined(__i386__)
#define IOB_ARCH "i386"
#else
#define IOB_ARCH "other"
#endif

void cmd_version(void)
{
	const char *mpi = ranks_built(), *why = NULL;
	const struct engine_ops *def = engine_default(&why);
	char engines[128];

	engine_names(engines, sizeof(engines));
	printf("iobench %s\n", IOBENCH_VERSION);
	printf("commit: %s\n", strcmp(iob_commit, "unknown") ? iob_commit :
	       "unknown (not built from a git checkout)");
	printf("platform: %s %s\n", host_platform(), IOB_ARCH);
	printf("engines: %s (default here: %s)\n", engines, def->name);
	printf("html report: %s\n", report_html_available(NULL, 0) ? "not built (libjs-dygraphs "
	       "was not installed)" : "built in (Dygraphs, from libjs-dygraphs)");
	if (mpi)
		printf("mpi: %s (mpirun -np N iobench ...: docs/multihost.md)\n", mpi);
	else
		printf("mpi: not built (%s)\n", host_no_mpi());
}
