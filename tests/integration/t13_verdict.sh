# Description: warnings where a figure may lie (sparse file, page cache, data set in RAM, short
# run, zram) and the verdict (latency rules, device class, application loads).
. "$(dirname "$0")/lib.sh"

# has_warning FILE CODE
has_warning() { jq -e --arg c "$2" '[.warnings[].code] | index($c) != null' "$1" >/dev/null; }

say "a sparse file: reads of holes measure nothing"
truncate -s 16M "$T/sparse.dat"
run_ok --ios=500 -r -b4K -Sh -Rjson "$T/sparse.dat"
has_warning "$T/out" sparse_file || fail "no sparse_file warning: $(jq -c .warnings "$T/out")"
jq -e '.warnings[] | select(.code == "sparse_file") | .message | test("100.0%")' "$T/out" >/dev/null ||
	fail "sparse share not 100%"
has_warning "$T/out" short_run || fail "no short_run warning"

say "a filled file has no sparse warning"
run_ok -c16M --ios=500 -r -b4K -Sh --keep -Rjson "$T/full.dat"
has_warning "$T/out" sparse_file && fail "sparse_file on a filled file"

say "buffered reads twice over a small file: page cache, data set fits in RAM"
run_ok -c16M --ios=20000 -r -b4K --keep --quiet "$T/cached.dat"
run_ok --ios=20000 -r -b4K -Rjson "$T/cached.dat"
has_warning "$T/out" fits_in_ram || fail "no fits_in_ram warning"
if jq -e '.devices[0].counters' "$T/out" >/dev/null; then
	has_warning "$T/out" page_cache || fail "no page_cache warning: $(jq -c '.devices[0].crosscheck' "$T/out")"
fi
if has_warning "$T/out" page_cache; then
	jq -e '(.verdict.not_judged | test("page cache")) and .verdict.latency == "not judged" and
		(.verdict.resembles | test("NVMe|SSD|HDD") | not) and .verdict.loads == []' "$T/out" \
		>/dev/null || fail "a page-cache run judged as a device: $(jq -c .verdict "$T/out")"
fi
run_ok --ios=20000 -r -b4K "$T/cached.dat"
grep -q "warning: page cache" "$T/out" || fail "text lacks the page cache warning"

case_ figure "a file on tmpfs: no device class, no device latency rule"
if [ -d /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ]; then
	shm=$(mktemp -d /dev/shm/iobench.XXXXXX)
	IOBENCH_STATE_DIR=$T/state "$IOBENCH" -c16M --ios=20000 -r -b4K -Rjson "$shm/t.dat" >"$T/out" 2>"$T/err"
	rc=$?
	rm -rf "$shm"
	[ $rc = 0 ] || fail "tmpfs run: $(cat "$T/err")"
	jq -e '.verdict.not_judged != null and (.verdict.resembles | test("NVMe|SSD|HDD") | not)' "$T/out" \
		>/dev/null || fail "a tmpfs run judged as a device: $(jq -c .verdict "$T/out")"
else
	skip_case "the tmpfs case (no tmpfs on /dev/shm)"
fi

say "the verdict: latency judged, device class, loads for small random I/O"
run_ok --ios=20000 -r -b4K -Sh -o8 -Rjson "$T/full.dat"
# the latency's rating depends on this disk: only that there is one (t25 rates the null model's)
jq -e '(.verdict.latency | IN("good", "warning", "critical")) and (.verdict.resembles | test("IOPS of small random I/O")) and
	(.verdict.loads | length) == 3 and .verdict.latency_text != ""' "$T/out" >/dev/null ||
	fail "verdict: $(jq -c .verdict "$T/out")"
run_ok --ios=500 -b1M -Sh -Rjson "$T/full.dat"
jq -e '(.verdict.resembles | test("MB/s of sequential")) and .verdict.loads == []' "$T/out" >/dev/null ||
	fail "sequential verdict: $(jq -c .verdict "$T/out")"
run_ok --ios=500 -b1M -Sh "$T/full.dat"
grep -q "^Verdict" "$T/out" && grep -q "rules of thumb" "$T/out" || fail "no verdict in the text"

case_ figure "a btrfs mounted with compression: warned of, and zeros called out"
if [ "$(id -u)" = 0 ] && command -v mkfs.btrfs >/dev/null; then
	new_loop 128
	mkfs.btrfs -q -f "$LOOP" >/dev/null 2>&1 || fail "mkfs.btrfs"
	mkdir "$T/bt"
	mount -o compress=zstd "$LOOP" "$T/bt" && MOUNTS="$T/bt" || fail "mount btrfs"
	run_ok -c16M --ios=2000 -b64K -w100 -Z -Rjson "$T/bt/z.dat"
	has_warning "$T/out" compressing_fs || fail "no compressing_fs warning: $(jq -c '[.warnings[].code]' "$T/out")"
	jq -e '.warnings[] | select(.code == "compressing_fs") | .message | test("compress=zstd") and
		test("measure the compressor")' "$T/out" >/dev/null || fail "message: $(jq -c .warnings "$T/out")"
	unmount "$T/bt"; MOUNTS=""
else
	skip_case "the btrfs compression case (needs root and mkfs.btrfs)"
fi

[ "$(id -u)" = 0 ] || skip_rest "the zram case needs root"
say "zram: a compressing device, non-rotational rules"
new_zram 64
run_ok --ios=2000 -b4K -r -Sh -w100 -Z --allow-device-write -Rjson "$ZDEV"
has_warning "$T/out" compressing_device || fail "no compressing_device warning"
jq -e '.warnings[] | select(.code == "compressing_device") | .message | test("zeros")' "$T/out" >/dev/null ||
	fail "-Z on zram not called out"
jq -e '.verdict.rotational == false and (.verdict.latency_text | test("rotational") | not)' "$T/out" >/dev/null ||
	fail "zram judged as rotational: $(jq -c .verdict "$T/out")"
exit 0
