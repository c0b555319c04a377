# Shared by the bench scripts; sourced after they set rounds and secs. Sets IOBENCH and
# the test helpers (new_zram, fail, $T with clean-up at exit), checks the tools and root.
here=$(cd "$(dirname "$0")" && pwd)
: "${IOBENCH:=$here/../iobench}"
export IOBENCH
. "$here/../tests/integration/lib.sh"
for t in fio jq $BENCH_NEEDS; do
	command -v "$t" >/dev/null || { echo "needs $t (run scripts/setup)"; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "needs root: it configures a zram device"; exit 1; }

# median: the median of the numbers on stdin, one a line
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
