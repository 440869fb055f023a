/* common/toml.h -- a TOML 1.0 parser (the whole language, checked strictly).
 *
 * toml_parse() turns a document into a tree of values kept in one arena and
 * freed with toml_free().  Tables keep their keys in insertion order.  Every
 * value remembers the line and column it was written at, so a consumer can
 * name the place of a problem.  On bad input toml_parse() returns NULL and
 * writes "line L, column C: <what is wrong>" into err. */
#ifndef BOX_COMMON_TOML_H
#define BOX_COMMON_TOML_H

#include <stddef.h>
#include <stdint.h>

enum toml_type {
  TOML_STRING,
  TOML_INTEGER,
  TOML_FLOAT,
  TOML_BOOL,
  TOML_DATETIME,       /* offset date-time */
  TOML_DATETIME_LOCAL, /* local date-time */
  TOML_DATE_LOCAL,
  TOML_TIME_LOCAL,
  TOML_ARRAY,
  TOML_TABLE
};

/* Fields that the value's type does not carry are 0. */
struct toml_datetime {
  int year, month, day;
  int hour, minute, second;
  int nanosecond;     /* fractional seconds, digits past the ninth dropped */
  int frac_digits;    /* how many fraction digits were written (0 = none) */
  int offset_minutes; /* TOML_DATETIME only: east of UTC; "Z" is 0 */
};

struct toml_doc;
struct toml_value;

/* Parses len bytes of text (UTF-8, optional BOM).  NULL on error. */
struct toml_doc *toml_parse(const char *text, size_t len, char *err, size_t errlen);
void toml_free(struct toml_doc *doc);

/* The root table. */
const struct toml_value *toml_root(const struct toml_doc *doc);

enum toml_type toml_type(const struct toml_value *v);
/* "string", "integer", "float", "boolean", "offset date-time", "local
 * date-time", "local date", "local time", "array", "table". */
const char *toml_type_name(enum toml_type t);
int toml_line(const struct toml_value *v);   /* 1-based */
int toml_column(const struct toml_value *v); /* 1-based, in characters */

/* Tables: entries in insertion order. */
size_t toml_table_size(const struct toml_value *table);
const char *toml_table_key(const struct toml_value *table, size_t i, size_t *keylen);
const struct toml_value *toml_table_value(const struct toml_value *table, size_t i);
/* Line of the key that introduced entry i (the header line for a [table]). */
int toml_table_key_line(const struct toml_value *table, size_t i);
/* NULL when absent (or when table is not a table). */
const struct toml_value *toml_table_get(const struct toml_value *table, const char *key);

/* Arrays (also arrays of tables). */
size_t toml_array_size(const struct toml_value *array);
const struct toml_value *toml_array_at(const struct toml_value *array, size_t i);
/* 1 when the array was built by [[header]] sections. */
int toml_array_is_table_array(const struct toml_value *array);

/* Scalars; each asserts nothing and returns 0/NULL for another type. */
const char *toml_string(const struct toml_value *v, size_t *len); /* NUL-terminated too */
int64_t toml_integer(const struct toml_value *v);
double toml_float(const struct toml_value *v);
int toml_bool(const struct toml_value *v);
const struct toml_datetime *toml_datetime(const struct toml_value *v);

#endif
