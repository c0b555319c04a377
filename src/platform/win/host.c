/* SPDX-License-Identifier: MIT */
/*
 * host.c: machine facts on Windows (host.h): the computer's name, the
 * Windows version (and wine's, where it runs under wine), the processor's
 * name from the registry, memory, and where each CPU sits
 * (GetLogicalProcessorInformationEx).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <windows.h>
#include <bcrypt.h>
#include <powrprof.h>

#include "platform/host.h"
#include "platform/win/wincpu.h"
#include "util/errmsg.h"
#include "util/banned.h"

static void windows_version(char *buf, size_t len)
{
	typedef LONG (WINAPI *rtl_version_fn)(OSVERSIONINFOW *);
	typedef const char *(*wine_version_fn)(void);
	HMODULE nt = GetModuleHandleW(L"ntdll.dll");
	rtl_version_fn rtl = nt ? (rtl_version_fn)(void (*)(void))GetProcAddress(nt, "RtlGetVersion") : NULL;
	wine_version_fn wine = nt ? (wine_version_fn)(void (*)(void))GetProcAddress(nt, "wine_get_version")
				  : NULL;
	OSVERSIONINFOW v = { .dwOSVersionInfoSize = sizeof(v) };

	if (!rtl || rtl(&v)) {
		snprintf(buf, len, "Windows");
		return;
	}
	snprintf(buf, len, "Windows %lu.%lu.%lu%s%s%s", v.dwMajorVersion, v.dwMinorVersion,
		 v.dwBuildNumber, wine ? " (wine " : "", wine ? wine() : "", wine ? ")" : "");
}

static void cpu_model(char *buf, size_t len)
{
	char v[256];
	DWORD n = sizeof(v);

	buf[0] = 0;
	if (RegGetValueA(HKEY_LOCAL_MACHINE, "HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
			 "ProcessorNameString", RRF_RT_REG_SZ, NULL, v, &n) == ERROR_SUCCESS)
		snprintf(buf, len, "%s", v);
}

long host_cpus_configured(void)
{
	return wincpu_count();
}

long host_cpus_online(void)
{
	return wincpu_count();
}

long host_page_size(void)
{
	SYSTEM_INFO si;

	GetSystemInfo(&si);
	return (long)si.dwPageSize;
}

uint64_t host_memory_bytes(void)
{
	MEMORYSTATUSEX m = { .dwLength = sizeof(m) };

	return GlobalMemoryStatusEx(&m) ? m.ullTotalPhys : 0;
}

/* The power plan, Windows' counterpart of a CPU governor ("High performance", "Balanced"). */
static void power_plan(char *buf, size_t len)
{
	GUID *scheme = NULL;
	wchar_t name[256];
	DWORD n = sizeof(name);

	snprintf(buf, len, "power plan unknown (Windows did not say)");
	if (PowerGetActiveScheme(NULL, &scheme) != ERROR_SUCCESS)
		return;
	if (PowerReadFriendlyName(NULL, scheme, NULL, NULL, (UCHAR *)name, &n) == ERROR_SUCCESS) {
		char u[256];

		if (WideCharToMultiByte(CP_UTF8, 0, name, -1, u, sizeof(u), NULL, NULL) > 0)
			snprintf(buf, len, "power plan: %s", u);
	}
	LocalFree(scheme);
}

void host_info_read(struct host_info *h)
{
	memset(h, 0, sizeof(*h));
	host_name(h->hostname, sizeof(h->hostname));
	windows_version(h->kernel, sizeof(h->kernel));
	cpu_model(h->cpu_model, sizeof(h->cpu_model));
	snprintf(h->clock_source, sizeof(h->clock_source), "QueryPerformanceCounter");
	power_plan(h->governor, sizeof(h->governor));
	h->clock_read_ns = host_clock_cost();
	h->cpu_count = host_cpus_online();
	h->memory_bytes = host_memory_bytes();
}

/* Calls each(group mask) for every relation of kind r, with its index among them. */
static void relations(LOGICAL_PROCESSOR_RELATIONSHIP r,
		      void (*each)(const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX *x, int i, void *arg),
		      void *arg)
{
	DWORD len = 0;
	char *buf;
	int i = 0;

	GetLogicalProcessorInformationEx(r, NULL, &len);
	buf = len ? malloc(len) : NULL;
	if (!buf)
		return;
	if (GetLogicalProcessorInformationEx(r, (SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX *)buf, &len))
		for (DWORD off = 0; off < len; i++) {
			const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX *x = (const void *)(buf + off);

			each(x, i, arg);
			if (!x->Size)
				break;
			off += x->Size;
		}
	free(buf);
}

struct place_ask {
	WORD group;
	KAFFINITY bit;
	struct cpu_place *p;
	int core_in_package;
};

static bool has(const GROUP_AFFINITY *g, WORD n, const struct place_ask *a)
{
	for (WORD i = 0; i < n; i++)
		if (g[i].Group == a->group && (g[i].Mask & a->bit))
			return true;
	return false;
}

static void at_core(const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX *x, int i, void *arg)
{
	struct place_ask *a = arg;

	if (!has(x->Processor.GroupMask, x->Processor.GroupCount, a))
		return;
	a->p->core = i;
	/* a hybrid part's P-cores have the higher efficiency class (the byte after Flags:
	   EfficiencyClass, which mingw-w64's winnt.h still calls Reserved[0]) */
	a->p->capacity = x->Processor.Reserved[0];
}

static void at_package(const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX *x, int i, void *arg)
{
	struct place_ask *a = arg;

	if (has(x->Processor.GroupMask, x->Processor.GroupCount, a))
		a->p->package = i;
}

static void at_node(const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX *x, int i, void *arg)
{
	struct place_ask *a = arg;

	if (x->NumaNode.GroupMask.Group == a->group && (x->NumaNode.GroupMask.Mask & a->bit))
		a->p->node = (int)x->NumaNode.NodeNumber;
}

void host_cpu_place(int cpu, struct cpu_place *p)
{
	struct place_ask a = { .p = p };
	BYTE num;

	*p = (struct cpu_place){ .cpu = cpu, .package = -1, .core = -1, .node = -1, .capacity = -1 };
	if (!wincpu_group(cpu, &a.group, &num))
		return;
	a.bit = (KAFFINITY)1 << num;
	relations(RelationProcessorCore, at_core, &a);
	relations(RelationProcessorPackage, at_package, &a);
	relations(RelationNumaNode, at_node, &a);
}

void host_io_workers(void (*each)(void *arg, int owner, double cpu_s, int ncpus), void *arg)
{
	(void)each;
	(void)arg;	/* the I/O engines of Windows start no threads of their own in the process */
}

int host_random(void *buf, size_t n)
{
	return BCryptGenRandom(NULL, buf, (ULONG)n, BCRYPT_USE_SYSTEM_PREFERRED_RNG) ? -EIO : 0;
}

const char *host_platform(void)
{
	return "windows";
}

const char *host_no_mpi(void)
{
	return "the Windows build has no MPI: it runs on one host";
}

int host_path_check(const char *path, char *err, size_t len)
{
	if (!strncmp(path, "/dev/", 5))
		return errmsg(err, len, -EINVAL, "'%s' is a Linux device: on Windows give a file, "
			      "e.g. C:\\Temp\\io.dat", path);
	return 0;	/* drives and volumes (#1, E:): the target's checks take them */
}

int host_name(char *buf, size_t len)
{
	DWORD n = len > 0xffff ? 0xffff : (DWORD)len;

	if (!len || !GetComputerNameExA(ComputerNameDnsHostname, buf, &n)) {
		if (len)
			buf[0] = 0;
		return -1;
	}
	return 0;
}
