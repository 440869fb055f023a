/* value.h -- the interpreter's value representation.
 *
 * A Value is a 16-byte tagged struct (Lua style): a tag plus a payload union.
 * Immediates need no allocation: None, bool (True/False), small int (int64)
 * and float (double).  Everything else is a heap object (Obj, object.h) that
 * starts with {refcount, type}.
 *
 * Ints: arithmetic on V_INT checks for overflow with __builtin_*_overflow and
 * promotes to a big-int object wrapping GMP's mpz_t; big results that fit in
 * an int64 are demoted back, so a V_INT is the canonical form of every int
 * that fits.  bool is a subtype of int (V_BOOL payload is 0 or 1 in .i).
 *
 * NaN identity: CPython's floats are objects, so `float('nan') is
 * float('nan')` is False while `x = float('nan'); x is x` is True, and
 * containment and lookups (which test identity before ==) follow that.
 * Every NaN a V_FLOAT holds therefore carries a stamp (nan_id, in what would
 * otherwise be padding) taken fresh each time a float value is made, and
 * copied with the Value: two NaNs are the same object iff their stamps are
 * equal.  Other floats are compared by their bits; nan_id is read only for
 * a NaN (v_same_float).
 *
 * V_NULL (tag 0) is "no value": functions returning Value use it to signal
 * that an exception is pending (see err.h), and empty slots hold it.
 */
#ifndef BOX_VALUE_H
#define BOX_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct Obj;

typedef enum {
	V_NULL = 0,
	V_NONE,
	V_BOOL,
	V_INT,
	V_FLOAT,
	V_OBJ,
} ValueTag;

typedef struct Value {
	uint32_t tag;
	uint32_t nan_id;        /* V_FLOAT NaN only: its object identity */
	union {
		int64_t i;
		double f;
		struct Obj *o;
	} u;
} Value;

static inline Value v_null(void) { Value v; v.tag = V_NULL; v.u.i = 0; return v; }
static inline Value v_none(void) { Value v; v.tag = V_NONE; v.u.i = 0; return v; }
static inline Value v_bool(bool b) { Value v; v.tag = V_BOOL; v.u.i = b ? 1 : 0; return v; }
static inline Value v_int(int64_t i) { Value v; v.tag = V_INT; v.u.i = i; return v; }
uint32_t v_next_nan_id(void);
static inline Value v_float(double d)
{
	Value v;
	v.tag = V_FLOAT;
	v.nan_id = __builtin_expect(d != d, 0) ? v_next_nan_id() : 0;
	v.u.f = d;
	return v;
}
static inline bool v_is_nan(Value v) { return v.u.f != v.u.f; }
/* `a is b` for two V_FLOAT values (see "NaN identity" above). */
static inline bool v_same_float(Value a, Value b)
{
	if (__builtin_memcmp(&a.u.f, &b.u.f, sizeof(double)) != 0)
		return false;
	return !v_is_nan(a) || a.nan_id == b.nan_id;
}
/* `a is b` for two immediates or objects. */
static inline bool v_is(Value a, Value b)
{
	if (a.tag != b.tag)
		return false;
	if (a.tag == V_FLOAT)
		return v_same_float(a, b);
	return a.tag == V_NONE || a.u.i == b.u.i;
}
static inline Value v_obj(struct Obj *o) { Value v; v.tag = V_OBJ; v.u.o = o; return v; }

#define IS_NULL(v) ((v).tag == V_NULL)
#define IS_NONE(v) ((v).tag == V_NONE)
#define IS_BOOL(v) ((v).tag == V_BOOL)
#define IS_INT(v) ((v).tag == V_INT)
#define IS_FLOAT(v) ((v).tag == V_FLOAT)
#define IS_OBJ(v) ((v).tag == V_OBJ)

#endif
