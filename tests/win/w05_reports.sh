#!/bin/sh
# The reports from the Windows build: DiskSpd's XML (-Rxml) well formed, with the run's
# I/O count; the per-interval CSV; the HTML page; an output file replacing an old one whole.
. "$(dirname "$0")/lib.sh"

say "-Rxml: DiskSpd's XML, its I/O count the JSON's"
run_ok --engine=null -d2 -W0 -t2 -o4 -b4K -r -Rxml "--json=$(wpath x.json)" x
xmllint --noout "$D/out" || fail "-Rxml is not well-formed XML"
n=$(python3 -c 'import sys, xml.etree.ElementTree as E
print(sum(int(c.text) for c in E.parse(sys.argv[1]).iter("IOCount") if c is not None and c.text))' "$D/out")
[ "$n" = "$(jq '.results.total.total.ios' "$D/x.json")" ] || fail "XML IOCount $n, JSON $(jq '.results.total.total.ios' "$D/x.json")"

say "--series-csv and --html: written, the CSV a row per interval"
run_ok --engine=null -d3 -W0 -b4K -r "--series-csv=$(wpath s.csv)" "--html=$(wpath r.html)" x
[ "$(grep -c . "$D/s.csv")" -ge 3 ] || fail "CSV rows: $(cat "$D/s.csv")"
grep -q "Dygraph" "$D/r.html" || fail "the page holds no chart library"

say "an output file is replaced whole: the old one's bytes gone, no temporary file left"
printf 'old contents that are longer than nothing\n' > "$D/x.json"
run_ok --engine=null -d1 -W0 -b4K "--json=$(wpath x.json)" x
jq -e .schema "$D/x.json" >/dev/null || fail "not the new document"
if ls -a "$D" | grep -q iobench-; then fail "a temporary file was left: $(ls -a "$D")"; fi
echo ok
