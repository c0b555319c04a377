/* SPDX-License-Identifier: MIT */
/*
 * device.c: the devices under a target on Windows (device.h). Windows numbers
 * no devices as Linux does (major:minor), and tells no interrupt CPUs of a
 * disk to user programs: those are absent here.
 */
#include "monitor/device.h"
#include "util/banned.h"

uint64_t device_irq_cpus(const struct device_chain *c)
{
	(void)c;
	return 0;
}

void device_numbers(dev_t dev, unsigned *major, unsigned *minor)
{
	(void)dev;
	*major = *minor = 0;
}
