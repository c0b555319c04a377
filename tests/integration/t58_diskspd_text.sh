# Description: DiskSpd's text report, line by line as DiskSpd 2.2 writes it (its ResultParser and the expected output of its own ResultParser unit tests): the Total/Read/Write tables' columns, separators and borders (78 wide, 101 with -L, 114 with -L -D), the total: row under the thread rows, no latency columns or percentiles without -L, AvgLat 0.000 and LatStdDev N/A for a direction without I/O, "gathering IOPS at intervals of" with -D, each target's "IO priority:" line, sizes as DiskSpd writes them (1.95MiB), a blank line before "Command Line:".
. "$(dirname "$0")/lib.sh"
cd "$T"

# DiskSpd's Test_ParseResults expected tables (-D, no -L), from its UnitTests/ResultParser
cat > want.D <<'EOF'
Total IO
thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s | IopsStdDev |  file
-------------------------------------------------------------------------------------------
     0 |         6291456 |           16 |       0.05 |       0.13 |       0.00 | testfile1.dat (10MiB)
-------------------------------------------------------------------------------------------
total:           6291456 |           16 |       0.05 |       0.13 |       0.00
EOF
# shape FILE: each line as its first word and the columns of its '|' (the layout, not the figures);
# a border as its width
shape() {
	awk '/^-+$/ { print "border", length($0); next }
	     { s = ""; for (i = 1; i <= length($0); i++) if (substr($0, i, 1) == "|") s = s " " i
	       split($0, w, " "); print (w[1] ~ /^[0-9]+$/ ? "N" : w[1]) s }' "$1"
}
# table KIND FILE: the lines of the KIND IO table of a report, its title to its total: row
table() { awk -v t="$1 IO" '$0 == t { on = 1 } on { print } on && /^total:/ { exit }' "$2"; }

case_ effect "-D without -L: the Total IO table in the shape of DiskSpd's own expected output (no latency columns, a 91-wide border, the total: row's columns under the threads')"
run_ok --engine=null --null-latency=1ms -o1 -f10M -d0.3 -W0 -D -b4K -w40 "$T/testfile1.dat"
table Total "$T/out" > got.D
[ "$(shape got.D)" = "$(shape want.D)" ] || fail "-D table:
$(cat got.D)
DiskSpd's:
$(cat want.D)"
grep -q "Total latency distribution\|%-ile" "$T/out" && fail "percentiles without -L"
grep -q "measuring latency" "$T/out" && fail "'measuring latency' without -L"
# DiskSpd's _PrintTimeSpan: "gathering IOPS" after the cool down time, before the seed
awk '/cool down time:/ { c = NR } /\tgathering IOPS at intervals of 1000ms$/ { g = NR } /\trandom seed:/ { s = NR }
	END { exit !(c && g == c + 1 && s == g + 1) }' "$T/out" || fail "no 'gathering IOPS at intervals of 1000ms' line in place: $(sed -n 1,14p "$T/out")"

case_ effect "the borders: 78 wide, 101 with -L, 114 with -L -D (DiskSpd's _PrintSectionBorderLine), the header's columns DiskSpd's"
for c in ":78:thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s |  file" \
	 "-L:101:thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s |  AvgLat  | LatStdDev |  file" \
	 "-L -D:114:thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s |  AvgLat  | IopsStdDev | LatStdDev |  file"; do
	a=${c%%:*} rest=${c#*:} width=${rest%%:*} head=${rest#*:}
	# shellcheck disable=SC2086
	run_ok --engine=null --null-latency=1ms -o1 -f1M -d0.2 -W0 -b4K $a x.dat
	for k in Total Read Write; do
		table $k "$T/out" > t.got
		[ "$(sed -n 2p t.got)" = "$head" ] || fail "'$a' $k IO header: $(sed -n 2p t.got)"
		[ "$(awk '/^-+$/ { print length($0) }' t.got | sort -u)" = "$width" ] || fail "'$a' $k IO borders: $(awk '/^-+$/ { print length($0) }' t.got | tr '\n' ' ')"
		# every row's separators where the header has them; the total: row's but the file's
		awk 'function bars(l,   s, i) { s = ""; for (i = 1; i <= length(l); i++) if (substr(l, i, 1) == "|") s = s " " i; return s }
		     NR == 2 { h = bars($0); t = h; sub(/ [0-9]+$/, "", t); sub(/^ [0-9]+/, "", t) }
		     NR > 2 && !/^-+$/ { if (bars($0) != (/^total:/ ? t : h)) exit 1 }' t.got ||
			fail "'$a' $k IO: the rows' columns are not the header's: $(cat t.got)"
	done
done

case_ effect "-L on a read-only run: the Write IO rows have AvgLat 0.000 and LatStdDev N/A, as DiskSpd's; the percentile tables follow"
run_ok --engine=null --null-latency=1ms -o1 -f1M -d0.2 -W0 -b4K -L x.dat
table Write "$T/out" > w.got
grep -Eq '^     0 \|               0 \|            0 \|       0\.00 \|       0\.00 \|    0\.000 \|       N/A \| x\.dat \(1MiB\)$' w.got ||
	fail "write row: $(sed -n 4p w.got)"
grep -Eq '^total:                 0 \|            0 \|       0\.00 \|       0\.00 \|    0\.000 \|       N/A$' w.got ||
	fail "write total: $(tail -n 1 w.got)"
grep -q "^Total latency distribution:" "$T/out" || fail "-L: no percentiles"
grep -q "^	measuring latency$" "$T/out" || fail "-L: no 'measuring latency'"

case_ effect "the parameters: a blank line, then Command Line:; IO priority per target (normal, or -I's); sizes as DiskSpd writes them (1.95MiB, 2000KiB is not)"
run_ok --engine=psync -o1 -c2000K -d0.1 -W0 -b4K "$T/x2.dat"
[ "$(sed -n 1p "$T/out")" = "" ] && sed -n 2p "$T/out" | grep -q "^Command Line: " || fail "head: $(sed -n 1,2p "$T/out")"
awk '/\t\tthreads per file: 1$/ { t = NR } /\t\tIO priority: normal$/ { p = NR } END { exit !(t && p == t + 1) }' "$T/out" ||
	fail "IO priority: $(grep -n 'threads per file\|IO priority' "$T/out")"
grep -q "created (or reused) at 1.95MiB" "$T/out" || fail "size: $(grep 'created' "$T/out")"
grep -q "x2.dat (1.95MiB)$" "$T/out" || fail "table size: $(grep "x2.dat (" "$T/out" | head -1)"
for p in 1:very\ low 2:low 3:normal; do
	run_ok --engine=null --null-latency=1ms -o1 -f1M -d0.1 -W0 -b4K -I${p%%:*} x.dat
	grep -q "^		IO priority: ${p#*:}$" "$T/out" || fail "-I${p%%:*}: $(grep 'IO priority' "$T/out")"
done
exit 0
