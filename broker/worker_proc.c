/* broker/worker_proc.c -- starting, watching and reaping the worker process
 * (see broker/worker_proc.h; the child's set-up order follows sandbox.md 3). */
#include <config.h> /* the build configuration, not broker/config/config.h */

#include "broker/worker_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/protocol.h"

/* The child reports a failed set-up step on this fd (close-on-exec: a
 * successful exec closes it, and the broker reads end-of-file). */
#define CHILD_ERROR_FD 5
/* Child descriptors are first moved at or above this number so that the
 * dup2 calls onto 0, 3, 4 and 5 never clobber one another. */
#define CHILD_SCRATCH_FD 10

enum child_step {
  STEP_PARENT_GONE = 1,
  STEP_SETSID,
  STEP_PDEATHSIG,
  STEP_FDS,
  STEP_CLOSE_FDS,
  STEP_CHDIR,
  STEP_RLIMIT,
  STEP_EXEC,
};

static const char *const step_names[] = {
  [STEP_PARENT_GONE] = "broker exited during start-up",
  [STEP_SETSID] = "setsid",
  [STEP_PDEATHSIG] = "prctl(PR_SET_PDEATHSIG)",
  [STEP_FDS] = "arranging descriptors",
  [STEP_CLOSE_FDS] = "closing inherited descriptors",
  [STEP_CHDIR] = "chdir /",
  [STEP_RLIMIT] = "setrlimit",
  [STEP_EXEC] = "exec",
};

struct child_error {
  int step;
  int err;
};

void
worker_limits_default(struct worker_limits *lim)
{
  lim->cpu_seconds = BOX_WORKER_CPU_SECONDS;
#ifdef BOX_SANITIZERS
  lim->addr_space = 0; /* ASan reserves terabytes of shadow memory */
  lim->nofile = 64;
#else
  lim->addr_space = BOX_WORKER_ADDRESS_SPACE;
  lim->nofile = BOX_WORKER_NOFILE;
#endif
}

static bool
is_executable_file(const char *path)
{
  struct stat st;

  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

int
box_locate_program(const char *name, char *path, size_t size, char *err, size_t errlen)
{
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);

  if (n > 0) {
    char *slash;
    self[n] = '\0';
    slash = strrchr(self, '/');
    if (slash != NULL) {
      *slash = '\0';
      if ((size_t)snprintf(path, size, "%s/%s", self, name) < size && is_executable_file(path))
        return 0;
    }
  }
  if ((size_t)snprintf(path, size, "%s/%s", BOX_LIBEXECDIR, name) < size &&
      is_executable_file(path))
    return 0;
  snprintf(err, errlen, "cannot find %s next to box-broker or in %s", name, BOX_LIBEXECDIR);
  return -1;
}

int
worker_proc_locate(char *path, size_t size, char *err, size_t errlen)
{
  return box_locate_program("box-worker", path, size, err, errlen);
}

/* ---- the child, between fork and exec ------------------------------------ */

static _Noreturn void
child_fail(int step)
{
  struct child_error ce = {step, errno};
  ssize_t r = write(CHILD_ERROR_FD, &ce, sizeof ce);

  (void)r;
  _exit(127);
}

/* Parses the 16 hex digits after "<field>:\t" in /proc/self/status text. */
static bool
status_mask(const char *text, const char *field, uint64_t *mask)
{
  const char *p = strstr(text, field);
  uint64_t m = 0;
  int i;

  if (p == NULL || (p != text && p[-1] != '\n'))
    return false;
  p += strlen(field);
  if (*p++ != ':')
    return false;
  while (*p == '\t' || *p == ' ')
    p++;
  for (i = 0; i < 16; i++, p++) {
    int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : -1;
    if (d < 0)
      return false;
    m = m << 4 | (uint64_t)d;
  }
  if (*p != '\n')
    return false;
  *mask = m;
  return true;
}

/* The signals whose disposition is not the default (bit sig - 1): ignored
 * (exec keeps that) or caught (a handler could run on the broker's memory
 * once the child clears its mask).  Read from /proc/self/status, one open
 * and read (~25 us here) instead of a sigaction per signal in the child (64
 * of them, ~2 us each on this VM).  All of them when /proc cannot say.  The
 * broker reads it just before the clone, on its own stack (the child's is
 * fresh memory: every page it touches is a fault), and the child inherits
 * the same dispositions. */
static uint64_t
changed_signals(void)
{
  char text[4096];
  size_t got = 0;
  uint64_t ign, cgt;
  int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    return ~(uint64_t)0;
  for (;;) {
    ssize_t n = read(fd, text + got, sizeof text - 1 - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    got += (size_t)n;
    if (got == sizeof text - 1)
      break;
  }
  (void)close(fd);
  text[got] = '\0';
  if (got == sizeof text - 1 || !status_mask(text, "SigIgn", &ign) ||
      !status_mask(text, "SigCgt", &cgt))
    return ~(uint64_t)0;
  return ign | cgt;
}

/* SIG_DFL for a signal glibc keeps for itself (32 and 33: its wrappers
 * refuse them), which the broker's caller may still have ignored.  All
 * zeros is SIG_DFL, no flags, empty mask in every kernel layout. */
static void
child_default_raw(int sig)
{
  uint64_t action[8] = {0};

  (void)syscall(SYS_rt_sigaction, sig, action, NULL, sizeof(uint64_t));
}

static void
child_reset_signals(uint64_t changed)
{
  sigset_t none;
  int sig;

  for (sig = 1; sig < NSIG && sig <= 64; sig++)
    if (sig != SIGKILL && sig != SIGSTOP && (changed >> (sig - 1) & 1) &&
        signal(sig, SIG_DFL) == SIG_ERR)
      child_default_raw(sig);
  sigemptyset(&none);
  (void)sigprocmask(SIG_SETMASK, &none, NULL);
}

static void
child_close_from(int first)
{
  int fd, max;

#ifdef HAVE_CLOSE_RANGE
  if (close_range((unsigned)first, ~0U, 0) == 0)
    return;
#endif
  max = (int)sysconf(_SC_OPEN_MAX);
  if (max < 0 || max > 65536)
    max = 65536;
  for (fd = first; fd < max; fd++)
    (void)close(fd);
}

static void
child_set_rlimit(int resource, rlim_t soft, rlim_t hard)
{
  struct rlimit rl = {soft, hard};

  if (setrlimit(resource, &rl) != 0)
    child_fail(STEP_RLIMIT);
}

/* What the child needs, passed through clone()'s single argument. */
struct child_args {
  pid_t broker;
  const char *path;
  char *const *envp;
  int devnull, in_fd, out_fd, err_fd;
  const struct worker_limits *lim;
  uint64_t changed_signals; /* changed_signals() */
};

/* Runs in the child.  Under CLONE_VM it shares the broker's memory until the
 * exec: it writes nothing but its own stack (and errno), and changes only
 * per-process state (signal dispositions, session, descriptors, directory,
 * umask, rlimits).  Not PR_SET_DUMPABLE: that flag lives in the memory
 * descriptor, so it would be the broker's, and exec resets it anyway; the
 * worker clears it itself before it reads anything (seccomp/sandbox.c). */
static _Noreturn void
child_run(const struct child_args *a)
{
  char *const argv[] = {(char *)"box-worker", NULL};
  const struct worker_limits *lim = a->lim;
  int hi_null, hi_in, hi_out, hi_err;

  /* Move every descriptor out of the way first, so that the dup2 calls onto
   * 0, 3, 4 and 5 cannot clobber one another; then the error pipe, so every
   * later failure can be reported. */
  hi_err = fcntl(a->err_fd, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
  hi_null = fcntl(a->devnull, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
  hi_in = fcntl(a->in_fd, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
  hi_out = fcntl(a->out_fd, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
  if (hi_err < 0 || dup3(hi_err, CHILD_ERROR_FD, O_CLOEXEC) < 0)
    _exit(127);
  if (hi_null < 0 || hi_in < 0 || hi_out < 0)
    child_fail(STEP_FDS);
  child_reset_signals(a->changed_signals);
  if (setsid() < 0)
    child_fail(STEP_SETSID);
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
    child_fail(STEP_PDEATHSIG);
  if (getppid() != a->broker) /* the broker died before PDEATHSIG was armed */
    child_fail(STEP_PARENT_GONE);
  if (dup2(hi_null, 0) < 0 || dup2(hi_in, BOX_WORKER_FD_IN) < 0 ||
      dup2(hi_out, BOX_WORKER_FD_OUT) < 0)
    child_fail(STEP_FDS);
  /* fds 1 and 2 are the caller's stdout and stderr, inherited as they are. */
  child_close_from(CHILD_ERROR_FD + 1);

  if (chdir("/") != 0)
    child_fail(STEP_CHDIR);
  umask(077);
  child_set_rlimit(RLIMIT_CORE, 0, 0);
  child_set_rlimit(RLIMIT_NOFILE, lim->nofile, lim->nofile);
  if (lim->cpu_seconds > 0)
    child_set_rlimit(RLIMIT_CPU, lim->cpu_seconds, lim->cpu_seconds + 1);
  if (lim->addr_space > 0)
    child_set_rlimit(RLIMIT_AS, lim->addr_space, lim->addr_space);

  execve(a->path, argv, a->envp);
  child_fail(STEP_EXEC);
}

#ifndef BOX_SANITIZERS
/* The child's stack while it shares the broker's memory.  One is enough: the
 * broker is suspended (CLONE_VFORK) until the child execs or exits, and it
 * starts one worker at a time. */
static char child_stack[64 * 1024] __attribute__((aligned(16)));

static int
child_entry(void *arg)
{
  child_run(arg);
}
#endif

/* Creates the child.  Without sanitizers: clone(CLONE_VM | CLONE_VFORK), as
 * posix_spawn does, which copies no page tables and leaves the broker no
 * copy-on-write faults to take afterwards (measured: the single largest cost
 * of fork() in the broker's start-up on a paravirtualised VM).  All signals
 * are blocked around it, so no handler can run on the shared memory before
 * the child has reset them.  The sanitizer runtimes do not support a child
 * sharing their memory: there it is fork(). */
static pid_t
clone_child(const struct child_args *a)
{
#ifdef BOX_SANITIZERS
  pid_t pid = fork();

  if (pid == 0)
    child_run(a);
  return pid;
#else
  sigset_t all, old;
  pid_t pid;
  int saved;

  sigfillset(&all);
  (void)pthread_sigmask(SIG_SETMASK, &all, &old);
  pid = clone(child_entry, child_stack + sizeof child_stack, CLONE_VM | CLONE_VFORK | SIGCHLD,
              (void *)a);
  saved = errno;
  (void)pthread_sigmask(SIG_SETMASK, &old, NULL);
  errno = saved;
  return pid;
#endif
}

/* ---- the broker's side --------------------------------------------------- */

/* The worker's environment: empty, except the sanitizer runtime options in
 * a sanitizer build. */
static void
build_env(char **envp, size_t max)
{
  size_t n = 0;

#ifdef BOX_SANITIZERS
  static const char *const keep[] = {"ASAN_OPTIONS", "UBSAN_OPTIONS"};
  extern char **environ;
  size_t k;
  char **e;

  for (e = environ; e != NULL && *e != NULL && n + 1 < max; e++)
    for (k = 0; k < sizeof keep / sizeof keep[0]; k++) {
      size_t len = strlen(keep[k]);
      if (strncmp(*e, keep[k], len) == 0 && (*e)[len] == '=')
        envp[n++] = *e;
    }
#else
  (void)max;
#endif
  envp[n] = NULL;
}

static void
close_fd(int *fd)
{
  if (*fd >= 0)
    (void)close(*fd);
  *fd = -1;
}

static int
open_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
  long fd = syscall(SYS_pidfd_open, pid, 0);
  if (fd >= 0) {
    (void)fcntl((int)fd, F_SETFD, FD_CLOEXEC);
    return (int)fd;
  }
#endif
  (void)pid;
  return -1;
}

/* Waits for the child's set-up report: end-of-file means exec succeeded. */
static int
read_child_error(int fd, struct child_error *ce)
{
  size_t got = 0;

  while (got < sizeof *ce) {
    struct pollfd p = {.fd = fd, .events = POLLIN};
    ssize_t n;
    int r = poll(&p, 1, 10000);

    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return -1; /* stuck in set-up: treat as failed */
    n = read(fd, (char *)ce + got, sizeof *ce - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return got == 0 ? 0 : -1;
    got += (size_t)n;
  }
  return 1;
}

int
worker_proc_start(struct worker_proc *w, const char *path, const struct worker_limits *lim,
                  char *err, size_t errlen)
{
  int to[2] = {-1, -1}, from[2] = {-1, -1}, errp[2] = {-1, -1}, devnull;
  char *envp[4];
  struct child_args args;

  memset(w, 0, sizeof *w);
  w->pid = -1;
  w->pidfd = w->to_worker = w->from_worker = w->setup_fd = -1;
  build_env(envp, sizeof envp / sizeof envp[0]);
  devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (devnull < 0 || pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0 ||
      pipe2(errp, O_CLOEXEC) != 0) {
    snprintf(err, errlen, "cannot create the worker's pipes: %s", strerror(errno));
    goto fail;
  }
  args = (struct child_args){getpid(), path, envp, devnull, to[0], from[1], errp[1], lim,
                             changed_signals()};
  w->pid = clone_child(&args);
  if (w->pid < 0) {
    snprintf(err, errlen, "cannot fork the worker: %s", strerror(errno));
    goto fail;
  }

  w->pidfd = open_pidfd(w->pid);
  close_fd(&devnull);
  close_fd(&to[0]);
  close_fd(&from[1]);
  close_fd(&errp[1]);
  w->to_worker = to[1];
  w->from_worker = from[0];
  w->setup_fd = errp[0];
  if (fcntl(w->to_worker, F_SETFL, O_NONBLOCK) != 0 ||
      fcntl(w->from_worker, F_SETFL, O_NONBLOCK) != 0) {
    snprintf(err, errlen, "cannot set up the worker's pipes: %s", strerror(errno));
    worker_proc_finish(w);
    return -1;
  }
  return 0;

fail:
  close_fd(&devnull);
  close_fd(&to[0]);
  close_fd(&to[1]);
  close_fd(&from[0]);
  close_fd(&from[1]);
  close_fd(&errp[0]);
  close_fd(&errp[1]);
  w->pid = -1;
  return -1;
}

int
worker_proc_started(struct worker_proc *w, const char *path, char *err, size_t errlen)
{
  struct child_error ce = {0, 0};
  int r;

  if (w->setup_fd < 0)
    return 0;
  r = read_child_error(w->setup_fd, &ce);
  close_fd(&w->setup_fd);
  if (r == 0)
    return 0;
  if (r > 0 && ce.step > 0 && ce.step <= STEP_EXEC)
    snprintf(err, errlen, "cannot start the worker %s: %s: %s", path, step_names[ce.step],
             strerror(ce.err));
  else
    snprintf(err, errlen, "cannot start the worker %s: set-up failed", path);
  worker_proc_finish(w);
  return -1;
}

int
worker_proc_spawn(struct worker_proc *w, const char *path, const struct worker_limits *lim,
                  char *err, size_t errlen)
{
  if (worker_proc_start(w, path, lim, err, errlen) != 0)
    return -1;
  return worker_proc_started(w, path, err, errlen);
}

void
worker_proc_kill(struct worker_proc *w)
{
  if (w->pid > 0 && !w->reaped) {
    (void)kill(w->pid, SIGKILL);
    w->killed = true;
  }
}

/* One non-blocking wait4; 1 when reaped. */
static int
try_reap(struct worker_proc *w)
{
  pid_t r;

  do
    r = wait4(w->pid, &w->wait_status, WNOHANG, &w->usage);
  while (r < 0 && errno == EINTR);
  if (r == w->pid || (r < 0 && errno == ECHILD)) {
    w->reaped = true;
    if (r < 0)
      w->wait_status = 0;
    close_fd(&w->pidfd);
    return 1;
  }
  return 0;
}

static long long
now_ms(void)
{
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int
worker_proc_reap(struct worker_proc *w, int timeout_ms)
{
  long long end = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;

  if (w->pid <= 0 || w->reaped)
    return 1;
  for (;;) {
    long long left;
    int wait_ms;

    if (try_reap(w))
      return 1;
    left = end < 0 ? 1000 : end - now_ms();
    if (left <= 0)
      return 0;
    wait_ms = left > 1000 ? 1000 : (int)left;
    if (w->pidfd >= 0) {
      struct pollfd p = {.fd = w->pidfd, .events = POLLIN};
      (void)poll(&p, 1, wait_ms);
    } else {
      struct timespec ts = {0, 5 * 1000 * 1000}; /* no pidfd: poll every 5 ms */
      (void)nanosleep(&ts, NULL);
    }
  }
}

void
worker_proc_finish(struct worker_proc *w)
{
  close_fd(&w->to_worker);
  close_fd(&w->from_worker);
  close_fd(&w->setup_fd);
  if (w->pid > 0 && !w->reaped) {
    if (worker_proc_reap(w, 0) == 0) {
      worker_proc_kill(w);
      (void)worker_proc_reap(w, -1);
    }
  }
  close_fd(&w->pidfd);
}

static const char *
signal_name(int sig, char *buf, size_t size)
{
  const char *abbrev = sigabbrev_np(sig);

  if (abbrev != NULL)
    snprintf(buf, size, "SIG%s", abbrev);
  else
    snprintf(buf, size, "signal %d", sig);
  return buf;
}

void
worker_proc_describe(const struct worker_proc *w, const struct worker_limits *lim, char *buf,
                     size_t size)
{
  char name[32];
  int sig;
  double cpu;

  if (!w->reaped) {
    snprintf(buf, size, "worker is still running");
    return;
  }
  if (WIFEXITED(w->wait_status)) {
    snprintf(buf, size, "worker exited with status %d without reporting the script's status",
             WEXITSTATUS(w->wait_status));
    return;
  }
  sig = WTERMSIG(w->wait_status);
  cpu = (double)w->usage.ru_utime.tv_sec + (double)w->usage.ru_stime.tv_sec +
        ((double)w->usage.ru_utime.tv_usec + (double)w->usage.ru_stime.tv_usec) / 1e6;
  if (sig == SIGSYS)
    snprintf(buf, size, "worker killed by signal SIGSYS (sandbox violation)");
  else if (sig == SIGXCPU ||
           (sig == SIGKILL && !w->killed && lim->cpu_seconds > 0 && cpu >= lim->cpu_seconds))
    snprintf(buf, size, "Python script exceeded its CPU time limit");
  else
    snprintf(buf, size, "worker killed by signal %s", signal_name(sig, name, sizeof name));
}
