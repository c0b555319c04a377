# Description: the per-interval series: -D's IopsStdDev column, and --series-csv whose
# intervals add up to the totals of the report.
# Alone: it reads each CPU's busy share per interval while a pinned thread spins
. "$(dirname "$0")/lib.sh"

say "-D500 over 2 s: 4 intervals, IopsStdDev column, CSV sums = report totals"
run_ok --engine=null -d2 -W0.1 -D500 -t2 -o4 -b4K -w25 --series-csv="$T/s.csv" x
head -1 "$T/out" >/dev/null
grep -q "| IopsStdDev |" "$T/out" || fail "no IopsStdDev column with -D"
[ "$(head -1 "$T/s.csv")" = "time_s,target,thread,read_iops,write_iops,read_mib_s,write_mib_s,read_lat_mean_us,read_lat_max_us,write_lat_mean_us,write_lat_max_us" ] ||
	fail "CSV header"
[ "$(grep -c ',all,total,' "$T/s.csv")" = 4 ] || fail "wanted 4 total rows"
[ "$(grep -c ',x,[01],' "$T/s.csv")" = 8 ] || fail "wanted 8 thread rows"
csv_ios=$(awk -F, '$3 == "total" { n += ($4 + $5) * 0.5 } END { printf "%.0f", n }' "$T/s.csv")
set -- $(total Total)
within "$csv_ios" "$2" 0.01 || fail "CSV intervals add to $csv_ios I/Os, the report says $2"
csv_w=$(awk -F, '$3 == "total" { n += $5 * 0.5 } END { printf "%.0f", n }' "$T/s.csv")
set -- $(total Write)
within "$csv_w" "$2" 0.01 || fail "CSV writes $csv_w, report $2"

say "per-interval latency: each interval's histogram holds its I/Os, they add up to the run's, its percentiles in series.total"
run_ok --engine=null -d2 -W0.1 -D250 -t2 -o4 -b4K -w30 -Rjson x
python3 "$(dirname "$0")/ivlat_check.py" "$T/out" || fail "interval histograms"
say "CPU per interval: its intervals end at the series' edges and average to the window's figures; a pinned spinning thread's CPU busy in each"
run_ok --engine=null -d3 -W0 -t1 -a0 -o4 -b4K -r -Rjson x
jq -e '.cpu.series.time_s | length == 3 and .[2] == 3' "$T/out" >/dev/null || fail "CPU series times: $(jq -c .cpu.series.time_s "$T/out")"
jq -e '[.cpu.series.per_cpu[] | select(.cpu == 0) | .usage[] | select(. < 50)] | length == 0' "$T/out" >/dev/null ||
	fail "CPU 0 idle in an interval while a thread pinned there spun: $(jq -c '.cpu.series.per_cpu[0]' "$T/out")"
jq -r '.cpu.series as $s | .cpu.per_cpu[] as $c | ($s.per_cpu[] | select(.cpu == $c.cpu)) as $p |
	[$c.usage, ([range(0; $s.time_s | length)] | map($p.usage[.] * ($s.time_s[.] - (if . == 0 then 0 else $s.time_s[. - 1] end))) | add) / $s.time_s[-1]] | @tsv' "$T/out" |
	while read -r whole avg; do awk -v a="$avg" -v b="$whole" 'BEGIN { exit !(a - b <= 2 && b - a <= 2) }' || fail "intervals average to $avg% busy, the window $whole%"; done || exit 1
say "... in a paced run (response times), a count-based one, and on a file"
run_ok --engine=null -d2 -W0 -D250 -t2 -o4 -b4K -w50 -g2000i -Rjson x
python3 "$(dirname "$0")/ivlat_check.py" "$T/out" || fail "interval histograms, paced"
run_ok --engine=null --ios=300000 -W0 -D100 -t2 -o4 -b4K -r -Rjson x
python3 "$(dirname "$0")/ivlat_check.py" "$T/out" || fail "interval histograms, count-based"
run_ok -c8M -d1.5 -W0 -D500 -r -b4K -o2 -Sh -w20 -Rjson "$T/f.dat"
python3 "$(dirname "$0")/ivlat_check.py" "$T/out" || fail "interval histograms, a file"
[ "$(jq '[.series.total.read_lat_p99_ns[] | select(. == null)] | length' "$T/out")" = 0 ] ||
	fail "an interval of reads without its p99"
rm -f "$T/f.dat"

say "without -D: no IopsStdDev column (DiskSpd's layout)"
run_ok --engine=null -d0.5 -W0 x
grep -q "IopsStdDev" "$T/out" && fail "IopsStdDev without -D"

say "a file target: the series' time column ends at the test time"
run_ok -c8M -d1.5 -W0 -r -b4K -o2 -Sh --series-csv="$T/f.csv" "$T/f.dat"
last=$(awk -F, 'NR > 1 { t = $1 } END { print t }' "$T/f.csv")
secs=$(awk -F'\t' '/^actual test time:/ { sub(/s$/, "", $2); print $2 }' "$T/out")
within "$last" "$secs" 2 || fail "series ends at $last s, test time $secs s"

say "-D0 is -D over 1 s (DiskSpd's), a bad -D and an unwritable CSV path"
run_ok --engine=null -D0 -Rpxml x
grep -q "<CalculateIopsStdDev>true</CalculateIopsStdDev>" "$T/out" &&
	grep -q "<IoBucketDuration>1000</IoBucketDuration>" "$T/out" || fail "-D0: $(cat "$T/out")"
run_rc 2 --engine=null -Dx x
run_rc 2 --engine=null --ios=10 --series-csv=/nonexistent/dir/s.csv x
grep -q "cannot write '/nonexistent/dir/s.csv'" "$T/err" || fail "no message for the CSV path"
exit 0
