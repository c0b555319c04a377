# Description: limits met before anything is done, or cleaned up after: a queue deeper than
# io_uring's ring, or clones' offsets past 2^63, is bad input with nothing created; a thread that cannot be started (a process
# limit) ends the run with its file removed; a series too long to keep is bad input; a job file
# whose includes fan out without end stops at a budget.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"

case_ input "iodepth above io_uring's 32768 ring entries: refused before the file is created"
printf '[j]\nrw=read\nsize=4m\nioengine=io_uring\niodepth=40000\nfilename=%s/deep.dat\n' "$T" > deep.fio
run_rc 2 deep.fio
grep -q "40000 I/Os in flight per thread .* more than the io_uring engine takes: 32768" "$T/err" ||
	fail "message: $(cat "$T/err")"
[ ! -e deep.dat ] || fail "the file was created"

case_ input "(numjobs-1) x offset_increment past the largest offset (a product that wraps 2^64): refused, nothing created"
printf '[j]\nrw=write\nsize=1m\nnumjobs=5\noffset_increment=6000000000000000000\nfilename=%s/inc.dat\n' "$T" > inc.fio
run_rc 2 inc.fio
grep -q "(numjobs-1 = 4) x offset_increment=6000000000000000000 .* beyond the largest file offset" "$T/err" ||
	fail "message: $(cat "$T/err")"
[ ! -e inc.dat ] || fail "the file was created"

case_ fault "a worker thread that cannot be started (ulimit -u): named, exit 1, the created file removed"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && command -v prlimit >/dev/null; then
	chmod 711 "$T"; mkdir -m 777 nobody
	# a copy nobody may run: the build may be under a directory only root can enter (/root)
	cp "$IOBENCH" nobody/iobench && chmod 755 nobody/iobench || fail "cp"
	for n in 2 5; do
		setpriv --reuid=65534 --regid=65534 --clear-groups prlimit --nproc=$n:$n \
			env IOBENCH_STATE_DIR="$T/nobody/state" "$T/nobody/iobench" -c4M -d2 -t8 -b4K \
			"$T/nobody/x.dat" >out.txt 2>err.txt
		rc=$?
		[ $rc = 1 ] || { cat err.txt; fail "nproc $n: exit $rc, wanted 1"; }
		grep -q "cannot start worker thread" err.txt || fail "nproc $n: $(cat err.txt)"
		[ ! -e nobody/x.dat ] || fail "nproc $n: the created file was left"
	done
	# a job file: the first group runs, the second cannot start its threads; both files go
	printf '[a]\nrw=read\nsize=1m\nioengine=psync\nfilename=a.dat\n[b]\nstonewall\nrw=read\nsize=1m\nioengine=psync\nnumjobs=16\nfilename=b.dat\n' \
		> nobody/two.fio
	(cd nobody && exec setpriv --reuid=65534 --regid=65534 --clear-groups prlimit --nproc=4:4 \
		env IOBENCH_STATE_DIR="$T/nobody/state" "$T/nobody/iobench" two.fio >../out.txt 2>../err.txt)
	rc=$?
	[ $rc = 1 ] || { cat err.txt; fail "job file: exit $rc, wanted 1"; }
	grep -q "cannot start worker thread" err.txt || fail "job file: $(cat err.txt)"
	[ ! -e nobody/a.dat ] && [ ! -e nobody/b.dat ] || fail "job file: left $(ls nobody)"
else
	skip_case "the process-limit case (needs root, setpriv and prlimit)"
fi

case_ input "a series longer than 2^24 intervals: bad input naming -D"
run_ok -c1M --ios=10 -b4K --keep s.dat
run_rc 2 -d4000000h s.dat
grep -q "use a longer interval (-D)" "$T/err" || fail "message: $(cat "$T/err")"
run_rc 2 -d24h -D1 s.dat
grep -q "86400000 intervals" "$T/err" || fail "message: $(cat "$T/err")"

case_ input "includes that fan out (6 levels of 40): stopped by the budget at once"
i=0
while [ $i -lt 6 ]; do
	n=0; : > l$i.fio
	while [ $n -lt 40 ]; do echo "include l$((i + 1)).fio" >> l$i.fio; n=$((n + 1)); done
	i=$((i + 1))
done
echo "; the last level" > l6.fio
printf '[j]\nrw=read\nsize=1m\nfilename=%s/s.dat\ninclude l0.fio\n' "$T" > fan.fio
timeout 10 "$IOBENCH" fan.fio --print-workload >out.txt 2>err.txt
rc=$?
[ $rc = 2 ] || fail "exit $rc, wanted 2 (124: it never finished)"
grep -q "more than 1024 included files" err.txt || fail "message: $(cat err.txt)"
exit 0
