/* worker/modules/itertools/itertools_comb.c -- the itertools module, part 2: the
 * combinatoric iterators (product, permutations, combinations,
 * combinations_with_replacement) and the two that share state between
 * iterators (groupby with its _grouper, tee with its linked buffer), in the
 * order and with the errors of CPython 3.11. */
#include "config.h"

#include <string.h>

#include "worker/modules/itertools/itertools.h"

void type_ready(Type *t);

static Type product_type, permutations_type, combinations_type, cwr_type,
	groupby_type, grouper_type, tee_type, teedata_type;

static ssize_t *idx_alloc(size_t n)
{
	return mem_alloc((n ? n : 1) * sizeof(ssize_t));
}

/* A tuple of pool[idx[k]] for k < r. */
static Value pick(Tuple *pool, const ssize_t *idx, ssize_t r)
{
	Tuple *t = tuple_new((size_t)r);
	if (!t)
		return v_null();
	for (ssize_t k = 0; k < r; k++)
		t->items[k] = val_incref(pool->items[idx[k]]);
	return v_obj(&t->ob);
}

/* ---- product(*iterables, repeat=1): a = tuple of pools (tuples),
 * idx = index into each pool, state: 0 fresh, 1 running, 2 stopped ------- */

static Value product_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	ssize_t repeat = 1;
	size_t nkw = kw ? kw->n : 0;
	for (size_t i = 0; i < nkw; i++) {
		const char *k = AS_STR(kw->items[i])->data;
		if (strcmp(k, "repeat") != 0)
			return err_null_format(Exc_TypeError, "'%s' is an invalid keyword argument for product()", k);
		if (!it_ssize(args[nargs + i], &repeat))
			return v_null();
		if (repeat < 0)
			return err_null_format(Exc_ValueError, "repeat argument cannot be negative");
	}
	size_t npools;
	if (repeat && __builtin_mul_overflow(nargs, (size_t)repeat, &npools))
		return err_null_format(Exc_OverflowError, "repeat argument too large");
	if (!repeat)
		npools = 0;
	Tuple *pools = tuple_new(npools);
	if (!pools)
		return v_null();
	for (size_t i = 0; i < nargs; i++) {
		Value p = seq_to_tuple(args[i]);
		if (IS_NULL(p)) {
			obj_decref(&pools->ob);
			return p;
		}
		for (ssize_t r = 0; r < repeat; r++)
			pools->items[(size_t)r * nargs + i] = val_incref(p);
		val_decref(p);
	}
	It *it = it_alloc(t);
	ssize_t *idx = idx_alloc(npools);
	if (!it || !idx) {
		if (it)
			obj_decref(&it->ob);
		if (idx)
			mem_free(idx, (npools ? npools : 1) * sizeof(ssize_t));
		obj_decref(&pools->ob);
		return v_null();
	}
	memset(idx, 0, (npools ? npools : 1) * sizeof(ssize_t));
	it->idx = idx;
	it->nidx = npools ? npools : 1;
	it->a = v_obj(&pools->ob);
	it->n = (ssize_t)npools;
	for (size_t i = 0; i < npools; i++)
		if (AS_TUPLE(pools->items[i])->n == 0)
			it->state = 2;
	return v_obj(&it->ob);
}

static Value product_next(Value v)
{
	It *it = (It *)v.u.o;
	Tuple *pools = AS_TUPLE(it->a);
	ssize_t n = it->n;
	if (it->state == 2)
		return v_null();
	if (it->state == 1) {
		ssize_t i;
		for (i = n - 1; i >= 0; i--) {
			Tuple *pool = AS_TUPLE(pools->items[i]);
			if (++it->idx[i] == (ssize_t)pool->n)
				it->idx[i] = 0;
			else
				break;
		}
		if (i < 0) {
			it->state = 2;
			return v_null();
		}
	}
	it->state = 1;
	Tuple *t = tuple_new((size_t)n);
	if (!t)
		return v_null();
	for (ssize_t k = 0; k < n; k++)
		t->items[k] = val_incref(AS_TUPLE(pools->items[k])->items[it->idx[k]]);
	return v_obj(&t->ob);
}

/* ---- permutations(iterable, r=None) / combinations(iterable, r) /
 * combinations_with_replacement(iterable, r):
 * a = pool tuple, n = len(pool), r, idx = indices (n or r), cyc = cycles,
 * state: 0 fresh, 1 running, 2 stopped --------------------------------------- */

static bool r_arg(Value v, ssize_t *r)
{
	if (!is_intlike(v)) {
		err_format(Exc_TypeError, "Expected int as r");
		return false;
	}
	if (!val_as_ssize(v, r))
		return false;
	if (*r < 0) {
		err_format(Exc_ValueError, "r must be non-negative");
		return false;
	}
	return true;
}

static It *comb_setup(Type *t, Value iterable, Value rv, bool r_optional, ssize_t *rout)
{
	Value pool = seq_to_tuple(iterable);
	if (IS_NULL(pool))
		return NULL;
	ssize_t n = (ssize_t)AS_TUPLE(pool)->n, r = n;
	if (!(r_optional && (IS_NULL(rv) || IS_NONE(rv)))) {
		if (!r_arg(rv, &r)) {
			val_decref(pool);
			return NULL;
		}
	}
	It *it = it_alloc(t);
	if (!it) {
		val_decref(pool);
		return NULL;
	}
	it->a = pool;
	it->n = n;
	it->r = r;
	*rout = r;
	return it;
}

static Value permutations_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"iterable", "r"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("permutations", args, nargs, kw, names, 1, 2, a))
		return v_null();
	ssize_t r;
	It *it = comb_setup(t, a[0], a[1], true, &r);
	if (!it)
		return v_null();
	ssize_t n = it->n;
	it->idx = idx_alloc((size_t)n);
	it->nidx = n ? (size_t)n : 1;
	it->cyc = idx_alloc((size_t)r);
	it->ncyc = r ? (size_t)r : 1;
	if (!it->idx || !it->cyc) {
		obj_decref(&it->ob);
		return v_null();
	}
	for (ssize_t i = 0; i < n; i++)
		it->idx[i] = i;
	for (ssize_t i = 0; i < r; i++)
		it->cyc[i] = n - i;
	if (r > n)
		it->state = 2;
	return v_obj(&it->ob);
}

static Value permutations_next(Value v)
{
	It *it = (It *)v.u.o;
	ssize_t n = it->n, r = it->r, *idx = it->idx, *cyc = it->cyc;
	if (it->state == 2)
		return v_null();
	if (it->state == 1) {
		if (n == 0)
			goto empty;
		ssize_t i;
		for (i = r - 1; i >= 0; i--) {
			if (--cyc[i] == 0) {
				ssize_t first = idx[i];
				for (ssize_t j = i; j < n - 1; j++)
					idx[j] = idx[j + 1];
				idx[n - 1] = first;
				cyc[i] = n - i;
			} else {
				ssize_t j = cyc[i], tmp = idx[i];
				idx[i] = idx[n - j];
				idx[n - j] = tmp;
				break;
			}
		}
		if (i < 0)
			goto empty;
	}
	it->state = 1;
	return pick(AS_TUPLE(it->a), idx, r);
empty:
	it->state = 2;
	return v_null();
}

static Value combinations_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"iterable", "r"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("combinations", args, nargs, kw, names, 2, 2, a))
		return v_null();
	ssize_t r;
	It *it = comb_setup(t, a[0], a[1], false, &r);
	if (!it)
		return v_null();
	it->idx = idx_alloc((size_t)r);
	it->nidx = r ? (size_t)r : 1;
	if (!it->idx) {
		obj_decref(&it->ob);
		return v_null();
	}
	for (ssize_t i = 0; i < r; i++)
		it->idx[i] = i;
	if (r > it->n)
		it->state = 2;
	return v_obj(&it->ob);
}

static Value combinations_next(Value v)
{
	It *it = (It *)v.u.o;
	ssize_t n = it->n, r = it->r, *idx = it->idx;
	if (it->state == 2)
		return v_null();
	if (it->state == 1) {
		ssize_t i;
		for (i = r - 1; i >= 0 && idx[i] == i + n - r; i--)
			;
		if (i < 0) {
			it->state = 2;
			return v_null();
		}
		idx[i]++;
		for (ssize_t j = i + 1; j < r; j++)
			idx[j] = idx[j - 1] + 1;
	}
	it->state = 1;
	return pick(AS_TUPLE(it->a), idx, r);
}

static Value cwr_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"iterable", "r"};
	Value a[2] = {v_null(), v_null()};
	if (!args_parse("combinations_with_replacement", args, nargs, kw, names, 2, 2, a))
		return v_null();
	ssize_t r;
	It *it = comb_setup(t, a[0], a[1], false, &r);
	if (!it)
		return v_null();
	it->idx = idx_alloc((size_t)r);
	it->nidx = r ? (size_t)r : 1;
	if (!it->idx) {
		obj_decref(&it->ob);
		return v_null();
	}
	for (ssize_t i = 0; i < r; i++)
		it->idx[i] = 0;
	if (it->n == 0 && r > 0)
		it->state = 2;
	return v_obj(&it->ob);
}

static Value cwr_next(Value v)
{
	It *it = (It *)v.u.o;
	ssize_t n = it->n, r = it->r, *idx = it->idx;
	if (it->state == 2)
		return v_null();
	if (it->state == 1) {
		ssize_t i;
		for (i = r - 1; i >= 0 && idx[i] == n - 1; i--)
			;
		if (i < 0) {
			it->state = 2;
			return v_null();
		}
		ssize_t k = idx[i] + 1;
		for (ssize_t j = i; j < r; j++)
			idx[j] = k;
	}
	it->state = 1;
	return pick(AS_TUPLE(it->a), idx, r);
}

/* ---- groupby(iterable, key=None): a = source, b = key function (NULL:
 * identity), c = tgtkey, d = currkey, e = currvalue, peer = the _grouper
 * allowed to advance.  _grouper: a = its groupby, b = its key ------------- */

/* Advances the source: 0 ok, -1 exhausted or error. */
static int groupby_step(It *g)
{
	Value nv = obj_next(g->a);
	if (IS_NULL(nv))
		return -1;
	Value nk;
	if (IS_NULL(g->b)) {
		nk = val_incref(nv);
	} else {
		nk = call1(g->b, nv);
		if (IS_NULL(nk)) {
			val_decref(nv);
			return -1;
		}
	}
	val_decref(g->e);
	g->e = nv;
	val_decref(g->d);
	g->d = nk;
	return 0;
}

static Value groupby_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"iterable", "key"};
	Value a[2];
	if (!it_kwparse("groupby", args, nargs, kw, names, 2, 2, 1, a))
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
	return v_obj(&it->ob);
}

static Value groupby_next(Value v)
{
	It *g = (It *)v.u.o;
	g->peer = NULL;
	for (;;) {
		if (IS_NULL(g->d)) {
			/* nothing read yet */
		} else if (IS_NULL(g->c)) {
			break;
		} else {
			int eq = obj_richcmp_bool(g->c, g->d, CMP_EQ);
			if (eq < 0)
				return v_null();
			if (eq == 0)
				break;
		}
		if (groupby_step(g) < 0)
			return v_null();
	}
	val_incref(g->d);
	val_decref(g->c);
	g->c = g->d;
	It *gr = it_alloc(&grouper_type);
	if (!gr)
		return v_null();
	gr->a = val_incref(v);
	gr->b = val_incref(g->c);
	g->peer = gr;
	Tuple *r = tuple_new(2);
	if (!r) {
		obj_decref(&gr->ob);
		return v_null();
	}
	r->items[0] = val_incref(g->d);
	r->items[1] = v_obj(&gr->ob);
	return v_obj(&r->ob);
}

static Value grouper_next(Value v)
{
	It *gr = (It *)v.u.o;
	It *g = (It *)gr->a.u.o;
	if (g->peer != gr)
		return v_null();
	if (IS_NULL(g->e)) {
		if (groupby_step(g) < 0)
			return v_null();
	}
	int eq = obj_richcmp_bool(gr->b, g->d, CMP_EQ);
	if (eq <= 0)
		return v_null();
	Value r = g->e;
	g->e = v_null();
	VAL_CLEAR(g->d);
	return r;
}

/* ---- tee: _tee_dataobject is a block of up to TEE_CELLS values read from
 * the shared source, linked to the next block; a _tee iterator is a block
 * and a position in it. ------------------------------------------------------ */

#define TEE_CELLS 57

typedef struct TeeData {
	Obj ob;
	Value src;
	int numread;
	bool running;
	struct TeeData *next;
	Value values[TEE_CELLS];
} TeeData;

typedef struct Tee {
	Obj ob;
	TeeData *data;
	int index;
} Tee;

static TeeData *teedata_new(Value src)
{
	TeeData *t = (TeeData *)obj_alloc(&teedata_type, sizeof(TeeData));
	if (t)
		t->src = val_incref(src);
	return t;
}

static void teedata_clear(TeeData *t)
{
	for (int i = 0; i < t->numread; i++)
		VAL_CLEAR(t->values[i]);
	t->numread = 0;
	VAL_CLEAR(t->src);
}

/* Frees a chain of blocks iteratively (a long chain would otherwise
 * recurse once per block). */
static void teedata_dealloc(Obj *o)
{
	TeeData *t = (TeeData *)o;
	TeeData *nx = t->next;
	t->next = NULL;
	teedata_clear(t);
	obj_free(o);
	while (nx) {
		if (nx->ob.refcnt > 1) {
			obj_decref(&nx->ob);
			break;
		}
		TeeData *cur = nx;
		nx = cur->next;
		cur->next = NULL;
		teedata_clear(cur);
		obj_free(&cur->ob);
	}
}

static void teedata_traverse(Obj *o, visitfn visit, void *arg)
{
	TeeData *t = (TeeData *)o;
	if (!IS_NULL(t->src))
		visit(t->src, arg);
	for (int i = 0; i < t->numread; i++)
		visit(t->values[i], arg);
	if (t->next)
		visit(v_obj(&t->next->ob), arg);
}

static Value teedata_get(TeeData *t, int i)
{
	if (i < t->numread)
		return val_incref(t->values[i]);
	if (t->running)
		return err_null_format(Exc_RuntimeError, "cannot re-enter the tee iterator");
	if (IS_NULL(t->src))
		return v_null();
	t->running = true;
	Value x = obj_next(t->src);
	t->running = false;
	if (IS_NULL(x))
		return x;
	t->values[t->numread++] = x;
	return val_incref(x);
}

static Value tee_wrap(Type *t, TeeData *data, int index)
{
	Tee *te = (Tee *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Tee));
	if (!te)
		return v_null();
	obj_incref(&data->ob);
	te->data = data;
	te->index = index;
	return v_obj(&te->ob);
}

static Value tee_from_iterable(Value iterable)
{
	Value src = obj_iter(iterable);
	if (IS_NULL(src))
		return src;
	if (obj_is(src, &tee_type)) {
		Tee *te = (Tee *)src.u.o;
		Value r = tee_wrap(&tee_type, te->data, te->index);
		val_decref(src);
		return r;
	}
	TeeData *d = teedata_new(src);
	val_decref(src);
	if (!d)
		return v_null();
	Value r = tee_wrap(&tee_type, d, 0);
	obj_decref(&d->ob);
	return r;
}

static Value tee_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!it_no_kw("_tee", kw) || !it_nargs("_tee", nargs, 1, 1))
		return v_null();
	(void)t;
	return tee_from_iterable(args[0]);
}

static void tee_dealloc(Obj *o)
{
	Tee *te = (Tee *)o;
	if (te->data)
		obj_decref(&te->data->ob);
	obj_free(o);
}

static void tee_traverse(Obj *o, visitfn visit, void *arg)
{
	Tee *te = (Tee *)o;
	if (te->data)
		visit(v_obj(&te->data->ob), arg);
}

static Value tee_next(Value v)
{
	Tee *te = (Tee *)v.u.o;
	if (te->index >= TEE_CELLS) {
		TeeData *d = te->data;
		if (!d->next && !(d->next = teedata_new(d->src)))
			return v_null();
		obj_incref(&d->next->ob);
		te->data = d->next;
		te->index = 0;
		obj_decref(&d->ob);
	}
	Value x = teedata_get(te->data, te->index);
	if (!IS_NULL(x))
		te->index++;
	return x;
}

static Value tee_copy(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__copy__", nargs, kw, 0, 0))
		return v_null();
	Tee *te = (Tee *)self.u.o;
	return tee_wrap(&tee_type, te->data, te->index);
}

static Value fn_tee(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!it_no_kw("tee", kw) || !it_nargs("tee", nargs, 1, 2))
		return v_null();
	ssize_t n = 2;
	if (nargs == 2 && !it_ssize(args[1], &n))
		return v_null();
	if (n < 0)
		return err_null_format(Exc_ValueError, "n must be >= 0");
	if (n == 0)
		return v_obj(&tuple_empty()->ob);
	Value src = obj_iter(args[0]);
	if (IS_NULL(src))
		return src;
	Value copyable;
	Str *name = str_intern("__copy__");
	Value cp = obj_getattr_opt(src, name);
	if (!IS_NULL(cp)) {
		val_decref(cp);
		copyable = src;
	} else {
		if (err_occurred()) {
			obj_decref(&name->ob);
			val_decref(src);
			return v_null();
		}
		copyable = tee_from_iterable(src);
		val_decref(src);
		if (IS_NULL(copyable)) {
			obj_decref(&name->ob);
			return copyable;
		}
	}
	Tuple *r = tuple_new((size_t)n);
	if (!r) {
		obj_decref(&name->ob);
		val_decref(copyable);
		return v_null();
	}
	r->items[0] = copyable;
	for (ssize_t i = 1; i < n; i++) {
		Value c = call_method(copyable, name, NULL, 0);
		if (IS_NULL(c)) {
			obj_decref(&name->ob);
			obj_decref(&r->ob);
			return c;
		}
		r->items[i] = c;
	}
	obj_decref(&name->ob);
	return v_obj(&r->ob);
}

/* ---- registration ------------------------------------------------------------ */

void itertools_comb_init(Dict *d, bool first)
{
	struct {
		Type *t;
		const char *name;
		Value (*nw)(Type *, const Value *, size_t, Tuple *);
		unaryfn next;
	} its[] = {
		{&product_type, "itertools.product", product_new, product_next},
		{&permutations_type, "itertools.permutations", permutations_new, permutations_next},
		{&combinations_type, "itertools.combinations", combinations_new, combinations_next},
		{&cwr_type, "itertools.combinations_with_replacement", cwr_new, cwr_next},
		{&groupby_type, "itertools.groupby", groupby_new, groupby_next},
	};
	size_t n = sizeof its / sizeof its[0];
	if (first) {
		for (size_t i = 0; i < n; i++) {
			it_type_init(its[i].t, its[i].name, its[i].next, true);
			its[i].t->new = its[i].nw;
			type_ready(its[i].t);
		}
		it_type_init(&grouper_type, "itertools._grouper", grouper_next, false);
		type_ready(&grouper_type);

		type_init_builtin(&teedata_type, "itertools._tee_dataobject", &object_type);
		teedata_type.basicsize = sizeof(TeeData);
		teedata_type.dealloc = teedata_dealloc;
		teedata_type.traverse = teedata_traverse;
		type_ready(&teedata_type);

		type_init_builtin(&tee_type, "itertools._tee", &object_type);
		tee_type.basicsize = sizeof(Tee);
		tee_type.dealloc = tee_dealloc;
		tee_type.traverse = tee_traverse;
		tee_type.iter = it_self_iter;
		tee_type.next = tee_next;
		tee_type.new = tee_new;
		type_add_method(&tee_type, "__copy__", tee_copy, 0);
		type_ready(&tee_type);
	}
	for (size_t i = 0; i < n; i++)
		it_add_type(d, its[i].t);
	it_add_type(d, &grouper_type);
	it_add_type(d, &tee_type);
	module_add_fn(d, "tee", fn_tee);
}
