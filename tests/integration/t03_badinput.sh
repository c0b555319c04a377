# Description: bad input exits 2 with one message naming the bad part, before any file or I/O.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"
echo "some user data" > foreign.txt
truncate -s 1M small.dat
mkfifo fifo
setfattr -n user.iobench -v filled small.dat 2>/dev/null

bad "12Q" -b12Q -c1M new.dat
bad "130" -w130 -c1M new.dat
bad "-t" -t0 -c1M new.dat
bad "-q" -q -c1M new.dat
bad "no target" -b8K -d1
bad "more than 4096 threads" -t1000 -c1M a.dat b.dat c.dat d.dat e.dat
bad "99999" -o99999 -c1M new.dat
bad "--pattern" --pattern=0x1 -c1M new.dat
bad "--verify" --verify -r512 -b4K -c1M new.dat
bad "'$T'" -c1M "$T"
bad "directory" -d1 .
bad "does not exist" -d1 missing.dat
bad "base offset" -B2M -d1 small.dat
bad "maximum offset" -f2M -d1 small.dat
bad "not a multiple of" -b1000 -Sh -d1 small.dat
bad "not a multiple of" -b4K -B100 -Sh -d1 small.dat
bad "not enough free space" -c1000T -d1 huge.dat
bad "iobench did not create it" -w50 -d1 foreign.txt
bad "iobench did not create it" -c1M -d1 foreign.txt
bad "'/dev/null' is a character device" -d1 /dev/null
bad "'/dev/zero' is a character device" -w10 -d1 /dev/zero
bad "named twice" -c1M -d1 new.dat new.dat
bad "named twice" -c1M -d1 new.dat ./new.dat
bad "'b.dat/' ends in '/'" -c1M -d1 a.dat b.dat/
bad "nodir/x.dat" -c1M -d1 a.dat nodir/x.dat
bad "is a FIFO" -d1 fifo
bad "holds no test files" -c1M -d1 /proc/iobench-test.dat
bad "Windows" -c1M 'C:\Temp\x.dat'
bad "--dismount: locking and dismounting volumes is Windows'" --allow-device-write --dismount -w50 -c1M new.dat
bad "-o" -o0 -c1M new.dat
bad "more than half" -o4096 -t1024 -b1G -c1G new.dat
[ "$(cat foreign.txt)" = "some user data" ] || fail "foreign.txt was changed"
exit 0
