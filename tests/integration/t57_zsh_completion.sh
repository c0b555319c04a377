# Description: zsh completion (completion/_iobench) through zsh's own completion system (compinit, a line typed and Tab in a zpty): each front end's options as its --help lists them, subcommands, preset names, engines, block devices, files, run against this build of iobench.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
comp=$src/completion
command -v zsh >/dev/null || skip "no zsh"
zsh -c 'zmodload zsh/zpty' 2>/dev/null || skip "zsh has no zsh/zpty module"
zsh -n "$comp/_iobench" || fail "zsh -n $comp/_iobench"
[ "$(head -n 1 "$comp/_iobench")" = "#compdef iobench" ] || fail "_iobench does not start with #compdef iobench"
! grep -qE 'bashcompinit|complete -F|COMPREPLY' "$comp/_iobench" || fail "_iobench leans on bash's completion"

# The interactive zsh the line is typed into (no rc files): compinit with completion/ first in
# fpath; compadd wrapped to write each candidate it adds, as it would stand on the line
# (IPREFIX, -P, -p and the word), to $ZC_OUT; Tab completes, writes the line as it then stands
# to $ZC_OUT.line, and says it is done in $ZC_OUT.done.
# AUTO_LIST off: no listing, so no "do you wish to see all N possibilities?" to wait on.
cat > "$T/inner.zsh" <<'EOF'
PS1='> '
unsetopt autolist
fpath=($ZC_DIR $fpath)
autoload -Uz compinit && compinit -u -D
compadd() {
	# a call that only asks (-O, -A, -D: _describe's and _path_files' own filtering) adds nothing
	if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
		builtin compadd "$@"; return
	fi
	local -a __hits __pre
	builtin compadd -A __hits "$@"
	zparseopts -E -a __pre P: p:
	local h
	for h in $__hits; do print -r -- "$IPREFIX${__pre[2]}${__pre[4]}$h" >> $ZC_OUT; done
	builtin compadd "$@"
}
zc-tab() {
	: > $ZC_OUT; zle complete-word; print -r -- "$BUFFER|" > $ZC_OUT.line
	BUFFER=; print -r -- done > $ZC_OUT.done
}
zle -N zc-tab
bindkey '^I' zc-tab
print -r -- ready > $ZC_OUT.done
EOF
# zsh drv.zsh DIR NAME LINE [NAME LINE...]: types each LINE and Tab into that zsh (one, in a
# pseudo-terminal: zsh/zpty); DIR/NAME gets LINE's candidates, DIR/NAME.line the line after
# Tab. Fails if zsh does not answer within 20 s.
cat > "$T/drv.zsh" <<'EOF'
zmodload zsh/zpty || exit 3
wait_done() {
	local chunk i
	for (( i = 0; i < 400; i++ )); do
		while zpty -r -t z chunk; do :; done
		[[ -e $ZC_OUT.done ]] && return 0
		sleep 0.05
	done
	return 1
}
dir=$1; shift
rm -f $ZC_OUT.done
zpty z zsh -f -i
zpty -w z "source ${(q)0:h}/inner.zsh"
wait_done || { zpty -d z; exit 1 }
while (( $# >= 2 )); do
	rm -f $ZC_OUT.done
	zpty -w -n z "$2"$'\t'
	wait_done || { zpty -d z; exit 1 }
	mv $ZC_OUT $dir/$1 && mv $ZC_OUT.line $dir/$1.line || exit 1
	shift 2
done
zpty -d z
EOF
# ask NAME LINE [NAME LINE...]: has zsh complete each LINE (the program _iobench asks, $words[1],
# is this build's iobench, first in PATH); then "c NAME" is what it offered for the last word of
# LINE, one a line, sorted, and "line NAME" the line after Tab, a | after its end (a lone match
# is inserted, with a space after it unless a value follows)
mkdir "$T/r"
ask() {
	(cd "$T" && PATH="$(dirname "$IOBENCH"):$PATH" ZC_DIR=$comp ZC_OUT=$T/cands zsh "$T/drv.zsh" "$T/r" "$@") ||
		fail "zsh did not complete: $*"
}
c() { sed '/^$/d' "$T/r/$1" | sort -u; }
line() { cat "$T/r/$1.line"; }
# the long options of a --help, as the completion gives them (--name= when a value follows)
longs() { sed -nE 's/^ +(-., )?(--[a-z0-9-]+)(=|\[=\])?( {2,}.*|$)/\2\3/p' | sed 's/\[=\]$//' | sort -u; }
# disks (a subcommand listing block devices) is in this build when its help is its own
has_disks() { "$IOBENCH" disks --help 2>/dev/null | head -n 1 | grep -q '^usage: iobench disks'; }

say "options: each front end's, exactly as its --help lists them; a value's = kept"
subs="quick preset sweep compare monitor report"
if has_disks; then subs="$subs disks"; else skip_case "disks' options: this build has no disks subcommand"; fi
set --
for s in $subs; do set -- "$@" "opts-$s" "iobench $s --"; done
ask blo "iobench --blo" kee "iobench --kee" rand "iobench --rand" opts "iobench --" "$@" \
	sweep-sl "iobench sweep --sl" quick-sl "iobench quick --sl" fio "iobench job.fio --parse" \
	fio-name "iobench --name=j --eta-n" nofio "iobench --parse"
[ "$(c blo)" = "--block-size=" ] || fail "--blo: $(c blo)"
[ "$(c kee)" = "--keep" ] || fail "--kee: $(c kee)"
[ "$(c rand | tr '\n' ' ')" = "--random --random-buffer= " ] || fail "--rand: $(c rand)"
[ "$(line blo)" = "iobench --block-size=|" ] || fail "--blo<Tab> gives: $(line blo)"
[ "$(line kee)" = "iobench --keep |" ] || fail "--kee<Tab> gives: $(line kee)"
"$IOBENCH" --help | longs > "$T/want"
c opts > "$T/got"
diff "$T/want" "$T/got" >/dev/null || fail "the DiskSpd command line's options differ: $(diff "$T/want" "$T/got")"
[ "$(wc -l < "$T/got")" -gt 50 ] || fail "only $(wc -l < "$T/got") options"
for s in $subs; do
	"$IOBENCH" $s --help | longs > "$T/want"
	c "opts-$s" > "$T/got"
	diff "$T/want" "$T/got" >/dev/null || fail "$s's options differ: $(diff "$T/want" "$T/got")"
	[ -s "$T/got" ] || fail "$s: no options"
done
[ "$(c sweep-sl)" = "--slo=" ] || fail "sweep --sl: $(c sweep-sl)"
[ -z "$(c quick-sl)" ] || fail "quick --sl offers $(c quick-sl), an option of sweep"
# fio mode, once a job file or fio's --name is on the line: fio's command-line options
[ "$(c fio)" = "--parse-only" ] || fail "job.fio --parse: $(c fio)"
[ "$(c fio-name)" = "--eta-newline=" ] || fail "--name=j --eta-n: $(c fio-name)"
[ -z "$(c nofio)" ] || fail "--parse-only offered without a job file"
# the program asked is the command line's first word: this build's by its path, PATH as it was
(cd "$T" && ZC_DIR=$comp ZC_OUT=$T/cands zsh "$T/drv.zsh" "$T/r" abs "$IOBENCH --blo") &&
	[ "$(c abs)" = "--block-size=" ] || fail "$IOBENCH --blo: $(c abs)"

say "subcommands, preset names, engines, files"
mkdir "$T/d" && touch "$T/d/io.dat"
ask pre "iobench pre" first "iobench " presets "iobench preset " sqlio "iobench preset sqlio" \
	engines "iobench --engine=" ps "iobench --engine=ps" \
	file "iobench -b4K $T/d/io." json "iobench --json=$T/d/" report "iobench report $T/d/i"
[ "$(c pre)" = "preset" ] || fail "pre: $(c pre)"
for s in quick preset sweep compare monitor report disks; do
	c first | grep -qx "$s" || fail "no $s at the first word: $(c first)"
done
"$IOBENCH" preset --list | awk 'NR > 1 && $1 ~ /^[a-z0-9-]+$/ && $2 ~ /^[0-9]+$/ { print $1 }' | sort > "$T/want"
[ "$(wc -l < "$T/want")" -ge 10 ] || fail "preset --list gave $(wc -l < "$T/want") names"
c presets > "$T/got"
diff "$T/want" "$T/got" >/dev/null || fail "preset names differ: $(diff "$T/want" "$T/got")"
[ "$(c sqlio | tr '\n' ' ')" = "sqlio-large sqlio-small " ] || fail "preset sqlio: $(c sqlio)"
"$IOBENCH" --version | sed -n 's/^engines: \([^(]*\).*/\1/p' | tr -d ',' | tr ' ' '\n' | sed '/^$/d; s/^/--engine=/' |
	sort > "$T/want"
c engines > "$T/got"
diff "$T/want" "$T/got" >/dev/null && grep -qx -- --engine=null "$T/got" || fail "engines: $(cat "$T/got")"
[ "$(c ps)" = "--engine=psync" ] || fail "--engine=ps: $(c ps)"
# files, for a target or an option's value
[ "$(c file)" = "$T/d/io.dat" ] || fail "files: $(c file)"
[ "$(c json)" = "--json=$T/d/io.dat" ] || fail "--json=FILE: $(c json)"
[ "$(c report)" = "$T/d/io.dat" ] || fail "report FILE: $(c report)"

say "block devices: a loop device made here is offered, to a target, to monitor and to disks"
need_root
new_loop 8
ask dev "iobench -b4K ${LOOP%[0-9]*}" monitor "iobench monitor " monitor-d "iobench monitor -d1 /dev/" \
	disks "iobench disks "
c dev | grep -qx "$LOOP" || fail "$LOOP not offered: $(c dev | head -3)"
c monitor | grep -qx "$LOOP" || fail "monitor: $LOOP not offered"
c monitor-d | grep -qx "$LOOP" || fail "monitor -d1: $LOOP not offered"
if has_disks; then
	c disks | grep -qx "$LOOP" || fail "disks: $LOOP not offered"
else
	skip_case "disks' devices: this build has no disks subcommand"
fi
exit 0
