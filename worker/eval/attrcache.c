/* attrcache.c -- the slow side of the attribute inline caches (attrcache.h):
 * the full lookup or store when an entry does not answer, and the filling
 * of the entry from what that lookup found.  An entry is filled only for
 * the cases the hit paths reproduce exactly: instances of classes whose
 * __getattribute__ / __setattr__ are object's (no override on the class or
 * a base), exact modules, and names found on the class as plain functions
 * for method loads.  A class attribute whose own type is a Python class is
 * never cached: that class may gain or lose __get__/__set__ later, which
 * changes the lookup order without touching the version of the class
 * holding it.
 */
#include "config.h"

#include "worker/eval/attrcache.h"

/* The class attribute (or descriptor) an entry stands for, looked up for o. */
Value attr_load_class_value(Value descr, Value o)
{
	Type *dt = val_type(descr);
	if (!dt->descr_get)
		return val_incref(descr);
	val_incref(descr);   /* __get__ may drop the class's reference */
	Value r = dt->descr_get(descr, o, v_obj(&o.u.o->type->ob));
	val_decref(descr);
	return r;
}

/* cls.name for an AC_CLASS_ATTR entry (type_getattr() past its checks) */
Value attr_class_attr_value(Value attr, Value cls)
{
	Type *at = val_type(attr);
	if (!at->descr_get)
		return val_incref(attr);
	val_incref(attr);
	Value r = at->descr_get(attr, v_null(), cls);
	val_decref(attr);
	return r;
}

/* Can an entry keyed on class c's version stand for c.name looked up in
 * c's own MRO?  When c's metaclass has type's __getattribute__ and
 * __setattr__ and no attribute of that name (type's data descriptors,
 * __name__ or __dict__, or a metaclass's would come first).  Any change
 * to the metaclass gives c a new version (typeobj.c: type_modified). */
static bool class_own_lookup(Type *c, Str *name)
{
	Type *meta = c->ob.type;
	return meta->getattr == type_type.getattr && meta->setattr == type_type.setattr &&
	       IS_NULL(type_lookup(meta, name));
}

/* An entry for cls.name, when class_own_lookup() holds and the class's
 * attribute is not an instance of a Python class.  For LOAD_METHOD
 * (plain_only) the value must be what the load returns: a function or a
 * value without __get__. */
static void fill_class_attr(AttrCache *ac, Value cls, Str *name, bool plain_only)
{
	Type *c = (Type *)cls.u.o;
	if (!class_own_lookup(c, name))
		return;
	Dict *holder;
	uint32_t ix;
	Value attr = type_lookup_entry(c, name, &holder, &ix);
	if (IS_NULL(attr) || IS_NULL(attr_dict_at_hint(holder, ix, name)))
		return;   /* absent, or its key is not name itself: the hit would miss */
	Type *at = val_type(attr);
	if ((at->flags & TF_HEAPTYPE) || (plain_only && at->descr_get && at != &func_type))
		return;
	uint64_t version = type_cache_version(c);
	if (!version)
		return;
	ac->kind = AC_CLASS_ATTR;
	ac->version = version;
	ac->cls.holder = holder;
	ac->cls.ix = ix;
}

/* May a miss on a class fill the entry?  A site whose class entry just
 * missed (another class, or the class changed) is likely polymorphic (the
 * ABCMeta methods read the attributes of every ABC): it takes the generic
 * lookup, without the cost of a refill, for AC_CLASS_BACKOFF misses. */
#define AC_CLASS_BACKOFF_MISSES 32
static bool class_fill_allowed(AttrCache *ac, uint8_t prev_kind)
{
	if (prev_kind == AC_CLASS_ATTR || prev_kind == AC_META_METHOD) {
		ac->kind = AC_CLASS_BACKOFF;
		ac->hint = AC_CLASS_BACKOFF_MISSES;
		return false;
	}
	if (prev_kind == AC_CLASS_BACKOFF && --ac->hint > 0) {
		ac->kind = AC_CLASS_BACKOFF;
		return false;
	}
	return true;
}

/* An entry for a module attribute, when o is an exact module whose dict
 * holds name. */
static void fill_module(AttrCache *ac, Value o, Str *name)
{
	Dict *d = ((Module *)o.u.o)->dict;
	Value v = d->ob.type == &dict_type ? dict_get_str(d, name) : v_null();
	if (!IS_NULL(v)) {
		ac->kind = AC_MODULE;
		ac->version = d->version;
		ac->value = v;
	}
}

/* The class attribute t holds for name, in *descr (V_NULL: none); false
 * when an entry must not be made: t's version cannot be cached, or the
 * attribute is an instance of a Python class (a descriptor class may gain
 * or lose __get__/__set__ later, which changes the lookup order without
 * touching t's version). */
static bool cacheable_class_attr(Type *t, Str *name, uint64_t *version, Value *descr)
{
	*version = type_cache_version(t);
	if (!*version)
		return false;
	*descr = type_lookup(t, name);
	return IS_NULL(*descr) || !(val_type(*descr)->flags & TF_HEAPTYPE);
}

/* Point an AC_*_THEN_CLASS entry at where t's lookup finds name (the
 * class dict and its entry number); false when the hit could not find it
 * there (the key in the class dict is an equal str, not name itself). */
static bool set_class_entry(AttrCache *ac, Type *t, Str *name)
{
	Dict *holder;
	uint32_t ix;
	if (IS_NULL(type_lookup_entry(t, name, &holder, &ix)) || IS_NULL(attr_dict_at_hint(holder, ix, name)))
		return false;
	ac->cls.holder = holder;
	ac->cls.ix = ix;
	return true;
}

/* An AC_VALUES or AC_STORE_VALUES entry just filled for one class also
 * answers for the one it held before (version; AC_NO_VERSION: none). */
static void remember_prev(AttrCache *ac, uint64_t version, uint32_t hint)
{
	ac->prev.version = version;
	ac->prev.hint = hint;
}

/* The hint of AC_VALUES_THEN_CLASS and AC_METHOD_VALUES for name in t's keys */
static uint32_t values_hint(Type *t, Str *name)
{
	int ix = ikeys_find(t->ikeys, name);
	return ix >= 0 ? (uint32_t)ix : AC_ABSENT | (t->ikeys ? t->ikeys->n : 0);
}

/* attr_load_miss() for an instance of a class with inline values (no
 * data descriptor on the class: descr is V_NULL or a plain class
 * attribute).  The entry's kinds also answer for an instance whose values
 * became a dict. */
static Value load_values_miss(AttrCache *ac, Value o, Str *name, uint64_t version, Value descr, uint8_t prev_kind)
{
	Type *t = o.u.o->type;
	int ix = ikeys_find(t->ikeys, name);
	uint64_t was_version = ac->version;
	uint32_t was_hint = ac->hint;
	if (!IS_NULL(descr)) {
		ac->kind = AC_VALUES_THEN_CLASS;
		ac->hint = values_hint(t, name);
	} else {
		ac->kind = AC_VALUES;
		ac->hint = ix >= 0 ? (uint32_t)ix : UINT32_MAX;   /* UINT32_MAX: the dict only */
	}
	ac->version = version;
	ac->value = descr;
	if (!IS_NULL(descr) && !set_class_entry(ac, t, name))
		ac->kind = AC_EMPTY;
	if (ac->kind == AC_VALUES)   /* keep the class the entry knew as the second */
		remember_prev(ac, prev_kind == AC_VALUES && was_version != version ? was_version : AC_NO_VERSION, was_hint);
	InstanceAttrs *a = inst_attrs(o.u.o);
	Value r = a->dict ? dict_get_str(a->dict, name) : ix >= 0 && (uint32_t)ix < a->n ? a->vals[ix] : v_null();
	if (!IS_NULL(r))
		return val_incref(r);
	if (!IS_NULL(descr))
		return attr_load_class_value(descr, o);
	return obj_getattr(o, name);   /* AttributeError, with its details */
}

/* LOAD_ATTR past its entry: generic_getattr()'s lookup, done here so that
 * it fills the entry as it goes (a site that sees several classes misses
 * often: its misses cost what the uncached lookup did). */
Value attr_load_miss(AttrCache *ac, Value o, Str *name)
{
	uint32_t hint = ac->hint;   /* subclasses sharing a site often share the layout too */
	uint8_t prev_kind = ac->kind;
	ac->kind = AC_EMPTY;
	if (o.tag != V_OBJ)
		return obj_getattr(o, name);
	Type *t = o.u.o->type;
	if ((t->flags & TF_TYPE_SUB) && t->getattr == type_type.getattr && IS_NULL(type_lookup(t, name))) {
		/* type_getattr() when the metaclass has no such attribute */
		Value attr = type_lookup((Type *)o.u.o, name);
		if (!IS_NULL(attr)) {
			if (class_fill_allowed(ac, prev_kind))
				fill_class_attr(ac, o, name, false);
			return attr_class_attr_value(attr, o);
		}
	}
	if (t == &module_type || (t->flags & TF_TYPE_SUB)) {
		Value r = obj_getattr(o, name);
		if (!IS_NULL(r)) {
			if (t == &module_type)
				fill_module(ac, o, name);
			else if (class_fill_allowed(ac, prev_kind))
				fill_class_attr(ac, o, name, false);
		}
		return r;
	}
	uint64_t version;
	Value descr;
	if (t->getattr != object_type.getattr || !cacheable_class_attr(t, name, &version, &descr))
		return obj_getattr(o, name);
	Type *dt = IS_NULL(descr) ? NULL : val_type(descr);
	if (dt && dt->descr_get && dt->descr_set) {
		uint32_t off = member_slot_offset(descr, t);
		ac->kind = off ? AC_SLOT : AC_DATA_DESCR;
		ac->hint = off;
		ac->version = version;
		ac->value = descr;
		return attr_load_class_value(descr, o);
	}
	if (t->flags & TF_INLINE_VALUES)
		return load_values_miss(ac, o, name, version, descr, prev_kind);
	Dict **dp = obj_dict_slot(o.u.o);
	if (!dp)
		return obj_getattr(o, name);
	ssize_t ix = -1;
	if (*dp)
		ix = !IS_NULL(attr_dict_at_hint(*dp, hint, name)) ? (ssize_t)hint : dict_find_str_index(*dp, name);
	ac->kind = dt ? AC_DICT_THEN_CLASS : AC_DICT;
	ac->version = version;
	ac->value = descr;
	if (dt && !set_class_entry(ac, t, name))
		ac->kind = AC_EMPTY;
	ac->hint = ix >= 0 && ix <= (ssize_t)UINT32_MAX ? (uint32_t)ix : 0;
	if (ix >= 0)
		return val_incref((*dp)->entries[ix].value);
	if (dt)
		return attr_load_class_value(descr, o);
	return obj_getattr(o, name);   /* AttributeError, with its details */
}

/* An AC_STORE_CLASS entry for cls.name (just stored), when
 * class_own_lookup() holds and cls's own dict holds it under name itself:
 * later stores there of a plain value over a plain value go straight to
 * that entry (typeobj.c: type_store_plain_at). */
static void fill_class_store(AttrCache *ac, Value cls, Str *name)
{
	Type *c = (Type *)cls.u.o;
	if (!c->dict || !class_own_lookup(c, name))
		return;
	ssize_t ix = dict_find_str_index(c->dict, name);
	uint64_t version = type_cache_version(c);
	if (ix < 0 || ix > (ssize_t)UINT32_MAX || !version || IS_NULL(attr_dict_at_hint(c->dict, (uint32_t)ix, name)))
		return;
	ac->kind = AC_STORE_CLASS;
	ac->version = version;
	ac->cls.holder = c->dict;
	ac->cls.ix = (uint32_t)ix;
}

/* STORE_ATTR past its entry: generic_setattr()'s store, filling the entry;
 * a class's attribute through its AC_STORE_CLASS entry (not inline: rarer) */
int attr_store_miss(AttrCache *ac, Value o, Str *name, Value v)
{
	bool is_class = o.tag == V_OBJ && (o.u.o->type->flags & TF_TYPE_SUB);
	if (ac->kind == AC_STORE_CLASS && is_class && !IS_NULL(v) &&
	    ((Type *)o.u.o)->version == ac->version && type_store_plain_at((Type *)o.u.o, name, ac->cls.ix, v))
		return 0;
	uint8_t prev_kind = ac->kind;
	uint64_t was_version = ac->version;
	uint32_t was_hint = ac->hint;
	ac->kind = AC_EMPTY;
	if (is_class && !IS_NULL(v)) {
		int r = obj_setattr(o, name, v);
		if (r == 0)
			fill_class_store(ac, o, name);
		return r;
	}
	uint64_t version;
	Value descr;
	if (o.tag != V_OBJ || o.u.o->type->setattr != object_type.setattr ||
	    !cacheable_class_attr(o.u.o->type, name, &version, &descr))
		return obj_setattr(o, name, v);
	Type *t = o.u.o->type, *dt = IS_NULL(descr) ? NULL : val_type(descr);
	if (dt && dt->descr_set) {
		uint32_t off = member_slot_offset(descr, t);
		ac->kind = off ? AC_STORE_SLOT : AC_STORE_DESCR;
		ac->hint = off;
	} else if (t->flags & TF_INLINE_VALUES) {
		int ix = ikeys_find(t->ikeys, name);
		ac->kind = AC_STORE_VALUES;
		ac->hint = ix >= 0 ? (uint32_t)ix : UINT32_MAX;   /* never a hit until a store sets it */
	} else {
		if (!obj_dict_ptr(o.u.o) || (t->flags & TF_SLOTS_ONLY))
			return obj_setattr(o, name, v);
		ac->kind = AC_STORE_DICT;   /* the hint stays: another class's layout is often the same */
	}
	ac->version = version;
	ac->value = descr;
	if (ac->kind == AC_STORE_VALUES)   /* keep the class the entry knew as the second */
		remember_prev(ac, prev_kind == AC_STORE_VALUES && was_version != version ? was_version : AC_NO_VERSION, was_hint);
	return attr_store(ac, o, name, v);
}

/* An AC_STORE_DICT entry whose hint does not hold the name in this
 * instance's dict (a new instance being filled in, usually): the store
 * without the class lookup, remembering where the name went. */
int attr_store_dict_slow(AttrCache *ac, Value o, Str *name, Value v)
{
	Dict *d = instance_dict_of(o);
	if (!d)
		return -1;
	if (instance_dict_store(o, d, name, v) < 0)
		return -1;
	size_t last = d->nentries - 1;
	if (d->entries[last].key.tag == V_OBJ && d->entries[last].key.u.o == &name->ob && last <= UINT32_MAX)
		ac->hint = (uint32_t)last;
	return 0;
}

/* An AC_STORE_VALUES entry that does not answer: a store past the
 * instance's room, a new key, another order, or an instance whose values
 * became a dict; the entry learns the index the name has. */
int attr_store_values_slow(AttrCache *ac, Value o, Str *name, Value v)
{
	InstanceAttrs *a = inst_attrs(o.u.o);
	if (a->dict)
		return instance_dict_store(o, a->dict, name, v);
	int ix;
	int r = inst_values_store(o.u.o, name, v, &ix);
	if (ix >= 0)
		ac->hint = (uint32_t)ix;
	return r;
}

/* cls.name when it is a Python function of cls's metaclass that the load
 * binds to cls (borrowed: the metaclass holds it), under the conditions
 * of class_own_lookup() but for the metaclass's attribute: cls's own MRO
 * lacks the name and the metaclass's attribute is a plain function.  NULL
 * otherwise. */
static Value meta_method(Value cls, Str *name)
{
	Type *c = (Type *)cls.u.o, *meta = c->ob.type;
	if (meta->getattr != type_type.getattr || !IS_NULL(type_lookup(c, name)))
		return v_null();
	Value m = type_lookup(meta, name);
	return !IS_NULL(m) && obj_is(m, &func_type) ? m : v_null();
}

/* LOAD_METHOD past its entry: the function on the class and true when
 * o.name is one that o's dict does not shadow (the entry is filled then),
 * else o.name itself (bound) and false; NULL with an exception set. */
Value attr_method_miss(AttrCache *ac, Value o, Str *name, bool *is_method)
{
	Type *t = val_type(o);
	*is_method = false;
	uint8_t prev_kind = ac->kind;
	ac->kind = AC_EMPTY;
	if (t->getattr == object_type.getattr || t->getattr == int_type.getattr) {
		Value m = type_lookup(t, name);
		if (!IS_NULL(m) && (obj_is(m, &func_type) ||
				    (obj_is(m, &builtin_type) && ((Builtin *)m.u.o)->owner &&
				     IS_NULL(((Builtin *)m.u.o)->self) && !(((Builtin *)m.u.o)->flags & BF_CLASSMETHOD)) ||
				    obj_is(m, &wrapper_type))) {
			Dict **dp = o.tag == V_OBJ ? obj_dict_slot(o.u.o) : NULL;
			bool values = (t->flags & TF_INLINE_VALUES) && !*dp;
			bool shadowed = values ? !IS_NULL(inst_values_get(o.u.o, name)) :
					    dp && *dp && !IS_NULL(dict_get_str(*dp, name));
			if (!shadowed) {
				uint64_t version = type_cache_version(t);
				if (version) {
					ac->kind = (t->flags & TF_INLINE_VALUES) ? AC_METHOD_VALUES : dp ? AC_METHOD : AC_METHOD_NODICT;
					ac->version = version;
					ac->value = m;
					ac->hint = (t->flags & TF_INLINE_VALUES) ? values_hint(t, name) : 0;
				}
				*is_method = true;
				return m;
			}
		}
	}
	bool fill_class = (t->flags & TF_TYPE_SUB) && class_fill_allowed(ac, prev_kind);
	if (t->flags & TF_TYPE_SUB) {
		Value m = meta_method(o, name);
		if (!IS_NULL(m)) {
			uint64_t version = fill_class ? type_cache_version((Type *)o.u.o) : 0;
			if (version) {
				ac->kind = AC_META_METHOD;
				ac->version = version;
				ac->value = m;
			}
			*is_method = true;
			return m;
		}
	}
	Value r = obj_getattr(o, name);
	if (!IS_NULL(r) && obj_is(o, &module_type))
		fill_module(ac, o, name);
	else if (!IS_NULL(r) && fill_class)
		fill_class_attr(ac, o, name, true);
	return r;
}
