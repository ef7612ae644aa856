#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# initramfs.sh SELFTESTS OUT.cpio.gz [INIT]: a busybox initramfs with the
# real veritysetup (and the shared libraries it loads), the installed
# kselftest tree in /selftests (run_kselftest.sh, ipe/), the tests' data
# in /ipe-data, openssl and the test CA's key and certificate in
# /ipe-keys. INIT defaults to
# harness/guest-init.sh.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
st=$1 out=$2 init=${3:-$REPO/harness/guest-init.sh}
root=$(mktemp -d "$REPO/build/.initramfs.XXXXXX")
trap 'rm -rf "$root"' EXIT

mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,run,mnt,root,var/log}
install -m 755 /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done

# copy_bin PATH: a host binary and every shared library it needs.
copy_bin() {
	local bin=$1 lib

	install -D -m 755 "$bin" "$root/sbin/$(basename "$bin")"
	for lib in $(ldd "$bin" | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] || install -D -m 755 "$(readlink -f "$lib")" "$root$lib"
	done
}
copy_bin /usr/sbin/veritysetup
copy_bin /usr/sbin/dmsetup
copy_bin /usr/bin/setpriv
# auditd and ausearch, as on a real system, for the audit tests.
copy_bin /sbin/auditd
copy_bin /sbin/ausearch
copy_bin /sbin/auditctl
copy_bin /usr/bin/fsverity
copy_bin /usr/bin/keyctl
# openssl and the test CA, for the tests that sign their policies on the
# spot (IPE_TEST_CA_KEY, IPE_TEST_CA_CERT, set by guest-init.sh)
copy_bin /usr/bin/openssl
install -D -m 644 /etc/ssl/openssl.cnf "$root/usr/lib/ssl/openssl.cnf"
if [ -f "$REPO/build/keys/ca.key" ]; then
	install -D -m 600 "$REPO/build/keys/ca.key" "$root/ipe-keys/ca.key"
	install -D -m 644 "$REPO/build/keys/ca.pem" "$root/ipe-keys/ca.pem"
fi
mkdir -p "$root/etc/audit/plugins.d" "$root/var/log/audit"
ln -s ../run "$root/var/run"
cat >"$root/etc/audit/auditd.conf" <<'CONF'
local_events = yes
write_logs = yes
log_file = /var/log/audit/audit.log
log_format = RAW
flush = SYNC
max_log_file = 64
max_log_file_action = IGNORE
space_left = 2
space_left_action = IGNORE
admin_space_left = 1
admin_space_left_action = IGNORE
disk_full_action = IGNORE
disk_error_action = IGNORE
use_libwrap = no
plugin_dir = /etc/audit/plugins.d
q_depth = 2000
overflow_action = IGNORE
CONF
echo "root:x:0:0:root:/root:/bin/sh" >"$root/etc/passwd"
echo "root:x:0:" >"$root/etc/group"
echo "nobody:x:65534:65534:nobody:/:/bin/false" >>"$root/etc/passwd"

mkdir -p "$root/selftests" "$root/ipe-data"
# the installed kselftest tree (run_kselftest.sh, kselftest/, ipe/), or
# just an ipe/ directory (make bench)
if [ -d "$st/kselftest" ]; then
	cp -a "$st/kselftest/." "$root/selftests/"
else
	cp -a "$st/ipe" "$root/selftests/ipe"
fi
[ -d "$st/data" ] && cp -a "$st/data/." "$root/ipe-data/"
if [ -d "$st/firmware" ]; then
	mkdir -p "$root/lib/firmware"
	cp -a "$st/firmware/." "$root/lib/firmware/"
fi
install -m 755 "$init" "$root/init"
install -m 644 "$REPO/harness/guest-mounts.sh" "$root/etc/guest-mounts.sh"

(cd "$root" && find . -print0 | sort -z | \
	cpio --null -o -H newc --owner 0:0 --quiet) | gzip -1 >"$out.tmp"
mv "$out.tmp" "$out"
echo "  INITRD  $out ($(du -h "$out" | cut -f1))"
