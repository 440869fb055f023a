/* worker/text/utf8.c -- the UTF-8 core: strict validation with CPython's
 * fault classification, code point counting and index -> offset mapping
 * (see text_utf8.h). */
#include "config.h"

#include <string.h>

#include "worker/text/text_utf8.h"

uint32_t text_utf8_decode1(const char *s, size_t len)
{
	size_t pos = 0;
	if (len == 0)
		return 0;
	return text_utf8_next(s, len, &pos);
}

bool text_is_ascii(const char *s, size_t len)
{
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		if (w & UINT64_C(0x8080808080808080))
			return false;
	}
	for (; i < len; i++)
		if ((unsigned char)s[i] & 0x80)
			return false;
	return true;
}

const char *text_utf8_fault_reason(enum text_utf8_fault f)
{
	switch (f) {
	case TEXT_UTF8_OK: return "";
	case TEXT_UTF8_INVALID_START: return "invalid start byte";
	case TEXT_UTF8_INVALID_CONTINUATION: return "invalid continuation byte";
	case TEXT_UTF8_UNEXPECTED_END: return "unexpected end of data";
	}
	return "";
}

static inline bool is_cont(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

/* Classify the sequence at p[0..n) (n >= 1, p[0] >= 0x80) as CPython's
 * decoder does.  Returns OK with *seq = its length, or the fault with *seq
 * = the number of bytes the error covers.  allow_surrogates accepts
 * ED A0..BF xx. */
static enum text_utf8_fault classify(const unsigned char *p, size_t n, bool allow_surrogates,
				     size_t *seq)
{
	unsigned char c = p[0];
	if (c < 0xC2 || c > 0xF4) {
		*seq = 1;
		return TEXT_UTF8_INVALID_START;
	}
	size_t need = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	/* Valid range of the second byte. */
	unsigned char lo = 0x80, hi = 0xBF;
	if (c == 0xE0)
		lo = 0xA0;
	else if (c == 0xED && !allow_surrogates)
		hi = 0x9F;
	else if (c == 0xF0)
		lo = 0x90;
	else if (c == 0xF4)
		hi = 0x8F;
	for (size_t k = 1; k < need; k++) {
		if (k >= n) {
			*seq = n;
			return TEXT_UTF8_UNEXPECTED_END;
		}
		unsigned char d = p[k];
		bool ok = k == 1 ? (d >= lo && d <= hi) : is_cont(d);
		if (!ok) {
			*seq = k;
			return TEXT_UTF8_INVALID_CONTINUATION;
		}
	}
	*seq = need;
	return TEXT_UTF8_OK;
}

static enum text_utf8_fault check(const char *s, size_t len, bool allow_surrogates,
				  size_t *bad_pos, size_t *bad_len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < len) {
		if (p[i] < 0x80) {
			/* ASCII run, a word at a time when aligned enough. */
			while (i + 8 <= len) {
				uint64_t w;
				memcpy(&w, p + i, 8);
				if (w & UINT64_C(0x8080808080808080))
					break;
				i += 8;
			}
			while (i < len && p[i] < 0x80)
				i++;
			continue;
		}
		size_t seq;
		enum text_utf8_fault f = classify(p + i, len - i, allow_surrogates, &seq);
		if (f != TEXT_UTF8_OK) {
			if (bad_pos)
				*bad_pos = i;
			if (bad_len)
				*bad_len = seq;
			return f;
		}
		i += seq;
	}
	return TEXT_UTF8_OK;
}

enum text_utf8_fault text_utf8_check(const char *s, size_t len, size_t *bad_pos, size_t *bad_len)
{
	return check(s, len, false, bad_pos, bad_len);
}

bool text_wtf8_check(const char *s, size_t len, size_t *bad_pos)
{
	return check(s, len, true, bad_pos, NULL) == TEXT_UTF8_OK;
}

size_t text_utf8_count(const char *s, size_t len)
{
	/* Count the bytes that are not continuation bytes. */
	size_t n = 0, i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		/* A byte is a continuation byte when bit7 set and bit6 clear. */
		uint64_t cont = w & ~(w << 1) & UINT64_C(0x8080808080808080);
		n += 8 - (size_t)__builtin_popcountll(cont);
	}
	for (; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

size_t text_utf8_skip(const char *s, size_t len, size_t from, size_t n)
{
	size_t pos = from;
	while (n > 0 && pos < len) {
		/* Skip 8 ASCII bytes at once when possible. */
		if (n >= 8 && pos + 8 <= len) {
			uint64_t w;
			memcpy(&w, s + pos, 8);
			if (!(w & UINT64_C(0x8080808080808080))) {
				pos += 8;
				n -= 8;
				continue;
			}
		}
		pos += text_utf8_seq_len((unsigned char)s[pos]);
		n--;
	}
	return pos < len ? pos : len;
}

void text_index_build(const char *s, size_t len, size_t *marks, size_t nmarks)
{
	size_t pos = 0;
	for (size_t k = 0; k < nmarks; k++) {
		marks[k] = pos;
		pos = text_utf8_skip(s, len, pos, TEXT_INDEX_STRIDE);
	}
}

size_t text_index_offset(const char *s, size_t len, const size_t *marks, size_t nmarks,
			 size_t index)
{
	size_t k = index / TEXT_INDEX_STRIDE;
	if (k >= nmarks)
		k = nmarks - 1;
	return text_utf8_skip(s, len, marks[k], index - k * TEXT_INDEX_STRIDE);
}

size_t text_index_cp_of(const char *s, size_t len, const size_t *marks, size_t nmarks,
			size_t off)
{
	/* Binary search for the last mark <= off. */
	size_t lo = 0, hi = nmarks;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (marks[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	if (off > len)
		off = len;
	return lo * TEXT_INDEX_STRIDE + text_utf8_count(s + marks[lo], off - marks[lo]);
}
