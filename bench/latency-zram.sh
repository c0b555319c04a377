#!/bin/sh
# bench/latency-zram.sh [ROUNDS] [SECONDS]
# iobench vs fio, side by side on the same zram RAM disk: 4 KiB random O_DIRECT reads,
# psync, queue depth 1. Runs the two alternately (A B A B ...) and prints each round's
# median (p50) and mean latency, the medians over rounds, and the ratios iobench / fio.
# Needs root (it configures a zram device, then resets and removes it) and fio
# (scripts/setup installs it). Installs nothing itself.
set -u
rounds=${1:-5}
secs=${2:-5}
BENCH_NEEDS=
. "$(dirname "$0")/lib.sh"
new_zram 1024
dev=$ZDEV
"$IOBENCH" -d2 -W0 -b1M -o4 -Sh -w100 --allow-device-write --quiet "$dev" >/dev/null ||
	fail "cannot fill $dev"

echo "zram 4 KiB random read, O_DIRECT, psync QD1, ${secs} s per run, $rounds rounds"
echo "round | iobench p50 us | fio p50 us | iobench mean us | fio mean us"
for r in $(seq "$rounds"); do
	"$IOBENCH" --engine=psync -o1 -r -b4K -Sh -d"$secs" -W1 -Rjson --quiet "$dev" > "$T/i.json" ||
		fail "iobench failed"
	fio --name=lat --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=psync \
		--iodepth=1 --time_based --runtime="$secs" --ramp_time=1 --lat_percentiles=1 \
		--output-format=json > "$T/f.json" 2>/dev/null || fail "fio failed"
	ip50=$(jq '.results.total.read.latency_ns.percentiles[] | select(.percentile == 50) | .ns / 1000' "$T/i.json")
	imean=$(jq '.results.total.read.latency_ns.mean / 1000' "$T/i.json")
	fp50=$(jq '.jobs[0].read.lat_ns.percentile["50.000000"] / 1000' "$T/f.json")
	fmean=$(jq '.jobs[0].read.lat_ns.mean / 1000' "$T/f.json")
	printf '%5s | %14.2f | %10.2f | %15.2f | %11.2f\n' "$r" "$ip50" "$fp50" "$imean" "$fmean"
	echo "$ip50 $fp50 $imean $fmean" >> "$T/rows"
done
ip50=$(cut -d' ' -f1 "$T/rows" | median); fp50=$(cut -d' ' -f2 "$T/rows" | median)
imean=$(cut -d' ' -f3 "$T/rows" | median); fmean=$(cut -d' ' -f4 "$T/rows" | median)
printf 'median | %13.2f | %10.2f | %15.2f | %11.2f\n' "$ip50" "$fp50" "$imean" "$fmean"
awk -v a="$ip50" -v b="$fp50" -v c="$imean" -v d="$fmean" 'BEGIN {
	printf "ratio iobench/fio: p50 %.3f, mean %.3f (target: p50 within 20%%)\n", a / b, c / d
	exit !(a / b >= 0.8 && a / b <= 1.2) }'
