# Description: every one of fio 3.33's option names (src/job/fionames.c) is either implemented and in docs/jobfiles.md's option table, or refused by name and in its list of options iobench does not implement (an engine's own option under its engine); never an unknown option. The docs' lists are checked against what iobench does with each name.
. "$(dirname "$0")/lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$HERE/../../src/job/fionames.c
DOC=$HERE/../../docs/jobfiles.md
[ -r "$SRC" ] && [ -r "$DOC" ] || skip "no source tree beside the tests"
cd "$T"

case_ effect "each fio 3.33 option: implemented and in the table, or refused by name and listed; none unknown"
sed -n 's/^\t{ "\([^"]*\)", \(NULL\|"\([^"]*\)"\) },$/\1 \3/p' "$SRC" > names
[ "$(wc -l < names)" -gt 300 ] || fail "only $(wc -l < names) names read from fionames.c"
# the list itself against fio 3.33's own: every option its --cmdhelp=all names is in fionames.c
if fio --version 2>/dev/null | grep -q '^fio-3\.33$'; then
	fio --cmdhelp=all | sed -n 's/^ *\([a-z_0-9]*\) *:.*/\1/p' | sort -u > fio.names
	cut -d' ' -f1 names | sort -u > ib.names
	[ "$(wc -l < fio.names)" -gt 150 ] || fail "fio --cmdhelp=all named only $(wc -l < fio.names) options"
	m=$(comm -23 fio.names ib.names | tr '\n' ' ')
	[ -z "$m" ] || fail "fio 3.33 options missing from fionames.c: $m"
else
	skip_case "fionames.c against fio 3.33's own --cmdhelp=all (fio 3.33 not installed)"
fi
: > general; : > engine; : > done
while read -r name engines; do
	printf '[a]\nioengine=null\nsize=1m\n%s=1\n' "$name" > j.fio
	"$IOBENCH" --parse-only j.fio >/dev/null 2>err
	if grep -q "j.fio:4: $name: a fio option that iobench does not implement" err; then
		echo "$name" >> general
	elif grep -q "j.fio:4: $name: an option of fio's .* engines\? that iobench does not implement" err; then
		echo "$name ($engines)" >> engine
	elif grep -q "unknown option" err; then
		fail "$name: a fio 3.33 option taken for a typo: $(cat err)"
	else
		echo "$name" >> done
	fi
done < names
echo "$(wc -l < done) implemented, $(wc -l < general) general and $(wc -l < engine) engine options refused"

case_ effect "docs/jobfiles.md: every implemented option in the option table, the refused ones in its lists"
sed -n '/^## Options$/,/^## /p' "$DOC" > table
missing=$(while read -r n; do grep -q "\`$n\`" table || echo "$n"; done < done)
[ -z "$missing" ] || fail "implemented but not in the option table: $(echo $missing)"
[ -z "${LISTS_OUT:-}" ] || { echo "General: $(sort general | sed 's/.*/`&`/' | tr '\n' ' ' | sed 's/ $//')"
	echo "Engines' own: $(sort engine | sed 's/^\([^ ]*\) (\(.*\))$/`\1` (\2)/' | tr '\n' ';' | sed 's/;/; /g; s/; $//')"; } > "$LISTS_OUT"	# to write the docs' lists anew
sed -n '/^<!-- fio-refused -->$/,/^<!-- \/fio-refused -->$/p' "$DOC" > refused
want=$(sort general | sed 's/.*/`&`/' | tr '\n' ' ' | sed 's/ $//')
got=$(sed -n 's/^General: //p' refused)
[ "$want" = "$got" ] || fail "the list of general options refused: docs say
$got
iobench refuses
$want"
want=$(sort engine | sed 's/^\([^ ]*\) (\(.*\))$/`\1` (\2)/' | tr '\n' ';' | sed 's/;/; /g; s/; $//')
got=$(sed -n 's/^Engines'"'"' own: //p' refused)
[ "$want" = "$got" ] || fail "the list of engine options refused: docs say
$got
iobench refuses
$want"
echo ok
