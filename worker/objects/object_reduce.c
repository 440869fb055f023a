/* object_reduce.c -- object.__reduce__ and object.__reduce_ex__.
 *
 * What pickle and copy ask an object for: a callable and its arguments
 * that rebuild the object, then its state.  As CPython's typeobject.c:
 * with protocol 2 and up, (copyreg.__newobj__, (cls, *newargs), state,
 * listitems, dictitems); below 2 (and for __reduce__), copyreg._reduce_ex's
 * (copyreg._reconstructor, (cls, base, base_state)[, state]).  A class
 * that overrides __reduce__ is asked instead.  box has no copyreg module:
 * the two rebuilders are builtins of those names.
 */
#include "config.h"

#include "worker/runtime/runtime.h"

/* copyreg.__newobj__(cls, *args): cls.__new__(cls, *args) */
static Value newobj_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!no_kwargs("__newobj__", kw))
		return v_null();
	if (nargs < 1 || !val_isinstance(args[0], &type_type))
		return err_null_format(Exc_TypeError, "__newobj__() needs a class as its first argument");
	Value nw = obj_getattr(args[0], ID(__new__));
	if (IS_NULL(nw))
		return nw;
	Value r = obj_call(nw, args, nargs, NULL);
	val_decref(nw);
	return r;
}

/* copyreg._reconstructor(cls, base, state) */
static Value reconstructor_fn(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!args_check("_reconstructor", nargs, kw, 3, 3))
		return v_null();
	Value cls = args[0], base = args[1], state = args[2];
	if (base.tag == V_OBJ && base.u.o == &object_type.ob) {
		Value nw = obj_getattr(base, ID(__new__));
		Value r = IS_NULL(nw) ? nw : call1(nw, cls);
		val_decref(nw);
		return r;
	}
	Value nw = obj_getattr(base, ID(__new__));
	Value obj = IS_NULL(nw) ? nw : call2(nw, cls, state);
	val_decref(nw);
	if (IS_NULL(obj))
		return obj;
	Value init = obj_getattr(base, ID(__init__));
	Value oinit = IS_NULL(init) ? init : obj_getattr(v_obj(&object_type.ob), ID(__init__));
	if (IS_NULL(oinit)) {
		val_decref(init);
		val_decref(obj);
		return v_null();
	}
	int same = obj_eq(init, oinit);
	Value r = same == 0 ? call2(init, obj, state) : v_none();
	val_decref(init);
	val_decref(oinit);
	if (same < 0 || IS_NULL(r)) {
		val_decref(obj);
		return v_null();
	}
	val_decref(r);
	return obj;
}

/* cls.__getnewargs_ex__() / __getnewargs__(): *args (a new tuple or NULL
 * when the class has neither); sets *kw_nonempty when keywords were given. */
static bool new_arguments(Value obj, Value *args, bool *kw_nonempty)
{
	*args = v_null();
	*kw_nonempty = false;
	Type *t = val_type(obj);
	if (!IS_NULL(type_lookup(t, ID(__getnewargs_ex__)))) {
		Value r = call_method(obj, ID(__getnewargs_ex__), NULL, 0);
		if (IS_NULL(r))
			return false;
		if (!IS_TUPLE(r) || AS_TUPLE(r)->n != 2 || !IS_TUPLE(AS_TUPLE(r)->items[0]) || !IS_DICT(AS_TUPLE(r)->items[1])) {
			val_decref(r);
			err_format(Exc_TypeError, "__getnewargs_ex__ should return a tuple of length 2 (args, kwargs)");
			return false;
		}
		*args = val_incref(AS_TUPLE(r)->items[0]);
		*kw_nonempty = AS_DICT(AS_TUPLE(r)->items[1])->used > 0;
		val_decref(r);
		return true;
	}
	if (!IS_NULL(type_lookup(t, ID(__getnewargs__)))) {
		Value r = call_method(obj, ID(__getnewargs__), NULL, 0);
		if (IS_NULL(r))
			return false;
		if (!IS_TUPLE(r)) {
			err_format(Exc_TypeError, "__getnewargs__ should return a tuple, not '%s'", type_name_of(r));
			val_decref(r);
			return false;
		}
		*args = r;
	}
	return true;
}

static bool default_getstate(Type *t)
{
	Value g = type_lookup(t, ID(__getstate__));
	Value og = dict_get_str(object_type.dict, ID(__getstate__));
	return !IS_NULL(g) && g.tag == og.tag && g.u.o == og.u.o;
}

/* The first class of t's MRO that is not a class statement's. */
static Type *builtin_base(Type *t)
{
	while (t->flags & TF_HEAPTYPE)
		t = t->base;
	return t;
}

static Value reduce_newobj(Value obj)
{
	Type *t = val_type(obj);
	if (!t->new)
		return err_null_format(Exc_TypeError, "cannot pickle '%s' object", t->name);
	Value args;
	bool kw_nonempty;
	if (!new_arguments(obj, &args, &kw_nonempty))
		return v_null();
	if (kw_nonempty) {
		val_decref(args);
		return err_null_format(Exc_TypeError, "cannot pickle '%s' object: keyword arguments to __new__", t->name);
	}
	bool required = IS_NULL(args) && !IS_LIST(obj) && !IS_DICT(obj);
	if (required && default_getstate(t) && builtin_base(t) != &object_type) {
		val_decref(args);
		return err_null_format(Exc_TypeError, "cannot pickle '%s' object", t->name);
	}
	size_t n = IS_NULL(args) ? 0 : AS_TUPLE(args)->n;
	Tuple *newargs = tuple_new(n + 1);
	Tuple *r = tuple_new(5);
	if (!newargs || !r) {
		obj_xdecref(newargs ? &newargs->ob : NULL);
		obj_xdecref(r ? &r->ob : NULL);
		val_decref(args);
		return v_null();
	}
	newargs->items[0] = val_incref(v_obj(&t->ob));
	for (size_t i = 0; i < n; i++)
		newargs->items[i + 1] = val_incref(AS_TUPLE(args)->items[i]);
	val_decref(args);
	r->items[0] = builtin_new("__newobj__", newobj_fn, v_null());
	r->items[1] = v_obj(&newargs->ob);
	r->items[2] = call_method(obj, ID(__getstate__), NULL, 0);
	r->items[3] = v_none();
	r->items[4] = v_none();
	if (!IS_NULL(r->items[2]) && IS_LIST(obj)) {
		r->items[3] = obj_iter(obj);
	} else if (!IS_NULL(r->items[2]) && IS_DICT(obj)) {
		Value items = call_method(obj, ID(items), NULL, 0);
		r->items[4] = IS_NULL(items) ? items : obj_iter(items);
		val_decref(items);
	}
	for (size_t i = 0; i < 5; i++) {
		if (IS_NULL(r->items[i])) {
			obj_decref(&r->ob);
			return v_null();
		}
	}
	return v_obj(&r->ob);
}

/* copyreg._reduce_ex(obj, proto) for protocols 0 and 1 */
static Value reduce_copyreg(Value obj)
{
	Type *t = val_type(obj);
	Type *base = builtin_base(t);
	Value state = v_none();
	if (base != &object_type) {
		if (base == t)
			return err_null_format(Exc_TypeError, "cannot pickle '%s' object", t->name);
		state = call1(v_obj(&base->ob), obj);
		if (IS_NULL(state))
			return state;
	}
	Tuple *args = tuple_new(3);
	if (!args) {
		val_decref(state);
		return v_null();
	}
	args->items[0] = val_incref(v_obj(&t->ob));
	args->items[1] = val_incref(v_obj(&base->ob));
	args->items[2] = state;
	if (default_getstate(t)) {
		Value sl = obj_getattr_opt(obj, ID(__slots__));
		int has = IS_NULL(sl) ? 0 : obj_truth(sl);
		val_decref(sl);
		if (has != 0) {
			obj_decref(&args->ob);
			if (has > 0)
				err_format(Exc_TypeError, "a class that defines __slots__ without defining __getstate__ cannot be pickled");
			return v_null();
		}
	}
	Value st = call_method(obj, ID(__getstate__), NULL, 0);
	int truth = IS_NULL(st) ? -1 : obj_truth(st);
	if (truth < 0) {
		val_decref(st);
		obj_decref(&args->ob);
		return v_null();
	}
	Tuple *r = tuple_new(truth ? 3 : 2);
	if (!r) {
		val_decref(st);
		obj_decref(&args->ob);
		return v_null();
	}
	r->items[0] = builtin_new("_reconstructor", reconstructor_fn, v_null());
	r->items[1] = v_obj(&args->ob);
	if (truth)
		r->items[2] = st;
	else
		val_decref(st);
	if (IS_NULL(r->items[0])) {
		obj_decref(&r->ob);
		return v_null();
	}
	return v_obj(&r->ob);
}

static Value common_reduce(Value self, int64_t proto)
{
	return proto >= 2 ? reduce_newobj(self) : reduce_copyreg(self);
}

Value object_reduce(Value self, const Value *args, size_t nargs, Tuple *kw);
Value object_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__reduce__", nargs, kw, 0, 0))
		return v_null();
	return common_reduce(self, 0);
}

Value object_reduce_ex(Value self, const Value *args, size_t nargs, Tuple *kw);
Value object_reduce_ex(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__reduce_ex__", nargs, kw, 1, 1))
		return v_null();
	ssize_t proto;
	if (!val_as_ssize(args[0], &proto))
		return v_null();
	/* a class's own __reduce__ wins */
	Value cr = type_lookup(val_type(self), ID(__reduce__));
	Value or = dict_get_str(object_type.dict, ID(__reduce__));
	if (!IS_NULL(cr) && !(cr.tag == or.tag && cr.u.o == or.u.o))
		return call_method(self, ID(__reduce__), NULL, 0);
	return common_reduce(self, proto);
}
