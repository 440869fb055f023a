/* dict.c -- the dict type's Python face: repr, comparison, subscripting
 * (with __missing__ for subclasses), methods, `|` merge, the keys/values/
 * items views (with set operations on keys and items) and their iterators.
 * Storage and hashing are in dict_table.c.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"

void dict_clear(Dict *d);
void dict_core_init(void);

#define DSELF Dict *d = AS_DICT(self)

static Value dict_repr_inner(Value v);

static Value dict_repr(Value v)
{
	Dict *d = AS_DICT(v);
	if (d->used == 0)
		return str_value(str_cstr("{}"));
	if (repr_enter(v.u.o))
		return str_value(str_cstr("{...}"));
	Value r = dict_repr_inner(v);
	repr_leave(v.u.o);
	return r;
}

static Value dict_repr_inner(Value v)
{
	Dict *d = AS_DICT(v);
	StrBuf b;
	sb_init(&b);
	sb_addc(&b, '{');
	size_t pos = 0, i = 0;
	Value k, x;
	while (dict_next(d, &pos, &k, &x)) {
		if (i++)
			sb_adds(&b, ", ");
		val_incref(k);
		val_incref(x);
		bool ok = sb_add_repr(&b, k);
		if (ok) {
			sb_adds(&b, ": ");
			ok = sb_add_repr(&b, x);
		}
		val_decref(k);
		val_decref(x);
		if (!ok) {
			sb_free(&b);
			return v_null();
		}
	}
	sb_addc(&b, '}');
	return str_value(sb_finish(&b));
}

static Value dict_richcmp(Value a, Value b, int op)
{
	if (!IS_DICT(a) || !IS_DICT(b) || (op != CMP_EQ && op != CMP_NE))
		return v_notimpl();
	Dict *x = AS_DICT(a), *y = AS_DICT(b);
	bool eq = x->used == y->used;
	size_t pos = 0;
	Value k, v;
	while (eq && dict_next(x, &pos, &k, &v)) {
		val_incref(k);
		val_incref(v);
		Value w = dict_get(y, k);
		if (IS_NULL(w)) {
			val_decref(k);
			val_decref(v);
			if (err_occurred())
				return v_null();
			eq = false;
			break;
		}
		val_incref(w);
		int e = obj_eq(v, w);
		val_decref(w);
		val_decref(k);
		val_decref(v);
		if (e < 0)
			return v_null();
		eq = e;
	}
	return v_bool(op == CMP_EQ ? eq : !eq);
}

static ssize_t dict_len(Value v) { return (ssize_t)AS_DICT(v)->used; }

static Value dict_getitem(Value v, Value k)
{
	Dict *d = AS_DICT(v);
	Value r = dict_get(d, k);
	if (!IS_NULL(r))
		return val_incref(r);
	if (err_occurred())
		return r;
	if (v.u.o->type != &dict_type) {
		Value m = type_lookup(v.u.o->type, ID(__missing__));
		if (!IS_NULL(m))
			return call_method(v, ID(__missing__), &k, 1);
	}
	err_key(k);
	return v_null();
}

static int dict_setitem(Value v, Value k, Value x)
{
	Dict *d = AS_DICT(v);
	if (IS_NULL(x)) {
		int r = dict_del(d, k);
		if (r == 1) {
			err_key(k);
			return -1;
		}
		return r;
	}
	return dict_set(d, k, x);
}

static int dict_contains(Value v, Value k)
{
	Value r = dict_get(AS_DICT(v), k);
	if (IS_NULL(r))
		return err_occurred() ? -1 : 0;
	return 1;
}

static Value dict_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Dict *d;
	if (t == &dict_type) {
		d = dict_new();
	} else {
		d = (Dict *)obj_alloc(t, t->basicsize);
		if (d)
			d->version = 1;
	}
	return d ? v_obj(&d->ob) : v_null();
}

static int dict_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (nargs > 1) {
		err_format(Exc_TypeError, "dict expected at most 1 argument, got %zu", nargs);
		return -1;
	}
	Dict *d = AS_DICT(self);
	if (nargs == 1 && dict_update(d, args[0]) < 0) {
		if (err_matches(Exc_TypeError) && !val_type(args[0])->iter && !IS_DICT(args[0])) {
			err_clear();
			err_format(Exc_TypeError, "'%s' object is not iterable", type_name_of(args[0]));
		}
		return -1;
	}
	size_t nkw = kw ? kw->n : 0;
	for (size_t i = 0; i < nkw; i++)
		if (dict_set(d, kw->items[i], args[nargs + i]) < 0)
			return -1;
	return 0;
}

static void dictsub_dealloc(Obj *o)
{
	Dict *d = (Dict *)o;
	dict_clear(d);
	obj_free(o);
}

/* ---- methods ---------------------------------------------------------------------- */

static Value m_get(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	DSELF;
	if (!args_check("get", nargs, kw, 1, 2))
		return v_null();
	Value r = dict_get(d, args[0]);
	if (!IS_NULL(r))
		return val_incref(r);
	if (err_occurred())
		return r;
	return nargs > 1 ? val_incref(args[1]) : v_none();
}

static Value m_setdefault(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	DSELF;
	if (!args_check("setdefault", nargs, kw, 1, 2))
		return v_null();
	Value r = dict_get(d, args[0]);
	if (!IS_NULL(r))
		return val_incref(r);
	if (err_occurred())
		return r;
	Value dflt = nargs > 1 ? args[1] : v_none();
	if (dict_set(d, args[0], dflt) < 0)
		return v_null();
	return val_incref(dflt);
}

static Value m_pop(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	DSELF;
	if (!args_check("pop", nargs, kw, 1, 2))
		return v_null();
	Value r = dict_get(d, args[0]);
	if (IS_NULL(r)) {
		if (err_occurred())
			return r;
		if (nargs > 1)
			return val_incref(args[1]);
		err_key(args[0]);
		return v_null();
	}
	val_incref(r);
	dict_del(d, args[0]);
	return r;
}

static Value m_popitem(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	DSELF;
	if (!args_check("popitem", nargs, kw, 0, 0))
		return v_null();
	if (d->used == 0)
		return err_null_format(Exc_KeyError, "popitem(): dictionary is empty");
	for (size_t i = d->nentries; i-- > 0;) {
		DictEntry *e = &d->entries[i];
		if (IS_NULL(e->key))
			continue;
		Tuple *t = tuple_pack2(e->key, e->value);
		Value k = val_incref(e->key);
		dict_del(d, k);
		val_decref(k);
		/* trim trailing deleted entries so popitem stays O(1) */
		while (d->nentries && IS_NULL(d->entries[d->nentries - 1].key) && d->used < d->nentries) {
			size_t idx = d->nentries - 1;
			bool found = false;
			for (size_t j = 0; j <= d->mask; j++)
				if (d->index[j] == (int32_t)idx) {
					found = true;
					break;
				}
			if (found)
				break;
			d->nentries--;
		}
		return v_obj(&t->ob);
	}
	return err_null_format(Exc_KeyError, "popitem(): dictionary is empty");
}

static Value m_keys(Value self, const Value *args, size_t nargs, Tuple *kw);
static Value m_values(Value self, const Value *args, size_t nargs, Tuple *kw);
static Value m_items(Value self, const Value *args, size_t nargs, Tuple *kw);

static Value m_update(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	DSELF;
	if (nargs > 1)
		return err_null_format(Exc_TypeError, "update expected at most 1 argument, got %zu", nargs);
	if (nargs == 1 && dict_update(d, args[0]) < 0) {
		if (err_matches(Exc_TypeError) && !val_type(args[0])->iter && !IS_DICT(args[0])) {
			err_clear();
			err_format(Exc_TypeError, "'%s' object is not iterable", type_name_of(args[0]));
		}
		return v_null();
	}
	size_t nkw = kw ? kw->n : 0;
	for (size_t i = 0; i < nkw; i++)
		if (dict_set(d, kw->items[i], args[nargs + i]) < 0)
			return v_null();
	return v_none();
}

static Value m_clear(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	dict_clear(AS_DICT(self));
	return v_none();
}

static Value m_copy(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Dict *c = dict_copy(AS_DICT(self));
	return c ? v_obj(&c->ob) : v_null();
}

static Value m_fromkeys(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromkeys", nargs, kw, 1, 2))
		return v_null();
	Value d = call0(cls);
	if (IS_NULL(d))
		return d;
	Value v = nargs > 1 ? args[1] : v_none();
	Value it = obj_iter(args[0]);
	if (IS_NULL(it)) {
		val_decref(d);
		return it;
	}
	Value k;
	while (!IS_NULL(k = obj_next(it))) {
		int r = obj_setitem(d, k, v);
		val_decref(k);
		if (r < 0) {
			val_decref(it);
			val_decref(d);
			return v_null();
		}
	}
	val_decref(it);
	if (err_occurred()) {
		val_decref(d);
		return v_null();
	}
	return d;
}

static Value dict_or(Value a, Value b)
{
	if (!IS_DICT(a) || !IS_DICT(b))
		return v_notimpl();
	Dict *c = dict_copy(AS_DICT(a));
	if (!c || dict_update(c, b) < 0) {
		if (c)
			obj_decref(&c->ob);
		return v_null();
	}
	return v_obj(&c->ob);
}

static Value dict_ior(Value a, Value b)
{
	if (dict_update(AS_DICT(a), b) < 0)
		return v_null();
	return val_incref(a);
}

/* ---- views and iterators ------------------------------------------------------------ */

typedef struct DictView {
	Obj ob;
	Value dict;
} DictView;

typedef struct DictIter {
	Obj ob;
	Value dict;
	size_t pos;
	size_t used;
	int kind;   /* 0 keys, 1 values, 2 items */
	Tuple *last;	/* items: the last pair made, reused when nobody else holds it */
} DictIter;

static Value view_new(Type *t, Value d)
{
	DictView *v = (DictView *)obj_alloc(t, sizeof(DictView));
	if (!v)
		return v_null();
	v->dict = val_incref(d);
	return v_obj(&v->ob);
}

static void view_dealloc(Obj *o)
{
	val_decref(((DictView *)o)->dict);
	obj_free(o);
}

static Value m_keys(Value self, const Value *args, size_t nargs, Tuple *kw) { return view_new(&dict_keys_type, self); }
static Value m_values(Value self, const Value *args, size_t nargs, Tuple *kw) { return view_new(&dict_values_type, self); }
static Value m_items(Value self, const Value *args, size_t nargs, Tuple *kw) { return view_new(&dict_items_type, self); }

static Value diter_new(Value d, int kind)
{
	DictIter *it = (DictIter *)obj_alloc(&dict_iter_type, sizeof(DictIter));
	if (!it)
		return v_null();
	it->dict = val_incref(d);
	it->kind = kind;
	it->used = AS_DICT(d)->used;
	it->last = NULL;
	return v_obj(&it->ob);
}

static void diter_dealloc(Obj *o)
{
	DictIter *it = (DictIter *)o;
	val_decref(it->dict);
	obj_xdecref(it->last ? &it->last->ob : NULL);
	obj_free(o);
}

/* The (key, value) pair for an items iterator: `for k, v in d.items()`
 * unpacks each pair and drops it, so the pair made last is free again
 * (only the iterator holds it) and takes the new key and value, as
 * CPython's dictiter does. */
static Value items_pair(DictIter *it, Value k, Value x)
{
	Tuple *t = it->last;
	if (t && t->ob.refcnt == 1) {
		Value ok = t->items[0], ox = t->items[1];
		t->items[0] = val_incref(k);
		t->items[1] = val_incref(x);
		val_decref(ok);
		val_decref(ox);
		obj_incref(&t->ob);
		return v_obj(&t->ob);
	}
	t = tuple_pack2(k, x);
	if (!t)
		return v_null();
	obj_xdecref(it->last ? &it->last->ob : NULL);
	obj_incref(&t->ob);
	it->last = t;
	return v_obj(&t->ob);
}

static Value diter_next(Value v)
{
	DictIter *it = (DictIter *)v.u.o;
	if (IS_NULL(it->dict))
		return v_null();
	Dict *d = AS_DICT(it->dict);
	if (d->used != it->used) {
		it->used = (size_t)-1;
		return err_null_format(Exc_RuntimeError, "dictionary changed size during iteration");
	}
	Value k, x;
	if (!dict_next(d, &it->pos, &k, &x)) {
		VAL_CLEAR(it->dict);
		return v_null();
	}
	if (it->kind == 0)
		return val_incref(k);
	if (it->kind == 1)
		return val_incref(x);
	return items_pair(it, k, x);
}

static Value self_iter(Value v) { return val_incref(v); }
static Value dict_iter(Value v) { return diter_new(v, 0); }

static Value view_iter(Value v)
{
	DictView *dv = (DictView *)v.u.o;
	int kind = v.u.o->type == &dict_keys_type ? 0 : v.u.o->type == &dict_values_type ? 1 : 2;
	return diter_new(dv->dict, kind);
}

static ssize_t view_len(Value v) { return (ssize_t)AS_DICT(((DictView *)v.u.o)->dict)->used; }

static int view_contains(Value v, Value x)
{
	DictView *dv = (DictView *)v.u.o;
	Dict *d = AS_DICT(dv->dict);
	if (v.u.o->type == &dict_keys_type)
		return dict_contains(dv->dict, x);
	if (v.u.o->type == &dict_items_type) {
		if (!IS_TUPLE(x) || AS_TUPLE(x)->n != 2)
			return 0;
		Value got = dict_get(d, AS_TUPLE(x)->items[0]);
		if (IS_NULL(got))
			return err_occurred() ? -1 : 0;
		return obj_eq(got, AS_TUPLE(x)->items[1]);
	}
	size_t pos = 0;
	Value k, y;
	while (dict_next(d, &pos, &k, &y)) {
		int e = obj_eq(y, x);
		if (e)
			return e;
	}
	return 0;
}

/* dict_values([...]): a view met again inside its own repr prints as ...
 * (CPython's dictview_repr marks the view). */
static Value view_repr(Value v)
{
	const char *name = v.u.o->type->name;
	if (repr_enter(v.u.o))
		return str_value(str_cstr("..."));
	Value l = seq_to_list(v);
	if (IS_NULL(l)) {
		repr_leave(v.u.o);
		return l;
	}
	Value inner = seq_repr("[", "]", AS_LIST(l)->items, AS_LIST(l)->n, false);
	val_decref(l);
	repr_leave(v.u.o);
	if (IS_NULL(inner))
		return inner;
	Value r = str_value(str_printf("%s(%s)", name, AS_STR(inner)->data));
	val_decref(inner);
	return r;
}

/* set operations on keys/items views produce sets */
static Value view_setop(Value a, Value b, int op)
{
	Set *s = set_new(&set_type);
	Value first = a, second = b;
	if (!(obj_is(a, &dict_keys_type) || obj_is(a, &dict_items_type))) {
		first = b;
		second = a;
	}
	if (!set_update(s, first)) {
		obj_decref(&s->ob);
		return v_null();
	}
	Value sv = v_obj(&s->ob);
	Value other = v_null();
	if (!IS_SET(second)) {
		Set *o = set_new(&set_type);
		if (!set_update(o, second)) {
			obj_decref(&o->ob);
			obj_decref(&s->ob);
			return v_null();
		}
		other = v_obj(&o->ob);
	} else {
		other = val_incref(second);
	}
	Value r = (first.u.o == a.u.o) ? binop(sv, other, op) : binop(other, sv, op);
	val_decref(sv);
	val_decref(other);
	return r;
}

#define VIEW_OP(name, op) static Value name(Value a, Value b) { return view_setop(a, b, op); }
VIEW_OP(view_and, NB_AND) VIEW_OP(view_or, NB_OR) VIEW_OP(view_xor, NB_XOR) VIEW_OP(view_sub, NB_SUB)

static Value view_richcmp(Value a, Value b, int op)
{
	if (!(obj_is(b, &dict_keys_type) || obj_is(b, &dict_items_type) || IS_SET(b)))
		return v_notimpl();
	Set *x = set_new(&set_type), *y = set_new(&set_type);
	set_update(x, a);
	set_update(y, b);
	Value r = obj_richcmp(v_obj(&x->ob), v_obj(&y->ob), op);
	obj_decref(&x->ob);
	obj_decref(&y->ob);
	return r;
}

static Value m_view_isdisjoint(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("isdisjoint", nargs, kw, 1, 1))
		return v_null();
	Value it = obj_iter(args[0]);
	if (IS_NULL(it))
		return it;
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		int c = view_contains(self, x);
		val_decref(x);
		if (c) {
			val_decref(it);
			return c < 0 ? v_null() : v_bool(false);
		}
	}
	val_decref(it);
	return err_occurred() ? v_null() : v_bool(true);
}

static Value m_reversed(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	/* reversed(dict): iterate a reversed key list */
	Value l = seq_to_list(self);
	if (IS_NULL(l))
		return l;
	List *li = AS_LIST(l);
	for (size_t i = 0, j = li->n; i + 1 < j; i++, j--) {
		Value t = li->items[i];
		li->items[i] = li->items[j - 1];
		li->items[j - 1] = t;
	}
	Value it = obj_iter(l);
	val_decref(l);
	return it;
}

static Value m_class_getitem(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	extern Value generic_alias_new(Value origin, Value args);
	return generic_alias_new(cls, args[0]);
}

void dict_types_init(void)
{
	dict_core_init();
	Type *t = &dict_type;
	type_init_builtin(t, "dict", &object_type);
	t->flags |= TF_BASETYPE | TF_DICT_SUB;
	t->dealloc = dictsub_dealloc;
	t->repr = dict_repr;
	t->richcmp = dict_richcmp;
	t->len = dict_len;
	t->getitem = dict_getitem;
	t->setitem = dict_setitem;
	t->contains = dict_contains;
	t->iter = dict_iter;
	t->new = dict_tp_new;
	t->init = dict_init;
	t->nb[NB_OR] = dict_or;
	t->nb_inplace[NB_OR] = dict_ior;
	t->basicsize = sizeof(Dict);
	type_add_method(t, "get", m_get, 0);
	type_add_method(t, "setdefault", m_setdefault, 0);
	type_add_method(t, "pop", m_pop, 0);
	type_add_method(t, "popitem", m_popitem, 0);
	type_add_method(t, "keys", m_keys, 0);
	type_add_method(t, "values", m_values, 0);
	type_add_method(t, "items", m_items, 0);
	type_add_method(t, "update", m_update, 0);
	type_add_method(t, "clear", m_clear, 0);
	type_add_method(t, "copy", m_copy, 0);
	type_add_method(t, "fromkeys", m_fromkeys, BF_CLASSMETHOD);
	type_add_method(t, "__reversed__", m_reversed, 0);
	type_add_method(t, "__class_getitem__", m_class_getitem, BF_CLASSMETHOD);

	Type *views[3] = {&dict_keys_type, &dict_values_type, &dict_items_type};
	const char *names[3] = {"dict_keys", "dict_values", "dict_items"};
	for (int i = 0; i < 3; i++) {
		t = views[i];
		type_init_builtin(t, names[i], &object_type);
		t->dealloc = view_dealloc;
		t->iter = view_iter;
		t->len = view_len;
		t->contains = view_contains;
		t->repr = view_repr;
		type_add_method(t, "__reversed__", m_reversed, 0);
		if (i != 1) {
			t->nb[NB_AND] = view_and;
			t->nb[NB_OR] = view_or;
			t->nb[NB_XOR] = view_xor;
			t->nb[NB_SUB] = view_sub;
			t->richcmp = view_richcmp;
			type_add_method(t, "isdisjoint", m_view_isdisjoint, 0);
		}
	}
	t = &dict_iter_type;
	type_init_builtin(t, "dict_keyiterator", &object_type);
	t->dealloc = diter_dealloc;
	t->iter = self_iter;
	t->next = diter_next;
}
