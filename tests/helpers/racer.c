/* SPDX-License-Identifier: MIT */
/*
 * racer.c: swaps paths under a running iobench, for the race tests.
 *   racer swap A B SECONDS   exchanges A and B (renameat2 RENAME_EXCHANGE) over and over
 *   racer link T P SECONDS   puts a symbolic link to T at P (renamed over it) over and over
 * Runs until SECONDS have passed; prints how many swaps it made.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	unsigned long n = 0;
	double end;
	char tmp[4200];

	if (argc != 5 || (strcmp(argv[1], "swap") && strcmp(argv[1], "link"))) {
		fprintf(stderr, "usage: racer swap A B SECONDS | racer link TARGET PATH SECONDS\n");
		return 2;
	}
	end = now() + atof(argv[4]);
	snprintf(tmp, sizeof(tmp), "%s.racer", argv[3]);
	while (now() < end) {
		if (argv[1][0] == 's') {
			if (renameat2(AT_FDCWD, argv[2], AT_FDCWD, argv[3], RENAME_EXCHANGE) == 0)
				n++;
		} else {
			unlink(tmp);
			if (!symlink(argv[2], tmp) && !rename(tmp, argv[3]))
				n++;
		}
	}
	unlink(tmp);
	printf("%lu\n", n);
	return 0;
}
