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
static inline Value v_float(double d) { Value v; v.tag = V_FLOAT; v.u.f = d; return v; }
static inline Value v_obj(struct Obj *o) { Value v; v.tag = V_OBJ; v.u.o = o; return v; }

#define IS_NULL(v) ((v).tag == V_NULL)
#define IS_NONE(v) ((v).tag == V_NONE)
#define IS_BOOL(v) ((v).tag == V_BOOL)
#define IS_INT(v) ((v).tag == V_INT)
#define IS_FLOAT(v) ((v).tag == V_FLOAT)
#define IS_OBJ(v) ((v).tag == V_OBJ)

#endif
