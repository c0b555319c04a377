# Description: mixed, skewed and interlocked offsets (issue 16) checked by counting the offsets each I/O went to (--offset-trace, fio's write_lat_log with log_offset): zipf:1.2's top 1% of blocks against fio's formula and fio 3.33 itself, zoned's shares, -rs50 and percentage_random=50's random half, -si's one pass over every block with 4 threads, -rdpct and -rdabs shares, DiskSpd's profile of a distribution, and bad forms refused.
. "$(dirname "$0")/lib.sh"
cd "$T"
# near A B D: A within D of B (absolute: shares are fractions, "within 1%" is 0.01)
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; }
have_fio() { command -v fio >/dev/null && fio --version | grep -q '^fio-3\.33'; }

# offsets LOG...: one offset a line, from fio's log rows (time, lat, dir, bs, offset, prio)
offsets() { cat "$@" | awk -F', ' '{ print $5 }'; }

case_ effect "zipf:1.2 over 1M blocks: the top 1% of blocks take fio's share (formula, and fio 3.33)"
job="--name=z --ioengine=null --rw=randread --bs=1k --size=1g --number_ios=1000000 --random_distribution=zipf:1.2 --write_lat_log=z --log_offset=1"
run_ok $job --filename=z.dat --disable_clat=1
offsets z_lat.1.log > z.off
# fio's zipf_next(): rank 1 + n * (eta*u - eta + 1)^alpha; the top k ranks take 1 - c of the draws
cat > top.py <<'EOF'
import collections, sys
n, k = 1 << 20, (1 << 20) // 100
c = collections.Counter(int(l) // 1024 for l in open(sys.argv[1]))
print("%.4f" % (sum(v for _, v in c.most_common(k)) / sum(c.values())))
EOF
share=$(python3 top.py z.off)
want=$(python3 -c '
n, k, th = 1 << 20, (1 << 20) // 100, 1.2
zetan = sum((i + 1) ** -th for i in range(n))
alpha, eta = 1 / (1 - th), (1 - (2 / n) ** (1 - th)) / (1 - (1 + 0.5 ** th) / zetan)
print("%.4f" % (1 - ((k / n) ** (1 / alpha) - 1) / -eta))')
echo "top 1%: iobench $share, fio's formula $want"
near "$share" "$want" 0.01 || fail "zipf:1.2: top 1% took $share, fio's formula gives $want"
if have_fio; then
	fio $job --norandommap --output=/dev/null >/dev/null 2>&1 || fail "fio $job"
	offsets z_lat.1.log > f.off
	fshare=$(python3 top.py f.off)
	echo "top 1%: fio 3.33 $fshare"
	near "$share" "$fshare" 0.01 || fail "zipf:1.2: iobench $share, fio 3.33 $fshare"
else
	skip_case "fio 3.33 is not installed: zipf compared with the formula only"
fi
rm -f z_lat.1.log z.off f.off

case_ effect "zoned:60/10:30/20:10/70: each zone's share within 1% (and fio 3.33's)"
job="--name=zo --ioengine=null --rw=randread --bs=4k --size=1g --number_ios=200000 --random_distribution=zoned:60/10:30/20:10/70 --write_lat_log=zo --log_offset=1"
cat > zones.py <<'EOF'
import sys
size, edges = 1 << 30, [0.1, 0.3, 1.0]
n = [0, 0, 0]
for l in open(sys.argv[1]):
    o = int(l) / size
    n[next(i for i, e in enumerate(edges) if o < e)] += 1
print(" ".join("%.4f" % (x / sum(n)) for x in n))
EOF
run_ok $job --filename=zo.dat --disable_clat=1
offsets zo_lat.1.log > zo.off
set -- $(python3 zones.py zo.off)
echo "zones: $*"
near "$1" 0.60 0.01 && near "$2" 0.30 0.01 && near "$3" 0.10 0.01 || fail "zoned shares $*"
if have_fio; then
	fio $job --output=/dev/null >/dev/null 2>&1 || fail "fio $job"
	offsets zo_lat.1.log > zf.off
	set -- $(python3 zones.py zf.off)
	echo "zones, fio 3.33: $*"
	near "$1" 0.60 0.01 && near "$2" 0.30 0.01 && near "$3" 0.10 0.01 || fail "fio's zoned shares $*"
fi

# follows STEP LOG...: the fraction of I/Os that do not start where the last one ended (a thread's)
cat > follows.py <<'EOF'
import sys
step, jumps, n = int(sys.argv[1]), 0, 0
for f in sys.argv[2:]:
    last = None
    for l in open(f):
        o = int(l.split(', ')[4])
        if last is not None:
            n += 1
            jumps += o != last + step
        last = o
print("%.4f" % (jumps / n))
EOF

case_ effect "-rs50: half the I/Os random (do not follow the last one), sequential runs of one kind; fio's percentage_random=50 too"
run_ok --engine=null -f1G -b4K -rs50 -o1 --ios=200000 --offset-trace=rs x
f=$(python3 follows.py 4096 rs_lat.1.log)
near "$f" 0.50 0.01 || fail "-rs50: $f of the I/Os did not follow the last one"
run_ok --engine=null -f1G -b4K -rs20 -r -w50 -o1 --ios=100000 --offset-trace=rw x
f=$(python3 follows.py 4096 rw_lat.1.log)
near "$f" 0.20 0.01 || fail "-rs20 -w50: $f jumped, wanted 0.20"
mixed=$(awk -F', ' 'NR > 1 && $5 == o + 4096 && $3 != d { n++ } { o = $5; d = $3 } END { print n + 0 }' rw_lat.1.log)
[ "$mixed" = 0 ] || fail "-rs20 -w50: $mixed sequential I/Os of another kind than the last (DiskSpd keeps it)"
run_ok --name=p --ioengine=null --rw=randread --bs=4k --size=1g --number_ios=200000 \
	--percentage_random=50 --write_lat_log=p --log_offset=1 --filename=p.dat
f=$(python3 follows.py 4096 p_lat.1.log)
near "$f" 0.50 0.01 || fail "percentage_random=50: $f of the I/Os did not follow the last one"
run_ok --name=q --ioengine=null --rw=randread --bs=4k --size=1g --number_ios=100000 \
	--percentage_sequential=90 --write_lat_log=q --log_offset=1 --filename=q.dat
f=$(python3 follows.py 4096 q_lat.1.log)
near "$f" 0.10 0.01 || fail "percentage_sequential=90: $f jumped, wanted 0.10"

case_ effect "-si with 4 threads: every block exactly once per pass (2 passes)"
run_ok --engine=null -f4M -b4K -si -t4 -o1 --ios=512 --offset-trace=si x
counts=$(offsets si_lat.*.log | sort -n | uniq -c | awk '{ print $1 }' | sort -u | tr '\n' ' ')
blocks=$(offsets si_lat.*.log | sort -u | wc -l)
[ "$blocks" = 1024 ] && [ "$counts" = "2 " ] || fail "-si: $blocks blocks, counts $counts"
run_ok --engine=null -f4M -b4K -si8K -t4 -o4 --ios=256 --offset-trace=st x
blocks=$(offsets st_lat.*.log | sort -u | wc -l)
odd=$(offsets st_lat.*.log | awk '$1 % 8192' | wc -l)
[ "$blocks" = 512 ] && [ "$odd" = 0 ] || fail "-si8K: $blocks offsets, $odd off the stride"

case_ effect "-rdpct90/10:10/90 and -rdabs30/64M: their shares where they say"
cat > below.py <<'EOF'
import sys
edge, n, lo = int(sys.argv[1]), 0, 0
for l in open(sys.argv[2]):
    n += 1
    lo += int(l.split(', ')[4]) < edge
print("%.4f" % (lo / n))
EOF
run_ok --engine=null -f1G -b4K -r -rdpct90/10:10/90 -o1 --ios=200000 --offset-trace=rd x
f=$(python3 below.py $((1073741824 / 10)) rd_lat.1.log)
near "$f" 0.90 0.01 || fail "-rdpct90/10: $f in the first 10%"
run_ok --engine=null -f1G -b4K -r -rdabs30/64M -o1 --ios=200000 --offset-trace=ra x
f=$(python3 below.py $((64 << 20)) ra_lat.1.log)
near "$f" 0.30 0.01 || fail "-rdabs30/64M: $f in the first 64 MiB"
run_ok --engine=null -f1G -b4K -r -rdpct50/10:0/40:50/50 -o1 --ios=100000 --offset-trace=rh x
hole=$(awk -F', ' '$5 >= 107374182 && $5 < 536870912' rh_lat.1.log | wc -l)
[ "$hole" = 0 ] || fail "-rdpct's hole (0/40) took $hole I/Os"

case_ format "-Rpxml: DiskSpd's <Distribution> of -rdpct10/10:10/10:0/10 (its unit test's ranges) and <RandomRatio>"
run_ok -Rpxml -rs30 -r -rdpct10/10:10/10:0/10 x
got=$(grep -o '<Range IO="[0-9]*">[0-9]*</Range>' "$T/out" | tr -d '\n')
[ "$got" = '<Range IO="10">10</Range><Range IO="10">10</Range><Range IO="0">10</Range><Range IO="80">70</Range>' ] ||
	fail "ranges: $got"
grep -q '<Percent>' "$T/out" && grep -q '<RandomRatio>30</RandomRatio>' "$T/out" || fail "profile: $(cat "$T/out")"

case_ error "bad forms: one message naming the part, exit 2, nothing run"
for bad in "-rs0 -r" "-rs101" "-s -rs50" "-rdpct90/10" "-rdpct60/10:60/10 -r" "-rdpct10/50:10/50 -r" \
	   "-rdabs10/1K -r" "-rdxyz -r" "-si -r" "-si -T8K -t2"; do
	run_rc 2 --engine=null --ios=10 $bad x
	[ "$(wc -l < "$T/err")" = 1 ] && grep -q -- "-r\|-s" "$T/err" || fail "$bad: $(cat "$T/err")"
done
for bad in "zoned:50/50" "zoned:60/10:60/10" "zipf:1" "pareto:1.5" "normal:100" "lognormal"; do
	run_rc 2 --name=b --ioengine=null --rw=randread --size=1m --random_distribution=$bad
	grep -q "random_distribution=$bad" "$T/err" || fail "$bad: $(cat "$T/err")"
done
run_rc 2 --name=b --ioengine=null --rw=randread --size=1m --percentage_random=101
