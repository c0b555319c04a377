/* SPDX-License-Identifier: MIT */
/*
 * nouring.c: runs a program where io_uring is refused, as a container's
 * seccomp profile refuses it: nouring PROGRAM ARGS... io_uring_setup,
 * io_uring_enter and io_uring_register fail with EPERM (Docker's default
 * profile) for the program and everything it starts.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#define REFUSE(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
		   BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

int main(int argc, char **argv)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		REFUSE(__NR_io_uring_setup),
		REFUSE(__NR_io_uring_enter),
		REFUSE(__NR_io_uring_register),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	if (argc < 2) {
		fprintf(stderr, "usage: nouring PROGRAM ARGS...\n");
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		fprintf(stderr, "nouring: seccomp: %s\n", strerror(errno));
		return 1;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "nouring: %s: %s\n", argv[1], strerror(errno));
	return 127;
}
