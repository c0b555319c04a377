# Description: JSON output: valid, consistent with the text report and the series, the achieved
# queue depth, CPU rows, and docs/json.md listing every field the document holds.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
docs=$here/../../docs/json.md
j=$T/r.json

say "--json=FILE beside the text: the same I/O counts"
run_ok -c16M -d1.2 -W0 -r -b4K -o4 -Sh -w30 -t2 --json="$j" "$T/f.dat"
jq -e '.schema == "iobench/result" and .schema_version == 1 and .complete == true' "$j" >/dev/null ||
	fail "schema or complete flag"
for k in Total Read Write; do
	kk=$(echo $k | tr 'A-Z' 'a-z')
	set -- $(total $k)
	[ "$(jq ".results.total.$kk.ios" "$j")" = "$2" ] || fail "$k I/Os: text $2, JSON $(jq ".results.total.$kk.ios" "$j")"
	[ "$(jq ".results.total.$kk.bytes" "$j")" = "$1" ] || fail "$k bytes differ"
done
[ "$(jq '.results.threads | length' "$j")" = 2 ] || fail "wanted 2 thread rows"
[ "$(jq '[.results.threads[].total.ios] | add' "$j")" = "$(jq .results.total.total.ios "$j")" ] ||
	fail "thread rows do not add up to the total"

say "the series: ceil(test time / interval) points adding up to the totals"
n=$(jq '.series.intervals' "$j")
want=$(jq '(.test_time_s / (.series.interval_ms / 1000)) | ceil' "$j")
[ "$n" = "$want" ] || fail "$n intervals for $(jq .test_time_s "$j") s"
[ "$(jq '.series.time_s | length' "$j")" = "$n" ] || fail "time_s length"
[ "$(jq '[.series.total.read_ios, .series.total.write_ios] | flatten | add' "$j")" = "$(jq .results.total.total.ios "$j")" ] ||
	fail "series I/Os do not add up to the total"
[ "$(jq '[.series.threads[].read_bytes[]] | add' "$j")" = "$(jq .results.total.read.bytes "$j")" ] ||
	fail "per-thread series bytes do not add up"

say "histogram counts = I/Os; percentiles ascending and within min..max"
[ "$(jq '[.histogram.read[][1]] | add' "$j")" = "$(jq .results.total.read.ios "$j")" ] || fail "read histogram count"
[ "$(jq '[.histogram.write[][1]] | add' "$j")" = "$(jq .results.total.write.ios "$j")" ] || fail "write histogram count"
jq -e '.results.total.total.latency_ns as $l | [$l.percentiles[].ns] as $p |
	($p == ($p | sort)) and ($p[0] >= $l.min) and ($p[-1] <= $l.max)' "$j" >/dev/null || fail "percentiles"

say "CPU: one row per CPU; process CPU per I/O"
[ "$(jq '.cpu.per_cpu | length' "$j")" = "$(nproc)" ] || fail "per_cpu rows"
jq -e '.cpu.process.us_per_io > 0' "$j" >/dev/null || fail "us_per_io"
jq -e '.targets[0].type == "file" and .targets[0].created == true and .targets[0].file_system != null' "$j" >/dev/null ||
	fail "target facts"

say "-Rjson: the document alone on stdout"
run_ok --engine=null --ios=2000000 -o8 -Rjson x
jq -e . "$T/out" >/dev/null || fail "stdout is not JSON"
grep -q "^Command Line" "$T/out" && fail "text report in JSON mode"

say "achieved queue depth: at most -o (at most 1 for psync); -o on a device that takes 10 ms (the null model)"
# On the null engine the "device" takes no time: I/Os are in flight only between a
# submission and the next reap, so the achieved depth shows iobench's own share.
jq -e '.results.threads[0].queue_depth_achieved > 0 and .results.threads[0].queue_depth_achieved <= 8.01' "$T/out" >/dev/null ||
	fail "null engine -o8: achieved $(jq .results.threads[0].queue_depth_achieved "$T/out")"
run_ok --engine=io_uring --ios=50000 -o8 -r -b4K -Sh -c16M -Rjson "$T/q.dat"
jq -e '.queue_depth.achieved > 0 and .queue_depth.achieved <= 8.01' "$T/out" >/dev/null ||
	fail "io_uring -o8 on a file: achieved $(jq .queue_depth.achieved "$T/out")"
# each I/O 10 ms: iobench's microseconds between a completion and the next submission are
# under 1% of it, so the depth is -o whatever this machine's speed
run_ok --engine=null --null-latency=10ms --ios=400 -o8 -r -b4K -Rjson x
jq -e '.queue_depth.achieved > 7.9 and .queue_depth.achieved <= 8.01' "$T/out" >/dev/null ||
	fail "null model -o8: achieved $(jq .queue_depth.achieved "$T/out")"
run_ok --engine=psync --ios=3000 -o1 -r -b4K -Sh -c8M -Rjson "$T/p.dat"
jq -e '.queue_depth.achieved > 0 and .queue_depth.achieved <= 1.01' "$T/out" >/dev/null ||
	fail "psync: achieved $(jq .queue_depth.achieved "$T/out")"

say "every write-buffer mode names itself (the JSON read under UBSan in the sanitizer run); a 64-bit seed kept whole"
for m in "sequence|" "random|-Zr" "zero|-Z" "source|-Z1M" "pattern|--pattern=0xdeadbeef" "random|--compress=50" "random|--dedupe=30"; do
	run_ok --engine=null --ios=100 -w100 -b4K -z18446744073709551615 -Rjson ${m#*|} x
	jq -e --arg b "${m%%|*}" '.workload.targets[0].write_buffers == $b' "$T/out" >/dev/null ||
		fail "${m#*|}: write_buffers $(jq -c .workload.targets[0].write_buffers "$T/out")"
	jq -e '.workload.seed == "18446744073709551615"' "$T/out" >/dev/null ||
		fail "seed: $(jq -c .workload.seed "$T/out")"
done
jq -e '.workload.targets[0].write_pattern == null' "$T/out" >/dev/null || fail "write_pattern without --pattern"
run_ok --engine=null --ios=100 -w100 -b4K --pattern=0xdeadbeef -z7 -Rjson x
jq -e '.workload.targets[0].write_pattern == "0xdeadbeef" and .workload.seed == 7' "$T/out" >/dev/null ||
	fail "pattern and seed: $(jq -c '[.workload.targets[0].write_pattern, .workload.seed]' "$T/out")"

say "docs/json.md lists every field the JSON holds, and no field it does not"
run_ok -c8M -d1.1 -W0 -r -b4K -o2 -Sh -w50 -D500 --json="$T/full.json" "$T/a.dat" "$T/b.dat"
sh "$here/json_paths.sh" "$T/full.json" > "$T/paths"
missing=0
while read -r p; do
	grep -qF "\`$p\`" "$docs" || { echo "not in docs/json.md: $p"; missing=1; }
done < "$T/paths"
[ $missing = 0 ] || fail "docs/json.md misses fields"
sed -n 's/^| `\([a-z0-9_.\[\]]*\)` |.*/\1/p' "$docs" | sort -u > "$T/documented"
extra=$(comm -23 "$T/documented" "$T/paths")
[ -z "$extra" ] || fail "docs/json.md documents fields the JSON lacks: $extra"

say "bad output format, unwritable --json path"
run_rc 2 --engine=null -Ryaml x
run_rc 2 --engine=null --json=/nonexistent/dir/r.json x
case_ input "a path that is not UTF-8: kept in the JSON as \\xHH, not null"
bad=$(printf '%s/bad\377name.dat' "$T")
run_ok -c1M --ios=10 -b4K -Rjson "$bad"
jq -e --arg p "$T/bad\\xffname.dat" '.targets[0].path == $p' "$T/out" >/dev/null ||
	fail "path: $(jq -c '.targets[0].path' "$T/out")"
exit 0
