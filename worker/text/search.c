/* worker/text/search.c -- substring search over byte buffers (find, rfind,
 * count, replace, partition): memmem (glibc's two-way search) forwards, a
 * Horspool scan backwards.  See text_search.h. */
#include "config.h"

#include <string.h>

#include "worker/text/text_search.h"
#include "worker/text/text_utf8.h"

ssize_t text_find_byte(const char *h, size_t hlen, unsigned char c)
{
	const char *p = memchr(h, c, hlen);
	return p ? (ssize_t)(p - h) : -1;
}

ssize_t text_rfind_byte(const char *h, size_t hlen, unsigned char c)
{
	const char *p = memrchr(h, c, hlen);
	return p ? (ssize_t)(p - h) : -1;
}

/* A short needle: memchr for its first byte, memcmp for the rest (memmem's
 * set-up costs more than the whole search when matches are close, as in a
 * replace() of a frequent word).  Too many false starts for the bytes
 * scanned (a haystack full of the first byte) hand the rest to memmem,
 * whose two-way search stays linear. */
#define SHORT_NEEDLE 16

static ssize_t find_short(const char *h, size_t hlen, const char *n, size_t nlen)
{
	size_t i = 0, last = hlen - nlen, false_starts = 0;
	while (i <= last) {
		const char *p = memchr(h + i, (unsigned char)n[0], last + 1 - i);
		if (!p)
			return -1;
		size_t at = (size_t)(p - h);
		if (memcmp(p + 1, n + 1, nlen - 1) == 0)
			return (ssize_t)at;
		i = at + 1;
		if (++false_starts > 32 && false_starts * 8 > i) {
			const char *q = memmem(h + i, hlen - i, n, nlen);
			return q ? (ssize_t)(q - h) : -1;
		}
	}
	return -1;
}

ssize_t text_find(const char *h, size_t hlen, const char *n, size_t nlen)
{
	if (nlen == 0)
		return 0;
	if (nlen > hlen)
		return -1;
	if (nlen == 1)
		return text_find_byte(h, hlen, (unsigned char)n[0]);
	if (nlen <= SHORT_NEEDLE)
		return find_short(h, hlen, n, nlen);
	const char *p = memmem(h, hlen, n, nlen);
	return p ? (ssize_t)(p - h) : -1;
}

ssize_t text_rfind(const char *h, size_t hlen, const char *n, size_t nlen)
{
	if (nlen == 0)
		return (ssize_t)hlen;
	if (nlen > hlen)
		return -1;
	if (nlen == 1)
		return text_rfind_byte(h, hlen, (unsigned char)n[0]);
	/* Horspool from the right: the window is h[i .. i+nlen); the shift
	 * is keyed by the window's first byte. */
	size_t shift[256];
	for (size_t k = 0; k < 256; k++)
		shift[k] = nlen;
	for (size_t k = nlen - 1; k > 0; k--)
		shift[(unsigned char)n[k]] = k < shift[(unsigned char)n[k]] ? k : shift[(unsigned char)n[k]];
	size_t i = hlen - nlen;
	for (;;) {
		if (h[i] == n[0] && memcmp(h + i, n, nlen) == 0)
			return (ssize_t)i;
		size_t s = shift[(unsigned char)h[i]];
		if (i < s)
			return -1;
		i -= s;
	}
}

size_t text_count(const char *h, size_t hlen, const char *n, size_t nlen, size_t maxcount)
{
	size_t count = 0, pos = 0;
	if (nlen == 0)
		return 0;
	while (count < maxcount && pos + nlen <= hlen) {
		ssize_t at = text_find(h + pos, hlen - pos, n, nlen);
		if (at < 0)
			break;
		count++;
		pos += (size_t)at + nlen;
	}
	return count;
}

bool text_startswith(const char *s, size_t len, const char *p, size_t plen)
{
	return plen <= len && memcmp(s, p, plen) == 0;
}

bool text_endswith(const char *s, size_t len, const char *p, size_t plen)
{
	return plen <= len && memcmp(s + len - plen, p, plen) == 0;
}

bool text_partition(const char *s, size_t len, const char *sep, size_t seplen, size_t *pos)
{
	ssize_t at = text_find(s, len, sep, seplen);
	if (at < 0)
		return false;
	*pos = (size_t)at;
	return true;
}

bool text_rpartition(const char *s, size_t len, const char *sep, size_t seplen, size_t *pos)
{
	ssize_t at = text_rfind(s, len, sep, seplen);
	if (at < 0)
		return false;
	*pos = (size_t)at;
	return true;
}

/* Replace with an empty `old`: new goes before each unit and at the end,
 * at most count times. */
static int replace_empty(const char *h, size_t hlen, const char *new_, size_t newlen,
			 size_t count, enum text_unit unit, struct text_buf *out)
{
	size_t units = unit == TEXT_UNIT_CP ? text_utf8_count(h, hlen) : hlen;
	size_t inserts = units + 1 < count ? units + 1 : count, extra, total;
	if (__builtin_mul_overflow(inserts, newlen, &extra) ||
	    __builtin_add_overflow(extra, hlen, &total) ||
	    text_buf_reserve(out, total) != TEXT_OK)
		return TEXT_ENOMEM;
	size_t pos = 0;
	for (size_t k = 0; k < inserts; k++) {
		text_buf_append(out, new_, newlen);
		if (pos < hlen) {
			size_t step = unit == TEXT_UNIT_CP ? text_utf8_seq_len((unsigned char)h[pos]) : 1;
			text_buf_append(out, h + pos, step);
			pos += step;
		}
	}
	return text_buf_append(out, h + pos, hlen - pos);
}

int text_replace(const char *h, size_t hlen, const char *old, size_t oldlen,
		 const char *new_, size_t newlen, ssize_t count, enum text_unit unit,
		 struct text_buf *out)
{
	size_t maxcount = count < 0 ? SIZE_MAX : (size_t)count;
	if (oldlen == 0)
		return replace_empty(h, hlen, new_, newlen, maxcount, unit, out);
	size_t n = text_count(h, hlen, old, oldlen, maxcount);
	/* Result size: hlen - n*oldlen + n*newlen, checked. */
	size_t removed = n * oldlen, added, total;
	if (__builtin_mul_overflow(n, newlen, &added) ||
	    __builtin_add_overflow(hlen - removed, added, &total) ||
	    text_buf_reserve(out, total) != TEXT_OK)
		return TEXT_ENOMEM;
	size_t pos = 0;
	for (size_t k = 0; k < n; k++) {
		size_t at = pos + (size_t)text_find(h + pos, hlen - pos, old, oldlen);
		text_buf_append(out, h + pos, at - pos);
		text_buf_append(out, new_, newlen);
		pos = at + oldlen;
	}
	return text_buf_append(out, h + pos, hlen - pos);
}
