# Description: fio's log files (write_bw_log, write_lat_log, write_iops_log, write_hist_log): the files fio 3.33 writes for the same job, with its names and columns and the same I/Os row by row; windowed rows that add up to the run's own counts; a histogram log that fio's fiologparser_hist.py reads back to the run's I/O count and median.
. "$(dirname "$0")/lib.sh"
cd "$T"
command -v fio >/dev/null || skip "fio is not installed"

# cols FILE N...: the comma-separated columns N... of every row (spaces dropped)
cols() { f=$1; shift; tr -d ' ' < "$f" | cut -d, -f"$(echo "$@" | tr ' ' ,)"; }

case_ effect "a row per I/O: the files fio writes, each row the same I/O (direction, size, offset) as fio's"
mkdir fio ib
printf '[seq]\nioengine=psync\nrw=write\nbs=4k\nsize=256k\nfilename=../s.dat\nwrite_bw_log=x\nwrite_lat_log=x\nwrite_iops_log=x\nlog_offset=1\n' > s.fio
(cd fio && fio ../s.fio --output=/dev/null) || fail "fio failed"
rm -f s.dat
(cd ib && "$IOBENCH" ../s.fio --output=/dev/null 2>"$T/err") || { cat "$T/err"; fail "iobench failed"; }
[ "$(ls fio | grep -v _slat)" = "$(ls ib)" ] || fail "files: fio $(ls fio | tr '\n' ' '), iobench $(ls ib | tr '\n' ' ')"
[ ! -s fio/x_slat.1.log ] || fail "fio wrote submission latencies for psync (iobench writes no slat log)"
for f in x_bw.1.log x_clat.1.log x_lat.1.log x_iops.1.log; do
	[ "$(wc -l < ib/$f)" = 64 ] || fail "$f: $(wc -l < ib/$f) rows, wanted 64 (256k / 4k)"
	[ "$(cols fio/$f 3 4 5 6)" = "$(cols ib/$f 3 4 5 6)" ] || fail "$f: direction, size, offset or priority differ from fio's"
	[ "$(awk -F, '{print NF}' ib/$f | sort -u)" = 6 ] || fail "$f: not 6 columns"
done
[ "$(cols ib/x_iops.1.log 2 | sort -u)" = 1 ] || fail "per-I/O iops rows are not 1, as fio's"
# bw is bytes x 10^6 / latency (ns), as fio computes it per I/O
paste -d, ib/x_bw.1.log ib/x_clat.1.log | tr -d ' ' |
	awk -F, '{ if ($2 != int(4096 * 1000000 / $8)) { print; exit 1 } }' || fail "bw rows are not 4096e6/clat"

case_ effect "fio's numbering: threads counted over the job file (name.N.log), per_job_logs=0 one file the threads share"
printf '[global]\nioengine=null\nsize=64k\nwrite_bw_log\n[a]\nnumjobs=2\nrw=read\n[b]\nrw=write\nnumjobs=2\n[c]\nnumjobs=2\nper_job_logs=0\n' > n.fio
rm -rf fio ib && mkdir fio ib
(cd fio && fio ../n.fio --output=/dev/null) || fail "fio failed"
(cd ib && "$IOBENCH" ../n.fio --output=/dev/null 2>"$T/err") || { cat "$T/err"; fail "iobench failed"; }
[ "$(ls fio)" = "$(ls ib)" ] || fail "files: fio $(ls fio | tr '\n' ' '), iobench $(ls ib | tr '\n' ' ')"
for f in $(ls ib); do
	[ "$(wc -l < fio/$f)" = "$(wc -l < ib/$f)" ] || fail "$f: $(wc -l < ib/$f) rows, fio $(wc -l < fio/$f)"
done

case_ effect "a verify phase logs its reads in its writers' files, after their writes, as fio: the next job's thread number follows"
printf '[v]\nioengine=psync\nrw=write\nbs=4k\nsize=64k\nfilename=../v.dat\nverify=crc32c\nwrite_iops_log=v\nlog_offset=1\n[w]\nstonewall\nioengine=null\nsize=64k\nwrite_iops_log=w\n' > v.fio
rm -rf fio ib && mkdir fio ib
(cd fio && fio ../v.fio --output=/dev/null) || fail "fio failed"
rm -f v.dat
(cd ib && "$IOBENCH" ../v.fio --output=/dev/null 2>"$T/err") || { cat "$T/err"; fail "iobench failed"; }
[ "$(ls fio | grep log$)" = "$(ls ib)" ] || fail "files: fio $(ls fio | tr '\n' ' '), iobench $(ls ib | tr '\n' ' ')"
[ "$(cols fio/v_iops.1.log 3 4 5)" = "$(cols ib/v_iops.1.log 3 4 5)" ] || fail "v_iops.1.log: the writes then the verify reads differ from fio's"
tr -d ' ' < ib/v_iops.1.log | awk -F, 'prev > $1 { exit 1 } { prev = $1 }' || fail "the verify reads' times come before the writes'"

case_ effect "log_avg_msec: a row per direction per window; the rows add up to the run's I/Os, and bw is those I/Os' KiB/s"
printf '[w]\nioengine=null\nrw=randrw\nbs=4k\nsize=64m\ntime_based\nruntime=1\nwrite_bw_log=w\nwrite_lat_log=w\nwrite_iops_log=w\nlog_avg_msec=250\n' > w.fio
run_ok w.fio --null-latency=1ms --output-format=json --output=w.json
for d in 0 1; do
	ios=$(jq ".jobs[0].$( [ $d = 0 ] && echo read || echo write ).total_ios" w.json)
	sum=$(tr -d ' ' < w_iops.1.log | awk -F, -v d=$d '$3 == d { s += $2 * 250 / 1000 } END { print s }')
	[ "$sum" = "$ios" ] || fail "direction $d: the iops rows add up to $sum I/Os, the run did $ios"
done
# 4 KiB an I/O: a window's KiB/s is 4 x its I/Os per second, exactly
paste -d, w_bw.1.log w_iops.1.log | tr -d ' ' | awk -F, '{ if ($2 != 4 * $7) exit 1 }' || fail "bw rows are not 4 KiB x iops"
tr -d ' ' < w_lat.1.log | awk -F, '{ if ($2 < 1000000 || $4 != 0) exit 1 }' || fail "lat rows below the model's 1 ms, or a size"
tr -d ' ' < w_lat.1.log | awk -F, '{ if ($1 % 250 || $1 > 1000) exit 1 }' || fail "rows not at the windows' ends"
(cd "$T" && mkdir fw && cd fw && fio ../w.fio --output=/dev/null) || fail "fio failed"
[ "$(awk -F, '{print NF}' fw/w_lat.1.log | sort -u)" = "$(awk -F, '{print NF}' w_lat.1.log | sort -u)" ] ||
	fail "windowed rows: fio's have $(awk -F, '{print NF}' fw/w_lat.1.log | sort -u) columns"
# log_max_value: each window's row is its largest latency, not its mean. Exponential service
# times (mean 1 ms) make the two differ in every window, and the largest row is the run's max.
run_ok w.fio --null-latency=exp:1ms --output-format=json --output=wm.json
tr -d ' ' < w_lat.1.log | awk -F, '{ print $1 "," $3, $2 }' | sort > mean.rows
printf 'log_max_value=1\n' >> w.fio
run_ok w.fio --null-latency=exp:1ms --output-format=json --output=wx.json
tr -d ' ' < w_lat.1.log | awk -F, '{ print $1 "," $3, $2 }' | sort > max.rows
[ "$(wc -l < max.rows)" -ge 4 ] || fail "log_max_value: $(wc -l < max.rows) rows"
# each max row is above 2 ms (a window of ~250 draws of mean 1 ms: its max is about 5.5 ms) and the means below
awk '{ if ($2 < 2000000) exit 1 }' max.rows || fail "log_max_value: a row below 2 ms: $(head -3 max.rows)"
awk '{ if ($2 > 2000000) exit 1 }' mean.rows || fail "log_max_value=0: a mean row above 2 ms: $(head -3 mean.rows)"
for d in 0 1; do	# the largest row of a direction is that direction's max latency in the run
	k=$([ $d = 0 ] && echo read || echo write)
	top=$(awk -v d=$d '{ split($1, a, ","); if (a[2] == d && $2 > m) m = $2 } END { print m + 0 }' max.rows)
	want=$(jq ".jobs[0].$k.lat_ns.max" wx.json)
	[ "$top" = "$want" ] || fail "log_max_value: the largest $k row $top ns, the run's max $want ns"
done

case_ effect "write_hist_log with log_hist_msec: fio's 1856 bins a row, which fiologparser_hist.py reads back to the run's I/Os and median"
printf '[h]\nioengine=null\nrw=randrw\nbs=4k\nsize=64m\ntime_based\nruntime=1\nwrite_hist_log=h\nlog_hist_msec=250\n' > h.fio
run_ok h.fio --null-latency=1ms --output-format=json --output=h.json
[ "$(awk -F, '{print NF}' h_clat_hist.1.log | sort -u)" = 1859 ] || fail "not 3 + 1856 columns"
ios=$(jq '.jobs[0].read.total_ios + .jobs[0].write.total_ios' h.json)
bins=$(awk -F, '{ for (i = 4; i <= NF; i++) s += $i } END { print s }' h_clat_hist.1.log)
[ "$bins" = "$ios" ] || fail "the bins hold $bins I/Os, the run did $ios"
printf 'log_hist_coarseness=2\n' >> h.fio
run_ok h.fio --null-latency=1ms --output=/dev/null
[ "$(awk -F, '{print NF}' h_clat_hist.1.log | sort -u)" = 467 ] || fail "coarseness 2: not 3 + 464 columns"
if ! /usr/bin/python3 -c 'import numpy, pandas' 2>/dev/null; then
	skip_case "fiologparser_hist.py needs python3-numpy and python3-pandas (scripts/setup installs them)"
elif [ ! -e /usr/share/doc/fio/fiologparser_hist.py.gz ]; then
	skip_case "fio's package has no fiologparser_hist.py"
else
	zcat /usr/share/doc/fio/fiologparser_hist.py.gz > parser.py
	run_ok h.fio --null-latency=1ms --output-format=json --output=h.json
	/usr/bin/python3 parser.py --interval 1000 h_clat_hist.1.log > p.csv 2>p.err || { cat p.err; fail "fiologparser_hist.py failed"; }
	ios=$(jq '.jobs[0].read.total_ios + .jobs[0].write.total_ios' h.json)
	got=$(awk -F', *' 'NR > 1 { s += $2 } END { print s }' p.csv)
	[ "$got" = "$ios" ] || fail "fiologparser_hist.py counts $got samples, the run did $ios: $(cat p.csv)"
	# its median (from fio's bins, 1/64 wide) against iobench's own p50 of the reads (1/256)
	med=$(awk -F', *' 'NR == 2 { print $5 }' p.csv)
	p50=$(jq '[.jobs[0].read.clat_ns.percentile["50.000000"], .jobs[0].write.clat_ns.percentile["50.000000"]] | add / 2' h.json)
	within "$med" "$p50" 3 || fail "fiologparser_hist.py's median $med ns, iobench's p50 $p50 ns"
fi

case_ effect "log_unix_epoch: times in ms since 1970"
before=$(date +%s%3N)
printf '[u]\nioengine=null\nrw=read\nbs=4k\nsize=64k\nwrite_iops_log=u\nlog_unix_epoch=1\n' > u.fio
run_ok u.fio --output=/dev/null
after=$(date +%s%3N)
tr -d ' ' < u_iops.1.log | awk -F, -v a="$before" -v b="$after" '{ if ($1 < a || $1 > b) exit 1 }' ||
	fail "times not within the run ($before..$after): $(head -1 u_iops.1.log)"

case_ input "a log in a missing directory, or a coarseness past 6: refused before any I/O, nothing written"
printf '[m]\nioengine=psync\nrw=write\nbs=4k\nsize=64k\nfilename=m.dat\nwrite_bw_log=nodir/m\n' > m.fio
run_rc 2 m.fio
grep -q "nodir" "$T/err" || fail "the message does not name the directory: $(cat "$T/err")"
[ ! -e m.dat ] || fail "m.dat was created"
printf '[m]\nioengine=null\nrw=read\nwrite_hist_log\nlog_hist_msec=10\nlog_hist_coarseness=7\n' > c.fio
run_rc 2 c.fio
grep -q "log_hist_coarseness=7" "$T/err" || fail "coarseness 7: $(cat "$T/err")"
echo ok
