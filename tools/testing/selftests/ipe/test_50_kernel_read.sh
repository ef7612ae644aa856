#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The kernel-read ops: KMODULE (finit_module reads a file; init_module
# hands bytes with no file) and FIRMWARE (request_firmware from the test
# module), under "op=KERNEL_READ boot_verified=TRUE action=ALLOW" with
# DEFAULT op=KMODULE and op=FIRMWARE set to DENY.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies kr
allow_all
S=$IPE_SELFTESTS
MOD=$S/ipe_test_mod.ko
FWPATH=/sys/module/firmware_class/parameters/path

unload() { rmmod ipe_test_mod 2>/dev/null; }

load kr
load kr_done
sysctl -q -w ipe.active_policy=kr
unload
audit_clear

expect_eq "finit_module of a module on the initramfs is allowed" OK "$("$S/ipe_modload" finit $MOD)"
unload
cp $MOD /tmp/ipe_test_mod.ko
expect_eq "finit_module of the same module copied to tmpfs is denied" EACCES \
	"$("$S/ipe_modload" finit /tmp/ipe_test_mod.ko)"
expect_audit "the module denial is audited as KMODULE from KERNEL_READ" 1420 \
	"ipe_op=KMODULE" "ipe_hook=KERNEL_READ" 'path="/tmp/ipe_test_mod.ko"' \
	'rule="DEFAULT op=KMODULE action=DENY"' 'action=DENY"'
audit_clear
expect_eq "init_module (bytes, no file) is denied by DEFAULT op=KMODULE" EACCES \
	"$("$S/ipe_modload" init $MOD)"
rec=$(audit_log 1420 | grep "ipe_hook=KERNEL_LOAD" | tail -n 1)
desc="init_module's record is KMODULE from KERNEL_LOAD, path=? dev=? ino=?"
case "$rec" in
*"ipe_op=KMODULE"*'rule="DEFAULT op=KMODULE action=DENY"'*)
	case "$rec" in
	*" path=? dev=? ino=? rule="*) pass "$desc" ;;
	*) fail "$desc" "$rec" ;;
	esac ;;
*)	fail "$desc" "${rec:-none}" ;;
esac
unload

expect_eq "firmware from the initramfs (/lib/firmware) is allowed" OK \
	"$("$S/ipe_modload" finit $MOD fw=ipe_test_fw.bin)"
unload
mkdir -p /tmp/fw
printf 'IPE test firmware on tmpfs\n' >/tmp/fw/ipe_tmp_fw.bin
echo -n /tmp/fw >$FWPATH
audit_clear
got=$("$S/ipe_modload" finit $MOD fw=ipe_tmp_fw.bin)
if [ "$got" != OK ]; then
	pass "firmware from tmpfs is refused (the module load fails: $got)"
else
	fail "firmware from tmpfs is refused (the module load fails)" "it loaded"
fi
expect_audit "the firmware denial is audited as FIRMWARE from KERNEL_READ" 1420 \
	"ipe_op=FIRMWARE" "ipe_hook=KERNEL_READ" 'path="/tmp/fw/ipe_tmp_fw.bin"' \
	'rule="DEFAULT op=FIRMWARE action=DENY"' 'action=DENY"'
echo -n "" >$FWPATH
unload

sysctl -q -w ipe.active_policy=kr_done
expect_eq "with a policy that allows all, the tmpfs module loads" OK \
	"$("$S/ipe_modload" finit /tmp/ipe_test_mod.ko)"
unload
