/* dict_table.c -- the compact insertion-ordered dict (CPython 3.6+ layout): a
 * sparse index table of int32 slots pointing into a dense entries array of
 * {hash, key, value}.  Full 64-bit hashes; str keys compare by pointer
 * first (identifiers are interned).  `version` changes on every mutation
 * so inline caches (globals, builtins) can validate cheaply.  The index
 * table and the entries share one allocation (table_bytes()): the index
 * first, the entries right after it (d->entries points into the block).
 * A dict made by dict_new() carries its first table (8 slots, 5 entries;
 * an instance dict from dict_new_hint() one sized for its class) inside
 * its own block, right after the Dict: a small dict (an instance's
 * __dict__, keyword arguments) costs one allocation, not two.  Only a
 * bigger table is allocated apart; the embedded one is never freed.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/runtime/gc.h"

#define IX_EMPTY (-1)
#define IX_DUMMY (-2)
#define PERTURB_SHIFT 5

static uint64_t dict_version_counter = 1;

/* The size of the one block holding an index of `size` slots and `cap`
 * entries (size is a power of two >= 4, so the entries stay aligned). */
static inline size_t table_bytes(size_t size, size_t cap)
{
	return size * sizeof(int32_t) + cap * sizeof(DictEntry);
}

/* The embedded table sizes: index slots and entries (2/3 of the slots,
 * rounded up for the smallest). */
static const struct {
	size_t size, cap;
} embed_sizes[] = { {4, 3}, {8, 5}, {16, 10} };
#define EMBED_DEFAULT 1    /* dict_new(): CPython's smallest table */

#define DICT_PRE (sizeof(size_t) + sizeof(GCHead))   /* obj_alloc's header */

/* The table embedded after the Dict (its size in *size, *cap), or NULL when
 * this dict has none: the block's size word (obj_alloc's layout,
 * typeobj.c) says how much it was allocated with; only exact dicts from
 * dict_new() and dict_new_hint() have one. */
static inline int32_t *embedded_table(Dict *d, size_t *size, size_t *cap)
{
	if (d->ob.type != &dict_type)
		return NULL;
	size_t sw = *(size_t *)((char *)d - sizeof(size_t)) & OBJ_SIZE_MASK;
	if (sw <= DICT_PRE + sizeof(Dict))
		return NULL;
	sw -= DICT_PRE + sizeof(Dict);
	for (size_t i = 0; i < sizeof embed_sizes / sizeof embed_sizes[0]; i++) {
		if (sw == table_bytes(embed_sizes[i].size, embed_sizes[i].cap)) {
			*size = embed_sizes[i].size;
			*cap = embed_sizes[i].cap;
			return (int32_t *)(d + 1);
		}
	}
	return NULL;
}

static inline bool is_embedded(Dict *d, int32_t *index)
{
	size_t size, cap;
	return index && index == embedded_table(d, &size, &cap);
}

/* ---- untracked dicts (gc.h) ---------------------------------------- */

/* Could v be part of a cycle?  Only objects of types with a traverse slot. */
static inline bool may_be_tracked(Value v)
{
	return v.tag == V_OBJ && v.u.o->type->traverse != NULL;
}

/* Called by a collection for an exact dict that survived it: true when
 * nothing in it can form a cycle, so it need not be tracked. */
bool dict_may_untrack(Dict *d);
bool dict_may_untrack(Dict *d)
{
	for (size_t i = 0; i < d->nentries; i++) {
		DictEntry *e = &d->entries[i];
		if (!IS_NULL(e->key) && (may_be_tracked(e->key) || may_be_tracked(e->value)))
			return false;
	}
	return true;
}

/* Before a store of key and value: an untracked dict that gets something
 * able to form a cycle is tracked again (only exact dicts are ever
 * untracked). */
static inline void maintain_tracking(Dict *d, Value key, Value v)
{
	if (d->ob.type == &dict_type && (may_be_tracked(v) || may_be_tracked(key)) &&
	    (*(size_t *)((char *)d - sizeof(size_t)) & GC_SIZE_BIT) && !gc_is_tracked(&d->ob))
		gc_retrack(gc_head_of(&d->ob));
}

static Dict *dict_new_embed(size_t k)
{
	size_t bytes = table_bytes(embed_sizes[k].size, embed_sizes[k].cap);
	Dict *d = (Dict *)obj_alloc(&dict_type, sizeof(Dict) + bytes);
	if (!d)
		return NULL;
	d->used = d->nentries = d->cap = 0;
	d->mask = 0;
	d->index = NULL;
	d->entries = NULL;
	d->version = dict_version_counter++;
	return d;
}

Dict *dict_new(void)
{
	return dict_new_embed(EMBED_DEFAULT);
}

/* A dict whose embedded table fits n keys (an instance's __dict__, sized
 * by what earlier instances of its class held: typeobj.c). */
Dict *dict_new_hint(size_t n);
Dict *dict_new_hint(size_t n)
{
	size_t k = 0;
	while (k + 1 < sizeof embed_sizes / sizeof embed_sizes[0] && embed_sizes[k].cap < n)
		k++;
	return dict_new_embed(k);
}

static inline bool key_is_str(Value k) { return k.tag == V_OBJ && k.u.o->type == &str_type; }

/* str_hash() without the call when the hash is cached (interned names) */
static inline int64_t hash_of_str(Str *s) { return s->hashed ? s->hash : str_hash(s); }

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
				if (v_is(k, key)) {
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
	size_t esize, ecap;
	int32_t *emb = embedded_table(d, &esize, &ecap), *index;
	if (emb && min_used <= ecap && d->index != emb) {
		index = emb;
		size = esize;
		cap = ecap;
	} else {
		if (size > ((size_t)1 << 24) &&
		    (!mem_check_mul(size, sizeof(int32_t)) || !mem_check_mul(cap, sizeof(DictEntry)) ||
		     !mem_check(table_bytes(size, cap))))
			return false;
		index = mem_alloc(table_bytes(size, cap));
		if (!index)
			return false;
	}
	DictEntry *entries = (DictEntry *)(index + size);
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
	if (d->index && !is_embedded(d, d->index))
		mem_free(d->index, table_bytes(d->mask + 1, d->cap));
	d->index = index;
	d->entries = entries;
	d->mask = size - 1;
	d->cap = cap;
	d->nentries = n;
	return true;
}

/* A new dict's first insert: its embedded table, emptied, without the
 * general resize(); false when it has none. */
static inline bool attach_embedded(Dict *d)
{
	size_t size, cap;
	int32_t *emb = embedded_table(d, &size, &cap);
	if (!emb)
		return false;
	memset(emb, 0xff, size * sizeof(int32_t));
	d->index = emb;
	d->entries = (DictEntry *)(emb + size);
	d->mask = size - 1;
	d->cap = cap;
	d->nentries = 0;
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

/* The entry whose key is the object `same`, or a str of the n bytes at p
 * with str hash `hash`; NULL when there is none.  d must have a table. */
static DictEntry *find_str_entry(Dict *d, const Obj *same, const char *p, size_t n, int64_t hash)
{
	size_t mask = d->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
	for (;;) {
		int32_t ix = d->index[i];
		if (ix == IX_EMPTY)
			return NULL;
		if (ix >= 0) {
			DictEntry *e = &d->entries[ix];
			if (e->key.tag == V_OBJ && e->key.u.o == same)
				return e;
			if (e->hash == hash && key_is_str(e->key)) {
				Str *k = AS_STR(e->key);
				if (k->nbytes == n && memcmp(k->data, p, n) == 0)
					return e;
			}
		}
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + perturb + 1) & mask;
	}
}

/* dict_get_str() past its fast path: an uncached hash, or a key of the
 * same hash that is not the same object (an equal str, or a collision). */
static Value get_str_slow(Dict *d, Str *key)
{
	DictEntry *e = find_str_entry(d, &key->ob, key->data, key->nbytes, str_hash(key));
	return e ? e->value : v_null();
}

/* Kept free of calls but the tail call above, so it needs no stack frame:
 * it runs for every attribute and global load. */
Value dict_get_str(Dict *d, Str *key)
{
	if (!d->index)
		return v_null();
	if (!key->hashed)
		return get_str_slow(d, key);
	int64_t hash = key->hash;
	size_t mask = d->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
	for (;;) {
		int32_t ix = d->index[i];
		if (ix == IX_EMPTY)
			return v_null();
		if (ix >= 0) {
			DictEntry *e = &d->entries[ix];
			if (e->key.u.o == &key->ob && e->key.tag == V_OBJ)
				return e->value;
			if (e->hash == hash)
				return get_str_slow(d, key);
		}
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + perturb + 1) & mask;
	}
}

/* The entry number of the str key in d, or -1: an attribute inline cache
 * (eval/attrcache.h) remembers where an instance's attribute sits. */
ssize_t dict_find_str_index(Dict *d, Str *key)
{
	if (!d->index)
		return -1;
	DictEntry *e = find_str_entry(d, &key->ob, key->data, key->nbytes, hash_of_str(key));
	return e ? e - d->entries : -1;
}

/* A new value for the live entry ix (its key checked by the caller): an
 * attribute store through an inline cache, as dict_set_str() would. */
void dict_replace_at(Dict *d, size_t ix, Value v)
{
	DictEntry *e = &d->entries[ix];
	maintain_tracking(d, e->key, v);
	Value old = e->value;
	e->value = val_incref(v);
	d->version = dict_version_counter++;
	val_decref(old);
}

/* The str key equal to the n bytes at p (whose str hash is `hash`), or
 * NULL: a lookup with no Str to build first (str_intern of a C string). */
Str *dict_find_str_bytes(Dict *d, const char *p, size_t n, int64_t hash)
{
	DictEntry *e = d->index ? find_str_entry(d, NULL, p, n, hash) : NULL;
	return e ? AS_STR(e->key) : NULL;
}

static int insert(Dict *d, Value key, int64_t h, Value v)
{
	size_t slot;
	ssize_t ix = lookup(d, key, h, &slot);
	if (ix == -2)
		return -1;
	maintain_tracking(d, key, v);
	if (ix >= 0) {
		Value old = d->entries[ix].value;
		d->entries[ix].value = val_incref(v);
		val_decref(old);
		d->version = dict_version_counter++;
		return 0;
	}
	if (!d->index || d->nentries >= d->cap) {
		if (!(!d->index && attach_embedded(d)) && !resize(d, d->used + 1 + (d->used >> 1)))
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

/* d[key] += 1 for a count: one lookup.  A small int value is incremented
 * in place, a missing key is added with 1; 0 when done, 1 when the value
 * is something else (the caller does the general get/add/set), -1 on
 * error. */
int dict_count_one(Dict *d, Value key)
{
	int64_t h;
	if (!hash_key(key, &h))
		return -1;
	size_t slot;
	ssize_t ix = lookup(d, key, h, &slot);
	if (ix == -2)
		return -1;
	if (ix >= 0) {
		DictEntry *e = &d->entries[ix];
		if (e->value.tag != V_INT || e->value.u.i == INT64_MAX)
			return 1;
		e->value.u.i++;
		d->version = dict_version_counter++;
		return 0;
	}
	return insert(d, key, h, v_int(1));
}

int dict_set(Dict *d, Value key, Value v)
{
	int64_t h;
	if (!hash_key(key, &h))
		return -1;
	return insert(d, key, h, v);
}

/* The common case inline (attribute stores, globals): the key itself is
 * in the table, or it is absent (the first key of an empty dict too), no
 * deleted slot is on its probe path and there is room for it.  Anything
 * else (an equal but distinct key, a colliding hash, a dummy slot, a
 * resize) takes the general insert(). */
int dict_set_str(Dict *d, Str *key, Value v)
{
	int64_t h = hash_of_str(key);
	if (!d->index && !attach_embedded(d) && !resize(d, 1))
		return -1;
	maintain_tracking(d, str_value(key), v);
	size_t mask = d->mask, i = (size_t)h & mask, perturb = (size_t)h;
	for (;;) {
		int32_t ix = d->index[i];
		if (ix == IX_EMPTY) {
			if (d->nentries >= d->cap)
				break;
			d->index[i] = (int32_t)d->nentries;
			DictEntry *e = &d->entries[d->nentries++];
			e->hash = h;
			obj_incref(&key->ob);
			e->key = str_value(key);
			e->value = val_incref(v);
			d->used++;
			d->version = dict_version_counter++;
			return 0;
		}
		if (ix == IX_DUMMY)
			break;
		DictEntry *e = &d->entries[ix];
		if (e->key.tag == V_OBJ && e->key.u.o == &key->ob) {
			Value old = e->value;
			e->value = val_incref(v);
			d->version = dict_version_counter++;
			val_decref(old);
			return 0;
		}
		if (e->hash == h)
			break;
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + perturb + 1) & mask;
	}
	return insert(d, str_value(key), h, v);
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
	if (index && !is_embedded(d, index))
		mem_free(index, table_bytes(isize, cap));
}

int dict_update(Dict *d, Value other)
{
	/* the entries directly, unless a subclass iterates its own way: then
	 * keys() and [] as for any mapping (CPython's dict_merge) */
	if (IS_DICT(other) && val_type(other)->iter == dict_type.iter) {
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
