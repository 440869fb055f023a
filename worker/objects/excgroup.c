/* excgroup.c -- BaseExceptionGroup and ExceptionGroup (PEP 654, as in
 * CPython 3.11): the constructor's checks, .message / .exceptions,
 * split() / subgroup() / derive(), and the two run-time halves of
 * `except*` the VM calls: excgroup_match() (CHECK_EG_MATCH: the part of
 * the group one clause handles) and excgroup_prep_reraise()
 * (PREP_RERAISE_STAR: what the whole try statement raises at its end).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/runtime/runtime.h"

Type *Exc_BaseExceptionGroup, *Exc_ExceptionGroup;

typedef struct ExcGroup {
	Exc exc;
	Value msg;             /* str */
	Tuple *excs;           /* non-empty tuple of exception instances */
} ExcGroup;

static Str *s_derive, *s_notes;

void type_add_member_ro(Type *t, const char *name, unaryfn get);   /* abstract.c */

bool exc_is_group(Value v)
{
	return v.tag == V_OBJ && type_is_subtype(v.u.o->type, Exc_BaseExceptionGroup);
}

Tuple *excgroup_exceptions(Obj *eg)
{
	return ((ExcGroup *)eg)->excs;
}

/* ---- the object ---------------------------------------------------------- */

static void eg_dealloc(Obj *o)
{
	ExcGroup *g = (ExcGroup *)o;
	VAL_CLEAR(g->msg);
	if (g->excs) {
		Tuple *t = g->excs;
		g->excs = NULL;
		obj_decref(&t->ob);
	}
	Exc_BaseException->dealloc(o);
}

static void eg_traverse(Obj *o, visitfn visit, void *arg)
{
	ExcGroup *g = (ExcGroup *)o;
	if (g->excs)
		visit(v_obj(&g->excs->ob), arg);
	Exc_BaseException->traverse(o, visit, arg);
}

/* PySequence_Check: anything with item access but a mapping. */
static bool is_sequence(Value v)
{
	Type *t = val_type(v);
	return t->getitem && !(t->flags & TF_DICT_SUB);
}

static Value eg_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (nargs != 2)
		return err_null_format(Exc_TypeError, "BaseExceptionGroup.__new__() takes exactly 2 arguments (%zu given)",
				       nargs);
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "BaseExceptionGroup.__new__() argument 1 must be str, not %s",
				       type_name_of(args[0]));
	if (!is_sequence(args[1]))
		return err_null_format(Exc_TypeError, "second argument (exceptions) must be a sequence");
	Value tv = seq_to_tuple(args[1]);
	if (IS_NULL(tv))
		return v_null();
	Tuple *excs = AS_TUPLE(tv);
	if (excs->n == 0) {
		obj_decref(&excs->ob);
		return err_null_format(Exc_ValueError, "second argument (exceptions) must be a non-empty sequence");
	}
	bool nested_base = false;
	for (size_t i = 0; i < excs->n; i++) {
		if (!is_exc_instance(excs->items[i])) {
			obj_decref(&excs->ob);
			return err_null_format(Exc_ValueError, "Item %zu of second argument (exceptions) is not an exception", i);
		}
		if (!val_isinstance(excs->items[i], Exc_Exception))
			nested_base = true;
	}
	Type *cls = t;
	if (cls == Exc_ExceptionGroup) {
		if (nested_base) {
			obj_decref(&excs->ob);
			return err_null_format(Exc_TypeError, "Cannot nest BaseExceptions in an ExceptionGroup");
		}
	} else if (cls == Exc_BaseExceptionGroup) {
		if (!nested_base)
			cls = Exc_ExceptionGroup;
	} else if (nested_base && type_is_subtype(cls, Exc_Exception)) {
		obj_decref(&excs->ob);
		return err_null_format(Exc_TypeError, "Cannot nest BaseExceptions in '%s'", cls->name);
	}
	Value r = Exc_BaseException->new(cls, args, nargs, kw);
	if (IS_NULL(r)) {
		obj_decref(&excs->ob);
		return r;
	}
	ExcGroup *g = (ExcGroup *)r.u.o;
	g->msg = val_incref(args[0]);
	g->excs = excs;
	return r;
}

static int eg_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "%s() takes no keyword arguments", val_type(self)->name);
		return -1;
	}
	return Exc_BaseException->init(self, args, nargs, NULL);
}

static Value eg_str(Value v)
{
	ExcGroup *g = (ExcGroup *)v.u.o;
	size_t n = g->excs ? g->excs->n : 0;
	StrBuf b;
	sb_init(&b);
	sb_add_strv(&b, g->msg);
	char tail[64];
	snprintf(tail, sizeof tail, " (%zu sub-exception%s)", n, n > 1 ? "s" : "");
	sb_adds(&b, tail);
	return str_value(sb_finish(&b));
}

static Value eg_get_message(Value v) { return val_incref(((ExcGroup *)v.u.o)->msg); }

static Value eg_get_exceptions(Value v)
{
	ExcGroup *g = (ExcGroup *)v.u.o;
	obj_incref(&g->excs->ob);
	return v_obj(&g->excs->ob);
}

/* derive(excs): BaseExceptionGroup(self.message, excs) */
static Value eg_derive(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "derive() takes no keyword arguments");
	if (nargs != 1)
		return err_null_format(Exc_TypeError, "function takes exactly 1 argument (%zu given)", nargs);
	Value a[2] = {((ExcGroup *)self.u.o)->msg, args[0]};
	return exc_new(Exc_BaseExceptionGroup, a, 2);
}

/* ---- split and subgroup -------------------------------------------------------- */

enum match_kind { MATCH_BY_TYPE, MATCH_PREDICATE, MATCH_LEAVES };

/* The leaves a group kept (MATCH_LEAVES): identities, sorted. */
struct leaves {
	Obj **v;
	size_t n, cap;
};

static int ptr_cmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(Obj *const *)a, y = (uintptr_t)*(Obj *const *)b;
	return x < y ? -1 : x > y;
}

/* PyErr_GivenExceptionMatches: a class or a (nested) tuple of classes */
static bool type_matches(Value exc, Value cls)
{
	if (IS_TUPLE(cls)) {
		Tuple *t = AS_TUPLE(cls);
		for (size_t i = 0; i < t->n; i++)
			if (type_matches(exc, t->items[i]))
				return true;
		return false;
	}
	return is_exc_type(cls) && val_isinstance(exc, (Type *)cls.u.o);
}

static int check_match(Value exc, enum match_kind kind, Value matcher, const struct leaves *lv)
{
	switch (kind) {
	case MATCH_BY_TYPE:
		return type_matches(exc, matcher);
	case MATCH_PREDICATE: {
		Value r = call1(matcher, exc);
		if (IS_NULL(r))
			return -1;
		int t = obj_truth(r);
		val_decref(r);
		return t;
	}
	case MATCH_LEAVES:
		return lv->n && bsearch(&exc.u.o, lv->v, lv->n, sizeof(Obj *), ptr_cmp) != NULL;
	}
	return 0;
}

/* A group like orig (derive()) holding excs, with orig's traceback, cause,
 * context and a copy of its notes; NULL in *out when excs is empty. */
static int subset(Value orig, List *excs, Value *out)
{
	*out = v_null();
	if (excs->n == 0)
		return 0;
	Value l = v_obj(&excs->ob);
	Value eg = call_method(orig, s_derive, &l, 1);
	if (IS_NULL(eg))
		return -1;
	if (!exc_is_group(eg)) {
		val_decref(eg);
		err_format(Exc_TypeError, "derive must return an instance of BaseExceptionGroup");
		return -1;
	}
	Exc *o = (Exc *)orig.u.o, *e = (Exc *)eg.u.o;
	if (o->tb) {
		TB *old = e->tb;
		obj_incref(&o->tb->ob);
		e->tb = o->tb;
		obj_xdecref(old ? &old->ob : NULL);
	}
	Obj *old = e->context;
	e->context = o->context;
	if (e->context)
		obj_incref(e->context);
	obj_xdecref(old);
	old = e->cause;
	e->cause = o->cause;
	if (e->cause)
		obj_incref(e->cause);
	obj_xdecref(old);
	e->suppress_context = true;     /* PyException_SetCause */
	Value notes = obj_getattr_opt(orig, s_notes);
	if (IS_NULL(notes) && err_occurred()) {
		val_decref(eg);
		return -1;
	}
	if (!IS_NULL(notes)) {
		if (is_sequence(notes)) {
			Value copy = seq_to_list(notes);
			int r = IS_NULL(copy) ? -1 : obj_setattr(eg, s_notes, copy);
			val_decref(copy);
			if (r < 0) {
				val_decref(notes);
				val_decref(eg);
				return -1;
			}
		}
		val_decref(notes);
	}
	*out = eg;
	return 0;
}

/* CPython's exceptiongroup_split_recursive: *match and *rest are new
 * references or V_NULL (rest only when want_rest). */
static int split_rec(Value exc, enum match_kind kind, Value matcher, const struct leaves *lv, bool want_rest,
		     Value *match, Value *rest)
{
	*match = *rest = v_null();
	int m = check_match(exc, kind, matcher, lv);
	if (m < 0)
		return -1;
	if (m) {
		*match = val_incref(exc);
		return 0;
	}
	if (!exc_is_group(exc)) {
		if (want_rest)
			*rest = val_incref(exc);
		return 0;
	}
	if (!enter_c_call())
		return -1;
	int ret = -1;
	Tuple *excs = ((ExcGroup *)exc.u.o)->excs;
	obj_incref(&excs->ob);
	List *ml = list_new(0), *rl = want_rest ? list_new(0) : NULL;
	if (!ml || (want_rest && !rl))
		goto done;
	for (size_t i = 0; i < excs->n; i++) {
		Value sm, sr;
		if (split_rec(excs->items[i], kind, matcher, lv, want_rest, &sm, &sr) < 0)
			goto done;
		if (!IS_NULL(sm))
			list_append_steal(ml, sm);
		if (!IS_NULL(sr))
			list_append_steal(rl, sr);
	}
	if (subset(exc, ml, match) < 0)
		goto done;
	if (want_rest && subset(exc, rl, rest) < 0) {
		VAL_CLEAR(*match);
		goto done;
	}
	ret = 0;
done:
	vm.cdepth--;
	obj_decref(&excs->ob);
	obj_xdecref(ml ? &ml->ob : NULL);
	obj_xdecref(rl ? &rl->ob : NULL);
	return ret;
}

/* The matcher kind of split()'s argument (as CPython: a Python function,
 * an exception class, or an exact tuple of exception classes). */
static int matcher_kind(Value v, enum match_kind *kind)
{
	if (obj_is(v, &func_type)) {
		*kind = MATCH_PREDICATE;
		return 0;
	}
	if (is_exc_type(v)) {
		*kind = MATCH_BY_TYPE;
		return 0;
	}
	if (obj_is(v, &tuple_type)) {
		Tuple *t = AS_TUPLE(v);
		bool ok = true;
		for (size_t i = 0; i < t->n; i++)
			if (!is_exc_type(t->items[i]))
				ok = false;
		if (ok) {
			*kind = MATCH_BY_TYPE;
			return 0;
		}
	}
	err_format(Exc_TypeError, "expected a function, exception type or tuple of exception types");
	return -1;
}

static Value eg_split(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "split() takes no keyword arguments");
	if (nargs != 1)
		return err_null_format(Exc_TypeError, "split expected 1 argument, got %zu", nargs);
	enum match_kind kind;
	if (matcher_kind(args[0], &kind) < 0)
		return v_null();
	Value m, r;
	if (split_rec(self, kind, args[0], NULL, true, &m, &r) < 0)
		return v_null();
	Tuple *t = tuple_new(2);
	if (!t) {
		val_decref(m);
		val_decref(r);
		return v_null();
	}
	t->items[0] = IS_NULL(m) ? v_none() : m;
	t->items[1] = IS_NULL(r) ? v_none() : r;
	return v_obj(&t->ob);
}

static Value eg_subgroup(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "subgroup() takes no keyword arguments");
	if (nargs != 1)
		return err_null_format(Exc_TypeError, "subgroup expected 1 argument, got %zu", nargs);
	enum match_kind kind;
	if (matcher_kind(args[0], &kind) < 0)
		return v_null();
	Value m, r;
	if (split_rec(self, kind, args[0], NULL, false, &m, &r) < 0)
		return v_null();
	return IS_NULL(m) ? v_none() : m;
}

static Value eg_class_getitem(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	extern Value generic_alias_new(Value origin, Value args);
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "__class_getitem__() takes no keyword arguments");
	if (nargs != 1)
		return err_null_format(Exc_TypeError, "__class_getitem__() takes exactly one argument (%zu given)", nargs);
	return generic_alias_new(cls, args[0]);
}

/* ---- except* ------------------------------------------------------------------- */

/* CHECK_EG_MATCH: exc against an except* clause's type (already checked).
 * *match: None when nothing matches, else the handled part (a naked
 * exception wrapped in ExceptionGroup("", (exc,))); *rest: the unhandled
 * part (None when all of it matched). */
int excgroup_match(Value exc, Value type, Value *match, Value *rest)
{
	*match = v_none();
	*rest = v_none();
	if (IS_NONE(exc))
		return 0;
	int m = check_match(exc, MATCH_BY_TYPE, type, NULL);
	if (m) {
		if (exc_is_group(exc)) {
			*match = val_incref(exc);
			return 0;
		}
		Tuple *one = tuple_from(&exc, 1);
		if (!one)
			return -1;
		Value a[2] = {str_value(str_empty()), v_obj(&one->ob)};
		Value w = exc_new(Exc_BaseExceptionGroup, a, 2);
		val_decref(a[0]);
		obj_decref(&one->ob);
		if (IS_NULL(w))
			return -1;
		*match = w;
		return 0;
	}
	if (exc_is_group(exc)) {
		Value mm, rr;
		if (split_rec(exc, MATCH_BY_TYPE, type, NULL, true, &mm, &rr) < 0)
			return -1;
		*match = IS_NULL(mm) ? v_none() : mm;
		*rest = IS_NULL(rr) ? v_none() : rr;
	}
	return 0;
}

static bool names_group(Value type)
{
	if (IS_TUPLE(type)) {
		Tuple *t = AS_TUPLE(type);
		for (size_t i = 0; i < t->n; i++)
			if (names_group(t->items[i]))
				return true;
		return false;
	}
	return is_exc_type(type) && type_is_subtype((Type *)type.u.o, Exc_BaseExceptionGroup);
}

/* except* ExceptionGroup is refused (the type is known valid otherwise). */
bool excgroup_check_star_type(Value type)
{
	bool bad = names_group(type);
	if (bad)
		err_format(Exc_TypeError, "catching ExceptionGroup with except* is not allowed. Use except instead.");
	return !bad;
}

static bool collect_leaves(Value exc, struct leaves *lv)
{
	if (IS_NONE(exc))
		return true;
	if (!exc_is_group(exc)) {
		if (lv->n == lv->cap) {
			size_t cap = lv->cap ? lv->cap * 2 : 16;
			Obj **v = realloc(lv->v, cap * sizeof *v);
			if (!v) {
				err_no_memory();
				return false;
			}
			lv->v = v;
			lv->cap = cap;
		}
		lv->v[lv->n++] = exc.u.o;
		return true;
	}
	if (!enter_c_call())
		return false;
	Tuple *excs = ((ExcGroup *)exc.u.o)->excs;
	bool ok = true;
	for (size_t i = 0; i < excs->n && ok; i++)
		ok = collect_leaves(excs->items[i], lv);
	vm.cdepth--;
	return ok;
}

/* The same raise as orig: a part split off it (or orig itself). */
static bool same_metadata(Exc *a, Exc *b)
{
	return a->tb == b->tb && a->cause == b->cause && a->context == b->context;
}

/* PREP_RERAISE_STAR: excs holds what each except* clause raised (or
 * re-raised) and, last, the unhandled rest.  The result (new reference)
 * is None when there is nothing to raise; else the parts of orig that
 * were re-raised, kept in orig's shape, or, when a clause raised a new
 * exception, ExceptionGroup("", [new ones..., that part]) (CPython 3.11.2
 * makes the group even for a single new exception). */
Value excgroup_prep_reraise(Value orig, List *excs)
{
	if (excs->n == 0)
		return v_none();
	if (!exc_is_group(orig)) {
		/* a naked exception: one clause at most ran */
		return val_incref(excs->items[0]);
	}
	List *raised = list_new(0), *reraised = list_new(0);
	struct leaves lv = {NULL, 0, 0};
	Value result = v_null();
	if (!raised || !reraised)
		goto done;
	for (size_t i = 0; i < excs->n; i++) {
		Value e = excs->items[i];
		if (IS_NONE(e))
			continue;
		bool re = is_exc_instance(e) && same_metadata((Exc *)e.u.o, (Exc *)orig.u.o);
		if (!list_append(re ? reraised : raised, e))
			goto done;
	}
	for (size_t i = 0; i < reraised->n; i++)
		if (!collect_leaves(reraised->items[i], &lv))
			goto done;
	if (lv.n)
		qsort(lv.v, lv.n, sizeof(Obj *), ptr_cmp);
	Value proj, unused;
	if (split_rec(orig, MATCH_LEAVES, v_none(), &lv, false, &proj, &unused) < 0)
		goto done;
	if (raised->n == 0) {
		result = IS_NULL(proj) ? v_none() : proj;
		goto done;
	}
	if (!IS_NULL(proj) && !list_append_steal(raised, proj))
		goto done;
	Value a[2] = {str_value(str_empty()), v_obj(&raised->ob)};
	result = exc_new(Exc_BaseExceptionGroup, a, 2);
	val_decref(a[0]);
done:
	free(lv.v);
	obj_xdecref(raised ? &raised->ob : NULL);
	obj_xdecref(reraised ? &reraised->ob : NULL);
	return result;
}

/* ---- the types ----------------------------------------------------------------- */

void excgroup_types_init(Dict *b)
{
	s_derive = str_intern("derive");
	s_notes = str_intern("__notes__");
	Type *B = exc_type_new_builtin(b, "BaseExceptionGroup", Exc_BaseException);
	B->basicsize = sizeof(ExcGroup);
	B->new = eg_new;
	B->init = eg_init;
	B->str = eg_str;
	B->dealloc = eg_dealloc;
	B->traverse = eg_traverse;
	type_add_member_ro(B, "message", eg_get_message);
	type_add_member_ro(B, "exceptions", eg_get_exceptions);
	type_add_method(B, "derive", eg_derive, 0);
	type_add_method(B, "split", eg_split, 0);
	type_add_method(B, "subgroup", eg_subgroup, 0);
	type_add_method(B, "__class_getitem__", eg_class_getitem, BF_CLASSMETHOD);
	Exc_BaseExceptionGroup = B;

	/* class ExceptionGroup(BaseExceptionGroup, Exception) */
	Type *E = exc_type_new_builtin(b, "ExceptionGroup", B);
	E->basicsize = sizeof(ExcGroup);
	E->dealloc = eg_dealloc;
	E->traverse = eg_traverse;
	Value bases[2] = {v_obj(&B->ob), v_obj(&Exc_Exception->ob)};
	E->bases = tuple_from(bases, 2);
	Value mro[5] = {v_obj(&E->ob), v_obj(&B->ob), v_obj(&Exc_Exception->ob), v_obj(&Exc_BaseException->ob),
			v_obj(&object_type.ob)};
	E->mro = tuple_from(mro, 5);
	Exc_ExceptionGroup = E;
}
