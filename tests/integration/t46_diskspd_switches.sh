# Description: DiskSpd's switches with a Linux meaning, each checked by what it does while the run runs: the open hints -fr, -fs, -frs (posix_fadvise on the very descriptor the reads go to, under strace), -ft and -frst refused for the hint Linux has not; -I1/-I2/-I3 (each worker thread's ioprio by ionice while it runs, the main thread's unchanged); -l (the buffers' huge-page mappings in /proc/PID/maps, with nr_hugepages set by the test and put back; refused naming -l without); -Z<size>,<file> (every block written to the target is a block of the file's bytes, repeated).
# Lock: hugepages (it sets /proc/sys/vm/nr_hugepages and puts it back; t37 too)
. "$(dirname "$0")/lib.sh"
cd "$T"
# what this test changes outside $T is put back at its end: nr_hugepages
HUGE_WAS=""
at_exit() {
	[ -n "$HUGE_WAS" ] && echo "$HUGE_WAS" > /proc/sys/vm/nr_hugepages
	cleanup
}
trap at_exit EXIT
# while_running CMD -- ARGS...: iobench ARGS in the background; once it measures, CMD with
# its pid as the last word, output in $T/seen; then waits for iobench (which must exit 0)
while_running() {
	c=""
	while [ "$1" != -- ]; do c="$c $1"; shift; done
	shift
	run_bg "$T/bg.out" "$T/bg.err" "$@"
	$c "$BG" > "$T/seen"
	wait "$BG" || { cat "$T/bg.err"; fail "iobench $* exited $?"; }
}
# strace runs a sanitizer build with its leak check off (LeakSanitizer cannot run under ptrace)
strace() { ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 command strace "$@"; }
head -c 1048576 /dev/urandom > a.dat

# --- -fr, -fs: open hints as posix_fadvise
command -v strace >/dev/null || skip "no strace"
# advice LOG: the advice given to the descriptor the run's preads read, one a line
advice() {
	fd=$(sed -n 's/.*pread64(\([0-9]*\),.*/\1/p' "$1" | sort -u)
	[ "$(echo "$fd" | wc -w)" = 1 ] || fail "the reads went to descriptors '$fd'"
	sed -n "s/.*fadvise64($fd, 0, 0, \(POSIX_FADV_[A-Z]*\)).*/\1/p" "$1" | tr '\n' ' '
}
case_ effect "-fr, -fs, -frs: posix_fadvise RANDOM, SEQUENTIAL, both (random last) on the target's descriptor, the one its reads go to; none without a hint"
for c in "-fr:POSIX_FADV_RANDOM " "-fs:POSIX_FADV_SEQUENTIAL " "-frs:POSIX_FADV_SEQUENTIAL POSIX_FADV_RANDOM " "-fsr:POSIX_FADV_SEQUENTIAL POSIX_FADV_RANDOM " "-b4K:"; do
	f=${c%%:*} want=${c#*:}
	strace -f -e trace=fadvise64,pread64 -o "$T/st" "$IOBENCH" "$f" -b4K -d0.2 -W0 --engine=psync -o1 --quiet a.dat >/dev/null 2>"$T/err" ||
		{ cat "$T/err"; fail "$f exited $?"; }
	[ "$(advice "$T/st")" = "$want" ] || fail "$f: advice '$(advice "$T/st")', wanted '$want'"
done
run_ok -Rpxml -frs a.dat
grep -q "<SequentialScan>true</SequentialScan>" "$T/out" && grep -q "<RandomAccess>true</RandomAccess>" "$T/out" ||
	fail "-frs in the profile: $(grep -E 'Scan|Access' "$T/out")"
case_ input "-ft, -frst: DiskSpd's temporary-file hint has no Linux counterpart, refused by name before anything runs; -fx an unknown hint"
for f in -ft -frst -fx; do
	run_rc 2 "$f" -c1M new.dat
	[ "$(wc -l < "$T/err")" = 1 ] || fail "$f: not one message: $(cat "$T/err")"
	[ ! -e new.dat ] || fail "$f: new.dat was created"
done
grep -q "^iobench: -fx: unknown open hint 'x'" "$T/err" || fail "-fx: $(cat "$T/err")"
run_rc 2 -frst a.dat
grep -q "^iobench: -frst: 't', DiskSpd's temporary-file hint (FILE_ATTRIBUTE_TEMPORARY), has no Linux counterpart$" "$T/err" ||
	fail "-frst: $(cat "$T/err")"

# --- what writes carry without -Z, and with -Zr
case_ effect "writes without -Z carry DiskSpd's default data, byte i of each block i % 256 (its AllocateAndFillBufferForTarget), said in a note, RandomWriteData false in the profile; -Zr writes random blocks, with DiskSpd's 'generating random data' lines, RandomWriteData true; a profile's RandomWriteData read back as -Zr"
run_ok -b4K -w100 -c256K --ios=64 -W0 -r --keep p.dat
python3 - "$T/p.dat" <<'PY' || fail "without -Z: the blocks written are not DiskSpd's 0-255 pattern"
import sys
data = open(sys.argv[1], "rb").read()
pat = bytes(range(256)) * 16
# every block the writes reached is the pattern; the file was laid out with random data first,
# so a block that is not the pattern was not written (64 random writes reach some blocks twice)
blocks = [data[o:o + 4096] for o in range(0, len(data), 4096)]
n = sum(1 for b in blocks if b == pat)
sys.exit(0 if 20 <= n <= 64 else 1)
PY
grep -q "^note: the writes carry DiskSpd's default data, its repeating 0-255 pattern" "$T/out" || fail "no note on the pattern"
grep -q "generating random data for each write IO" "$T/out" && fail "'generating random data' without -Zr"
run_ok -b4K -w100 -c256K --ios=64 -W0 -Zr --keep q.dat
python3 - "$T/q.dat" <<'PY' || fail "-Zr: a written block is DiskSpd's pattern"
import sys
data = open(sys.argv[1], "rb").read()
pat = bytes(range(256)) * 16
sys.exit(1 if any(data[o:o + 4096] == pat for o in range(0, len(data), 4096)) else 0)
PY
grep -q "^	generating random data for each write IO$" "$T/out" && grep -q "^	  WARNING: this increases the CPU cost of issuing writes and should only$" "$T/out" ||
	fail "-Zr: no 'generating random data' lines"
grep -q "^note: the writes carry DiskSpd's default data" "$T/out" && fail "-Zr: the pattern's note"
run_ok -Rpxml -b4K -w100 a.dat
grep -q "RandomWriteData" "$T/out" && fail "without -Zr: RandomWriteData in the profile"
run_ok -Rpxml -b4K -w100 -Zr a.dat
grep -q "<RandomWriteData>true</RandomWriteData>" "$T/out" || fail "-Zr: no RandomWriteData in the profile"
cp "$T/out" zr.xml
run_ok -Xzr.xml -Rpxml
grep -q "<RandomWriteData>true</RandomWriteData>" "$T/out" || fail "-X: RandomWriteData not read back"
rm -f p.dat q.dat

# --- -Z<size>,<file>: the write source buffer from a file
case_ effect "-Z<size>,<file>: every block written is a block of the source buffer, the file's bytes repeated to its size (DiskSpd's _FillRandomDataWriteBuffer)"
head -c 5000 /dev/urandom > src.bin	# shorter than the buffer, and no multiple of the block
run_ok -Z64K,src.bin -b4K -w100 -c256K --ios=64 -W0 --keep z.dat
python3 - "$T/src.bin" "$T/z.dat" <<'PY' || fail "-Z64K,src.bin: the target holds bytes that are not the file's"
import sys
src = open(sys.argv[1], "rb").read()
buf = (src * (65536 // len(src) + 1))[:65536]
data = open(sys.argv[2], "rb").read()
assert len(data) == 262144, len(data)
stray = [o for o in range(0, len(data), 4096) if data[o:o + 4096] not in buf]
sys.exit(1 if stray else 0)
PY
run_ok -Rpxml -Z3M,src.bin a.dat
grep -q "<FilePath>src.bin</FilePath>" "$T/out" || fail "-Z3M,src.bin in the profile"
: > empty.bin
case_ input "-Z<size>,<file>: a file missing, empty, or a directory, no file, a Windows path: refused by name before anything is created"
for v in -Z64K,nothere -Z64K,empty.bin "-Z64K,$T" -Z64K, '-Z64K,x:\src'; do
	run_rc 2 "$v" -w50 -c1M new.dat
	[ "$(wc -l < "$T/err")" = 1 ] && grep -q "^iobench: -Z" "$T/err" || fail "$v: $(cat "$T/err")"
	[ ! -e new.dat ] || fail "$v: new.dat was created"
done

# --- -I: I/O priority hints as ioprio
command -v ionice >/dev/null || skip_rest "no ionice"
# prios PID: each thread's I/O priority as ionice reads it, "TID: CLASS" lines
prios() { for t in /proc/"$1"/task/*; do echo "${t##*/}: $(ionice -p "${t##*/}")"; done; }
case_ effect "-I1, -I2, -I3: each worker thread at idle, best-effort 7, or not set (ionice on every thread while the run runs); the main thread's unchanged"
for c in "-I1:idle" "-I2:best-effort: prio 7" "-I3:"; do
	i=${c%%:*} want=${c#*:}
	while_running prios -- "$i" -t2 -d0.6 -W0 --engine=psync -o1 a.dat
	main=$(grep "^$BG: " "$T/seen")
	[ "$main" = "$BG: none: prio 0" ] || fail "$i: the main thread is at '$main'"
	if [ -n "$want" ]; then
		[ "$(grep -c ": $want$" "$T/seen")" = 2 ] || fail "$i: not 2 threads at '$want': $(cat "$T/seen")"
	else
		[ "$(grep -vc ": none: prio 0$" "$T/seen")" = 0 ] || fail "$i set a priority: $(cat "$T/seen")"
	fi
done
run_ok -Rpxml -I2 a.dat
grep -q "<IOPriority>2</IOPriority>" "$T/out" || fail "-I2 in the profile: $(grep IOPriority "$T/out")"
case_ input "-I0, -I4, -Ix, -I: outside DiskSpd's 1 to 3, refused by name before anything runs"
for v in -I0 -I4 -Ix -I; do
	run_rc 2 "$v" -c1M new.dat
	grep -q "^iobench: '*-I" "$T/err" || fail "$v: $(cat "$T/err")"
	[ ! -e new.dat ] || fail "$v: new.dat was created"
done

# --- -l: large pages as huge-page buffers
# mapped PID: how many of PID's mappings are anonymous huge pages
mapped() { grep -c '/anon_hugepage' /proc/"$1"/maps; }
case_ effect "-l: each thread's buffers on huge pages (its mapping in /proc/PID/maps) once nr_hugepages is set (the test sets it and puts it back); refused naming -l while there are none, or too few"
if [ "$(awk '/^HugePages_Total:/ { print $2 }' /proc/meminfo)" = 0 ]; then
	run_rc 2 -l -c1M new.dat
	grep -q "^iobench: -l: large pages (huge pages for the I/O buffers): this machine has none configured (/proc/sys/vm/nr_hugepages is 0)$" "$T/err" ||
		fail "-l without huge pages: $(cat "$T/err")"
	[ ! -e new.dat ] || fail "-l: new.dat was created"
fi
if [ "$(id -u)" = 0 ] && HUGE_WAS=$(cat /proc/sys/vm/nr_hugepages) && echo $((HUGE_WAS + 1)) > /proc/sys/vm/nr_hugepages 2>/dev/null &&
   [ "$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)" -ge 1 ]; then
	if [ "$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)" = 1 ]; then	# 2 threads need 2 pages
		run_rc 2 -l -t2 a.dat
		grep -q "^iobench: -l: large pages: the buffers need 2 huge pages of [0-9]* KiB, and 1 of this machine's [0-9]* are free" "$T/err" ||
			fail "-l with 1 page: $(cat "$T/err")"
	fi
	echo $((HUGE_WAS + 8)) > /proc/sys/vm/nr_hugepages
	while_running mapped -- -l -t2 -d0.6 -W0 a.dat
	[ "$(cat "$T/seen")" = 2 ] || fail "-l -t2: $(cat "$T/seen") huge-page mappings, wanted 2"
	while_running mapped -- -t2 -d0.3 -W0 a.dat
	[ "$(cat "$T/seen")" = 0 ] || fail "without -l: $(cat "$T/seen") huge-page mappings"
	echo "$HUGE_WAS" > /proc/sys/vm/nr_hugepages && HUGE_WAS=""
else
	skip_case "-l on huge pages (needs root and room for nr_hugepages)"
fi
run_ok -Rpxml -l a.dat
grep -q "<UseLargePages>true</UseLargePages>" "$T/out" || fail "-l in the profile"

say "-v: each thread's CPU, target, relative thread and seed (-z + its number), and every phase, on stderr"
run_ok -v -t2 -r -b4K -d0.2 -W0.2 -C0.2 -z7 -a0 --quiet --engine=null n0
for k in 0 1; do
	grep -q "^iobench: thread $k: affinitizing to CPU 0$" "$T/err" &&
		grep -q "^iobench: thread $k: file 'n0' relative thread $k (random seed: $((7 + k))), random I/O$" "$T/err" ||
		fail "-v, thread $k: $(cat "$T/err")"
done
for p in "warming up" measuring "cooling down"; do
	grep -q "^iobench: $p$" "$T/err" || fail "-v: no '$p' (with --quiet too): $(cat "$T/err")"
done
run_ok -t2 -d0.2 -W0 --quiet --engine=null n0
! grep -q "thread 0" "$T/err" || fail "thread lines without -v"
run_ok -Rpxml -v a.dat
grep -q "<Verbose>true</Verbose>" "$T/out" || fail "-v in the profile"

say "-P<n>: a dot on stderr for every n I/Os each thread measured, then a new line"
run_ok --engine=null -t2 --ios=1000 -P100 --quiet n0
[ "$(tr -cd . < "$T/err" | wc -c)" = 20 ] && [ "$(tail -c 2 "$T/err" | od -An -c | tr -d ' ')" = '.\n' ] ||
	fail "-P100, 2 x 1000 I/Os: $(od -c "$T/err" | head -3)"
run_ok --engine=null -t2 -d0.5 -W0 -P1000 --quiet --json=p.json n0
want=$(jq '[.model.result.rows[] | ((.c[0].ios + .c[1].ios) / 1000 | floor)] | add' p.json)
[ "$(tr -cd . < "$T/err" | wc -c)" = "$want" ] || fail "-P1000: $(tr -cd . < "$T/err" | wc -c) dots, wanted $want"
run_ok --engine=null --ios=10 --quiet n0
! grep -q '\.' "$T/err" || fail "dots without -P"
run_ok -Rpxml -P a.dat
grep -q "<Progress>65536</Progress>" "$T/out" || fail "-P alone in the profile: $(grep Progress "$T/out")"

say "-p: each of -o's I/Os its own sequential run from the thread's first offset (the offsets issued)"
run_ok --engine=null -p -o4 -b4K --ios=12 -W0 --offset-trace="$T/par" n0
[ "$(cut -d, -f5 "$T/par_lat.1.log" | sort -n | uniq -c | awk '{ print $1 "x" $2 }' | paste -sd' ')" = \
	"4x0 4x4096 4x8192" ] || fail "-p -o4: offsets $(cut -d, -f5 "$T/par_lat.1.log" | paste -sd' ')"
run_ok --engine=null -o4 -b4K --ios=12 -W0 --offset-trace="$T/seq" n0
[ "$(cut -d, -f5 "$T/seq_lat.1.log" | sort -un | wc -l)" = 12 ] || fail "without -p: offsets repeat"
run_ok -Rpxml -p -o4 a.dat
cp "$T/out" par.xml
grep -q "<ParallelAsyncIO>true</ParallelAsyncIO>" par.xml || fail "-p in the profile"
run_ok -Rpxml -Xpar.xml
cmp -s par.xml "$T/out" || fail "-X of -p's profile"
bad "-p conflicts with -r" -p -r a.dat
bad "-si conflicts with -p" -p -si a.dat
say "-O with -F: each thread's I/Os in flight shared by its targets, each I/O to one drawn at random"
run_ok --engine=null -F1 -O4 -b4K -r --ios=100000 -W0 --quiet --json=o.json n0 n1
share=$(jq '[.results.threads[] | .total.ios] | (.[0] / add)' o.json)
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; }
near "$share" 0.5 0.01 || fail "-O4 over two targets: the first took $share of the I/Os"
[ "$(jq '[.results.threads[] | .total.ios] | add' o.json)" = 100000 ] || fail "-O: not 100000 I/Os"
# the null model: 10 ms an I/O, so a thread with 4 in flight completes 400 a second (8 with -o4)
for c in "-O4:4" "-o4:8"; do
	run_ok --engine=null --null-latency=10ms -F2 "${c%%:*}" -b4K -r -d1 -W0 --quiet --json=q.json n0 n1
	want=${c#*:}
	for th in 0 1; do
		qd=$(jq "[.results.threads[] | select(.thread == $th) | .queue_depth_achieved] | add" q.json)
		ios=$(jq "[.results.threads[] | select(.thread == $th) | .total.ios] | add" q.json)
		awk -v q="$qd" -v n="$ios" -v w="$want" 'BEGIN { exit !(q <= w + 0.05 && q >= w * 0.75 &&
			n <= w * 100 + w && n >= w * 75) }' ||
			fail "${c%%:*}: thread $th kept $qd in flight and did $ios I/Os, wanted $want and $((want * 100))"
	done
done
[ "$(jq .queue_depth.requested q.json)" = 16 ] || fail "-o4: requested $(jq .queue_depth.requested q.json)"
# sequential: each target's own run, unbroken though its I/Os are drawn among the others'
head -c 1048576 /dev/urandom > s1.dat
head -c 1048576 /dev/urandom > s2.dat
run_ok -F1 -O8 -b4K -w100 -Z -Sh --ios=200 -W0 --overwrite --quiet --json=s.json s1.dat s2.dat
for i in 0 1; do
	f=s$((i + 1)).dat
	n=$(jq ".results.threads[] | select(.target == $i) | .write.ios" s.json)
	lead=$(python3 -c "
d = open('$f', 'rb').read()
z = bytes(4096)
n = 0
while n * 4096 < len(d) and d[n * 4096:(n + 1) * 4096] == z: n += 1
rest = sum(d[k * 4096:(k + 1) * 4096] == z for k in range(n, len(d) // 4096))
print(n if rest == 0 else -rest)")
	[ "$n" -gt 0 ] && [ "$lead" = "$n" ] || fail "-O8 -s: $f took $n writes, its first $lead blocks are zeros"
done
run_ok -F1 -O8 -b4K -d0.2 -W0 s1.dat s2.dat
grep -q "number of outstanding I/O operations per thread: 8" "$T/out" &&
	grep -q "relative IO weight in thread pool: 1" "$T/out" && grep -q "^request count:.*8" "$T/out" ||
	fail "-O in the text report: $(cat "$T/out")"

say "-X: <Weight> and <ThreadTargets> (no command-line form): each thread's I/Os split by its weights"
cat > w.xml <<'EOF'
<Profile><TimeSpans><TimeSpan>
  <ThreadCount>2</ThreadCount><RequestCount>4</RequestCount><Warmup>0</Warmup>
  <Targets>
    <Target><Path>*1</Path><BlockSize>4096</BlockSize><Random>4096</Random><Weight>3</Weight></Target>
    <Target><Path>*2</Path><BlockSize>4096</BlockSize><Random>4096</Random><Weight>1</Weight>
      <ThreadTargets><ThreadTarget><Thread>1</Thread></ThreadTarget></ThreadTargets></Target>
  </Targets>
</TimeSpan></TimeSpans></Profile>
EOF
run_ok -Xw.xml --engine=null --ios=40000 --quiet --json=w.json n0 n1
got() { jq ".results.threads[] | select(.thread == $1 and .target == $2) | .total.ios" w.json; }
[ "$(got 0 0)" = 40000 ] && [ "$(got 0 1)" = 0 ] ||
	fail "thread 0 (not among n1's ThreadTargets): $(got 0 0) and $(got 0 1)"
near "$(awk -v a="$(got 1 0)" 'BEGIN { print a / 40000 }')" 0.75 0.01 ||
	fail "thread 1: weights 3:1 gave $(got 1 0) of 40000"
run_ok -Rpxml -Xw.xml n0 n1
cp "$T/out" w1.xml
grep -q "<RequestCount>4</RequestCount>" w1.xml && grep -q "<Weight>3</Weight>" w1.xml &&
	grep -q "<ThreadTarget>" w1.xml || fail "the profile: $(cat w1.xml)"
run_ok -Rpxml -Xw1.xml
cmp -s w1.xml "$T/out" || fail "-X of -O's profile: $(diff w1.xml "$T/out")"
sed 's|<Weight>3</Weight>|<Weight>0</Weight>|' w.xml > w0.xml
bad "a non-zero target Weight must be specified" -Xw0.xml n0 n1
sed 's|<Thread>1</Thread>|<Thread>2</Thread>|' w.xml > w2.xml
bad "illegal thread specified for ThreadTarget" -Xw2.xml n0 n1
sed 's|<RequestCount>4</RequestCount>||' w.xml > w3.xml
bad "ThreadTargets can only be specified when the TimeSpan's ThreadCount and RequestCount are" -Xw3.xml n0 n1
bad "-O4: I/Os in flight per thread, shared by its targets, go with -F" -O4 a.dat
bad "-g throughput control cannot be used with -O" -F2 -O4 -g100 a.dat
bad "-j think time cannot be used with -O" -F2 -O4 -i4 -j10 a.dat
bad "-p parallel IO cannot be used with -O" -F2 -O4 -p a.dat
bad "--verify cannot be used with -O" -F2 -O4 --verify a.dat
bad "-O: 0 is out of range" -F2 -O0 a.dat
echo PASS
