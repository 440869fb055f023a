/* common/frame.c -- encoder and streaming decoder for pipe frames (see
 * common/frame.h for the contract and common/protocol.h for the layout). */
#include "config.h"

#include "common/frame.h"
#include "common/utf8.h"

#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {
  [BOX_FRAME_SCRIPT] = "SCRIPT",
  [BOX_FRAME_REQUEST] = "REQUEST",
  [BOX_FRAME_RESPONSE] = "RESPONSE",
  [BOX_FRAME_EXIT] = "EXIT",
};

const char *
box_frame_kind_name(unsigned kind)
{
  if (kind < BOX_FRAME_KIND_MIN || kind > BOX_FRAME_KIND_MAX)
    return "unknown";
  return kind_names[kind];
}

void
box_frame_clear(struct box_frame *f)
{
  if (f->json != NULL)
    json_object_put(f->json);
  free(f->bin);
  memset(f, 0, sizeof *f);
}

static uint32_t
get_u32le(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void
put_u32le(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

void
box_frame_pack_header(uint8_t header[BOX_FRAME_HEADER_SIZE], unsigned kind, uint32_t id,
                      uint32_t json_len, uint32_t bin_len)
{
  header[0] = BOX_FRAME_MAGIC;
  header[1] = (uint8_t)kind;
  header[2] = 0;
  header[3] = 0;
  put_u32le(header + 4, id);
  put_u32le(header + 8, json_len);
  put_u32le(header + 12, bin_len);
}

void
box_frame_decoder_init(struct box_frame_decoder *d)
{
  memset(d, 0, sizeof *d);
}

/* Drops the partial frame, keeps the failure state. */
static void
drop_partial(struct box_frame_decoder *d)
{
  free(d->json_text);
  free(d->bin);
  d->json_text = NULL;
  d->bin = NULL;
  d->header_got = d->json_got = d->bin_got = 0;
  d->json_cap = d->bin_cap = 0;
}

void
box_frame_decoder_free(struct box_frame_decoder *d)
{
  drop_partial(d);
  if (d->tok != NULL)
    json_tokener_free(d->tok);
  d->tok = NULL;
}

/* A frame was handed out: get ready for the next one.  The JSON buffer and
 * the parser are kept (every request and reply would otherwise allocate and
 * free both), unless the buffer grew large. */
#define KEEP_JSON_CAP 16384
static void
next_frame(struct box_frame_decoder *d)
{
  if (d->json_cap > KEEP_JSON_CAP) {
    free(d->json_text);
    d->json_text = NULL;
    d->json_cap = 0;
  }
  free(d->bin);
  d->bin = NULL;
  d->bin_cap = 0;
  d->header_got = d->json_got = d->bin_got = 0;
}

bool
box_frame_decoder_idle(const struct box_frame_decoder *d)
{
  return !d->failed && d->header_got == 0;
}

const char *
box_frame_decoder_error(const struct box_frame_decoder *d)
{
  return d->error;
}

__attribute__((format(printf, 2, 3))) static int
fail(struct box_frame_decoder *d, const char *fmt, ...)
{
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(d->error, sizeof d->error, fmt, ap);
  va_end(ap);
  d->failed = true;
  drop_partial(d);
  return BOX_FRAME_ERROR;
}

/* Checks a complete header and allocates the sections it announces. */
static int
accept_header(struct box_frame_decoder *d)
{
  const uint8_t *h = d->header;

  if (h[0] != BOX_FRAME_MAGIC)
    return fail(d, "bad magic byte 0x%02x (expected 0x%02x)", h[0], BOX_FRAME_MAGIC);
  d->kind = h[1];
  if (d->kind < BOX_FRAME_KIND_MIN || d->kind > BOX_FRAME_KIND_MAX)
    return fail(d, "unknown frame kind %u", d->kind);
  if (h[2] != 0 || h[3] != 0)
    return fail(d, "reserved header field is not zero");
  d->id = get_u32le(h + 4);
  d->json_len = get_u32le(h + 8);
  d->bin_len = get_u32le(h + 12);
  if (d->json_len > BOX_FRAME_MAX_JSON)
    return fail(d, "JSON section of %u bytes exceeds the limit of %u bytes", d->json_len,
                BOX_FRAME_MAX_JSON);
  if (d->json_len < 2)
    return fail(d, "JSON section of %u bytes cannot hold an object", d->json_len);
  if (d->bin_len > BOX_FRAME_MAX_BINARY)
    return fail(d, "binary section of %u bytes exceeds the limit of %u bytes", d->bin_len,
                BOX_FRAME_MAX_BINARY);
  return BOX_FRAME_NEED_MORE;
}

/* json-c's strict mode still accepts single-quoted strings, whitespace
 * around the value and overlong UTF-8, so the text is checked first: it must
 * be well-formed UTF-8, start with '{', end with '}', and hold no quote
 * character other than '"' outside strings. */
static const char *
precheck_json(const char *text, size_t len)
{
  bool in_string = false;
  size_t i;

  if (!box_utf8_valid(text, len))
    return "JSON section is not valid UTF-8";
  if (text[0] != '{' || text[len - 1] != '}')
    return "JSON section is not exactly one object";
  for (i = 0; i < len; i++) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        i++; /* skip the escaped character */
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '\'') {
      return "invalid JSON: single-quoted string";
    }
  }
  return NULL;
}

/* Parses the complete JSON section: exactly one object, strict, UTF-8. */
static int
parse_json(struct box_frame_decoder *d, struct json_object **out)
{
  struct json_tokener *tok;
  struct json_object *obj;
  enum json_tokener_error jerr;
  const char *why;
  size_t end;
  char *text = (char *)d->json_text;

  text[d->json_len] = '\0';
  if (memchr(text, '\0', d->json_len) != NULL)
    return fail(d, "JSON section contains a NUL byte");
  why = precheck_json(text, d->json_len);
  if (why != NULL)
    return fail(d, "%s", why);
  if (d->tok == NULL)
    d->tok = json_tokener_new_ex(BOX_FRAME_MAX_JSON_DEPTH);
  tok = d->tok;
  if (tok == NULL)
    return fail(d, "out of memory for the JSON parser");
  json_tokener_reset(tok);
  json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
  obj = json_tokener_parse_ex(tok, text, (int)d->json_len);
  jerr = json_tokener_get_error(tok);
  end = json_tokener_get_parse_end(tok);
  json_tokener_reset(tok); /* drops what a failed parse left on its stack */
  if (obj == NULL || jerr != json_tokener_success) {
    if (obj != NULL)
      json_object_put(obj);
    if (jerr == json_tokener_continue)
      return fail(d, "invalid JSON: incomplete value");
    return fail(d, "invalid JSON: %s", json_tokener_error_desc(jerr));
  }
  if (!json_object_is_type(obj, json_type_object)) {
    json_object_put(obj);
    return fail(d, "JSON section is not an object");
  }
  if (end != d->json_len) {
    json_object_put(obj);
    return fail(d, "%zu trailing bytes after the JSON object", (size_t)d->json_len - end);
  }
  *out = obj;
  return 0;
}

/* Makes room in *buf for need bytes (need <= total, the section's full
 * size).  Buffers grow as bytes arrive rather than to the announced size at
 * once, so a header alone never makes the decoder allocate much. */
static int
reserve(struct box_frame_decoder *d, uint8_t **buf, size_t *cap, size_t need, size_t total,
        const char *what)
{
  size_t next;
  uint8_t *grown;

  if (need <= *cap)
    return 0;
  next = *cap < 4096 ? 4096 : *cap * 2;
  if (next < need)
    next = need;
  if (next > total)
    next = total;
  grown = realloc(*buf, next);
  if (grown == NULL) {
    fail(d, "out of memory for a %zu-byte %s section", total, what);
    return -1;
  }
  *buf = grown;
  *cap = next;
  return 0;
}

/* Copies up to want - *got bytes from *p into the section buffer; advances. */
static int
take(struct box_frame_decoder *d, uint8_t **dst, size_t *cap, size_t want, size_t alloc,
     size_t *got, const uint8_t **p, size_t *left, const char *what)
{
  size_t n = want - *got;

  if (n > *left)
    n = *left;
  if (n == 0)
    return 0;
  if (reserve(d, dst, cap, *got + n, alloc, what) != 0)
    return -1;
  memcpy(*dst + *got, *p, n);
  *got += n;
  *p += n;
  *left -= n;
  return 0;
}

int
box_frame_decoder_feed(struct box_frame_decoder *d, const void *buf, size_t len, size_t *used,
                       struct box_frame *out)
{
  const uint8_t *p = buf;
  size_t left = len;
  struct json_object *obj = NULL;

  *used = 0;
  if (d->failed)
    return BOX_FRAME_ERROR;
  if (d->header_got < BOX_FRAME_HEADER_SIZE) {
    size_t n = BOX_FRAME_HEADER_SIZE - d->header_got;

    if (n > left)
      n = left;
    if (n > 0)
      memcpy(d->header + d->header_got, p, n);
    d->header_got += n;
    p += n;
    left -= n;
    *used = len - left;
    if (d->header_got < BOX_FRAME_HEADER_SIZE)
      return BOX_FRAME_NEED_MORE;
    if (accept_header(d) != BOX_FRAME_NEED_MORE)
      return BOX_FRAME_ERROR;
  }
  /* The JSON buffer holds one more byte, for the terminating NUL. */
  if (take(d, &d->json_text, &d->json_cap, d->json_len, (size_t)d->json_len + 1,
           &d->json_got, &p, &left, "JSON") != 0 ||
      take(d, &d->bin, &d->bin_cap, d->bin_len, d->bin_len, &d->bin_got, &p, &left,
           "binary") != 0)
    return BOX_FRAME_ERROR;
  *used = len - left;
  if (d->json_got < d->json_len || d->bin_got < d->bin_len)
    return BOX_FRAME_NEED_MORE;
  if (reserve(d, &d->json_text, &d->json_cap, (size_t)d->json_len + 1,
              (size_t)d->json_len + 1, "JSON") != 0 ||
      parse_json(d, &obj) != 0)
    return BOX_FRAME_ERROR;
  out->kind = d->kind;
  out->id = d->id;
  out->json = obj;
  out->bin = d->bin_len > 0 ? d->bin : NULL;
  out->bin_len = d->bin_len;
  d->bin = NULL; /* now the frame's */
  next_frame(d);
  return BOX_FRAME_READY;
}

int
box_frame_decode(const void *buf, size_t len, struct box_frame *out, char *err, size_t errlen)
{
  struct box_frame_decoder d;
  size_t used = 0;
  int r;

  memset(out, 0, sizeof *out);
  box_frame_decoder_init(&d);
  r = box_frame_decoder_feed(&d, buf, len, &used, out);
  if (r == BOX_FRAME_ERROR)
    snprintf(err, errlen, "%s", d.error);
  else if (r == BOX_FRAME_NEED_MORE)
    snprintf(err, errlen, "truncated frame (%zu bytes)", len);
  else if (used != len)
    snprintf(err, errlen, "%zu bytes of trailing garbage after the frame", len - used);
  box_frame_decoder_free(&d);
  if (r == BOX_FRAME_READY && used == len)
    return 0;
  box_frame_clear(out);
  return -1;
}

int
box_frame_encode(unsigned kind, uint32_t id, struct json_object *json, const void *bin,
                 size_t bin_len, uint8_t **out, size_t *out_len, char *err, size_t errlen)
{
  const char *text;
  size_t text_len = 0, total;
  uint8_t *frame;

  *out = NULL;
  *out_len = 0;
  if (kind < BOX_FRAME_KIND_MIN || kind > BOX_FRAME_KIND_MAX) {
    snprintf(err, errlen, "unknown frame kind %u", kind);
    return -1;
  }
  if (json == NULL || !json_object_is_type(json, json_type_object)) {
    snprintf(err, errlen, "frame metadata is not a JSON object");
    return -1;
  }
  text = json_object_to_json_string_length(json, JSON_C_TO_STRING_PLAIN, &text_len);
  if (text == NULL) {
    snprintf(err, errlen, "out of memory while encoding JSON");
    return -1;
  }
  if (text_len > BOX_FRAME_MAX_JSON) {
    snprintf(err, errlen, "JSON section of %zu bytes exceeds the limit of %u bytes", text_len,
             BOX_FRAME_MAX_JSON);
    return -1;
  }
  if (bin_len > BOX_FRAME_MAX_BINARY) {
    snprintf(err, errlen, "binary section of %zu bytes exceeds the limit of %u bytes", bin_len,
             BOX_FRAME_MAX_BINARY);
    return -1;
  }
  if (__builtin_add_overflow(text_len, bin_len, &total) ||
      __builtin_add_overflow(total, (size_t)BOX_FRAME_HEADER_SIZE, &total)) {
    snprintf(err, errlen, "frame size overflows");
    return -1;
  }
  frame = malloc(total);
  if (frame == NULL) {
    snprintf(err, errlen, "out of memory for a %zu-byte frame", total);
    return -1;
  }
  box_frame_pack_header(frame, kind, id, (uint32_t)text_len, (uint32_t)bin_len);
  memcpy(frame + BOX_FRAME_HEADER_SIZE, text, text_len);
  if (bin_len > 0)
    memcpy(frame + BOX_FRAME_HEADER_SIZE + text_len, bin, bin_len);
  *out = frame;
  *out_len = total;
  return 0;
}
