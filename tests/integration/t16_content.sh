# Description: what writes carry: -Zr unique random data (no two 4 KiB blocks alike), DiskSpd's default 0-255 pattern without -Z (it compresses on zram, as the report's note says), --dedupe's share of identical blocks, --pattern, and --compress as zram's mm_stat measures it.
. "$(dirname "$0")/lib.sh"

# distinct FILE: how many different 4 KiB blocks FILE holds
distinct() {
	rm -rf "$T/blocks" && mkdir "$T/blocks"
	(cd "$T/blocks" && split -b 4096 -a 5 "$1" b && md5sum b* | cut -d' ' -f1 | sort -u | wc -l)
}

say "-Zr: every write unique (QD4 reuses 4 buffers, yet 4096 distinct blocks)"
run_ok -c16M --ios=4096 -b4K -o4 -w100 -Sh -Zr --keep "$T/f.dat"
n=$(distinct "$T/f.dat")
[ "$n" = 4096 ] || fail "only $n distinct blocks of 4096: writes repeat each other"

say "--dedupe=50: about half the writes carry one same block"
run_ok --ios=4096 -b4K -o4 -w100 -Sh --dedupe=50 "$T/f.dat"
n=$(distinct "$T/f.dat")
[ "$n" -ge 1850 ] && [ "$n" -le 2250 ] || fail "--dedupe=50 left $n distinct blocks of 4096"

say "--pattern: every block holds the pattern"
run_ok --ios=4096 -b4K -o4 -w100 -Sh --pattern=0xdeadbeef "$T/f.dat"
[ "$(distinct "$T/f.dat")" = 1 ] || fail "--pattern left several kinds of block"
[ "$(od -A n -t x1 -N 8 "$T/f.dat" | tr -d ' ')" = deadbeefdeadbeef ] || fail "pattern bytes: $(od -A n -t x1 -N 8 "$T/f.dat")"

say "--compress on zram: its mm_stat shows the ratio asked for"
new_zram 64
# mm_stat: orig_data_size compr_data_size ... same_pages (6th)
ratio() { awk '{ if ($1 == 0) print "none"; else printf "%.2f\n", $2 / $1 }' "/sys/block/$ZRAM/mm_stat"; }
run_ok --ios=32 -b1M -o4 -w100 -Sh -Zr --allow-device-write "$ZDEV"
r=$(ratio); echo "random: compressed/original $r"
awk -v r="$r" 'BEGIN { exit !(r >= 0.9) }' || fail "random data compressed to $r"
# DiskSpd's default data (no -Z), its 0-255 pattern, shrinks as the report's note says
run_ok --ios=32 -b1M -o4 -w100 -Sh --allow-device-write "$ZDEV"
r=$(ratio); echo "DiskSpd's default pattern: compressed/original $r"
awk -v r="$r" 'BEGIN { exit !(r < 0.5) }' || fail "DiskSpd's pattern compressed only to $r"
grep -q "^note: the writes carry DiskSpd's default data" "$T/out" || fail "no note on the pattern"
for pct in 50 75; do
	run_ok --ios=32 -b1M -o4 -w100 -Sh --compress=$pct --allow-device-write "$ZDEV"
	r=$(ratio); echo "--compress=$pct: compressed/original $r"
	awk -v r="$r" -v p=$pct 'BEGIN { want = 1 - p / 100; exit !(r > want * 0.6 && r < want * 1.35) }' ||
		fail "--compress=$pct gave a ratio of $r"
done
run_ok --ios=32 -b1M -o4 -w100 -Sh -Z --allow-device-write "$ZDEV"
same=$(awk '{ print $6 }' "/sys/block/$ZRAM/mm_stat")
[ "$same" -ge 8000 ] || fail "-Z: zram holds $same same-filled pages, wanted all 8192"
exit 0
