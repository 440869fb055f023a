/* worker/text/text_repr.h -- repr() and ascii() of str, repr() of bytes,
 * exactly as CPython 3.11 writes them (quote choice, escapes, isprintable).
 * All append to out and return TEXT_OK or TEXT_ENOMEM. */
#ifndef BOX_TEXT_REPR_H
#define BOX_TEXT_REPR_H

#include <stddef.h>
#include <stdint.h>
#include "worker/text/text_buf.h"

/* repr(str): quotes included.  s is a well-formed internal string. */
int text_repr(const char *s, size_t len, struct text_buf *out);
/* ascii(str): like repr but every non-ASCII code point escaped. */
int text_ascii(const char *s, size_t len, struct text_buf *out);
/* repr(bytes): b'...' (bytearray's repr wraps this: bytearray(b'...')). */
int text_bytes_repr(const char *s, size_t len, struct text_buf *out);

/* Append the escape CPython's repr/ascii uses for code point cp
 * (\xNN, \uNNNN or \UNNNNNNNN), without any printability test. */
int text_put_cp_escape(struct text_buf *out, uint32_t cp);

#endif
