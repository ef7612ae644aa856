# SPDX-License-Identifier: GPL-2.0
#
# IPE for Linux 6.1: assemble the patched tree, build, test, demo, series.
# See README.md.

SHELL := /bin/bash
REPO := $(CURDIR)
B := $(REPO)/build
TREE := $(B)/linux
JOBS ?= $(shell nproc)
TRUSTED_CERT ?= $(B)/keys/ca.pem
VM_TIMEOUT ?= 3000

OBJ_IPE := $(B)/obj-ipe
OBJ_TEST := $(B)/obj-test

export CCACHE_DIR ?= $(HOME)/.ccache
export CCACHE_MAXSIZE ?= 5G
# Objects compiled in one clone are found again in another (a fresh CI
# clone): paths below the repository are hashed relative to it, and the
# working directory is left out of the hash of objects with debug info.
export CCACHE_BASEDIR ?= $(REPO)
export CCACHE_NOHASHDIR ?= 1
export KBUILD_BUILD_USER := ipe
export KBUILD_BUILD_HOST := ipe-build
export KBUILD_BUILD_TIMESTAMP := 2026-01-01

KMAKE = $(MAKE) -s -C $(TREE) ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" -j$(JOBS)

# Debian packages every target may need; installed once, on demand.
DEB_PACKAGES := linux-source-6.1 build-essential ccache bc bison flex \
	libelf-dev libssl-dev openssl xz-utils cpio kmod rsync python3 \
	qemu-system-x86 busybox-static cryptsetup-bin squashfs-tools \
	sparse auditd util-linux python3-ply python3-git \
	fsverity keyutils e2fsprogs gcc-aarch64-linux-gnu qemu-system-arm

.PHONY: all help deps tree keys kernel test-kernel selftests initramfs \
	check host-tests matrix kunit32 kunit-arm64 vanilla patches bench fuzz demo series clean distclean

all: kernel

help:
	@sed -n '/^## /s/^## //p' README.md

# The packages of DEB_PACKAGES that are not installed, asked of dpkg only
# when the recipe below needs them. A user other than root gets one line
# naming them and make stops; root installs them.
DEB_MISSING = $(shell for p in $(DEB_PACKAGES); do \
	dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
	grep -q '^install ok installed' || echo $$p; done)

deps: $(B)/.deps
$(B)/.deps: Makefile
	@$(if $(and $(DEB_MISSING),$(filter-out 0,$(shell id -u))),\
		$(error Missing Debian packages; as root: apt-get install $(DEB_MISSING)))
	@mkdir -p $(B)
	@missing="$(DEB_MISSING)"; \
	if [ -n "$$missing" ]; then \
		echo "  APT     $$missing"; \
		apt-get update -q >$(B)/apt.log 2>&1 && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing \
			>>$(B)/apt.log 2>&1 || { tail -20 $(B)/apt.log; exit 1; }; \
	fi
	@touch $@

tree: deps
	@harness/assemble.sh

keys: deps
	@harness/keys.sh $(B)/keys

# The default IPE kernel: build/bzImage.
kernel: tree keys
	@harness/kconfig.sh $(OBJ_IPE) $(abspath $(TRUSTED_CERT)) \
		config/base.config config/ipe.config
	@echo "  KERNEL  $(OBJ_IPE)"
	@$(KMAKE) O=$(OBJ_IPE) bzImage
	@cp $(OBJ_IPE)/arch/x86/boot/bzImage $(B)/bzImage
	@echo "  OUT     build/bzImage"

# The test kernel: the default one plus KUnit, KASAN, lockdep, kmemleak,
# and a distribution's LSMs beside IPE (config/stack.config).
test-kernel: tree keys
	@harness/kconfig.sh $(OBJ_TEST) $(abspath $(TRUSTED_CERT)) \
		config/base.config config/ipe.config config/test.config config/stack.config
	@echo "  KERNEL  $(OBJ_TEST)"
	@$(KMAKE) O=$(OBJ_TEST) bzImage modules
	@cp $(OBJ_TEST)/arch/x86/boot/bzImage $(B)/bzImage-test

selftests: tree keys
	@harness/selftests.sh $(B)/selftests

initramfs: selftests test-kernel
	@harness/test-module.sh $(OBJ_TEST) $(B)/selftests
	@harness/initramfs.sh $(B)/selftests $(B)/initramfs-test.cpio.gz

# The test kernel's LSMs (config/stack.config), as /sys/kernel/security/lsm
# lists them, in each boot of make check: CONFIG_LSM's order, AppArmor
# active; then SELinux active and IPE first, for the selftests of exec,
# mmap, dm-verity, fs-verity and stacking. lockdown comes first as an
# early LSM; integrity (IMA, EVM) registers no hooks in 6.1 and is not
# listed.
LSM_APPARMOR := lockdown,capability,landlock,yama,apparmor,ipe,bpf
LSM_SELINUX_BOOT := ipe,landlock,lockdown,yama,integrity,selinux,bpf
LSM_SELINUX := lockdown,capability,ipe,landlock,yama,selinux,bpf
SELINUX_TESTS := 00,30,34,35,39,40,96

# Everything that tests. The last line is "N passed, M failed". The
# third boot is the default kernel (no boot policy, no debug options):
# test_38 stages a first policy while none is active, which only a boot
# without a boot policy allows. test_34 sees the three settings of
# proc_mem.force_override: the default of an IPE kernel ("ptrace") in
# the first boot, "never" in the second and "always" in the third. The
# fourth boots that kernel again for test_31 alone, which maps unpacked
# files before it activates the first policy.
check: test-kernel initramfs kernel
	@$(MAKE) -s host-tests
	@harness/run-vm.sh $(B)/bzImage-test $(B)/initramfs-test.cpio.gz \
		$(B)/selftests/disks $(B)/vm-test $(VM_TIMEOUT) \
		ipe.enforce=0 ipe.success_audit=1 ipe.strict_parse=1 log_buf_len=8M \
		ipe_expect_lsm=$(LSM_APPARMOR)
	@harness/run-vm.sh $(B)/bzImage-test $(B)/initramfs-test.cpio.gz \
		$(B)/selftests/disks $(B)/vm-selinux 900 \
		ipe.enforce=0 ipe.success_audit=1 ipe.strict_parse=1 log_buf_len=8M \
		lsm=$(LSM_SELINUX_BOOT) kunit.filter_glob=none \
		proc_mem.force_override=never \
		ipe_tests=$(SELINUX_TESTS) ipe_expect_lsm=$(LSM_SELINUX)
	@harness/run-vm.sh $(B)/bzImage $(B)/initramfs-test.cpio.gz \
		$(B)/selftests/disks $(B)/vm-noboot 600 log_buf_len=8M \
		proc_mem.force_override=always ipe_tests=38,34
	@harness/run-vm.sh $(B)/bzImage $(B)/initramfs-test.cpio.gz \
		$(B)/selftests/disks $(B)/vm-first 300 log_buf_len=8M ipe_tests=31
	@harness/summary.sh $(B)/vm-test --vm $(B)/vm-selinux --vm $(B)/vm-noboot \
		--vm $(B)/vm-first \
		$(B)/host-tests/*.tap

# For development only, not a substitute for "make check": boot the test
# kernel with no KUnit suite and run the VM selftests whose numbers are in
# TESTS (TESTS="92 96"), with VM_ARGS added to the kernel command line;
# the last line counts their checks as make check does.
comma := ,
vm-tests: test-kernel initramfs
	@harness/run-vm.sh $(B)/bzImage-test $(B)/initramfs-test.cpio.gz \
		$(B)/selftests/disks $(B)/vm-dev $(VM_TIMEOUT) \
		ipe.enforce=0 ipe.success_audit=1 ipe.strict_parse=1 log_buf_len=8M \
		kunit.filter_glob=none ipe_tests=$(subst $() ,$(comma),$(strip $(TESTS))) \
		$(VM_ARGS)
	@grep -E "^(not )?ok " $(B)/vm-dev/tap.log || true
	@harness/summary.sh --selftests $(B)/vm-dev

# Tests that need no VM: the harness's own failure detection, the package
# check for a user other than root, polgen (built with the test kernel) on
# valid and invalid boot policies, no call cycle between the files of
# security/ipe and no call from its engine up into the LSM's state (in the
# test kernel's objects),
# ipectl's own suite (on the default build and on one without OpenSSL;
# a static one links and runs), the user-space fuzzer, the Kconfig matrix and the
# KUnit suites on i386. ipectl and the fuzzer are built from this
# repository, which has no tools/include: they take the assembled tree's.
POLGEN := $(OBJ_TEST)/scripts/ipe/polgen/polgen
TOOLS_INC := TOOLS_INCLUDE=$(TREE)/tools/include
host-tests: tree
	@mkdir -p $(B)/host-tests
	@rm -f $(B)/host-tests/*.tap
	@harness/tests/summary-test.sh $(B)/host-tests/summary.tap || true
	@harness/tests/deps-test.sh $(B)/host-tests/deps.tap || true
	@if [ -x $(POLGEN) ]; then \
		tools/testing/selftests/ipe/polgen_test.sh $(POLGEN) \
			>$(B)/host-tests/polgen.tap 2>&1 || true; \
	else \
		echo "not ok 1 - polgen was built ($(POLGEN))" >$(B)/host-tests/polgen.tap; \
	fi
	@harness/ipe-layers.sh $(OBJ_TEST) >$(B)/host-tests/layers.tap 2>&1 || true
	@if $(MAKE) -s -C tools/security/ipe OUTPUT=$(B)/ipectl/ $(TOOLS_INC) \
		>$(B)/ipectl.log 2>&1; then \
		IPECTL_NO_OPENSSL=0 $(TOOLS_INC) bash tools/security/ipe/tests/run.sh \
			$(B)/ipectl/ipectl >$(B)/host-tests/ipectl.tap 2>&1 || true; \
	else \
		echo "not ok 1 - ipectl builds (see build/ipectl.log)" >$(B)/host-tests/ipectl.tap; \
	fi
	@if $(MAKE) -s -C tools/security/ipe OUTPUT=$(B)/ipectl-nossl/ NO_OPENSSL=1 \
		$(TOOLS_INC) >$(B)/ipectl-nossl.log 2>&1; then \
		IPECTL_NO_OPENSSL=1 $(TOOLS_INC) bash tools/security/ipe/tests/run.sh \
			$(B)/ipectl-nossl/ipectl >$(B)/host-tests/ipectl-nossl.tap 2>&1 || true; \
	else \
		echo "not ok 1 - ipectl builds without OpenSSL (see build/ipectl-nossl.log)" \
			>$(B)/host-tests/ipectl-nossl.tap; \
	fi
	@if $(MAKE) -s -C tools/security/ipe OUTPUT=$(B)/ipectl-static/ NO_OPENSSL=1 \
		STATIC=1 $(TOOLS_INC) >$(B)/ipectl-static.log 2>&1 && \
	    ldd $(B)/ipectl-static/ipectl 2>&1 | grep -q 'not a dynamic executable' && \
	    $(B)/ipectl-static/ipectl check tools/testing/selftests/ipe/boot_policy.pol \
		>>$(B)/ipectl-static.log 2>&1; then \
		echo "ok 1 - ipectl links statically without OpenSSL and runs" \
			>$(B)/host-tests/ipectl-static.tap; \
	else \
		echo "not ok 1 - ipectl links statically without OpenSSL and runs (see build/ipectl-static.log)" \
			>$(B)/host-tests/ipectl-static.tap; \
	fi
	@echo "1..1" >>$(B)/host-tests/ipectl-static.tap
	@if $(MAKE) -s -C tools/testing/selftests/ipe/fuzz OUTPUT=$(B)/fuzz/ \
		$(TOOLS_INC) >$(B)/fuzz.log 2>&1 && \
	    $(B)/fuzz/ipe_fuzz --seed 1 --iterations 100000 --out $(B)/fuzz \
		>>$(B)/fuzz.log 2>&1; then \
		echo "ok 1 - user-space parser fuzz, 100000 inputs, ASan and UBSan" >$(B)/host-tests/fuzz.tap; \
	else \
		echo "not ok 1 - user-space parser fuzz, 100000 inputs, ASan and UBSan (see build/fuzz.log)" >$(B)/host-tests/fuzz.tap; \
	fi
	@echo "1..1" >>$(B)/host-tests/fuzz.tap
	@$(MAKE) -s matrix
	@$(MAKE) -s kunit32
	@$(MAKE) -s kunit-arm64

# IPE's KUnit suites on a 32-bit kernel (i386, under qemu-system-i386)
# and on arm64 (cross-built, under qemu-system-aarch64).
kunit32: tree keys
	@harness/kunit-arch.sh i386 $(B)/host-tests/kunit-i386.tap || true

kunit-arm64: tree keys
	@harness/kunit-arch.sh arm64 $(B)/host-tests/kunit-arm64.tap || true

# The configuration matrix: IPE off, each property off, no permissive
# switch, no sysctl, no dm-verity...; each builds without a warning.
matrix: tree keys
	@harness/matrix.sh $(B)/host-tests/matrix.tap || true

# make bench: the default kernel plus the in-kernel benchmark, one boot.
OBJ_BENCH := $(B)/obj-bench
bench: tree keys selftests
	@harness/kconfig.sh $(OBJ_BENCH) $(abspath $(TRUSTED_CERT)) \
		config/base.config config/ipe.config config/bench.config
	@echo "  KERNEL  $(OBJ_BENCH)"
	@$(KMAKE) O=$(OBJ_BENCH) bzImage
	@cp $(OBJ_BENCH)/arch/x86/boot/bzImage $(B)/bzImage-bench
	@harness/bench.sh $(B)/bzImage-bench $(B)/selftests

# make fuzz [SEED=N] [TIME=S]: the parser fuzzer in user space, for long.
SEED ?= 1
TIME ?= 300
fuzz: tree
	@$(MAKE) -s -C tools/testing/selftests/ipe/fuzz OUTPUT=$(B)/fuzz/ run \
		$(TOOLS_INC) \
		SEED=$(SEED) TIME=$(TIME)

# make vanilla [VANILLA="newest 6.1.164"]: the README's "Adding IPE to
# your own kernel", every command, on upstream 6.1.y tarballs (Debian's
# copies of them), then a boot of the kernel it built; not part of make
# check (a full kernel build for each version).
VANILLA ?= newest 6.1.164
vanilla: tree keys
	@harness/vanilla.sh $(B)/vanilla.tap $(VANILLA); rc=$$?; \
		cat $(B)/vanilla.tap; exit $$rc

demo: kernel selftests
	@harness/demo.sh

series: tree
	@harness/series.sh

# make patches: build/series/ as make series writes it, without its checks.
patches: tree
	@harness/series.sh --write-only

clean:
	rm -rf $(B)/vm-* $(B)/selftests $(B)/initramfs-*

distclean:
	rm -rf $(B)
