/* parse_internal.h -- helpers shared by the text-to-number parsers. */
#ifndef BOX_NUM_PARSE_INTERNAL_H
#define BOX_NUM_PARSE_INTERNAL_H

#include "worker/num/num.h"

/* CPython's _PyUnicode_TransformDecimalAndSpaceToASCII: ASCII kept (NUL
 * becomes '?'), Unicode spaces become ' ', Unicode decimal digits become
 * ASCII digits; anything else becomes '?' and ends the text.  Appends to
 * out (NUL-terminated).  -1 on memory exhaustion. */
int num_to_ascii_number(const char *s, size_t len, struct text_buf *out);

/* True when s is short plain ASCII without NUL (no transformation
 * needed): the parsers then copy it into a stack buffer of this size. */
#define NUM_SHORT_TEXT 64
bool num_short_ascii(const char *s, size_t len);

/* Py_ISSPACE: ASCII whitespace " \t\n\v\f\r". */
bool num_ascii_isspace(char c);

#endif
