# Description: fio's trims (rw=trim, randtrim, trimwrite) as fio 3.33 issues them, checked by what they leave: a loop device's discarded ranges read back as zeros, its backing file's blocks are freed, /proc/diskstats' discard fields grow by the trims iobench counts, and fio itself, on the same kind of device, counts and discards the same; trimwrite's order under strace as fio's; the write guards hold for trims.
. "$(dirname "$0")/lib.sh"
cd "$T"
have_fio() { command -v fio >/dev/null; }

# discards DEV: "completed sectors" of DEV's discard fields (/proc/diskstats fields 15 and 17)
discards() { awk -v n="${1#/dev/}" '$3 == n { print $15, $17 }' /proc/diskstats; }
# fill DEV MB: random data over the whole device, on stable storage
fill() { dd if=/dev/urandom of="$1" bs=1M count="$2" oflag=direct status=none || fail "fill $1"; }
# job NAME DEV OPTS...: NAME.fio, one job [t] on DEV
job() {
	n=$1 d=$2; shift 2
	{ echo "[t]"; echo "filename=$d"; for o in "$@"; do echo "$o"; done; } > "$n.fio"
}
# trim_json FILE: "ios bytes" of the first job's fio-json trim object
trim_json() { jq -r '.jobs[0].trim | "\(.total_ios) \(.io_bytes)"' "$1"; }
# delta BEFORE AFTER: "discards sectors" between two discards lines
delta() { echo "$1 $2" | awk '{ print $3 - $1, $4 - $2 }'; }

new_loop 16
[ "$(cat /sys/block/${LOOP#/dev/}/queue/discard_max_bytes 2>/dev/null)" != 0 ] ||
	skip "the loop device takes no discards"
[ -n "$(discards $LOOP)" ] || skip "no discard fields in /proc/diskstats (kernel before 4.18)"

case_ effect "rw=trim on a device: the range reads back as zeros, the backing file's blocks are freed, diskstats counts iobench's trims"
fill $LOOP 16
blocks0=$(stat -c %b "$LOOPFILE")
job seq $LOOP rw=trim bs=64k size=1m
d0=$(discards $LOOP)
run_ok seq.fio --allow-device-write --output-format=json
d1=$(discards $LOOP)
got=$(trim_json "$T/out")
[ "$got" = "16 1048576" ] || fail "rw=trim: iobench counts '$got' (trims, bytes), not 16 1048576"
[ "$(delta "$d0" "$d1")" = "16 2048" ] || fail "rw=trim: diskstats discards moved $(delta "$d0" "$d1"), not 16 2048"
cmp -n 1048576 $LOOP /dev/zero >/dev/null 2>&1 || fail "rw=trim: the first MiB does not read back as zeros"
cmp -n 1048576 -i 1048576 $LOOP /dev/zero >/dev/null 2>&1 && fail "rw=trim: it trimmed past size="
blocks1=$(stat -c %b "$LOOPFILE")
[ $((blocks0 - blocks1)) -ge 2048 ] || fail "rw=trim: the backing file kept its blocks ($blocks0 -> $blocks1)"
jq -e '.jobs[0].read.total_ios == 0 and .jobs[0].write.total_ios == 0 and .jobs[0].trim.clat_ns.N == 16' \
	"$T/out" >/dev/null || fail "rw=trim: fio-json's directions: $(jq -c '.jobs[0] | [.read.total_ios, .write.total_ios, .trim.clat_ns.N]' "$T/out")"
if have_fio; then
	fill $LOOP 16
	d0=$(discards $LOOP)
	fio seq.fio --output-format=json --output="$T/fio.json" >/dev/null 2>&1 || fail "fio seq.fio failed"
	d1=$(discards $LOOP)
	[ "$(trim_json "$T/fio.json")" = "$got" ] || fail "rw=trim: fio counts $(trim_json "$T/fio.json"), iobench $got"
	[ "$(delta "$d0" "$d1")" = "16 2048" ] || fail "rw=trim: fio's discards moved $(delta "$d0" "$d1")"
else
	skip_case "the rw=trim comparison with fio (no fio)"
fi

case_ effect "rw=randtrim: as many trims and discarded sectors as fio, iobench's own reports show them"
fill $LOOP 16
job rnd $LOOP rw=randtrim bs=64k size=4m
d0=$(discards $LOOP)
run_ok rnd.fio --allow-device-write --output-format=json
d1=$(discards $LOOP)
got=$(trim_json "$T/out")
[ "$got" = "64 4194304" ] || fail "randtrim: iobench counts '$got'"
[ "$(delta "$d0" "$d1")" = "64 8192" ] || fail "randtrim: diskstats discards moved $(delta "$d0" "$d1")"
run_ok rnd.fio --allow-device-write --output-format=iobench-json
jq -e '.[0].results.total.trim.ios == 64 and .[0].results.total.read.ios == 0 and
	.[0].results.total.total.ios == 64 and .[0].workload.targets[0].trim == "trim"' "$T/out" >/dev/null ||
	fail "randtrim: iobench-json: $(jq -c '.[0].results.total | [.trim.ios, .read.ios, .total.ios]' "$T/out")"
run_ok rnd.fio --allow-device-write --output-format=text
grep -q '^Trim IO' "$T/out" || fail "randtrim: no Trim IO table in iobench's text"
# fio's terse v3 has no trim fields; v5 (and v2, v4) do: the trims' KiB is field 100 of v5
run_ok rnd.fio --allow-device-write --output-format=terse --terse-version=5
[ "$(cut -d';' -f100 "$T/out")" = 4096 ] || fail "randtrim: terse v5's trim KiB: $(cut -d';' -f100 "$T/out")"
run_ok rnd.fio --allow-device-write --output-format=normal
grep -q '  trim: IOPS=' "$T/out" || fail "randtrim: fio's normal layout has no trim line"
grep -q 'issued rwts: total=0,0,64,0' "$T/out" || fail "randtrim: $(grep issued "$T/out")"
grep -q '^   TRIM: bw=' "$T/out" || fail "randtrim: no TRIM line in the group's run status"
if have_fio; then
	d0=$(discards $LOOP)
	fio rnd.fio --output-format=json --output="$T/fio.json" >/dev/null 2>&1 || fail "fio rnd.fio failed"
	d1=$(discards $LOOP)
	[ "$(trim_json "$T/fio.json")" = "$got" ] || fail "randtrim: fio counts $(trim_json "$T/fio.json"), iobench $got"
	[ "$(delta "$d0" "$d1")" = "64 8192" ] || fail "randtrim: fio's discards moved $(delta "$d0" "$d1")"
	fio rnd.fio --output-format=terse --terse-version=5 --output="$T/fio.terse" >/dev/null 2>&1
	[ "$(cut -d';' -f100 "$T/fio.terse")" = 4096 ] || fail "randtrim: fio's terse v5 field 100 differs"
else
	skip_case "the randtrim comparison with fio (no fio)"
fi

case_ effect "trimwrite: each block trimmed, then written, in fio's order (strace, psync)"
if command -v strace >/dev/null; then
	job tw $LOOP rw=trimwrite ioengine=psync bs=4k size=16k
	# order: D (discard) or W (write), with the offset
	order() { grep -E 'BLKDISCARD|pwrite64\(' "$1" | sed -n -e 's/.*BLKDISCARD, \[\([0-9]*\),.*/D\1/p' \
		-e 's/.*pwrite64([0-9]*, .*, \([0-9]*\), \([0-9]*\)) = .*/W\2/p' | tr '\n' ' '; }
	# (LeakSanitizer cannot run under ptrace: a sanitizer build's leak check is off here)
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	strace -f -o "$T/st" -e trace=ioctl,pwrite64 "$IOBENCH" tw.fio --allow-device-write \
		--output-format=json >"$T/out" 2>"$T/err" || { cat "$T/err"; fail "trimwrite failed"; }
	want="D0 W0 D4096 W4096 D8192 W8192 D12288 W12288 "
	[ "$(order "$T/st")" = "$want" ] || fail "trimwrite: iobench's order is '$(order "$T/st")'"
	jq -e '.jobs[0].trim.total_ios == 4 and .jobs[0].write.total_ios == 4' "$T/out" >/dev/null ||
		fail "trimwrite: $(jq -c '.jobs[0] | [.trim.total_ios, .write.total_ios]' "$T/out")"
	if have_fio; then
		strace -f -o "$T/sf" -e trace=ioctl,pwrite64 fio tw.fio --output=/dev/null >/dev/null 2>&1 ||
			fail "fio tw.fio failed"
		[ "$(order "$T/sf")" = "$want" ] || fail "trimwrite: fio's order is '$(order "$T/sf")'"
	else
		skip_case "the trimwrite order of fio (no fio)"
	fi
else
	skip_case "trimwrite's order (no strace)"
fi

case_ guard "a device without --allow-device-write is not trimmed: refused before anything runs"
fill $LOOP 16
sum=$(md5sum < $LOOP)
d0=$(discards $LOOP)
run_rc 2 seq.fio --output-format=json
grep -q "refusing to trim block device '$LOOP'" "$T/err" || fail "no refusal: $(cat "$T/err")"
[ "$(discards $LOOP)" = "$d0" ] || fail "discards without --allow-device-write"
same_bytes $LOOP "$sum"

case_ guard "--read-only refuses trims, even with --allow-device-write"
run_rc 2 seq.fio --allow-device-write --read-only
grep -q -- "--read-only: the run would trim '$LOOP'" "$T/err" || fail "no refusal: $(cat "$T/err")"
[ "$(discards $LOOP)" = "$d0" ] || fail "discards under --read-only"
same_bytes $LOOP "$sum"

case_ guard "a regular file iobench did not create is not trimmed without --overwrite, nor under --read-only"
dd if=/dev/urandom of="$T/f.dat" bs=1M count=2 status=none
fsum=$(md5sum < "$T/f.dat")
fblocks=$(stat -c %b "$T/f.dat")
job file "$T/f.dat" rw=trim bs=64k size=1m
run_rc 2 file.fio
grep -q "refusing to trim '$T/f.dat': iobench did not create it" "$T/err" || fail "no refusal: $(cat "$T/err")"
run_rc 2 file.fio --overwrite --read-only
grep -q -- "--read-only: the run would trim '$T/f.dat'" "$T/err" || fail "--read-only: $(cat "$T/err")"
same_bytes "$T/f.dat" "$fsum"
[ "$(stat -c %b "$T/f.dat")" = "$fblocks" ] || fail "the file's blocks changed"

case_ effect "trims in a regular file punch holes (fio 3.33's BLKDISCARD fails there with ENOTTY): the first MiB reads back as zeros, its blocks are freed, the rest is kept"
run_ok file.fio --overwrite --output-format=json
jq -e '.jobs[0].trim.io_bytes == 1048576 and .jobs[0].trim.total_ios == 16' "$T/out" >/dev/null ||
	fail "trims: $(jq -c '.jobs[0].trim | [.io_bytes, .total_ios]' "$T/out")"
[ "$(head -c 1048576 "$T/f.dat" | tr -d '\0' | wc -c)" = 0 ] || fail "the trimmed MiB is not zeros"
[ "$(tail -c 1048576 "$T/f.dat" | tr -d '\0' | wc -c)" -gt 0 ] || fail "the MiB after it was trimmed too"
[ "$(stat -c %s "$T/f.dat")" = 2097152 ] || fail "the file's size changed"
[ $((fblocks - $(stat -c %b "$T/f.dat"))) -ge 2048 ] || fail "no blocks freed: $fblocks -> $(stat -c %b "$T/f.dat")"
if have_fio; then
	dd if=/dev/urandom of="$T/f.dat" bs=1M count=2 status=none
	fio file.fio --output-format=json --output="$T/fio.json" >/dev/null 2>&1
	jq -e '.jobs[0].error == 25 and .jobs[0].trim.io_bytes == 0' "$T/fio.json" >/dev/null ||
		fail "fio trims a file now: $(jq -c '.jobs[0] | [.error, .trim.io_bytes]' "$T/fio.json")"
else
	skip_case "fio's failure on a file (no fio)"
fi
# trimwrite on a new file: each block's hole punched, then the block written: all data again
job new "$T/new.dat" rw=trimwrite bs=64k size=1m
run_ok new.fio --output-format=json
jq -e '.jobs[0].trim.io_bytes == 1048576 and .jobs[0].write.io_bytes == 1048576' "$T/out" >/dev/null ||
	fail "trimwrite on a file: $(jq -c '.jobs[0] | [.trim.io_bytes, .write.io_bytes]' "$T/out")"

case_ input "what trims cannot take is refused by name: verify=, trimwrite's trims of another size, fio's log files"
job v $LOOP rw=trimwrite verify=md5
run_rc 2 v.fio --allow-device-write
grep -q "verify= with rw=trimwrite is not implemented by iobench" "$T/err" || fail "verify: $(cat "$T/err")"
job b $LOOP rw=trimwrite bs=4k,8k,16k
run_rc 2 b.fio --allow-device-write
grep -q "rw=trimwrite with trims of other sizes than its writes" "$T/err" || fail "bs: $(cat "$T/err")"
job l $LOOP rw=trim write_bw_log=x
run_rc 2 l.fio --allow-device-write
grep -q "fio's log files (write_\*_log) of a job that trims" "$T/err" || fail "logs: $(cat "$T/err")"
job tp $LOOP rw=trim trim_percentage=10
run_rc 2 tp.fio --allow-device-write
grep -q "trim_percentage" "$T/err" || fail "trim_percentage: $(cat "$T/err")"
[ "$(discards $LOOP)" = "$d0" ] || fail "a refused job discarded"
same_bytes $LOOP "$sum"
echo "PASS"
