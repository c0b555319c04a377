# Description: "iobench monitor": a row per -D interval for -d seconds, every device when none is
# named, JSON and CSV, a summary at the end or on Ctrl-C, bad input refused (a run's options too).
# Alone: it counts every device in /proc/diskstats, which other tests' loop and zram devices change
. "$(dirname "$0")/lib.sh"
dev=$(awk 'NR == 1 { print $3 }' /proc/diskstats)
ndev=$(awk 'NF >= 7' /proc/diskstats | wc -l)

say "-D200 -d0.6 on one device: three rows, then the summary"
run_ok monitor -D200 -d0.6 "$dev"
[ "$(awk -v d="$dev" '$2 == d' "$T/out" | wc -l)" = 3 ] || fail "wanted 3 rows for $dev"
grep -q "^Summary over" "$T/out" && grep -q "Disk Transfers/sec" "$T/out" || fail "no summary"

say "no device named: every device in /proc/diskstats, each interval"
run_ok monitor --interval=100 --duration=0.2
rows=$(awk 'NR > 1 && /^ *[0-9.]+ / { n++ } END { print n + 0 }' "$T/out")
[ "$rows" = $((2 * ndev)) ] || fail "$rows rows for $ndev devices x 2"

say "JSON and CSV"
run_ok monitor -D100 -d0.4 -Rjson --series-csv="$T/m.csv" "$dev"
jq -e '.schema == "iobench/monitor" and .intervals_done == 4 and (.rows | length) == 4 and
	(.summary | length) == 1 and .summary[0].perfmon.split_io_per_s == null' "$T/out" >/dev/null ||
	fail "JSON: $(head -c 300 "$T/out")"
[ "$(wc -l < "$T/m.csv")" = 5 ] || fail "CSV: wanted a header and 4 rows"
head -1 "$T/m.csv" | grep -q "^time_s,device,r_s,w_s" || fail "CSV header"

say "Ctrl-C: the summary, exit 130"
"$IOBENCH" monitor -D200 "$dev" >"$T/out" 2>"$T/err" &
pid=$!
sleep 0.7
kill -INT $pid
wait $pid; rc=$?
[ $rc = 130 ] || fail "exit $rc, wanted 130"
grep -q "^Summary over" "$T/out" || fail "no summary after Ctrl-C"

say "bad input"
run_rc 2 monitor nosuchdevice
run_rc 2 monitor -D0 "$dev"
grep -q "'0' is not an interval of 10 to 3600000 ms" "$T/err" || fail "-D0: $(cat "$T/err")"
run_rc 2 monitor -d0 "$dev"
run_rc 2 monitor --frob
run_rc 2 monitor -Rxml "$dev"
run_rc 2 monitor -i1 -n60 "$dev"
grep -q "the interval is -D<ms>" "$T/err" || fail "-i: $(cat "$T/err")"
run_rc 2 monitor -b4K "$dev"
grep -q "'-b' is an option of the DiskSpd command line and iobench sweep, not of iobench monitor" "$T/err" ||
	fail "-b: $(cat "$T/err")"

[ "$(id -u)" = 0 ] || skip_rest "the activity case needs root (zram)"
say "counts I/O that happens: iobench on zram while monitor watches"
new_zram 64
"$IOBENCH" -d3 -W0 -r -b4K -o4 -Sh --quiet "$ZDEV" >/dev/null 2>&1 &
pid=$!
run_ok monitor -D500 -d1 -Rjson "$ZRAM"
wait $pid
jq -e '(.rows | length) == 2 and ([.rows[].iostat.r_s] | min > 0)' "$T/out" >/dev/null ||
	fail "no reads seen: $(jq -c '[.rows[].iostat.r_s]' "$T/out")"
exit 0
