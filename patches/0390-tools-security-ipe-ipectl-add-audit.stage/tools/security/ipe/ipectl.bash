# SPDX-License-Identifier: GPL-2.0
#
# bash completion for ipectl(8); install as
# /usr/share/bash-completion/completions/ipectl

# the names of the loaded policies, from securityfs
_ipectl_policies()
{
	local root=${IPECTL_ROOT:-/sys/kernel/security/ipe} i

	for ((i = 1; i < COMP_CWORD; i++)); do
		if [[ ${COMP_WORDS[i]} == --root ]]; then
			root=${COMP_WORDS[i + 1]}
			# "--root=DIR" comes as three words: --root = DIR
			[[ $root == = ]] && root=${COMP_WORDS[i + 2]}
		elif [[ ${COMP_WORDS[i]} == --root=* ]]; then
			root=${COMP_WORDS[i]#--root=}
		fi
	done
	[[ -d $root/policies ]] || return
	local IFS=$'\n'
	COMPREPLY=($(compgen -W "$(command ls -1 "$root/policies" 2>/dev/null)" \
		-- "$cur"))
}

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

	local commands="check sign load update activate delete audit-policy list"
	commands+=" status audit"
	local common="--root --sysctl-root --help"
	local cmd="" i nargs=0

	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
		--root | --sysctl-root | --key | --cert | -o | --output | -k | -c | \
			--policy | --dm-table)
			((i++))
			[[ ${words[i]} == = ]] && ((i++))
			;;
		-*) ;;
		*)
			if [[ -z $cmd ]]; then
				cmd=${words[i]}
			else
				((nargs++))
			fi
			;;
		esac
	done

	case $prev in
	--root | --sysctl-root)
		_ipectl_files -d
		return
		;;
	--key | -k | --cert | -c)
		_ipectl_files '@(pem|key|crt|der|cer)'
		return
		;;
	-o | --output | --dm-table)
		_ipectl_files
		return
		;;
	--policy)
		_ipectl_policies
		return
		;;
	esac

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
	sign)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--key --cert --output --force \
				--lenient --strict --help" -- "$cur"))
		else
			_ipectl_files '@(pol|txt|policy)'
		fi
		;;
	load)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$common --quiet" -- "$cur"))
		else
			_ipectl_files '@(p7s|p7b|der)'
		fi
		;;
	update)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$common --quiet" -- "$cur"))
		elif ((nargs == 0)); then
			_ipectl_policies
		else
			_ipectl_files '@(p7s|p7b|der)'
		fi
		;;
	activate | delete)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$common --quiet" -- "$cur"))
		elif ((nargs == 0)); then
			_ipectl_policies
		fi
		;;
	audit-policy)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$common --quiet --clear" -- "$cur"))
		elif ((nargs == 0)) && [[ " ${words[*]} " != *" --clear "* ]]; then
			_ipectl_policies
		fi
		;;
	list | status)
		COMPREPLY=($(compgen -W "$common --json" -- "$cur"))
		;;
	audit)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--json --suggest --policy --dm-table \
				--offline --help" -- "$cur"))
		else
			_ipectl_files
		fi
		;;
	esac
} &&
	complete -F _ipectl ipectl
