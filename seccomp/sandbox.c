/* seccomp/sandbox.c -- the worker's way into its sandbox.
 *
 * Everything that needs a syscall the filter forbids happens here, before
 * the filter: process attributes, the fd check, warming up lazily
 * initialised C library state.  The filter itself was compiled at build time
 * (seccomp/gen_filter writes seccomp/worker_filter.h); loading it is one
 * seccomp(2) call.  See sandbox.h for the contract. */
#include "config.h"

#include "seccomp/sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <linux/filter.h>
#include <linux/seccomp.h>

#include "common/protocol.h"
#include "seccomp/worker_filter.h"

/* The last fd the worker owns: 0 /dev/null, 1 stdout, 2 stderr, 3 and 4 the
 * pipe to the broker. */
#define LAST_WORKER_FD BOX_WORKER_FD_OUT

_Static_assert(BOX_WORKER_FD_IN == 3 && BOX_WORKER_FD_OUT == 4,
	       "seccomp/allowlist.c and this loader assume the pipe is fds 3 and 4");

/* Bounds of the fallback scan used when /proc/self/fd cannot be listed:
 * every fd below the RLIMIT_NOFILE hard limit, at least the first 1024, at
 * most the first 65536 (one fcntl each; a syscall costs microseconds). */
#define FD_SCAN_MIN 1024
#define FD_SCAN_MAX 65536

/* glibc's TZDEFAULT: the zone file it reads when TZ is unset. */
#define GLIBC_DEFAULT_TZFILE "/etc/localtime"

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL && errlen > 0) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int extra_fd(int fd, char *err, size_t errlen)
{
	char link[64];
	char target[256];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		n = 0;
	target[n] = '\0';
	return fail(err, errlen, "fd %d is open%s%s%s: the worker must own only fds 0-%d",
		    fd, n > 0 ? " (" : "", target, n > 0 ? ")" : "", LAST_WORKER_FD);
}

static DIR *open_fd_dir(void)
{
	struct rlimit lim;
	DIR *dir = opendir("/proc/self/fd");

	if (dir != NULL || errno != EMFILE)
		return dir;
	/* RLIMIT_NOFILE may leave no room for the directory's own fd: lift
	 * the soft limit to the hard one for this one open. */
	if (getrlimit(RLIMIT_NOFILE, &lim) != 0 || lim.rlim_cur >= lim.rlim_max)
		return NULL;
	rlim_t saved = lim.rlim_cur;
	lim.rlim_cur = lim.rlim_max;
	if (setrlimit(RLIMIT_NOFILE, &lim) != 0)
		return NULL;
	dir = opendir("/proc/self/fd");
	lim.rlim_cur = saved;
	if (setrlimit(RLIMIT_NOFILE, &lim) != 0 && dir != NULL) {
		closedir(dir);
		return NULL;
	}
	return dir;
}

/* 0: only fds 0..LAST_WORKER_FD are open; -1: another is (err says which);
 * 1: /proc/self/fd cannot be listed. */
static int scan_proc_fds(char *err, size_t errlen)
{
	DIR *dir = open_fd_dir();
	struct dirent *ent;
	int offender = -1;

	if (dir == NULL)
		return 1;
	while ((ent = readdir(dir)) != NULL) {
		char *end;
		long fd;

		if (ent->d_name[0] == '.')
			continue;
		errno = 0;
		fd = strtol(ent->d_name, &end, 10);
		if (errno != 0 || *end != '\0' || fd < 0 || fd > INT_MAX) {
			closedir(dir);
			return fail(err, errlen, "unexpected entry %s in /proc/self/fd", ent->d_name);
		}
		if (fd == dirfd(dir) || fd <= LAST_WORKER_FD)
			continue;
		if (offender < 0 || fd < offender)
			offender = (int)fd;
	}
	closedir(dir);
	return offender < 0 ? 0 : extra_fd(offender, err, errlen);
}

/* Without /proc: ask the kernel about each fd number a process under this
 * RLIMIT_NOFILE can have opened.  An fd above the hard limit could only be
 * one opened before the limit was lowered; the broker closes every fd but
 * 0-4 (close_range) before it sets the limit, and /proc is the normal path. */
static int scan_fd_range(char *err, size_t errlen)
{
	struct rlimit lim;
	int limit = FD_SCAN_MAX;

	if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_max < (rlim_t)FD_SCAN_MAX)
		limit = lim.rlim_max < (rlim_t)FD_SCAN_MIN ? FD_SCAN_MIN : (int)lim.rlim_max;
	for (int fd = LAST_WORKER_FD + 1; fd < limit; fd++) {
		if (fcntl(fd, F_GETFD) != -1)
			return extra_fd(fd, err, errlen);
	}
	return 0;
}

static int check_fds(char *err, size_t errlen)
{
	int rc;

	for (int fd = 0; fd <= LAST_WORKER_FD; fd++) {
		if (fcntl(fd, F_GETFD) == -1)
			return fail(err, errlen, "fd %d is not open: the worker needs fds 0-%d",
				    fd, LAST_WORKER_FD);
	}
	rc = scan_proc_fds(err, errlen);
	return rc == 1 ? scan_fd_range(err, errlen) : rc;
}

static int compare_ints(const void *a, const void *b)
{
	int x = *(const int *)a;
	int y = *(const int *)b;

	return (x > y) - (x < y);
}

/* glibc sets some things up on first use with syscalls the filter forbids;
 * do each once now.  Each was seen under strace (glibc 2.36):
 *  - malloc: first call initialises the arena and the tcache key (getrandom,
 *    which the filter allows too, but this keeps the first one out of it);
 *  - qsort of more than 1 KiB asks once for the physical memory size
 *    (sysinfo) and caches it;
 *  - the time zone: with TZ unset (the worker's environment is empty) every
 *    localtime()/mktime() stats /etc/localtime to see whether it changed;
 *    with TZ naming that same file glibc reads it once, in tzset() here, and
 *    afterwards only compares the TZ string.  Same zone, no syscall. */
static int warm_up(char *err, size_t errlen)
{
	int numbers[512];
	void *volatile first;   /* volatile: the compiler may not elide the pair */

	first = malloc(1);
	free(first);
	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++)
		numbers[i] = (int)((i * 7919u) % 512u);
	qsort(numbers, sizeof(numbers) / sizeof(numbers[0]), sizeof(numbers[0]), compare_ints);
	if (getenv("TZ") == NULL && setenv("TZ", GLIBC_DEFAULT_TZFILE, 0) != 0)
		return fail(err, errlen, "setenv(TZ): %s", strerror(errno));
	tzset();
	return 0;
}

int box_sandbox_install_filter(char *err, size_t errlen)
{
	struct sock_fprog prog;
	long rc;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return fail(err, errlen, "prctl(PR_SET_NO_NEW_PRIVS): %s", strerror(errno));
	prog.len = (unsigned short)(sizeof(box_worker_filter) / sizeof(box_worker_filter[0]));
	prog.filter = (struct sock_filter *)box_worker_filter;
	rc = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog);
	if (rc > 0)
		return fail(err, errlen, "seccomp: thread %ld could not take the filter", rc);
	if (rc != 0)
		return fail(err, errlen, "seccomp(SECCOMP_SET_MODE_FILTER): %s", strerror(errno));
	return 0;
}

int box_sandbox_enter(char *err, size_t errlen)
{
	const struct rlimit no_core = { 0, 0 };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return fail(err, errlen, "prctl(PR_SET_NO_NEW_PRIVS): %s", strerror(errno));
	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
		return fail(err, errlen, "prctl(PR_SET_DUMPABLE): %s", strerror(errno));
	if (setrlimit(RLIMIT_CORE, &no_core) != 0)
		return fail(err, errlen, "setrlimit(RLIMIT_CORE): %s", strerror(errno));
	if (check_fds(err, errlen) != 0)
		return -1;
	if (warm_up(err, errlen) != 0)
		return -1;
	return box_sandbox_install_filter(err, errlen);
}

const char *box_sandbox_filter_text(void)
{
	return box_worker_filter_text;
}

const struct sock_filter *box_sandbox_filter_program(size_t *count)
{
	if (count != NULL)
		*count = sizeof(box_worker_filter) / sizeof(box_worker_filter[0]);
	return box_worker_filter;
}

const char *box_sandbox_filter_profile(void)
{
	return BOX_WORKER_FILTER_PROFILE;
}
