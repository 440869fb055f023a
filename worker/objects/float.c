/* float.c -- float: unboxed V_FLOAT values, CPython's repr (shortest
 * round-trip, from worker/num/), arithmetic with CPython's //, %, ** and
 * division-by-zero messages, exact int/float comparison, and methods.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/num/num.h"
#include "worker/num/hash.h"
#include "worker/num/dtoa.h"
#include "worker/num/floatops.h"
#include "worker/num/parse.h"
#include "worker/num/format.h"

Value num_raise(struct num_error *e);

static Value from_intres(struct num_intres *r)
{
	if (!r->big) {
		Value v = v_int(r->small);
		num_intres_clear(r);
		return v;
	}
	Value v = int_from_mpz(r->z);
	num_intres_clear(r);
	return v;
}

static struct num_int as_num(Value v)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		return num_int_small(v.u.i);
	return num_int_big(((BigInt *)v.u.o)->z);
}

bool val_to_double(Value v, double *out)
{
	if (v.tag == V_FLOAT) {
		*out = v.u.f;
		return true;
	}
	if (v.tag == V_INT || v.tag == V_BOOL) {
		*out = (double)v.u.i;
		return true;
	}
	if (IS_BIGINT(v)) {
		bool ovf;
		*out = int_as_double(v, &ovf);
		if (ovf) {
			err_format(Exc_OverflowError, "int too large to convert to float");
			return false;
		}
		return true;
	}
	if (v.tag == V_OBJ && (v.u.o->type->flags & TF_BOXED))
		return val_to_double(val_unbox(v), out);
	Type *t = val_type(v);
	if (t->to_float) {
		Value f = t->to_float(v);
		if (IS_NULL(f))
			return false;
		if (f.tag != V_FLOAT) {
			err_format(Exc_TypeError, "%s.__float__ returned non-float (type %s)", t->name, type_name_of(f));
			val_decref(f);
			return false;
		}
		*out = f.u.f;
		return true;
	}
	if (t->index) {
		Value i = obj_index(v);
		if (IS_NULL(i))
			return false;
		bool ok = val_to_double(i, out);
		val_decref(i);
		return ok;
	}
	err_format(Exc_TypeError, "must be real number, not %s", t->name);
	return false;
}

Value float_repr(Value v)
{
	struct text_buf b = TEXT_BUF_INIT;
	if (num_double_repr(&b, v.u.f) < 0) {
		text_buf_free(&b);
		err_no_memory();
		return v_null();
	}
	Str *s = str_new(b.data, b.len);
	text_buf_free(&b);
	return str_value(s);
}

bool float_hash(double d, int64_t *out)
{
	*out = num_hash_double(d, NULL);
	return true;
}

Value float_binop(Value a, Value b, int op)
{
	double x, y;
	if (a.tag == V_OBJ)
		a = val_unbox(a);
	if (b.tag == V_OBJ)
		b = val_unbox(b);
	if (a.tag == V_FLOAT)
		x = a.u.f;
	else if (is_intlike(a)) {
		if (!val_to_double(a, &x))
			return v_null();
	} else
		return v_notimpl();
	if (b.tag == V_FLOAT)
		y = b.u.f;
	else if (is_intlike(b)) {
		if (!val_to_double(b, &y))
			return v_null();
	} else
		return v_notimpl();
	struct num_error e = NUM_ERROR_INIT;
	double r;
	switch (op) {
	case NB_ADD: return v_float(x + y);
	case NB_SUB: return v_float(x - y);
	case NB_MUL: return v_float(x * y);
	case NB_TRUEDIV:
		if (y == 0.0)
			return err_null_format(Exc_ZeroDivisionError, "float division by zero");
		return v_float(x / y);
	case NB_FLOORDIV:
		if (num_float_floordiv(x, y, &r, &e) < 0)
			return num_raise(&e);
		return v_float(r);
	case NB_MOD:
		if (num_float_mod(x, y, &r, &e) < 0)
			return num_raise(&e);
		return v_float(r);
	case NB_DIVMOD: {
		double q;
		if (num_float_divmod(x, y, &q, &r, &e) < 0)
			return num_raise(&e);
		Tuple *t = tuple_new(2);
		t->items[0] = v_float(q);
		t->items[1] = v_float(r);
		return v_obj(&t->ob);
	}
	case NB_POW: {
		int rc = num_float_pow(x, y, &r, &e);
		if (rc < 0)
			return num_raise(&e);
		if (rc == NUM_POW_COMPLEX) {
			extern Value complex_pow_real(double a, double b);
			return complex_pow_real(x, y);
		}
		return v_float(r);
	}
	default:
		return v_notimpl();
	}
}

/* The slots below may get an instance of a float subclass: they work on
 * its plain value (val_unbox, object.h). */
static Value float_repr_slot(Value v) { return float_repr(val_unbox(v)); }

static bool float_hash_slot(Value v, int64_t *out) { return float_hash(val_unbox(v).u.f, out); }

static Value float_richcmp(Value a, Value b, int op)
{
	int c;
	a = val_unbox(a);
	b = val_unbox(b);
	if (a.tag != V_FLOAT) {
		/* reflected: a is the other operand */
		return v_notimpl();
	}
	double x = a.u.f;
	if (b.tag == V_FLOAT) {
		double y = b.u.f;
		switch (op) {
		case CMP_LT: return v_bool(x < y);
		case CMP_LE: return v_bool(x <= y);
		case CMP_EQ: return v_bool(x == y);
		case CMP_NE: return v_bool(x != y);
		case CMP_GT: return v_bool(x > y);
		default: return v_bool(x >= y);
		}
	}
	if (!is_intlike(b))
		return v_notimpl();
	struct num_int n = as_num(b);
	c = num_float_int_compare(x, &n);
	if (c == 2)
		return v_bool(op == CMP_NE);
	return cmp_result(c, op);
}

#define FL_NB(name, op) static Value name(Value a, Value b) { return float_binop(a, b, op); }
FL_NB(fl_add, NB_ADD) FL_NB(fl_sub, NB_SUB) FL_NB(fl_mul, NB_MUL) FL_NB(fl_truediv, NB_TRUEDIV)
FL_NB(fl_floordiv, NB_FLOORDIV) FL_NB(fl_mod, NB_MOD) FL_NB(fl_pow, NB_POW) FL_NB(fl_divmod, NB_DIVMOD)

static Value fl_neg(Value v) { return v_float(-val_unbox(v).u.f); }
static Value fl_pos(Value v) { return val_unbox(v); }
static Value fl_abs(Value v) { return v_float(fabs(val_unbox(v).u.f)); }
static int fl_truth(Value v) { return val_unbox(v).u.f != 0.0; }
static Value fl_int(Value v) { return int_from_double(val_unbox(v).u.f); }
static Value fl_float(Value v) { return val_unbox(v); }

Value float_from_str(Str *s)
{
	double d;
	struct num_error e = NUM_ERROR_INIT;
	if (num_parse_float(s->data, s->nbytes, &d, &e) < 0)
		return num_raise(&e);
	return v_float(d);
}

/* float(x): the plain float */
static Value float_from_args(const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "float() takes no keyword arguments");
	if (nargs > 1)
		return err_null_format(Exc_TypeError, "float expected at most 1 argument, got %zu", nargs);
	if (nargs == 0)
		return v_float(0.0);
	Value x = args[0];
	if (x.tag == V_FLOAT)
		return x;
	if (IS_STR(x))
		return float_from_str(AS_STR(x));
	if (IS_BYTES(x) || val_isinstance(x, &bytearray_type)) {
		Str *s = IS_BYTES(x) ? str_new((const char *)((Bytes *)x.u.o)->data, ((Bytes *)x.u.o)->n)
				     : str_new((const char *)((ByteArray *)x.u.o)->data, ((ByteArray *)x.u.o)->n);
		if (!s)
			return v_null();
		Value r = float_from_str(s);
		obj_decref(&s->ob);
		extern Value bytes_parse_error(Value r, Value shown, const char *prefix);   /* int.c */
		return bytes_parse_error(r, x, "could not convert string to float");
	}
	Type *xt = val_type(x);
	if (!is_intlike(x) && !xt->to_float && !xt->index)
		return err_null_format(Exc_TypeError, "float() argument must be a string or a real number, not '%s'", xt->name);
	double d;
	if (!val_to_double(x, &d))
		return v_null();
	return v_float(d);
}

static Value float_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Value v = float_from_args(args, nargs, kw);
	if (t == &float_type || IS_NULL(v))
		return v;
	return boxed_new(t, v);
}

static Value m_is_integer(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return v_bool(num_float_is_integer(self.u.f));
}

static Value m_as_integer_ratio(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	struct num_intres n, d;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&n);
	num_intres_init(&d);
	if (num_float_as_integer_ratio(self.u.f, &n, &d, &e) < 0)
		return num_raise(&e);
	Tuple *t = tuple_new(2);
	t->items[0] = from_intres(&n);
	t->items[1] = from_intres(&d);
	return v_obj(&t->ob);
}

static Value m_hex(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	struct text_buf b = TEXT_BUF_INIT;
	num_float_hex(&b, self.u.f);
	Str *s = str_new(b.data, b.len);
	text_buf_free(&b);
	return str_value(s);
}

static Value m_fromhex(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromhex", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "must be str, not %s", type_name_of(args[0]));
	double d;
	struct num_error e = NUM_ERROR_INIT;
	if (num_float_fromhex(AS_STR(args[0])->data, AS_STR(args[0])->nbytes, &d, &e) < 0)
		return num_raise(&e);
	if (cls.tag == V_OBJ && cls.u.o != &float_type.ob)
		return call1(cls, v_float(d));   /* a subclass: cls(value) */
	return v_float(d);
}

static Value m_conjugate(Value self, const Value *args, size_t nargs, Tuple *kw) { return self; }
static Value m_getnewargs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("__getnewargs__", nargs, kw, 0, 0))
		return v_null();
	Tuple *t = tuple_from(&self, 1);
	return t ? v_obj(&t->ob) : v_null();
}
static Value g_real(Value self) { return self; }
static Value g_imag(Value self) { return v_float(0.0); }

Value num_round(Value x, Value nd)
{
	if (x.tag == V_FLOAT) {
		struct num_error e = NUM_ERROR_INIT;
		if (IS_NULL(nd) || IS_NONE(nd)) {
			struct num_intres r;
			num_intres_init(&r);
			if (num_float_round_int(&r, x.u.f, &e) < 0)
				return num_raise(&e);
			return from_intres(&r);
		}
		Value i = obj_index(nd);
		if (IS_NULL(i))
			return i;
		int64_t n;
		if (!int_as_i64(i, &n))
			n = int_sign(i) > 0 ? INT64_MAX : INT64_MIN;
		val_decref(i);
		double r;
		if (num_float_round(x.u.f, n, &r, &e) < 0)
			return num_raise(&e);
		return v_float(r);
	}
	Value f = obj_getattr_opt(x, ID(__round__));
	if (IS_NULL(f)) {
		if (err_occurred())
			return v_null();
		return err_null_format(Exc_TypeError, "type %s doesn't define __round__ method", type_name_of(x));
	}
	Value r = (IS_NULL(nd) || IS_NONE(nd)) ? call0(f) : call1(f, nd);
	val_decref(f);
	return r;
}

static Value m_round(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__round__", nargs, kw, 0, 1))
		return v_null();
	return num_round(self, nargs ? args[0] : v_null());
}

static Value m_trunc(Value self, const Value *args, size_t nargs, Tuple *kw) { return int_from_double(self.u.f); }

static Value m_floor(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	if (num_float_floor_int(&r, self.u.f, &e) < 0)
		return num_raise(&e);
	return from_intres(&r);
}

static Value m_ceil(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	if (num_float_ceil_int(&r, self.u.f, &e) < 0)
		return num_raise(&e);
	return from_intres(&r);
}

static Value m_format(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__format__", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "__format__() argument must be str, not %s", type_name_of(args[0]));
	Str *spec = AS_STR(args[0]);
	if (spec->nbytes == 0)
		return self.tag == V_FLOAT ? float_repr(self) : obj_str(self);  /* a subclass's __str__ */
	self = val_unbox(self);
	struct text_buf b = TEXT_BUF_INIT;
	struct num_error e = NUM_ERROR_INIT;
	if (num_format_float(&b, self.u.f, spec->data, spec->nbytes, "float", &e) < 0) {
		text_buf_free(&b);
		return num_raise(&e);
	}
	Str *s = str_new(b.data ? b.data : "", b.len);
	text_buf_free(&b);
	return str_value(s);
}

static Value m_getformat(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	return str_value(str_cstr("IEEE, little-endian"));
}

void float_types_init(void);
void float_types_init(void)
{
	Type *t = &float_type;
	type_init_builtin(t, "float", &object_type);
	t->flags |= TF_BASETYPE | TF_UNBOX_SELF;
	t->repr = float_repr_slot;
	t->hash = float_hash_slot;
	t->richcmp = float_richcmp;
	t->nb[NB_ADD] = fl_add; t->nb[NB_SUB] = fl_sub; t->nb[NB_MUL] = fl_mul;
	t->nb[NB_TRUEDIV] = fl_truediv; t->nb[NB_FLOORDIV] = fl_floordiv;
	t->nb[NB_MOD] = fl_mod; t->nb[NB_POW] = fl_pow; t->nb[NB_DIVMOD] = fl_divmod;
	t->neg = fl_neg;
	t->pos = fl_pos;
	t->absval = fl_abs;
	t->truth = fl_truth;
	t->to_int = fl_int;
	t->to_float = fl_float;
	t->new = float_new;
	type_add_method(t, "is_integer", m_is_integer, 0);
	type_add_method(t, "as_integer_ratio", m_as_integer_ratio, 0);
	type_add_method(t, "hex", m_hex, 0);
	type_add_method(t, "fromhex", m_fromhex, BF_CLASSMETHOD);
	type_add_method(t, "conjugate", m_conjugate, 0);
	type_add_method(t, "__round__", m_round, 0);
	type_add_method(t, "__trunc__", m_trunc, 0);
	type_add_method(t, "__floor__", m_floor, 0);
	type_add_method(t, "__ceil__", m_ceil, 0);
	type_add_method(t, "__format__", m_format, BF_RAW_SELF);
	type_add_method(t, "__getformat__", m_getformat, BF_CLASSMETHOD);
	type_add_method(t, "__getnewargs__", m_getnewargs, 0);
	type_add_getset(t, "real", g_real);
	type_add_getset(t, "imag", g_imag);
}

/* value.h "NaN identity": each NaN float value made gets a fresh stamp
 * (never 0, so a stamp is distinguishable from "not stamped"). */
static uint32_t nan_stamps;

uint32_t v_next_nan_id(void)
{
	if (++nan_stamps == 0)
		nan_stamps = 1;
	return nan_stamps;
}
