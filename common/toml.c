/* common/toml.c -- TOML 1.0 parser: the tree, the public
 * accessors, and the document grammar (key/value lines, [table] and
 * [[array of tables]] headers, dotted keys and the redefinition rules).
 * Values themselves (strings, numbers, date-times, arrays, inline tables)
 * are parsed in toml_value.c. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/toml_int.h"

struct toml_doc {
  struct arena arena;
  struct toml_value *root;
};

/* ---- errors ------------------------------------------------------------- */

int toml_column_at(const struct parser *P, const char *pos) {
  int col = 1;
  for (const char *q = P->line_start; q < pos && q < P->end; q++)
    if (((unsigned char)*q & 0xC0) != 0x80)
      col++;
  return col;
}

static int vfail(struct parser *P, int line, int col, const char *fmt, va_list ap) {
  if (P->failed)
    return -1;
  P->failed = 1;
  if (P->errlen == 0)
    return -1;
  int n = snprintf(P->err, P->errlen, "line %d, column %d: ", line, col);
  if (n >= 0 && (size_t)n < P->errlen)
    vsnprintf(P->err + n, P->errlen - (size_t)n, fmt, ap);
  return -1;
}

int toml_fail(struct parser *P, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(P, P->line, toml_column_at(P, P->p), fmt, ap);
  va_end(ap);
  return -1;
}

int toml_fail_at(struct parser *P, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(P, line, col, fmt, ap);
  va_end(ap);
  return -1;
}

const char *toml_char_desc(const struct parser *P, char buf[24]) {
  if (P->p >= P->end)
    return "end of input";
  unsigned char c = (unsigned char)*P->p;
  if (c == '\n' || c == '\r')
    return "end of line";
  if (c >= 0x20 && c < 0x7F)
    snprintf(buf, 24, "'%c'", c);
  else
    snprintf(buf, 24, "byte 0x%02X", c);
  return buf;
}

/* ---- scratch buffer ----------------------------------------------------- */

int buf_put(struct parser *P, struct toml_buf *b, const char *s, size_t n) {
  if (b->cap - b->len < n + 1) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap - b->len < n + 1) {
      if (__builtin_mul_overflow(cap, 2, &cap))
        return toml_fail(P, "out of memory");
    }
    char *ns = realloc(b->s, cap);
    if (ns == NULL)
      return toml_fail(P, "out of memory");
    b->s = ns;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
  return 0;
}

int buf_putc(struct parser *P, struct toml_buf *b, char c) { return buf_put(P, b, &c, 1); }

/* ---- tree --------------------------------------------------------------- */

struct toml_value *toml_new(struct parser *P, enum toml_type type) {
  struct toml_value *v = arena_try_alloc(P->arena, sizeof *v);
  if (v == NULL) {
    toml_fail(P, "out of memory");
    return NULL;
  }
  memset(v, 0, sizeof *v);
  v->type = type;
  v->line = P->line;
  v->col = toml_column_at(P, P->p);
  return v;
}

int toml_array_push(struct parser *P, struct toml_value *arr, struct toml_value *v) {
  if (arr->u.arr.n == arr->u.arr.cap) {
    size_t cap = arr->u.arr.cap ? arr->u.arr.cap * 2 : 4, bytes;
    if (__builtin_mul_overflow(cap, sizeof(struct toml_value *), &bytes))
      return toml_fail(P, "out of memory");
    struct toml_value **nv = arena_try_alloc(P->arena, bytes);
    if (nv == NULL)
      return toml_fail(P, "out of memory");
    if (arr->u.arr.n)
      memcpy(nv, arr->u.arr.v, arr->u.arr.n * sizeof *nv);
    arr->u.arr.v = nv;
    arr->u.arr.cap = cap;
  }
  arr->u.arr.v[arr->u.arr.n++] = v;
  return 0;
}

static uint32_t key_hash(const char *key, size_t len) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < len; i++) {
    h ^= (unsigned char)key[i];
    h *= 16777619u;
  }
  return h;
}

#define TABLE_INDEX_MIN 8

struct toml_value *toml_table_find(const struct toml_value *t, const char *key, size_t len) {
  if (t == NULL || t->type != TOML_TABLE)
    return NULL;
  if (t->u.tab.slots != NULL) {
    size_t mask = t->u.tab.nslots - 1;
    for (size_t i = key_hash(key, len) & mask;; i = (i + 1) & mask) {
      uint32_t s = t->u.tab.slots[i];
      if (s == 0)
        return NULL;
      const struct toml_entry *e = &t->u.tab.e[s - 1];
      if (e->keylen == len && memcmp(e->key, key, len) == 0)
        return e->value;
    }
  }
  for (size_t i = 0; i < t->u.tab.n; i++) {
    const struct toml_entry *e = &t->u.tab.e[i];
    if (e->keylen == len && memcmp(e->key, key, len) == 0)
      return e->value;
  }
  return NULL;
}

static int reindex(struct parser *P, struct toml_value *t) {
  size_t nslots = 16;
  while (nslots < t->u.tab.cap * 2)
    nslots *= 2;
  if (nslots > UINT32_MAX)
    return toml_fail(P, "table too large");
  uint32_t *slots = arena_try_alloc(P->arena, nslots * sizeof *slots);
  if (slots == NULL)
    return toml_fail(P, "out of memory");
  memset(slots, 0, nslots * sizeof *slots);
  for (size_t k = 0; k < t->u.tab.n; k++) {
    const struct toml_entry *e = &t->u.tab.e[k];
    size_t i = key_hash(e->key, e->keylen) & (nslots - 1);
    while (slots[i] != 0)
      i = (i + 1) & (nslots - 1);
    slots[i] = (uint32_t)(k + 1);
  }
  t->u.tab.slots = slots;
  t->u.tab.nslots = nslots;
  return 0;
}

int toml_table_add(struct parser *P, struct toml_value *t, const char *key, size_t len,
                   int line, struct toml_value *v) {
  if (t->u.tab.n == t->u.tab.cap) {
    size_t cap = t->u.tab.cap ? t->u.tab.cap * 2 : 4, bytes;
    if (cap >= UINT32_MAX || __builtin_mul_overflow(cap, sizeof(struct toml_entry), &bytes))
      return toml_fail(P, "table too large");
    struct toml_entry *ne = arena_try_alloc(P->arena, bytes);
    if (ne == NULL)
      return toml_fail(P, "out of memory");
    if (t->u.tab.n)
      memcpy(ne, t->u.tab.e, t->u.tab.n * sizeof *ne);
    t->u.tab.e = ne;
    t->u.tab.cap = cap;
    t->u.tab.slots = NULL;
  }
  struct toml_entry *e = &t->u.tab.e[t->u.tab.n++];
  e->key = key;
  e->keylen = len;
  e->line = line;
  e->value = v;
  if (t->u.tab.cap >= TABLE_INDEX_MIN) {
    if (t->u.tab.slots == NULL)
      return reindex(P, t);
    size_t mask = t->u.tab.nslots - 1;
    size_t i = key_hash(key, len) & mask;
    while (t->u.tab.slots[i] != 0)
      i = (i + 1) & mask;
    t->u.tab.slots[i] = (uint32_t)t->u.tab.n;
  }
  return 0;
}

/* ---- keys ----------------------------------------------------------------- */

struct key_part {
  const char *key;
  size_t len;
  int col;
};

#define MAX_KEY_PARTS 128

/* key ( ws '.' ws key )* */
static int parse_dotted_key(struct parser *P, struct key_part *parts, size_t *nparts) {
  size_t n = 0;
  for (;;) {
    if (n == MAX_KEY_PARTS)
      return toml_fail(P, "dotted key has too many parts");
    parts[n].col = toml_column_at(P, P->p);
    if (toml_parse_simple_key(P, &parts[n].key, &parts[n].len) < 0)
      return -1;
    n++;
    toml_skip_ws(P);
    if (P->p < P->end && *P->p == '.') {
      P->p++;
      toml_skip_ws(P);
      continue;
    }
    break;
  }
  *nparts = n;
  return 0;
}

static void print_key(char *out, size_t outlen, const struct key_part *parts, size_t n) {
  size_t used = 0;
  out[0] = '\0';
  for (size_t i = 0; i < n && used + 1 < outlen; i++) {
    int w = snprintf(out + used, outlen - used, "%s%.*s", i ? "." : "",
                     (int)(parts[i].len > 60 ? 60 : parts[i].len), parts[i].key);
    if (w < 0)
      break;
    used += (size_t)w;
  }
}

static struct toml_value *new_table(struct parser *P, unsigned flags, int col) {
  struct toml_value *t = toml_new(P, TOML_TABLE);
  if (t != NULL) {
    t->flags = flags;
    t->col = col;
  }
  return t;
}

int toml_parse_keyval(struct parser *P, struct toml_value *t) {
  struct key_part parts[MAX_KEY_PARTS];
  size_t n;
  int line = P->line;
  char name[256];
  if (parse_dotted_key(P, parts, &n) < 0)
    return -1;
  if (P->p >= P->end || *P->p != '=')
    return toml_fail(P, "expected '=' after a key");
  P->p++;
  toml_skip_ws(P);
  for (size_t i = 0; i + 1 < n; i++) {
    struct toml_value *sub = toml_table_find(t, parts[i].key, parts[i].len);
    if (sub == NULL) {
      sub = new_table(P, TT_DOTTED, parts[i].col);
      if (sub == NULL || toml_table_add(P, t, parts[i].key, parts[i].len, line, sub) < 0)
        return -1;
    } else if (sub->type != TOML_TABLE || !(sub->flags & TT_DOTTED) || (sub->flags & TT_FROZEN)) {
      print_key(name, sizeof name, parts, i + 1);
      return toml_fail_at(P, line, parts[i].col,
                          "key '%s' is already defined (line %d); dotted keys cannot add to it",
                          name, sub->line);
    }
    t = sub;
  }
  struct toml_value *old = toml_table_find(t, parts[n - 1].key, parts[n - 1].len);
  if (old != NULL) {
    print_key(name, sizeof name, parts, n);
    return toml_fail_at(P, line, parts[n - 1].col, "duplicate key '%s' (first defined on line %d)",
                        name, old->line);
  }
  struct toml_value *v;
  if (toml_parse_value(P, &v) < 0)
    return -1;
  return toml_table_add(P, t, parts[n - 1].key, parts[n - 1].len, line, v);
}

/* ---- headers ------------------------------------------------------------ */

/* [a.b.c] or [[a.b.c]]: returns the table that following keys go into. */
static int parse_header(struct parser *P, struct toml_value *root, struct toml_value **current) {
  struct key_part parts[MAX_KEY_PARTS];
  size_t n;
  int line = P->line;
  int col = toml_column_at(P, P->p);
  char name[256];
  int is_array = P->p + 1 < P->end && P->p[1] == '[';
  P->p += is_array ? 2 : 1;
  toml_skip_ws(P);
  if (parse_dotted_key(P, parts, &n) < 0)
    return -1;
  if (P->p >= P->end || *P->p != ']')
    return toml_fail(P, is_array ? "expected ']]' to close the array-of-tables header"
                                 : "expected ']' to close the table header");
  P->p++;
  if (is_array) {
    if (P->p >= P->end || *P->p != ']')
      return toml_fail(P, "expected ']]' to close the array-of-tables header");
    P->p++;
  }
  struct toml_value *t = root;
  for (size_t i = 0; i + 1 < n; i++) {
    struct toml_value *sub = toml_table_find(t, parts[i].key, parts[i].len);
    if (sub == NULL) {
      sub = new_table(P, TT_IMPLICIT, parts[i].col);
      if (sub == NULL || toml_table_add(P, t, parts[i].key, parts[i].len, line, sub) < 0)
        return -1;
    } else if (sub->type == TOML_ARRAY && (sub->flags & TA_TABLES)) {
      sub = sub->u.arr.v[sub->u.arr.n - 1];
    } else if (sub->type != TOML_TABLE || (sub->flags & TT_FROZEN)) {
      print_key(name, sizeof name, parts, i + 1);
      return toml_fail_at(P, line, parts[i].col,
                          "key '%s' is already defined as %s (line %d); it cannot hold tables",
                          name, sub->flags & TT_FROZEN ? "an inline table" : toml_type_name(sub->type),
                          sub->line);
    }
    t = sub;
  }
  const char *key = parts[n - 1].key;
  size_t len = parts[n - 1].len;
  struct toml_value *old = toml_table_find(t, key, len);
  print_key(name, sizeof name, parts, n);
  if (is_array) {
    struct toml_value *arr = old;
    if (arr == NULL) {
      arr = toml_new(P, TOML_ARRAY);
      if (arr == NULL)
        return -1;
      arr->flags = TA_TABLES;
      arr->col = col;
      if (toml_table_add(P, t, key, len, line, arr) < 0)
        return -1;
    } else if (arr->type != TOML_ARRAY || !(arr->flags & TA_TABLES)) {
      return toml_fail_at(P, line, col, "[[%s]]: key already defined as %s (line %d)", name,
                          arr->flags & TT_FROZEN ? "an inline table" : toml_type_name(arr->type),
                          arr->line);
    }
    struct toml_value *elem = new_table(P, TT_EXPLICIT, col);
    if (elem == NULL || toml_array_push(P, arr, elem) < 0)
      return -1;
    *current = elem;
    return 0;
  }
  if (old == NULL) {
    struct toml_value *nt = new_table(P, TT_EXPLICIT, col);
    if (nt == NULL || toml_table_add(P, t, key, len, line, nt) < 0)
      return -1;
    *current = nt;
    return 0;
  }
  if (old->type != TOML_TABLE || old->flags != TT_IMPLICIT)
    return toml_fail_at(P, line, col, "[%s]: %s already defined (line %d)", name,
                        old->type == TOML_TABLE ? "table" : "key", old->line);
  old->flags = TT_EXPLICIT;
  old->line = line;
  old->col = col;
  *current = old;
  return 0;
}

/* ---- document ----------------------------------------------------------- */

/* 0 when valid UTF-8; else the offset of the first bad byte in *bad. */
static int utf8_check(const unsigned char *s, size_t len, size_t *bad) {
  size_t i = 0;
  while (i < len) {
    unsigned c = s[i];
    size_t n;
    uint32_t cp;
    if (c < 0x80) {
      i++;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = 1, cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 2, cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 3, cp = c & 0x07;
    } else {
      *bad = i;
      return -1;
    }
    if (len - i <= n) {
      *bad = i;
      return -1;
    }
    for (size_t k = 1; k <= n; k++) {
      if ((s[i + k] & 0xC0) != 0x80) {
        *bad = i;
        return -1;
      }
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
      *bad = i;
      return -1;
    }
    i += n + 1;
  }
  return 0;
}

/* After a key/value or a header: whitespace, a comment, then a newline. */
static int end_of_line(struct parser *P) {
  toml_skip_ws(P);
  if (toml_skip_comment(P) < 0)
    return -1;
  if (P->p >= P->end)
    return 0;
  int nl = toml_skip_newline(P);
  if (nl < 0)
    return -1;
  if (nl == 0)
  {
    char cb[24];
    return toml_fail(P, "expected a newline or end of input, found %s", toml_char_desc(P, cb));
  }
  return 0;
}

static int parse_document(struct parser *P, struct toml_value *root) {
  struct toml_value *current = root;
  while (P->p < P->end) {
    toml_skip_ws(P);
    if (P->p >= P->end)
      break;
    char c = *P->p;
    if (c == '#' || c == '\n' || c == '\r') {
      if (end_of_line(P) < 0)
        return -1;
      continue;
    }
    if (c == '[') {
      if (parse_header(P, root, &current) < 0)
        return -1;
    } else if (toml_parse_keyval(P, current) < 0) {
      return -1;
    }
    if (end_of_line(P) < 0)
      return -1;
  }
  return 0;
}

#define TOML_MAX_INPUT ((size_t)1 << 30)

struct toml_doc *toml_parse(const char *text, size_t len, char *err, size_t errlen) {
  struct parser P;
  memset(&P, 0, sizeof P);
  if (errlen)
    err[0] = '\0';
  P.err = err;
  P.errlen = errlen;
  P.line = 1;
  P.start = P.p = P.line_start = text;
  P.end = text + len;
  if (len > TOML_MAX_INPUT) {
    toml_fail(&P, "document too large (over 1 GiB)");
    return NULL;
  }
  size_t bad;
  if (utf8_check((const unsigned char *)text, len, &bad) < 0) {
    for (size_t i = 0; i < bad; i++)
      if (text[i] == '\n') {
        P.line++;
        P.line_start = text + i + 1;
      }
    P.p = text + bad;
    toml_fail(&P, "invalid UTF-8 byte 0x%02X", (unsigned char)text[bad]);
    return NULL;
  }
  struct toml_doc *doc = calloc(1, sizeof *doc);
  if (doc == NULL) {
    toml_fail(&P, "out of memory");
    return NULL;
  }
  P.arena = &doc->arena;
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
    P.p = P.line_start = text + 3;
  doc->root = new_table(&P, TT_EXPLICIT, 1);
  if (doc->root == NULL || parse_document(&P, doc->root) < 0) {
    free(P.scratch.s);
    toml_free(doc);
    return NULL;
  }
  free(P.scratch.s);
  return doc;
}

void toml_free(struct toml_doc *doc) {
  if (doc == NULL)
    return;
  arena_free(&doc->arena);
  free(doc);
}

/* ---- accessors ------------------------------------------------------------ */

const struct toml_value *toml_root(const struct toml_doc *doc) { return doc ? doc->root : NULL; }

enum toml_type toml_type(const struct toml_value *v) { return v->type; }

const char *toml_type_name(enum toml_type t) {
  switch (t) {
  case TOML_STRING: return "string";
  case TOML_INTEGER: return "integer";
  case TOML_FLOAT: return "float";
  case TOML_BOOL: return "boolean";
  case TOML_DATETIME: return "offset date-time";
  case TOML_DATETIME_LOCAL: return "local date-time";
  case TOML_DATE_LOCAL: return "local date";
  case TOML_TIME_LOCAL: return "local time";
  case TOML_ARRAY: return "array";
  case TOML_TABLE: return "table";
  }
  return "value";
}

int toml_line(const struct toml_value *v) { return v ? v->line : 0; }
int toml_column(const struct toml_value *v) { return v ? v->col : 0; }

size_t toml_table_size(const struct toml_value *t) {
  return t && t->type == TOML_TABLE ? t->u.tab.n : 0;
}

const char *toml_table_key(const struct toml_value *t, size_t i, size_t *keylen) {
  if (t == NULL || t->type != TOML_TABLE || i >= t->u.tab.n)
    return NULL;
  if (keylen)
    *keylen = t->u.tab.e[i].keylen;
  return t->u.tab.e[i].key;
}

const struct toml_value *toml_table_value(const struct toml_value *t, size_t i) {
  if (t == NULL || t->type != TOML_TABLE || i >= t->u.tab.n)
    return NULL;
  return t->u.tab.e[i].value;
}

int toml_table_key_line(const struct toml_value *t, size_t i) {
  if (t == NULL || t->type != TOML_TABLE || i >= t->u.tab.n)
    return 0;
  return t->u.tab.e[i].line;
}

const struct toml_value *toml_table_get(const struct toml_value *t, const char *key) {
  return toml_table_find(t, key, strlen(key));
}

size_t toml_array_size(const struct toml_value *a) {
  return a && a->type == TOML_ARRAY ? a->u.arr.n : 0;
}

const struct toml_value *toml_array_at(const struct toml_value *a, size_t i) {
  if (a == NULL || a->type != TOML_ARRAY || i >= a->u.arr.n)
    return NULL;
  return a->u.arr.v[i];
}

int toml_array_is_table_array(const struct toml_value *a) {
  return a && a->type == TOML_ARRAY && (a->flags & TA_TABLES) != 0;
}

const char *toml_string(const struct toml_value *v, size_t *len) {
  if (v == NULL || v->type != TOML_STRING)
    return NULL;
  if (len)
    *len = v->u.str.len;
  return v->u.str.s;
}

int64_t toml_integer(const struct toml_value *v) {
  return v && v->type == TOML_INTEGER ? v->u.i : 0;
}

double toml_float(const struct toml_value *v) { return v && v->type == TOML_FLOAT ? v->u.f : 0.0; }

int toml_bool(const struct toml_value *v) { return v && v->type == TOML_BOOL ? v->u.b : 0; }

const struct toml_datetime *toml_datetime(const struct toml_value *v) {
  if (v == NULL)
    return NULL;
  switch (v->type) {
  case TOML_DATETIME:
  case TOML_DATETIME_LOCAL:
  case TOML_DATE_LOCAL:
  case TOML_TIME_LOCAL:
    return &v->u.dt;
  default:
    return NULL;
  }
}
