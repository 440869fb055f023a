/* common/utf8.c -- UTF-8 well-formedness check (RFC 3629), shared by the
 * frame decoder and the broker's check of script sources. */
#include "config.h"

#include "common/utf8.h"

#include <stdint.h>

/* Length of the sequence starting with lead byte c, and the smallest code
 * point it may encode; 0 for a byte that cannot start a sequence. */
static size_t
utf8_sequence(uint8_t c, uint32_t *min)
{
  if (c < 0x80) {
    *min = 0;
    return 1;
  }
  if (c >= 0xC2 && c <= 0xDF) {
    *min = 0x80;
    return 2;
  }
  if (c >= 0xE0 && c <= 0xEF) {
    *min = 0x800;
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    *min = 0x10000;
    return 4;
  }
  return 0;
}

bool
box_utf8_valid(const void *buf, size_t len)
{
  const uint8_t *p = buf;
  size_t i = 0;

  while (i < len) {
    uint32_t min = 0, cp;
    size_t n = utf8_sequence(p[i], &min), k;

    if (n == 0 || n > len - i)
      return false;
    cp = n == 1 ? p[i] : (uint32_t)(p[i] & (0x7F >> n));
    for (k = 1; k < n; k++) {
      if ((p[i + k] & 0xC0) != 0x80)
        return false;
      cp = cp << 6 | (p[i + k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += n;
  }
  return true;
}
