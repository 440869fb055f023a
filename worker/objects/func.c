/* func.c -- callables and descriptors: code objects, Python functions,
 * cells, bound methods, native (builtin) functions and method descriptors,
 * classmethod, staticmethod, property, modules, and the argument-parsing
 * helpers natives use (with CPython's messages).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "worker/runtime/runtime.h"

/* ---- argument helpers -------------------------------------------------- */

/* The builtin method being called: CPython's messages name methods as
 * "str.upper()"; natives pass their bare name and we qualify it here. */
static Builtin *current_builtin;

static const char *qual(const char *fname, char *buf, size_t n)
{
	Builtin *b = current_builtin;
	if (b && b->owner && strcmp(b->name, fname) == 0) {
		snprintf(buf, n, "%s.%s", b->owner->name, fname);
		return buf;
	}
	return fname;
}

bool no_kwargs(const char *fname0, Tuple *kw)
{
	if (kw && kw->n) {
		char qb[128];
		err_format(Exc_TypeError, "%s() takes no keyword arguments", qual(fname0, qb, sizeof qb));
		return false;
	}
	return true;
}

bool args_check(const char *fname0, size_t nargs, Tuple *kw, size_t min, size_t max)
{
	if (!no_kwargs(fname0, kw))
		return false;
	if (nargs < min || nargs > max) {
		/* Qualified only on the error path: this runs on every native call. */
		char qb[128];
		const char *fname = qual(fname0, qb, sizeof qb);
		if (min == max && min == 0)
			err_format(Exc_TypeError, "%s() takes no arguments (%zu given)", fname, nargs);
		else if (min == max && min == 1)
			err_format(Exc_TypeError, "%s() takes exactly one argument (%zu given)", fname, nargs);
		else if (nargs < min)
			err_format(Exc_TypeError, "%s expected %s%zu argument%s, got %zu", fname0,
				   min == max ? "" : "at least ", min, min == 1 ? "" : "s", nargs);
		else
			err_format(Exc_TypeError, "%s expected %s%zu argument%s, got %zu", fname0,
				   min == max ? "" : "at most ", max, max == 1 ? "" : "s", nargs);
		return false;
	}
	return true;
}

/* As args_check, in the words CPython's _PyArg_CheckPositional uses for
 * every count ("reversed expected 1 argument, got 0"). */
bool args_check_positional(const char *fname, size_t nargs, Tuple *kw, size_t min, size_t max)
{
	if (!no_kwargs(fname, kw))
		return false;
	if (nargs < min || nargs > max) {
		bool few = nargs < min;
		size_t n = few ? min : max;
		err_format(Exc_TypeError, "%s expected %s%zu argument%s, got %zu", fname,
			   min == max ? "" : few ? "at least " : "at most ", n, n == 1 ? "" : "s", nargs);
		return false;
	}
	return true;
}

/* names[i] == "" marks positional-only parameters. */
bool args_parse(const char *fname, const Value *args, size_t nargs, Tuple *kw,
		const char *const *names, size_t npos_min, size_t n, Value *out)
{
	if (nargs > n) {
		err_format(Exc_TypeError, "%s() takes at most %zu argument%s (%zu given)", fname, n, n == 1 ? "" : "s", nargs);
		return false;
	}
	for (size_t i = 0; i < nargs; i++)
		out[i] = args[i];
	size_t nkw = kw ? kw->n : 0;
	Str *unknown = NULL;
	for (size_t k = 0; k < nkw; k++) {
		Str *key = AS_STR(kw->items[k]);
		size_t i;
		for (i = 0; i < n; i++)
			if (names[i][0] && strcmp(names[i], key->data) == 0)
				break;
		if (i == n) {
			/* reported after a missing required argument, as CPython */
			if (!unknown)
				unknown = key;
			continue;
		}
		if (!IS_NULL(out[i])) {
			err_format(Exc_TypeError, "argument for %s() given by name ('%s') and position (%zu)", fname, key->data, i + 1);
			return false;
		}
		out[i] = args[nargs + k];
	}
	for (size_t i = 0; i < npos_min; i++) {
		if (IS_NULL(out[i])) {
			if (names[i][0])
				err_format(Exc_TypeError, "%s() missing required argument '%s' (pos %zu)", fname, names[i], i + 1);
			else
				err_format(Exc_TypeError, "%s() takes at least %zu positional argument%s (%zu given)", fname, npos_min, npos_min == 1 ? "" : "s", nargs);
			return false;
		}
	}
	if (unknown) {
		/* CPython's words for a C function's keywords */
		err_format(Exc_TypeError, "'%s' is an invalid keyword argument for %s()", unknown->data, fname);
		return false;
	}
	return true;
}

/* ---- code ------------------------------------------------------------------ */

static void code_dealloc(Obj *o)
{
	Code *c = (Code *)o;
	for (size_t i = 0; i < c->nconsts; i++)
		val_decref(c->consts[i]);
	for (size_t i = 0; i < c->nnames; i++)
		obj_decref(&c->names[i]->ob);
	for (int i = 0; i < c->nlocals; i++)
		obj_decref(&c->varnames[i]->ob);
	for (int i = 0; i < c->ncells + c->nfree; i++)
		obj_decref(&c->cellnames[i]->ob);
	mem_free(c->consts, c->nconsts * sizeof(Value));
	mem_free(c->names, c->nnames * sizeof(Str *));
	mem_free(c->varnames, (size_t)c->nlocals * sizeof(Str *));
	mem_free(c->cellnames, (size_t)(c->ncells + c->nfree) * sizeof(Str *));
	mem_free(c->cell2arg, (size_t)c->ncells * sizeof(int));
	mem_free(c->insns, c->ninsns * sizeof(uint32_t));
	if (c->caches)
		mem_free(c->caches, c->ninsns * sizeof(GlobalCache));
	obj_xdecref(c->name ? &c->name->ob : NULL);
	obj_xdecref(c->qualname ? &c->qualname->ob : NULL);
	obj_xdecref(c->filename ? &c->filename->ob : NULL);
	obj_xdecref(c->source ? &c->source->ob : NULL);
	obj_free(o);
}

static void code_traverse(Obj *o, visitfn visit, void *arg)
{
	Code *c = (Code *)o;
	for (size_t i = 0; i < c->nconsts; i++)
		visit(c->consts[i], arg);
}

static Value code_repr(Value v)
{
	Code *c = (Code *)v.u.o;
	return str_value(str_printf("<code object %s at %p, file \"%s\", line %d>", c->name->data, (void *)c, c->filename->data, c->firstline));
}

static Value code_get_name(Value v) { Code *c = (Code *)v.u.o; obj_incref(&c->name->ob); return str_value(c->name); }
static Value code_get_filename(Value v) { Code *c = (Code *)v.u.o; obj_incref(&c->filename->ob); return str_value(c->filename); }
static Value code_get_argcount(Value v) { return v_int(((Code *)v.u.o)->argcount); }
/* CO_MODULE and CO_CLASS are box's own marks (CPython has no bit for them). */
static Value code_get_flags(Value v) { return v_int(((Code *)v.u.o)->flags & ~(uint32_t)(CO_MODULE | CO_CLASS)); }
static Value code_get_firstlineno(Value v) { return v_int(((Code *)v.u.o)->firstline); }
static Value code_get_varnames(Value v)
{
	Code *c = (Code *)v.u.o;
	Tuple *t = tuple_new((size_t)c->nlocals);
	for (int i = 0; i < c->nlocals; i++)
		t->items[i] = val_incref(str_value(c->varnames[i]));
	return v_obj(&t->ob);
}

/* ---- function ------------------------------------------------------------- */

Value func_new(Code *code, Dict *globals, Str *qualname)
{
	Func *f = (Func *)obj_alloc(&func_type, sizeof(Func));
	if (!f)
		return v_null();
	obj_incref(&code->ob);
	f->code = code;
	obj_incref(&globals->ob);
	f->globals = globals;
	f->builtins = vm.builtins;
	obj_incref(&vm.builtins->ob);
	obj_incref(&code->name->ob);
	f->name = code->name;
	Str *qn = qualname ? qualname : code->qualname;
	obj_incref(&qn->ob);
	f->qualname = qn;
	f->doc = v_none();
	Value mod = dict_get_str(globals, ID(__name__));
	f->module = IS_NULL(mod) ? v_none() : val_incref(mod);
	f->annotations = v_null();
	return v_obj(&f->ob);
}

static void func_dealloc(Obj *o)
{
	Func *f = (Func *)o;
	obj_decref(&f->code->ob);
	obj_decref(&f->globals->ob);
	obj_decref(&f->builtins->ob);
	obj_xdecref(f->defaults ? &f->defaults->ob : NULL);
	obj_xdecref(f->kwdefaults ? &f->kwdefaults->ob : NULL);
	obj_xdecref(f->closure ? &f->closure->ob : NULL);
	obj_decref(&f->name->ob);
	obj_decref(&f->qualname->ob);
	obj_xdecref(f->dict ? &f->dict->ob : NULL);
	val_decref(f->doc);
	val_decref(f->module);
	val_decref(f->annotations);
	obj_free(o);
}

static void func_traverse(Obj *o, visitfn visit, void *arg)
{
	Func *f = (Func *)o;
	visit(v_obj(&f->globals->ob), arg);
	if (f->defaults) visit(v_obj(&f->defaults->ob), arg);
	if (f->kwdefaults) visit(v_obj(&f->kwdefaults->ob), arg);
	if (f->closure) visit(v_obj(&f->closure->ob), arg);
	if (f->dict) visit(v_obj(&f->dict->ob), arg);
	visit(f->doc, arg);
}

/* cycle collector: defaults and annotations can hold anything; the
 * closure's cells and the dict are cleared on their own */
static void func_clear(Obj *o)
{
	Func *f = (Func *)o;
	Tuple *d = f->defaults;
	Dict *kd = f->kwdefaults;
	Value an = f->annotations;
	f->defaults = NULL;
	f->kwdefaults = NULL;
	f->annotations = v_null();
	obj_xdecref(d ? &d->ob : NULL);
	obj_xdecref(kd ? &kd->ob : NULL);
	val_decref(an);
}

static Value func_repr(Value v)
{
	Func *f = (Func *)v.u.o;
	return str_value(str_printf("<function %s at %p>", f->qualname->data, (void *)f));
}

static Value func_descr_get(Value f, Value obj, Value type)
{
	if (IS_NULL(obj) || IS_NONE(obj))
		return val_incref(f);
	return method_new(f, obj);
}

static Value func_call(Value f, const Value *args, size_t nargs, Tuple *kw)
{
	return vm_call_function((Func *)f.u.o, args, nargs, kw);
}

#define FUNC_GETTER(fname, expr) static Value fname(Value v) { Func *f = (Func *)v.u.o; (void)f; return expr; }
FUNC_GETTER(func_get_name, (obj_incref(&f->name->ob), str_value(f->name)))
FUNC_GETTER(func_get_qualname, (obj_incref(&f->qualname->ob), str_value(f->qualname)))
FUNC_GETTER(func_get_doc, val_incref(f->doc))
FUNC_GETTER(func_get_module, val_incref(f->module))
FUNC_GETTER(func_get_code, (obj_incref(&f->code->ob), v_obj(&f->code->ob)))
FUNC_GETTER(func_get_globals, (obj_incref(&f->globals->ob), v_obj(&f->globals->ob)))
FUNC_GETTER(func_get_builtins, f->builtins ? (obj_incref(&f->builtins->ob), v_obj(&f->builtins->ob)) : v_none())
FUNC_GETTER(func_get_defaults, f->defaults ? (obj_incref(&f->defaults->ob), v_obj(&f->defaults->ob)) : v_none())
FUNC_GETTER(func_get_kwdefaults, f->kwdefaults ? (obj_incref(&f->kwdefaults->ob), v_obj(&f->kwdefaults->ob)) : v_none())
FUNC_GETTER(func_get_closure, f->closure ? (obj_incref(&f->closure->ob), v_obj(&f->closure->ob)) : v_none())

static Value func_get_annotations(Value v)
{
	Func *f = (Func *)v.u.o;
	if (IS_NULL(f->annotations) || IS_NONE(f->annotations))
		f->annotations = v_obj(&dict_new()->ob);
	return val_incref(f->annotations);
}

static int func_set_name(Value v, Value x)
{
	Func *f = (Func *)v.u.o;
	if (IS_NULL(x) || !IS_STR(x)) {
		err_format(Exc_TypeError, "__name__ must be set to a string object");
		return -1;
	}
	obj_decref(&f->name->ob);
	f->name = AS_STR(val_incref(x));
	return 0;
}

static int func_set_qualname(Value v, Value x)
{
	Func *f = (Func *)v.u.o;
	if (IS_NULL(x) || !IS_STR(x)) {
		err_format(Exc_TypeError, "__qualname__ must be set to a string object");
		return -1;
	}
	obj_decref(&f->qualname->ob);
	f->qualname = AS_STR(val_incref(x));
	return 0;
}

static int func_set_doc(Value v, Value x)
{
	Func *f = (Func *)v.u.o;
	val_decref(f->doc);
	f->doc = IS_NULL(x) ? v_none() : val_incref(x);
	return 0;
}

static int func_set_module(Value v, Value x)
{
	Func *f = (Func *)v.u.o;
	val_decref(f->module);
	f->module = IS_NULL(x) ? v_none() : val_incref(x);
	return 0;
}

static int func_set_defaults(Value v, Value x)
{
	Func *f = (Func *)v.u.o;
	if (!IS_NULL(x) && !IS_NONE(x) && !IS_TUPLE(x)) {
		err_format(Exc_TypeError, "__defaults__ must be set to a tuple object");
		return -1;
	}
	Tuple *old = f->defaults;
	f->defaults = (IS_NULL(x) || IS_NONE(x)) ? NULL : AS_TUPLE(val_incref(x));
	obj_xdecref(old ? &old->ob : NULL);
	return 0;
}

static int func_set_kwdefaults(Value v, Value x)
{
	Func *f = (Func *)v.u.o;
	if (!IS_NULL(x) && !IS_NONE(x) && !IS_DICT(x)) {
		err_format(Exc_TypeError, "__kwdefaults__ must be set to a dict object");
		return -1;
	}
	Dict *old = f->kwdefaults;
	f->kwdefaults = (IS_NULL(x) || IS_NONE(x)) ? NULL : AS_DICT(val_incref(x));
	obj_xdecref(old ? &old->ob : NULL);
	return 0;
}

static int func_set_annotations(Value v, Value x)
{
	Func *f = (Func *)v.u.o;
	val_decref(f->annotations);
	f->annotations = IS_NULL(x) ? v_null() : val_incref(x);
	return 0;
}

/* ---- cell -------------------------------------------------------------------- */

static void cell_dealloc(Obj *o)
{
	val_decref(((Cell *)o)->v);
	obj_free(o);
}

static void cell_traverse(Obj *o, visitfn visit, void *arg) { visit(((Cell *)o)->v, arg); }
static void cell_clear(Obj *o) { VAL_CLEAR(((Cell *)o)->v); }

static Value cell_get_contents(Value v)
{
	Cell *c = (Cell *)v.u.o;
	if (IS_NULL(c->v))
		return err_null_format(Exc_ValueError, "Cell is empty");
	return val_incref(c->v);
}

/* ---- bound method ---------------------------------------------------------- */

Value method_new(Value func, Value self)
{
	Method *m = (Method *)obj_alloc(&method_type, sizeof(Method));
	if (!m)
		return v_null();
	m->func = val_incref(func);
	m->self = val_incref(self);
	return v_obj(&m->ob);
}

static void method_dealloc(Obj *o)
{
	Method *m = (Method *)o;
	val_decref(m->func);
	val_decref(m->self);
	obj_free(o);
}

static void method_traverse(Obj *o, visitfn visit, void *arg)
{
	visit(((Method *)o)->func, arg);
	visit(((Method *)o)->self, arg);
}

static Value method_call(Value v, const Value *args, size_t nargs, Tuple *kw)
{
	Method *m = (Method *)v.u.o;
	size_t nkw = kw ? kw->n : 0, total = nargs + nkw + 1;
	Value stackbuf[8];
	Value *argv = total <= 8 ? stackbuf : mem_alloc(total * sizeof(Value));
	if (!argv)
		return v_null();
	argv[0] = m->self;
	mem_copy(argv + 1, args, (nargs + nkw) * sizeof(Value));
	Value r = obj_call(m->func, argv, nargs + 1, kw);
	if (argv != stackbuf)
		mem_free(argv, total * sizeof(Value));
	return r;
}

static Value method_repr(Value v)
{
	Method *m = (Method *)v.u.o;
	if (obj_is(m->func, &wrapper_type)) {   /* a bound slot wrapper: (1).__add__ */
		SlotWrapper *w = (SlotWrapper *)m->func.u.o;
		return str_value(str_printf("<method-wrapper '%s' of %s object at %p>", w->name, type_name_of(m->self),
					    m->self.tag == V_OBJ ? (void *)m->self.u.o : (void *)&m->self));
	}
	Value qn = obj_getattr_opt(m->func, ID(__qualname__));
	if (IS_NULL(qn))
		qn = obj_getattr_opt(m->func, ID(__name__));
	StrBuf b;
	sb_init(&b);
	sb_adds(&b, "<bound method ");
	if (!IS_NULL(qn) && IS_STR(qn))
		sb_add_str(&b, AS_STR(qn));
	else
		sb_adds(&b, "?");
	val_decref(qn);
	sb_adds(&b, " of ");
	if (!sb_add_repr(&b, m->self)) {
		sb_free(&b);
		return v_null();
	}
	sb_addc(&b, '>');
	return str_value(sb_finish(&b));
}

static Value method_getattr(Value v, Str *name)
{
	Method *m = (Method *)v.u.o;
	if (strcmp(name->data, "__func__") == 0)
		return val_incref(m->func);
	if (name == ID(__self__))
		return val_incref(m->self);
	if (name == ID(__doc__) && !obj_is(m->func, &wrapper_type))
		return obj_getattr(m->func, name);   /* the function's, not the method type's */
	Value r = generic_getattr(v, name);
	if (IS_NULL(r) && !err_occurred())
		return obj_getattr_opt(m->func, name);
	return r;
}

static Value method_richcmp(Value a, Value b, int op)
{
	if (!obj_is(b, &method_type) || (op != CMP_EQ && op != CMP_NE))
		return v_notimpl();
	Method *x = (Method *)a.u.o, *y = (Method *)b.u.o;
	bool eq = x->self.tag == y->self.tag && x->self.u.i == y->self.u.i;
	if (eq) {
		int e = obj_eq(x->func, y->func);
		if (e < 0)
			return v_null();
		eq = e;
	}
	return v_bool(op == CMP_EQ ? eq : !eq);
}

static bool method_hash(Value v, int64_t *out)
{
	Method *m = (Method *)v.u.o;
	int64_t a, b;
	if (!obj_hash(m->self, &a) || !obj_hash(m->func, &b))
		return false;
	*out = a ^ b;
	if (*out == -1)
		*out = -2;
	return true;
}

/* ---- builtin functions / method descriptors ------------------------------- */

Value builtin_new(const char *name, callfn fn, Value self)
{
	Builtin *b = (Builtin *)obj_alloc(&builtin_type, sizeof(Builtin));
	if (!b)
		return v_null();
	b->name = name;
	b->fn = fn;
	b->self = val_incref(self);
	return v_obj(&b->ob);
}

static void builtin_dealloc(Obj *o)
{
	val_decref(((Builtin *)o)->self);
	obj_free(o);
}

static Value builtin_call_inner(Value v, const Value *args, size_t nargs, Tuple *kw);

static Value builtin_call(Value v, const Value *args, size_t nargs, Tuple *kw)
{
	Builtin *saved = current_builtin;
	current_builtin = (Builtin *)v.u.o;
	Value r = builtin_call_inner(v, args, nargs, kw);
	current_builtin = saved;
	return r;
}

static Value builtin_call_inner(Value v, const Value *args, size_t nargs, Tuple *kw)
{
	Builtin *b = (Builtin *)v.u.o;
	if (b->flags & BF_STATIC)
		return b->fn(v_null(), args, nargs, kw);
	if (IS_NULL(b->self) && b->owner) {
		/* unbound method descriptor: first argument is self */
		if (b->flags & BF_CLASSMETHOD)
			return b->fn(v_obj(&b->owner->ob), args, nargs, kw);
		if (nargs < 1)
			return err_null_format(Exc_TypeError, "unbound method %s.%s() needs an argument", b->owner->name, b->name);
		if (!val_isinstance(args[0], b->owner))
			return err_null_format(Exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
					       b->name, b->owner->name, type_name_of(args[0]));
		Value self = args[0];
		if ((b->owner->flags & TF_UNBOX_SELF) && !(b->flags & BF_RAW_SELF))
			self = val_unbox(self);
		return b->fn(self, args + 1, nargs - 1, kw);
	}
	if (b->owner && (b->owner->flags & TF_UNBOX_SELF) && !(b->flags & BF_RAW_SELF))
		return b->fn(val_unbox(b->self), args, nargs, kw);
	return b->fn(b->self, args, nargs, kw);
}

static Value builtin_descr_get(Value v, Value obj, Value type)
{
	Builtin *b = (Builtin *)v.u.o;
	if (!b->owner || !IS_NULL(b->self))
		return val_incref(v);
	if (b->flags & BF_CLASSMETHOD) {
		Value cls = IS_NULL(obj) || IS_NONE(obj) ? type : v_obj(&val_type(obj)->ob);
		if (IS_NULL(obj) && !IS_NULL(type))
			cls = type;
		Value r = builtin_new(b->name, b->fn, cls);
		if (!IS_NULL(r))
			((Builtin *)r.u.o)->owner = b->owner;
		return r;
	}
	if (IS_NULL(obj))
		return val_incref(v);
	if (!val_isinstance(obj, b->owner))   /* list.append.__get__(other) */
		return err_null_format(Exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
				       b->name, b->owner->name, type_name_of(obj));
	Value r = builtin_new(b->name, b->fn, obj);
	if (!IS_NULL(r)) {
		((Builtin *)r.u.o)->owner = b->owner;
		((Builtin *)r.u.o)->flags = b->flags & BF_RAW_SELF;
	}
	return r;
}

static Value builtin_repr(Value v)
{
	Builtin *b = (Builtin *)v.u.o;
	if (IS_NULL(b->self) && b->owner)
		return str_value(str_printf("<method '%s' of '%s' objects>", b->name, b->owner->name));
	if (IS_NULL(b->self) || obj_is(b->self, &module_type))
		return str_value(str_printf("<built-in function %s>", b->name));
	return str_value(str_printf("<built-in method %s of %s object at %p>", b->name, type_name_of(b->self), (void *)b->self.u.o));
}

static Value builtin_get_name(Value v) { return str_value(str_cstr(((Builtin *)v.u.o)->name)); }
static Value builtin_get_qualname(Value v)
{
	Builtin *b = (Builtin *)v.u.o;
	if (b->owner)
		return str_value(str_printf("%s.%s", b->owner->name, b->name));
	return str_value(str_cstr(b->name));
}
static Value builtin_get_self(Value v)
{
	Builtin *b = (Builtin *)v.u.o;
	return IS_NULL(b->self) ? v_none() : val_incref(b->self);
}
static Value builtin_get_doc(Value v) { return v_none(); }

static Value builtin_richcmp(Value a, Value b, int op)
{
	if (!obj_is(b, &builtin_type) || (op != CMP_EQ && op != CMP_NE))
		return v_notimpl();
	Builtin *x = (Builtin *)a.u.o, *y = (Builtin *)b.u.o;
	bool eq = x->fn == y->fn && x->self.tag == y->self.tag && x->self.u.i == y->self.u.i;
	return v_bool(op == CMP_EQ ? eq : !eq);
}

/* ---- classmethod / staticmethod ------------------------------------------- */

static void wrapped_dealloc(Obj *o)
{
	Wrapped *w = (Wrapped *)o;
	val_decref(w->f);
	obj_xdecref(w->dict ? &w->dict->ob : NULL);
	obj_free(o);
}

static void wrapped_traverse(Obj *o, visitfn visit, void *arg)
{
	Wrapped *w = (Wrapped *)o;
	visit(w->f, arg);
	if (w->dict)
		visit(v_obj(&w->dict->ob), arg);
}

static Value wrapped_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check_positional(t->name, nargs, kw, 1, 1))
		return v_null();
	Wrapped *w = (Wrapped *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Wrapped));
	if (!w)
		return v_null();
	w->f = val_incref(args[0]);
	/* as functools.wraps: the function's names and doc, in __dict__ */
	Str *copied[] = {ID(__module__), ID(__name__), ID(__qualname__), ID(__doc__), ID(__annotations__)};
	for (size_t i = 0; i < sizeof copied / sizeof copied[0]; i++) {
		Value a = obj_getattr_opt(w->f, copied[i]);
		if (IS_NULL(a)) {
			if (!err_occurred())
				continue;
			obj_decref(&w->ob);
			return a;
		}
		if (!w->dict)
			w->dict = dict_new();
		int r = w->dict ? dict_set_str(w->dict, copied[i], a) : -1;
		val_decref(a);
		if (r < 0) {
			obj_decref(&w->ob);
			return v_null();
		}
	}
	return v_obj(&w->ob);
}

static Value wrapped_repr(Value v)
{
	Wrapped *w = (Wrapped *)v.u.o;
	Value fr = obj_repr(w->f);
	if (IS_NULL(fr))
		return fr;
	Value r = str_value(str_printf("<%s(%s)>", v.u.o->type->name, AS_STR(fr)->data));
	val_decref(fr);
	return r;
}

static Value classmethod_get(Value d, Value obj, Value type)
{
	Wrapped *w = (Wrapped *)d.u.o;
	Value cls = !IS_NULL(type) && !IS_NONE(type) ? type : v_obj(&val_type(obj)->ob);
	Type *ft = val_type(w->f);
	if (ft != &func_type && ft->descr_get && ft != &builtin_type)
		return ft->descr_get(w->f, cls, v_obj(&val_type(cls)->ob));
	return method_new(w->f, cls);
}

static Value staticmethod_get(Value d, Value obj, Value type)
{
	return val_incref(((Wrapped *)d.u.o)->f);
}

static Value staticmethod_call(Value d, const Value *args, size_t nargs, Tuple *kw)
{
	return obj_call(((Wrapped *)d.u.o)->f, args, nargs, kw);
}

static Value wrapped_get_func(Value v) { return val_incref(((Wrapped *)v.u.o)->f); }

/* staticmethod / classmethod: __doc__, __name__, __qualname__, __module__
 * and __annotations__ are the function's (CPython copies them into the
 * wrapper's __dict__, where an assignment also goes), __wrapped__ is the
 * function, __isabstractmethod__ says whether it is abstract. */
static Value wrapped_getattr(Value v, Str *name)
{
	Wrapped *w = (Wrapped *)v.u.o;
	bool copied = name == ID(__doc__) || name == ID(__name__) || name == ID(__qualname__) ||
		      name == ID(__module__) || name == ID(__annotations__);
	if (copied) {
		Value own = w->dict ? dict_get_str(w->dict, name) : v_null();
		if (!IS_NULL(own))
			return val_incref(own);
		return obj_getattr_opt(w->f, name);
	}
	if (name == ID(__wrapped__))
		return val_incref(w->f);
	if (strcmp(name->data, "__isabstractmethod__") == 0) {
		Value a = obj_getattr_opt(w->f, name);
		if (IS_NULL(a))
			return err_occurred() ? a : v_bool(false);
		int tr = obj_truth(a);
		val_decref(a);
		return tr < 0 ? v_null() : v_bool(tr);
	}
	return generic_getattr(v, name);
}

/* ---- property --------------------------------------------------------------- */

static void property_dealloc(Obj *o)
{
	Property *p = (Property *)o;
	val_decref(p->fget);
	val_decref(p->fset);
	val_decref(p->fdel);
	val_decref(p->doc);
	val_decref(p->name);
	obj_free(o);
}

static void property_traverse(Obj *o, visitfn visit, void *arg)
{
	Property *p = (Property *)o;
	visit(p->fget, arg);
	visit(p->fset, arg);
	visit(p->fdel, arg);
	visit(p->doc, arg);
}

static Value property_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Property *p = (Property *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Property));
	if (!p)
		return v_null();
	p->fget = p->fset = p->fdel = p->doc = v_none();
	p->name = v_null();
	return v_obj(&p->ob);
}

static int property_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"fget", "fset", "fdel", "doc"};
	Value a[4] = {v_null(), v_null(), v_null(), v_null()};
	if (!args_parse("property", args, nargs, kw, names, 0, 4, a))
		return -1;
	Property *p = (Property *)self.u.o;
	Value *slots[4] = {&p->fget, &p->fset, &p->fdel, &p->doc};
	for (int i = 0; i < 4; i++) {
		if (IS_NULL(a[i]))
			continue;
		val_decref(*slots[i]);
		*slots[i] = val_incref(a[i]);
	}
	if (IS_NONE(p->doc) && !IS_NONE(p->fget)) {
		Value d = obj_getattr_opt(p->fget, ID(__doc__));
		if (!IS_NULL(d)) {
			val_decref(p->doc);
			p->doc = d;
		}
	}
	return 0;
}

static Value property_get(Value d, Value obj, Value type)
{
	Property *p = (Property *)d.u.o;
	if (IS_NULL(obj) || IS_NONE(obj))
		return val_incref(d);
	if (IS_NONE(p->fget)) {
		if (!IS_NULL(p->name))
			return err_null_format(Exc_AttributeError, "property '%s' of '%s' object has no getter", AS_STR(p->name)->data, type_name_of(obj));
		return err_null_format(Exc_AttributeError, "unreadable attribute");
	}
	return call1(p->fget, obj);
}

static int property_set(Value d, Value obj, Value v)
{
	Property *p = (Property *)d.u.o;
	Value f = IS_NULL(v) ? p->fdel : p->fset;
	if (IS_NONE(f)) {
		if (!IS_NULL(p->name))
			err_format(Exc_AttributeError, IS_NULL(v) ? "property '%s' of '%s' object has no deleter" : "property '%s' of '%s' object has no setter",
				   AS_STR(p->name)->data, type_name_of(obj));
		else
			err_format(Exc_AttributeError, IS_NULL(v) ? "can't delete attribute" : "can't set attribute");
		return -1;
	}
	Value r = IS_NULL(v) ? call1(f, obj) : call2(f, obj, v);
	if (IS_NULL(r))
		return -1;
	val_decref(r);
	return 0;
}

static Value property_copy(Value self, int which, Value f)
{
	Property *p = (Property *)self.u.o;
	Type *t = val_type(self);
	Property *n = (Property *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Property));
	if (!n)
		return v_null();
	n->fget = val_incref(which == 0 ? f : p->fget);
	n->fset = val_incref(which == 1 ? f : p->fset);
	n->fdel = val_incref(which == 2 ? f : p->fdel);
	n->doc = val_incref(p->doc);
	n->name = val_incref(p->name);
	return v_obj(&n->ob);
}

static Value m_getter(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("getter", nargs, kw, 1, 1)) return v_null();
	return property_copy(self, 0, args[0]);
}
static Value m_setter(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("setter", nargs, kw, 1, 1)) return v_null();
	return property_copy(self, 1, args[0]);
}
static Value m_deleter(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("deleter", nargs, kw, 1, 1)) return v_null();
	return property_copy(self, 2, args[0]);
}
static Value m_set_name(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__set_name__", nargs, kw, 2, 2)) return v_null();
	Property *p = (Property *)self.u.o;
	val_decref(p->name);
	p->name = val_incref(args[1]);
	return v_none();
}
static Value prop_get_fget(Value v) { return val_incref(((Property *)v.u.o)->fget); }
static Value prop_get_fset(Value v) { return val_incref(((Property *)v.u.o)->fset); }
static Value prop_get_fdel(Value v) { return val_incref(((Property *)v.u.o)->fdel); }
static Value prop_get_doc(Value v) { return val_incref(((Property *)v.u.o)->doc); }

/* property.__isabstractmethod__: is any of its functions abstract? */
static Value prop_get_isabstract(Value v)
{
	Property *p = (Property *)v.u.o;
	Value fs[3] = {p->fget, p->fset, p->fdel};
	Str *key = str_intern("__isabstractmethod__");
	for (int i = 0; i < 3; i++) {
		if (IS_NONE(fs[i]) || IS_NULL(fs[i]))
			continue;
		Value a = obj_getattr_opt(fs[i], key);
		int tr = IS_NULL(a) ? 0 : obj_truth(a);
		val_decref(a);
		if (err_occurred() || tr) {
			obj_decref(&key->ob);
			return err_occurred() ? v_null() : v_bool(true);
		}
	}
	obj_decref(&key->ob);
	return v_bool(false);
}

/* ---- module -------------------------------------------------------------------- */

Module *module_new(Str *name)
{
	Module *m = (Module *)obj_alloc(&module_type, sizeof(Module));
	if (!m)
		return NULL;
	m->dict = dict_new();
	obj_incref(&name->ob);
	m->name = name;
	dict_set_str(m->dict, ID(__name__), str_value(name));
	dict_set_str(m->dict, ID(__doc__), v_none());
	return m;
}

static void module_dealloc(Obj *o)
{
	Module *m = (Module *)o;
	obj_decref(&m->dict->ob);
	obj_decref(&m->name->ob);
	obj_free(o);
}

static void module_traverse(Obj *o, visitfn visit, void *arg) { visit(v_obj(&((Module *)o)->dict->ob), arg); }

static Value module_repr(Value v)
{
	Module *m = (Module *)v.u.o;
	Value file = dict_get_str(m->dict, ID(__file__));
	if (!IS_NULL(file) && IS_STR(file))
		return str_value(str_printf("<module '%s' from '%s'>", m->name->data, AS_STR(file)->data));
	/* made by ModuleType(name): no loader, no file */
	if (!IS_NULL(dict_get_str(m->dict, ID(__loader__))))
		return str_value(str_printf("<module '%s'>", m->name->data));
	return str_value(str_printf("<module '%s' (built-in)>", m->name->data));
}

/* ModuleType.__new__: an empty module; __init__ names it. */
static Value module_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args, (void)nargs, (void)kw;
	Module *m = (Module *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Module));
	if (!m)
		return v_null();
	m->dict = dict_new();
	m->name = str_intern("?");
	if (!m->dict) {
		obj_decref(&m->ob);
		return v_null();
	}
	return v_obj(&m->ob);
}

/* ModuleType.__init__(name, doc=None) */
static int module_tp_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"name", "doc"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("module", args, nargs, kw, names, 1, 2, a))
		return -1;
	if (!IS_STR(a[0])) {
		err_format(Exc_TypeError, "module() argument 'name' must be str, not %s", type_name_of(a[0]));
		return -1;
	}
	Module *m = (Module *)self.u.o;
	obj_incref(a[0].u.o);
	obj_decref(&m->name->ob);
	m->name = AS_STR(a[0]);
	if (dict_set_str(m->dict, ID(__name__), a[0]) < 0 ||
	    dict_set_str(m->dict, ID(__doc__), IS_NULL(a[1]) ? v_none() : a[1]) < 0 ||
	    dict_set_str(m->dict, ID(__package__), v_none()) < 0 ||
	    dict_set_str(m->dict, ID(__loader__), v_none()) < 0 ||
	    dict_set_str(m->dict, ID(__spec__), v_none()) < 0)
		return -1;
	return 0;
}

static Value module_getattr(Value v, Str *name)
{
	Module *m = (Module *)v.u.o;
	Value r = v.u.o->type == &module_type ? dict_get_str(m->dict, name) : v_null();
	if (!IS_NULL(r))
		return val_incref(r);
	if (name == ID(__dict__)) {
		obj_incref(&m->dict->ob);
		return v_obj(&m->dict->ob);
	}
	r = generic_getattr(v, name);   /* a subclass's data descriptors come first there */
	Value ga;  /* PEP 562: a module-level __getattr__ answers missing names */
	if (IS_NULL(r) && (!err_occurred() || err_matches(Exc_AttributeError)) && !IS_NULL(ga = dict_get_str(m->dict, ID(__getattr__)))) {
		err_clear();
		return call1(ga, str_value(name));
	}
	return r;
}

static int module_setattr(Value v, Str *name, Value val)
{
	Module *m = (Module *)v.u.o;
	Value descr = type_lookup(v.u.o->type, name);
	if (!IS_NULL(descr) && val_type(descr)->descr_set)
		return generic_setattr(v, name, val);   /* __class__, a subclass's property */
	if (IS_NULL(val)) {
		int r = dict_del(m->dict, str_value(name));
		if (r == 1) {
			err_format(Exc_AttributeError, "module '%s' has no attribute '%s'", m->name->data, name->data);
			return -1;
		}
		return r;
	}
	return dict_set_str(m->dict, name, val);
}

/* ---- init ---------------------------------------------------------------------- */

static void getset_set_fn(Type *t, const char *name, int (*set)(Value, Value))
{
	Str *k = str_intern(name);
	Value g = dict_get_str(t->dict, k);
	obj_decref(&k->ob);
	if (!IS_NULL(g))
		((GetSet *)g.u.o)->set = set;
}

void func_types_init(void)
{
	Type *t = &code_type;
	type_init_builtin(t, "code", &object_type);
	t->dealloc = code_dealloc;
	t->traverse = code_traverse;
	t->repr = code_repr;
	type_add_getset(t, "co_name", code_get_name);
	type_add_getset(t, "co_filename", code_get_filename);
	type_add_getset(t, "co_argcount", code_get_argcount);
	type_add_getset(t, "co_flags", code_get_flags);
	type_add_getset(t, "co_firstlineno", code_get_firstlineno);
	type_add_getset(t, "co_varnames", code_get_varnames);

	t = &func_type;
	type_init_builtin(t, "function", &object_type);
	t->dealloc = func_dealloc;
	t->traverse = func_traverse;
	t->clear = func_clear;
	t->repr = func_repr;
	t->descr_get = func_descr_get;
	t->call = func_call;
	t->dictoffset = offsetof(Func, dict);
	t->basicsize = sizeof(Func);
	type_add_getset(t, "__name__", func_get_name);
	getset_set_fn(t, "__name__", func_set_name);
	type_add_getset(t, "__qualname__", func_get_qualname);
	getset_set_fn(t, "__qualname__", func_set_qualname);
	type_add_getset(t, "__doc__", func_get_doc);
	getset_set_fn(t, "__doc__", func_set_doc);
	type_add_getset(t, "__module__", func_get_module);
	getset_set_fn(t, "__module__", func_set_module);
	type_add_getset(t, "__code__", func_get_code);
	type_add_getset(t, "__globals__", func_get_globals);
	type_add_getset(t, "__builtins__", func_get_builtins);
	type_add_getset(t, "__defaults__", func_get_defaults);
	getset_set_fn(t, "__defaults__", func_set_defaults);
	type_add_getset(t, "__kwdefaults__", func_get_kwdefaults);
	getset_set_fn(t, "__kwdefaults__", func_set_kwdefaults);
	type_add_getset(t, "__closure__", func_get_closure);
	type_add_getset(t, "__annotations__", func_get_annotations);
	getset_set_fn(t, "__annotations__", func_set_annotations);

	t = &cell_type;
	type_init_builtin(t, "cell", &object_type);
	t->dealloc = cell_dealloc;
	t->traverse = cell_traverse;
	t->clear = cell_clear;
	type_add_getset(t, "cell_contents", cell_get_contents);

	t = &method_type;
	type_init_builtin(t, "method", &object_type);
	t->dealloc = method_dealloc;
	t->traverse = method_traverse;
	t->call = method_call;
	t->repr = method_repr;
	t->getattr = method_getattr;
	t->richcmp = method_richcmp;
	t->hash = method_hash;

	t = &builtin_type;
	type_init_builtin(t, "builtin_function_or_method", &object_type);
	t->dealloc = builtin_dealloc;
	t->call = builtin_call;
	t->descr_get = builtin_descr_get;
	t->repr = builtin_repr;
	t->richcmp = builtin_richcmp;
	type_add_getset(t, "__name__", builtin_get_name);
	type_add_getset(t, "__qualname__", builtin_get_qualname);
	type_add_getset(t, "__self__", builtin_get_self);
	type_add_getset(t, "__doc__", builtin_get_doc);

	t = &classmethod_type;
	type_init_builtin(t, "classmethod", &object_type);
	t->flags |= TF_BASETYPE;
	t->dealloc = wrapped_dealloc;
	t->traverse = wrapped_traverse;
	t->new = wrapped_new;
	t->descr_get = classmethod_get;
	t->getattr = wrapped_getattr;
	t->repr = wrapped_repr;
	t->basicsize = sizeof(Wrapped);
	t->dictoffset = offsetof(Wrapped, dict);
	type_add_getset(t, "__func__", wrapped_get_func);

	t = &staticmethod_type;
	type_init_builtin(t, "staticmethod", &object_type);
	t->flags |= TF_BASETYPE;
	t->dealloc = wrapped_dealloc;
	t->traverse = wrapped_traverse;
	t->new = wrapped_new;
	t->descr_get = staticmethod_get;
	t->call = staticmethod_call;
	t->getattr = wrapped_getattr;
	t->repr = wrapped_repr;
	t->basicsize = sizeof(Wrapped);
	t->dictoffset = offsetof(Wrapped, dict);
	type_add_getset(t, "__func__", wrapped_get_func);

	t = &property_type;
	type_init_builtin(t, "property", &object_type);
	t->flags |= TF_BASETYPE;
	t->dealloc = property_dealloc;
	t->traverse = property_traverse;
	t->new = property_new;
	t->init = property_init;
	t->descr_get = property_get;
	t->descr_set = property_set;
	t->basicsize = sizeof(Property);
	type_add_method(t, "getter", m_getter, 0);
	type_add_method(t, "setter", m_setter, 0);
	type_add_method(t, "deleter", m_deleter, 0);
	type_add_method(t, "__set_name__", m_set_name, 0);
	type_add_getset(t, "fget", prop_get_fget);
	type_add_getset(t, "fset", prop_get_fset);
	type_add_getset(t, "fdel", prop_get_fdel);
	type_add_getset(t, "__doc__", prop_get_doc);
	type_add_getset(t, "__isabstractmethod__", prop_get_isabstract);

	t = &module_type;
	type_init_builtin(t, "module", &object_type);
	t->dealloc = module_dealloc;
	t->traverse = module_traverse;
	t->repr = module_repr;
	t->getattr = module_getattr;
	t->setattr = module_setattr;
	/* ModuleType may be subclassed (and a module's __class__ set to such
	 * a class): instances keep the module layout, whose dict is theirs */
	t->flags |= TF_BASETYPE;
	t->new = module_tp_new;
	t->init = module_tp_init;
	t->basicsize = sizeof(Module);
	t->dictoffset = (ssize_t)offsetof(Module, dict);
}
