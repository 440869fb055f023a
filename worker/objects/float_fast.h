/* float_fast.h -- the VM's inline arithmetic on unboxed numbers: + - * /
 * and ** of two floats or of a float and a small int, and the comparisons
 * of two small ints or two floats, for the cases where no exception and no
 * object can come of it.  Everything else answers "not handled" and the
 * caller takes binop() / obj_richcmp(), which produce CPython's results and
 * errors (float.c, floatops.c); a case handled here gives the same value
 * those would give.  The results are stored as one 16-byte store
 * (num_store_imm).
 */
#ifndef BOX_FLOAT_FAST_H
#define BOX_FLOAT_FAST_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "worker/objects/object.h"

/* An immediate stored as one 16-byte store: the next instruction reads
 * the Value whole (a 16-byte load), which the processor cannot forward
 * from separate tag, stamp and payload stores (it waits for them to reach
 * the cache: floats.py ran 5-6% faster with this).  The stamp is 0. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
typedef uint64_t num_value_words __attribute__((vector_size(16)));
_Static_assert(sizeof(Value) == 16 && offsetof(Value, u) == 8, "Value is {tag, stamp, payload}");

static inline __attribute__((always_inline)) void num_store_imm(Value *dst, uint32_t tag, uint64_t bits)
{
	num_value_words w = {tag, bits};
	__builtin_memcpy(dst, &w, sizeof w);
}
#else
static inline __attribute__((always_inline)) void num_store_imm(Value *dst, uint32_t tag, uint64_t bits)
{
	dst->tag = tag;
	dst->nan_id = 0;
	dst->u.i = (int64_t)bits;
}
#endif

/* *dst = v, a Value a function returned (in two registers), as one store */
static inline __attribute__((always_inline)) void num_store_value(Value *dst, Value v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t head, payload;
	__builtin_memcpy(&head, &v, sizeof head);
	__builtin_memcpy(&payload, &v.u, sizeof payload);
	num_value_words w = {head, payload};
	__builtin_memcpy(dst, &w, sizeof w);
#else
	*dst = v;
#endif
}

static inline __attribute__((always_inline)) void num_store_int(Value *dst, int64_t i)
{
	num_store_imm(dst, V_INT, (uint64_t)i);
}

/* *dst = v_float(d); a NaN takes v_float for its stamp */
static inline __attribute__((always_inline)) void float_fast_store(Value *dst, double d)
{
	if (__builtin_expect(d != d, 0)) {
		*dst = v_float(d);
		return;
	}
	uint64_t bits;
	__builtin_memcpy(&bits, &d, sizeof bits);
	num_store_imm(dst, V_FLOAT, bits);
}

/* a op b when one operand is a V_FLOAT and the other a V_FLOAT or V_INT
 * (a small int converts to the nearest double, as PyLong_AsDouble does).
 * Division by zero, and a power whose base is not a positive finite float
 * or whose result is not finite (overflow, complex results, CPython's
 * special cases), are left to float_binop. */
static inline __attribute__((always_inline)) bool float_fast_binop(Value a, Value b, uint32_t op, Value *out)
{
	double x, y;
	if (a.tag == V_FLOAT && b.tag == V_FLOAT) {
		x = a.u.f;
		y = b.u.f;
	} else if (a.tag == V_FLOAT && b.tag == V_INT) {
		x = a.u.f;
		y = (double)b.u.i;
	} else if (a.tag == V_INT && b.tag == V_FLOAT) {
		x = (double)a.u.i;
		y = b.u.f;
	} else {
		return false;
	}
	if (op <= NB_MUL) {
		float_fast_store(out, op == NB_ADD ? x + y : op == NB_SUB ? x - y : x * y);
		return true;
	}
	if (op == NB_TRUEDIV) {
		if (y == 0.0)
			return false;
		float_fast_store(out, x / y);
		return true;
	}
	if (op == NB_POW) {
		/* positive finite base, finite exponent: CPython's float_pow
		 * reaches libm's pow with no special case, and a finite result
		 * (an underflow to 0 included) is no error */
		if (!(x > 0.0 && x <= DBL_MAX && y >= -DBL_MAX && y <= DBL_MAX))
			return false;
		double r = pow(x, y);
		if (!(r <= DBL_MAX))
			return false;
		float_fast_store(out, r);
		return true;
	}
	return false;
}

/* The comparison `a op b` of two V_INTs or two V_FLOATs into *res (NaN
 * compares as in C, which is Python's rule for floats). */
static inline __attribute__((always_inline)) bool num_fast_compare(Value a, Value b, uint32_t op, bool *res)
{
	if (a.tag == V_INT && b.tag == V_INT) {
		int64_t x = a.u.i, y = b.u.i;
		switch (op) {
		case CMP_LT: *res = x < y; return true;
		case CMP_LE: *res = x <= y; return true;
		case CMP_EQ: *res = x == y; return true;
		case CMP_NE: *res = x != y; return true;
		case CMP_GT: *res = x > y; return true;
		default: *res = x >= y; return true;
		}
	}
	if (a.tag == V_FLOAT && b.tag == V_FLOAT) {
		double x = a.u.f, y = b.u.f;
		switch (op) {
		case CMP_LT: *res = x < y; return true;
		case CMP_LE: *res = x <= y; return true;
		case CMP_EQ: *res = x == y; return true;
		case CMP_NE: *res = x != y; return true;
		case CMP_GT: *res = x > y; return true;
		default: *res = x >= y; return true;
		}
	}
	return false;
}

#endif
