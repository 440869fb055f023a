/* intops.c -- int semantics beyond one GMP call, as CPython 3.11:
 * correctly rounded true division and int -> float, bit_length/bit_count,
 * to_bytes/from_bytes, pow(a, b, m), round(int, n). */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "worker/num/intops.h"

static uint64_t abs_u64(int64_t v)
{
	return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

uint64_t num_int_bit_length(const struct num_int *v)
{
	if (v->big)
		return mpz_sgn(v->big) ? mpz_sizeinbase(v->big, 2) : 0;
	uint64_t m = abs_u64(v->small);
	return m ? 64 - (uint64_t)__builtin_clzll(m) : 0;
}

uint64_t num_int_bit_count(const struct num_int *v)
{
	if (!v->big)
		return (uint64_t)__builtin_popcountll(abs_u64(v->small));
	uint64_t n = 0;
	size_t limbs = mpz_size(v->big);
	for (size_t i = 0; i < limbs; i++)
		n += (uint64_t)__builtin_popcountll((unsigned long long)mpz_getlimbn(v->big, (mp_size_t)i));
	return n;
}

/* |z| rounded half-even to a double, scaled: returns m and sets *exp so
 * that |z| ~= m * 2**exp with m < 2**55 exact in a double. */
static double mpz_to_double_parts(mpz_srcptr z, long *exp)
{
	size_t n = mpz_sizeinbase(z, 2);
	if (n <= 55) {
		*exp = 0;
		return (double)mpz_get_ui(z);   /* |z|, exact */
	}
	mpz_t top;
	mpz_init(top);
	mpz_tdiv_q_2exp(top, z, n - 55);
	mpz_abs(top, top);
	uint64_t m = mpz_get_ui(top);
	/* sticky bit: anything nonzero below the 55 kept bits */
	if (mpz_scan1(z, 0) < n - 55)
		m |= 1;
	mpz_clear(top);
	*exp = (long)(n - 55);
	return (double)m;   /* rounds 55 -> 53 bits, ties to even, once */
}

int num_int_to_double(const struct num_int *v, double *out, struct num_error *err)
{
	if (!v->big) {
		*out = (double)v->small;
		return 0;
	}
	if (mpz_sizeinbase(v->big, 2) > DBL_MAX_EXP)
		goto overflow;
	long e;
	double m = mpz_to_double_parts(v->big, &e);
	double r = ldexp(m, (int)e);
	if (isinf(r))
		goto overflow;
	*out = mpz_sgn(v->big) < 0 ? -r : r;
	return 0;
overflow:
	return num_error_set(err, "OverflowError", "int too large to convert to float");
}

int num_int_truediv(const struct num_int *a, const struct num_int *b, double *out,
		    struct num_error *err)
{
	const int64_t exact = (int64_t)1 << DBL_MANT_DIG;
	if (num_int_sign(b) == 0)
		return num_error_set(err, "ZeroDivisionError", "division by zero");
	if (!a->big && !b->big && a->small <= exact && a->small >= -exact &&
	    b->small <= exact && b->small >= -exact) {
		*out = (double)a->small / (double)b->small;   /* one rounding */
		return 0;
	}
	bool negate = (num_int_sign(a) < 0) != (num_int_sign(b) < 0);
	if (num_int_sign(a) == 0) {
		*out = negate ? -0.0 : 0.0;
		return 0;
	}
	mpz_t A, B, q, r;
	mpz_inits(A, B, q, r, NULL);
	num_int_to_mpz(A, a);
	num_int_to_mpz(B, b);
	mpz_abs(A, A);
	mpz_abs(B, B);
	long diff = (long)mpz_sizeinbase(A, 2) - (long)mpz_sizeinbase(B, 2);
	int rc = 0;
	if (diff > DBL_MAX_EXP) {
		rc = num_error_set(err, "OverflowError", "integer division result too large for a float");
		goto done;
	}
	if (diff < DBL_MIN_EXP - DBL_MANT_DIG - 1) {
		*out = negate ? -0.0 : 0.0;
		goto done;
	}
	/* x = A / B * 2**-shift truncated, about 55 or 56 bits, plus a sticky bit */
	long shift = (diff > DBL_MIN_EXP ? diff : DBL_MIN_EXP) - DBL_MANT_DIG - 2;
	if (shift >= 0)
		mpz_mul_2exp(B, B, (mp_bitcnt_t)shift);
	else
		mpz_mul_2exp(A, A, (mp_bitcnt_t)-shift);
	mpz_tdiv_qr(q, r, A, B);
	uint64_t x = mpz_get_ui(q);
	if (mpz_sgn(r))
		x |= 1;
	long xbits = 64 - __builtin_clzll(x);
	long extra = (xbits > DBL_MIN_EXP - shift ? xbits : DBL_MIN_EXP - shift) - DBL_MANT_DIG;
	uint64_t mask = (uint64_t)1 << (extra - 1);
	if ((x & mask) && (x & (3 * mask - 1)))   /* half and (odd or sticky) */
		x += mask;
	x &= ~(2 * mask - 1);
	double res = ldexp((double)x, (int)shift);
	if (isinf(res)) {
		rc = num_error_set(err, "OverflowError", "integer division result too large for a float");
		goto done;
	}
	*out = negate ? -res : res;
done:
	mpz_clears(A, B, q, r, NULL);
	return rc;
}

int num_int_to_bytes(struct text_buf *out, const struct num_int *v, uint64_t length,
		     bool little_endian, bool is_signed, struct num_error *err)
{
	int sign = num_int_sign(v);
	if (sign < 0 && !is_signed)
		return num_error_set(err, "OverflowError", "can't convert negative int to unsigned");
	uint64_t bits;
	if (__builtin_mul_overflow(length, 8, &bits) || length > SIZE_MAX / 2)
		return num_error_nomem(err);
	mpz_t z;
	mpz_init(z);
	num_int_to_mpz(z, v);
	bool fits;
	if (sign == 0)
		fits = true;
	else if (!is_signed)
		fits = mpz_sizeinbase(z, 2) <= bits;
	else if (sign > 0)
		fits = bits > 0 && mpz_sizeinbase(z, 2) <= bits - 1;
	else {
		/* -2**(bits-1) <= z  <=>  bitlen(|z| - 1) <= bits - 1 */
		mpz_t t;
		mpz_init(t);
		mpz_neg(t, z);
		mpz_sub_ui(t, t, 1);
		/* (CPython quirk: -1 fits in zero bytes) */
		fits = mpz_sgn(t) == 0 || (bits > 0 && mpz_sizeinbase(t, 2) <= bits - 1);
		mpz_clear(t);
	}
	if (!fits) {
		mpz_clear(z);
		return num_error_set(err, "OverflowError", "int too big to convert");
	}
	if (sign < 0) {   /* two's complement: 2**bits + z */
		mpz_t p;
		mpz_init(p);
		mpz_setbit(p, bits);
		mpz_add(z, z, p);
		mpz_clear(p);
	}
	if (num_buf_reserve(out, (size_t)length) < 0) {
		mpz_clear(z);
		return num_error_nomem(err);
	}
	unsigned char *d = (unsigned char *)out->data + out->len;
	memset(d, 0, (size_t)length);
	size_t count = 0;
	if (mpz_sgn(z))   /* least significant byte first, then reorder */
		mpz_export(d, &count, -1, 1, 0, 0, z);
	if (!little_endian && length > 1) {
		for (size_t i = 0, j = (size_t)length - 1; i < j; i++, j--) {
			unsigned char t = d[i];
			d[i] = d[j];
			d[j] = t;
		}
	}
	out->len += (size_t)length;
	out->data[out->len] = '\0';
	mpz_clear(z);
	return 0;
}

void num_int_from_bytes(struct num_intres *out, const uint8_t *bytes, size_t len,
			bool little_endian, bool is_signed)
{
	if (len == 0) {
		num_intres_set_i64(out, 0);
		return;
	}
	mpz_import(out->z, len, little_endian ? -1 : 1, 1, 0, 0, bytes);
	uint8_t top = little_endian ? bytes[len - 1] : bytes[0];
	if (is_signed && (top & 0x80)) {
		mpz_t p;
		mpz_init(p);
		mpz_setbit(p, (mp_bitcnt_t)len * 8);
		mpz_sub(out->z, out->z, p);
		mpz_clear(p);
	}
	num_intres_normalize(out);
}

int num_int_powmod(struct num_intres *out, const struct num_int *a, const struct num_int *b,
		   const struct num_int *m, struct num_error *err)
{
	if (num_int_sign(m) == 0)
		return num_error_set(err, "ValueError", "pow() 3rd argument cannot be 0");
	mpz_t A, B, M;
	mpz_inits(A, B, M, NULL);
	num_int_to_mpz(A, a);
	num_int_to_mpz(B, b);
	num_int_to_mpz(M, m);
	bool negative_output = mpz_sgn(M) < 0;
	mpz_abs(M, M);
	int rc = 0;
	if (mpz_cmp_ui(M, 1) == 0) {
		num_intres_set_i64(out, 0);
		goto done;
	}
	if (mpz_sgn(B) < 0) {
		if (!mpz_invert(A, A, M)) {
			rc = num_error_set(err, "ValueError",
					   "base is not invertible for the given modulus");
			goto done;
		}
		mpz_neg(B, B);
	}
	mpz_powm(out->z, A, B, M);   /* in [0, M) */
	if (negative_output && mpz_sgn(out->z))
		mpz_sub(out->z, out->z, M);
	num_intres_normalize(out);
done:
	mpz_clears(A, B, M, NULL);
	return rc;
}

int num_int_round(struct num_intres *out, const struct num_int *v, const struct num_int *nd_arg,
		  struct num_error *err)
{
	struct num_int nd_norm = num_int_norm(nd_arg);
	const struct num_int *ndigits = &nd_norm;
	(void)err;
	if (num_int_sign(ndigits) >= 0) {
		if (v->big)
			num_intres_set_mpz(out, v->big);
		else
			num_intres_set_i64(out, v->small);
		return 0;
	}
	/* n = -ndigits > 0; |v| < 10**(n-1) rounds to 0 */
	uint64_t vdigits = v->big ? mpz_sizeinbase(v->big, 10) : 20;
	if (ndigits->big || (uint64_t)(-(ndigits->small + 1)) + 1 > vdigits + 1) {
		num_intres_set_i64(out, 0);
		return 0;
	}
	unsigned long n = (unsigned long)(-(ndigits->small + 1)) + 1;
	mpz_t p, q, r, V;
	mpz_inits(p, q, r, V, NULL);
	num_int_to_mpz(V, v);
	mpz_ui_pow_ui(p, 10, n);
	mpz_fdiv_qr(q, r, V, p);
	mpz_mul_2exp(r, r, 1);
	int c = mpz_cmp(r, p);
	if (c > 0 || (c == 0 && mpz_odd_p(q)))
		mpz_add_ui(q, q, 1);
	mpz_mul(out->z, q, p);
	num_intres_normalize(out);
	mpz_clears(p, q, r, V, NULL);
	return 0;
}
