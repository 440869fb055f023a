/* tests/frame/test_frame.c -- Check unit tests for the pipe frame codec
 * (common/frame.c) and the UTF-8 validator (common/fdio.c). */
#include "config.h"

#include <check.h>
#include <json-c/json.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/frame.h"

/* Builds a frame with a {"op": op} object and optional binary. */
static uint8_t *
make_frame(unsigned kind, uint32_t id, const char *op, const void *bin, size_t bin_len,
           size_t *len)
{
  json_object *o = json_object_new_object();
  uint8_t *buf = NULL;
  char err[200];

  json_object_object_add(o, "op", json_object_new_string(op));
  ck_assert_int_eq(box_frame_encode(kind, id, o, bin, bin_len, &buf, len, err, sizeof err), 0);
  json_object_put(o);
  return buf;
}

/* Header plus raw JSON text plus binary, no checks: for forged frames. */
static uint8_t *
forge(unsigned kind, uint32_t id, const char *json, size_t json_len, size_t bin_len,
      size_t *len)
{
  uint8_t *buf = calloc(1, BOX_FRAME_HEADER_SIZE + json_len + bin_len);

  ck_assert_ptr_nonnull(buf);
  box_frame_pack_header(buf, kind, id, (uint32_t)json_len, (uint32_t)bin_len);
  memcpy(buf + BOX_FRAME_HEADER_SIZE, json, json_len);
  *len = BOX_FRAME_HEADER_SIZE + json_len + bin_len;
  return buf;
}

static const char *
op_of(const struct box_frame *f)
{
  json_object *v;

  ck_assert(json_object_object_get_ex(f->json, "op", &v));
  return json_object_get_string(v);
}

/* Decoding buf must fail with an error containing want. */
static void
expect_refused(const uint8_t *buf, size_t len, const char *want)
{
  struct box_frame f;
  char err[200] = "";

  ck_assert_int_eq(box_frame_decode(buf, len, &f, err, sizeof err), -1);
  ck_assert_msg(strstr(err, want) != NULL, "error '%s' lacks '%s'", err, want);
  ck_assert_ptr_null(f.json);
  ck_assert_ptr_null(f.bin);
}

static void
expect_json_refused(const char *json, size_t json_len, const char *want)
{
  size_t len;
  uint8_t *buf = forge(BOX_FRAME_REQUEST, 1, json, json_len, 0, &len);

  expect_refused(buf, len, want);
  free(buf);
}

START_TEST(round_trip_json_and_binary)
{
  static const uint8_t bin[] = {0, 1, 2, 0xff, 0, 'x'};
  size_t len;
  uint8_t *buf = make_frame(BOX_FRAME_REQUEST, 42, "read", bin, sizeof bin, &len);
  struct box_frame f;
  char err[200];

  ck_assert_uint_eq(len, BOX_FRAME_HEADER_SIZE + strlen("{\"op\":\"read\"}") + sizeof bin);
  ck_assert_uint_eq(buf[0], BOX_FRAME_MAGIC);
  ck_assert_int_eq(box_frame_decode(buf, len, &f, err, sizeof err), 0);
  ck_assert_uint_eq(f.kind, BOX_FRAME_REQUEST);
  ck_assert_uint_eq(f.id, 42);
  ck_assert_str_eq(op_of(&f), "read");
  ck_assert_uint_eq(f.bin_len, sizeof bin);
  ck_assert_mem_eq(f.bin, bin, sizeof bin);
  box_frame_clear(&f);
  ck_assert_ptr_null(f.json);
  free(buf);
}
END_TEST

START_TEST(round_trip_every_kind_and_id)
{
  static const uint32_t ids[] = {0, 1, 255, 256, 65536, 0x7fffffff, 0xffffffff};
  unsigned kind;
  size_t i;

  for (kind = BOX_FRAME_KIND_MIN; kind <= BOX_FRAME_KIND_MAX; kind++)
    for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
      size_t len;
      uint8_t *buf = make_frame(kind, ids[i], "x", NULL, 0, &len);
      struct box_frame f;
      char err[200];

      ck_assert_int_eq(box_frame_decode(buf, len, &f, err, sizeof err), 0);
      ck_assert_uint_eq(f.kind, kind);
      ck_assert_uint_eq(f.id, ids[i]);
      ck_assert_ptr_null(f.bin);
      ck_assert_uint_eq(f.bin_len, 0);
      box_frame_clear(&f);
      free(buf);
    }
}
END_TEST

START_TEST(header_is_little_endian)
{
  uint8_t h[BOX_FRAME_HEADER_SIZE];

  box_frame_pack_header(h, BOX_FRAME_EXIT, 0x04030201u, 0x14131211u, 0x24232221u);
  ck_assert_uint_eq(h[0], BOX_FRAME_MAGIC);
  ck_assert_uint_eq(h[1], BOX_FRAME_EXIT);
  ck_assert_uint_eq(h[2], 0);
  ck_assert_uint_eq(h[3], 0);
  ck_assert_uint_eq(h[4], 0x01);
  ck_assert_uint_eq(h[7], 0x04);
  ck_assert_uint_eq(h[8], 0x11);
  ck_assert_uint_eq(h[11], 0x14);
  ck_assert_uint_eq(h[12], 0x21);
  ck_assert_uint_eq(h[15], 0x24);
}
END_TEST

/* A JSON object whose text is exactly n bytes: {"s":"aaa..."}. */
static json_object *
object_of_size(size_t n)
{
  size_t fill = n - strlen("{\"s\":\"\"}");
  char *s = malloc(fill + 1);
  json_object *o = json_object_new_object();

  memset(s, 'a', fill);
  s[fill] = '\0';
  json_object_object_add(o, "s", json_object_new_string(s));
  free(s);
  return o;
}

START_TEST(json_at_limit_round_trips)
{
  json_object *o = object_of_size(BOX_FRAME_MAX_JSON);
  uint8_t *buf;
  size_t len;
  struct box_frame f;
  char err[200];

  ck_assert_int_eq(box_frame_encode(BOX_FRAME_RESPONSE, 7, o, NULL, 0, &buf, &len, err,
                                    sizeof err), 0);
  ck_assert_uint_eq(len, BOX_FRAME_HEADER_SIZE + BOX_FRAME_MAX_JSON);
  ck_assert_int_eq(box_frame_decode(buf, len, &f, err, sizeof err), 0);
  ck_assert_uint_eq(strlen(json_object_get_string(json_object_object_get(f.json, "s"))),
                    BOX_FRAME_MAX_JSON - 8);
  box_frame_clear(&f);
  free(buf);
  json_object_put(o);
}
END_TEST

START_TEST(json_over_limit_refused_by_encoder)
{
  json_object *o = object_of_size(BOX_FRAME_MAX_JSON + 1);
  uint8_t *buf = (uint8_t *)1;
  size_t len = 1;
  char err[200] = "";

  ck_assert_int_eq(box_frame_encode(BOX_FRAME_RESPONSE, 7, o, NULL, 0, &buf, &len, err,
                                    sizeof err), -1);
  ck_assert_ptr_null(buf);
  ck_assert_uint_eq(len, 0);
  ck_assert_ptr_nonnull(strstr(err, "exceeds the limit"));
  json_object_put(o);
}
END_TEST

START_TEST(binary_at_limit_round_trips)
{
  size_t n = BOX_FRAME_MAX_BINARY, len;
  uint8_t *bin = malloc(n);
  uint8_t *buf;
  struct box_frame f;
  char err[200];

  ck_assert_ptr_nonnull(bin);
  for (size_t i = 0; i < n; i++)
    bin[i] = (uint8_t)(i * 7);
  buf = make_frame(BOX_FRAME_RESPONSE, 3, "big", bin, n, &len);
  ck_assert_int_eq(box_frame_decode(buf, len, &f, err, sizeof err), 0);
  ck_assert_uint_eq(f.bin_len, n);
  ck_assert(memcmp(f.bin, bin, n) == 0);
  box_frame_clear(&f);
  free(buf);
  free(bin);
}
END_TEST

START_TEST(binary_over_limit_refused_by_encoder)
{
  json_object *o = json_object_new_object();
  uint8_t *buf;
  size_t len;
  char err[200] = "";
  static const uint8_t dummy[1];

  /* The encoder must refuse on the length alone, before it reads any byte. */
  ck_assert_int_eq(box_frame_encode(BOX_FRAME_RESPONSE, 1, o, dummy,
                                    (size_t)BOX_FRAME_MAX_BINARY + 1, &buf, &len, err,
                                    sizeof err), -1);
  ck_assert_ptr_nonnull(strstr(err, "binary section"));
  json_object_put(o);
}
END_TEST

/* Oversize lengths are refused on the header alone: nothing is allocated. */
static void
expect_header_refused(uint32_t json_len, uint32_t bin_len, const char *want)
{
  uint8_t h[BOX_FRAME_HEADER_SIZE];
  struct box_frame_decoder d;
  struct box_frame f = {0};
  size_t used;

  box_frame_pack_header(h, BOX_FRAME_REQUEST, 1, json_len, bin_len);
  box_frame_decoder_init(&d);
  ck_assert_int_eq(box_frame_decoder_feed(&d, h, sizeof h, &used, &f), BOX_FRAME_ERROR);
  ck_assert_ptr_null(d.json_text);
  ck_assert_ptr_null(d.bin);
  ck_assert_msg(strstr(box_frame_decoder_error(&d), want) != NULL, "error '%s' lacks '%s'",
                box_frame_decoder_error(&d), want);
  box_frame_decoder_free(&d);
}

START_TEST(oversize_refused_before_allocation)
{
  expect_header_refused(BOX_FRAME_MAX_JSON + 1, 0, "exceeds the limit of 1048576");
  expect_header_refused(0xffffffffu, 0, "exceeds the limit");
  expect_header_refused(2, BOX_FRAME_MAX_BINARY + 1, "binary section of 67108865 bytes");
  expect_header_refused(2, 0xffffffffu, "binary section");
  expect_header_refused(0, 0, "cannot hold an object");
  expect_header_refused(1, 0, "cannot hold an object");
}
END_TEST

START_TEST(minimal_frame_empty_object)
{
  size_t len;
  uint8_t *buf = forge(BOX_FRAME_EXIT, 0, "{}", 2, 0, &len);
  struct box_frame f;
  char err[200];

  ck_assert_int_eq(box_frame_decode(buf, len, &f, err, sizeof err), 0);
  ck_assert_int_eq(json_object_object_length(f.json), 0);
  box_frame_clear(&f);
  free(buf);
}
END_TEST

START_TEST(truncation_at_every_byte)
{
  static const uint8_t bin[] = "payload";
  size_t len, k;
  uint8_t *buf = make_frame(BOX_FRAME_REQUEST, 9, "write", bin, sizeof bin, &len);

  for (k = 0; k < len; k++)
    expect_refused(buf, k, "truncated");
  free(buf);
}
END_TEST

START_TEST(streaming_byte_by_byte_and_every_split)
{
  static const uint8_t bin[] = "0123456789";
  size_t len, k, used;
  uint8_t *buf = make_frame(BOX_FRAME_RESPONSE, 5, "split", bin, sizeof bin, &len);
  struct box_frame_decoder d;
  struct box_frame f = {0};

  box_frame_decoder_init(&d);
  for (k = 0; k < len; k++) {
    int r = box_frame_decoder_feed(&d, buf + k, 1, &used, &f);
    ck_assert_uint_eq(used, 1);
    ck_assert_int_eq(r, k + 1 == len ? BOX_FRAME_READY : BOX_FRAME_NEED_MORE);
    ck_assert(box_frame_decoder_idle(&d) == (k + 1 == len));
  }
  ck_assert_str_eq(op_of(&f), "split");
  box_frame_clear(&f);

  for (k = 0; k <= len; k++) {
    int r = box_frame_decoder_feed(&d, buf, k, &used, &f);
    ck_assert_uint_eq(used, k);
    if (k < len) {
      ck_assert_int_eq(r, BOX_FRAME_NEED_MORE);
      r = box_frame_decoder_feed(&d, buf + k, len - k, &used, &f);
      ck_assert_uint_eq(used, len - k);
    }
    ck_assert_int_eq(r, BOX_FRAME_READY);
    ck_assert_uint_eq(f.id, 5);
    ck_assert_mem_eq(f.bin, bin, sizeof bin);
    box_frame_clear(&f);
    ck_assert(box_frame_decoder_idle(&d));
  }
  box_frame_decoder_free(&d);
  free(buf);
}
END_TEST

START_TEST(multi_frame_stream)
{
  size_t l1, l2, l3, total, off = 0, used;
  uint8_t *a = make_frame(BOX_FRAME_REQUEST, 1, "one", "A", 1, &l1);
  uint8_t *b = make_frame(BOX_FRAME_REQUEST, 2, "two", NULL, 0, &l2);
  uint8_t *c = make_frame(BOX_FRAME_EXIT, 0, "three", "CCC", 3, &l3);
  uint8_t *all;
  const char *want[] = {"one", "two", "three"};
  struct box_frame_decoder d;
  struct box_frame f = {0};
  char err[200];
  int n = 0;

  total = l1 + l2 + l3;
  all = malloc(total);
  memcpy(all, a, l1);
  memcpy(all + l1, b, l2);
  memcpy(all + l1 + l2, c, l3);
  box_frame_decoder_init(&d);
  while (off < total) {
    ck_assert_int_eq(box_frame_decoder_feed(&d, all + off, total - off, &used, &f),
                     BOX_FRAME_READY);
    ck_assert_str_eq(op_of(&f), want[n]);
    n++;
    off += used;
    box_frame_clear(&f);
  }
  ck_assert_int_eq(n, 3);
  ck_assert_uint_eq(off, total);
  box_frame_decoder_free(&d);
  /* A one-frame decode of the stream refuses the bytes after the first. */
  expect_refused(all, total, "trailing garbage");
  ck_assert_int_eq(box_frame_decode(all, l1, &f, err, sizeof err), 0);
  box_frame_clear(&f);
  free(a);
  free(b);
  free(c);
  free(all);
}
END_TEST

START_TEST(bad_header_fields)
{
  size_t len;
  uint8_t *buf = make_frame(BOX_FRAME_REQUEST, 1, "x", NULL, 0, &len);
  static const uint8_t kinds[] = {0, 5, 6, 0x7f, 0x80, 0xff};
  size_t i;

  buf[0] = 0xB2;
  expect_refused(buf, len, "bad magic byte 0xb2");
  buf[0] = 0;
  expect_refused(buf, len, "bad magic");
  buf[0] = BOX_FRAME_MAGIC;
  for (i = 0; i < sizeof kinds; i++) {
    buf[1] = kinds[i];
    expect_refused(buf, len, "unknown frame kind");
  }
  buf[1] = BOX_FRAME_REQUEST;
  buf[2] = 1;
  expect_refused(buf, len, "reserved");
  buf[2] = 0;
  buf[3] = 0x80;
  expect_refused(buf, len, "reserved");
  free(buf);
}
END_TEST

START_TEST(bad_json_refused)
{
  static const char nul[] = "{\"a\":\"x\0y\"}";
  static const char bad_utf8[] = "{\"a\":\"\xc3\x28\"}";
  static const char overlong[] = "{\"a\":\"\xc0\xaf\"}";
  char text[400];
  size_t i, n = 0;

  expect_json_refused("{\"a\":}", 6, "invalid JSON");
  expect_json_refused("{\"a\":1", 6, "JSON");
  expect_json_refused("[1,2]", 5, "object");
  expect_json_refused("\"str\"", 5, "object");
  expect_json_refused("12", 2, "object");
  expect_json_refused("{\"a\":1}x", 8, "JSON");
  expect_json_refused("{\"a\":1} ", 8, "JSON");
  expect_json_refused("{\"a\":1}{}", 9, "JSON");
  expect_json_refused("{'a':1}", 7, "invalid JSON");
  expect_json_refused("{\"a\":1,}", 8, "invalid JSON");
  expect_json_refused("{\"a\":nan}", 9, "invalid JSON");
  expect_json_refused(nul, sizeof nul - 1, "NUL byte");
  expect_json_refused(bad_utf8, sizeof bad_utf8 - 1, "UTF-8");
  expect_json_refused(overlong, sizeof overlong - 1, "UTF-8");
  expect_json_refused("  ", 2, "not exactly one object");
  expect_json_refused(" {}", 3, "not exactly one object");
  expect_json_refused("{\"a\":1,\"b\":'x'}", 15, "single-quoted");
  /* Nesting deeper than BOX_FRAME_MAX_JSON_DEPTH. */
  for (i = 0; i < 40; i++) {
    memcpy(text + n, "{\"a\":", 5);
    n += 5;
  }
  text[n++] = '1';
  for (i = 0; i < 40; i++)
    text[n++] = '}';
  expect_json_refused(text, n, "invalid JSON");
}
END_TEST

START_TEST(quotes_and_escapes_inside_strings_accepted)
{
  static const char *const ok[] = {
    "{\"a\":\"it's\"}",
    "{\"a\":\"q\\\"'\\\\\"}",
    "{\"k'\":[1,{\"b\":null}],\"c\":\"\\u00e9\\n\"}",
    "{\"caf\xc3\xa9\":true}",
  };
  size_t i;

  for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    size_t len;
    uint8_t *buf = forge(BOX_FRAME_RESPONSE, 1, ok[i], strlen(ok[i]), 0, &len);
    struct box_frame f;
    char err[200] = "";

    ck_assert_msg(box_frame_decode(buf, len, &f, err, sizeof err) == 0, "%s: %s", ok[i], err);
    box_frame_clear(&f);
    free(buf);
  }
}
END_TEST

START_TEST(failed_decoder_stays_failed)
{
  size_t len, used;
  uint8_t *good = make_frame(BOX_FRAME_REQUEST, 1, "ok", NULL, 0, &len);
  uint8_t bad[BOX_FRAME_HEADER_SIZE] = {0x42};
  struct box_frame_decoder d;
  struct box_frame f = {0};

  box_frame_decoder_init(&d);
  ck_assert_int_eq(box_frame_decoder_feed(&d, bad, sizeof bad, &used, &f), BOX_FRAME_ERROR);
  ck_assert(!box_frame_decoder_idle(&d));
  ck_assert_int_eq(box_frame_decoder_feed(&d, good, len, &used, &f), BOX_FRAME_ERROR);
  ck_assert_uint_eq(used, 0);
  ck_assert_ptr_null(f.json);
  box_frame_decoder_free(&d);
  free(good);
}
END_TEST

/* Deterministic xorshift, so a failure can be replayed. */
static uint32_t
next_rand(uint32_t *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

START_TEST(garbage_never_crashes)
{
  uint32_t seed = 0x9e3779b9u;
  uint8_t buf[256];
  int round;

  for (round = 0; round < 20000; round++) {
    size_t len = next_rand(&seed) % sizeof buf, i, used, off = 0;
    struct box_frame_decoder d;
    struct box_frame f = {0};

    for (i = 0; i < len; i++)
      buf[i] = (uint8_t)next_rand(&seed);
    if (round % 2 == 0 && len >= BOX_FRAME_HEADER_SIZE) /* plausible header, random body */
      box_frame_pack_header(buf, BOX_FRAME_KIND_MIN + round % 4, 1,
                            (uint32_t)(len - BOX_FRAME_HEADER_SIZE), 0);
    box_frame_decoder_init(&d);
    while (off < len) {
      int r = box_frame_decoder_feed(&d, buf + off, len - off, &used, &f);
      off += used;
      if (r == BOX_FRAME_READY) {
        ck_assert(json_object_is_type(f.json, json_type_object));
        box_frame_clear(&f);
        continue;
      }
      if (r == BOX_FRAME_ERROR) {
        ck_assert_str_ne(box_frame_decoder_error(&d), "");
        break;
      }
      ck_assert_uint_eq(off, len);
    }
    box_frame_decoder_free(&d);
  }
}
END_TEST

/* Flip each bit of a valid frame: the decoder either accepts a well-formed
 * frame or refuses it with a message, and never reads past the buffer. */
START_TEST(every_bit_flip_handled)
{
  size_t len, i;
  int bit;
  uint8_t *buf = make_frame(BOX_FRAME_REQUEST, 3, "stat", "xy", 2, &len);

  for (i = 0; i < len; i++)
    for (bit = 0; bit < 8; bit++) {
      struct box_frame f;
      char err[200] = "";
      uint8_t *copy = malloc(len);

      memcpy(copy, buf, len);
      copy[i] ^= (uint8_t)(1u << bit);
      if (box_frame_decode(copy, len, &f, err, sizeof err) == 0) {
        ck_assert(json_object_is_type(f.json, json_type_object));
        box_frame_clear(&f);
      } else {
        ck_assert_str_ne(err, "");
      }
      free(copy);
    }
  free(buf);
}
END_TEST

START_TEST(encoder_refuses_bad_input)
{
  json_object *arr = json_object_new_array();
  json_object *obj = json_object_new_object();
  uint8_t *buf;
  size_t len;
  char err[200];

  ck_assert_int_eq(box_frame_encode(0, 1, obj, NULL, 0, &buf, &len, err, sizeof err), -1);
  ck_assert_ptr_nonnull(strstr(err, "unknown frame kind"));
  ck_assert_int_eq(box_frame_encode(9, 1, obj, NULL, 0, &buf, &len, err, sizeof err), -1);
  ck_assert_int_eq(box_frame_encode(BOX_FRAME_EXIT, 1, arr, NULL, 0, &buf, &len, err,
                                    sizeof err), -1);
  ck_assert_ptr_nonnull(strstr(err, "not a JSON object"));
  ck_assert_int_eq(box_frame_encode(BOX_FRAME_EXIT, 1, NULL, NULL, 0, &buf, &len, err,
                                    sizeof err), -1);
  json_object_put(arr);
  json_object_put(obj);
}
END_TEST

START_TEST(kind_names)
{
  ck_assert_str_eq(box_frame_kind_name(BOX_FRAME_SCRIPT), "SCRIPT");
  ck_assert_str_eq(box_frame_kind_name(BOX_FRAME_REQUEST), "REQUEST");
  ck_assert_str_eq(box_frame_kind_name(BOX_FRAME_RESPONSE), "RESPONSE");
  ck_assert_str_eq(box_frame_kind_name(BOX_FRAME_EXIT), "EXIT");
  ck_assert_str_eq(box_frame_kind_name(0), "unknown");
  ck_assert_str_eq(box_frame_kind_name(200), "unknown");
}
END_TEST

START_TEST(utf8_validator)
{
  static const struct {
    const char *s;
    bool ok;
  } cases[] = {
    {"", true},
    {"plain ascii", true},
    {"caf\xc3\xa9", true},
    {"\xe2\x82\xac", true},          /* U+20AC */
    {"\xf0\x9f\x98\x80", true},      /* U+1F600 */
    {"\xf4\x8f\xbf\xbf", true},      /* U+10FFFF */
    {"\xf4\x90\x80\x80", false},     /* above U+10FFFF */
    {"\xc0\xaf", false},             /* overlong '/' */
    {"\xe0\x80\xaf", false},         /* overlong */
    {"\xed\xa0\x80", false},         /* surrogate U+D800 */
    {"\xc3", false},                 /* truncated */
    {"\xe2\x82", false},             /* truncated */
    {"\x80", false},                 /* stray continuation */
    {"\xff", false},
    {"a\xc3\x28", false},            /* bad continuation */
  };
  size_t i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    ck_assert_msg(box_utf8_valid(cases[i].s, strlen(cases[i].s)) == cases[i].ok,
                  "case %zu", i);
  ck_assert(box_utf8_valid("a\0b", 3));
}
END_TEST

static Suite *
frame_suite(void)
{
  Suite *s = suite_create("frame");
  TCase *tc = tcase_create("codec");

  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, round_trip_json_and_binary);
  tcase_add_test(tc, round_trip_every_kind_and_id);
  tcase_add_test(tc, header_is_little_endian);
  tcase_add_test(tc, json_at_limit_round_trips);
  tcase_add_test(tc, json_over_limit_refused_by_encoder);
  tcase_add_test(tc, binary_at_limit_round_trips);
  tcase_add_test(tc, binary_over_limit_refused_by_encoder);
  tcase_add_test(tc, oversize_refused_before_allocation);
  tcase_add_test(tc, minimal_frame_empty_object);
  tcase_add_test(tc, truncation_at_every_byte);
  tcase_add_test(tc, streaming_byte_by_byte_and_every_split);
  tcase_add_test(tc, multi_frame_stream);
  tcase_add_test(tc, bad_header_fields);
  tcase_add_test(tc, bad_json_refused);
  tcase_add_test(tc, quotes_and_escapes_inside_strings_accepted);
  tcase_add_test(tc, failed_decoder_stays_failed);
  tcase_add_test(tc, garbage_never_crashes);
  tcase_add_test(tc, every_bit_flip_handled);
  tcase_add_test(tc, encoder_refuses_bad_input);
  tcase_add_test(tc, kind_names);
  tcase_add_test(tc, utf8_validator);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  SRunner *sr = srunner_create(frame_suite());
  int failed;

  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
