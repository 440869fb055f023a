/* worker/text/pad.c -- strip, expandtabs, zfill and ljust/rjust/center
 * for str and bytes with CPython 3.11's results (unicodeobject.c and
 * stringlib/transmogrify.h).  See text_pad.h. */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "worker/text/text_pad.h"
#include "worker/text/text_ctype.h"
#include "worker/text/text_utf8.h"

typedef bool (*strip_pred)(const void *ctx, uint32_t cp);

static void strip_by(const char *s, size_t len, enum text_strip_side side, bool utf8,
		     strip_pred pred, const void *ctx, size_t *start, size_t *end)
{
	size_t i = 0, j = len;
	if (side & TEXT_STRIP_LEFT) {
		while (i < len) {
			size_t next = i;
			uint32_t cp = utf8 ? text_utf8_next(s, len, &next) : (unsigned char)s[next++];
			if (!pred(ctx, cp))
				break;
			i = next;
		}
	}
	if (side & TEXT_STRIP_RIGHT) {
		while (j > i) {
			size_t prev = j;
			uint32_t cp = utf8 ? text_utf8_prev(s, &prev) : (unsigned char)s[--prev];
			if (!pred(ctx, cp))
				break;
			j = prev;
		}
	}
	*start = i;
	*end = j;
}

static bool pred_str_space(const void *ctx, uint32_t cp)
{
	(void)ctx;
	return text_cp_isspace(cp);
}

static bool pred_bytes_space(const void *ctx, uint32_t cp)
{
	(void)ctx;
	return text_bytes_isspace_char((unsigned char)cp);
}

/* A set of code points: a bitmap for the ASCII/byte ones, the UTF-8 text
 * for the others. */
struct cpset {
	uint8_t low[32];
	const char *s;
	size_t len;
	bool utf8;
};

static void cpset_init(struct cpset *set, const char *chars, size_t len, bool utf8)
{
	memset(set, 0, sizeof *set);
	set->s = chars;
	set->len = len;
	set->utf8 = utf8;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)chars[i];
		if (!utf8 || c < 0x80)
			set->low[c >> 3] |= (uint8_t)(1u << (c & 7));
	}
}

static bool pred_cpset(const void *ctx, uint32_t cp)
{
	const struct cpset *set = ctx;
	if (cp < 256 && (!set->utf8 || cp < 0x80))
		return set->low[cp >> 3] & (1u << (cp & 7));
	if (!set->utf8)
		return false;
	size_t pos = 0;
	while (pos < set->len)
		if (text_utf8_next(set->s, set->len, &pos) == cp)
			return true;
	return false;
}

void text_strip_ws(const char *s, size_t len, enum text_strip_side side,
		   size_t *start, size_t *end)
{
	strip_by(s, len, side, true, pred_str_space, NULL, start, end);
}

void text_strip_chars(const char *s, size_t len, const char *chars, size_t charslen,
		      enum text_strip_side side, size_t *start, size_t *end)
{
	struct cpset set;
	cpset_init(&set, chars, charslen, true);
	strip_by(s, len, side, true, pred_cpset, &set, start, end);
}

void text_bytes_strip_ws(const char *s, size_t len, enum text_strip_side side,
			 size_t *start, size_t *end)
{
	strip_by(s, len, side, false, pred_bytes_space, NULL, start, end);
}

void text_bytes_strip_chars(const char *s, size_t len, const char *chars, size_t charslen,
			    enum text_strip_side side, size_t *start, size_t *end)
{
	struct cpset set;
	cpset_init(&set, chars, charslen, false);
	strip_by(s, len, side, false, pred_cpset, &set, start, end);
}

int text_expandtabs(const char *s, size_t len, long tabsize, enum text_unit unit,
		    struct text_buf *out)
{
	bool utf8 = unit == TEXT_UNIT_CP;
	/* First pass: the result size in bytes. */
	size_t col = 0, total = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		size_t n = utf8 ? text_utf8_seq_len(c) : 1;
		if (c == '\t') {
			if (tabsize > 0) {
				size_t incr = (size_t)tabsize - col % (size_t)tabsize;
				if (__builtin_add_overflow(col, incr, &col) ||
				    __builtin_add_overflow(total, incr, &total))
					return TEXT_EOVERFLOW;
			}
		} else {
			col++;
			if (__builtin_add_overflow(total, n, &total))
				return TEXT_EOVERFLOW;
			if (c == '\n' || c == '\r')
				col = 0;
		}
		i += n;
	}
	if (total > (size_t)SSIZE_MAX)
		return TEXT_EOVERFLOW;
	if (text_buf_reserve(out, total) != TEXT_OK)
		return TEXT_ENOMEM;
	col = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		size_t n = utf8 ? text_utf8_seq_len(c) : 1;
		if (c == '\t') {
			if (tabsize > 0) {
				size_t incr = (size_t)tabsize - col % (size_t)tabsize;
				text_buf_fill(out, ' ', incr);
				col += incr;
			}
		} else {
			text_buf_append(out, s + i, n);
			col++;
			if (c == '\n' || c == '\r')
				col = 0;
		}
		i += n;
	}
	return TEXT_OK;
}

/* Append `left` fills, s, `right` fills, sizing the buffer once. */
static int pad(const char *s, size_t len, size_t left, size_t right, uint32_t fill,
	       enum text_unit unit, struct text_buf *out)
{
	char enc[4];
	size_t flen = 1;
	if (unit == TEXT_UNIT_CP)
		flen = box_utf8_encode(fill, enc);
	else
		enc[0] = (char)fill;
	size_t fills, bytes, total;
	if (__builtin_add_overflow(left, right, &fills) ||
	    __builtin_mul_overflow(fills, flen, &bytes) ||
	    __builtin_add_overflow(bytes, len, &total) ||
	    text_buf_reserve(out, total) != TEXT_OK)
		return TEXT_ENOMEM;
	for (size_t k = 0; k < left; k++)
		text_buf_append(out, enc, flen);
	text_buf_append(out, s, len);
	for (size_t k = 0; k < right; k++)
		text_buf_append(out, enc, flen);
	return TEXT_OK;
}

int text_ljust(const char *s, size_t len, size_t ncp, size_t width, uint32_t fill,
	       enum text_unit unit, struct text_buf *out)
{
	return pad(s, len, 0, width > ncp ? width - ncp : 0, fill, unit, out);
}

int text_rjust(const char *s, size_t len, size_t ncp, size_t width, uint32_t fill,
	       enum text_unit unit, struct text_buf *out)
{
	return pad(s, len, width > ncp ? width - ncp : 0, 0, fill, unit, out);
}

int text_center(const char *s, size_t len, size_t ncp, size_t width, uint32_t fill,
		enum text_unit unit, struct text_buf *out)
{
	if (width <= ncp)
		return text_buf_append(out, s, len);
	size_t marg = width - ncp;
	size_t left = marg / 2 + (marg & width & 1);
	return pad(s, len, left, marg - left, fill, unit, out);
}

int text_zfill(const char *s, size_t len, size_t ncp, size_t width, struct text_buf *out)
{
	if (width <= ncp)
		return text_buf_append(out, s, len);
	size_t fill = width - ncp;
	size_t base = out->len;
	int st = pad(s, len, fill, 0, '0', TEXT_UNIT_BYTE, out);
	if (st != TEXT_OK)
		return st;
	/* Move a sign to the front. */
	char c = out->data[base + fill];
	if (len > 0 && (c == '+' || c == '-')) {
		out->data[base] = c;
		out->data[base + fill] = '0';
	}
	return TEXT_OK;
}
