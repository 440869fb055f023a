/* broker/session.h -- serving one worker: send it the script, answer its
 * requests, collect its exit status, and enforce the deadline.
 *
 * Every frame from the worker is hostile input.  A frame the decoder refuses,
 * a frame of the wrong kind for the state, a request id out of sequence, an
 * unknown op or a field of the wrong type ends the session: the worker is
 * SIGKILLed and reaped, and the result is status 125 with the message
 * "worker protocol violation: <what>".  session_run() always returns with the
 * worker reaped and its pipes closed. */
#ifndef BOX_BROKER_SESSION_H
#define BOX_BROKER_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "broker/worker_proc.h"
#include "common/frame.h"

struct json_object;

/* One request the broker serves.  serve() fills *reply with a JSON object
 * (the session adds "ok": true unless serve set "ok" itself) and may return
 * payload bytes in *bin (malloc'ed, the session frees them).  It returns 0,
 * or -1 with err when the request itself breaks the protocol (bad fields). */
struct session_op {
  const char *name; /* the request's "op" */
  int (*serve)(void *ctx, const struct box_frame *request, struct json_object *reply,
               uint8_t **bin, size_t *bin_len, char *err, size_t errlen);
};

/* Alternatively one function serves every REQUEST (the ops table is then
 * unused), e.g. a wrapper around effects_dispatch().  request and bin are the
 * frame's; on SESSION_SERVE_OK or SESSION_SERVE_FINAL *reply is a new JSON
 * object and *reply_bin (malloc'ed or NULL) the reply bytes, both freed by
 * the session.  SESSION_SERVE_FINAL: the reply is sent, and the run then
 * ends with status final_status whatever the worker does next (it gets
 * EXIT_GRACE to report and exit, then it is killed).  SESSION_SERVE_VIOLATION:
 * err says why; the worker is killed, status 125. */
enum { SESSION_SERVE_VIOLATION = -1, SESSION_SERVE_OK = 0, SESSION_SERVE_FINAL = 1 };
typedef int (*session_dispatch_fn)(void *ctx, struct json_object *request, const void *bin,
                                   size_t bin_len, struct json_object **reply, void **reply_bin,
                                   size_t *reply_bin_len, char *err, size_t errlen);

struct session_script {
  const char *source; /* valid UTF-8, at most BOX_MAX_SCRIPT_BYTES */
  size_t len;
  const char *filename; /* "<string>" or the script path */
  const char *argv0;    /* "-c" or the script path */
  const char *cwd;      /* the workspace */
  const char *home;     /* the agent's HOME (Path.home(), "~"), or NULL */
};

struct session_config {
  unsigned deadline_ms;          /* wall clock, from the start of the session */
  const struct session_op *ops;  /* the requests served; may be NULL */
  size_t n_ops;
  void *ops_ctx;                 /* passed to the ops and to dispatch */
  session_dispatch_fn dispatch;  /* when set, serves every request instead */
  int final_status;              /* the status after SESSION_SERVE_FINAL */
  int signal_fd;                 /* signalfd of SIGTERM/SIGINT/SIGHUP, or -1 */
  struct worker_limits limits;   /* what the worker was started with */
};

struct session_result {
  int status;        /* 0..255: the script's; 125 when the box failed */
  char message[512]; /* why the box failed ("" otherwise) */
};

void session_run(struct worker_proc *w, const struct session_script *script,
                 const struct session_config *cfg, struct session_result *res);

#endif
