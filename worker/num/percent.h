/* percent.h -- the number conversions of printf-style '%' formatting
 * (str % args, bytes % args) exactly as CPython 3.11.
 *
 * The caller parses the template ('%(key)', flags, '*' width/precision,
 * %s %r %a %%) and converts the argument (e.g. __index__/__int__ for %d,
 * __float__ for %f); these functions format one converted value with its
 * flags, width and precision, appending the padded result.
 */
#ifndef BOX_NUM_PERCENT_H
#define BOX_NUM_PERCENT_H

#include "worker/num/num.h"

struct num_percent_spec {
	char conv;        /* d i u o x X e E f F g G c */
	bool left;        /* '-' */
	bool plus;        /* '+' */
	bool space;       /* ' ' */
	bool alt;         /* '#' */
	bool zero;        /* '0' */
	int64_t width;    /* -1 when not given (a negative '*' width is the
	                     caller's: it sets left and uses the absolute value) */
	int64_t precision;/* -1 when not given */
};

/* %d %i %u %o %x %X of an int. */
int num_percent_int(struct text_buf *out, const struct num_percent_spec *spec,
		    const struct num_int *v, struct num_error *err);

/* %e %E %f %F %g %G of a float (also used for ints after float()). */
int num_percent_float(struct text_buf *out, const struct num_percent_spec *spec,
		      double x, struct num_error *err);

/* %c of an int: checks the range (OverflowError "%c arg not in
 * range(0x110000)") and appends the padded character. */
int num_percent_char_int(struct text_buf *out, const struct num_percent_spec *spec,
			 const struct num_int *v, struct num_error *err);

/* Pads already-converted text (e.g. %s, %c of a 1-char str) by width/left. */
int num_percent_pad_text(struct text_buf *out, const struct num_percent_spec *spec,
			 const char *s, size_t len);

#endif
