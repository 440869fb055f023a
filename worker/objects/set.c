/* set.c -- set and frozenset with CPython's setobject.c table layout,
 * probing (linear probes of 9, then perturbation), growth and merge rules,
 * so iteration order (e.g. print({3, 1, 2})) matches CPython; plus the
 * set algebra, comparisons, methods and frozenset's hash.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"

#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5
#define SET_MINSIZE 8

/* a dummy slot: key NULL and hash -1; unused: key NULL and hash 0 */
#define IS_DUMMY(e) (IS_NULL((e)->key) && (e)->hash == -1)
#define IS_ACTIVE(e) (!IS_NULL((e)->key))

Set *set_new(Type *t)
{
	Set *s = (Set *)obj_alloc(t, t->basicsize > sizeof(Set) ? t->basicsize : sizeof(Set));
	if (!s)
		return NULL;
	s->mask = SET_MINSIZE - 1;
	s->table = mem_calloc(SET_MINSIZE, sizeof(SetEntry));
	if (!s->table) {
		obj_free(&s->ob);
		return NULL;
	}
	s->hash = -1;
	return s;
}

static bool key_eq_fast(Value a, Value b)
{
	return a.tag == b.tag && a.u.i == b.u.i && a.tag != V_FLOAT;
}

static void insert_clean(SetEntry *table, size_t mask, Value key, int64_t hash)
{
	size_t perturb = (size_t)hash, i = (size_t)hash & mask;
	for (;;) {
		SetEntry *e = &table[i];
		if (IS_NULL(e->key))
			goto found;
		if (i + LINEAR_PROBES <= mask) {
			for (int j = 0; j < LINEAR_PROBES; j++) {
				e++;
				if (IS_NULL(e->key))
					goto found;
			}
		}
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + 1 + perturb) & mask;
		continue;
found:
		e->key = key;
		e->hash = hash;
		return;
	}
}

static int table_resize(Set *s, size_t minused)
{
	size_t newsize = SET_MINSIZE;
	while (newsize <= minused)
		newsize <<= 1;
	if (!mem_check_mul(newsize, sizeof(SetEntry)))
		return -1;
	SetEntry *nt = mem_calloc(newsize, sizeof(SetEntry));
	if (!nt)
		return -1;
	SetEntry *old = s->table;
	size_t oldsize = s->mask + 1;
	for (size_t i = 0; i < oldsize; i++)
		if (IS_ACTIVE(&old[i]))
			insert_clean(nt, newsize - 1, old[i].key, old[i].hash);
	s->table = nt;
	s->mask = newsize - 1;
	s->fill = s->used;
	mem_free(old, oldsize * sizeof(SetEntry));
	return 0;
}

static int add_entry(Set *s, Value key, int64_t hash)
{
	val_incref(key);
restart:;
	size_t mask = s->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
	SetEntry *freeslot = NULL;
	for (;;) {
		SetEntry *e = &s->table[i];
		int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
		do {
			if (e->hash == 0 && IS_NULL(e->key))
				goto found_unused_or_dummy;
			if (e->hash == hash && IS_ACTIVE(e)) {
				Value sk = e->key;
				if (key_eq_fast(sk, key))
					goto found_active;
				if (IS_STR(sk) && IS_STR(key)) {
					if (str_equal(AS_STR(sk), AS_STR(key)))
						goto found_active;
				} else {
					SetEntry *table = s->table;
					val_incref(sk);
					int eq = obj_eq(sk, key);
					val_decref(sk);
					if (eq < 0) {
						val_decref(key);
						return -1;
					}
					if (table != s->table || e->key.u.o != sk.u.o)
						goto restart;
					if (eq)
						goto found_active;
					mask = s->mask;
				}
			} else if (IS_DUMMY(e) && !freeslot) {
				freeslot = e;
			}
			e++;
		} while (probes--);
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + 1 + perturb) & mask;
		continue;
found_unused_or_dummy:
		if (freeslot) {
			s->used++;
			freeslot->key = key;
			freeslot->hash = hash;
			return 0;
		}
		s->fill++;
		s->used++;
		e->key = key;
		e->hash = hash;
		if (s->fill * 5 < mask * 3)
			return 0;
		return table_resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
found_active:
		val_decref(key);
		return 0;
	}
}

static SetEntry *lookkey(Set *s, Value key, int64_t hash, int *err)
{
	*err = 0;
restart:;
	size_t mask = s->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
	for (;;) {
		SetEntry *e = &s->table[i];
		int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
		do {
			if (e->hash == 0 && IS_NULL(e->key))
				return NULL;
			if (e->hash == hash && IS_ACTIVE(e)) {
				Value sk = e->key;
				if (key_eq_fast(sk, key))
					return e;
				if (IS_STR(sk) && IS_STR(key)) {
					if (str_equal(AS_STR(sk), AS_STR(key)))
						return e;
				} else {
					SetEntry *table = s->table;
					val_incref(sk);
					int eq = obj_eq(sk, key);
					val_decref(sk);
					if (eq < 0) {
						*err = -1;
						return NULL;
					}
					if (table != s->table || e->key.u.o != sk.u.o)
						goto restart;
					if (eq)
						return e;
					mask = s->mask;
				}
			}
			e++;
		} while (probes--);
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + 1 + perturb) & mask;
	}
}

static bool set_hash_key(Value key, int64_t *h)
{
	if (!obj_hash(key, h))
		return false;
	return true;
}

int set_add(Set *s, Value key)
{
	int64_t h;
	if (!set_hash_key(key, &h))
		return -1;
	return add_entry(s, key, h);
}

int set_contains(Set *s, Value key)
{
	int64_t h;
	if (!obj_hash(key, &h)) {
		if (err_matches(Exc_TypeError) && IS_SET(key)) {
			/* a set is looked up as the equivalent frozenset */
			err_clear();
			Set *fs = set_new(&frozenset_type);
			set_update(fs, key);
			int r = set_contains(s, v_obj(&fs->ob));
			obj_decref(&fs->ob);
			return r;
		}
		return -1;
	}
	int err;
	SetEntry *e = lookkey(s, key, h, &err);
	if (err)
		return -1;
	return e != NULL;
}

int set_discard(Set *s, Value key)
{
	int64_t h;
	if (!obj_hash(key, &h))
		return -1;
	int err;
	SetEntry *e = lookkey(s, key, h, &err);
	if (err)
		return -1;
	if (!e)
		return 0;
	Value old = e->key;
	e->key = v_null();
	e->hash = -1;
	s->used--;
	val_decref(old);
	return 1;
}

bool set_next(Set *s, size_t *pos, Value *k)
{
	while (*pos <= s->mask) {
		SetEntry *e = &s->table[(*pos)++];
		if (IS_ACTIVE(e)) {
			*k = e->key;
			return true;
		}
	}
	return false;
}

static int set_merge(Set *s, Set *o)
{
	if (o->used == 0)
		return 0;
	if ((s->fill + o->used) * 5 >= s->mask * 3)
		if (table_resize(s, (s->used + o->used) * 2) < 0)
			return -1;
	if (s->fill == 0 && s->mask == o->mask && o->fill == o->used) {
		for (size_t i = 0; i <= o->mask; i++) {
			SetEntry *e = &o->table[i];
			if (IS_ACTIVE(e)) {
				s->table[i].key = val_incref(e->key);
				s->table[i].hash = e->hash;
			}
		}
		s->fill = o->fill;
		s->used = o->used;
		return 0;
	}
	if (s->fill == 0) {
		for (size_t i = 0; i <= o->mask; i++) {
			SetEntry *e = &o->table[i];
			if (IS_ACTIVE(e))
				insert_clean(s->table, s->mask, val_incref(e->key), e->hash);
		}
		s->fill = o->used;
		s->used = o->used;
		return 0;
	}
	for (size_t i = 0; i <= o->mask; i++) {
		SetEntry *e = &o->table[i];
		if (IS_ACTIVE(e) && add_entry(s, e->key, e->hash) < 0)
			return -1;
	}
	return 0;
}

bool set_update(Set *s, Value iterable)
{
	if (IS_SET(iterable))
		return set_merge(s, (Set *)iterable.u.o) == 0;
	if (IS_DICT(iterable)) {
		Dict *d = AS_DICT(iterable);
		size_t pos = 0;
		Value k;
		while (dict_next(d, &pos, &k, NULL))
			if (add_entry(s, k, d->entries[pos - 1].hash) < 0)
				return false;
		return true;
	}
	Value it = obj_iter(iterable);
	if (IS_NULL(it))
		return false;
	Value x;
	while (!IS_NULL(x = obj_next(it))) {
		int r = set_add(s, x);
		val_decref(x);
		if (r < 0) {
			val_decref(it);
			return false;
		}
	}
	val_decref(it);
	return !err_occurred();
}

static void set_clear_table(Set *s)
{
	SetEntry *t = s->table;
	size_t n = s->mask + 1;
	s->table = mem_calloc(SET_MINSIZE, sizeof(SetEntry));
	s->mask = SET_MINSIZE - 1;
	s->fill = s->used = 0;
	for (size_t i = 0; i < n; i++)
		if (IS_ACTIVE(&t[i]))
			val_decref(t[i].key);
	mem_free(t, n * sizeof(SetEntry));
}

static void set_dealloc(Obj *o)
{
	Set *s = (Set *)o;
	for (size_t i = 0; i <= s->mask; i++)
		if (IS_ACTIVE(&s->table[i]))
			val_decref(s->table[i].key);
	mem_free(s->table, (s->mask + 1) * sizeof(SetEntry));
	obj_free(o);
}

static void set_traverse(Obj *o, visitfn visit, void *arg)
{
	Set *s = (Set *)o;
	for (size_t i = 0; i <= s->mask; i++)
		if (IS_ACTIVE(&s->table[i]))
			visit(s->table[i].key, arg);
}

static bool is_frozen(Value v) { return type_is_subtype(val_type(v), &frozenset_type); }

static Set *copy_as(Type *t, Value src)
{
	Set *r = set_new(t);
	if (!r)
		return NULL;
	if (!set_update(r, src)) {
		obj_decref(&r->ob);
		return NULL;
	}
	return r;
}

static Type *result_type(Value a)
{
	return is_frozen(a) ? &frozenset_type : &set_type;
}

static Value set_repr(Value v)
{
	Set *s = (Set *)v.u.o;
	Type *t = val_type(v);
	bool frozen = is_frozen(v);
	const char *name = t->name;
	if (s->used == 0)
		return str_value(str_printf("%s()", name));
	if (!enter_recursion(""))
		return v_null();
	StrBuf b;
	sb_init(&b);
	if (frozen || t != &set_type) {
		sb_adds(&b, name);
		sb_addc(&b, '(');
	}
	sb_addc(&b, '{');
	size_t pos = 0, i = 0;
	Value k;
	while (set_next(s, &pos, &k)) {
		if (i++)
			sb_adds(&b, ", ");
		if (!sb_add_repr(&b, k))
			break;
	}
	sb_addc(&b, '}');
	if (frozen || t != &set_type)
		sb_addc(&b, ')');
	leave_recursion();
	return str_value(sb_finish(&b));
}

static ssize_t set_len(Value v) { return (ssize_t)((Set *)v.u.o)->used; }
static int set_contains_slot(Value v, Value x) { return set_contains((Set *)v.u.o, x); }

typedef struct SetIter {
	Obj ob;
	Value set;
	size_t pos, used;
} SetIter;

static Value set_iter(Value v)
{
	SetIter *it = (SetIter *)obj_alloc(&set_iter_type, sizeof(SetIter));
	if (!it)
		return v_null();
	it->set = val_incref(v);
	it->used = ((Set *)v.u.o)->used;
	return v_obj(&it->ob);
}

static Value set_iter_next(Value v)
{
	SetIter *it = (SetIter *)v.u.o;
	if (IS_NULL(it->set))
		return v_null();
	Set *s = (Set *)it->set.u.o;
	if (s->used != it->used) {
		it->used = (size_t)-1;
		return err_null_format(Exc_RuntimeError, "Set changed size during iteration");
	}
	Value k;
	if (set_next(s, &it->pos, &k))
		return val_incref(k);
	VAL_CLEAR(it->set);
	return v_null();
}

static void set_iter_dealloc(Obj *o)
{
	val_decref(((SetIter *)o)->set);
	obj_free(o);
}

static Value self_iter(Value v) { return val_incref(v); }

static bool subset_of(Set *a, Set *b, int *err)
{
	*err = 0;
	if (a->used > b->used)
		return false;
	size_t pos = 0;
	Value k;
	while (set_next(a, &pos, &k)) {
		int c = set_contains(b, k);
		if (c < 0) {
			*err = 1;
			return false;
		}
		if (!c)
			return false;
	}
	return true;
}

static Value set_richcmp(Value a, Value b, int op)
{
	if (!IS_SET(b) || !IS_SET(a))
		return v_notimpl();
	Set *x = (Set *)a.u.o, *y = (Set *)b.u.o;
	int err;
	bool r;
	switch (op) {
	case CMP_EQ:
	case CMP_NE:
		r = x->used == y->used && subset_of(x, y, &err);
		if (x->used == y->used && err)
			return v_null();
		return v_bool(op == CMP_EQ ? r : !r);
	case CMP_LE: r = subset_of(x, y, &err); break;
	case CMP_GE: r = subset_of(y, x, &err); break;
	case CMP_LT: r = x->used < y->used && subset_of(x, y, &err); break;
	default: r = y->used < x->used && subset_of(y, x, &err); break;
	}
	return v_bool(r);
}

static bool frozenset_hash(Value v, int64_t *out)
{
	Set *s = (Set *)v.u.o;
	if (s->hash != -1) {
		*out = s->hash;
		return true;
	}
	uint64_t hash = 0;
#define SHUF(h) ((((uint64_t)(h) ^ 89869747ULL) ^ ((uint64_t)(h) << 16)) * 3644798167ULL)
	for (size_t i = 0; i <= s->mask; i++)
		hash ^= SHUF(s->table[i].hash);
	if ((s->mask + 1 - s->fill) & 1)
		hash ^= SHUF(0);
	if ((s->fill - s->used) & 1)
		hash ^= SHUF((int64_t)-1);
	hash ^= ((uint64_t)s->used + 1) * 1927868237ULL;
	hash ^= (hash >> 11) ^ (hash >> 25);
	hash = hash * 69069U + 907133923ULL;
	if (hash == (uint64_t)-1)
		hash = 590923713ULL;
	s->hash = (int64_t)hash;
	*out = s->hash;
	return true;
#undef SHUF
}

/* ---- algebra ---------------------------------------------------------------------- */

static Value do_union(Value a, Value b)
{
	Set *r = copy_as(result_type(a), a);
	if (!r)
		return v_null();
	if (!set_update(r, b)) {
		obj_decref(&r->ob);
		return v_null();
	}
	return v_obj(&r->ob);
}

static Value do_intersection(Value a, Value b)
{
	Set *r = set_new(result_type(a));
	if (!r)
		return v_null();
	if (IS_SET(b)) {
		Set *x = (Set *)a.u.o, *y = (Set *)b.u.o;
		if (y->used > x->used) {
			Set *t = x;
			x = y;
			y = t;
		}
		size_t pos = 0;
		Value k;
		while (set_next(y, &pos, &k)) {
			int c = set_contains(x, k);
			if (c < 0 || (c && add_entry(r, k, y->table[pos - 1].hash) < 0)) {
				obj_decref(&r->ob);
				return v_null();
			}
		}
		return v_obj(&r->ob);
	}
	Value it = obj_iter(b);
	if (IS_NULL(it)) {
		obj_decref(&r->ob);
		return it;
	}
	Value k;
	while (!IS_NULL(k = obj_next(it))) {
		int c = set_contains((Set *)a.u.o, k);
		if (c < 0 || (c && set_add(r, k) < 0)) {
			val_decref(k);
			val_decref(it);
			obj_decref(&r->ob);
			return v_null();
		}
		val_decref(k);
	}
	val_decref(it);
	if (err_occurred()) {
		obj_decref(&r->ob);
		return v_null();
	}
	return v_obj(&r->ob);
}

static int contains_in(Value other, Value k)
{
	if (IS_SET(other))
		return set_contains((Set *)other.u.o, k);
	if (IS_DICT(other)) {
		Value r = dict_get(AS_DICT(other), k);
		return IS_NULL(r) ? (err_occurred() ? -1 : 0) : 1;
	}
	return obj_contains(other, k);
}

static Value do_difference(Value a, Value b)
{
	Set *x = (Set *)a.u.o;
	Value other = b;
	Value tmp = v_null();
	if (!IS_SET(b) && !IS_DICT(b)) {
		Set *t = copy_as(&set_type, b);
		if (!t)
			return v_null();
		tmp = v_obj(&t->ob);
		other = tmp;
	}
	Set *r;
	if ((x->used >> 2) > (size_t)obj_len(other)) {
		r = copy_as(result_type(a), a);
		size_t pos = 0;
		Value k;
		Set *o = IS_SET(other) ? (Set *)other.u.o : NULL;
		if (o) {
			while (set_next(o, &pos, &k))
				set_discard(r, k);
		} else {
			Dict *d = AS_DICT(other);
			while (dict_next(d, &pos, &k, NULL))
				set_discard(r, k);
		}
	} else {
		r = set_new(result_type(a));
		size_t pos = 0;
		Value k;
		while (set_next(x, &pos, &k)) {
			int c = contains_in(other, k);
			if (c < 0 || (!c && add_entry(r, k, x->table[pos - 1].hash) < 0)) {
				obj_decref(&r->ob);
				val_decref(tmp);
				return v_null();
			}
		}
	}
	val_decref(tmp);
	return v_obj(&r->ob);
}

static Value do_symdiff(Value a, Value b)
{
	Set *o = copy_as(&set_type, b);
	if (!o)
		return v_null();
	Set *r = copy_as(result_type(a), a);
	size_t pos = 0;
	Value k;
	while (set_next(o, &pos, &k)) {
		int64_t h = o->table[pos - 1].hash;
		int d = set_discard(r, k);
		if (d < 0 || (d == 0 && add_entry(r, k, h) < 0)) {
			obj_decref(&r->ob);
			obj_decref(&o->ob);
			return v_null();
		}
	}
	obj_decref(&o->ob);
	return v_obj(&r->ob);
}

#define SET_BINOP(name, fn)                                                   \
	static Value name(Value a, Value b)                                   \
	{                                                                     \
		if (!IS_SET(a) || !IS_SET(b))                                 \
			return v_notimpl();                                   \
		return fn(a, b);                                              \
	}
SET_BINOP(set_or, do_union) SET_BINOP(set_and, do_intersection)
SET_BINOP(set_sub, do_difference) SET_BINOP(set_xor, do_symdiff)

static Value inplace_replace(Value a, Value r)
{
	if (IS_NULL(r))
		return r;
	Set *s = (Set *)a.u.o, *n = (Set *)r.u.o;
	SetEntry *t = s->table;
	size_t tm = s->mask;
	s->table = n->table;
	s->mask = n->mask;
	s->fill = n->fill;
	s->used = n->used;
	n->table = t;
	n->mask = tm;
	n->fill = n->used = 0;
	for (size_t i = 0; i <= tm; i++)
		if (IS_ACTIVE(&t[i]))
			n->used++, n->fill++;
	val_decref(r);
	return val_incref(a);
}

static Value set_ior(Value a, Value b)
{
	if (!IS_SET(b))
		return v_notimpl();
	if (!set_update((Set *)a.u.o, b))
		return v_null();
	return val_incref(a);
}
static Value set_iand(Value a, Value b) { return IS_SET(b) ? inplace_replace(a, do_intersection(a, b)) : v_notimpl(); }
static Value set_isub(Value a, Value b)
{
	if (!IS_SET(b))
		return v_notimpl();
	Set *o = (Set *)b.u.o;
	if (o == (Set *)a.u.o) {
		set_clear_table(o);
		return val_incref(a);
	}
	size_t pos = 0;
	Value k;
	while (set_next(o, &pos, &k))
		if (set_discard((Set *)a.u.o, k) < 0)
			return v_null();
	return val_incref(a);
}
static Value set_ixor(Value a, Value b) { return IS_SET(b) ? inplace_replace(a, do_symdiff(a, b)) : v_notimpl(); }

/* ---- constructors --------------------------------------------------------------- */

static Value set_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Set *s = set_new(t);
	return s ? v_obj(&s->ob) : v_null();
}

static int set_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n) {
		err_format(Exc_TypeError, "set() takes no keyword arguments");
		return -1;
	}
	if (nargs > 1) {
		err_format(Exc_TypeError, "set expected at most 1 argument, got %zu", nargs);
		return -1;
	}
	Set *s = (Set *)self.u.o;
	if (s->used)
		set_clear_table(s);
	if (nargs && !set_update(s, args[0]))
		return -1;
	return 0;
}

static Value frozenset_tp_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "frozenset() takes no keyword arguments");
	if (nargs > 1)
		return err_null_format(Exc_TypeError, "frozenset expected at most 1 argument, got %zu", nargs);
	if (nargs && t == &frozenset_type && obj_is(args[0], &frozenset_type))
		return val_incref(args[0]);
	Set *s = set_new(t);
	if (!s)
		return v_null();
	if (nargs && !set_update(s, args[0])) {
		obj_decref(&s->ob);
		return v_null();
	}
	return v_obj(&s->ob);
}

static int frozenset_init(Value self, const Value *args, size_t nargs, Tuple *kw) { return 0; }

/* ---- methods ------------------------------------------------------------------------ */

#define SETSELF Set *s = (Set *)self.u.o

static Value m_add(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	SETSELF;
	if (!args_check("add", nargs, kw, 1, 1))
		return v_null();
	return set_add(s, args[0]) < 0 ? v_null() : v_none();
}

static Value m_discard(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	SETSELF;
	if (!args_check("discard", nargs, kw, 1, 1))
		return v_null();
	return set_discard(s, args[0]) < 0 ? v_null() : v_none();
}

static Value m_remove(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	SETSELF;
	if (!args_check("remove", nargs, kw, 1, 1))
		return v_null();
	int r = set_discard(s, args[0]);
	if (r < 0)
		return v_null();
	if (r == 0) {
		err_key(args[0]);
		return v_null();
	}
	return v_none();
}

static Value m_pop(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	SETSELF;
	if (!args_check("pop", nargs, kw, 0, 0))
		return v_null();
	if (s->used == 0)
		return err_null_format(Exc_KeyError, "pop from an empty set");
	SetEntry *e = s->table + (s->finger & s->mask);
	SetEntry *limit = s->table + s->mask;
	while (!IS_ACTIVE(e)) {
		e++;
		if (e > limit)
			e = s->table;
	}
	Value k = e->key;
	e->key = v_null();
	e->hash = -1;
	s->used--;
	s->finger = (size_t)(e - s->table) + 1;
	return k;
}

static Value m_clear(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	set_clear_table((Set *)self.u.o);
	return v_none();
}

static Value m_copy(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (obj_is(self, &frozenset_type))
		return val_incref(self);
	Set *r = copy_as(result_type(self), self);
	return r ? v_obj(&r->ob) : v_null();
}

static Value multi_op(Value self, const Value *args, size_t nargs, Value (*fn)(Value, Value))
{
	Value acc = val_incref(self);
	if (nargs == 0) {
		Set *r = copy_as(result_type(self), self);
		val_decref(acc);
		return r ? v_obj(&r->ob) : v_null();
	}
	for (size_t i = 0; i < nargs; i++) {
		Value r = fn(acc, args[i]);
		val_decref(acc);
		if (IS_NULL(r))
			return r;
		acc = r;
	}
	return acc;
}

static Value do_difference_any(Value a, Value b)
{
	if (!IS_SET(b) && !IS_DICT(b)) {
		Set *t = copy_as(&set_type, b);
		if (!t)
			return v_null();
		Value r = do_difference(a, v_obj(&t->ob));
		obj_decref(&t->ob);
		return r;
	}
	return do_difference(a, b);
}

static Value do_symdiff_any(Value a, Value b) { return do_symdiff(a, b); }

static Value m_union(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_kwargs("union", kw)) return v_null();
	return multi_op(self, args, nargs, do_union);
}
static Value m_intersection(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_kwargs("intersection", kw)) return v_null();
	return multi_op(self, args, nargs, do_intersection);
}
static Value m_difference(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_kwargs("difference", kw)) return v_null();
	return multi_op(self, args, nargs, do_difference_any);
}
static Value m_symmetric_difference(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("symmetric_difference", nargs, kw, 1, 1)) return v_null();
	return do_symdiff_any(self, args[0]);
}

static Value m_update(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_kwargs("update", kw)) return v_null();
	for (size_t i = 0; i < nargs; i++)
		if (!set_update((Set *)self.u.o, args[i]))
			return v_null();
	return v_none();
}

static Value m_intersection_update(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value r = multi_op(self, args, nargs, do_intersection);
	Value x = inplace_replace(self, r);
	if (IS_NULL(x))
		return x;
	val_decref(x);
	return v_none();
}

static Value m_difference_update(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	for (size_t i = 0; i < nargs; i++) {
		if (IS_OBJ(args[i]) && args[i].u.o == self.u.o) {
			/* s.difference_update(s) empties s (CPython's set_clear) */
			set_clear_table((Set *)self.u.o);
			continue;
		}
		Value it = obj_iter(args[i]);
		if (IS_NULL(it))
			return it;
		Value k;
		while (!IS_NULL(k = obj_next(it))) {
			int r = set_discard((Set *)self.u.o, k);
			val_decref(k);
			if (r < 0) {
				val_decref(it);
				return v_null();
			}
		}
		val_decref(it);
		if (err_occurred())
			return v_null();
	}
	return v_none();
}

static Value m_symmetric_difference_update(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("symmetric_difference_update", nargs, kw, 1, 1)) return v_null();
	Value x = inplace_replace(self, do_symdiff(self, args[0]));
	if (IS_NULL(x))
		return x;
	val_decref(x);
	return v_none();
}

static Value as_set_value(Value v)
{
	if (IS_SET(v))
		return val_incref(v);
	Set *s = copy_as(&set_type, v);
	return s ? v_obj(&s->ob) : v_null();
}

static Value m_issubset(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("issubset", nargs, kw, 1, 1)) return v_null();
	Value o = as_set_value(args[0]);
	if (IS_NULL(o)) return o;
	int err;
	bool r = subset_of((Set *)self.u.o, (Set *)o.u.o, &err);
	val_decref(o);
	return err ? v_null() : v_bool(r);
}

static Value m_issuperset(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("issuperset", nargs, kw, 1, 1)) return v_null();
	Value o = as_set_value(args[0]);
	if (IS_NULL(o)) return o;
	int err;
	bool r = subset_of((Set *)o.u.o, (Set *)self.u.o, &err);
	val_decref(o);
	return err ? v_null() : v_bool(r);
}

static Value m_isdisjoint(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("isdisjoint", nargs, kw, 1, 1)) return v_null();
	Value it = obj_iter(args[0]);
	if (IS_NULL(it)) return it;
	Value k;
	while (!IS_NULL(k = obj_next(it))) {
		int c = set_contains((Set *)self.u.o, k);
		val_decref(k);
		if (c) {
			val_decref(it);
			return c < 0 ? v_null() : v_bool(false);
		}
	}
	val_decref(it);
	return err_occurred() ? v_null() : v_bool(true);
}

static Value m_class_getitem(Value cls, const Value *args, size_t nargs, Tuple *kw)
{
	extern Value generic_alias_new(Value origin, Value args);
	return generic_alias_new(cls, args[0]);
}

void set_types_init(void)
{
	Type *ts[2] = {&set_type, &frozenset_type};
	const char *names[2] = {"set", "frozenset"};
	for (int i = 0; i < 2; i++) {
		Type *t = ts[i];
		type_init_builtin(t, names[i], &object_type);
		t->flags |= TF_BASETYPE;
		t->basicsize = sizeof(Set);
		t->dealloc = set_dealloc;
		t->traverse = set_traverse;
		t->repr = set_repr;
		t->len = set_len;
		t->contains = set_contains_slot;
		t->iter = set_iter;
		t->richcmp = set_richcmp;
		t->nb[NB_OR] = set_or;
		t->nb[NB_AND] = set_and;
		t->nb[NB_SUB] = set_sub;
		t->nb[NB_XOR] = set_xor;
		type_add_method(t, "copy", m_copy, 0);
		type_add_method(t, "union", m_union, 0);
		type_add_method(t, "intersection", m_intersection, 0);
		type_add_method(t, "difference", m_difference, 0);
		type_add_method(t, "symmetric_difference", m_symmetric_difference, 0);
		type_add_method(t, "issubset", m_issubset, 0);
		type_add_method(t, "issuperset", m_issuperset, 0);
		type_add_method(t, "isdisjoint", m_isdisjoint, 0);
		type_add_method(t, "__class_getitem__", m_class_getitem, BF_CLASSMETHOD);
	}
	Type *t = &set_type;
	t->new = set_tp_new;
	t->init = set_init;
	t->nb_inplace[NB_OR] = set_ior;
	t->nb_inplace[NB_AND] = set_iand;
	t->nb_inplace[NB_SUB] = set_isub;
	t->nb_inplace[NB_XOR] = set_ixor;
	type_add_method(t, "add", m_add, 0);
	type_add_method(t, "discard", m_discard, 0);
	type_add_method(t, "remove", m_remove, 0);
	type_add_method(t, "pop", m_pop, 0);
	type_add_method(t, "clear", m_clear, 0);
	type_add_method(t, "update", m_update, 0);
	type_add_method(t, "intersection_update", m_intersection_update, 0);
	type_add_method(t, "difference_update", m_difference_update, 0);
	type_add_method(t, "symmetric_difference_update", m_symmetric_difference_update, 0);
	frozenset_type.new = frozenset_tp_new;
	frozenset_type.init = frozenset_init;
	frozenset_type.hash = frozenset_hash;

	t = &set_iter_type;
	type_init_builtin(t, "set_iterator", &object_type);
	t->dealloc = set_iter_dealloc;
	t->iter = self_iter;
	t->next = set_iter_next;
}
