/* tests/sandbox/escape_attempts.c -- what a hostile script would try once
 * inside the worker, and what the worker legitimately needs.
 *
 * Every function makes its call through syscall(2) or the thinnest libc
 * wrapper, with arguments chosen so that, without the filter, the call would
 * work (the runner proves that for attempts marked baseline) and be harmless.
 * Under the filter each FORBIDDEN call must never return. */
#include "config.h"

#include "tests/sandbox/escape_attempts.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/filter.h>
#include <linux/openat2.h>
#include <linux/sched.h>
#include <linux/seccomp.h>

#include "common/protocol.h"

pid_t escape_parent_pid;

#define PAGE 4096
#define HIGH_BITS (UINT64_C(1) << 32)

static char *const true_argv[] = { "true", NULL };
static char *const empty_envp[] = { NULL };

/* A fresh read/write page to aim memory calls at (mmap is allowed). */
static void *rw_page(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static long mmap_result(void *p)
{
	return p == MAP_FAILED ? -1 : (long)(uintptr_t)p;
}

/* ---- files --------------------------------------------------------------- */
#ifdef SYS_open
static long try_open(void) { return syscall(SYS_open, "/dev/null", O_RDONLY); }
static long try_creat(void) { return syscall(SYS_creat, "/dev/null", 0600); }
#endif
static long try_openat(void) { return syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDONLY); }
static long try_openat2(void)
{
	struct open_how how = { .flags = O_RDONLY, .resolve = RESOLVE_NO_SYMLINKS };

	return syscall(SYS_openat2, AT_FDCWD, "/dev/null", &how, sizeof(how));
}
static long try_newfstatat(void)
{
	struct stat st;

	return syscall(SYS_newfstatat, AT_FDCWD, "/", &st, 0);
}
static long try_fstat(void)
{
	struct stat st;

	return syscall(SYS_fstat, 1, &st);
}
static long try_close(void) { return syscall(SYS_close, 0); }
static long try_dup(void) { return syscall(SYS_dup, 1); }
static long try_pipe2(void)
{
	int fds[2];

	return syscall(SYS_pipe2, fds, 0);
}
static long try_memfd(void) { return syscall(SYS_memfd_create, "escape", 0); }
static long try_chdir(void) { return syscall(SYS_chdir, "/"); }
static long try_chroot(void) { return syscall(SYS_chroot, "/"); }
static long try_unlink(void) { return syscall(SYS_unlinkat, AT_FDCWD, "/nonexistent-box-escape", 0); }

/* ---- network ------------------------------------------------------------- */
static long try_socket(void) { return syscall(SYS_socket, AF_UNIX, SOCK_STREAM, 0); }
static long try_socketpair(void)
{
	int fds[2];

	return syscall(SYS_socketpair, AF_UNIX, SOCK_STREAM, 0, fds);
}
static long try_connect(void)
{
	struct sockaddr sa = { .sa_family = AF_UNIX };

	return syscall(SYS_connect, BOX_WORKER_FD_IN, &sa, sizeof(sa));
}

/* ---- processes ----------------------------------------------------------- */
static long child_exits(long pid)
{
	if (pid == 0)
		_exit(0);
	return pid;
}
static long try_execve(void) { return syscall(SYS_execve, "/bin/true", true_argv, empty_envp); }
static long try_execveat(void)
{
	return syscall(SYS_execveat, AT_FDCWD, "/bin/true", true_argv, empty_envp, 0);
}
#ifdef SYS_fork
static long try_fork(void) { return child_exits(syscall(SYS_fork)); }
#endif
static long try_vfork(void)
{
	pid_t pid = vfork();

	if (pid == 0)
		_exit(0);
	return pid;
}
static long try_clone(void) { return child_exits(syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0)); }
static long try_clone3(void)
{
	struct clone_args args;

	memset(&args, 0, sizeof(args));
	args.exit_signal = SIGCHLD;
	return child_exits(syscall(SYS_clone3, &args, sizeof(args)));
}
static long try_ptrace(void) { return syscall(SYS_ptrace, 0 /* PTRACE_TRACEME */, 0, 0, 0); }
static long try_kill_parent(void) { return syscall(SYS_kill, escape_parent_pid, 0); }
static long try_tgkill_parent(void)
{
	return syscall(SYS_tgkill, escape_parent_pid, escape_parent_pid, 0);
}
static long try_pidfd_open(void) { return syscall(SYS_pidfd_open, escape_parent_pid, 0); }
static long try_process_vm_readv(void)
{
	return syscall(SYS_process_vm_readv, escape_parent_pid, NULL, 0, NULL, 0, 0);
}
static long try_getpid(void) { return syscall(SYS_getpid); }
static long try_getppid(void) { return syscall(SYS_getppid); }
static long try_gettid(void) { return syscall(SYS_gettid); }

/* ---- memory -------------------------------------------------------------- */
static long try_mmap_exec(void)
{
	return mmap_result(mmap(NULL, PAGE, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
}
static long try_mmap_rwx(void)
{
	return mmap_result(mmap(NULL, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
}
static long try_mmap_shared(void)
{
	return mmap_result(mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
}
static long try_mmap_file(void)
{
	return mmap_result(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, 0, 0));
}
static long try_mmap_anon_fd0(void)
{
	return mmap_result(mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, 0, 0));
}
static long try_mmap_fixed(void)
{
	void *p = rw_page();

	if (p == NULL)
		return -1;
	return mmap_result(mmap(p, PAGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0));
}
static long try_mprotect_exec(void)
{
	void *p = rw_page();

	return p == NULL ? -1 : syscall(SYS_mprotect, p, PAGE, PROT_READ | PROT_EXEC);
}
static long try_mprotect_read(void)
{
	void *p = rw_page();

	return p == NULL ? -1 : syscall(SYS_mprotect, p, PAGE, PROT_READ);
}
static long try_mremap_fixed(void)
{
	void *p = rw_page();
	void *q = rw_page();

	if (p == NULL || q == NULL)
		return -1;
	return syscall(SYS_mremap, p, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, q);
}
static long try_madvise_dontfork(void)
{
	void *p = rw_page();

	return p == NULL ? -1 : syscall(SYS_madvise, p, PAGE, MADV_DONTFORK);
}
static long try_madvise_dontneed(void)
{
	void *p = rw_page();

	return p == NULL ? -1 : syscall(SYS_madvise, p, PAGE, MADV_DONTNEED);
}

/* ---- kernel attack surface ----------------------------------------------- */
static long try_io_uring_setup(void)
{
	unsigned char params[120];   /* struct io_uring_params */

	memset(params, 0, sizeof(params));
	return syscall(SYS_io_uring_setup, 1, params);
}
static long try_bpf(void)
{
	unsigned char attr[128];

	memset(attr, 0, sizeof(attr));
	return syscall(SYS_bpf, 5 /* BPF_PROG_LOAD */, attr, sizeof(attr));
}
static long try_keyctl(void)
{
	return syscall(SYS_keyctl, 0 /* KEYCTL_GET_KEYRING_ID */, -3 /* session */, 0);
}
static long try_userfaultfd(void) { return syscall(SYS_userfaultfd, 0); }
static long try_perf_event_open(void)
{
	unsigned char attr[128];

	memset(attr, 0, sizeof(attr));
	return syscall(SYS_perf_event_open, attr, 0, -1, -1, 0);
}
static long try_seccomp(void)
{
	uint32_t action = SECCOMP_RET_KILL_PROCESS;

	return syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action);
}
static long try_ioctl_tiocsti_1(void)
{
	char c = 'x';

	return syscall(SYS_ioctl, 1, TIOCSTI, &c);
}
static long try_ioctl_tiocsti_2(void)
{
	char c = 'x';

	return syscall(SYS_ioctl, 2, TIOCSTI, &c);
}
static long try_ioctl_tiocsti_high(void)
{
	char c = 'x';

	return syscall(SYS_ioctl, 1, (uint64_t)TIOCSTI | HIGH_BITS, &c);
}
static long try_prctl_nnp_off(void) { return syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0); }
static long try_prctl_dumpable(void) { return syscall(SYS_prctl, PR_SET_DUMPABLE, 1, 0, 0, 0); }
static long try_setresuid(void) { return syscall(SYS_setresuid, -1, -1, -1); }
static long try_mount(void)
{
	return syscall(SYS_mount, "none", "/nonexistent-box-escape", "tmpfs", 0, NULL);
}
static long try_unshare(void) { return syscall(SYS_unshare, 0); }
static long try_setns(void) { return syscall(SYS_setns, 0, 0); }
static long try_personality(void) { return syscall(SYS_personality, 0xffffffffUL); }
static long try_uname(void)
{
	char buf[512];

	return syscall(SYS_uname, buf);
}
static long try_sysinfo(void)
{
	char buf[256];

	return syscall(SYS_sysinfo, buf);
}
static long try_rt_sigaction(void)
{
	unsigned char old[64];

	return syscall(SYS_rt_sigaction, SIGUSR1, NULL, old, 8);
}
static long try_rt_sigprocmask(void)
{
	uint64_t old;

	return syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, &old, 8);
}
static long try_sigaltstack_set(void)
{
	static char stack_mem[65536];
	stack_t ss = { .ss_sp = stack_mem, .ss_size = sizeof(stack_mem) };

	return syscall(SYS_sigaltstack, &ss, NULL);
}
static long try_prlimit(void)
{
	uint64_t old[2];

	return syscall(SYS_prlimit64, 0, 4 /* RLIMIT_CORE */, NULL, old);
}
static long try_sched_yield(void) { return syscall(SYS_sched_yield); }
static long try_getuid(void) { return syscall(SYS_getuid); }
static long try_syscall_minus_one(void) { return syscall(-1L); }
static long try_syscall_1000(void) { return syscall(1000L); }

/* ---- other architectures' entry points ----------------------------------- */
#ifdef __x86_64__
#define X32_BIT 0x40000000L
static long try_x32_getpid(void) { return syscall(X32_BIT | SYS_getpid); }
static long try_x32_write(void) { return syscall(X32_BIT | SYS_write, 1, "", 0); }
static long try_int80(void)
{
	long ret;

	/* i386 getpid (20) through the 32-bit entry point. */
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(20L) : "memory", "r8", "r9", "r10", "r11");
	if (ret < 0 && ret > -4096) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}
#endif

/* ---- descriptors the worker does not own --------------------------------- */
static long try_write_fd0(void) { return syscall(SYS_write, 0, "", 0); }
static long try_write_fd3(void) { return syscall(SYS_write, BOX_WORKER_FD_IN, "", 0); }
static long try_write_fd5(void) { return syscall(SYS_write, 5, "x", 1); }
static long try_read_fd0(void)
{
	char c;

	return syscall(SYS_read, 0, &c, 1);
}
static long try_read_fd1(void)
{
	char c;

	return syscall(SYS_read, 1, &c, 0);
}
static long try_read_fd4(void)
{
	char c;

	return syscall(SYS_read, BOX_WORKER_FD_OUT, &c, 0);
}
static long try_read_fd5(void)
{
	char c;

	return syscall(SYS_read, 5, &c, 0);
}
static long try_write_fd1_high(void) { return syscall(SYS_write, (uint64_t)1 | HIGH_BITS, "", 0); }
static long try_read_fd3_high(void)
{
	char c;

	return syscall(SYS_read, (uint64_t)BOX_WORKER_FD_IN | HIGH_BITS, &c, 0);
}

/* ---- time and randomness outside what is allowed ------------------------- */
static long try_clock_other_process(void)
{
	struct timespec ts;
	/* The CPU clock of pid 1: (~pid << 3) | CPUCLOCK_SCHED. */
	clockid_t clock = (clockid_t)((~1u << 3) | 2u);

	return syscall(SYS_clock_gettime, clock, &ts);
}
static long try_sleep_boottime(void)
{
	struct timespec ts = { 0, 1000 };

	return syscall(SYS_clock_nanosleep, CLOCK_BOOTTIME, 0, &ts, NULL);
}
static long try_getrandom_random(void)
{
	unsigned char b;

	return syscall(SYS_getrandom, &b, 1, GRND_RANDOM);
}

/* ---- controls: what the worker needs ------------------------------------- */
static long ok_write_fd1(void)
{
	static const char line[] = "control: this line was written to fd 1 under the filter\n";

	return syscall(SYS_write, 1, line, sizeof(line) - 1);
}
static long ok_write_fd2(void)
{
	static const char line[] = "control: this line was written to fd 2 under the filter\n";

	return syscall(SYS_write, 2, line, sizeof(line) - 1);
}
static long ok_write_fd4(void) { return syscall(SYS_write, BOX_WORKER_FD_OUT, "hello\n", 6); }
static long ok_read_fd3(void)
{
	char buf[4];
	long n = syscall(SYS_read, BOX_WORKER_FD_IN, buf, sizeof(buf));

	if (n == 4 && memcmp(buf, "ping", 4) != 0) {
		errno = EBADMSG;
		return -1;
	}
	return n;
}
static long ok_big_malloc(void)
{
	size_t size = (size_t)200 << 20;
	char *p = malloc(size);
	char *q;

	if (p == NULL)
		return -1;
	memset(p, 0xa5, size);
	q = realloc(p, size + ((size_t)100 << 20));
	if (q == NULL) {
		free(p);
		return -1;
	}
	q[size + 12345] = 1;
	free(q);
	return 0;
}
static long ok_malloc_churn(void)
{
	char *grow = NULL;
	size_t len = 0;

	for (unsigned int i = 0; i < 20000; i++) {
		void *volatile p = malloc(1 + (i * 37u) % 9000u);

		if (p == NULL)
			return -1;
		free(p);
	}
	for (unsigned int i = 0; i < 14; i++) {
		char *q;

		len = len * 2 + 4096;   /* up to ~64 MiB, across the mmap threshold */
		q = realloc(grow, len);
		if (q == NULL) {
			free(grow);
			return -1;
		}
		grow = q;
		grow[len - 1] = 1;
	}
	free(grow);
	return 0;
}
static long ok_clocks(void)
{
	static const clockid_t clocks[] = { CLOCK_REALTIME, CLOCK_MONOTONIC,
		CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, CLOCK_BOOTTIME };
	struct timespec ts;
	struct timeval tv;

	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		if (syscall(SYS_clock_gettime, clocks[i], &ts) != 0)
			return -1;
	}
	if (syscall(SYS_gettimeofday, &tv, NULL) != 0)
		return -1;
#ifdef SYS_time
	return syscall(SYS_time, NULL) > 0 ? 0 : -1;
#else
	return 0;
#endif
}
static long ok_getrandom(void)
{
	unsigned char buf[32];

	if (syscall(SYS_getrandom, buf, sizeof(buf), 0) != (long)sizeof(buf))
		return -1;
	return syscall(SYS_getrandom, buf, sizeof(buf), GRND_NONBLOCK);
}
static long ok_sleeps(void)
{
	struct timespec ts = { 0, 1000000 };
	struct timespec now;

	if (syscall(SYS_nanosleep, &ts, NULL) != 0)
		return -1;
	if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		return -1;
	now.tv_nsec += 1000000;
	if (now.tv_nsec >= 1000000000) {
		now.tv_sec++;
		now.tv_nsec -= 1000000000;
	}
	errno = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &now, NULL);
	if (errno != 0)
		return -1;
	return clock_nanosleep(CLOCK_REALTIME, 0, &ts, NULL) == 0 ? 0 : -1;
}
static long ok_sleep_stopped(void)
{
	struct timespec ts = { 0, 600000000 };

	/* The runner stops and continues us meanwhile: the kernel resumes the
	 * sleep with restart_syscall. */
	return syscall(SYS_nanosleep, &ts, NULL);
}
static long ok_local_time(void)
{
	char buf[64];
	time_t now = time(NULL);
	struct tm *tm = localtime(&now);
	struct tm copy;

	if (tm == NULL)
		return -1;
	copy = *tm;
	if (mktime(&copy) == (time_t)-1)
		return -1;
	return (long)strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S %Z", &copy);
}
static int compare_longs(const void *a, const void *b)
{
	long x = *(const long *)a;
	long y = *(const long *)b;

	return (x > y) - (x < y);
}
static long ok_qsort(void)
{
	enum { N = 8192 };
	long *v = malloc(N * sizeof(*v));

	if (v == NULL)
		return -1;
	for (long i = 0; i < N; i++)
		v[i] = (i * 7919) % N;
	qsort(v, N, sizeof(*v), compare_longs);
	for (long i = 0; i < N; i++) {
		if (v[i] != i) {
			free(v);
			errno = EBADMSG;
			return -1;
		}
	}
	free(v);
	return 0;
}
static long ok_state(void)
{
	char c;

	/* The runner inspects /proc/<pid> while we wait for it to close fd 3. */
	if (syscall(SYS_write, BOX_WORKER_FD_OUT, "ready\n", 6) != 6)
		return -1;
	while (syscall(SYS_read, BOX_WORKER_FD_IN, &c, 1) > 0)
		continue;
	return 0;
}
static long ok_nothing(void) { return 0; }

#ifdef BOX_SANITIZERS
/* Sanitizer builds: a sanitizer report must get out under the filter. */
static char *volatile stale_block;

static long ok_asan_report(void)
{
	stale_block = malloc(64);
	if (stale_block == NULL)
		return -1;
	memset(stale_block, 1, 64);
	free(stale_block);
	return stale_block[8];   /* heap-use-after-free: ASan reports, exits 1 */
}
static long ok_ubsan_report(void)
{
	volatile int big = 2147483647;
	volatile int one = 1;

	return big + one;   /* signed overflow: UBSan reports and exits 1 */
}
#endif

#define F(name, fn, b) { name, fn, FORBIDDEN, SETUP_ENTER, b, 0, 0, NULL }
#define FP(name, fn, b) { name, fn, FORBIDDEN_IN_PRODUCTION, SETUP_ENTER, b, 0, 0, NULL }
#define FRAW(name, fn, b) { name, fn, FORBIDDEN, SETUP_RAW_FD5, b, 0, 0, NULL }
#define C(name, fn) { name, fn, CONTROL, SETUP_ENTER, 1, 0, 0, NULL }

const struct attempt escape_attempts[] = {
#ifdef SYS_open
	F("open /dev/null", try_open, 1),
	F("creat /dev/null", try_creat, 1),
#endif
	F("openat /dev/null", try_openat, 1),
	F("openat2 /dev/null", try_openat2, 1),
	F("newfstatat /", try_newfstatat, 1),
	F("fstat fd 1", try_fstat, 1),
	F("close fd 0", try_close, 1),
	F("dup fd 1", try_dup, 1),
	F("pipe2", try_pipe2, 1),
	F("memfd_create", try_memfd, 1),
	F("chdir /", try_chdir, 1),
	F("chroot /", try_chroot, 0),
	F("unlinkat", try_unlink, 0),
	F("socket AF_UNIX", try_socket, 1),
	F("socketpair AF_UNIX", try_socketpair, 1),
	F("connect", try_connect, 0),
	F("execve /bin/true", try_execve, 1),
	F("execveat /bin/true", try_execveat, 1),
#ifdef SYS_fork
	F("fork", try_fork, 1),
#endif
	F("vfork", try_vfork, 1),
	F("clone", try_clone, 1),
	F("clone3", try_clone3, 1),
	F("ptrace TRACEME", try_ptrace, 1),
	F("kill the parent (signal 0)", try_kill_parent, 1),
	F("tgkill the parent (signal 0)", try_tgkill_parent, 1),
	F("pidfd_open the parent", try_pidfd_open, 1),
	F("process_vm_readv the parent", try_process_vm_readv, 1),
	FP("getpid", try_getpid, 1),
	F("getppid", try_getppid, 1),
	F("gettid", try_gettid, 1),
	F("mmap PROT_READ|PROT_EXEC", try_mmap_exec, 1),
	F("mmap PROT_READ|PROT_WRITE|PROT_EXEC", try_mmap_rwx, 1),
	F("mmap MAP_SHARED", try_mmap_shared, 1),
	F("mmap of a file (fd 0)", try_mmap_file, 0),
	F("mmap anonymous with fd 0", try_mmap_anon_fd0, 1),
	FP("mmap MAP_FIXED", try_mmap_fixed, 1),
	F("mprotect to PROT_READ|PROT_EXEC", try_mprotect_exec, 1),
	F("mprotect to PROT_READ", try_mprotect_read, 1),
	F("mremap MREMAP_FIXED", try_mremap_fixed, 1),
	F("madvise MADV_DONTFORK", try_madvise_dontfork, 1),
	FP("madvise MADV_DONTNEED", try_madvise_dontneed, 1),
	F("io_uring_setup", try_io_uring_setup, 0),
	F("bpf BPF_PROG_LOAD", try_bpf, 0),
	F("keyctl", try_keyctl, 0),
	F("userfaultfd", try_userfaultfd, 0),
	F("perf_event_open", try_perf_event_open, 0),
	F("seccomp GET_ACTION_AVAIL", try_seccomp, 1),
	F("ioctl TIOCSTI on fd 1", try_ioctl_tiocsti_1, 0),
	F("ioctl TIOCSTI on fd 2", try_ioctl_tiocsti_2, 0),
	F("ioctl TIOCSTI|1<<32 on fd 1", try_ioctl_tiocsti_high, 0),
	F("prctl PR_SET_NO_NEW_PRIVS 0", try_prctl_nnp_off, 0),
	F("prctl PR_SET_DUMPABLE 1", try_prctl_dumpable, 1),
	F("setresuid", try_setresuid, 1),
	F("mount tmpfs", try_mount, 0),
	F("unshare", try_unshare, 1),
	F("setns", try_setns, 0),
	F("personality", try_personality, 1),
	F("uname", try_uname, 1),
	F("sysinfo", try_sysinfo, 1),
	F("rt_sigaction", try_rt_sigaction, 1),
	F("rt_sigprocmask", try_rt_sigprocmask, 1),
	F("sigaltstack (set)", try_sigaltstack_set, 1),
	F("prlimit64", try_prlimit, 1),
	F("sched_yield", try_sched_yield, 1),
	F("getuid", try_getuid, 1),
	F("syscall number -1", try_syscall_minus_one, 0),
	F("syscall number 1000", try_syscall_1000, 0),
#ifdef __x86_64__
	F("x32 getpid (0x40000000|39)", try_x32_getpid, 0),
	F("x32 write to fd 1", try_x32_write, 0),
	F("i386 getpid via int $0x80", try_int80, 1),
#endif
	F("write to fd 0", try_write_fd0, 0),
	F("write to fd 3 (read end)", try_write_fd3, 0),
	F("read from fd 0", try_read_fd0, 1),
	F("read from fd 1", try_read_fd1, 0),
	F("read from fd 4 (write end)", try_read_fd4, 0),
	F("write to fd 1|1<<32", try_write_fd1_high, 1),
	F("read from fd 3|1<<32", try_read_fd3_high, 1),
	FRAW("write to fd 5 (opened before the filter)", try_write_fd5, 1),
	FRAW("read from fd 5 (opened before the filter)", try_read_fd5, 0),
	F("clock_gettime of pid 1's CPU clock", try_clock_other_process, 1),
	F("clock_nanosleep on CLOCK_BOOTTIME", try_sleep_boottime, 1),
	F("getrandom GRND_RANDOM", try_getrandom_random, 1),
	{ "box_sandbox_enter with fd 5 open", ok_nothing, FORBIDDEN, SETUP_ENTER_FD5, 0, 0, 0, NULL },
	{ "box_sandbox_enter with fd 3 closed", ok_nothing, FORBIDDEN, SETUP_ENTER_NO_FD3, 0, 0, 0,
	  NULL },
	{ "box_sandbox_enter with fd 5 open and no /proc", ok_nothing, FORBIDDEN,
	  SETUP_ENTER_FD5_NO_PROC, 0, 0, 0, NULL },

	{ "box_sandbox_enter without /proc", ok_nothing, CONTROL, SETUP_ENTER_NO_PROC, 0, 0, 0,
	  NULL },
	C("write to fd 1", ok_write_fd1),
	C("write to fd 2", ok_write_fd2),
	C("write to fd 4", ok_write_fd4),
	C("read from fd 3", ok_read_fd3),
	C("malloc 200 MiB, touch, realloc to 300 MiB, free", ok_big_malloc),
	C("malloc/free churn and realloc growth to 64 MiB", ok_malloc_churn),
	C("clock_gettime (5 clocks), gettimeofday, time syscalls", ok_clocks),
	C("getrandom", ok_getrandom),
	C("nanosleep, clock_nanosleep", ok_sleeps),
	C("localtime, mktime, strftime", ok_local_time),
	C("qsort of 64 KiB", ok_qsort),
	{ "nanosleep across SIGSTOP/SIGCONT", ok_sleep_stopped, CONTROL, SETUP_ENTER, 1, 1, 0, NULL },
	{ "state after enter: Seccomp 2, NoNewPrivs 1, no core, not dumpable", ok_state,
	  CONTROL, SETUP_ENTER_AS_NOBODY, 0, 0, 1, NULL },
#ifdef BOX_SANITIZERS
	{ "an ASan report gets out", ok_asan_report, CONTROL, SETUP_ENTER_STDERR, 0, 0, 0,
	  "ERROR: AddressSanitizer: heap-use-after-free" },
	{ "a UBSan report gets out", ok_ubsan_report, CONTROL, SETUP_ENTER_STDERR, 0, 0, 0,
	  "runtime error: signed integer overflow" },
#endif
};

const unsigned int escape_attempt_count = sizeof(escape_attempts) / sizeof(escape_attempts[0]);
