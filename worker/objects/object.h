/* object.h -- heap objects, type objects and the reference-counting rules.
 *
 * Every heap object starts with Obj {refcount, type}.  Type objects carry
 * CPython-like slots (repr, str, hash, richcompare, getattr/setattr, call,
 * iter/next, number slots, sequence/mapping slots, descriptor get/set,
 * new/init, dealloc, traverse) so builtin types and user classes (whose
 * slots dispatch to dunder methods, typeobj.c) share one protocol.
 *
 * Reference counting (CPython's discipline):
 *   - a function that returns a Value returns a NEW reference (the caller
 *     owns it and must val_decref it); V_NULL means an exception is pending;
 *   - Value arguments are BORROWED: the callee increfs what it keeps;
 *   - "steal" in a name (list_append_steal, tuple_set_steal) marks the
 *     exceptions that take over the caller's reference.
 * Cycles are found by the collector (gc.h): every container type lists its
 * children through its `traverse` slot and breaks cycles with `clear`.
 *
 * Calling convention (vectorcall style): call(callable, args, nargs, kwnames)
 * where the last len(kwnames) of the nargs+nkw arguments are keyword values:
 * args[0..nargs) positional, args[nargs..nargs+nkw) keyword in kwnames order.
 */
#ifndef BOX_OBJECT_H
#define BOX_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "worker/objects/value.h"

typedef struct Type Type;
typedef struct Obj {
	intptr_t refcnt;
	Type *type;
} Obj;

typedef struct Str Str;
typedef struct Tuple Tuple;
typedef struct List List;
typedef struct Dict Dict;

typedef Value (*unaryfn)(Value);
typedef Value (*binaryfn)(Value, Value);
typedef Value (*callfn)(Value self, const Value *args, size_t nargs, Tuple *kwnames);
typedef void (*visitfn)(Value child, void *arg);

/* Binary number operators, in the order of the nb[] slot array. */
enum {
	NB_ADD, NB_SUB, NB_MUL, NB_TRUEDIV, NB_FLOORDIV, NB_MOD, NB_POW,
	NB_LSHIFT, NB_RSHIFT, NB_AND, NB_OR, NB_XOR, NB_MATMUL, NB_DIVMOD,
	NB_COUNT
};
/* Rich comparison operators (CPython's Py_LT..Py_GE numbering). */
enum { CMP_LT, CMP_LE, CMP_EQ, CMP_NE, CMP_GT, CMP_GE };
/* The rich comparison op applied to a three-way result c (<0, 0, >0). */
static inline Value cmp_result(int c, int op)
{
	switch (op) {
	case CMP_LT: return v_bool(c < 0);
	case CMP_LE: return v_bool(c <= 0);
	case CMP_EQ: return v_bool(c == 0);
	case CMP_NE: return v_bool(c != 0);
	case CMP_GT: return v_bool(c > 0);
	default: return v_bool(c >= 0);
	}
}

/* Type flags. */
#define TF_HEAPTYPE 0x1u     /* created by a class statement */
#define TF_BASETYPE 0x2u     /* may be subclassed */
#define TF_INT_SUB 0x10u     /* int or subclass */
#define TF_STR_SUB 0x20u
#define TF_TUPLE_SUB 0x40u
#define TF_LIST_SUB 0x80u
#define TF_DICT_SUB 0x100u
#define TF_EXC_SUB 0x200u    /* BaseException or subclass */
#define TF_TYPE_SUB 0x400u
#define TF_ABSTRACT_HASH_NONE 0x800u /* __hash__ = None */
#define TF_SLOTS_ONLY 0x1000u     /* every class in the MRO has __slots__ without __dict__ */
#define TF_BOXED 0x2000u          /* instances are Boxed (a class derived from int or float) */
#define TF_DICT_AFTER_DATA 0x4000u /* instances keep __dict__ after their variable part (str subclasses) */
#define TF_UNBOX_SELF 0x8000u     /* the type's builtin methods get a Boxed self unboxed (int, float) */
#define TF_BYTES_SUB 0x10000u     /* bytes or a subclass (bytes.c sets it on bytes) */
#define TF_TRASHCAN 0x20000u      /* deallocation counts toward CPython's trashcan depth (typeobj.c) */
#define TF_INLINE_VALUES 0x40000u /* instances keep their attributes as values under the class's shared keys (instance_keys.h) */
#define TF_SLOT_VALUES 0x80000u   /* instances hold __slots__ values in themselves (Type.slots_offset, member.c) */
#define TF_HAS_ABSTRACT 0x100000u /* __abstractmethods__ has been set on the class (object.__new__ checks it then; CPython's Py_TPFLAGS_IS_ABSTRACT) */
#define TF_HAS_SUBCLASS 0x40000000u /* a class was made with this one in its MRO (typeobj.c) */

struct Type {
	Obj ob;
	const char *name;          /* tp_name for builtin types (static) */
	Str *name_str;             /* __name__ */
	Str *qualname;
	Str *module;
	Type *base;
	Tuple *bases;
	Tuple *mro;
	Dict *dict;
	uint32_t flags;
	uint64_t version;          /* bumped when the type or a base changes; never
	                            * reused (0: none yet), so a version names one
	                            * state of one type (attribute inline caches) */
	size_t basicsize;          /* instance size */
	ssize_t dictoffset;        /* offset of Dict * in instances, 0 = none */
	Str *doc;

	void (*dealloc)(Obj *);
	void (*traverse)(Obj *, visitfn, void *);
	Value (*repr)(Value);
	Value (*str)(Value);
	bool (*hash)(Value, int64_t *out);           /* false: exception set */
	Value (*richcmp)(Value, Value, int op);      /* may return NotImplemented */
	Value (*getattr)(Value, Str *name);          /* NULL no exc = not found */
	int (*setattr)(Value, Str *name, Value v);   /* v NULL: delete; -1 error */
	callfn call;
	Value (*iter)(Value);
	Value (*next)(Value);                        /* NULL no exc = exhausted */
	binaryfn nb[NB_COUNT];                       /* a op b, either side */
	binaryfn nb_inplace[NB_COUNT];
	unaryfn neg, pos, invert, absval, to_int, to_float, index;
	int (*truth)(Value);                         /* -1 error */
	ssize_t (*len)(Value);                       /* -1 error */
	Value (*getitem)(Value, Value);
	int (*setitem)(Value, Value key, Value v);   /* v NULL: delete */
	int (*contains)(Value, Value);               /* -1 error */
	Value (*descr_get)(Value descr, Value obj, Value type);
	int (*descr_set)(Value descr, Value obj, Value v);
	Value (*new)(Type *t, const Value *args, size_t nargs, Tuple *kwnames);
	int (*init)(Value self, const Value *args, size_t nargs, Tuple *kwnames);
	/* method-cache lookups are keyed by version */
	struct MethodCache *mcache;
	/* cycle collector (gc.h): drop the references that can form cycles */
	void (*clear)(Obj *);
	/* typeobj.c: the most attributes an instance __dict__ has held (capped),
	 * so new instance dicts get a table that fits (dict_new_hint) */
	uint32_t dict_hint;
	/* instance_keys.c: the attribute names instances of a TF_INLINE_VALUES
	 * class share (NULL until the first attribute is stored) */
	struct InstanceKeys *ikeys;
	/* member.c: the __slots__ values this class itself adds to its
	 * instances, nslots Values from byte slots_offset (0: none there) */
	uint32_t slots_offset, nslots;
};

/* ---- refcounting ------------------------------------------------------- */
void obj_dealloc(Obj *o);
static inline void obj_incref(Obj *o) { o->refcnt++; }
static inline void obj_decref(Obj *o) { if (--o->refcnt == 0) obj_dealloc(o); }
static inline void obj_xdecref(Obj *o) { if (o) obj_decref(o); }
static inline Value val_incref(Value v) { if (v.tag == V_OBJ) v.u.o->refcnt++; return v; }
static inline void val_decref(Value v) { if (v.tag == V_OBJ) obj_decref(v.u.o); }
#define VAL_CLEAR(v) do { Value tmp__ = (v); (v) = v_null(); val_decref(tmp__); } while (0)

/* ---- the builtin types --------------------------------------------------- */
extern Type type_type, object_type, none_type, bool_type, int_type, float_type,
	str_type, tuple_type, list_type, dict_type, set_type, frozenset_type,
	bytes_type, bytearray_type, range_type, slice_type, func_type,
	code_type, cell_type, method_type, builtin_type, classmethod_type,
	staticmethod_type, property_type, super_type, gen_type, coro_type,
	module_type, ellipsis_type, notimpl_type, tb_type, base_exc_type,
	list_iter_type, tuple_iter_type, str_iter_type, range_iter_type,
	dict_keys_type, dict_values_type, dict_items_type, dict_iter_type,
	set_iter_type, enumerate_type, zip_type, map_type, filter_type,
	reversed_type, seq_iter_type, callable_iter_type, bigint_type,
	complex_type, bytes_iter_type, wrapper_type, coro_wrapper_type,
	gen_asend_type, getset_type;

extern Obj ellipsis_obj, notimpl_obj;
#define V_ELLIPSIS v_obj(&ellipsis_obj)
static inline Value v_notimpl(void) { notimpl_obj.refcnt++; return v_obj(&notimpl_obj); }
static inline bool is_notimpl(Value v) { return v.tag == V_OBJ && v.u.o == &notimpl_obj; }

/* type of any value (borrowed) */
static inline Type *val_type(Value v) {
	switch (v.tag) {
	case V_OBJ: return v.u.o->type;
	case V_INT: return &int_type;
	case V_FLOAT: return &float_type;
	case V_BOOL: return &bool_type;
	default: return &none_type;
	}
}
static inline bool obj_is(Value v, Type *t) { return v.tag == V_OBJ && v.u.o->type == t; }
bool type_is_subtype(Type *a, Type *b);
static inline bool val_isinstance(Value v, Type *t) {
	Type *vt = val_type(v);
	return vt == t || type_is_subtype(vt, t);
}
/* Integer-ish predicates: big ints are heap objects of type int */
#define IS_BIGINT(v) ((v).tag == V_OBJ && (v).u.o->type == &int_type)
static inline bool is_intlike(Value v) { return v.tag == V_INT || v.tag == V_BOOL || IS_BIGINT(v); }

/* Instances of classes derived from int or float.  Those base values are
 * immediates (or a BigInt whose type must stay exactly int), so such an
 * instance is a small heap object holding the plain base value and the
 * instance dict.  The base type's slots and methods see the plain value
 * through val_unbox(); arithmetic therefore returns plain ints and floats,
 * as in CPython.  Plain ints and floats never pay for this: every fast path
 * tests the tag first. */
typedef struct Boxed {
	Obj ob;
	Dict *dict;
	Value value;           /* V_INT, V_FLOAT or a BigInt: never another Boxed */
} Boxed;
static inline Value val_unbox(Value v)
{
	if (v.tag == V_OBJ && (v.u.o->type->flags & TF_BOXED))
		return ((Boxed *)v.u.o)->value;
	return v;
}
/* A new instance of the Boxed class t holding value (steals value). */
Value boxed_new(Type *t, Value value);

/* Where an instance keeps its __dict__ pointer, or NULL when it has
 * none: at type->dictoffset for most layouts, after the text for str
 * subclasses.  For a TF_INLINE_VALUES class the pointer is NULL while the
 * attributes are inline values (instance_keys.h): only code that reads
 * those values too may use this. */
Dict **obj_dict_after_data(Obj *o);
static inline Dict **obj_dict_slot(Obj *o)
{
	Type *t = o->type;
	if (t->dictoffset > 0)
		return (Dict **)((char *)o + t->dictoffset);
	if (t->flags & TF_DICT_AFTER_DATA)
		return obj_dict_after_data(o);
	return NULL;
}

/* Where an instance's __dict__ is, or NULL when it has none; an instance
 * holding its attributes as inline values gets them moved into a real
 * dict first (instance_keys.c), so *result is the whole truth (NULL: no
 * attributes yet; also on MemoryError, which is then set). */
Dict **inst_dict_ptr_materialized(Obj *o);
static inline Dict **obj_dict_ptr(Obj *o)
{
	if (o->type->flags & TF_INLINE_VALUES)
		return inst_dict_ptr_materialized(o);
	return obj_dict_slot(o);
}

/* Generic heap allocation of an object of type t (size bytes, refcnt 1). */
Obj *obj_alloc(Type *t, size_t size);
void obj_free(Obj *o);

#endif
