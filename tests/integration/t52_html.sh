# Description: the HTML report in headless Chromium: each kind of page (a run on a file and on a loop device, a job file's groups, compare of runs and of sweeps, a sweep, a preset) opens from disk with no console error, every chart drawn, every figure shown equal to the JSON's; the page from `iobench report R.json --html` is byte for byte the run's own; a bad --html fails before any I/O.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
here=$(cd "$(dirname "$0")" && pwd)
command -v chromium >/dev/null || skip "no chromium (scripts/setup installs Debian's)"
# check PAGE ARGS...: browser.py on PAGE (its --docs, --doc, --min-charts ...)
check() {
	page=$1; shift
	python3 "$here/browser.py" "$page" "$@" >"$T/b.out" 2>&1
	rc=$?
	cat "$T/b.out"
	[ $rc = 0 ] || fail "the page $page in Chromium"
}

say "a run on a file, reads and writes, warm-up and cool-down: every chart drawn, every figure the JSON's"
run_ok -c16M -d3 -W1 -C1 -r -b4K -o2 -t2 -Sh -w30 --label='file <run> & "quotes"' --html=run.html --json=run.json f.dat
[ ! -e f.dat ] || fail "the test file stayed"
grep -q '<title>iobench: file &lt;run&gt; &amp; &quot;quotes&quot;</title>' run.html || fail "the title, escaped"
grep -q '</script' run.json && fail "test set-up: the JSON holds </script"
# one page, nothing fetched: no src= or href= to anything
grep -Eq '<(script|link|img)[^>]* (src|href)=' run.html && fail "the page loads something from outside"
check run.html --docs run.json --min-charts 10 --min-nums 60

say "iobench report R.json --html: the same page, byte for byte"
run_ok report run.json --html=again.html
cmp run.html again.html || fail "report --html differs from the run's page"

say "a loop device, read: the device's charts beside iobench's, the cross-check's figures"
if [ "$(id -u)" = 0 ]; then
	new_loop 64
	run_ok -d2 -W0.5 -r -b4K -o4 -Sh --html=dev.html --json=dev.json "$LOOP"
	check dev.html --docs dev.json --min-charts 9 --min-nums 35
	grep -q "\"name\":\"${LOOP#/dev/}\"" dev.html || fail "no device ${LOOP#/dev/} in the page"
else
	skip_case "a loop device needs root"
fi

say "a job file's two groups: both runs on the page"
cat > two.fio <<EOF
[global]
ioengine=null
size=64m
bs=4k
[first]
rw=randread
[second]
stonewall
rw=write
EOF
run_ok two.fio --html=two.html --json=two.json
[ "$(jq length two.json)" = 2 ] || fail "two groups in the JSON"
check two.html --docs two.json --min-charts 10 --min-nums 40
grep -q '"kind":"result"' two.html || fail "kind"

say "compare: the delta table as compare's JSON has it, the series overlaid; report A B --html the same page"
run_ok --engine=null --null-servers=1 --null-latency=100us -r -b4K -o4 -d2 -W0.2 -D200 --label=fast --json=a.json x
run_ok --engine=null --null-servers=1 --null-latency=200us -r -b4K -o4 -d2 -W0.2 -D200 --label=slow --json=b.json x
run_ok compare a.json b.json -Rjson --html=cmp.html
cp "$T/out" cmp.json
check cmp.html --docs a.json b.json --doc compare=cmp.json --min-charts 3 --min-nums 45
run_ok report a.json b.json --html=cmp2.html
cmp cmp.html cmp2.html || fail "report A B --html differs from compare --html"

say "compare of two sweeps: the delta table of every point"
run_ok sweep --engine=null --null-latency=100us --qd=1,2 -r -b4K -d0.3 -W0 --json=s1.json x
run_ok sweep --engine=null --null-latency=200us --qd=1,2 -r -b4K -d0.3 -W0 --json=s2.json x
run_ok compare s1.json s2.json -Rjson --html=cmps.html
cp "$T/out" cmps.json
check cmps.html --doc compare=cmps.json --min-charts 0 --min-nums 60

say "a sweep: IOPS against p99 with the knee; its page from the run and from report the same"
run_ok sweep --engine=null --null-servers=2 --null-latency=exp:100us --qd=1,2,4,8 --slo=p99:600us -r -b4K -d0.5 -W0 \
	--json=sw.json --html=sw.html x
check sw.html --docs sw.json --min-charts 1 --min-nums 40
grep -q '"knees":\[{' sw.html || fail "no knee in the page's data"
run_ok report sw.json --html=sw2.html
cmp sw.html sw2.html || fail "report --html of a sweep differs"

say "a preset: its grid, each figure the JSON's"
run_ok preset crystaldiskmark-peak --engine=null -d0.2 -W0 --pause=0 --json=p.json --html=p.html x
check p.html --docs p.json --min-charts 1 --min-nums 60
grep -q '"grid":\[' p.html || fail "no grid in the page's data"

say "a document from before the interval histograms and the CPU series: its page draws what it holds"
run_ok report "$here/../fuzz/corpus/model/null-v2.json" --html=old.html
run_ok report "$here/../fuzz/corpus/model/null-v2.json" -Rjson
cp "$T/out" old.json
jq -e '.cpu.series == null and (.series.total.read_lat_p99_ns | all(. == null))' old.json >/dev/null ||
	fail "the old document's percentiles and CPU series"
check old.html --docs old.json --min-charts 5 --min-nums 40

say "a page of 3,600 intervals (an hour of 1 s ones): drawn without error; its size"
run_ok -c16M -d3.6 -W0.2 -D1 -r -b4K -o4 -t2 -Sh -w30 --json=h.json --html=h.html h.dat
[ "$(jq .series.intervals h.json)" = 3600 ] || fail "wanted 3600 intervals"
check h.html --docs h.json --min-charts 10 --min-nums 60
echo "the page: $(wc -c < h.html) bytes; the JSON document: $(wc -c < h.json) bytes"

case_ input "a bad --html fails before any I/O and creates nothing"
bad "/nonexistent/dir/r.html" -c1M -d1 --html=/nonexistent/dir/r.html g.dat
bad "/nonexistent/dir/r.html" preset crystaldiskmark-peak --engine=null --html=/nonexistent/dir/r.html x
bad "/nonexistent/dir/r.html" report a.json --html=/nonexistent/dir/r.html
bad "/nonexistent/dir/r.html" compare a.json b.json --html=/nonexistent/dir/r.html
bad "/nonexistent/dir/r.html" sweep --qd=1,2 --engine=null -d0.2 --html=/nonexistent/dir/r.html x
exit 0
