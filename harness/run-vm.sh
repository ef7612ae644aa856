#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-vm.sh KERNEL INITRD DISKDIR OUTDIR TIMEOUT [CMDLINE...]: boot the VM
# under QEMU (TCG), disks DISKDIR/NAME.img attached read-only as virtio
# disks with serial NAME; DISKDIR/NAME.rw.img writable, with the writes
# kept in a temporary snapshot, never in the image, so that every boot
# starts from the same disk. The console goes to OUTDIR/console.log, the
# tests' TAP to OUTDIR/tap.log; OUTDIR/status says how QEMU ended.
set -uo pipefail
kernel=$1 initrd=$2 disks=$3 out=$4 tmo=$5
shift 5
rm -rf "$out"
mkdir -p "$out"

args=()
i=0
for img in "$disks"/*.img; do
	[ -e "$img" ] || continue
	name=$(basename "$img" .img)
	mode=readonly=on
	case $name in
	*.rw) name=${name%.rw} mode=snapshot=on ;;
	esac
	args+=(-drive "file=$img,if=none,id=d$i,format=raw,$mode"
	       -device "virtio-blk-pci,drive=d$i,serial=$name")
	i=$((i + 1))
done

echo "  VM      $(basename "$kernel"), timeout ${tmo}s, log $out/console.log"
start=$(date +%s)
timeout --foreground -k 10 "$tmo" qemu-system-x86_64 -accel tcg -m 2048 -smp 2 \
	-cpu max -nodefaults -display none -no-reboot \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 printk.time=0 panic=-1 oops=panic loglevel=7 rdinit=/init $*" \
	-serial "file:$out/console.log" -serial "file:$out/tap.log" \
	-device virtio-rng-pci "${args[@]}" </dev/null
rc=$?
echo "qemu_rc=$rc seconds=$(( $(date +%s) - start ))" >"$out/status"
[ $rc = 124 ] && echo "  VM      timed out after ${tmo}s" >&2
exit 0
