# SPDX-License-Identifier: GPL-2.0
#
# bash completion for ipectl(8); install as
# /usr/share/bash-completion/completions/ipectl

# files (or directories with -d); bash-completion's _filedir when loaded
_ipectl_files()
{
	if declare -F _filedir >/dev/null; then
		_filedir "$@"
		return
	fi
	compopt -o filenames 2>/dev/null
	if [[ ${1:-} == -d ]]; then
		COMPREPLY=($(compgen -d -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}

_ipectl()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local words=("${COMP_WORDS[@]}") cword=$COMP_CWORD

	local commands="check"
	local common="--help"
	local cmd="" i

	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
		-*) ;;
		*)
			if [[ -z $cmd ]]; then
				cmd=${words[i]}
			fi
			;;
		esac
	done

	if [[ -z $cmd ]]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$common --version" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$commands" -- "$cur"))
		fi
		return
	fi

	case $cmd in
	check)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--lenient --strict --Werror --quiet \
				--verbose --dump --help" -- "$cur"))
		else
			_ipectl_files '@(pol|txt|policy)'
		fi
		;;
	esac
} &&
	complete -F _ipectl ipectl
