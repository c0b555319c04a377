# Description: the man page lists exactly the options of every --help; make install and uninstall with PREFIX and DESTDIR: the program, the man page and the docs where they belong, the help naming where the docs went, the checkout untouched, nothing left after uninstall.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
b=$(dirname "$IOBENCH")
[ -f "$src/Makefile" ] && [ -f "$b/libiobench.a" ] || skip "no build folder beside $IOBENCH (make builds one)"

say "the man page, iobench(1): every option of every front end's help, and no other; it renders cleanly"
m=$b/iobench.1
if [ -f "$m" ] && command -v man >/dev/null; then
	# the options each --help lists (the table's, front end by front end), as "block-size b"
	# (a help of long forms only, fio's, lists some without the letter another gives them)
	opts() { awk '{ if (!($1 in s) || $2 != "") s[$1] = $2 } END { for (k in s) print k, s[k] }' | sort; }
	for c in "" quick preset sweep compare monitor report disks; do "$IOBENCH" $c --help; done >"$T/help" 2>&1
	"$IOBENCH" --name=x --help >>"$T/help" 2>&1
	sed -nE 's/^ +(-(.), )?--([a-z0-9-]+).*/\3 \2/p' "$T/help" | opts > "$T/help.opts"
	MANWIDTH=100 man --warnings -E UTF-8 -l "$m" >"$T/man.txt" 2>"$T/man.err"
	[ ! -s "$T/man.err" ] || fail "man warns: $(head -5 "$T/man.err")"
	# the page's option headings (OPTIONS to SUBCOMMANDS) stand at the first indentation, their
	# text below it
	awk '/^OPTIONS/ { on = 1 } /^SAFETY/ { on = 0 } on' "$T/man.txt" |
		sed -nE 's/^ {7}(-(.), )?--([a-z0-9-]+).*/\3 \2/p' | opts > "$T/man.opts"
	[ "$(wc -l < "$T/help.opts")" -gt 80 ] || fail "the helps list $(wc -l < "$T/help.opts") options"
	diff "$T/help.opts" "$T/man.opts" > "$T/opts.diff" ||
		fail "the man page and the helps differ (< help only, > man page only): $(cat "$T/opts.diff")"
	for s in NAME SYNOPSIS DESCRIPTION "FIO MODE" SUBCOMMANDS SAFETY "EXIT STATUS" FILES EXAMPLES; do
		grep -q "^$s" "$T/man.txt" || fail "the man page has no $s section"
	done
	# each subcommand has its entry, and every exit status the program uses is there
	for c in quick preset sweep compare monitor report disks; do
		grep -qE "^ {7}$c( |$)" "$T/man.txt" || fail "no entry for $c"
	done
	for code in 0 1 2 130; do grep -qE "^ {7}$code$" "$T/man.txt" || fail "exit status $code"; done
else
	skip_case "the man page: not built (scdoc missing) or no man here"
fi

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
[ -f "$p/share/man/man1/iobench.1" ] && cmp -s "$b/iobench.1" "$p/share/man/man1/iobench.1" ||
	fail "no man page in $p/share/man/man1"
if command -v man >/dev/null; then
	MANWIDTH=80 man -M "$p/share/man" iobench 2>&1 | grep -q "^NAME" || fail "man -M $p/share/man iobench shows no page"
fi
cmp -s "$src/completion/iobench.bash" "$p/share/bash-completion/completions/iobench" ||
	fail "no bash completion in $p/share/bash-completion/completions"
cmp -s "$src/completion/_iobench" "$p/share/zsh/vendor-completions/_iobench" ||
	fail "no zsh completion in $p/share/zsh/vendor-completions"
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
