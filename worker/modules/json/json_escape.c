/* json_escape.c -- JSON string escaping, float text and indentation layout. */
#include "worker/modules/json/json_escape.h"

#include <math.h>
#include <string.h>

#include "worker/num/dtoa.h"

static const char hexdig[] = "0123456789abcdef";

static int put_u(struct text_buf *out, unsigned v)
{
	char u[6] = { '\\', 'u', hexdig[(v >> 12) & 15], hexdig[(v >> 8) & 15],
		      hexdig[(v >> 4) & 15], hexdig[v & 15] };
	return num_buf_append(out, u, 6);
}

static int short_escape(char c, char *e)
{
	switch (c) {
	case '"': *e = '"'; return 1;
	case '\\': *e = '\\'; return 1;
	case '\b': *e = 'b'; return 1;
	case '\f': *e = 'f'; return 1;
	case '\n': *e = 'n'; return 1;
	case '\r': *e = 'r'; return 1;
	case '\t': *e = 't'; return 1;
	default: return 0;
	}
}

/* Decodes one WTF-8 code point; invalid bytes are taken as themselves
 * (as U+00XX) so that no input can overrun. */
static unsigned next_cp(const unsigned char *s, size_t len, size_t *i)
{
	unsigned c = s[*i];
	size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	if (n == 1 || *i + n > len) {
		(*i)++;
		return c;
	}
	unsigned v = c & (0x7F >> n);
	for (size_t k = 1; k < n; k++)
		v = (v << 6) | (s[*i + k] & 0x3F);
	*i += n;
	return v;
}

int json_escape_string(struct text_buf *out, const char *s, size_t len, int ensure_ascii)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	char e;

	if (num_buf_putc(out, '"'))
		return -1;
	while (i < len) {
		unsigned char c = u[i];
		int plain = ensure_ascii ? (c >= ' ' && c <= '~' && c != '"' && c != '\\')
					 : (c >= ' ' && c != '"' && c != '\\');
		if (plain) {
			i++;
			continue;
		}
		if (i > run && num_buf_append(out, s + run, i - run))
			return -1;
		if (short_escape((char)c, &e)) {
			char two[2] = { '\\', e };
			if (num_buf_append(out, two, 2))
				return -1;
			i++;
		} else {
			unsigned cp = next_cp(u, len, &i);
			if (cp >= 0x10000) {
				cp -= 0x10000;
				if (put_u(out, 0xD800 | (cp >> 10)) || put_u(out, 0xDC00 | (cp & 0x3FF)))
					return -1;
			} else if (put_u(out, cp)) {
				return -1;
			}
		}
		run = i;
	}
	if (i > run && num_buf_append(out, s + run, i - run))
		return -1;
	return num_buf_putc(out, '"');
}

int json_format_float(struct text_buf *out, double x, int allow_nan, int python_encoder,
		      struct core_error *err)
{
	const char *txt;

	if (isfinite(x))
		return num_double_repr(out, x) ? core_error_set(err, "MemoryError", "%s", "") : 0;
	if (isnan(x))
		txt = "NaN";
	else
		txt = x > 0 ? "Infinity" : "-Infinity";
	if (!allow_nan) {
		if (python_encoder)
			return core_error_set(err, "ValueError",
					     "Out of range float values are not JSON compliant: %s",
					     isnan(x) ? "nan" : x > 0 ? "inf" : "-inf");
		return core_error_set(err, "ValueError", "Out of range float values are not JSON compliant");
	}
	return num_buf_puts(out, txt) ? core_error_set(err, "MemoryError", "%s", "") : 0;
}

int json_layout_int_indent(struct json_layout *lay, long n, char *buf, size_t bufsz)
{
	if (n < 0)
		n = 0;
	if ((size_t)n >= bufsz)
		return -1;
	memset(buf, ' ', (size_t)n);
	buf[n] = '\0';
	lay->indent = buf;
	lay->indent_len = (size_t)n;
	return 0;
}

static int newline_indent(struct text_buf *out, const struct json_layout *lay, int level)
{
	if (num_buf_putc(out, '\n'))
		return -1;
	for (int k = 0; k < level; k++)
		if (num_buf_append(out, lay->indent, lay->indent_len))
			return -1;
	return 0;
}

int json_write_item_prefix(struct text_buf *out, const struct json_layout *lay, size_t index,
			   int level)
{
	if (index > 0 && num_buf_append(out, lay->item_sep, lay->item_sep_len))
		return -1;
	if (lay->indent)
		return newline_indent(out, lay, level);
	return 0;
}

int json_write_key_sep(struct text_buf *out, const struct json_layout *lay)
{
	return num_buf_append(out, lay->key_sep, lay->key_sep_len);
}

int json_write_close(struct text_buf *out, const struct json_layout *lay, int level, char close)
{
	if (lay->indent && newline_indent(out, lay, level - 1))
		return -1;
	return num_buf_putc(out, close);
}
