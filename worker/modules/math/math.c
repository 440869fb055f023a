/* math.c -- the math module: every function and constant of CPython
 * 3.11's math, with its argument conversions, error rules and messages.
 *
 * The numeric cores are in worker/num (mathfn.h: math_1/math_2 rules,
 * pow, fmod, fsum, hypot, log of big ints, the exact integer functions
 * over GMP) and math_gamma.c (gamma, lgamma); this file converts
 * arguments, calls them and raises what they report. */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "worker/runtime/mem.h"
#include "worker/runtime/runtime.h"
#include "worker/modules/registry.h"
#include "worker/modules/math/math_mod.h"
#include "worker/num/mathfn.h"

Value num_raise(struct num_error *e);   /* worker/objects/int.c */

/* ---- conversions -------------------------------------------------------------- */

static struct num_int as_num(Value v)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		return num_int_small(v.u.i);
	return num_int_big(((BigInt *)v.u.o)->z);
}

static Value from_intres(struct num_intres *r)
{
	Value v = r->big ? int_from_mpz(r->z) : v_int(r->small);
	num_intres_clear(r);
	return v;
}

/* An exact int from an int argument (__index__), as a new reference. */
static Value int_arg(Value v)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		return v_int(v.u.i);
	return obj_index(v);
}

/* "math.pow() takes no keyword arguments" (the fastcall functions). */
static bool no_kw(const char *fname, Tuple *kw)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "math.%s() takes no keyword arguments", fname);
		return false;
	}
	return true;
}

static bool exact_args(const char *fname, size_t nargs, Tuple *kw, size_t n)
{
	if (!no_kw(fname, kw))
		return false;
	if (nargs != n) {
		err_format(Exc_TypeError, "%s expected %zu arguments, got %zu", fname, n, nargs);
		return false;
	}
	return true;
}

static bool one_arg(const char *qname, size_t nargs, Tuple *kw)
{
	return args_check(qname, nargs, kw, 1, 1);
}

static Value float_or_error(int rc, double r, struct num_error *e)
{
	if (rc < 0)
		return num_raise(e);
	return v_float(r);
}

/* ---- one-argument float functions (FUNC1 / FUNC1A) ------------------------- */

static double erf_fn(double x) { return erf(x); }

/* The VM's one-argument form of a FUNC1 function (Builtin.fast1): a
 * float or small int whose result is finite with errno untouched, where
 * math_1 raises nothing; V_NULL leaves everything else to m_NAME. */
static inline Value math1_fast(double (*fn)(double), Value v)
{
	double x;
	if (v.tag == V_FLOAT)
		x = v.u.f;
	else if (v.tag == V_INT)
		x = (double)v.u.i;
	else
		return v_null();
	if (!isfinite(x))
		return v_null();
	errno = 0;
	double r = fn(x);
	if (!isfinite(r) || errno != 0)
		return v_null();
	return v_float(r);
}

#define FUNC1(name, fn, can_overflow) \
	static Value m_##name##_fast1(Value v) { return math1_fast(fn, v); } \
	static Value m_##name(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ \
		(void)self; \
		if (!one_arg("math." #name, nargs, kw)) \
			return v_null(); \
		double x, r = 0.0; \
		if (!val_to_double(args[0], &x)) \
			return v_null(); \
		struct num_error e = NUM_ERROR_INIT; \
		int rc = num_math_1(fn, x, can_overflow, &r, &e); \
		return float_or_error(rc, r, &e); \
	}
FUNC1(acos, acos, false)
FUNC1(acosh, acosh, false)
FUNC1(asin, asin, false)
FUNC1(asinh, asinh, false)
FUNC1(atan, atan, false)
FUNC1(atanh, atanh, false)
FUNC1(cbrt, cbrt, false)
FUNC1(cos, cos, false)
FUNC1(cosh, cosh, true)
FUNC1(erf, erf_fn, false)
FUNC1(erfc, erfc, false)
FUNC1(exp, exp, true)
FUNC1(exp2, exp2, true)
FUNC1(expm1, expm1, true)
FUNC1(fabs, fabs, false)
FUNC1(log1p, log1p, false)
FUNC1(sin, sin, false)
FUNC1(sinh, sinh, true)
FUNC1(tan, tan, false)
FUNC1(tanh, tanh, false)
#undef FUNC1

/* math_1a: only errno decides (gamma, lgamma). */
#define FUNC1A(name, fn) \
	static Value m_##name(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ \
		(void)self; \
		if (!one_arg("math." #name, nargs, kw)) \
			return v_null(); \
		double x; \
		if (!val_to_double(args[0], &x)) \
			return v_null(); \
		errno = 0; \
		double r = fn(x); \
		if (errno == EDOM) \
			return err_null_format(Exc_ValueError, "math domain error"); \
		if (errno == ERANGE && fabs(r) >= 1.5) \
			return err_null_format(Exc_OverflowError, "math range error"); \
		return v_float(r); \
	}
FUNC1A(gamma, math_tgamma)
FUNC1A(lgamma, math_lgamma)
#undef FUNC1A

/* sqrt of a non-negative finite float or small int (Builtin.fast1) */
static Value m_sqrt_fast1(Value v)
{
	if (v.tag == V_FLOAT && v.u.f >= 0.0 && v.u.f <= DBL_MAX)
		return v_float(sqrt(v.u.f));
	if (v.tag == V_INT && v.u.i >= 0)
		return v_float(sqrt((double)v.u.i));
	return v_null();
}

static Value m_sqrt(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!one_arg("math.sqrt", nargs, kw))
		return v_null();
	double x, r = 0.0;
	if (!val_to_double(args[0], &x))
		return v_null();
	struct num_error e = NUM_ERROR_INIT;
	int rc = num_math_sqrt(x, &r, &e);
	return float_or_error(rc, r, &e);
}

static Value m_degrees(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!one_arg("math.degrees", nargs, kw))
		return v_null();
	double x;
	if (!val_to_double(args[0], &x))
		return v_null();
	return v_float(x * (180.0 / M_PI));
}

static Value m_radians(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!one_arg("math.radians", nargs, kw))
		return v_null();
	double x;
	if (!val_to_double(args[0], &x))
		return v_null();
	return v_float(x * (M_PI / 180.0));
}

#define PRED(name, test) \
	static Value m_##name(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ \
		(void)self; \
		if (!one_arg("math." #name, nargs, kw)) \
			return v_null(); \
		double x; \
		if (!val_to_double(args[0], &x)) \
			return v_null(); \
		return v_bool(test(x)); \
	}
PRED(isfinite, isfinite)
PRED(isinf, isinf)
PRED(isnan, isnan)
#undef PRED

static Value m_ulp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!one_arg("math.ulp", nargs, kw))
		return v_null();
	double x;
	if (!val_to_double(args[0], &x))
		return v_null();
	return v_float(num_math_ulp(x));
}

static Value m_frexp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!one_arg("math.frexp", nargs, kw))
		return v_null();
	double x, m;
	int ex;
	if (!val_to_double(args[0], &x))
		return v_null();
	num_math_frexp(x, &m, &ex);
	Value items[2] = {v_float(m), v_int(ex)};
	Tuple *t = tuple_from(items, 2);
	return t ? v_obj(&t->ob) : v_null();
}

static Value m_modf(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!one_arg("math.modf", nargs, kw))
		return v_null();
	double x, ip, fp;
	if (!val_to_double(args[0], &x))
		return v_null();
	if (isinf(x)) {
		ip = x;
		fp = copysign(0.0, x);
	} else {
		fp = modf(x, &ip);
	}
	Value items[2] = {v_float(fp), v_float(ip)};
	Tuple *t = tuple_from(items, 2);
	return t ? v_obj(&t->ob) : v_null();
}

/* ---- floor, ceil, trunc -------------------------------------------------------- */

/* x.__name__() looked up on the type, or NULL without an exception. */
static Value call_special(Value x, Str *name, bool *found)
{
	Type *t = val_type(x);
	Value attr = type_lookup(t, name);
	*found = !IS_NULL(attr);
	if (!*found)
		return v_null();
	Value bound = bind_descr(attr, x, t);
	if (IS_NULL(bound))
		return bound;
	Value r = call0(bound);
	val_decref(bound);
	return r;
}

static Value rounding(const char *qname, Str *special, double (*fn)(double),
		      const Value *args, size_t nargs, Tuple *kw)
{
	if (!one_arg(qname, nargs, kw))
		return v_null();
	Value x = args[0];
	if (IS_FLOAT(x))
		return int_from_double(fn(x.u.f));
	if (x.tag == V_INT || x.tag == V_BOOL)
		return v_int(x.u.i);
	if (IS_BIGINT(x))
		return val_incref(x);
	bool found;
	Value r = call_special(x, special, &found);
	if (found)
		return r;
	double d;
	if (!val_to_double(x, &d))
		return v_null();
	return int_from_double(fn(d));
}

static Value m_floor(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return rounding("math.floor", ID(__floor__), floor, args, nargs, kw);
}

static Value m_ceil(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return rounding("math.ceil", ID(__ceil__), ceil, args, nargs, kw);
}

static Value m_trunc(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!one_arg("math.trunc", nargs, kw))
		return v_null();
	Value x = args[0];
	if (IS_FLOAT(x))
		return int_from_double(x.u.f);
	if (x.tag == V_INT || x.tag == V_BOOL)
		return v_int(x.u.i);
	if (IS_BIGINT(x))
		return val_incref(x);
	bool found;
	Value r = call_special(x, ID(__trunc__), &found);
	if (found)
		return r;
	return err_null_format(Exc_TypeError, "type %s doesn't define __trunc__ method", type_name_of(x));
}

/* ---- two-argument float functions ------------------------------------------------ */

static bool two_doubles(const char *fname, const Value *args, size_t nargs, Tuple *kw,
			double *x, double *y)
{
	return exact_args(fname, nargs, kw, 2) && val_to_double(args[0], x) &&
	       val_to_double(args[1], y);
}

static double m_atan2_fn(double y, double x) { return atan2(y, x); }
static double m_copysign_fn(double x, double y) { return copysign(x, y); }

#define FUNC2(name, call) \
	static Value m_##name(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ \
		(void)self; \
		double x, y, r = 0.0; \
		if (!two_doubles(#name, args, nargs, kw, &x, &y)) \
			return v_null(); \
		struct num_error e = NUM_ERROR_INIT; \
		int rc = call; \
		return float_or_error(rc, r, &e); \
	}
FUNC2(atan2, num_math_2(m_atan2_fn, x, y, &r, &e))
FUNC2(copysign, num_math_2(m_copysign_fn, x, y, &r, &e))
FUNC2(fmod, num_math_fmod(x, y, &r, &e))
FUNC2(remainder, num_math_remainder(x, y, &r, &e))
FUNC2(pow, num_math_pow(x, y, &r, &e))
#undef FUNC2

static Value m_nextafter(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	double x, y;
	if (!two_doubles("nextafter", args, nargs, kw, &x, &y))
		return v_null();
	return v_float(num_math_nextafter(x, y));
}

static Value m_ldexp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!exact_args("ldexp", nargs, kw, 2))
		return v_null();
	double x, r = 0.0;
	if (!val_to_double(args[0], &x))
		return v_null();
	Value i = args[1];
	if (!(i.tag == V_INT || i.tag == V_BOOL || IS_BIGINT(i) ||
	      val_isinstance(i, &int_type)))
		return err_null_format(Exc_TypeError, "Expected an int as second argument to ldexp.");
	Value n = obj_index(i);
	if (IS_NULL(n))
		return n;
	struct num_int ni = as_num(n);
	struct num_error e = NUM_ERROR_INIT;
	int rc = num_math_ldexp(x, &ni, &r, &e);
	val_decref(n);
	return float_or_error(rc, r, &e);
}

/* ---- logarithms ----------------------------------------------------------------- */

/* loghelper: ints of any size exactly, anything else through float(). */
static bool log_of(Value x, char which, double *out)
{
	struct num_error e = NUM_ERROR_INIT;
	int rc;
	if (is_intlike(x) || val_isinstance(x, &int_type)) {
		Value n = obj_index(x);
		if (IS_NULL(n))
			return false;
		struct num_int ni = as_num(n);
		rc = num_math_log_int(&ni, which, out, &e);
		val_decref(n);
	} else {
		double d;
		if (!val_to_double(x, &d))
			return false;
		rc = num_math_log_double(d, which, out, &e);
	}
	if (rc < 0) {
		num_raise(&e);
		return false;
	}
	return true;
}

static Value m_log(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!no_kwargs("log", kw))
		return v_null();
	if (nargs < 1 || nargs > 2)
		return err_null_format(Exc_TypeError, "math.log requires 1 to 2 arguments");
	double num, den;
	if (!log_of(args[0], 'e', &num))
		return v_null();
	if (nargs == 1)
		return v_float(num);
	if (!log_of(args[1], 'e', &den))
		return v_null();
	if (den == 0.0)
		return err_null_format(Exc_ZeroDivisionError, "float division by zero");
	return v_float(num / den);
}

static Value m_log2(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	double r = 0.0;
	if (!one_arg("math.log2", nargs, kw) || !log_of(args[0], '2', &r))
		return v_null();
	return v_float(r);
}

static Value m_log10(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	double r = 0.0;
	if (!one_arg("math.log10", nargs, kw) || !log_of(args[0], 'a', &r))
		return v_null();
	return v_float(r);
}

/* ---- sums, products, norms ----------------------------------------------------- */

/* Every item of an iterable as a double (a growing array the caller frees). */
static bool doubles_of(Value iterable, double **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	Value it = obj_iter(iterable);
	if (IS_NULL(it))
		return false;
	size_t cap = 0;
	double *xs = NULL;
	Value item;
	while (!IS_NULL(item = obj_next(it))) {
		double d;
		bool ok = val_to_double(item, &d);
		val_decref(item);
		if (!ok)
			goto fail;
		if (*n == cap) {
			size_t nc = cap ? cap * 2 : 16;
			double *nx = mem_realloc(xs, cap * sizeof(double), nc * sizeof(double));
			if (!nx) {
				err_no_memory();
				goto fail;
			}
			xs = nx;
			cap = nc;
		}
		xs[(*n)++] = d;
	}
	val_decref(it);
	if (err_occurred()) {
		mem_free(xs, cap * sizeof(double));
		return false;
	}
	*out = xs;
	/* callers free with the capacity: shrink the bookkeeping to n */
	if (xs && cap != *n) {
		double *nx = mem_realloc(xs, cap * sizeof(double), *n * sizeof(double));
		if (nx)
			*out = nx;
		else {
			mem_free(xs, cap * sizeof(double));
			*out = NULL;
			err_no_memory();
			return false;
		}
	}
	return true;
fail:
	val_decref(it);
	mem_free(xs, cap * sizeof(double));
	return false;
}

static Value m_fsum(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!one_arg("math.fsum", nargs, kw))
		return v_null();
	double *xs, r = 0.0;
	size_t n;
	if (!doubles_of(args[0], &xs, &n))
		return v_null();
	struct num_error e = NUM_ERROR_INIT;
	int rc = num_math_fsum(xs, n, &r, &e);
	mem_free(xs, n * sizeof(double));
	return float_or_error(rc, r, &e);
}

static Value m_hypot(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!no_kw("hypot", kw))
		return v_null();
	double small[16], *xs = small, r = 0.0;
	if (nargs > 16) {
		xs = mem_alloc(nargs * sizeof(double));
		if (!xs) {
			err_no_memory();
			return v_null();
		}
	}
	Value res = v_null();
	size_t i;
	for (i = 0; i < nargs; i++)
		if (!val_to_double(args[i], &xs[i]))
			break;
	if (i == nargs) {
		struct num_error e = NUM_ERROR_INIT;
		int rc = num_math_hypot(xs, nargs, &r, &e);
		res = float_or_error(rc, r, &e);
	}
	if (xs != small)
		mem_free(xs, nargs * sizeof(double));
	return res;
}

static Value m_dist(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!exact_args("dist", nargs, kw, 2))
		return v_null();
	Value p = IS_TUPLE(args[0]) ? val_incref(args[0]) : seq_to_tuple(args[0]);
	if (IS_NULL(p))
		return p;
	Value q = IS_TUPLE(args[1]) ? val_incref(args[1]) : seq_to_tuple(args[1]);
	if (IS_NULL(q)) {
		val_decref(p);
		return q;
	}
	Value res = v_null();
	Tuple *tp = AS_TUPLE(p), *tq = AS_TUPLE(q);
	size_t n = tp->n;
	double *xs = NULL, *ys = NULL;
	if (tq->n != n) {
		err_format(Exc_ValueError, "both points must have the same number of dimensions");
		goto out;
	}
	xs = mem_alloc((n ? n : 1) * sizeof(double));
	ys = mem_alloc((n ? n : 1) * sizeof(double));
	if (!xs || !ys) {
		err_no_memory();
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		if (!val_to_double(tp->items[i], &xs[i]) || !val_to_double(tq->items[i], &ys[i]))
			goto out;
	double r = 0.0;
	struct num_error e = NUM_ERROR_INIT;
	int rc = num_math_dist(xs, ys, n, &r, &e);
	res = float_or_error(rc, r, &e);
out:
	if (xs)
		mem_free(xs, (n ? n : 1) * sizeof(double));
	if (ys)
		mem_free(ys, (n ? n : 1) * sizeof(double));
	val_decref(p);
	val_decref(q);
	return res;
}

/* prod(iterable, /, *, start=1) */
static Value m_prod(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	size_t nkw = kw ? kw->n : 0;
	Value start = v_int(1);
	for (size_t k = 0; k < nkw; k++) {
		Str *key = AS_STR(kw->items[k]);
		if (strcmp(key->data, "start") != 0)
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for prod()",
					       key->data);
		start = args[nargs + k];
	}
	if (nargs != 1)
		return err_null_format(Exc_TypeError, "prod() takes exactly 1 positional argument (%zu given)",
				       nargs);
	Value it = obj_iter(args[0]);
	if (IS_NULL(it))
		return it;
	Value acc = val_incref(start), item;
	while (!IS_NULL(item = obj_next(it))) {
		Value r = binop(acc, item, NB_MUL);
		val_decref(item);
		val_decref(acc);
		acc = r;
		if (IS_NULL(acc))
			break;
	}
	val_decref(it);
	if (err_occurred()) {
		val_decref(acc);
		return v_null();
	}
	return acc;
}

/* isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0) */
static Value m_isclose(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"a", "b", "rel_tol", "abs_tol"};
	Value a[4] = {v_null(), v_null(), v_null(), v_null()};
	(void)self;
	if (nargs > 2)
		return err_null_format(Exc_TypeError, "isclose() takes exactly 2 positional arguments (%zu given)",
				       nargs);
	for (size_t i = 0; i < nargs; i++)
		a[i] = args[i];
	size_t nkw = kw ? kw->n : 0;
	int dup = -1;
	for (size_t k = 0; k < nkw; k++) {
		Str *key = AS_STR(kw->items[k]);
		size_t i;
		for (i = 0; i < 4; i++)
			if (strcmp(names[i], key->data) == 0)
				break;
		if (i == 4)
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for isclose()",
					       key->data);
		if (!IS_NULL(a[i])) {
			if (dup < 0)
				dup = (int)i;
			continue;
		}
		a[i] = args[nargs + k];
	}
	for (size_t i = 0; i < 2; i++)
		if (IS_NULL(a[i]))
			return err_null_format(Exc_TypeError, "isclose() missing required argument '%s' (pos %zu)",
					       names[i], i + 1);
	if (dup >= 0)
		return err_null_format(Exc_TypeError,
				       "argument for isclose() given by name ('%s') and position (%d)",
				       names[dup], dup + 1);
	double x, y, rel = 1e-09, abs_tol = 0.0;
	if (!val_to_double(a[0], &x) || !val_to_double(a[1], &y))
		return v_null();
	if (!IS_NULL(a[2]) && !val_to_double(a[2], &rel))
		return v_null();
	if (!IS_NULL(a[3]) && !val_to_double(a[3], &abs_tol))
		return v_null();
	bool r;
	struct num_error e = NUM_ERROR_INIT;
	if (num_math_isclose(x, y, rel, abs_tol, &r, &e) < 0)
		return num_raise(&e);
	return v_bool(r);
}

/* ---- integer functions ----------------------------------------------------------- */

static Value gcd_lcm(const char *fname, void (*fn)(struct num_intres *, const struct num_int *, size_t),
		     const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_kw(fname, kw))
		return v_null();
	Value small[8], *vals = small;
	struct num_int nsmall[8], *nums = nsmall;
	if (nargs > 8) {
		vals = mem_alloc(nargs * sizeof(Value));
		nums = mem_alloc(nargs * sizeof(struct num_int));
		if (!vals || !nums) {
			if (vals)
				mem_free(vals, nargs * sizeof(Value));
			if (nums)
				mem_free(nums, nargs * sizeof(struct num_int));
			err_no_memory();
			return v_null();
		}
	}
	size_t got = 0;
	Value res = v_null();
	for (; got < nargs; got++) {
		vals[got] = int_arg(args[got]);
		if (IS_NULL(vals[got]))
			break;
		nums[got] = as_num(vals[got]);
	}
	if (got == nargs) {
		struct num_intres r;
		num_intres_init(&r);
		fn(&r, nums, nargs);
		res = from_intres(&r);
	}
	for (size_t i = 0; i < got; i++)
		val_decref(vals[i]);
	if (vals != small) {
		mem_free(vals, nargs * sizeof(Value));
		mem_free(nums, nargs * sizeof(struct num_int));
	}
	return res;
}

static Value m_gcd(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return gcd_lcm("gcd", num_math_gcd, args, nargs, kw);
}

static Value m_lcm(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return gcd_lcm("lcm", num_math_lcm, args, nargs, kw);
}

static Value int_fn1(const char *qname, int (*fn)(struct num_intres *, const struct num_int *, struct num_error *),
		     const Value *args, size_t nargs, Tuple *kw)
{
	if (!one_arg(qname, nargs, kw))
		return v_null();
	Value n = int_arg(args[0]);
	if (IS_NULL(n))
		return n;
	struct num_int ni = as_num(n);
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	int rc = fn(&r, &ni, &e);
	val_decref(n);
	if (rc < 0) {
		num_intres_clear(&r);
		return num_raise(&e);
	}
	return from_intres(&r);
}

static Value m_isqrt(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	return int_fn1("math.isqrt", num_math_isqrt, args, nargs, kw);
}

/* factorial, comb and perm build their result in GMP.  One that would not
 * fit in a single allocation (MEM_ALLOC_CAP) ends the script with the
 * uncatchable MemoryError before the work starts, not after minutes of CPU
 * (the GMP allocation hooks would stop it only then).  log2_result: an upper
 * bound of log2(result); only small-int arguments are estimated (a larger n
 * is refused by the functions themselves or left to the hooks). */
static void refuse_if_huge(double log2_result)
{
	if (log2_result / 8.0 > (double)MEM_ALLOC_CAP)
		mem_check(SIZE_MAX);   /* over the cap: does not return */
}

/* log2(n!) for n >= 0. */
static double log2_factorial(double n) { return lgamma(n + 1.0) / M_LN2; }

static Value m_factorial(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (nargs == 1 && args[0].tag == V_INT && args[0].u.i > 1)
		refuse_if_huge(log2_factorial((double)args[0].u.i));
	return int_fn1("math.factorial", num_math_factorial, args, nargs, kw);
}

/* comb(n, k) <= n**m / m! with m = min(k, n - k); perm(n, k) <= n**k. */
static void refuse_huge_comb_perm(Value nv, Value kv, bool perm)
{
	if (nv.tag != V_INT || kv.tag != V_INT || nv.u.i < 2 || kv.u.i < 1 || kv.u.i > nv.u.i)
		return;
	double n = (double)nv.u.i, k = (double)kv.u.i;
	if (perm) {
		refuse_if_huge(k * log2(n));
		return;
	}
	double m = k < n - k ? k : n - k;
	refuse_if_huge(m * log2(n) - log2_factorial(m));
}

static Value comb_perm(int (*fn)(struct num_intres *, const struct num_int *, const struct num_int *,
				 struct num_error *),
		       Value nv, Value kv)
{
	Value n = int_arg(nv);
	if (IS_NULL(n))
		return n;
	Value k = v_null();
	if (!IS_NULL(kv)) {
		k = int_arg(kv);
		if (IS_NULL(k)) {
			val_decref(n);
			return k;
		}
	}
	struct num_int nn = as_num(n), nk;
	if (!IS_NULL(k))
		nk = as_num(k);
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	int rc = fn(&r, &nn, IS_NULL(k) ? NULL : &nk, &e);
	val_decref(n);
	val_decref(k);
	if (rc < 0) {
		num_intres_clear(&r);
		return num_raise(&e);
	}
	return from_intres(&r);
}

static Value m_comb(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!exact_args("comb", nargs, kw, 2))
		return v_null();
	refuse_huge_comb_perm(args[0], args[1], false);
	return comb_perm(num_math_comb, args[0], args[1]);
}

static Value m_perm(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!no_kw("perm", kw) || !args_check("perm", nargs, NULL, 1, 2))
		return v_null();
	Value k = nargs == 2 && !IS_NONE(args[1]) ? args[1] : v_null();
	if (!IS_NULL(k))
		refuse_huge_comb_perm(args[0], k, true);
	else if (args[0].tag == V_INT && args[0].u.i > 1)
		refuse_if_huge(log2_factorial((double)args[0].u.i));
	return comb_perm(num_math_perm, args[0], k);
}

/* ---- module ---------------------------------------------------------------------- */

bool mod_math_init(Dict *d)
{
	static const struct {
		const char *name;
		callfn fn;
	} fns[] = {
		{"acos", m_acos}, {"acosh", m_acosh}, {"asin", m_asin}, {"asinh", m_asinh},
		{"atan", m_atan}, {"atan2", m_atan2}, {"atanh", m_atanh}, {"cbrt", m_cbrt},
		{"ceil", m_ceil}, {"comb", m_comb}, {"copysign", m_copysign}, {"cos", m_cos},
		{"cosh", m_cosh}, {"degrees", m_degrees}, {"dist", m_dist}, {"erf", m_erf},
		{"erfc", m_erfc}, {"exp", m_exp}, {"exp2", m_exp2}, {"expm1", m_expm1},
		{"fabs", m_fabs}, {"factorial", m_factorial}, {"floor", m_floor}, {"fmod", m_fmod},
		{"frexp", m_frexp}, {"fsum", m_fsum}, {"gamma", m_gamma}, {"gcd", m_gcd},
		{"hypot", m_hypot}, {"isclose", m_isclose}, {"isfinite", m_isfinite},
		{"isinf", m_isinf}, {"isnan", m_isnan}, {"isqrt", m_isqrt}, {"lcm", m_lcm},
		{"ldexp", m_ldexp}, {"lgamma", m_lgamma}, {"log", m_log}, {"log10", m_log10},
		{"log1p", m_log1p}, {"log2", m_log2}, {"modf", m_modf}, {"nextafter", m_nextafter},
		{"perm", m_perm}, {"pow", m_pow}, {"prod", m_prod}, {"radians", m_radians},
		{"remainder", m_remainder}, {"sin", m_sin}, {"sinh", m_sinh}, {"sqrt", m_sqrt},
		{"tan", m_tan}, {"tanh", m_tanh}, {"trunc", m_trunc}, {"ulp", m_ulp},
	};
	static const struct {
		callfn fn;
		unaryfn fast1;
	} fast[] = {
		{m_acos, m_acos_fast1}, {m_acosh, m_acosh_fast1}, {m_asin, m_asin_fast1},
		{m_asinh, m_asinh_fast1}, {m_atan, m_atan_fast1}, {m_atanh, m_atanh_fast1},
		{m_cbrt, m_cbrt_fast1}, {m_cos, m_cos_fast1}, {m_cosh, m_cosh_fast1},
		{m_erf, m_erf_fast1}, {m_erfc, m_erfc_fast1}, {m_exp, m_exp_fast1},
		{m_exp2, m_exp2_fast1}, {m_expm1, m_expm1_fast1}, {m_fabs, m_fabs_fast1},
		{m_log1p, m_log1p_fast1}, {m_sin, m_sin_fast1}, {m_sinh, m_sinh_fast1},
		{m_tan, m_tan_fast1}, {m_tanh, m_tanh_fast1}, {m_sqrt, m_sqrt_fast1},
	};
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		Value f = builtin_new(fns[i].name, fns[i].fn, v_null());
		if (IS_NULL(f))
			return false;
		for (size_t j = 0; j < sizeof fast / sizeof fast[0]; j++)
			if (fast[j].fn == fns[i].fn)
				((Builtin *)f.u.o)->fast1 = fast[j].fast1;
		module_set_attr(d, fns[i].name, f);
	}
	module_set_attr(d, "pi", v_float(M_PI));
	module_set_attr(d, "e", v_float(M_E));
	module_set_attr(d, "tau", v_float(2.0 * M_PI));
	module_set_attr(d, "inf", v_float(INFINITY));
	module_set_attr(d, "nan", v_float(NAN));
	return !err_occurred();
}
