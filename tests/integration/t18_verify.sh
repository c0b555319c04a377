# Description: --verify: a write run then a read run over the kept file check out; a byte flipped behind iobench's back, a block copied over another and a zeroed block are each reported at exactly that block's offset, with a non-zero exit.
. "$(dirname "$0")/lib.sh"
f=$T/v.dat
BS=4096

say "write with --verify (the new file's every block is a verify block), keep it, read it back"
run_ok --verify -c16M --keep --ios=3000 -r -b4K -o8 -t2 -w100 -Sh -Rjson "$f"
jq -e '.verify.written >= 6000 and .verify.checked == 0 and .verify.mismatches == 0' "$T/out" >/dev/null ||
	fail "write run: $(jq -c .verify "$T/out")"
run_ok --verify --ios=4096 -b4K -o8 -w0 -Sh -Rjson "$f"	# sequential: every block once
jq -e '.verify.checked >= 4096 and .verify.mismatches == 0' "$T/out" >/dev/null ||
	fail "read run: $(jq -c .verify "$T/out")"

say "a mixed run checks blocks written earlier in the same run"
run_ok --verify --ios=20000 -r -b4K -o16 -t2 -w40 -Sh -Rjson "$f"
jq -e '.verify.written > 10000 and .verify.checked > 20000 and .verify.mismatches == 0 and
	.verify.lost_writes_tracked' "$T/out" >/dev/null || fail "mixed run: $(jq -c .verify "$T/out")"
run_ok --verify --ios=2000 -r -b4K -o4 -w40 -Sh "$f"
grep -q "^verify: .* 0 mismatches" "$T/out" || fail "no verify summary in the text: $(grep verify "$T/out")"
grep -q "verify: .* 0 mismatches" "$T/err" && fail "summary went to stderr"

case_ fault "a flipped byte: exactly that block, corrupt, the bytes shown; exit 1"
# the byte's complement: a fixed value would leave it unchanged once in 256 runs (the data is random)
old=$(od -An -tu1 -j$((100 * BS + 1000)) -N1 "$f" | tr -d ' ')
# shellcheck disable=SC2059
printf "\\$(printf '%03o' $((old ^ 255)))" | dd of="$f" bs=1 seek=$((100 * BS + 1000)) conv=notrunc status=none
[ "$(od -An -tu1 -j$((100 * BS + 1000)) -N1 "$f" | tr -d ' ')" = $((old ^ 255)) ] || fail "the byte was not flipped"
run_rc 1 --verify --ios=4096 -b4K -o8 -w0 -Sh -Rjson "$f"
jq -e '.verify.mismatches == 1 and .verify.first_mismatch_offset == 409600 and
	(.verify.first_mismatch_kind | startswith("corrupt")) and (.verify.first_mismatch | test("at byte 1000 ")) and
	.complete == false' "$T/out" >/dev/null || fail "flipped byte: $(jq -c .verify "$T/out")"
grep -q "verify: '$f': corrupt block (bad checksum) at offset 409600" "$T/err" || fail "stderr: $(cat "$T/err")"

say "--continue-on-error=verify counts every bad block and reads on"
dd if="$f" of="$f" bs=$BS skip=5 seek=9 count=1 conv=notrunc status=none	# block 5 over block 9
dd if=/dev/zero of="$f" bs=$BS seek=200 count=1 conv=notrunc status=none	# block 200 zeroed
run_rc 1 --verify --continue-on-error=verify --ios=4096 -b4K -o8 -w0 -Sh -Rjson "$f"
jq -e '.verify.checked >= 4096 and .verify.mismatches == 3 and .complete == true' "$T/out" >/dev/null ||
	fail "continue: $(jq -c .verify "$T/out")"

case_ fault "each kind is named at its own offset"
run_rc 1 --verify --ios=4096 -b4K -o1 -w0 -Sh -B$((9 * BS)) -f$((10 * BS)) -Rjson "$f"
jq -e '.verify.first_mismatch_offset == 36864 and (.verify.first_mismatch_kind | startswith("misplaced"))' \
	"$T/out" >/dev/null || fail "misplaced: $(jq -c .verify "$T/out")"
run_rc 1 --verify --ios=10 -b4K -o1 -w0 -Sh -B$((200 * BS)) -f$((201 * BS)) -Rjson "$f"
jq -e '.verify.first_mismatch_offset == 819200 and (.verify.first_mismatch_kind | startswith("not an iobench"))' \
	"$T/out" >/dev/null || fail "zeroed: $(jq -c .verify "$T/out")"

say "a kept file made without --verify is laid down again for --verify, then reused"
run_ok -c8M --keep --ios=10 -b4K "$T/plain.dat"
run_ok --verify -c8M --keep --ios=2048 -b4K -w0 -Sh -Rjson "$T/plain.dat"
jq -e '.verify.mismatches == 0' "$T/out" >/dev/null || fail "plain file reused: $(jq -c .verify "$T/out")"
grep -q "creating '$T/plain.dat'" "$T/err" || fail "the plain file was not laid down again"
run_ok --verify -c8M --ios=100 -b4K -w0 -Sh "$T/plain.dat"
grep -q "creating" "$T/err" && fail "a --verify file of the same block size was laid down again"

case_ input "bad combinations are refused before any I/O"
run_rc 2 --verify -Z --ios=10 "$f"
run_rc 2 --verify -r2K -b4K --ios=10 "$f"
run_rc 2 --verify --engine=null --ios=10 x
run_rc 2 --verify -b4K -o8 -t4 --ios=10 -f$((16 * BS)) -w50 -Sh "$f"	# 4 blocks a thread, 8 in flight
grep -q "fewer than the 8 it keeps in flight" "$T/err" || fail "too few blocks: $(cat "$T/err")"
exit 0
