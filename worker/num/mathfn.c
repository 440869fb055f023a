/* mathfn.c -- float cores of CPython 3.11's math module: the math_1 /
 * math_2 error rules, pow/fmod/remainder/sqrt/ldexp/ulp/isclose, fsum
 * (Shewchuk's exact partials), hypot/dist (vector_norm) and log of ints
 * of any size (loghelper). */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "worker/num/intops.h"
#include "worker/num/mathfn.h"

static int domain_error(struct num_error *err)
{
	return num_error_set(err, "ValueError", "math domain error");
}

static int range_error(struct num_error *err)
{
	return num_error_set(err, "OverflowError", "math range error");
}

/* is_error: errno after a libm call with result r. */
static int errno_error(double r, struct num_error *err)
{
	if (errno == EDOM)
		return domain_error(err);
	if (errno == ERANGE) {
		if (fabs(r) < 1.5)
			return 0;   /* underflow is not an error */
		return range_error(err);
	}
	return 0;
}

int num_math_1(double (*fn)(double), double x, bool can_overflow, double *out,
	       struct num_error *err)
{
	errno = 0;
	double r = fn(x);
	if (isnan(r) && !isnan(x))
		return domain_error(err);
	if (isinf(r) && isfinite(x))
		return can_overflow ? range_error(err) : domain_error(err);
	if (isfinite(r) && errno && errno_error(r, err) < 0)
		return -1;
	*out = r;
	return 0;
}

int num_math_2(double (*fn)(double, double), double x, double y, double *out,
	       struct num_error *err)
{
	errno = 0;
	double r = fn(x, y);
	if (isnan(r))
		errno = (!isnan(x) && !isnan(y)) ? EDOM : 0;
	else if (isinf(r))
		errno = (isfinite(x) && isfinite(y)) ? ERANGE : 0;
	if (errno && errno_error(r, err) < 0)
		return -1;
	*out = r;
	return 0;
}

int num_math_pow(double x, double y, double *out, struct num_error *err)
{
	double r = 0.0;
	errno = 0;
	if (!isfinite(x) || !isfinite(y)) {
		if (isnan(x)) {
			r = y == 0.0 ? 1.0 : x;
		} else if (isnan(y)) {
			r = x == 1.0 ? 1.0 : y;
		} else if (isinf(x)) {
			bool odd_y = isfinite(y) && fmod(fabs(y), 2.0) == 1.0;
			if (y > 0.0)
				r = odd_y ? x : fabs(x);
			else if (y == 0.0)
				r = 1.0;
			else
				r = odd_y ? copysign(0.0, x) : 0.0;
		} else {
			if (fabs(x) == 1.0)
				r = 1.0;
			else if (y > 0.0 && fabs(x) > 1.0)
				r = y;
			else if (y < 0.0 && fabs(x) < 1.0)
				r = -y;
			else
				r = 0.0;
		}
	} else {
		r = pow(x, y);
		if (!isfinite(r)) {
			if (isnan(r))
				errno = EDOM;
			else
				errno = x == 0.0 ? EDOM : ERANGE;
		}
	}
	if (errno && errno_error(r, err) < 0)
		return -1;
	*out = r;
	return 0;
}

int num_math_fmod(double x, double y, double *out, struct num_error *err)
{
	if (isinf(y) && isfinite(x)) {
		*out = x;
		return 0;
	}
	errno = 0;
	double r = fmod(x, y);
	if (isnan(r))
		errno = (!isnan(x) && !isnan(y)) ? EDOM : 0;
	if (errno && errno_error(r, err) < 0)
		return -1;
	*out = r;
	return 0;
}

int num_math_remainder(double x, double y, double *out, struct num_error *err)
{
	return num_math_2(remainder, x, y, out, err);
}

int num_math_sqrt(double x, double *out, struct num_error *err)
{
	return num_math_1(sqrt, x, false, out, err);
}

int num_math_ldexp(double x, const struct num_int *arg, double *out, struct num_error *err)
{
	struct num_int norm = num_int_norm(arg);
	const struct num_int *i = &norm;
	double r;
	errno = 0;
	int s = num_int_sign(i);
	bool too_big = i->big ? s > 0 : i->small > INT_MAX;
	bool too_small = i->big ? s < 0 : i->small < INT_MIN;
	if (x == 0.0 || !isfinite(x)) {
		r = x;
	} else if (too_big) {
		r = copysign(HUGE_VAL, x);
		errno = ERANGE;
	} else if (too_small) {
		r = copysign(0.0, x);
	} else {
		r = ldexp(x, (int)i->small);
		if (isinf(r))
			errno = ERANGE;
	}
	if (errno && errno_error(r, err) < 0)
		return -1;
	*out = r;
	return 0;
}

void num_math_frexp(double x, double *mant, int *exp)
{
	if (isnan(x) || isinf(x) || x == 0.0) {
		*mant = x;
		*exp = 0;
		return;
	}
	*mant = frexp(x, exp);
}

double num_math_ulp(double x)
{
	if (isnan(x))
		return x;
	x = fabs(x);
	if (isinf(x))
		return x;
	double x2 = nextafter(x, HUGE_VAL);
	if (isinf(x2))
		return x - nextafter(x, -HUGE_VAL);
	return x2 - x;
}

double num_math_nextafter(double x, double y)
{
	return nextafter(x, y);
}

double num_math_copysign(double x, double y)
{
	return copysign(x, y);
}

int num_math_isclose(double a, double b, double rel_tol, double abs_tol, bool *out,
		     struct num_error *err)
{
	if (rel_tol < 0.0 || abs_tol < 0.0)
		return num_error_set(err, "ValueError", "tolerances must be non-negative");
	if (a == b) {
		*out = true;
		return 0;
	}
	if (isinf(a) || isinf(b)) {
		*out = false;
		return 0;
	}
	double diff = fabs(b - a);
	*out = diff <= fabs(rel_tol * b) || diff <= fabs(rel_tol * a) || diff <= abs_tol;
	return 0;
}

/* ---- fsum ---------------------------------------------------------- */

int num_math_fsum(const double *xs, size_t count, double *out, struct num_error *err)
{
	double small[32], *p = small;
	size_t n = 0, cap = 32;
	double special_sum = 0.0, inf_sum = 0.0;
	int rc = 0;
	for (size_t k = 0; k < count; k++) {
		double x = xs[k], xsave = x;
		size_t i = 0;
		for (size_t j = 0; j < n; j++) {
			double y = p[j];
			if (fabs(x) < fabs(y)) {
				double t = x;
				x = y;
				y = t;
			}
			double hi = x + y;
			double yr = hi - x;
			double lo = y - yr;
			if (lo != 0.0)
				p[i++] = lo;
			x = hi;
		}
		n = i;
		if (x != 0.0) {
			if (!isfinite(x)) {
				if (isfinite(xsave)) {
					rc = num_error_set(err, "OverflowError",
							   "intermediate overflow in fsum");
					goto done;
				}
				if (isinf(xsave))
					inf_sum += xsave;
				special_sum += xsave;
				n = 0;
			} else {
				if (n >= cap) {
					size_t ncap = cap * 2;
					double *np = num_alloc(ncap, sizeof *np);
					if (!np) {
						rc = num_error_nomem(err);
						goto done;
					}
					for (size_t t = 0; t < n; t++)
						np[t] = p[t];
					if (p != small)
						num_free(p, cap, sizeof *p);
					p = np;
					cap = ncap;
				}
				p[n++] = x;
			}
		}
	}
	if (special_sum != 0.0) {
		if (isnan(inf_sum))
			rc = num_error_set(err, "ValueError", "-inf + inf in fsum");
		else
			*out = special_sum;
		goto done;
	}
	double hi = 0.0, lo = 0.0;
	if (n > 0) {
		hi = p[--n];
		while (n > 0) {
			double x = hi, y = p[--n];
			hi = x + y;
			double yr = hi - x;
			lo = y - yr;
			if (lo != 0.0)
				break;
		}
		if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
			double y = lo * 2.0;
			double x = hi + y;
			double yr = x - hi;
			if (y == yr)
				hi = x;
		}
	}
	*out = hi;
done:
	if (p != small)
		num_free(p, cap, sizeof *p);
	return rc;
}

/* ---- hypot / dist -------------------------------------------------- */

struct dbl2 { double hi, lo; };

static struct dbl2 dl_mul(double x, double y)
{
	double z = x * y;
	struct dbl2 r = { z, fma(x, y, -z) };
	return r;
}

static struct dbl2 dl_fast_sum(double a, double b)
{
	double x = a + b;
	struct dbl2 r = { x, (a - x) + b };
	return r;
}

/* vector_norm of |coordinates| in vec (modified), max = their maximum. */
static double vector_norm(size_t n, double *vec, double max, bool found_nan)
{
	if (isinf(max))
		return max;
	if (found_nan)
		return NAN;
	if (max == 0.0 || n <= 1)
		return max;
	int max_e;
	frexp(max, &max_e);
	if (max_e < -1023) {
		for (size_t i = 0; i < n; i++)
			vec[i] /= DBL_MIN;
		return DBL_MIN * vector_norm(n, vec, max / DBL_MIN, found_nan);
	}
	double scale = ldexp(1.0, -max_e);
	double csum = 1.0, frac1 = 0.0, frac2 = 0.0;
	for (size_t i = 0; i < n; i++) {
		double x = vec[i] * scale;
		struct dbl2 pr = dl_mul(x, x);
		struct dbl2 sm = dl_fast_sum(csum, pr.hi);
		csum = sm.hi;
		frac1 += pr.lo;
		frac2 += sm.lo;
	}
	double h = sqrt(csum - 1.0 + (frac1 + frac2));
	struct dbl2 pr = dl_mul(-h, h);
	struct dbl2 sm = dl_fast_sum(csum, pr.hi);
	csum = sm.hi;
	frac1 += pr.lo;
	frac2 += sm.lo;
	double x = csum - 1.0 + (frac1 + frac2);
	h += x / (2.0 * h);
	return h / scale;
}

static int norm_of(size_t n, const double *a, const double *b, double *out,
		   struct num_error *err)
{
	double small[16], *v = n <= 16 ? small : num_alloc(n, sizeof *v);
	if (!v)
		return num_error_nomem(err);
	double max = 0.0;
	bool found_nan = false;
	for (size_t i = 0; i < n; i++) {
		double x = fabs(b ? a[i] - b[i] : a[i]);
		v[i] = x;
		found_nan |= isnan(x);
		if (x > max)
			max = x;
	}
	*out = vector_norm(n, v, max, found_nan);
	if (v != small)
		num_free(v, n, sizeof *v);
	return 0;
}

int num_math_hypot(const double *xs, size_t n, double *out, struct num_error *err)
{
	return norm_of(n, xs, NULL, out, err);
}

int num_math_dist(const double *p, const double *q, size_t n, double *out,
		  struct num_error *err)
{
	return norm_of(n, p, q, out, err);
}

/* ---- logarithms ---------------------------------------------------- */

static double m_log(double x)
{
	if (isfinite(x)) {
		if (x > 0.0)
			return log(x);
		errno = EDOM;
		return x == 0.0 ? -HUGE_VAL : NAN;
	}
	if (isnan(x) || x > 0.0)
		return x;
	errno = EDOM;
	return NAN;
}

static double m_log2(double x)
{
	if (isfinite(x)) {
		if (x > 0.0)
			return log2(x);
		errno = EDOM;
		return x == 0.0 ? -HUGE_VAL : NAN;
	}
	if (isnan(x) || x > 0.0)
		return x;
	errno = EDOM;
	return NAN;
}

static double m_log10(double x)
{
	if (isfinite(x)) {
		if (x > 0.0)
			return log10(x);
		errno = EDOM;
		return x == 0.0 ? -HUGE_VAL : NAN;
	}
	if (isnan(x) || x > 0.0)
		return x;
	errno = EDOM;
	return NAN;
}

static double (*log_fn(char which))(double)
{
	return which == '2' ? m_log2 : which == 'a' ? m_log10 : m_log;
}

int num_math_log_double(double x, char which, double *out, struct num_error *err)
{
	return num_math_1(log_fn(which), x, false, out, err);
}

int num_math_log_int(const struct num_int *v, char which, double *out, struct num_error *err)
{
	double (*fn)(double) = log_fn(which);
	if (num_int_sign(v) <= 0)
		return domain_error(err);
	if (!v->big || mpz_sizeinbase(v->big, 2) <= DBL_MAX_EXP) {
		double x;
		if (num_int_to_double(v, &x, err) == 0) {
			*out = fn(x);
			return 0;
		}
		num_error_clear(err);
	}
	/* v ~= x * 2**e with x in [0.5, 1), correctly rounded */
	size_t nbits = mpz_sizeinbase(v->big, 2);
	mpz_t top;
	mpz_init(top);
	uint64_t m;
	if (nbits > 55) {
		mpz_tdiv_q_2exp(top, v->big, nbits - 55);
		m = mpz_get_ui(top);
		if (mpz_scan1(v->big, 0) < nbits - 55)
			m |= 1;
	} else {
		m = mpz_get_ui(v->big);
	}
	mpz_clear(top);
	long shift = nbits > 55 ? (long)(nbits - 55) : 0;
	int e2;
	double x = frexp((double)m, &e2);
	double e = (double)shift + e2;
	*out = fn(x) + fn(2.0) * e;
	return 0;
}
