/* format_spec.c -- parsing the format-spec mini-language (CPython 3.11's
 * parse_internal_render_format_spec) and the padding/grouping layout that
 * every number presentation shares (calc_number_widths, fill_number,
 * _PyUnicode_InsertThousandsGrouping). */
#include "config.h"

#include <string.h>

#include "worker/num/format_internal.h"
#include "worker/num/udigits.h"

static bool is_align(uint32_t c)
{
	return c == '<' || c == '>' || c == '=' || c == '^';
}

static bool is_sign(uint32_t c)
{
	return c == ' ' || c == '+' || c == '-';
}

/* Code point at *pos, without advancing. */
static uint32_t peek(const char *s, size_t len, size_t pos, size_t *next)
{
	size_t p = pos;
	uint32_t c = num_utf8_next(s, len, &p);
	if (next)
		*next = p;
	return c;
}

/* get_integer: a run of Unicode decimal digits.  Returns digits
 * consumed, or -1 on overflow (error set). */
static int64_t get_integer(const char *s, size_t len, size_t *pos, int64_t *out,
			   struct num_error *err)
{
	int64_t acc = 0, n = 0;
	while (*pos < len) {
		size_t next;
		int d = num_uni_decimal(peek(s, len, *pos, &next));
		if (d < 0)
			break;
		if (acc > (INT64_MAX - d) / 10)
			return num_error_set(err, "ValueError",
					     "Too many decimal digits in format string");
		acc = acc * 10 + d;
		*pos = next;
		n++;
	}
	*out = acc;
	return n;
}

int num_fmt_unknown_type(uint32_t type, const char *type_name, struct num_error *err)
{
	if (type > 32 && type < 128)
		return num_error_set(err, "ValueError",
				     "Unknown format code '%c' for object of type '%.200s'",
				     (char)type, type_name);
	return num_error_set(err, "ValueError",
			     "Unknown format code '\\x%x' for object of type '%.200s'",
			     (unsigned)type, type_name);
}

static int invalid_spec(const char *spec, size_t len, const char *type_name,
			struct num_error *err)
{
	return num_error_set(err, "ValueError",
			     "Invalid format specifier '%.*s' for object of type '%.200s'",
			     (int)(len > 100000 ? 100000 : len), spec, type_name);
}

int num_format_spec_parse(const char *spec, size_t len, char default_type,
			  const char *type_name, struct num_format_spec *f,
			  struct num_error *err)
{
	char default_align = default_type == 's' ? '<' : '>';
	if (!type_name)
		type_name = default_type == 's' ? "str" : default_type == 'd' ? "int" : "float";
	bool fill_given = false, align_given = false;
	size_t pos = 0, p1, p2;

	memset(f, 0, sizeof *f);
	f->fill = ' ';
	f->fill_utf8[0] = ' ';
	f->fill_len = 1;
	f->align = default_align;
	f->width = -1;
	f->precision = -1;
	f->type = (uint32_t)(unsigned char)default_type;

	/* [[fill]align] */
	if (len > 0) {
		uint32_t c0 = peek(spec, len, 0, &p1);
		uint32_t c1 = p1 < len ? peek(spec, len, p1, &p2) : 0;
		if (p1 < len && is_align(c1)) {
			f->fill = c0;
			memcpy(f->fill_utf8, spec, p1);
			f->fill_utf8[p1] = '\0';
			f->fill_len = (uint8_t)p1;
			f->align = (char)c1;
			fill_given = align_given = true;
			pos = p2;
		} else if (is_align(c0)) {
			f->align = (char)c0;
			align_given = true;
			pos = p1;
		}
	}
	if (pos < len && is_sign((unsigned char)spec[pos]))
		f->sign = spec[pos++];
	if (pos < len && spec[pos] == 'z') {
		f->no_neg_zero = true;
		pos++;
	}
	if (pos < len && spec[pos] == '#') {
		f->alternate = true;
		pos++;
	}
	if (!fill_given && pos < len && spec[pos] == '0') {
		f->fill = '0';
		f->fill_utf8[0] = '0';
		f->fill_len = 1;
		if (!align_given && default_align == '>')
			f->align = '=';
		pos++;
	}
	int64_t n = get_integer(spec, len, &pos, &f->width, err);
	if (n < 0)
		return -1;
	if (n == 0)
		f->width = -1;
	if (pos < len && spec[pos] == ',') {
		f->thousands = ',';
		pos++;
	}
	if (pos < len && spec[pos] == '_') {
		if (f->thousands)
			return num_error_set(err, "ValueError", "Cannot specify both ',' and '_'.");
		f->thousands = '_';
		pos++;
	}
	if (pos < len && spec[pos] == ',' && f->thousands == '_')
		return num_error_set(err, "ValueError", "Cannot specify both ',' and '_'.");
	if (pos < len && spec[pos] == '.') {
		pos++;
		n = get_integer(spec, len, &pos, &f->precision, err);
		if (n < 0)
			return -1;
		if (n == 0)
			return num_error_set(err, "ValueError", "Format specifier missing precision");
	}
	if (pos < len) {
		size_t next;
		uint32_t t = peek(spec, len, pos, &next);
		if (next < len)
			return invalid_spec(spec, len, type_name, err);
		f->type = t;
	}
	if (f->thousands) {
		switch (f->type) {
		case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
			f->group_size = 3;
			break;
		case 'b': case 'o': case 'x': case 'X':
			if (f->thousands == '_') {
				f->group_size = 4;
				break;
			}
			__attribute__((fallthrough));
		default:
			if (f->type > 32 && f->type < 128)
				return num_error_set(err, "ValueError", "Cannot specify '%c' with '%c'.",
						     f->thousands, (char)f->type);
			return num_error_set(err, "ValueError", "Cannot specify '%c' with '\\x%x'.",
					     f->thousands, (unsigned)f->type);
		}
	}
	return 0;
}

/* ---- layout -------------------------------------------------------- */

/* Appends n copies of the fill character. */
static int fill(struct text_buf *out, const struct num_format_spec *f, int64_t n)
{
	if (n <= 0)
		return 0;
	return num_buf_repeat(out, f->fill_utf8, f->fill_len, (size_t)n);
}

/* _PyUnicode_InsertThousandsGrouping: the digits, padded on the left with
 * zeros up to min_width characters, with a separator every `group`
 * digits (group 0: no separators).  Writes into out when out != NULL;
 * returns the character count. */
static int64_t group_digits(char *out, const char *digits, int64_t n, int64_t min_width,
			    int group, char sep)
{
	int64_t remaining = n, count = 0;
	int64_t pos = n;            /* next digit to copy is digits[pos - 1] */
	bool use_sep = false, broken = false;
	char *w = out;              /* written from the end backwards */

	/* pieces are emitted right to left; the caller sized out */
	for (;;) {
		int64_t l;
		if (group > 0) {
			int64_t m = remaining > min_width ? remaining : min_width;
			if (m < 1)
				m = 1;
			l = group < m ? group : m;
		} else {
			break;
		}
		int64_t nz = l - remaining > 0 ? l - remaining : 0;
		int64_t nc = remaining < l ? remaining : l;
		if (nc < 0)
			nc = 0;
		count += (use_sep ? 1 : 0) + nz + nc;
		if (out) {
			if (use_sep)
				*--w = sep;
			for (int64_t i = 0; i < nc; i++)
				*--w = digits[--pos];
			for (int64_t i = 0; i < nz; i++)
				*--w = '0';
		} else {
			pos -= nc;
		}
		use_sep = true;
		remaining -= nc;
		min_width -= group;
		if (remaining <= 0 && min_width <= 0) {
			broken = true;
			break;
		}
		min_width -= 1;
	}
	if (!broken) {
		int64_t l = remaining > min_width ? remaining : min_width;
		if (l < 1)
			l = 1;
		int64_t nz = l - remaining > 0 ? l - remaining : 0;
		int64_t nc = remaining < l ? remaining : l;
		if (nc < 0)
			nc = 0;
		count += (use_sep ? 1 : 0) + nz + nc;
		if (out) {
			if (use_sep)
				*--w = sep;
			for (int64_t i = 0; i < nc; i++)
				*--w = digits[--pos];
			for (int64_t i = 0; i < nz; i++)
				*--w = '0';
		}
	}
	return count;
}

int num_fmt_write_number(struct text_buf *out, const struct num_format_spec *f,
			 const struct num_layout *lay, struct num_error *err)
{
	char sign = 0;
	if (f->sign == '+')
		sign = lay->negative ? '-' : '+';
	else if (f->sign == ' ')
		sign = lay->negative ? '-' : ' ';
	else if (lay->negative)
		sign = '-';
	if (f->width > NUM_MAX_WIDTH)
		return num_error_nomem(err);

	int64_t non_digit = (sign ? 1 : 0) + (int64_t)lay->prefix_len +
			    (lay->has_decimal ? 1 : 0) + (int64_t)lay->rem_cps;
	int64_t min_width = (f->fill == '0' && f->align == '=') ? f->width - non_digit : 0;
	int group = f->group_size;
	char sep = f->thousands;
	int64_t grouped = lay->ndigits == 0 ? 0 :
		group_digits(NULL, lay->digits, (int64_t)lay->ndigits, min_width, group, sep);
	int64_t padding = f->width - (non_digit + grouped);
	int64_t lpad = 0, spad = 0, rpad = 0;
	if (padding > 0) {
		switch (f->align) {
		case '<': rpad = padding; break;
		case '^': lpad = padding / 2; rpad = padding - lpad; break;
		case '=': spad = padding; break;
		default: lpad = padding; break;
		}
	}
	int rc = fill(out, f, lpad);
	if (sign)
		rc |= num_buf_putc(out, sign);
	rc |= num_buf_append(out, lay->prefix, lay->prefix_len);
	rc |= fill(out, f, spad);
	if (rc == 0 && grouped > 0) {
		rc |= num_buf_reserve(out, (size_t)grouped);
		if (rc == 0) {
			group_digits(out->data + out->len + grouped, lay->digits, (int64_t)lay->ndigits,
				     min_width, group, sep);
			out->len += (size_t)grouped;
			out->data[out->len] = '\0';
		}
	}
	if (lay->has_decimal)
		rc |= num_buf_putc(out, '.');
	rc |= num_buf_append(out, lay->rem, lay->rem_len);
	rc |= fill(out, f, rpad);
	return rc ? num_error_nomem(err) : 0;
}

int num_fmt_pad_text(struct text_buf *out, const struct num_format_spec *f,
		     const char *s, size_t len, size_t cps, struct num_error *err)
{
	int64_t total = f->width > (int64_t)cps ? f->width : (int64_t)cps;
	if (total > NUM_MAX_WIDTH)
		return num_error_nomem(err);
	int64_t lpad = 0;
	if (f->align == '>')
		lpad = total - (int64_t)cps;
	else if (f->align == '^')
		lpad = (total - (int64_t)cps) / 2;
	int64_t rpad = total - (int64_t)cps - lpad;
	int rc = fill(out, f, lpad);
	rc |= num_buf_append(out, s, len);
	rc |= fill(out, f, rpad);
	return rc ? num_error_nomem(err) : 0;
}
