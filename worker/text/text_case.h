/* worker/text/text_case.h -- case mapping of whole strings exactly as
 * CPython 3.11's str.upper/lower/casefold/title/capitalize/swapcase (full
 * SpecialCasing mappings, final sigma), per code point full mappings, and
 * the ASCII-only bytes/bytearray variants.
 *
 * The str functions read a well-formed internal string (see text_utf8.h)
 * and append the result to out; they return TEXT_OK or TEXT_ENOMEM. */
#ifndef BOX_TEXT_CASE_H
#define BOX_TEXT_CASE_H

#include <stddef.h>
#include <stdint.h>
#include "worker/text/text_buf.h"

int text_upper(const char *s, size_t len, struct text_buf *out);
int text_lower(const char *s, size_t len, struct text_buf *out);
int text_casefold(const char *s, size_t len, struct text_buf *out);
int text_title(const char *s, size_t len, struct text_buf *out);
int text_capitalize(const char *s, size_t len, struct text_buf *out);
int text_swapcase(const char *s, size_t len, struct text_buf *out);

/* Full (context-free) mappings of one code point: write 1..3 code points to
 * out and return how many.  Lower does not apply the final sigma rule. */
int text_cp_upper_full(uint32_t cp, uint32_t out[3]);
int text_cp_lower_full(uint32_t cp, uint32_t out[3]);
int text_cp_title_full(uint32_t cp, uint32_t out[3]);
int text_cp_fold_full(uint32_t cp, uint32_t out[3]);
/* Simple (1:1) mappings, as CPython's Py_UNICODE_TOUPPER etc. */
uint32_t text_cp_upper(uint32_t cp);
uint32_t text_cp_lower(uint32_t cp);
uint32_t text_cp_title(uint32_t cp);

/* bytes/bytearray: ASCII-only, same length; out may equal s. */
void text_bytes_upper(const char *s, size_t len, char *out);
void text_bytes_lower(const char *s, size_t len, char *out);
void text_bytes_title(const char *s, size_t len, char *out);
void text_bytes_capitalize(const char *s, size_t len, char *out);
void text_bytes_swapcase(const char *s, size_t len, char *out);

#endif
