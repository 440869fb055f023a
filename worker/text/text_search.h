/* worker/text/text_search.h -- substring search over byte buffers: find,
 * rfind, count, replace, startswith/endswith, partition.  Works for str
 * (internal UTF-8: a byte match is always a code point match) and bytes
 * alike; results are byte offsets, the caller maps them to code point
 * indexes (text_utf8.h).  For start/end arguments the caller passes the
 * sub-buffer and adds its offset back. */
#ifndef BOX_TEXT_SEARCH_H
#define BOX_TEXT_SEARCH_H

#include <stddef.h>
#include <stdbool.h>
#include <sys/types.h>
#include "worker/text/text_buf.h"

/* Byte offset of the first / last occurrence of needle, or -1.  An empty
 * needle matches at 0 (find) or hlen (rfind). */
ssize_t text_find(const char *h, size_t hlen, const char *n, size_t nlen);
ssize_t text_rfind(const char *h, size_t hlen, const char *n, size_t nlen);
/* Byte offset of the first / last byte c, or -1. */
ssize_t text_find_byte(const char *h, size_t hlen, unsigned char c);
ssize_t text_rfind_byte(const char *h, size_t hlen, unsigned char c);

/* Number of non-overlapping occurrences, at most maxcount.  For an empty
 * needle CPython counts positions: the caller returns ncp + 1 (str, ncp =
 * code points) or hlen + 1 (bytes) itself. */
size_t text_count(const char *h, size_t hlen, const char *n, size_t nlen, size_t maxcount);

bool text_startswith(const char *s, size_t len, const char *p, size_t plen);
bool text_endswith(const char *s, size_t len, const char *p, size_t plen);

/* How an empty `old` splits the haystack in replace. */
enum text_unit {
	TEXT_UNIT_CP = 0,    /* str: between code points */
	TEXT_UNIT_BYTE = 1,  /* bytes: between bytes */
};
/* str.replace / bytes.replace: append h with the first `count` occurrences
 * of old replaced by new (count < 0: all) to out.  Checks the result size
 * before allocating (TEXT_ENOMEM when it overflows or the allocator says
 * no). */
int text_replace(const char *h, size_t hlen, const char *old, size_t oldlen,
		 const char *new_, size_t newlen, ssize_t count, enum text_unit unit,
		 struct text_buf *out);

/* partition / rpartition: true with *pos = byte offset of sep when found
 * (first / last occurrence).  sep must be non-empty (the caller raises
 * ValueError: empty separator). */
bool text_partition(const char *s, size_t len, const char *sep, size_t seplen, size_t *pos);
bool text_rpartition(const char *s, size_t len, const char *sep, size_t seplen, size_t *pos);

#endif
