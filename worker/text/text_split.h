/* worker/text/text_split.h -- split, rsplit and splitlines for str and
 * bytes with CPython 3.11's rules (str whitespace = text_cp_isspace, bytes
 * whitespace = ASCII " \t\n\r\x0b\x0c"; str line boundaries include
 * \x0b \x0c \x1c \x1d \x1e \x85 \u2028 \u2029, bytes only \n \r \r\n).
 *
 * Pieces are reported as byte spans through a callback; a non-zero return
 * from the callback stops the split and is returned.  split and
 * splitlines report pieces left to right; rsplit reports them right to
 * left (the caller reverses to get CPython's list order).  maxsplit < 0
 * means no limit. */
#ifndef BOX_TEXT_SPLIT_H
#define BOX_TEXT_SPLIT_H

#include <stddef.h>
#include <stdbool.h>
#include <sys/types.h>

typedef int (*text_span_fn)(void *ctx, size_t start, size_t len);

/* str.split() / str.rsplit() with sep=None. */
int text_split_ws(const char *s, size_t len, ssize_t maxsplit, text_span_fn fn, void *ctx);
int text_rsplit_ws(const char *s, size_t len, ssize_t maxsplit, text_span_fn fn, void *ctx);
/* split / rsplit on a non-empty separator (str or bytes). */
int text_split_sep(const char *s, size_t len, const char *sep, size_t seplen,
		   ssize_t maxsplit, text_span_fn fn, void *ctx);
int text_rsplit_sep(const char *s, size_t len, const char *sep, size_t seplen,
		    ssize_t maxsplit, text_span_fn fn, void *ctx);
/* str.splitlines(keepends). */
int text_splitlines(const char *s, size_t len, bool keepends, text_span_fn fn, void *ctx);

/* bytes variants (ASCII whitespace, \n \r \r\n lines). */
int text_bytes_split_ws(const char *s, size_t len, ssize_t maxsplit, text_span_fn fn, void *ctx);
int text_bytes_rsplit_ws(const char *s, size_t len, ssize_t maxsplit, text_span_fn fn, void *ctx);
int text_bytes_splitlines(const char *s, size_t len, bool keepends, text_span_fn fn, void *ctx);

#endif
