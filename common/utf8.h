/* common/utf8.h -- UTF-8 well-formedness check. */
#ifndef BOX_COMMON_UTF8_H
#define BOX_COMMON_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* True when buf holds well-formed UTF-8 (no overlongs, no surrogates, nothing
 * above U+10FFFF).  NUL bytes are well-formed. */
bool box_utf8_valid(const void *buf, size_t len);

#endif
