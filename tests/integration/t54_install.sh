# Description: make install and uninstall with PREFIX and DESTDIR: the program and the docs where they belong, the help naming where the docs went, the checkout untouched, nothing left after uninstall.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
b=$(dirname "$IOBENCH")
[ -f "$src/Makefile" ] && [ -f "$b/libiobench.a" ] || skip "no build folder beside $IOBENCH (make builds one)"

say "make install PREFIX=/opt/iob DESTDIR=stage: the program and the docs, and the help says where"
# a copy of the build folder: install rebuilds only what records the prefix, and the build
# the suite runs on is left alone
cp -a "$b" "$T/b" || fail "cannot copy $b"
before=$(md5sum < "$IOBENCH")
top=$( [ -e "$src/iobench" ] && md5sum < "$src/iobench")
make -s -C "$src" B="$T/b" PREFIX=/opt/iob DESTDIR="$T/stage" install >"$T/make.out" 2>&1 ||
	{ cat "$T/make.out"; fail "make install exited non-zero"; }
p=$T/stage/opt/iob
[ -x "$p/bin/iobench" ] || fail "no $p/bin/iobench: $(find "$T/stage" | head)"
"$p/bin/iobench" --version | grep -q "^iobench " || fail "the installed program: $("$p/bin/iobench" --version 2>&1)"
"$p/bin/iobench" --help | grep -q "in /opt/iob/share/doc/iobench once installed" ||
	fail "the help does not name the docs' place: $("$p/bin/iobench" --help | tail -2)"
d=$p/share/doc/iobench
for f in README.md docs/cli.md docs/jobfiles.md docs/safety.md docs/verdict.md docs/img/report-run.png \
	examples/rand-read-4k.fio; do
	cmp -s "$src/$f" "$d/$f" || fail "$d/$f is not the source tree's $f"
done
# every docs/ path the program's messages name is in the installed docs
for f in $(grep -rhoE 'docs/[a-z]+\.md' "$src/src" | sort -u); do
	[ -f "$d/$f" ] || fail "a message names $f, which install did not put in $d"
done
[ "$(stat -c %a "$p/bin/iobench")" = 755 ] && [ "$(stat -c %a "$d/docs/cli.md")" = 644 ] ||
	fail "modes: $(stat -c '%a %n' "$p/bin/iobench" "$d/docs/cli.md")"
# an installed example runs with the installed program
(cd "$T" && "$p/bin/iobench" "$d/examples/rand-read-4k.fio" --parse-only) >/dev/null 2>&1 ||
	fail "the installed example does not parse"
[ "$(md5sum < "$IOBENCH")" = "$before" ] || fail "make install changed the suite's $IOBENCH"
[ "$( [ -e "$src/iobench" ] && md5sum < "$src/iobench")" = "$top" ] || fail "make install changed ./iobench"

say "make uninstall: every file install put there is gone, and the folders it made for them"
make -s -C "$src" B="$T/b" PREFIX=/opt/iob DESTDIR="$T/stage" uninstall >"$T/make.out" 2>&1 ||
	{ cat "$T/make.out"; fail "make uninstall exited non-zero"; }
left=$(find "$T/stage" -type f)
[ -z "$left" ] || fail "left after uninstall: $left"
[ ! -e "$d" ] || fail "$d is left: $(find "$d")"
# what else is in the prefix stays
mkdir -p "$p/bin" && echo keep > "$p/bin/other"
make -s -C "$src" B="$T/b" PREFIX=/opt/iob DESTDIR="$T/stage" install >/dev/null 2>&1 &&
	make -s -C "$src" B="$T/b" PREFIX=/opt/iob DESTDIR="$T/stage" uninstall >/dev/null 2>&1 ||
	fail "install and uninstall again"
[ "$(cat "$p/bin/other")" = keep ] && [ ! -e "$p/bin/iobench" ] || fail "uninstall took more than its own"
exit 0
