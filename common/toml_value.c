/* common/toml_value.c -- TOML 1.0 parser: lexing and the value grammar.
 * Whitespace, newlines and comments; keys; the four string kinds and their
 * escapes; integers (decimal, hex, octal, binary, '_' separators, int64
 * range); floats (incl. inf/nan); booleans; offset and local date-times,
 * dates and times; arrays; inline tables. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/toml_int.h"

/* ---- characters ------------------------------------------------------------ */

static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_hex(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int is_bare(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}
/* Control characters TOML forbids in strings and comments (tab allowed). */
static int is_control(int c) { return (c < 0x20 && c != '\t') || c == 0x7F; }

static int describe(int c) { return c >= 0x20 && c < 0x7F ? c : '?'; }

static int peek_is(const struct parser *P, const char *s) {
  size_t n = strlen(s);
  return (size_t)(P->end - P->p) >= n && memcmp(P->p, s, n) == 0;
}

void toml_skip_ws(struct parser *P) {
  while (P->p < P->end && (*P->p == ' ' || *P->p == '\t'))
    P->p++;
}

int toml_at_newline(const struct parser *P) {
  return P->p < P->end && (*P->p == '\n' || (*P->p == '\r' && P->p + 1 < P->end && P->p[1] == '\n'));
}

int toml_skip_newline(struct parser *P) {
  if (P->p >= P->end)
    return 0;
  if (*P->p == '\r') {
    if (P->p + 1 < P->end && P->p[1] == '\n') {
      P->p++;
    } else {
      return toml_fail(P, "carriage return not followed by a line feed");
    }
  }
  if (*P->p != '\n')
    return 0;
  P->p++;
  P->line++;
  P->line_start = P->p;
  return 1;
}

int toml_skip_comment(struct parser *P) {
  if (P->p >= P->end || *P->p != '#')
    return 0;
  while (P->p < P->end && *P->p != '\n') {
    unsigned char c = (unsigned char)*P->p;
    if (c == '\r' && toml_at_newline(P))
      break;
    if (is_control(c))
      return toml_fail(P, "control character 0x%02X in a comment", c);
    P->p++;
  }
  return 0;
}

int toml_skip_ws_nl_comments(struct parser *P) {
  for (;;) {
    toml_skip_ws(P);
    if (toml_skip_comment(P) < 0)
      return -1;
    int nl = toml_skip_newline(P);
    if (nl < 0)
      return -1;
    if (nl == 0)
      return 0;
  }
}

/* ---- strings ------------------------------------------------------------- */

static int put_utf8(struct parser *P, uint32_t cp) {
  char b[4];
  return buf_put(P, &P->scratch, b, box_utf8_encode(cp, b));
}

/* At a backslash inside a basic string. */
static int parse_escape(struct parser *P) {
  const char *at = P->p;
  P->p++;
  if (P->p >= P->end)
    return toml_fail(P, "unterminated string");
  char c = *P->p++;
  switch (c) {
  case 'b': return buf_putc(P, &P->scratch, '\b');
  case 't': return buf_putc(P, &P->scratch, '\t');
  case 'n': return buf_putc(P, &P->scratch, '\n');
  case 'f': return buf_putc(P, &P->scratch, '\f');
  case 'r': return buf_putc(P, &P->scratch, '\r');
  case '"': return buf_putc(P, &P->scratch, '"');
  case '\\': return buf_putc(P, &P->scratch, '\\');
  case 'u':
  case 'U': {
    int n = c == 'u' ? 4 : 8;
    uint32_t cp = 0;
    for (int i = 0; i < n; i++) {
      if (P->p >= P->end || !is_hex((unsigned char)*P->p)) {
        P->p = at;
        return toml_fail(P, "escape \\%c needs %d hexadecimal digits", c, n);
      }
      int d = (unsigned char)*P->p++;
      cp = cp * 16 + (uint32_t)(is_digit(d) ? d - '0' : (d | 0x20) - 'a' + 10);
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      P->p = at;
      return toml_fail(P, "escape \\%c%.*s is not a Unicode scalar value", c, n, at + 2);
    }
    return put_utf8(P, cp);
  }
  default:
    P->p = at;
    return toml_fail(P, "invalid escape sequence '\\%c'", describe((unsigned char)c));
  }
}

/* Copies the finished scratch string into a new string value. */
static int finish_string(struct parser *P, struct toml_value *v) {
  char *s = arena_try_alloc(P->arena, P->scratch.len + 1);
  if (s == NULL)
    return toml_fail(P, "out of memory");
  if (P->scratch.len)
    memcpy(s, P->scratch.s, P->scratch.len);
  s[P->scratch.len] = '\0';
  v->u.str.s = s;
  v->u.str.len = P->scratch.len;
  return 0;
}

/* "basic" or 'literal' on one line; P at the opening quote. */
static int parse_line_string(struct parser *P, char quote) {
  int line = P->line, col = toml_column_at(P, P->p);
  P->scratch.len = 0;
  P->p++;
  for (;;) {
    if (P->p >= P->end || *P->p == '\n' || *P->p == '\r')
      return toml_fail_at(P, line, col, "unterminated string");
    unsigned char c = (unsigned char)*P->p;
    if (c == (unsigned char)quote) {
      P->p++;
      return buf_put(P, &P->scratch, "", 0);
    }
    if (c == '\\' && quote == '"') {
      if (parse_escape(P) < 0)
        return -1;
      continue;
    }
    if (is_control(c))
      return toml_fail(P, "control character 0x%02X in a string", c);
    if (buf_putc(P, &P->scratch, (char)c) < 0)
      return -1;
    P->p++;
  }
}

/* """basic""" or '''literal''' across lines; P at the opening quotes. */
static int parse_multiline_string(struct parser *P, char quote) {
  int line = P->line, col = toml_column_at(P, P->p);
  P->scratch.len = 0;
  P->p += 3;
  if (toml_skip_newline(P) < 0)
    return -1;
  for (;;) {
    if (P->p >= P->end)
      return toml_fail_at(P, line, col, "unterminated multi-line string");
    unsigned char c = (unsigned char)*P->p;
    if (c == (unsigned char)quote) {
      size_t run = 0;
      while (P->p + run < P->end && P->p[run] == quote)
        run++;
      if (run >= 3) {
        if (run > 5)
          return toml_fail(P, "too many quotes at the end of a multi-line string");
        if (buf_put(P, &P->scratch, P->p, run - 3) < 0)
          return -1;
        P->p += run;
        return buf_put(P, &P->scratch, "", 0);
      }
      if (buf_put(P, &P->scratch, P->p, run) < 0)
        return -1;
      P->p += run;
      continue;
    }
    if (c == '\n' || c == '\r') {
      if (toml_skip_newline(P) < 0)
        return -1;
      if (buf_putc(P, &P->scratch, '\n') < 0)
        return -1;
      continue;
    }
    if (c == '\\' && quote == '"') {
      /* A line-ending backslash trims the newline and following blanks. */
      const char *q = P->p + 1;
      while (q < P->end && (*q == ' ' || *q == '\t'))
        q++;
      if (q < P->end && (*q == '\n' || *q == '\r')) {
        P->p = q;
        for (;;) {
          toml_skip_ws(P);
          int nl = toml_skip_newline(P);
          if (nl < 0)
            return -1;
          if (nl == 0)
            break;
        }
        continue;
      }
      if (parse_escape(P) < 0)
        return -1;
      continue;
    }
    if (is_control(c))
      return toml_fail(P, "control character 0x%02X in a string", c);
    if (buf_putc(P, &P->scratch, (char)c) < 0)
      return -1;
    P->p++;
  }
}

static int parse_any_string(struct parser *P, struct toml_value *v) {
  char q = *P->p;
  char triple[4] = {q, q, q, '\0'};
  int rc = peek_is(P, triple) ? parse_multiline_string(P, q) : parse_line_string(P, q);
  return rc < 0 ? -1 : finish_string(P, v);
}

int toml_parse_simple_key(struct parser *P, const char **key, size_t *len) {
  if (P->p >= P->end)
    return toml_fail(P, "expected a key, found end of input");
  char c = *P->p;
  if (c == '"' || c == '\'') {
    if (peek_is(P, c == '"' ? "\"\"\"" : "'''"))
      return toml_fail(P, "a key cannot be a multi-line string");
    if (parse_line_string(P, c) < 0)
      return -1;
  } else {
    const char *s = P->p;
    while (P->p < P->end && is_bare((unsigned char)*P->p))
      P->p++;
    if (P->p == s) {
      char cb[24];
      return toml_fail(P, "expected a key, found %s", toml_char_desc(P, cb));
    }
    P->scratch.len = 0;
    if (buf_put(P, &P->scratch, s, (size_t)(P->p - s)) < 0)
      return -1;
  }
  char *k = arena_try_alloc(P->arena, P->scratch.len + 1);
  if (k == NULL)
    return toml_fail(P, "out of memory");
  memcpy(k, P->scratch.s, P->scratch.len + 1);
  *key = k;
  *len = P->scratch.len;
  return 0;
}

/* ---- numbers ------------------------------------------------------------- */

/* Digits of a base with single '_' between digits; returns count or -1. */
static int scan_digits(const char **pp, const char *end, int base, struct toml_buf *out,
                       struct parser *P) {
  const char *p = *pp;
  int n = 0;
  for (;;) {
    int c = p < end ? (unsigned char)*p : 0;
    int ok = base == 16 ? is_hex(c) : (c >= '0' && c < '0' + base);
    if (!ok)
      break;
    if (out && buf_putc(P, out, (char)c) < 0)
      return -1;
    n++;
    p++;
    if (p < end && *p == '_') {
      int d = p + 1 < end ? (unsigned char)p[1] : 0;
      if (!(base == 16 ? is_hex(d) : (d >= '0' && d < '0' + base)))
        return -1;
      p++;
    }
  }
  *pp = p;
  return n;
}

static int parse_number(struct parser *P, struct toml_value *v) {
  const char *s = P->p;
  const char *e = s;
  while (e < P->end && (is_bare((unsigned char)*e) || *e == '.' || *e == '+'))
    e++;
  int len = (int)(e - s > 64 ? 64 : e - s);
  const char *p = s;
  int sign = 0;
  if (*p == '+' || *p == '-')
    sign = *p++;
  if (e - p >= 3 && p[0] == 'i' && p[1] == 'n' && p[2] == 'f' && e - p == 3) {
    v->type = TOML_FLOAT;
    v->u.f = sign == '-' ? -INFINITY : INFINITY;
    P->p = e;
    return 0;
  }
  if (e - p == 3 && p[0] == 'n' && p[1] == 'a' && p[2] == 'n') {
    v->type = TOML_FLOAT;
    v->u.f = sign == '-' ? -NAN : NAN;
    P->p = e;
    return 0;
  }
  int base = 10;
  if (e - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'o' || p[1] == 'b')) {
    base = p[1] == 'x' ? 16 : p[1] == 'o' ? 8 : 2;
    if (sign)
      return toml_fail(P, "'%.*s': a sign is not allowed on a hexadecimal, octal or binary integer",
                       len, s);
    p += 2;
  }
  struct toml_buf digits = {0};
  const char *q = p;
  int nd = scan_digits(&q, e, base, &digits, P);
  int is_float = 0;
  if (nd <= 0)
    goto bad;
  if (base == 10 && p[0] == '0' && nd > 1)
    goto bad_zero;
  if (base == 10 && q < e && *q == '.') {
    is_float = 1;
    q++;
    if (buf_putc(P, &digits, '.') < 0 || scan_digits(&q, e, 10, &digits, P) <= 0)
      goto bad;
  }
  if (base == 10 && q < e && (*q == 'e' || *q == 'E')) {
    is_float = 1;
    q++;
    if (buf_putc(P, &digits, 'e') < 0)
      goto bad;
    if (q < e && (*q == '+' || *q == '-')) {
      if (buf_putc(P, &digits, *q) < 0)
        goto bad;
      q++;
    }
    if (scan_digits(&q, e, 10, &digits, P) <= 0)
      goto bad;
  }
  if (q != e)
    goto bad;
  if (is_float) {
    errno = 0;
    double d = strtod(digits.s, NULL);
    if (errno == ERANGE && isinf(d)) {
      free(digits.s);
      return toml_fail(P, "'%.*s': float out of range", len, s);
    }
    v->type = TOML_FLOAT;
    v->u.f = sign == '-' ? -d : d;
  } else {
    uint64_t limit = sign == '-' ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX, acc = 0;
    for (size_t i = 0; i < digits.len; i++) {
      int c = (unsigned char)digits.s[i];
      unsigned d = (unsigned)(is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
      if (__builtin_mul_overflow(acc, (uint64_t)base, &acc) ||
          __builtin_add_overflow(acc, (uint64_t)d, &acc) || acc > limit) {
        free(digits.s);
        return toml_fail(P, "'%.*s': integer out of range (64-bit signed)", len, s);
      }
    }
    v->type = TOML_INTEGER;
    v->u.i = sign == '-' ? (int64_t)(0 - acc) : (int64_t)acc;
  }
  free(digits.s);
  P->p = e;
  return 0;
bad_zero:
  free(digits.s);
  return toml_fail(P, "'%.*s': leading zeros are not allowed", len, s);
bad:
  free(digits.s);
  char cb[24];
  if (len == 0)
    return toml_fail(P, "expected a value, found %s", toml_char_desc(P, cb));
  return toml_fail(P, "'%.*s' is not a valid value", len, s);
}

/* ---- date-times ------------------------------------------------------------ */

static int fixed_digits(const char *p, const char *end, int n, int *out) {
  if (end - p < n)
    return -1;
  int v = 0;
  for (int i = 0; i < n; i++) {
    if (!is_digit((unsigned char)p[i]))
      return -1;
    v = v * 10 + (p[i] - '0');
  }
  *out = v;
  return 0;
}

static int days_in_month(int y, int m) {
  static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
    return 29;
  return days[m - 1];
}

/* HH:MM:SS[.frac]; P->p at the first digit. */
static int parse_time(struct parser *P, struct toml_datetime *dt) {
  const char *p = P->p;
  if (fixed_digits(p, P->end, 2, &dt->hour) < 0 || p + 2 >= P->end || p[2] != ':' ||
      fixed_digits(p + 3, P->end, 2, &dt->minute) < 0 || p + 5 >= P->end || p[5] != ':' ||
      fixed_digits(p + 6, P->end, 2, &dt->second) < 0)
    return toml_fail(P, "malformed time: expected HH:MM:SS");
  if (dt->hour > 23 || dt->minute > 59 || dt->second > 60)
    return toml_fail(P, "time %.8s is out of range", p);
  p += 8;
  if (p < P->end && *p == '.') {
    p++;
    int n = 0;
    long ns = 0;
    while (p < P->end && is_digit((unsigned char)*p)) {
      if (n < 9)
        ns = ns * 10 + (*p - '0');
      n++;
      p++;
    }
    if (n == 0) {
      P->p = p;
      return toml_fail(P, "fractional seconds need at least one digit");
    }
    for (int k = n; k < 9; k++)
      ns *= 10;
    dt->nanosecond = (int)ns;
    dt->frac_digits = n > 9 ? 9 : n;
  }
  P->p = p;
  return 0;
}

static int parse_datetime(struct parser *P, struct toml_value *v) {
  struct toml_datetime *dt = &v->u.dt;
  const char *p = P->p;
  if (p + 2 < P->end && p[2] == ':') {
    v->type = TOML_TIME_LOCAL;
    return parse_time(P, dt);
  }
  if (fixed_digits(p, P->end, 4, &dt->year) < 0 || p[4] != '-' ||
      fixed_digits(p + 5, P->end, 2, &dt->month) < 0 || p + 7 >= P->end || p[7] != '-' ||
      fixed_digits(p + 8, P->end, 2, &dt->day) < 0)
    return toml_fail(P, "malformed date: expected YYYY-MM-DD");
  if (dt->month < 1 || dt->month > 12 || dt->day < 1 ||
      dt->day > days_in_month(dt->year, dt->month))
    return toml_fail(P, "date %.10s does not exist", p);
  p += 10;
  v->type = TOML_DATE_LOCAL;
  int has_time = 0;
  if (p < P->end && (*p == 'T' || *p == 't'))
    has_time = 1;
  else if (P->end - p >= 4 && *p == ' ' && is_digit((unsigned char)p[1]) &&
           is_digit((unsigned char)p[2]) && p[3] == ':')
    has_time = 1;
  if (!has_time) {
    P->p = p;
    return 0;
  }
  P->p = p + 1;
  if (parse_time(P, dt) < 0)
    return -1;
  v->type = TOML_DATETIME_LOCAL;
  p = P->p;
  if (p < P->end && (*p == 'Z' || *p == 'z')) {
    v->type = TOML_DATETIME;
    P->p = p + 1;
  } else if (p < P->end && (*p == '+' || *p == '-')) {
    int oh, om;
    if (fixed_digits(p + 1, P->end, 2, &oh) < 0 || p + 3 >= P->end || p[3] != ':' ||
        fixed_digits(p + 4, P->end, 2, &om) < 0)
      return toml_fail(P, "malformed offset: expected Z or +HH:MM / -HH:MM");
    if (oh > 23 || om > 59)
      return toml_fail(P, "offset %.6s is out of range", p);
    dt->offset_minutes = (*p == '-' ? -1 : 1) * (oh * 60 + om);
    v->type = TOML_DATETIME;
    P->p = p + 6;
  }
  return 0;
}

/* ---- arrays and inline tables --------------------------------------------- */

static int parse_array(struct parser *P, struct toml_value *v) {
  v->type = TOML_ARRAY;
  P->p++;
  for (;;) {
    if (toml_skip_ws_nl_comments(P) < 0)
      return -1;
    if (P->p >= P->end)
      return toml_fail_at(P, v->line, v->col, "unterminated array");
    if (*P->p == ']') {
      P->p++;
      return 0;
    }
    struct toml_value *item;
    if (toml_parse_value(P, &item) < 0 || toml_array_push(P, v, item) < 0)
      return -1;
    if (toml_skip_ws_nl_comments(P) < 0)
      return -1;
    if (P->p < P->end && *P->p == ',') {
      P->p++;
      continue;
    }
    if (P->p < P->end && *P->p == ']') {
      P->p++;
      return 0;
    }
    if (P->p >= P->end)
      return toml_fail_at(P, v->line, v->col, "unterminated array");
    char cb[24];
    return toml_fail(P, "expected ',' or ']' in an array, found %s", toml_char_desc(P, cb));
  }
}

static int parse_inline_table(struct parser *P, struct toml_value *v) {
  v->type = TOML_TABLE;
  v->flags = TT_EXPLICIT;
  P->p++;
  toml_skip_ws(P);
  if (P->p < P->end && *P->p == '}') {
    P->p++;
    return 0;
  }
  for (;;) {
    toml_skip_ws(P);
    if (P->p >= P->end || toml_at_newline(P) || *P->p == '\r')
      return toml_fail(P, "inline table must close with '}' on the same line");
    if (*P->p == '}')
      return toml_fail(P, "trailing comma is not allowed in an inline table");
    if (toml_parse_keyval(P, v) < 0)
      return -1;
    toml_skip_ws(P);
    if (P->p < P->end && *P->p == ',') {
      P->p++;
      continue;
    }
    if (P->p < P->end && *P->p == '}') {
      P->p++;
      return 0;
    }
    if (P->p >= P->end || *P->p == '\n' || *P->p == '\r')
      return toml_fail(P, "inline table must close with '}' on the same line");
    char cb[24];
    return toml_fail(P, "expected ',' or '}' in an inline table, found %s", toml_char_desc(P, cb));
  }
}

/* Inline tables' dotted-key tables are frozen with the table (nested inline
 * tables were frozen when they closed, so the walk stops at them). */
static void freeze(struct toml_value *v) {
  v->flags |= TT_FROZEN;
  for (size_t i = 0; i < v->u.tab.n; i++) {
    struct toml_value *c = v->u.tab.e[i].value;
    if (c->type == TOML_TABLE && !(c->flags & TT_FROZEN))
      freeze(c);
  }
}

int toml_parse_value(struct parser *P, struct toml_value **out) {
  struct toml_value *v = toml_new(P, TOML_STRING);
  if (v == NULL)
    return -1;
  *out = v;
  if (P->p >= P->end)
    return toml_fail(P, "expected a value, found end of input");
  unsigned char c = (unsigned char)*P->p;
  switch (c) {
  case '"':
  case '\'':
    return parse_any_string(P, v);
  case '[':
  case '{': {
    if (P->depth >= TOML_MAX_DEPTH)
      return toml_fail(P, "arrays and inline tables nest too deeply (limit %d)", TOML_MAX_DEPTH);
    P->depth++;
    int rc = c == '[' ? parse_array(P, v) : parse_inline_table(P, v);
    P->depth--;
    if (rc == 0 && c == '{')
      freeze(v); /* also the tables its dotted keys made */
    return rc;
  }
  case 't':
  case 'f': {
    const char *word = c == 't' ? "true" : "false";
    size_t n = strlen(word);
    if (peek_is(P, word) && (P->p + n >= P->end || !is_bare((unsigned char)P->p[n]))) {
      v->type = TOML_BOOL;
      v->u.b = c == 't';
      P->p += n;
      return 0;
    }
    break;
  }
  default:
    break;
  }
  if (c == '\n' || c == '\r' || c == '#')
    return toml_fail(P, "expected a value, found end of line");
  if (is_digit(c)) {
    const char *p = P->p;
    if ((P->end - p >= 5 && is_digit((unsigned char)p[1]) && is_digit((unsigned char)p[2]) &&
         is_digit((unsigned char)p[3]) && p[4] == '-') ||
        (P->end - p >= 3 && is_digit((unsigned char)p[1]) && p[2] == ':'))
      return parse_datetime(P, v);
  }
  if (is_digit(c) || c == '+' || c == '-' || c == 'i' || c == 'n')
    return parse_number(P, v);
  char cb[24];
  return toml_fail(P, "expected a value, found %s", toml_char_desc(P, cb));
}
