/* format_float.c -- float.__format__ (CPython 3.11's
 * format_float_internal): presentation types e E f F g G n % and none. */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "worker/num/dtoa.h"
#include "worker/num/format_internal.h"

int num_format_float_spec(struct text_buf *out, double x,
			  const struct num_format_spec *f, const char *type_name,
			  struct num_error *err)
{
	uint32_t type = f->type;
	int flags = 0, default_precision = 6;
	bool add_pct = false;
	if (!type_name)
		type_name = "float";
	switch (type) {
	case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
		break;
	default:
		return num_fmt_unknown_type(type, type_name, err);
	}
	if (f->precision > INT_MAX)
		return num_error_set(err, "ValueError", "precision too big");
	int precision = (int)f->precision;
	if (f->alternate)
		flags |= NUM_DTSF_ALT;
	if (f->no_neg_zero)
		flags |= NUM_DTSF_NO_NEG_0;
	if (type == 0) {
		flags |= NUM_DTSF_ADD_DOT_0;
		type = 'r';
		default_precision = 0;
	}
	if (type == 'n')
		type = 'g';
	if (type == '%') {
		type = 'f';
		x *= 100;
		add_pct = true;
	}
	if (precision < 0)
		precision = default_precision;
	else if (type == 'r')
		type = 'g';

	struct text_buf text = TEXT_BUF_INIT;
	if (num_double_to_string(&text, x, (char)type, precision, flags) < 0 ||
	    (add_pct && num_buf_putc(&text, '%') < 0)) {
		text_buf_free(&text);
		return num_error_nomem(err);
	}
	/* Split into sign, integer digits, decimal point and remainder. */
	struct num_layout lay = { 0 };
	size_t i = 0;
	if (text.data[0] == '-') {
		lay.negative = true;
		i = 1;
	}
	lay.prefix = "";
	lay.digits = text.data + i;
	while (i < text.len && text.data[i] >= '0' && text.data[i] <= '9')
		i++;
	lay.ndigits = (size_t)(text.data + i - lay.digits);
	if (i < text.len && text.data[i] == '.') {
		lay.has_decimal = true;
		i++;
	}
	lay.rem = text.data + i;
	lay.rem_len = lay.rem_cps = text.len - i;

	struct num_format_spec g = *f;
	if (f->type == 'n')
		g.group_size = 0;   /* C locale */
	int rc = num_fmt_write_number(out, &g, &lay, err);
	text_buf_free(&text);
	return rc;
}

int num_format_float(struct text_buf *out, double x,
		     const char *spec, size_t speclen, const char *type_name,
		     struct num_error *err)
{
	struct num_format_spec f;
	if (!type_name)
		type_name = "float";
	if (speclen == 0)
		return num_double_repr(out, x) < 0 ? num_error_nomem(err) : 0;
	if (num_format_spec_parse(spec, speclen, 0, type_name, &f, err) < 0)
		return -1;
	return num_format_float_spec(out, x, &f, type_name, err);
}
