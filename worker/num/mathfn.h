/* mathfn.h -- the cores of CPython 3.11's math module that are not a bare
 * libm call, plus the math_1/math_2 error rules for the ones that are.
 * Argument conversion (float(), __index__, iterables) is the caller's.
 */
#ifndef BOX_NUM_MATHFN_H
#define BOX_NUM_MATHFN_H

#include "worker/num/num.h"

/* math_1: y = fn(x) with CPython's checks: a nan result from a non-nan
 * argument -> ValueError "math domain error"; an infinite result from a
 * finite argument -> OverflowError "math range error" when can_overflow,
 * else ValueError "math domain error"; errno ERANGE on a large result ->
 * OverflowError "math range error" (underflow is fine). */
int num_math_1(double (*fn)(double), double x, bool can_overflow, double *out,
	       struct num_error *err);
/* math_2: r = fn(x, y) with the same rules (atan2, copysign, fmod,
 * remainder, pow-like). */
int num_math_2(double (*fn)(double, double), double x, double y, double *out,
	       struct num_error *err);

/* Special-cased functions with their exact CPython behaviour. */
int num_math_pow(double x, double y, double *out, struct num_error *err);      /* math.pow */
int num_math_fmod(double x, double y, double *out, struct num_error *err);
int num_math_remainder(double x, double y, double *out, struct num_error *err);
int num_math_sqrt(double x, double *out, struct num_error *err);
int num_math_ldexp(double x, const struct num_int *i, double *out, struct num_error *err);
void num_math_frexp(double x, double *mant, int *exp);
double num_math_ulp(double x);
double num_math_nextafter(double x, double y);
double num_math_copysign(double x, double y);
/* math.isclose(a, b, rel_tol, abs_tol): ValueError "tolerances must be
 * non-negative". */
int num_math_isclose(double a, double b, double rel_tol, double abs_tol, bool *out,
		     struct num_error *err);

/* math.fsum over n doubles, exact (Shewchuk/Neumaier partials as
 * CPython).  ValueError "-inf + inf in fsum", OverflowError "intermediate
 * overflow in fsum". */
int num_math_fsum(const double *xs, size_t n, double *out, struct num_error *err);

/* math.hypot(*coords) and math.dist(p, q) (dist: equal lengths checked by
 * the caller) with CPython's accurate vector_norm.  Fail only with
 * MemoryError (scratch space for more than 16 coordinates). */
int num_math_hypot(const double *xs, size_t n, double *out, struct num_error *err);
int num_math_dist(const double *p, const double *q, size_t n, double *out,
		  struct num_error *err);

/* math.log(v[, base]) / log2 / log10 of an int of any size (CPython's
 * loghelper: big ints via frexp-style scaling).  ValueError "math domain
 * error" for v <= 0.  which: 'e', '2', 'a' (log10). */
int num_math_log_int(const struct num_int *v, char which, double *out, struct num_error *err);
/* Same for a float argument. */
int num_math_log_double(double x, char which, double *out, struct num_error *err);

/* Integer functions (results normalised). */
int num_math_isqrt(struct num_intres *out, const struct num_int *n, struct num_error *err);
int num_math_factorial(struct num_intres *out, const struct num_int *n, struct num_error *err);
/* perm(n) (k None, == factorial(n)): pass k = NULL. */
int num_math_comb(struct num_intres *out, const struct num_int *n, const struct num_int *k,
		  struct num_error *err);
int num_math_perm(struct num_intres *out, const struct num_int *n, const struct num_int *k,
		  struct num_error *err);
/* gcd()/lcm() of n ints (n == 0: gcd 0, lcm 1); results non-negative. */
void num_math_gcd(struct num_intres *out, const struct num_int *vs, size_t n);
void num_math_lcm(struct num_intres *out, const struct num_int *vs, size_t n);

#endif
