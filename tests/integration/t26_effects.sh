# Description: what options do, seen from outside iobench: the flags each file is really open with
# (/proc/PID/fdinfo, beside fio's own open under strace), the I/Os really done, the bytes really
# on disk, the files really left, and the runs that work where io_uring is refused.
. "$(dirname "$0")/lib.sh"
cd "$T"

say "number_ios: a size-based job stops at it, exactly as fio 3.33; a time_based one runs its runtime"
cat > n.fio <<'E'
[j]
ioengine=null
size=1g
rw=randread
number_ios=100
numjobs=2
E
run_ok n.fio --output-format=json
[ "$(jq '.[0].results.total.total.ios' out)" = 200 ] || fail "number_ios=100 x 2: $(jq '.[0].results.total.total.ios' out) I/Os"
if command -v fio >/dev/null; then
	[ "$(fio --output-format=json n.fio 2>/dev/null | jq '[.jobs[].read.total_ios] | add')" = 200 ] ||
		fail "fio did not do 200 I/Os"
fi
printf 'time_based\nruntime=300ms\n' >> n.fio
run_ok n.fio --output-format=json
jq -e '.[0].results.total.total.ios > 200' out >/dev/null || fail "time_based stopped at number_ios"
grep -q "number_ios=100 has no effect in a time_based job" err || fail "no note: $(cat err)"
run_ok n.fio
! grep -q "at most 100 I/Os" out || fail "the report claims a limit it did not keep"

say "randseed: each job's own, not its group's first: job b writes the same bytes alone or second"
cat > g.fio <<'E'
[global]
rw=write
bs=4k
size=1m
[a]
filename=a.dat
randseed=1
[b]
filename=b.dat
randseed=2
E
sed -e '/^\[a\]/,/^randseed=1/d' -e 's/b.dat/b1.dat/' g.fio > b.fio
run_ok g.fio --keep
run_ok b.fio --keep
[ "$(md5sum < b.dat)" = "$(md5sum < b1.dat)" ] || fail "job b's data depends on the job before it"
[ "$(md5sum < a.dat)" != "$(md5sum < b.dat)" ] || fail "two seeds wrote the same data"

say "directory=a:b with filename=: the file in a, as fio, with a note"
mkdir da db
printf '[j]\ndirectory=da:db\nfilename=f\nsize=1m\nrw=write\nnumjobs=2\n' > d.fio
run_ok d.fio --keep
[ -f da/f ] && [ -z "$(ls db)" ] || fail "files: $(ls da db)"
grep -q "in 'da' only" err || fail "no note: $(cat err)"

say "io_uring refused by seccomp (as in containers): -c lays the file down with pwrite, runs on psync"
nouring=$HELPERS/nouring
"$nouring" true 2>/dev/null || skip "seccomp filters unavailable"
"$nouring" "$IOBENCH" -c8M -b4K --ios=200 -Rjson --keep u.dat >out 2>err || fail "-c without io_uring: $(cat err)"
[ "$(jq -r .workload.engine out)" = psync ] || fail "engine $(jq -r .workload.engine out)"
[ "$(stat -c %s u.dat)" = 8388608 ] || fail "size $(stat -c %s u.dat)"
# the data is random (incompressible), every block written: not a sparse file of zeros
[ "$(gzip -1 -c u.dat | wc -c)" -gt 8000000 ] || fail "the file was not filled with random data"
[ "$(du -k u.dat | cut -f1)" -ge 8192 ] || fail "the file is sparse"
"$nouring" "$IOBENCH" -c8M -b4K --ios=50 --verify -w50 v.dat >out 2>err || fail "--verify -c without io_uring: $(cat err)"
mkdir q
"$nouring" "$IOBENCH" quick --size=16M --duration=0.2 --warmup=0 q >out 2>err || fail "quick without io_uring: $(cat err)"
grep -q "^RND4K Q1T1 " out || fail "quick did not run: $(cat out)"
exit 0
