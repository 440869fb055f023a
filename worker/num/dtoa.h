/* dtoa.h -- double to text exactly as CPython 3.11 (repr, str, and the
 * e/f/g/% conversions used by format() and %-formatting).
 *
 * Shortest round-trip digits (Gay's mode 0 result: fewest digits that read
 * back to the same double, the nearest such when several exist) and
 * correctly rounded fixed-precision digits.
 */
#ifndef BOX_NUM_DTOA_H
#define BOX_NUM_DTOA_H

#include "worker/num/num.h"

/* repr(x) == str(x): '0.1', '1e+16', '1e-05', '-0.0', '1.0', 'inf', 'nan'. */
int num_double_repr(struct text_buf *out, double x);

/* Digits of |x| (x finite): appends ASCII digits without leading or
 * trailing zeros ("0" for zero) to `digits` and sets the decimal point
 * position: |x| ~= 0.DIGITS * 10**decpt.
 *   mode 0: shortest round-trip digits (ndigits ignored)
 *   mode 2: max(ndigits,1) significant digits, correctly rounded (half-even)
 *   mode 3: ndigits >= 0 digits after the decimal point, correctly
 *           rounded; may yield no digits (then digits = "" and
 *           decpt = -ndigits): the value rounds to zero.
 * Returns the number of digits appended, or -1 if memory runs out. */
int num_dtoa(struct text_buf *digits, double x, int mode, int ndigits, int *decpt);

/* Flags for num_double_to_string (as CPython's Py_DTSF_*). */
#define NUM_DTSF_SIGN      0x01  /* always add a sign ('+' for positive) */
#define NUM_DTSF_ADD_DOT_0 0x02  /* integral results in 'r'/'g'-like output keep ".0" */
#define NUM_DTSF_ALT       0x04  /* '#': keep trailing zeros / the dot */
#define NUM_DTSF_NO_NEG_0  0x08  /* 'z': -0.0 (after rounding) prints as 0 */

/* PyOS_double_to_string: format_code one of 'e' 'E' 'f' 'F' 'g' 'G' 'r'
 * ('r' ignores precision: repr digits).  inf/nan print as inf/nan (INF/NAN
 * for upper-case codes), with sign handling as CPython.  Appends to out;
 * returns 0, or -1 for a bad code, a precision above INT_MAX - 2, or
 * memory exhaustion. */
int num_double_to_string(struct text_buf *out, double x, char format_code,
			 int precision, int flags);

#endif
