#!/bin/sh
# The MPI merge's cost on this machine (docs/multihost.md): for 2, 4, 8 and 16 ranks
# (oversubscribed on one machine), a run of D seconds on the null engine, one thread a
# rank; prints the bytes gathered on rank 0, per rank, and the merge's time (gather,
# read back, sum, write: hosts.merge_ms), the median of R runs each.
# Usage: bench/mpi_scale.sh [IOBENCH] [D] [R]
set -eu
IOB=${1:-./iobench}
D=${2:-1}
R=${3:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
echo "ranks,bytes_gathered,bytes_per_rank,merge_ms_median,intervals"
for n in 2 4 8 16; do
	for i in $(seq "$R"); do
		mpirun --allow-run-as-root --oversubscribe -np "$n" "$IOB" --engine=null -d"$D" -W0 -t1 \
			-o2 -b4K -r -Rjson x > "$T/r.json" 2>/dev/null
		jq -r '[.hosts.merge_bytes, .hosts.merge_ms, .model.result.nintervals] | @tsv' "$T/r.json"
	done | sort -t"$(printf '\t')" -k2 -n | awk -v n="$n" -v r="$R" -F'\t' \
		'NR == int((r + 1) / 2) { printf "%d,%d,%d,%.2f,%d\n", n, $1, $1 / n, $2, $3 }'
done
