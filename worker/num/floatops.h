/* floatops.h -- float semantics of CPython 3.11 beyond a bare C operator:
 * //, %, divmod, round, **, conversions to int, float.hex/fromhex,
 * as_integer_ratio, is_integer.
 */
#ifndef BOX_NUM_FLOATOPS_H
#define BOX_NUM_FLOATOPS_H

#include "worker/num/num.h"

/* a // b, a % b, divmod(a, b) (float_divmod: result signs, -0.0).
 * ZeroDivisionError "float floor division by zero" / "float modulo" /
 * "float divmod()". */
int num_float_floordiv(double a, double b, double *out, struct num_error *err);
int num_float_mod(double a, double b, double *out, struct num_error *err);
int num_float_divmod(double a, double b, double *quot, double *rem, struct num_error *err);

/* a ** b (float_pow).  Returns 0 with *out set, -1 with err set
 * (ZeroDivisionError "0.0 cannot be raised to a negative power",
 * OverflowError "(34, 'Numerical result out of range')"), or
 * NUM_POW_COMPLEX when a < 0 and b is not integral: CPython then returns
 * complex(a) ** complex(b); the caller computes that. */
#define NUM_POW_COMPLEX 1
int num_float_pow(double a, double b, double *out, struct num_error *err);

/* int(x) / math.trunc(x), math.floor(x), math.ceil(x), round(x) (half to
 * even) as ints.  ValueError "cannot convert float NaN to integer",
 * OverflowError "cannot convert float infinity to integer". */
int num_float_trunc_int(struct num_intres *out, double x, struct num_error *err);
int num_float_floor_int(struct num_intres *out, double x, struct num_error *err);
int num_float_ceil_int(struct num_intres *out, double x, struct num_error *err);
int num_float_round_int(struct num_intres *out, double x, struct num_error *err);

/* round(x, ndigits) -> float, correctly rounded through the exact decimal
 * value (round(2.675, 2) == 2.67); nan/inf returned unchanged; a big-int
 * ndigits may be clamped to INT64_MIN/INT64_MAX by the caller (beyond
 * +-400 the result no longer changes);
 * OverflowError "rounded value too large to represent". */
int num_float_round(double x, int64_t ndigits, double *out, struct num_error *err);

/* float.hex(x): '0x1.8000000000000p+0', 'inf', '-0x0.0p+0'. */
int num_float_hex(struct text_buf *out, double x);

/* float.fromhex(s): ValueError "invalid hexadecimal floating-point
 * string", OverflowError "hexadecimal value too large to represent as a
 * float". */
int num_float_fromhex(const char *s, size_t len, double *out, struct num_error *err);

/* float.as_integer_ratio(): OverflowError "cannot convert Infinity to
 * integer ratio", ValueError "cannot convert NaN to integer ratio". */
int num_float_as_integer_ratio(double x, struct num_intres *numer, struct num_intres *denom,
			       struct num_error *err);

/* float.is_integer() */
bool num_float_is_integer(double x);

/* Comparison of a float with an int exactly as CPython (no rounding):
 * returns -1, 0, 1; for nan returns 2 (every comparison false except !=). */
int num_float_int_compare(double x, const struct num_int *v);

#endif
