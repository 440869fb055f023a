/* math_gamma.c -- math.gamma and math.lgamma as CPython 3.11 computes
 * them (not libm's tgamma/lgamma, whose last bits differ): a Lanczos
 * approximation with g = 6.024680040776729583740234375 and 13 terms, an
 * exact table for small integer arguments, and the reflection formula
 * for negative arguments.
 *
 * Both report errors through errno as math_1a expects: EDOM for a pole
 * or an invalid argument, ERANGE when the result overflows. */
#include "config.h"

#include <errno.h>
#include <math.h>

#include "worker/modules/math/math_mod.h"

#define LANCZOS_N 13
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;

/* Numerator of the Lanczos rational function, lowest power first. */
static const double lanczos_num[LANCZOS_N] = {
	23531376880.410759688572007674451636754734846804940,
	42919803642.649098768957899047001988850926355848959,
	35711959237.355668049440185451547166705960488635843,
	17921034426.037209699919755754458931112671403265390,
	6039542586.3520280050642916443072979210699388420708,
	1439720407.3117216736632230727949123939715485786772,
	248874557.86205415651146038641322942321632125127801,
	31426415.585400194380614231628318205362874684987640,
	2876370.6289353724412254090516208496135991145378768,
	186056.26539522349504029498971604569928220784236328,
	8071.6720023658162106380029022722506138218516325024,
	210.82427775157934587250973392071336271166969580291,
	2.5066282746310002701649081771338373386264310793408,
};

/* Denominator: the coefficients of x(x+1)...(x+11), lowest power first. */
static const double lanczos_den[LANCZOS_N] = {
	0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0,
	13339535.0, 2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0,
};

/* gamma(n) = (n-1)! for n = 1 .. 23: exact in a double. */
#define NGAMMA_INTEGRAL 23
static const double gamma_integral[NGAMMA_INTEGRAL] = {
	1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0,
	3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0,
	1307674368000.0, 20922789888000.0, 355687428096000.0,
	6402373705728000.0, 121645100408832000.0, 2432902008176640000.0,
	51090942171709440000.0, 1124000727777607680000.0,
};

static const double pi = 3.141592653589793238462643383279502884197;
static const double logpi = 1.144729885849400174143427351353058711647;

/* The rational function at x > 0; for large x it is evaluated in 1/x so
 * the powers cannot overflow. */
static double lanczos_sum(double x)
{
	double num = 0.0, den = 0.0;
	if (x < 5.0) {
		for (int i = LANCZOS_N - 1; i >= 0; i--) {
			num = num * x + lanczos_num[i];
			den = den * x + lanczos_den[i];
		}
	} else {
		for (int i = 0; i < LANCZOS_N; i++) {
			num = num / x + lanczos_num[i];
			den = den / x + lanczos_den[i];
		}
	}
	return num / den;
}

/* sin(pi * x) for finite x, accurate near the integers. */
static double sinpi(double x)
{
	double y = fmod(fabs(x), 2.0), r;
	int n = (int)round(2.0 * y);
	switch (n) {
	case 0:
		r = sin(pi * y);
		break;
	case 1:
		r = cos(pi * (y - 0.5));
		break;
	case 2:
		r = sin(pi * (1.0 - y));  /* 0.0, not -0.0, at y == 1 */
		break;
	case 3:
		r = -cos(pi * (y - 1.5));
		break;
	default:
		r = sin(pi * (y - 2.0));
		break;
	}
	return copysign(1.0, x) * r;
}

double math_tgamma(double x)
{
	if (!isfinite(x)) {
		if (isnan(x) || x > 0.0)
			return x;
		errno = EDOM;
		return NAN;
	}
	if (x == 0.0) {
		errno = EDOM;
		return copysign(HUGE_VAL, x);
	}
	if (x == floor(x)) {
		if (x < 0.0) {
			errno = EDOM;
			return NAN;
		}
		if (x <= NGAMMA_INTEGRAL)
			return gamma_integral[(int)x - 1];
	}
	double absx = fabs(x), r;
	if (absx < 1e-20) {
		r = 1.0 / x;
		if (isinf(r))
			errno = ERANGE;
		return r;
	}
	if (absx > 200.0) {
		if (x < 0.0)
			return 0.0 / sinpi(x);
		errno = ERANGE;
		return HUGE_VAL;
	}
	double y = absx + lanczos_g_minus_half, z;
	/* z: the rounding error of y, scaled (volatile keeps the compiler
	 * from folding the compensated subtraction away) */
	if (absx > lanczos_g_minus_half) {
		volatile double q = y - absx;
		z = q - lanczos_g_minus_half;
	} else {
		volatile double q = y - lanczos_g_minus_half;
		z = q - absx;
	}
	z = z * lanczos_g / y;
	if (x < 0.0) {
		r = -pi / sinpi(absx) / absx * exp(y) / lanczos_sum(absx);
		r -= z * r;
		if (absx < 140.0) {
			r /= pow(y, absx - 0.5);
		} else {
			double sqrtpow = pow(y, absx / 2.0 - 0.25);
			r /= sqrtpow;
			r /= sqrtpow;
		}
	} else {
		r = lanczos_sum(absx) / exp(y);
		r += z * r;
		if (absx < 140.0) {
			r *= pow(y, absx - 0.5);
		} else {
			double sqrtpow = pow(y, absx / 2.0 - 0.25);
			r *= sqrtpow;
			r *= sqrtpow;
		}
	}
	if (isinf(r))
		errno = ERANGE;
	return r;
}

double math_lgamma(double x)
{
	if (!isfinite(x)) {
		if (isnan(x))
			return x;
		return HUGE_VAL;
	}
	if (x == floor(x) && x <= 2.0) {
		if (x <= 0.0) {
			errno = EDOM;
			return HUGE_VAL;
		}
		return 0.0;
	}
	double absx = fabs(x);
	if (absx < 1e-20)
		return -log(absx);
	double r = log(lanczos_sum(absx)) - lanczos_g;
	r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
	if (x < 0.0)
		r = logpi - log(fabs(sinpi(absx))) - log(absx) - r;
	if (isinf(r))
		errno = ERANGE;
	return r;
}
