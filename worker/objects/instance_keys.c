/* instance_keys.c -- the shared key table of a class and the inline
 * attribute values of its instances (the layout is in instance_keys.h):
 * making an instance, storing into its values, turning them into a real
 * __dict__ when they cannot say what the program asks, and releasing
 * them.  The reads are inline in instance_keys.h and attrcache.h.
 */
#include "config.h"

#include "worker/objects/instance_keys.h"

Dict *dict_new_hint(size_t n);   /* dict.c */

Obj *inst_alloc(Type *t)
{
	uint32_t cap = t->ikeys ? t->ikeys->n : 0;
	Obj *o = obj_alloc(t, t->basicsize + cap * sizeof(Value));
	if (o) {
		InstanceAttrs *a = inst_attrs(o);
		a->vals = inst_inline_vals(o);
		a->cap = cap;
	}
	return o;
}

/* Room for one more value: the values move to a heap block twice the size */
static bool grow(Obj *o, InstanceAttrs *a)
{
	uint32_t cap = a->cap ? a->cap * 2 : 4;
	if (cap > INSTANCE_KEYS_MAX)
		cap = INSTANCE_KEYS_MAX;
	Value *v = mem_alloc(cap * sizeof(Value));
	if (!v)
		return false;
	mem_copy(v, a->vals, a->n * sizeof(Value));
	if (a->vals != inst_inline_vals(o))
		mem_free(a->vals, a->cap * sizeof(Value));
	a->vals = v;
	a->cap = cap;
	return true;
}

/* Take the values away from o (left with none and no room: a store made
 * meanwhile gets a block of its own); *heap says whether the block taken
 * must be freed. */
static Value *take_values(Obj *o, uint32_t *n, uint32_t *cap, bool *heap)
{
	InstanceAttrs *a = inst_attrs(o);
	Value *vals = a->vals;
	*n = a->n;
	*cap = a->cap;
	*heap = vals != inst_inline_vals(o);
	a->n = 0;
	a->cap = 0;
	a->vals = inst_inline_vals(o);
	return vals;
}

bool inst_materialize(Obj *o)
{
	InstanceAttrs *a = inst_attrs(o);
	if (a->dict)
		return true;
	InstanceKeys *k = o->type->ikeys;
	Dict *d = dict_new_hint(a->n > o->type->dict_hint ? a->n : o->type->dict_hint);
	if (!d)
		return false;
	for (uint32_t i = 0; i < a->n; i++) {
		if (dict_set_str(d, k->names[i], a->vals[i]) < 0) {
			obj_decref(&d->ob);
			return false;
		}
	}
	uint32_t n, cap;
	bool heap;
	Value *vals = take_values(o, &n, &cap, &heap);
	a->dict = d;
	for (uint32_t i = 0; i < n; i++)
		val_decref(vals[i]);   /* the dict holds them now */
	if (heap)
		mem_free(vals, cap * sizeof(Value));
	return true;
}

Dict **inst_dict_ptr_materialized(Obj *o)
{
	InstanceAttrs *a = inst_attrs(o);
	if (!a->dict && a->n)
		inst_materialize(o);
	return &a->dict;
}

int inst_values_store(Obj *o, Str *name, Value v, int *ix)
{
	InstanceAttrs *a = inst_attrs(o);
	Type *t = o->type;
	InstanceKeys *k = t->ikeys;
	*ix = -1;
	if (name->ob.type != &str_type)
		goto as_dict;
	int i = ikeys_find(k, name);
	if (i >= 0 && (uint32_t)i < a->n) {
		Value old = a->vals[i];
		a->vals[i] = val_incref(v);
		val_decref(old);
		*ix = i;
		return 0;
	}
	if (i < 0) {
		/* a new name comes next only for an instance holding every key */
		if ((k ? k->n : 0) != a->n || (k && k->n == INSTANCE_KEYS_MAX))
			goto as_dict;
		if (!k && !(k = t->ikeys = mem_calloc(1, sizeof *k)))
			return -1;
		obj_incref(&name->ob);
		k->names[k->n] = str_intern_str(name);
		i = (int)k->n++;
	} else if ((uint32_t)i != a->n) {
		goto as_dict;    /* set in another order than the keys' */
	}
	if (a->n == a->cap && !grow(o, a))
		return -1;
	a->vals[a->n++] = val_incref(v);
	*ix = i;
	return 0;
as_dict:
	if (!inst_materialize(o))
		return -1;
	return instance_dict_store(v_obj(o), a->dict, name, v);
}

void inst_values_drop(Obj *o)
{
	uint32_t n, cap;
	bool heap;
	Value *vals = take_values(o, &n, &cap, &heap);
	/* in key order, as CPython frees an instance's values */
	for (uint32_t i = 0; i < n; i++)
		val_decref(vals[i]);
	if (heap)
		mem_free(vals, cap * sizeof(Value));
}

void inst_values_traverse(Obj *o, visitfn visit, void *arg)
{
	InstanceAttrs *a = inst_attrs(o);
	for (uint32_t i = 0; i < a->n; i++)
		visit(a->vals[i], arg);
}

void ikeys_free(Type *t)
{
	InstanceKeys *k = t->ikeys;
	if (!k)
		return;
	t->ikeys = NULL;
	for (uint32_t i = 0; i < k->n; i++)
		obj_decref(&k->names[i]->ob);
	mem_free(k, sizeof *k);
}
