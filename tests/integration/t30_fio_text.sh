# Description: fio's text layouts for job files: --output-format=normal prints fio's lines in fio's order (compared with fio 3.33 running the same jobs) with the exact io= bytes and issued counts; terse (--minimal, --terse-version=2..5) has fio's fields in each version, with the exact KiB, ms runtimes and disk fields; a comma list prints fio's layouts in fio's order; text stays iobench's own report.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"
have_fio=0
command -v fio >/dev/null && fio --version | grep -q '^fio-3\.33' && have_fio=1

# labels FILE: the sequence of a normal report's line labels: what comes before each line's
# first ':' with numbers and the unit (nsec, usec, msec, which depend on speed) taken out, the
# percentile rows and the latency-range lines folded into one (their count depends on the
# figures), fio's start-up lines (before the first blank line) left out.
labels() {
	awk 'p; /^$/ { p = 1 }' "$1" | sed -E 's/:.*//; s/[0-9]+/N/g; s/\((nsec|usec|msec)\)/(U)/;
		s/^ +\|.*/|/' | uniq
}
# no_windows: drops the bw and iops lines, which fio prints once a 500 ms window has passed:
# in a size-based job that depends on the machine's speed.
no_windows() { grep -v -e '^   bw (' -e '^   iops  '; }

# compare NAME ARGS...: runs the fio command line ARGS in both, normal layout; compares the
# labels (without the window lines unless NAME ends in -timed), io= and issued rwts.
compare() {
	name=$1; shift
	"$IOBENCH" "$@" --output-format=normal --quiet > "$T/$name.iob" 2> "$T/$name.err" ||
		{ cat "$T/$name.err"; fail "$name: iobench $*"; }
	grep -q '^Run status group 0 (all jobs):$' "$T/$name.iob" || fail "$name: $(cat "$T/$name.iob")"
	if [ $have_fio = 0 ]; then
		skip_case "$name: the comparison with fio 3.33 (not installed)"
		return
	fi
	fio "$@" --output-format=normal > "$T/$name.fio" 2>&1 || fail "$name: fio $*"
	case $name in
	*-timed) labels "$T/$name.iob" > "$T/$name.li"; labels "$T/$name.fio" > "$T/$name.lf" ;;
	*) labels "$T/$name.iob" | no_windows > "$T/$name.li"; labels "$T/$name.fio" | no_windows > "$T/$name.lf" ;;
	esac
	diff "$T/$name.lf" "$T/$name.li" > "$T/$name.diff" ||
		fail "$name: the lines differ from fio's (< fio, > iobench): $(cat "$T/$name.diff")"
	case $name in *-timed) return ;; esac
	for re in 'io=[^ ]* ([^)]*)' 'issued rwts: .*'; do
		a=$(grep -o "$re" "$T/$name.fio"); b=$(grep -o "$re" "$T/$name.iob")
		[ "$a" = "$b" ] || fail "$name: fio '$a', iobench '$b'"
	done
}

say "normal: a null job's block, its group's run status, as fio prints them"
compare null --name=n --ioengine=null --rw=randread --bs=4k --size=512m
grep -q '^n: (groupid=0, jobs=1): err= 0: pid=[0-9]*: ' "$T/null.iob" || fail "first line: $(head -3 "$T/null.iob")"
grep -q '^   READ: bw=.*, io=512MiB (537MB), run=' "$T/null.iob" || fail "READ line: $(cat "$T/null.iob")"
grep -q '^     issued rwts: total=131072,0,0,0 short=0,0,0,0 dropped=0,0,0,0$' "$T/null.iob" ||
	fail "issued rwts: $(cat "$T/null.iob")"

say "normal: a time-based null job has fio's bw and iops lines, from its 500 ms windows"
compare null-timed --name=n --ioengine=null --rw=read --bs=4k --size=64m --time_based --runtime=2
grep -q '^   bw (  [KM]iB/s): min=' "$T/null-timed.iob" || fail "bw line: $(cat "$T/null-timed.iob")"

say "normal: psync file jobs, write then read (two groups), with the disk stats"
compare write --name=w --ioengine=psync --rw=write --bs=4k --size=1m --filename="$T/f.dat"
compare read --name=r --ioengine=psync --rw=read --bs=4k --size=1m --filename="$T/f.dat"
grep -q '^  write: IOPS=.*(1024KiB/[0-9]*msec); 0 zone resets$' "$T/write.iob" || fail "write: $(cat "$T/write.iob")"
printf '[w]\nrw=write\nbs=4k\nsize=1m\nioengine=psync\nfilename=%s/g.dat\n[r]\nstonewall\nrw=randread\nbs=8k\nsize=1m\nioengine=psync\nfilename=%s/g.dat\n' "$T" "$T" > g.fio
compare groups g.fio
[ "$(grep -c '^Run status group' "$T/groups.iob")" = 2 ] || fail "two groups: $(cat "$T/groups.iob")"
grep -q '^     issued rwts: total=128,0,0,0 ' "$T/groups.iob" || fail "8k reads: $(cat "$T/groups.iob")"

say "normal: group_reporting, numjobs and a deeper queue: one block, jobs=N, no made-up depths"
run_ok --name=q --ioengine=null --rw=read --bs=4k --size=4m --numjobs=2 --iodepth=4 \
	--group_reporting --output-format=normal --quiet
grep -q '^q: (groupid=0, jobs=2): err= 0: ' "$T/out" || fail "jobs=2: $(cat "$T/out")"
grep -q 'IO depths' "$T/out" && fail "IO depths at iodepth 4, which iobench does not sample: $(cat "$T/out")"
grep -q 'issued rwts: total=2048,0,0,0' "$T/out" || fail "issued: $(cat "$T/out")"
grep -q 'latency   : target=0, window=0, percentile=100.00%, depth=4$' "$T/out" || fail "depth: $(cat "$T/out")"

say "text is still iobench's own report, and the default"
run_ok --name=t --ioengine=null --rw=read --bs=4k --size=1m --quiet
grep -q '^Total IO$' "$T/out" || fail "the default is not iobench's report"
run_ok --name=t --ioengine=null --rw=read --bs=4k --size=1m --output-format=text --quiet
grep -q '^Total IO$' "$T/out" || fail "text is not iobench's report"

# field N FILE: the Nth ;-field of the first line.
field() { awk -F';' -v n="$1" 'NR == 1 { print $n }' "$2"; }
nfields() { awk -F';' 'NR == 1 { print NF }' "$1"; }

say "terse: fio's number of fields in each version (a null job: no disk fields)"
for v in 2 3 4 5; do
	run_ok --name=n --ioengine=null --rw=randrw --bs=4k --size=64m --output-format=terse --terse-version=$v --quiet
	case $v in 2) want=161 ;; 3) want=121 ;; 4) want=162 ;; 5) want=180 ;; esac
	[ "$(nfields "$T/out")" = $want ] || fail "version $v: $(nfields "$T/out") fields, fio writes $want: $(cat "$T/out")"
	[ "$(field 1 "$T/out")" = $v ] || [ $v = 2 ] || fail "version $v: first field $(field 1 "$T/out")"
	if [ $have_fio = 1 ]; then
		fio --name=n --ioengine=null --rw=randrw --bs=4k --size=64m --output-format=terse \
			--terse-version=$v > "$T/fio.t" 2>&1 || fail "fio terse $v"
		[ "$(nfields "$T/fio.t")" = $want ] || fail "fio's version $v has $(nfields "$T/fio.t") fields"
	fi
done
run_ok --name=n --ioengine=null --rw=read --bs=4k --size=1m --minimal --quiet
[ "$(field 1 "$T/out")" = 3 ] && [ "$(nfields "$T/out")" = 121 ] || fail "--minimal: $(cat "$T/out")"
run_rc 2 --name=n --ioengine=psync --rw=write --bs=4k --size=1m --filename="$T/no.dat" --terse-version=7
grep -q -- "--terse-version=7: fio's terse versions are 2, 3, 4 and 5" "$T/err" || fail "version 7: $(cat "$T/err")"
[ ! -e "$T/no.dat" ] || fail "--terse-version=7 created its file"

say "terse: version, fio version, name, group, error, KiB and ms runtimes, disk fields, as fio's"
# version 3: read KiB, bw, iops, runtime at 6-9, write's at 47-50, 121 fields then the disks';
# version 5: write's at 53-56; version 2: no version fields (read KiB at 5)
for v in 3 5 2; do
	case $v in 3) rk=6 wk=47 ;; 5) rk=6 wk=53 ;; 2) rk=5 wk=46 ;; esac
	run_ok --name=r --ioengine=psync --rw=read --bs=4k --size=1m --filename="$T/f.dat" \
		--output-format=terse --terse-version=$v --quiet --json="$T/m.json"
	cp "$T/out" "$T/r$v.t"
	[ "$(field $rk "$T/r$v.t")" = 1024 ] && [ "$(field $wk "$T/r$v.t")" = 0 ] ||
		fail "version $v: read KiB $(field $rk "$T/r$v.t"), write KiB $(field $wk "$T/r$v.t")"
	ms=$("$IOBENCH" report -Rfio-json "$T/m.json" | jq '.jobs[0].read.runtime')
	[ "$(field $((rk + 3)) "$T/r$v.t")" = "$ms" ] || fail "version $v: runtime $(field $((rk + 3)) "$T/r$v.t"), fio-json's $ms ms"
	if [ $v = 2 ]; then
		[ "$(field 1 "$T/r2.t");$(field 2 "$T/r2.t");$(field 3 "$T/r2.t");$(field 4 "$T/r2.t")" = "2;r;0;0" ] ||
			fail "version 2: $(cut -c1-40 "$T/r2.t")"
	else
		[ "$(field 1 "$T/r$v.t")" = $v ] && [ "$(field 3 "$T/r$v.t")" = r ] && [ "$(field 4 "$T/r$v.t")" = 0 ] &&
			[ "$(field 5 "$T/r$v.t")" = 0 ] || fail "version $v: $(cut -c1-40 "$T/r$v.t")"
		field 2 "$T/r$v.t" | grep -q '^iobench-' || fail "fio version field: $(field 2 "$T/r$v.t")"
	fi
done
run_ok --name=w --ioengine=psync --rw=write --bs=8k --size=1m --filename="$T/w.dat" --minimal --quiet
[ "$(field 6 "$T/out")" = 0 ] && [ "$(field 47 "$T/out")" = 1024 ] || fail "write: $(cut -c1-300 "$T/out")"
if [ $have_fio = 1 ]; then
	fio --name=r --ioengine=psync --rw=read --bs=4k --size=1m --filename="$T/f.dat" --minimal > "$T/fr.t" 2>&1 ||
		fail "fio --minimal"
	for n in 1 3 4 5 6 47; do
		[ "$(field $n "$T/fr.t")" = "$(field $n "$T/r3.t")" ] ||
			fail "field $n: fio '$(field $n "$T/fr.t")', iobench '$(field $n "$T/r3.t")'"
	done
	[ "$(nfields "$T/fr.t")" = "$(nfields "$T/r3.t")" ] ||
		fail "fio writes $(nfields "$T/fr.t") fields (its disks'), iobench $(nfields "$T/r3.t")"
	[ "$(nfields "$T/r3.t")" = 121 ] || [ "$(field 122 "$T/fr.t")" = "$(field 122 "$T/r3.t")" ] ||
		fail "disk: fio '$(field 122 "$T/fr.t")', iobench '$(field 122 "$T/r3.t")'"
else
	skip_case "terse: the fields compared with fio 3.33's (not installed)"
fi

say "one bandwidth rule in every fio layout, fio's: bytes over the runtime in whole ms (terse, json and normal of one run agree); a time-based job's terse runtime as fio's for the same job (1 s: at least 1000 ms, within 10%, in both)"
head -c 4194304 /dev/urandom > "$T/t.dat"
run_ok --name=t --ioengine=psync --rw=read --bs=4k --filename="$T/t.dat" --time_based --runtime=1 \
	--output-format=normal,json,terse --quiet
sed -n '/^{$/,/^}$/p' "$T/out" > "$T/t.json"
grep '^3;' "$T/out" > "$T/t.t"
run=$(jq '.jobs[0].read.runtime' "$T/t.json") io=$(jq '.jobs[0].read.io_bytes' "$T/t.json")
[ "$(jq '.jobs[0].read.bw_bytes' "$T/t.json")" = $((1000 * io / run)) ] &&
	[ "$(jq '.jobs[0].read.bw' "$T/t.json")" = $((1000 * io / run / 1024)) ] ||
	fail "json: bw_bytes $(jq '.jobs[0].read.bw_bytes' "$T/t.json"), io $io over $run ms"
[ "$(field 7 "$T/t.t")" = $((1000 * io / run / 1024)) ] && [ "$(field 9 "$T/t.t")" = "$run" ] ||
	fail "terse: bw $(field 7 "$T/t.t"), runtime $(field 9 "$T/t.t"); json's: io $io over $run ms"
grep -q "^  read: IOPS=.*, BW=.*(.*/${run}msec)$" "$T/out" || fail "normal: $(grep '^  read:' "$T/out")"
# a time-based job never ends early, and ends within its last I/Os (10% here, for a loaded machine)
[ "$run" -ge 1000 ] && [ "$run" -le 1100 ] || fail "time-based 1 s: runtime $run ms"
if [ $have_fio = 1 ]; then
	fio --name=t --ioengine=psync --rw=read --bs=4k --filename="$T/t.dat" --time_based --runtime=1 \
		--minimal > "$T/ft.t" 2>&1 || fail "fio time-based --minimal"
	# fio's terse runtime field (9) is the same figure: the job's length in ms, never short of it
	f=$(field 9 "$T/ft.t")
	[ "$f" -ge 1000 ] && [ "$f" -le 1100 ] || fail "fio's time-based 1 s runtime: $f ms (iobench's $run)"
else
	skip_case "the time-based terse runtime beside fio's (no fio 3.33)"
fi

say "kb_base=1000: a section's sizes decimal wherever kb_base is written in it (fio parses it first), io= as fio's; the bw line's samples and units as fio 3.33 prints them (KiB/s figures, labelled kB)"
printf '[k]\nfilename=%s\nrw=read\nbs=4k\nioengine=psync\nsize=2m\nkb_base=1000\n' "$T/t.dat" > "$T/kb.fio"
run_ok "$T/kb.fio" --output-format=normal --quiet
grep -q "^   READ: .*, io=2000kB (1953KiB), run=" "$T/out" || fail "size=2m under kb_base=1000: $(grep READ: "$T/out")"
if [ $have_fio = 1 ]; then
	fio "$T/kb.fio" > "$T/fkb" 2>&1 || fail "fio kb_base"
	grep -q "^   READ: .*, io=2000kB (1953KiB), run=" "$T/fkb" || fail "fio: $(grep READ: "$T/fkb")"
fi
printf '[r]\nfilename=%s\nrw=read\nbs=4k\nioengine=psync\nkb_base=1000\nrate=20m\ntime_based\nruntime=2\n' "$T/t.dat" > "$T/kr.fio"
# bwline FILE: the bw line's unit and its avg over 20e6/1024 KiB/s (the rate), in thousandths
bwline() { sed -n 's|^   bw (  *\([^/]*\)/s): .*avg=\([0-9.]*\),.*|\1 \2|p' "$1" | awk '{ printf "%s %d\n", $1, $2 * 1000 * 1024 / 20e6 + 0.5 }'; }
run_ok "$T/kr.fio" --output-format=normal --quiet
set -- $(bwline "$T/out")
[ "${1:-}" = kB ] && [ "${2:-0}" -ge 990 ] && [ "${2:-0}" -le 1010 ] || fail "bw line: $(grep '^   bw (' "$T/out")"
if [ $have_fio = 1 ]; then
	fio "$T/kr.fio" > "$T/fkr" 2>&1 || fail "fio kb_base rate"
	set -- $(bwline "$T/fkr")
	[ "${1:-}" = kB ] && [ "${2:-0}" -ge 990 ] && [ "${2:-0}" -le 1010 ] || fail "fio's bw line: $(grep '^   bw (' "$T/fkr")"
else
	skip_case "kb_base=1000 beside fio (no fio 3.33)"
fi

say "terse: one line per job, one per group with group_reporting; a description ends the line"
run_ok --name=a --ioengine=null --rw=read --bs=4k --size=1m --numjobs=2 --minimal --quiet
[ "$(wc -l < "$T/out")" = 2 ] || fail "numjobs=2: $(cat "$T/out")"
run_ok --name=a --ioengine=null --rw=read --bs=4k --size=1m --numjobs=2 --group_reporting \
	--description="two of them" --minimal --quiet
[ "$(wc -l < "$T/out")" = 1 ] && [ "$(field 122 "$T/out")" = "two of them" ] &&
	[ "$(field 6 "$T/out")" = 2048 ] || fail "group_reporting: $(cat "$T/out")"

say "a comma list of fio's layouts, printed in fio's order (terse, json, normal) whatever the list's"
run_ok --name=c --ioengine=null --rw=read --bs=4k --size=1m --output-format=normal,json,terse --quiet
awk '/^3;iobench-/ { print "terse" } /^\{$/ { print "json" } /^c: \(groupid=0/ { print "normal" }' "$T/out" |
	tr '\n' ' ' > "$T/order"
[ "$(cat "$T/order")" = "terse json normal " ] || fail "order: $(cat "$T/order")"
if [ $have_fio = 1 ]; then
	fio --name=c --ioengine=null --rw=read --bs=4k --size=1m --output-format=normal,json,terse > "$T/fo" 2>&1 ||
		fail "fio's list"
	awk '/^3;fio-/ { print "terse" } /^\{$/ { print "json" } /^c: \(groupid=0/ { print "normal" }' "$T/fo" |
		tr '\n' ' ' > "$T/forder"
	[ "$(cat "$T/forder")" = "$(cat "$T/order")" ] || fail "fio's order: $(cat "$T/forder")"
fi
sed -n '/^{$/,/^}$/p' "$T/out" | jq -e '.jobs[0].read.io_kbytes == 1024' >/dev/null || fail "the list's json"
run_ok --name=c --ioengine=null --rw=read --bs=4k --size=1m --output-format=json+,normal --quiet
sed -n '/^{$/,/^}$/p' "$T/out" | jq -e '.jobs[0].read.clat_ns.bins | length > 0' >/dev/null || fail "json+ in a list"
for bad in text,json normal,iobench-json normal, json,xml; do
	run_rc 2 --name=c --ioengine=psync --rw=write --bs=4k --size=1m --filename="$T/bad.dat" --output-format=$bad
	grep -q -- "--output-format=$bad" "$T/err" || fail "$bad: $(cat "$T/err")"
	[ ! -e "$T/bad.dat" ] || fail "$bad: the job ran"
done

say "--status-interval: the report so far, in each layout, every interval of the run, then the final one"
# ndocs FILE: the JSON documents in FILE, each "read bytes, read runtime" on a line
ndocs() {
	/usr/bin/python3 -c '
import json, sys
s = open(sys.argv[1]).read(); d = json.JSONDecoder(); i = 0
while True:
    while i < len(s) and s[i].isspace(): i += 1
    if i >= len(s): break
    o, i = d.raw_decode(s, i)
    print(o["jobs"][0]["read"]["io_bytes"], o["jobs"][0]["read"]["runtime"])' "$1"
}
run_ok --name=si --ioengine=null --rw=read --bs=4k --size=1g --time_based --runtime=3 \
	--status-interval=1 --output-format=json
ndocs "$T/out" > "$T/docs" || fail "not JSON documents: $(head -c 300 "$T/out")"
[ "$(wc -l < "$T/docs")" -ge 3 ] || fail "statuses at 1 s and 2 s, and the final one: $(cat "$T/docs")"
sort -n -c "$T/docs" || fail "the figures so far do not grow: $(cat "$T/docs")"
[ "$(tail -n 1 "$T/docs" | cut -d' ' -f2)" -ge 3000 ] || fail "the last is not the final report: $(cat "$T/docs")"
[ "$(head -n 1 "$T/docs" | cut -d' ' -f2)" -lt 3000 ] || fail "the first is not a status: $(cat "$T/docs")"
run_ok --name=si --ioengine=null --rw=read --bs=4k --size=1g --time_based --runtime=3 \
	--status-interval=1 --output-format=normal,terse
[ "$(grep -c '^3;' "$T/out")" -ge 3 ] || fail "terse: fewer than 3 lines: $(grep '^3;' "$T/out")"
[ "$(grep -c '^Run status group 0' "$T/out")" -ge 3 ] || fail "normal: fewer than 3 reports"
run_rc 2 --name=si --ioengine=null --size=1m --status-interval=0
grep -q -- "--status-interval=0" "$T/err" || fail "status-interval=0: $(cat "$T/err")"

say "bwavgtime and iopsavgtime: the windows of the bw and iops statistics, as fio's (samples counted beside fio's)"
for ms in 250 1000; do
	run_ok --name=w --ioengine=null --rw=read --bs=4k --size=1g --time_based --runtime=2 \
		--bwavgtime=$ms --iopsavgtime=$ms --output-format=json
	got=$(jq -c '.jobs[0].read | [.bw_samples, .iops_samples]' "$T/out")
	want=$(( 2000 / ms - 1 ))	# whole windows, the last ending with the run taking no sample
	[ "$got" = "[$want,$want]" ] || fail "bwavgtime=$ms: samples $got, wanted [$want,$want] as fio's"
	if command -v fio >/dev/null; then
		f=$(fio --name=w --ioengine=null --rw=read --bs=4k --size=1g --time_based --runtime=2 \
			--bwavgtime=$ms --iopsavgtime=$ms --output-format=json 2>/dev/null | sed -n '/^{/,$p' |
			jq -c '.jobs[0].read | [.bw_samples, .iops_samples]')
		# fio's last window is taken by a timer that races the end of its run: on a loaded
		# machine it sometimes fires before the end (one sample more), never fewer
		[ "$f" = "$got" ] || [ "$f" = "[$((want + 1)),$((want + 1))]" ] ||
			fail "bwavgtime=$ms: fio's samples $f, iobench's $got"
	fi
done
run_rc 2 --name=w --ioengine=null --size=1m --bwavgtime=250 --iopsavgtime=500
grep -q "bwavgtime=250 and iopsavgtime=500" "$T/err" || fail "unequal windows: $(cat "$T/err")"
