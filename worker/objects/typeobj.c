/* typeobj.c -- type objects: allocation, C3 MRO, attribute lookup through
 * the MRO with a global method cache, generic get/setattr with descriptors,
 * object and type themselves, class creation, and the slot machinery that
 * lets user classes (dunder methods) and builtin types share one protocol:
 *   - a heap type's slot is a dispatcher (slot_*) when some class in its MRO
 *     before the first builtin one defines the dunder, else the builtin's;
 *   - builtin types expose their C slots as SlotWrapper objects in their
 *     dicts (int.__add__, object.__init__), so super() and explicit calls work.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/objects/instance_keys.h"
#include "worker/runtime/gc.h"

Type type_type, object_type, none_type, bool_type, int_type, float_type,
	str_type, tuple_type, list_type, dict_type, set_type, frozenset_type,
	bytes_type, bytearray_type, range_type, slice_type, func_type,
	code_type, cell_type, method_type, builtin_type, classmethod_type,
	staticmethod_type, property_type, super_type, gen_type, coro_type,
	module_type, ellipsis_type, notimpl_type, tb_type, base_exc_type,
	list_iter_type, tuple_iter_type, str_iter_type, range_iter_type,
	dict_keys_type, dict_values_type, dict_items_type, dict_iter_type,
	set_iter_type, enumerate_type, zip_type, map_type, filter_type,
	reversed_type, seq_iter_type, callable_iter_type, bigint_type,
	complex_type, bytes_iter_type, wrapper_type, coro_wrapper_type,
	gen_asend_type, getset_type;
Obj ellipsis_obj, notimpl_obj;

static uint64_t next_version = 1;

/* ---- allocation -------------------------------------------------------- */

/* Layout: [GCHead, if the type can hold references (gc.h)] [size word]
 * [object].  The size word holds the allocation size, with GC_SIZE_BIT
 * when a GCHead comes first. */
Obj *obj_alloc(Type *t, size_t size)
{
	bool gc = t->traverse != NULL;
	size_t pre = sizeof(size_t) + (gc ? sizeof(GCHead) : 0);
	char *base = mem_alloc(size + pre);
	if (!base)
		return NULL;
	*(size_t *)(base + pre - sizeof(size_t)) = (size + pre) | (gc ? GC_SIZE_BIT : 0);
	Obj *o = (Obj *)(base + pre);
	memset(o, 0, size);
	o->refcnt = 1;
	o->type = t;
	if (t->flags & TF_HEAPTYPE)
		obj_incref(&t->ob);
	if (gc)
		gc_track((GCHead *)base);
	return o;
}

void obj_free(Obj *o)
{
	char *base = (char *)o - sizeof(size_t);
	size_t sw = *(size_t *)base;
	Type *t = o->type;
	if (sw & GC_SIZE_BIT) {
		base -= sizeof(GCHead);
		gc_untrack((GCHead *)base);
	}
	mem_free(base, sw & OBJ_SIZE_MASK);
	if (t->flags & TF_HEAPTYPE)
		obj_decref(&t->ob);
}

/* Deallocation of long chains (a linked list of a million nodes) must not
 * recurse a million deep on the C stack, and where __del__ prints, objects
 * must die in CPython's order.  CPython's trashcan counts the nesting of
 * deallocations of container types (lists, tuples, dicts, sets, instances
 * of classes, exceptions, methods: TF_TRASHCAN): one that would nest
 * deeper than 50 is deferred onto a stack, and when the outermost returns,
 * the stack is emptied last in first out, each at depth 1 again.  Any
 * other chain nesting deeper than DEALLOC_STACK_LIMIT (one CPython itself
 * would crash on) is deferred too, and freed by the outermost call. */
#define TRASH_UNWIND_LEVEL 50      /* CPython 3.11's _PyTrash_UNWIND_LEVEL */
#define DEALLOC_STACK_LIMIT 400

typedef struct {
	Obj **items;
	size_t n, cap;
} DeadStack;

static DeadStack trash_later, deep_later;
static int trash_nesting, dealloc_depth;

static bool dead_push(DeadStack *s, Obj *o)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		Obj **q = realloc(s->items, cap * sizeof(Obj *));
		if (!q)
			return false;
		s->items = q;
		s->cap = cap;
	}
	s->items[s->n++] = o;
	return true;
}

static void dealloc_now(Obj *o)
{
	if (o->type->dealloc)
		o->type->dealloc(o);
	else
		obj_free(o);
}

/* Frees o unless the C stack is already DEALLOC_STACK_LIMIT deallocations
 * deep; it does not count toward the trashcan depth. */
static inline __attribute__((always_inline)) void dealloc_bounded(Obj *o)
{
	if (dealloc_depth > DEALLOC_STACK_LIMIT && dead_push(&deep_later, o))
		return;
	dealloc_depth++;
	dealloc_now(o);
	if (dealloc_depth == 1) {
		while (deep_later.n)
			dealloc_now(deep_later.items[--deep_later.n]);
	}
	dealloc_depth--;
}

void obj_dealloc(Obj *o)
{
	if (!(o->type->flags & TF_TRASHCAN)) {
		dealloc_bounded(o);
		return;
	}
	if (trash_nesting >= TRASH_UNWIND_LEVEL && dead_push(&trash_later, o))
		return;
	trash_nesting++;
	dealloc_bounded(o);
	if (--trash_nesting == 0 && trash_later.n) {
		trash_nesting = 1;         /* each deferred one runs at depth 1 */
		while (trash_later.n)
			obj_dealloc(trash_later.items[--trash_later.n]);
		trash_nesting = 0;
	}
}

/* The collector runs only when no deallocation is under way (gc.c). */
bool obj_dealloc_idle(void);
bool obj_dealloc_idle(void)
{
	return dealloc_depth == 0 && trash_nesting == 0 && deep_later.n == 0 && trash_later.n == 0;
}

/* ---- subtype checks, MRO ------------------------------------------------ */

bool type_is_subtype(Type *a, Type *b)
{
	if (a == b || b == &object_type)
		return true;
	if (a->mro) {
		Tuple *m = a->mro;
		for (size_t i = 0; i < m->n; i++)
			if ((Type *)m->items[i].u.o == b)
				return true;
		return false;
	}
	for (Type *t = a; t; t = t->base)
		if (t == b)
			return true;
	return false;
}

static bool tail_contains(Tuple **seqs, size_t *heads, size_t nseq, Type *t)
{
	for (size_t i = 0; i < nseq; i++)
		for (size_t j = heads[i] + 1; j < seqs[i]->n; j++)
			if ((Type *)seqs[i]->items[j].u.o == t)
				return true;
	return false;
}

static Tuple *compute_mro(Type *t)
{
	Tuple *bases = t->bases;
	size_t nb = bases ? bases->n : 0;
	if (nb == 0) {
		Tuple *m = tuple_new(t == &object_type ? 1 : 2);
		if (!m)
			return NULL;
		m->items[0] = val_incref(v_obj(&t->ob));
		if (t != &object_type)
			m->items[1] = val_incref(v_obj(&object_type.ob));
		return m;
	}
	/* C3 merge of the bases' MROs and the bases list */
	size_t nseq = nb + 1;
	Tuple *seqs[nseq];
	size_t heads[nseq];
	for (size_t i = 0; i < nb; i++) {
		seqs[i] = ((Type *)bases->items[i].u.o)->mro;
		heads[i] = 0;
	}
	seqs[nb] = bases;
	heads[nb] = 0;
	List *out = list_with_cap(8);
	if (!out)
		return NULL;
	list_append(out, v_obj(&t->ob));
	for (;;) {
		bool any = false;
		Type *cand = NULL;
		for (size_t i = 0; i < nseq; i++) {
			if (heads[i] >= seqs[i]->n)
				continue;
			any = true;
			Type *c = (Type *)seqs[i]->items[heads[i]].u.o;
			if (!tail_contains(seqs, heads, nseq, c)) {
				cand = c;
				break;
			}
		}
		if (!any)
			break;
		if (!cand) {
			StrBuf b;
			sb_init(&b);
			sb_adds(&b, "Cannot create a consistent method resolution\norder (MRO) for bases ");
			for (size_t i = 0; i < nb; i++) {
				if (i)
					sb_adds(&b, ", ");
				sb_adds(&b, ((Type *)bases->items[i].u.o)->name);
			}
			Str *msg = sb_finish(&b);
			if (msg) {
				err_set_value(Exc_TypeError, str_value(msg));
				obj_decref(&msg->ob);
			}
			obj_decref(&out->ob);
			return NULL;
		}
		list_append(out, v_obj(&cand->ob));
		for (size_t i = 0; i < nseq; i++)
			if (heads[i] < seqs[i]->n && (Type *)seqs[i]->items[heads[i]].u.o == cand)
				heads[i]++;
	}
	Tuple *m = tuple_from(out->items, out->n);
	obj_decref(&out->ob);
	return m;
}

/* ---- method cache -------------------------------------------------------- */

#define MCACHE_SIZE 4096
static struct {
	Type *type;
	uint64_t version;
	Str *name;
	Value value;    /* borrowed; V_NULL caches "absent" */
} mcache[MCACHE_SIZE];

/* Slots filled since the last flush, so a flush touches only those (a class
 * attribute assigned in a loop, and start-up, would otherwise wipe 160 KB
 * each time); past MCACHE_TRACKED the whole table is cleared. */
#define MCACHE_TRACKED 256
static uint16_t mcache_filled[MCACHE_TRACKED];
static size_t mcache_nfilled;

static void types_modified(void)
{
	next_version++;
	if (mcache_nfilled > MCACHE_TRACKED) {
		memset(mcache, 0, sizeof mcache);
	} else {
		for (size_t i = 0; i < mcache_nfilled; i++)
			memset(&mcache[mcache_filled[i]], 0, sizeof mcache[0]);
	}
	mcache_nfilled = 0;
}

static void type_modified(Type *t);

static inline size_t mcache_hash(Type *t, Str *name)
{
	return (((uintptr_t)name >> 4) ^ ((uintptr_t)t >> 4) * 31) & (MCACHE_SIZE - 1);
}

static Value type_lookup_miss(Type *t, Str *name, size_t h);

/* type_lookup() with the cache hit inline (the attribute paths below) */
static inline Value mcache_lookup(Type *t, Str *name)
{
	size_t h = mcache_hash(t, name);
	if (mcache[h].type == t && mcache[h].name == name && mcache[h].version == t->version && t->version)
		return mcache[h].value;
	return type_lookup_miss(t, name, h);
}

Value type_lookup(Type *t, Str *name)
{
	return mcache_lookup(t, name);
}

/* type_lookup() that also says where it found name: the dict of the class
 * in t's MRO that holds it and the entry number there (for an inline cache
 * that reads the value through the entry: store_plain_class_value()). */
Value type_lookup_entry(Type *t, Str *name, Dict **holder, uint32_t *ix)
{
	Tuple *m = t->mro;
	size_t n = m ? m->n : 1;
	for (size_t i = 0; i < n; i++) {
		Type *c = m ? (Type *)m->items[i].u.o : t;
		if (!c->dict)
			continue;
		ssize_t k = dict_find_str_index(c->dict, name);
		if (k >= 0 && k <= (ssize_t)UINT32_MAX) {
			*holder = c->dict;
			*ix = (uint32_t)k;
			return c->dict->entries[k].value;
		}
		if (k >= 0)
			break;
	}
	*holder = NULL;
	return v_null();
}

static Value type_lookup_miss(Type *t, Str *name, size_t h)
{
	Value r = v_null();
	Tuple *m = t->mro;
	if (m) {
		for (size_t i = 0; i < m->n; i++) {
			Type *c = (Type *)m->items[i].u.o;
			if (!c->dict)
				continue;
			r = dict_get_str(c->dict, name);
			if (!IS_NULL(r))
				break;
		}
	} else if (t->dict) {
		r = dict_get_str(t->dict, name);
	}
	if (name->interned) {
		if (!t->version)
			t->version = ++next_version;
		if (mcache[h].type == NULL) {
			if (mcache_nfilled < MCACHE_TRACKED)
				mcache_filled[mcache_nfilled] = (uint16_t)h;
			mcache_nfilled++;
		}
		mcache[h].type = t;
		mcache[h].name = name;
		mcache[h].version = t->version;
		mcache[h].value = r;
	}
	return r;
}

/* ---- descriptors -------------------------------------------------------- */

Value bind_descr(Value attr, Value obj, Type *t)
{
	Type *at = val_type(attr);
	if (at->descr_get)
		return at->descr_get(attr, obj, v_obj(&t->ob));
	return val_incref(attr);
}

Dict *dict_new_hint(size_t n);   /* dict.c */
#define DICT_HINT_MAX 10

static Value dict_of(Value v)
{
	if (v.tag != V_OBJ)
		return v_null();
	Dict **dp = obj_dict_ptr(v.u.o);
	if (!dp)
		return v_null();
	if (!*dp)
		*dp = dict_new_hint(v.u.o->type->dict_hint);
	return *dp ? v_obj(&(*dp)->ob) : v_null();
}

Value generic_getattr(Value v, Str *name)
{
	Type *t = val_type(v);
	Value descr = mcache_lookup(t, name);
	Type *dt = NULL;
	if (!IS_NULL(descr)) {
		dt = val_type(descr);
		if (dt->descr_set && dt->descr_get)
			return dt->descr_get(descr, v, v_obj(&t->ob));
	}
	Dict **dp = v.tag == V_OBJ ? obj_dict_slot(v.u.o) : NULL;
	if (dp) {
		Dict *d = *dp;
		Value r = d ? dict_get_str(d, name) :
			  (t->flags & TF_INLINE_VALUES) ? inst_values_get(v.u.o, name) : v_null();
		if (!IS_NULL(r))
			return val_incref(r);
	}
	if (!IS_NULL(descr)) {
		if (dt->descr_get)
			return dt->descr_get(descr, v, v_obj(&t->ob));
		return val_incref(descr);
	}
	return v_null();
}

static bool slot_allowed(Type *t, Str *name);

/* The store of an attribute into v's instance dict d (not a deletion):
 * the class remembers how many attributes its instances hold, so later
 * instance dicts start with a table that fits them.  The name is interned
 * first, as CPython's setattr does: names in code are, so lookups then
 * find the key by identity (object.__setattr__(self, 'f', v) in a frozen
 * dataclass's __init__ stores a constant that is not). */
int instance_dict_store(Value v, Dict *d, Str *name, Value val)
{
	Type *t = v.u.o->type;
	int r;
	if (!name->interned && name->ob.type == &str_type) {
		obj_incref(&name->ob);
		Str *key = str_intern_str(name);
		r = dict_set_str(d, key, val);
		obj_decref(&key->ob);
	} else {
		r = dict_set_str(d, name, val);
	}
	if (d->used > t->dict_hint && t->dict_hint < DICT_HINT_MAX)
		t->dict_hint = (uint32_t)d->used;
	return r;
}

/* The instance dict of v (made now if it has none yet), or NULL: an
 * error, or v has no __dict__. */
Dict *instance_dict_of(Value v)
{
	Value d = dict_of(v);
	return IS_NULL(d) ? NULL : AS_DICT(d);
}

int generic_setattr(Value v, Str *name, Value val)
{
	Type *t = val_type(v);
	Value descr = mcache_lookup(t, name);
	if (!IS_NULL(descr)) {
		Type *dt = val_type(descr);
		if (dt->descr_set)
			return dt->descr_set(descr, v, val);
	}
	if (v.tag == V_OBJ && (t->flags & TF_INLINE_VALUES) && !IS_NULL(val) && !inst_attrs(v.u.o)->dict) {
		int ix;
		return inst_values_store(v.u.o, name, val, &ix);
	}
	if (v.tag == V_OBJ && obj_dict_ptr(v.u.o)) {
		if ((t->flags & TF_SLOTS_ONLY) && !slot_allowed(t, name)) {
			err_format(Exc_AttributeError, "'%s' object has no attribute '%s'", t->name, name->data);
			return -1;
		}
		Value d = dict_of(v);
		if (IS_NULL(d))
			return -1;
		if (IS_NULL(val)) {
			int r = dict_del(AS_DICT(d), str_value(name));
			if (r == 1 && (t->flags & TF_SLOTS_ONLY)) {
				err_format(Exc_AttributeError, "%s", name->data);   /* an empty slot */
				return -1;
			}
			if (r == 1) {
				err_format(Exc_AttributeError, "'%s' object has no attribute '%s'", t->name, name->data);
				return -1;
			}
			return r;
		}
		return instance_dict_store(v, AS_DICT(d), name, val);
	}
	if (IS_NULL(descr))
		err_format(Exc_AttributeError, "'%s' object has no attribute '%s'", t->name, name->data);
	else
		err_format(Exc_AttributeError, "'%s' object attribute '%s' is read-only", t->name, name->data);
	return -1;
}

/* type.__getattribute__ */
static Value type_getattr(Value v, Str *name)
{
	Type *t = (Type *)v.u.o;
	Type *meta = val_type(v);
	Value mattr = type_lookup(meta, name);
	if (!IS_NULL(mattr)) {
		Type *mt = val_type(mattr);
		if (mt->descr_set && mt->descr_get)
			return mt->descr_get(mattr, v, v_obj(&meta->ob));
	}
	Value attr = type_lookup(t, name);
	if (!IS_NULL(attr)) {
		Type *at = val_type(attr);
		if (at->descr_get)
			return at->descr_get(attr, v_null(), v);
		return val_incref(attr);
	}
	if (!IS_NULL(mattr))
		return bind_descr(mattr, v, meta);
	return v_null();
}

static bool store_plain_class_value(Type *t, Str *name, Value val);

static int type_setattr(Value v, Str *name, Value val)
{
	Type *t = (Type *)v.u.o;
	if (!(t->flags & TF_HEAPTYPE)) {
		err_format(Exc_TypeError, "cannot set '%s' attribute of immutable type '%s'", name->data, t->name);
		return -1;
	}
	if (name == ID(__del__) || str_equal(name, ID(__del__)))
		type_finalizers_seen = true;
	Type *meta = val_type(v);
	Value mattr = type_lookup(meta, name);
	/* __doc__ and __module__ of a class live in its dict: writable */
	bool in_dict = str_equal(name, ID(__doc__)) || str_equal(name, ID(__module__));
	if (!IS_NULL(mattr) && val_type(mattr)->descr_set && !in_dict)
		return val_type(mattr)->descr_set(mattr, v, val);
	if (!IS_NULL(val) && store_plain_class_value(t, name, val))
		return 0;
	/* the old value lives until no cached lookup can return it */
	Value old = val_incref(dict_get_str(t->dict, name));
	int r;
	if (IS_NULL(val)) {
		r = dict_del(t->dict, str_value(name));
		if (r == 1) {
			err_format(Exc_AttributeError, "type object '%s' has no attribute '%s'", t->name, name->data);
			r = -1;
		}
	} else {
		r = dict_set_str(t->dict, name, val);
	}
	type_modified(t);
	val_decref(old);
	if (r == 0 && name->nbytes > 4 && name->data[0] == '_' && name->data[1] == '_')
		type_update_slots(t, name);
	return r;
}

/* ---- GetSet / SlotWrapper objects ------------------------------------- */

void type_add_getset(Type *t, const char *name, unaryfn get)
{
	GetSet *g = (GetSet *)obj_alloc(&getset_type, sizeof(GetSet));
	g->name = name;
	g->owner = t;
	g->get = get;
	dict_set_str(t->dict, str_intern(name), v_obj(&g->ob));
	obj_decref(&g->ob);
}

static Value getset_get(Value d, Value obj, Value type)
{
	GetSet *g = (GetSet *)d.u.o;
	if (IS_NULL(obj))
		return val_incref(d);
	if (!val_isinstance(obj, g->owner))   /* T.__dict__[name].__get__(other) */
		return err_null_format(Exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
				       g->name, g->owner->name, type_name_of(obj));
	if (g->owner->flags & TF_UNBOX_SELF)
		obj = val_unbox(obj);
	return g->get(obj);
}

static Value getset_repr(Value d)
{
	GetSet *g = (GetSet *)d.u.o;
	return str_value(str_printf("<attribute '%s' of '%s' objects>", g->name, g->owner->name));
}

static Value getset_get_name(Value d) { return str_value(str_cstr(((GetSet *)d.u.o)->name)); }

static Value getset_get_qualname(Value d)
{
	GetSet *g = (GetSet *)d.u.o;
	return str_value(str_printf("%s.%s", g->owner->name, g->name));
}

static Value getset_get_objclass(Value d)
{
	Type *t = ((GetSet *)d.u.o)->owner;
	obj_incref(&t->ob);
	return v_obj(&t->ob);
}

static int getset_set(Value d, Value obj, Value v)
{
	GetSet *g = (GetSet *)d.u.o;
	if (!g->set) {
		if (IS_NULL(v))
			err_format(Exc_AttributeError, "attribute '%s' of '%s' objects is not writable", g->name, g->owner->name);
		else
			err_format(Exc_AttributeError, "attribute '%s' of '%s' objects is not writable", g->name, g->owner->name);
		return -1;
	}
	if (!val_isinstance(obj, g->owner)) {
		err_format(Exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
			   g->name, g->owner->name, type_name_of(obj));
		return -1;
	}
	return g->set(obj, v);
}

void type_add_method(Type *t, const char *name, callfn fn, int flags)
{
	Builtin *b = (Builtin *)obj_alloc(&builtin_type, sizeof(Builtin));
	b->name = name;
	b->fn = fn;
	b->self = v_null();
	b->owner = t;
	b->flags = flags;
	Value v = v_obj(&b->ob);
	if (flags & BF_STATIC) {
		Wrapped *w = (Wrapped *)obj_alloc(&staticmethod_type, sizeof(Wrapped));
		w->f = v;
		v = v_obj(&w->ob);
	}
	dict_set_str(t->dict, str_intern(name), v);
	val_decref(v);
}

/* slot kinds for wrappers */
enum {
	SK_REPR, SK_STR, SK_HASH, SK_CMP, SK_GETATTR, SK_SETATTR, SK_DELATTR,
	SK_CALL, SK_ITER, SK_NEXT, SK_NB, SK_RNB, SK_INB, SK_NEG, SK_POS,
	SK_INVERT, SK_ABS, SK_INT, SK_FLOAT, SK_INDEX, SK_BOOL, SK_LEN,
	SK_GETITEM, SK_SETITEM, SK_DELITEM, SK_CONTAINS, SK_GET, SK_SET,
	SK_DELETE, SK_INIT, SK_NEW,
};

static const char *const nb_names[NB_COUNT] = {
	"add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lshift",
	"rshift", "and", "or", "xor", "matmul", "divmod"
};
static Str *nb_name_ids[NB_COUNT], *rnb_name_ids[NB_COUNT], *inb_name_ids[NB_COUNT];
static Str *cmp_name_ids[6];

static void add_wrapper(Type *t, const char *name, int kind, int op)
{
	Str *key = str_intern(name);
	if (!IS_NULL(dict_get_str(t->dict, key))) {
		obj_decref(&key->ob);
		return;
	}
	SlotWrapper *w = (SlotWrapper *)obj_alloc(&wrapper_type, sizeof(SlotWrapper));
	w->name = name;
	w->owner = t;
	w->kind = kind;
	w->op = op;
	dict_set_str(t->dict, key, v_obj(&w->ob));
	obj_decref(&w->ob);
	obj_decref(&key->ob);
}

static Value wrapper_descr_get(Value d, Value obj, Value type)
{
	if (IS_NULL(obj) || IS_NONE(obj))
		if (IS_NULL(obj))
			return val_incref(d);
	return method_new(d, obj);
}

static Value slot_new(Type *t, const Value *args, size_t nargs, Tuple *kw);

/* T.__pow__(a, b, mod) with a mod: int's three-argument pow; float and
 * complex refuse it once they know the operand. */
static Value wrapper_ternary_pow(Type *t, Value a, Value b, Value mod)
{
	Value ua = val_unbox(a), ub = val_unbox(b);
	bool num = is_intlike(ub) || IS_FLOAT(ub) || val_isinstance(ub, &complex_type);
	if (t->flags & TF_INT_SUB) {
		if (!is_intlike(ua) || !is_intlike(ub))
			return v_notimpl();
	} else if (t == &float_type) {
		if (!num || val_isinstance(ub, &complex_type))
			return v_notimpl();
		return err_null_format(Exc_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
	} else if (t == &complex_type) {
		if (!num)
			return v_notimpl();
		return err_null_format(Exc_ValueError, "complex modulo");
	}
	return int_pow(ua, ub, mod);
}

static Value wrapper_call(Value w_, const Value *args, size_t nargs, Tuple *kw)
{
	SlotWrapper *w = (SlotWrapper *)w_.u.o;
	Type *t = w->owner;
	if (w->kind == SK_NEW) {
		/* T.__new__(cls, *args) */
		if (nargs < 1)
			return err_null_format(Exc_TypeError, "%s.__new__(): not enough arguments", t->name);
		if (!val_isinstance(args[0], &type_type))
			return err_null_format(Exc_TypeError, "%s.__new__(X): X is not a type object (%s)", t->name, type_name_of(args[0]));
		Type *sub = (Type *)args[0].u.o;
		if (!type_is_subtype(sub, t))
			return err_null_format(Exc_TypeError, "%s.__new__(%s): %s is not a subtype of %s", t->name, sub->name, sub->name, t->name);
		/* object.__new__(a dict subclass) would build a wrong layout: the
		 * nearest class without a Python __new__ must use t's */
		Type *static_base = sub;
		while (static_base->new == slot_new && static_base->base)
			static_base = static_base->base;
		if (static_base->new != t->new)
			return err_null_format(Exc_TypeError, "%s.__new__(%s) is not safe, use %s.__new__()", t->name, sub->name, static_base->name);
		return t->new(sub, args + 1, nargs - 1, kw);
	}
	if (nargs < 1)
		return err_null_format(Exc_TypeError, "descriptor '%s' of '%s' object needs an argument", w->name, t->name);
	Value self = args[0];
	if (!val_isinstance(self, t))
		return err_null_format(Exc_TypeError, "descriptor '%s' requires a '%s' object but received a '%s'", w->name, t->name, type_name_of(self));
	args++;
	nargs--;
	if (w->kind == SK_INIT)
		return t->init(self, args, nargs, kw) < 0 ? v_null() : v_none();
	if (w->kind == SK_CALL)
		return t->call(self, args, nargs, kw);
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "wrapper %s() takes no keyword arguments", w->name);
	size_t want = 0, most;
	/* CPython checks some wrappers' arguments with PyArg_UnpackTuple (its
	 * messages start with a space: the function name is ""), the others
	 * with check_num_args */
	bool unpack = false;
	switch (w->kind) {
	case SK_CMP: case SK_NB: case SK_RNB: case SK_INB: case SK_GETITEM:
	case SK_DELITEM: case SK_CONTAINS: case SK_GETATTR: case SK_DELATTR:
	case SK_DELETE:
		want = 1; break;
	case SK_SETITEM: case SK_SETATTR: case SK_GET: case SK_SET:
		want = 2;
		unpack = true;
		break;
	default:
		want = 0;
	}
	most = want;
	bool ternary = (w->kind == SK_NB || w->kind == SK_RNB || w->kind == SK_INB) && w->op == NB_POW;
	if (ternary)
		most = 2;
	if (w->kind == SK_GET)
		want = 1;
	/* sequence repetition (sq_repeat) */
	if ((w->kind == SK_NB || w->kind == SK_RNB || w->kind == SK_INB) && w->op == NB_MUL &&
	    (t == &list_type || t == &tuple_type || t == &str_type || t == &bytes_type || t == &bytearray_type))
		unpack = true;
	/* these are plain one-argument methods in CPython (METH_COEXIST) */
	if (nargs != 1 && ((w->kind == SK_GETITEM && (t == &list_type || t == &dict_type)) ||
			   (w->kind == SK_CONTAINS && (t == &set_type || t == &frozenset_type || t == &dict_type))))
		return err_null_format(Exc_TypeError, "%s.%s() takes exactly one argument (%zu given)", t->name, w->name, nargs);
	if (ternary || unpack) {
		if (nargs < want || nargs > most) {
			size_t n = nargs < want ? want : most;
			return err_null_format(Exc_TypeError, " expected %s%zu argument%s, got %zu",
					       want == most ? "" : nargs < want ? "at least " : "at most ",
					       n, n == 1 ? "" : "s", nargs);
		}
	} else if (nargs != want) {
		return err_null_format(Exc_TypeError, "expected %zu argument%s, got %zu", want, want == 1 ? "" : "s", nargs);
	}
	if (ternary && nargs == 2 && !IS_NONE(args[1]))
		return wrapper_ternary_pow(t, w->kind == SK_RNB ? args[0] : self, w->kind == SK_RNB ? self : args[0], args[1]);
	if (w->kind == SK_GET && IS_NONE(args[0]) && (nargs < 2 || IS_NONE(args[1])))
		return err_null_format(Exc_TypeError, "__get__(None, None) is invalid");
	switch (w->kind) {
	case SK_REPR: return t->repr(self);
	case SK_STR: return t->str(self);
	case SK_HASH: {
		int64_t h;
		if (!t->hash(self, &h))
			return v_null();
		return v_int(h);
	}
	case SK_CMP: return t->richcmp(self, args[0], w->op);
	case SK_GETATTR: {
		if (!IS_STR(args[0]))
			return err_null_format(Exc_TypeError, "attribute name must be string, not '%s'", type_name_of(args[0]));
		Value r = t->getattr(self, AS_STR(args[0]));
		if (IS_NULL(r) && !err_occurred())
			err_format(Exc_AttributeError, "'%s' object has no attribute '%s'", type_name_of(self), AS_STR(args[0])->data);
		return r;
	}
	case SK_SETATTR:
	case SK_DELATTR:
		if (!IS_STR(args[0]))
			return err_null_format(Exc_TypeError, "attribute name must be string, not '%s'", type_name_of(args[0]));
		return t->setattr(self, AS_STR(args[0]), w->kind == SK_SETATTR ? args[1] : v_null()) < 0 ? v_null() : v_none();
	case SK_ITER: return t->iter(self);
	case SK_NEXT: {
		Value r = t->next(self);
		if (IS_NULL(r) && !err_occurred()) {
			/* exhausted: it.__next__() raises StopIteration */
			Value e = exc_new(Exc_StopIteration, NULL, 0);
			if (!IS_NULL(e))
				err_set_obj(e.u.o);
		}
		return r;
	}
	case SK_NB: return t->nb[w->op](self, args[0]);
	case SK_RNB: return t->nb[w->op](args[0], self);
	case SK_INB: return t->nb_inplace[w->op](self, args[0]);
	case SK_NEG: return t->neg(self);
	case SK_POS: return t->pos(self);
	case SK_INVERT: return t->invert(self);
	case SK_ABS: return t->absval(self);
	case SK_INT: return t->to_int(self);
	case SK_FLOAT: return t->to_float(self);
	case SK_INDEX: return t->index(self);
	case SK_BOOL: {
		int r = t->truth(self);
		return r < 0 ? v_null() : v_bool(r);
	}
	case SK_LEN: {
		ssize_t n = t->len(self);
		return n < 0 ? v_null() : v_int(n);
	}
	case SK_GETITEM: return t->getitem(self, args[0]);
	case SK_SETITEM: return t->setitem(self, args[0], args[1]) < 0 ? v_null() : v_none();
	case SK_DELITEM: return t->setitem(self, args[0], v_null()) < 0 ? v_null() : v_none();
	case SK_CONTAINS: {
		int r = t->contains(self, args[0]);
		return r < 0 ? v_null() : v_bool(r);
	}
	case SK_GET:
		/* __get__(None, C): the descriptor looked up on the class */
		return t->descr_get(self, IS_NONE(args[0]) ? v_null() : args[0],
				    nargs > 1 && !IS_NONE(args[1]) ? args[1] : v_null());
	case SK_SET: return t->descr_set(self, args[0], args[1]) < 0 ? v_null() : v_none();
	case SK_DELETE: return t->descr_set(self, args[0], v_null()) < 0 ? v_null() : v_none();
	}
	return err_null_format(Exc_SystemError, "bad slot wrapper");
}

static Value wrapper_repr(Value v)
{
	SlotWrapper *w = (SlotWrapper *)v.u.o;
	return str_value(str_printf("<slot wrapper '%s' of '%s' objects>", w->name, w->owner->name));
}

static Value wrapper_get_name(Value v) { return str_value(str_cstr(((SlotWrapper *)v.u.o)->name)); }

static Value wrapper_get_qualname(Value v)
{
	SlotWrapper *w = (SlotWrapper *)v.u.o;
	return str_value(str_printf("%s.%s", w->owner->name, w->name));
}

static Value wrapper_get_objclass(Value v)
{
	Type *t = ((SlotWrapper *)v.u.o)->owner;
	obj_incref(&t->ob);
	return v_obj(&t->ob);
}

/* Expose a builtin type's C slots as dunder wrappers. */
static void add_slot_wrappers(Type *t)
{
	Type *b = t->base;
#define NEW(slot) (t->slot && (!b || t->slot != b->slot))
	if (NEW(repr)) add_wrapper(t, "__repr__", SK_REPR, 0);
	if (NEW(str)) add_wrapper(t, "__str__", SK_STR, 0);
	if (NEW(hash)) add_wrapper(t, "__hash__", SK_HASH, 0);
	if (NEW(richcmp)) {
		static const char *const n[6] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
		for (int i = 0; i < 6; i++)
			add_wrapper(t, n[i], SK_CMP, i);
	}
	if (NEW(getattr)) add_wrapper(t, "__getattribute__", SK_GETATTR, 0);
	if (NEW(setattr)) {
		add_wrapper(t, "__setattr__", SK_SETATTR, 0);
		add_wrapper(t, "__delattr__", SK_DELATTR, 0);
	}
	if (NEW(call)) add_wrapper(t, "__call__", SK_CALL, 0);
	if (NEW(iter)) add_wrapper(t, "__iter__", SK_ITER, 0);
	if (NEW(next)) add_wrapper(t, "__next__", SK_NEXT, 0);
	for (int i = 0; i < NB_COUNT; i++) {
		if (NEW(nb[i])) {
			add_wrapper(t, nb_name_ids[i]->data, SK_NB, i);
			add_wrapper(t, rnb_name_ids[i]->data, SK_RNB, i);
		}
		if (NEW(nb_inplace[i]))
			add_wrapper(t, inb_name_ids[i]->data, SK_INB, i);
	}
	if (NEW(neg)) add_wrapper(t, "__neg__", SK_NEG, 0);
	if (NEW(pos)) add_wrapper(t, "__pos__", SK_POS, 0);
	if (NEW(invert)) add_wrapper(t, "__invert__", SK_INVERT, 0);
	if (NEW(absval)) add_wrapper(t, "__abs__", SK_ABS, 0);
	if (NEW(to_int)) add_wrapper(t, "__int__", SK_INT, 0);
	if (NEW(to_float)) add_wrapper(t, "__float__", SK_FLOAT, 0);
	if (NEW(index)) add_wrapper(t, "__index__", SK_INDEX, 0);
	if (NEW(truth)) add_wrapper(t, "__bool__", SK_BOOL, 0);
	if (NEW(len)) add_wrapper(t, "__len__", SK_LEN, 0);
	if (NEW(getitem)) add_wrapper(t, "__getitem__", SK_GETITEM, 0);
	if (NEW(setitem)) {
		add_wrapper(t, "__setitem__", SK_SETITEM, 0);
		add_wrapper(t, "__delitem__", SK_DELITEM, 0);
	}
	if (NEW(contains)) add_wrapper(t, "__contains__", SK_CONTAINS, 0);
	if (NEW(descr_get)) add_wrapper(t, "__get__", SK_GET, 0);
	if (NEW(descr_set)) {
		add_wrapper(t, "__set__", SK_SET, 0);
		add_wrapper(t, "__delete__", SK_DELETE, 0);
	}
	if (NEW(init)) add_wrapper(t, "__init__", SK_INIT, 0);
	if (NEW(new)) add_wrapper(t, "__new__", SK_NEW, 0);
#undef NEW
}

/* ---- builtin type setup --------------------------------------------------- */

static Type *all_builtin[128];
static size_t n_builtin;

void type_init_builtin(Type *t, const char *name, Type *base)
{
	t->ob.refcnt = 1 << 30;
	t->ob.type = &type_type;
	t->name = name;
	if (!t->base && t != &object_type)
		t->base = base ? base : &object_type;
	if (!t->dict)
		t->dict = dict_new();
	if (!t->dealloc)
		t->dealloc = obj_free;
	if (n_builtin < 128)
		all_builtin[n_builtin++] = t;
}

/* Inherit unset slots from the base (called once every type exists). */
static void inherit_slots(Type *t)
{
	Type *b = t->base;
	if (!b)
		return;
#define INH(s) if (!t->s) t->s = b->s
	INH(repr); INH(str); INH(hash); INH(richcmp); INH(getattr); INH(setattr);
	INH(call); INH(iter); INH(next); INH(neg); INH(pos); INH(invert); INH(absval);
	INH(to_int); INH(to_float); INH(index); INH(truth); INH(len); INH(getitem);
	INH(setitem); INH(contains); INH(descr_get); INH(descr_set); INH(init);
	INH(traverse); INH(dealloc); INH(clear);
	/* internal types with their own layout cannot be created by calling
	 * them: only inherit a constructor from a base other than object */
	if (!t->new && b != &object_type)
		t->new = b->new;
	if (!t->basicsize) t->basicsize = b->basicsize;
	if (!t->dictoffset) t->dictoffset = b->dictoffset;
	for (int i = 0; i < NB_COUNT; i++) {
		INH(nb[i]);
		INH(nb_inplace[i]);
	}
#undef INH
	t->flags |= b->flags & (TF_INT_SUB | TF_STR_SUB | TF_TUPLE_SUB | TF_LIST_SUB | TF_DICT_SUB | TF_EXC_SUB | TF_TYPE_SUB);
}

/* ---- object ------------------------------------------------------------ */

static Value object_repr(Value v)
{
	Type *t = val_type(v);
	Value mod = t->dict ? dict_get_str(t->dict, ID(__module__)) : v_null();
	Str *qn = t->qualname ? t->qualname : NULL;
	if (!IS_NULL(mod) && IS_STR(mod) && strcmp(AS_STR(mod)->data, "builtins") != 0)
		return str_value(str_printf("<%s.%s object at %p>", AS_STR(mod)->data, qn ? qn->data : t->name, (void *)v.u.o));
	return str_value(str_printf("<%s object at %p>", t->name, (void *)v.u.o));
}

static Value object_str(Value v)
{
	Type *t = val_type(v);
	return t->repr(v);
}

static bool object_hash(Value v, int64_t *out)
{
	extern int64_t num_hash_pointer(const void *p);
	*out = num_hash_pointer(v.u.o);
	return true;
}

static Value object_richcmp(Value a, Value b, int op)
{
	if (op == CMP_EQ) {
		if (a.tag == b.tag && a.u.i == b.u.i)
			return v_bool(true);
		return v_notimpl();
	}
	if (op == CMP_NE) {
		/* delegate to __eq__ and invert */
		Type *t = val_type(a);
		if (t->richcmp != object_richcmp) {
			Value r = t->richcmp(a, b, CMP_EQ);
			if (IS_NULL(r) || is_notimpl(r))
				return r;
			int tr = obj_truth(r);
			val_decref(r);
			if (tr < 0)
				return v_null();
			return v_bool(!tr);
		}
		if (a.tag == b.tag && a.u.i == b.u.i)
			return v_bool(false);
		return v_notimpl();
	}
	return v_notimpl();
}

static Value object_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	if ((nargs || (kw && kw->n))) {
		if (t->new != object_new) {
			/* fine */
		} else if (t->init == object_type.init) {
			return err_null_format(Exc_TypeError, "%s() takes no arguments", t->name);
		}
	}
	if (t->flags & TF_HAS_ABSTRACT) {
		Value abstract = dict_get_str(t->dict, ID(__abstractmethods__));
		if (!IS_NULL(abstract) && IS_SET(abstract) && ((Set *)abstract.u.o)->used) {
			/* "Can't instantiate abstract class X with abstract methods a, b" */
			Value names = seq_to_list(abstract);
			Value sorted = IS_NULL(names) ? v_null() : list_sort(AS_LIST(names), v_null(), false);
			if (IS_NULL(sorted)) {
				val_decref(names);
				return v_null();
			}
			val_decref(sorted);
			Str *sep = str_cstr(", ");
			Value joined = str_join_list(sep, names);
			obj_decref(&sep->ob);
			val_decref(names);
			if (IS_NULL(joined))
				return joined;
			err_format(Exc_TypeError, "Can't instantiate abstract class %s with abstract method%s %s",
				   t->name_str ? t->name_str->data : t->name, ((Set *)abstract.u.o)->used > 1 ? "s" : "", AS_STR(joined)->data);
			val_decref(joined);
			return v_null();
		}
	}
	Obj *o = (t->flags & TF_INLINE_VALUES) ? inst_alloc(t) : obj_alloc(t, t->basicsize ? t->basicsize : sizeof(Instance));
	return o ? v_obj(o) : v_null();
}

static int object_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Type *t = val_type(self);
	if (nargs || (kw && kw->n)) {
		if (t->init != object_init) {
			err_format(Exc_TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
			return -1;
		}
		if (t->new == object_new) {
			err_format(Exc_TypeError, "%s.__init__() takes exactly one argument (the instance to initialize)", t->name);
			return -1;
		}
	}
	return 0;
}

static Value object_getattr(Value v, Str *name) { return generic_getattr(v, name); }

static Value object_get_class(Value v)
{
	Type *t = val_type(v);
	obj_incref(&t->ob);
	return v_obj(&t->ob);
}

static Value object_get_dict(Value v)
{
	if (val_type(v)->flags & TF_SLOTS_ONLY)   /* the dict is an implementation detail there */
		return err_null_format(Exc_AttributeError, "'%s' object has no attribute '__dict__'", type_name_of(v));
	Value d = dict_of(v);
	if (IS_NULL(d)) {
		if (!err_occurred())
			err_format(Exc_AttributeError, "'%s' object has no attribute '__dict__'", type_name_of(v));
		return d;
	}
	return val_incref(d);
}

/* obj.__dict__ = d: the instance dict replaced by another dict (the
 * attribute inline caches of the VM find attributes by key identity in
 * whatever dict the instance holds, so they need no notice). */
static int object_set_dict(Value v, Value val)
{
	Dict **dp = v.tag == V_OBJ && !(val_type(v)->flags & TF_SLOTS_ONLY) ? obj_dict_ptr(v.u.o) : NULL;
	if (!dp) {
		err_format(Exc_AttributeError, "'%s' object has no attribute '__dict__'", type_name_of(v));
		return -1;
	}
	if (!IS_NULL(val) && !IS_DICT(val)) {
		err_format(Exc_TypeError, "__dict__ must be set to a dictionary, not a '%s'", type_name_of(val));
		return -1;
	}
	Dict *old = *dp;
	val_incref(val);
	*dp = IS_NULL(val) ? NULL : AS_DICT(val);   /* deleted: a new one when next needed */
	obj_xdecref(old ? &old->ob : NULL);
	return 0;
}

static Value object_init_subclass(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (nargs || (kw && kw->n))
		return err_null_format(Exc_TypeError, "%s.__init_subclass__() takes no keyword arguments", IS_NULL(self) ? "object" : ((Type *)self.u.o)->name);
	return v_none();
}

static Value object_format_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__format__", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "__format__() argument must be str, not %s", type_name_of(args[0]));
	if (AS_STR(args[0])->nbytes)
		return err_null_format(Exc_TypeError, "unsupported format string passed to %s.__format__", type_name_of(self));
	return obj_str(self);
}

static Value object_dir_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__dir__", nargs, kw, 0, 0))
		return v_null();
	return obj_dir(self);
}

Value object_reduce(Value self, const Value *args, size_t nargs, Tuple *kw);      /* objreduce.c */
Value object_reduce_ex(Value self, const Value *args, size_t nargs, Tuple *kw);

/* object.__getstate__(): the instance dict (itself) unless it is empty,
 * then None; with (dict or None, {slot: value}) when slots are set. */
static Value object_getstate_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__getstate__", nargs, kw, 0, 0))
		return v_null();
	Type *t = val_type(self);
	Value state = v_none();
	Dict **dp = self.tag == V_OBJ ? obj_dict_ptr(self.u.o) : NULL;
	List *names = list_new(0);
	if (!names)
		return v_null();
	bool slotted = (t->flags & TF_HEAPTYPE) && member_slot_names(t, names, true) && names->n;
	if (err_occurred()) {
		obj_decref(&names->ob);
		return v_null();
	}
	Dict *slots = NULL;
	if (slotted) {
		/* slot values live in the instance or its hidden dict (member.c) */
		slots = dict_new();
		for (size_t i = 0; slots && i < names->n; i++) {
			Value v = member_slot_value(self, AS_STR(names->items[i]), dp);
			if (!IS_NULL(v) && dict_set(slots, names->items[i], v) < 0) {
				obj_decref(&slots->ob);
				slots = NULL;
			}
		}
	}
	if (dp && *dp && (*dp)->used && !(t->flags & TF_SLOTS_ONLY)) {
		if (slotted) {
			/* the slots' values are not the dict's */
			Dict *d = dict_copy(*dp);
			for (size_t i = 0; d && i < names->n; i++)
				if (dict_del(d, names->items[i]) < 0)
					err_clear();
			state = d ? v_obj(&d->ob) : v_null();
			if (d && !d->used) {
				obj_decref(&d->ob);
				state = v_none();
			}
		} else {
			state = val_incref(v_obj(&(*dp)->ob));
		}
	}
	obj_decref(&names->ob);
	if (IS_NULL(state) || (slotted && !slots)) {
		val_decref(state);
		obj_xdecref(slots ? &slots->ob : NULL);
		return v_null();
	}
	if (slots && slots->used) {
		Tuple *r = tuple_new(2);
		if (!r) {
			val_decref(state);
			obj_decref(&slots->ob);
			return v_null();
		}
		r->items[0] = state;
		r->items[1] = v_obj(&slots->ob);
		return v_obj(&r->ob);
	}
	obj_xdecref(slots ? &slots->ob : NULL);
	return state;
}

/* object.__subclasshook__(*args): "no opinion" */
static Value object_subclasshook(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return v_notimpl();
}

static Value object_sizeof_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__sizeof__", nargs, kw, 0, 0))
		return v_null();
	return v_int((int64_t)val_type(self)->basicsize);
}

/* ---- type --------------------------------------------------------------- */

static Value type_repr(Value v)
{
	Type *t = (Type *)v.u.o;
	if (t->flags & TF_HEAPTYPE) {
		Value mod = dict_get_str(t->dict, ID(__module__));
		if (!IS_NULL(mod) && IS_STR(mod) && strcmp(AS_STR(mod)->data, "builtins") != 0)
			return str_value(str_printf("<class '%s.%s'>", AS_STR(mod)->data, t->qualname->data));
		return str_value(str_printf("<class '%s'>", t->qualname->data));
	}
	return str_value(str_printf("<class '%s'>", t->name));
}

static Value type_get_name(Value v)
{
	Type *t = (Type *)v.u.o;
	if (t->name_str) {
		obj_incref(&t->name_str->ob);
		return str_value(t->name_str);
	}
	const char *dot = strrchr(t->name, '.');
	return str_value(str_cstr(dot ? dot + 1 : t->name));
}

static Value type_get_qualname(Value v)
{
	Type *t = (Type *)v.u.o;
	if (t->qualname) {
		obj_incref(&t->qualname->ob);
		return str_value(t->qualname);
	}
	return type_get_name(v);
}

/* Checks a value assigned to C.__name__ / C.__qualname__ (heap classes
 * only: type_setattr refuses builtin types first). */
static Str *type_name_arg(Type *t, const char *attr, Value v)
{
	const char *tname = t->name_str ? t->name_str->data : t->name;
	if (IS_NULL(v)) {
		err_format(Exc_TypeError, "cannot delete '%s' attribute of immutable type '%s'", attr, tname);
		return NULL;
	}
	if (!IS_STR(v)) {
		err_format(Exc_TypeError, "can only assign string to %s.%s, not '%s'", tname, attr, type_name_of(v));
		return NULL;
	}
	return AS_STR(v);
}

static int type_set_name(Value v, Value val)
{
	Type *t = (Type *)v.u.o;
	Str *name = type_name_arg(t, "__name__", val);
	if (!name)
		return -1;
	if (strlen(name->data) != name->nbytes) {
		err_format(Exc_ValueError, "type name must not contain null characters");
		return -1;
	}
	char *copy = mem_alloc(name->nbytes + 1);
	if (!copy)
		return -1;
	mem_copy(copy, name->data, name->nbytes + 1);
	mem_free((void *)t->name, strlen(t->name) + 1);
	t->name = copy;
	obj_incref(&name->ob);
	obj_xdecref(t->name_str ? &t->name_str->ob : NULL);
	t->name_str = name;
	return 0;
}

static int type_set_qualname(Value v, Value val)
{
	Type *t = (Type *)v.u.o;
	Str *qualname = type_name_arg(t, "__qualname__", val);
	if (!qualname)
		return -1;
	obj_incref(&qualname->ob);
	obj_xdecref(t->qualname ? &t->qualname->ob : NULL);
	t->qualname = qualname;
	return 0;
}

static Value type_get_mro(Value v)
{
	Type *t = (Type *)v.u.o;
	obj_incref(&t->mro->ob);
	return v_obj(&t->mro->ob);
}

static Value type_get_bases(Value v)
{
	Type *t = (Type *)v.u.o;
	if (t->bases) {
		obj_incref(&t->bases->ob);
		return v_obj(&t->bases->ob);
	}
	if (t->base) {
		Value b = v_obj(&t->base->ob);
		return v_obj(&tuple_from(&b, 1)->ob);
	}
	return v_obj(&tuple_empty()->ob);
}

static Value type_get_base(Value v)
{
	Type *t = (Type *)v.u.o;
	if (!t->base)
		return v_none();
	obj_incref(&t->base->ob);
	return v_obj(&t->base->ob);
}

static Value type_get_module(Value v)
{
	Type *t = (Type *)v.u.o;
	Value m = dict_get_str(t->dict, ID(__module__));
	/* type's own dict holds this getset under the name */
	if (!IS_NULL(m) && ((t->flags & TF_HEAPTYPE) || IS_STR(m)))
		return val_incref(m);
	return str_value(str_cstr("builtins"));
}

Value mappingproxy_new(Value mapping);   /* mappingproxy.c */
static Value type_get_dict(Value v)
{
	Type *t = (Type *)v.u.o;
	/* a copy stands in for the read-only mappingproxy */
	Dict *d = dict_copy(t->dict);
	/* object's __dict__ getset serves every class here: not CPython's */
	if (d && t == &object_type && dict_del(d, str_value(ID(__dict__))) < 0)
		err_clear();
	if (!d)
		return v_null();
	Value r = mappingproxy_new(v_obj(&d->ob));
	obj_decref(&d->ob);
	return r;
}

static Value type_get_doc(Value v)
{
	Type *t = (Type *)v.u.o;
	if (!(t->flags & TF_HEAPTYPE))
		return t->doc ? val_incref(str_value(t->doc)) : v_none();
	Value d = dict_get_str(t->dict, ID(__doc__));
	if (!IS_NULL(d))
		return bind_descr(d, v_null(), t);
	return v_none();
}

/* The number-like layout attributes: box's own sizes (CPython's differ). */
static Value type_get_basicsize(Value v) { return v_int((int64_t)((Type *)v.u.o)->basicsize); }

static Value type_get_itemsize(Value v)
{
	Type *t = (Type *)v.u.o;
	if (t->flags & (TF_TUPLE_SUB | TF_TYPE_SUB))
		return v_int((int64_t)sizeof(Value));
	if (t->flags & TF_BYTES_SUB)
		return v_int(1);
	if (t->flags & TF_INT_SUB)
		return v_int(4);
	return v_int(0);
}

static Type *solid_base(Type *t);
static bool class_adds_dict(Type *t, Type *base);
static Value type_get_dictoffset(Value v)
{
	Type *t = (Type *)v.u.o;
	/* a class's own dict: negative, as CPython 3.11's managed dicts */
	if ((t->flags & TF_DICT_AFTER_DATA) || ((t->flags & TF_HEAPTYPE) && class_adds_dict(t, solid_base(t))))
		return v_int(-(int64_t)sizeof(Dict *));
	return v_int((int64_t)t->dictoffset);
}

static Value type_get_weakrefoffset(Value v)
{
	Type *t = (Type *)v.u.o;
	/* a class with an instance dict also takes weak references */
	if ((t->flags & TF_HEAPTYPE) && t->dictoffset > 0 && !(t->flags & TF_SLOTS_ONLY))
		return v_int((int64_t)t->dictoffset + (int64_t)sizeof(Dict *));
	return v_int(0);
}

/* CPython's Py_TPFLAGS_* bits that scripts test. */
static Value type_get_flags(Value v)
{
	Type *t = (Type *)v.u.o;
	int64_t f = 1 << 12;                       /* READY */
	f |= (t->flags & TF_HEAPTYPE) ? 1 << 9 : 1 << 8;   /* HEAPTYPE : IMMUTABLETYPE */
	if (t->flags & TF_BASETYPE)
		f |= 1 << 10;
	if (t->traverse)
		f |= 1 << 14;                      /* HAVE_GC */
	if (t->flags & TF_HEAPTYPE) {
		Value a = dict_get_str(t->dict, ID(__abstractmethods__));
		if (!IS_NULL(a) && obj_truth(a) > 0)
			f |= 1 << 20;              /* IS_ABSTRACT */
		err_clear();
	}
	if (t->flags & TF_LIST_SUB || t->flags & TF_TUPLE_SUB)
		f |= 1 << 5;                       /* SEQUENCE */
	if (t->flags & TF_DICT_SUB)
		f |= 1 << 6;                       /* MAPPING */
	if (t->flags & TF_INT_SUB) f |= 1L << 24;
	if (t->flags & TF_LIST_SUB) f |= 1L << 25;
	if (t->flags & TF_TUPLE_SUB) f |= 1L << 26;
	if (t->flags & TF_BYTES_SUB) f |= 1L << 27;
	if (t->flags & TF_STR_SUB) f |= 1L << 28;
	if (t->flags & TF_DICT_SUB) f |= 1L << 29;
	if (t->flags & TF_EXC_SUB) f |= 1L << 30;
	if (t->flags & TF_TYPE_SUB) f |= 1L << 31;
	return v_int(f);
}

const char *typedoc_text_signature(const Type *t);   /* typedoc.c */
static Value type_get_text_signature(Value v)
{
	const char *sig = typedoc_text_signature((Type *)v.u.o);
	return sig ? str_value(str_cstr(sig)) : v_none();
}

/* C.__abstractmethods__: only what the class itself holds (type has none) */
static Value type_get_abstractmethods(Value v)
{
	Type *t = (Type *)v.u.o;
	Value a = t != &type_type ? dict_get_str(t->dict, ID(__abstractmethods__)) : v_null();
	if (IS_NULL(a))
		return err_null_format(Exc_AttributeError, "__abstractmethods__");
	return val_incref(a);
}

static int type_set_abstractmethods(Value v, Value val)
{
	Type *t = (Type *)v.u.o;
	if (!(t->flags & TF_HEAPTYPE)) {
		err_format(Exc_TypeError, "cannot set '__abstractmethods__' attribute of immutable type '%s'", t->name);
		return -1;
	}
	int r;
	if (IS_NULL(val)) {
		r = dict_del(t->dict, str_value(ID(__abstractmethods__)));
		if (r == 1) {
			err_format(Exc_AttributeError, "__abstractmethods__");
			r = -1;
		}
	} else {
		r = dict_set_str(t->dict, ID(__abstractmethods__), val);
		t->flags |= TF_HAS_ABSTRACT;
	}
	type_modified(t);
	return r;
}

/* C.__annotations__: the class's own, made (and kept) empty on first use */
static Value type_get_annotations(Value v)
{
	Type *t = (Type *)v.u.o;
	if (!(t->flags & TF_HEAPTYPE))
		return err_null_format(Exc_AttributeError, "type object '%s' has no attribute '__annotations__'", t->name);
	Value a = dict_get_str(t->dict, ID(__annotations__));
	if (!IS_NULL(a))
		return bind_descr(a, v_null(), t);
	Dict *d = dict_new();
	if (!d || dict_set_str(t->dict, ID(__annotations__), v_obj(&d->ob)) < 0) {
		obj_xdecref(d ? &d->ob : NULL);
		return v_null();
	}
	type_modified(t);
	return v_obj(&d->ob);
}

static int type_set_annotations(Value v, Value val)
{
	Type *t = (Type *)v.u.o;
	if (!(t->flags & TF_HEAPTYPE)) {
		err_format(Exc_TypeError, "cannot set '__annotations__' attribute of immutable type '%s'", t->name);
		return -1;
	}
	int r;
	if (IS_NULL(val)) {
		r = dict_del(t->dict, str_value(ID(__annotations__)));
		if (r == 1) {
			err_format(Exc_AttributeError, "__annotations__");
			r = -1;
		}
	} else {
		r = dict_set_str(t->dict, ID(__annotations__), val);
	}
	type_modified(t);
	return r;
}

static int type_set_doc(Value v, Value val)
{
	Type *t = (Type *)v.u.o;
	if (!(t->flags & TF_HEAPTYPE)) {
		err_format(Exc_TypeError, "cannot set '__doc__' attribute of immutable type '%s'", t->name);
		return -1;
	}
	int r = dict_set_str(t->dict, ID(__doc__), IS_NULL(val) ? v_none() : val);
	type_modified(t);
	return r;
}

static Value type_dir_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__dir__", nargs, kw, 0, 0))
		return v_null();
	return obj_dir(self);
}

static Value type_sizeof_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__sizeof__", nargs, kw, 0, 0))
		return v_null();
	return v_int((int64_t)sizeof(Type));
}

static Value type_mro_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Type *t = (Type *)self.u.o;
	List *l = list_with_cap(t->mro->n);
	for (size_t i = 0; i < t->mro->n; i++)
		list_append(l, t->mro->items[i]);
	return v_obj(&l->ob);
}

/* Every live class, in creation order, held weakly: type_dealloc takes a
 * class out, so a collected class is no longer anyone's subclass. */
static Type **heap_types;
static size_t n_heap_types, cap_heap_types;
static bool heap_types_incomplete;      /* an append failed: type_modified() flushes all */

static void heap_types_add(Type *t)
{
	if (n_heap_types == cap_heap_types) {
		size_t cap = cap_heap_types ? cap_heap_types * 2 : 64;
		Type **a = mem_realloc(heap_types, cap_heap_types * sizeof(Type *), cap * sizeof(Type *));
		if (!a) {
			err_clear();   /* __subclasses__() misses it; type_modified() flushes all */
			heap_types_incomplete = true;
			return;
		}
		heap_types = a;
		cap_heap_types = cap;
	}
	heap_types[n_heap_types++] = t;
}

static void heap_types_remove(Type *t)
{
	for (size_t i = n_heap_types; i-- > 0;) {
		if (heap_types[i] == t) {
			memmove(&heap_types[i], &heap_types[i + 1], (n_heap_types - i - 1) * sizeof(Type *));
			n_heap_types--;
			return;
		}
	}
}

/* A class's own dict changed (an attribute set or deleted on it): t and
 * every class whose MRO holds t take a new version (and when t is a
 * metaclass, every class whose metaclass is t or derives from it: the
 * inline caches key a class's own attributes on its version alone), so
 * the lookups cached under their old ones (the method cache here, the
 * attribute inline caches of the VM) stop matching, and every other class keeps its cache (a class
 * attribute assigned in a loop no longer empties the cache of every type).
 * The classes that can have t in their MRO are heap classes, all listed in
 * heap_types unless a list append failed: then, or for a builtin t, the
 * method cache is emptied too, and the inline caches stop being filled
 * (type_cache_version), since a class missing from the list would keep
 * its version. */
static void type_modified(Type *t)
{
	if (!(t->flags & TF_HEAPTYPE) || heap_types_incomplete)
		types_modified();
	t->version = ++next_version;
	bool meta = t->flags & TF_TYPE_SUB;
	for (size_t i = 0; i < n_heap_types; i++) {
		Type *c = heap_types[i];
		Tuple *m = c->mro;
		if (c == t || !m)
			continue;
		if (meta && type_is_subtype(c->ob.type, t)) {
			c->version = ++next_version;
			continue;
		}
		for (size_t j = 1; j < m->n; j++) {
			if (m->items[j].tag == V_OBJ && m->items[j].u.o == &t->ob) {
				c->version = ++next_version;
				break;
			}
		}
	}
}

/* A value the lookup of a class attribute returns as it is, and that can
 * never start to act otherwise: no __get__, __set__ or __delete__, and
 * not an instance of a Python class (which could gain them). */
static inline bool plain_class_value(Value v)
{
	if (v.tag != V_OBJ)   /* None, a bool, a small int, a float */
		return v.tag != V_NULL;
	Type *vt = v.u.o->type;
	return !vt->descr_get && !vt->descr_set && !(vt->flags & TF_HEAPTYPE);
}

/* t.name = val without a new version, when t's own dict already holds a
 * plain value for name, val is plain too, and name is not a dunder (no
 * slot, no special lookup): the lookup of name on t and on every class
 * whose MRO holds t still ends at the same entry of the same dict, with
 * the same kind of value, so every cached lookup stays right about what
 * kind of attribute it is (a class attribute counted in a loop, `C.n +=
 * 1`, no longer throws away every inline cache of C and its subclasses).
 * The inline caches read such an attribute's value through its dict entry
 * (attrcache.h), never a copy; the method cache holds copies, so its
 * entries for name on t and on those classes are dropped, before the old
 * value can go.  False (nothing done) when the store must take the
 * general path. */
static bool store_plain_class_value(Type *t, Str *name, Value val)
{
	if (!name->interned || !t->dict)
		return false;
	ssize_t ix = dict_find_str_index(t->dict, name);
	return ix >= 0 && ix <= (ssize_t)UINT32_MAX && type_store_plain_at(t, name, (uint32_t)ix, val);
}

/* store_plain_class_value() at a known entry number of t's own dict (a
 * STORE_ATTR inline cache on a class: attrcache.c), checked here: false
 * (nothing done) when entry ix does not hold name itself or the store is
 * not one that keeps the version.  t's metaclass is the caller's to check
 * (a data descriptor of the metaclass comes first). */
bool type_store_plain_at(Type *t, Str *name, uint32_t ix, Value val)
{
	Dict *d = t->dict;
	if (heap_types_incomplete || !(t->flags & TF_HEAPTYPE) || !d || ix >= d->nentries ||
	    (name->nbytes >= 2 && name->data[0] == '_' && name->data[1] == '_') || !plain_class_value(val))
		return false;
	DictEntry *e = &d->entries[ix];
	if (e->key.tag != V_OBJ || e->key.u.o != &name->ob || !plain_class_value(e->value))
		return false;
	size_t first = (t->flags & TF_HAS_SUBCLASS) ? 0 : n_heap_types;
	for (size_t i = first; i <= n_heap_types; i++) {
		Type *c = i < n_heap_types ? heap_types[i] : t;
		if (i < n_heap_types) {
			Tuple *m = c->mro;
			bool below = false;
			for (size_t j = 1; m && j < m->n && !below; j++)
				below = m->items[j].tag == V_OBJ && m->items[j].u.o == &t->ob;
			if (!below)
				continue;
		}
		size_t h = mcache_hash(c, name);
		if (mcache[h].type == c && mcache[h].name == name)
			memset(&mcache[h], 0, sizeof mcache[0]);
	}
	dict_replace_at(d, ix, val);
	return true;
}

/* The version tag an inline cache may key an entry of t's lookups on
 * (given one now if t has none), or 0 when inline caches must not be
 * filled: a class may be missing from heap_types, so type_modified()
 * could not reach it. */
uint64_t type_cache_version(Type *t)
{
	if (heap_types_incomplete)
		return 0;
	if (!t->version)
		t->version = ++next_version;
	return t->version;
}

/* type.__subclasses__(): the direct subclasses still alive, builtin ones
 * first, then classes in the order they were made. */
static Value type_subclasses_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__subclasses__", nargs, kw, 0, 0))
		return v_null();
	Type *t = (Type *)self.u.o;
	List *l = list_new(0);
	if (!l)
		return v_null();
	for (size_t i = 0; i < n_builtin; i++) {
		if (all_builtin[i]->base == t && !list_append(l, v_obj(&all_builtin[i]->ob))) {
			obj_decref(&l->ob);
			return v_null();
		}
	}
	for (size_t i = 0; i < n_heap_types; i++) {
		Tuple *b = heap_types[i]->bases;
		for (size_t j = 0; b && j < b->n; j++) {
			if (b->items[j].tag == V_OBJ && b->items[j].u.o == &t->ob) {
				if (!list_append(l, v_obj(&heap_types[i]->ob))) {
					obj_decref(&l->ob);
					return v_null();
				}
				break;
			}
		}
	}
	return v_obj(&l->ob);
}

Value type_call(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Type *t = (Type *)self.u.o;
	if (t == &type_type && nargs == 1 && (!kw || !kw->n))
		return object_get_class(args[0]);
	if (!t->new)
		return err_null_format(Exc_TypeError, "cannot create '%s' instances", t->name);
	Value obj = t->new(t, args, nargs, kw);
	if (IS_NULL(obj))
		return obj;
	Type *ot = val_type(obj);
	if (ot != t && !type_is_subtype(ot, t))
		return obj;
	if (ot->init && ot->init(obj, args, nargs, kw) < 0) {
		val_decref(obj);
		return v_null();
	}
	return obj;
}

static Value type_new_slot(Type *meta, const Value *args, size_t nargs, Tuple *kw)
{
	if (nargs == 1 && (!kw || !kw->n))
		return object_get_class(args[0]);
	if (nargs == 1)
		return err_null_format(Exc_TypeError, "type() takes no keyword arguments");
	if (nargs != 3)
		return err_null_format(Exc_TypeError, "type() takes 1 or 3 arguments");
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "type.__new__() argument 1 must be str, not %s", type_name_of(args[0]));
	if (!IS_TUPLE(args[1]))
		return err_null_format(Exc_TypeError, "type.__new__() argument 2 must be tuple, not %s", type_name_of(args[1]));
	if (!IS_DICT(args[2]))
		return err_null_format(Exc_TypeError, "type.__new__() argument 3 must be dict, not %s", type_name_of(args[2]));
	Dict *ns = dict_copy(AS_DICT(args[2]));
	if (!ns)
		return v_null();
	size_t nkw = kw ? kw->n : 0;
	Value r = type_new_class(AS_STR(args[0]), AS_TUPLE(args[1]), ns, kw, args + nargs);
	(void)nkw;
	obj_decref(&ns->ob);
	if (!IS_NULL(r) && meta != &type_type) {
		Type *nt = (Type *)r.u.o;
		nt->ob.type = meta;
		obj_incref(&meta->ob);
	}
	return r;
}

static int type_init_slot(Value self, const Value *args, size_t nargs, Tuple *kw) { return 0; }

void member_owner_gone(Type *t);   /* member.c */
static void type_dealloc(Obj *o)
{
	Type *t = (Type *)o;
	if (!(t->flags & TF_HEAPTYPE))
		return;
	types_modified();
	heap_types_remove(t);
	member_owner_gone(t);
	ikeys_free(t);
	obj_xdecref(t->bases ? &t->bases->ob : NULL);
	if (t->mro && t->mro->n && t->mro->items[0].u.o == o)
		t->mro->items[0] = v_null();
	obj_xdecref(t->mro ? &t->mro->ob : NULL);
	obj_xdecref(t->dict ? &t->dict->ob : NULL);
	obj_xdecref(t->name_str ? &t->name_str->ob : NULL);
	obj_xdecref(t->qualname ? &t->qualname->ob : NULL);
	mem_free((void *)t->name, strlen(t->name) + 1);
	obj_free(o);   /* drops the metaclass's reference too (a heap type) */
}

static void type_traverse(Obj *o, visitfn visit, void *arg)
{
	Type *t = (Type *)o;
	if (!(t->flags & TF_HEAPTYPE))
		return;
	if (t->dict)
		visit(v_obj(&t->dict->ob), arg);
	if (t->mro)
		visit(v_obj(&t->mro->ob), arg);
	if (t->bases)
		visit(v_obj(&t->bases->ob), arg);
}

/* A type found in a garbage cycle: its dict is cleared as garbage too, so
 * no cached lookup may keep pointing into it. */
void type_cache_invalidate(void);
void type_cache_invalidate(void) { types_modified(); }

/* ---- user-class slot dispatchers ---------------------------------------- */

/* Look up a dunder on type(self) and call it with self prepended. Returns
 * NULL without exception when the dunder is absent. */
static Value call_dunder(Value self, Str *name, const Value *args, size_t nargs, bool *found)
{
	Type *t = val_type(self);
	Value f = mcache_lookup(t, name);
	if (IS_NULL(f)) {
		if (found)
			*found = false;
		return v_null();
	}
	if (found)
		*found = true;
	Value argv[nargs + 1];
	if (f.tag == V_OBJ && f.u.o->type == &func_type) {
		/* a Python function: its frame gets self and the arguments
		 * straight from argv (vm_call_function), no bound method, and the
		 * class's reference keeps it alive unless the call drops that */
		argv[0] = self;
		for (size_t i = 0; i < nargs; i++)
			argv[i + 1] = args[i];
		Func *fn = (Func *)f.u.o;
		obj_incref(&fn->ob);
		Value r = vm_call_function(fn, argv, nargs + 1, NULL);
		obj_decref(&fn->ob);
		return r;
	}
	if (obj_is(f, &func_type) || obj_is(f, &wrapper_type) ||
	    (obj_is(f, &builtin_type) && IS_NULL(((Builtin *)f.u.o)->self) && ((Builtin *)f.u.o)->owner)) {
		argv[0] = self;
		for (size_t i = 0; i < nargs; i++)
			argv[i + 1] = args[i];
		val_incref(f);
		Value r = obj_call(f, argv, nargs + 1, NULL);
		val_decref(f);
		return r;
	}
	Value bound = bind_descr(f, self, t);
	if (IS_NULL(bound))
		return bound;
	Value r = obj_call(bound, args, nargs, NULL);
	val_decref(bound);
	return r;
}

static Value slot_repr(Value v) { return call_dunder(v, ID(__repr__), NULL, 0, NULL); }
static Value slot_str(Value v) { return call_dunder(v, ID(__str__), NULL, 0, NULL); }

static bool slot_hash(Value v, int64_t *out)
{
	Type *t = val_type(v);
	Value f = type_lookup(t, ID(__hash__));
	if (IS_NULL(f) || IS_NONE(f)) {
		err_format(Exc_TypeError, "unhashable type: '%s'", t->name);
		return false;
	}
	Value r = call_dunder(v, ID(__hash__), NULL, 0, NULL);
	if (IS_NULL(r))
		return false;
	if (!is_intlike(r)) {
		val_decref(r);
		err_format(Exc_TypeError, "__hash__ method should return an integer");
		return false;
	}
	if (r.tag == V_INT || r.tag == V_BOOL) {
		*out = r.u.i == -1 ? -2 : r.u.i;
		return true;
	}
	bool ok = int_hash(r, out);
	val_decref(r);
	return ok;
}

static Value slot_richcmp(Value a, Value b, int op)
{
	bool found;
	Value r = call_dunder(a, cmp_name_ids[op], &b, 1, &found);
	if (!found)
		return v_notimpl();
	return r;
}

static Value slot_getattr_hook(Value v, Str *name)
{
	Type *t = val_type(v);
	Value ga = type_lookup(t, ID(__getattribute__));
	Value r;
	if (!IS_NULL(ga) && !obj_is(ga, &wrapper_type)) {
		Value nv = str_value(name);
		r = call_dunder(v, ID(__getattribute__), &nv, 1, NULL);
	} else {
		r = generic_getattr(v, name);
		if (IS_NULL(r) && !err_occurred()) {
			if (IS_NULL(type_lookup(t, ID(__getattr__))))
				return r;
			err_format(Exc_AttributeError, "'%s' object has no attribute '%s'", t->name, name->data);
		}
	}
	if (IS_NULL(r) && err_matches(Exc_AttributeError)) {
		Value gf = type_lookup(t, ID(__getattr__));
		if (!IS_NULL(gf)) {
			err_clear();
			Value nv = str_value(name);
			return call_dunder(v, ID(__getattr__), &nv, 1, NULL);
		}
	}
	return r;
}

static int slot_setattr(Value v, Str *name, Value val)
{
	Value r;
	Value nv = str_value(name);
	if (IS_NULL(val)) {
		bool found;
		r = call_dunder(v, ID(__delattr__), &nv, 1, &found);
	} else {
		Value a[2] = {nv, val};
		r = call_dunder(v, ID(__setattr__), a, 2, NULL);
	}
	if (IS_NULL(r))
		return -1;
	val_decref(r);
	return 0;
}

static Value slot_call(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Type *t = val_type(self);
	Value f = type_lookup(t, ID(__call__));
	if (IS_NULL(f))
		return err_null_format(Exc_TypeError, "'%s' object is not callable", t->name);
	Value bound = bind_descr(f, self, t);
	if (IS_NULL(bound))
		return bound;
	Value r = obj_call(bound, args, nargs, kw);
	val_decref(bound);
	return r;
}

static Value slot_iter(Value v)
{
	Type *t = val_type(v);
	Value f = type_lookup(t, ID(__iter__));
	if (IS_NONE(f))
		return err_null_format(Exc_TypeError, "'%s' object is not iterable", t->name);
	if (IS_NULL(f)) {
		if (!IS_NULL(type_lookup(t, ID(__getitem__)))) {
			extern Value seq_iter_new(Value seq);
			return seq_iter_new(v);
		}
		return err_null_format(Exc_TypeError, "'%s' object is not iterable", t->name);
	}
	Value r = call_dunder(v, ID(__iter__), NULL, 0, NULL);
	if (!IS_NULL(r) && !val_type(r)->next) {
		err_format(Exc_TypeError, "iter() returned non-iterator of type '%s'", type_name_of(r));
		val_decref(r);
		return v_null();
	}
	return r;
}

static Value slot_next(Value v)
{
	Value r = call_dunder(v, ID(__next__), NULL, 0, NULL);
	if (IS_NULL(r) && err_matches(Exc_StopIteration)) {
		Obj *e = err_fetch();
		obj_decref(e);
	}
	return r;
}

static bool overrides(Type *t, Str *name)
{
	Value f = type_lookup(t, name);
	return !IS_NULL(f) && !obj_is(f, &wrapper_type);
}

#define SLOT_NB(idx)                                                              \
	static Value slot_nb_##idx(Value a, Value b)                              \
	{                                                                         \
		Type *ta = val_type(a), *tb = val_type(b);                        \
		bool do_other = ta != tb && tb->nb[idx] == slot_nb_##idx &&       \
				!IS_NULL(type_lookup(tb, rnb_name_ids[idx]));     \
		if (ta->nb[idx] == slot_nb_##idx) {                               \
			if (do_other && type_is_subtype(tb, ta) && overrides(tb, rnb_name_ids[idx])) { \
				Value r = call_dunder(b, rnb_name_ids[idx], &a, 1, NULL); \
				if (!is_notimpl(r))                               \
					return r;                                 \
				val_decref(r);                                    \
				do_other = false;                                 \
			}                                                         \
			bool found;                                               \
			Value r = call_dunder(a, nb_name_ids[idx], &b, 1, &found); \
			if (!found)                                               \
				r = v_notimpl();                                  \
			if (!is_notimpl(r) || ta == tb)                           \
				return r;                                         \
			val_decref(r);                                            \
		}                                                                 \
		if (do_other || (tb->nb[idx] == slot_nb_##idx && ta != tb)) {     \
			bool found;                                               \
			Value r = call_dunder(b, rnb_name_ids[idx], &a, 1, &found); \
			if (!found)                                               \
				r = v_notimpl();                                  \
			return r;                                                 \
		}                                                                 \
		return v_notimpl();                                               \
	}                                                                         \
	static Value slot_inb_##idx(Value a, Value b)                             \
	{                                                                         \
		bool found;                                                       \
		Value r = call_dunder(a, inb_name_ids[idx], &b, 1, &found);       \
		if (!found)                                                       \
			return v_notimpl();                                       \
		return r;                                                         \
	}
SLOT_NB(0) SLOT_NB(1) SLOT_NB(2) SLOT_NB(3) SLOT_NB(4) SLOT_NB(5) SLOT_NB(6)
SLOT_NB(7) SLOT_NB(8) SLOT_NB(9) SLOT_NB(10) SLOT_NB(11) SLOT_NB(12) SLOT_NB(13)
static const binaryfn slot_nb_fns[NB_COUNT] = {
	slot_nb_0, slot_nb_1, slot_nb_2, slot_nb_3, slot_nb_4, slot_nb_5, slot_nb_6,
	slot_nb_7, slot_nb_8, slot_nb_9, slot_nb_10, slot_nb_11, slot_nb_12, slot_nb_13};
/* The Python function binop(a, b, op) calls first, when a's class defines
 * the operator in Python as a plain function and b's type cannot come
 * before it (b is of the same class, or of a type with no Python-level op
 * that is not a subclass of a's): the VM runs it in its own loop, then
 * binop_rest() if it returns NotImplemented.  NULL otherwise (binop).
 * a must be a V_OBJ. */
Func *type_binop_func(Value a, Value b, int op)
{
	Type *ta = a.u.o->type;   /* a is an object (the VM checks) */
	if (ta->nb[op] != slot_nb_fns[op])
		return NULL;
	Type *tb = b.tag == V_OBJ ? b.u.o->type : val_type(b);
	/* a builtin type is never a subclass of a class with Python slots */
	if (tb != ta && (tb->nb[op] == slot_nb_fns[op] ||
			 ((tb->flags & TF_HEAPTYPE) && type_is_subtype(tb, ta))))
		return NULL;
	Value f = mcache_lookup(ta, nb_name_ids[op]);
	if (f.tag != V_OBJ || f.u.o->type != &func_type)
		return NULL;
	return (Func *)f.u.o;
}

static const binaryfn slot_inb_fns[NB_COUNT] = {
	slot_inb_0, slot_inb_1, slot_inb_2, slot_inb_3, slot_inb_4, slot_inb_5, slot_inb_6,
	slot_inb_7, slot_inb_8, slot_inb_9, slot_inb_10, slot_inb_11, slot_inb_12, slot_inb_13};

static Value slot_neg(Value v) { return call_dunder(v, ID(__neg__), NULL, 0, NULL); }
static Value slot_pos(Value v) { return call_dunder(v, ID(__pos__), NULL, 0, NULL); }
static Value slot_invert(Value v) { return call_dunder(v, ID(__invert__), NULL, 0, NULL); }
static Value slot_abs(Value v) { return call_dunder(v, ID(__abs__), NULL, 0, NULL); }
static Value slot_int(Value v) { return call_dunder(v, ID(__int__), NULL, 0, NULL); }
static Value slot_float(Value v) { return call_dunder(v, ID(__float__), NULL, 0, NULL); }
static Value slot_index(Value v) { return call_dunder(v, ID(__index__), NULL, 0, NULL); }

static int slot_truth(Value v)
{
	bool found;
	Value r = call_dunder(v, ID(__bool__), NULL, 0, &found);
	if (found) {
		if (IS_NULL(r))
			return -1;
		if (!IS_BOOL(r)) {
			err_format(Exc_TypeError, "__bool__ should return bool, returned %s", type_name_of(r));
			val_decref(r);
			return -1;
		}
		return (int)r.u.i;
	}
	r = call_dunder(v, ID(__len__), NULL, 0, &found);
	if (!found)
		return 1;
	if (IS_NULL(r))
		return -1;
	ssize_t n;
	bool ok = val_as_ssize(r, &n);
	val_decref(r);
	if (!ok)
		return -1;
	if (n < 0) {
		err_format(Exc_ValueError, "__len__() should return >= 0");
		return -1;
	}
	return n != 0;
}

static ssize_t slot_len(Value v)
{
	Value r = call_dunder(v, ID(__len__), NULL, 0, NULL);
	if (IS_NULL(r))
		return -1;
	if (!is_intlike(r)) {
		err_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(r));
		val_decref(r);
		return -1;
	}
	ssize_t n;
	bool ok = val_as_ssize(r, &n);
	val_decref(r);
	if (!ok)
		return -1;
	if (n < 0) {
		err_format(Exc_ValueError, "__len__() should return >= 0");
		return -1;
	}
	return n;
}

static Value slot_getitem(Value v, Value k)
{
	bool found;
	Value r = call_dunder(v, ID(__getitem__), &k, 1, &found);
	if (!found)
		return err_null_format(Exc_TypeError, "'%s' object is not subscriptable", type_name_of(v));
	return r;
}

static int slot_setitem(Value v, Value k, Value val)
{
	bool found;
	Value r;
	if (IS_NULL(val)) {
		r = call_dunder(v, ID(__delitem__), &k, 1, &found);
		if (!found)
			err_format(Exc_AttributeError, "__delitem__");
	} else {
		Value a[2] = {k, val};
		r = call_dunder(v, ID(__setitem__), a, 2, &found);
		if (!found)
			err_format(Exc_TypeError, "'%s' object does not support item assignment", type_name_of(v));
	}
	if (IS_NULL(r))
		return -1;
	val_decref(r);
	return 0;
}

static int slot_contains(Value v, Value x)
{
	bool found;
	Value r = call_dunder(v, ID(__contains__), &x, 1, &found);
	if (!found) {
		/* iterate */
		Value it = obj_iter(v);
		if (IS_NULL(it))
			return -1;
		Value item;
		while (!IS_NULL(item = obj_next(it))) {
			int eq = obj_eq(item, x);
			val_decref(item);
			if (eq != 0) {
				val_decref(it);
				return eq;
			}
		}
		val_decref(it);
		return err_occurred() ? -1 : 0;
	}
	if (IS_NULL(r))
		return -1;
	int t = obj_truth(r);
	val_decref(r);
	return t;
}

static Value slot_descr_get(Value d, Value obj, Value type)
{
	Value a[2] = {IS_NULL(obj) ? v_none() : obj, IS_NULL(type) ? v_none() : type};
	return call_dunder(d, ID(__get__), a, 2, NULL);
}

static int slot_descr_set(Value d, Value obj, Value v)
{
	Value r;
	if (IS_NULL(v)) {
		r = call_dunder(d, ID(__delete__), &obj, 1, NULL);
	} else {
		Value a[2] = {obj, v};
		r = call_dunder(d, ID(__set__), a, 2, NULL);
	}
	if (IS_NULL(r))
		return -1;
	val_decref(r);
	return 0;
}

static Value slot_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Value f = type_lookup(t, ID(__new__));
	if (IS_NULL(f))
		return err_null_format(Exc_TypeError, "cannot create '%s' instances", t->name);
	Value fn = bind_descr(f, v_null(), t);   /* staticmethod unwraps */
	if (IS_NULL(fn))
		return fn;
	size_t nkw = kw ? kw->n : 0;
	Value argv[nargs + nkw + 1];
	argv[0] = v_obj(&t->ob);
	for (size_t i = 0; i < nargs + nkw; i++)
		argv[i + 1] = args[i];
	Value r = obj_call(fn, argv, nargs + 1, kw);
	val_decref(fn);
	return r;
}

static int slot_init(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Type *t = val_type(self);
	Value f = type_lookup(t, ID(__init__));
	if (IS_NULL(f))
		return 0;
	size_t nkw = kw ? kw->n : 0;
	Value argv[nargs + nkw + 1];
	argv[0] = self;
	for (size_t i = 0; i < nargs + nkw; i++)
		argv[i + 1] = args[i];
	Value r;
	if (obj_is(f, &func_type)) {
		r = vm_call_function((Func *)f.u.o, argv, nargs + 1, kw);
	} else {
		Value bound = bind_descr(f, self, t);
		if (IS_NULL(bound))
			return -1;
		r = obj_call(bound, args, nargs, kw);
		val_decref(bound);
	}
	if (IS_NULL(r))
		return -1;
	if (!IS_NONE(r)) {
		err_format(Exc_TypeError, "__init__() should return None, not '%s'", type_name_of(r));
		val_decref(r);
		return -1;
	}
	return 0;
}

/* Which class in t's MRO first defines name: returns it (or NULL). */
static Type *definer(Type *t, Str *name)
{
	Tuple *m = t->mro;
	for (size_t i = 0; i < m->n; i++) {
		Type *c = (Type *)m->items[i].u.o;
		if (c->dict && !IS_NULL(dict_get_str(c->dict, name)))
			return c;
	}
	return NULL;
}

/* Set one slot: dispatcher if a heap class defines any of the names, else
 * the slot of the builtin class that defines it (or of the solid base). */
#define PICK(slot, disp, ...) do {                                            \
		Str *names_[] = {__VA_ARGS__};                                \
		bool heap_ = false;                                           \
		Type *best_ = NULL;                                           \
		for (size_t i_ = 0; i_ < sizeof names_ / sizeof names_[0]; i_++) { \
			Type *d_ = definer(t, names_[i_]);                    \
			if (d_ && (d_->flags & TF_HEAPTYPE))                  \
				heap_ = true;                                 \
			else if (d_ && !best_)                                \
				best_ = d_;                                   \
		}                                                             \
		if (heap_)                                                    \
			t->slot = disp;                                       \
		else                                                          \
			t->slot = best_ && best_->slot ? best_->slot : t->base->slot; \
	} while (0)

static void fixup_slots(Type *t)
{
	PICK(repr, slot_repr, ID(__repr__));
	PICK(str, slot_str, ID(__str__));
	PICK(hash, slot_hash, ID(__hash__));
	{
		Value h = dict_get_str(t->dict, ID(__hash__));
		if (IS_NULL(h) && !IS_NULL(dict_get_str(t->dict, ID(__eq__))))
			dict_set_str(t->dict, ID(__hash__), v_none());
		h = type_lookup(t, ID(__hash__));
		if (IS_NONE(h))
			t->hash = slot_hash;
	}
	PICK(richcmp, slot_richcmp, ID(__eq__), ID(__ne__), ID(__lt__), ID(__le__), ID(__gt__), ID(__ge__));
	PICK(getattr, slot_getattr_hook, ID(__getattribute__), ID(__getattr__));
	PICK(setattr, slot_setattr, ID(__setattr__), ID(__delattr__));
	PICK(call, slot_call, ID(__call__));
	PICK(iter, slot_iter, ID(__iter__));
	PICK(next, slot_next, ID(__next__));
	for (int i = 0; i < NB_COUNT; i++) {
		PICK(nb[i], slot_nb_fns[i], nb_name_ids[i], rnb_name_ids[i]);
		PICK(nb_inplace[i], slot_inb_fns[i], inb_name_ids[i]);
	}
	PICK(neg, slot_neg, ID(__neg__));
	PICK(pos, slot_pos, ID(__pos__));
	PICK(invert, slot_invert, ID(__invert__));
	PICK(absval, slot_abs, ID(__abs__));
	PICK(to_int, slot_int, ID(__int__));
	PICK(to_float, slot_float, ID(__float__));
	PICK(index, slot_index, ID(__index__));
	PICK(truth, slot_truth, ID(__bool__), ID(__len__));
	PICK(len, slot_len, ID(__len__));
	PICK(getitem, slot_getitem, ID(__getitem__));
	PICK(setitem, slot_setitem, ID(__setitem__), ID(__delitem__));
	PICK(contains, slot_contains, ID(__contains__));
	PICK(descr_get, slot_descr_get, ID(__get__));
	PICK(descr_set, slot_descr_set, ID(__set__), ID(__delete__));
	PICK(new, slot_new, ID(__new__));
	PICK(init, slot_init, ID(__init__));
	/* a class without __iter__ but with __getitem__ is iterable */
	if (!t->iter && t->getitem)
		t->iter = slot_iter;
}

/* A dunder set on or deleted from t: t's slots and those of every class
 * that inherits from it are chosen again (a __getattribute__ added to a
 * base class applies to its subclasses' instances too). */
void type_update_slots(Type *t, Str *name)
{
	(void)name;
	if (!(t->flags & TF_HEAPTYPE))
		return;
	fixup_slots(t);
	for (size_t i = 0; i < n_heap_types; i++) {
		Type *c = heap_types[i];
		Tuple *m = c->mro;
		if (c == t || !m)
			continue;
		for (size_t j = 1; j < m->n; j++) {
			if (m->items[j].tag == V_OBJ && m->items[j].u.o == &t->ob) {
				fixup_slots(c);
				break;
			}
		}
	}
}

/* ---- class creation ------------------------------------------------------ */

static Type *solid_base(Type *t)
{
	while (t->flags & TF_HEAPTYPE)
		t = t->base;
	return t;
}

/* For the lay-out conflict check only: a builtin type that adds nothing to
 * its base's instances (ValueError over BaseException) shares its layout,
 * so class E(OSError, ValueError) is fine, as in CPython. */
static Type *layout_base(Type *t)
{
	while ((t->flags & TF_HEAPTYPE) && !t->nslots)
		t = t->base;
	if (t->flags & TF_HEAPTYPE)
		return t;   /* its slots are its own layout (CPython's extra_ivars) */
	while (t->base && t->base->basicsize == t->basicsize && t->base->dictoffset == t->dictoffset &&
	       t->base->dealloc == t->dealloc && t->base->traverse == t->traverse)
		t = t->base;
	return t;
}

/* Does the class (not its builtin base) give its instances a __dict__? */
static bool class_adds_dict(Type *t, Type *base)
{
	return (t->dictoffset && t->dictoffset != base->dictoffset) || (t->flags & TF_DICT_AFTER_DATA);
}

/* Str, tuple and bytes subclass instances: the variable part (text and
 * its NUL, items, bytes and their NUL), then (aligned) the dict. */
Dict **obj_dict_after_data(Obj *o)
{
	uint32_t fl = o->type->flags;
	size_t end;
	if (fl & TF_STR_SUB)
		end = offsetof(Str, data) + ((Str *)o)->nbytes + 1;
	else if (fl & TF_TUPLE_SUB)
		end = offsetof(Tuple, items) + ((Tuple *)o)->n * sizeof(Value);
	else if (fl & TF_BYTES_SUB)
		end = offsetof(Bytes, data) + ((Bytes *)o)->n + 1;
	else
		return NULL;
	end = (end + sizeof(Dict *) - 1) & ~(sizeof(Dict *) - 1);
	return (Dict **)((char *)o + end);
}

/* A new instance of the int or float subclass t holding value (stolen). */
Value boxed_new(Type *t, Value value)
{
	Boxed *b = (Boxed *)obj_alloc(t, sizeof(Boxed));
	if (!b) {
		val_decref(value);
		return v_null();
	}
	b->value = value;
	return v_obj(&b->ob);
}

/* ---- finalizers: __del__ ---------------------------------------------- */

static inline size_t *size_word(Obj *o) { return (size_t *)((char *)o - sizeof(size_t)); }

/* Has any class had a __del__ (in its class body or set later)?  Until one
 * has, no deallocation looks for a finalizer. */
bool type_finalizers_seen;

/* The __del__ that o's class defines and that has not run for o yet, or
 * V_NULL (borrowed).  Only instances of classes can have one. */
Value obj_pending_finalizer(Obj *o)
{
	Type *t = o->type;
	if (!type_finalizers_seen || !(t->flags & TF_HEAPTYPE) || (*size_word(o) & OBJ_FINALIZED_BIT))
		return v_null();
	return mcache_lookup(t, ID(__del__));
}

/* Calls o's __del__ (found by obj_pending_finalizer) once: o is marked
 * first, so a resurrected o is never finalized again (PEP 442).  The caller
 * holds a reference to o.  An exception in __del__ is reported as CPython's
 * default unraisable hook does and goes no further; one already pending
 * (o dropped while unwinding) is kept. */
void obj_run_finalizer(Obj *o, Value del)
{
	*size_word(o) |= OBJ_FINALIZED_BIT;
	Obj *saved = err_fetch();
	val_incref(del);
	Value self = v_obj(o);
	/* a plain function (the usual __del__) is called as it is, without
	 * looking it up again */
	Value r = obj_is(del, &func_type) ? vm_call_function((Func *)del.u.o, &self, 1, NULL)
					  : call_dunder(self, ID(__del__), NULL, 0, NULL);
	if (IS_NULL(r)) {
		Obj *e = err_fetch();
		if (e) {
			interp_write_unraisable(del, e);
			obj_decref(e);
		}
	} else {
		val_decref(r);
	}
	val_decref(del);
	err_restore(saved);
}

/* Does an instance of t hold __slots__ values in itself? */
static bool has_slot_values(Type *t)
{
	for (Type *c = t; c->flags & TF_HEAPTYPE; c = c->base)
		if (c->nslots)
			return true;
	return false;
}

/* Empty the __slots__ values o holds in itself, the most derived class's
 * first (CPython's clear_slots order) */
static void clear_slot_values(Obj *o)
{
	for (Type *c = o->type; c->flags & TF_HEAPTYPE; c = c->base) {
		Value *v = (Value *)((char *)o + c->slots_offset);
		for (uint32_t i = 0; i < c->nslots; i++)
			VAL_CLEAR(v[i]);
	}
}

/* The collector's clear of an instance: its slots and inline values
 * (an instance dict is garbage of its own), then the builtin base's part */
static void subtype_clear(Obj *o)
{
	if (o->type->flags & TF_SLOT_VALUES)
		clear_slot_values(o);
	if (o->type->flags & TF_INLINE_VALUES)
		inst_values_drop(o);
	Type *base = solid_base(o->type);
	if (base->clear)
		base->clear(o);
}

/* Instances of classes: run __del__ if the class has one (the object is
 * alive again while it runs: if __del__ stored it somewhere, it stays),
 * drop the instance dict the class added to the layout, then let the
 * builtin base free the object. */
static void subtype_dealloc(Obj *o)
{
	Type *t = o->type;
	Value del = obj_pending_finalizer(o);
	if (!IS_NULL(del)) {
		o->refcnt = 1;
		obj_run_finalizer(o, del);
		if (--o->refcnt != 0)
			return;    /* resurrected */
		t = o->type;   /* __del__ may have assigned __class__ */
	}
	Type *base = solid_base(t);
	if (t->flags & TF_SLOT_VALUES)
		clear_slot_values(o);
	if (t->flags & TF_INLINE_VALUES)
		inst_values_drop(o);
	if (class_adds_dict(t, base)) {
		Dict **dp = obj_dict_slot(o);
		Dict *d = *dp;
		*dp = NULL;
		/* CPython 3.11 keeps an instance's attributes inline: freeing
		 * them is no deallocation level of its own */
		if (d && --d->ob.refcnt == 0)
			dealloc_bounded(&d->ob);
	}
	if (t->flags & TF_BOXED) {
		VAL_CLEAR(((Boxed *)o)->value);
		obj_free(o);
		return;
	}
	if (base->dealloc)
		base->dealloc(o);
	else
		obj_free(o);
}

/* Does name appear in a class's __slots__ (a str or an iterable of str)? */
static int in_slots(Value slots, Str *name)
{
	if (IS_STR(slots))
		return str_equal(AS_STR(slots), name);
	if (IS_TUPLE(slots) || IS_LIST(slots)) {
		const Value *it = IS_TUPLE(slots) ? AS_TUPLE(slots)->items : AS_LIST(slots)->items;
		size_t n = IS_TUPLE(slots) ? AS_TUPLE(slots)->n : AS_LIST(slots)->n;
		for (size_t i = 0; i < n; i++)
			if (IS_STR(it[i]) && str_equal(AS_STR(it[i]), name))
				return 1;
		return 0;
	}
	return -1;   /* another iterable: not checked */
}

/* Instances of a class whose whole MRO (but builtin classes whose own
 * instances have no __dict__: object, str, int, ...) declares __slots__
 * without "__dict__" accept only those attribute names. */
static bool slots_only(Type *t)
{
	Str *dn = ID(__dict__);
	for (size_t i = 0; i < t->mro->n; i++) {
		Type *c = (Type *)t->mro->items[i].u.o;
		if (!(c->flags & TF_HEAPTYPE) && !c->dictoffset && !(c->flags & TF_DICT_AFTER_DATA))
			continue;
		if (!(c->flags & TF_HEAPTYPE) || !c->dict)
			return false;
		Value sl = dict_get_str(c->dict, ID(__slots__));
		if (IS_NULL(sl) || in_slots(sl, dn) != 0)
			return false;
	}
	return true;
}

static bool slot_allowed(Type *t, Str *name)
{
	for (size_t i = 0; i < t->mro->n; i++) {
		Type *c = (Type *)t->mro->items[i].u.o;
		if (c == &object_type || !c->dict)
			continue;
		Value sl = dict_get_str(c->dict, ID(__slots__));
		if (!IS_NULL(sl) && in_slots(sl, name) != 0)
			return true;
	}
	return false;
}

static void traverse_slot_values(Obj *o, visitfn visit, void *arg)
{
	for (Type *c = o->type; c->flags & TF_HEAPTYPE; c = c->base) {
		Value *v = (Value *)((char *)o + c->slots_offset);
		for (uint32_t i = 0; i < c->nslots; i++)
			if (!IS_NULL(v[i]))
				visit(v[i], arg);
	}
}

/* Instances of classes own a reference to their class, their __slots__
 * values, their inline values or instance dict; the builtin base lists
 * the rest. */
static void subtype_traverse(Obj *o, visitfn visit, void *arg)
{
	Type *t = o->type;
	Type *base = solid_base(t);
	visit(v_obj(&t->ob), arg);
	if (t->flags & TF_SLOT_VALUES)
		traverse_slot_values(o, visit, arg);
	if (t->flags & TF_INLINE_VALUES)
		inst_values_traverse(o, visit, arg);
	if (class_adds_dict(t, base)) {
		Dict *d = *obj_dict_slot(o);
		if (d)
			visit(v_obj(&d->ob), arg);
	}
	if (base->traverse)
		base->traverse(o, visit, arg);
}

Value type_new_class(Str *name, Tuple *bases, Dict *ns, Tuple *kwnames, const Value *kwvals)
{
	Tuple *bs = bases;
	if (bs->n == 0) {
		Value o = v_obj(&object_type.ob);
		bs = tuple_from(&o, 1);
	} else {
		obj_incref(&bs->ob);
	}
	for (size_t i = 0; i < bs->n; i++) {
		Value b = bs->items[i];
		if (!val_isinstance(b, &type_type)) {
			obj_decref(&bs->ob);
			return err_null_format(Exc_TypeError, "bases must be types");
		}
		Type *bt = (Type *)b.u.o;
		if (!(bt->flags & TF_BASETYPE) && !(bt->flags & TF_HEAPTYPE)) {
			obj_decref(&bs->ob);
			return err_null_format(Exc_TypeError, "type '%s' is not an acceptable base type", bt->name);
		}
	}
	/* the solid base: the first base whose layout is the largest */
	Type *base = (Type *)bs->items[0].u.o;
	for (size_t i = 1; i < bs->n; i++) {
		Type *b = (Type *)bs->items[i].u.o;
		Type *sb = layout_base(b), *cur = layout_base(base);
		if (sb != cur && type_is_subtype(sb, cur))
			base = b;
		else if (sb != cur && !type_is_subtype(cur, sb) && sb != &object_type && cur != &object_type) {
			obj_decref(&bs->ob);
			return err_null_format(Exc_TypeError, "multiple bases have instance lay-out conflict");
		}
	}
	Type *t = (Type *)obj_alloc(&type_type, sizeof(Type));
	if (!t) {
		obj_decref(&bs->ob);
		return v_null();
	}
	t->flags = TF_HEAPTYPE | TF_BASETYPE;
	char *nm = mem_alloc(name->nbytes + 1);
	mem_copy(nm, name->data, name->nbytes + 1);
	t->name = nm;
	obj_incref(&name->ob);
	t->name_str = name;
	t->base = base;
	t->bases = bs;
	t->dict = dict_copy(ns);
	if (t->dict && !IS_NULL(dict_get_str(t->dict, ID(__del__))))
		type_finalizers_seen = true;
	/* slots go in the instances after the base's layout when the builtin
	 * base is object; under other builtin bases, in the instance dict */
	uint32_t slots_start = solid_base(base) == &object_type ? (uint32_t)base->basicsize : 0;
	if (member_add_slots(t, ns, solid_base(base), slots_start) < 0) {
		obj_decref(&t->ob);
		return v_null();
	}
	if (IS_NULL(dict_get_str(t->dict, ID(__doc__))))
		dict_set_str(t->dict, ID(__doc__), v_none());
	if (IS_NULL(dict_get_str(t->dict, ID(__module__)))) {
		/* type(name, bases, ns) called directly: the caller's module */
		extern Value vm_current_module_name(void);
		Value mn = vm_current_module_name();
		if (!IS_NULL(mn))
			dict_set_str(t->dict, ID(__module__), mn);
	}
	t->flags |= base->flags & (TF_INT_SUB | TF_STR_SUB | TF_TUPLE_SUB | TF_LIST_SUB | TF_DICT_SUB | TF_EXC_SUB | TF_TYPE_SUB |
				   TF_BOXED | TF_DICT_AFTER_DATA | TF_BYTES_SUB);
	t->flags |= TF_TRASHCAN;
	t->dealloc = subtype_dealloc;
	t->traverse = subtype_traverse;
	t->clear = base->clear;
	t->basicsize = base->basicsize + t->nslots * sizeof(Value);
	t->dictoffset = base->dictoffset;
	Type *sb = solid_base(base);
	/* classes made by a metaclass are allocated as plain types (see
	 * type_new_slot) and keep their attributes in the type's own dict */
	bool varsize = sb == &str_type || sb == &tuple_type || sb == &bytes_type || sb == &type_type;
	if ((sb == &int_type || sb == &float_type) && !(t->flags & TF_BOXED)) {
		/* int and float values are immediates: see Boxed (object.h) */
		t->flags |= TF_BOXED;
		t->basicsize = sizeof(Boxed);
		t->dictoffset = (ssize_t)offsetof(Boxed, dict);
	} else if ((sb == &str_type || sb == &tuple_type || sb == &bytes_type) && !(t->flags & TF_DICT_AFTER_DATA)) {
		/* room for the dict pointer after the variable part, aligned */
		t->flags |= TF_DICT_AFTER_DATA;
		t->basicsize += 2 * sizeof(Dict *);
	}
	if (!t->dictoffset && !varsize && !(t->flags & TF_DICT_AFTER_DATA)) {
		/* variable-size instances (str, tuple, int, bytes) get no __dict__ */
		t->dictoffset = (ssize_t)t->basicsize;
		t->basicsize += sizeof(Dict *);
	}
	Value qn = dict_get_str(t->dict, ID(__qualname__));
	if (!IS_NULL(qn) && IS_STR(qn)) {
		t->qualname = AS_STR(val_incref(qn));
		dict_del(t->dict, qn.tag == V_OBJ ? str_value(ID(__qualname__)) : qn);
	} else {
		obj_incref(&name->ob);
		t->qualname = name;
	}
	t->mro = compute_mro(t);
	if (!t->mro) {
		obj_decref(&t->ob);
		return v_null();
	}
	/* mro[0] is the type itself: hold it borrowed, or every class would be
	 * a reference cycle */
	obj_decref(&t->ob);
	if (slots_only(t))
		t->flags |= TF_SLOTS_ONLY;
	bool adds_dict = t->dictoffset == (ssize_t)(t->basicsize - sizeof(Dict *)) && t->dictoffset != base->dictoffset;
	if (sb == &object_type && (t->flags & TF_SLOTS_ONLY) && adds_dict) {
		/* its slots are in the instance: no dict at all */
		t->basicsize -= sizeof(Dict *);
		t->dictoffset = 0;
	} else if (sb == &object_type && !(t->flags & TF_SLOTS_ONLY)) {
		if (base->flags & TF_INLINE_VALUES) {
			t->flags |= TF_INLINE_VALUES;   /* the same header; keys of its own */
		} else if (adds_dict) {
			/* the dict this class adds becomes the inline values' header */
			t->flags |= TF_INLINE_VALUES;
			t->basicsize += sizeof(InstanceAttrs) - sizeof(Dict *);
		}
	}
	/* inherit everything from base, then fix up the dunder slots */
	for (int i = 0; i < NB_COUNT; i++) {
		t->nb[i] = base->nb[i];
		t->nb_inplace[i] = base->nb_inplace[i];
	}
	t->repr = base->repr; t->str = base->str; t->hash = base->hash;
	t->richcmp = base->richcmp; t->getattr = base->getattr; t->setattr = base->setattr;
	t->call = base->call; t->iter = base->iter; t->next = base->next;
	t->neg = base->neg; t->pos = base->pos; t->invert = base->invert;
	t->absval = base->absval; t->to_int = base->to_int; t->to_float = base->to_float;
	t->index = base->index; t->truth = base->truth; t->len = base->len;
	t->getitem = base->getitem; t->setitem = base->setitem; t->contains = base->contains;
	t->descr_get = base->descr_get; t->descr_set = base->descr_set;
	t->new = base->new; t->init = base->init;
	/* __new__ and __init_subclass__ are implicitly static/class methods */
	Value nw = dict_get_str(t->dict, ID(__new__));
	if (!IS_NULL(nw) && obj_is(nw, &func_type)) {
		Wrapped *w = (Wrapped *)obj_alloc(&staticmethod_type, sizeof(Wrapped));
		w->f = val_incref(nw);
		dict_set_str(t->dict, ID(__new__), v_obj(&w->ob));
		obj_decref(&w->ob);
	}
	Value isc = dict_get_str(t->dict, ID(__init_subclass__));
	if (!IS_NULL(isc) && obj_is(isc, &func_type)) {
		Wrapped *w = (Wrapped *)obj_alloc(&classmethod_type, sizeof(Wrapped));
		w->f = val_incref(isc);
		dict_set_str(t->dict, ID(__init_subclass__), v_obj(&w->ob));
		obj_decref(&w->ob);
	}
	Value cgi = dict_get_str(t->dict, ID(__class_getitem__));
	if (!IS_NULL(cgi) && obj_is(cgi, &func_type)) {
		Wrapped *w = (Wrapped *)obj_alloc(&classmethod_type, sizeof(Wrapped));
		w->f = val_incref(cgi);
		dict_set_str(t->dict, ID(__class_getitem__), v_obj(&w->ob));
		obj_decref(&w->ob);
	}
	if (has_slot_values(t))
		t->flags |= TF_SLOT_VALUES;
	if (t->flags & (TF_INLINE_VALUES | TF_SLOT_VALUES))
		t->clear = subtype_clear;   /* the collector breaks cycles through the values */
	fixup_slots(t);
	types_modified();
	heap_types_add(t);
	for (size_t j = 1; j < t->mro->n; j++)
		if (t->mro->items[j].tag == V_OBJ)
			((Type *)t->mro->items[j].u.o)->flags |= TF_HAS_SUBCLASS;
	Value tv = v_obj(&t->ob);
	/* __set_name__ */
	size_t pos = 0;
	Value k, v;
	Dict *snap = dict_copy(t->dict);
	while (snap && dict_next(snap, &pos, &k, &v)) {
		Type *vt = val_type(v);
		Value sn = type_lookup(vt, ID(__set_name__));
		if (IS_NULL(sn))
			continue;
		Value a[2] = {tv, k};
		Value r = call_dunder(v, ID(__set_name__), a, 2, NULL);
		if (IS_NULL(r)) {
			obj_decref(&snap->ob);
			obj_decref(&t->ob);
			return r;
		}
		val_decref(r);
	}
	if (snap)
		obj_decref(&snap->ob);
	/* __init_subclass__ of super(t, t): the next class in t's MRO */
	Value f = v_null();
	for (size_t i = 1; i < t->mro->n && IS_NULL(f); i++) {
		Type *c = (Type *)t->mro->items[i].u.o;
		if (c->dict)
			f = dict_get_str(c->dict, ID(__init_subclass__));
	}
	if (!IS_NULL(f)) {
		Value bound;
		if (obj_is(f, &classmethod_type))
			bound = method_new(((Wrapped *)f.u.o)->f, tv);
		else if (obj_is(f, &builtin_type))
			bound = builtin_new("__init_subclass__", ((Builtin *)f.u.o)->fn, tv);
		else
			bound = bind_descr(f, v_null(), t);
		if (IS_NULL(bound)) {
			obj_decref(&t->ob);
			return bound;
		}
		size_t nkw = kwnames ? kwnames->n : 0;
		Value r = obj_call(bound, kwvals, 0, nkw ? kwnames : NULL);
		val_decref(bound);
		if (IS_NULL(r)) {
			obj_decref(&t->ob);
			return r;
		}
		val_decref(r);
	}
	return tv;
}

/* ---- __class__ assignment ------------------------------------------------ */

/* Can an instance of a change its class to b (CPython's
 * compatible_for_assignment)?  The same builtin base and layout, the same
 * __dict__ arrangement and the same slots. */
static int same_layout(Type *a, Type *b)
{
	const uint32_t lay = TF_BOXED | TF_DICT_AFTER_DATA | TF_SLOTS_ONLY | TF_INLINE_VALUES | TF_SLOT_VALUES;
	Type *sb = solid_base(a);
	/* CPython's variable-size instances never change class */
	if (sb == &int_type || sb == &str_type || sb == &tuple_type || sb == &bytes_type || sb == &type_type)
		return 0;
	/* a module's class may be module itself (module_dealloc) or a subclass */
	bool modules = sb == &module_type;
	if (sb != solid_base(b) || a->basicsize != b->basicsize || a->dictoffset != b->dictoffset ||
	    (a->flags & lay) != (b->flags & lay) || (a->dealloc != b->dealloc && !modules))
		return 0;
	List *la = list_new(0), *lb = list_new(0);
	int r = -1;
	if (la && lb) {
		if (!member_slot_names(a, la, false) || !member_slot_names(b, lb, false))
			r = err_occurred() ? -1 : 0;
		else
			r = obj_eq(v_obj(&la->ob), v_obj(&lb->ob));
	}
	obj_xdecref(la ? &la->ob : NULL);
	obj_xdecref(lb ? &lb->ob : NULL);
	return r;
}

/* object.__class__ = C */
static int object_set_class(Value v, Value val)
{
	if (IS_NULL(val)) {
		err_format(Exc_TypeError, "can't delete __class__ attribute");
		return -1;
	}
	if (!val_isinstance(val, &type_type)) {
		err_format(Exc_TypeError, "__class__ must be set to a class, not '%s' object", type_name_of(val));
		return -1;
	}
	Type *newto = (Type *)val.u.o, *oldto = val_type(v);
	bool modules = type_is_subtype(newto, &module_type) && type_is_subtype(oldto, &module_type);
	if ((!modules && (!(newto->flags & TF_HEAPTYPE) || !(oldto->flags & TF_HEAPTYPE))) || v.tag != V_OBJ) {
		err_format(Exc_TypeError, "__class__ assignment only supported for mutable types or ModuleType subclasses");
		return -1;
	}
	if (newto == oldto)
		return 0;
	int same = same_layout(oldto, newto);
	if (same < 0)
		return -1;
	if (!same) {
		err_format(Exc_TypeError, "__class__ assignment: '%s' object layout differs from '%s'", newto->name, oldto->name);
		return -1;
	}
	/* the values are named by the old class's keys */
	if ((oldto->flags & TF_INLINE_VALUES) && !inst_materialize(v.u.o))
		return -1;
	obj_incref(&newto->ob);
	v.u.o->type = newto;
	obj_decref(&oldto->ob);
	return 0;
}

/* ---- init -------------------------------------------------------------- */

static Value type_call_slot(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return type_call(self, args, nargs, kw);
}

static Value type_prepare(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	return v_obj(&dict_new()->ob);
}

static Value type_instancecheck(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__instancecheck__", nargs, kw, 1, 1))
		return v_null();
	return v_bool(val_isinstance(args[0], (Type *)self.u.o));
}

static Value type_subclasscheck(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__subclasscheck__", nargs, kw, 1, 1))
		return v_null();
	if (!val_isinstance(args[0], &type_type))
		return err_null_format(Exc_TypeError, "issubclass() arg 1 must be a class");
	return v_bool(type_is_subtype((Type *)args[0].u.o, (Type *)self.u.o));
}

static Value type_or(Value a, Value b)
{
	extern Value union_type_new(Value a, Value b);
	return union_type_new(a, b);
}

void member_type_init(void);   /* member.c */
void mappingproxy_type_init(void);   /* mappingproxy.c */
void type_types_init(void)
{
	for (int i = 0; i < NB_COUNT; i++) {
		char buf[32];
		snprintf(buf, sizeof buf, "__%s__", nb_names[i]);
		nb_name_ids[i] = str_intern(buf);
		snprintf(buf, sizeof buf, "__r%s__", nb_names[i]);
		rnb_name_ids[i] = str_intern(buf);
		snprintf(buf, sizeof buf, "__i%s__", nb_names[i]);
		inb_name_ids[i] = str_intern(buf);
	}
	cmp_name_ids[CMP_LT] = ID(__lt__);
	cmp_name_ids[CMP_LE] = ID(__le__);
	cmp_name_ids[CMP_EQ] = ID(__eq__);
	cmp_name_ids[CMP_NE] = ID(__ne__);
	cmp_name_ids[CMP_GT] = ID(__gt__);
	cmp_name_ids[CMP_GE] = ID(__ge__);

	Type *o = &object_type;
	o->repr = object_repr;
	o->str = object_str;
	o->hash = object_hash;
	o->richcmp = object_richcmp;
	o->getattr = object_getattr;
	o->setattr = generic_setattr;
	o->new = object_new;
	o->init = object_init;
	o->basicsize = sizeof(Instance);
	o->flags |= TF_BASETYPE;
	type_add_getset(o, "__class__", object_get_class);
	((GetSet *)dict_get_str(o->dict, ID(__class__)).u.o)->set = object_set_class;
	type_add_getset(o, "__dict__", object_get_dict);
	((GetSet *)dict_get_str(o->dict, ID(__dict__)).u.o)->set = object_set_dict;
	type_add_method(o, "__init_subclass__", object_init_subclass, BF_CLASSMETHOD);
	type_add_method(o, "__format__", object_format_m, 0);
	type_add_method(o, "__dir__", object_dir_m, 0);
	type_add_method(o, "__reduce_ex__", object_reduce_ex, 0);
	type_add_method(o, "__reduce__", object_reduce, 0);
	type_add_method(o, "__getstate__", object_getstate_m, 0);
	type_add_method(o, "__subclasshook__", object_subclasshook, BF_CLASSMETHOD);
	type_add_method(o, "__sizeof__", object_sizeof_m, 0);

	Type *t = &type_type;
	t->repr = type_repr;
	t->getattr = type_getattr;
	t->setattr = type_setattr;
	t->call = type_call_slot;
	t->new = type_new_slot;
	t->init = type_init_slot;
	t->dealloc = type_dealloc;
	t->traverse = type_traverse;
	t->basicsize = sizeof(Type);
	t->flags |= TF_BASETYPE | TF_TYPE_SUB;
	t->nb[NB_OR] = type_or;
	type_add_getset(t, "__name__", type_get_name);
	((GetSet *)dict_get_str(t->dict, ID(__name__)).u.o)->set = type_set_name;
	type_add_getset(t, "__qualname__", type_get_qualname);
	((GetSet *)dict_get_str(t->dict, ID(__qualname__)).u.o)->set = type_set_qualname;
	type_add_getset(t, "__mro__", type_get_mro);
	type_add_getset(t, "__bases__", type_get_bases);
	type_add_getset(t, "__base__", type_get_base);
	type_add_getset(t, "__module__", type_get_module);
	type_add_getset(t, "__dict__", type_get_dict);
	type_add_getset(t, "__doc__", type_get_doc);
	((GetSet *)dict_get_str(t->dict, ID(__doc__)).u.o)->set = type_set_doc;
	type_add_getset(t, "__basicsize__", type_get_basicsize);
	type_add_getset(t, "__itemsize__", type_get_itemsize);
	type_add_getset(t, "__flags__", type_get_flags);
	type_add_getset(t, "__dictoffset__", type_get_dictoffset);
	type_add_getset(t, "__weakrefoffset__", type_get_weakrefoffset);
	type_add_getset(t, "__text_signature__", type_get_text_signature);
	type_add_getset(t, "__abstractmethods__", type_get_abstractmethods);
	((GetSet *)dict_get_str(t->dict, ID(__abstractmethods__)).u.o)->set = type_set_abstractmethods;
	type_add_getset(t, "__annotations__", type_get_annotations);
	((GetSet *)dict_get_str(t->dict, ID(__annotations__)).u.o)->set = type_set_annotations;
	type_add_method(t, "__dir__", type_dir_m, 0);
	type_add_method(t, "__sizeof__", type_sizeof_m, 0);
	type_add_method(t, "mro", type_mro_m, 0);
	type_add_method(t, "__subclasses__", type_subclasses_m, 0);
	type_add_method(t, "__prepare__", type_prepare, BF_CLASSMETHOD);
	type_add_method(t, "__instancecheck__", type_instancecheck, 0);
	type_add_method(t, "__subclasscheck__", type_subclasscheck, 0);

	type_init_builtin(&getset_type, "getset_descriptor", &object_type);
	getset_type.descr_get = getset_get;
	getset_type.descr_set = getset_set;
	getset_type.repr = getset_repr;
	type_add_getset(&getset_type, "__name__", getset_get_name);
	type_add_getset(&getset_type, "__qualname__", getset_get_qualname);
	type_add_getset(&getset_type, "__objclass__", getset_get_objclass);
	member_type_init();
	mappingproxy_type_init();
	type_init_builtin(&wrapper_type, "wrapper_descriptor", &object_type);
	wrapper_type.call = wrapper_call;
	wrapper_type.descr_get = wrapper_descr_get;
	wrapper_type.repr = wrapper_repr;
	type_add_getset(&wrapper_type, "__name__", wrapper_get_name);
	type_add_getset(&wrapper_type, "__qualname__", wrapper_get_qualname);
	type_add_getset(&wrapper_type, "__objclass__", wrapper_get_objclass);
}

bool hash_unhashable(Value v, int64_t *out);
bool hash_unhashable(Value v, int64_t *out)
{
	(void)out;
	err_format(Exc_TypeError, "unhashable type: '%s'", type_name_of(v));
	return false;
}

/* Called after every builtin type is registered: MROs, slot inheritance,
 * slot wrappers. */
void typedoc_apply(Type *t);   /* typedoc.c */
void types_finish(void);
void types_finish(void)
{
	for (size_t i = 0; i < n_builtin; i++) {
		Type *t = all_builtin[i];
		if (t->base && !t->mro)
			inherit_slots(t);
	}
	/* second pass: bases registered after their subclasses */
	for (size_t i = 0; i < n_builtin; i++)
		inherit_slots(all_builtin[i]);
	/* the types whose deallocation CPython's trashcan counts (obj_dealloc) */
	Type *trashcan[] = {&list_type, &tuple_type, &dict_type, &set_type, &frozenset_type,
			    &method_type, &builtin_type};
	for (size_t i = 0; i < sizeof trashcan / sizeof trashcan[0]; i++)
		trashcan[i]->flags |= TF_TRASHCAN;
	for (size_t i = 0; i < n_builtin; i++)
		if (all_builtin[i]->flags & TF_EXC_SUB)
			all_builtin[i]->flags |= TF_TRASHCAN;
	Type *unhashable[] = {&list_type, &dict_type, &set_type, &bytearray_type, &dict_keys_type, &dict_items_type, &dict_values_type};
	for (size_t i = 0; i < sizeof unhashable / sizeof unhashable[0]; i++) {
		unhashable[i]->hash = hash_unhashable;
		if (unhashable[i] != &dict_values_type)
			dict_set_str(unhashable[i]->dict, ID(__hash__), v_none());
	}
	dict_values_type.hash = object_hash;
	for (size_t i = 0; i < n_builtin; i++) {
		Type *t = all_builtin[i];
		if (!t->mro) {
			/* simple chain MRO */
			size_t n = 0;
			for (Type *c = t; c; c = c->base)
				n++;
			Tuple *m = tuple_new(n);
			size_t j = 0;
			for (Type *c = t; c; c = c->base)
				m->items[j++] = val_incref(v_obj(&c->ob));
			t->mro = m;
		}
		add_slot_wrappers(t);
		typedoc_apply(t);
		if (!t->version)
			t->version = ++next_version;
	}
	types_modified();
}

/* A builtin type created after start-up (a module's C part): call after
 * type_init_builtin and setting its slots/methods; its base must be ready. */
void type_ready(Type *t);
void type_ready(Type *t)
{
	inherit_slots(t);
	if (!t->mro) {
		size_t n = 0;
		for (Type *c = t; c; c = c->base)
			n++;
		Tuple *m = tuple_new(n);
		size_t j = 0;
		for (Type *c = t; c; c = c->base)
			m->items[j++] = val_incref(v_obj(&c->ob));
		t->mro = m;
	}
	add_slot_wrappers(t);
	typedoc_apply(t);
	if (!t->version)
		t->version = ++next_version;
	types_modified();
}

Func *type_plain_init(Type *t)
{
	if (t->ob.type != &type_type || t->new != object_new || t->init != slot_init)
		return NULL;
	Value f = mcache_lookup(t, ID(__init__));
	return obj_is(f, &func_type) ? (Func *)f.u.o : NULL;
}
