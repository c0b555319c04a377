# Description: what options do, seen from outside iobench: the flags each file is really open with
# (/proc/PID/fdinfo, beside fio's own open under strace), the I/Os really done, the bytes really
# on disk, the files really left, and the runs that work where io_uring is refused.
. "$(dirname "$0")/lib.sh"
cd "$T"
command -v fio >/dev/null || skip_case "the comparisons with fio in every case below (no fio)"

say "number_ios: a size-based job stops at it, exactly as fio 3.33; a time_based one runs its runtime"
cat > n.fio <<'E'
[j]
ioengine=null
size=1g
rw=randread
number_ios=100
numjobs=2
E
run_ok n.fio --output-format=iobench-json
[ "$(jq '.[0].results.total.total.ios' out)" = 200 ] || fail "number_ios=100 x 2: $(jq '.[0].results.total.total.ios' out) I/Os"
if command -v fio >/dev/null; then
	[ "$(fio --output-format=json n.fio 2>/dev/null | jq '[.jobs[].read.total_ios] | add')" = 200 ] ||
		fail "fio did not do 200 I/Os"
fi
printf 'time_based\nruntime=300ms\n' >> n.fio
run_ok n.fio --output-format=iobench-json
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

say "the flags each file is really open with: iobench's (fdinfo) beside fio's own open (strace)"
# open_flags PID PATH: the flags of PID's descriptors on PATH that may write, octal, one per line
open_flags() {
	for fd in /proc/$1/fd/*; do
		[ "$(readlink "$fd")" = "$2" ] || continue
		fl=$(awk '/^flags:/ { print $2 }' "/proc/$1/fdinfo/${fd##*/}")
		[ $(( 0$fl & 3 )) != 0 ] && echo "$fl"
	done
}
# has FLAGS BIT: FLAGS (octal) holds BIT (octal)
has() { [ $(( 0$1 & $2 )) = $(( $2 )) ]; }
O_DIRECT=040000 O_DSYNC=010000 O_SYNC=04010000
# check_flags WHAT WANT FLAGS...: each of FLAGS has exactly the bits named in WANT
check_flags() {
	what=$1 want=$2; shift 2
	[ $# -gt 0 ] || fail "$what: no writable descriptor on the target"
	for fl; do
		for f in O_DIRECT O_DSYNC O_SYNC; do
			eval bit=\$$f
			case " $want " in
			*" $f "*) has "$fl" "$bit" || fail "$what: open without $f (flags $fl)" ;;
			*) [ $f = O_DSYNC ] && case " $want " in *" O_SYNC "*) continue ;; esac
			   ! has "$fl" "$bit" || fail "$what: open with $f (flags $fl)" ;;
			esac
		done
	done
}
for c in "sync=1|O_SYNC" "sync=sync|O_SYNC" "sync=dsync|O_DSYNC" "direct=1|O_DIRECT" "sync=0|" \
	 "direct=1 sync=dsync|O_DIRECT O_DSYNC"; do
	opts=${c%%|*} want=${c#*|}
	printf '[j]\nfilename=%s/s.dat\nsize=4m\nrw=write\nbs=4k\ntime_based\nruntime=20\n' "$T" > s.fio
	for o in $opts; do echo "$o" >> s.fio; done
	truncate -s 4M s.dat
	run_bg bg.out bg.err s.fio --overwrite
	flags=$(open_flags $BG "$T/s.dat")
	kill -INT $BG; wait $BG
	check_flags "$opts" "$want" $flags
	if command -v fio >/dev/null && command -v strace >/dev/null; then
		sed -i 's/^runtime=20/runtime=1/' s.fio
		strace -f -qq -e trace=openat -o fio.trace fio s.fio >/dev/null 2>&1 || fail "fio $opts"
		fio_open=$(grep "\"$T/s.dat\"" fio.trace | grep -E 'O_RDWR|O_WRONLY' | tail -n 1)
		for f in O_DIRECT O_DSYNC O_SYNC; do
			case " $want " in
			*" $f "*) echo "$fio_open" | grep -q "$f" || fail "$opts: fio opens without $f: $fio_open" ;;
			*) ! echo "$fio_open" | grep -q "$f[|)]" || fail "$opts: fio opens with $f, iobench not" ;;
			esac
		done
	else
		skip_case "fio's open flags for $opts (needs fio and strace)"
	fi
done
# DiskSpd's cache switches (docs/cli.md): -Su unbuffered, -Sw write-through, -Sh both, -Sb buffered
rm -f s.dat
for c in "-Su|O_DIRECT" "-Sw|O_DSYNC" "-Sh|O_DIRECT O_DSYNC" "-Sb|" "-Suw|O_DIRECT O_DSYNC" \
	 "-Sbw|O_DSYNC" "-Sr|O_DIRECT" "-S|O_DIRECT"; do
	run_bg bg.out bg.err -c4M -d20 -w100 -b4K ${c%%|*} s.dat
	flags=$(open_flags $BG "$T/s.dat")
	kill -INT $BG; wait $BG
	check_flags "${c%%|*}" "${c#*|}" $flags
done
rm -f s.dat

say "what writes carry (scramble_buffers, refill_buffers, patterns, compression): distinct blocks as fio's"
# distinct FILE: the number of different 4 KiB blocks in FILE
distinct() { split -b 4096 "$1" blk.; md5sum blk.* | cut -d' ' -f1 | sort -u | wc -l; rm -f blk.*; }
printf '[j]\nfilename=w.dat\nrw=write\nbs=4k\nsize=1m\nioengine=psync\n' > base.fio
# OPTIONS|distinct blocks|gzip size at least|at most (of the 1 MiB written)
for c in "|256|0|200000" "scramble_buffers=0|1|0|100000" "refill_buffers=1|256|1040000|1100000" \
	 "buffer_pattern=0xdeadbeef|1|0|5000" "buffer_pattern=0xdeadbeef refill_buffers=1|1|0|5000" \
	 "buffer_compress_percentage=50|256|500000|560000" \
	 "buffer_compress_percentage=50 refill_buffers=0|1|0|100000" "zero_buffers=1|1|0|5000"; do
	opts=${c%%|*} rest=${c#*|}
	want=${rest%%|*} rest=${rest#*|}
	cp base.fio t.fio
	for o in $opts; do echo "$o" >> t.fio; done
	rm -f w.dat
	run_ok t.fio --keep
	got=$(distinct w.dat) gz=$(gzip -c w.dat | wc -c)
	[ "$got" = "$want" ] || fail "${opts:-defaults}: $got distinct blocks, wanted $want"
	[ "$gz" -ge "${rest%|*}" ] && [ "$gz" -le "${rest#*|}" ] || fail "${opts:-defaults}: gzip size $gz"
	if command -v fio >/dev/null; then
		rm -f w.dat
		fio t.fio >/dev/null 2>&1 || fail "fio ${opts:-defaults}"
		[ "$(distinct w.dat)" = "$want" ] || fail "${opts:-defaults}: fio wrote $(distinct w.dat) distinct blocks"
	fi
done
rm -f w.dat

say "iodepth_batch_submit: I/Os go to the kernel in batches of that many (io_submit calls counted, beside fio's)"
if command -v strace >/dev/null; then
	truncate -s 8M b.dat
	for c in "0|100" "1|1600" "4|400" "16|100"; do
		printf '[j]\nfilename=b.dat\nsize=8m\nrw=randread\nbs=4k\nioengine=libaio\ndirect=1\niodepth=16\niodepth_batch_complete_min=16\nnumber_ios=1600\niodepth_batch_submit=%s\n' "${c%|*}" > b.fio
		# (LeakSanitizer cannot run under ptrace: the sanitizer build runs without it here)
		ASAN_OPTIONS=detect_leaks=0 strace -f -qq -c -e trace=io_submit -o b.trace "$IOBENCH" b.fio >/dev/null 2>err || fail "iobench: $(cat err)"
		got=$(awk '$NF == "io_submit" { print $4 }' b.trace)
		[ "$got" = "${c#*|}" ] || fail "iodepth_batch_submit=${c%|*}: $got io_submit calls, wanted ${c#*|}"
		if command -v fio >/dev/null; then
			strace -f -qq -c -e trace=io_submit -o f.trace fio b.fio >/dev/null 2>&1 || fail "fio"
			f=$(awk '$NF == "io_submit" { print $4 }' f.trace)
			[ "$f" = "$got" ] || fail "iodepth_batch_submit=${c%|*}: fio made $f io_submit calls, iobench $got"
		fi
	done
	rm -f b.dat
else
	skip_case "iodepth_batch_submit (needs strace)"
fi

say "io_uring refused by seccomp (as in containers): -c lays the file down with pwrite, runs on psync"
nouring=$HELPERS/nouring
"$nouring" true 2>/dev/null || skip_rest "seccomp filters unavailable"
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
