/* broker/worker_proc.h -- starting, watching and reaping the worker process.
 *
 * worker_proc_start() clones a child that shares the broker's memory until it
 * execs (vfork-style: no page tables copied, the broker blocks only until
 * the exec is under way; a plain fork in the sanitizer build); the child
 * resets its signals, becomes a session
 * leader, asks to be SIGKILLed when the broker dies, puts the pipes on the
 * fixed descriptors of common/protocol.h, closes every other fd, sets its
 * rlimits and execs box-worker with an empty environment.  The worker
 * itself then turns off dumpability and enters the seccomp sandbox before
 * it reads anything.  Every path through the broker ends in worker_proc_finish(),
 * which kills the worker if it still runs and reaps it. */
#ifndef BOX_BROKER_WORKER_PROC_H
#define BOX_BROKER_WORKER_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

/* Wall-clock deadline of one script (strands-box.md 2.6: the 305 s alias wrap). */
#define BOX_DEFAULT_DEADLINE_SECONDS 305u
/* CPU seconds of one worker: SIGXCPU at the soft limit, SIGKILL one second later. */
#define BOX_WORKER_CPU_SECONDS 120u
/* Address space of one worker: 1 GiB for the script plus room for the
 * program, its libraries and the interpreter's own tables. */
#define BOX_WORKER_ADDRESS_SPACE (1280ull * 1024 * 1024)
/* Descriptors: the worker holds 0..4; the dynamic loader (and the sanitizer
 * runtime) briefly need a few more before the filter forbids open. */
#define BOX_WORKER_NOFILE 16u

struct worker_limits {
  unsigned cpu_seconds;          /* 0: no CPU limit */
  unsigned long long addr_space; /* bytes; 0: no address-space limit */
  unsigned nofile;
};

/* The limits for this build (no address-space limit under ASan). */
void worker_limits_default(struct worker_limits *lim);

struct worker_proc {
  pid_t pid;        /* -1 when no worker */
  int pidfd;        /* -1 when pidfd_open is unavailable */
  int to_worker;    /* broker's write end (non-blocking) */
  int from_worker;  /* broker's read end (non-blocking) */
  int setup_fd;     /* the child's set-up report, until worker_proc_started() */
  bool reaped;
  bool killed;      /* the broker sent SIGKILL */
  int wait_status;  /* from wait4, once reaped */
  struct rusage usage;
};

/* Finds box-worker: next to the running broker (/proc/self/exe), else in
 * BOX_LIBEXECDIR.  Never from the environment or the command line. */
int worker_proc_locate(char *path, size_t size, char *err, size_t errlen);
/* The same search for any of box's own programs ("box-alias"). */
int box_locate_program(const char *name, char *path, size_t size, char *err, size_t errlen);

/* Starts the worker and returns at once: the exec and the worker's own
 * start-up then overlap whatever the broker does next.  0, or -1 with err
 * (nothing left running). */
int worker_proc_start(struct worker_proc *w, const char *path, const struct worker_limits *lim,
                      char *err, size_t errlen);
/* Waits for the started child's set-up report (end-of-file once box-worker
 * is exec'd).  0; or -1 with err, the child reaped.  Call before sending the
 * worker anything; later calls return 0 at once. */
int worker_proc_started(struct worker_proc *w, const char *path, char *err, size_t errlen);
/* worker_proc_start() then worker_proc_started(). */
int worker_proc_spawn(struct worker_proc *w, const char *path, const struct worker_limits *lim,
                      char *err, size_t errlen);

/* SIGKILL unless already reaped. */
void worker_proc_kill(struct worker_proc *w);

/* Waits up to timeout_ms (-1: forever) for the worker to end and reaps it.
 * 1 reaped, 0 still running. */
int worker_proc_reap(struct worker_proc *w, int timeout_ms);

/* Closes the pipes, kills the worker if it still runs, reaps it.  Safe to
 * call more than once. */
void worker_proc_finish(struct worker_proc *w);

/* Why a reaped worker ended, for the broker's message:
 * "worker killed by signal SIGSYS (sandbox violation)", ... */
void worker_proc_describe(const struct worker_proc *w, const struct worker_limits *lim,
                          char *buf, size_t size);

#endif
