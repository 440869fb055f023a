/* tests/sandbox/test_filter_bpf.c -- runs the worker's BPF program in a
 * small classic-BPF evaluator, the way the kernel would, over every syscall
 * number, foreign architectures, the x32 range and chosen arguments.
 *
 * Complements the escape suite: here the kernel's own i386 or x32 support
 * does not matter (this test kernel has neither), and every syscall number
 * is covered, not only the ones a test thought of.  The expectations are
 * written out below independently of seccomp/allowlist.c. */
#include "config.h"

#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <time.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/mman.h>
#include <linux/seccomp.h>

#include "seccomp/sandbox.h"

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#define FOREIGN_ARCH AUDIT_ARCH_I386
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#define FOREIGN_ARCH AUDIT_ARCH_ARM
#endif

#define KILL SECCOMP_RET_KILL_PROCESS
#define ALLOW SECCOMP_RET_ALLOW
#define MAX_NR 1024

/* ---- a classic BPF evaluator over struct seccomp_data -------------------- */

/* Returns the filter's verdict, or 0xdeadbeef for a program the kernel
 * would not run (bad opcode, load out of range, jump past the end). */
static uint32_t run_filter(const struct seccomp_data *data)
{
	size_t count;
	const struct sock_filter *prog = box_sandbox_filter_program(&count);
	uint32_t a = 0, x = 0, mem[BPF_MEMWORDS] = { 0 };
	unsigned char bytes[sizeof(*data)];

	memcpy(bytes, data, sizeof(bytes));
	for (size_t pc = 0; pc < count; pc++) {
		const struct sock_filter *in = &prog[pc];
		uint32_t operand = BPF_SRC(in->code) == BPF_X ? x : in->k;

		switch (BPF_CLASS(in->code)) {
		case BPF_LD:
			if (in->code == (BPF_LD | BPF_W | BPF_ABS)) {
				if (in->k % 4 != 0 || in->k + 4 > sizeof(bytes))
					return 0xdeadbeef;
				memcpy(&a, bytes + in->k, 4);
			} else if (in->code == (BPF_LD | BPF_IMM)) {
				a = in->k;
			} else if (in->code == (BPF_LD | BPF_MEM) && in->k < BPF_MEMWORDS) {
				a = mem[in->k];
			} else {
				return 0xdeadbeef;
			}
			break;
		case BPF_LDX:
			if (in->code == (BPF_LDX | BPF_IMM))
				x = in->k;
			else if (in->code == (BPF_LDX | BPF_MEM) && in->k < BPF_MEMWORDS)
				x = mem[in->k];
			else
				return 0xdeadbeef;
			break;
		case BPF_ST:
		case BPF_STX:
			if (in->k >= BPF_MEMWORDS)
				return 0xdeadbeef;
			mem[in->k] = BPF_CLASS(in->code) == BPF_ST ? a : x;
			break;
		case BPF_ALU:
			switch (BPF_OP(in->code)) {
			case BPF_AND: a &= operand; break;
			case BPF_OR: a |= operand; break;
			case BPF_ADD: a += operand; break;
			case BPF_SUB: a -= operand; break;
			case BPF_LSH: a = operand < 32 ? a << operand : 0; break;
			case BPF_RSH: a = operand < 32 ? a >> operand : 0; break;
			default: return 0xdeadbeef;
			}
			break;
		case BPF_JMP: {
			int taken;

			if (BPF_OP(in->code) == BPF_JA) {
				pc += in->k;
				break;
			}
			switch (BPF_OP(in->code)) {
			case BPF_JEQ: taken = a == operand; break;
			case BPF_JGT: taken = a > operand; break;
			case BPF_JGE: taken = a >= operand; break;
			case BPF_JSET: taken = (a & operand) != 0; break;
			default: return 0xdeadbeef;
			}
			pc += taken ? in->jt : in->jf;
			break;
		}
		case BPF_RET:
			return BPF_RVAL(in->code) == BPF_A ? a : in->k;
		case BPF_MISC:
			if (BPF_MISCOP(in->code) == BPF_TAX)
				x = a;
			else
				a = x;
			break;
		default:
			return 0xdeadbeef;
		}
	}
	return 0xdeadbeef;   /* fell off the end */
}

static uint32_t verdict(uint32_t arch, int nr, uint64_t a0, uint64_t a1, uint64_t a2,
			uint64_t a3, uint64_t a4)
{
	struct seccomp_data data;

	memset(&data, 0, sizeof(data));
	data.nr = nr;
	data.arch = arch;
	data.args[0] = a0;
	data.args[1] = a1;
	data.args[2] = a2;
	data.args[3] = a3;
	data.args[4] = a4;
	return run_filter(&data);
}

#define V(nr, a0, a1, a2, a3, a4) verdict(NATIVE_ARCH, (nr), (a0), (a1), (a2), (a3), (a4))
#define FD_NONE UINT64_C(0xffffffffffffffff)
#define PRIV_ANON (MAP_PRIVATE | MAP_ANONYMOUS)

static int is_sanitizer_profile(void)
{
	return strcmp(box_sandbox_filter_profile(), "sanitizer") == 0;
}

/* Syscalls that may get anything but KILL for some arguments. */
static int may_pass(int nr)
{
	static const int production[] = {
		SYS_read, SYS_write, SYS_exit_group, SYS_exit, SYS_brk, SYS_mmap, SYS_munmap,
		SYS_mremap, SYS_clock_gettime, SYS_gettimeofday,
#ifdef SYS_time
		SYS_time,
#endif
		SYS_clock_nanosleep, SYS_nanosleep, SYS_restart_syscall, SYS_getrandom,
	};
	static const int sanitizer[] = {
		SYS_madvise, SYS_getpid, SYS_sigaltstack, SYS_futex, SYS_ioctl,
#ifdef SYS_open
		SYS_open,
#endif
		SYS_openat,
#ifdef SYS_readlink
		SYS_readlink,
#endif
		SYS_pipe2,
	};

	for (size_t i = 0; i < sizeof(production) / sizeof(production[0]); i++) {
		if (production[i] == nr)
			return 1;
	}
	if (is_sanitizer_profile()) {
		for (size_t i = 0; i < sizeof(sanitizer) / sizeof(sanitizer[0]); i++) {
			if (sanitizer[i] == nr)
				return 1;
		}
	}
	return 0;
}

static const uint64_t arg_samples[] = {
	0, 1, 2, 3, 4, 5, UINT64_C(0xffffffff), FD_NONE, UINT64_C(1) << 32,
	PROT_READ | PROT_WRITE, PRIV_ANON,
};
#define NSAMPLES (sizeof(arg_samples) / sizeof(arg_samples[0]))

START_TEST(every_other_syscall_is_killed)
{
	for (int nr = 0; nr < MAX_NR; nr++) {
		if (may_pass(nr))
			continue;
		for (size_t i = 0; i < NSAMPLES; i++) {
			uint64_t v = arg_samples[i];

			ck_assert_msg(V(nr, v, v, v, v, v) == KILL, "syscall %d args %#llx not killed",
				      nr, (unsigned long long)v);
			ck_assert_msg(V(nr, 3, v, v, PRIV_ANON, FD_NONE) == KILL,
				      "syscall %d not killed", nr);
		}
	}
}
END_TEST

START_TEST(foreign_architecture_is_killed)
{
	for (int nr = 0; nr < MAX_NR; nr++) {
		ck_assert_msg(verdict(FOREIGN_ARCH, nr, 3, 0, 0, 0, 0) == KILL,
			      "foreign-arch syscall %d not killed", nr);
		ck_assert_msg(verdict(NATIVE_ARCH & ~__AUDIT_ARCH_64BIT, nr, 1, 0, 0, 0, 0) == KILL,
			      "32-bit-arch syscall %d not killed", nr);
	}
	ck_assert_uint_eq(verdict(0, SYS_write, 1, 0, 0, 0, 0), KILL);
}
END_TEST

#ifdef __x86_64__
START_TEST(x32_numbers_are_killed)
{
	for (int nr = 0; nr < MAX_NR; nr++) {
		ck_assert_msg(V(0x40000000 | nr, 3, 0, 0, 0, 0) == KILL, "x32 %d not killed", nr);
		ck_assert_msg(V(0x40000000 | nr, 1, 0, 0, 0, 0) == KILL, "x32 %d not killed", nr);
	}
	ck_assert_uint_eq(V(-1, 0, 0, 0, 0, 0), KILL);
}
END_TEST
#endif

START_TEST(pipe_and_output_fds)
{
	ck_assert_uint_eq(V(SYS_read, 3, 0, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_write, 1, 0, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_write, 2, 0, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_write, 4, 0, 0, 0, 0), ALLOW);
	for (uint64_t fd = 0; fd < 64; fd++) {
		if (fd != 3)
			ck_assert_msg(V(SYS_read, fd, 0, 0, 0, 0) == KILL, "read(%d) allowed", (int)fd);
		if (fd != 1 && fd != 2 && fd != 4)
			ck_assert_msg(V(SYS_write, fd, 0, 0, 0, 0) == KILL, "write(%d) allowed", (int)fd);
	}
	ck_assert_uint_eq(V(SYS_read, 3 | (UINT64_C(1) << 32), 0, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_write, 1 | (UINT64_C(1) << 32), 0, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_write, FD_NONE, 0, 0, 0, 0), KILL);
}
END_TEST

START_TEST(memory_rules)
{
	const uint64_t rw = PROT_READ | PROT_WRITE;

	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw, PRIV_ANON, FD_NONE), ALLOW);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, PROT_READ, PRIV_ANON, FD_NONE), ALLOW);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, PROT_NONE, PRIV_ANON, FD_NONE), ALLOW);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw, PRIV_ANON | MAP_NORESERVE, 0xffffffff), ALLOW);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw | PROT_EXEC, PRIV_ANON, FD_NONE), KILL);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, PROT_EXEC, PRIV_ANON, FD_NONE), KILL);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw | (UINT64_C(1) << 32), PRIV_ANON, FD_NONE), KILL);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw, MAP_SHARED | MAP_ANONYMOUS, FD_NONE), KILL);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw, MAP_PRIVATE, 0), KILL);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw, PRIV_ANON, 0), KILL);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw, PRIV_ANON | MAP_GROWSDOWN, FD_NONE), KILL);
	ck_assert_uint_eq(V(SYS_mmap, 0, 4096, rw, PRIV_ANON | MAP_FIXED, FD_NONE),
			  is_sanitizer_profile() ? ALLOW : KILL);
	ck_assert_uint_eq(V(SYS_mremap, 0, 4096, 8192, MREMAP_MAYMOVE, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_mremap, 0, 4096, 8192, MREMAP_MAYMOVE | MREMAP_FIXED, 0), KILL);
	ck_assert_uint_eq(V(SYS_mremap, 0, 4096, 8192, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_mprotect, 0, 4096, PROT_READ, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_munmap, 0, 4096, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_brk, 0, 0, 0, 0, 0), ALLOW);
}
END_TEST

START_TEST(time_and_random_rules)
{
	for (uint64_t clock = 0; clock <= CLOCK_BOOTTIME; clock++)
		ck_assert_uint_eq(V(SYS_clock_gettime, clock, 0, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_clock_gettime, CLOCK_BOOTTIME + 1, 0, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_clock_gettime, UINT64_C(0xfffffffffffffff6), 0, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_clock_gettime, UINT64_C(0xfffffff6), 0, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_clock_gettime, UINT64_C(1) << 32, 0, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_clock_nanosleep, CLOCK_REALTIME, 0, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_clock_nanosleep, CLOCK_MONOTONIC, TIMER_ABSTIME, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_clock_nanosleep, CLOCK_PROCESS_CPUTIME_ID, 0, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_nanosleep, 0, 0, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_restart_syscall, 0, 0, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_getrandom, 0, 32, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_getrandom, 0, 32, GRND_NONBLOCK, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_getrandom, 0, 32, GRND_RANDOM, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_getrandom, 0, 32, UINT64_C(1) << 32, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_exit_group, 0, 0, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_exit, 0, 0, 0, 0, 0), ALLOW);
}
END_TEST

START_TEST(sanitizer_profile_rules)
{
	uint32_t enosys = SECCOMP_RET_ERRNO | 38;   /* ENOSYS */

	if (!is_sanitizer_profile()) {
		/* Production: none of the sanitizer additions passes. */
		ck_assert_uint_eq(V(SYS_madvise, 0, 4096, MADV_DONTNEED, 0, 0), KILL);
		ck_assert_uint_eq(V(SYS_getpid, 0, 0, 0, 0, 0), KILL);
		ck_assert_uint_eq(V(SYS_openat, 0, 0, 0, 0, 0), KILL);
		ck_assert_uint_eq(V(SYS_ioctl, 2, 0x5401 /* TCGETS */, 0, 0, 0), KILL);
		return;
	}
	ck_assert_uint_eq(V(SYS_madvise, 0, 4096, MADV_DONTNEED, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_madvise, 0, 4096, MADV_DONTFORK, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_sigaltstack, 0, 4096, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_sigaltstack, 4096, 0, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_futex, 0, 129 /* FUTEX_WAKE_PRIVATE */, 0, 0, 0), ALLOW);
	ck_assert_uint_eq(V(SYS_futex, 0, 128 /* FUTEX_WAIT_PRIVATE */, 0, 0, 0), KILL);
	ck_assert_uint_eq(V(SYS_openat, 0, 0, 0, 0, 0), enosys);
	ck_assert_uint_eq(V(SYS_pipe2, 0, 0, 0, 0, 0), enosys);
	ck_assert_uint_eq(V(SYS_ioctl, 2, 0x5401, 0, 0, 0), SECCOMP_RET_ERRNO | 25 /* ENOTTY */);
	ck_assert_uint_eq(V(SYS_ioctl, 1, 0x5412 /* TIOCSTI */, 0, 0, 0), KILL);
}
END_TEST

int main(void)
{
	Suite *suite = suite_create("filter_bpf");
	TCase *tc = tcase_create("filter_bpf");
	SRunner *runner;
	int failed;

	tcase_add_test(tc, every_other_syscall_is_killed);
	tcase_add_test(tc, foreign_architecture_is_killed);
#ifdef __x86_64__
	tcase_add_test(tc, x32_numbers_are_killed);
#endif
	tcase_add_test(tc, pipe_and_output_fds);
	tcase_add_test(tc, memory_rules);
	tcase_add_test(tc, time_and_random_rules);
	tcase_add_test(tc, sanitizer_profile_rules);
	suite_add_tcase(suite, tc);
	runner = srunner_create(suite);
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
