/* member.c -- member descriptors: the attributes a class's __slots__ names.
 *
 * class C: __slots__ = ('x',) puts C.__dict__['x'], a member_descriptor
 * (repr <member 'x' of 'C' objects>), in the class.  It is a data
 * descriptor, so c.x, c.x = v and del c.x go through it.  For a class
 * whose builtin base is object the value lives in the instance itself, at
 * the member's offset (the class's slots follow its base's layout:
 * Type.slots_offset, nslots; V_NULL is an empty slot), read and written
 * by index (and by the attribute inline caches, attrcache.h).  Under
 * other builtin bases (list, dict, exceptions...) it lives in the
 * instance's hidden dict under the slot's (mangled) name, which
 * object.__dict__ does not show for classes made only of slots
 * (TF_SLOTS_ONLY, typeobj.c).  member_add_slots() makes a class's members
 * and checks its __slots__ as CPython's type_new does.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/text/text_ctype.h"

typedef struct Member {
	Obj ob;
	Str *name;             /* the mangled attribute name */
	Type *owner;           /* the class that declared the slot (borrowed; NULL once it is gone) */
	uint32_t offset;       /* byte offset of the value in instances; 0: in the instance dict */
} Member;

Type member_type;

Dict *dict_new_hint(size_t n);   /* dict.c */

static const char *owner_name(Member *m)
{
	return m->owner ? m->owner->name : "?";
}

static bool applies(Member *m, Value obj)
{
	if (m->owner && val_isinstance(obj, m->owner))
		return true;
	err_format(Exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
		   m->name->data, owner_name(m), type_name_of(obj));
	return false;
}

static Value member_get(Value d, Value obj, Value type)
{
	Member *m = (Member *)d.u.o;
	if (IS_NULL(obj))
		return val_incref(d);
	if (!applies(m, obj))
		return v_null();
	Value v;
	if (m->offset) {
		v = *(Value *)((char *)obj.u.o + m->offset);
	} else {
		Dict **dp = obj.tag == V_OBJ ? obj_dict_ptr(obj.u.o) : NULL;
		v = dp && *dp ? dict_get_str(*dp, m->name) : v_null();
	}
	if (IS_NULL(v))
		return err_null_format(Exc_AttributeError, "'%s' object has no attribute '%s'", type_name_of(obj), m->name->data);
	return val_incref(v);
}

static int member_set(Value d, Value obj, Value v)
{
	Member *m = (Member *)d.u.o;
	if (!applies(m, obj))
		return -1;
	if (m->offset) {
		Value *p = (Value *)((char *)obj.u.o + m->offset);
		Value old = *p;
		if (IS_NULL(v) && IS_NULL(old)) {
			err_format(Exc_AttributeError, "%s", m->name->data);
			return -1;
		}
		*p = val_incref(v);   /* V_NULL stays V_NULL: a deletion */
		val_decref(old);
		return 0;
	}
	Dict **dp = obj.tag == V_OBJ ? obj_dict_ptr(obj.u.o) : NULL;
	if (!dp) {
		err_format(Exc_AttributeError, "'%s' object has no attribute '%s'", type_name_of(obj), m->name->data);
		return -1;
	}
	if (IS_NULL(v)) {
		int r = *dp ? dict_del(*dp, str_value(m->name)) : 1;
		if (r == 1) {
			err_format(Exc_AttributeError, "%s", m->name->data);
			return -1;
		}
		return r;
	}
	if (!*dp && !(*dp = dict_new_hint(obj.u.o->type->dict_hint)))
		return -1;
	return dict_set_str(*dp, m->name, v);
}

static Value member_repr(Value d)
{
	Member *m = (Member *)d.u.o;
	return str_value(str_printf("<member '%s' of '%s' objects>", m->name->data, owner_name(m)));
}

static Value member_get_name(Value d)
{
	Member *m = (Member *)d.u.o;
	obj_incref(&m->name->ob);
	return str_value(m->name);
}

static Value member_get_qualname(Value d)
{
	Member *m = (Member *)d.u.o;
	const char *q = m->owner && m->owner->qualname ? m->owner->qualname->data : owner_name(m);
	return str_value(str_printf("%s.%s", q, m->name->data));
}

static Value member_get_objclass(Value d)
{
	Member *m = (Member *)d.u.o;
	if (!m->owner)
		return v_none();
	obj_incref(&m->owner->ob);
	return v_obj(&m->owner->ob);
}

static Value member_get_doc(Value d)
{
	(void)d;
	return v_none();
}

/* Every live member, so a class that dies can leave its members (which
 * do not own it: a class and its members would otherwise be a cycle)
 * without a dangling owner. */
static Member **live;
static size_t n_live, cap_live;

static bool live_add(Member *m)
{
	if (n_live == cap_live) {
		size_t cap = cap_live ? cap_live * 2 : 32;
		Member **a = mem_realloc(live, cap_live * sizeof(Member *), cap * sizeof(Member *));
		if (!a)
			return false;
		live = a;
		cap_live = cap;
	}
	live[n_live++] = m;
	return true;
}

/* typeobj.c's type_dealloc: class t is being freed. */
void member_owner_gone(Type *t);
void member_owner_gone(Type *t)
{
	for (size_t i = 0; i < n_live; i++)
		if (live[i]->owner == t)
			live[i]->owner = NULL;
}

static void member_dealloc(Obj *o)
{
	Member *m = (Member *)o;
	for (size_t i = n_live; i-- > 0;) {
		if (live[i] == m) {
			live[i] = live[--n_live];
			break;
		}
	}
	obj_xdecref(m->name ? &m->name->ob : NULL);
	obj_free(o);
}

/* name as it is stored for class cls: __x becomes _cls__x */
static Str *mangle(Type *cls, Str *name)
{
	const char *c = cls->name;
	if (name->nbytes < 3 || name->data[0] != '_' || name->data[1] != '_' ||
	    (name->data[name->nbytes - 1] == '_' && name->data[name->nbytes - 2] == '_'))
		goto plain;
	while (*c == '_')
		c++;
	if (!*c)
		goto plain;
	return str_printf("_%s%s", c, name->data);
plain:
	obj_incref(&name->ob);
	return name;
}

/* Append the names the heap classes of t's MRO declare in __slots__ (but
 * __dict__ and __weakref__) to l.  As storage keys (`keys`): mangled, and
 * a __slots__ that is not a str, tuple or list, or an item that is not a
 * str, is skipped; false only with an exception set.  As declared
 * (!keys, for __class__ assignment): as written, and false when one is not
 * a str or a tuple or list of str (then no layout is assumed equal). */
bool member_slot_names(Type *t, List *l, bool keys)
{
	for (size_t i = 0; i < t->mro->n; i++) {
		Type *c = (Type *)t->mro->items[i].u.o;
		if (!(c->flags & TF_HEAPTYPE) || !c->dict)
			continue;
		Value sl = dict_get_str(c->dict, ID(__slots__));
		if (IS_NULL(sl))
			continue;
		const Value *it = &sl;
		size_t n = 1;
		if (IS_TUPLE(sl) || IS_LIST(sl)) {
			it = IS_TUPLE(sl) ? AS_TUPLE(sl)->items : AS_LIST(sl)->items;
			n = IS_TUPLE(sl) ? AS_TUPLE(sl)->n : AS_LIST(sl)->n;
		} else if (!IS_STR(sl)) {
			if (!keys)
				return false;
			continue;
		}
		for (size_t j = 0; j < n; j++) {
			if (!IS_STR(it[j])) {
				if (!keys)
					return false;
				continue;
			}
			if (str_equal(AS_STR(it[j]), ID(__dict__)) || str_equal(AS_STR(it[j]), ID(__weakref__)))
				continue;
			Str *name = keys ? mangle(c, AS_STR(it[j])) : AS_STR(val_incref(it[j]));
			if (!name)
				return false;
			bool ok = list_append(l, str_value(name));
			obj_decref(&name->ob);
			if (!ok)
				return false;
		}
	}
	return true;
}

/* The byte offset of the value of the slot member d in instances of t,
 * or 0 when d is not a member, its values live in the instance dict, or
 * it does not apply to t (a member copied into an unrelated class). */
uint32_t member_slot_offset(Value d, Type *t)
{
	if (!obj_is(d, &member_type))
		return 0;
	Member *m = (Member *)d.u.o;
	return m->owner && type_is_subtype(t, m->owner) ? m->offset : 0;
}

/* The value of the slot named name (a storage key) in obj, borrowed, or
 * V_NULL when it is empty (dp: obj's instance dict, for slots kept
 * there). */
Value member_slot_value(Value obj, Str *name, Dict **dp)
{
	Value d = type_lookup(val_type(obj), name);
	uint32_t off = member_slot_offset(d, val_type(obj));
	if (off)
		return *(Value *)((char *)obj.u.o + off);
	return dp && *dp ? dict_get_str(*dp, name) : v_null();
}

/* Check t's own __slots__ (from the class namespace ns) and add a member
 * descriptor to t's dict for each name but __dict__ and __weakref__.
 * With start non-zero the values go in the instances from that byte
 * offset (t->slots_offset, t->nslots), else in their dicts.  -1 with an
 * exception set. */
int member_add_slots(Type *t, Dict *ns, Type *solid, uint32_t start)
{
	Value sl = dict_get_str(ns, ID(__slots__));
	if (IS_NULL(sl))
		return 0;
	Value items = IS_STR(sl) ? v_obj(&tuple_from(&sl, 1)->ob) : seq_to_tuple(sl);
	if (IS_NULL(items))
		return -1;
	Tuple *tu = AS_TUPLE(items);
	int r = 0;
	size_t n = 0;
	for (size_t i = 0; i < tu->n && r == 0; i++) {
		Value it = tu->items[i];
		if (!IS_STR(it)) {
			err_format(Exc_TypeError, "__slots__ items must be strings, not '%s'", type_name_of(it));
			r = -1;
			break;
		}
		Str *name = AS_STR(it);
		if (!text_isidentifier(name->data, name->nbytes)) {
			err_format(Exc_TypeError, "__slots__ must be identifiers");
			r = -1;
			break;
		}
		if (str_equal(name, ID(__dict__)) || str_equal(name, ID(__weakref__)))
			continue;
		n++;
	}
	if (r == 0 && n && (solid->flags & (TF_INT_SUB | TF_TUPLE_SUB | TF_BYTES_SUB))) {
		err_format(Exc_TypeError, "nonempty __slots__ not supported for subtype of '%s'", solid->name);
		r = -1;
	}
	for (size_t i = 0; i < tu->n && r == 0; i++) {
		Str *name = AS_STR(tu->items[i]);
		if (str_equal(name, ID(__dict__)) || str_equal(name, ID(__weakref__)))
			continue;
		Str *key = mangle(t, name);
		if (!key) {
			r = -1;
			break;
		}
		if (!IS_NULL(dict_get_str(ns, key))) {
			Value kr = str_repr_value(key);
			if (!IS_NULL(kr)) {
				err_format(Exc_ValueError, "%s in __slots__ conflicts with class variable", AS_STR(kr)->data);
				val_decref(kr);
			}
			obj_decref(&key->ob);
			r = -1;
			break;
		}
		Member *m = (Member *)obj_alloc(&member_type, sizeof(Member));
		if (!m) {
			obj_decref(&key->ob);
			r = -1;
			break;
		}
		m->name = str_intern_str(key);
		if (start) {
			m->offset = start + t->nslots * (uint32_t)sizeof(Value);
			t->slots_offset = start;
			t->nslots++;
		}
		if (!live_add(m)) {
			obj_decref(&m->ob);
			r = -1;
			break;
		}
		m->owner = t;
		r = dict_set_str(t->dict, m->name, v_obj(&m->ob));
		obj_decref(&m->ob);
	}
	val_decref(items);
	return r;
}

void member_type_init(void);
void member_type_init(void)
{
	Type *t = &member_type;
	type_init_builtin(t, "member_descriptor", &object_type);
	t->descr_get = member_get;
	t->descr_set = member_set;
	t->repr = member_repr;
	t->dealloc = member_dealloc;
	type_add_getset(t, "__name__", member_get_name);
	type_add_getset(t, "__qualname__", member_get_qualname);
	type_add_getset(t, "__objclass__", member_get_objclass);
	type_add_getset(t, "__doc__", member_get_doc);
}
