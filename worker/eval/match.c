/* match.c -- the run-time half of match statements: the MATCH_* opcodes
 * (sequence/mapping/class tests, key and attribute extraction, the rest
 * dict of `**rest`) called by the VM (vm.c) with its stack pointer.
 */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/compile/opcodes.h"

static bool is_match_sequence(Value v)
{
	if (IS_STR(v) || IS_BYTES(v) || obj_is(v, &bytearray_type))
		return false;
	return IS_LIST(v) || IS_TUPLE(v) || obj_is(v, &range_type);
}

/* Classes whose single positional sub-pattern matches the subject itself. */
static bool self_matching(Type *t)
{
	Type *selfs[] = {&bool_type, &bytearray_type, &bytes_type, &dict_type, &float_type,
			 &frozenset_type, &int_type, &list_type, &set_type, &str_type, &tuple_type};
	for (size_t i = 0; i < sizeof selfs / sizeof selfs[0]; i++)
		if (t == selfs[i])
			return true;
	return false;
}

static Value class_positional(Value v, Type *cls, int i)
{
	Value ma = obj_getattr_opt(v_obj(&cls->ob), ID(__match_args__));
	if (IS_NULL(ma)) {
		if (err_occurred())
			return v_null();
		Type *t = cls;
		while (t && (t->flags & TF_HEAPTYPE))
			t = t->base;
		if (t && self_matching(t) && i == 0)
			return val_incref(v);
		return err_null_format(Exc_TypeError, "%s() accepts 0 positional sub-patterns (%d given)", cls->name, i + 1);
	}
	if (!IS_TUPLE(ma)) {
		val_decref(ma);
		return err_null_format(Exc_TypeError, "%s.__match_args__ must be a tuple (got %s)", cls->name, type_name_of(ma));
	}
	Tuple *t = AS_TUPLE(ma);
	if ((size_t)i >= t->n) {
		size_t n = t->n;
		val_decref(ma);
		return err_null_format(Exc_TypeError, "%s() accepts %zu positional sub-pattern%s (%d given)", cls->name, n, n == 1 ? "" : "s", i + 1);
	}
	Value name = t->items[i];
	if (!IS_STR(name)) {
		val_decref(ma);
		return err_null_format(Exc_TypeError, "__match_args__ elements must be strings (got %s)", type_name_of(name));
	}
	Value r = obj_getattr_opt(v, AS_STR(name));
	val_decref(ma);
	return r;
}

int vm_match_op(int op, uint32_t arg, Value **spp);
int vm_match_op(int op, uint32_t arg, Value **spp)
{
	Value *sp = *spp;
	switch (op) {
	case OP_MATCH_SEQUENCE: {
		bool r = is_match_sequence(sp[-1]);
		*sp++ = v_bool(r);
		break;
	}
	case OP_MATCH_MAPPING: {
		bool r = IS_DICT(sp[-1]);
		*sp++ = v_bool(r);
		break;
	}
	case OP_GET_LEN: {
		ssize_t n = obj_len(sp[-1]);
		if (n < 0)
			return -1;
		*sp++ = v_int(n);
		break;
	}
	case OP_MATCH_KEYS: {
		Value key = sp[-1], v = sp[-2], r;
		if (arg == 1) {
			r = obj_getattr_opt(v, AS_STR(key));
		} else {
			r = dict_get(AS_DICT(v), key);
			if (!IS_NULL(r))
				val_incref(r);
		}
		val_decref(key);
		if (IS_NULL(r) && err_occurred()) {
			sp--;
			*spp = sp;
			return -1;
		}
		sp[-1] = IS_NULL(r) ? v_none() : r;
		*sp++ = v_bool(!IS_NULL(r));
		break;
	}
	case OP_MATCH_CLASS: {
		Value cls = sp[-1], v = sp[-2];
		if (!val_isinstance(cls, &type_type)) {
			err_format(Exc_TypeError, "called match pattern must be a class");
			return -1;
		}
		if (!(arg & 1)) {
			sp[-1] = v_bool(val_isinstance(v, (Type *)cls.u.o));
			val_decref(cls);
			break;
		}
		Value r = class_positional(v, (Type *)cls.u.o, (int)(arg >> 1));
		val_decref(cls);
		if (IS_NULL(r) && err_occurred()) {
			sp--;
			*spp = sp;
			return -1;
		}
		sp[-1] = IS_NULL(r) ? v_none() : r;
		*sp++ = v_bool(!IS_NULL(r));
		break;
	}
	case OP_COPY_DICT_WITHOUT_KEYS: {
		Value keys = sp[-1], v = sp[-2];
		Dict *d = dict_copy(AS_DICT(v));
		if (!d)
			return -1;
		Tuple *t = AS_TUPLE(keys);
		for (size_t i = 0; i < t->n; i++)
			if (dict_del(d, t->items[i]) < 0) {
				obj_decref(&d->ob);
				return -1;
			}
		val_decref(keys);
		val_decref(v);
		sp--;
		sp[-1] = v_obj(&d->ob);
		break;
	}
	default:
		err_format(Exc_SystemError, "unsupported opcode %d", op);
		return -1;
	}
	*spp = sp;
	return 0;
}
