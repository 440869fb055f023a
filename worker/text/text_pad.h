/* worker/text/text_pad.h -- strip/lstrip/rstrip, expandtabs, zfill and
 * center/ljust/rjust for str and bytes with CPython 3.11's results.
 * Result sizes are computed with overflow checks before allocating. */
#ifndef BOX_TEXT_PAD_H
#define BOX_TEXT_PAD_H

#include <stddef.h>
#include <stdint.h>
#include "worker/text/text_buf.h"
#include "worker/text/text_search.h"   /* enum text_unit */

enum text_strip_side {
	TEXT_STRIP_LEFT = 1,
	TEXT_STRIP_RIGHT = 2,
	TEXT_STRIP_BOTH = 3,
};

/* The kept part of s is [*start, *end) (byte offsets). */
void text_strip_ws(const char *s, size_t len, enum text_strip_side side,
		   size_t *start, size_t *end);
/* chars: a str whose code points are stripped (empty: nothing stripped). */
void text_strip_chars(const char *s, size_t len, const char *chars, size_t charslen,
		      enum text_strip_side side, size_t *start, size_t *end);
/* bytes: ASCII whitespace, or any byte of chars. */
void text_bytes_strip_ws(const char *s, size_t len, enum text_strip_side side,
			 size_t *start, size_t *end);
void text_bytes_strip_chars(const char *s, size_t len, const char *chars, size_t charslen,
			    enum text_strip_side side, size_t *start, size_t *end);

/* expandtabs(tabsize): columns count code points (TEXT_UNIT_CP) or bytes;
 * \n and \r reset the column; tabsize <= 0 removes tabs.  TEXT_EOVERFLOW
 * when the size overflows: CPython raises OverflowError "new string is too
 * long" (str) / "result too long" (bytes). */
int text_expandtabs(const char *s, size_t len, long tabsize, enum text_unit unit,
		    struct text_buf *out);

/* str.zfill / bytes.zfill: ncp is the length in code points (bytes: len).
 * Appends the result (a copy when width <= ncp). */
int text_zfill(const char *s, size_t len, size_t ncp, size_t width, struct text_buf *out);

/* ljust/rjust/center with one fill code point (bytes: fill < 256 is one
 * byte: pass TEXT_UNIT_BYTE).  ncp as above.  Appends the result. */
int text_ljust(const char *s, size_t len, size_t ncp, size_t width, uint32_t fill,
	       enum text_unit unit, struct text_buf *out);
int text_rjust(const char *s, size_t len, size_t ncp, size_t width, uint32_t fill,
	       enum text_unit unit, struct text_buf *out);
int text_center(const char *s, size_t len, size_t ncp, size_t width, uint32_t fill,
		enum text_unit unit, struct text_buf *out);

#endif
