#!/bin/sh
# bench/fill-vs-dd.sh [ROUNDS] [SIZE_MB]
# How fast iobench -c creates a test file (random data, end to end) against the device's
# sequential write speed as dd measures it (zeros, 8 MiB O_DIRECT writes), alternately in
# the current directory. Prints each round's seconds and the medians. Needs no root.
set -u
rounds=${1:-3}
mb=${2:-2048}
here=$(cd "$(dirname "$0")" && pwd)
: "${IOBENCH:=$here/../iobench}"
f=$(pwd)/iobench-fill.dat
trap 'rm -f "$f"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
secs() { s=$(date +%s%N); "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }; echo "$(( ($(date +%s%N) - s) / 1000000 ))"; }

echo "creating a ${mb} MiB file in $(pwd), $rounds rounds"
echo "round | iobench -c (ms) | dd oflag=direct (ms)"
: > /tmp/iobench-fill.$$
for r in $(seq "$rounds"); do
	rm -f "$f"
	a=$(secs "$IOBENCH" -c"${mb}M" --ios=1 -b4K --keep --quiet "$f")
	rm -f "$f"
	b=$(secs sh -c "dd if=/dev/zero of='$f' bs=8M count=$((mb / 8)) oflag=direct conv=fdatasync")
	printf '%5s | %15s | %20s\n' "$r" "$a" "$b"
	echo "$a $b" >> /tmp/iobench-fill.$$
done
a=$(cut -d' ' -f1 /tmp/iobench-fill.$$ | median); b=$(cut -d' ' -f2 /tmp/iobench-fill.$$ | median)
rm -f /tmp/iobench-fill.$$
awk -v a="$a" -v b="$b" 'BEGIN { printf "median | %14.0f | %20.0f   ratio iobench/dd %.2f\n", a, b, a / b }'
