#!/bin/sh
# bench/vs-fio.sh [ROUNDS] [SECONDS]
# iobench against fio on the same workloads, on the same machine, in the same run:
#   1. instructions per I/O on the null engine (callgrind; count-based runs of two sizes,
#      differenced so start-up cancels), 4 KiB random reads at QD1 and QD32, a 70/30 random
#      write mix at QD1 and QD32, and a fio size-based job file (the same file for both);
#   2. null engine, QD32: IOPS per CPU-second;
#   3. zram (a RAM block device, O_DIRECT, 4 KiB random reads): psync QD1; io_uring QD32 with
#      one thread (against fio as is, and fio with fixed buffers and registered files);
#      io_uring QD32 with two threads; 128 KiB sequential reads (io_uring QD8); a 70/30
#      random write mix with fresh buffers (io_uring QD32); a fio size-based job file (the
#      same file run by both: 70/30 random, io_uring QD32, until its bytes are moved);
#   4. a file on the file system of the current directory: 4 KiB random reads, io_uring QD32;
#   5. peak RSS of 64 threads at QD32, 4 KiB (null engine).
# Timed workloads run alternately (iobench, fio, iobench, fio, ...) ROUNDS times (default 3),
# SECONDS each (default 5); the medians and the ratios iobench/fio are printed. CPU time is
# user + system of the whole process (/usr/bin/time). Needs root (zram) and what
# scripts/setup installs (fio, valgrind, jq, time); installs nothing itself.
set -u
rounds=${1:-3}
secs=${2:-5}
BENCH_NEEDS="valgrind /usr/bin/time"
. "$(dirname "$0")/lib.sh"

# collected CMD...: instructions callgrind counts for the whole command
collected() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		awk '/Collected :/ { print $NF }'
}

section() { printf '\n== %s\n' "$*"; }

# per_io LABEL IOBENCH_OPTS FIO_OPTS: instructions per I/O of both at queue depths 1 and 32
# (iobench: --ios 200k - 100k; fio: --size 800M - 400M of 4 KiB, i.e. 102400 I/Os)
per_io() {
	section "instructions per I/O, null engine, $1 (callgrind, differenced runs)"
	printf '%-6s %14s %14s %8s\n' "depth" "iobench" "fio" "ratio"
	for qd in 1 32; do
		a=$(collected "$IOBENCH" --engine=null --ios=100000 -o$qd -b4K -W0 -n --quiet $2 x)
		b=$(collected "$IOBENCH" --engine=null --ios=200000 -o$qd -b4K -W0 -n --quiet $2 x)
		c=$(collected fio --name=n --ioengine=null --bs=4k --size=400M --iodepth=$qd --thread $3)
		d=$(collected fio --name=n --ioengine=null --bs=4k --size=800M --iodepth=$qd --thread $3)
		ratio_row "QD$qd" "$a" "$b" 100000 "$c" "$d"
	done
}

# ratio_row LABEL IOB_A IOB_B IOB_IOS FIO_C FIO_D: the differences per I/O, and their ratio
ratio_row() {
	awk -v l="$1" -v a="$2" -v b="$3" -v n="$4" -v c="$5" -v d="$6" 'BEGIN {
		i = (b - a) / n; f = (d - c) / 102400
		printf "%-6s %14.0f %14.0f %8.3f\n", l, i, f, i / f }'
}

per_io "4 KiB random reads" "-r" "--rw=randread"
per_io "4 KiB random 70/30 write mix" "-r -w70" "--rw=randrw --rwmixwrite=70"

section "instructions per I/O, null engine, a size-based fio job file, 70/30 random, QD32 (callgrind, 800M - 400M)"
printf '%-6s %14s %14s %8s\n' "" "iobench" "fio" "ratio"
for sz in 400M 800M; do
	printf '[n]\nioengine=null\nrw=randrw\nrwmixwrite=70\nbs=4k\niodepth=32\nsize=%s\nthread\n' $sz > "$T/n$sz.fio"
done
ratio_row job "$(collected "$IOBENCH" "$T/n400M.fio" --quiet)" "$(collected "$IOBENCH" "$T/n800M.fio" --quiet)" \
	102400 "$(collected fio "$T/n400M.fio")" "$(collected fio "$T/n800M.fio")"

# run_iob ARGS...: prints "ios cpu_s rss_kb" of one iobench run (JSON on stdout)
run_iob() {
	/usr/bin/time -f "%U %S %M" -o "$T/time" "$IOBENCH" -Rjson --quiet "$@" > "$T/i.json" 2>/dev/null ||
		{ echo "iobench $* failed" >&2; return 1; }
	echo "$(jq '.results.total.total.ios' "$T/i.json") $(awk '{ print $1 + $2, $3 }' "$T/time")"
}

# run_fio ARGS...: the same for fio
run_fio() {
	/usr/bin/time -f "%U %S %M" -o "$T/time" fio --thread --output-format=json "$@" > "$T/f.json" 2>/dev/null ||
		{ echo "fio $* failed" >&2; return 1; }
	echo "$(jq '[.jobs[] | .read.total_ios + .write.total_ios] | add' "$T/f.json") $(awk '{ print $1 + $2, $3 }' "$T/time")"
}

# medians_row NAME IOB_ROWS FIO_ROWS: from rows "I/Os seconds CPU-seconds" of each tool, one
# line: median IOPS, CPU us per I/O and IOPS per CPU-second of both, and the ratios.
medians_row() {
	awk '{ print $1 / $2, $3 * 1e6 / $1, $1 / $3 }' "$2" > "$T/mi"
	awk '{ print $1 / $2, $3 * 1e6 / $1, $1 / $3 }' "$3" > "$T/mf"
	for k in 1 2 3; do
		eval "i$k=\$(cut -d' ' -f$k \"\$T/mi\" | median)"
		eval "f$k=\$(cut -d' ' -f$k \"\$T/mf\" | median)"
	done
	awk -v n="$1" -v i1="$i1" -v f1="$f1" -v i2="$i2" -v f2="$f2" -v i3="$i3" -v f3="$f3" 'BEGIN {
		printf "%-34s %10.0f %10.0f %6.2f | %7.2f %7.2f %6.2f | %10.0f %10.0f %6.2f\n",
			n, i1, f1, i1 / f1, i2, f2, i2 / f2, i3, f3, i3 / f3 }'
}

# compare NAME "IOBENCH ARGS" "FIO ARGS": ROUNDS alternating timed runs of SECONDS; prints
# median IOPS, CPU us per I/O and IOPS per CPU-second of each, and the ratios.
compare() {
	name=$1 iargs=$2 fargs=$3
	: > "$T/ri"; : > "$T/rf"
	for r in $(seq "$rounds"); do
		run_iob -d"$secs" -W0 $iargs >> "$T/ri" || return
		run_fio --time_based --runtime="$secs" $fargs >> "$T/rf" || return
	done
	# rows "I/Os CPU-seconds RSS": to "I/Os seconds CPU-seconds"
	awk -v s="$secs" '{ print $1, s, $2 }' "$T/ri" > "$T/ri3"
	awk -v s="$secs" '{ print $1, s, $2 }' "$T/rf" > "$T/rf3"
	medians_row "$name" "$T/ri3" "$T/rf3"
}

# compare_job NAME FILE: ROUNDS alternating runs of the same size-based job file by both;
# the same columns as compare (IOPS over each tool's own measured time).
compare_job() {
	name=$1 job=$2
	: > "$T/ri"; : > "$T/rf"
	for r in $(seq "$rounds"); do
		/usr/bin/time -f "%U %S" -o "$T/time" "$IOBENCH" "$job" --output-format=iobench-json --quiet \
			--allow-device-write > "$T/i.json" 2>/dev/null || { echo "iobench $job failed" >&2; return 1; }
		echo "$(jq '[.[].results.total.total.ios] | add' "$T/i.json") $(jq '[.[].test_time_s] | add' "$T/i.json") $(awk '{ print $1 + $2 }' "$T/time")" >> "$T/ri"
		/usr/bin/time -f "%U %S" -o "$T/time" fio --output-format=json "$job" > "$T/f.json" 2>/dev/null ||
			{ echo "fio $job failed" >&2; return 1; }
		echo "$(jq '[.jobs[] | .read.total_ios + .write.total_ios] | add' "$T/f.json") $(jq '[.jobs[].job_runtime] | max / 1000' "$T/f.json") $(awk '{ print $1 + $2 }' "$T/time")" >> "$T/rf"
	done
	medians_row "$name" "$T/ri" "$T/rf"
}

header() {
	printf '%-34s %10s %10s %6s | %7s %7s %6s | %10s %10s %6s\n' "workload" "IOPS iob" "IOPS fio" \
		"ratio" "us/IO i" "us/IO f" "ratio" "IOPS/CPUs" "fio" "ratio"
}

section "null engine, 4 KiB random reads, QD32, 1 thread ($rounds rounds of ${secs} s, medians)"
header
compare "null QD32" "--engine=null -o32 -r -b4K x" "--name=n --ioengine=null --rw=randread --bs=4k --size=1T --iodepth=32"

new_zram 2048
dev=$ZDEV
"$IOBENCH" --ios=2048 -W0 -b1M -o8 -Sh -w100 --allow-device-write --quiet "$dev" >/dev/null || fail "cannot fill $dev"
f="--filename=$dev --direct=1 --name=z"
section "zram $dev, O_DIRECT ($rounds rounds of ${secs} s, medians)"
header
compare "4K rand read psync QD1" "--engine=psync -o1 -r -b4K -Sh $dev" "$f --rw=randread --bs=4k --ioengine=psync --iodepth=1"
compare "4K rand read io_uring QD32 1T" "--engine=io_uring -o32 -r -b4K -Sh $dev" "$f --rw=randread --bs=4k --ioengine=io_uring --iodepth=32"
compare "  vs fio fixedbufs+registerfiles" "--engine=io_uring -o32 -r -b4K -Sh $dev" "$f --rw=randread --bs=4k --ioengine=io_uring --iodepth=32 --fixedbufs --registerfiles"
compare "4K rand read io_uring QD32 2T" "--engine=io_uring -o32 -t2 -r -b4K -Sh $dev" "$f --rw=randread --bs=4k --ioengine=io_uring --iodepth=32 --numjobs=2"
compare "128K seq read io_uring QD8" "--engine=io_uring -o8 -b128K -Sh $dev" "$f --rw=read --bs=128k --ioengine=io_uring --iodepth=8"
compare "4K 70/30 rand write mix QD32" "--engine=io_uring -o32 -r -w70 -b4K -Sh --allow-device-write $dev" "$f --rw=randrw --rwmixwrite=70 --bs=4k --ioengine=io_uring --iodepth=32"
printf '[z]\nfilename=%s\ndirect=1\nrw=randrw\nrwmixwrite=70\nbs=4k\nioengine=io_uring\niodepth=32\nsize=1g\nthread\n' "$dev" > "$T/z.fio"
compare_job "job file: size=1g, 70/30, QD32" "$T/z.fio"

file=$(pwd)/iobench-bench.dat
"$IOBENCH" -c1G --ios=1 -b4K --keep --quiet "$file" >/dev/null || fail "cannot create $file"
section "a file on $(stat -f -c %T .) ($file, 1 GiB), O_DIRECT ($rounds rounds of ${secs} s, medians)"
header
compare "4K rand read io_uring QD32" "--engine=io_uring -o32 -r -b4K -Sh $file" "--filename=$file --direct=1 --name=e --rw=randread --bs=4k --ioengine=io_uring --iodepth=32 --size=1G"
rm -f "$file"

section "peak RSS, 64 threads at QD32, 4 KiB random reads, null engine"
set -- $(run_iob --engine=null --ios=20000 -t64 -o32 -r -b4K x)
irss=$3
set -- $(run_fio --name=n --ioengine=null --rw=randread --bs=4k --size=80M --iodepth=32 --numjobs=64)
frss=$3
awk -v a="$irss" -v b="$frss" 'BEGIN { printf "iobench %.1f MiB, fio %.1f MiB, ratio %.2f\n", a / 1024, b / 1024, a / b }'
