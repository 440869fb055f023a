/* intops.h -- int semantics of CPython 3.11 that are more than one GMP
 * call: correctly rounded true division, int -> float, bit_length,
 * bit_count, to_bytes/from_bytes, three-argument pow, round(int, n).
 */
#ifndef BOX_NUM_INTOPS_H
#define BOX_NUM_INTOPS_H

#include "worker/num/num.h"

/* a / b correctly rounded (CPython's long_true_divide).  Errors:
 * ZeroDivisionError "division by zero", OverflowError "integer division
 * result too large for a float". */
int num_int_truediv(const struct num_int *a, const struct num_int *b, double *out,
		    struct num_error *err);

/* float(v), round-half-even; OverflowError "int too large to convert to float". */
int num_int_to_double(const struct num_int *v, double *out, struct num_error *err);

/* int.bit_length(), int.bit_count(). */
uint64_t num_int_bit_length(const struct num_int *v);
uint64_t num_int_bit_count(const struct num_int *v);

/* int.to_bytes(length, byteorder, signed=): appends `length` bytes.
 * OverflowError "int too big to convert" / "can't convert negative int to
 * unsigned".  (A negative length is the caller's ValueError "length
 * argument must be non-negative".) */
int num_int_to_bytes(struct text_buf *out, const struct num_int *v, uint64_t length,
		     bool little_endian, bool is_signed, struct num_error *err);

/* int.from_bytes(bytes, byteorder, signed=). */
void num_int_from_bytes(struct num_intres *out, const uint8_t *bytes, size_t len,
			bool little_endian, bool is_signed);

/* pow(a, b, m) for ints: ValueError "pow() 3rd argument cannot be 0",
 * "base is not invertible for the given modulus" (negative b).  The result
 * has the sign of m, as CPython. */
int num_int_powmod(struct num_intres *out, const struct num_int *a, const struct num_int *b,
		   const struct num_int *m, struct num_error *err);

/* round(v, ndigits) for ints (ndigits >= 0 returns v): rounds half to
 * even at 10**-ndigits. */
int num_int_round(struct num_intres *out, const struct num_int *v, const struct num_int *ndigits,
		  struct num_error *err);

/* Python floor division and modulo on int64 with the Python sign rules
 * (b != 0; the caller handles INT64_MIN / -1 overflow by promoting). */
static inline int64_t num_i64_floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}
static inline int64_t num_i64_mod(int64_t a, int64_t b)
{
	if (b == -1)
		return 0;   /* avoids INT64_MIN % -1 */
	int64_t r = a % b;
	if (r != 0 && ((r < 0) != (b < 0)))
		r += b;
	return r;
}

#endif
