# Description: bash completion (completion/iobench.bash): each front end's options as its --help lists them, subcommands, preset names, engines, block devices, run against this build of iobench.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
comp=$src/completion/iobench.bash
command -v bash >/dev/null || skip "no bash"
bash -n "$comp" || fail "bash -n $comp"

# c WORD...: what the completion offers for the last word of the command line WORD..., one a
# line, sorted (the program it asks is this build's iobench, first in PATH)
c() {
	PATH="$(dirname "$IOBENCH"):$PATH" bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_iobench; printf "%s\n" "${COMPREPLY[@]}"' "$comp" "$@" | sed '/^$/d' | sort
}
# the long options of a --help, as the completion gives them (--name= when a value follows)
longs() { sed -nE 's/^ +(-., )?(--[a-z0-9-]+)(=|\[=\])?( {2,}.*|$)/\2\3/p' | sed 's/\[=\]$//' | sort -u; }

say "options: each front end's, exactly as its --help lists them; a value's = kept"
PATH="$(dirname "$IOBENCH"):$PATH" bash -c '. "$0"; complete -p iobench' "$comp" | grep -q -- "-F _iobench iobench" ||
	fail "the completion is not registered for iobench"
[ "$(c iobench --blo)" = "--block-size=" ] || fail "--blo: $(c iobench --blo)"
[ "$(c iobench --kee)" = "--keep" ] || fail "--kee: $(c iobench --kee)"
[ "$(c iobench --rand | tr '\n' ' ')" = "--random --random-buffer= " ] || fail "--rand: $(c iobench --rand)"
"$IOBENCH" --help | longs > "$T/want"
c iobench -- > "$T/got"
diff "$T/want" "$T/got" >/dev/null || fail "the DiskSpd command line's options differ: $(diff "$T/want" "$T/got")"
[ "$(wc -l < "$T/got")" -gt 50 ] || fail "only $(wc -l < "$T/got") options"
for s in quick preset sweep compare monitor report disks; do
	"$IOBENCH" $s --help | longs > "$T/want"
	c iobench $s -- > "$T/got"
	diff "$T/want" "$T/got" >/dev/null || fail "$s's options differ: $(diff "$T/want" "$T/got")"
done
[ "$(c iobench sweep --sl)" = "--slo=" ] || fail "sweep --sl: $(c iobench sweep --sl)"
[ -z "$(c iobench quick --sl)" ] || fail "quick --sl offers $(c iobench quick --sl), an option of sweep"
# fio mode, once a job file or fio's --name is on the line: fio's command-line options
[ "$(c iobench job.fio --parse)" = "--parse-only" ] || fail "job.fio --parse: $(c iobench job.fio --parse)"
[ "$(c iobench --name = j --eta-n)" = "--eta-newline=" ] || fail "--name=j --eta-n: $(c iobench --name = j --eta-n)"
[ -z "$(c iobench --parse)" ] || fail "--parse-only offered without a job file"

say "subcommands, preset names, engines"
[ "$(c iobench pre)" = "preset" ] || fail "pre: $(c iobench pre)"
for s in quick preset sweep compare monitor report disks; do
	c iobench "" | grep -qx "$s" || fail "no $s at the first word"
done
"$IOBENCH" preset --list | awk 'NR > 1 && $1 ~ /^[a-z0-9-]+$/ && $2 ~ /^[0-9]+$/ { print $1 }' | sort > "$T/want"
[ "$(wc -l < "$T/want")" -ge 10 ] || fail "preset --list gave $(wc -l < "$T/want") names"
c iobench preset "" > "$T/got"
diff "$T/want" "$T/got" >/dev/null || fail "preset names differ: $(diff "$T/want" "$T/got")"
[ "$(c iobench preset sqlio | tr '\n' ' ')" = "sqlio-large sqlio-small " ] || fail "preset sqlio: $(c iobench preset sqlio)"
"$IOBENCH" --version | sed -n 's/^engines: \([^(]*\).*/\1/p' | tr -d ',' | tr ' ' '\n' | sed '/^$/d' | sort > "$T/want"
c iobench --engine = > "$T/got"
diff "$T/want" "$T/got" >/dev/null && grep -qx null "$T/got" || fail "engines: $(cat "$T/got")"
[ "$(c iobench --engine = ps)" = "psync" ] || fail "--engine=ps: $(c iobench --engine = ps)"

say "block devices: a loop device made here is offered, to a target, to monitor and to disks"
need_root
new_loop 8
c iobench -b4K "${LOOP%[0-9]*}" | grep -qx "$LOOP" || fail "$LOOP not offered: $(c iobench -b4K /dev/loop | head -3)"
c iobench monitor "" | grep -qx "$LOOP" || fail "monitor: $LOOP not offered"
c iobench disks "" | grep -qx "$LOOP" || fail "disks: $LOOP not offered"
# files, for a target or an option's value
touch "$T/io.dat"
[ "$(c iobench -b4K "$T/io.")" = "$T/io.dat" ] || fail "files: $(c iobench -b4K "$T/io.")"
[ "$(c iobench --json = "$T/io.")" = "$T/io.dat" ] || fail "--json=FILE: $(c iobench --json = "$T/io.")"
exit 0
