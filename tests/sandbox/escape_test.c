/* tests/sandbox/escape_test.c -- the sandbox escape suite.
 *
 * For every entry of tests/sandbox/escape_attempts.c: fork a child, give it
 * the worker's descriptor layout (0 /dev/null, 1 and 2 inherited, 3 the read
 * end of a pipe from us, 4 the write end of a pipe to us), apply the real
 * filter with box_sandbox_enter() (or box_sandbox_install_filter() where the
 * point is a descriptor enter would refuse), make the one call, and report
 * "R <return value> <errno> <message>" on fd 4.  A forbidden call must kill
 * the child with SIGSYS (or, in the sanitizer profile, return the errno that
 * profile chooses); a control must succeed.  Attempts marked "baseline" are
 * first run without the filter and must succeed there, which shows the
 * attempt would have been a real escape.
 *
 * Prints one line per attempt and ends with
 * "sandbox escape suite: N of N refused"; exits 1 on any failure. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/protocol.h"
#include "seccomp/sandbox.h"
#include "tests/sandbox/escape_attempts.h"

#define CHILD_TIMEOUT_MS 60000
#define NOBODY 65534

struct outcome {
	int signaled;      /* killed by signal sig */
	int sig;
	int exited;        /* exited with code */
	int code;
	int timed_out;
	int reported;      /* the child wrote its "R" line */
	long ret;
	int err;
	char msg[256];
	int inspected;     /* /proc checks ran; inspect_ok says how they went */
	int inspect_ok;
	char inspect_msg[256];
	char output[4096];  /* everything the child wrote to the pipe */
};

static int sanitizer_profile;

/* ---- the child ------------------------------------------------------------ */

static void child_report(long ret, int err, const char *msg)
{
	char line[400];
	int n = snprintf(line, sizeof(line), "R %ld %d %s\n", ret, err, msg);

	if (n > 0)
		(void)!syscall(SYS_write, BOX_WORKER_FD_OUT, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
}

static int close_from(int first)
{
#ifdef HAVE_CLOSE_RANGE
	return close_range((unsigned int)first, ~0U, 0);
#else
	for (int fd = first; fd < 4096; fd++)
		close(fd);
	return 0;
#endif
}

/* Fds 0..4 as in the worker; fd 5 too for the setups that need one more. */
static int arrange_fds(int in_fd, int out_fd, enum attempt_setup setup)
{
	int in = fcntl(in_fd, F_DUPFD, 10);
	int out = fcntl(out_fd, F_DUPFD, 10);
	int null = open("/dev/null", O_RDONLY);

	if (in < 0 || out < 0 || null < 0)
		return -1;
	if (dup2(null, 0) != 0 || dup2(in, BOX_WORKER_FD_IN) != BOX_WORKER_FD_IN ||
	    dup2(out, BOX_WORKER_FD_OUT) != BOX_WORKER_FD_OUT)
		return -1;
	if (close_from(BOX_WORKER_FD_OUT + 1) != 0)
		return -1;
	if (setup == SETUP_RAW_FD5 || setup == SETUP_ENTER_FD5 || setup == SETUP_ENTER_FD5_NO_PROC) {
		if (open("/dev/null", O_WRONLY) != 5)
			return -1;
	}
	if (setup == SETUP_ENTER_NO_FD3 && close(BOX_WORKER_FD_IN) != 0)
		return -1;
	if (setup == SETUP_ENTER_STDERR && dup2(BOX_WORKER_FD_OUT, 2) != 2)
		return -1;
	return 0;
}

/* Hides /proc behind an empty tmpfs in a private mount namespace (a user
 * namespace too when not root), so box_sandbox_enter() must use its
 * fallback fd scan. */
static int hide_proc(void)
{
	if (unshare(geteuid() == 0 ? CLONE_NEWNS : CLONE_NEWUSER | CLONE_NEWNS) != 0)
		return -1;
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
		return -1;
	return mount("tmpfs", "/proc", "tmpfs", 0, NULL);
}

/* For the state check: become nobody (if root) and dumpable again, so that
 * "not dumpable" afterwards can only come from box_sandbox_enter(). */
static int become_dumpable_nobody(void)
{
	if (geteuid() == 0) {
		if (setgroups(0, NULL) != 0 || setresgid(NOBODY, NOBODY, NOBODY) != 0 ||
		    setresuid(NOBODY, NOBODY, NOBODY) != 0)
			return -1;
	}
	return prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
}

static void child_main(const struct attempt *a, int filtered, int in_fd, int out_fd)
{
	char err[256] = "";
	long ret;
	int rc = 0;

	if (arrange_fds(in_fd, out_fd, a->setup) != 0)
		_exit(3);
	/* A fault must show as the signal itself, not as a sanitizer report. */
	signal(SIGSEGV, SIG_DFL);
	if ((a->setup == SETUP_ENTER_NO_PROC || a->setup == SETUP_ENTER_FD5_NO_PROC) &&
	    hide_proc() != 0) {
		child_report(-1, errno, "cannot hide /proc");
		_exit(3);
	}
	if (a->setup == SETUP_ENTER_AS_NOBODY && become_dumpable_nobody() != 0) {
		child_report(-1, errno, "cannot become a dumpable nobody");
		_exit(3);
	}
	if (filtered) {
		if (a->setup == SETUP_RAW_FD5)
			rc = box_sandbox_install_filter(err, sizeof(err));
		else
			rc = box_sandbox_enter(err, sizeof(err));
		if (a->setup == SETUP_ENTER_FD5 || a->setup == SETUP_ENTER_NO_FD3 ||
		    a->setup == SETUP_ENTER_FD5_NO_PROC) {
			child_report(rc, 0, err);
			_exit(0);
		}
		if (rc != 0) {
			child_report(-1, 0, err);
			_exit(3);
		}
	}
	errno = 0;
	ret = a->run();
	child_report(ret, ret < 0 ? errno : 0, "");
	_exit(0);
}

/* ---- the parent ----------------------------------------------------------- */

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		continue;
}

static int read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return 0;
}

/* Reads the sandboxed child's /proc entries while it waits. */
static void inspect_child(pid_t pid, struct outcome *o)
{
	char path[64];
	char text[8192];
	struct stat st;
	const char *core;
	char fds[64] = "";
	int nfds = 0;

	o->inspected = 1;
	o->inspect_ok = 0;
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if (read_file(path, text, sizeof(text)) != 0 || stat(path, &st) != 0) {
		snprintf(o->inspect_msg, sizeof(o->inspect_msg), "cannot read %s", path);
		return;
	}
	if (strstr(text, "\nSeccomp:\t2\n") == NULL || strstr(text, "\nNoNewPrivs:\t1\n") == NULL) {
		snprintf(o->inspect_msg, sizeof(o->inspect_msg), "Seccomp 2 / NoNewPrivs 1 missing");
		return;
	}
	if (st.st_uid != 0) {
		snprintf(o->inspect_msg, sizeof(o->inspect_msg),
			 "%s owned by uid %u: the worker is still dumpable", path, (unsigned)st.st_uid);
		return;
	}
	snprintf(path, sizeof(path), "/proc/%d/limits", (int)pid);
	if (read_file(path, text, sizeof(text)) != 0 ||
	    (core = strstr(text, "Max core file size")) == NULL) {
		snprintf(o->inspect_msg, sizeof(o->inspect_msg), "cannot read %s", path);
		return;
	}
	unsigned long soft = 1, hard = 1;
	if (sscanf(core + strlen("Max core file size"), "%lu %lu", &soft, &hard) != 2 ||
	    soft != 0 || hard != 0) {
		snprintf(o->inspect_msg, sizeof(o->inspect_msg), "core size limit is not 0");
		return;
	}
	for (int fd = 0; fd < 64; fd++) {
		snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int)pid, fd);
		if (lstat(path, &st) == 0) {
			size_t used = strlen(fds);

			snprintf(fds + used, sizeof(fds) - used, "%s%d", nfds ? "," : "", fd);
			nfds++;
		}
	}
	if (strcmp(fds, "0,1,2,3,4") != 0) {
		snprintf(o->inspect_msg, sizeof(o->inspect_msg), "open fds are %s, not 0-4", fds);
		return;
	}
	o->inspect_ok = 1;
	snprintf(o->inspect_msg, sizeof(o->inspect_msg),
		 "Seccomp 2, NoNewPrivs 1, core limit 0, /proc owned by root, fds 0-4");
}

static void parse_report(const char *buf, struct outcome *o)
{
	const char *line = strstr(buf, "R ");
	int used = 0;

	while (line != NULL && line != buf && line[-1] != '\n')
		line = strstr(line + 1, "R ");
	if (line == NULL || sscanf(line, "R %ld %d %n", &o->ret, &o->err, &used) != 2)
		return;
	o->reported = 1;
	snprintf(o->msg, sizeof(o->msg), "%.*s", (int)strcspn(line + used, "\n"), line + used);
}

static void run_child(const struct attempt *a, int filtered, struct outcome *o)
{
	int to_child[2], from_child[2];
	char buf[4096];
	size_t len = 0;
	int status;
	pid_t pid;

	memset(o, 0, sizeof(*o));
	if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) {
		perror("escape_test: pipe");
		exit(2);
	}
	if (write(to_child[1], "ping", 4) != 4) {
		perror("escape_test: write");
		exit(2);
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		perror("escape_test: fork");
		exit(2);
	}
	if (pid == 0)
		child_main(a, filtered, to_child[0], from_child[1]);
	close(to_child[0]);
	close(from_child[1]);
	if (!(a->inspect && filtered)) {
		close(to_child[1]);
		to_child[1] = -1;
	}
	if (a->stop_continue) {
		sleep_ms(150);
		kill(pid, SIGSTOP);
		sleep_ms(150);
		kill(pid, SIGCONT);
	}
	for (;;) {
		struct pollfd pfd = { from_child[0], POLLIN, 0 };
		int ready = poll(&pfd, 1, CHILD_TIMEOUT_MS);
		ssize_t n;

		if (ready < 0 && errno == EINTR)
			continue;
		if (ready <= 0) {
			o->timed_out = 1;
			kill(pid, SIGKILL);
			break;
		}
		n = read(from_child[0], buf + len, sizeof(buf) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		buf[len] = '\0';
		if (to_child[1] >= 0 && strstr(buf, "ready\n") != NULL) {
			inspect_child(pid, o);
			close(to_child[1]);
			to_child[1] = -1;
		}
		if (len == sizeof(buf) - 1)
			break;
	}
	buf[len] = '\0';
	memcpy(o->output, buf, len + 1);
	close(from_child[0]);
	if (to_child[1] >= 0)
		close(to_child[1]);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			perror("escape_test: waitpid");
			exit(2);
		}
	}
	if (WIFSIGNALED(status)) {
		o->signaled = 1;
		o->sig = WTERMSIG(status);
	} else if (WIFEXITED(status)) {
		o->exited = 1;
		o->code = WEXITSTATUS(status);
	}
	parse_report(buf, o);
}

static void describe(const struct outcome *o, char *out, size_t len)
{
	if (o->timed_out)
		snprintf(out, len, "timed out");
	else if (o->signaled)
		snprintf(out, len, "killed by %s", sigabbrev_np(o->sig) ? sigabbrev_np(o->sig) : "?");
	else if (o->reported && o->ret < 0)
		snprintf(out, len, "exit %d, returned -1, errno %s%s%s", o->code,
			 strerrorname_np(o->err) ? strerrorname_np(o->err) : "?",
			 o->msg[0] ? ": " : "", o->msg);
	else if (o->reported)
		snprintf(out, len, "exit %d, returned %ld%s%s", o->code, o->ret,
			 o->msg[0] ? ": " : "", o->msg);
	else
		snprintf(out, len, "exit %d, no report", o->code);
}

/* Did the call (or the exec'd program) succeed, as it must without the filter? */
static int succeeded(const struct outcome *o)
{
	if (o->timed_out || o->signaled)
		return 0;
	if (o->reported)
		return o->ret >= 0;
	return o->exited && o->code == 0;   /* execve of /bin/true */
}

/* A control that ends in a report: it got out and the child exited. */
static int printed(const struct outcome *o, const char *expected)
{
	return !o->timed_out && o->exited && strstr(o->output, expected) != NULL;
}

/* Why an outcome counts as refused, or NULL if it does not. */
static const char *refusal(const struct attempt *a, const struct outcome *o,
			   const struct outcome *base)
{
	if (o->timed_out)
		return NULL;
	if (a->setup == SETUP_ENTER_FD5 || a->setup == SETUP_ENTER_NO_FD3 ||
	    a->setup == SETUP_ENTER_FD5_NO_PROC)
		return o->reported && o->ret == -1 ? "box_sandbox_enter refused" : NULL;
	if (o->signaled && o->sig == SIGSYS)
		return "killed by SIGSYS";
	if (sanitizer_profile && o->reported && o->ret == -1 &&
	    (o->err == ENOSYS || o->err == ENOTTY))
		return "errno chosen by the sanitizer profile";
	/* A kernel without the i386 entry point faults on int $0x80 before the
	 * filter runs; the baseline shows the fault happens without it too. */
	if (o->signaled && o->sig == SIGSEGV && !o->reported && base != NULL &&
	    base->signaled && base->sig == SIGSEGV && !base->reported)
		return "SIGSEGV: this kernel has no i386 entry point (same without the filter)";
	return NULL;
}

int main(void)
{
	unsigned int forbidden = 0, refused = 0, controls = 0, controls_ok = 0;
	int broken = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	escape_parent_pid = getpid();
	sanitizer_profile = strcmp(box_sandbox_filter_profile(), "sanitizer") == 0;
	printf("filter profile: %s\n", box_sandbox_filter_profile());

	for (unsigned int i = 0; i < escape_attempt_count; i++) {
		const struct attempt *a = &escape_attempts[i];
		int is_control = a->kind == CONTROL ||
			(a->kind == FORBIDDEN_IN_PRODUCTION && sanitizer_profile);
		struct outcome base, o;
		const struct outcome *basep = NULL;
		char what[400];

		if (a->baseline && !is_control) {
			run_child(a, 0, &base);
			basep = &base;
			if (!succeeded(&base) && strstr(a->name, "int $0x80") == NULL) {
				describe(&base, what, sizeof(what));
				printf("BROKEN   %s: without the filter it does not succeed (%s)\n",
				       a->name, what);
				broken = 1;
			}
		}
		run_child(a, 1, &o);
		describe(&o, what, sizeof(what));
		if (is_control) {
			int ok = a->expect_output != NULL ? printed(&o, a->expect_output) :
				succeeded(&o) && (!a->inspect || (o.inspected && o.inspect_ok));

			controls++;
			controls_ok += ok;
			if (a->inspect)
				printf("%s  control: %s: %s; %s\n", ok ? "ok    " : "FAILED", a->name,
				       what, o.inspected ? o.inspect_msg : "not inspected");
			else
				printf("%s  control: %s: %s\n", ok ? "ok    " : "FAILED", a->name, what);
		} else {
			const char *why = refusal(a, &o, basep);

			forbidden++;
			refused += why != NULL;
			printf("%s  %s: %s%s%s\n", why ? "refused" : "ESCAPED", a->name,
			       why ? why : what, why && o.msg[0] ? ": " : "", why ? o.msg : "");
		}
	}
	printf("controls: %u of %u passed\n", controls_ok, controls);
	printf("sandbox escape suite: %u of %u refused\n", refused, forbidden);
	return refused == forbidden && controls_ok == controls && !broken ? 0 : 1;
}
