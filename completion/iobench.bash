# bash completion for iobench. The options come from the program's own --help (of the
# subcommand, or of fio mode when a job file is named), so they are always those of the
# program installed; subcommands, preset names (iobench preset --list), engines
# (iobench --version), block devices (/sys/class/block) and files.
# shellcheck shell=bash

_iobench_devices()
{
	local d
	for d in /sys/class/block/*; do
		[ -e "$d" ] && printf '/dev/%s\n' "${d##*/}"
	done
}

_iobench()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prog=${COMP_WORDS[0]} sub= opt= i
	local subs="quick preset sweep compare monitor report disks"

	[ "$COMP_CWORD" -gt 1 ] && case " $subs " in *" ${COMP_WORDS[1]} "*) sub=${COMP_WORDS[1]} ;; esac
	# --name=VALUE arrives as three words (= breaks words): "--name" "=" "VALUE", or "=" alone
	if [ "$cur" = "=" ]; then
		opt=${COMP_WORDS[COMP_CWORD - 1]} cur=
	elif [ "$COMP_CWORD" -gt 1 ] && [ "${COMP_WORDS[COMP_CWORD - 1]}" = "=" ]; then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	case $opt in
	--engine)
		COMPREPLY=($(compgen -W "$("$prog" --version 2>/dev/null |
			sed -n 's/^engines: \([^(]*\).*/\1/p' | tr -d ',')" -- "$cur"))
		return ;;
	--*)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	esac
	if [ "$sub" = preset ] && [ "$COMP_CWORD" = 2 ] && [ "${cur#-}" = "$cur" ]; then
		COMPREPLY=($(compgen -W "$("$prog" preset --list 2>/dev/null |
			awk 'NR > 1 && $1 ~ /^[a-z0-9-]+$/ && $2 ~ /^[0-9]+$/ { print $1 }')" -- "$cur"))
		return
	fi
	case $cur in
	-*)
		local help=
		if [ -z "$sub" ]; then
			for ((i = 1; i < COMP_CWORD; i++)); do
				case ${COMP_WORDS[i]} in *.fio|--job|--name) help=fio ;; esac
			done
		fi
		if [ "$help" = fio ]; then
			help=$("$prog" --name=x --help 2>/dev/null)
		else
			help=$("$prog" $sub --help 2>/dev/null)
		fi
		# "  -b, --block-size=   SIZE ..." gives --block-size= (a value follows), "--keep" alone,
		# "--random[=]" (a value may follow) --random; a line of prose ("--slo finds") nothing
		COMPREPLY=($(compgen -W "$(printf '%s\n' "$help" |
			sed -nE 's/^ +(-., )?(--[a-z0-9-]+)(=|\[=\])?( {2,}.*|$)/\2\3/p' | sed 's/\[=\]$//')" -- "$cur"))
		[ "${#COMPREPLY[@]}" = 1 ] && [ "${COMPREPLY[0]%=}" != "${COMPREPLY[0]}" ] &&
			compopt -o nospace 2>/dev/null
		return ;;
	/dev/*)
		COMPREPLY=($(compgen -W "$(_iobench_devices)" -- "$cur"))
		return ;;
	esac
	if [ "$COMP_CWORD" = 1 ]; then
		COMPREPLY=($(compgen -W "$subs" -- "$cur") $(compgen -f -- "$cur"))
	elif [ "$sub" = monitor ] || [ "$sub" = disks ]; then
		COMPREPLY=($(compgen -W "$(_iobench_devices)" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}
complete -F _iobench iobench
