/* worker/modules/itertools/itertools.c -- the itertools module, part 1: the shared
 * iterator object, the module's init, and the simple lazy iterators
 * (count, cycle, repeat, accumulate, chain, compress, dropwhile, takewhile,
 * filterfalse, starmap, islice, zip_longest, pairwise), with CPython 3.11's
 * argument errors and reprs.  Part 2 is itertools_comb.c. */
#include "config.h"

#include <string.h>

#include "worker/modules/itertools/itertools.h"
#include "worker/modules/registry.h"

void type_ready(Type *t);

/* ---- shared object ------------------------------------------------------- */

It *it_alloc(Type *t)
{
	return (It *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(It));
}

void it_dealloc(Obj *o)
{
	It *it = (It *)o;
	val_decref(it->a);
	val_decref(it->b);
	val_decref(it->c);
	val_decref(it->d);
	val_decref(it->e);
	if (it->idx)
		mem_free(it->idx, it->nidx * sizeof(ssize_t));
	if (it->cyc)
		mem_free(it->cyc, it->ncyc * sizeof(ssize_t));
	obj_free(o);
}

void it_traverse(Obj *o, visitfn visit, void *arg)
{
	It *it = (It *)o;
	Value vs[5] = {it->a, it->b, it->c, it->d, it->e};
	for (int i = 0; i < 5; i++)
		if (!IS_NULL(vs[i]))
			visit(vs[i], arg);
}

Value it_self_iter(Value v) { return val_incref(v); }

void it_type_init(Type *t, const char *name, unaryfn next, bool subclassable)
{
	type_init_builtin(t, name, &object_type);
	t->basicsize = sizeof(It);
	t->dealloc = it_dealloc;
	t->traverse = it_traverse;
	t->iter = it_self_iter;
	t->next = next;
	if (subclassable)
		t->flags |= TF_BASETYPE;
}

bool it_no_kw(const char *name, Tuple *kw)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "%s() takes no keyword arguments", name);
		return false;
	}
	return true;
}

bool it_nargs(const char *name, size_t nargs, size_t min, size_t max)
{
	if (nargs >= min && nargs <= max)
		return true;
	if (min == max)
		err_format(Exc_TypeError, "%s expected %zu argument%s, got %zu", name, min, min == 1 ? "" : "s", nargs);
	else if (nargs < min)
		err_format(Exc_TypeError, "%s expected at least %zu argument%s, got %zu", name, min, min == 1 ? "" : "s", nargs);
	else
		err_format(Exc_TypeError, "%s expected at most %zu argument%s, got %zu", name, max, max == 1 ? "" : "s", nargs);
	return false;
}

bool it_kwparse(const char *name, const Value *args, size_t nargs, Tuple *kw,
		const char *const *names, size_t npos, size_t n, size_t nreq, Value *out)
{
	if (nargs > npos) {
		err_format(Exc_TypeError, "%s() takes at most %zu positional argument%s (%zu given)", name, npos, npos == 1 ? "" : "s", nargs);
		return false;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = i < nargs ? args[i] : v_null();
	size_t nkw = kw ? kw->n : 0;
	for (size_t k = 0; k < nkw; k++) {
		Str *key = AS_STR(kw->items[k]);
		size_t i;
		for (i = 0; i < n; i++)
			if (strcmp(names[i], key->data) == 0)
				break;
		if (i == n) {
			err_format(Exc_TypeError, "'%s' is an invalid keyword argument for %s()", key->data, name);
			return false;
		}
		if (!IS_NULL(out[i])) {
			err_format(Exc_TypeError, "argument for %s() given by name ('%s') and position (%zu)", name, key->data, i + 1);
			return false;
		}
		out[i] = args[nargs + k];
	}
	for (size_t i = 0; i < nreq; i++) {
		if (IS_NULL(out[i])) {
			err_format(Exc_TypeError, "%s() missing required argument '%s' (pos %zu)", name, names[i], i + 1);
			return false;
		}
	}
	return true;
}

bool it_ssize(Value v, ssize_t *out)
{
	if (!is_intlike(v) && !val_type(v)->index) {
		err_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(v));
		return false;
	}
	return val_as_ssize(v, out);
}

/* ---- count(start=0, step=1): a = next value, b = step -------------------- */

static Type count_type, cycle_type, repeat_type, accumulate_type, chain_type,
	compress_type, dropwhile_type, takewhile_type, filterfalse_type,
	starmap_type, islice_type, zip_longest_type, pairwise_type;

static bool is_number(Value v)
{
	if (v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL)
		return true;
	Type *t = val_type(v);
	return t == &int_type || type_is_subtype(t, &int_type) || type_is_subtype(t, &float_type) ||
	       t == &complex_type || t->to_int || t->to_float || t->index;
}

static Value count_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"start", "step"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("count", args, nargs, kw, names, 0, 2, a))
		return v_null();
	Value start = IS_NULL(a[0]) ? v_int(0) : a[0];
	Value step = IS_NULL(a[1]) ? v_int(1) : a[1];
	if (!is_number(start) || !is_number(step))
		return err_null_format(Exc_TypeError, "a number is required");
	It *it = it_alloc(t);
	if (!it)
		return v_null();
	it->a = val_incref(start);
	it->b = val_incref(step);
	return v_obj(&it->ob);
}

static Value count_next(Value v)
{
	It *it = (It *)v.u.o;
	Value cur = it->a;
	if (cur.tag == V_INT && it->b.tag == V_INT) {
		int64_t s;
		if (!__builtin_add_overflow(cur.u.i, it->b.u.i, &s)) {
			it->a = v_int(s);
			return cur;
		}
	}
	Value nx = binop(cur, it->b, NB_ADD);
	if (IS_NULL(nx))
		return nx;
	it->a = nx;
	return cur;   /* the reference it->a held */
}

static Value type_short_name(Value v)
{
	return obj_getattr(v_obj(&val_type(v)->ob), ID(__name__));
}

static Value count_repr(Value v)
{
	It *it = (It *)v.u.o;
	Value nm = type_short_name(v);
	if (IS_NULL(nm))
		return nm;
	StrBuf b;
	sb_init(&b);
	sb_add_str(&b, AS_STR(nm));
	val_decref(nm);
	sb_addc(&b, '(');
	bool ok = sb_add_repr(&b, it->a);
	bool step_one = (it->b.tag == V_INT || it->b.tag == V_BOOL) && it->b.u.i == 1;
	if (ok && !step_one) {
		sb_adds(&b, ", ");
		ok = sb_add_repr(&b, it->b);
	}
	sb_addc(&b, ')');
	if (!ok) {
		sb_free(&b);
		return v_null();
	}
	return str_value(sb_finish(&b));
}

/* ---- cycle(iterable): a = source, b = saved list, i = replay index ------- */

static Value cycle_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!it_no_kw("cycle", kw) || !it_nargs("cycle", nargs, 1, 1))
		return v_null();
	Value src = obj_iter(args[0]);
	if (IS_NULL(src))
		return src;
	List *saved = list_new(0);
	It *it = saved ? it_alloc(t) : NULL;
	if (!it) {
		val_decref(src);
		if (saved)
			obj_decref(&saved->ob);
		return v_null();
	}
	it->a = src;
	it->b = v_obj(&saved->ob);
	return v_obj(&it->ob);
}

static Value cycle_next(Value v)
{
	It *it = (It *)v.u.o;
	List *saved = AS_LIST(it->b);
	if (!IS_NULL(it->a)) {
		Value x = obj_next(it->a);
		if (!IS_NULL(x)) {
			if (!list_append(saved, x)) {
				val_decref(x);
				return v_null();
			}
			return x;
		}
		if (err_occurred())
			return x;
		VAL_CLEAR(it->a);
	}
	if (saved->n == 0)
		return v_null();
	if ((size_t)it->i >= saved->n)
		it->i = 0;
	return val_incref(saved->items[it->i++]);
}

/* ---- repeat(object, times): a = object, n = times left (-1: forever) ----- */

static Value repeat_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"object", "times"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("repeat", args, nargs, kw, names, 1, 2, a))
		return v_null();
	ssize_t n = -1;
	if (!IS_NULL(a[1])) {
		if (!it_ssize(a[1], &n))
			return v_null();
		if (n < 0)
			n = 0;
	}
	It *it = it_alloc(t);
	if (!it)
		return v_null();
	it->a = val_incref(a[0]);
	it->n = n;
	return v_obj(&it->ob);
}

static Value repeat_next(Value v)
{
	It *it = (It *)v.u.o;
	if (it->n == 0)
		return v_null();
	if (it->n > 0)
		it->n--;
	return val_incref(it->a);
}

static Value repeat_repr(Value v)
{
	It *it = (It *)v.u.o;
	Value nm = type_short_name(v);
	if (IS_NULL(nm))
		return nm;
	StrBuf b;
	sb_init(&b);
	sb_add_str(&b, AS_STR(nm));
	val_decref(nm);
	sb_addc(&b, '(');
	bool ok = sb_add_repr(&b, it->a);
	if (it->n >= 0)
		sb_printf(&b, ", %zd", it->n);
	sb_addc(&b, ')');
	if (!ok) {
		sb_free(&b);
		return v_null();
	}
	return str_value(sb_finish(&b));
}

static Value repeat_length_hint(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	It *it = (It *)self.u.o;
	if (it->n < 0)
		return err_null_format(Exc_TypeError, "len() of unsized object");
	return v_int(it->n);
}

/* ---- accumulate(iterable, func=None, *, initial=None)
 * a = source, b = func (NULL: +), c = running total, d = initial ---------- */

static Value accumulate_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"iterable", "func", "initial"};
	Value a[3];
	if (!it_kwparse("accumulate", args, nargs, kw, names, 2, 3, 1, a))
		return v_null();
	Value src = obj_iter(a[0]);
	if (IS_NULL(src))
		return src;
	It *it = it_alloc(t);
	if (!it) {
		val_decref(src);
		return v_null();
	}
	it->a = src;
	if (!IS_NULL(a[1]) && !IS_NONE(a[1]))
		it->b = val_incref(a[1]);
	if (!IS_NULL(a[2]) && !IS_NONE(a[2]))
		it->d = val_incref(a[2]);
	return v_obj(&it->ob);
}

static Value accumulate_next(Value v)
{
	It *it = (It *)v.u.o;
	if (!IS_NULL(it->d)) {
		it->c = it->d;
		it->d = v_null();
		return val_incref(it->c);
	}
	Value x = obj_next(it->a);
	if (IS_NULL(x))
		return x;
	if (IS_NULL(it->c)) {
		it->c = val_incref(x);
		return x;
	}
	Value r = IS_NULL(it->b) ? binop(it->c, x, NB_ADD) : call2(it->b, it->c, x);
	val_decref(x);
	if (IS_NULL(r))
		return r;
	val_decref(it->c);
	it->c = r;
	return val_incref(r);
}

/* ---- chain(*iterables): a = iterator over the iterables, b = active ------ */

static Value chain_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!it_no_kw("chain", kw))
		return v_null();
	Tuple *tp = tuple_from(args, nargs);
	if (!tp)
		return v_null();
	Value src = obj_iter(v_obj(&tp->ob));
	obj_decref(&tp->ob);
	if (IS_NULL(src))
		return src;
	It *it = it_alloc(t);
	if (!it) {
		val_decref(src);
		return v_null();
	}
	it->a = src;
	return v_obj(&it->ob);
}

static Value chain_from_iterable(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	if (!it_no_kw("chain.from_iterable", kw))
		return v_null();
	if (nargs != 1)
		return err_null_format(Exc_TypeError, "chain.from_iterable() takes exactly one argument (%zu given)", nargs);
	Value src = obj_iter(args[0]);
	if (IS_NULL(src))
		return src;
	Type *t = val_isinstance(cls, &type_type) ? (Type *)cls.u.o : &chain_type;
	It *it = it_alloc(t);
	if (!it) {
		val_decref(src);
		return v_null();
	}
	it->a = src;
	return v_obj(&it->ob);
}

static Value chain_next(Value v)
{
	It *it = (It *)v.u.o;
	for (;;) {
		if (IS_NULL(it->b)) {
			if (IS_NULL(it->a))
				return v_null();
			Value nx = obj_next(it->a);
			if (IS_NULL(nx)) {
				if (!err_occurred())
					VAL_CLEAR(it->a);
				return nx;
			}
			it->b = obj_iter(nx);
			val_decref(nx);
			if (IS_NULL(it->b))
				return v_null();
		}
		Value x = obj_next(it->b);
		if (!IS_NULL(x) || err_occurred())
			return x;
		VAL_CLEAR(it->b);
	}
}

/* ---- compress(data, selectors): a = data, b = selectors ------------------ */

static Value compress_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"data", "selectors"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("compress", args, nargs, kw, names, 2, 2, a))
		return v_null();
	Value d = obj_iter(a[0]);
	if (IS_NULL(d))
		return d;
	Value s = obj_iter(a[1]);
	It *it = IS_NULL(s) ? NULL : it_alloc(t);
	if (!it) {
		val_decref(d);
		val_decref(s);
		return v_null();
	}
	it->a = d;
	it->b = s;
	return v_obj(&it->ob);
}

static Value compress_next(Value v)
{
	It *it = (It *)v.u.o;
	for (;;) {
		Value x = obj_next(it->a);
		if (IS_NULL(x))
			return x;
		Value s = obj_next(it->b);
		if (IS_NULL(s)) {
			val_decref(x);
			return s;
		}
		int tr = obj_truth(s);
		val_decref(s);
		if (tr > 0)
			return x;
		val_decref(x);
		if (tr < 0)
			return v_null();
	}
}

/* ---- dropwhile / takewhile / filterfalse / starmap (func, iterable):
 * a = function, b = source, state = dropping done / stopped --------------- */

static Value pred_iter_new(Type *t, const char *name, const Value *args, size_t nargs, Tuple *kw)
{
	if (!it_no_kw(name, kw) || !it_nargs(name, nargs, 2, 2))
		return v_null();
	Value src = obj_iter(args[1]);
	if (IS_NULL(src))
		return src;
	It *it = it_alloc(t);
	if (!it) {
		val_decref(src);
		return v_null();
	}
	it->a = val_incref(args[0]);
	it->b = src;
	return v_obj(&it->ob);
}

static Value dropwhile_new(Type *t, const Value *args, size_t nargs, Tuple *kw) { return pred_iter_new(t, "dropwhile", args, nargs, kw); }
static Value takewhile_new(Type *t, const Value *args, size_t nargs, Tuple *kw) { return pred_iter_new(t, "takewhile", args, nargs, kw); }
static Value filterfalse_new(Type *t, const Value *args, size_t nargs, Tuple *kw) { return pred_iter_new(t, "filterfalse", args, nargs, kw); }
static Value starmap_new(Type *t, const Value *args, size_t nargs, Tuple *kw) { return pred_iter_new(t, "starmap", args, nargs, kw); }

/* pred(x) as a truth value; -1 error */
static int pred_truth(Value pred, Value x)
{
	if (IS_NONE(pred))
		return obj_truth(x);
	Value r = call1(pred, x);
	if (IS_NULL(r))
		return -1;
	int tr = obj_truth(r);
	val_decref(r);
	return tr;
}

static Value dropwhile_next(Value v)
{
	It *it = (It *)v.u.o;
	for (;;) {
		Value x = obj_next(it->b);
		if (IS_NULL(x) || it->state)
			return x;
		int tr = pred_truth(it->a, x);
		if (tr == 0) {
			it->state = 1;
			return x;
		}
		val_decref(x);
		if (tr < 0)
			return v_null();
	}
}

static Value takewhile_next(Value v)
{
	It *it = (It *)v.u.o;
	if (it->state)
		return v_null();
	Value x = obj_next(it->b);
	if (IS_NULL(x))
		return x;
	int tr = pred_truth(it->a, x);
	if (tr > 0)
		return x;
	val_decref(x);
	if (tr == 0)
		it->state = 1;
	return v_null();
}

static Value filterfalse_next(Value v)
{
	It *it = (It *)v.u.o;
	for (;;) {
		Value x = obj_next(it->b);
		if (IS_NULL(x))
			return x;
		int tr = pred_truth(it->a, x);
		if (tr == 0)
			return x;
		val_decref(x);
		if (tr < 0)
			return v_null();
	}
}

static Value starmap_next(Value v)
{
	It *it = (It *)v.u.o;
	Value x = obj_next(it->b);
	if (IS_NULL(x))
		return x;
	Value tp = obj_is(x, &tuple_type) ? val_incref(x) : seq_to_tuple(x);
	val_decref(x);
	if (IS_NULL(tp))
		return tp;
	Value r = obj_call(it->a, AS_TUPLE(tp)->items, AS_TUPLE(tp)->n, NULL);
	val_decref(tp);
	return r;
}

/* ---- islice(iterable, [start,] stop [, step]): a = source,
 * i = next index to yield, n = stop (-1: none), step, cnt = consumed ------ */

static bool islice_arg(Value v, ssize_t *out, const char *msg)
{
	if (IS_NONE(v)) {
		*out = -1;
		return true;
	}
	int64_t x;
	if (is_intlike(v) && int_as_i64(v, &x) && x >= 0) {
		*out = (ssize_t)x;
		return true;
	}
	if (val_type(v)->index && !is_intlike(v)) {
		Value iv = obj_index(v);
		if (!IS_NULL(iv)) {
			bool ok = int_as_i64(iv, &x) && x >= 0;
			val_decref(iv);
			if (ok) {
				*out = (ssize_t)x;
				return true;
			}
		}
		err_clear();
	}
	err_format(Exc_ValueError, "%s", msg);
	return false;
}

static Value islice_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!it_no_kw("islice", kw) || !it_nargs("islice", nargs, 2, 4))
		return v_null();
	ssize_t start = 0, stop = -1, step = 1;
	if (nargs == 2) {
		if (!islice_arg(args[1], &stop, "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."))
			return v_null();
	} else {
		if (!IS_NONE(args[1]) && !islice_arg(args[1], &start, "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."))
			return v_null();
		if (!islice_arg(args[2], &stop, "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."))
			return v_null();
		if (nargs == 4 && !IS_NONE(args[3])) {
			int64_t x;
			if (!is_intlike(args[3]) || !int_as_i64(args[3], &x) || x < 1)
				return err_null_format(Exc_ValueError, "Step for islice() must be a positive integer or None.");
			step = (ssize_t)x;
		}
	}
	Value src = obj_iter(args[0]);
	if (IS_NULL(src))
		return src;
	It *it = it_alloc(t);
	if (!it) {
		val_decref(src);
		return v_null();
	}
	it->a = src;
	it->i = start;
	it->n = stop;
	it->step = step;
	return v_obj(&it->ob);
}

static Value islice_next(Value v)
{
	It *it = (It *)v.u.o;
	if (IS_NULL(it->a))
		return v_null();
	while (it->cnt < it->i) {
		Value x = obj_next(it->a);
		if (IS_NULL(x))
			goto empty;
		val_decref(x);
		it->cnt++;
	}
	if (it->n != -1 && it->cnt >= it->n)
		goto empty;
	Value x = obj_next(it->a);
	if (IS_NULL(x))
		goto empty;
	it->cnt++;
	ssize_t old = it->i;
	it->i += it->step;
	if (it->i < old || (it->n != -1 && it->i > it->n))
		it->i = it->n;
	return x;
empty:
	if (!err_occurred())
		VAL_CLEAR(it->a);
	return v_null();
}

/* ---- zip_longest(*iterables, fillvalue=None): a = tuple of iterators
 * (V_NULL once exhausted), b = fillvalue, n = how many are active --------- */

static Value zip_longest_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Value fill = v_none();
	size_t nkw = kw ? kw->n : 0;
	for (size_t i = 0; i < nkw; i++) {
		if (strcmp(AS_STR(kw->items[i])->data, "fillvalue") != 0)
			return err_null_format(Exc_TypeError, "zip_longest() got an unexpected keyword argument");
		fill = args[nargs + i];
	}
	Tuple *its = tuple_new(nargs);
	if (!its)
		return v_null();
	for (size_t i = 0; i < nargs; i++) {
		its->items[i] = obj_iter(args[i]);
		if (IS_NULL(its->items[i])) {
			obj_decref(&its->ob);
			return v_null();
		}
	}
	It *it = it_alloc(t);
	if (!it) {
		obj_decref(&its->ob);
		return v_null();
	}
	it->a = v_obj(&its->ob);
	it->b = val_incref(fill);
	it->n = (ssize_t)nargs;
	return v_obj(&it->ob);
}

static Value zip_longest_next(Value v)
{
	It *it = (It *)v.u.o;
	Tuple *its = AS_TUPLE(it->a);
	if (its->n == 0 || it->n == 0)
		return v_null();
	Tuple *r = tuple_new(its->n);
	if (!r)
		return v_null();
	for (size_t i = 0; i < its->n; i++) {
		Value x;
		if (IS_NULL(its->items[i])) {
			x = val_incref(it->b);
		} else {
			x = obj_next(its->items[i]);
			if (IS_NULL(x)) {
				it->n--;
				if (it->n == 0 || err_occurred()) {
					it->n = 0;
					obj_decref(&r->ob);
					return v_null();
				}
				VAL_CLEAR(its->items[i]);
				x = val_incref(it->b);
			}
		}
		r->items[i] = x;
	}
	return v_obj(&r->ob);
}

/* ---- pairwise(iterable): a = source, b = previous item ------------------- */

static Value pairwise_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!it_no_kw("pairwise", kw) || !it_nargs("pairwise", nargs, 1, 1))
		return v_null();
	Value src = obj_iter(args[0]);
	if (IS_NULL(src))
		return src;
	It *it = it_alloc(t);
	if (!it) {
		val_decref(src);
		return v_null();
	}
	it->a = src;
	return v_obj(&it->ob);
}

static Value pairwise_next(Value v)
{
	It *it = (It *)v.u.o;
	if (IS_NULL(it->a))
		return v_null();
	if (IS_NULL(it->b)) {
		it->b = obj_next(it->a);
		if (IS_NULL(it->b)) {
			if (!err_occurred())
				VAL_CLEAR(it->a);
			return v_null();
		}
	}
	Value nw = obj_next(it->a);
	if (IS_NULL(nw)) {
		if (!err_occurred()) {
			VAL_CLEAR(it->a);
			VAL_CLEAR(it->b);
		}
		return v_null();
	}
	Tuple *r = tuple_new(2);
	if (!r) {
		val_decref(nw);
		return v_null();
	}
	r->items[0] = it->b;
	r->items[1] = val_incref(nw);
	it->b = nw;
	return v_obj(&r->ob);
}

/* ---- the module ------------------------------------------------------------ */

static bool types_ready;

void it_add_type(Dict *d, Type *t)
{
	const char *dot = strrchr(t->name, '.');
	Str *k = str_intern(dot ? dot + 1 : t->name);
	dict_set_str(d, k, v_obj(&t->ob));
	obj_decref(&k->ob);
}

bool mod_itertools_init(Dict *d)
{
	struct {
		Type *t;
		const char *name;
		Value (*nw)(Type *, const Value *, size_t, Tuple *);
		unaryfn next;
	} simple[] = {
		{&count_type, "itertools.count", count_new, count_next},
		{&cycle_type, "itertools.cycle", cycle_new, cycle_next},
		{&repeat_type, "itertools.repeat", repeat_new, repeat_next},
		{&accumulate_type, "itertools.accumulate", accumulate_new, accumulate_next},
		{&chain_type, "itertools.chain", chain_new, chain_next},
		{&compress_type, "itertools.compress", compress_new, compress_next},
		{&dropwhile_type, "itertools.dropwhile", dropwhile_new, dropwhile_next},
		{&takewhile_type, "itertools.takewhile", takewhile_new, takewhile_next},
		{&filterfalse_type, "itertools.filterfalse", filterfalse_new, filterfalse_next},
		{&starmap_type, "itertools.starmap", starmap_new, starmap_next},
		{&islice_type, "itertools.islice", islice_new, islice_next},
		{&zip_longest_type, "itertools.zip_longest", zip_longest_new, zip_longest_next},
		{&pairwise_type, "itertools.pairwise", pairwise_new, pairwise_next},
	};
	size_t n = sizeof simple / sizeof simple[0];
	if (!types_ready) {
		for (size_t i = 0; i < n; i++) {
			it_type_init(simple[i].t, simple[i].name, simple[i].next, true);
			simple[i].t->new = simple[i].nw;
		}
		count_type.repr = count_repr;
		repeat_type.repr = repeat_repr;
		type_add_method(&repeat_type, "__length_hint__", repeat_length_hint, 0);
		type_add_method(&chain_type, "from_iterable", chain_from_iterable, BF_CLASSMETHOD);
		for (size_t i = 0; i < n; i++)
			type_ready(simple[i].t);
	}
	for (size_t i = 0; i < n; i++)
		it_add_type(d, simple[i].t);
	itertools_comb_init(d, !types_ready);
	types_ready = true;
	return !err_occurred();
}
