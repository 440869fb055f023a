/* common/toml_int.h -- internals shared by the TOML parser's files
 * (toml.c: arena, tree, document structure; toml_value.c: the value
 * grammar).  Not for use outside common/toml*.c. */
#ifndef BOX_COMMON_TOML_INT_H
#define BOX_COMMON_TOML_INT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "common/arena.h"
#include "common/toml.h"

/* Table flags: how a table came to exist (drives the redefinition rules). */
enum {
  TT_IMPLICIT = 1u << 0, /* created as a parent by a [header] */
  TT_EXPLICIT = 1u << 1, /* defined by its own [header] or [[header]] */
  TT_DOTTED = 1u << 2,   /* created by a dotted key */
  TT_FROZEN = 1u << 3,   /* an inline table: closed for good */
  TA_TABLES = 1u << 4    /* an array built by [[header]] */
};

struct toml_entry {
  const char *key;
  size_t keylen;
  int line;
  struct toml_value *value;
};

struct toml_value {
  enum toml_type type;
  int line, col;
  unsigned flags;
  union {
    struct {
      char *s;
      size_t len;
    } str;
    int64_t i;
    double f;
    int b;
    struct toml_datetime dt;
    struct {
      struct toml_value **v;
      size_t n, cap;
    } arr;
    struct {
      struct toml_entry *e;
      size_t n, cap;
      uint32_t *slots; /* hash index (entry index + 1), NULL while small */
      size_t nslots;
    } tab;
  } u;
};

/* Growable scratch buffer (malloc'd, reused while parsing). */
struct toml_buf {
  char *s;
  size_t len, cap;
};

struct parser {
  const char *start, *p, *end;
  int line;
  const char *line_start;
  struct arena *arena;
  struct toml_buf scratch;
  char *err;
  size_t errlen;
  int failed;
  int depth;
};

#define TOML_MAX_DEPTH 200


/* Records the first error at the current position; returns -1. */
int toml_fail(struct parser *P, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int toml_fail_at(struct parser *P, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int toml_column_at(const struct parser *P, const char *pos);
/* "'x'" for a printable ASCII character, else "character 0xNN". */
const char *toml_char_desc(const struct parser *P, char buf[24]);

int buf_putc(struct parser *P, struct toml_buf *b, char c);
int buf_put(struct parser *P, struct toml_buf *b, const char *s, size_t n);

struct toml_value *toml_new(struct parser *P, enum toml_type type);
int toml_array_push(struct parser *P, struct toml_value *arr, struct toml_value *v);
struct toml_value *toml_table_find(const struct toml_value *t, const char *key, size_t len);
int toml_table_add(struct parser *P, struct toml_value *t, const char *key, size_t len,
                   int line, struct toml_value *v);

/* Lexing helpers (toml_value.c). */
int toml_at_newline(const struct parser *P);
int toml_skip_newline(struct parser *P); /* 1 if one was consumed, -1 on bare CR */
void toml_skip_ws(struct parser *P);
int toml_skip_comment(struct parser *P); /* 0 ok (or none), -1 bad char */
/* Skips whitespace, newlines and comments (inside arrays). */
int toml_skip_ws_nl_comments(struct parser *P);

/* A simple key (bare, "basic" or 'literal'): copied into the arena. */
int toml_parse_simple_key(struct parser *P, const char **key, size_t *len);
/* Any value; *out is allocated in the arena. */
int toml_parse_value(struct parser *P, struct toml_value **out);
/* key = value inside table t with the dotted-key rules (also used by the
 * document level); caller has positioned P at the key. */
int toml_parse_keyval(struct parser *P, struct toml_value *t);

#endif
