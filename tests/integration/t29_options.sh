# Description: one option table for every front end: iobench's own options mean the same in job files as on the DiskSpd command line (checked by what they do: the engine that ran, threads pinned, the null model's latency, verify blocks, an SQ poll thread, the CSV series), a name both tables know stays fio's when only fio's takes the value, and each front end refuses another's options by name.
. "$(dirname "$0")/lib.sh"
cd "$T"
printf '[a]\nrw=randrw\nbs=4k\nsize=2m\nfilename=a.dat\n[b]\nstonewall\nrw=write\nbs=8k\nsize=1m\nfilename=b.dat\n' > j.fio

case_ effect "--engine in a job file is every job's ioengine: the null engine ran, no file was laid down"
run_ok j.fio --engine=null --output-format=iobench-json
jq -e '[.[].workload.engine] == ["null", "null"]' "$T/out" >/dev/null ||
	fail "engines: $(jq -c '[.[].workload.engine]' "$T/out")"
[ ! -e a.dat ] && [ ! -e b.dat ] || fail "the null engine laid files down"
printf '[e]\nioengine=psync\nrw=read\nbs=4k\nsize=1m\nfilename=e.dat\n' > e.fio
run_ok e.fio --engine=null --output-format=iobench-json	# over the job's own ioengine, unlike fio's options
jq -e '.[0].workload.engine == "null"' "$T/out" >/dev/null || fail "--engine under ioengine=psync"
[ ! -e e.dat ] || fail "the null engine laid e.dat down"
run_rc 2 j.fio --engine=spdk
grep -q "unknown engine 'spdk'" "$T/err" || fail "--engine=spdk: $(cat "$T/err")"

case_ effect "--null-latency in a job file: the modelled device's service time, as on the command line"
run_ok j.fio --engine=null --null-latency=2ms --output-format=iobench-json
jq -e 'all(.[]; .results.total.total.latency_ns.min >= 2000000)' "$T/out" >/dev/null ||
	fail "latency below the model: $(jq -c '[.[].results.total.total.latency_ns.min]' "$T/out")"
run_ok --engine=null --null-latency=2ms --ios=50 -Rjson x
jq -e '.results.total.total.latency_ns.min >= 2000000' "$T/out" >/dev/null || fail "DiskSpd form"

case_ effect "--affinity in a job file pins the threads, as -a does"
printf '[p]\nioengine=null\nrw=read\nbs=4k\nsize=1m\ntime_based\nruntime=3\nnumjobs=2\n' > p.fio
"$IOBENCH" p.fio --affinity=0 --quiet >"$T/aff" 2>&1 &
pid=$!
sleep 1
pinned=$(pinned_to 0 $pid)
wait $pid
[ "$pinned" -ge 2 ] || fail "--affinity=0: $pinned threads pinned to CPU 0, wanted the 2 workers"
grep -q "affinity: threads round-robin over CPUs 0$" "$T/aff" || fail "--affinity=0 not reported"

case_ effect "--verify in a job file writes checkable blocks and checks them; --verify=md5 is fio's"
printf '[v]\nioengine=psync\nrw=randrw\nbs=4k\nsize=1m\nfilename=v.dat\nnumber_ios=2000\n' > v.fio
run_ok v.fio --verify --output-format=iobench-json
jq -e '.[0].verify.written > 0 and .[0].verify.checked > 0 and .[0].verify.mismatches == 0' \
	"$T/out" >/dev/null || fail "verify: $(jq -c '.[0].verify' "$T/out")"
printf '[v]\nioengine=psync\nrw=randwrite\nbssplit=4k/50:8k/50\nsize=1m\nfilename=w.dat\n' > w.fio
run_rc 2 w.fio --verify
grep -q "verify: one block size for reads and writes" "$T/err" || fail "--verify with bssplit: $(cat "$T/err")"
[ ! -e w.dat ] || fail "a refused --verify laid w.dat down"
run_rc 2 v.fio --verify=md5
grep -q "verify= on a mixed job (rw=randrw)" "$T/err" || fail "--verify=md5 on randrw: $(cat "$T/err")"

# sq_thread WHAT ARGS...: iobench ARGS must run an io_uring SQ poll thread (iou-sqp) while it runs
sq_thread() {
	what=$1; shift
	"$IOBENCH" "$@" --quiet >"$T/sq" 2>&1 &
	pid=$!
	i=0
	while [ $i -lt 30 ] && ! grep -qs "^Name:.*iou-sqp" /proc/$pid/task/*/status; do
		i=$((i + 1)); sleep 0.1
	done
	grep -qs "^Name:.*iou-sqp" /proc/$pid/task/*/status; found=$?
	wait $pid; rc=$?
	if [ $rc != 0 ] && grep -q "io_uring" "$T/sq"; then
		skip_case "the $what case (io_uring refused here: $(head -1 "$T/sq"))"
	else
		[ $found = 0 ] || fail "$what: no iou-sqp thread in the job file's run"
	fi
}

case_ effect "--sqpoll in a job file: io_uring's submission-queue poll thread runs"
printf '[s]\nioengine=io_uring\nrw=randread\nbs=4k\nsize=1m\nfilename=s.dat\ntime_based\nruntime=3\n' > s.fio
sq_thread --sqpoll s.fio --sqpoll

case_ effect "fio's own sqthread_poll=1 is --sqpoll: the poll thread runs"
printf '[s]\nioengine=io_uring\nsqthread_poll=1\nrw=randread\nbs=4k\nsize=1m\nfilename=s.dat\ntime_based\nruntime=3\n' > sp.fio
sq_thread sqthread_poll=1 sp.fio
printf '[h]\nioengine=psync\nhipri=1\nrw=read\nbs=4k\nsize=1m\nfilename=h.dat\n' > hp.fio
run_rc 2 hp.fio
grep -q "hipri: iobench polls completions with io_uring only" "$T/err" || fail "hipri with psync: $(cat "$T/err")"

case_ effect "--hipri in a job file is applied: a file on no polled queue is refused before any I/O"
run_rc 2 s.fio --hipri
grep -q -e "--hipri" "$T/err" || fail "--hipri: $(cat "$T/err")"

case_ effect "--series-csv in a job file: the groups' series, a group column first"
run_ok j.fio --engine=null --series-csv="$T/s.csv" --json="$T/r.json"
head -1 "$T/s.csv" | grep -q "^group,time_s,target,thread," || fail "header: $(head -1 "$T/s.csv")"
[ "$(cut -d, -f1 "$T/s.csv" | sed 1d | sort -u | paste -sd,)" = "1,2" ] || fail "groups: $(cut -d, -f1 "$T/s.csv" | sort -u)"
"$IOBENCH" report -Rcsv "$T/r.json" | cmp -s - "$T/s.csv" || fail "report -Rcsv differs from the run's CSV"

case_ input "each front end refuses another's options by name"
run_rc 2 j.fio --block-size=8K
grep -q "'--block-size' is an option of the DiskSpd command line and iobench sweep, not of fio job files" "$T/err" ||
	fail "job file --block-size: $(cat "$T/err")"
run_rc 2 --engine=null --size=1G x
grep -q "'--size' is an option of iobench quick and iobench preset, not of the DiskSpd command line" "$T/err" ||
	fail "DiskSpd --size: $(cat "$T/err")"
run_rc 2 quick --json=q.json
grep -q "'--json' is an option of the DiskSpd command line, fio job files, iobench preset and iobench sweep, not of iobench quick" \
	"$T/err" || fail "quick --json: $(cat "$T/err")"
run_rc 2 report -w30 x.json
grep -q "'-w' is an option of the DiskSpd command line and iobench sweep, not of iobench report" "$T/err" ||
	fail "report -w: $(cat "$T/err")"
run_rc 2 --engine=null --output=o.txt x
grep -q "'--output' is an option of fio job files, not of the DiskSpd command line" "$T/err" ||
	fail "DiskSpd --output: $(cat "$T/err")"
[ ! -e o.txt ] && [ ! -e q.json ] || fail "a refused option left a file"

case_ input "a name both know stays fio's in a job file: --size is fio's size there"
printf '[n]\nrw=read\nbs=4k\nfilename=n.dat\n' > n.fio
run_ok n.fio --engine=null --size=512k --output-format=iobench-json
jq -e '[.[].results.total.total.bytes] == [524288]' "$T/out" >/dev/null ||
	fail "--size=512k: $(jq -c '[.[].results.total.total.bytes]' "$T/out")"

case_ input "every option of the table is in its front ends' help, and in no other's"
for front in "" quick preset sweep monitor report j.fio; do
	"$IOBENCH" $front --help > "help$front" 2>&1 || fail "$front --help"
done
grep -q -- "--size=" helpquick && grep -q -- "--size=" helppreset && ! grep -q -- "--size=" help ||
	fail "--size in the wrong help"
grep -q -- "--slo=" helpsweep && ! grep -q -- "--slo=" helppreset && grep -q -- "--fill-free-space" helppreset ||
	fail "--slo or --fill-free-space in the wrong help"
grep -q -- "--series-csv=" helpmonitor && grep -q -- "--series-csv=" helpj.fio || fail "--series-csv missing"
! grep -q -- "--block-size" helpj.fio && ! grep -q -- "--engine" helpmonitor || fail "a help lists a foreign option"

case_ effect "--version: the commit built, the platform, every engine it names one --engine takes, the HTML report as it is"
"$IOBENCH" --version > ver || fail "--version"
src=$(dirname "$0")/../..
if command -v git >/dev/null && c=$(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null); then
	# the binary is of this checkout (or of its state with changes: -dirty)
	grep -Eq "^commit: $c(-dirty)?\$" ver || fail "commit: $(grep '^commit' ver), the checkout is at $c"
else
	grep -q "^commit: unknown" ver || fail "no git checkout, yet $(grep '^commit' ver)"
fi
grep -q "^platform: linux $(uname -m)\$" ver || fail "$(grep '^platform' ver) on $(uname -m)"
engines=$(sed -n 's/^engines: \(.*\) (default here: .*)$/\1/p' ver | tr -d ,)
[ -n "$engines" ] || fail "no engines line: $(cat ver)"
for e in $engines; do	# each one the run accepts (and the null engine runs)
	"$IOBENCH" --engine="$e" -o1 --print-workload x.dat > /dev/null 2>&1 || fail "--version names $e, --engine=$e is refused"
done
run_ok --engine=null -d0.1 -W0 x
if "$IOBENCH" --engine=null -d0.1 -W0 --html=h.html x >/dev/null 2>&1 && [ -s h.html ]; then
	grep -q "^html report: built in" ver || fail "the HTML report is written, --version says $(grep '^html' ver)"
else
	grep -q "^html report: not built" ver || fail "no HTML report, --version says $(grep '^html' ver)"
fi
exit 0
