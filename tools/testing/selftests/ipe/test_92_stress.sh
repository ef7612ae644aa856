#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Bounded concurrency stress, about a minute: background loops exec,
# mmap(PROT_EXEC) and mprotect(+PROT_EXEC) three marker binaries (ipe_stress)
# while other processes update, activate, delete and reload policies and
# switch enforce, through the securityfs nodes and the sysctls.
#
# The binaries: INIT, on the initramfs, every policy of the run allows
# (boot_verified=TRUE); TMPB, a copy on tmpfs, every policy denies (op
# default); VER, on the dm-verity test volume, st_a allows and st_b denies
# (by root hash). host_prepare_stress.sh wrote the policies (they name the
# volume's root hash); the test signs them on the spot, their versions
# (8.x as written, M8.x as loaded) raised as a whole when something newer
# is active.
#
# Phase 1, enforce stays 1: a switcher flips st_a and st_b (updating both
# to a higher version first, while levels last), and right after each
# activation deletes the policy that was active until then and loads it
# again; a churn process loads, updates and deletes st_c, which is older
# and never becomes active but is made the audit policy after each load
# (so that the loops' evaluations decide it too, and log its denials,
# while it is updated, cleared and deleted). INIT must never be denied,
# TMPB never allowed, and right after each switch VER must follow the new
# active policy. Phase 2: the same, plus a toggler switching enforce off
# and on, and the audit role passes to the switcher: the policy it is
# about to activate is the audit policy until the activation ends that
# role. Only INIT's loops are judged (and TMPB by the toggler itself,
# right after each switch). Then the state must be what the last
# operations made it,
# every background process must have exited by itself with status 0, and
# st_end (8.9.0, allows all) is left active with enforce=1.
. "$(dirname "$0")/ipe_lib.sh"
ipe_defaults
signed_policies
resign_data 'st_*'
M8=$((IPE_BASE + 8))	# the major of the st_ policies as loaded
S=$IPE_SELFTESTS
P=$IPE_FS/policies
STRESS=$S/ipe_stress
NAME=ipe_st
MNT=/tmp/ipe_st
W=/tmp/ipe_st.work
STOP=$W/stop
INIT=$S/ipe_hello
TMPB=/tmp/ipe_st_hello
VER=$MNT/bin/ipe_hello
ROOTHASH=$(cat "$IPE_DATA/dmv_roothash" 2>/dev/null)
LMAX=$(cat "$IPE_DATA/st_levels" 2>/dev/null)
DATA=$(disk dmv_data)
HASH=$(disk dmv_hash)
P1=24		# seconds of phase 1
P2=18		# seconds of phase 2
MAXSEC=150	# an ipe_stress loop ends by itself after that long
PAUSE=25	# ms between the attempts of the loops that are denied

if [ -z "$DATA" ] || [ -z "$HASH" ] || [ -z "$ROOTHASH" ] || [ -z "$LMAX" ] ||
	[ ! -x "$STRESS" ] || [ ! -e "$D/st_a_0.p7s" ]; then
	fail "stress test prerequisites" \
		"no dm-verity disks, ipe_stress or st_ policies (host_prepare_stress.sh)"
	exit 0
fi
if [ -e /proc/sys/ipe/enforce ]; then
	SWITCH=1
else
	SWITCH=0
fi

T0=$(date +%s)
# a real crash of a marker binary logs "segfault at"; a late denial not
segv0=$(dmesg | grep -c "ipe_.*segfault at")
rm -rf "$W"
mkdir -p "$W" /run/cryptsetup $MNT
sa_found=$(cat "$IPE_FS/success_audit")

# finish: leave st_end (8.9.0, allows all) active and the other st_
# policies deleted, success_audit as found, the volume closed
finish() {
	expect_write "st_end $M8.9.0 loads" OK "$IPE_FS/new_policy" "$D/st_end.p7s"
	expect_write "st_end activates through its active node" OK \
		-s 1 "$P/st_end/active"
	expect_eq "st_end is active" st_end "$(cat /proc/sys/ipe/active_policy)"
	echo st_a 2>/dev/null >"$IPE_FS/del_policy"
	echo 1 2>/dev/null >"$P/st_b/delete"
	echo st_c 2>/dev/null >"$IPE_FS/del_policy"
	check_fails "st_a and st_b, no longer active, are deleted" \
		sh -c "test -e $P/st_a || test -e $P/st_b"
	expect_eq "under st_end the tmpfs copy runs" "hello from ipe_hello" \
		"$(run $TMPB)"
	echo "$sa_found" >"$IPE_FS/success_audit"
	expect_eq "success_audit is as the test found it" "$sa_found" \
		"$(cat "$IPE_FS/success_audit")"
	umount $MNT 2>/dev/null
	veritysetup close $NAME 2>/dev/null
	rm -rf "$W" $TMPB
}

# --- setup -------------------------------------------------------------

umount $MNT 2>/dev/null
veritysetup close $NAME 2>/dev/null
check "veritysetup open and mount the dm-verity test volume" \
	sh -c "veritysetup open $DATA $NAME $HASH $ROOTHASH &&
	       mount -t squashfs -o ro /dev/mapper/$NAME $MNT"
cp "$INIT" $TMPB && chmod 755 $TMPB
# allowed execs must not be audited: thousands of records otherwise
echo 0 >"$IPE_FS/success_audit"
[ $SWITCH = 1 ] && sysctl -q -w ipe.enforce=1

expect_write "st_a $M8.1.0 loads" OK "$IPE_FS/new_policy" "$D/st_a_0.p7s"
expect_write "st_b $M8.1.0 loads" OK "$IPE_FS/new_policy" "$D/st_b_0.p7s"
check "st_a activates" sysctl -q -w ipe.active_policy=st_a
expect_eq "under st_a the initramfs binary runs" "hello from ipe_hello" \
	"$(run "$INIT")"
expect_eq "under st_a the dm-verity binary runs" "hello from ipe_hello" \
	"$(run $VER)"
expect_eq "under st_a the tmpfs copy is denied" "EXIT=126" "$(run $TMPB)"
check "st_b, of the same version, activates" \
	sysctl -q -w ipe.active_policy=st_b
expect_eq "under st_b the dm-verity binary is denied" "EXIT=126" "$(run $VER)"
expect_eq "under st_b mmap(PROT_EXEC) of the dm-verity binary is EACCES" \
	EACCES "$("$S/ipe_mmap" exec $VER)"
expect_eq "under st_b the initramfs binary runs" "hello from ipe_hello" \
	"$(run "$INIT")"
expect_eq "under st_b the tmpfs copy is denied" "EXIT=126" "$(run $TMPB)"
check "st_a activates again (equal versions switch both ways)" \
	sysctl -q -w ipe.active_policy=st_a
if [ "$(cat /proc/sys/ipe/active_policy)" != st_a ] ||
	[ "$(run $VER)" != "hello from ipe_hello" ]; then
	fail "the stress run starts" "the setup failed; not starting the loops"
	finish
	exit 0
fi
echo "v=0" >"$W/level"

# --- the processes -----------------------------------------------------

# sw_fail KIND TEXT: record a failure of the switcher, churn or toggler
sw_fail() { echo "$*" >>"$FAILF"; }

# sw_node NAME NODE WANT KIND: policies/NAME/NODE reads WANT, else a
# failure of KIND
sw_node() {
	x=
	{ read -r x <"$P/$1/$2"; } 2>/dev/null
	[ "$x" = "$3" ] && return 0
	sw_fail $4 "$P/$1/$2 reads '$x', want '$3'"
	return 1
}

# sw_update NAME WAY: update NAME to level $v through update or raw
sw_update() {
	node=update
	[ $(($2 % 2)) = 1 ] && node=raw
	out=$("$IPE_WRITE" "$P/$1/$node" "$D/${1}_$v.p7s" 2>&1)
	if [ $node = update ]; then
		n_upd_update=$((n_upd_update + 1))
	else
		n_upd_raw=$((n_upd_raw + 1))
	fi
	if [ "$out" != OK ]; then
		sw_fail update "$1 to $M8.1.$v through $node: $out"
		return 1
	fi
	sw_node "$1" version "$M8.1.$v" update
}

# sw_load NAME WAY: load NAME at level $v through one write or cat
sw_load() {
	f=$D/${1}_$v.p7s
	if [ $(($2 % 2)) = 0 ]; then
		how="one write"
		out=$("$IPE_WRITE" "$IPE_FS/new_policy" "$f" 2>&1)
		n_load_write=$((n_load_write + 1))
	else
		how=cat
		out=$(cat "$f" 2>&1 >"$IPE_FS/new_policy") && out=OK
		n_load_cat=$((n_load_cat + 1))
	fi
	if [ "$out" != OK ]; then
		sw_fail load "$1 $M8.1.$v through $how: $out"
		return 1
	fi
	sw_node "$1" version "$M8.1.$v" load
}

# sw_switch NEW OLD WAY: activate NEW (sysctl, /proc/sys or its active
# node), then at once, while evaluations may still be walking OLD, delete
# OLD (del_policy or its delete node)
sw_switch() {
	case $(($3 % 3)) in
	0)	how=sysctl
		sysctl -q -w ipe.active_policy="$1" >/dev/null 2>&1
		r=$?
		n_act_sysctl=$((n_act_sysctl + 1)) ;;
	1)	how=/proc/sys/ipe/active_policy
		echo "$1" 2>/dev/null >/proc/sys/ipe/active_policy
		r=$?
		n_act_proc=$((n_act_proc + 1)) ;;
	*)	how=policies/$1/active
		echo 1 2>/dev/null >"$P/$1/active"
		r=$?
		n_act_node=$((n_act_node + 1)) ;;
	esac
	if [ $(($3 % 2)) = 0 ]; then
		dhow=del_policy
		echo "$2" 2>/dev/null >"$IPE_FS/del_policy"
		r2=$?
		n_del_name=$((n_del_name + 1))
	else
		dhow=policies/$2/delete
		echo 1 2>/dev/null >"$P/$2/delete"
		r2=$?
		n_del_node=$((n_del_node + 1))
	fi
	if [ $r != 0 ]; then
		sw_fail activate "$1 through $how failed"
		return 1
	fi
	a=
	read -r a </proc/sys/ipe/active_policy
	if [ "$a" != "$1" ]; then
		sw_fail activate "$1 through $how: active_policy reads '$a'"
		return 1
	fi
	act_name=$1 act_ver=$M8.1.$v
	if [ $r2 != 0 ] || [ -e "$P/$2" ]; then
		sw_fail delete "$2 through $dhow: status $r2, directory $(
			[ -e "$P/$2" ] && echo remains || echo gone)"
		return 1
	fi
}

# sw_follows allowed|denied: exec and mmap(PROT_EXEC) of VER give that
sw_follows() {
	"$VER" >/dev/null 2>&1
	r=$?
	m=$("$S/ipe_mmap" exec "$VER" 2>&1)
	n_follow=$((n_follow + 1))
	if [ $1 = allowed ]; then
		[ $r = 0 ] && [ "$m" = OK ] && return 0
	else
		[ $r = 126 ] && [ "$m" = EACCES ] && return 0
	fi
	sw_fail follow "with $act_name just active the dm-verity binary" \
		"should be $1: exec status $r, mmap $m"
	return 1
}

# sw_audit NEW WAY: in phase 2, make NEW the audit policy right before it
# is activated (its audit node or the sysctl)
sw_audit() {
	if [ $(($2 % 2)) = 0 ]; then
		out=$("$IPE_WRITE" -s 1 "$P/$1/audit" 2>&1)
	else
		out=$("$IPE_WRITE" -s "$1" /proc/sys/ipe/audit_policy 2>&1)
	fi
	n_audit=$((n_audit + 1))
	if [ "$out" != OK ]; then
		sw_fail swap "$1 as the audit policy (way $(($2 % 2))): $out"
		return 1
	fi
	sw_node "$1" audit 1 swap
}

# sw_audit_ended NEW: its activation ended its audit role
sw_audit_ended() {
	a=x
	read -r a </proc/sys/ipe/audit_policy
	[ -z "$a" ] && return 0
	sw_fail swap "$1 activated, audit_policy reads '$a'"
	return 1
}

# switcher PHASE: flip st_a and st_b until the stop file appears. Each
# cycle starts and ends with st_a active, st_b loaded, both at level $v.
# In phase 2 the policy about to be activated is the audit policy until
# then.
switcher() {
	FAILF=$W/$1.switch.fail
	. "$W/level"
	i=0 n_upd_update=0 n_upd_raw=0 n_load_write=0 n_load_cat=0
	n_act_sysctl=0 n_act_proc=0 n_act_node=0 n_del_name=0 n_del_node=0
	n_follow=0 n_audit=0 act_name=st_a act_ver=$M8.1.$v
	while [ ! -e "$STOP" ]; do
		if [ "$v" -lt "$LMAX" ]; then
			v=$((v + 1))
			sw_update st_b $i || break
			sw_update st_a $((i + 1)) || break
			act_ver=$M8.1.$v
			sw_node st_a active 1 update || break
		fi
		if [ "$1" = 2 ]; then sw_audit st_b $i || break; fi
		sw_switch st_b st_a $i || break
		if [ "$1" = 1 ]; then sw_follows denied || break; fi
		if [ "$1" = 2 ]; then sw_audit_ended st_b || break; fi
		sw_load st_a $i || break
		if [ "$1" = 2 ]; then sw_audit st_a $((i + 1)) || break; fi
		sw_switch st_a st_b $((i + 1)) || break
		if [ "$1" = 1 ]; then sw_follows allowed || break; fi
		if [ "$1" = 2 ]; then sw_audit_ended st_a || break; fi
		sw_load st_b $((i + 1)) || break
		i=$((i + 1))
	done
	echo "v=$v" >"$W/level"
	echo "cycles=$i upd_update=$n_upd_update upd_raw=$n_upd_raw" \
		"load_write=$n_load_write load_cat=$n_load_cat" \
		"act_sysctl=$n_act_sysctl act_proc=$n_act_proc" \
		"act_node=$n_act_node del_name=$n_del_name" \
		"del_node=$n_del_node follow=$n_follow audit_swap=$n_audit"
	echo "active=$act_name version=$act_ver"
}

# churn PHASE: load, update and delete st_c until the stop file appears;
# st_c (8.0.x) is older than st_a and st_b, so activating it is refused.
# Also reads the content of st_a and st_b, which the switcher is
# updating and deleting.
churn() {
	FAILF=$W/$1.churn.fail
	j=0 c_load=0 c_upd=0 c_del=0 c_estale=0 c_read=0 c_gone=0 c_audit=0
	while [ ! -e "$STOP" ]; do
		if [ $((j % 2)) = 0 ]; then
			out=$("$IPE_WRITE" "$IPE_FS/new_policy" "$D/st_c_1.p7s" 2>&1)
			node=$P/st_c/active
			upd=update
		else
			out=$(cat "$D/st_c_1.p7s" 2>&1 >"$IPE_FS/new_policy") && out=OK
			node=/proc/sys/ipe/active_policy
			upd=raw
		fi
		c_load=$((c_load + 1))
		if [ "$out" != OK ]; then
			sw_fail cload "st_c $M8.0.1: $out"
			break
		fi
		sw_node st_c version $M8.0.1 cload || break

		val=1
		[ $node = /proc/sys/ipe/active_policy ] && val=st_c
		out=$("$IPE_WRITE" -s $val $node 2>&1)
		c_estale=$((c_estale + 1))
		if [ "$out" != ESTALE ]; then
			sw_fail estale "activating st_c through $node: $out"
			break
		fi
		a=
		read -r a </proc/sys/ipe/active_policy
		case "$a" in
		st_a|st_b) ;;
		*)	sw_fail active "active_policy reads '$a'"
			break ;;
		esac

		# in phase 1 st_c is the audit policy until it is deleted:
		# the loops' evaluations decide it too, while it is updated
		# and deleted (in phase 2 the switcher has the role)
		if [ "$1" = 1 ]; then
			if [ $((j % 2)) = 0 ]; then
				out=$("$IPE_WRITE" -s 1 "$P/st_c/audit" 2>&1)
			else
				out=$("$IPE_WRITE" -s st_c /proc/sys/ipe/audit_policy 2>&1)
			fi
			c_audit=$((c_audit + 1))
			if [ "$out" != OK ]; then
				sw_fail caudit "st_c as the audit policy (way $((j % 2))): $out"
				break
			fi
			sw_node st_c audit 1 caudit || break
		fi

		for n in st_a st_b; do
			line=
			if { read -r line <"$P/$n/content"; } 2>/dev/null; then
				c_read=$((c_read + 1))
				case "$line" in
				"policy_name=$n policy_version=$M8.1."*) ;;
				*)	sw_fail content "$n/content starts '$line'"
					break 2 ;;
				esac
			else
				c_gone=$((c_gone + 1))
			fi
		done

		out=$("$IPE_WRITE" "$P/st_c/$upd" "$D/st_c_2.p7s" 2>&1)
		c_upd=$((c_upd + 1))
		if [ "$out" != OK ]; then
			sw_fail cupdate "st_c to $M8.0.2 through $upd: $out"
			break
		fi
		sw_node st_c version $M8.0.2 cupdate || break
		if ! cmp -s "$P/st_c/content" "$D/st_c_2.pol"; then
			sw_fail cupdate "st_c/content is not the $M8.0.2 text"
			break
		fi
		[ "$1" = 2 ] || sw_node st_c audit 1 cupdate || break
		if [ "$1" = 1 ] && [ $((j % 4)) = 3 ]; then
			out=$("$IPE_WRITE" -s "" /proc/sys/ipe/audit_policy 2>&1)
			if [ "$out" != OK ]; then
				sw_fail caudit "clearing the audit policy: $out"
				break
			fi
			sw_node st_c audit 0 caudit || break
		fi

		if [ $((j % 2)) = 0 ]; then
			echo st_c 2>/dev/null >"$IPE_FS/del_policy"
		else
			echo 1 2>/dev/null >"$P/st_c/delete"
		fi
		r=$?
		c_del=$((c_del + 1))
		if [ $r != 0 ] || [ -e "$P/st_c" ]; then
			sw_fail cdelete "st_c (way $((j % 2))): status $r"
			break
		fi
		a=
		[ "$1" = 2 ] || read -r a </proc/sys/ipe/audit_policy
		if [ -n "$a" ]; then
			sw_fail cdelete "st_c deleted, audit_policy reads '$a'"
			break
		fi
		j=$((j + 1))
	done
	echo "cycles=$j load=$c_load update=$c_upd delete=$c_del" \
		"estale=$c_estale content_read=$c_read content_gone=$c_gone" \
		"audit_role=$c_audit"
}

# set_enforce VALUE WAY: through sysctl or the securityfs node; both
# must then read VALUE
set_enforce() {
	if [ $(($2 % 2)) = 0 ]; then
		sysctl -q -w ipe.enforce=$1 >/dev/null 2>&1
		t_sysctl=$((t_sysctl + 1))
	else
		echo $1 2>/dev/null >"$IPE_FS/enforce"
		t_fs=$((t_fs + 1))
	fi
	e1= e2=
	read -r e1 </proc/sys/ipe/enforce
	read -r e2 <"$IPE_FS/enforce"
	[ "$e1 $e2" = "$1 $1" ] && return 0
	sw_fail enforce "set to $1 (way $2): sysctl reads '$e1', node '$e2'"
	return 1
}

# toggler: enforce 0, then 1, until the stop file appears; right after
# each switch TMPB must run (0) or be denied (1). Ends with enforce=1.
toggler() {
	FAILF=$W/2.toggle.fail
	k=0 t_sysctl=0 t_fs=0 t_run=0 t_denied=0
	while [ ! -e "$STOP" ]; do
		set_enforce 0 $k || break
		$TMPB >/dev/null 2>&1
		r=$?
		t_run=$((t_run + 1))
		if [ $r != 0 ]; then
			sw_fail tmpfs "with enforce=0 the tmpfs copy gave status $r"
			break
		fi
		set_enforce 1 $((k + 1)) || break
		$TMPB >/dev/null 2>&1
		r=$?
		t_denied=$((t_denied + 1))
		if [ $r != 126 ]; then
			sw_fail tmpfs "with enforce=1 the tmpfs copy gave status $r"
			break
		fi
		k=$((k + 1))
	done
	set_enforce 1 0 >/dev/null
	echo "cycles=$k sysctl=$t_sysctl securityfs=$t_fs" \
		"ran=$t_run denied=$t_denied"
}

# spawn NAME CMD...: run CMD in the background; its output goes to
# $W/NAME.out and .err, its exit status to $W/NAME.rc when it ends
JOBS=
spawn() {
	job=$1
	shift
	("$@" >"$W/$job.out" 2>"$W/$job.err"; echo $? >"$W/$job.rc") &
	JOBS="$JOBS $!:$job"
}

# phase N SECONDS: the loops and the management of phase N
phase() {
	rm -f "$STOP"
	ph=$1
	spawn $ph.exec_init "$STRESS" exec "$INIT" "$STOP" $MAXSEC
	spawn $ph.mmap_init "$STRESS" mmap "$INIT" "$STOP" $MAXSEC
	spawn $ph.mprot_init "$STRESS" mprotect "$INIT" "$STOP" $MAXSEC
	spawn $ph.exec_tmp "$STRESS" exec $TMPB "$STOP" $MAXSEC $PAUSE
	spawn $ph.mmap_tmp "$STRESS" mmap $TMPB "$STOP" $MAXSEC $PAUSE
	spawn $ph.exec_ver "$STRESS" exec $VER "$STOP" $MAXSEC $PAUSE
	spawn $ph.mmap_ver "$STRESS" mmap $VER "$STOP" $MAXSEC $PAUSE
	spawn $ph.switch switcher $ph
	spawn $ph.churn churn $ph
	[ $ph = 2 ] && [ $SWITCH = 1 ] && spawn $ph.toggle toggler
	end=$(($(date +%s) + $2))
	while [ "$(date +%s)" -lt $end ]; do
		sleep 1
	done
	: >"$STOP"
	# the management processes finish their cycle: give them 40 s
	lim=$(($(date +%s) + 40))
	for pj in $JOBS; do
		while [ ! -e "$W/${pj#*:}.rc" ] && [ "$(date +%s)" -lt $lim ]; do
			sleep 1
		done
	done
	for pj in $JOBS; do
		if [ -e "$W/${pj#*:}.rc" ]; then
			wait "${pj%%:*}" 2>/dev/null
		else
			kill "${pj%%:*}" 2>/dev/null
			echo hung >"$W/${pj#*:}.rc"
		fi
	done
	ALLJOBS="$ALLJOBS $JOBS"
	JOBS=
}

# --- the run -----------------------------------------------------------

ALLJOBS=
phase 1 $P1
T1=$(date +%s)
phase 2 $P2
T2=$(date +%s)
echo "# phase 1 took $((T1 - T0)) s with the setup, phase 2 $((T2 - T1)) s"

# --- what the loops saw --------------------------------------------------

# counts JOB: a, d, e, l from ipe_stress's
# "allowed=A denied=D errors=E late=L"; -1 each when the job printed no
# such line
counts() {
	a=-1 d=-1 e=-1 l=-1
	line=$(cat "$W/$1.out" 2>/dev/null)
	case "$line" in
	"allowed="*" denied="*" errors="*" late="*) ;;
	*) return 1 ;;
	esac
	set -- $line
	a=${1#allowed=} d=${2#denied=} e=${3#errors=} l=${4#late=}
}

# never_denied JOB DESC: the loop ran, and nothing was denied or failed
never_denied() {
	counts $1
	echo "# $1: $a allowed, $d denied, $e errors, $l late $(cat "$W/$1.err" 2>/dev/null)"
	if [ "$a" -gt 0 ] && [ "$d" = 0 ] && [ "$e" = 0 ] && [ "$l" = 0 ]; then
		pass "$2 ($a times)"
	else
		fail "$2" "$a allowed, $d denied, $e errors, $l late $(cat "$W/$1.err")"
	fi
}

# never_allowed JOB DESC
never_allowed() {
	counts $1
	echo "# $1: $a allowed, $d denied, $e errors, $l late $(cat "$W/$1.err" 2>/dev/null)"
	if [ "$d" -gt 0 ] && [ "$a" = 0 ] && [ "$e" = 0 ] && [ "$l" = 0 ]; then
		pass "$2 ($d times)"
	else
		fail "$2" "$a allowed, $d denied, $e errors, $l late $(cat "$W/$1.err")"
	fi
}

# clean DESC JOB...: each loop ran, and saw only allowed, EACCES or (for
# exec) a late denial: the policy flipped between the check of the binary
# and the loader's mmap, past the exec's point of no return (ipe_stress.c)
clean() {
	desc=$1 bad=
	shift
	for job in "$@"; do
		counts $job
		echo "# $job: $a allowed, $d denied, $e errors, $l late"
		if [ $((a + d)) -le 0 ] || [ "$e" != 0 ] || [ "$l" -lt 0 ]; then
			bad="$bad [$job: $a allowed, $d denied, $e errors $(
				cat "$W/$job.err")]"
		fi
	done
	expect_eq "$desc" "" "$bad"
}

never_denied 1.exec_init \
	"phase 1: exec of the binary every policy allows is never denied"
never_denied 1.mmap_init \
	"phase 1: its mmap(PROT_EXEC) is never denied"
never_denied 1.mprot_init \
	"phase 1: its mprotect(+PROT_EXEC) is never denied"
never_allowed 1.exec_tmp \
	"phase 1, enforce=1: exec of the binary every policy denies never runs"
never_allowed 1.mmap_tmp \
	"phase 1, enforce=1: its mmap(PROT_EXEC) never succeeds"
clean "phase 1: the loops of the binary st_a allows and st_b denies saw only allowed or denied" \
	1.exec_ver 1.mmap_ver
never_denied 2.exec_init \
	"phase 2 (enforce toggling): exec of the always-allowed binary is never denied"
never_denied 2.mmap_init \
	"phase 2: its mmap(PROT_EXEC) is never denied"
never_denied 2.mprot_init \
	"phase 2: its mprotect(+PROT_EXEC) is never denied"
clean "phase 2: the loops of the other two binaries saw only allowed or denied" \
	2.exec_tmp 2.mmap_tmp 2.exec_ver 2.mmap_ver

# --- what the management processes did ----------------------------------

# sum KEY JOB...: the sum of KEY=N over the jobs' first output lines
sum() {
	key=$1 total=0
	shift
	for job in "$@"; do
		n=$(head -n 1 "$W/$job.out" 2>/dev/null | tr ' ' '\n' |
			sed -n "s/^$key=//p")
		total=$((total + ${n:-0}))
	done
	echo $total
}

late=$(sum late 1.exec_ver 2.exec_tmp 2.exec_ver)
segv=$(($(dmesg | grep -c "ipe_.*segfault at") - segv0))
echo "# exec denied late (SIGSEGV past the point of no return): $late times"
expect_eq "no exec killed by SIGSEGV was a crash of the binary (segfault lines)" \
	0 "$segv"

# fails KIND FILE...: the failure lines of that kind
fails() {
	kind=$1
	shift
	cat "$@" 2>/dev/null | grep "^$kind " | head -n 3 | tr '\n' ' '
}

SW="1.switch 2.switch"
SWF="$W/1.switch.fail $W/2.switch.fail"
for job in 1.switch 2.switch 1.churn 2.churn 2.toggle; do
	[ -e "$W/$job.out" ] && echo "# $job: $(head -n 1 "$W/$job.out")"
done

cycles=$(sum cycles $SW)
upd_u=$(sum upd_update $SW) upd_r=$(sum upd_raw $SW)
if [ "$upd_u" -gt 0 ] && [ "$upd_r" -gt 0 ] && [ -z "$(fails update $SWF)" ]; then
	m="updates to a higher version through update ($upd_u) and raw ($upd_r), of"
	m="$m the active and an inactive policy, took effect"
	pass "$m"
else
	fail "updates through update and raw took effect" \
		"$upd_u update, $upd_r raw: $(fails update $SWF)"
fi
a0=$(sum act_sysctl $SW) a1=$(sum act_proc $SW) a2=$(sum act_node $SW)
if [ "$a0" -gt 0 ] && [ "$a1" -gt 0 ] && [ "$a2" -gt 0 ] &&
	[ -z "$(fails activate $SWF)" ]; then
	m="activations through sysctl ($a0), /proc/sys/ipe/active_policy ($a1) and"
	m="$m policies/NAME/active ($a2) took effect at once"
	pass "$m"
else
	fail "activations through sysctl, /proc/sys and policies/NAME/active took effect" \
		"$a0, $a1, $a2 done: $(fails activate $SWF)"
fi
d0=$(sum del_name $SW) d1=$(sum del_node $SW)
if [ "$d0" -gt 0 ] && [ "$d1" -gt 0 ] && [ -z "$(fails delete $SWF)" ]; then
	m="deleting the policy active a moment before through del_policy ($d0) and"
	m="$m policies/NAME/delete ($d1) removed it each time"
	pass "$m"
else
	fail "deleting the policy active a moment before removed it each time" \
		"$d0 del_policy, $d1 delete: $(fails delete $SWF)"
fi
l0=$(sum load_write $SW) l1=$(sum load_cat $SW)
if [ "$l0" -gt 0 ] && [ "$l1" -gt 0 ] && [ -z "$(fails load $SWF)" ]; then
	m="reloading it through new_policy, in one write ($l0) and by cat ($l1),"
	m="$m succeeded each time"
	pass "$m"
else
	fail "reloading the deleted policy through new_policy succeeded each time" \
		"$l0 one write, $l1 cat: $(fails load $SWF)"
fi
follow=$(sum follow 1.switch)
if [ "$follow" -gt 0 ] && [ -z "$(fails follow $SWF)" ]; then
	m="phase 1: right after each switch ($follow) the dm-verity binary follows the"
	m="$m new active policy (exec and mmap)"
	pass "$m"
else
	fail "phase 1: right after each switch the dm-verity binary follows the new active policy" \
		"$follow checks: $(fails follow $SWF)"
fi
m="# switcher: $cycles cycles, $((upd_u + upd_r)) updates, $((a0 + a1 + a2))"
m="$m activations, $((d0 + d1)) deletions, $((l0 + l1)) loads"
echo "$m"

CH="1.churn 2.churn"
CHF="$W/1.churn.fail $W/2.churn.fail"
c_l=$(sum load $CH) c_u=$(sum update $CH) c_d=$(sum delete $CH)
c_f="$(fails cload $CHF)$(fails cupdate $CHF)$(fails cdelete $CHF)"
if [ "$c_d" -gt 1 ] && [ -z "$c_f" ]; then
	m="the inactive st_c loaded ($c_l), updated ($c_u) and deleted ($c_d) through"
	m="$m both interfaces each time"
	pass "$m"
else
	fail "the inactive st_c loaded, updated and deleted through both interfaces each time" \
		"$c_l loads, $c_u updates, $c_d deletions: $c_f"
fi
c_a=$(sum audit_role $CH)
if [ "$c_a" -gt 1 ] && [ -z "$(fails caudit $CHF)" ]; then
	m="phase 1: st_c became the audit policy after each load ($c_a), through its"
	m="$m audit node and the sysctl; updates kept the role, clearing and deletion ended it"
	pass "$m"
else
	fail "phase 1: st_c, the audit policy after each load, kept by updates" \
		"$c_a tries: $(fails caudit $CHF)"
fi
c_s=$(sum audit_swap 2.switch)
if [ "$c_s" -gt 1 ] && [ -z "$(fails swap "$W/2.switch.fail")" ]; then
	m="phase 2: the policy about to be activated was the audit policy ($c_s"
	m="$m times, node and sysctl); each activation ended that role"
	pass "$m"
else
	fail "phase 2: each activation ended the audit role of the policy" \
		"$c_s tries: $(fails swap "$W/2.switch.fail")"
fi
c_e=$(sum estale $CH)
if [ "$c_e" -gt 1 ] && [ -z "$(fails estale $CHF)" ] &&
	[ -z "$(fails active $CHF)" ]; then
	m="activating the older st_c was refused with ESTALE each time ($c_e), through"
	m="$m its active node and the sysctl; the active policy stayed st_a or st_b"
	pass "$m"
else
	fail "activating the older st_c was refused with ESTALE each time" \
		"$c_e tries: $(fails estale $CHF)$(fails active $CHF)"
fi
c_r=$(sum content_read $CH) c_g=$(sum content_gone $CH)
if [ "$c_r" -gt 0 ] && [ -z "$(fails content $CHF)" ]; then
	m="content read while the switcher updates and deletes is that policy's own"
	m="$m text ($c_r reads, $c_g refused)"
	pass "$m"
else
	fail "content read while the switcher updates and deletes is that policy's own text" \
		"$c_r reads, $c_g refused: $(fails content $CHF)"
fi

# the deletions happened while the loops ran: none of them broke an
# evaluation of the binary every policy allows
bad=
for job in 1.exec_init 1.mmap_init 1.mprot_init 2.exec_init 2.mmap_init \
	2.mprot_init; do
	counts $job
	[ "$a" -gt 0 ] && [ "$d" = 0 ] && [ "$e" = 0 ] || bad="$bad $job"
done
if [ $((d0 + d1)) -gt 0 ] && [ "$c_d" -gt 0 ] && [ -z "$bad" ]; then
	m="$((d0 + d1 + c_d)) deletions of non-active policies during the loops never"
	m="$m denied the always-allowed binary"
	pass "$m"
else
	m="deletions of non-active policies during the loops never denied the"
	m="$m always-allowed binary"
	fail "$m" \
		"$((d0 + d1)) + $c_d deletions; denials or errors in:$bad"
fi

if [ $SWITCH = 1 ]; then
	TF=$W/2.toggle.fail
	t0=$(sum sysctl 2.toggle) t1=$(sum securityfs 2.toggle)
	t_r=$(sum ran 2.toggle) t_d=$(sum denied 2.toggle)
	if [ "$t0" -gt 0 ] && [ "$t1" -gt 0 ] && [ -z "$(fails enforce "$TF")" ]; then
		m="phase 2: enforce switched through sysctl ($t0) and securityfs"
		m="$m ($t1), both read the new value at once"
		pass "$m"
	else
		fail "phase 2: enforce switched through sysctl and securityfs" \
			"$t0 sysctl, $t1 securityfs: $(fails enforce "$TF")"
	fi
	if [ "$t_r" -gt 0 ] && [ "$t_d" -gt 0 ] && [ -z "$(fails tmpfs "$TF")" ]; then
		m="phase 2: right after enforce=0 the denied binary runs ($t_r), right"
		m="$m after enforce=1 it is denied ($t_d)"
		pass "$m"
	else
		fail "phase 2: the denied binary follows enforce right after each switch" \
			"$t_r with 0, $t_d with 1: $(fails tmpfs "$TF")"
	fi
else
	skip "phase 2: enforce switched through sysctl and securityfs" \
		"no CONFIG_SECURITY_IPE_PERMISSIVE_SWITCH"
fi

# every background process ended by itself, with status 0
bad= n=0
for pj in $ALLJOBS; do
	job=${pj#*:}
	n=$((n + 1))
	rc=$(cat "$W/$job.rc" 2>/dev/null)
	[ "$rc" = 0 ] || bad="$bad $job:${rc:-none}"
done
if [ $n -ge 18 ] && [ -z "$bad" ]; then
	pass "all $n background processes exited by themselves with status 0"
else
	fail "all background processes exited by themselves with status 0" \
		"$n processes; not so:$bad"
fi

# --- the state the last operations left ---------------------------------

last=$(sed -n 's/^active=//p' "$W/2.switch.out" 2>/dev/null)
lname=${last%% *} lver=${last#*version=}
echo "# the switcher's last activation: $lname $lver"
expect_eq "the active policy is the one the switcher activated last" \
	"$lname" "$(cat /proc/sys/ipe/active_policy)"
expect_eq "its version is the one it was last updated or reloaded to" \
	"$lver" "$(cat "$P/$lname/version" 2>&1)"
other=st_b
[ "$lname" = st_b ] && other=st_a
expect_eq "its active node reads 1, the other policy's 0" "1 0" \
	"$(cat "$P/$lname/active" 2>&1) $(cat "$P/$other/active" 2>&1)"
check_fails "st_c is gone after the churn's last deletion" test -e "$P/st_c"
expect_eq "and there is no audit policy" "" \
	"$(cat /proc/sys/ipe/audit_policy 2>&1)"
expect_eq "enforce is 1 after the run (sysctl, securityfs)" "1 1" \
	"$(cat /proc/sys/ipe/enforce 2>/dev/null || echo 1) $(cat "$IPE_FS/enforce")"

# --- leave st_end active ------------------------------------------------

finish
echo "# the stress test took $(($(date +%s) - T0)) s"
