/* SPDX-License-Identifier: MIT */
/*
 * memfile.c: a stream into memory on Windows: a temporary file in the
 * user's temporary directory, deleted when closed, read back at the close
 * (memfile.h). (The C library's tmpfile() makes it in the drive's root,
 * where a user may not write.)
 */
#include <fcntl.h>
#include <io.h>
#include <stdlib.h>
#include <windows.h>

#include "platform/memfile.h"
#include "util/banned.h"

FILE *memfile_open(struct memfile *m)
{
	wchar_t dir[MAX_PATH + 1], name[MAX_PATH + 1];
	HANDLE h;
	int fd;

	m->text = NULL;
	m->n = 0;
	m->f = NULL;
	if (!GetTempPathW(MAX_PATH + 1, dir) || !GetTempFileNameW(dir, L"iob", 0, name))
		return NULL;
	h = CreateFileW(name, GENERIC_READ | GENERIC_WRITE, 0, NULL, CREATE_ALWAYS,
			FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE, NULL);
	if (h == INVALID_HANDLE_VALUE) {
		DeleteFileW(name);
		return NULL;
	}
	fd = _open_osfhandle((intptr_t)h, _O_RDWR | _O_BINARY);
	if (fd < 0) {
		CloseHandle(h);
		return NULL;
	}
	m->f = _fdopen(fd, "w+b");
	if (!m->f)
		_close(fd);
	return m->f;
}

int memfile_close(struct memfile *m)
{
	long end;
	int r = -1;

	if (fflush(m->f) || (end = ftell(m->f)) < 0 || fseek(m->f, 0, SEEK_SET))
		goto out;
	m->text = malloc((size_t)end + 1);
	if (!m->text)
		goto out;
	if (fread(m->text, 1, (size_t)end, m->f) != (size_t)end) {
		free(m->text);
		m->text = NULL;
		goto out;
	}
	m->text[end] = 0;
	m->n = (size_t)end;
	r = 0;
out:
	fclose(m->f);
	m->f = NULL;
	return r;
}
