/* tests/hostile/worker_fuzz.c -- a fuzzer that plays the worker.
 *
 * Run by tests/process/box-broker-test --worker-path in place of box-worker,
 * with the script source "SEED" (a number).  From the seed it derives a
 * sequence of actions against the real broker: well-formed requests with
 * random ops and random (often wrong) fields, random bytes, headers with
 * random lengths, truncated frames, frames of the wrong kind or id, an
 * EXIT frame with a random status that may disagree with the process's own
 * exit status, or an exit with no EXIT at all.  It reads every response the
 * broker sends.
 *
 * On stderr (the caller's) it prints "fuzz: expect S" when it ends cleanly
 * with EXIT status S, so tests/hostile/worker_fuzz.sh can check the broker's
 * status is S or 125 (a violation found earlier).  The broker must never
 * crash, never report a sanitizer error, never leave the worker running,
 * and never perform an undecided effect (the test box's policy permits
 * nothing, so nothing may appear in its workspace).  Installs no sandbox:
 * it tests the broker. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fdio.h"
#include "common/frame.h"
#include "common/protocol.h"

static uint64_t rng;

static uint64_t
next(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static unsigned
pick(unsigned n)
{
  return (unsigned)(next() % n);
}

static void
put(const void *buf, size_t len)
{
  if (box_write_all(BOX_WORKER_FD_OUT, buf, len) != 0)
    _exit(0); /* the broker killed the pipe: it found a violation */
}

static struct box_frame_decoder dec;

/* Reads one frame from the broker (the response); exits if the pipe ends. */
static void
read_frame(void)
{
  static uint8_t buf[65536];
  static size_t off, len;
  struct box_frame f = {0};

  for (;;) {
    if (off < len) {
      size_t used = 0;
      int r = box_frame_decoder_feed(&dec, buf + off, len - off, &used, &f);
      off += used;
      if (r == BOX_FRAME_READY) {
        box_frame_clear(&f);
        return;
      }
      if (r == BOX_FRAME_ERROR)
        _exit(6);
      continue;
    }
    ssize_t n = read(BOX_WORKER_FD_IN, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      _exit(0);
    off = 0;
    len = (size_t)n;
  }
}

/* Each op with its fields: p path, m open mode, w write mode, h handle,
 * n count, o offset, e whence, b bool, u url, t method. */
static const struct {
  const char *op, *fields;
} ops[] = {
  {"fs.read", "p"}, {"fs.write", "pw"}, {"fs.stat", "p"}, {"fs.exists", "p"},
  {"fs.is_file", "p"}, {"fs.is_dir", "p"}, {"fs.is_symlink", "p"}, {"fs.listdir", "p"},
  {"fs.mkdir", "pb"}, {"fs.unlink", "p"}, {"fs.rmdir", "p"}, {"fs.rename", "SD"},
  {"fs.replace", "SD"}, {"fs.open", "pm"}, {"fs.hread", "hn"}, {"fs.hwrite", "h"},
  {"fs.hseek", "hoe"}, {"fs.close", "h"}, {"fetch", "ut"}, {"getcwd", ""},
};
static const char *const paths[] = {
  "\"x\"", "\"notes.txt\"", "\"../../etc/passwd\"", "\"/etc/shadow\"", "\"~/.ssh/id_rsa\"",
  "\"/proc/self/root/etc/passwd\"", "\"/proc/self/fd/3\"", "\"/dev/fd/0\"", "\"out/new.txt\"",
  "\"out\"", "\"\"", "{\"hex\":\"ff00\"}",
  "{\"hex\":\"666f6f\"}", "\".\"", "\"/\"", "\"out/../../x\"", "\"out/a/b/c\"",
  "\"notes.txt/x\"", "\"~\"", "\"~/x\"",
};
static const char *const wrong[] = {
  "\"a\\u0000b\"", "{\"hex\":\"zz\"}", "0", "-1", "9223372036854775807", "1e308", "true", "null", "[]", "{}", "\"\"", "{\"a\":1}",
};

static const char *
any(const char *const *v, size_t n)
{
  return v[pick((unsigned)n)];
}
#define ANY(v) any(v, sizeof v / sizeof v[0])

/* A request for a random op, its fields mostly well typed: a field is
 * sometimes missing, of the wrong type, or an extra one is added. */
static void
random_request(char *json, size_t size)
{
  static const char *const modes[] = {"\"r\"", "\"w\"", "\"a\"", "\"x\"", "\"r+\"",
                                      "\"w+\"", "\"a+\"", "\"x+\"", "\"rb\"", "\"q\""};
  static const char *const urls[] = {"\"http://127.0.0.1/\"", "\"http://example.invalid/\"",
                                     "\"file:///etc/passwd\"", "\"http://[::1]:80/\"",
                                     "\"http://169.254.169.254/latest\"", "\"gopher://x/\"",
                                     "\"http://0x7f000001/\"", "\"not a url\""};
  static const char *const methods[] = {"\"GET\"", "\"POST\"", "\"\"", "\"G\\r\\nX\""};
  size_t n = 0;
  unsigned k = pick(sizeof ops / sizeof ops[0]);

  /* with a policy that permits nothing no handle is ever open: an op on
   * one is a violation, so keep them rare to reach deeper sequences */
  while (ops[k].fields[0] == 'h' && pick(8) != 0)
    k = pick(sizeof ops / sizeof ops[0]);

  n += (size_t)snprintf(json + n, size - n, "{\"op\":\"%s\"", ops[k].op);
  for (const char *f = ops[k].fields; *f && n < size - 256; f++) {
    const char *name = "path", *val;
    switch (*f) {
    case 'p': val = ANY(paths); break;
    case 'S': name = "src"; val = ANY(paths); break;
    case 'D': name = "dst"; val = ANY(paths); break;
    case 'w': name = "mode"; val = pick(3) ? "\"w\"" : pick(2) ? "\"a\"" : "\"x\""; break;
    case 'm': name = "mode"; val = ANY(modes); break;
    case 'h': name = "h"; val = pick(3) ? "1" : "2"; break;
    case 'n': name = "n"; val = pick(2) ? "-1" : "4096"; break;
    case 'o': name = "offset"; val = pick(2) ? "0" : "100"; break;
    case 'e': name = "whence"; val = pick(2) ? "0" : "2"; break;
    case 'b': name = "exist_ok"; val = pick(2) ? "true" : "false"; break;
    case 'u': name = "url"; val = ANY(urls); break;
    default: name = "method"; val = ANY(methods); break;
    }
    if (pick(40) == 0)
      continue; /* missing */
    if (pick(40) == 0)
      val = ANY(wrong);
    n += (size_t)snprintf(json + n, size - n, ",\"%s\":%s", name, val);
  }
  if (pick(40) == 0)
    n += (size_t)snprintf(json + n, size - n, ",\"extra\":%s", ANY(wrong));
  if (pick(16) == 0) { /* a long path */
    n += (size_t)snprintf(json + n, size - n, ",\"path\":\"");
    size_t want = 1 + pick(20000);
    while (want-- > 0 && n < size - 8)
      json[n++] = "ab/."[pick(4)];
    json[n++] = '"';
  }
  snprintf(json + n, size - n, "}");
}

static void
frame(unsigned kind, uint32_t id, const char *json, size_t bin_len)
{
  uint8_t h[BOX_FRAME_HEADER_SIZE];
  size_t len = strlen(json);

  box_frame_pack_header(h, kind, id, (uint32_t)len, (uint32_t)bin_len);
  put(h, sizeof h);
  put(json, len);
  while (bin_len > 0) {
    char b[4096];
    size_t k = bin_len < sizeof b ? bin_len : sizeof b;
    for (size_t i = 0; i < k; i++)
      b[i] = (char)next();
    put(b, k);
    bin_len -= k;
  }
}

int
main(void)
{
  static char json[65536];
  struct box_frame f = {0};
  uint8_t buf[4096];
  uint32_t id = 0;

  signal(SIGPIPE, SIG_IGN);
  box_frame_decoder_init(&dec);
  for (;;) { /* the SCRIPT frame: its source is the seed */
    ssize_t n = read(BOX_WORKER_FD_IN, buf, sizeof buf);
    size_t used;
    if (n <= 0)
      _exit(4);
    if (box_frame_decoder_feed(&dec, buf, (size_t)n, &used, &f) == BOX_FRAME_READY)
      break;
  }
  char seed[64] = "1";
  if (f.bin_len > 0 && f.bin_len < sizeof seed) {
    memcpy(seed, f.bin, f.bin_len);
    seed[f.bin_len] = '\0';
  }
  box_frame_clear(&f);
  rng = strtoull(seed, NULL, 10) * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
  if (rng == 0)
    rng = 1;

  unsigned steps = 1 + pick(40);
  for (unsigned s = 0; s < steps; s++) {
    unsigned what = pick(1000);
    if (what < 930) { /* a request, usually well framed */
      random_request(json, sizeof json);
      ++id;
      uint32_t use_id = pick(20) == 0 ? (uint32_t)next() : id;
      frame(BOX_FRAME_REQUEST, use_id, json, pick(4) == 0 ? pick(5000) : 0);
      read_frame();
    } else if (what < 940) { /* random bytes */
      size_t k = 1 + pick(sizeof buf);
      for (size_t i = 0; i < k; i++)
        buf[i] = (uint8_t)next();
      put(buf, k);
      _exit(0);
    } else if (what < 950) { /* a header with random lengths, then a truncated body */
      uint8_t h[BOX_FRAME_HEADER_SIZE];
      box_frame_pack_header(h, 1 + pick(5), ++id, (uint32_t)next(), (uint32_t)next());
      put(h, sizeof h);
      put("{\"op\":", 6);
      _exit(0);
    } else if (what < 960) { /* a frame of the wrong kind */
      frame(pick(2) ? BOX_FRAME_SCRIPT : BOX_FRAME_RESPONSE, ++id, "{\"ok\":true}", 0);
      _exit(0);
    } else if (what < 970) { /* malformed JSON */
      frame(BOX_FRAME_REQUEST, ++id, pick(2) ? "{\"op\":" : "[1,2]", 0);
      _exit(0);
    } else if (what < 985) { /* an EXIT whose status may disagree with ours */
      int status = (int)pick(256);
      int mine = pick(4) == 0 ? (int)pick(256) : status;
      snprintf(json, sizeof json, "{\"status\":%d}", status);
      if (mine == status)
        dprintf(2, "fuzz: expect %d\n", status);
      frame(BOX_FRAME_EXIT, 0, json, 0);
      _exit(mine);
    } else if (what < 995) { /* die without EXIT */
      _exit((int)pick(256));
    } else { /* a killed worker */
      raise(SIGKILL);
    }
  }
  dprintf(2, "fuzz: expect 0\n");
  frame(BOX_FRAME_EXIT, 0, "{\"status\":0}", 0);
  _exit(0);
}
