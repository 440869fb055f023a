/* mappingproxy.c -- the read-only mapping that C.__dict__ gives.
 *
 * type.__dict__ returns a mappingproxy over (a snapshot of) the class's
 * dict: it reads like a dict (len, [], in, iteration, keys/values/items/
 * get/copy, ==, |) and refuses assignment, as CPython's.  Calling the type
 * (type(C.__dict__)(mapping)) wraps any mapping.
 */
#include "config.h"

#include "worker/runtime/runtime.h"

typedef struct MappingProxy {
	Obj ob;
	Value mapping;
} MappingProxy;

Type mappingproxy_type;

bool hash_unhashable(Value v, int64_t *out);   /* typeobj.c */

#define MAPPING(v) (((MappingProxy *)(v).u.o)->mapping)

/* A new proxy over mapping (borrowed). */
Value mappingproxy_new(Value mapping);
Value mappingproxy_new(Value mapping)
{
	MappingProxy *p = (MappingProxy *)obj_alloc(&mappingproxy_type, sizeof(MappingProxy));
	if (!p)
		return v_null();
	p->mapping = val_incref(mapping);
	return v_obj(&p->ob);
}

static Value mp_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	(void)t;
	static const char *const names[] = {"mapping"};
	Value m = v_null();
	if (!args_parse("mappingproxy", args, nargs, kw, names, 1, 1, &m))
		return v_null();
	Type *mt = val_type(m);
	if (!mt->getitem || IS_LIST(m) || IS_TUPLE(m))
		return err_null_format(Exc_TypeError, "mappingproxy() argument must be a mapping, not %s", mt->name);
	return mappingproxy_new(m);
}

static void mp_dealloc(Obj *o)
{
	val_decref(((MappingProxy *)o)->mapping);
	obj_free(o);
}

static void mp_traverse(Obj *o, visitfn visit, void *arg)
{
	visit(((MappingProxy *)o)->mapping, arg);
}

static void mp_clear(Obj *o)
{
	VAL_CLEAR(((MappingProxy *)o)->mapping);
}

static Value mp_repr(Value v)
{
	Value r = obj_repr(MAPPING(v));
	if (IS_NULL(r))
		return r;
	Value s = str_value(str_printf("mappingproxy(%s)", AS_STR(r)->data));
	val_decref(r);
	return s;
}

static Value mp_str(Value v) { return obj_str(MAPPING(v)); }
static ssize_t mp_len(Value v) { return obj_len(MAPPING(v)); }
static Value mp_getitem(Value v, Value k) { return obj_getitem(MAPPING(v), k); }
static int mp_contains(Value v, Value k) { return obj_contains(MAPPING(v), k); }
static Value mp_iter(Value v) { return obj_iter(MAPPING(v)); }

static Value mp_richcmp(Value a, Value b, int op)
{
	if (obj_is(b, &mappingproxy_type))
		b = MAPPING(b);
	return obj_richcmp(MAPPING(a), b, op);
}

static Value mp_or(Value a, Value b)
{
	/* dict(proxy) | other, other | dict(proxy) */
	Value x = obj_is(a, &mappingproxy_type) ? MAPPING(a) : a;
	Value y = obj_is(b, &mappingproxy_type) ? MAPPING(b) : b;
	if (!IS_DICT(x) || !IS_DICT(y))
		return v_notimpl();
	Dict *d = dict_copy(AS_DICT(x));
	if (!d || dict_update(d, y) < 0) {
		obj_xdecref(d ? &d->ob : NULL);
		return v_null();
	}
	return v_obj(&d->ob);
}

static Value mp_ior(Value a, Value b)
{
	(void)b;
	return err_null_format(Exc_TypeError, "'|=' is not supported by %s; use '|' instead", type_name_of(a));
}

/* proxy.name(*args) is the mapping's */
static Value forward(Value self, const char *name, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_kwargs(name, kw))
		return v_null();
	Value f = obj_getattr_cstr(MAPPING(self), name);
	if (IS_NULL(f))
		return f;
	Value r = obj_call(f, args, nargs, NULL);
	val_decref(f);
	return r;
}

#define FORWARD(m) \
	static Value mp_##m(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ return forward(self, #m, args, nargs, kw); }
FORWARD(keys) FORWARD(values) FORWARD(items) FORWARD(get) FORWARD(copy) FORWARD(__reversed__)
#undef FORWARD

void mappingproxy_type_init(void);
void mappingproxy_type_init(void)
{
	Type *t = &mappingproxy_type;
	type_init_builtin(t, "mappingproxy", &object_type);
	t->new = mp_tp_new;
	t->dealloc = mp_dealloc;
	t->traverse = mp_traverse;
	t->clear = mp_clear;
	t->repr = mp_repr;
	t->str = mp_str;
	t->len = mp_len;
	t->getitem = mp_getitem;
	t->contains = mp_contains;
	t->iter = mp_iter;
	t->richcmp = mp_richcmp;
	t->hash = hash_unhashable;
	t->nb[NB_OR] = mp_or;
	t->nb_inplace[NB_OR] = mp_ior;
	type_add_method(t, "keys", mp_keys, 0);
	type_add_method(t, "values", mp_values, 0);
	type_add_method(t, "items", mp_items, 0);
	type_add_method(t, "get", mp_get, 0);
	type_add_method(t, "copy", mp_copy, 0);
	type_add_method(t, "__reversed__", mp___reversed__, 0);
}
