# Description: fio's verify_pattern: verify=pattern writes exactly fio 3.33's bytes (cmp of the files each leaves, for 0xaa555aa5, "text", %o and a combination) and reads them back as fio counts them (fio-json); a corrupted byte is found at its block and byte by a verify_only=1 run, as fio finds it; with a checksum type the pattern is the data under the header (fio's bytes past the headers); verify_pattern alone checks a header and the pattern; bad patterns are refused by name before anything is created. verify_backlog and verify_backlog_batch read written blocks back while the job writes, in fio's order of preads and pwrites (strace, psync), each block once as fio counts it (fio-json, libaio and io_uring at iodepth 8).
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"
BS=4096

# job FILE PATTERN [VERIFY]: a 64 KiB psync write job on $T/FILE with verify_pattern=PATTERN
# (and verify=VERIFY, when given), as job.fio
job() {
	{ printf '[w]\nfilename=%s/%s\nrw=write\nbs=4k\nsize=64k\nioengine=psync\n' "$T" "$1"
	  [ -z "${3:-}" ] || printf 'verify=%s\n' "$3"
	  printf 'verify_pattern=%s\n' "$2"; } > job.fio
}

# figures JSON: read and write bytes and I/Os, and the error, of the first job in fio-json
figures() {
	sed -n '/^{/,$p' "$1" | jq -c '.jobs[0] | [.read.io_bytes, .write.io_bytes, .read.total_ios,
		.write.total_ios, .error]'
}

have_fio=0
command -v fio >/dev/null && fio --version 2>/dev/null | grep -q '^fio-3' && have_fio=1

say "verify=pattern: every block the pattern, fio's bytes on disk, read back and checked"
job i.dat 0xaa555aa5 pattern
run_ok job.fio --keep --output-format=json
[ "$(figures "$T/out")" = "[65536,65536,16,16,0]" ] || fail "figures: $(figures "$T/out")"
[ "$(od -A n -t x1 -N 8 -j $((5 * BS)) i.dat | tr -d ' ')" = aa555aa5aa555aa5 ] ||
	fail "block 5: $(od -A n -t x1 -N 8 -j $((5 * BS)) i.dat)"
[ "$(od -A n -t x1 -v i.dat | tr -s ' \n' '\n\n' | sort -u | tr -d '\n')" = 555aa5aa ] ||
	fail "bytes other than the pattern's in i.dat"
rm -f i.dat
job i.dat '%o' pattern	# each block holds its own offset, 8 bytes little-endian, repeated
run_ok job.fio --keep
[ "$(od -A n -t x1 -N 16 -j $((3 * BS)) i.dat | tr -d ' ')" = 00300000000000000030000000000000 ] ||
	fail "%o at block 3: $(od -A n -t x1 -N 16 -j $((3 * BS)) i.dat)"
rm -f i.dat
if [ "$have_fio" = 1 ]; then
	for pat in 0xaa555aa5 '"text"' '%o' '0xff%o"abcd"-12' -1024 0x1ff; do
		job f.dat "$pat" pattern
		fio --output-format=json job.fio > fio.json 2>/dev/null || fail "fio verify_pattern=$pat"
		job i.dat "$pat" pattern
		run_ok job.fio --keep --output-format=json
		cmp f.dat i.dat || fail "verify_pattern=$pat: iobench's bytes are not fio's"
		[ "$(figures fio.json)" = "$(figures "$T/out")" ] ||
			fail "verify_pattern=$pat: fio $(figures fio.json), iobench $(figures "$T/out")"
		rm -f f.dat i.dat
	done
else
	skip_case "fio 3 is not installed: no comparison of the bytes"
fi

case_ fault "a byte corrupted in a verify=pattern block: verify_only=1 names its block and byte, as fio"
job c.dat 0xaa555aa5 pattern
run_ok job.fio --keep --do_verify=0
printf 'XY' | dd of=c.dat bs=1 seek=$((5 * BS + 777)) conv=notrunc status=none
run_rc 1 job.fio --verify_only=1 --output-format=json
grep -q "verify: '$T/c.dat': bad pattern (the block is not verify_pattern) at offset 20480: at byte 777 of the block expected 555aa5aa" "$T/err" ||
	fail "verify_only: $(cat "$T/err")"
jq -e '.jobs[0].error == 84' "$T/out" >/dev/null || fail "error: $(jq -c '.jobs[0].error' "$T/out")"
if [ "$have_fio" = 1 ]; then
	fio --verify_only=1 job.fio > fio.out 2>&1
	grep -q "bad pattern block offset 777" fio.out && grep -q "verify failed at file $T/c.dat offset 20480" fio.out ||
		fail "fio does not find it there: $(grep -i 'pattern\|verify' fio.out)"
fi

say "verify_pattern with verify=crc32c: the pattern under each header (fio's bytes past it), checked"
job i.dat 0xaa555aa5 crc32c
run_ok job.fio --keep --output-format=json
[ "$(figures "$T/out")" = "[65536,65536,16,16,0]" ] || fail "figures: $(figures "$T/out")"
[ "$(od -A n -t x1 -N 8 -j $((2 * BS + 64)) i.dat | tr -d ' ')" = aa555aa5aa555aa5 ] ||
	fail "block 2 past its header: $(od -A n -t x1 -N 8 -j $((2 * BS + 64)) i.dat)"
if [ "$have_fio" = 1 ]; then
	job f.dat 0xaa555aa5 crc32c
	fio --output-format=json job.fio > fio.json 2>/dev/null || fail "fio crc32c"
	[ "$(figures fio.json)" = "$(figures "$T/out")" ] ||
		fail "crc32c: fio $(figures fio.json), iobench $(figures "$T/out")"
	n=$(cmp -l f.dat i.dat | awk -v bs=$BS '($1 - 1) % bs >= 64' | wc -l)
	[ "$n" = 0 ] || fail "$n bytes past the headers differ from fio's"
fi
printf 'Z' | dd of=i.dat bs=1 seek=$((9 * BS + 1500)) conv=notrunc status=none
job i.dat 0xaa555aa5 crc32c
run_rc 1 job.fio --verify_only=1
grep -q "corrupt block (bad checksum) at offset 36864: at byte 1500 of the block expected aa555aa5.*, found 5a555aa5" "$T/err" ||
	fail "crc32c verify_only: $(cat "$T/err")"

say "verify_pattern alone: fio's header-and-pattern type, with a notice"
job a.dat '"text"'
run_ok job.fio --keep --output-format=json
grep -q "verify_pattern without verify=: fio checks a header and the pattern under it" "$T/err" ||
	fail "no notice: $(cat "$T/err")"
[ "$(figures "$T/out")" = "[65536,65536,16,16,0]" ] || fail "figures: $(figures "$T/out")"
[ "$(dd if=a.dat bs=1 skip=$((BS + 64)) count=8 status=none)" = texttext ] || fail "no text past the header"

case_ input "malformed patterns, and verify=pattern without one: refused by name, nothing created"
for pat in 0xzz '"ab' '%x' "'file'" '""' 12abc; do
	job never.dat "$pat" pattern
	run_rc 2 job.fio
	[ ! -e never.dat ] || fail "verify_pattern=$pat created never.dat"
	grep -q "verify_pattern=$pat: " "$T/err" || fail "verify_pattern=$pat: $(cat "$T/err")"
done
job never.dat "'file'" pattern
run_rc 2 job.fio
grep -q "a pattern read from a file (fio's 'FILE') is not implemented by iobench" "$T/err" ||
	fail "'file': $(cat "$T/err")"
printf '[w]\nfilename=%s/never.dat\nrw=write\nbs=4k\nsize=64k\nverify=pattern\n' "$T" > np.fio
run_rc 2 np.fio
grep -q "job 'w': verify=pattern needs a verify_pattern" "$T/err" || fail "no pattern: $(cat "$T/err")"
[ ! -e never.dat ] || fail "created never.dat"

# bjob FILE BACKLOG [BATCH] [ENGINE DEPTH RW SIZE]: a write job with verify=crc32c and
# verify_backlog=BACKLOG (verify_backlog_batch=BATCH), as bl.fio
bjob() {
	{ printf '[w]\nfilename=%s/%s\nrw=%s\nbs=4k\nsize=%s\nioengine=%s\niodepth=%s\n' \
		"$T" "$1" "${6:-write}" "${7:-40k}" "${4:-psync}" "${5:-1}"
	  printf 'verify=crc32c\nverify_backlog=%s\n' "$2"
	  [ -z "${3:-}" ] || printf 'verify_backlog_batch=%s\n' "$3"; } > bl.fio
}

# order TRACE: the 4 KiB preads and pwrites of an strace log, as r0 w1 ... (block numbers)
order() {
	sed -nE 's/.*p(read|write)64\([0-9]+, .*, 4096, ([0-9]+)\) = 4096.*/\1 \2/p' "$1" |
		awk '{ printf "%s%s%d", n++ ? " " : "", substr($1, 1, 1) == "r" ? "r" : "w", $2 / 4096 }'
}

traced() {
	out=$1; shift
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -o "$out" -e trace=pread64,pwrite64 "$@" >/dev/null 2>&1
}

say "verify_backlog: written blocks read back while the job writes, in fio 3.33's order (strace, psync)"
if command -v strace >/dev/null; then
	# fio 3.33's order for these jobs (10 blocks of 4 KiB), as its strace shows it
	for c in "4||w0 w1 w2 w3 r0 r1 r2 r3 w4 w5 w6 w7 r4 r5 r6 r7 w8 w9 r8 r9" \
		 "4|2|w0 w1 w2 w3 r0 r1 w4 w5 r2 r3 w6 w7 r4 r5 w8 w9 r6 r7 r8 r9" \
		 "2|4|w0 w1 r0 r1 w2 r2 w3 r3 w4 w5 r4 r5 w6 r6 w7 r7 w8 w9 r8 r9" \
		 "3||w0 w1 w2 r0 r1 r2 w3 w4 w5 r3 r4 r5 w6 w7 w8 r6 r7 r8 w9 r9"; do
		b=${c%%|*}; rest=${c#*|}; bt=${rest%%|*}; want=${rest#*|}
		bjob i.dat "$b" "$bt"
		traced "$T/tr" "$IOBENCH" bl.fio --quiet || fail "strace verify_backlog=$b"
		[ "$(order "$T/tr")" = "$want" ] ||
			fail "verify_backlog=$b batch=$bt: $(order "$T/tr"), fio: $want"
		if [ "$have_fio" = 1 ]; then
			bjob f.dat "$b" "$bt"
			traced "$T/ftr" fio bl.fio || fail "fio strace"
			[ "$(order "$T/ftr")" = "$want" ] || fail "fio 3.33 itself: $(order "$T/ftr")"
			rm -f f.dat
		fi
	done
else
	skip_case "no strace: the order of reads and writes is not seen"
fi
bjob i.dat 4 2
run_ok bl.fio --output-format=json
[ "$(figures "$T/out")" = "[40960,40960,10,10,0]" ] || fail "figures: $(figures "$T/out")"
! grep -q "verify phase" "$T/err" || fail "a verify phase after the writes: $(cat "$T/err")"

say "verify_backlog with libaio and io_uring at iodepth 8: each block read back once, as fio counts"
for eng in libaio io_uring; do
	bjob i.dat 16 8 "$eng" 8 randwrite 4m
	run_ok bl.fio --output-format=json
	[ "$(figures "$T/out")" = "[4194304,4194304,1024,1024,0]" ] || fail "$eng: $(figures "$T/out")"
	if [ "$have_fio" = 1 ]; then
		bjob f.dat 16 8 "$eng" 8 randwrite 4m
		fio --output-format=json bl.fio > fio.json 2>/dev/null || fail "fio $eng"
		[ "$(figures fio.json)" = "$(figures "$T/out")" ] ||
			fail "$eng: fio $(figures fio.json), iobench $(figures "$T/out")"
		rm -f f.dat
	fi
done

say "verify_backlog with thinktime or a rate (the paced loop): every block written is read back, as fio"
for pace in thinktime=1ms rate_iops=4000; do
	bjob i.dat 16 "" psync 1 write 1m
	echo "$pace" >> bl.fio
	run_ok bl.fio --output-format=json
	[ "$(figures "$T/out")" = "[1048576,1048576,256,256,0]" ] || fail "$pace: $(figures "$T/out")"
	if [ "$have_fio" = 1 ]; then
		bjob f.dat 16 "" psync 1 write 1m
		echo "$pace" >> bl.fio
		fio --output-format=json bl.fio > fio.json 2>/dev/null || fail "fio $pace"
		[ "$(figures fio.json)" = "$(figures "$T/out")" ] ||
			fail "$pace: fio $(figures fio.json), iobench $(figures "$T/out")"
		rm -f f.dat
	fi
done

say "verify_backlog on a time_based job: reads during the runtime, no notice that none will come"
bjob t.dat 8
printf 'time_based\nruntime=200ms\n' >> bl.fio
run_ok bl.fio --output-format=json
! grep -q "verification read phase will never start" "$T/err" || fail "fio's notice: $(cat "$T/err")"
jq -e '.jobs[0].read.io_bytes > 0 and .jobs[0].error == 0' "$T/out" >/dev/null ||
	fail "time_based: $(figures "$T/out")"

case_ input "verify_backlog malformed or over two files a thread: refused by name, nothing created"
bjob never.dat x
run_rc 2 bl.fio
grep -q "verify_backlog=x: not a whole number of blocks" "$T/err" || fail "x: $(cat "$T/err")"
bjob never.dat 4
sed -i "s|^filename=.*|filename=$T/never.dat:$T/never2.dat|" bl.fio
run_rc 2 bl.fio
grep -q "verify_backlog over 2 files a thread: not implemented by iobench" "$T/err" ||
	fail "two files: $(cat "$T/err")"
[ ! -e never.dat ] && [ ! -e never2.dat ] || fail "created a file"
