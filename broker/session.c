/* broker/session.c -- serving one worker over its pipes (see
 * broker/session.h).  All waiting goes through poll() with the time left
 * before the deadline: no read or write here can block. */
#include <config.h> /* the build configuration, not broker/config.h */

#include "broker/session.h"

#include <ctype.h>
#include <errno.h>
#include <json-c/json.h>
#include <poll.h>
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

struct session {
  struct worker_proc *w;
  const struct session_config *cfg;
  struct session_result *res;
  long long deadline; /* CLOCK_MONOTONIC, ms */
  struct box_frame_decoder dec;
  uint32_t last_id;
  bool over;   /* the result is final */
  bool forced; /* a SESSION_SERVE_FINAL reply was sent */
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
  send_script(&s, script);
  while (!s.over) {
    enum wait_result r = wait_fd(&s, w->from_worker, POLLIN, s.deadline);

    if (r == WAIT_TIMEOUT)
      deadline_passed(&s);
    else if (r == WAIT_SIGNAL)
      signalled(&s);
    else
      read_frames(&s);
  }
  box_frame_decoder_free(&s.dec);
  worker_proc_finish(w);
}
