# Description: fio's verify= in job files: a write job writes, then reads back and checks every block in a verify phase (the same bytes read as fio 3.33, counted by strace and in fio-json); a block corrupted between a do_verify=0 run and a verify_only=1 run is reported at its offset with exit 1 (one mismatch, or all three with continue_on_error=verify), and verify_dump writes fio's BASENAME.OFFSET.received/.expected files.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"
BS=4096

# job FILE TYPE RW: a 1 MiB psync write job with verify=TYPE on $T/FILE, as job.fio
job() {
	printf '[w]\nfilename=%s/%s\nrw=%s\nbs=4k\nsize=1m\nioengine=psync\nverify=%s\n' \
		"$T" "$1" "$3" "$2" > job.fio
}

# traced OUT PROG ARGS...: PROG under strace -f, its pread64 calls logged to OUT
# (LeakSanitizer cannot run under ptrace: a sanitizer build's leak check is off there)
traced() {
	out=$1; shift
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -o "$out" -e trace=pread64 "$@" >/dev/null 2>&1
}

# preads TRACE: the pread64 calls of 4 KiB in an strace log
preads() {
	grep -c 'pread64(.*, 4096, [0-9]*) = 4096' "$1" || true
}

say "verify=TYPE: the write phase, then every block read back and checked (fio-json, strace)"
have_strace=1
command -v strace >/dev/null || { have_strace=0; skip_case "no strace: the reads are counted in fio-json only"; }
for type in crc32c md5 sha256 xxhash meta crc32 sha1 sha512 sha3-256 crc64 null; do
	for rw in write randwrite; do
		job "v-$type.dat" "$type" "$rw"
		run_ok job.fio --output-format=json
		jq -e '.jobs | length == 1 and .[0].write.io_bytes == 1048576 and
			.[0].read.io_bytes == 1048576 and .[0].read.total_ios == 256 and .[0].error == 0' \
			"$T/out" >/dev/null || fail "verify=$type rw=$rw: $(jq -c '.jobs[] | [.read.io_bytes, .write.io_bytes, .error]' "$T/out")"
		[ "$type" = null ] || grep -q "verify phase: reading back" "$T/err" || fail "no verify phase: $(cat "$T/err")"
	done
	[ "$have_strace" = 1 ] || continue
	traced "$T/tr" "$IOBENCH" job.fio --quiet || fail "strace verify=$type"
	[ "$(preads "$T/tr")" = 256 ] || fail "verify=$type: $(preads "$T/tr") reads of 4 KiB, not 256"
done
job v.dat meta write
run_ok job.fio
grep -q "verify=meta: fio's deprecated header-only check; iobench's blocks" "$T/err" || fail "meta notice: $(cat "$T/err")"

say "the same bytes as fio 3.33: written, then read back"
if command -v fio >/dev/null && fio --version 2>/dev/null | grep -q '^fio-3'; then
	for type in crc32c md5 sha256 xxhash meta; do
		job "f-$type.dat" "$type" randwrite
		fio --output-format=json job.fio > fio.json 2>/dev/null || fail "fio verify=$type"
		sed -n '/^{/,$p' fio.json > fio2.json
		job "i-$type.dat" "$type" randwrite	# a file of iobench's own (fio's is the user's)
		run_ok job.fio --output-format=json
		for f in read.io_bytes write.io_bytes read.total_ios write.total_ios error; do
			a=$(jq ".jobs[0].$f" fio2.json); b=$(jq ".jobs[0].$f" "$T/out")
			[ "$a" = "$b" ] || fail "verify=$type: $f: fio $a, iobench $b"
		done
		rm -f "f-$type.dat" local-w-0-verify.state
	done
	if [ "$have_strace" = 1 ]; then
		job f.dat crc32c write
		traced "$T/ftr" fio job.fio || fail "fio strace"
		job i.dat crc32c write
		traced "$T/tr" "$IOBENCH" job.fio --quiet || fail "strace"
		[ "$(preads "$T/ftr")" = "$(preads "$T/tr")" ] ||
			fail "reads of 4 KiB: fio $(preads "$T/ftr"), iobench $(preads "$T/tr")"
	fi
else
	skip_case "fio 3 is not installed: no comparison"
fi

say "fio's normal and terse layouts: the verify phase's reads are the job's reads, as fio prints them"
job n.dat crc32c write
run_ok job.fio --output-format=normal,terse
grep -q '^  read: IOPS=.*(1024KiB/' "$T/out" || fail "normal: no read line of 1 MiB: $(cat "$T/out")"
grep -q '^   READ: .*io=1024KiB' "$T/out" || fail "normal: no READ line of 1 MiB in the group's status"
[ "$(grep -c '^3;' "$T/out")" = 1 ] || fail "terse: not one line for the one job"
[ "$(grep '^3;' "$T/out" | cut -d';' -f6,47)" = "1024;1024" ] ||
	fail "terse: read and write KiB: $(grep '^3;' "$T/out" | cut -d';' -f6,47)"

say "time_based: as fio 3.33, the write phase takes the runtime and no verify phase starts"
printf '[w]\nfilename=%s/t.dat\nrw=write\nbs=4k\nsize=1m\nioengine=psync\nverify=crc32c\ntime_based\nruntime=200ms\n' \
	"$T" > tb.fio
run_ok tb.fio --output-format=json
grep -q "verification read phase will never start because write phase uses all of runtime" "$T/err" ||
	fail "no notice: $(cat "$T/err")"
jq -e '.jobs[0].read.io_bytes == 0 and .jobs[0].write.io_bytes > 0' "$T/out" >/dev/null ||
	fail "time_based: $(jq -c '.jobs[0] | [.read.io_bytes, .write.io_bytes]' "$T/out")"

case_ fault "a block corrupted after a do_verify=0 run: verify_only=1 names its offset, exit 1"
job c.dat crc32c write
run_ok job.fio --do_verify=0 --keep --output-format=json
jq -e '.jobs[0].read.io_bytes == 0 and .jobs[0].write.io_bytes == 1048576' "$T/out" >/dev/null ||
	fail "do_verify=0 read back: $(jq -c '.jobs[0].read.io_bytes' "$T/out")"
[ -f c.dat ] || fail "--keep left no c.dat"
# 4 bytes of each of 3 blocks inverted: each byte differs from what was there (a fixed
# pattern would match a random byte 1 time in 256)
python3 -c '
import sys
with open("c.dat", "r+b") as f:
    for b in (10, 20, 30):
        f.seek(b * int(sys.argv[1]) + 1000)
        old = f.read(4)
        f.seek(b * int(sys.argv[1]) + 1000)
        f.write(bytes(x ^ 0xFF for x in old))' "$BS" || fail "corrupting c.dat"
run_rc 1 job.fio --verify_only=1 --output-format=json
grep -q "verify: '$T/c.dat': corrupt block (bad checksum) at offset 40960: at byte 1000" "$T/err" ||
	fail "verify_only: $(cat "$T/err")"
jq -e '.jobs[0].error == 84 and .jobs[0].write.io_bytes == 0 and .jobs[0].read.io_bytes < 1048576' \
	"$T/out" >/dev/null || fail "verify_only json: $(jq -c '.jobs[0] | [.error, .read.io_bytes]' "$T/out")"
[ "$(ls ./*.received ./*.expected 2>/dev/null | wc -l)" = 0 ] || fail "dumps without verify_dump"

say "verify_fatal=1 and the default stop at the first mismatch; continue_on_error=verify reports all three"
run_rc 1 job.fio --verify_only=1 --verify_fatal=1 --continue_on_error=verify --output-format=json
jq -e '.jobs[0].error == 84 and .jobs[0].read.io_bytes == 40960' "$T/out" >/dev/null ||
	fail "verify_fatal=1: $(jq -c '.jobs[0] | [.error, .read.io_bytes]' "$T/out")"
run_rc 1 job.fio --verify_only=1 --continue_on_error=verify --output-format=json
grep -q "iobench: 3 verify mismatches, counted and continued past; the first: .* at offset 40960" "$T/err" ||
	fail "continue: $(cat "$T/err")"
jq -e '.jobs[0].error == 84 and .jobs[0].total_err == 3 and .jobs[0].first_error == 84 and
	.jobs[0].read.io_bytes == 1048576' "$T/out" >/dev/null ||
	fail "continue json: $(jq -c '.jobs[0] | [.error, .total_err, .read.io_bytes]' "$T/out")"
if command -v fio >/dev/null; then
	# the same corruption of the blocks fio writes, counted by fio: its count is iobench's
	# (fio cannot read iobench's block format, nor iobench fio's: each checks its own)
	job cf.dat crc32c write
	fio job.fio --do_verify=0 --output=/dev/null >fio.err 2>&1 || fail "fio do_verify=0: $(cat fio.err)"
	python3 -c '
import sys
with open("cf.dat", "r+b") as f:
    for b in (10, 20, 30):
        f.seek(b * int(sys.argv[1]) + 1000)
        old = f.read(4)
        f.seek(b * int(sys.argv[1]) + 1000)
        f.write(bytes(x ^ 0xFF for x in old))' "$BS" || fail "corrupting cf.dat"
	fio --verify_only=1 --continue_on_error=verify --output-format=json job.fio > fio.json 2>fio.err
	n=$(jq '.jobs[0].total_err' fio.json)
	[ "$n" = 3 ] && [ "$(grep -c 'verify: bad header\|verify failed\|crc32c: verify failed' fio.err)" -ge 3 ] ||
		fail "fio counts $n mismatches on its own blocks, iobench 3: $(head -c 600 fio.err)"
	job c.dat crc32c write
else
	skip_case "fio's count of the same corruption (no fio)"
fi

case_ fault "verify_dump: each bad block as read and as expected, in fio's file names"
run_rc 1 job.fio --verify_only=1 --continue_on_error=verify --verify_dump=1
for off in 40960 81920 122880; do
	[ -f "c.dat.$off.received" ] && [ -f "c.dat.$off.expected" ] || fail "no dump for $off: $(ls)"
	dd if=c.dat bs=$BS skip=$((off / BS)) count=1 status=none | cmp -s - "c.dat.$off.received" ||
		fail "c.dat.$off.received is not the block read"
	n=$(cmp -l "c.dat.$off.received" "c.dat.$off.expected" | wc -l)
	[ "$n" = 4 ] || fail "$off: $n bytes differ between received and expected, not the 4 corrupted"
	cmp -l "c.dat.$off.received" "c.dat.$off.expected" | awk 'NR == 1 && $1 != 1001 { exit 1 }' ||
		fail "$off: the first difference is not at byte 1000"
done

say "refused by name, before anything is created"
job never.dat crc32c write
for opt in verify_backlog=x verify_offset=8 verify_interval=512 verify=bogus; do
	run_rc 2 job.fio "--$opt"
	[ ! -e never.dat ] || fail "--$opt created never.dat"
	grep -q "${opt%%=*}" "$T/err" || fail "--$opt: $(cat "$T/err")"
done
printf '[m]\nfilename=%s/never.dat\nrw=randrw\nbs=4k\nsize=1m\nverify=md5\n' "$T" > m.fio
run_rc 2 m.fio
grep -q "verify= on a mixed job (rw=randrw)" "$T/err" || fail "randrw: $(cat "$T/err")"
run_rc 2 job.fio --verify_only=1
grep -q "verify_only: '$T/never.dat' does not exist" "$T/err" || fail "verify_only, no file: $(cat "$T/err")"
for opt in verify_async=4 verify_state_save=1 experimental_verify=1; do
	job n.dat crc32c write
	run_ok job.fio "--$opt"
	grep -q "${opt%%=*}: " "$T/err" || fail "--$opt: no notice: $(cat "$T/err")"
done
