/* broker/session.c -- serving one worker over its pipes (see
 * broker/session.h).  All waiting goes through poll() with the time left
 * before the deadline: no read or write here can block.
 *
 * CPU co-location.  The worker and the broker run strictly in turn, but the
 * scheduler wakes each on whichever CPU is idle, so a decided operation
 * costs two cross-CPU wake-ups (an inter-processor interrupt, and an idle
 * exit on the other CPU: expensive on a paravirtualised VM; 36 us per
 * Path.exists() against 28 us with both on one CPU, bench/files.sh).  So
 * while the worker is chatty (requests less than CHATTY_US apart) the
 * broker measures PROBE_N request-to-request cycles as they are, then pins
 * both processes to the CPU the broker is on and measures again, and keeps
 * the pin only if it is at least 5% faster: for PIN_PERIOD_MS, checked
 * every PROBE_N cycles, then probed afresh.  A losing probe is abandoned
 * as soon as it cannot win, and pinning is then not tried again for a
 * pause that doubles with every loss (BACKOFF_MIN_MS .. BACKOFF_MAX_MS).
 * On a loaded machine pinning tends to lose (a pinned pair waits for its
 * one CPU where a free one takes the first CPU to come free), and the
 * probe finds that out at the cost of a few cycles.  The harm is bounded:
 * a pinned pair is unpinned (both get back the affinity the broker started
 * with; pinning never leaves it) as soon as the worker is quiet for
 * UNPIN_QUIET_MS or a cycle takes longer than CHATTY_US (both count as
 * losses), so a worker that computes can use any CPU again after at most
 * 2 ms, and after PIN_PERIOD_MS in any case, so that the load balancer can
 * move the pair before the next pin picks the CPU the broker is then on.
 * While chatty, the pair needs one CPU between them: pinning takes no
 * parallelism from them.  If affinity cannot be set (a container refusing
 * it) co-location stays off for the run.
 *
 * Spinning (polling the pipe without sleeping for a few microseconds) was
 * measured and rejected: the worker cannot spin (its filter allows no
 * poll and its pipe end is blocking), a spinning broker saves only one of
 * the two wake-ups, and on a loaded machine it made each operation slower
 * (spinning 10 us: 95 us median against 79 us) while burning CPU that
 * others need.  A blocking read() instead of poll()+read() would save one
 * system call per operation, but the broker must keep noticing its
 * deadline and SIGTERM/SIGINT/SIGHUP (the signalfd): it keeps poll().
 * Reading before polling saves nothing either: even on one CPU the reply's
 * write() does not hand the CPU to the worker, so the next request is
 * never there yet (strace: poll() blocks every time). */
#include <config.h> /* the build configuration, not broker/config/config.h */

#include "broker/session.h"

#include <ctype.h>
#include <errno.h>
#include <json-c/json.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/protocol.h"

/* How long a worker may take to exit once it has reported its status, or
 * once it has closed its pipe. */
#define EXIT_GRACE_MS 5000

/* CPU co-location (see the top of the file). */
#define CHATTY_US 1000     /* request to request, at most */
#define PROBE_N 32         /* cycles measured per probe */
#define PIN_PERIOD_MS 50   /* a winning pin is held this long, then probed again */
#define BACKOFF_MIN_MS 100  /* a losing pin is not tried again for this long, */
#define BACKOFF_MAX_MS 2000 /* doubling up to this */
#define UNPIN_QUIET_MS 2   /* a pinned worker quiet this long is unpinned */

enum co_phase { CO_PROBE_FREE, CO_PROBE_PINNED, CO_HOLD_PINNED, CO_HOLD_FREE };

struct colocation {
  bool on;                /* affinity can be changed */
  bool pinned;            /* both are on one CPU */
  enum co_phase phase;
  unsigned n;             /* cycles measured in this probe */
  long long sum;          /* their total, us */
  long long free_mean;    /* mean cycle unpinned, us */
  long long last_request; /* CLOCK_MONOTONIC us, 0 = none yet */
  long long until;        /* end of a hold, ms */
  unsigned backoff;       /* ms */
  cpu_set_t home;         /* the broker's affinity at the start (the worker's too) */
};

struct session {
  struct worker_proc *w;
  const struct session_config *cfg;
  struct session_result *res;
  long long deadline; /* CLOCK_MONOTONIC, ms */
  struct box_frame_decoder dec;
  uint32_t last_id;
  bool over;   /* the result is final */
  bool forced; /* a SESSION_SERVE_FINAL reply was sent */
  struct colocation co;
};

enum wait_result { WAIT_READY, WAIT_TIMEOUT, WAIT_SIGNAL };

static long long
now_ms(void)
{
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The run ends with the forced status once the worker has had its grace
 * period to report and exit. */
static void
finish_forced(struct session *s)
{
  s->res->status = s->cfg->final_status;
  s->res->message[0] = '\0';
  s->over = true;
  worker_proc_kill(s->w);
  worker_proc_finish(s->w);
}

/* Ends the session: kill (if still running), reap, record status 125 (or
 * the forced status after a final reply). */
__attribute__((format(printf, 2, 3))) static void
fail(struct session *s, const char *fmt, ...)
{
  va_list ap;

  if (s->over)
    return;
  if (s->forced) { /* whatever the worker did after the final reply */
    finish_forced(s);
    return;
  }
  va_start(ap, fmt);
  vsnprintf(s->res->message, sizeof s->res->message, fmt, ap);
  va_end(ap);
  s->res->status = BOX_STATUS_BOX_FAILED;
  s->over = true;
  worker_proc_kill(s->w);
  worker_proc_finish(s->w);
}

/* Worker-supplied text made safe for one line of stderr. */
static void
printable(const char *in, size_t max, char *out, size_t size)
{
  size_t i, n = 0;

  for (i = 0; in[i] != '\0' && i < max && n + 1 < size; i++)
    out[n++] = isprint((unsigned char)in[i]) ? in[i] : '?';
  out[n] = '\0';
}

static void
signalled(struct session *s)
{
  struct signalfd_siginfo si;
  const char *abbrev;
  ssize_t n = read(s->cfg->signal_fd, &si, sizeof si);

  abbrev = n == (ssize_t)sizeof si ? sigabbrev_np((int)si.ssi_signo) : NULL;
  fail(s, "interrupted by SIG%s; the worker was stopped", abbrev != NULL ? abbrev : "?");
}

/* Waits until fd is ready for events, the deadline passes, or a signal
 * arrives. */
static enum wait_result
wait_fd(struct session *s, int fd, short events, long long until)
{
  for (;;) {
    struct pollfd p[2] = {{.fd = fd, .events = events}, {.fd = s->cfg->signal_fd, .events = POLLIN}};
    long long left = until - now_ms();
    int r;

    if (left <= 0)
      return WAIT_TIMEOUT;
    r = poll(p, s->cfg->signal_fd >= 0 ? 2 : 1, left > 60000 ? 60000 : (int)left);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      return WAIT_TIMEOUT;
    if (s->cfg->signal_fd >= 0 && (p[1].revents & POLLIN))
      return WAIT_SIGNAL;
    if (p[0].revents != 0)
      return WAIT_READY;
  }
}

static long long
now_us(void)
{
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void
colocate_init(struct session *s)
{
  struct colocation *co = &s->co;

  co->on = sched_getaffinity(0, sizeof co->home, &co->home) == 0 && CPU_COUNT(&co->home) > 1;
  co->backoff = BACKOFF_MIN_MS;
}

static bool
worker_alive(const struct session *s)
{
  return !s->over && s->w->pid > 0 && !s->w->reaped;
}

/* Both back to the starting affinity; the next chatty stretch is probed
 * afresh. */
static void
colocate_release(struct session *s)
{
  struct colocation *co = &s->co;

  co->phase = CO_PROBE_FREE;
  co->n = 0;
  co->sum = 0;
  if (!co->pinned)
    return;
  co->pinned = false;
  if (worker_alive(s))
    (void)sched_setaffinity(s->w->pid, sizeof co->home, &co->home);
  (void)sched_setaffinity(0, sizeof co->home, &co->home);
}

/* Both onto the CPU the broker runs on; false if that cannot be done. */
static bool
colocate_pin(struct session *s)
{
  struct colocation *co = &s->co;
  cpu_set_t one;
  int cpu = sched_getcpu();

  if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &co->home) || !worker_alive(s))
    return false;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (sched_setaffinity(s->w->pid, sizeof one, &one) != 0) {
    co->on = false;
    return false;
  }
  if (sched_setaffinity(0, sizeof one, &one) != 0) {
    (void)sched_setaffinity(s->w->pid, sizeof co->home, &co->home);
    co->on = false;
    return false;
  }
  co->pinned = true;
  return true;
}

/* The pinned probe was not faster: unpin, and probe again only after a
 * growing pause. */
static void
colocate_lost(struct session *s)
{
  struct colocation *co = &s->co;

  colocate_release(s);
  co->phase = CO_HOLD_FREE;
  co->until = now_ms() + co->backoff;
  co->backoff = co->backoff * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : co->backoff * 2;
}

/* A request arrived: measure the cycle (request to request) unpinned, then
 * pinned, and hold whichever is faster for a while.  Pinning only pays
 * when the CPUs are otherwise idle: on a loaded machine a pinned pair waits
 * for one CPU where a free pair takes the first CPU to come free. */
static void
colocate_request(struct session *s)
{
  struct colocation *co = &s->co;
  long long t = now_us(), cycle = co->last_request != 0 ? t - co->last_request : -1;

  co->last_request = t;
  if (!co->on)
    return;
  if (cycle < 0 || cycle > CHATTY_US) { /* not chatty, or preempted */
    if (co->pinned)
      colocate_lost(s); /* a pinned pair that waits long counts as a loss */
    else if (co->phase != CO_HOLD_FREE)
      colocate_release(s);
    return;
  }
  switch (co->phase) {
  case CO_PROBE_FREE:
    co->sum += cycle;
    if (++co->n < PROBE_N)
      break;
    co->free_mean = co->sum / co->n;
    co->n = 0;
    co->sum = 0;
    if (colocate_pin(s))
      co->phase = CO_PROBE_PINNED;
    break;
  case CO_PROBE_PINNED:
    if (co->n++ == 0)
      break; /* the first cycle paid for the move */
    co->sum += cycle;
    /* Give up as soon as pinning cannot win, or is clearly losing: on a
     * loaded machine a probe then costs a few cycles, not PROBE_N. */
    if (co->sum * 20 >= co->free_mean * PROBE_N * 19 ||
        (co->n > 4 && co->sum * 2 > co->free_mean * (co->n - 1) * 3)) {
      colocate_lost(s);
      break;
    }
    if (co->n <= PROBE_N)
      break;
    /* PROBE_N pinned cycles took less than 95% of as many free ones: won */
    co->phase = CO_HOLD_PINNED;
    co->until = now_ms() + PIN_PERIOD_MS;
    co->backoff = BACKOFF_MIN_MS;
    co->n = 0;
    co->sum = 0;
    break;
  case CO_HOLD_PINNED:
    /* Still winning?  Load that arrives while pinned shows here. */
    co->sum += cycle;
    if (++co->n == PROBE_N) {
      if (co->sum * 4 > co->free_mean * PROBE_N * 5) {
        colocate_lost(s);
        break;
      }
      co->n = 0;
      co->sum = 0;
    }
    if (now_ms() >= co->until)
      colocate_release(s);
    break;
  case CO_HOLD_FREE:
    if (now_ms() >= co->until) {
      co->phase = CO_PROBE_FREE;
      co->n = 0;
      co->sum = 0;
    }
    break;
  }
}

static void
deadline_passed(struct session *s)
{
  fail(s, "Python script exceeded its deadline");
}

/* The worker ended (its pipe closed, or a write to it failed): reap it and
 * say why it ended before reporting a status. */
static void
worker_ended(struct session *s)
{
  char why[256];
  bool partial = !box_frame_decoder_idle(&s->dec);

  if (worker_proc_reap(s->w, EXIT_GRACE_MS) == 0) {
    fail(s, "worker protocol violation: the worker closed its pipe but did not exit");
    return;
  }
  if (partial && WIFEXITED(s->w->wait_status)) {
    fail(s, "worker protocol violation: truncated frame (the worker exited in the middle of "
            "a frame)");
    return;
  }
  worker_proc_describe(s->w, &s->cfg->limits, why, sizeof why);
  fail(s, "%s", why);
}

/* Writes a whole frame to the worker within the deadline. */
static void
send_frame(struct session *s, const uint8_t *buf, size_t len)
{
  size_t off = 0;

  while (off < len && !s->over) {
    ssize_t n = write(s->w->to_worker, buf + off, len - off);

    if (n > 0) {
      off += (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN) {
      enum wait_result r = wait_fd(s, s->w->to_worker, POLLOUT, s->deadline);
      if (r == WAIT_TIMEOUT)
        deadline_passed(s);
      else if (r == WAIT_SIGNAL)
        signalled(s);
      continue;
    }
    if (n < 0 && errno == EPIPE) {
      worker_ended(s);
      return;
    }
    fail(s, "cannot write to the worker: %s", n < 0 ? strerror(errno) : "no progress");
  }
}

static void
send_json(struct session *s, unsigned kind, uint32_t id, json_object *json, const void *bin,
          size_t bin_len)
{
  uint8_t *buf;
  size_t len;
  char err[200];

  if (box_frame_encode(kind, id, json, bin, bin_len, &buf, &len, err, sizeof err) != 0) {
    fail(s, "cannot encode a %s frame: %s", box_frame_kind_name(kind), err);
    return;
  }
  send_frame(s, buf, len);
  free(buf);
}

static void
send_script(struct session *s, const struct session_script *script)
{
  json_object *o = json_object_new_object();

  if (o == NULL) {
    fail(s, "out of memory");
    return;
  }
  json_object_object_add(o, "filename", json_object_new_string(script->filename));
  json_object_object_add(o, "argv0", json_object_new_string(script->argv0));
  json_object_object_add(o, "cwd", json_object_new_string(script->cwd));
  if (script->home != NULL)
    json_object_object_add(o, "home", json_object_new_string(script->home));
  send_json(s, BOX_FRAME_SCRIPT, 0, o, script->source, script->len);
  json_object_put(o);
}

__attribute__((format(printf, 2, 3))) static void
violation(struct session *s, const char *fmt, ...)
{
  char what[400];
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  fail(s, "worker protocol violation: %s", what);
}

static const struct session_op *
find_op(const struct session_config *cfg, const char *name)
{
  size_t i;

  for (i = 0; i < cfg->n_ops; i++)
    if (strcmp(cfg->ops[i].name, name) == 0)
      return &cfg->ops[i];
  return NULL;
}

static void
dispatch_request(struct session *s, const struct box_frame *f)
{
  json_object *reply = NULL;
  void *bin = NULL;
  size_t bin_len = 0;
  char err[300] = "", shown[300];
  int r = s->cfg->dispatch(s->cfg->ops_ctx, f->json, f->bin, f->bin_len, &reply, &bin,
                           &bin_len, err, sizeof err);

  if (r == SESSION_SERVE_VIOLATION || reply == NULL) {
    if (reply != NULL)
      json_object_put(reply);
    free(bin);
    /* The dispatcher's message may quote worker-supplied text. */
    printable(err[0] != '\0' ? err : "request refused", sizeof err, shown, sizeof shown);
    violation(s, "%s", shown);
    return;
  }
  if (!json_object_object_get_ex(reply, "ok", NULL))
    json_object_object_add(reply, "ok", json_object_new_boolean(1));
  send_json(s, BOX_FRAME_RESPONSE, f->id, reply, bin, bin_len);
  json_object_put(reply);
  free(bin);
  if (r == SESSION_SERVE_FINAL && !s->over) {
    s->forced = true;
    if (s->deadline > now_ms() + EXIT_GRACE_MS)
      s->deadline = now_ms() + EXIT_GRACE_MS;
  }
}

static void
handle_request(struct session *s, const struct box_frame *f)
{
  json_object *op, *reply;
  const struct session_op *served;
  uint8_t *bin = NULL;
  size_t bin_len = 0;
  char err[300] = "", shown[80];

  if (s->last_id == UINT32_MAX || f->id != s->last_id + 1) {
    violation(s, "request id %u out of sequence (expected %u)", f->id, s->last_id + 1);
    return;
  }
  s->last_id = f->id;
  colocate_request(s);
  if (!json_object_object_get_ex(f->json, "op", &op) ||
      !json_object_is_type(op, json_type_string)) {
    violation(s, "REQUEST %u has no string \"op\"", f->id);
    return;
  }
  if (s->cfg->dispatch != NULL) {
    dispatch_request(s, f);
    return;
  }
  served = find_op(s->cfg, json_object_get_string(op));
  if (served == NULL) {
    printable(json_object_get_string(op), 64, shown, sizeof shown);
    violation(s, "unknown op \"%s\"", shown);
    return;
  }
  reply = json_object_new_object();
  if (reply == NULL) {
    fail(s, "out of memory");
    return;
  }
  if (served->serve(s->cfg->ops_ctx, f, reply, &bin, &bin_len, err, sizeof err) != 0) {
    json_object_put(reply);
    free(bin);
    violation(s, "%s", err);
    return;
  }
  if (!json_object_object_get_ex(reply, "ok", NULL))
    json_object_object_add(reply, "ok", json_object_new_boolean(1));
  send_json(s, BOX_FRAME_RESPONSE, f->id, reply, bin, bin_len);
  json_object_put(reply);
  free(bin);
}

/* The worker reported its status: it must now close its pipe and exit with
 * that status, sending nothing more. */
static void
handle_exit(struct session *s, const struct box_frame *f, size_t unread)
{
  json_object *st;
  int64_t status;
  long long until = now_ms() + EXIT_GRACE_MS;
  uint8_t byte;

  if (f->id != 0 || f->bin_len != 0 || json_object_object_length(f->json) != 1 ||
      !json_object_object_get_ex(f->json, "status", &st) ||
      !json_object_is_type(st, json_type_int)) {
    violation(s, "EXIT frame is not {\"status\": integer} with id 0 and no binary part");
    return;
  }
  status = json_object_get_int64(st);
  if (status < 0 || status > 255) {
    violation(s, "EXIT status %lld is outside 0..255", (long long)status);
    return;
  }
  if (unread > 0) {
    violation(s, "data after the EXIT frame");
    return;
  }
  if (until > s->deadline)
    until = s->deadline;
  for (;;) {
    enum wait_result r = wait_fd(s, s->w->from_worker, POLLIN, until);
    ssize_t n;

    if (r == WAIT_SIGNAL) {
      signalled(s);
      return;
    }
    if (r == WAIT_TIMEOUT) {
      if (until == s->deadline)
        deadline_passed(s);
      else
        violation(s, "the worker did not exit after its EXIT frame");
      return;
    }
    n = read(s->w->from_worker, &byte, 1);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (n > 0) {
      violation(s, "data after the EXIT frame");
      return;
    }
    break; /* end of file */
  }
  if (worker_proc_reap(s->w, (int)(until - now_ms() > 0 ? until - now_ms() : 0)) == 0) {
    violation(s, "the worker did not exit after its EXIT frame");
    return;
  }
  if (WIFSIGNALED(s->w->wait_status)) {
    worker_ended(s); /* reaped: describes the signal */
    return;
  }
  if (WEXITSTATUS(s->w->wait_status) != status) {
    violation(s, "worker exited with status %d after reporting status %d",
              WEXITSTATUS(s->w->wait_status), (int)status);
    return;
  }
  s->res->status = s->forced ? s->cfg->final_status : (int)status;
  s->res->message[0] = '\0';
  s->over = true;
  worker_proc_finish(s->w);
}

static void
handle_frame(struct session *s, const struct box_frame *f, size_t unread)
{
  if (s->forced && f->kind != BOX_FRAME_EXIT) {
    finish_forced(s); /* after a final reply only EXIT is expected */
    return;
  }
  switch (f->kind) {
  case BOX_FRAME_REQUEST:
    handle_request(s, f);
    break;
  case BOX_FRAME_EXIT:
    handle_exit(s, f, unread);
    break;
  default:
    violation(s, "unexpected %s frame from the worker", box_frame_kind_name(f->kind));
    break;
  }
}

/* Reads what the worker sent and handles every complete frame. */
static void
read_frames(struct session *s)
{
  uint8_t buf[65536];
  ssize_t n = read(s->w->from_worker, buf, sizeof buf);
  size_t off = 0;

  if (n < 0) {
    if (errno != EINTR && errno != EAGAIN)
      fail(s, "cannot read from the worker: %s", strerror(errno));
    return;
  }
  if (n == 0) {
    worker_ended(s);
    return;
  }
  while (off < (size_t)n && !s->over) {
    struct box_frame f = {0};
    size_t used = 0;
    int r = box_frame_decoder_feed(&s->dec, buf + off, (size_t)n - off, &used, &f);

    off += used;
    if (r == BOX_FRAME_ERROR) {
      violation(s, "%s", box_frame_decoder_error(&s->dec));
      return;
    }
    if (r == BOX_FRAME_READY) {
      handle_frame(s, &f, (size_t)n - off);
      box_frame_clear(&f);
    }
  }
}

void
session_run(struct worker_proc *w, const struct session_script *script,
            const struct session_config *cfg, struct session_result *res)
{
  struct session s = {.w = w, .cfg = cfg, .res = res};

  memset(res, 0, sizeof *res);
  s.deadline = now_ms() + cfg->deadline_ms;
  box_frame_decoder_init(&s.dec);
  colocate_init(&s);
  send_script(&s, script);
  while (!s.over) {
    long long until = s.deadline;
    enum wait_result r;

    if (s.co.pinned && now_ms() + UNPIN_QUIET_MS < until)
      until = now_ms() + UNPIN_QUIET_MS;
    r = wait_fd(&s, w->from_worker, POLLIN, until);
    if (r == WAIT_TIMEOUT && until != s.deadline)
      colocate_lost(&s); /* the worker is quiet: computing, sleeping or preempted */
    else if (r == WAIT_TIMEOUT)
      deadline_passed(&s);
    else if (r == WAIT_SIGNAL)
      signalled(&s);
    else
      read_frames(&s);
  }
  box_frame_decoder_free(&s.dec);
  colocate_release(&s);
  worker_proc_finish(w);
}
