# SPDX-License-Identifier: GPL-2.0
#
# Sourced first by every /init of the harness (guest-init.sh for make
# check, demo-guest.sh, bench-guest.sh); initramfs.sh installs it as
# /etc/guest-mounts.sh. PATH, the pseudo filesystems, a console that does
# not rate-limit (audit records reach it through printk), and
# veritysetup without udev.
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t securityfs securityfs /sys/kernel/security
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
# what udev makes on a real system; the kselftest runner writes to
# /dev/stdout
for fd in 0:stdin 1:stdout 2:stderr; do
	[ -e /dev/${fd#*:} ] || ln -s /proc/self/fd/${fd%:*} /dev/${fd#*:}
done
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
echo 0 >/proc/sys/kernel/printk_ratelimit
export DM_DISABLE_UDEV=1
