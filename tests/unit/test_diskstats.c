/* SPDX-License-Identifier: MIT */
/*
 * Description: /proc/diskstats lines of every field count, 32-bit tick wrap,
 * and the iostat and Perfmon formulas against a recorded pair of snapshots
 * with values computed by hand; Windows' raw PhysicalDisk counters through
 * the same formulas give what Perfmon shows for them.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "monitor/diskstats.h"
#include "monitor/perfdisk.h"

static void test_field_counts(void **state)
{
	struct diskstats d;

	/* 2.6-era partition: 4 fields */
	assert_int_equal(diskstats_parse_line("   8       1 sda1 1830 14644 2 16", &d), 0);
	assert_int_equal(d.nfields, 4);
	assert_int_equal(d.rd_ios, 1830);
	assert_int_equal(d.rd_sectors, 14644);
	assert_int_equal(d.wr_ios, 2);
	assert_int_equal(d.wr_sectors, 16);
	/* 11 fields (before 4.18) */
	assert_int_equal(diskstats_parse_line(" 8 0 sda 1 2 3 4 5 6 7 8 9 10 11", &d), 0);
	assert_int_equal(d.nfields, 11);
	assert_int_equal(d.rd_merges, 2);
	assert_int_equal(d.wr_ticks, 8);
	assert_int_equal(d.in_flight, 9);
	assert_int_equal(d.io_ticks, 10);
	assert_int_equal(d.time_in_queue, 11);
	assert_int_equal(d.dc_ios, 0);
	/* 15 fields (4.18+: discards) */
	assert_int_equal(diskstats_parse_line("259 0 nvme0n1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", &d), 0);
	assert_int_equal(d.nfields, 15);
	assert_int_equal(d.dc_ios, 12);
	assert_int_equal(d.dc_ticks, 15);
	assert_string_equal(d.name, "nvme0n1");
	/* 17 fields (5.5+: flushes), as read on this project's VM */
	assert_int_equal(diskstats_parse_line("   7       0 loop0 4891954 264 131297228 1929179 273172 "
					      "1415 25315932 1837654 0 98628 3793467 30 0 7864350 "
					      "5756 30000 20876", &d), 0);
	assert_int_equal(d.nfields, 17);
	assert_int_equal(d.rd_ios, 4891954);
	assert_int_equal(d.wr_sectors, 25315932);
	assert_int_equal(d.dc_sectors, 7864350);
	assert_int_equal(d.fl_ios, 30000);
	assert_int_equal(d.fl_ticks, 20876);
	/* 20 fields: the first 17 are read */
	assert_int_equal(diskstats_parse_line("8 0 sda 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20", &d), 0);
	assert_int_equal(d.nfields, 20);
	assert_int_equal(d.fl_ticks, 17);
	/* 64-bit counts */
	assert_int_equal(diskstats_parse_line("8 0 sda 18446744073709551615 0 0 0 0 0 0 0 0 0 0", &d), 0);
	assert_true(d.rd_ios == UINT64_MAX);
}

static void test_bad_lines(void **state)
{
	struct diskstats d;

	assert_int_equal(diskstats_parse_line("", &d), -EINVAL);
	assert_int_equal(diskstats_parse_line("8 0 sda 1 2 3", &d), -EINVAL);		/* 3 fields */
	assert_int_equal(diskstats_parse_line("8 0 sda 1 2 3 4 5 6 7 8 9 10 11 12", &d), -EINVAL);
	assert_int_equal(diskstats_parse_line("8 0 sda 1 2 x 4", &d), -EINVAL);
	assert_int_equal(diskstats_parse_line("8 0 sda 1 2 -3 4", &d), -EINVAL);
	assert_int_equal(diskstats_parse_line("eight 0 sda 1 2 3 4", &d), -EINVAL);
}

static void test_find(void **state)
{
	static const char text[] =
		"   7       0 loop0 1 0 8 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
		" 254       0 vda 100 0 800 50 10 0 80 20 0 60 70 0 0 0 0 0 0\n"
		" 254       1 vda1 40 0 320 20 4 0 32 8 0 30 28\n";
	struct diskstats d;

	assert_int_equal(diskstats_find(text, 254, 0, &d), 0);
	assert_string_equal(d.name, "vda");
	assert_int_equal(d.rd_ios, 100);
	assert_int_equal(diskstats_find(text, 254, 1, &d), 0);
	assert_int_equal(d.nfields, 11);
	assert_int_equal(diskstats_find(text, 8, 0, &d), -ENOENT);
}

static void test_tick_wrap_and_reset(void **state)
{
	struct diskstats a, b;
	struct diskstats_delta d;

	diskstats_parse_line("8 0 sda 10 0 80 4294967000 5 0 40 4294967295 0 4294966296 100", &a);
	diskstats_parse_line("8 0 sda 20 0 160 500 6 0 48 9 0 704 300", &b);
	diskstats_delta(&a, &b, &d);
	assert_int_equal(d.rd_ticks, 796);	/* 2^32 - 4294967000 + 500 */
	assert_int_equal(d.wr_ticks, 10);
	assert_int_equal(d.io_ticks, 1704);
	assert_int_equal(d.time_in_queue, 200);
	assert_int_equal(d.rd_ios, 10);
	assert_false(d.reset);
	/* a count going down: the device was re-created, not a wrap */
	diskstats_delta(&b, &a, &d);
	assert_true(d.reset);
	assert_int_equal(d.rd_ios, 0);
}

static void test_formulas(void **state)
{
	struct diskstats a, b;
	struct diskstats_delta d;
	struct disk_metrics m;

	diskstats_parse_line("8 0 sda 1000 10 80000 500 2000 100 160000 4000 3 1500 4500 0 0 0 0 50 20", &a);
	diskstats_parse_line("8 0 sda 3000 30 240000 1500 3000 300 240000 6000 5 2500 7600 10 0 800 40 60 30", &b);
	diskstats_delta(&a, &b, &d);
	diskstats_metrics(&d, 2.0, &m);
	/* iostat -x */
	assert_float_equal(m.r_s, 1000, 1e-9);
	assert_float_equal(m.w_s, 500, 1e-9);
	assert_float_equal(m.rkb_s, 40000, 1e-9);
	assert_float_equal(m.wkb_s, 20000, 1e-9);
	assert_float_equal(m.rrqm_s, 10, 1e-9);
	assert_float_equal(m.wrqm_s, 100, 1e-9);
	assert_float_equal(m.rrqm_pct, 100.0 * 20 / 2020, 1e-9);
	assert_float_equal(m.wrqm_pct, 100.0 * 200 / 1200, 1e-9);
	assert_float_equal(m.r_await, 0.5, 1e-9);
	assert_float_equal(m.w_await, 2.0, 1e-9);
	assert_float_equal(m.rareq_sz, 40, 1e-9);
	assert_float_equal(m.wareq_sz, 40, 1e-9);
	assert_float_equal(m.aqu_sz, 1.55, 1e-9);
	assert_float_equal(m.util, 50, 1e-9);
	assert_float_equal(m.d_s, 5, 1e-9);
	assert_float_equal(m.dkb_s, 200, 1e-9);
	assert_float_equal(m.d_await, 4, 1e-9);
	assert_float_equal(m.f_s, 5, 1e-9);
	assert_float_equal(m.f_await, 1, 1e-9);
	/* Perfmon */
	assert_float_equal(m.transfers_s, 1500, 1e-9);
	assert_float_equal(m.reads_s, 1000, 1e-9);
	assert_float_equal(m.writes_s, 500, 1e-9);
	assert_float_equal(m.bytes_s, 512.0 * 240000 / 2, 1e-6);
	assert_float_equal(m.read_bytes_s, 512.0 * 160000 / 2, 1e-6);
	assert_float_equal(m.sec_per_transfer, 0.001, 1e-12);
	assert_float_equal(m.sec_per_read, 0.0005, 1e-12);
	assert_float_equal(m.sec_per_write, 0.002, 1e-12);
	assert_float_equal(m.bytes_per_transfer, 512.0 * 240000 / 3000, 1e-9);
	assert_float_equal(m.avg_queue_length, 1.5, 1e-9);
	assert_float_equal(m.avg_read_queue_length, 0.5, 1e-9);
	assert_float_equal(m.avg_write_queue_length, 1.0, 1e-9);
	assert_float_equal(m.idle_pct, 50, 1e-9);
}

static void test_missing_fields(void **state)
{
	struct diskstats a, b;
	struct diskstats_delta d;
	struct disk_metrics m;

	/* 11 fields: no discards or flushes; 4 fields: no times either */
	diskstats_parse_line("8 0 sda 0 0 0 0 0 0 0 0 0 0 0", &a);
	diskstats_parse_line("8 0 sda 10 0 80 5 0 0 0 0 0 10 5", &b);
	diskstats_delta(&a, &b, &d);
	diskstats_metrics(&d, 1.0, &m);
	assert_true(m.d_s < 0 && m.f_s < 0 && m.d_await < 0);
	assert_float_equal(m.r_await, 0.5, 1e-9);
	assert_true(m.w_await < 0);	/* no writes: no await */
	diskstats_parse_line("8 1 sda1 0 0 0 0", &a);
	diskstats_parse_line("8 1 sda1 10 80 0 0", &b);
	diskstats_delta(&a, &b, &d);
	diskstats_metrics(&d, 1.0, &m);
	assert_float_equal(m.r_s, 10, 1e-9);
	assert_true(m.r_await < 0 && m.util < 0 && m.aqu_sz < 0);
}

/*
 * Two PDH raw snapshots 2 s apart, their clock (a FILETIME: 100 ns since 1601)
 * far from 0: 500 reads of 4 KiB taking 2 ms each, 100 writes of 8 KiB of 5 ms,
 * busy 1.5 s, 20 splits. Perfmon's formulas on them give: Disk Transfers/sec
 * 300, Avg. Disk sec/Read 0.002, /Write 0.005, /Transfer 1.5 s / 600, Avg.
 * Disk Queue Length 0.75, % Idle Time 25, Split IO/Sec 10. Times in ticks of a
 * QueryPerformanceFrequency-like base (3,579,545 a second), not only 10^7.
 */
static void test_perfdisk(void **state)
{
	const uint64_t qpf = 3579545, t0 = 132000000000000000ull;
	struct perfdisk_raw r0 = { 1000, 200, 4096000, 1638400, 7 * qpf, 3 * qpf, qpf,
				   40000000, t0 - 900000000, t0, 5, 2 };
	struct perfdisk_raw r1 = r0;
	struct diskstats a, b;
	struct diskstats_delta d;
	struct disk_metrics m;

	(void)state;
	r1.reads += 500, r1.writes += 100;
	r1.read_bytes += 500 * 4096, r1.write_bytes += 100 * 8192;
	r1.read_time += qpf, r1.write_time += qpf / 2;	/* 1 s and 0.5 s */
	r1.queue_time += 15000000;			/* 1.5 s of one in flight */
	r1.stamp += 20000000, r1.idle += 5000000;	/* 2 s, of which 0.5 idle */
	r1.splits += 20;
	r1.current_queue = 3;
	perfdisk_to_diskstats(&r0, 1, "PhysicalDrive1", &a);
	perfdisk_to_diskstats(&r1, 1, "PhysicalDrive1", &b);
	assert_int_equal(b.major, 0);
	assert_int_equal(b.minor, 1);
	assert_string_equal(b.name, "PhysicalDrive1");
	assert_int_equal(b.in_flight, 3);
	diskstats_delta(&a, &b, &d);
	assert_false(d.reset);
	diskstats_metrics(&d, 2.0, &m);
	assert_float_equal(m.transfers_s, 300, 1e-9);
	assert_float_equal(m.bytes_s, (500 * 4096 + 100 * 8192) / 2.0, 1e-6);
	assert_float_equal(m.bytes_per_transfer, (500 * 4096 + 100 * 8192) / 600.0, 1e-6);
	/* the milliseconds of Linux's tick fields: within one of each */
	assert_float_equal(m.sec_per_read, 0.002, 0.0011 / 500);
	assert_float_equal(m.sec_per_write, 0.005, 0.0011 / 100);
	assert_float_equal(m.sec_per_transfer, 0.0025, 0.0021 / 600);
	assert_float_equal(m.avg_queue_length, 0.75, 0.001);
	assert_float_equal(m.aqu_sz, 0.75, 0.001);
	assert_float_equal(m.idle_pct, 25, 0.1);
	assert_float_equal(m.split_s, 10, 1e-9);
	assert_true(m.rrqm_s == 0 && m.d_s < 0 && m.f_s < 0);

	/* Linux's snapshots count no splits: Split IO/Sec is unknown, not 0 */
	diskstats_parse_line("8 0 sda 0 0 0 0 0 0 0 0 0 0 0", &a);
	diskstats_parse_line("8 0 sda 10 0 80 5 0 0 0 0 0 10 5", &b);
	diskstats_delta(&a, &b, &d);
	diskstats_metrics(&d, 1.0, &m);
	assert_true(m.split_s < 0);

	assert_int_equal(perfdisk_instance_disk("0 C: D:"), 0);
	assert_int_equal(perfdisk_instance_disk("12"), 12);
	assert_int_equal(perfdisk_instance_disk("_Total"), -1);
	assert_int_equal(perfdisk_instance_disk("1x"), -1);
	assert_int_equal(perfdisk_instance_disk(""), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_field_counts),
		cmocka_unit_test(test_bad_lines),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_tick_wrap_and_reset),
		cmocka_unit_test(test_formulas),
		cmocka_unit_test(test_missing_fields),
		cmocka_unit_test(test_perfdisk),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
