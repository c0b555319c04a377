#!/bin/sh
# shellcheck disable=SC1091,SC2034,SC2046,SC2086 # lib.sh reads BENCH_NEEDS; the splits are of number lists
# bench/rate.sh [SECONDS]
# Issue 16 item 5, accuracy and cost of iobench's open-loop rates (core/loop_paced.c):
#   1. achieved against target IOPS, 10 to 200,000, 4 KiB random reads, on the null engine
#      and on a zram device (O_DIRECT, io_uring), linear (DiskSpd's -g<n>i, one thread)
#      and poisson (a fio job file with rate_iops and rate_process=poisson, run by iobench),
#      SECONDS a run (default 5); with each row, whether the run said it fell behind
#      (the JSON's behind_rate warning), its pace facts (cap hits, largest backlog) and its
#      lag p99; a poisson row also the spread its count has by chance, 1/sqrt(target x
#      SECONDS), and how many of those it is off. A row short by over 1% (a poisson row: by
#      over 3 of those too), or behind by its lag alone, is run once more, both printed;
#   2. poisson inter-arrival times, from the per-I/O log (write_lat_log: completion times
#      in whole ms): mean against 1/rate, and the coefficient of variation (stddev/mean,
#      1 for exponential gaps), of 4 threads' streams, at 100 IOPS for 20 s and 1,000 IOPS
#      for SECONDS, each at normal priority and under SCHED_FIFO (chrt -f 1: wake-ups not
#      delayed by other work), beside what a simulated Poisson stream rounded down to 1 ms
#      gives;
#   3. CPU of a slow rate: 100 IOPS for 10 s, null engine, as a fraction of one core;
#   4. drift of a fast rate: 100,000 IOPS for 60 s, null engine, the 1 s series in blocks
#      of 10 s;
#   5. instructions per I/O without a rate (callgrind, null engine, QD32, --ios 200k - 100k)
#      against the reference 204.6.
# Needs root (a zram device: zramctl --find --size 512M, reset and removed at exit; no
# other disk is touched), and what scripts/setup installs (fio, jq, valgrind, time).
# About 5 minutes at the default SECONDS.
set -u
secs=${1:-5}
BENCH_NEEDS="valgrind /usr/bin/time zramctl"
. "$(dirname "$0")/lib.sh"

REF_IPIO=204.6	# callgrind instructions per I/O, null engine, QD32 4K random reads (2026-12-01/02)
QD=128		# I/Os in flight allowed (-o, iodepth): the cap is not what limits a row
TARGETS="10 100 1000 10000 100000 200000"

section() { printf '\n== %s\n' "$*"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# the zram device: zramctl's, reset at exit (and removed if zramctl added it)
ZR=""
ZR_NEW=""
zram_done() {
	[ -n "$ZR" ] || return 0
	i=0
	# sysfs's reset, not zramctl --reset, which may also remove a device it did not add
	while ! echo 1 2>/dev/null > "/sys/block/${ZR#/dev/}/reset" && [ $i -lt 20 ]; do
		i=$((i + 1)); sleep 0.1
	done
	if [ -n "$ZR_NEW" ] && [ -e "/sys/block/${ZR#/dev/}" ]; then
		echo "${ZR#/dev/zram}" > /sys/class/zram-control/hot_remove 2>/dev/null ||
			echo "cannot remove $ZR" >&2
	fi
	ZR=""
}
trap 'zram_done; cleanup' EXIT

# pace_facts JSON TEXT: "achieved behind cap_hits max_backlog lag_p99_ms" of a run (one row)
pace_facts() {
	lag=$(awk '/^Rate \(open loop/ { on = 1 } on && $1 == "99th" && $2 == "|" {
		gsub(/\|/, " "); print $3; exit }' "$2")
	jq -r --arg lag "${lag:-?}" 'if type == "array" then .[0] else . end |
		[.results.total.total.iops,
		 (if any(.warnings[]; .code == "behind_rate") then "yes" else "no" end),
		 ([.model.result.rows[].pace.cap_hits] | add),
		 ([.model.result.rows[].pace.max_backlog] | max), $lag] | map(tostring) | join(" ")' "$1"
}

# job PROCESS RATE SECS FILE|null [LOGPREFIX]: a fio job file of 4 KiB random reads at RATE
job() {
	printf '[r]\nrw=randread\nbs=4k\niodepth=%s\nrate_iops=%s\nrate_process=%s\ntime_based\nruntime=%s\n' \
		"$QD" "$2" "$1" "$3"
	if [ "$4" = null ]; then
		printf 'ioengine=null\nfilename=x\nsize=1g\n'
	else
		printf 'ioengine=io_uring\ndirect=1\nfilename=%s\n' "$4"
	fi
	[ -z "${5:-}" ] || printf 'write_lat_log=%s\n' "$5"
}

# one DEV PROCESS RATE [LOGPREFIX]: one run; prints pace_facts (DEV: null or the zram device)
one() {
	if [ "$2" = poisson ]; then
		job poisson "$3" "$secs" "$1" "${4:-}" > "$T/j.fio"
		"$IOBENCH" "$T/j.fio" --json="$T/r.json" > "$T/r.txt" 2>"$T/r.err"
	elif [ "$1" = null ]; then
		"$IOBENCH" --engine=null -g"$3"i -o$QD -r -b4K -d"$secs" -W0 --json="$T/r.json" x \
			> "$T/r.txt" 2>"$T/r.err"
	else
		"$IOBENCH" --engine=io_uring -g"$3"i -o$QD -r -b4K -Sh -d"$secs" -W0 --json="$T/r.json" "$1" \
			> "$T/r.txt" 2>"$T/r.err"
	fi || { echo "iobench failed: $(cat "$T/r.err")" >&2; return 1; }
	pace_facts "$T/r.json" "$T/r.txt"
}

row_header() {
	printf '%-6s %-8s %8s %12s %7s %6s %9s %8s %9s %7s\n' device process target achieved ratio \
		behind "cap hits" backlog "lag p99" "off"
}

# row DEV NAME PROCESS RATE [LOGPREFIX]: runs one and prints its row; a row short by more
# than 1% (or behind) is run once more, both printed (the second marked "again")
row() {
	for try in 1 2; do
		f=$(one "$1" "$3" "$4" "${5:-}") || return 1
		set -- "$@" $f
		awk -v d="$2" -v p="$3" -v t="$4" -v a="$6" -v b="$7" -v c="$8" -v m="$9" -v l="${10}" \
			-v s="$secs" -v again="$([ "$try" = 2 ] && echo " again")" 'BEGIN {
			off = "-"
			if (p == "poisson")	# how many standard deviations of the count the draw has
				off = sprintf("%+.1f sd", (a - t) * s / sqrt(t * s))
			printf "%-6s %-8s %8d %12.2f %7.4f %6s %9d %8d %9s %7s%s\n",
				d, p, t, a, a / t, b, c, m, l, off, again }'
		# again: short by over 1% (a poisson count is short by chance at low rates: by over
		# 3 sd too), or behind by its lag though not short
		again=$(awk -v p="$3" -v a="$6" -v t="$4" -v s="$secs" -v b="$7" 'BEGIN {
			short = a < 0.99 * t && (p == "linear" || (t - a) * s > 3 * sqrt(t * s))
			print (short || (b == "yes" && a >= 0.99 * t)) ? 1 : 0 }')
		[ "$again" = 1 ] || break
		set -- "$1" "$2" "$3" "$4" "${5:-}"
	done
}

echo "bench/rate.sh $secs: $(date), iobench $("$IOBENCH" --version 2>/dev/null | head -1), load average $(load)"

section "achieved against target IOPS, 4 KiB random reads, $secs s a run, -o$QD; null engine (linear: -g<n>i, one thread; poisson: a job file, rate_process=poisson)"
row_header
for p in linear poisson; do
	for r in $TARGETS; do
		row null null $p "$r" "" || fail "null $p $r"
	done
done

modprobe zram 2>/dev/null || true	# built in on some kernels
for d in /sys/block/zram*; do [ -e "$d" ] && echo "${d##*/}"; done > "$T/zram.before"
ZR=$(zramctl --find --size 512M) || fail "zramctl --find --size 512M failed"
grep -qx "${ZR#/dev/}" "$T/zram.before" || ZR_NEW=1
"$IOBENCH" --ios=512 -W0 -b1M -o8 -Sh -w100 --allow-device-write --quiet "$ZR" >/dev/null 2>&1 ||
	fail "cannot fill $ZR"
section "the same on zram $ZR (512 MiB, filled; O_DIRECT, io_uring: -g<n>i -Sh, and the job file with direct=1)"
row_header
for p in linear poisson; do
	for r in $TARGETS; do
		row "$ZR" zram $p "$r" "" || fail "zram $p $r"
	done
done
zram_done

# gaps LOG...: "n mean_ms cv lo hi" of the gaps between consecutive rows' times (ms) in each
# log (its first row dropped), pooled; lo and hi: the lowest and highest cv of one log
gaps() {
	awk -F', ' 'FNR == 1 { f++ } FNR > 1 { g = $1 - t; n++; s += g; q += g * g; fn[f]++; fs[f] += g
			fq[f] += g * g }
		{ t = $1 }
		END { m = s / n; lo = 99; hi = 0
			for (i = 1; i <= f; i++) { mi = fs[i] / fn[i]; c = sqrt(fq[i] / fn[i] - mi * mi) / mi
				if (c < lo) lo = c; if (c > hi) hi = c }
			printf "%d %.4f %.4f %.4f %.4f\n", n, m, sqrt(q / n - m * m) / m, lo, hi }' "$@"
}
# simulated RATE N: "mean_ms cv" of N exponential gaps of mean 1/RATE, times rounded down to ms
simulated() {
	awk -v r="$1" -v n="$2" 'BEGIN { srand(1); t = 0; p = 0
		for (i = 0; i < n; i++) { t += -log(1 - rand()) * 1000 / r; c = int(t); g = c - p; p = c
			s += g; q += g * g }
		m = s / n; printf "%.4f %.4f\n", m, sqrt(q / n - m * m) / m }'
}

section "poisson inter-arrival times, null engine, 4 threads (numjobs=4: 4 streams of their own seeds), each at the rate (write_lat_log: completion times in whole ms; the null device completes at once)"
printf '%-30s %6s %9s %7s %7s %13s %8s | %9s %7s\n' run gaps "mean ms" "1/rate" cv "cv of each" "lag p99" "sim. mean" "sim. cv"
# each at normal priority, and under SCHED_FIFO (chrt -f 1), where wake-ups are not kept
# waiting by other work on the machine
fifo=""
command -v chrt >/dev/null && fifo="chrt -f 1"
for x in "100 20" "1000 $secs"; do
	set -- $x
	rate=$1 s=$2
	{ job poisson "$rate" "$s" null "$T/g"; echo numjobs=4; } > "$T/g.fio"
	set -- $(simulated "$rate" 100000)
	sm=$1 scv=$2
	for pr in "" ${fifo:+"$fifo"}; do
		rm -f "$T"/g_*.log
		$pr "$IOBENCH" "$T/g.fio" > "$T/g.txt" 2>&1 || fail "poisson $rate IOPS run failed"
		lag=$(awk '/^Rate \(open loop/ { on = 1 } on && $1 == "99th" && $2 == "|" {
			gsub(/\|/, " "); print $3; exit }' "$T/g.txt")
		set -- $(gaps "$T"/g_lat.*.log)
		awk -v name="$rate IOPS, $s s${pr:+, $pr}" -v n="$1" -v m="$2" -v cv="$3" -v lo="$4" -v hi="$5" \
			-v r="$rate" -v l="$lag" -v sm="$sm" -v scv="$scv" 'BEGIN {
			printf "%-30s %6d %9.4f %7.4f %7.4f %6.3f-%6.3f %8s | %9.4f %7.4f\n",
				name, n, m, 1000 / r, cv, lo, hi, l, sm, scv }'
	done
done
echo "(sim.: a Poisson stream at the rate, its times rounded down to whole ms as the log's are;"
echo " the coefficient of variation of n exponential gaps has a standard error of about 1/sqrt(n))"

section "CPU of a slow rate: 100 IOPS for 10 s, null engine, -o$QD (whole process by /usr/bin/time; iobench's own over its window)"
/usr/bin/time -f "%e %U %S" -o "$T/time" "$IOBENCH" --engine=null -g100i -o$QD -r -b4K -d10 -W0 \
	--json="$T/c.json" x > "$T/c.txt" 2>&1 || fail "slow run failed"
set -- $(cat "$T/time") $(jq -r '[.cpu.process.user_s, .cpu.process.system_s, .test_time_s, .results.total.total.iops] | map(tostring) | join(" ")' "$T/c.json")
awk -v e="$1" -v u="$2" -v s="$3" -v iu="$4" -v is="$5" -v w="$6" -v a="$7" 'BEGIN {
	printf "whole process: %.2f s user + %.2f s system over %.2f s elapsed = %.2f%% of a core\n", u, s, e, 100 * (u + s) / e
	printf "iobench own:   %.3f s user + %.3f s system over its %.2f s window = %.2f%% of a core (achieved %.2f IOPS)\n",
		iu, is, w, 100 * (iu + is) / w, a }'

section "drift of a fast rate: 100000 IOPS for 60 s, null engine, -g100000i -o$QD (the 1 s series, load average before: $(load))"
/usr/bin/time -f "%e %U %S" -o "$T/time" "$IOBENCH" --engine=null -g100000i -o$QD -r -b4K -d60 -W0 \
	--json="$T/d.json" --series-csv="$T/d.csv" x > "$T/d.txt" 2>&1 || fail "fast run failed"
printf '%-10s %12s %12s %12s\n' seconds "mean IOPS" "min 1 s" "max 1 s"
awk -F, '$2 == "all" && $3 == "total" { b = int(($1 - 0.001) / 10); n[b]++; s[b] += $4
		if (!(b in lo) || $4 < lo[b]) lo[b] = $4; if ($4 > hi[b]) hi[b] = $4 }
	END { for (b = 0; b in n; b++)
		printf "%3d-%-6d %12.1f %12.1f %12.1f\n", 10 * b, 10 * b + 10, s[b] / n[b], lo[b], hi[b] }' "$T/d.csv"
set -- $(pace_facts "$T/d.json" "$T/d.txt") $(cat "$T/time")
awk -v a="$1" -v b="$2" -v c="$3" -v m="$4" -v l="$5" -v e="$6" -v u="$7" -v s="$8" 'BEGIN {
	printf "overall: achieved %.1f of 100000 (ratio %.5f), behind: %s, cap hits %d, largest backlog %d, lag p99 %s ms; CPU %.0f%% of a core\n",
		a, a / 100000, b, c, m, l, 100 * (u + s) / e }'
echo "load average after: $(load)"

section "instructions per I/O without a rate, null engine, 4 KiB random reads, QD32 (callgrind, --ios 200k - 100k)"
collected() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		awk '/Collected :/ { print $NF }'
}
a=$(collected "$IOBENCH" --engine=null -r -b4K -o32 --ios=100000 -W0 --quiet x)
b=$(collected "$IOBENCH" --engine=null -r -b4K -o32 --ios=200000 -W0 --quiet x)
awk -v a="$a" -v b="$b" -v r="$REF_IPIO" 'BEGIN { i = (b - a) / 100000
	printf "100k I/Os %d, 200k I/Os %d instructions: %.1f per I/O; reference %.1f: ratio %.4f (target: within 5%%)\n",
		a, b, i, r, i / r }'
