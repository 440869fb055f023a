/* worker/text/text_ctype.h -- character classes: per code point predicates
 * and numeric values with CPython 3.11's definitions, and the whole-string
 * predicates of str (isalpha ... isidentifier) and bytes.
 *
 * Whole-string functions read a well-formed internal string (text_utf8.h)
 * and follow CPython: most are false for the empty string. */
#ifndef BOX_TEXT_CTYPE_H
#define BOX_TEXT_CTYPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "worker/text/text_buf.h"

/* Per code point (Py_UNICODE_IS* in CPython). */
bool text_cp_isspace(uint32_t cp);      /* str.split()/strip() whitespace */
bool text_cp_islinebreak(uint32_t cp);  /* str.splitlines() boundaries */
bool text_cp_isalpha(uint32_t cp);      /* categories Lu Ll Lt Lm Lo */
bool text_cp_isdecimal(uint32_t cp);
bool text_cp_isdigit(uint32_t cp);
bool text_cp_isnumeric(uint32_t cp);
bool text_cp_isalnum(uint32_t cp);
bool text_cp_isupper(uint32_t cp);
bool text_cp_islower(uint32_t cp);
bool text_cp_istitle(uint32_t cp);
bool text_cp_iscased(uint32_t cp);
bool text_cp_iscaseignorable(uint32_t cp);
bool text_cp_isprintable(uint32_t cp);  /* repr() escapes the others */
bool text_cp_isxidstart(uint32_t cp);
bool text_cp_isxidcontinue(uint32_t cp);
/* Decimal / digit value (0..9) or -1; int() and float() accept any
 * decimal code point (text_cp_decimal) as a digit. */
int text_cp_decimal(uint32_t cp);
int text_cp_digit(uint32_t cp);
/* Numeric value; false when the code point has none. */
bool text_cp_numeric(uint32_t cp, double *value);

/* str predicates (CPython 3.11 semantics). */
bool text_isascii(const char *s, size_t len);
bool text_isalpha(const char *s, size_t len);
bool text_isalnum(const char *s, size_t len);
bool text_isdecimal(const char *s, size_t len);
bool text_isdigit(const char *s, size_t len);
bool text_isnumeric(const char *s, size_t len);
bool text_isspace(const char *s, size_t len);
bool text_islower(const char *s, size_t len);
bool text_isupper(const char *s, size_t len);
bool text_istitle(const char *s, size_t len);
bool text_isprintable(const char *s, size_t len);  /* true for "" */
bool text_isidentifier(const char *s, size_t len);

/* For the tokenizer: byte offset of the first code point that makes s not
 * an identifier (first not XID_Start/'_', later not XID_Continue), or len
 * when s (non-empty) is one.  CPython's parser then NFKC-normalises
 * non-ASCII identifiers: text_identifier_nfkc appends that form to out
 * (TEXT_OK / TEXT_ENOMEM). */
size_t text_identifier_bad_offset(const char *s, size_t len);
int text_identifier_nfkc(const char *s, size_t len, struct text_buf *out);

/* bytes/bytearray predicates (ASCII rules; isspace = " \t\n\r\x0b\x0c"). */
bool text_bytes_isspace_char(unsigned char c);
bool text_bytes_isalpha(const char *s, size_t len);
bool text_bytes_isalnum(const char *s, size_t len);
bool text_bytes_isdigit(const char *s, size_t len);
bool text_bytes_isspace(const char *s, size_t len);
bool text_bytes_islower(const char *s, size_t len);
bool text_bytes_isupper(const char *s, size_t len);
bool text_bytes_istitle(const char *s, size_t len);
bool text_bytes_isascii(const char *s, size_t len);

#endif
