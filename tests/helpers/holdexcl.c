/* SPDX-License-Identifier: MIT */
/*
 * holdexcl.c: holds a block device open with O_EXCL, as another program
 * would, for the guard tests: holdexcl DEVICE SECONDS. Prints "held" once
 * it has the device; exits 1 when the kernel refuses.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: holdexcl DEVICE SECONDS\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_EXCL);
	if (fd < 0) {
		fprintf(stderr, "holdexcl: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	printf("held\n");
	fflush(stdout);
	sleep((unsigned)atoi(argv[2]));
	close(fd);
	return 0;
}
