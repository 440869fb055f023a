/* worker/modules/collections/collections_deque.c -- collections.deque: a double-ended
 * queue on a growable ring buffer, with maxlen, every method of CPython
 * 3.11's deque, its iterators (which detect mutation), repr, comparisons
 * and sequence operators.  Also the C part of the collections module
 * (mod_collections_init): it puts deque in the module dict before the
 * frozen collections.py runs. */
#include "config.h"

#include <string.h>

#include "worker/modules/registry.h"
#include "worker/eval/vm.h"

void type_ready(Type *t);

typedef struct Deque {
	Obj ob;
	Value *buf;
	size_t cap, head, len;
	ssize_t maxlen;        /* -1: unbounded */
	uint64_t state;        /* bumped by every mutation (iterators check it) */
} Deque;

typedef struct DequeIter {
	Obj ob;
	Deque *dq;
	size_t pos;            /* logical index of the next item */
	size_t left;           /* items still to yield */
	uint64_t state;
} DequeIter;

static Type deque_type, dequeiter_type, dequereviter_type;

#define IS_DEQUE(v) val_isinstance(v, &deque_type)
#define DQ(v) ((Deque *)(v).u.o)

static inline Value *slot(Deque *d, size_t i)
{
	size_t k = d->head + i;
	if (k >= d->cap)
		k -= d->cap;
	return &d->buf[k];
}

static bool grow(Deque *d, size_t need)
{
	if (need <= d->cap)
		return true;
	size_t nc = d->cap ? d->cap * 2 : 8;
	while (nc < need)
		nc *= 2;
	if (!mem_check_mul(nc, sizeof(Value)))
		return false;
	Value *nb = mem_alloc(nc * sizeof(Value));
	if (!nb)
		return false;
	for (size_t i = 0; i < d->len; i++)
		nb[i] = *slot(d, i);
	if (d->buf)
		mem_free(d->buf, d->cap * sizeof(Value));
	d->buf = nb;
	d->cap = nc;
	d->head = 0;
	return true;
}

/* Removes and returns the leftmost / rightmost item (len > 0). */
static Value take_left(Deque *d)
{
	Value v = d->buf[d->head];
	d->buf[d->head] = v_null();
	if (++d->head == d->cap)
		d->head = 0;
	d->len--;
	d->state++;
	return v;
}

static Value take_right(Deque *d)
{
	Value *s = slot(d, d->len - 1);
	Value v = *s;
	*s = v_null();
	d->len--;
	d->state++;
	return v;
}

/* Appends (increfs x); a full bounded deque drops from the other end. */
static bool push_right(Deque *d, Value x)
{
	if (d->maxlen == 0)
		return true;
	if (!grow(d, d->len + 1))
		return false;
	*slot(d, d->len) = val_incref(x);
	d->len++;
	d->state++;
	if (d->maxlen >= 0 && d->len > (size_t)d->maxlen)
		val_decref(take_left(d));
	return true;
}

static bool push_left(Deque *d, Value x)
{
	if (d->maxlen == 0)
		return true;
	if (!grow(d, d->len + 1))
		return false;
	d->head = d->head ? d->head - 1 : d->cap - 1;
	d->buf[d->head] = val_incref(x);
	d->len++;
	d->state++;
	if (d->maxlen >= 0 && d->len > (size_t)d->maxlen)
		val_decref(take_right(d));
	return true;
}

static void deque_clear(Deque *d)
{
	while (d->len)
		val_decref(take_right(d));
	d->head = 0;
}

/* The items as a new list (a snapshot for code that calls back). */
static List *snapshot(Deque *d)
{
	List *l = list_with_cap(d->len);
	if (!l)
		return NULL;
	for (size_t i = 0; i < d->len; i++)
		l->items[i] = val_incref(*slot(d, i));
	l->n = d->len;
	return l;
}

static bool extend_right(Deque *d, Value iterable)
{
	if (iterable.tag == V_OBJ && iterable.u.o == &d->ob) {
		List *l = snapshot(d);
		if (!l)
			return false;
		bool ok = true;
		for (size_t i = 0; ok && i < l->n; i++)
			ok = push_right(d, l->items[i]);
		obj_decref(&l->ob);
		return ok;
	}
	Value it = obj_iter(iterable);
	if (IS_NULL(it))
		return false;
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		bool ok = push_right(d, x);
		val_decref(x);
		if (!ok) {
			val_decref(it);
			return false;
		}
	}
	val_decref(it);
	return !err_occurred();
}

static bool extend_left(Deque *d, Value iterable)
{
	if (iterable.tag == V_OBJ && iterable.u.o == &d->ob) {
		List *l = snapshot(d);
		if (!l)
			return false;
		bool ok = true;
		for (size_t i = 0; ok && i < l->n; i++)
			ok = push_left(d, l->items[i]);
		obj_decref(&l->ob);
		return ok;
	}
	Value it = obj_iter(iterable);
	if (IS_NULL(it))
		return false;
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		bool ok = push_left(d, x);
		val_decref(x);
		if (!ok) {
			val_decref(it);
			return false;
		}
	}
	val_decref(it);
	return !err_occurred();
}

/* ---- object ------------------------------------------------------------------ */

static Value deque_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Deque *d = (Deque *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Deque));
	if (!d)
		return v_null();
	d->maxlen = -1;
	return v_obj(&d->ob);
}

static void deque_dealloc(Obj *o)
{
	Deque *d = (Deque *)o;
	deque_clear(d);
	if (d->buf)
		mem_free(d->buf, d->cap * sizeof(Value));
	obj_free(o);
}

/* the cycle collector's clear slot: leaves an empty, usable deque */
static void deque_gc_clear(Obj *o)
{
	deque_clear((Deque *)o);
}

static void deque_traverse(Obj *o, visitfn visit, void *arg)
{
	Deque *d = (Deque *)o;
	for (size_t i = 0; i < d->len; i++)
		visit(*slot(d, i), arg);
}

static bool parse_maxlen(Value v, ssize_t *out)
{
	*out = -1;
	if (IS_NULL(v) || IS_NONE(v))
		return true;
	if (!is_intlike(v)) {
		err_format(Exc_TypeError, "an integer is required");
		return false;
	}
	if (!val_as_ssize(v, out))
		return false;
	if (*out < 0) {
		err_format(Exc_ValueError, "maxlen must be non-negative");
		return false;
	}
	return true;
}

static int deque_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Deque *d = DQ(self);
	if (nargs > 2) {
		err_format(Exc_TypeError, "deque() takes at most 2 arguments (%zu given)", nargs);
		return -1;
	}
	Value a[2] = {nargs > 0 ? args[0] : v_null(), nargs > 1 ? args[1] : v_null()};
	size_t nkw = kw ? kw->n : 0;
	for (size_t k = 0; k < nkw; k++) {
		const char *key = AS_STR(kw->items[k])->data;
		int i = strcmp(key, "iterable") == 0 ? 0 : strcmp(key, "maxlen") == 0 ? 1 : -1;
		if (i < 0) {
			err_format(Exc_TypeError, "'%s' is an invalid keyword argument for deque()", key);
			return -1;
		}
		if (!IS_NULL(a[i])) {
			err_format(Exc_TypeError, "argument for deque() given by name ('%s') and position (%d)", key, i + 1);
			return -1;
		}
		a[i] = args[nargs + k];
	}
	ssize_t maxlen;
	if (!parse_maxlen(a[1], &maxlen))
		return -1;
	d->maxlen = maxlen;
	if (d->len)
		deque_clear(d);
	if (!IS_NULL(a[0]) && !extend_right(d, a[0]))
		return -1;
	return 0;
}

static ssize_t deque_len(Value v) { return (ssize_t)DQ(v)->len; }

static Value deque_repr(Value v)
{
	Deque *d = DQ(v);
	Value nm = obj_getattr(v_obj(&val_type(v)->ob), ID(__name__));
	if (IS_NULL(nm))
		return nm;
	if (repr_enter(v.u.o)) {
		Value r = str_value(str_printf("[...]"));
		val_decref(nm);
		return r;
	}
	List *l = snapshot(d);
	Value inner = l ? obj_repr(v_obj(&l->ob)) : v_null();
	if (l)
		obj_decref(&l->ob);
	repr_leave(v.u.o);
	if (IS_NULL(inner)) {
		val_decref(nm);
		return inner;
	}
	Value r;
	if (d->maxlen >= 0)
		r = str_value(str_printf("%s(%s, maxlen=%zd)", AS_STR(nm)->data, AS_STR(inner)->data, d->maxlen));
	else
		r = str_value(str_printf("%s(%s)", AS_STR(nm)->data, AS_STR(inner)->data));
	val_decref(nm);
	val_decref(inner);
	return r;
}

static Value deque_richcmp(Value a, Value b, int op)
{
	if (!IS_DEQUE(a) || !IS_DEQUE(b))
		return v_notimpl();
	List *x = snapshot(DQ(a));
	List *y = x ? snapshot(DQ(b)) : NULL;
	Value r = y ? seq_richcmp(x->items, x->n, y->items, y->n, op) : v_null();
	if (x)
		obj_decref(&x->ob);
	if (y)
		obj_decref(&y->ob);
	return r;
}

/* A logical index for d[i] (IndexError / TypeError as CPython). */
static bool deque_index_arg(Deque *d, Value k, size_t *out)
{
	if (!is_intlike(k) && !val_type(k)->index) {
		err_format(Exc_TypeError, "sequence index must be integer, not '%s'", type_name_of(k));
		return false;
	}
	ssize_t i;
	if (!val_as_ssize(k, &i)) {
		if (err_matches(Exc_OverflowError)) {
			err_clear();
			err_format(Exc_IndexError, "deque index out of range");
		}
		return false;
	}
	if (i < 0)
		i += (ssize_t)d->len;
	if (i < 0 || (size_t)i >= d->len) {
		err_format(Exc_IndexError, "deque index out of range");
		return false;
	}
	*out = (size_t)i;
	return true;
}

static Value deque_getitem(Value v, Value k)
{
	Deque *d = DQ(v);
	size_t i;
	if (!deque_index_arg(d, k, &i))
		return v_null();
	return val_incref(*slot(d, i));
}

/* Removes logical item i, returning it. */
static Value remove_at(Deque *d, size_t i)
{
	Value x = *slot(d, i);
	if (i < d->len / 2) {
		for (size_t j = i; j > 0; j--)
			*slot(d, j) = *slot(d, j - 1);
		d->buf[d->head] = v_null();
		if (++d->head == d->cap)
			d->head = 0;
	} else {
		for (size_t j = i; j + 1 < d->len; j++)
			*slot(d, j) = *slot(d, j + 1);
		*slot(d, d->len - 1) = v_null();
	}
	d->len--;
	d->state++;
	return x;
}

static int deque_setitem(Value v, Value k, Value x)
{
	Deque *d = DQ(v);
	size_t i;
	if (!deque_index_arg(d, k, &i))
		return -1;
	if (IS_NULL(x)) {
		val_decref(remove_at(d, i));
		return 0;
	}
	Value *s = slot(d, i);
	Value old = *s;
	*s = val_incref(x);
	val_decref(old);
	return 0;
}

static int deque_contains(Value v, Value x)
{
	Deque *d = DQ(v);
	uint64_t st = d->state;
	for (size_t i = 0; i < d->len; i++) {
		Value it = val_incref(*slot(d, i));
		int eq = obj_eq(it, x);
		val_decref(it);
		if (eq)
			return eq;
		if (d->state != st) {
			err_format(Exc_RuntimeError, "deque mutated during iteration");
			return -1;
		}
	}
	return 0;
}

static Value deque_copy_of(Value v)
{
	Deque *d = DQ(v);
	Type *t = val_type(v);
	if (t == &deque_type) {
		Value r = deque_new(t, NULL, 0, NULL);
		if (IS_NULL(r))
			return r;
		DQ(r)->maxlen = d->maxlen;
		for (size_t i = 0; i < d->len; i++) {
			if (!push_right(DQ(r), *slot(d, i))) {
				val_decref(r);
				return v_null();
			}
		}
		return r;
	}
	/* a subclass: type(d)(d, maxlen) (or type(d)(d)) */
	Value args[2] = {v, d->maxlen >= 0 ? v_int(d->maxlen) : v_none()};
	return obj_call(v_obj(&t->ob), args, d->maxlen >= 0 ? 2 : 1, NULL);
}

static Value deque_concat(Value a, Value b)
{
	if (!IS_DEQUE(a))
		return v_notimpl();
	if (!IS_DEQUE(b))
		return err_null_format(Exc_TypeError, "can only concatenate deque (not \"%s\") to deque", type_name_of(b));
	Value r = deque_copy_of(a);
	if (IS_NULL(r))
		return r;
	if (!extend_right(DQ(r), b)) {
		val_decref(r);
		return v_null();
	}
	return r;
}

static Value deque_inplace_concat(Value a, Value b)
{
	if (!extend_right(DQ(a), b))
		return v_null();
	return val_incref(a);
}

static bool repeat_n(Value n, ssize_t *k)
{
	if (!is_intlike(n) && !val_type(n)->index)
		return false;
	if (!val_as_ssize(n, k))
		return false;
	if (*k < 0)
		*k = 0;
	return true;
}

static bool inplace_repeat(Deque *d, ssize_t k)
{
	if (k <= 0 || d->len == 0) {
		deque_clear(d);
		return true;
	}
	List *l = snapshot(d);
	if (!l)
		return false;
	size_t limit = d->maxlen >= 0 ? (size_t)d->maxlen : SIZE_MAX;
	bool ok = true;
	for (ssize_t r = 1; ok && r < k; r++) {
		for (size_t i = 0; ok && i < l->n; i++)
			ok = push_right(d, l->items[i]);
		if (d->len >= limit && (size_t)(r + 1) * l->n >= limit + l->n)
			break;   /* a bounded deque: further rounds change nothing new */
	}
	obj_decref(&l->ob);
	return ok;
}

static Value deque_repeat(Value a, Value b)
{
	Value seq = IS_DEQUE(a) ? a : b, n = IS_DEQUE(a) ? b : a;
	if (!IS_DEQUE(seq))
		return v_notimpl();
	ssize_t k;
	if (!repeat_n(n, &k)) {
		if (!err_occurred() && IS_DEQUE(a))
			err_format(Exc_TypeError, "can't multiply sequence by non-int of type '%s'", type_name_of(n));
		return err_occurred() ? v_null() : v_notimpl();
	}
	Value r = deque_copy_of(seq);
	if (IS_NULL(r))
		return r;
	if (!inplace_repeat(DQ(r), k)) {
		val_decref(r);
		return v_null();
	}
	return r;
}

static Value deque_inplace_repeat(Value a, Value b)
{
	ssize_t k;
	if (!repeat_n(b, &k))
		return err_occurred() ? v_null() : v_notimpl();
	if (!inplace_repeat(DQ(a), k))
		return v_null();
	return val_incref(a);
}

/* ---- methods ---------------------------------------------------------------- */

static bool one_arg(const char *name, size_t nargs, Tuple *kw)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "deque.%s() takes no keyword arguments", name);
		return false;
	}
	if (nargs != 1) {
		err_format(Exc_TypeError, "deque.%s() takes exactly one argument (%zu given)", name, nargs);
		return false;
	}
	return true;
}

static bool no_arg(const char *name, size_t nargs, Tuple *kw)
{
	if (nargs || (kw && kw->n)) {
		err_format(Exc_TypeError, "deque.%s() takes no arguments (%zu given)", name, nargs);
		return false;
	}
	return true;
}

static Value m_append(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!one_arg("append", nargs, kw) || !push_right(DQ(self), args[0]))
		return v_null();
	return v_none();
}

static Value m_appendleft(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!one_arg("appendleft", nargs, kw) || !push_left(DQ(self), args[0]))
		return v_null();
	return v_none();
}

static Value m_pop(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_arg("pop", nargs, kw))
		return v_null();
	if (DQ(self)->len == 0)
		return err_null_format(Exc_IndexError, "pop from an empty deque");
	return take_right(DQ(self));
}

static Value m_popleft(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_arg("popleft", nargs, kw))
		return v_null();
	if (DQ(self)->len == 0)
		return err_null_format(Exc_IndexError, "pop from an empty deque");
	return take_left(DQ(self));
}

static Value m_extend(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!one_arg("extend", nargs, kw) || !extend_right(DQ(self), args[0]))
		return v_null();
	return v_none();
}

static Value m_extendleft(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!one_arg("extendleft", nargs, kw) || !extend_left(DQ(self), args[0]))
		return v_null();
	return v_none();
}

static Value m_clear(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_arg("clear", nargs, kw))
		return v_null();
	deque_clear(DQ(self));
	return v_none();
}

static Value m_copy(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_arg("copy", nargs, kw))
		return v_null();
	return deque_copy_of(self);
}

static Value m_rotate(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "deque.rotate() takes no keyword arguments");
	if (nargs > 1)
		return err_null_format(Exc_TypeError, "rotate expected at most 1 argument, got %zu", nargs);
	Deque *d = DQ(self);
	ssize_t n = 1;
	if (nargs == 1) {
		if (!is_intlike(args[0]) && !val_type(args[0])->index)
			return err_null_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(args[0]));
		if (!val_as_ssize(args[0], &n))
			return v_null();
	}
	if (d->len <= 1)
		return v_none();
	n %= (ssize_t)d->len;
	if (n < 0)
		n += (ssize_t)d->len;
	if (n == 0)
		return v_none();
	/* rotate right by n: the last n items move to the front */
	if (d->len == d->cap) {
		d->head = (d->head + d->cap - (size_t)n) % d->cap;
	} else if ((size_t)n <= d->len / 2) {
		for (ssize_t k = 0; k < n; k++) {
			Value *last = slot(d, d->len - 1);
			Value x = *last;
			*last = v_null();
			d->head = d->head ? d->head - 1 : d->cap - 1;
			d->buf[d->head] = x;
		}
	} else {
		for (size_t k = 0; k < d->len - (size_t)n; k++) {
			Value x = d->buf[d->head];
			d->buf[d->head] = v_null();
			if (++d->head == d->cap)
				d->head = 0;
			*slot(d, d->len - 1) = x;
		}
	}
	d->state++;
	return v_none();
}

static Value m_count(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!one_arg("count", nargs, kw))
		return v_null();
	Deque *d = DQ(self);
	uint64_t st = d->state;
	int64_t c = 0;
	for (size_t i = 0; i < d->len; i++) {
		Value it = val_incref(*slot(d, i));
		int eq = obj_eq(it, args[0]);
		val_decref(it);
		if (eq < 0)
			return v_null();
		c += eq;
		if (d->state != st)
			return err_null_format(Exc_RuntimeError, "deque mutated during iteration");
	}
	return v_int(c);
}

static bool slice_arg(Value v, ssize_t *out)
{
	if (!is_intlike(v) && !val_type(v)->index) {
		err_format(Exc_TypeError, "slice indices must be integers or have an __index__ method");
		return false;
	}
	Value iv = obj_index(v);
	if (IS_NULL(iv))
		return false;
	int64_t x;
	if (!int_as_i64(iv, &x))
		x = int_sign(iv) < 0 ? INT64_MIN / 2 : INT64_MAX / 2;
	val_decref(iv);
	*out = (ssize_t)x;
	return true;
}

static Value m_index(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "deque.index() takes no keyword arguments");
	if (nargs < 1 || nargs > 3)
		return err_null_format(Exc_TypeError, nargs < 1 ? "index expected at least 1 argument, got %zu" : "index expected at most 3 arguments, got %zu", nargs);
	Deque *d = DQ(self);
	ssize_t n = (ssize_t)d->len, start = 0, stop = n;
	if (nargs > 1 && !slice_arg(args[1], &start))
		return v_null();
	if (nargs > 2 && !slice_arg(args[2], &stop))
		return v_null();
	if (start < 0 && (start += n) < 0)
		start = 0;
	if (stop < 0 && (stop += n) < 0)
		stop = 0;
	if (stop > n)
		stop = n;
	uint64_t st = d->state;
	for (ssize_t i = start; i < stop && (size_t)i < d->len; i++) {
		Value it = val_incref(*slot(d, (size_t)i));
		int eq = obj_eq(it, args[0]);
		val_decref(it);
		if (eq < 0)
			return v_null();
		if (eq)
			return v_int(i);
		if (d->state != st)
			return err_null_format(Exc_RuntimeError, "deque mutated during iteration");
	}
	Value r = obj_repr(args[0]);
	if (IS_NULL(r))
		return r;
	err_format(Exc_ValueError, "%s is not in deque", AS_STR(r)->data);
	val_decref(r);
	return v_null();
}

static Value m_insert(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "deque.insert() takes no keyword arguments");
	if (nargs != 2)
		return err_null_format(Exc_TypeError, "insert() takes exactly 2 arguments (%zu given)", nargs);
	Deque *d = DQ(self);
	if (!is_intlike(args[0]) && !val_type(args[0])->index)
		return err_null_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(args[0]));
	ssize_t i;
	if (!val_as_ssize(args[0], &i))
		return v_null();
	if (d->maxlen >= 0 && d->len >= (size_t)d->maxlen)
		return err_null_format(Exc_IndexError, "deque already at its maximum size");
	ssize_t n = (ssize_t)d->len;
	if (i < 0 && (i += n) < 0)
		i = 0;
	if (i > n)
		i = n;
	if (!push_right(d, args[1]))
		return v_null();
	/* bubble the new last item down to position i */
	for (ssize_t j = n; j > i; j--) {
		Value tmp = *slot(d, (size_t)j);
		*slot(d, (size_t)j) = *slot(d, (size_t)j - 1);
		*slot(d, (size_t)j - 1) = tmp;
	}
	return v_none();
}

static Value m_remove(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!one_arg("remove", nargs, kw))
		return v_null();
	Deque *d = DQ(self);
	uint64_t st = d->state;
	for (size_t i = 0; i < d->len; i++) {
		Value it = val_incref(*slot(d, i));
		int eq = obj_eq(it, args[0]);
		val_decref(it);
		if (eq < 0)
			return v_null();
		if (d->state != st)
			return err_null_format(Exc_IndexError, "deque mutated during remove().");
		if (eq) {
			val_decref(remove_at(d, i));
			return v_none();
		}
	}
	Value r = obj_repr(args[0]);
	if (IS_NULL(r))
		return r;
	err_format(Exc_ValueError, "%s is not in deque", AS_STR(r)->data);
	val_decref(r);
	return v_null();
}

static Value m_reverse(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_arg("reverse", nargs, kw))
		return v_null();
	Deque *d = DQ(self);
	for (size_t i = 0, j = d->len ? d->len - 1 : 0; i < j; i++, j--) {
		Value tmp = *slot(d, i);
		*slot(d, i) = *slot(d, j);
		*slot(d, j) = tmp;
	}
	d->state++;
	return v_none();
}

static Value get_maxlen(Value v)
{
	Deque *d = DQ(v);
	return d->maxlen >= 0 ? v_int(d->maxlen) : v_none();
}

static Value m_sizeof(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return v_int((int64_t)(sizeof(Deque) + DQ(self)->cap * sizeof(Value)));
}

static Value m_class_getitem(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	Str *name = str_intern("__class_getitem__");
	Value f = type_lookup(&list_type, name);
	obj_decref(&name->ob);
	if (IS_NULL(f))
		return err_null_format(Exc_TypeError, "no generic alias");
	/* list's __class_getitem__ builds types.GenericAlias(cls, item) */
	Value bound = bind_descr(f, v_null(), (Type *)cls.u.o);
	if (IS_NULL(bound))
		return bound;
	Value r = obj_call(bound, args, nargs, kw);
	val_decref(bound);
	return r;
}

static Value m_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Deque *d = DQ(self);
	List *l = snapshot(d);
	if (!l)
		return v_null();
	Value items[2] = {v_obj(&l->ob), d->maxlen >= 0 ? v_int(d->maxlen) : v_none()};
	Tuple *a = tuple_from(items, d->maxlen >= 0 ? 2 : 1);
	obj_decref(&l->ob);
	if (!a)
		return v_null();
	Value parts[2] = {v_obj(&val_type(self)->ob), v_obj(&a->ob)};
	Tuple *r = tuple_from(parts, 2);
	obj_decref(&a->ob);
	return r ? v_obj(&r->ob) : v_null();
}

/* ---- iterators ------------------------------------------------------------ */

static Value iter_make(Type *t, Deque *d)
{
	DequeIter *it = (DequeIter *)obj_alloc(t, sizeof(DequeIter));
	if (!it)
		return v_null();
	obj_incref(&d->ob);
	it->dq = d;
	it->left = d->len;
	it->pos = t == &dequereviter_type ? d->len - 1 : 0;
	it->state = d->state;
	return v_obj(&it->ob);
}

static Value deque_iter(Value v) { return iter_make(&dequeiter_type, DQ(v)); }

static Value m_reversed(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return iter_make(&dequereviter_type, DQ(self));
}

static void dequeiter_dealloc(Obj *o)
{
	DequeIter *it = (DequeIter *)o;
	if (it->dq)
		obj_decref(&it->dq->ob);
	obj_free(o);
}

static void dequeiter_traverse(Obj *o, visitfn visit, void *arg)
{
	DequeIter *it = (DequeIter *)o;
	if (it->dq)
		visit(v_obj(&it->dq->ob), arg);
}

static Value dequeiter_self(Value v) { return val_incref(v); }

static Value dequeiter_next(Value v)
{
	DequeIter *it = (DequeIter *)v.u.o;
	Deque *d = it->dq;
	if (d->state != it->state) {
		it->left = 0;
		return err_null_format(Exc_RuntimeError, "deque mutated during iteration");
	}
	if (it->left == 0)
		return v_null();
	Value x = val_incref(*slot(d, it->pos));
	it->left--;
	if (obj_is(v, &dequereviter_type))
		it->pos--;
	else
		it->pos++;
	return x;
}

static Value dequeiter_length_hint(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return v_int((int64_t)((DequeIter *)self.u.o)->left);
}

/* ---- module ------------------------------------------------------------------ */

/* _count_elements(mapping, iterable): mapping[x] = mapping.get(x, 0) + 1
 * for each x (Counter's hot loop); plain dict operations when mapping is a
 * dict whose get and __setitem__ are dict's own. */
static Value fn_count_elements(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("_count_elements", nargs, kw, 2, 2))
		return v_null();
	Value m = args[0];
	Type *t = val_type(m);
	Str *get_name = str_intern("get");
	bool fast = IS_DICT(m) && type_lookup(t, get_name).u.o == type_lookup(&dict_type, get_name).u.o &&
		    type_lookup(t, ID(__setitem__)).u.o == type_lookup(&dict_type, ID(__setitem__)).u.o;
	Value getter = fast ? v_null() : obj_getattr(m, get_name);
	obj_decref(&get_name->ob);
	if (!fast && IS_NULL(getter))
		return getter;
	Value it = obj_iter(args[1]);
	if (IS_NULL(it)) {
		val_decref(getter);
		return it;
	}
	Value x;
	bool ok = true;
	while (ok && !IS_NULL(x = obj_next(it))) {
		Value cur;
		if (fast) {
			int r = dict_count_one(AS_DICT(m), x);
			if (r <= 0) {
				ok = r == 0;
				val_decref(x);
				continue;
			}
			cur = dict_get(AS_DICT(m), x);
			if (IS_NULL(cur) && err_occurred())
				cur = v_null();
			else
				cur = IS_NULL(cur) ? v_int(0) : val_incref(cur);
		} else {
			cur = call2(getter, x, v_int(0));
		}
		Value nv;
		if (cur.tag == V_INT && cur.u.i < INT64_MAX)
			nv = v_int(cur.u.i + 1);   /* a small count: no binop */
		else
			nv = IS_NULL(cur) ? cur : binop(cur, v_int(1), NB_ADD);
		val_decref(cur);
		if (IS_NULL(nv))
			ok = false;
		else if (fast)
			ok = dict_set(AS_DICT(m), x, nv) == 0;
		else
			ok = obj_setitem(m, x, nv) == 0;
		val_decref(nv);
		val_decref(x);
	}
	val_decref(it);
	val_decref(getter);
	if (!ok || err_occurred())
		return v_null();
	return v_none();
}

/* _caller_module(): __name__ of the innermost frame that is not frozen
 * library code (namedtuple's __module__); None if there is none. */
static Value fn_caller_module(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	for (Frame *f = vm.frame; f; f = f->back) {
		if (f->code && f->code->filename && strncmp(f->code->filename->data, "<frozen ", 8) == 0)
			continue;
		Value n = f->globals ? dict_get_str(f->globals, ID(__name__)) : v_null();
		if (!IS_NULL(n))
			return val_incref(n);
		break;
	}
	return v_none();
}

bool mod_collections_init(Dict *d)
{
	static bool ready;
	if (!ready) {
		Type *t = &deque_type;
		type_init_builtin(t, "collections.deque", &object_type);
		t->flags |= TF_BASETYPE;
		t->basicsize = sizeof(Deque);
		t->new = deque_new;
		t->init = deque_init;
		t->dealloc = deque_dealloc;
		t->traverse = deque_traverse;
		t->clear = deque_gc_clear;
		t->repr = deque_repr;
		t->richcmp = deque_richcmp;
		t->len = deque_len;
		t->getitem = deque_getitem;
		t->setitem = deque_setitem;
		t->contains = deque_contains;
		t->iter = deque_iter;
		t->nb[NB_ADD] = deque_concat;
		t->nb[NB_MUL] = deque_repeat;
		t->nb_inplace[NB_ADD] = deque_inplace_concat;
		t->nb_inplace[NB_MUL] = deque_inplace_repeat;
		type_add_method(t, "append", m_append, 0);
		type_add_method(t, "appendleft", m_appendleft, 0);
		type_add_method(t, "pop", m_pop, 0);
		type_add_method(t, "popleft", m_popleft, 0);
		type_add_method(t, "extend", m_extend, 0);
		type_add_method(t, "extendleft", m_extendleft, 0);
		type_add_method(t, "clear", m_clear, 0);
		type_add_method(t, "copy", m_copy, 0);
		type_add_method(t, "__copy__", m_copy, 0);
		type_add_method(t, "rotate", m_rotate, 0);
		type_add_method(t, "count", m_count, 0);
		type_add_method(t, "index", m_index, 0);
		type_add_method(t, "insert", m_insert, 0);
		type_add_method(t, "remove", m_remove, 0);
		type_add_method(t, "reverse", m_reverse, 0);
		type_add_method(t, "__reversed__", m_reversed, 0);
		type_add_method(t, "__sizeof__", m_sizeof, 0);
		type_add_method(t, "__reduce__", m_reduce, 0);
		type_add_method(t, "__class_getitem__", m_class_getitem, BF_CLASSMETHOD);
		type_add_getset(t, "maxlen", get_maxlen);
		type_ready(t);
		Str *mod = str_cstr("collections");
		dict_set_str(t->dict, ID(__module__), str_value(mod));
		obj_decref(&mod->ob);
		dict_set_str(t->dict, ID(__hash__), v_none());
		t->hash = NULL;

		Type *its[2] = {&dequeiter_type, &dequereviter_type};
		const char *names[2] = {"_collections._deque_iterator", "_collections._deque_reverse_iterator"};
		for (int i = 0; i < 2; i++) {
			type_init_builtin(its[i], names[i], &object_type);
			its[i]->dealloc = dequeiter_dealloc;
			its[i]->traverse = dequeiter_traverse;
			its[i]->iter = dequeiter_self;
			its[i]->next = dequeiter_next;
			type_add_method(its[i], "__length_hint__", dequeiter_length_hint, 0);
			type_ready(its[i]);
		}
		ready = true;
	}
	Str *k = str_intern("deque");
	dict_set_str(d, k, v_obj(&deque_type.ob));
	obj_decref(&k->ob);
	module_add_fn(d, "_caller_module", fn_caller_module);
	module_add_fn(d, "_count_elements", fn_count_elements);
	return true;
}
