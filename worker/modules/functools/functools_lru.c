/* worker/modules/functools/functools_lru.c -- functools._lru_cache_wrapper: the
 * callable lru_cache() returns.  The cache is a dict from the call's key to
 * a node; bounded caches also keep the nodes on a doubly linked list in
 * order of use (root.next is the least recently used) so that a hit and an
 * eviction are O(1).  Keys are built as CPython builds them: the positional
 * arguments, then a marker and the keyword pairs, then (typed) the
 * argument types; a lone int or str argument is its own key. */
#include "config.h"

#include <string.h>

#include "worker/modules/registry.h"

void type_ready(Type *t);

typedef struct LruNode {
	Obj ob;
	struct LruNode *prev, *next;   /* borrowed: the cache dict owns nodes */
	Value key, result;
} LruNode;

typedef struct Lru {
	Obj ob;
	Dict *dict;                    /* instance __dict__ (update_wrapper) */
	Value func;
	Dict *cache;
	ssize_t maxsize;               /* -1: unbounded */
	bool typed;
	int64_t hits, misses;
	Value info_type;               /* the CacheInfo named tuple class */
	LruNode root;                  /* list sentinel (its header is unused) */
} Lru;

static Type lru_type, lrunode_type;
static Obj kwd_mark_obj;

#define ROOT(l) (&(l)->root)

static void node_dealloc(Obj *o)
{
	LruNode *n = (LruNode *)o;
	val_decref(n->key);
	val_decref(n->result);
	obj_free(o);
}

static void node_traverse(Obj *o, visitfn visit, void *arg)
{
	LruNode *n = (LruNode *)o;
	visit(n->key, arg);
	visit(n->result, arg);
}

static void list_unlink(LruNode *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
}

static void list_append_node(Lru *l, LruNode *n)
{
	LruNode *root = ROOT(l);
	n->prev = root->prev;
	n->next = root;
	root->prev->next = n;
	root->prev = n;
}

static Value make_key(Lru *l, const Value *args, size_t nargs, Tuple *kwnames)
{
	size_t nkw = kwnames ? kwnames->n : 0;
	if (!l->typed && nkw == 0 && nargs == 1) {
		Type *t = val_type(args[0]);
		if (t == &int_type || t == &str_type)
			return val_incref(args[0]);
	}
	size_t n = nargs + (nkw ? 1 + 2 * nkw : 0) + (l->typed ? nargs + nkw : 0);
	Tuple *key = tuple_new(n);
	if (!key)
		return v_null();
	size_t j = 0;
	for (size_t i = 0; i < nargs; i++)
		key->items[j++] = val_incref(args[i]);
	if (nkw) {
		key->items[j++] = val_incref(v_obj(&kwd_mark_obj));
		for (size_t k = 0; k < nkw; k++) {
			key->items[j++] = val_incref(kwnames->items[k]);
			key->items[j++] = val_incref(args[nargs + k]);
		}
	}
	if (l->typed) {
		for (size_t i = 0; i < nargs + nkw; i++)
			key->items[j++] = val_incref(v_obj(&val_type(args[i])->ob));
	}
	return v_obj(&key->ob);
}

static Value lru_call(Value self, const Value *args, size_t nargs, Tuple *kwnames)
{
	Lru *l = (Lru *)self.u.o;
	if (l->maxsize == 0) {
		l->misses++;
		return obj_call(l->func, args, nargs, kwnames);
	}
	Value key = make_key(l, args, nargs, kwnames);
	if (IS_NULL(key))
		return key;
	Value hit = dict_get(l->cache, key);
	if (!IS_NULL(hit)) {
		l->hits++;
		val_decref(key);
		if (l->maxsize < 0)
			return val_incref(hit);
		LruNode *n = (LruNode *)hit.u.o;
		list_unlink(n);
		list_append_node(l, n);
		return val_incref(n->result);
	}
	if (err_occurred()) {
		val_decref(key);
		return v_null();
	}
	l->misses++;
	Value result = obj_call(l->func, args, nargs, kwnames);
	if (IS_NULL(result)) {
		val_decref(key);
		return result;
	}
	if (l->maxsize < 0) {
		int r = dict_set(l->cache, key, result);
		val_decref(key);
		if (r < 0) {
			val_decref(result);
			return v_null();
		}
		return result;
	}
	/* the call may have cached this key itself (recursion): keep that */
	Value again = dict_get(l->cache, key);
	if (!IS_NULL(again) || err_occurred()) {
		val_decref(key);
		if (err_occurred()) {
			val_decref(result);
			return v_null();
		}
		return result;
	}
	if ((ssize_t)l->cache->used >= l->maxsize) {
		LruNode *old = ROOT(l)->next;
		obj_incref(&old->ob);
		list_unlink(old);
		int r = dict_del(l->cache, old->key);
		obj_decref(&old->ob);
		if (r < 0) {
			val_decref(key);
			val_decref(result);
			return v_null();
		}
	}
	LruNode *n = (LruNode *)obj_alloc(&lrunode_type, sizeof(LruNode));
	if (!n) {
		val_decref(key);
		val_decref(result);
		return v_null();
	}
	n->key = key;
	n->result = val_incref(result);
	if (dict_set(l->cache, key, v_obj(&n->ob)) < 0) {
		obj_decref(&n->ob);
		val_decref(result);
		return v_null();
	}
	list_append_node(l, n);
	obj_decref(&n->ob);
	return result;
}

static void lru_clear(Lru *l)
{
	LruNode *root = ROOT(l);
	root->prev = root->next = root;
	/* nodes are owned by the dict; dropping it frees them */
	Dict *old = l->cache;
	l->cache = dict_new();
	if (old)
		obj_decref(&old->ob);
}

static Value lru_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if (!no_kwargs("_lru_cache_wrapper", kw))
		return v_null();
	if (nargs != 4)
		return err_null_format(Exc_TypeError, "_lru_cache_wrapper expected 4 arguments, got %zu", nargs);
	if (!val_type(args[0])->call)
		return err_null_format(Exc_TypeError, "the first argument must be callable");
	ssize_t maxsize = -1;
	if (!IS_NONE(args[1])) {
		if (!is_intlike(args[1]))
			return err_null_format(Exc_TypeError, "maxsize should be integer or None");
		if (!val_as_ssize(args[1], &maxsize))
			return v_null();
		if (maxsize < 0)
			maxsize = 0;
	}
	int typed = obj_truth(args[2]);
	if (typed < 0)
		return v_null();
	Lru *l = (Lru *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Lru));
	if (!l)
		return v_null();
	l->func = val_incref(args[0]);
	l->maxsize = maxsize;
	l->typed = typed;
	l->info_type = val_incref(args[3]);
	lru_clear(l);
	if (!l->cache) {
		obj_decref(&l->ob);
		return v_null();
	}
	return v_obj(&l->ob);
}

static void lru_dealloc(Obj *o)
{
	Lru *l = (Lru *)o;
	val_decref(l->func);
	val_decref(l->info_type);
	if (l->cache)
		obj_decref(&l->cache->ob);
	if (l->dict)
		obj_decref(&l->dict->ob);
	obj_free(o);
}

static void lru_traverse(Obj *o, visitfn visit, void *arg)
{
	Lru *l = (Lru *)o;
	visit(l->func, arg);
	visit(l->info_type, arg);
	if (l->cache)
		visit(v_obj(&l->cache->ob), arg);
	if (l->dict)
		visit(v_obj(&l->dict->ob), arg);
}

/* Bound like a function when found on a class. */
static Value lru_descr_get(Value self, Value obj, Value type)
{
	if (IS_NULL(obj) || IS_NONE(obj))
		return val_incref(self);
	return method_new(self, obj);
}

static Value m_cache_info(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("cache_info", nargs, kw, 0, 0))
		return v_null();
	Lru *l = (Lru *)self.u.o;
	Value a[4] = {v_int(l->hits), v_int(l->misses), l->maxsize >= 0 ? v_int(l->maxsize) : v_none(), v_int((int64_t)l->cache->used)};
	return obj_call(l->info_type, a, 4, NULL);
}

static Value m_cache_clear(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("cache_clear", nargs, kw, 0, 0))
		return v_null();
	Lru *l = (Lru *)self.u.o;
	l->hits = l->misses = 0;
	lru_clear(l);
	return l->cache ? v_none() : v_null();
}

static Value m_self(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return val_incref(self);
}

bool functools_lru_init(Dict *d);
bool functools_lru_init(Dict *d)
{
	static bool ready;
	if (!ready) {
		type_init_builtin(&lrunode_type, "functools._lru_list_elem", &object_type);
		lrunode_type.basicsize = sizeof(LruNode);
		lrunode_type.dealloc = node_dealloc;
		lrunode_type.traverse = node_traverse;
		type_ready(&lrunode_type);

		type_init_builtin(&lru_type, "functools._lru_cache_wrapper", &object_type);
		kwd_mark_obj.refcnt = 1 << 30;
		kwd_mark_obj.type = &object_type;

		Type *t = &lru_type;
		t->basicsize = sizeof(Lru);
		t->dictoffset = (ssize_t)offsetof(Lru, dict);
		t->new = lru_new;
		t->call = lru_call;
		t->dealloc = lru_dealloc;
		t->traverse = lru_traverse;
		t->descr_get = lru_descr_get;
		type_add_method(t, "cache_info", m_cache_info, 0);
		type_add_method(t, "cache_clear", m_cache_clear, 0);
		type_add_method(t, "__copy__", m_self, 0);
		type_add_method(t, "__deepcopy__", m_self, 0);
		type_ready(t);
		ready = true;
	}
	Str *k = str_intern("_lru_cache_wrapper");
	dict_set_str(d, k, v_obj(&lru_type.ob));
	obj_decref(&k->ob);
	return true;
}
