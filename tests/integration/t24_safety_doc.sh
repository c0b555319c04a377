# Description: docs/safety.md's table of the cases tested holds the counts the tests really have
# (tests/safety_cases counts every case_ and bad line).
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")/.." && pwd)
doc=$here/../docs/safety.md
[ -f "$doc" ] || fail "no docs/safety.md"
"$here/safety_cases" > "$T/counts" || fail "tests/safety_cases failed"
cat "$T/counts"
for pair in "input:bad inputs" "guard:guards" "fault:faults" "signal:signals"; do
	kind=${pair%%:*} row=${pair#*:}
	have=$(awk -v k="$kind" '$1 == k { print $2 }' "$T/counts")
	says=$(awk -F '|' -v r="$row" '{ gsub(/^ +| +$/, "", $2); gsub(/ /, "", $3) } $2 == r { print $3 }' "$doc")
	[ -n "$says" ] || fail "docs/safety.md has no '$row' row"
	[ "$have" = "$says" ] || fail "docs/safety.md says $says $row, the tests have $have"
done
exit 0
