/* common/utf8.h -- UTF-8: the well-formedness check, and the one encoder of
 * a code point that every part of the tree uses. */
#ifndef BOX_COMMON_UTF8_H
#define BOX_COMMON_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when buf holds well-formed UTF-8 (no overlongs, no surrogates, nothing
 * above U+10FFFF).  NUL bytes are well-formed. */
bool box_utf8_valid(const void *buf, size_t len);

/* Encodes cp (at most 0x10FFFF) into out and returns the length, 1 to 4.
 * Surrogates U+D800..U+DFFF are encoded as 3 bytes like any other code
 * point (WTF-8, how the interpreter keeps lone surrogates in a str);
 * callers that must refuse them check first. */
static inline size_t box_utf8_encode(uint32_t cp, char out[4])
{
  unsigned char *o = (unsigned char *)out;
  if (cp < 0x80) {
    o[0] = (unsigned char)cp;
    return 1;
  }
  if (cp < 0x800) {
    o[0] = (unsigned char)(0xC0 | (cp >> 6));
    o[1] = (unsigned char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    o[0] = (unsigned char)(0xE0 | (cp >> 12));
    o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    o[2] = (unsigned char)(0x80 | (cp & 0x3F));
    return 3;
  }
  o[0] = (unsigned char)(0xF0 | (cp >> 18));
  o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
  o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
  o[3] = (unsigned char)(0x80 | (cp & 0x3F));
  return 4;
}

#endif
