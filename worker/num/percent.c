/* percent.c -- number conversions of '%'-formatting, as CPython 3.11's
 * _PyUnicode_FormatLong / formatfloat / formatchar followed by
 * unicode_format_arg_output (sign, '0x' prefix, zero or space padding). */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "worker/num/dtoa.h"
#include "worker/num/format_internal.h"
#include "worker/num/percent.h"

/* unicode_format_arg_output for a converted text `s` (ASCII for numbers,
 * UTF-8 for %c); is_number enables the sign and zero-fill handling. */
static int output(struct text_buf *out, const struct num_percent_spec *a, const char *s,
		  size_t len, size_t cps, bool is_number, struct num_error *err)
{
	char fill = (is_number && a->zero) ? '0' : ' ';
	char signchar = 0;
	bool prefix = is_number && a->alt &&
		      (a->conv == 'x' || a->conv == 'X' || a->conv == 'o');
	int64_t width = a->width;
	int64_t n = (int64_t)cps;
	if (width > NUM_MAX_WIDTH)
		return num_error_nomem(err);
	if (is_number) {
		if (s[0] == '-' || s[0] == '+') {
			signchar = s[0];
			s++, len--, n--;
		} else if (a->plus) {
			signchar = '+';
		} else if (a->space) {
			signchar = ' ';
		}
	}
	if (width < n)
		width = n;
	int rc = 0;
	if (signchar) {
		if (fill != ' ')
			rc |= num_buf_putc(out, signchar);
		if (width > n)
			width--;
	}
	if (prefix) {
		if (fill != ' ') {
			rc |= num_buf_append(out, s, 2);
			s += 2, len -= 2;
		}
		width -= 2;
		if (width < 0)
			width = 0;
		n -= 2;
	}
	if (width > n && !a->left) {
		rc |= num_buf_repeat(out, &fill, 1, (size_t)(width - n));
		width = n;
	}
	if (fill == ' ') {
		if (signchar)
			rc |= num_buf_putc(out, signchar);
		if (prefix) {
			rc |= num_buf_append(out, s, 2);
			s += 2, len -= 2;
		}
	}
	rc |= num_buf_append(out, s, len);
	if (width > n)
		rc |= num_buf_repeat(out, " ", 1, (size_t)(width - n));
	return rc ? num_error_nomem(err) : 0;
}

int num_percent_int(struct text_buf *out, const struct num_percent_spec *a,
		    const struct num_int *v, struct num_error *err)
{
	int base;
	switch (a->conv) {
	case 'd': case 'i': case 'u': base = 10; break;
	case 'o': base = 8; break;
	case 'x': case 'X': base = 16; break;
	default:
		return num_error_set(err, "ValueError", "unsupported format character '%c'", a->conv);
	}
	if (a->precision > INT_MAX)
		return num_error_set(err, "ValueError", "precision too big");
	/* [-][0x]digits with the precision's leading zeros */
	struct text_buf digits = TEXT_BUF_INIT, text = TEXT_BUF_INIT;
	int rc = num_int_abs_digits(&digits, v, base, a->conv == 'X', err);
	if (rc < 0)
		goto done;
	if (num_int_sign(v) < 0)
		rc |= num_buf_putc(&text, '-');
	if (a->alt && base != 10)
		rc |= num_buf_puts(&text, a->conv == 'o' ? "0o" : a->conv == 'X' ? "0X" : "0x");
	if (a->precision > (int64_t)digits.len)
		rc |= num_buf_repeat(&text, "0", 1, (size_t)a->precision - digits.len);
	rc |= num_buf_append(&text, digits.data, digits.len);
	if (rc < 0) {
		rc = num_error_nomem(err);
		goto done;
	}
	rc = output(out, a, text.data, text.len, text.len, true, err);
done:
	text_buf_free(&digits);
	text_buf_free(&text);
	return rc;
}

int num_percent_float(struct text_buf *out, const struct num_percent_spec *a,
		      double x, struct num_error *err)
{
	switch (a->conv) {
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
		break;
	default:
		return num_error_set(err, "ValueError", "unsupported format character '%c'", a->conv);
	}
	if (a->precision > INT_MAX)
		return num_error_set(err, "ValueError", "precision too big");
	int prec = a->precision < 0 ? 6 : (int)a->precision;
	struct text_buf text = TEXT_BUF_INIT;
	if (num_double_to_string(&text, x, a->conv, prec, a->alt ? NUM_DTSF_ALT : 0) < 0) {
		text_buf_free(&text);
		return num_error_nomem(err);
	}
	int rc = output(out, a, text.data, text.len, text.len, true, err);
	text_buf_free(&text);
	return rc;
}

int num_percent_char_int(struct text_buf *out, const struct num_percent_spec *a,
			 const struct num_int *arg, struct num_error *err)
{
	struct num_int norm = num_int_norm(arg);
	const struct num_int *v = &norm;
	if (v->big || v->small < 0 || v->small > 0x10FFFF)
		return num_error_set(err, "OverflowError", "%%c arg not in range(0x110000)");
	struct text_buf ch = TEXT_BUF_INIT;
	if (num_utf8_put(&ch, (uint32_t)v->small) < 0)
		return num_error_nomem(err);
	int rc = output(out, a, ch.data, ch.len, 1, false, err);
	text_buf_free(&ch);
	return rc;
}

int num_percent_pad_text(struct text_buf *out, const struct num_percent_spec *spec,
			 const char *s, size_t len)
{
	struct num_error err = NUM_ERROR_INIT;
	int rc = output(out, spec, s, len, num_utf8_count(s, len), false, &err);
	num_error_clear(&err);
	return rc;
}
