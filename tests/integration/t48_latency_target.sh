# Description: fio's latency_target search (latency_window, latency_percentile, latency_run) on the null engine's model device, the depths computed here; and beside fio 3.33 on a file.
# Alone: the latency target's search on the null model is judged window by window, by the clock
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# The model device (--null-latency=L --null-iops=N): an I/O takes L, the device completes
# one every 1/N, so a closed loop at depth d has latency max(L, d / N) (src/engine/null.c).
# L = 5 ms, N = 200: depth d takes max(5, 5 d) ms. With latency_target=22.5 ms, depths 1..4
# meet it and 5.. miss it by 2.5 ms or more (the margin for a shared machine's noise; 90%
# of a window's I/Os must meet it, so a few late wake-ups do not fail a window).
# fio's search (io_u.c lat_target_success / __lat_target_failed): doubling from 1 while
# met (1 2 4 8), 8 misses: high 8, (8 + 4) / 2 = 6; misses: (6 + 4) / 2 = 5; misses:
# (5 + 4) / 2 = 4; met, and (4 + 5) / 2 = 4 again: the answer; one more window at 4 and
# the job ends: 8 windows of 100 ms, far inside its runtime of 10 s.
trail() { jq -r '[.. | objects | select(has("lat_trail")) | .lat_trail | map(tostring) | join(" ")] | first' "$1"; }
depth() { jq -r '[.. | objects | select(has("lat_depth")) | .lat_depth] | first' "$1"; }
MODEL="--null-latency=5ms --null-iops=200"

say "the search on the model device: depths 1 2 4 8 6 5 4, found 4, the job ended early"
cat >j.fio <<'EOT'
[j]
ioengine=null
size=64M
time_based
runtime=10
rw=randread
bs=4k
iodepth=16
latency_target=22500
latency_window=100ms
latency_percentile=90
EOT
"$IOBENCH" $MODEL j.fio --output-format=iobench-json >r.json 2>err || { rc=$?; cat err; fail "exit $rc"; }
[ "$(trail r.json)" = "1 2 4 8 6 5 4" ] || fail "depths $(trail r.json), wanted 1 2 4 8 6 5 4"
[ "$(depth r.json)" = 4 ] || fail "depth $(depth r.json), wanted 4"

say "fio-json's latency_* fields and the normal output's line, as fio 3.33 writes them"
"$IOBENCH" $MODEL j.fio --output-format=json,normal >out 2>err || { rc=$?; cat err; fail "exit $rc"; }
sed -n '/^{/,/^}/p' out >f.json
[ "$(jq '.jobs[0].latency_depth' f.json)" = 4 ] || fail "latency_depth $(jq '.jobs[0].latency_depth' f.json)"
[ "$(jq '.jobs[0].latency_target' f.json)" = 22500000 ] || fail "latency_target (ns)"
[ "$(jq '.jobs[0].latency_window' f.json)" = 100000 ] || fail "latency_window (us)"
[ "$(jq '.jobs[0].latency_percentile' f.json)" = 90 ] || [ "$(jq '.jobs[0].latency_percentile' f.json)" = 90.0 ] ||
	fail "latency_percentile $(jq '.jobs[0].latency_percentile' f.json)"
rt=$(jq '.jobs[0].job_runtime' f.json)
[ "$rt" -lt 5000 ] || fail "job_runtime $rt ms: the job did not end on its answer"
# fio's reset_all_stats at the last window: the figures are depth 4's alone (a 100 ms
# window of about 20 I/Os at 20 ms each), not the search's
jq -e '.jobs[0] | .job_runtime < 300 and .read.total_ios >= 10 and .read.total_ios <= 40 and
	.read.lat_ns.mean > 15000000 and .read.lat_ns.mean <= 22500000' f.json >/dev/null ||
	fail "the last window's figures: $(jq -c '.jobs[0] | [.job_runtime, .read.total_ios, .read.lat_ns.mean]' f.json)"
grep -q '^     latency   : target=22500000, window=100000, percentile=90.00%, depth=4$' out ||
	fail "normal output: $(grep 'latency   :' out)"

say "fio's command line takes them too"
"$IOBENCH" --name=j --ioengine=null --size=64M --time_based --runtime=10 --rw=randread --iodepth=16 \
	--latency_target=22500 --latency_window=100ms --latency_percentile=90 $MODEL \
	--output-format=iobench-json >c.json 2>err || { rc=$?; cat err; fail "exit $rc"; }
[ "$(depth c.json)" = 4 ] || fail "command line: depth $(depth c.json)"

say "met at every depth: up to iodepth (1 2 4 6), and done there"
# L = 1 ms, no rate limit: every depth takes 1 ms, within 50 ms (percentile 90: one late
# wake-up of a loaded machine, or a sanitizer's, fails no window)
"$IOBENCH" --null-latency=1ms --name=j --ioengine=null --size=64M --time_based --runtime=10 \
	--iodepth=6 --latency_target=50ms --latency_window=50ms --latency_percentile=90 \
	--output-format=iobench-json >a.json 2>err ||
	{ cat err; fail "exit $?"; }
[ "$(trail a.json)" = "1 2 4 6" ] || fail "depths $(trail a.json), wanted 1 2 4 6"

say "latency_run=1: the search goes on for the whole runtime"
# 1 s at 100 ms windows: it finds 4, then keeps probing 5 (fio's stable count raises
# the bound after 3 windows met at 4), so the run lasts its runtime and ends at 4 or 5
sed -e 's/^runtime=10/runtime=1/' -e '$a latency_run=1' j.fio >run.fio
"$IOBENCH" $MODEL run.fio --output-format=json >run.json 2>err || { rc=$?; cat err; fail "exit $rc"; }
rt=$(jq '.jobs[0].job_runtime' run.json)
[ "$rt" -ge 950 ] || fail "latency_run=1: job_runtime $rt ms, wanted the runtime (1000)"
d=$(jq '.jobs[0].latency_depth' run.json)
[ "$d" = 4 ] || [ "$d" = 5 ] || fail "latency_run=1: depth $d, wanted 4 or 5"

say "percentile 100 (the default): an I/O over the target at depth 1 fails the job (fio's ETIMEDOUT)"
# L = 2 ms over a target of 1 ms: the first I/O misses it at depth 1
"$IOBENCH" --null-latency=2ms --name=j --ioengine=null --size=64M --time_based --runtime=5 \
	--latency_target=1ms --output-format=json >e.json 2>err && fail "exit 0 past a missed target"
[ "$(jq '.jobs[0].error' e.json)" = 110 ] || fail "error $(jq '.jobs[0].error' e.json), wanted 110 (ETIMEDOUT)"

say "beside fio 3.33 on a file: a target every depth meets, the same depths, the same answer"
# What is compared: the depths the search sets and the depth found, with a target (1 s) any
# depth of a page-cache read meets, so neither machine's speed nor noise decides them: fio's
# --debug=rate lines "Ramped up: LOW QD HIGH" (2 4 8, then 8 twice: the answer and its last
# window) and fio-json's latency_depth, and both
# jobs end on the answer long before their runtime.
if command -v fio >/dev/null 2>&1 && fio --version | grep -q '^fio-3.33'; then
	cat >t.fio <<EOT
[t]
filename=$T/data
size=8M
ioengine=io_uring
rw=randread
bs=4k
iodepth=8
time_based
runtime=10
latency_target=1s
latency_window=50ms
EOT
	"$IOBENCH" t.fio --output-format=iobench-json >i.json 2>err || { cat err; fail "iobench on a file: exit $?"; }
	fio t.fio --debug=rate --output-format=json >fio.out 2>&1 || { tail fio.out; fail "fio failed"; }
	ft=$(awk '$3 == "Ramped" && $4 == "up:" { printf "%s ", $6 }' fio.out)
	[ "$ft" = "2 4 8 8 8 " ] || fail "fio's depths: $ft"
	[ "$(trail i.json)" = "1 2 4 8" ] || fail "iobench's depths $(trail i.json), fio's 1 $ft"
	fd=$(sed -n '/^{/,/^}/p' fio.out | jq '.jobs[0].latency_depth')
	[ "$fd" = 8 ] && [ "$(depth i.json)" = 8 ] || fail "depth: fio $fd, iobench $(depth i.json)"
	frt=$(sed -n '/^{/,/^}/p' fio.out | jq '.jobs[0].job_runtime')
	[ "$frt" -lt 5000 ] || fail "fio ran $frt ms"
else
	skip_case "fio 3.33 is not installed"
fi

say "bad values: one message naming the option, exit 2, before any I/O"
J="--name=j --ioengine=null --size=1M"
bad latency_percentile $J --latency_target=1ms --latency_percentile=101
bad latency_percentile $J --latency_target=1ms --latency_percentile=abc
bad latency_target $J --latency_target=fast
bad latency_window $J --latency_target=1ms --latency_window=-5
bad latency_run $J --latency_target=1ms --latency_run=maybe
echo ok
