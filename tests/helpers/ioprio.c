/* SPDX-License-Identifier: MIT */
/*
 * ioprio.c: the I/O priority of each thread of a process, as the kernel
 * holds it (ioprio_get(IOPRIO_WHO_PROCESS, tid)), for the tests of fio's
 * prio and prioclass: ioprio PID prints one "TID CLASS LEVEL" line a thread.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char dir[64];
	struct dirent *e;
	DIR *d;

	if (argc != 2) {
		fprintf(stderr, "usage: ioprio PID\n");
		return 2;
	}
	snprintf(dir, sizeof(dir), "/proc/%s/task", argv[1]);
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "ioprio: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	while ((e = readdir(d))) {
		long tid = strtol(e->d_name, NULL, 10), v;

		if (tid <= 0)
			continue;
		v = syscall(SYS_ioprio_get, 1 /* IOPRIO_WHO_PROCESS */, (int)tid);
		if (v >= 0)
			printf("%ld %ld %ld\n", tid, v >> 13, v & 0x1fff);
	}
	closedir(d);
	return 0;
}
