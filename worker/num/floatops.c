/* floatops.c -- float semantics of CPython 3.11 beyond a bare operator:
 * float_divmod / float_rem, float_pow's special cases, conversions to
 * int (trunc/floor/ceil/round), round(x, n) through the exact value,
 * as_integer_ratio, is_integer and exact float/int comparison. */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "worker/num/floatops.h"

int num_float_mod(double vx, double wx, double *out, struct num_error *err)
{
	if (wx == 0.0)
		return num_error_set(err, "ZeroDivisionError", "float modulo");
	double mod = fmod(vx, wx);
	if (mod) {
		if ((wx < 0) != (mod < 0))
			mod += wx;
	} else {
		mod = copysign(0.0, wx);
	}
	*out = mod;
	return 0;
}

/* _float_div_mod of 3.11 (wx != 0). */
static void div_mod(double vx, double wx, double *floordiv, double *mod)
{
	double m = fmod(vx, wx);
	double div = (vx - m) / wx;
	if (m) {
		if ((wx < 0) != (m < 0)) {
			m += wx;
			div -= 1.0;
		}
	} else {
		m = copysign(0.0, wx);
	}
	double fd;
	if (div) {
		fd = floor(div);
		if (div - fd > 0.5)
			fd += 1.0;
	} else {
		fd = copysign(0.0, vx / wx);
	}
	*floordiv = fd;
	*mod = m;
}

int num_float_floordiv(double a, double b, double *out, struct num_error *err)
{
	double mod;
	if (b == 0.0)
		return num_error_set(err, "ZeroDivisionError", "float floor division by zero");
	div_mod(a, b, out, &mod);
	return 0;
}

int num_float_divmod(double a, double b, double *quot, double *rem, struct num_error *err)
{
	if (b == 0.0)
		return num_error_set(err, "ZeroDivisionError", "float divmod()");
	div_mod(a, b, quot, rem);
	return 0;
}

static bool is_odd_integer(double x)
{
	return fmod(fabs(x), 2.0) == 1.0;
}

int num_float_pow(double iv, double iw, double *out, struct num_error *err)
{
	bool negate = false;
	if (iw == 0) {
		*out = 1.0;
		return 0;
	}
	if (isnan(iv)) {
		*out = iv;
		return 0;
	}
	if (isnan(iw)) {
		*out = iv == 1.0 ? 1.0 : iw;
		return 0;
	}
	if (isinf(iw)) {
		iv = fabs(iv);
		if (iv == 1.0)
			*out = 1.0;
		else if ((iw > 0.0) == (iv > 1.0))
			*out = fabs(iw);
		else
			*out = 0.0;
		return 0;
	}
	if (isinf(iv)) {
		bool odd = is_odd_integer(iw);
		if (iw > 0.0)
			*out = odd ? iv : fabs(iv);
		else
			*out = odd ? copysign(0.0, iv) : 0.0;
		return 0;
	}
	if (iv == 0.0) {
		if (iw < 0.0)
			return num_error_set(err, "ZeroDivisionError",
					     "0.0 cannot be raised to a negative power");
		*out = is_odd_integer(iw) ? iv : 0.0;
		return 0;
	}
	if (iv < 0.0) {
		if (iw != floor(iw))
			return NUM_POW_COMPLEX;
		iv = -iv;
		negate = is_odd_integer(iw);
	}
	if (iv == 1.0) {
		*out = negate ? -1.0 : 1.0;
		return 0;
	}
	errno = 0;
	double ix = pow(iv, iw);
	if (errno == 0 && isinf(ix))
		errno = ERANGE;
	else if (errno == ERANGE && ix == 0.0)
		errno = 0;
	if (negate)
		ix = -ix;
	if (errno == ERANGE)
		return num_error_set(err, "OverflowError", "(34, 'Numerical result out of range')");
	if (errno != 0)
		return num_error_set(err, "ValueError", "(33, 'Numerical argument out of domain')");
	*out = ix;
	return 0;
}

/* PyLong_FromDouble for an integral x. */
static int from_integral(struct num_intres *out, double x, struct num_error *err)
{
	if (isnan(x))
		return num_error_set(err, "ValueError", "cannot convert float NaN to integer");
	if (isinf(x))
		return num_error_set(err, "OverflowError", "cannot convert float infinity to integer");
	if (x >= -9223372036854775808.0 && x < 9223372036854775808.0) {
		num_intres_set_i64(out, (int64_t)x);
		return 0;
	}
	mpz_set_d(out->z, x);
	out->big = true;
	return 0;
}

int num_float_trunc_int(struct num_intres *out, double x, struct num_error *err)
{
	return from_integral(out, isfinite(x) ? trunc(x) : x, err);
}

int num_float_floor_int(struct num_intres *out, double x, struct num_error *err)
{
	return from_integral(out, isfinite(x) ? floor(x) : x, err);
}

int num_float_ceil_int(struct num_intres *out, double x, struct num_error *err)
{
	return from_integral(out, isfinite(x) ? ceil(x) : x, err);
}

int num_float_round_int(struct num_intres *out, double x, struct num_error *err)
{
	if (isfinite(x)) {
		double r = round(x);
		if (fabs(x - r) == 0.5)
			r = 2.0 * round(x / 2.0);
		x = r;
	}
	return from_integral(out, x, err);
}

/* |x| = mant * 2**exp with mant a 53-bit-or-less odd-or-zero integer. */
static void decompose(double x, uint64_t *mant, int *exp)
{
	int e;
	double m = frexp(fabs(x), &e);
	uint64_t mi = (uint64_t)ldexp(m, 53);
	e -= 53;
	if (mi) {
		int tz = __builtin_ctzll(mi);
		mi >>= tz;
		e += tz;
	}
	*mant = mi;
	*exp = mi ? e : 0;
}

int num_float_round(double x, int64_t ndigits, double *out, struct num_error *err)
{
	const int ndigits_max = (int)((DBL_MANT_DIG - DBL_MIN_EXP) * 0.30103);
	const int ndigits_min = -(int)((DBL_MAX_EXP + 1) * 0.30103);
	if (!isfinite(x) || ndigits > ndigits_max) {
		*out = x;
		return 0;
	}
	if (ndigits < ndigits_min) {
		*out = 0.0 * x;
		return 0;
	}
	/* Q = round_half_even(|x| * 10**ndigits), exactly, then Q e-ndigits. */
	uint64_t mant;
	int e;
	decompose(x, &mant, &e);
	mpz_t num, den, q, r;
	mpz_inits(num, den, q, r, NULL);
	mpz_set_ui(num, mant);
	mpz_set_ui(den, 1);
	if (ndigits >= 0) {
		mpz_t p;
		mpz_init(p);
		mpz_ui_pow_ui(p, 10, (unsigned long)ndigits);
		mpz_mul(num, num, p);
		mpz_clear(p);
	} else {
		mpz_ui_pow_ui(den, 10, (unsigned long)-ndigits);
	}
	if (e >= 0)
		mpz_mul_2exp(num, num, (mp_bitcnt_t)e);
	else
		mpz_mul_2exp(den, den, (mp_bitcnt_t)-e);
	mpz_fdiv_qr(q, r, num, den);
	mpz_mul_2exp(r, r, 1);
	int c = mpz_cmp(r, den);
	if (c > 0 || (c == 0 && mpz_odd_p(q)))
		mpz_add_ui(q, q, 1);
	size_t qlen = mpz_sizeinbase(q, 10);
	char *text = num_alloc(qlen + 32, 1);
	int rc = 0;
	if (!text) {
		rc = num_error_nomem(err);
		goto done;
	}
	text[0] = '-';
	mpz_get_str(text + 1, 10, q);
	char *end = text + 1;
	while (*end)
		end++;
	snprintf(end, 24, "e%lld", (long long)-ndigits);
	errno = 0;
	double rounded = strtod(signbit(x) ? text : text + 1, NULL);
	if (errno == ERANGE && fabs(rounded) >= 1.0)
		rc = num_error_set(err, "OverflowError", "rounded value too large to represent");
	else
		*out = rounded;
	num_free(text, qlen + 32, 1);
done:
	mpz_clears(num, den, q, r, NULL);
	return rc;
}

int num_float_as_integer_ratio(double x, struct num_intres *numer, struct num_intres *denom,
			       struct num_error *err)
{
	if (isinf(x))
		return num_error_set(err, "OverflowError", "cannot convert Infinity to integer ratio");
	if (isnan(x))
		return num_error_set(err, "ValueError", "cannot convert NaN to integer ratio");
	uint64_t mant;
	int e;
	decompose(x, &mant, &e);
	mpz_set_ui(numer->z, mant);
	if (x < 0)
		mpz_neg(numer->z, numer->z);
	mpz_set_ui(denom->z, 1);
	if (e >= 0)
		mpz_mul_2exp(numer->z, numer->z, (mp_bitcnt_t)e);
	else
		mpz_mul_2exp(denom->z, denom->z, (mp_bitcnt_t)-e);
	num_intres_normalize(numer);
	num_intres_normalize(denom);
	return 0;
}

bool num_float_is_integer(double x)
{
	return isfinite(x) && floor(x) == x;
}

int num_float_int_compare(double x, const struct num_int *v)
{
	if (isnan(x))
		return 2;
	if (v->big) {
		int c = mpz_cmp_d(v->big, x);   /* exact, handles infinities */
		return (c < 0) - (c > 0);
	}
	if (x >= 9223372036854775808.0)
		return 1;
	if (x < -9223372036854775808.0)
		return -1;
	double t = trunc(x);
	int64_t xi = (int64_t)t;
	if (xi != v->small)
		return xi < v->small ? -1 : 1;
	double frac = x - t;
	return (frac > 0) - (frac < 0);
}
