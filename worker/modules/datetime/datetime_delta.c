/* worker/modules/datetime/datetime_delta.c -- datetime.timedelta: construction
 * (dt_delta_new of the datetime core), arithmetic with timedeltas, ints and floats
 * (exact, half-even rounding as CPython), comparisons, hash, str/repr,
 * total_seconds and the min/max/resolution class attributes. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "worker/modules/datetime/datetime.h"

Type dt_delta_type;

Value dt_delta_make(int32_t days, int32_t seconds, int32_t us)
{
	DeltaObj *o = (DeltaObj *)obj_alloc(&dt_delta_type, sizeof(DeltaObj));
	if (!o)
		return v_null();
	o->hash = -1;
	o->days = days;
	o->seconds = seconds;
	o->us = us;
	return v_obj(&o->ob);
}

Value dt_delta_from_total(__int128 us)
{
	struct dt_delta d;
	struct core_error e;
	if (dt_delta_from_us(us, &d, &e))
		return dt_raise(&e);
	return dt_delta_make(d.days, d.seconds, d.microseconds);
}

static Value too_large(void)
{
	return err_null_format(Exc_OverflowError, "Python int too large to convert to C int");
}

static const char *const delta_kw[7] = {
	"days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks"
};

static Value delta_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	size_t nkw = kw ? kw->n : 0;
	if (nargs > 7)
		return err_null_format(Exc_TypeError, "__new__() takes at most 7 arguments (%zu given)", nargs + nkw);
	Value in[7];
	for (int i = 0; i < 7; i++)
		in[i] = v_null();
	for (size_t i = 0; i < nargs; i++)
		in[i] = args[i];
	for (size_t k = 0; k < nkw; k++) {
		Str *key = AS_STR(kw->items[k]);
		int i;
		for (i = 0; i < 7; i++)
			if (strcmp(delta_kw[i], key->data) == 0)
				break;
		if (i == 7)
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for __new__()", key->data);
		if (!IS_NULL(in[i]))
			return err_null_format(Exc_TypeError, "argument for __new__() given by name ('%s') and position (%d)", key->data, i + 1);
		in[i] = args[nargs + k];
	}
	struct dt_delta_arg a[7];
	memset(a, 0, sizeof a);
	for (int i = 0; i < 7; i++) {
		Value v = in[i];
		if (IS_NULL(v))
			continue;
		if (IS_FLOAT(v) || val_isinstance(v, &float_type)) {
			double f;
			if (!val_to_double(v, &f))
				return v_null();
			a[i].is_float = 1;
			a[i].fval = f;
		} else if (IS_INT(v) || IS_BOOL(v)) {
			a[i].ival = v.u.i;
		} else if (val_isinstance(v, &int_type)) {
			Value x = obj_index(v);
			if (IS_NULL(x))
				return x;
			bool ok = int_as_i64(x, &a[i].ival);
			val_decref(x);
			if (!ok)
				return too_large();
		} else {
			return err_null_format(Exc_TypeError, "unsupported type for timedelta %s component: %s", delta_kw[i], type_name_of(v));
		}
	}
	struct dt_delta d;
	struct core_error e;
	if (dt_delta_new(a, &d, &e))
		return dt_raise(&e);
	if (t == &dt_delta_type)
		return dt_delta_make(d.days, d.seconds, d.microseconds);
	DeltaObj *o = (DeltaObj *)obj_alloc(t, t->basicsize);
	if (!o)
		return v_null();
	o->hash = -1;
	o->days = d.days;
	o->seconds = d.seconds;
	o->us = d.microseconds;
	return v_obj(&o->ob);
}

/* ---- helpers on big products ------------------------------------------- */

static void mpz_set_i128(mpz_t z, __int128 v)
{
	int neg = v < 0;
	unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
	mpz_set_ui(z, (unsigned long)(uint64_t)(u >> 64));
	mpz_mul_2exp(z, z, 64);
	mpz_add_ui(z, z, (unsigned long)(uint64_t)u);
	if (neg)
		mpz_neg(z, z);
}

/* z (an mpz) back into a timedelta, or OverflowError. */
static Value delta_from_mpz(mpz_t z)
{
	if (mpz_sizeinbase(z, 2) > 120)
		return too_large();
	int neg = mpz_sgn(z) < 0;
	mpz_t a;
	mpz_init(a);
	mpz_abs(a, z);
	mpz_t hi;
	mpz_init(hi);
	mpz_tdiv_q_2exp(hi, a, 64);
	unsigned __int128 u = (unsigned __int128)mpz_get_ui(hi) << 64;
	mpz_tdiv_r_2exp(a, a, 64);
	u |= mpz_get_ui(a);
	mpz_clear(a);
	mpz_clear(hi);
	__int128 v = neg ? -(__int128)u : (__int128)u;
	return dt_delta_from_total(v);
}

/* q = round-half-even(n / d), d > 0 */
static void mpz_div_nearest(mpz_t q, const mpz_t n, const mpz_t d)
{
	mpz_t r, twice;
	mpz_inits(r, twice, NULL);
	mpz_fdiv_qr(q, r, n, d);
	mpz_mul_2exp(twice, r, 1);
	int c = mpz_cmp(twice, d);
	if (c > 0 || (c == 0 && mpz_odd_p(q)))
		mpz_add_ui(q, q, 1);
	mpz_clears(r, twice, NULL);
}

/* float -> exact ratio num/den (den a power of two > 0) */
static bool float_ratio(double f, mpz_t num, mpz_t den)
{
	if (isnan(f)) {
		err_format(Exc_ValueError, "cannot convert NaN to integer ratio");
		return false;
	}
	if (isinf(f)) {
		err_format(Exc_OverflowError, "cannot convert Infinity to integer ratio");
		return false;
	}
	int e;
	double m = frexp(f, &e);
	/* m * 2^53 is an integer */
	mpz_set_d(num, ldexp(m, 53));
	e -= 53;
	mpz_set_ui(den, 1);
	if (e > 0)
		mpz_mul_2exp(num, num, (mp_bitcnt_t)e);
	else if (e < 0)
		mpz_mul_2exp(den, den, (mp_bitcnt_t)-e);
	return true;
}

/* delta * f (mul) or delta / f (!mul), rounded half-even */
static Value delta_float_op(Value d, double f, bool mul)
{
	mpz_t num, den, us, q;
	mpz_inits(num, den, us, q, NULL);
	Value r = v_null();
	if (!float_ratio(f, num, den))
		goto out;
	if (!mul) {
		mpz_swap(num, den);
		if (mpz_sgn(den) == 0) {
			err_format(Exc_ZeroDivisionError, "integer division or modulo by zero");
			goto out;
		}
		if (mpz_sgn(den) < 0) {
			mpz_neg(den, den);
			mpz_neg(num, num);
		}
	}
	mpz_set_i128(us, dt_delta_us(d));
	mpz_mul(us, us, num);
	mpz_div_nearest(q, us, den);
	r = delta_from_mpz(q);
out:
	mpz_clears(num, den, us, q, NULL);
	return r;
}

/* an int Value as __int128 if small enough */
static bool int_as_i128(Value v, __int128 *out)
{
	if (IS_INT(v) || IS_BOOL(v)) {
		*out = v.u.i;
		return true;
	}
	int64_t x;
	if (int_as_i64(v, &x)) {
		*out = x;
		return true;
	}
	return false;
}

static bool is_int_val(Value v)
{
	return IS_INT(v) || IS_BOOL(v) || val_isinstance(v, &int_type);
}

static Value int_from_i128(__int128 v)
{
	if (v >= INT64_MIN && v <= INT64_MAX)
		return v_int((int64_t)v);
	mpz_t z;
	mpz_init(z);
	mpz_set_i128(z, v);
	Value r = int_from_mpz(z);
	mpz_clear(z);
	return r;
}

static __int128 floordiv128(__int128 a, __int128 b)
{
	__int128 q = a / b;
	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

/* round-half-even a / b, b != 0 */
static __int128 divnear128(__int128 a, __int128 b)
{
	if (b < 0) {
		a = -a;
		b = -b;
	}
	__int128 q = floordiv128(a, b);
	__int128 r = a - q * b;
	__int128 twice = 2 * r;
	if (twice > b || (twice == b && (q & 1)))
		q++;
	return q;
}

/* ---- number slots -------------------------------------------------------- */

static Value delta_add(Value a, Value b)
{
	if (IS_DELTA(a) && IS_DELTA(b))
		return dt_delta_from_total(dt_delta_us(a) + dt_delta_us(b));
	return v_notimpl();
}

static Value delta_sub(Value a, Value b)
{
	if (IS_DELTA(a) && IS_DELTA(b))
		return dt_delta_from_total(dt_delta_us(a) - dt_delta_us(b));
	return v_notimpl();
}

static Value delta_mul(Value a, Value b)
{
	Value d = a, o = b;
	if (!IS_DELTA(d)) {
		d = b;
		o = a;
	}
	if (!IS_DELTA(d))
		return v_notimpl();
	if (is_int_val(o)) {
		__int128 n, r;
		if (!int_as_i128(o, &n)) {
			if (dt_delta_us(d) == 0)
				return dt_delta_make(0, 0, 0);
			return too_large();
		}
		if (__builtin_mul_overflow(dt_delta_us(d), n, &r) || r >= ((__int128)1 << 120) || r <= -((__int128)1 << 120))
			return too_large();
		return dt_delta_from_total(r);
	}
	if (IS_FLOAT(o) || val_isinstance(o, &float_type)) {
		double f;
		if (!val_to_double(o, &f))
			return v_null();
		return delta_float_op(d, f, true);
	}
	return v_notimpl();
}

static Value delta_truediv(Value a, Value b)
{
	if (!IS_DELTA(a))
		return v_notimpl();
	if (IS_DELTA(b)) {
		__int128 x = dt_delta_us(a), y = dt_delta_us(b);
		if (y == 0)
			return err_null_format(Exc_ZeroDivisionError, "division by zero");
		const __int128 lim = (__int128)1 << 53;
		if (x < lim && x > -lim && y < lim && y > -lim)
			return v_float((double)x / (double)y);
		Value xv = int_from_i128(x), yv = int_from_i128(y);
		Value r = v_null();
		if (!IS_NULL(xv) && !IS_NULL(yv))
			r = int_binop(xv, yv, NB_TRUEDIV);
		val_decref(xv);
		val_decref(yv);
		return r;
	}
	if (is_int_val(b)) {
		__int128 n;
		if (!int_as_i128(b, &n))
			return dt_delta_make(0, 0, 0);  /* |us| < 2^67 / huge rounds to 0 */
		if (n == 0)
			return err_null_format(Exc_ZeroDivisionError, "integer division or modulo by zero");
		return dt_delta_from_total(divnear128(dt_delta_us(a), n));
	}
	if (IS_FLOAT(b) || val_isinstance(b, &float_type)) {
		double f;
		if (!val_to_double(b, &f))
			return v_null();
		return delta_float_op(a, f, false);
	}
	return v_notimpl();
}

static Value delta_floordiv(Value a, Value b)
{
	if (!IS_DELTA(a))
		return v_notimpl();
	if (IS_DELTA(b)) {
		__int128 y = dt_delta_us(b);
		if (y == 0)
			return err_null_format(Exc_ZeroDivisionError, "integer division or modulo by zero");
		return int_from_i128(floordiv128(dt_delta_us(a), y));
	}
	if (is_int_val(b)) {
		__int128 n;
		if (!int_as_i128(b, &n)) {
			__int128 x = dt_delta_us(a);
			int sb = int_sign(b);
			/* floor(x / huge): 0, or -1 when the signs differ */
			return dt_delta_from_total(x == 0 || (x > 0) == (sb > 0) ? 0 : -1);
		}
		if (n == 0)
			return err_null_format(Exc_ZeroDivisionError, "integer division or modulo by zero");
		return dt_delta_from_total(floordiv128(dt_delta_us(a), n));
	}
	return v_notimpl();
}

static Value delta_mod(Value a, Value b)
{
	if (!IS_DELTA(a) || !IS_DELTA(b))
		return v_notimpl();
	__int128 x = dt_delta_us(a), y = dt_delta_us(b);
	if (y == 0)
		return err_null_format(Exc_ZeroDivisionError, "integer modulo by zero");
	return dt_delta_from_total(x - floordiv128(x, y) * y);
}

static Value delta_divmod(Value a, Value b)
{
	if (!IS_DELTA(a) || !IS_DELTA(b))
		return v_notimpl();
	__int128 x = dt_delta_us(a), y = dt_delta_us(b);
	if (y == 0)
		return err_null_format(Exc_ZeroDivisionError, "integer division or modulo by zero");
	__int128 q = floordiv128(x, y);
	Value qv = int_from_i128(q);
	if (IS_NULL(qv))
		return qv;
	Value rv = dt_delta_from_total(x - q * y);
	if (IS_NULL(rv)) {
		val_decref(qv);
		return rv;
	}
	Tuple *t = tuple_new(2);
	if (!t) {
		val_decref(qv);
		val_decref(rv);
		return v_null();
	}
	t->items[0] = qv;
	t->items[1] = rv;
	return v_obj(&t->ob);
}

static Value delta_neg(Value a)
{
	return dt_delta_from_total(-dt_delta_us(a));
}

static Value delta_pos(Value a)
{
	if (obj_is(a, &dt_delta_type))
		return val_incref(a);
	return dt_delta_make(AS_DELTA(a)->days, AS_DELTA(a)->seconds, AS_DELTA(a)->us);
}

static Value delta_abs(Value a)
{
	return AS_DELTA(a)->days < 0 ? delta_neg(a) : delta_pos(a);
}

static int delta_truth(Value a)
{
	DeltaObj *d = AS_DELTA(a);
	return d->days || d->seconds || d->us;
}

static Value delta_richcmp(Value a, Value b, int op)
{
	if (!IS_DELTA(b))
		return v_notimpl();
	__int128 x = dt_delta_us(a), y = dt_delta_us(b);
	int c = x < y ? -1 : x > y;
	return cmp_result(c, op);
}

static bool delta_hash(Value a, int64_t *out)
{
	DeltaObj *d = AS_DELTA(a);
	if (d->hash == -1) {
		uint64_t h = (uint64_t)(int64_t)d->days * 1000003u;
		h = (h ^ (uint64_t)d->seconds) * 1000003u;
		h = (h ^ (uint64_t)d->us) * 0x9E3779B97F4A7C15ull;
		int64_t r = (int64_t)(h >> 2);
		d->hash = r == -1 ? -2 : r;
	}
	*out = d->hash;
	return true;
}

static Value delta_repr(Value a)
{
	DeltaObj *d = AS_DELTA(a);
	struct dt_delta x = { d->days, d->seconds, d->us };
	char buf[160];
	dt_delta_repr(&x, buf, sizeof buf);
	if (obj_is(a, &dt_delta_type))
		return str_value(str_cstr(buf));
	/* a subclass: its own name in place of "datetime.timedelta" */
	return str_value(str_printf("%s%s", type_name_of(a), buf + strlen("datetime.timedelta")));
}

static Value delta_str(Value a)
{
	DeltaObj *d = AS_DELTA(a);
	struct dt_delta x = { d->days, d->seconds, d->us };
	char buf[96];
	dt_delta_str(&x, buf, sizeof buf);
	return str_value(str_cstr(buf));
}

/* ---- attributes and methods ---------------------------------------------- */

static Value delta_get_days(Value a) { return v_int(AS_DELTA(a)->days); }
static Value delta_get_seconds(Value a) { return v_int(AS_DELTA(a)->seconds); }
static Value delta_get_us(Value a) { return v_int(AS_DELTA(a)->us); }

static Value delta_total_seconds(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("total_seconds", nargs, kw, 0, 0))
		return v_null();
	__int128 us = dt_delta_us(self);
	const __int128 lim = (__int128)1 << 53;
	if (us < lim && us > -lim)
		return v_float((double)us / 1e6);
	Value x = int_from_i128(us);
	if (IS_NULL(x))
		return x;
	Value r = int_binop(x, v_int(1000000), NB_TRUEDIV);
	val_decref(x);
	return r;
}

static Value delta_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	(void)nargs;
	(void)kw;
	DeltaObj *d = AS_DELTA(self);
	Value items[3] = { v_int(d->days), v_int(d->seconds), v_int(d->us) };
	Tuple *in = tuple_from(items, 3);
	if (!in)
		return v_null();
	Type *t = val_type(self);
	Value pair[2] = { v_obj(&t->ob), v_obj(&in->ob) };
	Tuple *r = tuple_from(pair, 2);
	obj_decref(&in->ob);
	return r ? v_obj(&r->ob) : v_null();
}

void dt_delta_type_init(void)
{
	Type *t = &dt_delta_type;
	type_init_builtin(t, "datetime.timedelta", &object_type);
	t->flags |= TF_BASETYPE;
	t->basicsize = sizeof(DeltaObj);
	t->new = delta_new;
	t->repr = delta_repr;
	t->str = delta_str;
	t->hash = delta_hash;
	t->richcmp = delta_richcmp;
	t->nb[NB_ADD] = delta_add;
	t->nb[NB_SUB] = delta_sub;
	t->nb[NB_MUL] = delta_mul;
	t->nb[NB_TRUEDIV] = delta_truediv;
	t->nb[NB_FLOORDIV] = delta_floordiv;
	t->nb[NB_MOD] = delta_mod;
	t->nb[NB_DIVMOD] = delta_divmod;
	t->neg = delta_neg;
	t->pos = delta_pos;
	t->absval = delta_abs;
	t->truth = delta_truth;
	type_add_getset(t, "days", delta_get_days);
	type_add_getset(t, "seconds", delta_get_seconds);
	type_add_getset(t, "microseconds", delta_get_us);
	type_add_method(t, "total_seconds", delta_total_seconds, 0);
	type_add_method(t, "__reduce__", delta_reduce, 0);
	type_add_method(t, "__reduce_ex__", delta_reduce, 0);
	dict_set_str(t->dict, ID(__module__), str_value(str_intern("datetime")));
}

/* min, max, resolution: set once the type is ready */
void dt_delta_add_constants(void);
void dt_delta_add_constants(void)
{
	Type *t = &dt_delta_type;
	Value v = dt_delta_make(-DT_MAX_DELTA_DAYS, 0, 0);
	dict_set_str(t->dict, str_intern("min"), v);
	val_decref(v);
	v = dt_delta_make(DT_MAX_DELTA_DAYS, 86399, 999999);
	dict_set_str(t->dict, str_intern("max"), v);
	val_decref(v);
	v = dt_delta_make(0, 0, 1);
	dict_set_str(t->dict, str_intern("resolution"), v);
	val_decref(v);
}
