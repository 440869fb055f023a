/* math_mod.h -- the parts of the math module shared between its files
 * (math.c: the module's functions; math_gamma.c: gamma and lgamma). */
#ifndef BOX_WORKER_MODULES_MATH_MOD_H
#define BOX_WORKER_MODULES_MATH_MOD_H

/* CPython's m_tgamma / m_lgamma: errno EDOM (pole, invalid) or ERANGE
 * (overflow) as math_1a reads it. */
double math_tgamma(double x);
double math_lgamma(double x);

#endif
