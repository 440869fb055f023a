/* tests/toml/test_toml.c -- Check unit tests for common/toml: every value
 * kind, the table rules, source positions, and every error path with its
 * exact message. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/toml.h"

static struct toml_doc *parse_ok(const char *text) {
  char err[256];
  struct toml_doc *d = toml_parse(text, strlen(text), err, sizeof err);
  ck_assert_msg(d != NULL, "parse failed: %s\n--- input ---\n%s", err, text);
  return d;
}

static const struct toml_value *get(const struct toml_doc *d, const char *key) {
  const struct toml_value *v = toml_table_get(toml_root(d), key);
  ck_assert_msg(v != NULL, "missing key %s", key);
  return v;
}

static void expect_error(const char *text, size_t len, const char *want) {
  char err[256];
  struct toml_doc *d = toml_parse(text, len, err, sizeof err);
  ck_assert_msg(d == NULL, "accepted: %s", text);
  ck_assert_str_eq(err, want);
}
#define ERR(text, want) expect_error(text, sizeof(text) - 1, want)

/* ---- values -------------------------------------------------------------- */

START_TEST(test_strings) {
  struct toml_doc *d = parse_ok(
      "a = \"tab\\there \\\"q\\\" \\\\ \\b\\f\\n\\r\"\n"
      "b = 'C:\\raw\\path'\n"
      "c = \"\"\"\nline1\nline2\\\n     joined\"\"\"\n"
      "d = '''\nkeep \\n literal'''\n"
      "e = \"\\u00e9\\U0001F600\"\n"
      "f = \"\"\"two quotes at end\"\"\"\"\"\n"
      "g = \"nul\\u0000inside\"\n"
      "h = \"\"\n");
  size_t n;
  ck_assert_str_eq(toml_string(get(d, "a"), NULL), "tab\there \"q\" \\ \b\f\n\r");
  ck_assert_str_eq(toml_string(get(d, "b"), NULL), "C:\\raw\\path");
  ck_assert_str_eq(toml_string(get(d, "c"), NULL), "line1\nline2joined");
  ck_assert_str_eq(toml_string(get(d, "d"), NULL), "keep \\n literal");
  ck_assert_str_eq(toml_string(get(d, "e"), NULL), "\xc3\xa9\xf0\x9f\x98\x80");
  ck_assert_str_eq(toml_string(get(d, "f"), NULL), "two quotes at end\"\"");
  const char *g = toml_string(get(d, "g"), &n);
  ck_assert_uint_eq(n, 10);
  ck_assert_int_eq(memcmp(g, "nul\0inside", 11), 0);
  ck_assert_str_eq(toml_string(get(d, "h"), &n), "");
  ck_assert_uint_eq(n, 0);
  ck_assert_int_eq(toml_type(get(d, "a")), TOML_STRING);
  toml_free(d);
}
END_TEST

START_TEST(test_crlf) {
  struct toml_doc *d = parse_ok("a = \"\"\"\r\nx\r\ny\"\"\"\r\nb = 1\r\n");
  ck_assert_str_eq(toml_string(get(d, "a"), NULL), "x\ny");
  ck_assert_int_eq(toml_integer(get(d, "b")), 1);
  ck_assert_int_eq(toml_line(get(d, "b")), 4);
  toml_free(d);
}
END_TEST

START_TEST(test_integers) {
  struct toml_doc *d = parse_ok(
      "a = 42\nb = -17\nc = +99\nd = 1_000_000\ne = 0xDEAD_beef\nf = 0o755\ng = 0b1101\n"
      "h = 9223372036854775807\ni = -9223372036854775808\nj = 0\nk = -0\n");
  ck_assert_int_eq(toml_integer(get(d, "a")), 42);
  ck_assert_int_eq(toml_integer(get(d, "b")), -17);
  ck_assert_int_eq(toml_integer(get(d, "c")), 99);
  ck_assert_int_eq(toml_integer(get(d, "d")), 1000000);
  ck_assert_int_eq(toml_integer(get(d, "e")), 0xDEADBEEF);
  ck_assert_int_eq(toml_integer(get(d, "f")), 0755);
  ck_assert_int_eq(toml_integer(get(d, "g")), 13);
  ck_assert(toml_integer(get(d, "h")) == INT64_MAX);
  ck_assert(toml_integer(get(d, "i")) == INT64_MIN);
  ck_assert_int_eq(toml_integer(get(d, "j")), 0);
  ck_assert_int_eq(toml_integer(get(d, "k")), 0);
  ck_assert_int_eq(toml_type(get(d, "e")), TOML_INTEGER);
  toml_free(d);
}
END_TEST

START_TEST(test_floats) {
  struct toml_doc *d = parse_ok("a = 3.1415\nb = -0.01\nc = 5e+22\nd = 1e06\ne = -2E-2\n"
                                "f = 6.626e-34\ng = 224_617.445_991\nh = inf\ni = +inf\nj = -inf\n"
                                "k = nan\nl = -nan\nm = 0.0\n");
  ck_assert_double_eq(toml_float(get(d, "a")), 3.1415);
  ck_assert_double_eq(toml_float(get(d, "b")), -0.01);
  ck_assert_double_eq(toml_float(get(d, "c")), 5e22);
  ck_assert_double_eq(toml_float(get(d, "d")), 1e6);
  ck_assert_double_eq(toml_float(get(d, "e")), -2e-2);
  ck_assert_double_eq(toml_float(get(d, "f")), 6.626e-34);
  ck_assert_double_eq(toml_float(get(d, "g")), 224617.445991);
  ck_assert(isinf(toml_float(get(d, "h"))) && toml_float(get(d, "h")) > 0);
  ck_assert(isinf(toml_float(get(d, "i"))) && toml_float(get(d, "i")) > 0);
  ck_assert(isinf(toml_float(get(d, "j"))) && toml_float(get(d, "j")) < 0);
  ck_assert(isnan(toml_float(get(d, "k"))));
  ck_assert(isnan(toml_float(get(d, "l"))));
  ck_assert_int_eq(toml_type(get(d, "m")), TOML_FLOAT);
  toml_free(d);
}
END_TEST

START_TEST(test_bools) {
  struct toml_doc *d = parse_ok("t = true\nf = false\n");
  ck_assert_int_eq(toml_type(get(d, "t")), TOML_BOOL);
  ck_assert_int_eq(toml_bool(get(d, "t")), 1);
  ck_assert_int_eq(toml_bool(get(d, "f")), 0);
  toml_free(d);
}
END_TEST

START_TEST(test_datetimes) {
  struct toml_doc *d = parse_ok("a = 1979-05-27T07:32:00Z\n"
                                "b = 1979-05-27T00:32:00.999999-07:00\n"
                                "c = 1979-05-27 07:32:00+05:30\n"
                                "d = 1979-05-27T07:32:00\n"
                                "e = 1979-05-27\n"
                                "f = 07:32:00.5\n"
                                "g = 2000-02-29t23:59:60z\n");
  const struct toml_datetime *dt = toml_datetime(get(d, "a"));
  ck_assert_int_eq(toml_type(get(d, "a")), TOML_DATETIME);
  ck_assert_int_eq(dt->year, 1979);
  ck_assert_int_eq(dt->month, 5);
  ck_assert_int_eq(dt->day, 27);
  ck_assert_int_eq(dt->hour, 7);
  ck_assert_int_eq(dt->minute, 32);
  ck_assert_int_eq(dt->offset_minutes, 0);
  dt = toml_datetime(get(d, "b"));
  ck_assert_int_eq(dt->nanosecond, 999999000);
  ck_assert_int_eq(dt->frac_digits, 6);
  ck_assert_int_eq(dt->offset_minutes, -420);
  dt = toml_datetime(get(d, "c"));
  ck_assert_int_eq(toml_type(get(d, "c")), TOML_DATETIME);
  ck_assert_int_eq(dt->offset_minutes, 330);
  ck_assert_int_eq(toml_type(get(d, "d")), TOML_DATETIME_LOCAL);
  ck_assert_int_eq(toml_type(get(d, "e")), TOML_DATE_LOCAL);
  ck_assert_int_eq(toml_type(get(d, "f")), TOML_TIME_LOCAL);
  ck_assert_int_eq(toml_datetime(get(d, "f"))->nanosecond, 500000000);
  ck_assert_int_eq(toml_type(get(d, "g")), TOML_DATETIME);
  ck_assert_str_eq(toml_type_name(TOML_DATETIME_LOCAL), "local date-time");
  toml_free(d);
}
END_TEST

START_TEST(test_arrays) {
  struct toml_doc *d = parse_ok("a = [ 1, 2, 3, ]\n"
                                "b = [\n  \"x\", # comment\n  [1.5, true],\n  {k = 'v'},\n]\n"
                                "c = []\n");
  const struct toml_value *a = get(d, "a"), *b = get(d, "b");
  ck_assert_uint_eq(toml_array_size(a), 3);
  ck_assert_int_eq(toml_integer(toml_array_at(a, 2)), 3);
  ck_assert_ptr_null(toml_array_at(a, 3));
  ck_assert_uint_eq(toml_array_size(b), 3);
  ck_assert_str_eq(toml_string(toml_array_at(b, 0), NULL), "x");
  ck_assert_double_eq(toml_float(toml_array_at(toml_array_at(b, 1), 0)), 1.5);
  ck_assert_str_eq(toml_string(toml_table_get(toml_array_at(b, 2), "k"), NULL), "v");
  ck_assert_uint_eq(toml_array_size(get(d, "c")), 0);
  ck_assert_int_eq(toml_array_is_table_array(a), 0);
  toml_free(d);
}
END_TEST

START_TEST(test_tables_and_order) {
  struct toml_doc *d = parse_ok("z = 1\ny = 2\n"
                                "[t]\nb.c = 1\nb.d = 2\n\"quoted key\" = 3\n'lit' = 4\n\"\" = 5\n"
                                "[t.b.e]\nx = 1\n"
                                "[[arr]]\nn = 1\n[[arr]]\nn = 2\n[arr.sub]\ns = 1\n"
                                "[x.y.z]\n[x]\nw = 1\n"
                                "in = { p.q = 1, r = [] }\n");
  const struct toml_value *root = toml_root(d);
  ck_assert_str_eq(toml_table_key(root, 0, NULL), "z");
  ck_assert_str_eq(toml_table_key(root, 1, NULL), "y");
  ck_assert_str_eq(toml_table_key(root, 2, NULL), "t");
  const struct toml_value *t = get(d, "t");
  ck_assert_int_eq(toml_type(t), TOML_TABLE);
  ck_assert_uint_eq(toml_table_size(t), 4);
  ck_assert_str_eq(toml_table_key(t, 1, NULL), "quoted key");
  size_t kl = 99;
  ck_assert_str_eq(toml_table_key(t, 3, &kl), "");
  ck_assert_uint_eq(kl, 0);
  const struct toml_value *b = toml_table_get(t, "b");
  ck_assert_int_eq(toml_integer(toml_table_get(b, "d")), 2);
  ck_assert_int_eq(toml_integer(toml_table_get(toml_table_get(b, "e"), "x")), 1);
  const struct toml_value *arr = get(d, "arr");
  ck_assert(toml_array_is_table_array(arr));
  ck_assert_uint_eq(toml_array_size(arr), 2);
  ck_assert_int_eq(toml_integer(toml_table_get(toml_table_get(toml_array_at(arr, 1), "sub"), "s")), 1);
  ck_assert_int_eq(toml_table_key_line(root, 2), 3);
  const struct toml_value *x = get(d, "x");
  ck_assert_int_eq(toml_integer(toml_table_get(x, "w")), 1);
  ck_assert_int_eq(toml_integer(toml_table_get(toml_table_get(toml_table_get(x, "in"), "p"), "q")), 1);
  toml_free(d);
}
END_TEST

START_TEST(test_many_keys_indexed) {
  size_t cap = 200000, n = 0;
  char *text = malloc(cap);
  for (int i = 0; i < 5000; i++)
    n += (size_t)snprintf(text + n, cap - n, "k%d = %d\n", i, i);
  char err[256];
  struct toml_doc *d = toml_parse(text, n, err, sizeof err);
  ck_assert_ptr_nonnull(d);
  ck_assert_uint_eq(toml_table_size(toml_root(d)), 5000);
  ck_assert_int_eq(toml_integer(toml_table_get(toml_root(d), "k4321")), 4321);
  ck_assert_ptr_null(toml_table_get(toml_root(d), "k5000"));
  toml_free(d);
  memcpy(text + n, "k77 = 1\n", 8);
  d = toml_parse(text, n + 8, err, sizeof err);
  ck_assert_ptr_null(d);
  ck_assert_str_eq(err, "line 5001, column 1: duplicate key 'k77' (first defined on line 78)");
  free(text);
}
END_TEST

START_TEST(test_positions_and_bom) {
  struct toml_doc *d = parse_ok("\xEF\xBB\xBF# c\n\n[tab]\n  key = \"v\"\n");
  const struct toml_value *tab = get(d, "tab");
  ck_assert_int_eq(toml_line(tab), 3);
  ck_assert_int_eq(toml_column(tab), 1);
  const struct toml_value *v = toml_table_get(tab, "key");
  ck_assert_int_eq(toml_line(v), 4);
  ck_assert_int_eq(toml_column(v), 9);
  ck_assert_int_eq(toml_table_key_line(tab, 0), 4);
  toml_free(d);
  d = parse_ok("");
  ck_assert_uint_eq(toml_table_size(toml_root(d)), 0);
  toml_free(d);
}
END_TEST

START_TEST(test_wrong_type_accessors) {
  struct toml_doc *d = parse_ok("s = 'x'\n");
  const struct toml_value *s = get(d, "s");
  ck_assert_int_eq(toml_integer(s), 0);
  ck_assert_double_eq(toml_float(s), 0.0);
  ck_assert_int_eq(toml_bool(s), 0);
  ck_assert_ptr_null(toml_datetime(s));
  ck_assert_uint_eq(toml_array_size(s), 0);
  ck_assert_uint_eq(toml_table_size(s), 0);
  ck_assert_ptr_null(toml_table_get(s, "x"));
  ck_assert_ptr_null(toml_table_key(toml_root(d), 5, NULL));
  ck_assert_ptr_null(toml_string(toml_root(d), NULL));
  toml_free(d);
  toml_free(NULL);
}
END_TEST

/* ---- errors ---------------------------------------------------------------- */

START_TEST(test_errors_lexical) {
  ERR("a = \"\xff\"\n", "line 1, column 6: invalid UTF-8 byte 0xFF");
  ERR("a = \"\xed\xa0\x80\"\n", "line 1, column 6: invalid UTF-8 byte 0xED");
  ERR("a = \"\xc0\xaf\"\n", "line 1, column 6: invalid UTF-8 byte 0xC0");
  ERR("a = 1\rb = 2\n", "line 1, column 6: carriage return not followed by a line feed");
  ERR("# bad \x01 comment\n", "line 1, column 7: control character 0x01 in a comment");
  ERR("a = \"bad \x7f\"\n", "line 1, column 10: control character 0x7F in a string");
  ERR("a = 1 b = 2\n", "line 1, column 7: expected a newline or end of input, found 'b'");
  ERR("a = \x0c\n", "line 1, column 5: expected a value, found byte 0x0C");
  ERR("a = \n", "line 1, column 5: expected a value, found end of line");
  ERR("a = ", "line 1, column 5: expected a value, found end of input");
  ERR("a = #x\n", "line 1, column 5: expected a value, found end of line");
  ERR("a = tru\n", "line 1, column 5: expected a value, found 't'");
  ERR("a = @\n", "line 1, column 5: expected a value, found '@'");
}
END_TEST

START_TEST(test_errors_keys) {
  ERR("= 1\n", "line 1, column 1: expected a key, found '='");
  ERR("a b = 1\n", "line 1, column 3: expected '=' after a key");
  ERR("a.\n", "line 1, column 3: expected a key, found end of line");
  ERR("\"\"\"k\"\"\" = 1\n", "line 1, column 1: a key cannot be a multi-line string");
  ERR("a = 1\na = 2\n", "line 2, column 1: duplicate key 'a' (first defined on line 1)");
  ERR("a = 1\na.b = 2\n", "line 2, column 1: key 'a' is already defined (line 1); dotted keys cannot add to it");
  ERR("a.b.c = 1\na.b = 2\n", "line 2, column 3: duplicate key 'a.b' (first defined on line 1)");
  ERR("[a.b.c]\nz = 9\n[a]\nb.c.t = 1\n",
      "line 4, column 1: key 'b' is already defined (line 1); dotted keys cannot add to it");
  ERR("a = {k = 1}\na.x = 2\n", "line 2, column 1: key 'a' is already defined (line 1); dotted keys cannot add to it");
}
END_TEST

START_TEST(test_errors_strings) {
  ERR("a = \"abc\n", "line 1, column 5: unterminated string");
  ERR("a = 'abc", "line 1, column 5: unterminated string");
  ERR("a = \"\"\"abc\n", "line 1, column 5: unterminated multi-line string");
  ERR("a = '''abc''''''\n", "line 1, column 11: too many quotes at the end of a multi-line string");
  ERR("a = \"\\q\"\n", "line 1, column 6: invalid escape sequence '\\q'");
  ERR("a = \"\\e\"\n", "line 1, column 6: invalid escape sequence '\\e'");
  ERR("a = \"\\u12\"\n", "line 1, column 6: escape \\u needs 4 hexadecimal digits");
  ERR("a = \"\\uD800\"\n", "line 1, column 6: escape \\uD800 is not a Unicode scalar value");
  ERR("a = \"\\U00110000\"\n", "line 1, column 6: escape \\U00110000 is not a Unicode scalar value");
  ERR("a = \"tab\tok \x01\"\n", "line 1, column 13: control character 0x01 in a string");
  ERR("a = \"\"\"x\ry\"\"\"\n", "line 1, column 9: carriage return not followed by a line feed");
}
END_TEST

START_TEST(test_errors_numbers) {
  ERR("a = 01\n", "line 1, column 5: '01': leading zeros are not allowed");
  ERR("a = -01.5\n", "line 1, column 5: '-01.5': leading zeros are not allowed");
  ERR("a = 1__0\n", "line 1, column 5: '1__0' is not a valid value");
  ERR("a = 1_\n", "line 1, column 5: '1_' is not a valid value");
  ERR("a = +0x1\n", "line 1, column 5: '+0x1': a sign is not allowed on a hexadecimal, octal or binary integer");
  ERR("a = 0o8\n", "line 1, column 5: '0o8' is not a valid value");
  ERR("a = 0X1\n", "line 1, column 5: '0X1' is not a valid value");
  ERR("a = 9223372036854775808\n", "line 1, column 5: '9223372036854775808': integer out of range (64-bit signed)");
  ERR("a = 0x8000000000000000\n", "line 1, column 5: '0x8000000000000000': integer out of range (64-bit signed)");
  ERR("a = 1.\n", "line 1, column 5: '1.' is not a valid value");
  ERR("a = .5\n", "line 1, column 5: expected a value, found '.'");
  ERR("a = 1e\n", "line 1, column 5: '1e' is not a valid value");
  ERR("a = 1e400\n", "line 1, column 5: '1e400': float out of range");
  ERR("a = infinity\n", "line 1, column 5: 'infinity' is not a valid value");
  ERR("a = 1.5.5\n", "line 1, column 5: '1.5.5' is not a valid value");
}
END_TEST

START_TEST(test_errors_datetimes) {
  ERR("a = 1979-02-30\n", "line 1, column 5: date 1979-02-30 does not exist");
  ERR("a = 1979-13-01\n", "line 1, column 5: date 1979-13-01 does not exist");
  ERR("a = 1979-1-01\n", "line 1, column 5: malformed date: expected YYYY-MM-DD");
  ERR("a = 1979-01-01T25:00:00\n", "line 1, column 16: time 25:00:00 is out of range");
  ERR("a = 07:32\n", "line 1, column 5: malformed time: expected HH:MM:SS");
  ERR("a = 07:32:00.\n", "line 1, column 14: fractional seconds need at least one digit");
  ERR("a = 1979-01-01T07:32:00+0700\n", "line 1, column 24: malformed offset: expected Z or +HH:MM / -HH:MM");
  ERR("a = 1979-01-01T07:32:00+24:00\n", "line 1, column 24: offset +24:00 is out of range");
  ERR("a = 07:32:00Z\n", "line 1, column 13: expected a newline or end of input, found 'Z'");
}
END_TEST

START_TEST(test_errors_arrays_inline) {
  ERR("a = [1, 2\n", "line 1, column 5: unterminated array");
  ERR("a = [1 2]\n", "line 1, column 8: expected ',' or ']' in an array, found '2'");
  ERR("a = [,]\n", "line 1, column 6: expected a value, found ','");
  ERR("a = {x = 1,}\n", "line 1, column 12: trailing comma is not allowed in an inline table");
  ERR("a = {x = 1\n}\n", "line 1, column 11: inline table must close with '}' on the same line");
  ERR("a = {\nx = 1}\n", "line 1, column 6: inline table must close with '}' on the same line");
  ERR("a = {x = 1 y = 2}\n", "line 1, column 12: expected ',' or '}' in an inline table, found 'y'");
  ERR("a = {b = {}, b.c = 1}\n", "line 1, column 14: key 'b' is already defined (line 1); dotted keys cannot add to it");
  char deep[1000];
  memset(deep, '[', sizeof deep);
  memcpy(deep, "a = ", 4);
  expect_error(deep, sizeof deep, "line 1, column 205: arrays and inline tables nest too deeply (limit 200)");
}
END_TEST

START_TEST(test_errors_tables) {
  ERR("[a]\n[a]\n", "line 2, column 1: [a]: table already defined (line 1)");
  ERR("[a]\nb = 1\n[a.b]\n", "line 3, column 1: [a.b]: key already defined (line 2)");
  ERR("[a]\nb.c = 1\n[a.b]\n", "line 3, column 1: [a.b]: table already defined (line 2)");
  ERR("a = [1]\n[[a]]\n", "line 2, column 1: [[a]]: key already defined as array (line 1)");
  ERR("[a]\n[[a]]\n", "line 2, column 1: [[a]]: key already defined as table (line 1)");
  ERR("[[a]]\n[a]\n", "line 2, column 1: [a]: key already defined (line 1)");
  ERR("a = {}\n[a.b]\n", "line 2, column 2: key 'a' is already defined as an inline table (line 1); it cannot hold tables");
  ERR("a = 1\n[a.b]\n", "line 2, column 2: key 'a' is already defined as integer (line 1); it cannot hold tables");
  ERR("[a\n", "line 1, column 3: expected ']' to close the table header");
  ERR("[[a]\n", "line 1, column 5: expected ']]' to close the array-of-tables header");
  ERR("[]\n", "line 1, column 2: expected a key, found ']'");
  ERR("[a] x = 1\n", "line 1, column 5: expected a newline or end of input, found 'x'");
}
END_TEST

START_TEST(test_errors_limits) {
  char text[600];
  size_t n = 0;
  for (int i = 0; i < 129; i++)
    n += (size_t)snprintf(text + n, sizeof text - n, "%sk", i ? "." : "");
  n += (size_t)snprintf(text + n, sizeof text - n, " = 1\n");
  expect_error(text, n, "line 1, column 257: dotted key has too many parts");
  ERR("a = {}\n[[a]]\n", "line 2, column 1: [[a]]: key already defined as an inline table (line 1)");
}
END_TEST

START_TEST(test_error_buffer_small) {
  char err[8];
  struct toml_doc *d = toml_parse("a = ", 4, err, sizeof err);
  ck_assert_ptr_null(d);
  ck_assert_str_eq(err, "line 1,");
  d = toml_parse("a = ", 4, NULL, 0);
  ck_assert_ptr_null(d);
}
END_TEST

int main(void) {
  Suite *s = suite_create("toml");
  TCase *tv = tcase_create("values");
  tcase_add_test(tv, test_strings);
  tcase_add_test(tv, test_crlf);
  tcase_add_test(tv, test_integers);
  tcase_add_test(tv, test_floats);
  tcase_add_test(tv, test_bools);
  tcase_add_test(tv, test_datetimes);
  tcase_add_test(tv, test_arrays);
  tcase_add_test(tv, test_tables_and_order);
  tcase_add_test(tv, test_many_keys_indexed);
  tcase_add_test(tv, test_positions_and_bom);
  tcase_add_test(tv, test_wrong_type_accessors);
  suite_add_tcase(s, tv);
  TCase *te = tcase_create("errors");
  tcase_add_test(te, test_errors_lexical);
  tcase_add_test(te, test_errors_keys);
  tcase_add_test(te, test_errors_strings);
  tcase_add_test(te, test_errors_numbers);
  tcase_add_test(te, test_errors_datetimes);
  tcase_add_test(te, test_errors_arrays_inline);
  tcase_add_test(te, test_errors_tables);
  tcase_add_test(te, test_errors_limits);
  tcase_add_test(te, test_error_buffer_small);
  suite_add_tcase(s, te);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? 0 : 1;
}
