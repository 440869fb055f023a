/* int.c -- int and bool: small ints are V_INT immediates with overflow-
 * checked fast paths; results that overflow promote to BigInt (GMP mpz_t),
 * and big results that fit int64 demote back.  Result sizes of big-int
 * operations are checked before GMP allocates (mem_check), since GMP's
 * allocation hooks cannot fail.  Formatting, parsing, hashing and exact
 * division come from the numbers library (worker/num/).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/num/num.h"
#include "worker/num/hash.h"
#include "worker/num/intops.h"
#include "worker/num/floatops.h"
#include "worker/num/parse.h"
#include "worker/num/format.h"

/* ---- conversions --------------------------------------------------------- */

Value int_from_mpz(mpz_t z)
{
	if (mpz_fits_slong_p(z))
		return v_int((int64_t)mpz_get_si(z));
	BigInt *b = (BigInt *)obj_alloc(&int_type, sizeof(BigInt));
	if (!b)
		return v_null();
	mpz_init_set(b->z, z);
	return v_obj(&b->ob);
}

/* Like int_from_mpz, but a big result takes z's limbs instead of a copy
 * of them; z is left a valid zero (the caller still clears it). */
static Value int_move_mpz(mpz_t z)
{
	if (mpz_fits_slong_p(z))
		return v_int((int64_t)mpz_get_si(z));
	BigInt *b = (BigInt *)obj_alloc(&int_type, sizeof(BigInt));
	if (!b)
		return v_null();
	b->z[0] = z[0];
	mpz_init(z);
	return v_obj(&b->ob);
}

/* Moves z into the result (z is cleared). */
static Value int_take_mpz(mpz_t z)
{
	Value r = int_move_mpz(z);
	mpz_clear(z);
	return r;
}

/* v as a GMP operand without copying a big int's limbs: a small one is
 * set into tmp (initialised by the caller). */
static mpz_srcptr mpz_view(Value v, mpz_t tmp)
{
	if (v.tag == V_INT || v.tag == V_BOOL) {
		mpz_set_si(tmp, (long)v.u.i);
		return tmp;
	}
	return ((BigInt *)v.u.o)->z;
}

void int_to_mpz(Value v, mpz_t out)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		mpz_set_si(out, (long)v.u.i);
	else
		mpz_set(out, ((BigInt *)v.u.o)->z);
}

static struct num_int as_num(Value v)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		return num_int_small(v.u.i);
	return num_int_big(((BigInt *)v.u.o)->z);
}

static Value from_intres(struct num_intres *r)
{
	if (!r->big) {
		Value v = v_int(r->small);
		num_intres_clear(r);
		return v;
	}
	Value v = int_move_mpz(r->z);
	num_intres_clear(r);
	return v;
}

static Value raise_num_error(struct num_error *e)
{
	Type *t = Exc_ValueError;
	if (e->type) {
		if (!strcmp(e->type, "OverflowError")) t = Exc_OverflowError;
		else if (!strcmp(e->type, "ZeroDivisionError")) t = Exc_ZeroDivisionError;
		else if (!strcmp(e->type, "TypeError")) t = Exc_TypeError;
		else if (!strcmp(e->type, "MemoryError")) {
			/* A result too big to allocate (e.g. a 2**40 format width):
			 * the same uncatchable end as any allocation over the cap. */
			num_error_clear(e);
			mem_check(SIZE_MAX);
			err_no_memory();
			return v_null();
		}
	}
	Str *s = str_new(e->msg.data ? e->msg.data : "", e->msg.len);
	if (s) {
		err_set_value(t, str_value(s));
		obj_decref(&s->ob);
	}
	num_error_clear(e);
	return v_null();
}
Value num_raise(struct num_error *e);
Value num_raise(struct num_error *e) { return raise_num_error(e); }

bool int_as_i64(Value v, int64_t *out)
{
	if (v.tag == V_INT || v.tag == V_BOOL) {
		*out = v.u.i;
		return true;
	}
	if (IS_BIGINT(v)) {
		mpz_srcptr z = ((BigInt *)v.u.o)->z;
		if (mpz_fits_slong_p(z)) {
			*out = mpz_get_si(z);
			return true;
		}
	}
	return false;
}

double int_as_double(Value v, bool *overflow)
{
	*overflow = false;
	if (v.tag == V_INT || v.tag == V_BOOL)
		return (double)v.u.i;
	struct num_int n = as_num(v);
	struct num_error e = NUM_ERROR_INIT;
	double d;
	if (num_int_to_double(&n, &d, &e) < 0) {
		num_error_clear(&e);
		*overflow = true;
		return 0;
	}
	return d;
}

int int_sign(Value v)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		return v.u.i < 0 ? -1 : v.u.i > 0;
	return mpz_sgn(((BigInt *)v.u.o)->z);
}

int int_cmp(Value a, Value b)
{
	if ((a.tag == V_INT || a.tag == V_BOOL) && (b.tag == V_INT || b.tag == V_BOOL))
		return a.u.i < b.u.i ? -1 : a.u.i > b.u.i;
	mpz_t tx, ty;
	mpz_init(tx);
	mpz_init(ty);
	int c = mpz_cmp(mpz_view(a, tx), mpz_view(b, ty));
	mpz_clear(tx);
	mpz_clear(ty);
	return c < 0 ? -1 : c > 0;
}

bool int_hash(Value v, int64_t *out)
{
	if (v.tag == V_INT || v.tag == V_BOOL)
		*out = num_hash_int64(v.u.i);
	else
		*out = num_hash_mpz(((BigInt *)v.u.o)->z);
	return true;
}

Value int_from_double(double d)
{
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	if (num_float_trunc_int(&r, d, &e) < 0)
		return raise_num_error(&e);
	return from_intres(&r);
}

Value int_repr(Value v)
{
	if (v.tag == V_BOOL)
		return str_value(str_cstr(v.u.i ? "True" : "False"));
	if (v.tag == V_INT) {
		return str_value(str_from_int64(v.u.i));
	}
	struct text_buf b = TEXT_BUF_INIT;
	struct num_error e = NUM_ERROR_INIT;
	struct num_int n = as_num(v);
	if (num_int_to_decimal(&b, &n, &e) < 0) {
		text_buf_free(&b);
		return raise_num_error(&e);
	}
	Str *s = str_new(b.data, b.len);
	text_buf_free(&b);
	return str_value(s);
}

Value int_to_base(Value v, int base, bool alt)
{
	struct text_buf b = TEXT_BUF_INIT;
	struct num_error e = NUM_ERROR_INIT;
	struct num_int n = as_num(v);
	if (num_int_to_base(&b, &n, base, alt, &e) < 0) {
		text_buf_free(&b);
		return raise_num_error(&e);
	}
	Str *s = str_new(b.data, b.len);
	text_buf_free(&b);
	return str_value(s);
}

Value int_from_cstr(const char *s, int base)
{
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	if (num_parse_int(s, strlen(s), base, &r, &e) < 0)
		return raise_num_error(&e);
	return from_intres(&r);
}

Value int_from_str(Str *s, int base)
{
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	if (num_parse_int(s->data, s->nbytes, base, &r, &e) < 0)
		return raise_num_error(&e);
	return from_intres(&r);
}

static size_t int_bits(Value v)
{
	if (v.tag == V_INT || v.tag == V_BOOL) {
		uint64_t x = v.u.i < 0 ? (uint64_t)0 - (uint64_t)v.u.i : (uint64_t)v.u.i;
		return x ? 64 - (size_t)__builtin_clzll(x) : 0;
	}
	return mpz_sizeinbase(((BigInt *)v.u.o)->z, 2);
}

static bool check_bits(size_t bits)
{
	return mem_check(bits / 8 + 16);
}

/* ---- arithmetic ------------------------------------------------------- */

static Value big_binop(Value a, Value b, int op)
{
	mpz_t tx, ty, r;
	mpz_init(tx);
	mpz_init(ty);
	mpz_srcptr x = mpz_view(a, tx), y = mpz_view(b, ty);
	mpz_init(r);
	Value res = v_null();
	switch (op) {
	case NB_ADD:
		if (!check_bits(int_bits(a) + int_bits(b)))
			goto out;
		mpz_add(r, x, y);
		break;
	case NB_SUB:
		if (!check_bits(int_bits(a) + int_bits(b)))
			goto out;
		mpz_sub(r, x, y);
		break;
	case NB_MUL:
		if (!check_bits(int_bits(a) + int_bits(b)))
			goto out;
		mpz_mul(r, x, y);
		break;
	case NB_FLOORDIV:
	case NB_MOD:
	case NB_DIVMOD:
		if (mpz_sgn(y) == 0) {
			err_set_str(Exc_ZeroDivisionError, op == NB_MOD ? "integer modulo by zero" : "integer division or modulo by zero");
			goto out;
		}
		if (op == NB_FLOORDIV) {
			mpz_fdiv_q(r, x, y);
		} else if (op == NB_MOD) {
			mpz_fdiv_r(r, x, y);
		} else {
			mpz_t q;
			mpz_init(q);
			mpz_fdiv_qr(q, r, x, y);
			Value qv = int_move_mpz(q), rv = int_move_mpz(r);
			mpz_clear(q);
			Tuple *t = tuple_new(2);
			t->items[0] = qv;
			t->items[1] = rv;
			res = v_obj(&t->ob);
			goto out;
		}
		break;
	case NB_AND: mpz_and(r, x, y); break;
	case NB_OR: mpz_ior(r, x, y); break;
	case NB_XOR: mpz_xor(r, x, y); break;
	case NB_LSHIFT: {
		if (mpz_sgn(y) < 0) {
			err_set_str(Exc_ValueError, "negative shift count");
			goto out;
		}
		if (!mpz_fits_ulong_p(y) || !check_bits(int_bits(a) + mpz_get_ui(y))) {
			if (!err_occurred())
				err_no_memory();
			goto out;
		}
		mpz_mul_2exp(r, x, mpz_get_ui(y));
		break;
	}
	case NB_RSHIFT: {
		if (mpz_sgn(y) < 0) {
			err_set_str(Exc_ValueError, "negative shift count");
			goto out;
		}
		if (!mpz_fits_ulong_p(y))
			mpz_set_si(r, mpz_sgn(x) < 0 ? -1 : 0);
		else
			mpz_fdiv_q_2exp(r, x, mpz_get_ui(y));
		break;
	}
	case NB_POW: {
		if (mpz_sgn(y) < 0) {
			mpz_clear(tx); mpz_clear(ty); mpz_clear(r);
			bool o1, o2;
			double fa = int_as_double(a, &o1), fb = int_as_double(b, &o2);
			if (o1 || o2)
				return err_null_format(Exc_OverflowError, "int too large to convert to float");
			return float_binop(v_float(fa), v_float(fb), NB_POW);
		}
		if (mpz_cmp_si(x, 1) == 0 || mpz_sgn(x) == 0 || mpz_cmp_si(x, -1) == 0) {
			if (mpz_sgn(x) == 0)
				mpz_set_ui(r, mpz_sgn(y) == 0 ? 1 : 0);
			else if (mpz_cmp_si(x, 1) == 0)
				mpz_set_ui(r, 1);
			else
				mpz_set_si(r, mpz_odd_p(y) ? -1 : 1);
			break;
		}
		if (!mpz_fits_ulong_p(y)) {
			err_no_memory();
			goto out;
		}
		unsigned long e = mpz_get_ui(y);
		size_t bits;
		if (__builtin_mul_overflow(int_bits(a), (size_t)e, &bits) || !check_bits(bits))
			goto out;
		mpz_pow_ui(r, x, e);
		break;
	}
	case NB_TRUEDIV: {
		struct num_int na = as_num(a), nb2 = as_num(b);
		struct num_error e = NUM_ERROR_INIT;
		double d;
		if (num_int_truediv(&na, &nb2, &d, &e) < 0) {
			raise_num_error(&e);
			goto out;
		}
		res = v_float(d);
		goto out;
	}
	default:
		res = v_notimpl();
		goto out;
	}
	res = int_move_mpz(r);
out:
	mpz_clear(tx);
	mpz_clear(ty);
	mpz_clear(r);
	return res;
}

Value int_binop(Value a, Value b, int op)
{
	if (!is_intlike(a) || !is_intlike(b)) {
		a = val_unbox(a);
		b = val_unbox(b);
		if (!is_intlike(a) || !is_intlike(b))
			return v_notimpl();
	}
	if (a.tag == V_OBJ || b.tag == V_OBJ)
		return big_binop(a, b, op);
	int64_t x = a.u.i, y = b.u.i, r;
	switch (op) {
	case NB_ADD:
		if (!__builtin_add_overflow(x, y, &r))
			return v_int(r);
		break;
	case NB_SUB:
		if (!__builtin_sub_overflow(x, y, &r))
			return v_int(r);
		break;
	case NB_MUL:
		if (!__builtin_mul_overflow(x, y, &r))
			return v_int(r);
		break;
	case NB_FLOORDIV:
		if (y == 0)
			return err_null_format(Exc_ZeroDivisionError, "integer division or modulo by zero");
		if (y == -1 && x == INT64_MIN)
			break;
		return v_int(num_i64_floordiv(x, y));
	case NB_MOD:
		if (y == 0)
			return err_null_format(Exc_ZeroDivisionError, "integer modulo by zero");
		return v_int(num_i64_mod(x, y));
	case NB_DIVMOD: {
		if (y == 0)
			return err_null_format(Exc_ZeroDivisionError, "integer division or modulo by zero");
		if (y == -1 && x == INT64_MIN)
			break;
		Tuple *t = tuple_new(2);
		if (!t)
			return v_null();
		t->items[0] = v_int(num_i64_floordiv(x, y));
		t->items[1] = v_int(num_i64_mod(x, y));
		return v_obj(&t->ob);
	}
	case NB_TRUEDIV:
		if (y == 0)
			return err_null_format(Exc_ZeroDivisionError, "division by zero");
		if (x > -(1LL << 53) && x < (1LL << 53) && y > -(1LL << 53) && y < (1LL << 53))
			return v_float((double)x / (double)y);
		break;
	case NB_AND: return a.tag == V_BOOL && b.tag == V_BOOL ? v_bool(x & y) : v_int(x & y);
	case NB_OR: return a.tag == V_BOOL && b.tag == V_BOOL ? v_bool(x | y) : v_int(x | y);
	case NB_XOR: return a.tag == V_BOOL && b.tag == V_BOOL ? v_bool(x ^ y) : v_int(x ^ y);
	case NB_LSHIFT:
		if (y < 0)
			return err_null_format(Exc_ValueError, "negative shift count");
		if (x == 0)
			return v_int(0);
		if (y < 63) {
			int64_t s = (int64_t)((uint64_t)x << y);
			if ((s >> y) == x)
				return v_int(s);
		}
		break;
	case NB_RSHIFT:
		if (y < 0)
			return err_null_format(Exc_ValueError, "negative shift count");
		return v_int(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
	case NB_POW: {
		if (y < 0)
			break;
		int64_t base = x, result = 1;
		uint64_t e = (uint64_t)y;
		bool ovf = false;
		while (e) {
			if (e & 1) {
				if (__builtin_mul_overflow(result, base, &result)) {
					ovf = true;
					break;
				}
			}
			e >>= 1;
			if (e && __builtin_mul_overflow(base, base, &base)) {
				ovf = true;
				break;
			}
		}
		if (!ovf)
			return v_int(result);
		break;
	}
	case NB_MATMUL:
		return v_notimpl();
	}
	return big_binop(a, b, op);
}

Value int_neg(Value v)
{
	v = val_unbox(v);
	if ((v.tag == V_INT || v.tag == V_BOOL) && v.u.i != INT64_MIN)
		return v_int(-v.u.i);
	mpz_t z;
	mpz_init(z);
	int_to_mpz(v, z);
	mpz_neg(z, z);
	return int_take_mpz(z);
}

Value int_pow(Value a, Value b, Value m)
{
	if (IS_NULL(m) || IS_NONE(m))
		return binop(a, b, NB_POW);
	a = val_unbox(a);
	b = val_unbox(b);
	m = val_unbox(m);
	if (val_type(a) == &complex_type || val_type(b) == &complex_type || val_type(m) == &complex_type)
		return err_null_format(Exc_ValueError, "complex modulo");
	if (!is_intlike(a) || !is_intlike(b) || !is_intlike(m))
		return err_null_format(Exc_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
	struct num_int na = as_num(a), nb = as_num(b), nm = as_num(m);
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	if (num_int_powmod(&r, &na, &nb, &nm, &e) < 0)
		return raise_num_error(&e);
	return from_intres(&r);
}

Value int_bit_length(Value v)
{
	return v_int((int64_t)int_bits(v));
}

/* ---- type slots --------------------------------------------------------- */

/* The slots below may get an instance of an int subclass: they work on its
 * plain value (val_unbox, object.h). */
static Value int_repr_slot(Value v) { return int_repr(val_unbox(v)); }

static bool int_hash_slot(Value v, int64_t *out) { return int_hash(val_unbox(v), out); }

static Value int_richcmp(Value a, Value b, int op)
{
	a = val_unbox(a);
	b = val_unbox(b);
	if (!is_intlike(a) || !is_intlike(b))
		return v_notimpl();
	int c = int_cmp(a, b);
	return cmp_result(c, op);
}

#define INT_NB(name, op) static Value name(Value a, Value b) { return int_binop(a, b, op); }
INT_NB(int_add, NB_ADD) INT_NB(int_sub, NB_SUB) INT_NB(int_mul, NB_MUL)
INT_NB(int_truediv, NB_TRUEDIV) INT_NB(int_floordiv, NB_FLOORDIV) INT_NB(int_mod, NB_MOD)
INT_NB(int_powop, NB_POW) INT_NB(int_lshift, NB_LSHIFT) INT_NB(int_rshift, NB_RSHIFT)
INT_NB(int_and, NB_AND) INT_NB(int_or, NB_OR) INT_NB(int_xor, NB_XOR) INT_NB(int_divmod, NB_DIVMOD)

static Value int_to_plain(Value v)
{
	v = val_unbox(v);
	if (v.tag == V_BOOL)
		return v_int(v.u.i);
	return val_incref(v);
}

static Value int_pos(Value v) { return int_to_plain(v); }

static Value int_invert(Value v)
{
	v = val_unbox(v);
	if (v.tag == V_INT || v.tag == V_BOOL)
		return v_int(~v.u.i);
	mpz_t z;
	mpz_init(z);
	int_to_mpz(v, z);
	mpz_com(z, z);
	return int_take_mpz(z);
}

static Value int_abs(Value v)
{
	v = val_unbox(v);
	if (int_sign(v) < 0)
		return int_neg(v);
	return int_to_plain(v);
}

static Value int_float(Value v)
{
	bool ovf;
	double d = int_as_double(val_unbox(v), &ovf);
	if (ovf)
		return err_null_format(Exc_OverflowError, "int too large to convert to float");
	return v_float(d);
}

static int int_truth(Value v) { return int_sign(val_unbox(v)) != 0; }

/* int(x), int(x, base): the plain int */

/* int(b'...') / float(b'...') that fail to parse show the bytes object,
 * not the text made of it: replace the ValueError whose message starts
 * with prefix by prefix + ": " + repr(shown). */
Value bytes_parse_error(Value r, Value shown, const char *prefix);
Value bytes_parse_error(Value r, Value shown, const char *prefix)
{
	if (!IS_NULL(r) || !err_matches(Exc_ValueError))
		return r;
	Exc *e = (Exc *)err_peek();
	size_t n = strlen(prefix);
	if (!e || !e->args || e->args->n != 1 || !IS_STR(e->args->items[0]) ||
	    strncmp(AS_STR(e->args->items[0])->data, prefix, n) != 0)
		return r;
	err_clear();
	Value rep = obj_repr(shown);
	if (IS_NULL(rep))
		return rep;
	err_format(Exc_ValueError, "%s: %s", prefix, AS_STR(rep)->data);
	val_decref(rep);
	return v_null();
}

/* int() of bytes or a bytearray: the text of its bytes; a bad literal
 * shows the bytes (a bytearray as bytes, as CPython). */
static Value int_from_bytes_like(Value x, int base)
{
	Bytes *b = IS_BYTES(x) ? (Bytes *)x.u.o : NULL;
	ByteArray *ba = b ? NULL : (ByteArray *)x.u.o;
	const char *p = b ? (const char *)b->data : (const char *)ba->data;
	size_t n = b ? b->n : ba->n;
	Str *s = str_new(p, n);
	if (!s)
		return v_null();
	Value r = int_from_str(s, base);
	obj_decref(&s->ob);
	if (!IS_NULL(r) || !err_matches(Exc_ValueError))
		return r;
	Bytes *shown = bytes_new(p, n);
	if (!shown)
		return v_null();
	char prefix[64];
	snprintf(prefix, sizeof prefix, "invalid literal for int() with base %d", base);
	r = bytes_parse_error(r, v_obj(&shown->ob), prefix);
	obj_decref(&shown->ob);
	return r;
}

static Value int_from_args(const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"", "base"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("int", args, nargs, kw, names, 0, 2, a))
		return v_null();
	Value x = a[0];
	if (IS_NULL(x)) {
		if (!IS_NULL(a[1]))
			return err_null_format(Exc_TypeError, "int() missing string argument");
		return v_int(0);
	}
	if (!IS_NULL(a[1])) {
		ssize_t base;
		if (!val_as_ssize(a[1], &base))
			return v_null();
		if (base != 0 && (base < 2 || base > 36))
			return err_null_format(Exc_ValueError, "int() base must be >= 2 and <= 36, or 0");
		if (IS_STR(x))
			return int_from_str(AS_STR(x), (int)base);
		if (IS_BYTES(x) || val_isinstance(x, &bytearray_type))
			return int_from_bytes_like(x, (int)base);
		return err_null_format(Exc_TypeError, "int() can't convert non-string with explicit base");
	}
	if (x.tag == V_INT)
		return x;
	if (x.tag == V_BOOL)
		return v_int(x.u.i);
	if (x.tag == V_FLOAT)
		return int_from_double(x.u.f);
	if (IS_BIGINT(x))
		return val_incref(x);
	if (IS_STR(x))
		return int_from_str(AS_STR(x), 10);
	if (IS_BYTES(x) || val_isinstance(x, &bytearray_type))
		return int_from_bytes_like(x, 10);
	Type *xt = val_type(x);
	Value r;
	if (xt->to_int && xt->to_int != int_pos) {
		r = xt->to_int(x);
	} else if (xt->index) {
		r = xt->index(x);
	} else {
		Value tr = obj_getattr_opt(x, ID(__trunc__));
		if (IS_NULL(tr)) {
			if (err_occurred())
				return v_null();
			return err_null_format(Exc_TypeError, "int() argument must be a string, a bytes-like object or a real number, not '%s'", xt->name);
		}
		r = call0(tr);
		val_decref(tr);
	}
	if (!IS_NULL(r) && !is_intlike(r)) {
		err_format(Exc_TypeError, "__int__ returned non-int (type %s)", type_name_of(r));
		val_decref(r);
		return v_null();
	}
	if (!IS_NULL(r) && r.tag == V_BOOL)
		r = v_int(r.u.i);
	return r;
}

static Value int_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Value v = int_from_args(args, nargs, kw);
	if (t == &int_type || IS_NULL(v))
		return v;
	return boxed_new(t, v);
}

static void bigint_dealloc(Obj *o)
{
	mpz_clear(((BigInt *)o)->z);
	obj_free(o);
}

/* ---- methods -------------------------------------------------------------- */

static Value m_bit_length(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("bit_length", nargs, kw, 0, 0))
		return v_null();
	return int_bit_length(self);
}

static Value m_bit_count(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("bit_count", nargs, kw, 0, 0))
		return v_null();
	struct num_int n = as_num(self);
	return v_int((int64_t)num_int_bit_count(&n));
}

static Value m_conjugate(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return int_to_plain(self);
}

static Value g_real(Value self) { return int_to_plain(self); }
static Value g_imag(Value self) { return v_int(0); }
static Value g_denominator(Value self) { return v_int(1); }

static Value m_as_integer_ratio(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value a[2] = {int_to_plain(self), v_int(1)};
	Tuple *t = tuple_from(a, 2);
	val_decref(a[0]);
	return v_obj(&t->ob);
}

static Value m_int_format(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__format__", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "__format__() argument must be str, not %s", type_name_of(args[0]));
	Str *spec = AS_STR(args[0]);
	if (spec->nbytes == 0 && (self.tag == V_BOOL || !is_intlike(self)))
		return obj_str(self);   /* format(x, "") is str(x), a subclass's __str__ too */
	self = val_unbox(self);
	struct text_buf b = TEXT_BUF_INIT;
	struct num_error e = NUM_ERROR_INIT;
	struct num_int n = as_num(self);
	if (num_format_int(&b, &n, spec->data, spec->nbytes, type_name_of(self), &e) < 0) {
		text_buf_free(&b);
		return raise_num_error(&e);
	}
	Str *s = str_new(b.data ? b.data : "", b.len);
	text_buf_free(&b);
	return str_value(s);
}

static Value m_to_bytes(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"length", "byteorder", "signed"};
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse("to_bytes", args, nargs, kw, names, 0, 3, a))
		return v_null();
	ssize_t len = 1;
	if (!IS_NULL(a[0]) && !val_as_ssize(a[0], &len))
		return v_null();
	if (len < 0)
		return err_null_format(Exc_ValueError, "length argument must be non-negative");
	bool little = false;
	if (!IS_NULL(a[1])) {
		if (!IS_STR(a[1]))
			return err_null_format(Exc_TypeError, "to_bytes() argument 'byteorder' must be str, not %s", type_name_of(a[1]));
		if (!strcmp(AS_STR(a[1])->data, "little"))
			little = true;
		else if (strcmp(AS_STR(a[1])->data, "big"))
			return err_null_format(Exc_ValueError, "byteorder must be either 'little' or 'big'");
	}
	bool sgn = !IS_NULL(a[2]) && obj_truth(a[2]) > 0;
	if (!mem_check((size_t)len))
		return v_null();
	struct text_buf b = TEXT_BUF_INIT;
	struct num_error e = NUM_ERROR_INIT;
	struct num_int n = as_num(self);
	if (num_int_to_bytes(&b, &n, (uint64_t)len, little, sgn, &e) < 0) {
		text_buf_free(&b);
		return raise_num_error(&e);
	}
	Bytes *r = bytes_new(b.data ? b.data : "", b.len);
	text_buf_free(&b);
	return r ? v_obj(&r->ob) : v_null();
}

static Value m_from_bytes(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"bytes", "byteorder", "signed"};
	Value a[3] = {v_null(), v_null(), v_null()};
	if (!args_parse("from_bytes", args, nargs, kw, names, 1, 3, a))
		return v_null();
	Value bv = a[0];
	Value owned = v_null();
	if (!IS_BYTES(bv)) {
		extern Value bytes_from_value(Value v);
		owned = bytes_from_value(bv);
		if (IS_NULL(owned))
			return owned;
		bv = owned;
	}
	bool little = false;
	if (!IS_NULL(a[1]) && IS_STR(a[1])) {
		if (!strcmp(AS_STR(a[1])->data, "little"))
			little = true;
		else if (strcmp(AS_STR(a[1])->data, "big")) {
			val_decref(owned);
			return err_null_format(Exc_ValueError, "byteorder must be either 'little' or 'big'");
		}
	}
	bool sgn = !IS_NULL(a[2]) && obj_truth(a[2]) > 0;
	Bytes *by = (Bytes *)bv.u.o;
	struct num_intres r;
	num_intres_init(&r);
	num_int_from_bytes(&r, by->data, by->n, little, sgn);
	val_decref(owned);
	Value v = from_intres(&r);
	if (IS_NULL(v) || (cls.tag == V_OBJ && cls.u.o == &int_type.ob))
		return v;
	/* a subclass: cls(value), as CPython */
	Value inst = call1(cls, v);
	val_decref(v);
	return inst;
}

static Value m_round(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__round__", nargs, kw, 0, 1))
		return v_null();
	if (nargs == 0 || IS_NONE(args[0]))
		return int_to_plain(self);
	Value nd = obj_index(args[0]);
	if (IS_NULL(nd))
		return nd;
	struct num_int n = as_num(self), d = as_num(nd);
	struct num_intres r;
	struct num_error e = NUM_ERROR_INIT;
	num_intres_init(&r);
	int rc = num_int_round(&r, &n, &d, &e);
	val_decref(nd);
	if (rc < 0)
		return raise_num_error(&e);
	return from_intres(&r);
}

static Value m_trunc(Value self, const Value *args, size_t nargs, Tuple *kw) { return int_to_plain(self); }

static Value m_getnewargs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value v = int_to_plain(self);
	Tuple *t = tuple_from(&v, 1);
	val_decref(v);
	return v_obj(&t->ob);
}

/* bool */
static Value bool_repr(Value v) { return str_value(str_cstr(v.u.i ? "True" : "False")); }

static Value bool_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "bool() takes no keyword arguments");
	if (nargs > 1)
		return err_null_format(Exc_TypeError, "bool expected at most 1 argument, got %zu", nargs);
	if (nargs == 0)
		return v_bool(false);
	int r = obj_truth(args[0]);
	return r < 0 ? v_null() : v_bool(r);
}

static Value bool_and(Value a, Value b)
{
	if (IS_BOOL(a) && IS_BOOL(b))
		return v_bool(a.u.i & b.u.i);
	return int_binop(a, b, NB_AND);
}
static Value bool_or(Value a, Value b)
{
	if (IS_BOOL(a) && IS_BOOL(b))
		return v_bool(a.u.i | b.u.i);
	return int_binop(a, b, NB_OR);
}
static Value bool_xor(Value a, Value b)
{
	if (IS_BOOL(a) && IS_BOOL(b))
		return v_bool(a.u.i ^ b.u.i);
	return int_binop(a, b, NB_XOR);
}

void int_types_init(void);
void int_types_init(void)
{
	Type *t = &int_type;
	type_init_builtin(t, "int", &object_type);
	t->flags |= TF_BASETYPE | TF_INT_SUB | TF_UNBOX_SELF;
	t->repr = int_repr_slot;
	t->hash = int_hash_slot;
	t->richcmp = int_richcmp;
	t->nb[NB_ADD] = int_add; t->nb[NB_SUB] = int_sub; t->nb[NB_MUL] = int_mul;
	t->nb[NB_TRUEDIV] = int_truediv; t->nb[NB_FLOORDIV] = int_floordiv;
	t->nb[NB_MOD] = int_mod; t->nb[NB_POW] = int_powop; t->nb[NB_LSHIFT] = int_lshift;
	t->nb[NB_RSHIFT] = int_rshift; t->nb[NB_AND] = int_and; t->nb[NB_OR] = int_or;
	t->nb[NB_XOR] = int_xor; t->nb[NB_DIVMOD] = int_divmod;
	t->neg = int_neg;
	t->pos = int_pos;
	t->invert = int_invert;
	t->absval = int_abs;
	t->to_int = int_pos;
	t->to_float = int_float;
	t->index = int_pos;
	t->truth = int_truth;
	t->new = int_new;
	type_add_method(t, "bit_length", m_bit_length, 0);
	type_add_method(t, "bit_count", m_bit_count, 0);
	type_add_method(t, "conjugate", m_conjugate, 0);
	type_add_method(t, "as_integer_ratio", m_as_integer_ratio, 0);
	type_add_method(t, "__format__", m_int_format, BF_RAW_SELF);
	type_add_method(t, "to_bytes", m_to_bytes, 0);
	type_add_method(t, "from_bytes", m_from_bytes, BF_CLASSMETHOD);
	type_add_method(t, "__round__", m_round, 0);
	type_add_method(t, "__trunc__", m_trunc, 0);
	type_add_method(t, "__floor__", m_trunc, 0);
	type_add_method(t, "__ceil__", m_trunc, 0);
	type_add_method(t, "__getnewargs__", m_getnewargs, 0);
	type_add_getset(t, "real", g_real);
	type_add_getset(t, "imag", g_imag);
	type_add_getset(t, "numerator", g_real);
	type_add_getset(t, "denominator", g_denominator);

	t->dealloc = bigint_dealloc;

	Type *b = &bool_type;
	type_init_builtin(b, "bool", &int_type);
	b->flags &= ~TF_BASETYPE;
	b->repr = bool_repr;
	b->new = bool_new;
	b->nb[NB_AND] = bool_and;
	b->nb[NB_OR] = bool_or;
	b->nb[NB_XOR] = bool_xor;
}
