/* seccomp/allowlist.c -- every syscall the sandboxed worker may make, with why.
 *
 * This table is the whole policy of the worker's seccomp filter.  Anything it
 * does not list kills the worker (SECCOMP_RET_KILL_PROCESS), and so does any
 * call made through a foreign architecture's entry point (i386 int $0x80) or
 * with an x32 syscall number: libseccomp emits both checks for a native
 * x86_64 filter.  Arguments are checked where a register value decides what
 * the call can reach: file descriptors, protection bits, flags, clock ids.
 * Every comparison is an allowlist (equal, or "no bit outside this mask"),
 * made on the full 64-bit register, so a value with stray upper bits fails
 * closed instead of being truncated by the kernel into an allowed one.
 *
 * Built at build time only, by seccomp/gen_filter. */
#include "config.h"

#include "seccomp/allowlist.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <time.h>

#include <linux/futex.h>
#include <linux/mman.h>
#include <sys/ioctl.h>

#include "common/protocol.h"

#ifndef GRND_INSECURE
#define GRND_INSECURE 0x0004
#endif

#define BOX_MAX_CONDS 3

struct box_cond {
	unsigned int arg;
	enum scmp_compare op;
	uint64_t datum_a;
	uint64_t datum_b;
};

struct box_rule {
	const char *syscall;
	enum box_profile profile;   /* PRODUCTION: in every build */
	uint32_t action;            /* SCMP_ACT_ALLOW or SCMP_ACT_ERRNO(e) */
	unsigned int ncond;
	struct box_cond cond[BOX_MAX_CONDS];
	const char *condition;      /* the conditions, for people */
	const char *why;
};

#define ALLOW SCMP_ACT_ALLOW
#define PROD BOX_PROFILE_PRODUCTION
#define SAN BOX_PROFILE_SANITIZER

/* Low 32 bits all ones: fd -1 whether the caller sign- or zero-extended it. */
#define FD_NONE_MASK UINT64_C(0xffffffff)

static const struct box_rule rules[] = {
	/* The pipe and the script's output: the worker's only channels. */
	{ "read", PROD, ALLOW, 1, { { 0, SCMP_CMP_EQ, BOX_WORKER_FD_IN, 0 } },
	  "fd == 3", "frames from the broker (script source, replies)" },
	{ "write", PROD, ALLOW, 1, { { 0, SCMP_CMP_EQ, BOX_WORKER_FD_OUT, 0 } },
	  "fd == 4", "frames to the broker (requests, exit status)" },
	{ "write", PROD, ALLOW, 1, { { 0, SCMP_CMP_EQ, 1, 0 } },
	  "fd == 1", "the script's stdout, streamed as it is produced" },
	{ "write", PROD, ALLOW, 1, { { 0, SCMP_CMP_EQ, 2, 0 } },
	  "fd == 2", "the script's stderr (tracebacks)" },

	/* Termination. */
	{ "exit_group", PROD, ALLOW, 0, { { 0 } },
	  "any", "normal end of the worker (_exit)" },
	{ "exit", PROD, ALLOW, 0, { { 0 } },
	  "any", "glibc's _exit falls back to it if exit_group returns" },

	/* Memory: malloc, GMP, PCRE2 and json-c all allocate through malloc. */
	{ "brk", PROD, ALLOW, 0, { { 0 } },
	  "any", "malloc's main arena grows and shrinks with brk" },
	{ "mmap", PROD, ALLOW, 3, {
		  { 2, SCMP_CMP_MASKED_EQ, ~(uint64_t)(PROT_READ | PROT_WRITE), 0 },
		  { 3, SCMP_CMP_MASKED_EQ, ~(uint64_t)MAP_NORESERVE,
		    MAP_PRIVATE | MAP_ANONYMOUS },
		  { 4, SCMP_CMP_MASKED_EQ, FD_NONE_MASK, FD_NONE_MASK } },
	  "prot within READ|WRITE; flags PRIVATE|ANONYMOUS (|NORESERVE); fd -1",
	  "large allocations: private anonymous memory, never executable, "
	  "never shared, never a file, never MAP_FIXED" },
	{ "munmap", PROD, ALLOW, 0, { { 0 } },
	  "any", "free() of large allocations" },
	{ "mremap", PROD, ALLOW, 1, { { 3, SCMP_CMP_EQ, MREMAP_MAYMOVE, 0 } },
	  "flags == MAYMOVE", "realloc() of large blocks; keeps protections, "
	  "no MREMAP_FIXED or DONTUNMAP" },

	/* Time. */
	{ "clock_gettime", PROD, ALLOW, 1, { { 0, SCMP_CMP_LE, CLOCK_BOOTTIME, 0 } },
	  "clock id 0..7 (CLOCK_REALTIME..CLOCK_BOOTTIME)",
	  "time.time/monotonic/process_time when the vDSO falls back or for "
	  "CPU clocks; negative ids (other processes' CPU clocks) refused" },
	{ "gettimeofday", PROD, ALLOW, 0, { { 0 } },
	  "any", "vDSO fallback of gettimeofday()" },
#ifdef __NR_time
	{ "time", PROD, ALLOW, 0, { { 0 } },
	  "any", "vDSO fallback of time()" },
#endif
	{ "clock_nanosleep", PROD, ALLOW, 1, { { 0, SCMP_CMP_EQ, CLOCK_REALTIME, 0 } },
	  "clock == REALTIME", "time.sleep (glibc nanosleep() uses it)" },
	{ "clock_nanosleep", PROD, ALLOW, 1, { { 0, SCMP_CMP_EQ, CLOCK_MONOTONIC, 0 } },
	  "clock == MONOTONIC", "time.sleep on the monotonic clock" },
	{ "nanosleep", PROD, ALLOW, 0, { { 0 } },
	  "any", "time.sleep through the plain nanosleep syscall" },
	{ "restart_syscall", PROD, ALLOW, 0, { { 0 } },
	  "any", "the kernel resumes a sleep interrupted by SIGSTOP/SIGCONT "
	  "with it" },

	/* Randomness. */
	{ "getrandom", PROD, ALLOW, 1, {
		  { 2, SCMP_CMP_MASKED_EQ, ~(uint64_t)(GRND_NONBLOCK | GRND_INSECURE), 0 } },
	  "flags within NONBLOCK|INSECURE",
	  "malloc's tcache key, json-c's hash seed, random and os.urandom" },

	/* Sanitizer builds only: what the ASan/UBSan runtime does after the
	 * filter, measured with strace on this build (heap overflow, use after
	 * free and UBSan reports).  Nothing here reaches a file, a process or
	 * the network: the runtime's probes get an errno and its report is
	 * printed unsymbolised on fd 2. */
	{ "mmap", SAN, ALLOW, 3, {
		  { 2, SCMP_CMP_MASKED_EQ, ~(uint64_t)(PROT_READ | PROT_WRITE), 0 },
		  { 3, SCMP_CMP_MASKED_EQ, ~(uint64_t)(MAP_NORESERVE | MAP_FIXED),
		    MAP_PRIVATE | MAP_ANONYMOUS },
		  { 4, SCMP_CMP_MASKED_EQ, FD_NONE_MASK, FD_NONE_MASK } },
	  "prot within READ|WRITE; flags PRIVATE|ANONYMOUS (|NORESERVE|FIXED); fd -1",
	  "the ASan allocator maps its regions at fixed addresses" },
	{ "madvise", SAN, ALLOW, 1, { { 2, SCMP_CMP_EQ, MADV_DONTNEED, 0 } },
	  "advice == DONTNEED", "the ASan allocator releases freed memory" },
	{ "madvise", SAN, ALLOW, 1, { { 2, SCMP_CMP_EQ, MADV_DONTDUMP, 0 } },
	  "advice == DONTDUMP", "the ASan allocator keeps its regions out of cores" },
	{ "madvise", SAN, ALLOW, 1, { { 2, SCMP_CMP_EQ, MADV_NOHUGEPAGE, 0 } },
	  "advice == NOHUGEPAGE", "the ASan allocator's region setup" },
	{ "getpid", SAN, ALLOW, 0, { { 0 } },
	  "any", "the ==PID== prefix of every sanitizer report line" },
	{ "sigaltstack", SAN, ALLOW, 1, { { 0, SCMP_CMP_EQ, 0, 0 } },
	  "new stack == NULL (query only)",
	  "ASan looks up its signal stack when the worker exits" },
	{ "futex", SAN, ALLOW, 1, { { 1, SCMP_CMP_EQ, FUTEX_WAKE_PRIVATE, 0 } },
	  "op == WAKE_PRIVATE", "pthread_once in the report path (no waiter can exist)" },
	{ "ioctl", SAN, SCMP_ACT_ERRNO(ENOTTY), 1, { { 1, SCMP_CMP_EQ, TCGETS, 0 } },
	  "request == TCGETS", "colour probe of fd 2: answered \"not a tty\"" },
	{ "open", SAN, SCMP_ACT_ERRNO(ENOSYS), 0, { { 0 } },
	  "any", "/proc/self/{cmdline,environ,maps} for the report: refused" },
	{ "openat", SAN, SCMP_ACT_ERRNO(ENOSYS), 0, { { 0 } },
	  "any", "the symboliser opening the binary: refused" },
	{ "readlink", SAN, SCMP_ACT_ERRNO(ENOSYS), 0, { { 0 } },
	  "any", "/proc/self/exe for the report: refused" },
	{ "pipe2", SAN, SCMP_ACT_ERRNO(ENOSYS), 0, { { 0 } },
	  "any", "UBSan's memory-readability probe: refused" },
};

static const char *action_text(uint32_t action, char *buf, size_t len)
{
	if (action == SCMP_ACT_ALLOW)
		return "allow";
	snprintf(buf, len, "errno %s", strerrorname_np((int)(action & 0xffffu)));
	return buf;
}

const char *box_profile_name(enum box_profile profile)
{
	return profile == BOX_PROFILE_SANITIZER ? "sanitizer" : "production";
}

static int in_profile(const struct box_rule *rule, enum box_profile profile)
{
	return rule->profile == BOX_PROFILE_PRODUCTION || rule->profile == profile;
}

static int add_rule(scmp_filter_ctx ctx, const struct box_rule *rule,
		    char *err, size_t errlen)
{
	struct scmp_arg_cmp cmp[BOX_MAX_CONDS];
	int nr = seccomp_syscall_resolve_name(rule->syscall);
	int rc;

	if (nr == __NR_SCMP_ERROR) {
		snprintf(err, errlen, "libseccomp does not know syscall %s", rule->syscall);
		return -1;
	}
	for (unsigned int i = 0; i < rule->ncond; i++) {
		cmp[i].arg = rule->cond[i].arg;
		cmp[i].op = rule->cond[i].op;
		cmp[i].datum_a = rule->cond[i].datum_a;
		cmp[i].datum_b = rule->cond[i].datum_b;
	}
	rc = seccomp_rule_add_exact_array(ctx, rule->action, nr, rule->ncond, cmp);
	if (rc != 0) {
		snprintf(err, errlen, "adding the rule for %s (%s) failed: %s",
			 rule->syscall, rule->condition, strerror(-rc));
		return -1;
	}
	return 0;
}

scmp_filter_ctx box_allowlist_build(enum box_profile profile, char *err, size_t errlen)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
	int rc;

	if (ctx == NULL) {
		snprintf(err, errlen, "seccomp_init failed");
		return NULL;
	}
	rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
	if (rc == 0)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 1);
	if (rc != 0) {
		snprintf(err, errlen, "seccomp_attr_set failed: %s", strerror(-rc));
		seccomp_release(ctx);
		return NULL;
	}
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		if (!in_profile(&rules[i], profile))
			continue;
		if (add_rule(ctx, &rules[i], err, errlen) != 0) {
			seccomp_release(ctx);
			return NULL;
		}
	}
	/* The hot calls of a running interpreter are tested first. */
	static const char *const hot[] = { "write", "read", "brk", "mmap", "munmap" };
	for (size_t i = 0; i < sizeof(hot) / sizeof(hot[0]); i++) {
		rc = seccomp_syscall_priority(ctx, seccomp_syscall_resolve_name(hot[i]),
					      (uint8_t)(255 - i));
		if (rc != 0) {
			snprintf(err, errlen, "seccomp_syscall_priority(%s) failed: %s",
				 hot[i], strerror(-rc));
			seccomp_release(ctx);
			return NULL;
		}
	}
	return ctx;
}

void box_allowlist_describe(enum box_profile profile, FILE *out)
{
	char buf[64];

	fprintf(out, "# box worker seccomp filter, profile: %s\n", box_profile_name(profile));
	fprintf(out, "# default action: KILL_PROCESS; foreign architecture and x32"
		" numbers: KILL_PROCESS\n");
	fprintf(out, "# allowlist (syscall [action] if condition -- why):\n");
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct box_rule *rule = &rules[i];

		if (!in_profile(rule, profile))
			continue;
		fprintf(out, "#   %-16s [%s] if %s -- %s%s\n", rule->syscall,
			action_text(rule->action, buf, sizeof(buf)), rule->condition, rule->why,
			rule->profile == BOX_PROFILE_SANITIZER ? " [sanitizer build only]" : "");
	}
}
