/* format_str.c -- str.__format__ (CPython 3.11's format_string_internal)
 * and small UTF-8 helpers. */
#include "config.h"

#include "common/utf8.h"
#include "worker/num/format_internal.h"

size_t num_utf8_count(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

int num_utf8_put(struct text_buf *out, uint32_t cp)
{
	char b[4];
	size_t n = box_utf8_encode(cp, b);
	return num_buf_append(out, b, n) < 0 ? -1 : (int)n;
}

/* Byte offset just past the first n code points of s. */
static size_t utf8_prefix(const char *s, size_t len, size_t n)
{
	size_t i = 0, seen = 0;
	for (; i < len; i++) {
		if (((unsigned char)s[i] & 0xC0) != 0x80) {
			if (seen == n)
				break;
			seen++;
		}
	}
	return i;
}

int num_format_str_spec(struct text_buf *out, const char *s, size_t len,
			const struct num_format_spec *f, const char *type_name,
			struct num_error *err)
{
	if (!type_name)
		type_name = "str";
	if (f->type != 's')
		return num_fmt_unknown_type(f->type, type_name, err);
	if (f->sign == ' ')
		return num_error_set(err, "ValueError", "Space not allowed in string format specifier");
	if (f->sign)
		return num_error_set(err, "ValueError", "Sign not allowed in string format specifier");
	if (f->no_neg_zero)
		return num_error_set(err, "ValueError",
				     "Negative zero coercion (z) not allowed in string format specifier");
	if (f->alternate)
		return num_error_set(err, "ValueError",
				     "Alternate form (#) not allowed in string format specifier");
	if (f->align == '=')
		return num_error_set(err, "ValueError",
				     "'=' alignment not allowed in string format specifier");
	size_t cps = num_utf8_count(s, len);
	if (f->precision >= 0 && cps >= (uint64_t)f->precision) {
		cps = (size_t)f->precision;
		len = utf8_prefix(s, len, cps);
	}
	return num_fmt_pad_text(out, f, s, len, cps, err);
}

int num_format_str(struct text_buf *out, const char *s, size_t len,
		   const char *spec, size_t speclen, const char *type_name,
		   struct num_error *err)
{
	struct num_format_spec f;
	if (!type_name)
		type_name = "str";
	if (speclen == 0)
		return num_buf_append(out, s, len) < 0 ? num_error_nomem(err) : 0;
	if (num_format_spec_parse(spec, speclen, 's', type_name, &f, err) < 0)
		return -1;
	return num_format_str_spec(out, s, len, &f, type_name, err);
}
