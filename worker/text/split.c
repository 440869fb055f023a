/* worker/text/split.c -- split/rsplit/splitlines for str and bytes, the
 * loops of CPython 3.11's Objects/stringlib/split.h over UTF-8 byte
 * offsets.  See text_split.h. */
#include "config.h"

#include "worker/text/text_split.h"
#include "worker/text/text_ctype.h"
#include "worker/text/text_search.h"
#include "worker/text/text_utf8.h"

typedef bool (*space_fn)(const char *s, size_t len, size_t pos, size_t *next);

/* Is the code point at pos whitespace?  *next = the offset after it. */
static bool str_space_at(const char *s, size_t len, size_t pos, size_t *next)
{
	unsigned char c = (unsigned char)s[pos];
	if (c < 0x80) {
		*next = pos + 1;
		return text_cp_isspace(c);
	}
	*next = pos;
	return text_cp_isspace(text_utf8_next(s, len, next));
}

static bool bytes_space_at(const char *s, size_t len, size_t pos, size_t *next)
{
	(void)len;
	*next = pos + 1;
	return text_bytes_isspace_char((unsigned char)s[pos]);
}

/* Is the code point ending at `end` whitespace?  *start = its offset. */
static bool str_space_before(const char *s, size_t end, size_t *start)
{
	unsigned char c = (unsigned char)s[end - 1];
	if (c < 0x80) {
		*start = end - 1;
		return text_cp_isspace(c);
	}
	*start = end;
	return text_cp_isspace(text_utf8_prev(s, start));
}

static bool bytes_space_before(const char *s, size_t end, size_t *start)
{
	*start = end - 1;
	return text_bytes_isspace_char((unsigned char)s[end - 1]);
}

static int split_ws(const char *s, size_t len, ssize_t maxsplit, space_fn space,
		    text_span_fn fn, void *ctx)
{
	size_t maxcount = maxsplit < 0 ? SIZE_MAX : (size_t)maxsplit;
	size_t i = 0, next;
	int st;
	while (maxcount-- > 0) {
		while (i < len && space(s, len, i, &next))
			i = next;
		if (i == len)
			return 0;
		size_t j = i;
		space(s, len, i, &next);
		i = next;
		while (i < len && !space(s, len, i, &next))
			i = next;
		if ((st = fn(ctx, j, i - j)) != 0)
			return st;
	}
	while (i < len && space(s, len, i, &next))
		i = next;
	if (i < len)
		return fn(ctx, i, len - i);
	return 0;
}

typedef bool (*space_before_fn)(const char *s, size_t end, size_t *start);

static int rsplit_ws(const char *s, size_t len, ssize_t maxsplit, space_before_fn space,
		     text_span_fn fn, void *ctx)
{
	size_t maxcount = maxsplit < 0 ? SIZE_MAX : (size_t)maxsplit;
	size_t i = len, start; /* i: end of the unscanned prefix */
	int st;
	while (maxcount-- > 0) {
		while (i > 0 && space(s, i, &start))
			i = start;
		if (i == 0)
			return 0;
		size_t j = i;
		space(s, i, &start);
		i = start;
		while (i > 0 && !space(s, i, &start))
			i = start;
		if ((st = fn(ctx, i, j - i)) != 0)
			return st;
	}
	while (i > 0 && space(s, i, &start))
		i = start;
	if (i > 0)
		return fn(ctx, 0, i);
	return 0;
}

int text_split_ws(const char *s, size_t len, ssize_t maxsplit, text_span_fn fn, void *ctx)
{
	return split_ws(s, len, maxsplit, str_space_at, fn, ctx);
}

int text_rsplit_ws(const char *s, size_t len, ssize_t maxsplit, text_span_fn fn, void *ctx)
{
	return rsplit_ws(s, len, maxsplit, str_space_before, fn, ctx);
}

int text_bytes_split_ws(const char *s, size_t len, ssize_t maxsplit, text_span_fn fn, void *ctx)
{
	return split_ws(s, len, maxsplit, bytes_space_at, fn, ctx);
}

int text_bytes_rsplit_ws(const char *s, size_t len, ssize_t maxsplit, text_span_fn fn, void *ctx)
{
	return rsplit_ws(s, len, maxsplit, bytes_space_before, fn, ctx);
}

int text_split_sep(const char *s, size_t len, const char *sep, size_t seplen,
		   ssize_t maxsplit, text_span_fn fn, void *ctx)
{
	size_t maxcount = maxsplit < 0 ? SIZE_MAX : (size_t)maxsplit;
	size_t i = 0;
	int st;
	while (maxcount-- > 0) {
		ssize_t pos = text_find(s + i, len - i, sep, seplen);
		if (pos < 0)
			break;
		if ((st = fn(ctx, i, (size_t)pos)) != 0)
			return st;
		i += (size_t)pos + seplen;
	}
	return fn(ctx, i, len - i);
}

int text_rsplit_sep(const char *s, size_t len, const char *sep, size_t seplen,
		    ssize_t maxsplit, text_span_fn fn, void *ctx)
{
	size_t maxcount = maxsplit < 0 ? SIZE_MAX : (size_t)maxsplit;
	size_t j = len;
	int st;
	while (maxcount-- > 0) {
		ssize_t pos = text_rfind(s, j, sep, seplen);
		if (pos < 0)
			break;
		size_t after = (size_t)pos + seplen;
		if ((st = fn(ctx, after, j - after)) != 0)
			return st;
		j = (size_t)pos;
	}
	return fn(ctx, 0, j);
}

/* Length in bytes of the line break at pos, or 0 when there is none. */
static size_t str_linebreak_at(const char *s, size_t len, size_t pos)
{
	unsigned char c = (unsigned char)s[pos];
	if (c < 0x80) {
		if (c == '\r' && pos + 1 < len && s[pos + 1] == '\n')
			return 2;
		return text_cp_islinebreak(c) ? 1 : 0;
	}
	size_t next = pos;
	uint32_t cp = text_utf8_next(s, len, &next);
	return text_cp_islinebreak(cp) ? next - pos : 0;
}

static size_t bytes_linebreak_at(const char *s, size_t len, size_t pos)
{
	if (s[pos] == '\r')
		return pos + 1 < len && s[pos + 1] == '\n' ? 2 : 1;
	return s[pos] == '\n';
}

typedef size_t (*linebreak_fn)(const char *s, size_t len, size_t pos);

/* The bytes a str line break can start with: \n \v \f \r, \x1c-\x1e,
 * and the lead bytes of U+0085 (C2) and U+2028/U+2029 (E2).  Every other
 * byte (ASCII, a continuation byte, another lead byte) is skipped without
 * decoding. */
static const bool str_break_start[256] = {
	['\n'] = true, ['\v'] = true, ['\f'] = true, ['\r'] = true,
	[0x1c] = true, [0x1d] = true, [0x1e] = true, [0xC2] = true, [0xE2] = true,
};

static int splitlines(const char *s, size_t len, bool keepends, linebreak_fn lb, bool utf8,
		      text_span_fn fn, void *ctx)
{
	size_t i = 0, j = 0;
	int st;
	while (i < len) {
		size_t brk = 0;
		while (i < len) {
			if (utf8 && !str_break_start[(unsigned char)s[i]]) {
				i++;
				continue;
			}
			if ((brk = lb(s, len, i)) != 0)
				break;
			i += utf8 ? text_utf8_seq_len((unsigned char)s[i]) : 1;
		}
		size_t eol = i;
		if (i < len) {
			i += brk;
			if (keepends)
				eol = i;
		}
		if ((st = fn(ctx, j, eol - j)) != 0)
			return st;
		j = i;
	}
	return 0;
}

int text_splitlines(const char *s, size_t len, bool keepends, text_span_fn fn, void *ctx)
{
	return splitlines(s, len, keepends, str_linebreak_at, true, fn, ctx);
}

int text_bytes_splitlines(const char *s, size_t len, bool keepends, text_span_fn fn, void *ctx)
{
	return splitlines(s, len, keepends, bytes_linebreak_at, false, fn, ctx);
}
