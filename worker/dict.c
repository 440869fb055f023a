/* dict.c -- the compact insertion-ordered dict (CPython 3.6+ layout): a
 * sparse index table of int32 slots pointing into a dense entries array of
 * {hash, key, value}.  Full 64-bit hashes; str keys compare by pointer
 * first (identifiers are interned).  `version` changes on every mutation
 * so inline caches (globals, builtins) can validate cheaply.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime.h"

#define IX_EMPTY (-1)
#define IX_DUMMY (-2)
#define PERTURB_SHIFT 5

static uint64_t dict_version_counter = 1;

Dict *dict_new(void)
{
	Dict *d = (Dict *)obj_alloc(&dict_type, sizeof(Dict));
	if (!d)
		return NULL;
	d->used = d->nentries = d->cap = 0;
	d->mask = 0;
	d->index = NULL;
	d->entries = NULL;
	d->version = dict_version_counter++;
	return d;
}

static inline bool key_is_str(Value k) { return k.tag == V_OBJ && k.u.o->type == &str_type; }

/* Find key: returns entry index or -1; *slot gets the index-table slot
 * (of the key or of the first free slot).  -2 on comparison error. */
static ssize_t lookup(Dict *d, Value key, int64_t hash, size_t *slot)
{
	if (!d->index) {
		*slot = 0;
		return -1;
	}
	size_t mask = d->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
	ssize_t freeslot = -1;
	bool kstr = key_is_str(key);
	for (;;) {
		int32_t ix = d->index[i];
		if (ix == IX_EMPTY) {
			*slot = freeslot >= 0 ? (size_t)freeslot : i;
			return -1;
		}
		if (ix == IX_DUMMY) {
			if (freeslot < 0)
				freeslot = (ssize_t)i;
		} else {
			DictEntry *e = &d->entries[ix];
			if (e->hash == hash) {
				Value k = e->key;
				if (k.tag == key.tag && k.u.i == key.u.i) {
					*slot = i;
					return ix;
				}
				if (kstr && key_is_str(k)) {
					if (str_equal(AS_STR(k), AS_STR(key))) {
						*slot = i;
						return ix;
					}
				} else if (!(kstr && key_is_str(k))) {
					uint64_t ver = d->version;
					Obj *hold = k.tag == V_OBJ ? k.u.o : NULL;
					if (hold)
						obj_incref(hold);
					int eq = obj_eq(k, key);
					if (hold)
						obj_decref(hold);
					if (eq < 0)
						return -2;
					if (d->version != ver) {
						/* mutated during compare: restart */
						return lookup(d, key, hash, slot);
					}
					if (eq) {
						*slot = i;
						return ix;
					}
				}
			}
		}
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + perturb + 1) & mask;
	}
}

static bool resize(Dict *d, size_t min_used)
{
	size_t size = 8;
	while (size * 2 < min_used * 3)
		size *= 2;
	size_t cap = size * 2 / 3;
	if (cap < min_used)
		cap = min_used;
	if (!mem_check_mul(size, sizeof(int32_t)) || !mem_check_mul(cap, sizeof(DictEntry)))
		return false;
	int32_t *index = mem_alloc(size * sizeof(int32_t));
	if (!index)
		return false;
	DictEntry *entries = mem_alloc(cap * sizeof(DictEntry));
	if (!entries) {
		mem_free(index, size * sizeof(int32_t));
		return false;
	}
	memset(index, 0xff, size * sizeof(int32_t));
	size_t n = 0;
	for (size_t j = 0; j < d->nentries; j++) {
		DictEntry *e = &d->entries[j];
		if (IS_NULL(e->key))
			continue;
		entries[n] = *e;
		size_t mask = size - 1, i = (size_t)e->hash & mask, perturb = (size_t)e->hash;
		while (index[i] != IX_EMPTY) {
			perturb >>= PERTURB_SHIFT;
			i = (i * 5 + perturb + 1) & mask;
		}
		index[i] = (int32_t)n;
		n++;
	}
	if (d->index) {
		mem_free(d->index, (d->mask + 1) * sizeof(int32_t));
		mem_free(d->entries, d->cap * sizeof(DictEntry));
	}
	d->index = index;
	d->entries = entries;
	d->mask = size - 1;
	d->cap = cap;
	d->nentries = n;
	return true;
}

static bool hash_key(Value key, int64_t *h)
{
	if (key_is_str(key)) {
		*h = str_hash(AS_STR(key));
		return true;
	}
	if (key.tag == V_INT) {
		extern int64_t num_hash_int64(int64_t);
		*h = num_hash_int64(key.u.i);
		return true;
	}
	return obj_hash(key, h);
}

Value dict_get(Dict *d, Value key)
{
	int64_t h;
	if (!hash_key(key, &h))
		return v_null();
	size_t slot;
	ssize_t ix = lookup(d, key, h, &slot);
	if (ix < 0)
		return v_null();
	return d->entries[ix].value;
}

Value dict_get_str(Dict *d, Str *key)
{
	if (!d->index)
		return v_null();
	int64_t hash = str_hash(key);
	size_t mask = d->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
	for (;;) {
		int32_t ix = d->index[i];
		if (ix == IX_EMPTY)
			return v_null();
		if (ix >= 0) {
			DictEntry *e = &d->entries[ix];
			if (e->key.u.o == &key->ob)
				return e->value;
			if (e->hash == hash && key_is_str(e->key) && str_equal(AS_STR(e->key), key))
				return e->value;
		}
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + perturb + 1) & mask;
	}
}

static int insert(Dict *d, Value key, int64_t h, Value v)
{
	size_t slot;
	ssize_t ix = lookup(d, key, h, &slot);
	if (ix == -2)
		return -1;
	if (ix >= 0) {
		Value old = d->entries[ix].value;
		d->entries[ix].value = val_incref(v);
		val_decref(old);
		d->version = dict_version_counter++;
		return 0;
	}
	if (!d->index || d->nentries >= d->cap) {
		if (!resize(d, d->used + 1 + (d->used >> 1)))
			return -1;
		ix = lookup(d, key, h, &slot);
	}
	d->index[slot] = (int32_t)d->nentries;
	DictEntry *e = &d->entries[d->nentries++];
	e->hash = h;
	e->key = val_incref(key);
	e->value = val_incref(v);
	d->used++;
	d->version = dict_version_counter++;
	return 0;
}

int dict_set(Dict *d, Value key, Value v)
{
	int64_t h;
	if (!hash_key(key, &h))
		return -1;
	return insert(d, key, h, v);
}

int dict_set_str(Dict *d, Str *key, Value v)
{
	return insert(d, str_value(key), str_hash(key), v);
}

int dict_del(Dict *d, Value key)
{
	int64_t h;
	if (!hash_key(key, &h))
		return -1;
	size_t slot;
	ssize_t ix = lookup(d, key, h, &slot);
	if (ix == -2)
		return -1;
	if (ix < 0)
		return 1;
	d->index[slot] = IX_DUMMY;
	DictEntry *e = &d->entries[ix];
	Value k = e->key, v = e->value;
	e->key = v_null();
	e->value = v_null();
	d->used--;
	d->version = dict_version_counter++;
	val_decref(k);
	val_decref(v);
	return 0;
}

bool dict_next(Dict *d, size_t *pos, Value *k, Value *v)
{
	while (*pos < d->nentries) {
		DictEntry *e = &d->entries[(*pos)++];
		if (!IS_NULL(e->key)) {
			if (k)
				*k = e->key;
			if (v)
				*v = e->value;
			return true;
		}
	}
	return false;
}

Dict *dict_copy(Dict *src)
{
	Dict *d = dict_new();
	if (!d)
		return NULL;
	size_t pos = 0;
	Value k, v;
	while (dict_next(src, &pos, &k, &v)) {
		DictEntry *e = &src->entries[pos - 1];
		if (insert(d, k, e->hash, v) < 0) {
			obj_decref(&d->ob);
			return NULL;
		}
	}
	return d;
}

void dict_clear(Dict *d);
void dict_clear(Dict *d)
{
	size_t n = d->nentries;
	DictEntry *entries = d->entries;
	size_t cap = d->cap, isize = d->index ? d->mask + 1 : 0;
	int32_t *index = d->index;
	d->entries = NULL;
	d->index = NULL;
	d->nentries = d->used = d->cap = 0;
	d->mask = 0;
	d->version = dict_version_counter++;
	for (size_t i = 0; i < n; i++) {
		val_decref(entries[i].key);
		val_decref(entries[i].value);
	}
	mem_free(entries, cap * sizeof(DictEntry));
	mem_free(index, isize * sizeof(int32_t));
}

int dict_update(Dict *d, Value other)
{
	if (IS_DICT(other)) {
		Dict *o = AS_DICT(other);
		size_t pos = 0;
		Value k, v;
		while (dict_next(o, &pos, &k, &v))
			if (insert(d, k, o->entries[pos - 1].hash, v) < 0)
				return -1;
		return 0;
	}
	Value keys = obj_getattr_opt(other, ID(keys));
	if (!IS_NULL(keys)) {
		Value klist = call0(keys);
		val_decref(keys);
		if (IS_NULL(klist))
			return -1;
		Value it = obj_iter(klist);
		val_decref(klist);
		if (IS_NULL(it))
			return -1;
		Value k;
		while (!IS_NULL(k = obj_next(it))) {
			Value v = obj_getitem(other, k);
			if (IS_NULL(v) || dict_set(d, k, v) < 0) {
				val_decref(k);
				val_decref(v);
				val_decref(it);
				return -1;
			}
			val_decref(k);
			val_decref(v);
		}
		val_decref(it);
		return err_occurred() ? -1 : 0;
	}
	if (err_occurred())
		return -1;
	Value it = obj_iter(other);
	if (IS_NULL(it))
		return -1;
	Value item;
	size_t n = 0;
	while (!IS_NULL(item = obj_next(it))) {
		Value seq = seq_to_tuple(item);
		if (IS_NULL(seq)) {
			if (err_matches(Exc_TypeError)) {
				err_clear();
				err_format(Exc_TypeError, "cannot convert dictionary update sequence element #%zu to a sequence", n);
			}
			val_decref(item);
			val_decref(it);
			return -1;
		}
		Tuple *t = AS_TUPLE(seq);
		if (t->n != 2) {
			err_format(Exc_ValueError, "dictionary update sequence element #%zu has length %zu; 2 is required", n, t->n);
			val_decref(seq);
			val_decref(item);
			val_decref(it);
			return -1;
		}
		int r = dict_set(d, t->items[0], t->items[1]);
		val_decref(seq);
		val_decref(item);
		if (r < 0) {
			val_decref(it);
			return -1;
		}
		n++;
	}
	val_decref(it);
	return err_occurred() ? -1 : 0;
}

static void dict_dealloc(Obj *o)
{
	Dict *d = (Dict *)o;
	dict_clear(d);
	obj_free(o);
}

static void dict_traverse(Obj *o, visitfn visit, void *arg)
{
	Dict *d = (Dict *)o;
	for (size_t i = 0; i < d->nentries; i++) {
		if (!IS_NULL(d->entries[i].key)) {
			visit(d->entries[i].key, arg);
			visit(d->entries[i].value, arg);
		}
	}
}

static void dict_gc_clear(Obj *o) { dict_clear((Dict *)o); }

void dict_core_init(void);
void dict_core_init(void)
{
	dict_type.dealloc = dict_dealloc;
	dict_type.traverse = dict_traverse;
	dict_type.clear = dict_gc_clear;
	dict_type.basicsize = sizeof(Dict);
}
