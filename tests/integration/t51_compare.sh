# Description: iobench compare: two runs of the model device side by side, each figure as its run's JSON has it, the change against the baseline (a known -50% on IOPS, within noise for a run against its twin), labels, matched points of sweeps and presets, different workloads refused, text, markdown, CSV and JSON.
# Alone: "within noise" of two model runs, which a loaded machine makes noisy
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

say "two runs on the model device: one twice as slow; each figure as its run's JSON, the change computed"
# one server of 100 us against one of 200 us: half the IOPS, twice the mean latency
run_ok --engine=null --null-servers=1 --null-latency=100us -r -b4K -o4 -d2 -W0.2 -D200 --label=fast --json=a.json x
run_ok --engine=null --null-servers=1 --null-latency=200us -r -b4K -o4 -d2 -W0.2 -D200 --label=slow --json=b.json x
run_ok compare -Rjson a.json b.json
# what compare computes, from the two documents
jq -e --slurpfile a a.json --slurpfile b b.json '
	.schema == "iobench/compare" and [.columns[].label] == ["fast", "slow"] and (.points | length) == 1 and
	(.points[0].metrics[] | select(.name == "IOPS")) as $m |
	$m.values == [$a[0].results.total.total.iops, $b[0].results.total.total.iops] and
	(($m.change_pct[1] - ($b[0].results.total.total.iops / $a[0].results.total.total.iops - 1) * 100) | fabs) < 0.001 and
	$m.change[1] == "slower" and
	((.points[0].metrics[] | select(.name == "latency mean")) | .change[1] == "slower")' "$T/out" >/dev/null ||
	fail "the change: $(jq -c '.points[0].metrics[] | select(.name == "IOPS" or .name == "latency mean")' "$T/out")"
# and the model's own figures: half the IOPS, twice the latency
jq -e '(.points[0].metrics[] | select(.name == "IOPS") | (.change_pct[1] + 50 | fabs) < 5) and
	(.points[0].metrics[] | select(.name == "latency mean") | (.change_pct[1] - 100 | fabs) < 10)' \
	"$T/out" >/dev/null ||
	model_fail "the change is not the model's: $(jq -c '.points[0].metrics[] | select(.name == "IOPS" or .name == "latency mean")' "$T/out")" a.json b.json
run_ok compare a.json b.json
grep -q "^IOPS .* slower" "$T/out" && grep -q "baseline is fast (a.json)" "$T/out" || fail "text: $(cat "$T/out")"

say "a run against its twin (exponential service, 20 intervals): IOPS within noise"
run_ok --engine=null --null-servers=1 --null-latency=exp:100us -r -b4K -o4 -d4 -W0.2 -D200 --json=c.json x
run_ok --engine=null --null-servers=1 --null-latency=exp:100us -r -b4K -o4 -d4 -W0.2 -D200 -z7 --json=d.json x
run_ok compare -Rjson c.json d.json
jq -e '(.points[0].metrics[] | select(.name == "IOPS")).change[1] == "within noise" and
	(.columns[0].label | test(":x$"))' "$T/out" >/dev/null ||
	model_fail "twins: $(jq -c '.columns, (.points[0].metrics[] | select(.name == "IOPS"))' "$T/out")" c.json d.json

case_ input "different workloads are refused, naming what differs; --force compares them"
run_ok --engine=null -r -b8K -o4 -d0.3 -W0 --json=e.json x
bad "block_size 4096 vs 8192" compare a.json e.json
run_ok compare --force a.json e.json
bad "compare's formats" compare -Rxml a.json b.json
bad "two result files" compare a.json

say "sweeps: points matched by their parameters; CSV and markdown"
run_ok sweep --engine=null --null-latency=100us --qd=1,2 -r -b4K -d0.3 -W0 --json=s1.json x
run_ok sweep --engine=null --null-latency=200us --qd=1,2 -r -b4K -d0.3 -W0 --json=s2.json x
run_ok compare -Rjson s1.json s2.json
jq -e --slurpfile a s1.json --slurpfile b s2.json '(.points | length) == 2 and
	[.points[].key] == ["bs=4096 qd=1 threads=1 write=0% random", "bs=4096 qd=2 threads=1 write=0% random"] and
	[.points[] | .metrics[] | select(.name == "IOPS") | .values[1]] == [$b[0].points[].result.results.total.total.iops]' \
	"$T/out" >/dev/null || fail "sweep points: $(jq -c '[.points[].key]' "$T/out")"
run_ok compare -Rcsv s1.json s2.json
head -1 "$T/out" | grep -q '^point,metric,unit,' && [ "$(grep -c '^"bs=4096 qd=1' "$T/out")" -ge 10 ] || fail "CSV: $(head -3 "$T/out")"
run_ok compare -Rmarkdown s1.json s2.json
grep -q '^### bs=4096 qd=2' "$T/out" && grep -q '^| IOPS | I/O/s |' "$T/out" || fail "markdown: $(head -8 "$T/out")"
run_ok sweep --engine=null --null-latency=100us --qd=1,4 -r -b4K -d0.2 -W0 --json=s3.json x
bad "1 of 2 match" compare s1.json s3.json
run_ok compare --force s1.json s3.json

say "presets: their runs matched, read with read, write with write"
run_ok preset crystaldiskmark-peak --engine=null -d0.2 -W0 --pause=0 --label=one --json=p1.json x
run_ok preset crystaldiskmark-peak --engine=null --null-latency=50us -d0.2 -W0 --pause=0 --label=two --json=p2.json x
run_ok compare -Rjson p1.json p2.json
jq -e '(.points | length) == 4 and [.columns[].label] == ["one", "two"] and
	all(.points[]; (.metrics[] | select(.name == "IOPS")).change[1] == "slower")' "$T/out" >/dev/null ||
	fail "presets: $(jq -c '[.points[] | (.metrics[] | select(.name == "IOPS")) | .change]' "$T/out")"
exit 0
