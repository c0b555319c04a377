# Description: a zram RAM disk: O_DIRECT runs whose I/O counts the device confirms within 1%.
. "$(dirname "$0")/lib.sh"
new_zram 512
dev=$ZDEV

say "fill it (writes need the flag), then random reads"
run_ok -d0.5 -W0 -b1M -o4 -Sh -w100 --allow-device-write "$dev"
for eng in io_uring psync; do
	o=32; [ $eng = psync ] && o=1
	r0=$(diskstat "$dev" 4)
	run_ok --engine=$eng --ios=50000 -o$o -r -b4K -Sh "$dev"
	r1=$(diskstat "$dev" 4)
	set -- $(total Read)
	echo "$eng: iobench $2 reads, device $((r1 - r0))"
	within $((r1 - r0)) "$2" 1 || fail "$eng: device/iobench ratio off: $((r1 - r0)) / $2"
done

say "mixed run: reads and writes each agree"
r0=$(diskstat "$dev" 4); w0=$(diskstat "$dev" 8)
run_ok --ios=40000 -o16 -t2 -r -b4K -Sh -w30 --allow-device-write "$dev"
r1=$(diskstat "$dev" 4); w1=$(diskstat "$dev" 8)
set -- $(total Read); within $((r1 - r0)) "$2" 1 || fail "reads: device $((r1 - r0)), iobench $2"
set -- $(total Write); within $((w1 - w0)) "$2" 1 || fail "writes: device $((w1 - w0)), iobench $2"
say "io_uring on zram, which takes no non-blocking I/O: worker threads do the I/O, and the report says so"
run_ok --engine=io_uring --ios=20000 -o8 -r -b4K -Sh -Rjson "$dev"
jq -e '.cpu.process.io_workers.threads >= 1' "$T/out" >/dev/null ||
	fail "no io_uring worker threads counted: $(jq -c .cpu.process "$T/out")"
jq -e '[.warnings[].code] | index("io_workers") != null' "$T/out" >/dev/null ||
	fail "no io_workers warning: $(jq -c '[.warnings[].code]' "$T/out")"
run_ok --engine=psync --ios=20000 -o1 -r -b4K -Sh -Rjson "$dev"
jq -e '.cpu.process.io_workers.threads == 0 and ([.warnings[].code] | index("io_workers") == null)' \
	"$T/out" >/dev/null || fail "psync counted io_uring workers: $(jq -c .cpu.process "$T/out")"
if [ "$(stat -f -c %T "$T")" = ext2/ext3 ]; then
	say "io_uring O_DIRECT on an ext4 file takes non-blocking I/O: no worker threads"
	run_ok -c16M --engine=io_uring --ios=20000 -o8 -r -b4K -Sh -Rjson "$T/f.dat"
	jq -e '.cpu.process.io_workers.threads == 0' "$T/out" >/dev/null ||
		fail "io_uring workers on ext4: $(jq -c .cpu.process "$T/out")"
else
	skip_case "the ext4 case ($T is on $(stat -f -c %T "$T"))"
fi
exit 0
