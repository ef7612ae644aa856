#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# own-kernel.sh TAPFILE SRCDIR WORKDIR: run the README's "Adding IPE to
# your own kernel" as a device builder would, every command of it, in
# order, on the kernel tree SRCDIR (a git checkout of some 6.1.y), then
# boot what they built. Called by vanilla.sh for each upstream version.
#
# The section's sh blocks say where they run, in their first line:
#   "# in this repository"    run here, in the repository (IPE)
#   "# in your kernel tree"   run in SRCDIR, with IPE set
#   "# your initramfs's /init" saved as SRCDIR/ipe-init.sh (a block of
#                             the tree packs it into the initramfs)
#   "# on the device"         run on the booted device, after switch_root
# Before the blocks run, the stand-ins for what a device builder brings
# are put in place: SRCDIR/.config (the VM's minimal x86_64 config,
# allnoconfig plus config/base.config, in place of the device's own),
# SRCDIR/rootfs (busybox and an /sbin/init that runs the "on the device"
# blocks and checks what IPE decides), SRCDIR/initramfs (busybox,
# veritysetup and its libraries). The kernel is compiled through ccache
# (a gcc wrapper first in PATH). Then the kernel boots under QEMU with
# the initramfs the blocks made, root.img and root.hashtree as the first
# two disks and the update disk (the two signed policies) as the third.
# One TAP line per block and per check of the boot goes into TAPFILE;
# WORKDIR keeps the logs.
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$1") src=$(realpath "$2") work=$(realpath -m "$3")
readme=$REPO/README.md
mkdir -p "$work"
log=$work/blocks.log
: >"$log"
n=0 fail=0
tap() { # tap ok|fail WHAT [DETAIL]
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n - $2" >>"$out"
	else
		fail=1
		echo "not ok $n - $2" >>"$out"
		[ -z "${3:-}" ] || echo "# $3" >>"$out"
	fi
}

# The blocks, one file each: $work/blocks/NN.WHERE
rm -rf "$work/blocks"
mkdir -p "$work/blocks"
awk -v dir="$work/blocks" '
	/^## / { on = ($0 == "## Adding IPE to your own kernel") }
	!on { next }
	/^```sh$/ { inblk = 1; first = 1; next }
	/^```$/ && inblk { inblk = 0; close(file); next }
	!inblk { next }
	first && /^#!/ { shebang = $0; next }
	first {
		first = 0
		where = ""
		if ($0 == "# in this repository") where = "repo"
		else if ($0 == "# in your kernel tree") where = "tree"
		else if ($0 == "# your initramfs'"'"'s /init") where = "init"
		else if ($0 == "# on the device") where = "device"
		else where = "unknown"
		file = sprintf("%s/%02d.%s", dir, ++count, where)
		if (shebang != "") print shebang > file
		shebang = ""
	}
	{ print > file }
' "$readme"
blocks=$(ls "$work/blocks")
if [ -z "$blocks" ]; then
	tap fail "the README has the section's command blocks"
	echo "1..$n" >>"$out"
	exit 1
fi
for b in $blocks; do
	case $b in *.unknown)
		tap fail "README block $b says where it runs" \
			"first line: $(sed -n 1p "$work/blocks/$b")" ;;
	esac
done

# Stand-ins: the device's .config, its root filesystem, its initramfs
make -s -C "$src" ARCH=x86_64 KCONFIG_ALLCONFIG="$REPO/config/base.config" \
	allnoconfig >>"$log" 2>&1
rm -rf "$src/rootfs" "$src/initramfs"
busybox_tree() { # busybox_tree DIR
	mkdir -p "$1"/{bin,sbin,etc,proc,sys,dev,tmp,mnt/update,run}
	install -m 755 /bin/busybox "$1/bin/busybox"
	for a in $("$1/bin/busybox" --list); do
		[ -e "$1/bin/$a" ] || ln -s busybox "$1/bin/$a"
	done
}
busybox_tree "$src/rootfs"
busybox_tree "$src/initramfs"
install -D -m 755 /usr/sbin/veritysetup "$src/initramfs/sbin/veritysetup"
for lib in $(ldd /usr/sbin/veritysetup | grep -o '/[^ ]*'); do
	[ -e "$src/initramfs$lib" ] ||
		install -D -m 755 "$(readlink -f "$lib")" "$src/initramfs$lib"
done
# the device's own init after switch_root: the README's "on the device"
# blocks, then what a test of the boot needs to know
{
	echo '#!/bin/sh'
	echo 'mount -t proc proc /proc; mount -t sysfs sysfs /sys'
	echo 'mount -t devtmpfs devtmpfs /dev'
	echo 'mount -t securityfs securityfs /sys/kernel/security'
	echo 'mount -t tmpfs tmpfs /tmp'
	echo 'mount -o ro /dev/vdc /mnt/update'
	echo 'echo "OWN: switched root"'
	for f in "$work"/blocks/*.device; do
		b=$(basename "$f")
		echo "echo 'OWN: block $b'"
		echo "sh /etc/own-kernel/$b; echo \"OWN: block $b exit \$?\""
		install -D -m 644 "$f" "$src/rootfs/etc/own-kernel/$b"
	done
	echo 'echo "OWN: active $(cat /sys/kernel/security/ipe/policies/device/active)"'
	echo 'echo "OWN: version $(cat /sys/kernel/security/ipe/policies/device/version)"'
	echo 'echo "OWN: root exec $(/bin/busybox true && echo allowed || echo denied)"'
	echo 'cp /bin/busybox /tmp/busybox'
	echo 'echo "OWN: tmpfs exec $(/tmp/busybox true 2>/dev/null && echo allowed || echo denied)"'
	echo 'echo "OWN: done"'
	# the kernel may lack ACPI, and poweroff then halts and leaves QEMU
	# running; a reboot ends it, as -no-reboot makes QEMU exit instead
	echo 'reboot -f'
} >"$src/rootfs/sbin/init"
chmod 755 "$src/rootfs/sbin/init"

# ccache for the device builder's plain "make"
mkdir -p "$work/ccache-bin"
ln -sf /usr/bin/ccache "$work/ccache-bin/gcc"

# Run the blocks in order
for b in $blocks; do
	case $b in
	*.repo) dir=$REPO ;;
	*.tree) dir=$src ;;
	*.init) install -m 755 "$work/blocks/$b" "$src/ipe-init.sh"
		tap ok "README block $b: saved as the initramfs's /init"
		continue ;;
	*) continue ;;
	esac
	start=$(date +%s)
	echo "=== $b" >>"$log"
	if (cd "$dir" && unset MAKEFLAGS MAKELEVEL MFLAGS &&
	    IPE=$REPO PATH="$work/ccache-bin:$PATH" \
	    bash -euo pipefail "$work/blocks/$b") >>"$log" 2>&1; then
		tap ok "README block $b ($(sed -n 2p "$work/blocks/$b" | cut -c1-60)) in $(( $(date +%s) - start ))s"
	else
		tap fail "README block $b ($(sed -n 2p "$work/blocks/$b" | cut -c1-60))" \
			"$(tail -n 3 "$log" | tr '\n' ' ') (see $log)"
		echo "1..$n" >>"$out"
		exit 1
	fi
done

# The update disk, and the boot
upd=$work/update
rm -rf "$upd" "$work/update.img"
mkdir -p "$upd"
cp "$src"/device-1.0.0.p7s "$src"/device-1.0.1.p7s "$upd/"
mksquashfs "$upd" "$work/update.img" -all-root -noappend -quiet >>"$log" 2>&1
console=$work/console.log
timeout -k 10 600 qemu-system-x86_64 -accel tcg -m 1024 -smp 2 -cpu max \
	-nodefaults -display none -no-reboot \
	-kernel "$src/arch/x86/boot/bzImage" -initrd "$src/initramfs.cpio.gz" \
	-append "console=ttyS0 panic=-1 loglevel=4" \
	-serial "file:$console" \
	-drive "file=$src/root.img,if=virtio,format=raw,readonly=on" \
	-drive "file=$src/root.hashtree,if=virtio,format=raw,readonly=on" \
	-drive "file=$work/update.img,if=virtio,format=raw,readonly=on" \
	</dev/null >>"$log" 2>&1
tr -d '\r' <"$console" >"$work/console.txt"

boot() { # boot WHAT LINE: the booted device printed LINE
	if grep -qxF "$2" "$work/console.txt"; then
		tap ok "boot: $1"
	else
		tap fail "boot: $1" "no line '$2' (see $console)"
	fi
}
boot "the initramfs loaded and activated the policy, and switched root" \
	"OWN: switched root"
boot "the policy update to 1.0.1 took" "1.0.1"
boot "the rollback to 1.0.0 was refused" "rollback to 1.0.0 refused"
for f in "$work"/blocks/*.device; do
	boot "the on-the-device block $(basename "$f") ran to its end" \
		"OWN: block $(basename "$f") exit 0"
done
boot "the policy is active" "OWN: active 1"
boot "its version is 1.0.1" "OWN: version 1.0.1"
boot "code from the dm-verity root runs" "OWN: root exec allowed"
boot "code copied to tmpfs does not" "OWN: tmpfs exec denied"
if grep -qE 'BUG:|Oops|WARNING:|Kernel panic' "$work/console.txt"; then
	tap fail "boot: no kernel BUG, Oops, WARNING or panic" \
		"$(grep -m1 -E 'BUG:|Oops|WARNING:|Kernel panic' "$work/console.txt")"
else
	tap ok "boot: no kernel BUG, Oops, WARNING or panic"
fi
echo "1..$n" >>"$out"
exit $fail
