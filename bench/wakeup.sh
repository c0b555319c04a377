#!/bin/sh
# bench/wakeup.sh [IOBENCH]: how late this machine wakes a thread, and what that does to the
# null engine's model. First clock_nanosleep(TIMER_ABSTIME) with 1 ns of timer slack, 2000
# sleeps each of 60 us, 1 ms and 10 ms: p50, p90, p99 and max of how late each ended. Then
# three runs of the model (1 server of 100 us, QD 4, 1 s): null_model_late (mean, p99, max)
# and whether the run warned model_late (docs/verdict.md).
set -eu
iob=${1:-$(cd "$(dirname "$0")/.." && pwd)/build/iobench}
w=$(mktemp -d /tmp/iobench-wakeup.XXXXXX)
trap 'rm -rf "$w"' EXIT
cat > "$w/wk.c" <<'C'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>
static uint64_t now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000ull + t.tv_nsec; }
static int cmp(const void *a, const void *b) { uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv)
{
	uint64_t d = strtoull(argv[1], NULL, 10) * 1000, l[2000];
	prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	for (int i = 0; i < 2000; i++) {
		uint64_t t = now() + d;
		struct timespec ts = { t / 1000000000ull, t % 1000000000ull };
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		l[i] = now() - t;
	}
	qsort(l, 2000, sizeof(l[0]), cmp);
	printf("sleep %6s us: late p50 %7.1f us, p90 %7.1f us, p99 %8.1f us, max %8.1f us\n", argv[1],
	       l[1000] / 1e3, l[1800] / 1e3, l[1980] / 1e3, l[1999] / 1e3);
	return 0;
}
C
cc -O2 -o "$w/wk" "$w/wk.c"
for us in 60 1000 10000; do "$w/wk" $us; done
for i in 1 2 3; do
	"$iob" --quiet --engine=null --null-servers=1 --null-latency=100us -o4 -r -b4K -d1 -W0.2 -Rjson x |
		jq -r '"model 100 us, QD 4: late mean \(.null_model_late.mean_us | floor) us, p99 \(.null_model_late.p99_us | floor) us, max \(.null_model_late.max_us | floor) us; IOPS \(.results.total.total.iops); model_late warned: \([.warnings[].code] | index("model_late") != null)"'
done
