/* worker/host/host.c -- the worker's side of the pipe to the broker (see
 * worker/host/host.h). */
#include "config.h"

#include "worker/host/host.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fdio.h"
#include "common/protocol.h"

void
host_exit(int status)
{
  _exit(status);
}

void
host_fatal(const char *fmt, ...)
{
  char msg[512];
  int n;
  va_list ap;

  n = snprintf(msg, sizeof msg, "box-worker: ");
  va_start(ap, fmt);
  vsnprintf(msg + n, sizeof msg - (size_t)n - 1, fmt, ap);
  va_end(ap);
  n = (int)strlen(msg);
  msg[n++] = '\n';
  (void)box_write_all(2, msg, (size_t)n);
  host_exit(BOX_STATUS_BOX_FAILED);
}

int
host_write_out(int fd, const void *buf, size_t len)
{
  return box_write_all(fd, buf, len);
}

void
host_init(struct box_host *h, int fd_in, int fd_out)
{
  /* Everything but the read buffer, whose bytes count only up to buf_len:
   * clearing its 16 KiB would make four pages of main()'s stack resident
   * in every run, for a SCRIPT frame that is usually a few hundred bytes. */
  h->fd_in = fd_in;
  h->fd_out = fd_out;
  h->last_id = 0;
  h->buf_off = h->buf_len = 0;
  box_frame_decoder_init(&h->decoder);
}

void
host_free(struct box_host *h)
{
  box_frame_decoder_free(&h->decoder);
}

/* Reads until one whole frame is decoded. */
static void
read_frame(struct box_host *h, struct box_frame *out)
{
  memset(out, 0, sizeof *out);
  for (;;) {
    size_t used = 0;
    int r;

    if (h->buf_off == h->buf_len) {
      ssize_t n = read(h->fd_in, h->buf, sizeof h->buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        host_fatal("reading from the broker: %s", strerror(errno));
      if (n == 0)
        host_fatal("the broker closed the pipe%s",
                   box_frame_decoder_idle(&h->decoder) ? "" : " in the middle of a frame");
      h->buf_off = 0;
      h->buf_len = (size_t)n;
    }
    r = box_frame_decoder_feed(&h->decoder, h->buf + h->buf_off, h->buf_len - h->buf_off,
                               &used, out);
    h->buf_off += used;
    if (r == BOX_FRAME_ERROR)
      host_fatal("bad frame from the broker: %s", box_frame_decoder_error(&h->decoder));
    if (r == BOX_FRAME_READY)
      return;
  }
}

static void
send_frame(struct box_host *h, unsigned kind, uint32_t id, json_object *json, const void *bin,
           size_t bin_len)
{
  uint8_t *buf;
  size_t len;
  char err[200];

  if (box_frame_encode(kind, id, json, bin, bin_len, &buf, &len, err, sizeof err) != 0)
    host_fatal("cannot encode a %s frame: %s", box_frame_kind_name(kind), err);
  if (box_write_all(h->fd_out, buf, len) != 0) {
    int e = errno;
    free(buf);
    host_fatal("writing to the broker: %s", strerror(e));
  }
  free(buf);
}

/* A string member of the SCRIPT frame, or fatal. */
static const char *
script_string(const struct box_frame *f, const char *key)
{
  json_object *v;

  if (!json_object_object_get_ex(f->json, key, &v) || !json_object_is_type(v, json_type_string))
    host_fatal("SCRIPT frame lacks the string \"%s\"", key);
  return json_object_get_string(v);
}

void
host_receive_script(struct box_host *h, struct host_script *script)
{
  memset(script, 0, sizeof *script);
  read_frame(h, &script->frame);
  if (script->frame.kind != BOX_FRAME_SCRIPT)
    host_fatal("expected a SCRIPT frame, got %s", box_frame_kind_name(script->frame.kind));
  script->filename = script_string(&script->frame, "filename");
  script->argv0 = script_string(&script->frame, "argv0");
  script->cwd = script_string(&script->frame, "cwd");
  {
    json_object *v;
    if (json_object_object_get_ex(script->frame.json, "home", &v)) {
      if (!json_object_is_type(v, json_type_string))
        host_fatal("SCRIPT frame's \"home\" is not a string");
      script->home = json_object_get_string(v);
    }
  }
  script->source_copy = malloc(script->frame.bin_len + 1);
  if (script->source_copy == NULL)
    host_fatal("out of memory for the script source");
  if (script->frame.bin_len > 0)
    memcpy(script->source_copy, script->frame.bin, script->frame.bin_len);
  script->source_copy[script->frame.bin_len] = '\0';
  script->source = script->source_copy;
  script->len = script->frame.bin_len;
}

void
host_script_free(struct host_script *script)
{
  box_frame_clear(&script->frame);
  free(script->source_copy);
  memset(script, 0, sizeof *script);
}

void
host_call(struct box_host *h, json_object *request, const void *bin, size_t bin_len,
          struct box_frame *response)
{
  json_object *ok;

  if (h->last_id == UINT32_MAX)
    host_fatal("request ids exhausted");
  h->last_id++;
  send_frame(h, BOX_FRAME_REQUEST, h->last_id, request, bin, bin_len);
  read_frame(h, response);
  if (response->kind != BOX_FRAME_RESPONSE)
    host_fatal("expected a RESPONSE frame, got %s", box_frame_kind_name(response->kind));
  if (response->id != h->last_id)
    host_fatal("response id %u does not match request id %u", response->id, h->last_id);
  if (!json_object_object_get_ex(response->json, "ok", &ok) ||
      !json_object_is_type(ok, json_type_boolean))
    host_fatal("RESPONSE frame lacks the boolean \"ok\"");
}

void
host_send_exit(struct box_host *h, int status)
{
  json_object *o = json_object_new_object();

  if (o == NULL || json_object_object_add(o, "status", json_object_new_int(status & 0xff)) != 0)
    host_fatal("out of memory for the EXIT frame");
  send_frame(h, BOX_FRAME_EXIT, 0, o, NULL, 0);
  json_object_put(o);
}
