/* instance_keys.h -- the attributes of plain instances as values under
 * their class's shared keys (CPython 3.11's split dicts, simplified).
 *
 * A class whose instances have a __dict__ and whose builtin base is object
 * (TF_INLINE_VALUES) keeps one append-only table of attribute names, its
 * InstanceKeys, shared by all its instances.  An instance holds, at the
 * class's dictoffset, an InstanceAttrs header and, right after the
 * class's basicsize, room for `cap` values (sized from the keys the class
 * had when the instance was made; a store past it moves the values to a
 * heap block).  While `dict` is NULL the instance's attributes are
 * exactly keys[0..n) with vals[0..n), in that insertion order, so an
 * attribute read is an index and making an instance allocates no dict.
 * Anything that order cannot express (a deletion, attributes set in
 * another order than the class's keys, more than INSTANCE_KEYS_MAX names,
 * a name that is not an exact str) and any request for the real
 * `__dict__` (vars(), obj.__dict__, __class__ assignment, copy) moves the
 * values into a real dict (inst_materialize), which from then on is the
 * instance's only storage, as any other instance dict.
 */
#ifndef BOX_INSTANCE_KEYS_H
#define BOX_INSTANCE_KEYS_H

#include "worker/runtime/runtime.h"

#define INSTANCE_KEYS_MAX 30   /* CPython's SHARED_KEYS_MAX_SIZE */

typedef struct InstanceKeys {
	uint32_t n;                     /* names in use */
	Str *names[INSTANCE_KEYS_MAX];  /* interned, owned */
} InstanceKeys;

typedef struct InstanceAttrs {
	Dict *dict;        /* the real __dict__ once made (then n == 0) */
	Value *vals;       /* inline after the instance, or a heap block */
	uint32_t n;        /* values in use: keys[0..n) of the class */
	uint32_t cap;      /* room in vals */
} InstanceAttrs;

static inline InstanceAttrs *inst_attrs(Obj *o)
{
	return (InstanceAttrs *)((char *)o + o->type->dictoffset);
}

static inline Value *inst_inline_vals(Obj *o)
{
	return (Value *)((char *)o + o->type->basicsize);
}

/* Entry number of name in k, or -1 (identity first: names are interned) */
static inline int ikeys_find(const InstanceKeys *k, Str *name)
{
	if (!k)
		return -1;
	for (uint32_t i = 0; i < k->n; i++)
		if (k->names[i] == name)
			return (int)i;
	if (name->interned)
		return -1;
	for (uint32_t i = 0; i < k->n; i++)
		if (str_equal(k->names[i], name))
			return (int)i;
	return -1;
}

/* A new instance of the TF_INLINE_VALUES class t (object.__new__'s part) */
Obj *inst_alloc(Type *t);
/* Move o's values into a real dict (o->dict); false on MemoryError */
bool inst_materialize(Obj *o);
/* o.name, borrowed, or V_NULL when o's values do not hold it (o->dict NULL) */
static inline Value inst_values_get(Obj *o, Str *name)
{
	InstanceAttrs *a = inst_attrs(o);
	int ix = ikeys_find(o->type->ikeys, name);
	return ix >= 0 && (uint32_t)ix < a->n ? a->vals[ix] : v_null();
}
/* o.name = v into o's values (o->dict NULL), or into the dict the
 * values become when they cannot hold it; 0, or -1 with an exception
 * set.  *ix gets the value's index in the values (-1: it went to a dict). */
int inst_values_store(Obj *o, Str *name, Value v, int *ix);
/* Instance deallocation, traversal and cycle clearing of the values */
void inst_values_drop(Obj *o);
void inst_values_traverse(Obj *o, visitfn visit, void *arg);
/* The class's keys are freed with it */
void ikeys_free(Type *t);

#endif
