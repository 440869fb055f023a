/* tests/process/evil_worker.c -- a hostile worker for the protocol tests.
 *
 * Run by tests/process/box-broker-test --worker-path in place of box-worker.
 * It reads the SCRIPT frame like the real worker, takes the script source as
 * the name of a misbehaviour, and commits it on fd 4.  The broker must end
 * every misbehaviour with status 125 and a clear message, and reap it.
 * ("ok" and "ok-3" are controls that behave well.)  It installs no sandbox:
 * it tests the broker, not the filter. */
#include "config.h"

#include <json-c/json.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "common/fdio.h"
#include "common/frame.h"
#include "common/protocol.h"

#define OUT BOX_WORKER_FD_OUT

static void
put(const void *buf, size_t len)
{
  if (box_write_all(OUT, buf, len) != 0)
    _exit(3);
}

/* A frame with raw JSON text (not checked) and bin_len bytes of 'B'. */
static void
raw(unsigned kind, uint32_t id, const char *json, size_t bin_len)
{
  uint8_t h[BOX_FRAME_HEADER_SIZE];
  size_t len = strlen(json);

  box_frame_pack_header(h, kind, id, (uint32_t)len, (uint32_t)bin_len);
  put(h, sizeof h);
  put(json, len);
  if (bin_len > 0) {
    char *b = malloc(bin_len);
    if (b == NULL)
      _exit(3);
    memset(b, 'B', bin_len);
    put(b, bin_len);
    free(b);
  }
}

static void
header_only(uint8_t magic, unsigned kind, uint8_t reserved, uint32_t json_len, uint32_t bin_len)
{
  uint8_t h[BOX_FRAME_HEADER_SIZE];

  box_frame_pack_header(h, kind, 1, json_len, bin_len);
  h[0] = magic;
  h[3] = reserved;
  put(h, sizeof h);
}

static _Noreturn void
hang(void)
{
  for (;;)
    pause();
}

static void
read_script(char *name, size_t size)
{
  struct box_frame_decoder d;
  struct box_frame f = {0};
  uint8_t buf[4096];

  box_frame_decoder_init(&d);
  for (;;) {
    ssize_t n = read(BOX_WORKER_FD_IN, buf, sizeof buf);
    size_t used;
    if (n <= 0)
      _exit(4);
    if (box_frame_decoder_feed(&d, buf, (size_t)n, &used, &f) == BOX_FRAME_READY)
      break;
  }
  if (f.kind != BOX_FRAME_SCRIPT || f.bin_len >= size)
    _exit(5);
  memcpy(name, f.bin, f.bin_len);
  name[f.bin_len] = '\0';
  name[strcspn(name, "\n")] = '\0';
  box_frame_clear(&f);
  box_frame_decoder_free(&d);
}

int
main(void)
{
  char what[256];

  read_script(what, sizeof what);
  if (strcmp(what, "ok") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":0}", 0);
    _exit(0);
  } else if (strcmp(what, "ok-3") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":3}", 0);
    _exit(3);
  } else if (strcmp(what, "bad-magic") == 0) {
    header_only(0x00, BOX_FRAME_REQUEST, 0, 2, 0);
  } else if (strcmp(what, "bad-version") == 0) {
    header_only(0xB2, BOX_FRAME_REQUEST, 0, 2, 0);
  } else if (strcmp(what, "unknown-kind") == 0) {
    header_only(BOX_FRAME_MAGIC, 9, 0, 2, 0);
  } else if (strcmp(what, "reserved") == 0) {
    header_only(BOX_FRAME_MAGIC, BOX_FRAME_REQUEST, 1, 2, 0);
  } else if (strcmp(what, "oversize-json") == 0) {
    header_only(BOX_FRAME_MAGIC, BOX_FRAME_REQUEST, 0, BOX_FRAME_MAX_JSON + 1, 0);
  } else if (strcmp(what, "oversize-binary") == 0) {
    header_only(BOX_FRAME_MAGIC, BOX_FRAME_REQUEST, 0, 2, 0xffffffffu);
  } else if (strcmp(what, "short-json") == 0) {
    header_only(BOX_FRAME_MAGIC, BOX_FRAME_REQUEST, 0, 1, 0);
  } else if (strcmp(what, "invalid-json") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "{\"op\":}", 0);
  } else if (strcmp(what, "not-object") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "[\"op\"]", 0);
  } else if (strcmp(what, "trailing-json") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "{\"op\":\"x\"}x", 0);
  } else if (strcmp(what, "invalid-utf8") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "{\"op\":\"\xc0\xaf\"}", 0);
  } else if (strcmp(what, "deep-json") == 0) {
    char text[1024] = "";
    int i;
    for (i = 0; i < 100; i++)
      strcat(text, "{\"a\":");
    strcat(text, "1");
    for (i = 0; i < 100; i++)
      strcat(text, "}");
    raw(BOX_FRAME_REQUEST, 1, text, 0);
  } else if (strcmp(what, "truncated-header") == 0) {
    put("\xb1\x02\x00", 3);
    _exit(0);
  } else if (strcmp(what, "truncated-body") == 0) {
    header_only(BOX_FRAME_MAGIC, BOX_FRAME_REQUEST, 0, 100, 0);
    put("{\"op\":", 6);
    _exit(0);
  } else if (strcmp(what, "stalled-header") == 0) {
    put("\xb1\x02", 2);
  } else if (strcmp(what, "silent") == 0) {
    /* says nothing at all */
  } else if (strcmp(what, "wrong-kind-script") == 0) {
    raw(BOX_FRAME_SCRIPT, 0, "{\"filename\":\"x\"}", 0);
  } else if (strcmp(what, "wrong-kind-response") == 0) {
    raw(BOX_FRAME_RESPONSE, 1, "{\"ok\":true}", 0);
  } else if (strcmp(what, "unknown-op") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "{\"op\":\"open\",\"path\":\"/etc/shadow\"}", 0);
  } else if (strcmp(what, "unprintable-op") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "{\"op\":\"\\u001b[2Jx\"}", 0);
  } else if (strcmp(what, "missing-op") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "{}", 0);
  } else if (strcmp(what, "op-not-string") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "{\"op\":5}", 0);
  } else if (strcmp(what, "bad-request-id") == 0) {
    raw(BOX_FRAME_REQUEST, 7, "{\"op\":\"x\"}", 0);
  } else if (strcmp(what, "zero-request-id") == 0) {
    raw(BOX_FRAME_REQUEST, 0, "{\"op\":\"x\"}", 0);
  } else if (strcmp(what, "big-request") == 0) {
    raw(BOX_FRAME_REQUEST, 1, "{\"op\":\"write\"}", BOX_FRAME_MAX_BINARY);
  } else if (strcmp(what, "exit-string-status") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":\"0\"}", 0);
  } else if (strcmp(what, "exit-float-status") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":1.0}", 0);
  } else if (strcmp(what, "exit-status-256") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":256}", 0);
  } else if (strcmp(what, "exit-status-negative") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":-1}", 0);
  } else if (strcmp(what, "exit-extra-key") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":0,\"more\":1}", 0);
  } else if (strcmp(what, "exit-with-binary") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":0}", 4);
  } else if (strcmp(what, "exit-nonzero-id") == 0) {
    raw(BOX_FRAME_EXIT, 5, "{\"status\":0}", 0);
  } else if (strcmp(what, "data-after-exit") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":0}", 0);
    put("x", 1);
    _exit(0);
  } else if (strcmp(what, "exit-mismatch") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":0}", 0);
    _exit(3);
  } else if (strcmp(what, "exit-without-frame") == 0) {
    _exit(0);
  } else if (strcmp(what, "linger-after-exit") == 0) {
    raw(BOX_FRAME_EXIT, 0, "{\"status\":0}", 0);
    close(OUT);
  } else if (strcmp(what, "close-and-linger") == 0) {
    close(OUT);
  } else if (strcmp(what, "garbage") == 0) {
    uint8_t g[4096];
    uint32_t s = 12345;
    size_t i;
    for (i = 0; i < sizeof g; i++) {
      s = s * 1103515245u + 12345u;
      g[i] = (uint8_t)(s >> 16);
    }
    g[0] = 0x7f;
    put(g, sizeof g);
  } else if (strcmp(what, "sigsys") == 0) {
    signal(SIGSYS, SIG_DFL);
    raise(SIGSYS);
  } else if (strcmp(what, "sigsegv") == 0) {
    signal(SIGSEGV, SIG_DFL); /* a sanitizer runtime would catch it */
    raise(SIGSEGV);
  } else if (strcmp(what, "cpu-spin-ignore-xcpu") == 0) {
    signal(SIGXCPU, SIG_IGN);
    for (;;)
      __asm__ volatile("" ::: "memory");
  } else {
    fprintf(stderr, "evil_worker: unknown misbehaviour '%s'\n", what);
    _exit(6);
  }
  hang();
}
