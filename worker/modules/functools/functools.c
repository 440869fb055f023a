/* worker/modules/functools/functools.c -- the C part of functools: reduce() and the
 * partial type (argument merging, flattening of nested partials, repr,
 * read-only func/args/keywords, an instance __dict__).  The rest of the
 * module (lru_cache, wraps, total_ordering, singledispatch, ...) is the
 * frozen worker/modules/functools/functools.py, which runs after this. */
#include "config.h"

#include <string.h>

#include "worker/modules/registry.h"

void type_ready(Type *t);

typedef struct Partial {
	Obj ob;
	Value fn;
	Tuple *args;
	Dict *kw;
	Dict *dict;
} Partial;

static Type partial_type;

bool functools_lru_init(Dict *d);   /* functools_lru.c */

/* ---- reduce ---------------------------------------------------------------- */

static Value fn_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "reduce() takes no keyword arguments");
	if (nargs < 2)
		return err_null_format(Exc_TypeError, "reduce expected at least 2 arguments, got %zu", nargs);
	if (nargs > 3)
		return err_null_format(Exc_TypeError, "reduce expected at most 3 arguments, got %zu", nargs);
	Value it = obj_iter(args[1]);
	if (IS_NULL(it)) {
		if (err_matches(Exc_TypeError)) {
			err_clear();
			err_format(Exc_TypeError, "reduce() arg 2 must support iteration");
		}
		return it;
	}
	Value acc = nargs == 3 ? val_incref(args[2]) : v_null();
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		if (IS_NULL(acc)) {
			acc = x;
			continue;
		}
		Value r = call2(args[0], acc, x);
		val_decref(acc);
		val_decref(x);
		if (IS_NULL(r)) {
			val_decref(it);
			return r;
		}
		acc = r;
	}
	val_decref(it);
	if (err_occurred()) {
		val_decref(acc);
		return v_null();
	}
	if (IS_NULL(acc))
		return err_null_format(Exc_TypeError, "reduce() of empty iterable with no initial value");
	return acc;
}

/* ---- partial ---------------------------------------------------------------- */

static Value partial_call(Value self, const Value *args, size_t nargs, Tuple *kwnames);

static Value partial_new(Type *t, const Value *args, size_t nargs, Tuple *kwnames)
{
	if (nargs < 1)
		return err_null_format(Exc_TypeError, "type 'partial' takes at least one argument");
	Value fn = args[0];
	Tuple *pargs = NULL;
	Dict *pkw = NULL;
	if (val_type(fn)->call == partial_call) {
		Partial *inner = (Partial *)fn.u.o;
		if (!inner->dict || inner->dict->used == 0) {
			pargs = inner->args;
			pkw = inner->kw;
			fn = inner->fn;
		}
	}
	if (!val_type(fn)->call)
		return err_null_format(Exc_TypeError, "the first argument must be callable");
	Partial *p = (Partial *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Partial));
	if (!p)
		return v_null();
	p->fn = val_incref(fn);
	size_t n0 = pargs ? pargs->n : 0;
	p->args = tuple_new(n0 + nargs - 1);
	p->kw = pkw ? dict_copy(pkw) : dict_new();
	if (!p->args || !p->kw) {
		obj_decref(&p->ob);
		return v_null();
	}
	for (size_t i = 0; i < n0; i++)
		p->args->items[i] = val_incref(pargs->items[i]);
	for (size_t i = 1; i < nargs; i++)
		p->args->items[n0 + i - 1] = val_incref(args[i]);
	size_t nkw = kwnames ? kwnames->n : 0;
	for (size_t k = 0; k < nkw; k++) {
		if (dict_set(p->kw, kwnames->items[k], args[nargs + k]) < 0) {
			obj_decref(&p->ob);
			return v_null();
		}
	}
	return v_obj(&p->ob);
}

static void partial_dealloc(Obj *o)
{
	Partial *p = (Partial *)o;
	val_decref(p->fn);
	if (p->args)
		obj_decref(&p->args->ob);
	if (p->kw)
		obj_decref(&p->kw->ob);
	if (p->dict)
		obj_decref(&p->dict->ob);
	obj_free(o);
}

static void partial_traverse(Obj *o, visitfn visit, void *arg)
{
	Partial *p = (Partial *)o;
	visit(p->fn, arg);
	if (p->args)
		visit(v_obj(&p->args->ob), arg);
	if (p->kw)
		visit(v_obj(&p->kw->ob), arg);
	if (p->dict)
		visit(v_obj(&p->dict->ob), arg);
}

static Value partial_call(Value self, const Value *args, size_t nargs, Tuple *kwnames)
{
	Partial *p = (Partial *)self.u.o;
	size_t na = p->args->n, nkw = kwnames ? kwnames->n : 0;
	if (p->kw->used == 0) {
		/* fast path: prepend the stored positionals */
		size_t total = na + nargs + nkw;
		Value stackbuf[16];
		Value *buf = total <= 16 ? stackbuf : mem_alloc(total * sizeof(Value));
		if (!buf)
			return v_null();
		mem_copy(buf, p->args->items, na * sizeof(Value));
		mem_copy(buf + na, args, (nargs + nkw) * sizeof(Value));
		Value r = obj_call(p->fn, buf, na + nargs, kwnames);
		if (buf != stackbuf)
			mem_free(buf, total * sizeof(Value));
		return r;
	}
	Dict *kw = dict_copy(p->kw);
	if (!kw)
		return v_null();
	for (size_t k = 0; k < nkw; k++) {
		if (dict_set(kw, kwnames->items[k], args[nargs + k]) < 0) {
			obj_decref(&kw->ob);
			return v_null();
		}
	}
	size_t nk = kw->used, total = na + nargs + nk;
	Value *buf = mem_alloc((total ? total : 1) * sizeof(Value));
	Tuple *names = tuple_new(nk);
	if (!buf || !names) {
		if (buf)
			mem_free(buf, (total ? total : 1) * sizeof(Value));
		if (names)
			obj_decref(&names->ob);
		obj_decref(&kw->ob);
		return v_null();
	}
	mem_copy(buf, p->args->items, na * sizeof(Value));
	mem_copy(buf + na, args, nargs * sizeof(Value));
	size_t pos = 0, j = 0;
	Value k, v;
	while (dict_next(kw, &pos, &k, &v)) {
		if (!IS_STR(k)) {
			mem_free(buf, (total ? total : 1) * sizeof(Value));
			obj_decref(&names->ob);
			obj_decref(&kw->ob);
			return err_null_format(Exc_TypeError, "keywords must be strings");
		}
		names->items[j] = val_incref(k);
		buf[na + nargs + j] = v;
		j++;
	}
	Value r = obj_call(p->fn, buf, na + nargs, names);
	mem_free(buf, (total ? total : 1) * sizeof(Value));
	obj_decref(&names->ob);
	obj_decref(&kw->ob);
	return r;
}

static Value partial_repr(Value v)
{
	Partial *p = (Partial *)v.u.o;
	Type *t = val_type(v);
	if (repr_enter(v.u.o))
		return str_value(str_cstr("..."));
	StrBuf b;
	sb_init(&b);
	if (t->flags & TF_HEAPTYPE)
		sb_adds(&b, t->name_str ? t->name_str->data : t->name);
	else
		sb_adds(&b, t->name);
	sb_addc(&b, '(');
	bool ok = sb_add_repr(&b, p->fn);
	for (size_t i = 0; ok && i < p->args->n; i++) {
		sb_adds(&b, ", ");
		ok = sb_add_repr(&b, p->args->items[i]);
	}
	size_t pos = 0;
	Value k, x;
	while (ok && dict_next(p->kw, &pos, &k, &x)) {
		sb_adds(&b, ", ");
		ok = sb_add_strv(&b, k);
		sb_addc(&b, '=');
		ok = ok && sb_add_repr(&b, x);
	}
	sb_addc(&b, ')');
	repr_leave(v.u.o);
	if (!ok) {
		sb_free(&b);
		return v_null();
	}
	return str_value(sb_finish(&b));
}

static Value get_func(Value v) { return val_incref(((Partial *)v.u.o)->fn); }

static Value get_args(Value v)
{
	Partial *p = (Partial *)v.u.o;
	obj_incref(&p->args->ob);
	return v_obj(&p->args->ob);
}

static Value get_keywords(Value v)
{
	Partial *p = (Partial *)v.u.o;
	obj_incref(&p->kw->ob);
	return v_obj(&p->kw->ob);
}

static Value m_class_getitem(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	Str *name = str_intern("__class_getitem__");
	Value f = type_lookup(&list_type, name);
	obj_decref(&name->ob);
	if (IS_NULL(f))
		return err_null_format(Exc_TypeError, "no generic alias");
	Value bound = bind_descr(f, v_null(), (Type *)cls.u.o);
	if (IS_NULL(bound))
		return bound;
	Value r = obj_call(bound, args, nargs, kw);
	val_decref(bound);
	return r;
}

bool mod_functools_init(Dict *d)
{
	static bool ready;
	if (!ready) {
		Type *t = &partial_type;
		type_init_builtin(t, "functools.partial", &object_type);
		t->flags |= TF_BASETYPE;
		t->basicsize = sizeof(Partial);
		t->dictoffset = (ssize_t)offsetof(Partial, dict);
		t->new = partial_new;
		t->call = partial_call;
		t->dealloc = partial_dealloc;
		t->traverse = partial_traverse;
		t->repr = partial_repr;
		type_add_getset(t, "func", get_func);
		type_add_getset(t, "args", get_args);
		type_add_getset(t, "keywords", get_keywords);
		type_add_method(t, "__class_getitem__", m_class_getitem, BF_CLASSMETHOD);
		type_ready(t);
		Str *mod = str_cstr("functools");
		dict_set_str(t->dict, ID(__module__), str_value(mod));
		obj_decref(&mod->ob);
		ready = true;
	}
	module_add_fn(d, "reduce", fn_reduce);
	if (!functools_lru_init(d))
		return false;
	Str *k = str_intern("partial");
	dict_set_str(d, k, v_obj(&partial_type.ob));
	obj_decref(&k->ob);
	return true;
}
