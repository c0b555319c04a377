# Description: the null engine runs with no target file; count-based runs are exact.
# Alone: it pins a real-time CPU hog to CPU 0 and checks the null model's IOPS against the clock
. "$(dirname "$0")/lib.sh"

say "count-based: exactly threads x --ios I/Os, with the write mix"
run_ok --engine=null --ios=100000 -o8 -t2 -r -b4K -w30 nulltarget
set -- $(total Total); [ "$2" = 200000 ] || fail "total I/Os $2, wanted 200000"
[ "$1" = $((200000 * 4096)) ] || fail "total bytes $1"
[ "$(rows Total)" = 2 ] || fail "wanted 2 thread rows"
r=$(total Read | cut -d' ' -f2); w=$(total Write | cut -d' ' -f2)
[ $((r + w)) = 200000 ] || fail "reads $r + writes $w != 200000"
within "$w" 60000 5 || fail "writes $w not about 30% of 200000"
grep -q "engine: null" "$T/out" || fail "engine not named"
[ ! -e nulltarget ] || fail "the null engine created a file"

say "-F: every thread on every target, one row per thread x target"
run_ok --engine=null --ios=5000 -F3 -o4 a b
[ "$(rows Total)" = 6 ] || fail "wanted 6 rows, got $(rows Total)"
set -- $(total Total); [ "$2" = 15000 ] || fail "total $2, wanted 15000"

say "time-based: the measured window is about -d"
run_ok --engine=null -d1 -W0.2 -o2 x
secs=$(awk -F'\t' '/^actual test time:/ { sub(/s$/, "", $2); print $2 }' "$T/out")
awk -v s="$secs" 'BEGIN { exit !(s >= 0.95 && s <= 1.3) }' || fail "actual test time $secs"
grep -q "^CPU |  Usage |  User  | Kernel |  Idle  | IOWait |   IRQ  |  Steal" "$T/out" || fail "no CPU table"
ncpu=$(awk '/^CPU \|/ { on = 1; next } on && /^avg\./ { print n; exit } on && /^ *[0-9]+\|/ { n++ }' "$T/out")
[ "$ncpu" = "$(nproc)" ] || fail "CPU table has $ncpu rows for $(nproc) CPUs"

say "range from -f, default 1GiB"
run_ok --engine=null --ios=10 x
grep -q "x (1GiB)" "$T/out" || fail "default null range not 1GiB"
run_ok --engine=null --ios=10 -f4G x
grep -q "x (4GiB)" "$T/out" || fail "-f4G not used as the null range"
say "affinity: threads pinned round-robin (default all CPUs), -a chooses, -n turns it off"
"$IOBENCH" --engine=null -d3 -W0 -t2 -o4 -a0 x >"$T/aff" 2>&1 &
pid=$!
sleep 1
pinned=$(pinned_to 0 $pid)
wait $pid
[ "$pinned" -ge 2 ] || fail "-a0: $pinned threads pinned to CPU 0, wanted the 2 workers"
grep -q "affinity: threads round-robin over CPUs 0$" "$T/aff" || fail "-a0 not reported"
run_ok --engine=null --ios=100 -n -Rjson x
jq -e '.workload.affinity == null' "$T/out" >/dev/null || fail "-n: affinity not null"
run_ok --engine=null --ios=100 -Rjson x
jq -e --argjson n "$(nproc)" '.workload.affinity | length == $n' "$T/out" >/dev/null || fail "default affinity"
run_rc 2 --engine=null --ios=100 -a4095 x

say "latency percentile table: 15 rows, monotonic, N/A for a column without I/O"
run_ok --engine=null --ios=20000 -o4 -b4K -L x
awk '/^Total latency distribution:/ { on = 1; next } on && /^$/ { exit } on && /\|/ && !/%-ile/ { print }' "$T/out" > "$T/pct"
[ "$(wc -l < "$T/pct")" = 15 ] || fail "wanted 15 percentile rows"
grep -q "^    min |" "$T/pct" && grep -q "^9-nines |" "$T/pct" && grep -q "^    max |" "$T/pct" || fail "row names"
awk -F'|' '{ if ($3 !~ /N\/A/) exit 1 }' "$T/pct" || fail "write column should be N/A in a read-only run"
awk -F'|' 'NR > 1 && $4 + 0 < prev { exit 1 } { prev = $4 + 0 }' "$T/pct" || fail "total column not monotonic"
run_ok --engine=null --ios=2000 -o2 -b4K -L x y
grep -q "^Latency distribution: x" "$T/out" && grep -q "^Latency distribution: y" "$T/out" || fail "no per-target tables"
say "the null engine's service-time model: figures the test computes"
run_ok --engine=null --null-latency=2ms -o4 -d1 -W0 -r -b4K -Rjson x
# none is done in under 2 ms, exactly; the median is 2 ms plus this machine's wake-up
# latency (40 us was seen to be too tight a bound on a busy machine), so its bound is loose
jq -e '.results.total.total.latency_ns | .min >= 2000000 and
	(.percentiles[] | select(.percentile == 50) | .ns) < 2000000 * 1.25' "$T/out" >/dev/null ||
	fail "2 ms model: $(jq -c '.results.total.total.latency_ns | {min, mean}' "$T/out")"
# 4 in flight, none done in under 2 ms: at most 2000 I/Os a second, exactly; fewer only when
# this machine keeps the thread from reaping (a loaded machine), so the floor is loose
awk -v v="$(jq '.results.total.total.iops' "$T/out")" 'BEGIN { exit !(v <= 2000 * 1.001 && v >= 1000) }' ||
	fail "4 in flight at 2 ms: $(jq .results.total.total.iops "$T/out") IOPS, wanted at most 2000 (and not far below)"
run_ok --engine=null --null-iops=500 -o8 -t2 -d1 -W0 -r -b4K -Rjson x
within "$(jq '.results.total.total.iops' "$T/out")" 500 2 || model_fail "a 500 IOPS device gave $(jq .results.total.total.iops "$T/out")" "$T/out"
# 16 in flight at 500 a second: each waits about 16 / 500 s = 32 ms (Little's law)
within "$(jq '.results.total.total.latency_ns.mean' "$T/out")" 32000000 10 ||
	model_fail "queued latency $(jq .results.total.total.latency_ns.mean "$T/out") ns, wanted about 32 ms" "$T/out"
run_rc 2 --null-latency=1ms -d1 x
grep -q -- "--null-latency models the null engine's device" "$T/err" || fail "message: $(cat "$T/err")"
say "the model's lateness: its answers collected late are counted, and a run woken late says so"
run_ok --engine=null --null-servers=1 --null-latency=100us -o4 -r -b4K -d0.5 -W0 -Rjson x
jq -e '.null_model_late.ios >= .results.total.total.ios and .null_model_late.mean_us >= 0 and
	.null_model_late.p99_us <= .null_model_late.max_us' "$T/out" >/dev/null ||
	fail "the model's lateness: $(jq -c .null_model_late "$T/out")"
run_ok --engine=null -r -b4K -d0.2 -W0 -Rjson x
jq -e '.null_model_late == null' "$T/out" >/dev/null || fail "no model, yet $(jq -c .null_model_late "$T/out")"
# a real-time hog on iobench's one CPU, 4 ms of spinning in every 8: each of iobench's wake-ups
# that falls in a spin waits for its end (SCHED_FIFO runs before any normal thread), so some
# completions of the 100 us model are collected milliseconds late, whatever this machine's speed
cat > "$T/hog.py" <<'HOG'
import time
while True:
    t = time.monotonic()
    while time.monotonic() - t < 0.004:
        pass
    time.sleep(0.004)
HOG
if taskset -c 0 chrt -f 10 python3 "$T/hog.py" 2>"$T/hog.err" & hog=$!; sleep 0.3; kill -0 $hog 2>/dev/null; then
	taskset -c 0 "$IOBENCH" --engine=null --null-servers=1 --null-latency=100us -o4 -r -b4K -d1 -W0 \
		--json="$T/late.json" x >"$T/out" 2>"$T/err"
	rc=$?
	kill $hog; wait $hog 2>/dev/null
	[ $rc = 0 ] || { cat "$T/err"; fail "the run beside the hog exited $rc"; }
	jq -e '([.warnings[].code] | index("model_late")) and .null_model_late.max_us > 1000' "$T/late.json" \
		>/dev/null || fail "woken late, no model_late: $(jq -c '[.null_model_late, [.warnings[].code]]' "$T/late.json")"
	grep -q "iobench collected them late" "$T/out" || fail "the text report does not say so"
	[ -n "$(disturbed "$T/late.json")" ] || fail "lib.sh's disturbed does not see it"
else
	skip_case "the late-wake-up case: no SCHED_FIFO here ($(cat "$T/hog.err"))"
fi
exit 0
