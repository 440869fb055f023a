/* attrcache.h -- inline caches for attribute loads, stores and method
 * loads (LOAD_ATTR, STORE_ATTR, LOAD_METHOD), in the style of CPython
 * 3.11's specialised instructions.  Each such instruction owns one entry
 * of its code object's per-instruction cache array (the one LOAD_GLOBAL
 * uses: Code.caches).  An entry remembers what the last lookup found for
 * one type, keyed by that type's version tag (typeobj.c: a version names
 * one state of one type and is never reused, so any change to the class,
 * a base, or a slot such as __getattr__ makes the entry miss), or, for a
 * module attribute, by the module dict's version (dict_table.c: also
 * never reused).  An instance attribute is looked up at the entry number
 * where the instruction last found it in an instance dict (checked by key
 * identity, so a different dict, a deleted attribute or another order
 * simply misses); in an instance that keeps its attributes as inline
 * values (instance_keys.h) at the index of the name in its class's
 * shared keys, which never changes for a class (the keys only grow).
 * Attributes of a class itself (C.attr, C.method(...)) are keyed by that
 * class's version when its metaclass keeps type's lookup (a change to the
 * metaclass gives its classes new versions), and so is a function of the
 * metaclass called on the class (ABCMeta.__subclasscheck__).  A class attribute that an
 * instance load finds behind the instance's values or dict, or that a
 * load from the class finds, is read through the entry of the class dict
 * holding it (checked by key identity): a store of a plain value over a
 * plain value keeps the class's version (typeobj.c:
 * store_plain_class_value), so the entry must see the new value.  The hit
 * paths are here, inline; the misses, which do the full lookup and fill
 * the entry, are in attrcache.c.
 */
#ifndef BOX_ATTRCACHE_H
#define BOX_ATTRCACHE_H

#include "worker/runtime/runtime.h"
#include "worker/objects/instance_keys.h"

enum {
	AC_EMPTY,
	/* loads on instances of classes with the generic __getattribute__ */
	AC_DICT,             /* no class attribute: the instance dict only */
	AC_DICT_THEN_CLASS,  /* instance dict, else the class's plain value or non-data descriptor */
	AC_DATA_DESCR,       /* the class's data descriptor (property, slot kept in a dict) */
	AC_SLOT,             /* a __slots__ member whose value is in the instance at byte `hint` */
	AC_MODULE,           /* a module's global; version is its dict's */
	AC_CLASS_ATTR,       /* an attribute of a class (whose metaclass keeps type's lookup); its version */
	AC_CLASS_BACKOFF,    /* a class entry that missed: no refill for `hint` more misses (attrcache.c) */
	AC_VALUES,           /* no class attribute: the instance's inline value `hint` */
	AC_VALUES_THEN_CLASS, /* the inline values (hint: attr_values_probe), else as AC_DICT_THEN_CLASS */
	/* method loads: a function on the class (not bound) */
	AC_METHOD,           /* instances have a dict: it must not shadow the name */
	AC_METHOD_NODICT,    /* instances have no dict */
	AC_METHOD_VALUES,    /* instances have inline values (hint: attr_values_probe) or a dict */
	AC_META_METHOD,      /* a class's metaclass's function, bound to the class; the class's version */
	/* stores on instances of classes with the generic __setattr__ */
	AC_STORE_DICT,       /* into the instance dict */
	AC_STORE_DESCR,      /* through the class's data descriptor */
	AC_STORE_VALUES,     /* into the instance's inline value `hint` (or the next one) */
	AC_STORE_SLOT,       /* into the __slots__ value at byte `hint` of the instance */
	AC_STORE_CLASS,      /* a plain value over a plain value in a class's own dict; the class's version */
};

/* The hint of AC_VALUES_THEN_CLASS and AC_METHOD_VALUES: the index of the
 * name in the class's keys, or AC_ABSENT | the number of keys the class
 * had when the name was not among them. */
#define AC_ABSENT 0x80000000u

/* prev.version of an entry that knows one class only (no type has it) */
#define AC_NO_VERSION UINT64_MAX

typedef struct AttrCache {
	uint64_t version;    /* the type's version tag, or the module dict's version */
	union {
		Value value;         /* borrowed (the class or module dict holds it) */
		struct {             /* AC_*_THEN_CLASS, AC_CLASS_ATTR, AC_STORE_CLASS: where the class attribute sits */
			Dict *holder;    /* the dict of the class in the MRO that holds it */
			uint32_t ix;     /* its entry number there */
		} cls;
		struct {             /* AC_VALUES, AC_STORE_VALUES: the class seen before (a base's
					__init__ storing into instances of two classes) */
			uint64_t version;    /* its version, AC_NO_VERSION when none */
			uint32_t hint;       /* the hint for it */
		} prev;
	};
	uint32_t hint;       /* entry number of the name in the last instance dict seen */
	uint8_t kind;        /* AC_* */
} AttrCache;

_Static_assert(sizeof(AttrCache) <= sizeof(GlobalCache), "one cache entry per instruction");

/* The cache entry of the instruction before ip (the array made on first
 * use); NULL with MemoryError set if it cannot be. */
static inline AttrCache *attr_cache_at(Code *co, const uint32_t *ip)
{
	if (!co->caches && !(co->caches = mem_calloc(co->ninsns, sizeof(GlobalCache))))
		return NULL;
	return (AttrCache *)((GlobalCache *)co->caches + (ip - co->insns - 1));
}

/* d's value for name if it sits at entry `hint`, else NULL */
static inline Value attr_dict_at_hint(Dict *d, uint32_t hint, Str *name)
{
	if (hint < d->nentries) {
		DictEntry *e = &d->entries[hint];
		if (e->key.tag == V_OBJ && e->key.u.o == &name->ob)
			return e->value;
	}
	return v_null();
}

/* Does d hold name?  The first probe of dict_table.c's lookup inline:
 * an empty index slot (-1) there means absent, which is the usual answer
 * when a method's name is checked against an instance dict. */
static inline bool attr_dict_has(Dict *d, Str *name)
{
	if (!d->used)
		return false;
	if (name->hashed && d->index[(size_t)name->hash & d->mask] == -1)
		return false;
	return !IS_NULL(dict_get_str(d, name));
}

/* Does an instance holding n inline values hold the name a hint
 * describes?  1 yes (at index hint), 0 no, -1 cannot tell (the class
 * gained keys since; the entry misses). */
static inline int attr_values_probe(uint32_t hint, uint32_t n)
{
	if (!(hint & AC_ABSENT))
		return hint < n;
	return n <= (hint & ~AC_ABSENT) ? 0 : -1;
}

Value attr_load_miss(AttrCache *ac, Value o, Str *name);            /* attrcache.c */
Value attr_load_class_value(Value descr, Value o);
Value attr_class_attr_value(Value attr, Value cls);
int attr_store_miss(AttrCache *ac, Value o, Str *name, Value v);
int attr_store_dict_slow(AttrCache *ac, Value o, Str *name, Value v);
int attr_store_values_slow(AttrCache *ac, Value o, Str *name, Value v);
Value attr_method_miss(AttrCache *ac, Value o, Str *name, bool *is_method);

/* The class attribute an AC_*_THEN_CLASS or AC_CLASS_ATTR entry stands
 * for (borrowed), or NULL: its dict entry no longer holds name. */
static inline Value attr_class_entry(const AttrCache *ac, Str *name)
{
	return attr_dict_at_hint(ac->cls.holder, ac->cls.ix, name);
}

/* o.name (a new reference), or NULL with an exception set */
static inline __attribute__((always_inline)) Value attr_load(AttrCache *ac, Value o, Str *name)
{
	if (o.tag != V_OBJ)
		return attr_load_miss(ac, o, name);
	Obj *ob = o.u.o;
	Type *t = ob->type;
	/* one dispatch on the kind; each kind checks its own key */
	switch (ac->kind) {
	case AC_VALUES: {
		uint32_t h = ac->hint;
		if (t->version != ac->version) {
			if (t->version != ac->prev.version)
				break;
			h = ac->prev.hint;
		}
		InstanceAttrs *a = inst_attrs(ob);
		if (!a->dict) {
			if (h < a->n)
				return val_incref(a->vals[h]);
		} else {
			Value r = dict_get_str(a->dict, name);
			if (!IS_NULL(r))
				return val_incref(r);
		}
		break;
	}
	case AC_VALUES_THEN_CLASS: {
		if (t->version != ac->version)
			break;
		InstanceAttrs *a = inst_attrs(ob);
		if (a->dict) {
			Value r = dict_get_str(a->dict, name);
			if (!IS_NULL(r))
				return val_incref(r);
		} else {
			int has = attr_values_probe(ac->hint, a->n);
			if (has > 0)
				return val_incref(a->vals[ac->hint]);
			if (has < 0)
				break;
		}
		Value c = attr_class_entry(ac, name);
		if (!IS_NULL(c))
			return attr_load_class_value(c, o);
		break;
	}
	case AC_SLOT: {
		if (t->version != ac->version)
			break;
		Value r = *(Value *)((char *)ob + ac->hint);
		if (!IS_NULL(r))
			return val_incref(r);
		break;   /* empty: the miss raises AttributeError */
	}
	case AC_DICT: {
		if (t->version != ac->version)
			break;
		Dict *d = *obj_dict_slot(ob);
		if (d) {
			Value r = attr_dict_at_hint(d, ac->hint, name);
			if (!IS_NULL(r))
				return val_incref(r);
		}
		break;
	}
	case AC_DICT_THEN_CLASS: {
		if (t->version != ac->version)
			break;
		Dict *d = *obj_dict_slot(ob);
		if (d && d->used) {
			Value r = attr_dict_at_hint(d, ac->hint, name);
			if (IS_NULL(r))
				r = dict_get_str(d, name);
			if (!IS_NULL(r))
				return val_incref(r);
		}
		Value c = attr_class_entry(ac, name);
		if (!IS_NULL(c))
			return attr_load_class_value(c, o);
		break;
	}
	case AC_DATA_DESCR:
		if (t->version != ac->version)
			break;
		return attr_load_class_value(ac->value, o);
	case AC_MODULE:
		if (t == &module_type && ((Module *)ob)->dict->version == ac->version)
			return val_incref(ac->value);
		break;
	case AC_CLASS_ATTR:
		if ((t->flags & TF_TYPE_SUB) && ((Type *)ob)->version == ac->version) {
			Value attr = attr_class_entry(ac, name);
			if (!IS_NULL(attr))
				return attr_class_attr_value(attr, o);
		}
		break;
	default:
		break;
	}
	return attr_load_miss(ac, o, name);
}

/* o.name = v; 0, or -1 with an exception set */
static inline __attribute__((always_inline)) int attr_store(AttrCache *ac, Value o, Str *name, Value v)
{
	if (o.tag == V_OBJ && o.u.o->type->version == ac->version) {
		if (ac->kind == AC_STORE_VALUES) {
			InstanceAttrs *a = inst_attrs(o.u.o);
			if (!a->dict) {
				uint32_t i = ac->hint;
				if (i < a->n) {
					Value old = a->vals[i];
					a->vals[i] = val_incref(v);
					val_decref(old);
					return 0;
				}
				if (i == a->n && i < a->cap) {
					a->vals[a->n++] = val_incref(v);
					return 0;
				}
			}
			return attr_store_values_slow(ac, o, name, v);
		}
		if (ac->kind == AC_STORE_DICT) {
			Dict *d = *obj_dict_slot(o.u.o);
			if (d && !IS_NULL(attr_dict_at_hint(d, ac->hint, name))) {
				dict_replace_at(d, ac->hint, v);
				return 0;
			}
			return attr_store_dict_slow(ac, o, name, v);
		}
		if (ac->kind == AC_STORE_SLOT) {
			Value *p = (Value *)((char *)o.u.o + ac->hint);
			Value old = *p;
			*p = val_incref(v);
			val_decref(old);
			return 0;
		}
		if (ac->kind == AC_STORE_DESCR) {
			Value descr = val_incref(ac->value);
			int r = val_type(descr)->descr_set(descr, o, v);
			val_decref(descr);
			return r;
		}
	}
	if (o.tag == V_OBJ && ac->kind == AC_STORE_VALUES && o.u.o->type->version == ac->prev.version) {
		/* the class seen before: the plain cases only (the slow one learns
		 * hints for the first class) */
		InstanceAttrs *a = inst_attrs(o.u.o);
		uint32_t i = ac->prev.hint;
		if (!a->dict && i < a->n) {
			Value old = a->vals[i];
			a->vals[i] = val_incref(v);
			val_decref(old);
			return 0;
		}
		if (!a->dict && i == a->n && i < a->cap) {
			a->vals[a->n++] = val_incref(v);
			return 0;
		}
	}
	return attr_store_miss(ac, o, name, v);
}

/* LOAD_METHOD's entry: AC_METHOD_HIT with the function (borrowed) in *m
 * when o.name is a plain function on o's class that o's dict does not
 * shadow; AC_VALUE_HIT with o.name (borrowed) in *m for a module's
 * attribute or a class's function or plain value; AC_MISS when the entry does not answer (attr_method_miss()). */
enum { AC_MISS, AC_METHOD_HIT, AC_VALUE_HIT };
static inline __attribute__((always_inline)) int attr_method_hit(const AttrCache *ac, Value o, Str *name, Value *m)
{
	Type *t = val_type(o);
	if (ac->kind == AC_MODULE) {
		if (t == &module_type && ((Module *)o.u.o)->dict->version == ac->version) {
			*m = ac->value;
			return AC_VALUE_HIT;
		}
		return AC_MISS;
	}
	if (ac->kind == AC_CLASS_ATTR) {   /* filled only with values that bind to themselves */
		if ((t->flags & TF_TYPE_SUB) && ((Type *)o.u.o)->version == ac->version) {
			*m = attr_class_entry(ac, name);
			return IS_NULL(*m) ? AC_MISS : AC_VALUE_HIT;
		}
		return AC_MISS;
	}
	if (ac->kind == AC_META_METHOD) {
		if ((t->flags & TF_TYPE_SUB) && ((Type *)o.u.o)->version == ac->version) {
			*m = ac->value;
			return AC_METHOD_HIT;
		}
		return AC_MISS;
	}
	if (t->version != ac->version)
		return AC_MISS;
	if (ac->kind == AC_METHOD_VALUES) {
		InstanceAttrs *a = inst_attrs(o.u.o);
		if (a->dict ? attr_dict_has(a->dict, name) : attr_values_probe(ac->hint, a->n) != 0)
			return AC_MISS;
	} else if (ac->kind == AC_METHOD) {
		Dict *d = *obj_dict_slot(o.u.o);
		if (d && attr_dict_has(d, name))
			return AC_MISS;
	} else if (ac->kind != AC_METHOD_NODICT) {
		return AC_MISS;
	}
	*m = ac->value;
	return AC_METHOD_HIT;
}

#endif
