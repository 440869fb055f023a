/* broker/audit/audit_live.c -- the live check of the sandbox.
 *
 * 1. Starts a worker exactly as the broker does (worker_proc_spawn: same
 *    binary lookup, fds, rlimits, empty environment), sends it nothing, and
 *    reads /proc/<pid> once it has entered its sandbox: Seccomp 2 (filter),
 *    NoNewPrivs 1, fds exactly 0-4 (0 /dev/null, 3 and 4 pipes), its own
 *    session, and the rlimits the broker meant to set.  /proc/<pid>/fd of a
 *    non-dumpable process is readable by root only; for another user the
 *    fd check is reported "not-verified" (the worker itself refuses to run
 *    with any fd but 0-4, see seccomp/sandbox.h).  The worker is then
 *    killed and reaped: it never runs a script.
 * 2. Proves that a forbidden call kills: a forked child of the audit
 *    installs the very same compiled filter (box_sandbox_install_filter)
 *    and calls socket (forbidden in both the production and the sanitizer
 *    profile, which admits open for the sanitizer runtime); the check passes when the kernel kills it with
 *    SIGSYS.  A second child makes only allowed calls and must exit 0, so
 *    the kill is the filter's choice and not an accident of the set-up. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "broker/audit/audit_int.h"
#include "broker/worker_proc.h"
#include "seccomp/sandbox.h"

enum { SANDBOX_WAIT_MS = 5000, POLL_MS = 10 };

static void check(json_object *checks, const char *name, const char *status, const char *fmt, ...)
  __attribute__((format(printf, 4, 5)));
static void check(json_object *checks, const char *name, const char *status, const char *fmt, ...)
{
  json_object *c = json_object_new_object();
  char detail[1024];
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  json_object_object_add(c, "check", json_object_new_string(name));
  json_object_object_add(c, "status", json_object_new_string(status));
  json_object_object_add(c, "detail", json_object_new_string(detail));
  json_object_array_add(checks, c);
}

/* The value of "Key:" in /proc/<pid>/status, into buf ("" when absent). */
static int status_field(pid_t pid, const char *key, char *buf, size_t cap)
{
  char path[64], line[512];
  size_t klen = strlen(key);
  FILE *f;

  snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
  buf[0] = '\0';
  if ((f = fopen(path, "re")) == NULL)
    return -1;
  while (fgets(line, sizeof line, f) != NULL)
    if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
      char *v = line + klen + 1;
      while (*v == ' ' || *v == '\t')
        v++;
      v[strcspn(v, "\n")] = '\0';
      snprintf(buf, cap, "%s", v);
      break;
    }
  fclose(f);
  return 0;
}

static void sleep_ms(long ms)
{
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

/* Waits until the worker shows seccomp mode 2 (it installs the filter
 * right after exec).  1 when it did, 0 on timeout or exit. */
static int wait_sandboxed(pid_t pid)
{
  char v[64];
  for (long waited = 0; waited < SANDBOX_WAIT_MS; waited += POLL_MS) {
    if (status_field(pid, "Seccomp", v, sizeof v) != 0)
      return 0;
    if (strcmp(v, "2") == 0)
      return 1;
    sleep_ms(POLL_MS);
  }
  return 0;
}

static int cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void check_fds(json_object *checks, pid_t pid)
{
  char path[64], link[PATH_MAX], target[PATH_MAX], list[256] = "";
  int fds[64], n = 0, ok;
  size_t o = 0;
  struct dirent *d;
  DIR *dir;

  snprintf(path, sizeof path, "/proc/%d/fd", (int)pid);
  if ((dir = opendir(path)) == NULL) {
    check(checks, "fds", "not-verified",
          "%s is not readable (%s): the worker is not dumpable, so only root may list its fds; the "
          "worker itself refuses to start with any fd but 0-4", path, strerror(errno));
    return;
  }
  while ((d = readdir(dir)) != NULL && n < 64)
    if (d->d_name[0] >= '0' && d->d_name[0] <= '9')
      fds[n++] = atoi(d->d_name);
  closedir(dir);
  qsort(fds, (size_t)n, sizeof fds[0], cmp_int);
  ok = n == 5;
  for (int i = 0; i < n; i++) {
    if (i < 5 && fds[i] != i)
      ok = 0;
    if (o < sizeof list)
      o += (size_t)snprintf(list + o, sizeof list - o, "%s%d", i ? " " : "", fds[i]);
  }
  check(checks, "fds", ok ? "pass" : "fail", "open fds: %s (expected exactly 0 1 2 3 4)", list);
  if (!ok)
    return;
  snprintf(link, sizeof link, "%s/0", path);
  ssize_t k = readlink(link, target, sizeof target - 1);
  target[k > 0 ? k : 0] = '\0';
  check(checks, "fd 0", strcmp(target, "/dev/null") == 0 ? "pass" : "fail", "fd 0 is %s", target);
  for (int fd = 3; fd <= 4; fd++) {
    snprintf(link, sizeof link, "%s/%d", path, fd);
    k = readlink(link, target, sizeof target - 1);
    target[k > 0 ? k : 0] = '\0';
    check(checks, fd == 3 ? "fd 3" : "fd 4", strncmp(target, "pipe:", 5) == 0 ? "pass" : "fail",
          "fd %d is %s (a pipe to the broker expected)", fd, target);
  }
}

/* One line of /proc/<pid>/limits ("Max cpu time  120  121  seconds"). */
static int limit_line(pid_t pid, const char *name, char *soft, char *hard, size_t cap)
{
  char path[64], line[256];
  size_t nlen = strlen(name);
  FILE *f;
  int found = 0;

  snprintf(path, sizeof path, "/proc/%d/limits", (int)pid);
  if ((f = fopen(path, "re")) == NULL)
    return 0;
  while (!found && fgets(line, sizeof line, f) != NULL)
    if (strncmp(line, name, nlen) == 0 && line[nlen] == ' ') {
      char s[64], h[64];
      if (sscanf(line + nlen, "%63s %63s", s, h) == 2) {
        snprintf(soft, cap, "%s", s);
        snprintf(hard, cap, "%s", h);
        found = 1;
      }
    }
  fclose(f);
  return found;
}

static void fmt_limit(unsigned long long v, char *buf, size_t cap)
{
  if (v == 0)
    snprintf(buf, cap, "unlimited");
  else
    snprintf(buf, cap, "%llu", v);
}

static void check_limit(json_object *checks, pid_t pid, const char *what, const char *line,
                        unsigned long long soft, unsigned long long hard)
{
  char got_s[64], got_h[64], want_s[32], want_h[32];
  fmt_limit(soft, want_s, sizeof want_s);
  fmt_limit(hard, want_h, sizeof want_h);
  if (!limit_line(pid, line, got_s, got_h, sizeof got_s)) {
    check(checks, what, "fail", "no \"%s\" line in /proc/%d/limits", line, (int)pid);
    return;
  }
  int ok = strcmp(got_s, want_s) == 0 && strcmp(got_h, want_h) == 0;
  check(checks, what, ok ? "pass" : "fail", "%s soft %s hard %s (broker sets %s / %s)", line, got_s, got_h,
        want_s, want_h);
}

static void inspect_worker(json_object *checks, pid_t pid, const struct worker_limits *lim)
{
  char v[128], sid[32] = "";
  char path[64], line[512];
  FILE *f;

  status_field(pid, "Seccomp", v, sizeof v);
  check(checks, "Seccomp", strcmp(v, "2") == 0 ? "pass" : "fail", "Seccomp: %s (2 = filter mode)", v);
  status_field(pid, "Seccomp_filters", v, sizeof v);
  if (v[0] != '\0')
    check(checks, "Seccomp_filters", strcmp(v, "0") != 0 ? "pass" : "fail",
          "Seccomp_filters: %s (filters installed)", v);
  status_field(pid, "NoNewPrivs", v, sizeof v);
  check(checks, "NoNewPrivs", strcmp(v, "1") == 0 ? "pass" : "fail", "NoNewPrivs: %s", v);
  check_fds(checks, pid);
  /* field 6 of /proc/<pid>/stat: the session */
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  if ((f = fopen(path, "re")) != NULL) {
    if (fgets(line, sizeof line, f) != NULL) {
      char *p = strrchr(line, ')');
      if (p != NULL && sscanf(p + 1, " %*c %*d %*d %31s", sid) != 1)
        sid[0] = '\0';
    }
    fclose(f);
  }
  check(checks, "session", atoi(sid) == (int)pid ? "pass" : "fail", "session %s (worker %d leads its own)",
        sid, (int)pid);
  check_limit(checks, pid, "RLIMIT_CPU", "Max cpu time", lim->cpu_seconds,
              lim->cpu_seconds ? lim->cpu_seconds + 1ull : 0);
  check_limit(checks, pid, "RLIMIT_AS", "Max address space", lim->addr_space, lim->addr_space);
  check_limit(checks, pid, "RLIMIT_NOFILE", "Max open files", lim->nofile, lim->nofile);
  /* RLIMIT_CORE 0 reads "0 0", not "unlimited" */
  if (limit_line(pid, "Max core file size", v, line, 64))
    check(checks, "RLIMIT_CORE", strcmp(v, "0") == 0 && strcmp(line, "0") == 0 ? "pass" : "fail",
          "Max core file size soft %s hard %s (broker sets 0 / 0)", v, line);
}

/* Forks a child that installs the worker's filter and then either calls
 * socket (forbidden) or only exits (allowed).  Returns its wait status, or
 * -1 when fork fails. */
static int filtered_child(int forbidden)
{
  int status;
  pid_t pid = fork();

  if (pid < 0)
    return -1;
  if (pid == 0) {
    char err[256];
    if (box_sandbox_install_filter(err, sizeof err) != 0)
      _exit(120);
    if (forbidden) {
      syscall(SYS_socket, AF_INET, SOCK_STREAM, 0);
      syscall(SYS_exit_group, 121); /* still alive: the filter did not kill */
    }
    syscall(SYS_exit_group, 0);
    _exit(122);
  }
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return status;
}

static void describe_status(int st, char *buf, size_t cap)
{
  if (st < 0)
    snprintf(buf, cap, "could not fork: %s", strerror(errno));
  else if (WIFSIGNALED(st))
    snprintf(buf, cap, "killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
  else
    snprintf(buf, cap, "exited with status %d", WEXITSTATUS(st));
}

static void check_forbidden_call(json_object *checks)
{
  char allowed[128], forbidden[128];
  int a = filtered_child(0), f = filtered_child(1);

  describe_status(a, allowed, sizeof allowed);
  describe_status(f, forbidden, sizeof forbidden);
  int ok = a >= 0 && WIFEXITED(a) && WEXITSTATUS(a) == 0 && f >= 0 && WIFSIGNALED(f) &&
           WTERMSIG(f) == SIGSYS;
  check(checks, "forbidden call kills", ok ? "pass" : "fail",
        "a child of the audit installed the worker's compiled filter (%s profile) and called socket: "
        "%s; a child making only allowed calls: %s",
        box_sandbox_filter_profile(), forbidden, allowed);
}

json_object *audit_live_check(const char *worker_path)
{
  json_object *checks = json_object_new_array();
  struct worker_limits lim;
  struct worker_proc w;
  char path[PATH_MAX], err[512];

  worker_limits_default(&lim);
  if (worker_path != NULL)
    snprintf(path, sizeof path, "%s", worker_path);
  else if (worker_proc_locate(path, sizeof path, err, sizeof err) != 0) {
    check(checks, "start worker", "fail", "%s", err);
    check_forbidden_call(checks);
    return checks;
  }
  fflush(NULL); /* the child must not inherit buffered output */
  if (worker_proc_spawn(&w, path, &lim, err, sizeof err) != 0) {
    check(checks, "start worker", "fail", "%s", err);
  } else {
    check(checks, "start worker", "pass", "%s started as pid %d (idle: it is sent no script)", path,
          (int)w.pid);
    if (!wait_sandboxed(w.pid))
      check(checks, "sandbox entered", "fail", "the worker did not reach Seccomp: 2 within %d ms",
            SANDBOX_WAIT_MS);
    else
      inspect_worker(checks, w.pid, &lim);
    /* SIGKILL before the pipes close, so the worker never sees EOF and
     * has nothing to say on the caller's stderr */
    worker_proc_kill(&w);
    worker_proc_finish(&w);
  }
  check_forbidden_call(checks);
  return checks;
}
