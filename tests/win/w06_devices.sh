#!/bin/sh
# The device side on Windows: a file's volume and physical drive, Perfmon's PhysicalDisk
# counters through PDH over the window, iobench monitor's names. Wine has neither the
# drives under a volume nor PDH's disk counters: each run says so in its report (no
# device data, and why), and the counters themselves are skipped, said; docs/windows.md
# has the commands that check them on a real machine. Paths in the JSON are Windows'
# own (C:\...), with no \x5c.
. "$(dirname "$0")/lib.sh"

say "a file target: the chain or the reason there is none, in the JSON and the text"
run_ok -c8M -d1 -W0 -b4K -r -Su "--json=$(wpath d.json)" "$(wpath io.dat)"
why=$(jq -r '.targets[0].no_device // empty' "$D/d.json")
path=$(jq -r '.targets[0].path' "$D/d.json")
[ "$path" = "$(wpath io.dat)" ] || fail "the JSON's path: '$path'"
if [ -n "$why" ]; then
	grep -qF "no device data for '$(wpath io.dat)' ($why)" "$D/out" ||
		fail "the text does not say why there is no device data: $(grep -i device "$D/out")"
	case $why in
	*IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS*|*PDH*) skip_case "PhysicalDisk counters over the window: $why" ;;
	*) fail "no device data, for a reason a Windows machine should not give: $why" ;;
	esac
else
	jq -e '.devices[0].name | test("^PhysicalDrive[0-9]+$")' "$D/d.json" >/dev/null ||
		fail "the device: $(jq -c '.devices' "$D/d.json")"
	jq -e '.devices[0].perfmon.disk_transfers_per_s > 0 and .devices[0].perfmon.split_io_per_s != null' \
		"$D/d.json" >/dev/null || fail "PhysicalDisk counters: $(jq -c '.devices[0].perfmon' "$D/d.json")"
fi

say "iobench monitor: Windows' drive names; a Linux name refused, naming the forms"
run_rc 2 monitor sdb -d1
grep -qF "'sdb' names no physical drive: give #1, PhysicalDrive1 or \\\\.\\PhysicalDrive1" "$D/err" ||
	fail "monitor sdb: $(cat "$D/err")"
"$IOBENCH" monitor --help 2>&1 | grep -qF "DEVICE  #1, PhysicalDrive1" || fail "monitor's usage"
"$IOBENCH" monitor -d1 -D500 >"$D/out" 2>"$D/err"
rc=$?
if [ $rc = 0 ]; then
	grep -q "PhysicalDrive" "$D/out" || fail "monitor listed no drive: $(cat "$D/out")"
else
	grep -q "cannot read Perfmon's PhysicalDisk (PDH): " "$D/err" || fail "monitor, exit $rc: $(cat "$D/err")"
	skip_case "monitor's rows: $(cat "$D/err")"
fi
say "drives and volumes as DiskSpd names them: a bad form, -c, a write without the flag, refused"
run_rc 2 -d1 '#x'
grep -qF "'#x' is not a physical drive: DiskSpd's form is #N" "$D/err" || fail "#x: $(cat "$D/err")"
for t in '\\.\pipe\x' '\\?\Volume{00000000-0000-0000-0000-000000000000}' '\\?\GLOBALROOT\Device\Harddisk0\DR0'; do
	run_rc 2 -d1 "$t"
	grep -qF "of the device names, iobench takes physical drives" "$D/err" || fail "$t: $(cat "$D/err")"
done
# \\?\ before a drive path is a file's long form, not a device
run_ok -c1M -d1 -W0 "\\\\?\\$(wpath long.dat)"
[ ! -e "$D/long.dat" ] || fail "the long-form file was left"
for t in '#1' '\\.\PhysicalDrive1' '\\?\PhysicalDrive1' '\\./PhysicalDrive1' 'E:' '\\.\E:' '\\?\E:' '//./E:'; do
	run_rc 2 -c1M -d1 "$t"
	grep -qF "iobench: -c cannot create '$t': it is a" "$D/err" || fail "-c $t: $(cat "$D/err")"
	run_rc 2 -w50 -d1 "$t"
	grep -qF "refusing to write to '$t' (a " "$D/err" || fail "-w50 $t: $(cat "$D/err")"
	grep -qF "it destroys the data on it; pass --allow-device-write" "$D/err" || fail "-w50 $t: $(cat "$D/err")"
	run_rc 2 -w50 -d1 --dismount "$t"
	grep -qF "iobench: --dismount goes with --allow-device-write" "$D/err" || fail "--dismount $t: $(cat "$D/err")"
done

say "the device rule: the system's volume never, with --dismount too; a drive by what it says"
for flags in --allow-device-write "--allow-device-write --dismount --destroy-signature=ntfs"; do
	# shellcheck disable=SC2086
	run_rc 2 -w50 -d1 $flags C:
	grep -qF "iobench: refusing to write to 'C:': it holds C:, the volume Windows runs from" "$D/err" ||
		fail "$flags C:: $(cat "$D/err")"
done
# fio's own names on Windows (filename=\\.\PhysicalDrive1, \\.\E\:): a device, judged by the same rule
printf '[w]\nfilename=\\\\.\\C\\:\nrw=randwrite\nruntime=1\n' >"$D/c.fio"
grep -qxF 'filename=\\.\C\:' "$D/c.fio" || fail "the job file: $(cat "$D/c.fio")"
run_rc 2 --allow-device-write "$(wpath c.fio)"
if grep -qF 'cannot look at '"'"'\\.\C:'"'"': Operation not supported' "$D/err"; then
	skip_case "a job file's \\\\.\\C\\:: $(cat "$D/err") (wine's volumes give no size)"
else
	grep -qF 'refusing to write to '"'"'\\.\C:'"'"': it holds C:, the volume Windows runs from' "$D/err" ||
		fail "a job file's \\\\.\\C\\:: $(cat "$D/err")"
fi
rm -f "$D/c.fio"
"$IOBENCH" -w50 -d1 --allow-device-write '#0' >"$D/out" 2>"$D/err"
rc=$?
case $rc:$(cat "$D/err") in
2:*"refusing to write to '#0': it holds C:, the volume Windows runs from"*) ;;
2:*"refusing to write to '#0': its partition table cannot be read (IOCTL_DISK_GET_DRIVE_LAYOUT_EX: "*|\
2:*"refusing to write to '#0': it cannot be told whether volume "*)
	skip_case "#0's rule: $(cat "$D/err") (wine's drive 0 is no disk: docs/windows.md checks it on Windows)" ;;
*) fail "#0, exit $rc: $(cat "$D/err")" ;;
esac
[ -z "$(ls "$D" | grep -v '^[a-z]*\.json$\|^out$\|^err$\|^io.dat$')" ] || fail "left: $(ls "$D")"

say "a physical drive and a volume read: their size, whole sectors, the drive's counters"
for t in '#0' 'C:'; do
	"$IOBENCH" -d1 -W0 -b4K -r -Su "--json=$(wpath r.json)" "$t" >"$D/out" 2>"$D/err"
	rc=$?
	if [ $rc = 0 ]; then
		jq -e '.targets[0].type == "block" and .targets[0].size > 0 and .results.total.read.ios > 0' "$D/r.json" >/dev/null ||
			fail "$t: $(jq -c '.targets[0], .results.total.read' "$D/r.json")"
		run_rc 2 -d1 -b1000 -Su "$t"
		grep -qF "sector size" "$D/err" || fail "-b1000 $t: $(cat "$D/err")"
	else
		grep -q "^iobench: cannot \(open\|read the size of\) '$t' " "$D/err" ||
			fail "$t, exit $rc: $(cat "$D/err")"
		skip_case "reading $t: $(cat "$D/err") (wine's drives are no disks)"
	fi
done
say "iobench disks: the drives and the lettered volumes, C: among them, never written: the system's"
run_ok disks
head -1 "$D/out" | grep -q "^NAME  *TYPE  *SIZE ROTA SCHED  *MODEL  *MOUNTED  *HOLDERS  *SIGNATURES WRITE" ||
	fail "disks' header: $(head -1 "$D/out")"
grep -q '^C:  *volume .* ntfs  *never: it holds C:, the volume Windows runs from' \
	"$D/out" || fail "disks: no C: volume: $(cat "$D/out")"
run_ok disks C: '#0' -Rjson
jq -e '.schema == "iobench/disks" and (.devices | length) >= 1' "$D/out" >/dev/null || fail "disks -Rjson: $(cat "$D/out")"
jq -e '.devices[] | select(.name == "C:") | .type == "volume" and .path == "\\\\.\\C:" and .write == "never"
	and .write_flags == [] and (.write_why | startswith("it holds C:, the volume Windows runs from")) and .size_bytes > 0 and .signatures == ["ntfs"]' "$D/out" >/dev/null ||
	fail "disks C:: $(jq -c '.devices[] | select(.name == "C:")' "$D/out")"
if jq -e '.devices[] | select(.name == "PhysicalDrive0")' "$D/out" >/dev/null; then
	jq -e '.devices[] | select(.name == "PhysicalDrive0") | .type == "disk" and .minor == 0 and
		.path == "\\\\.\\PhysicalDrive0"' "$D/out" >/dev/null ||
		fail "disks #0: $(jq -c '.devices[] | select(.name == "PhysicalDrive0")' "$D/out")"
else
	skip_case "disks #0: this system has no PhysicalDrive0"
fi
run_rc 2 disks '#x'
grep -qF "disks: '#x' names no physical drive or volume" "$D/err" || fail "disks #x: $(cat "$D/err")"
echo ok
