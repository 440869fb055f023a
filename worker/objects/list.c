/* list.c -- tuple and list: storage, sequence protocol (index, slice,
 * concatenation, repetition with pre-flight size checks), comparisons,
 * repr, their methods (list.sort evaluates keys here; the stable merge sort is list_sort.c),
 * and their iterators.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/objects/list_sort.h"
#include "worker/num/hash.h"

static Tuple *the_empty_tuple;

/* ---- tuple ---------------------------------------------------------------- */

Tuple *tuple_new(size_t n)
{
	if (n == 0 && the_empty_tuple) {
		obj_incref(&the_empty_tuple->ob);
		return the_empty_tuple;
	}
	size_t size;
	if (__builtin_mul_overflow(n, sizeof(Value), &size) || __builtin_add_overflow(size, sizeof(Tuple), &size)) {
		err_no_memory();
		return NULL;
	}
	Tuple *t = (Tuple *)obj_alloc(&tuple_type, size);
	if (!t)
		return NULL;
	t->n = n;
	return t;
}

Tuple *tuple_empty(void) { return tuple_new(0); }

Tuple *tuple_from(const Value *items, size_t n)
{
	Tuple *t = tuple_new(n);
	if (!t)
		return NULL;
	for (size_t i = 0; i < n; i++)
		t->items[i] = val_incref(items[i]);
	return t;
}

Tuple *tuple_pack2(Value a, Value b)
{
	Value v[2] = {a, b};
	return tuple_from(v, 2);
}

static void tuple_dealloc(Obj *o)
{
	Tuple *t = (Tuple *)o;
	for (size_t i = t->n; i-- > 0;)     /* last first, as CPython (__del__ order) */
		val_decref(t->items[i]);
	obj_free(o);
}

static void tuple_traverse(Obj *o, visitfn visit, void *arg)
{
	Tuple *t = (Tuple *)o;
	for (size_t i = 0; i < t->n; i++)
		visit(t->items[i], arg);
}

Value seq_repr(const char *open, const char *close, const Value *items, size_t n, bool one_comma)
{
	StrBuf b;
	sb_init(&b);
	sb_adds(&b, open);
	for (size_t i = 0; i < n; i++) {
		if (i)
			sb_adds(&b, ", ");
		if (!sb_add_repr(&b, items[i])) {
			sb_free(&b);
			return v_null();
		}
	}
	if (one_comma && n == 1)
		sb_addc(&b, ',');
	sb_adds(&b, close);
	return str_value(sb_finish(&b));
}

static Value tuple_repr(Value v)
{
	Tuple *t = AS_TUPLE(v);
	if (t->n == 0)
		return seq_repr("(", ")", t->items, 0, true);
	/* as CPython: a tuple met again inside its own repr is (...) */
	if (repr_enter(v.u.o))
		return str_value(str_cstr("(...)"));
	Value r = seq_repr("(", ")", t->items, t->n, true);
	repr_leave(v.u.o);
	return r;
}

static bool tuple_hash_inner(Value v, int64_t *out);

static bool tuple_hash(Value v, int64_t *out)
{
	/* CPython hashes nested tuples with no recursion check: only the C
	 * stack bounds the depth here. */
	if (!enter_c_stack(" while hashing a tuple"))
		return false;
	bool ok = tuple_hash_inner(v, out);
	leave_c_call();
	return ok;
}

static bool tuple_hash_inner(Value v, int64_t *out)
{
	/* element by element: no buffer, so a deep nest costs little stack */
	Tuple *t = AS_TUPLE(v);
	uint64_t acc = num_hash_tuple_start();
	for (size_t i = 0; i < t->n; i++) {
		int64_t h;
		if (!obj_hash(t->items[i], &h))
			return false;
		num_hash_tuple_add(&acc, h);
	}
	*out = num_hash_tuple_end(acc, t->n);
	return true;
}

/* The result of comparing two sequences whose common prefix is equal. */
static Value compare_lengths(size_t na, size_t nb, int op)
{
	int c = na < nb ? -1 : na > nb;
	return cmp_result(c, op);
}

Value seq_richcmp(const Value *a, size_t na, const Value *b, size_t nb, int op)
{
	size_t i;
	if ((op == CMP_EQ || op == CMP_NE) && na != nb)
		return v_bool(op == CMP_NE);
	for (i = 0; i < na && i < nb; i++) {
		int eq = obj_eq(a[i], b[i]);
		if (eq < 0)
			return v_null();
		if (!eq)
			break;
	}
	if (i >= na || i >= nb)
		return compare_lengths(na, nb, op);
	if (op == CMP_EQ)
		return v_bool(false);
	if (op == CMP_NE)
		return v_bool(true);
	return obj_richcmp(a[i], b[i], op);
}

static Value tuple_richcmp(Value a, Value b, int op)
{
	if (!IS_TUPLE(a) || !IS_TUPLE(b))
		return v_notimpl();
	return seq_richcmp(AS_TUPLE(a)->items, AS_TUPLE(a)->n, AS_TUPLE(b)->items, AS_TUPLE(b)->n, op);
}

static ssize_t tuple_len(Value v) { return (ssize_t)AS_TUPLE(v)->n; }

static bool norm_index(Value k, size_t n, ssize_t *out, const char *what)
{
	ssize_t i;
	if (k.tag == V_INT) {
		i = (ssize_t)k.u.i;
	} else if (!is_intlike(k) && !val_type(k)->index) {
		err_format(Exc_TypeError, "%s indices must be integers or slices, not %s", what, type_name_of(k));
		return false;
	} else if (!val_as_ssize(k, &i)) {
		if (err_matches(Exc_OverflowError)) {
			err_clear();
			err_format(Exc_IndexError, "cannot fit 'int' into an index-sized integer");
		}
		return false;
	}
	if (i < 0)
		i += (ssize_t)n;
	if (i < 0 || (size_t)i >= n) {
		err_format(Exc_IndexError, "%s index out of range", what);
		return false;
	}
	*out = i;
	return true;
}

static Value tuple_getitem(Value v, Value k)
{
	Tuple *t = AS_TUPLE(v);
	if (k.tag == V_INT) {
		int64_t i = k.u.i;
		if (i < 0)
			i += (int64_t)t->n;
		if (i >= 0 && (uint64_t)i < t->n)
			return val_incref(t->items[i]);
	}
	if (IS_SLICE(k)) {
		ssize_t start, stop, step, n;
		if (!slice_indices((Slice *)k.u.o, (ssize_t)t->n, &start, &stop, &step, &n))
			return v_null();
		if (step == 1 && n == (ssize_t)t->n && obj_is(v, &tuple_type))
			return val_incref(v);
		Tuple *r = tuple_new((size_t)n);
		if (!r)
			return v_null();
		for (ssize_t i = 0; i < n; i++)
			r->items[i] = val_incref(t->items[start + i * step]);
		return v_obj(&r->ob);
	}
	ssize_t i;
	if (!norm_index(k, t->n, &i, "tuple"))
		return v_null();
	return val_incref(t->items[i]);
}

static int seq_contains_items(const Value *items, size_t n, Value x)
{
	for (size_t i = 0; i < n; i++) {
		int eq = obj_eq(items[i], x);
		if (eq)
			return eq;
	}
	return 0;
}

static int tuple_contains(Value v, Value x) { return seq_contains_items(AS_TUPLE(v)->items, AS_TUPLE(v)->n, x); }

static Value tuple_concat(Value a, Value b)
{
	if (!IS_TUPLE(a) || !IS_TUPLE(b))
		return v_notimpl();
	Tuple *x = AS_TUPLE(a), *y = AS_TUPLE(b);
	/* t + () is t, () + t is t for exact tuples (CPython's tupleconcat) */
	if (y->n == 0 && val_type(a) == &tuple_type)
		return val_incref(a);
	if (x->n == 0 && val_type(b) == &tuple_type)
		return val_incref(b);
	Tuple *r = tuple_new(x->n + y->n);
	if (!r)
		return v_null();
	for (size_t i = 0; i < x->n; i++)
		r->items[i] = val_incref(x->items[i]);
	for (size_t i = 0; i < y->n; i++)
		r->items[x->n + i] = val_incref(y->items[i]);
	return v_obj(&r->ob);
}

static bool repeat_count(Value n, ssize_t *out)
{
	if (!is_intlike(n) && !val_type(n)->index)
		return false;
	if (!val_as_ssize(n, out)) {
		if (err_matches(Exc_OverflowError)) {
			err_clear();
			err_format(Exc_OverflowError, "cannot fit '%s' into an index-sized integer", type_name_of(n));
		}
		return false;
	}
	if (*out < 0)
		*out = 0;
	return true;
}

static Value tuple_repeat(Value a, Value b)
{
	Value seq = IS_TUPLE(a) ? a : b, n = IS_TUPLE(a) ? b : a;
	if (!IS_TUPLE(seq))
		return v_notimpl();
	ssize_t k;
	if (!repeat_count(n, &k))
		return err_occurred() ? v_null() : v_notimpl();
	Tuple *t = AS_TUPLE(seq);
	if (t->n == 0 || k == 0) {
		Tuple *empty = tuple_empty();
		return empty ? v_obj(&empty->ob) : v_null();
	}
	if (k == 1 && obj_is(seq, &tuple_type))
		return val_incref(seq);
	if (!mem_check_mul(t->n, (size_t)k) || !mem_check_mul(t->n * (size_t)k, sizeof(Value)))
		return v_null();
	Tuple *r = tuple_new(t->n * (size_t)k);
	if (!r)
		return v_null();
	for (ssize_t i = 0; i < k; i++)
		for (size_t j = 0; j < t->n; j++)
			r->items[(size_t)i * t->n + j] = val_incref(t->items[j]);
	return v_obj(&r->ob);
}

static Value tuple_new_slot(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "tuple() takes no keyword arguments");
	if (nargs > 1)
		return err_null_format(Exc_TypeError, "tuple expected at most 1 argument, got %zu", nargs);
	Value r = nargs ? seq_to_tuple(args[0]) : v_obj(&tuple_empty()->ob);
	if (IS_NULL(r) || t == &tuple_type)
		return r;
	/* subclass: copy into an instance of t (whose basicsize has room for
	 * the instance dict after the items, see obj_dict_after_data) */
	Tuple *src = AS_TUPLE(r);
	size_t size = t->basicsize + src->n * sizeof(Value);   /* src exists: no overflow */
	Tuple *nt = (Tuple *)obj_alloc(t, size);
	if (!nt) {
		val_decref(r);
		return v_null();
	}
	nt->n = src->n;
	for (size_t i = 0; i < src->n; i++)
		nt->items[i] = val_incref(src->items[i]);
	val_decref(r);
	return v_obj(&nt->ob);
}

static Value m_tuple_index(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("index", nargs, kw, 1, 3))
		return v_null();
	Tuple *t = AS_TUPLE(self);
	ssize_t start = 0, stop = (ssize_t)t->n;
	if (nargs > 1 && !val_as_ssize(args[1], &start))
		return v_null();
	if (nargs > 2 && !val_as_ssize(args[2], &stop))
		return v_null();
	if (start < 0) start += (ssize_t)t->n;
	if (start < 0) start = 0;
	if (stop < 0) stop += (ssize_t)t->n;
	if (stop > (ssize_t)t->n) stop = (ssize_t)t->n;
	for (ssize_t i = start; i < stop; i++) {
		int eq = obj_eq(t->items[i], args[0]);
		if (eq < 0)
			return v_null();
		if (eq)
			return v_int(i);
	}
	return err_null_format(Exc_ValueError, "tuple.index(x): x not in tuple");
}

static Value m_tuple_count(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("count", nargs, kw, 1, 1))
		return v_null();
	Tuple *t = AS_TUPLE(self);
	int64_t c = 0;
	for (size_t i = 0; i < t->n; i++) {
		int eq = obj_eq(t->items[i], args[0]);
		if (eq < 0)
			return v_null();
		c += eq;
	}
	return v_int(c);
}

/* ---- list ------------------------------------------------------------------ */

/* A list whose items were removed near the front keeps the freed slots
 * before items (its "front"), so the next such removal moves only what is
 * before the item.  The List stays four words (one allocation class): the
 * top bit of cap says there is a front, and the free slot items[-1] then
 * holds its size.  Without the bit, cap is the number of slots from items
 * on, as usual; only this file sees cap. */
#define LIST_HAS_FRONT ((size_t)1 << (sizeof(size_t) * 8 - 1))

static inline size_t list_cap(const List *l) { return l->cap & ~LIST_HAS_FRONT; }

static inline size_t list_front(const List *l)
{
	return (l->cap & LIST_HAS_FRONT) ? (size_t)l->items[-1].u.i : 0;
}

/* items, with front free slots before it and cap from it on. */
static inline void list_set_storage(List *l, Value *items, size_t front, size_t cap)
{
	l->items = items;
	l->cap = cap;
	if (front) {
		items[-1] = v_int((int64_t)front);
		l->cap |= LIST_HAS_FRONT;
	}
}

List *list_with_cap(size_t cap)
{
	List *l = (List *)obj_alloc(&list_type, sizeof(List));
	if (!l)
		return NULL;
	if (cap) {
		if (!mem_check_mul(cap, sizeof(Value))) {
			obj_free(&l->ob);
			return NULL;
		}
		l->items = mem_alloc(cap * sizeof(Value));
		if (!l->items) {
			obj_free(&l->ob);
			return NULL;
		}
	}
	l->cap = cap;
	return l;
}

/* Frees storage taken from a list (its items, front and cap). */
static void list_storage_free(Value *items, size_t front, size_t cap)
{
	if (items)
		mem_free(items - front, (front + cap) * sizeof(Value));
}

/* Takes the list's storage (the list is left empty): *front and *cap
 * describe it for list_storage_free and list_set_storage. */
static Value *list_take_storage(List *l, size_t *front, size_t *cap)
{
	Value *items = l->items;
	*front = items ? list_front(l) : 0;
	*cap = list_cap(l);
	l->items = NULL;
	l->n = l->cap = 0;
	return items;
}

List *list_new(size_t n)
{
	List *l = list_with_cap(n);
	if (!l)
		return NULL;
	for (size_t i = 0; i < n; i++)
		l->items[i] = v_none();
	l->n = n;
	return l;
}

/* Removes item i and returns it (the reference moves to the caller).  The
 * shorter side moves: an item near the front moves the items before it up
 * one into the free front, so a queue popped near its front costs what is
 * before the item, not the whole list. */
static Value list_remove_at(List *l, size_t i)
{
	Value v = l->items[i];
	if (i < l->n / 2) {
		size_t front = list_front(l), cap = list_cap(l);
		memmove(l->items + 1, l->items, i * sizeof(Value));
		l->n--;
		if (l->n == 0)
			list_set_storage(l, l->items - front, 0, cap + front);
		else
			list_set_storage(l, l->items + 1, front + 1, cap - 1);
		return v;
	}
	memmove(l->items + i, l->items + i + 1, (l->n - i - 1) * sizeof(Value));
	l->n--;
	if (l->n == 0 && (l->cap & LIST_HAS_FRONT)) {
		size_t front = list_front(l);
		list_set_storage(l, l->items - front, 0, list_cap(l) + front);
	}
	return v;
}

static bool list_reserve(List *l, size_t need)
{
	size_t have = list_cap(l);
	if (need <= have)
		return true;
	if (l->cap & LIST_HAS_FRONT) {
		/* the free head first: the items back to the start of the storage */
		size_t front = list_front(l);
		Value *base = l->items - front;
		memmove(base, l->items, l->n * sizeof(Value));
		have += front;
		list_set_storage(l, base, 0, have);
		if (need <= have)
			return true;
	}
	size_t cap = have + (have >> 1) + 4;
	if (cap < need)
		cap = need;
	if (!mem_check_mul(cap, sizeof(Value)))
		return false;
	Value *p = mem_realloc(l->items, have * sizeof(Value), cap * sizeof(Value));
	if (!p)
		return false;
	l->items = p;
	l->cap = cap;
	return true;
}

bool list_append_steal(List *l, Value v)
{
	if (l->n == list_cap(l) && !list_reserve(l, l->n + 1)) {
		val_decref(v);
		return false;
	}
	l->items[l->n++] = v;
	return true;
}

bool list_append(List *l, Value v) { return list_append_steal(l, val_incref(v)); }

bool list_extend(List *l, Value iterable)
{
	/* the items directly, unless a subclass iterates its own way */
	Type *t = val_type(iterable);
	if ((IS_LIST(iterable) && t->iter == list_type.iter) || (IS_TUPLE(iterable) && t->iter == tuple_type.iter)) {
		const Value *items = IS_LIST(iterable) ? AS_LIST(iterable)->items : AS_TUPLE(iterable)->items;
		size_t n = IS_LIST(iterable) ? AS_LIST(iterable)->n : AS_TUPLE(iterable)->n;
		if (!list_reserve(l, l->n + n))
			return false;
		items = IS_LIST(iterable) ? AS_LIST(iterable)->items : items;   /* l may be iterable */
		for (size_t i = 0; i < n; i++)
			l->items[l->n + i] = val_incref(items[i]);
		l->n += n;
		return true;
	}
	Value it = obj_iter(iterable);
	if (IS_NULL(it))
		return false;
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		if (!list_append_steal(l, x)) {
			val_decref(it);
			return false;
		}
	}
	val_decref(it);
	return !err_occurred();
}

static void list_dealloc(Obj *o)
{
	List *l = (List *)o;
	for (size_t i = l->n; i-- > 0;)     /* last first, as CPython (__del__ order) */
		val_decref(l->items[i]);
	list_storage_free(l->items, l->items ? list_front(l) : 0, list_cap(l));
	obj_free(o);
}

static void list_traverse(Obj *o, visitfn visit, void *arg)
{
	List *l = (List *)o;
	for (size_t i = 0; i < l->n; i++)
		visit(l->items[i], arg);
}

/* cycle collector: empty the list (its storage goes with the items) */
static void list_gc_clear(Obj *o)
{
	List *l = (List *)o;
	size_t n = l->n, front, cap;
	Value *items = list_take_storage(l, &front, &cap);
	for (size_t i = n; i-- > 0;)
		val_decref(items[i]);
	list_storage_free(items, front, cap);
}

static Value list_repr(Value v)
{
	List *l = AS_LIST(v);
	if (l->n == 0)
		return str_value(str_cstr("[]"));
	if (repr_enter(v.u.o))
		return str_value(str_cstr("[...]"));
	Value r = seq_repr("[", "]", l->items, l->n, false);
	repr_leave(v.u.o);
	return r;
}

/* item == x with a reference held on the item: the comparison may run
 * code that removes it from its list. */
static int eq_held(Value item, Value x)
{
	val_incref(item);
	int eq = obj_eq(item, x);
	val_decref(item);
	return eq;
}

/* As seq_richcmp, but the lengths are read again after every comparison
 * (an __eq__ may grow or shrink either list) and items are held while
 * they are compared. */
static Value list_richcmp(Value a, Value b, int op)
{
	if (!IS_LIST(a) || !IS_LIST(b))
		return v_notimpl();
	List *x = AS_LIST(a), *y = AS_LIST(b);
	if ((op == CMP_EQ || op == CMP_NE) && x->n != y->n)
		return v_bool(op == CMP_NE);
	size_t i;
	for (i = 0; i < x->n && i < y->n; i++) {
		Value xi = val_incref(x->items[i]), yi = val_incref(y->items[i]);
		int eq = obj_eq(xi, yi);
		val_decref(xi);
		val_decref(yi);
		if (eq < 0)
			return v_null();
		if (!eq)
			break;
	}
	if (i >= x->n || i >= y->n)
		return compare_lengths(x->n, y->n, op);
	if (op == CMP_EQ || op == CMP_NE)
		return v_bool(op == CMP_NE);
	Value xi = val_incref(x->items[i]), yi = val_incref(y->items[i]);
	Value r = obj_richcmp(xi, yi, op);
	val_decref(xi);
	val_decref(yi);
	return r;
}

static ssize_t list_len(Value v) { return (ssize_t)AS_LIST(v)->n; }

static Value list_getitem(Value v, Value k)
{
	List *l = AS_LIST(v);
	if (k.tag == V_INT) {
		int64_t i = k.u.i;
		if (i < 0)
			i += (int64_t)l->n;
		if (i >= 0 && (uint64_t)i < l->n)
			return val_incref(l->items[i]);
		return err_null_format(Exc_IndexError, "list index out of range");
	}
	if (IS_SLICE(k)) {
		ssize_t start, stop, step, n;
		if (!slice_indices((Slice *)k.u.o, (ssize_t)l->n, &start, &stop, &step, &n))
			return v_null();
		List *r = list_with_cap((size_t)n);
		if (!r)
			return v_null();
		for (ssize_t i = 0; i < n; i++)
			r->items[i] = val_incref(l->items[start + i * step]);
		r->n = (size_t)n;
		return v_obj(&r->ob);
	}
	ssize_t i;
	if (!norm_index(k, l->n, &i, "list"))
		return v_null();
	return val_incref(l->items[i]);
}

static int list_ass_slice(List *l, Slice *s, Value v)
{
	ssize_t start, stop, step, n;
	if (!slice_indices(s, (ssize_t)l->n, &start, &stop, &step, &n))
		return -1;
	if (IS_NULL(v)) {
		/* delete */
		if (n <= 0)
			return 0;
		if (step < 0) {
			start = start + step * (n - 1);
			step = -step;
		}
		Value *dead = mem_alloc((size_t)n * sizeof(Value));
		if (!dead)
			return -1;
		size_t w = (size_t)start, di = 0;
		for (size_t r = (size_t)start; r < l->n; r++) {
			if (di < (size_t)n && r == (size_t)(start + (ssize_t)di * step)) {
				dead[di++] = l->items[r];
				continue;
			}
			l->items[w++] = l->items[r];
		}
		l->n = w;
		for (size_t i = 0; i < di; i++)
			val_decref(dead[i]);
		mem_free(dead, (size_t)n * sizeof(Value));
		return 0;
	}
	Value seqv = seq_to_list(v);
	if (IS_NULL(seqv)) {
		if (err_matches(Exc_TypeError)) {
			err_clear();
			err_format(Exc_TypeError, step == 1 ? "can only assign an iterable"
							    : "must assign iterable to extended slice");
		}
		return -1;
	}
	List *src = AS_LIST(seqv);
	if (step == 1) {
		if (stop < start)
			stop = start;
		size_t old = (size_t)(stop - start), nw = src->n;
		if (nw > old && !list_reserve(l, l->n + nw - old)) {
			val_decref(seqv);
			return -1;
		}
		Value *dead = old ? mem_alloc(old * sizeof(Value)) : NULL;
		if (old && !dead) {
			val_decref(seqv);
			return -1;
		}
		if (old)
			memcpy(dead, l->items + start, old * sizeof(Value));
		size_t tail = l->n - (size_t)stop;
		if (tail && old != nw)
			memmove(l->items + start + nw, l->items + stop, tail * sizeof(Value));
		for (size_t i = 0; i < nw; i++)
			l->items[start + (ssize_t)i] = val_incref(src->items[i]);
		l->n = l->n - old + nw;
		for (size_t i = old; i-- > 0;)      /* last first, as CPython */
			val_decref(dead[i]);
		if (dead)
			mem_free(dead, old * sizeof(Value));
		val_decref(seqv);
		return 0;
	}
	if ((ssize_t)src->n != n) {
		err_format(Exc_ValueError, "attempt to assign sequence of size %zu to extended slice of size %zd", src->n, n);
		val_decref(seqv);
		return -1;
	}
	/* the replaced items are released last: releasing one may run code
	 * (a generator's finally) that changes this list */
	for (ssize_t i = 0; i < n; i++) {
		ssize_t j = start + i * step;
		Value old = l->items[j];
		l->items[j] = src->items[i];
		src->items[i] = old;
	}
	val_decref(seqv);
	return 0;
}

static int list_setitem(Value v, Value k, Value x)
{
	List *l = AS_LIST(v);
	if (IS_SLICE(k))
		return list_ass_slice(l, (Slice *)k.u.o, x);
	ssize_t i;
	if (!norm_index(k, l->n, &i, "list")) {
		if (err_matches(Exc_IndexError)) {
			err_clear();
			err_format(Exc_IndexError, IS_NULL(x) ? "list assignment index out of range" : "list assignment index out of range");
		}
		return -1;
	}
	Value old = l->items[i];
	if (IS_NULL(x)) {
		old = list_remove_at(l, (size_t)i);
	} else {
		l->items[i] = val_incref(x);
	}
	val_decref(old);
	return 0;
}

static int list_contains(Value v, Value x)
{
	List *l = AS_LIST(v);
	for (size_t i = 0; i < l->n; i++) {
		Value it = val_incref(l->items[i]);
		int eq = obj_eq(it, x);
		val_decref(it);
		if (eq)
			return eq;
	}
	return 0;
}

static Value list_concat(Value a, Value b)
{
	if (!IS_LIST(a) || !IS_LIST(b))
		return v_notimpl();
	List *x = AS_LIST(a), *y = AS_LIST(b);
	List *r = list_with_cap(x->n + y->n);
	if (!r)
		return v_null();
	for (size_t i = 0; i < x->n; i++)
		r->items[i] = val_incref(x->items[i]);
	for (size_t i = 0; i < y->n; i++)
		r->items[x->n + i] = val_incref(y->items[i]);
	r->n = x->n + y->n;
	return v_obj(&r->ob);
}

static Value list_inplace_concat(Value a, Value b)
{
	if (!list_extend(AS_LIST(a), b))
		return v_null();
	return val_incref(a);
}

static Value list_repeat(Value a, Value b)
{
	Value seq = IS_LIST(a) ? a : b, n = IS_LIST(a) ? b : a;
	if (!IS_LIST(seq))
		return v_notimpl();
	ssize_t k;
	if (!repeat_count(n, &k))
		return err_occurred() ? v_null() : v_notimpl();
	List *l = AS_LIST(seq);
	if (l->n == 0 || k == 0) {
		List *empty = list_with_cap(0);
		return empty ? v_obj(&empty->ob) : v_null();
	}
	size_t total;
	if (__builtin_mul_overflow(l->n, (size_t)k, &total) || !mem_check_mul(total, sizeof(Value)))
		return err_occurred() ? v_null() : (err_no_memory(), v_null());
	List *r = list_with_cap(total);
	if (!r)
		return v_null();
	for (ssize_t i = 0; i < k; i++)
		for (size_t j = 0; j < l->n; j++)
			r->items[r->n++] = val_incref(l->items[j]);
	return v_obj(&r->ob);
}

static Value list_inplace_repeat(Value a, Value b)
{
	if (!IS_LIST(a))
		return v_notimpl();
	Value r = list_repeat(a, b);
	if (IS_NULL(r) || is_notimpl(r))
		return r;
	List *l = AS_LIST(a), *src = AS_LIST(r);
	List tmp = *l;   /* the front, if any, goes with the storage */
	l->items = src->items;
	l->n = src->n;
	l->cap = src->cap;
	src->items = tmp.items;
	src->n = tmp.n;
	src->cap = tmp.cap;
	val_decref(r);
	return val_incref(a);
}

static Value list_new_slot(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	List *l = (List *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(List));
	return l ? v_obj(&l->ob) : v_null();
}

static int list_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "list() takes no keyword arguments");
		return -1;
	}
	if (nargs > 1) {
		err_format(Exc_TypeError, "list expected at most 1 argument, got %zu", nargs);
		return -1;
	}
	List *l = AS_LIST(self);
	while (l->n)
		val_decref(l->items[--l->n]);
	if (nargs && !list_extend(l, args[0]))
		return -1;
	return 0;
}

/* list methods */
#define LIST_SELF List *l = AS_LIST(self)

static Value m_append(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	if (nargs != 1 || (kw && kw->n))
		return err_null_format(Exc_TypeError, "list.append() takes exactly one argument (%zu given)", nargs);
	if (!list_append(l, args[0]))
		return v_null();
	return v_none();
}

static Value m_extend(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	if (nargs != 1 || (kw && kw->n))
		return err_null_format(Exc_TypeError, "list.extend() takes exactly one argument (%zu given)", nargs);
	if (!list_extend(l, args[0]))
		return v_null();
	return v_none();
}

static Value m_pop(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	if (!args_check("pop", nargs, kw, 0, 1))
		return v_null();
	ssize_t i = -1;
	if (nargs && !val_as_ssize(args[0], &i))
		return v_null();
	if (l->n == 0)
		return err_null_format(Exc_IndexError, "pop from empty list");
	if (i < 0)
		i += (ssize_t)l->n;
	if (i < 0 || (size_t)i >= l->n)
		return err_null_format(Exc_IndexError, "pop index out of range");
	return list_remove_at(l, (size_t)i);
}

static Value m_insert(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	if (nargs != 2 || (kw && kw->n))
		return err_null_format(Exc_TypeError, "insert expected 2 arguments, got %zu", nargs);
	ssize_t i;
	if (!val_as_ssize(args[0], &i))
		return v_null();
	if (i < 0) {
		i += (ssize_t)l->n;
		if (i < 0)
			i = 0;
	}
	if ((size_t)i > l->n)
		i = (ssize_t)l->n;
	if ((l->cap & LIST_HAS_FRONT) && (size_t)i < l->n / 2) {
		/* into the free front: the items before i move down one */
		size_t front = list_front(l), cap = list_cap(l);
		memmove(l->items - 1, l->items, (size_t)i * sizeof(Value));
		list_set_storage(l, l->items - 1, front - 1, cap + 1);
	} else {
		if (!list_reserve(l, l->n + 1))
			return v_null();
		memmove(l->items + i + 1, l->items + i, (l->n - (size_t)i) * sizeof(Value));
	}
	l->items[i] = val_incref(args[1]);
	l->n++;
	return v_none();
}

static Value m_remove(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	if (nargs != 1 || (kw && kw->n))
		return err_null_format(Exc_TypeError, "list.remove() takes exactly one argument (%zu given)", nargs);
	for (size_t i = 0; i < l->n; i++) {
		int eq = eq_held(l->items[i], args[0]);
		if (eq < 0)
			return v_null();
		if (eq) {
			if (i >= l->n)   /* the comparison shrank the list */
				return v_none();
			val_decref(list_remove_at(l, i));
			return v_none();
		}
	}
	return err_null_format(Exc_ValueError, "list.remove(x): x not in list");
}

static Value m_index(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	if (!args_check("index", nargs, kw, 1, 3))
		return v_null();
	ssize_t start = 0, stop = (ssize_t)l->n;
	if (nargs > 1 && !val_as_ssize(args[1], &start))
		return v_null();
	if (nargs > 2 && !val_as_ssize(args[2], &stop))
		return v_null();
	if (start < 0) { start += (ssize_t)l->n; if (start < 0) start = 0; }
	if (stop < 0) stop += (ssize_t)l->n;
	for (ssize_t i = start; i < stop && (size_t)i < l->n; i++) {
		int eq = eq_held(l->items[i], args[0]);
		if (eq < 0)
			return v_null();
		if (eq)
			return v_int(i);
	}
	Value r = obj_repr(args[0]);
	if (IS_NULL(r))
		return r;
	err_format(Exc_ValueError, "%s is not in list", AS_STR(r)->data);
	val_decref(r);
	return v_null();
}

static Value m_count(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	if (nargs != 1)
		return err_null_format(Exc_TypeError, "list.count() takes exactly one argument (%zu given)", nargs);
	int64_t c = 0;
	for (size_t i = 0; i < l->n; i++) {
		int eq = eq_held(l->items[i], args[0]);
		if (eq < 0)
			return v_null();
		c += eq;
	}
	return v_int(c);
}

static Value m_clear(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	size_t n = l->n, front, cap;
	Value *items = list_take_storage(l, &front, &cap);
	for (size_t i = n; i-- > 0;)        /* last first, as CPython (__del__ order) */
		val_decref(items[i]);
	list_storage_free(items, front, cap);
	return v_none();
}

static Value m_copy(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	List *r = list_with_cap(l->n);
	if (!r)
		return v_null();
	for (size_t i = 0; i < l->n; i++)
		r->items[i] = val_incref(l->items[i]);
	r->n = l->n;
	return v_obj(&r->ob);
}

static Value m_reverse(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	for (size_t i = 0, j = l->n; i + 1 < j; i++, j--) {
		Value t = l->items[i];
		l->items[i] = l->items[j - 1];
		l->items[j - 1] = t;
	}
	return v_none();
}

/* ---- sort (the sort itself is in list_sort.c) ------------------------------ */

/* Reverses what is sorted: the (key, value) pairs, or the values. */
static void reverse_sort_input(bool keyed, SortItem *items, Value *values, size_t n)
{
	for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
		if (keyed) {
			SortItem t = items[i];
			items[i] = items[j - 1];
			items[j - 1] = t;
		} else {
			Value t = values[i];
			values[i] = values[j - 1];
			values[j - 1] = t;
		}
	}
}

Value list_sort(List *l, Value key, bool reverse)
{
	size_t n = l->n;
	if (n < 2) {
		/* CPython calls key on a lone item too (it may raise) */
		if (n == 1 && !IS_NULL(key) && !IS_NONE(key)) {
			Value item = val_incref(l->items[0]);
			Value k = call1(key, item);
			val_decref(item);
			if (IS_NULL(k))
				return v_null();
			val_decref(k);
		}
		return v_none();
	}
	bool keyed = !IS_NULL(key) && !IS_NONE(key);
	if (!mem_check_mul(n, 2 * sizeof(SortItem)))
		return v_null();
	/* keyed: (key, value) pairs; else the values themselves are sorted */
	size_t nitems = keyed ? n : 0, ntmp = n / 2 + 1;
	size_t tmpsize = ntmp * (keyed ? sizeof(SortItem) : sizeof(Value));
	SortItem *items = keyed ? mem_alloc(nitems * sizeof(SortItem)) : NULL;
	void *tmp = mem_alloc(tmpsize);
	if ((keyed && !items) || !tmp) {
		mem_free(items, nitems * sizeof(SortItem));
		mem_free(tmp, tmpsize);
		return v_null();
	}
	/* detach the items so mutation during sort is harmless */
	size_t origfront, origcap;
	Value *orig = list_take_storage(l, &origfront, &origcap);
	bool ok = true;
	size_t nkeys = 0;
	for (size_t i = 0; i < nitems && ok; i++) {
		items[i].val = orig[i];
		items[i].key = call1(key, orig[i]);
		if (IS_NULL(items[i].key))
			ok = false;
		else
			nkeys++;
	}
	/* reverse=True: reversed, sorted, reversed back (stable either way) */
	if (ok && reverse)
		reverse_sort_input(keyed, items, orig, n);
	if (ok)
		ok = keyed ? sort_items(items, tmp, n) : sort_values(orig, tmp, n);
	if (ok && reverse)
		reverse_sort_input(keyed, items, orig, n);
	for (size_t i = 0; i < nkeys; i++)
		val_decref(items[i].key);
	if (keyed)
		for (size_t i = 0; i < nkeys; i++)
			orig[i] = items[i].val;
	/* put the values back (in sorted order when ok, else as they are now) */
	size_t junkn = l->n, junkfront, junkcap;
	Value *junk = list_take_storage(l, &junkfront, &junkcap);
	/* any storage at all means the list was changed, even if it is empty
	 * again (as CPython, which sees its "allocated" reset) */
	bool modified = junkn || junk;
	l->n = n;
	list_set_storage(l, orig, origfront, origcap);
	for (size_t i = 0; i < junkn; i++)
		val_decref(junk[i]);
	list_storage_free(junk, junkfront, junkcap);
	mem_free(items, nitems * sizeof(SortItem));
	mem_free(tmp, tmpsize);
	if (!ok)
		return v_null();
	if (modified)
		return err_null_format(Exc_ValueError, "list modified during sort");
	return v_none();
}

/* list.sort's keywords: CPython names an unknown one this way (sorted()
 * passes its keywords on, so it says the same). */
bool sort_check_keywords(Tuple *kw);
bool sort_check_keywords(Tuple *kw)
{
	for (size_t i = 0; kw && i < kw->n; i++) {
		const char *k = AS_STR(kw->items[i])->data;
		if (strcmp(k, "key") != 0 && strcmp(k, "reverse") != 0) {
			err_format(Exc_TypeError, "'%s' is an invalid keyword argument for sort()", k);
			return false;
		}
	}
	return true;
}

static Value m_sort(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	LIST_SELF;
	if (nargs)
		return err_null_format(Exc_TypeError, "sort() takes no positional arguments");
	if (!sort_check_keywords(kw))
		return v_null();
	static const char *const names[] = {"key", "reverse"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("sort", args, 0, kw, names, 0, 2, a))
		return v_null();
	int rev = IS_NULL(a[1]) ? 0 : obj_truth(a[1]);
	if (rev < 0)
		return v_null();
	return list_sort(l, a[0], rev);
}

static Value m_list_class_getitem(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	extern Value generic_alias_new(Value origin, Value args);
	return generic_alias_new(cls, args[0]);
}

/* ---- iterators -------------------------------------------------------------- */

typedef struct SeqIter {
	Obj ob;
	Value seq;
	size_t i;
} SeqIter;

static Value seqiter_new(Type *t, Value seq)
{
	SeqIter *it = (SeqIter *)obj_alloc(t, sizeof(SeqIter));
	if (!it)
		return v_null();
	it->seq = val_incref(seq);
	return v_obj(&it->ob);
}

static void seqiter_dealloc(Obj *o)
{
	val_decref(((SeqIter *)o)->seq);
	obj_free(o);
}

static void seqiter_traverse(Obj *o, visitfn visit, void *arg) { visit(((SeqIter *)o)->seq, arg); }

static Value self_iter(Value v) { return val_incref(v); }

static Value listiter_next(Value v)
{
	SeqIter *it = (SeqIter *)v.u.o;
	if (IS_NULL(it->seq))
		return v_null();
	List *l = AS_LIST(it->seq);
	if (it->i < l->n)
		return val_incref(l->items[it->i++]);
	VAL_CLEAR(it->seq);
	return v_null();
}

static Value tupleiter_next(Value v)
{
	SeqIter *it = (SeqIter *)v.u.o;
	if (IS_NULL(it->seq))
		return v_null();
	Tuple *t = AS_TUPLE(it->seq);
	if (it->i < t->n)
		return val_incref(t->items[it->i++]);
	VAL_CLEAR(it->seq);
	return v_null();
}

static Value list_iter(Value v) { return seqiter_new(&list_iter_type, v); }
static Value tuple_iter(Value v) { return seqiter_new(&tuple_iter_type, v); }

/* iterator over an object with __getitem__ */
Value seq_iter_new(Value seq);
Value seq_iter_new(Value seq) { return seqiter_new(&seq_iter_type, seq); }

static Value seq_iter_next(Value v)
{
	SeqIter *it = (SeqIter *)v.u.o;
	if (IS_NULL(it->seq))
		return v_null();
	Value r = obj_getitem(it->seq, v_int((int64_t)it->i));
	if (IS_NULL(r)) {
		if (err_matches(Exc_IndexError) || err_matches(Exc_StopIteration)) {
			err_clear();
			VAL_CLEAR(it->seq);
		}
		return r;
	}
	it->i++;
	return r;
}

static Value listiter_length_hint(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	SeqIter *it = (SeqIter *)self.u.o;
	if (IS_NULL(it->seq))
		return v_int(0);
	size_t n = IS_LIST(it->seq) ? AS_LIST(it->seq)->n : AS_TUPLE(it->seq)->n;
	return v_int(it->i < n ? (int64_t)(n - it->i) : 0);
}

/* reversed(list) */
typedef struct RevIter {
	Obj ob;
	Value seq;
	ssize_t i;
} RevIter;

static void reviter_dealloc(Obj *o)
{
	val_decref(((RevIter *)o)->seq);
	obj_free(o);
}

static Value reviter_next(Value v)
{
	RevIter *it = (RevIter *)v.u.o;
	if (IS_NULL(it->seq) || it->i < 0)
		return v_null();
	if (IS_LIST(it->seq)) {
		List *l = AS_LIST(it->seq);
		if ((size_t)it->i < l->n)
			return val_incref(l->items[it->i--]);
		it->i = -1;
		return v_null();
	}
	Value r = obj_getitem(it->seq, v_int(it->i));
	if (IS_NULL(r)) {
		if (err_matches(Exc_IndexError) || err_matches(Exc_StopIteration))
			err_clear();
		it->i = -1;
		return r;
	}
	it->i--;
	return r;
}

Value reversed_new(Value seq, ssize_t n);
Value reversed_new(Value seq, ssize_t n)
{
	RevIter *it = (RevIter *)obj_alloc(&reversed_type, sizeof(RevIter));
	if (!it)
		return v_null();
	it->seq = val_incref(seq);
	it->i = n - 1;
	return v_obj(&it->ob);
}

/* list.__reversed__: the same iterator, named as CPython's */
static Type list_reviter_type;

static Value m_list_reversed(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__reversed__", nargs, kw, 0, 0))
		return v_null();
	RevIter *it = (RevIter *)obj_alloc(&list_reviter_type, sizeof(RevIter));
	if (!it)
		return v_null();
	it->seq = val_incref(self);
	it->i = (ssize_t)AS_LIST(self)->n - 1;
	return v_obj(&it->ob);
}

static Value m_tuple_getnewargs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Tuple *t = tuple_from(&self, 1);
	return v_obj(&t->ob);
}

static Value m_sizeof(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return v_int((int64_t)(sizeof(List) + (list_cap(AS_LIST(self)) + (AS_LIST(self)->items ? list_front(AS_LIST(self)) : 0)) * 8));
}

void seq_types_init(void)
{
	Type *t = &tuple_type;
	type_init_builtin(t, "tuple", &object_type);
	t->flags |= TF_BASETYPE | TF_TUPLE_SUB;
	t->dealloc = tuple_dealloc;
	t->traverse = tuple_traverse;
	t->repr = tuple_repr;
	t->hash = tuple_hash;
	t->richcmp = tuple_richcmp;
	t->len = tuple_len;
	t->getitem = tuple_getitem;
	t->contains = tuple_contains;
	t->nb[NB_ADD] = tuple_concat;
	t->nb[NB_MUL] = tuple_repeat;
	t->iter = tuple_iter;
	t->new = tuple_new_slot;
	t->basicsize = sizeof(Tuple);
	type_add_method(t, "index", m_tuple_index, 0);
	type_add_method(t, "count", m_tuple_count, 0);
	type_add_method(t, "__getnewargs__", m_tuple_getnewargs, 0);
	type_add_method(t, "__class_getitem__", m_list_class_getitem, BF_CLASSMETHOD);
	the_empty_tuple = (Tuple *)obj_alloc(&tuple_type, sizeof(Tuple));
	the_empty_tuple->n = 0;

	t = &list_type;
	type_init_builtin(t, "list", &object_type);
	t->flags |= TF_BASETYPE | TF_LIST_SUB;
	t->dealloc = list_dealloc;
	t->traverse = list_traverse;
	t->clear = list_gc_clear;
	t->repr = list_repr;
	t->richcmp = list_richcmp;
	t->len = list_len;
	t->getitem = list_getitem;
	t->setitem = list_setitem;
	t->contains = list_contains;
	t->nb[NB_ADD] = list_concat;
	t->nb[NB_MUL] = list_repeat;
	t->nb_inplace[NB_ADD] = list_inplace_concat;
	t->nb_inplace[NB_MUL] = list_inplace_repeat;
	t->iter = list_iter;
	t->new = list_new_slot;
	t->init = list_init;
	t->basicsize = sizeof(List);
	type_add_method(t, "append", m_append, 0);
	type_add_method(t, "extend", m_extend, 0);
	type_add_method(t, "pop", m_pop, 0);
	type_add_method(t, "insert", m_insert, 0);
	type_add_method(t, "remove", m_remove, 0);
	type_add_method(t, "index", m_index, 0);
	type_add_method(t, "count", m_count, 0);
	type_add_method(t, "clear", m_clear, 0);
	type_add_method(t, "copy", m_copy, 0);
	type_add_method(t, "reverse", m_reverse, 0);
	type_add_method(t, "sort", m_sort, 0);
	type_add_method(t, "__reversed__", m_list_reversed, 0);
	type_add_method(t, "__sizeof__", m_sizeof, 0);
	type_add_method(t, "__class_getitem__", m_list_class_getitem, BF_CLASSMETHOD);

	Type *its[] = {&list_iter_type, &tuple_iter_type, &seq_iter_type};
	const char *names[] = {"list_iterator", "tuple_iterator", "iterator"};
	unaryfn nexts[] = {listiter_next, tupleiter_next, seq_iter_next};
	for (int i = 0; i < 3; i++) {
		type_init_builtin(its[i], names[i], &object_type);
		its[i]->dealloc = seqiter_dealloc;
		its[i]->traverse = seqiter_traverse;
		its[i]->iter = self_iter;
		its[i]->next = nexts[i];
	}
	type_add_method(&list_iter_type, "__length_hint__", listiter_length_hint, 0);
	type_add_method(&tuple_iter_type, "__length_hint__", listiter_length_hint, 0);
	type_init_builtin(&reversed_type, "reversed", &object_type);
	reversed_type.dealloc = reviter_dealloc;
	reversed_type.iter = self_iter;
	reversed_type.next = reviter_next;
	type_init_builtin(&list_reviter_type, "list_reverseiterator", &object_type);
	list_reviter_type.dealloc = reviter_dealloc;
	list_reviter_type.iter = self_iter;
	list_reviter_type.next = reviter_next;
}
