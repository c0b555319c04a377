# Description: iobench report R.json: the run's text, its JSON document, its CSV series and fio's layout again, byte for byte, from the model the JSON carries (DiskSpd runs, job files, a device, an interrupted run); the reports read the model, not this machine; a bad document is refused naming the field.
. "$(dirname "$0")/lib.sh"

# same_report ARGS...: the report of $T/r.json (with ARGS) must be $T/want, byte for byte.
same_report() {
	"$IOBENCH" report "$@" "$T/r.json" >"$T/got" 2>"$T/rerr" || { cat "$T/rerr"; fail "report $* failed"; }
	cmp -s "$T/want" "$T/got" || { diff "$T/want" "$T/got" | head -20; fail "report $* differs from the run's"; }
}

case_ effect "a DiskSpd run: text, JSON and CSV series again, byte for byte"
run_ok -c8M -d1.2 -W0 -r -b4K -o4 -t2 -w30 -Sh -D300 -L --json="$T/r.json" --series-csv="$T/s.csv" \
	"$T/a.dat" "$T/b.dat"
cp "$T/out" "$T/want"
same_report
cp "$T/r.json" "$T/want"
same_report -Rjson
cp "$T/s.csv" "$T/want"
same_report -Rcsv
same_report --output-format=csv

case_ effect "--verify, buffered I/O, a write pattern: the notes and the verify line again"
run_ok -c4M --ios=3000 -b4K -o2 -w50 --verify --json="$T/r.json" "$T/v.dat"
cp "$T/out" "$T/want"
same_report
run_ok -c4M -d1 -b8K -o2 -w100 --pattern=0xabcd -Rjson "$T/p.dat"
cp "$T/out" "$T/r.json"
"$IOBENCH" -c4M -d1 -b8K -o2 -w100 --pattern=0xabcd --print-workload "$T/p.dat" >/dev/null ||
	fail "--print-workload"
cp "$T/r.json" "$T/want"
same_report -Rjson

case_ effect "a path of bytes that are not UTF-8: the same path again"
bad_name="$T/bad$(printf '\377')name.dat"
run_ok -c1M --ios=100 -b4K --json="$T/r.json" "$bad_name"
cp "$T/out" "$T/want"
same_report
LC_ALL=C grep -qF "$bad_name" "$T/got" || fail "the path is not in the report"

case_ effect "a job file's groups: the text, the array of documents and fio's layout again"
cat > "$T/j.fio" <<JOB
[global]
ioengine=psync
filename=$T/j.dat
size=2m
[mix]
rw=randrw
bssplit=4k/50:16k/50
fsync=8
[seq]
stonewall
rw=write
bs=64k
numjobs=2
group_reporting
JOB
run_ok "$T/j.fio" --json="$T/r.json"
cp "$T/out" "$T/want"
same_report
cp "$T/r.json" "$T/want"
same_report -Rjson
run_ok "$T/j.fio" --output-format=fio-json --json="$T/r.json"
cp "$T/out" "$T/want"
same_report -Rfio-json

case_ effect "an interrupted run: its partial results again"
run_bg "$T/out" "$T/err" -d30 -W0 --engine=null --null-latency=20us -o2 -t2 --json="$T/r.json" n0
sleep 1
kill -INT $BG
wait $BG
[ $? = 130 ] || fail "the interrupted run did not exit 130"
grep -q "PARTIAL RESULTS" "$T/out" || fail "no partial results in the text"
cp "$T/out" "$T/want"
same_report

case_ effect "the reports read the model, not this machine: an edited host and count show"
run_ok -d1 -W0 --engine=null --null-latency=50us -o1 --json="$T/orig.json" n0
jq '.model.result.host.hostname = "elsewhere" | .model.result.rows[0].c[0].ios = 12345 |
	.model.result.host.cpu_model = "a CPU from elsewhere"' "$T/orig.json" > "$T/r.json"
"$IOBENCH" report "$T/r.json" > "$T/got" || fail "report of an edited model"
grep -q "computer name: elsewhere" "$T/got" || fail "the host name is not the model's"
grep -q "cpu model:		a CPU from elsewhere" "$T/got" || fail "the CPU model is not the model's"
grep -Eq '^total: +[0-9]+ \| +12345 \|' "$T/got" || fail "the read count is not the model's: $(grep ^total: "$T/got" | head -2)"
"$IOBENCH" report -Rjson "$T/r.json" | jq -e '.host.hostname == "elsewhere" and
	.results.total.read.ios == 12345' >/dev/null || fail "the JSON view is not computed from the model"

case_ input "a bad document: one message naming the field, exit 2, nothing on stdout"
bad_doc() {	# bad_doc JQ-FILTER MESSAGE
	jq "$1" "$T/orig.json" > "$T/bad.json"
	"$IOBENCH" report "$T/bad.json" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc = 2 ] || fail "$1: exit $rc, wanted 2"
	[ ! -s "$T/out" ] || fail "$1: something on stdout"
	grep -qF -- "$2" "$T/err" || fail "$1: message: $(cat "$T/err")"
}
bad_doc 'del(.model.result.rows[0].c[0].ios)' "model.result.rows[0].c[0].ios: missing"
bad_doc '.model.result.rows[0].c[1].bytes = "x"' "model.result.rows[0].c[1].bytes: 'x' is not an unsigned integer"
bad_doc '.model.result.rows[0].c[1].bytes = -4' "model.result.rows[0].c[1].bytes: -4 is negative"
bad_doc '.model.workload.targets[0].write_pct = 101' "model.workload.targets[0].write_pct: 101 is above 100"
bad_doc '.model.result.rows[0].target = 5' "result.rows[0]: target 5, job 0, thread 0 or host 0 is not in the workload"
bad_doc '.model.result.rows[0].host = 1' "result.rows[0]: target 0, job 0, thread 0 or host 1 is not in the workload"
bad_doc '.model.result.nhosts = 1 | .model.result.hosts = [{"name": "a", "rank": 0, "local_rank": 0, "clock_offset_ns": 0, "wall_offset_ns": 0, "clock_error_ns": 0, "start_late_ns": 0, "test_ns": 1, "end_ns_real": 1, "row0": 0, "nrows": 99, "cpu0": 0, "ncpu": 0, "dev0": 0, "ndevs": 0, "ntargets": 0, "targets": [], "info": .model.result.host, "measured": true, "complete": true, "interrupted": false, "failed": false, "error": "", "nerrors": 0, "proc_user_s": "0", "proc_sys_s": "0"}]' "result.hosts[0]: its rows, CPUs, devices or targets are not the result's"
bad_doc '.model.result.nrows = 3' "model.result.rows: 1 elements, but its count says 3"
bad_doc '.model.result.rows[0].series = []' "model.result.rows[0].series: expected an array of result.nintervals"
bad_doc '.model.result.rows[0].series = null' "model.result.rows[0].series: expected an array of result.nintervals"
bad_doc '.model.result.wall_t0.tv_sec = -5' "model.result.wall_t0.tv_sec: -5 is out of range"
bad_doc '.model.workload.jobs[0].threads = 1000000' "result.nthreads (1) is not the workload's threads (1000000)"
bad_doc '.model.result.rows[0].h[0] = [[257, 1]]' "model.result.rows[0].h[0][0]: 257 ns is not the low end of a bucket"
bad_doc '.model.result.host.hostname = ("x" * 300)' "model.result.host.hostname: longer than 255 bytes"
bad_doc 'del(.model.result.cpu_iv)' "result.ncpu_ivs (0) is not ncpu_iv_ns"
bad_doc '.model.result.ivl[0][0] = [[257, 1]]' "model.result.ivl[0][0][0]: 257 ns is not the low end of a bucket"
bad_doc '.model.result.ivl = []' "model.result.ivl: expected null or an array of result.nintervals"
bad_doc 'del(.model)' "has no \"model\""
bad_doc '.schema = "fio"' "not an iobench result"
bad_doc '.schema_version = 9' "schema_version 9: this iobench reads version 1"
bad_doc '[., {"schema": "x"}]' "document 2: not an iobench result"
printf '{"schema": ' > "$T/bad.json"
"$IOBENCH" report "$T/bad.json" >"$T/out" 2>"$T/err"
[ $? = 2 ] && grep -q "bad.json: line 1, column" "$T/err" || fail "truncated JSON: $(cat "$T/err")"
run_rc 2 report
run_rc 2 report -Ryaml "$T/orig.json"
grep -q "the formats are text, json, fio-json, csv and xml" "$T/err" || fail "-Ryaml: $(cat "$T/err")"
run_rc 2 report "$T/none.json"
grep -q "none.json" "$T/err" || fail "a missing file: $(cat "$T/err")"

case_ effect "a document of an earlier iobench, without a field added since, still reads"
here=$(cd "$(dirname "$0")" && pwd)
"$IOBENCH" report "$here/../fuzz/corpus/model/null.json" > "$T/got" 2>"$T/rerr" ||
	fail "an earlier document: $(cat "$T/rerr")"
grep -q "^Command Line:" "$T/got" || fail "an earlier document printed no report"
jq 'del(.model.workload.targets[0].invalidate)' "$T/orig.json" > "$T/r.json"
"$IOBENCH" report -Rjson "$T/r.json" | jq -e '.workload.targets[0].invalidate == false' >/dev/null ||
	fail "a missing later field does not read as false"

case_ effect "a read on a block device: its devices, counters, cross-check and verdict again"
if [ "$(id -u)" != 0 ] || ! command -v losetup >/dev/null; then
	skip_rest "the device case (needs root and losetup)"
fi
new_loop 32
run_ok -d1 -W0 -r -b4K -o4 -Sh --json="$T/r.json" "$LOOP"
grep -q "Cross-check" "$T/out" || fail "no cross-check in the device run's text"
cp "$T/out" "$T/want"
same_report
exit 0
