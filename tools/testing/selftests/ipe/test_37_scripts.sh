#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Scripts: an interpreter that honours SECBIT_EXEC_RESTRICT_FILE asks
# with AT_EXECVE_CHECK before it runs a script, and IPE answers as for an
# exec of the script. ipe_interp is that interpreter (see its source);
# ipe_check_script.sh ships executable next to it. Under a policy that lets
# only the initramfs run code: the shipped script runs, a copy on tmpfs is
# refused and audited with ipe_hook=BPRM_CREDS_FOR_EXEC, permissive mode
# lets it run and records it, SECBIT_EXEC_DENY_INTERACTIVE refuses code
# from standard input and the command line, and a plain exec is still
# evaluated once, in bprm_check_security.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies sc
allow_all
S=$IPE_SELFTESTS
INTERP=$S/ipe_interp
SCRIPT=$S/ipe_check_script.sh
COPY=/tmp/ipe_check_script.sh
RF=0x100	# SECBIT_EXEC_RESTRICT_FILE
DI=0x400	# SECBIT_EXEC_DENY_INTERACTIVE
cp "$SCRIPT" $COPY
chmod 755 $COPY
HELLO=/tmp/ipe_sc_hello
cp "$S/ipe_hello" $HELLO
chmod 755 $HELLO
IPE_CLEANUP="$IPE_CLEANUP rm -f $COPY $HELLO;"

# restricted ARG...: ipe_interp ARG... with SECBIT_EXEC_RESTRICT_FILE set
# by its parent, as a service manager would set it.
restricted() { "$INTERP" -s $RF "$INTERP" "$@" 2>&1 || echo "EXIT=$?"; }

msg="hello from a checked script"
expect_eq "with a policy that allows all, the tmpfs copy runs restricted" \
	"$msg" "$(restricted $COPY)"

load sc_boot
sysctl -q -w ipe.active_policy=sc_boot
audit_clear
expect_eq "the script shipped in the initramfs runs restricted" \
	"$msg" "$(restricted "$SCRIPT")"
expect_eq "its copy on tmpfs is refused: EACCES from the exec check" \
	"ipe_interp: $COPY: Permission denied
EXIT=126" "$(restricted $COPY)"
expect_audit "the refused check is audited under BPRM_CREDS_FOR_EXEC" 1420 \
	"ipe_op=EXECUTE ipe_hook=BPRM_CREDS_FOR_EXEC enforcing=1" \
	"path=\"$COPY\"" 'rule="DEFAULT op=EXECUTE action=DENY"'
expect_eq "without the securebit the interpreter does not ask (the limit)" \
	"$msg" "$("$INTERP" $COPY 2>&1)"
expect_eq "a locked bit reaches the interpreter and cannot be undone" \
	"ipe_interp: PR_SET_SECUREBITS: Operation not permitted
EXIT=126" "$("$INTERP" -s 0x300 "$INTERP" -s 0 "$INTERP" $COPY 2>&1 || echo "EXIT=$?")"

audit_clear
sysctl -q -w ipe.enforce=0
expect_eq "permissive mode lets the tmpfs copy run restricted" \
	"$msg" "$(restricted $COPY)"
sysctl -q -w ipe.enforce=1
expect_audit "and records the check it would have refused" 1420 \
	"ipe_hook=BPRM_CREDS_FOR_EXEC enforcing=0" "path=\"$COPY\"" \
	'action=DENY"'

deny_interactive() { "$INTERP" -s $DI "$INTERP" "$@" 2>&1 || echo "EXIT=$?"; }
expect_eq "SECBIT_EXEC_DENY_INTERACTIVE refuses standard input" \
	"ipe_interp: stdin: interactive code is denied
EXIT=126" "$(echo 'echo typed' | deny_interactive)"
expect_eq "and code on the command line" \
	"ipe_interp: -c: code from the command line is denied
EXIT=126" "$(deny_interactive -c 'echo typed')"
expect_eq "without it, standard input runs" "typed" \
	"$(echo 'echo typed' | "$INTERP")"

# A plain exec: one evaluation, in bprm_check_security, none in
# bprm_creds_for_exec; with success_audit=1 an allowed one is recorded
# once too.
audit_clear
expect_eq "a plain exec of the tmpfs binary is denied" "EXIT=126" "$(run $HELLO)"
expect_eq "it is evaluated once: one record, BPRM_CHECK" "1 0" \
	"$(audit_log 1420 | grep -cF "path=\"$HELLO\"" | tr -d '\n') $(audit_log 1420 |
		grep -F BPRM_CREDS_FOR_EXEC | grep -cF "path=\"$HELLO\"")"
sysctl -q -w ipe.success_audit=1
audit_clear
expect_eq "the binary of the initramfs runs" "hello from ipe_hello" \
	"$(run "$S/ipe_hello")"
# (the loader's PROT_EXEC mappings of it leave MMAP records of their own)
hello_records() {
	audit_log 1420 | grep -F "ipe_hook=$1 " | grep -cF "path=\"$S/ipe_hello\""
}
expect_eq "an allowed exec is recorded once, under BPRM_CHECK" "1 0" \
	"$(hello_records BPRM_CHECK) $(hello_records BPRM_CREDS_FOR_EXEC)"
sysctl -q -w ipe.success_audit=0

load sc_done
sysctl -q -w ipe.active_policy=sc_done
