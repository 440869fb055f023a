/* worker/text/repr.c -- repr()/ascii() of str and repr() of bytes exactly
 * as CPython 3.11 (unicode_repr, PyObject_ASCII, bytes_repr).  See
 * text_repr.h. */
#include "config.h"

#include <string.h>

#include "worker/text/text_repr.h"
#include "worker/text/text_ctype.h"
#include "worker/text/text_utf8.h"

static const char hexdigits[] = "0123456789abcdef";

int text_put_cp_escape(struct text_buf *out, uint32_t cp)
{
	char tmp[10];
	size_t n;
	tmp[0] = '\\';
	if (cp <= 0xFF) {
		tmp[1] = 'x';
		n = 2;
	} else if (cp <= 0xFFFF) {
		tmp[1] = 'u';
		n = 4;
	} else {
		tmp[1] = 'U';
		n = 8;
	}
	for (size_t i = 0; i < n; i++)
		tmp[2 + i] = hexdigits[(cp >> (4 * (n - 1 - i))) & 0xF];
	return text_buf_append(out, tmp, n + 2);
}

/* CPython picks ' unless the text holds ' and no ". */
static char pick_quote(const char *s, size_t len)
{
	if (!memchr(s, '\'', len))
		return '\'';
	return memchr(s, '"', len) ? '\'' : '"';
}

/* Escape of an ASCII byte/code point, or NULL when it stands for itself. */
static int put_ascii(struct text_buf *out, unsigned char c, char quote)
{
	if (c == (unsigned char)quote || c == '\\') {
		char e[2] = { '\\', (char)c };
		return text_buf_append(out, e, 2);
	}
	if (c == '\t')
		return text_buf_append(out, "\\t", 2);
	if (c == '\n')
		return text_buf_append(out, "\\n", 2);
	if (c == '\r')
		return text_buf_append(out, "\\r", 2);
	if (c < ' ' || c >= 0x7F)
		return text_put_cp_escape(out, c);
	return text_buf_putc(out, (char)c);
}

static int str_repr(const char *s, size_t len, bool ascii_only, struct text_buf *out)
{
	char quote = pick_quote(s, len);
	if (text_buf_reserve(out, len + 2) != TEXT_OK || text_buf_putc(out, quote) != TEXT_OK)
		return TEXT_ENOMEM;
	size_t pos = 0;
	while (pos < len) {
		/* Copy runs of plain printable ASCII at once. */
		size_t run = pos;
		while (run < len) {
			unsigned char c = (unsigned char)s[run];
			if (c < ' ' || c >= 0x7F || c == '\\' || c == (unsigned char)quote)
				break;
			run++;
		}
		if (run > pos) {
			if (text_buf_append(out, s + pos, run - pos) != TEXT_OK)
				return TEXT_ENOMEM;
			pos = run;
			continue;
		}
		size_t at = pos;
		uint32_t cp = text_utf8_next(s, len, &pos);
		int st;
		if (cp < 0x80)
			st = put_ascii(out, (unsigned char)cp, quote);
		else if (!ascii_only && text_cp_isprintable(cp))
			st = text_buf_append(out, s + at, pos - at);
		else
			st = text_put_cp_escape(out, cp);
		if (st != TEXT_OK)
			return TEXT_ENOMEM;
	}
	return text_buf_putc(out, quote);
}

int text_repr(const char *s, size_t len, struct text_buf *out)
{
	return str_repr(s, len, false, out);
}

int text_ascii(const char *s, size_t len, struct text_buf *out)
{
	return str_repr(s, len, true, out);
}

int text_bytes_repr(const char *s, size_t len, struct text_buf *out)
{
	char quote = pick_quote(s, len);
	if (text_buf_reserve(out, len + 3) != TEXT_OK)
		return TEXT_ENOMEM;
	char open[2] = { 'b', quote };
	if (text_buf_append(out, open, 2) != TEXT_OK)
		return TEXT_ENOMEM;
	for (size_t i = 0; i < len; i++)
		if (put_ascii(out, (unsigned char)s[i], quote) != TEXT_OK)
			return TEXT_ENOMEM;
	return text_buf_putc(out, quote);
}
