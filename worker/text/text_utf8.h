/* worker/text/text_utf8.h -- the UTF-8 core: encoding and decoding single
 * code points, strict validation, code point counting and code point index
 * -> byte offset mapping (with a sparse index for long non-ASCII strings).
 *
 * "Internal" strings (Python str) are well-formed generalized UTF-8: every
 * code point 0..0x10FFFF encoded on its own in the shortest form, lone
 * surrogates included as 3-byte sequences ED A0..BF xx.  The fast decoders
 * below trust that form; use text_wtf8_check() on untrusted input first. */
#ifndef BOX_TEXT_UTF8_H
#define BOX_TEXT_UTF8_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "common/utf8.h" /* box_utf8_encode */

#define TEXT_MAX_CP 0x10FFFFu

static inline bool text_cp_is_surrogate(uint32_t cp)
{
	return cp >= 0xD800 && cp <= 0xDFFF;
}

/* Bytes needed to encode cp (1..4); cp must be <= 0x10FFFF. */
static inline size_t text_utf8_cp_len(uint32_t cp)
{
	return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/* Length of the sequence starting with lead byte c in a well-formed string. */
static inline size_t text_utf8_seq_len(unsigned char c)
{
	return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* Decode the code point at s[*pos] of a well-formed internal string and
 * advance *pos past it.  Requires *pos < len.  On malformed input it never
 * reads past len nor returns more than U+10FFFF (a truncated sequence
 * gives U+FFFD and advances one byte), but the values are meaningless. */
static inline uint32_t text_utf8_next(const char *s, size_t len, size_t *pos)
{
	const unsigned char *p = (const unsigned char *)s + *pos;
	uint32_t c = p[0], cp;
	size_t n = text_utf8_seq_len((unsigned char)c);
	if (__builtin_expect(n > len - *pos, 0)) {
		*pos += 1;
		return 0xFFFD;
	}
	switch (n) {
	case 1:
		*pos += 1;
		return c;
	case 2:
		*pos += 2;
		return ((c & 0x1F) << 6) | (p[1] & 0x3F);
	case 3:
		*pos += 3;
		return ((c & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
	default:
		*pos += 4;
		cp = ((c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) |
		     ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
		return cp <= TEXT_MAX_CP ? cp : 0xFFFD;
	}
}

/* Step back over the code point ending at s[*pos - 1] (requires *pos > 0),
 * set *pos to its first byte and return it. */
static inline uint32_t text_utf8_prev(const char *s, size_t *pos)
{
	size_t end = *pos, p = end - 1;
	while (p > 0 && ((unsigned char)s[p] & 0xC0) == 0x80)
		p--;
	*pos = p;
	size_t q = p;
	return text_utf8_next(s, end, &q);
}

/* Decode the single code point of a well-formed internal string (len 1..4). */
uint32_t text_utf8_decode1(const char *s, size_t len);

/* True when every byte is < 0x80 (word-at-a-time). */
bool text_is_ascii(const char *s, size_t len);

/* Why strict UTF-8 decoding stops, with CPython's reason strings. */
enum text_utf8_fault {
	TEXT_UTF8_OK = 0,
	TEXT_UTF8_INVALID_START,        /* "invalid start byte" */
	TEXT_UTF8_INVALID_CONTINUATION, /* "invalid continuation byte" */
	TEXT_UTF8_UNEXPECTED_END,       /* "unexpected end of data" */
};
const char *text_utf8_fault_reason(enum text_utf8_fault f);

/* Check s for strict UTF-8 (no surrogates, no overlongs, <= U+10FFFF).
 * Returns TEXT_UTF8_OK, or the fault at byte *bad_pos with *bad_len bytes in
 * the bad sequence as CPython's decoder counts them (the start/end of the
 * UnicodeDecodeError are bad_pos and bad_pos + bad_len). */
enum text_utf8_fault text_utf8_check(const char *s, size_t len, size_t *bad_pos, size_t *bad_len);
/* Like text_utf8_check but also accepts encoded surrogates (the internal
 * form); use it on strings coming from outside the library. */
bool text_wtf8_check(const char *s, size_t len, size_t *bad_pos);

/* Number of code points in a well-formed internal string. */
size_t text_utf8_count(const char *s, size_t len);
/* Byte offset reached by skipping n code points from byte offset `from`
 * (stops at len). */
size_t text_utf8_skip(const char *s, size_t len, size_t from, size_t n);
/* Byte offset of code point `index` (index <= count gives <= len); linear. */
static inline size_t text_utf8_offset(const char *s, size_t len, size_t index)
{
	return text_utf8_skip(s, len, 0, index);
}

/* Sparse index: marks[k] = byte offset of code point k*TEXT_INDEX_STRIDE,
 * for k = 0 .. text_index_marks(ncp)-1.  The caller allocates the array
 * (e.g. lazily, once per non-ASCII string longer than the stride) and keeps
 * it with the string; lookups then cost at most STRIDE-1 steps. */
#define TEXT_INDEX_STRIDE 64
static inline size_t text_index_marks(size_t ncp)
{
	return ncp / TEXT_INDEX_STRIDE + 1;
}
void text_index_build(const char *s, size_t len, size_t *marks, size_t nmarks);
/* Byte offset of code point index (0 <= index <= ncp) using the marks. */
size_t text_index_offset(const char *s, size_t len, const size_t *marks, size_t nmarks,
			 size_t index);
/* Code point index of byte offset off (a code point boundary). */
size_t text_index_cp_of(const char *s, size_t len, const size_t *marks, size_t nmarks,
			size_t off);

#endif
