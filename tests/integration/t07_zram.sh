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
exit 0
