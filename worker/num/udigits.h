/* udigits.h -- the little Unicode the number parsers need: UTF-8
 * decoding, Python's whitespace set (str.isspace) and decimal digit
 * values (category Nd, as int()/float()/format specs accept them). */
#ifndef BOX_NUM_UDIGITS_H
#define BOX_NUM_UDIGITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Decodes one code point at s[*pos] (len bytes total), advancing *pos.
 * Malformed bytes decode as themselves (0x80..0xFF) one at a time; WTF-8
 * surrogates decode normally. */
uint32_t num_utf8_next(const char *s, size_t len, size_t *pos);

/* str.isspace() for one code point. */
bool num_uni_isspace(uint32_t cp);

/* Decimal value 0..9 of a Unicode decimal digit (Nd), or -1. */
int num_uni_decimal(uint32_t cp);

#endif
