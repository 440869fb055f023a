/* format_int.c -- int.__format__ (CPython 3.11's format_long_internal and
 * the int -> float hand-off for e/f/g/%). */
#include "config.h"

#include <string.h>

#include "worker/num/format_internal.h"
#include "worker/num/intops.h"
#include "worker/num/parse.h"

/* The 'c' presentation: the code point as the only "remainder". */
static int format_char(struct text_buf *out, const struct num_int *arg,
		       const struct num_format_spec *f, struct num_error *err)
{
	struct num_int norm = num_int_norm(arg);
	const struct num_int *v = &norm;
	if (f->sign)
		return num_error_set(err, "ValueError",
				     "Sign not allowed with integer format specifier 'c'");
	if (f->alternate)
		return num_error_set(err, "ValueError",
				     "Alternate form (#) not allowed with integer format specifier 'c'");
	if (v->big)
		return num_error_set(err, "OverflowError", "Python int too large to convert to C long");
	if (v->small < 0 || v->small > 0x10FFFF)
		return num_error_set(err, "OverflowError", "%%c arg not in range(0x110000)");
	struct text_buf ch = TEXT_BUF_INIT;
	if (num_utf8_put(&ch, (uint32_t)v->small) < 0)
		return num_error_nomem(err);
	struct num_layout lay = { 0 };
	lay.rem = ch.data;
	lay.rem_len = ch.len;
	lay.rem_cps = 1;
	lay.prefix = "";
	lay.digits = "";
	int rc = num_fmt_write_number(out, f, &lay, err);
	text_buf_free(&ch);
	return rc;
}

int num_format_int_spec(struct text_buf *out, const struct num_int *v,
			const struct num_format_spec *f, const char *type_name,
			struct num_error *err)
{
	int base = 10;
	const char *prefix = "";
	bool upper = false;
	if (!type_name)
		type_name = "int";
	switch (f->type) {
	case 'b': base = 2; prefix = "0b"; break;
	case 'o': base = 8; prefix = "0o"; break;
	case 'x': base = 16; prefix = "0x"; break;
	case 'X': base = 16; prefix = "0X"; upper = true; break;
	case 'c': case 'd': case 'n':
		break;
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': {
		double x;
		if (num_int_to_double(v, &x, err) < 0)
			return -1;
		return num_format_float_spec(out, x, f, type_name, err);
	}
	default:
		return num_fmt_unknown_type(f->type, type_name, err);
	}
	if (f->precision != -1)
		return num_error_set(err, "ValueError",
				     "Precision not allowed in integer format specifier");
	if (f->no_neg_zero)
		return num_error_set(err, "ValueError",
				     "Negative zero coercion (z) not allowed in integer format specifier");
	if (f->type == 'c')
		return format_char(out, v, f, err);

	struct text_buf digits = TEXT_BUF_INIT;
	if (num_int_abs_digits(&digits, v, base, upper, err) < 0) {
		text_buf_free(&digits);
		return -1;
	}
	struct num_layout lay = { 0 };
	lay.negative = num_int_sign(v) < 0;
	lay.prefix = f->alternate ? prefix : "";
	lay.prefix_len = strlen(lay.prefix);
	lay.digits = digits.data;
	lay.ndigits = digits.len;
	lay.rem = "";
	int rc;
	if (f->type == 'n') {
		/* The worker runs in the C locale: no grouping. */
		struct num_format_spec g = *f;
		g.group_size = 0;
		rc = num_fmt_write_number(out, &g, &lay, err);
	} else {
		rc = num_fmt_write_number(out, f, &lay, err);
	}
	text_buf_free(&digits);
	return rc;
}

int num_format_int(struct text_buf *out, const struct num_int *v,
		   const char *spec, size_t speclen, const char *type_name,
		   struct num_error *err)
{
	struct num_format_spec f;
	if (!type_name)
		type_name = "int";
	if (speclen == 0)
		return num_int_to_decimal(out, v, err);
	if (num_format_spec_parse(spec, speclen, 'd', type_name, &f, err) < 0)
		return -1;
	return num_format_int_spec(out, v, &f, type_name, err);
}
