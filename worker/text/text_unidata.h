/* worker/text/text_unidata.h -- the cores of Python's unicodedata module
 * (Unicode 14.0.0, as CPython 3.11), on libunistring's tables plus a few
 * of our own where libunistring has no public API (east_asian_width).
 *
 * Functions that CPython makes raise take a struct text_error *; the
 * caller implements the `default` argument by catching TEXT_EVALUE. */
#ifndef BOX_TEXT_UNIDATA_H
#define BOX_TEXT_UNIDATA_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "worker/text/text_buf.h"

#define TEXT_UNIDATA_VERSION "14.0.0"

/* unicodedata.name: appends the name to out; ValueError "no such name". */
int text_ud_name(uint32_t cp, struct text_buf *out, struct text_error *err);
/* unicodedata.lookup: appends the character (or named sequence) as an
 * internal string; KeyError "undefined character name '<name>'" (or
 * "name too long" past 256 bytes).  Names match case-insensitively and
 * name aliases are accepted, as in CPython. */
int text_ud_lookup(const char *name, size_t len, struct text_buf *out, struct text_error *err);

/* One code point by name, for "\N{...}" escapes: like text_ud_lookup
 * (aliases accepted) but named sequences are not characters, so they fail
 * like unknown names (KeyError text as above). */
int text_ud_lookup_cp(const char *name, size_t len, uint32_t *cp, struct text_error *err);

/* "Lu", "Cn", ...; "Cn" for unassigned code points. */
const char *text_ud_category(uint32_t cp);
/* "L", "AN", ...; "" for unassigned code points as CPython. */
const char *text_ud_bidirectional(uint32_t cp);
int text_ud_combining(uint32_t cp);
int text_ud_mirrored(uint32_t cp);
/* "F" "H" "W" "Na" "A" "N". */
const char *text_ud_east_asian_width(uint32_t cp);
/* unicodedata.decomposition: "<compat> 0020 0301" or "" (appended). */
int text_ud_decomposition(uint32_t cp, struct text_buf *out);

/* decimal / digit / numeric: ValueError "not a decimal" / "not a digit" /
 * "not a numeric character" when cp has no such value. */
int text_ud_decimal(uint32_t cp, long *value, struct text_error *err);
int text_ud_digit(uint32_t cp, long *value, struct text_error *err);
int text_ud_numeric(uint32_t cp, double *value, struct text_error *err);

enum text_nf { TEXT_NFC, TEXT_NFD, TEXT_NFKC, TEXT_NFKD };
/* "NFC" ... -> form; ValueError "invalid normalization form". */
int text_ud_form(const char *name, size_t len, enum text_nf *form, struct text_error *err);
/* unicodedata.normalize(form, s): appends the normalised internal string. */
int text_ud_normalize(enum text_nf form, const char *s, size_t len, struct text_buf *out);
/* unicodedata.is_normalized(form, s) (TEXT_OK or TEXT_ENOMEM). */
int text_ud_is_normalized(enum text_nf form, const char *s, size_t len, bool *result);

#endif
