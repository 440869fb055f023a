/* format_internal.h -- pieces shared by the format-spec and %-formatting
 * code inside libboxnum (not part of the public API). */
#ifndef BOX_NUM_FORMAT_INTERNAL_H
#define BOX_NUM_FORMAT_INTERNAL_H

#include "worker/num/format.h"

/* Widths beyond this are refused with MemoryError before any work (the
 * result would not fit the interpreter's per-allocation cap anyway). */
#define NUM_MAX_WIDTH ((int64_t)1 << 31)

/* One number laid out as CPython's calc_number_widths + fill_number:
 *   [lpad][sign][prefix][spad][grouped digits][.][remainder][rpad]
 * digits are ASCII; the remainder (exponent, fraction, '%', or the
 * character of 'c') is UTF-8 of rem_cps code points. */
struct num_layout {
	bool negative;
	const char *prefix;  size_t prefix_len;     /* "0x" ... (ASCII) */
	const char *digits;  size_t ndigits;
	bool has_decimal;
	const char *rem;     size_t rem_len, rem_cps;
};

int num_fmt_write_number(struct text_buf *out, const struct num_format_spec *spec,
			 const struct num_layout *lay, struct num_error *err);

/* Pads already-converted text of `cps` code points to the spec's width
 * with its fill and alignment (str formatting). */
int num_fmt_pad_text(struct text_buf *out, const struct num_format_spec *spec,
		     const char *s, size_t len, size_t cps, struct num_error *err);

/* Digits of |v| in base 2, 8, 10 or 16 (lower case unless upper),
 * appended to out; base 10 enforces sys.int_max_str_digits. */
int num_int_abs_digits(struct text_buf *out, const struct num_int *v, int base, bool upper,
		       struct num_error *err);

/* The "Unknown format code" error. */
int num_fmt_unknown_type(uint32_t type, const char *type_name, struct num_error *err);

#endif
