#!/bin/sh
# --verify on Windows: a write run then a read run over the kept file check out; a byte
# flipped behind iobench's back is reported at exactly its block's offset, with exit 1.
. "$(dirname "$0")/lib.sh"
f=$(wpath v.dat)

say "write with --verify, keep the file, read it back"
run_ok --verify -c16M --keep --ios=3000 -r -b4K -o8 -t2 -w100 -Sh -Rjson "$f"
jq -e '.verify.written >= 6000 and .verify.mismatches == 0' "$D/out" >/dev/null ||
	fail "write run: $(jq -c .verify "$D/out")"
run_ok --verify --ios=4096 -b4K -o8 -w0 -Sh -Rjson "$f"	# sequential: every block once
jq -e '.verify.checked >= 4096 and .verify.mismatches == 0' "$D/out" >/dev/null ||
	fail "read run: $(jq -c .verify "$D/out")"

say "a byte flipped at 409600 + 1000: found there"
b=$(od -An -tu1 -j410600 -N1 "$D/v.dat" | tr -d ' ')
printf "\\$(printf %o $((255 - b)))" | dd of="$D/v.dat" bs=1 seek=410600 conv=notrunc status=none
[ "$(od -An -tu1 -j410600 -N1 "$D/v.dat" | tr -d ' ')" = $((255 - b)) ] || fail "the flip"
run_rc 1 --verify --ios=4096 -b4K -o8 -w0 -Sh -Rjson "$f"
jq -e '.verify.mismatches == 1 and .verify.first_mismatch_offset == 409600' "$D/out" >/dev/null ||
	fail "flipped byte: $(jq -c .verify "$D/out")"
grep -q "corrupt block (bad checksum) at offset 409600" "$D/err" || fail "stderr: $(cat "$D/err")"
echo ok
