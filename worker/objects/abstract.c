/* abstract.c -- the abstract object protocol: repr/str/hash, comparisons,
 * truth, attributes, calls, iteration, subscripts, and the binary-operator
 * protocol with reflected operands and NotImplemented fallbacks (CPython's
 * binary_op1), with int/float fast paths first.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "worker/runtime/runtime.h"

const char *type_name_of(Value v) { return val_type(v)->name; }

/* Containers being repr'd right now (CPython's Py_ReprEnter): a container
 * met again inside its own repr prints as [...] / {...}. */
static Obj *repr_stack[1100];
static int repr_depth;

int repr_enter(Obj *o)
{
	for (int i = 0; i < repr_depth; i++)
		if (repr_stack[i] == o)
			return 1;
	if (repr_depth < (int)(sizeof repr_stack / sizeof repr_stack[0]))
		repr_stack[repr_depth++] = o;
	return 0;
}

void repr_leave(Obj *o)
{
	if (repr_depth > 0 && repr_stack[repr_depth - 1] == o)
		repr_depth--;
}

Value obj_repr(Value v)
{
	Type *t = val_type(v);
	if (t == &str_type)
		return str_repr_value(AS_STR(v));
	if (!enter_recursion(" while getting the repr of an object"))
		return v_null();
	Value r = t->repr(v);
	leave_recursion();
	if (!IS_NULL(r) && !IS_STR(r)) {
		err_format(Exc_TypeError, "__repr__ returned non-string (type %s)", type_name_of(r));
		val_decref(r);
		return v_null();
	}
	return r;
}

Value obj_str(Value v)
{
	Type *t = val_type(v);
	if (t == &str_type)
		return val_incref(v);
	if (!enter_recursion(" while getting the str of an object"))
		return v_null();
	Value r = t->str ? t->str(v) : t->repr(v);
	leave_recursion();
	if (!IS_NULL(r) && !IS_STR(r)) {
		err_format(Exc_TypeError, "__str__ returned non-string (type %s)", type_name_of(r));
		val_decref(r);
		return v_null();
	}
	return r;
}

bool obj_hash(Value v, int64_t *out)
{
	switch (v.tag) {
	case V_INT:
	case V_BOOL:
		return int_hash(v, out);
	case V_FLOAT:
		if (v_is_nan(v)) {      /* CPython hashes a NaN by its identity */
			extern int64_t num_hash_pointer(const void *p);
			*out = num_hash_pointer((const void *)(uintptr_t)(((uint64_t)v.nan_id + 1) << 4));
			return true;
		}
		return float_hash(v.u.f, out);
	case V_NONE: {
		extern int64_t num_hash_pointer(const void *p);
		*out = num_hash_pointer(&none_type);
		return true;
	}
	default:
		break;
	}
	Type *t = v.u.o->type;
	if (t == &str_type) {
		*out = str_hash(AS_STR(v));
		return true;
	}
	if (!t->hash) {
		err_format(Exc_TypeError, "unhashable type: '%s'", t->name);
		return false;
	}
	return t->hash(v, out);
}

static const char *const cmp_syms[6] = {"<", "<=", "==", "!=", ">", ">="};
static const int swapped_op[6] = {CMP_GT, CMP_GE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE};

static Value do_richcmp(Value a, Value b, int op)
{
	Type *ta = val_type(a), *tb = val_type(b);
	bool checked_reverse = false;
	Value r;
	if (ta != tb && type_is_subtype(tb, ta) && tb->richcmp) {
		checked_reverse = true;
		r = tb->richcmp(b, a, swapped_op[op]);
		if (!is_notimpl(r))
			return r;
		val_decref(r);
	}
	if (ta->richcmp) {
		r = ta->richcmp(a, b, op);
		if (!is_notimpl(r))
			return r;
		val_decref(r);
	}
	if (!checked_reverse && tb->richcmp) {
		r = tb->richcmp(b, a, swapped_op[op]);
		if (!is_notimpl(r))
			return r;
		val_decref(r);
	}
	switch (op) {
	case CMP_EQ:
		return v_bool(a.tag == b.tag && a.u.i == b.u.i);
	case CMP_NE:
		return v_bool(!(a.tag == b.tag && a.u.i == b.u.i));
	default:
		return err_null_format(Exc_TypeError, "'%s' not supported between instances of '%s' and '%s'",
				       cmp_syms[op], ta->name, tb->name);
	}
}

Value obj_richcmp(Value a, Value b, int op)
{
	if ((a.tag == V_INT || a.tag == V_BOOL) && (b.tag == V_INT || b.tag == V_BOOL)) {
		int c = a.u.i < b.u.i ? -1 : a.u.i > b.u.i;
		return cmp_result(c, op);
	}
	if (a.tag == V_FLOAT && b.tag == V_FLOAT) {
		double x = a.u.f, y = b.u.f;
		switch (op) {
		case CMP_LT: return v_bool(x < y);
		case CMP_LE: return v_bool(x <= y);
		case CMP_EQ: return v_bool(x == y);
		case CMP_NE: return v_bool(x != y);
		case CMP_GT: return v_bool(x > y);
		default: return v_bool(x >= y);
		}
	}
	if (a.tag == V_OBJ && b.tag == V_OBJ && a.u.o->type == &str_type && b.u.o->type == &str_type) {
		if (op == CMP_EQ)
			return v_bool(str_equal(AS_STR(a), AS_STR(b)));
		if (op == CMP_NE)
			return v_bool(!str_equal(AS_STR(a), AS_STR(b)));
		return cmp_result(str_compare(AS_STR(a), AS_STR(b)), op);
	}
	if (!enter_recursion(" in comparison"))
		return v_null();
	Value r = do_richcmp(a, b, op);
	leave_recursion();
	return r;
}

int obj_richcmp_bool(Value a, Value b, int op)
{
	if (op == CMP_EQ || op == CMP_NE) {
		if (a.tag == b.tag && a.u.i == b.u.i && !(a.tag == V_FLOAT))
			return op == CMP_EQ;
	}
	Value r = obj_richcmp(a, b, op);
	if (IS_NULL(r))
		return -1;
	if (IS_BOOL(r))
		return (int)r.u.i;
	int t = obj_truth(r);
	val_decref(r);
	return t;
}

int obj_eq(Value a, Value b)
{
	/* identity first, as CPython's containment and lookups do; a float is
	 * "the same object" when `is` says so (value.h: x in [x] holds for
	 * x = nan, float('nan') in [float('nan')] does not) */
	if (v_is(a, b))
		return 1;
	return obj_richcmp_bool(a, b, CMP_EQ);
}

int obj_truth(Value v)
{
	switch (v.tag) {
	case V_NONE: return 0;
	case V_BOOL:
	case V_INT: return v.u.i != 0;
	case V_FLOAT: return v.u.f != 0.0;
	default: break;
	}
	Type *t = v.u.o->type;
	if (t == &str_type)
		return AS_STR(v)->nbytes != 0;
	if (t == &list_type)
		return AS_LIST(v)->n != 0;
	if (t == &tuple_type)
		return AS_TUPLE(v)->n != 0;
	if (t == &dict_type)
		return AS_DICT(v)->used != 0;
	if (t->truth)
		return t->truth(v);
	if (t->len) {
		ssize_t n = t->len(v);
		return n < 0 ? -1 : n != 0;
	}
	return 1;
}

/* ---- attributes --------------------------------------------------------- */

Value obj_getattr_opt(Value v, Str *name)
{
	Type *t = val_type(v);
	Value r = t->getattr ? t->getattr(v, name) : generic_getattr(v, name);
	if (IS_NULL(r) && err_matches(Exc_AttributeError))
		err_clear();
	return r;
}

Value obj_getattr(Value v, Str *name)
{
	Type *t = val_type(v);
	Value r = t->getattr ? t->getattr(v, name) : generic_getattr(v, name);
	if (IS_NULL(r) && !err_occurred()) {
		if (t == &type_type || (t->flags & TF_TYPE_SUB))
			err_format(Exc_AttributeError, "type object '%s' has no attribute '%s'",
				   ((Type *)v.u.o)->name, name->data);
		else if (t == &module_type || type_is_subtype(t, &module_type))
			err_format(Exc_AttributeError, "module '%s' has no attribute '%s'",
				   ((Module *)v.u.o)->name->data, name->data);
		else
			err_format(Exc_AttributeError, "'%s' object has no attribute '%s'", t->name, name->data);
		Obj *e = err_peek();
		if (e && e->type->flags & TF_EXC_SUB) {
			Exc *x = (Exc *)e;
			if (x->dict || (x->dict = dict_new())) {
				dict_set_str(x->dict, ID(name), str_value(name));
				dict_set_str(x->dict, ID(obj), v);
			}
		}
	}
	return r;
}

Value obj_getattr_cstr(Value v, const char *name)
{
	Str *s = str_intern(name);
	Value r = obj_getattr(v, s);
	obj_decref(&s->ob);
	return r;
}

int obj_setattr(Value v, Str *name, Value val)
{
	Type *t = val_type(v);
	if (!t->setattr) {
		if (IS_NULL(type_lookup(t, name)))
			err_format(Exc_AttributeError, "'%s' object has no attribute '%s'", t->name, name->data);
		else
			err_format(Exc_AttributeError, "'%s' object attribute '%s' is read-only", t->name, name->data);
		return -1;
	}
	return t->setattr(v, name, val);
}

/* ---- calls ------------------------------------------------------------- */

Value obj_call(Value f, const Value *args, size_t nargs, Tuple *kwnames)
{
	Type *t = val_type(f);
	if (t == &func_type)
		return vm_call_function((Func *)f.u.o, args, nargs, kwnames);
	if (!t->call)
		return err_null_format(Exc_TypeError, "'%s' object is not callable", t->name);
	if (!enter_recursion(" while calling a Python object"))
		return v_null();
	Value r = t->call(f, args, nargs, kwnames);
	leave_recursion();
	return r;
}

Value call0(Value f) { return obj_call(f, NULL, 0, NULL); }
Value call1(Value f, Value a) { return obj_call(f, &a, 1, NULL); }
Value call2(Value f, Value a, Value b)
{
	Value v[2] = {a, b};
	return obj_call(f, v, 2, NULL);
}
Value call3(Value f, Value a, Value b, Value c)
{
	Value v[3] = {a, b, c};
	return obj_call(f, v, 3, NULL);
}

Value call_method(Value obj, Str *name, const Value *args, size_t nargs)
{
	Value m = obj_getattr(obj, name);
	if (IS_NULL(m))
		return m;
	Value r = obj_call(m, args, nargs, NULL);
	val_decref(m);
	return r;
}

Value call_tuple_dict(Value f, Tuple *args, Dict *kw)
{
	size_t na = args ? args->n : 0, nk = kw ? kw->used : 0;
	if (nk == 0)
		return obj_call(f, args ? args->items : NULL, na, NULL);
	Value *argv = mem_alloc((na + nk) * sizeof(Value));
	if (!argv)
		return v_null();
	Tuple *names = tuple_new(nk);
	for (size_t i = 0; i < na; i++)
		argv[i] = args->items[i];
	size_t pos = 0, j = 0;
	Value k, v;
	while (dict_next(kw, &pos, &k, &v)) {
		if (!IS_STR(k)) {
			obj_decref(&names->ob);
			mem_free(argv, (na + nk) * sizeof(Value));
			return err_null_format(Exc_TypeError, "keywords must be strings");
		}
		names->items[j] = val_incref(k);
		argv[na + j] = v;
		j++;
	}
	Value r = obj_call(f, argv, na, names);
	obj_decref(&names->ob);
	mem_free(argv, (na + nk) * sizeof(Value));
	return r;
}

/* ---- iteration ---------------------------------------------------------- */

Value obj_iter(Value v)
{
	Type *t = val_type(v);
	if (!t->iter)
		return err_null_format(Exc_TypeError, "'%s' object is not iterable", t->name);
	return t->iter(v);
}

Value obj_next(Value it)
{
	Type *t = val_type(it);
	if (!t->next)
		return err_null_format(Exc_TypeError, "'%s' object is not an iterator", t->name);
	Value r = t->next(it);
	if (IS_NULL(r) && vm.exc && err_matches(Exc_StopIteration))
		err_clear();
	return r;
}

Value seq_to_list(Value iterable)
{
	if (obj_is(iterable, &list_type) || obj_is(iterable, &tuple_type)) {
		const Value *items;
		size_t n;
		if (obj_is(iterable, &list_type)) {
			items = AS_LIST(iterable)->items;
			n = AS_LIST(iterable)->n;
		} else {
			items = AS_TUPLE(iterable)->items;
			n = AS_TUPLE(iterable)->n;
		}
		List *l = list_with_cap(n);
		if (!l)
			return v_null();
		for (size_t i = 0; i < n; i++)
			l->items[i] = val_incref(items[i]);
		l->n = n;
		return v_obj(&l->ob);
	}
	List *l = list_with_cap(0);
	if (!l)
		return v_null();
	if (!list_extend(l, iterable)) {
		obj_decref(&l->ob);
		return v_null();
	}
	return v_obj(&l->ob);
}

Value seq_to_tuple(Value iterable)
{
	if (obj_is(iterable, &tuple_type))
		return val_incref(iterable);
	Value l = seq_to_list(iterable);
	if (IS_NULL(l))
		return l;
	Tuple *t = tuple_new(AS_LIST(l)->n);
	if (!t) {
		val_decref(l);
		return v_null();
	}
	for (size_t i = 0; i < t->n; i++) {
		t->items[i] = AS_LIST(l)->items[i];
	}
	AS_LIST(l)->n = 0;
	val_decref(l);
	return v_obj(&t->ob);
}

/* ---- subscripts, len, contains ----------------------------------------- */

Value obj_getitem(Value o, Value k)
{
	Type *t = val_type(o);
	if (t->getitem)
		return t->getitem(o, k);
	if (t == &type_type || (t->flags & TF_TYPE_SUB)) {
		Value f = obj_getattr_opt(o, ID(__class_getitem__));
		if (!IS_NULL(f)) {
			Value r = call1(f, k);
			val_decref(f);
			return r;
		}
		if (err_occurred())
			return v_null();
		extern Value generic_alias_new(Value origin, Value args);
		return generic_alias_new(o, k);
	}
	return err_null_format(Exc_TypeError, "'%s' object is not subscriptable", t->name);
}

int obj_setitem(Value o, Value k, Value v)
{
	Type *t = val_type(o);
	if (!t->setitem) {
		err_format(Exc_TypeError, "'%s' object does not support item assignment", t->name);
		return -1;
	}
	return t->setitem(o, k, v);
}

int obj_delitem(Value o, Value k)
{
	Type *t = val_type(o);
	if (!t->setitem) {
		err_format(Exc_TypeError, "'%s' object does not support item deletion", t->name);
		return -1;
	}
	return t->setitem(o, k, v_null());
}

ssize_t obj_len(Value v)
{
	Type *t = val_type(v);
	if (!t->len) {
		err_format(Exc_TypeError, "object of type '%s' has no len()", t->name);
		return -1;
	}
	return t->len(v);
}

int obj_contains(Value c, Value item)
{
	Type *t = val_type(c);
	if (t->contains)
		return t->contains(c, item);
	Value it = obj_iter(c);
	if (IS_NULL(it)) {
		if (err_matches(Exc_TypeError)) {
			err_clear();
			err_format(Exc_TypeError, "argument of type '%s' is not iterable", t->name);
		}
		return -1;
	}
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		int eq = obj_eq(x, item);
		val_decref(x);
		if (eq != 0) {
			val_decref(it);
			return eq;
		}
	}
	val_decref(it);
	return err_occurred() ? -1 : 0;
}

/* ---- numbers ---------------------------------------------------------- */

static const char *const binop_syms[NB_COUNT] = {
	"+", "-", "*", "/", "//", "%", "** or pow()", "<<", ">>", "&", "|", "^", "@", "divmod()"
};
static const char *const inplace_syms[NB_COUNT] = {
	"+=", "-=", "*=", "/=", "//=", "%=", "**=", "<<=", ">>=", "&=", "|=", "^=", "@=", "divmod()"
};

const char *binop_symbol(int op) { return binop_syms[op]; }

static Value binop1(Value a, Value b, int op)
{
	Type *ta = val_type(a), *tb = val_type(b);
	binaryfn sa = ta->nb[op];
	binaryfn sb = ta != tb ? tb->nb[op] : NULL;
	if (sb == sa)
		sb = NULL;
	Value r;
	if (sa) {
		if (sb && type_is_subtype(tb, ta)) {
			r = sb(a, b);
			if (!is_notimpl(r))
				return r;
			val_decref(r);
			sb = NULL;
		}
		r = sa(a, b);
		if (!is_notimpl(r))
			return r;
		val_decref(r);
	}
	if (sb) {
		r = sb(a, b);
		if (!is_notimpl(r))
			return r;
		val_decref(r);
	}
	return v_notimpl();
}

/* Does v's type repeat with * (CPython's sq_repeat): str, list, tuple,
 * bytes, bytearray and their subclasses. */
static bool has_sq_repeat(Value v)
{
	if (IS_STR(v) || IS_LIST(v) || IS_TUPLE(v))
		return true;
	return v.tag == V_OBJ && (val_isinstance(v, &bytes_type) || val_isinstance(v, &bytearray_type));
}

/* The error of a * that no operand implemented: a sequence times a
 * non-int names the other operand, the left sequence first (CPython's
 * sequence_repeat after binary_op1). */
static Value mul_error(Value a, Value b, const char *sym)
{
	if (has_sq_repeat(a) || has_sq_repeat(b))
		return err_null_format(Exc_TypeError, "can't multiply sequence by non-int of type '%s'",
				       type_name_of(has_sq_repeat(a) ? b : a));
	return err_null_format(Exc_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
			       sym, type_name_of(a), type_name_of(b));
}

static Value binop_error(Value a, Value b, int op);

Value binop(Value a, Value b, int op)
{
	if (a.tag == V_INT && b.tag == V_INT && op != NB_MATMUL)   /* int has no @ */
		return int_binop(a, b, op);
	if ((a.tag == V_FLOAT && (b.tag == V_FLOAT || b.tag == V_INT)) ||
	    (b.tag == V_FLOAT && a.tag == V_INT)) {
		/* NotImplemented (a float operand of | & ^ << >> @) falls to
		 * the error below, as no operand implements the operator */
		Value f = float_binop(a, b, op);
		if (!is_notimpl(f))
			return f;
		val_decref(f);
	}
	Value r = binop1(a, b, op);
	if (!is_notimpl(r))
		return r;
	val_decref(r);
	return binop_error(a, b, op);
}

/* binop(a, b, op) after type(a)'s Python __op__, found by type_binop_func
 * and run by the VM, returned NotImplemented: b's slot if its type has
 * another one, then the error. */
Value binop_rest(Value a, Value b, int op)
{
	Type *ta = val_type(a), *tb = val_type(b);
	binaryfn sb = ta != tb ? tb->nb[op] : NULL;
	if (sb && sb != ta->nb[op]) {
		Value r = sb(a, b);
		if (!is_notimpl(r))
			return r;
		val_decref(r);
	}
	return binop_error(a, b, op);
}

/* The TypeError of a binary operator no operand implements. */
static Value binop_error(Value a, Value b, int op)
{
	if (op == NB_POW)
		return err_null_format(Exc_TypeError, "unsupported operand type(s) for ** or pow(): '%s' and '%s'",
				       type_name_of(a), type_name_of(b));
	if (op == NB_DIVMOD)
		return err_null_format(Exc_TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'",
				       type_name_of(a), type_name_of(b));
	if (op == NB_ADD && IS_STR(a))
		return err_null_format(Exc_TypeError, "can only concatenate str (not \"%s\") to str", type_name_of(b));
	if (op == NB_ADD && IS_LIST(a))
		return err_null_format(Exc_TypeError, "can only concatenate list (not \"%s\") to list", type_name_of(b));
	if (op == NB_ADD && IS_TUPLE(a))
		return err_null_format(Exc_TypeError, "can only concatenate tuple (not \"%s\") to tuple", type_name_of(b));
	if (op == NB_MUL)   /* sequence repetition is the sequences' nb_mul here */
		return mul_error(a, b, binop_syms[op]);
	return err_null_format(Exc_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
			       binop_syms[op], type_name_of(a), type_name_of(b));
}

Value inplace_op(Value a, Value b, int op)
{
	if (a.tag == V_INT && b.tag == V_INT && op != NB_MATMUL)   /* int has no @ */
		return int_binop(a, b, op);
	if (a.tag == V_FLOAT && (b.tag == V_FLOAT || b.tag == V_INT)) {
		Value f = float_binop(a, b, op);
		if (!is_notimpl(f))
			return f;
		val_decref(f);
	}
	Type *ta = val_type(a);
	if (ta->nb_inplace[op]) {
		Value r = ta->nb_inplace[op](a, b);
		if (!is_notimpl(r))
			return r;
		val_decref(r);
	}
	Value r = binop1(a, b, op);
	if (!is_notimpl(r))
		return r;
	val_decref(r);
	if (op == NB_ADD && IS_STR(a))
		return err_null_format(Exc_TypeError, "can only concatenate str (not \"%s\") to str", type_name_of(b));
	if (op == NB_ADD && IS_LIST(a))
		return err_null_format(Exc_TypeError, "'%s' object is not iterable", type_name_of(b));
	if (op == NB_ADD && IS_TUPLE(a))
		return err_null_format(Exc_TypeError, "can only concatenate tuple (not \"%s\") to tuple", type_name_of(b));
	if (op == NB_MUL)
		return mul_error(a, b, inplace_syms[op]);
	return err_null_format(Exc_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
			       inplace_syms[op], type_name_of(a), type_name_of(b));
}

Value unary_neg(Value v)
{
	if (v.tag == V_INT && v.u.i != INT64_MIN)
		return v_int(-v.u.i);
	if (v.tag == V_FLOAT)
		return v_float(-v.u.f);
	Type *t = val_type(v);
	if (!t->neg)
		return err_null_format(Exc_TypeError, "bad operand type for unary -: '%s'", t->name);
	return t->neg(v);
}

Value unary_pos(Value v)
{
	if (v.tag == V_INT || v.tag == V_FLOAT)
		return v;
	Type *t = val_type(v);
	if (!t->pos)
		return err_null_format(Exc_TypeError, "bad operand type for unary +: '%s'", t->name);
	return t->pos(v);
}

Value unary_invert(Value v)
{
	if (v.tag == V_INT)
		return v_int(~v.u.i);
	Type *t = val_type(v);
	if (!t->invert)
		return err_null_format(Exc_TypeError, "bad operand type for unary ~: '%s'", t->name);
	return t->invert(v);
}

Value obj_abs(Value v)
{
	Type *t = val_type(v);
	if (!t->absval)
		return err_null_format(Exc_TypeError, "bad operand type for abs(): '%s'", t->name);
	return t->absval(v);
}

Value obj_index(Value v)
{
	if (v.tag == V_INT)
		return v;
	if (v.tag == V_BOOL)
		return v_int(v.u.i);
	if (IS_BIGINT(v))
		return val_incref(v);
	Type *t = val_type(v);
	if (!t->index)
		return err_null_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", t->name);
	Value r = t->index(v);
	if (!IS_NULL(r) && !is_intlike(r)) {
		err_format(Exc_TypeError, "__index__ returned non-int (type %s)", type_name_of(r));
		val_decref(r);
		return v_null();
	}
	return r;
}

bool val_as_ssize(Value v, ssize_t *out)
{
	if (v.tag == V_INT || v.tag == V_BOOL) {
		*out = (ssize_t)v.u.i;
		return true;
	}
	Value i = obj_index(v);
	if (IS_NULL(i))
		return false;
	int64_t x;
	if (!int_as_i64(i, &x)) {
		err_format(Exc_OverflowError, "Python int too large to convert to C ssize_t");
		val_decref(i);
		return false;
	}
	val_decref(i);
	*out = (ssize_t)x;
	return true;
}

Value obj_format(Value v, Value spec)
{
	if (IS_STR(spec) && AS_STR(spec)->nbytes == 0) {
		if (obj_is(v, &str_type))
			return val_incref(v);
		if (v.tag == V_INT || v.tag == V_FLOAT || val_isinstance(v, &type_type))
			return obj_str(v);  /* a class: int.__format__ would be unbound */
	}
	Value simple;
	if (IS_STR(spec) && str_format_simple(v, AS_STR(spec), &simple))
		return simple;
	Value f = obj_getattr(v, ID(__format__));
	if (IS_NULL(f))
		return f;
	Value r = call1(f, spec);
	val_decref(f);
	if (!IS_NULL(r) && !IS_STR(r)) {
		err_format(Exc_TypeError, "__format__ must return a str, not %s", type_name_of(r));
		val_decref(r);
		return v_null();
	}
	return r;
}

static int cmp_str_vals(const void *a, const void *b)
{
	return str_compare(AS_STR(*(const Value *)a), AS_STR(*(const Value *)b));
}

/* ---- read-only members ------------------------------------------------- */

static int readonly_member_set(Value self, Value v)
{
	(void)self;
	(void)v;
	err_format(Exc_AttributeError, "readonly attribute");
	return -1;
}

/* Adds the attribute name to the builtin type t as CPython's READONLY
 * members (complex.real, range.start, slice.stop): assigning or deleting
 * it raises AttributeError "readonly attribute", not the "is not
 * writable" of a getset without a setter. */
void type_add_member_ro(Type *t, const char *name, unaryfn get);
void type_add_member_ro(Type *t, const char *name, unaryfn get)
{
	type_add_getset(t, name, get);
	Str *key = str_intern(name);
	Value d = dict_get_str(t->dict, key);
	obj_decref(&key->ob);
	if (obj_is(d, &getset_type))
		((GetSet *)d.u.o)->set = readonly_member_set;
}

/* ---- dir() ---------------------------------------------------------------- */

/* Does the __slots__ value sl (a str or a sequence of str) name name? */
static bool slots_name(Value sl, const char *name)
{
	if (IS_STR(sl))
		return strcmp(AS_STR(sl)->data, name) == 0;
	const Value *it = NULL;
	size_t n = 0;
	if (IS_TUPLE(sl)) {
		it = AS_TUPLE(sl)->items;
		n = AS_TUPLE(sl)->n;
	} else if (IS_LIST(sl)) {
		it = AS_LIST(sl)->items;
		n = AS_LIST(sl)->n;
	}
	for (size_t i = 0; i < n; i++)
		if (IS_STR(it[i]) && strcmp(AS_STR(it[i])->data, name) == 0)
			return true;
	return false;
}

/* Which of __dict__ and __weakref__ the classes of t's MRO add, as
 * CPython's type_new does: a class statement without __slots__ (or whose
 * __slots__ names them) adds __dict__, and __weakref__ unless its builtin
 * base is variable-size (int, tuple, bytes) or already weak-referenceable
 * (set, frozenset, type). */
static void class_adds_dict_weakref(Type *t, bool *dict, bool *weakref)
{
	for (size_t i = 0; t->mro && i < t->mro->n; i++) {
		Type *c = (Type *)t->mro->items[i].u.o;
		if (c == Exc_BaseException || c == &func_type)
			*dict = true;   /* builtins whose instances have a __dict__ */
		if (!(c->flags & TF_HEAPTYPE) || !c->dict)
			continue;
		Value sl = dict_get_str(c->dict, ID(__slots__));
		if (IS_NULL(sl) || slots_name(sl, "__dict__"))
			*dict = true;
		if (!IS_NULL(sl) && !slots_name(sl, "__weakref__"))
			continue;
		Type *b = c;
		while (b->base && (b->flags & TF_HEAPTYPE))
			b = b->base;
		if (!type_is_subtype(b, &int_type) && !type_is_subtype(b, &tuple_type) &&
		    !type_is_subtype(b, &bytes_type) && !type_is_subtype(b, &set_type) &&
		    !type_is_subtype(b, &frozenset_type) && !type_is_subtype(b, &type_type))
			*weakref = true;
	}
}

Value obj_dir(Value v)
{
	Dict *names = dict_new();
	if (!names)
		return v_null();
	Type *t = val_type(v);
	Dict **dp = v.tag == V_OBJ ? obj_dict_ptr(v.u.o) : NULL;
	if (dp && *dp)
		dict_update(names, v_obj(&(*dp)->ob));
	if (t == &module_type || type_is_subtype(t, &module_type)) {
		/* module.__dir__: the module's own names, or its __dir__() */
		Dict *md = ((Module *)v.u.o)->dict;
		Value f = md ? dict_get_str(md, ID(__dir__)) : v_null();
		obj_decref(&names->ob);
		if (!IS_NULL(f)) {
			Value r = call0(f);
			if (IS_NULL(r))
				return r;
			Value l = seq_to_list(r);
			val_decref(r);
			if (!IS_NULL(l)) {
				Value sorted = list_sort(AS_LIST(l), v_null(), false);
				if (IS_NULL(sorted))
					VAL_CLEAR(l);
				val_decref(sorted);
			}
			return l;
		}
		List *l = list_with_cap(md ? md->used : 0);
		size_t pos = 0;
		Value k;
		while (l && md && dict_next(md, &pos, &k, NULL))
			if (IS_STR(k) && !list_append(l, k)) {
				obj_decref(&l->ob);
				return v_null();
			}
		if (l)
			qsort(l->items, l->n, sizeof(Value), cmp_str_vals);
		return l ? v_obj(&l->ob) : v_null();
	}
	Type *walk = (t == &type_type || (t->flags & TF_TYPE_SUB)) ? (Type *)v.u.o : t;
	Value dict_name = str_value(ID(__dict__));
	for (size_t i = 0; walk->mro && i < walk->mro->n; i++) {
		Type *c = (Type *)walk->mro->items[i].u.o;
		if (!c->dict)
			continue;
		/* object's generic __dict__ getset serves every class here; in
		 * CPython only the classes that add a dict have one */
		bool had = c == &object_type && !IS_NULL(dict_get(names, dict_name));
		dict_update(names, v_obj(&c->dict->ob));
		if (c == &object_type && !had && dict_del(names, dict_name) < 0)
			err_clear();
	}
	bool adds_dict = false, adds_weakref = false;
	class_adds_dict_weakref(walk, &adds_dict, &adds_weakref);
	if (adds_dict)
		dict_set(names, dict_name, v_none());
	if (adds_weakref)
		dict_set_str(names, ID(__weakref__), v_none());
	List *l = list_with_cap(names->used);
	size_t pos = 0;
	Value k;
	while (dict_next(names, &pos, &k, NULL))
		if (IS_STR(k))
			list_append(l, k);
	obj_decref(&names->ob);
	qsort(l->items, l->n, sizeof(Value), cmp_str_vals);
	return v_obj(&l->ob);
}
