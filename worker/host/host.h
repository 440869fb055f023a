/* worker/host/host.h -- the worker's side of the pipe to the broker.
 *
 * The worker receives exactly one SCRIPT frame, then may make requests (one at
 * a time: host_call() sends a REQUEST and waits for its RESPONSE), and ends
 * with one EXIT frame.  The broker is trusted, but a frame that breaks the
 * protocol still ends the worker: host_fatal() prints "box-worker: <why>" on
 * stderr and exits 125.  Only read(BOX_WORKER_FD_IN), write(BOX_WORKER_FD_OUT)
 * and write(1 or 2) are used, which is what the seccomp filter allows. */
#ifndef BOX_WORKER_HOST_H
#define BOX_WORKER_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "common/frame.h"

struct json_object;

struct box_host {
  int fd_in;        /* broker -> worker */
  int fd_out;       /* worker -> broker */
  uint32_t last_id; /* id of the last request sent */
  struct box_frame_decoder decoder;
  size_t buf_off, buf_len;
  uint8_t buf[16384]; /* bytes read but not yet decoded: [buf_off, buf_len); last, so
                       * that its pages past the first are touched only by big frames */
};

/* The SCRIPT frame's contents.  Pointers stay valid until host_script_free. */
struct host_script {
  const char *source; /* NUL-terminated copy; len excludes the NUL */
  size_t len;
  const char *filename; /* "<string>" or the script path */
  const char *argv0;    /* "-c" or the script path */
  const char *cwd;      /* the workspace: os.getcwd() */
  const char *home;     /* "~" for os.path.expanduser / Path.home(), or NULL */
  struct box_frame frame;
  char *source_copy;
};

void host_init(struct box_host *h, int fd_in, int fd_out);
void host_free(struct box_host *h);

/* Waits for the SCRIPT frame.  Any protocol error is fatal. */
void host_receive_script(struct box_host *h, struct host_script *script);
void host_script_free(struct host_script *script);

/* Sends request (a JSON object with "op"; the caller keeps it) plus bin as a
 * REQUEST and waits for the RESPONSE with the same id, stored in *response
 * (the caller box_frame_clear()s it).  The response's JSON
 * always has a boolean "ok".  Any protocol error is fatal. */
void host_call(struct box_host *h, struct json_object *request, const void *bin, size_t bin_len,
               struct box_frame *response);

/* Sends the EXIT frame with the script's status (0..255). */
void host_send_exit(struct box_host *h, int status);

/* Writes all of buf to fd (1 or 2 for the script's output), retrying on EINTR
 * and short writes.  0, or -1 with errno (e.g. EPIPE). */
int host_write_out(int fd, const void *buf, size_t len);

/* Ends the worker process at once with status: _exit, so no atexit handler
 * runs and no stdio buffer is flushed (the filter allows exit_group). */
_Noreturn void host_exit(int status);

/* "box-worker: <message>" on stderr, then host_exit(125). */
_Noreturn void host_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
