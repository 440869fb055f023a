/* range.c -- range and slice objects, the singletons (None, Ellipsis,
 * NotImplemented), and the builtin iterator types enumerate, zip, map,
 * filter and iter(callable, sentinel); also typing's `X | Y` unions and
 * `list[int]` aliases (just enough to print and isinstance-check).
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"

/* ---- slice --------------------------------------------------------------------- */

Value slice_new(Value a, Value b, Value c)
{
	Slice *s = (Slice *)obj_alloc(&slice_type, sizeof(Slice));
	if (!s)
		return v_null();
	s->start = val_incref(a);
	s->stop = val_incref(b);
	s->step = val_incref(c);
	return v_obj(&s->ob);
}

static bool slice_int(Value v, ssize_t *out, ssize_t dflt)
{
	if (IS_NONE(v)) {
		*out = dflt;
		return true;
	}
	if (v.tag == V_INT) {
		*out = (ssize_t)v.u.i;
		return true;
	}
	if (!is_intlike(v) && !val_type(v)->index) {
		err_format(Exc_TypeError, "slice indices must be integers or None or have an __index__ method");
		return false;
	}
	Value i = obj_index(v);
	if (IS_NULL(i))
		return false;
	int64_t x;
	if (!int_as_i64(i, &x))
		x = int_sign(i) < 0 ? INT64_MIN / 2 : INT64_MAX / 2;
	val_decref(i);
	*out = (ssize_t)x;
	return true;
}

bool slice_indices(Slice *s, ssize_t len, ssize_t *start, ssize_t *stop, ssize_t *step, ssize_t *slicelen)
{
	ssize_t st;
	if (!slice_int(s->step, &st, 1))
		return false;
	if (st == 0) {
		err_format(Exc_ValueError, "slice step cannot be zero");
		return false;
	}
	ssize_t lo_def = st < 0 ? len - 1 : 0, hi_def = st < 0 ? -1 : len;
	ssize_t a, b;
	if (!slice_int(s->start, &a, lo_def) || !slice_int(s->stop, &b, hi_def))
		return false;
	if (!IS_NONE(s->start)) {
		if (a < 0) {
			a += len;
			if (a < 0)
				a = st < 0 ? -1 : 0;
		} else if (a >= len) {
			a = st < 0 ? len - 1 : len;
		}
	}
	if (!IS_NONE(s->stop)) {
		if (b < 0) {
			b += len;
			if (b < 0)
				b = st < 0 ? -1 : 0;
		} else if (b >= len) {
			b = st < 0 ? len - 1 : len;
		}
	}
	ssize_t n = 0;
	if (st < 0) {
		if (b < a)
			n = (a - b - 1) / (-st) + 1;
	} else if (a < b) {
		n = (b - a - 1) / st + 1;
	}
	*start = a;
	*stop = b;
	*step = st;
	*slicelen = n;
	return true;
}

static void slice_dealloc(Obj *o)
{
	Slice *s = (Slice *)o;
	val_decref(s->start);
	val_decref(s->stop);
	val_decref(s->step);
	obj_free(o);
}

static Value slice_repr(Value v)
{
	Slice *s = (Slice *)v.u.o;
	StrBuf b;
	sb_init(&b);
	sb_adds(&b, "slice(");
	sb_add_repr(&b, s->start);
	sb_adds(&b, ", ");
	sb_add_repr(&b, s->stop);
	sb_adds(&b, ", ");
	sb_add_repr(&b, s->step);
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

static Value slice_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("slice", nargs, kw, 1, 3))
		return v_null();
	if (nargs == 1)
		return slice_new(v_none(), args[0], v_none());
	return slice_new(args[0], args[1], nargs == 3 ? args[2] : v_none());
}

static Value slice_richcmp(Value a, Value b, int op)
{
	if (!obj_is(b, &slice_type))
		return v_notimpl();
	Slice *x = (Slice *)a.u.o, *y = (Slice *)b.u.o;
	Value xa[3] = {x->start, x->stop, x->step}, ya[3] = {y->start, y->stop, y->step};
	return seq_richcmp(xa, 3, ya, 3, op);
}

static Value slice_get_start(Value v) { return val_incref(((Slice *)v.u.o)->start); }
static Value slice_get_stop(Value v) { return val_incref(((Slice *)v.u.o)->stop); }
static Value slice_get_step(Value v) { return val_incref(((Slice *)v.u.o)->step); }

static Value m_slice_indices(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("indices", nargs, kw, 1, 1))
		return v_null();
	ssize_t len, a, b, st, n;
	if (!val_as_ssize(args[0], &len))
		return v_null();
	if (len < 0)
		return err_null_format(Exc_ValueError, "length should not be negative");
	if (!slice_indices((Slice *)self.u.o, len, &a, &b, &st, &n))
		return v_null();
	Value items[3] = {v_int(a), v_int(b), v_int(st)};
	return v_obj(&tuple_from(items, 3)->ob);
}

/* ---- range ------------------------------------------------------------------------ */

static Value range_make(Type *t, Value start, Value stop, Value step)
{
	Range *r = (Range *)obj_alloc(&range_type, sizeof(Range));
	if (!r)
		return v_null();
	r->start = val_incref(start);
	r->stop = val_incref(stop);
	r->step = val_incref(step);
	int64_t a, b, s;
	r->small = int_as_i64(start, &a) && int_as_i64(stop, &b) && int_as_i64(step, &s) &&
		   a > INT64_MIN / 4 && a < INT64_MAX / 4 && b > INT64_MIN / 4 && b < INT64_MAX / 4;
	if (r->small) {
		r->s = a;
		r->e = b;
		r->st = s;
		if (s > 0)
			r->n = a < b ? (b - a - 1) / s + 1 : 0;
		else
			r->n = a > b ? (a - b - 1) / (-s) + 1 : 0;
	}
	return v_obj(&r->ob);
}

static Value range_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "range() takes no keyword arguments");
	if (nargs == 0)
		return err_null_format(Exc_TypeError, "range expected at least 1 argument, got 0");
	if (nargs > 3)
		return err_null_format(Exc_TypeError, "range expected at most 3 arguments, got %zu", nargs);
	Value v[3];
	for (size_t i = 0; i < nargs; i++) {
		v[i] = obj_index(args[i]);
		if (IS_NULL(v[i])) {
			for (size_t j = 0; j < i; j++)
				val_decref(v[j]);
			return v_null();
		}
	}
	Value r;
	if (nargs == 1) {
		r = range_make(t, v_int(0), v[0], v_int(1));
	} else {
		Value step = nargs == 3 ? v[2] : v_int(1);
		if (int_sign(step) == 0) {
			for (size_t j = 0; j < nargs; j++)
				val_decref(v[j]);
			return err_null_format(Exc_ValueError, "range() arg 3 must not be zero");
		}
		r = range_make(t, v[0], v[1], step);
	}
	for (size_t j = 0; j < nargs; j++)
		val_decref(v[j]);
	return r;
}

static void range_dealloc(Obj *o)
{
	Range *r = (Range *)o;
	val_decref(r->start);
	val_decref(r->stop);
	val_decref(r->step);
	obj_free(o);
}

/* generic length: max(0, ceil((stop-start)/step)) with ints */
static Value range_len_value(Range *r)
{
	if (r->small)
		return v_int(r->n);
	Value diff, n;
	bool pos = int_sign(r->step) > 0;
	diff = pos ? binop(r->stop, r->start, NB_SUB) : binop(r->start, r->stop, NB_SUB);
	if (IS_NULL(diff))
		return diff;
	if (int_sign(diff) <= 0) {
		val_decref(diff);
		return v_int(0);
	}
	Value st = pos ? val_incref(r->step) : int_neg(r->step);
	Value d1 = binop(diff, v_int(1), NB_SUB);
	n = binop(d1, st, NB_FLOORDIV);
	Value res = binop(n, v_int(1), NB_ADD);
	val_decref(diff);
	val_decref(st);
	val_decref(d1);
	val_decref(n);
	return res;
}

static ssize_t range_len(Value v)
{
	Range *r = (Range *)v.u.o;
	if (r->small)
		return (ssize_t)r->n;
	Value n = range_len_value(r);
	if (IS_NULL(n))
		return -1;
	int64_t x;
	if (!int_as_i64(n, &x)) {
		val_decref(n);
		err_format(Exc_OverflowError, "Python int too large to convert to C ssize_t");
		return -1;
	}
	return (ssize_t)x;
}

/* bool(range): true when not empty, also for lengths beyond ssize_t */
static int range_truth(Value v)
{
	Range *r = (Range *)v.u.o;
	if (r->small)
		return r->n != 0;
	Value n = range_len_value(r);
	if (IS_NULL(n))
		return -1;
	int t = obj_truth(n);
	val_decref(n);
	return t;
}

static Value range_item(Range *r, Value i)
{
	Value m = binop(i, r->step, NB_MUL);
	if (IS_NULL(m))
		return m;
	Value res = binop(r->start, m, NB_ADD);
	val_decref(m);
	return res;
}

/* One bound of a slice of a sequence of length len, as CPython's
 * _PySlice_GetLongIndices computes it in arbitrary precision: None is
 * dflt, a negative index counts from the end, and the result is clamped
 * to [lower, upper].  A new reference, or null with an error set. */
static Value slice_index(Value x)
{
	if (!is_intlike(x) && !val_type(x)->index)
		return err_null_format(Exc_TypeError, "slice indices must be integers or None or have an __index__ method");
	return obj_index(x);
}

static Value slice_bound(Value x, Value len, Value lower, Value upper, Value dflt)
{
	if (IS_NONE(x))
		return val_incref(dflt);
	Value i = slice_index(x);
	if (IS_NULL(i))
		return i;
	if (int_sign(i) < 0) {
		Value j = binop(i, len, NB_ADD);
		val_decref(i);
		if (IS_NULL(j))
			return j;
		i = j;
		if (int_cmp(i, lower) < 0) {
			val_decref(i);
			return val_incref(lower);
		}
	} else if (int_cmp(i, upper) > 0) {
		val_decref(i);
		return val_incref(upper);
	}
	return i;
}

/* r[k] for a slice k, as CPython's compute_slice: the slice's indices
 * over len(r) (any size), then start + index * step for each bound, so
 * range(4)[1::2] is range(1, 4, 2). */
static Value range_slice(Range *r, Slice *k)
{
	Value step = IS_NONE(k->step) ? v_int(1) : slice_index(k->step);
	if (IS_NULL(step))
		return step;
	if (int_sign(step) == 0) {
		val_decref(step);
		return err_null_format(Exc_ValueError, "slice step cannot be zero");
	}
	Value len = range_len_value(r);
	if (IS_NULL(len)) {
		val_decref(step);
		return len;
	}
	bool neg = int_sign(step) < 0;
	Value lower = v_int(neg ? -1 : 0);
	Value upper = neg ? binop(len, v_int(1), NB_SUB) : val_incref(len);
	Value a = v_null(), b = v_null(), res = v_null();
	if (IS_NULL(upper))
		goto out;
	a = slice_bound(k->start, len, lower, upper, neg ? upper : lower);
	if (IS_NULL(a))
		goto out;
	b = slice_bound(k->stop, len, lower, upper, neg ? lower : upper);
	if (IS_NULL(b))
		goto out;
	Value bounds[2] = {a, b}, made[2] = {v_null(), v_null()};
	for (int i = 0; i < 2; i++) {
		Value off = binop(bounds[i], r->step, NB_MUL);
		if (IS_NULL(off))
			break;
		made[i] = binop(r->start, off, NB_ADD);
		val_decref(off);
		if (IS_NULL(made[i]))
			break;
	}
	Value new_step = binop(r->step, step, NB_MUL);
	if (!IS_NULL(made[0]) && !IS_NULL(made[1]) && !IS_NULL(new_step))
		res = range_make(&range_type, made[0], made[1], new_step);
	val_decref(made[0]);
	val_decref(made[1]);
	val_decref(new_step);
out:
	val_decref(a);
	val_decref(b);
	val_decref(upper);
	val_decref(len);
	val_decref(step);
	return res;
}

static Value range_getitem(Value v, Value k)
{
	Range *r = (Range *)v.u.o;
	if (IS_SLICE(k))
		return range_slice(r, (Slice *)k.u.o);
	if (!is_intlike(k) && !val_type(k)->index)
		return err_null_format(Exc_TypeError, "range indices must be integers or slices, not %s", type_name_of(k));
	if (r->small && k.tag == V_INT) {
		int64_t i = k.u.i;
		if (i < 0)
			i += r->n;
		if (i < 0 || i >= r->n)
			return err_null_format(Exc_IndexError, "range object index out of range");
		return v_int(r->s + i * r->st);
	}
	Value idx = obj_index(k);
	if (IS_NULL(idx))
		return idx;
	Value len = range_len_value(r);
	if (int_sign(idx) < 0) {
		Value t = binop(idx, len, NB_ADD);
		val_decref(idx);
		idx = t;
	}
	if (int_sign(idx) < 0 || int_cmp(idx, len) >= 0) {
		val_decref(idx);
		val_decref(len);
		return err_null_format(Exc_IndexError, "range object index out of range");
	}
	val_decref(len);
	Value res = range_item(r, idx);
	val_decref(idx);
	return res;
}

static int range_contains(Value v, Value x)
{
	Range *r = (Range *)v.u.o;
	if (x.tag == V_INT && r->small) {
		int64_t i = x.u.i;
		if (r->st > 0 ? (i < r->s || i >= r->e) : (i > r->s || i <= r->e))
			return 0;
		return (i - r->s) % r->st == 0;
	}
	if (is_intlike(x) && x.tag != V_BOOL) {
		bool pos = int_sign(r->step) > 0;
		int c1 = int_cmp(x, r->start), c2 = int_cmp(x, r->stop);
		if (pos ? (c1 < 0 || c2 >= 0) : (c1 > 0 || c2 <= 0))
			return 0;
		Value d = binop(x, r->start, NB_SUB);
		Value m = binop(d, r->step, NB_MOD);
		int res = int_sign(m) == 0;
		val_decref(d);
		val_decref(m);
		return res;
	}
	Value it = obj_iter(v);
	Value y;
	while (!IS_NULL(y = obj_next(it))) {
		int eq = obj_eq(y, x);
		val_decref(y);
		if (eq) {
			val_decref(it);
			return eq;
		}
	}
	val_decref(it);
	return 0;
}

static Value range_repr(Value v)
{
	Range *r = (Range *)v.u.o;
	StrBuf b;
	sb_init(&b);
	sb_adds(&b, "range(");
	sb_add_repr(&b, r->start);
	sb_adds(&b, ", ");
	sb_add_repr(&b, r->stop);
	if (!(r->step.tag == V_INT && r->step.u.i == 1)) {
		sb_adds(&b, ", ");
		sb_add_repr(&b, r->step);
	}
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

static Value range_richcmp(Value a, Value b, int op)
{
	if (!obj_is(b, &range_type) || (op != CMP_EQ && op != CMP_NE))
		return v_notimpl();
	Range *x = (Range *)a.u.o, *y = (Range *)b.u.o;
	Value lx = range_len_value(x), ly = range_len_value(y);
	bool eq = int_cmp(lx, ly) == 0;
	if (eq && int_sign(lx) > 0) {
		eq = int_cmp(x->start, y->start) == 0;
		if (eq && !(lx.tag == V_INT && lx.u.i == 1))
			eq = int_cmp(x->step, y->step) == 0;
	}
	val_decref(lx);
	val_decref(ly);
	return v_bool(op == CMP_EQ ? eq : !eq);
}

static bool range_hash(Value v, int64_t *out)
{
	Range *r = (Range *)v.u.o;
	Value len = range_len_value(r);
	Value items[3] = {len, r->start, r->step};
	Tuple *t = tuple_from(items, 3);
	val_decref(len);
	bool ok = obj_hash(v_obj(&t->ob), out);
	obj_decref(&t->ob);
	return ok;
}

typedef struct RangeIter {
	Obj ob;
	int64_t cur, step, left;
	Value big_cur, big_step, big_left;   /* big ranges */
	bool big;
} RangeIter;

static Value range_iter(Value v)
{
	Range *r = (Range *)v.u.o;
	RangeIter *it = (RangeIter *)obj_alloc(&range_iter_type, sizeof(RangeIter));
	if (!it)
		return v_null();
	if (r->small) {
		it->cur = r->s;
		it->step = r->st;
		it->left = r->n;
		it->big_cur = it->big_step = it->big_left = v_null();
	} else {
		it->big = true;
		it->big_cur = val_incref(r->start);
		it->big_step = val_incref(r->step);
		it->big_left = range_len_value(r);
	}
	return v_obj(&it->ob);
}

/* FOR_ITER's step over a range of machine ints: the next int in *out (the
 * VM stores it as one Value itself: a Value written here through a pointer,
 * tag and payload apart, would stall the VM's whole-Value load of it). */
bool range_iter_fast(Value v, int64_t *out);
bool range_iter_fast(Value v, int64_t *out)
{
	RangeIter *it = (RangeIter *)v.u.o;
	if (it->big || it->left <= 0)
		return false;
	*out = it->cur;
	it->cur += it->step;
	it->left--;
	return true;
}

static Value range_iter_next(Value v)
{
	RangeIter *it = (RangeIter *)v.u.o;
	if (!it->big) {
		int64_t i;
		return range_iter_fast(v, &i) ? v_int(i) : v_null();
	}
	if (int_sign(it->big_left) <= 0)
		return v_null();
	Value r = it->big_cur;
	it->big_cur = binop(r, it->big_step, NB_ADD);
	Value nl = binop(it->big_left, v_int(1), NB_SUB);
	val_decref(it->big_left);
	it->big_left = nl;
	return r;
}

static void range_iter_dealloc(Obj *o)
{
	RangeIter *it = (RangeIter *)o;
	val_decref(it->big_cur);
	val_decref(it->big_step);
	val_decref(it->big_left);
	obj_free(o);
}

static Value range_get_start(Value v) { return val_incref(((Range *)v.u.o)->start); }
static Value range_get_stop(Value v) { return val_incref(((Range *)v.u.o)->stop); }
static Value range_get_step(Value v) { return val_incref(((Range *)v.u.o)->step); }

static Value m_range_index(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("index", nargs, kw, 1, 1))
		return v_null();
	Range *r = (Range *)self.u.o;
	int c = range_contains(self, args[0]);
	if (c < 0)
		return v_null();
	if (!c) {
		Value rep = obj_repr(args[0]);
		err_format(Exc_ValueError, "%s is not in range", IS_NULL(rep) ? "?" : AS_STR(rep)->data);
		val_decref(rep);
		return v_null();
	}
	Value d = binop(args[0], r->start, NB_SUB);
	Value q = binop(d, r->step, NB_FLOORDIV);
	val_decref(d);
	return q;
}

static Value m_range_count(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("count", nargs, kw, 1, 1))
		return v_null();
	int c = range_contains(self, args[0]);
	return c < 0 ? v_null() : v_int(c);
}

static Value m_range_reversed(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Range *r = (Range *)self.u.o;
	Value len = range_len_value(r);
	Value lm1 = binop(len, v_int(1), NB_SUB);
	Value last = range_item(r, lm1);
	Value nstep = int_neg(r->step);
	Value stop = binop(r->start, nstep, NB_ADD);
	Value nr = range_make(&range_type, last, stop, nstep);
	Value it = range_iter(nr);
	val_decref(nr);
	val_decref(len);
	val_decref(lm1);
	val_decref(last);
	val_decref(nstep);
	val_decref(stop);
	return it;
}

/* ---- singletons ----------------------------------------------------------------- */

static Value none_repr(Value v) { return str_value(str_cstr("None")); }
static int none_truth(Value v) { return 0; }
static Value none_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (nargs || (kw && kw->n))
		return err_null_format(Exc_TypeError, "NoneType takes no arguments");
	return v_none();
}
static Value ellipsis_repr(Value v) { return str_value(str_cstr("Ellipsis")); }
static Value notimpl_repr(Value v) { return str_value(str_cstr("NotImplemented")); }

/* ---- enumerate / zip / map / filter / callable iterator ------------------------- */

typedef struct IterObj {
	Obj ob;
	Value a;          /* main iterator / function */
	Value b;          /* count / tuple of iterators / sentinel */
	int64_t n;
	bool strict;
} IterObj;

static Value iterobj_new(Type *t, Value a, Value b)
{
	IterObj *o = (IterObj *)obj_alloc(t, sizeof(IterObj));
	if (!o)
		return v_null();
	o->a = a;
	o->b = b;
	return v_obj(&o->ob);
}

static void iterobj_dealloc(Obj *o)
{
	val_decref(((IterObj *)o)->a);
	val_decref(((IterObj *)o)->b);
	obj_free(o);
}

static void iterobj_traverse(Obj *o, visitfn visit, void *arg)
{
	visit(((IterObj *)o)->a, arg);
	visit(((IterObj *)o)->b, arg);
}

static Value self_iter(Value v) { return val_incref(v); }

static bool enumerate_keyword_is(Tuple *kw, size_t i, const char *want)
{
	const char *k = AS_STR(kw->items[i])->data;
	if (strcmp(k, want) == 0)
		return true;
	err_format(Exc_TypeError, "'%s' is an invalid keyword argument for enumerate()", k);
	return false;
}

/* enumerate(iterable, start=0), its arguments checked in the order and
 * words of CPython 3.11's enumerate_vectorcall. */
static Value enumerate_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	size_t nkw = kw ? kw->n : 0;
	Value a[2] = {v_null(), v_null()};
	if (nargs + nkw == 2) {
		if (nkw == 1 && !enumerate_keyword_is(kw, 0, "start"))
			return v_null();
		if (nkw == 2 && !strcmp(AS_STR(kw->items[0])->data, "start")) {
			if (!enumerate_keyword_is(kw, 1, "iterable"))
				return v_null();
			a[0] = args[1];
			a[1] = args[0];
		} else {
			if (nkw == 2 && (!enumerate_keyword_is(kw, 0, "iterable") || !enumerate_keyword_is(kw, 1, "start")))
				return v_null();
			a[0] = args[0];
			a[1] = args[1];
		}
	} else if (nargs + nkw == 1) {
		if (nkw == 1 && !enumerate_keyword_is(kw, 0, "iterable"))
			return v_null();
		a[0] = args[0];
	} else if (nargs == 0) {
		return err_null_format(Exc_TypeError, "enumerate() missing required argument 'iterable'");
	} else {
		return err_null_format(Exc_TypeError, "enumerate() takes at most 2 arguments (%zu given)", nargs + nkw);
	}
	Value it = obj_iter(a[0]);
	if (IS_NULL(it))
		return it;
	Value start = v_int(0);
	if (!IS_NULL(a[1])) {
		start = obj_index(a[1]);
		if (IS_NULL(start)) {
			val_decref(it);
			return start;
		}
	}
	return iterobj_new(&enumerate_type, it, start);
}

static Value enumerate_next(Value v)
{
	IterObj *o = (IterObj *)v.u.o;
	Value x = obj_next(o->a);
	if (IS_NULL(x))
		return x;
	Tuple *t = tuple_new(2);
	t->items[0] = o->b;
	t->items[1] = x;
	if (o->b.tag == V_INT && o->b.u.i < INT64_MAX) {
		o->b = v_int(o->b.u.i + 1);
	} else {
		o->b = binop(o->b, v_int(1), NB_ADD);
		val_incref(t->items[0]);
	}
	return v_obj(&t->ob);
}

static Value zip_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	bool strict = false;
	size_t nkw = kw ? kw->n : 0;
	for (size_t i = 0; i < nkw; i++) {
		if (strcmp(AS_STR(kw->items[i])->data, "strict"))
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for zip()", AS_STR(kw->items[i])->data);
		int tr = obj_truth(args[nargs + i]);
		if (tr < 0)
			return v_null();
		strict = tr;
	}
	Tuple *its = tuple_new(nargs);
	for (size_t i = 0; i < nargs; i++) {
		Value it = obj_iter(args[i]);
		if (IS_NULL(it)) {
			/* obj_iter's own error stands, as CPython's zip */
			for (size_t j = 0; j < i; j++)
				val_decref(its->items[j]);
			its->n = 0;
			obj_decref(&its->ob);
			return v_null();
		}
		its->items[i] = it;
	}
	Value r = iterobj_new(&zip_type, v_none(), v_obj(&its->ob));
	if (!IS_NULL(r))
		((IterObj *)r.u.o)->strict = strict;
	return r;
}

static Value zip_next(Value v)
{
	IterObj *o = (IterObj *)v.u.o;
	Tuple *its = AS_TUPLE(o->b);
	if (its->n == 0)
		return v_null();
	Tuple *t = tuple_new(its->n);
	for (size_t i = 0; i < its->n; i++) {
		Value x = obj_next(its->items[i]);
		if (IS_NULL(x)) {
			for (size_t j = 0; j < i; j++)
				val_decref(t->items[j]);
			t->n = 0;
			obj_decref(&t->ob);
			if (o->strict && !err_occurred()) {
				if (i > 0)
					return err_null_format(Exc_ValueError, "zip() argument %zu is shorter than argument%s%zu", i + 1, i == 1 ? " " : "s 1-", i);
				for (size_t j = 1; j < its->n; j++) {
					Value y = obj_next(its->items[j]);
					if (!IS_NULL(y)) {
						val_decref(y);
						return err_null_format(Exc_ValueError, "zip() argument %zu is longer than argument%s%zu", j + 1, j == 1 ? " " : "s 1-", j);
					}
					if (err_occurred())
						return v_null();
				}
			}
			return v_null();
		}
		t->items[i] = x;
	}
	return v_obj(&t->ob);
}

static Value map_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "map() takes no keyword arguments");
	if (nargs < 2)
		return err_null_format(Exc_TypeError, "map() must have at least two arguments.");
	Tuple *its = tuple_new(nargs - 1);
	for (size_t i = 1; i < nargs; i++) {
		Value it = obj_iter(args[i]);
		if (IS_NULL(it)) {
			for (size_t j = 1; j < i; j++)
				val_decref(its->items[j - 1]);
			its->n = 0;
			obj_decref(&its->ob);
			return v_null();
		}
		its->items[i - 1] = it;
	}
	return iterobj_new(&map_type, val_incref(args[0]), v_obj(&its->ob));
}

static Value map_next(Value v)
{
	IterObj *o = (IterObj *)v.u.o;
	Tuple *its = AS_TUPLE(o->b);
	Value argv[its->n ? its->n : 1];
	for (size_t i = 0; i < its->n; i++) {
		argv[i] = obj_next(its->items[i]);
		if (IS_NULL(argv[i])) {
			for (size_t j = 0; j < i; j++)
				val_decref(argv[j]);
			return v_null();
		}
	}
	Value r = obj_call(o->a, argv, its->n, NULL);
	for (size_t i = 0; i < its->n; i++)
		val_decref(argv[i]);
	return r;
}

static Value filter_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("filter", nargs, kw, 2, 2))
		return v_null();
	Value it = obj_iter(args[1]);
	if (IS_NULL(it))
		return it;
	return iterobj_new(&filter_type, val_incref(args[0]), it);
}

static Value filter_next(Value v)
{
	IterObj *o = (IterObj *)v.u.o;
	for (;;) {
		Value x = obj_next(o->b);
		if (IS_NULL(x))
			return x;
		int t;
		if (IS_NONE(o->a)) {
			t = obj_truth(x);
		} else {
			Value r = call1(o->a, x);
			if (IS_NULL(r)) {
				val_decref(x);
				return r;
			}
			t = obj_truth(r);
			val_decref(r);
		}
		if (t < 0) {
			val_decref(x);
			return v_null();
		}
		if (t)
			return x;
		val_decref(x);
	}
}

Value callable_iter_new(Value f, Value sentinel);
Value callable_iter_new(Value f, Value sentinel)
{
	return iterobj_new(&callable_iter_type, val_incref(f), val_incref(sentinel));
}

static Value callable_iter_next(Value v)
{
	IterObj *o = (IterObj *)v.u.o;
	if (IS_NULL(o->a))
		return v_null();
	Value r = call0(o->a);
	if (IS_NULL(r)) {
		if (err_matches(Exc_StopIteration)) {
			err_clear();
			VAL_CLEAR(o->a);
		}
		return r;
	}
	int eq = obj_eq(r, o->b);
	if (eq < 0) {
		val_decref(r);
		return v_null();
	}
	if (eq) {
		val_decref(r);
		VAL_CLEAR(o->a);
		return v_null();
	}
	return r;
}

static Value reversed_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	extern Value reversed_new(Value seq, ssize_t n);
	if (!args_check_positional("reversed", nargs, kw, 1, 1))
		return v_null();
	Value seq = args[0];
	Type *st = val_type(seq);
	Value rf = type_lookup(st, ID(__reversed__));
	if (!IS_NULL(rf)) {
		if (IS_NONE(rf))
			return err_null_format(Exc_TypeError, "'%s' object is not reversible", st->name);
		return call_method(seq, ID(__reversed__), NULL, 0);
	}
	if (!st->getitem || !st->len || st == &dict_type || IS_DICT(seq))
		return err_null_format(Exc_TypeError, "'%s' object is not reversible", st->name);
	ssize_t n = obj_len(seq);
	if (n < 0)
		return v_null();
	return reversed_new(seq, n);
}

/* ---- X | Y unions and list[int] aliases ------------------------------------------ */

typedef struct Alias {
	Obj ob;
	Value origin;      /* NULL for unions */
	Tuple *args;
} Alias;

static Type union_type, alias_type;

static void alias_dealloc(Obj *o)
{
	Alias *a = (Alias *)o;
	val_decref(a->origin);
	obj_decref(&a->args->ob);
	obj_free(o);
}

static void add_type_repr(StrBuf *b, Value v)
{
	if (v.tag == V_OBJ && v.u.o == &none_type.ob) {
		sb_adds(b, "None");
	} else if (val_isinstance(v, &type_type)) {
		Type *t = (Type *)v.u.o;
		if (t->flags & TF_HEAPTYPE) {
			Value mod = dict_get_str(t->dict, ID(__module__));
			if (!IS_NULL(mod) && IS_STR(mod) && strcmp(AS_STR(mod)->data, "builtins")) {
				sb_add_str(b, AS_STR(mod));
				sb_addc(b, '.');
			}
			sb_add_str(b, t->qualname);
		} else {
			sb_adds(b, t->name);
		}
	} else if (IS_NONE(v)) {
		sb_adds(b, "None");
	} else if (obj_is(v, &ellipsis_type)) {
		sb_adds(b, "...");
	} else {
		sb_add_repr(b, v);
	}
}

static Value alias_repr(Value v)
{
	Alias *a = (Alias *)v.u.o;
	StrBuf b;
	sb_init(&b);
	if (IS_NULL(a->origin)) {
		for (size_t i = 0; i < a->args->n; i++) {
			if (i)
				sb_adds(&b, " | ");
			add_type_repr(&b, a->args->items[i]);
		}
	} else {
		add_type_repr(&b, a->origin);
		sb_addc(&b, '[');
		for (size_t i = 0; i < a->args->n; i++) {
			if (i)
				sb_adds(&b, ", ");
			add_type_repr(&b, a->args->items[i]);
		}
		if (a->args->n == 0)
			sb_adds(&b, "()");
		sb_addc(&b, ']');
	}
	return str_value(sb_finish(&b));
}

static Value alias_or(Value a, Value b);

Value union_type_new(Value a, Value b);
Value union_type_new(Value a, Value b)
{
	List *items = list_new(0);
	Value parts[2] = {a, b};
	for (int k = 0; k < 2; k++) {
		Value p = parts[k];
		if (IS_NONE(p))
			p = v_obj(&none_type.ob);
		if (obj_is(p, &union_type)) {
			Alias *u = (Alias *)p.u.o;
			for (size_t i = 0; i < u->args->n; i++)
				list_append(items, u->args->items[i]);
		} else if (val_isinstance(p, &type_type) || obj_is(p, &alias_type)) {
			list_append(items, p);
		} else {
			obj_decref(&items->ob);
			return v_notimpl();
		}
	}
	/* dedupe */
	List *u = list_new(0);
	for (size_t i = 0; i < items->n; i++) {
		bool dup = false;
		for (size_t j = 0; j < u->n; j++)
			if (u->items[j].u.o == items->items[i].u.o)
				dup = true;
		if (!dup)
			list_append(u, items->items[i]);
	}
	obj_decref(&items->ob);
	if (u->n == 1) {
		Value r = val_incref(u->items[0]);
		obj_decref(&u->ob);
		return r;
	}
	Alias *al = (Alias *)obj_alloc(&union_type, sizeof(Alias));
	al->origin = v_null();
	al->args = tuple_from(u->items, u->n);
	obj_decref(&u->ob);
	return v_obj(&al->ob);
}

static Value alias_or(Value a, Value b) { return union_type_new(a, b); }

bool union_items(Value u, Tuple **out);
bool union_items(Value u, Tuple **out)
{
	if (!obj_is(u, &union_type))
		return false;
	*out = ((Alias *)u.u.o)->args;
	return true;
}

Value generic_alias_new(Value origin, Value args);
Value generic_alias_new(Value origin, Value args)
{
	Alias *al = (Alias *)obj_alloc(&alias_type, sizeof(Alias));
	if (!al)
		return v_null();
	al->origin = val_incref(origin);
	al->args = IS_TUPLE(args) ? AS_TUPLE(val_incref(args)) : tuple_from(&args, 1);
	return v_obj(&al->ob);
}

static Value alias_call(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return obj_call(((Alias *)self.u.o)->origin, args, nargs, kw);
}

static Value alias_getattr(Value v, Str *name)
{
	Alias *a = (Alias *)v.u.o;
	if (!strcmp(name->data, "__origin__") && !IS_NULL(a->origin))
		return val_incref(a->origin);
	if (!strcmp(name->data, "__args__")) {
		obj_incref(&a->args->ob);
		return v_obj(&a->args->ob);
	}
	if (name == ID(__doc__) && !IS_NULL(a->origin))
		return obj_getattr_opt(a->origin, name);   /* list[int].__doc__ is list's */
	Value r = generic_getattr(v, name);
	if (IS_NULL(r) && !err_occurred() && !IS_NULL(a->origin))
		return obj_getattr_opt(a->origin, name);
	return r;
}

static Value alias_richcmp(Value a, Value b, int op)
{
	if (val_type(a) != val_type(b) || (op != CMP_EQ && op != CMP_NE))
		return v_notimpl();
	Alias *x = (Alias *)a.u.o, *y = (Alias *)b.u.o;
	bool eq = x->origin.u.o == y->origin.u.o;
	if (eq) {
		Value r = obj_richcmp(v_obj(&x->args->ob), v_obj(&y->args->ob), CMP_EQ);
		if (IS_NULL(r))
			return r;
		eq = IS_BOOL(r) && r.u.i;
		val_decref(r);
	}
	return v_bool(op == CMP_EQ ? eq : !eq);
}

static bool alias_hash(Value v, int64_t *out)
{
	Alias *a = (Alias *)v.u.o;
	return obj_hash(v_obj(&a->args->ob), out);
}

/* ---- init ----------------------------------------------------------------------------- */

void complex_type_init(void);
void type_add_member_ro(Type *t, const char *name, unaryfn get);   /* abstract.c */
void range_types_init(void);
void range_types_init(void)
{
	Type *t = &slice_type;
	type_init_builtin(t, "slice", &object_type);
	t->dealloc = slice_dealloc;
	t->repr = slice_repr;
	t->new = slice_tp_new;
	t->richcmp = slice_richcmp;
	type_add_member_ro(t, "start", slice_get_start);
	type_add_member_ro(t, "stop", slice_get_stop);
	type_add_member_ro(t, "step", slice_get_step);
	type_add_method(t, "indices", m_slice_indices, 0);

	t = &range_type;
	type_init_builtin(t, "range", &object_type);
	t->dealloc = range_dealloc;
	t->new = range_tp_new;
	t->len = range_len;
	t->truth = range_truth;
	t->getitem = range_getitem;
	t->contains = range_contains;
	t->repr = range_repr;
	t->richcmp = range_richcmp;
	t->hash = range_hash;
	t->iter = range_iter;
	type_add_member_ro(t, "start", range_get_start);
	type_add_member_ro(t, "stop", range_get_stop);
	type_add_member_ro(t, "step", range_get_step);
	type_add_method(t, "index", m_range_index, 0);
	type_add_method(t, "count", m_range_count, 0);
	type_add_method(t, "__reversed__", m_range_reversed, 0);

	t = &range_iter_type;
	type_init_builtin(t, "range_iterator", &object_type);
	t->dealloc = range_iter_dealloc;
	t->iter = self_iter;
	t->next = range_iter_next;

	type_init_builtin(&none_type, "NoneType", &object_type);
	none_type.repr = none_repr;
	none_type.truth = none_truth;
	none_type.new = none_new;
	type_init_builtin(&ellipsis_type, "ellipsis", &object_type);
	ellipsis_type.repr = ellipsis_repr;
	ellipsis_obj.refcnt = 1 << 30;
	ellipsis_obj.type = &ellipsis_type;
	type_init_builtin(&notimpl_type, "NotImplementedType", &object_type);
	notimpl_type.repr = notimpl_repr;
	notimpl_obj.refcnt = 1 << 30;
	notimpl_obj.type = &notimpl_type;

	struct { Type *t; const char *name; Value (*nw)(Type *, const Value *, size_t, Tuple *); unaryfn next; } its[] = {
		{&enumerate_type, "enumerate", enumerate_new, enumerate_next},
		{&zip_type, "zip", zip_new, zip_next},
		{&map_type, "map", map_new, map_next},
		{&filter_type, "filter", filter_new, filter_next},
		{&callable_iter_type, "callable_iterator", NULL, callable_iter_next},
	};
	for (size_t i = 0; i < sizeof its / sizeof its[0]; i++) {
		t = its[i].t;
		type_init_builtin(t, its[i].name, &object_type);
		t->dealloc = iterobj_dealloc;
		t->traverse = iterobj_traverse;
		t->new = its[i].nw;
		t->iter = self_iter;
		t->next = its[i].next;
		if (its[i].nw)
			t->flags |= TF_BASETYPE;
	}
	reversed_type.new = reversed_tp_new;

	type_init_builtin(&union_type, "types.UnionType", &object_type);
	union_type.dealloc = alias_dealloc;
	union_type.repr = alias_repr;
	union_type.nb[NB_OR] = alias_or;
	union_type.getattr = alias_getattr;
	union_type.richcmp = alias_richcmp;
	union_type.hash = alias_hash;
	type_init_builtin(&alias_type, "types.GenericAlias", &object_type);
	alias_type.dealloc = alias_dealloc;
	alias_type.repr = alias_repr;
	alias_type.call = alias_call;
	alias_type.nb[NB_OR] = alias_or;
	alias_type.getattr = alias_getattr;
	alias_type.richcmp = alias_richcmp;
	alias_type.hash = alias_hash;

	complex_type_init();   /* worker/objects/complex.c */
}
