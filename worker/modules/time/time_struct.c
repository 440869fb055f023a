/* time_struct.c -- time.struct_time: the named tuple that gmtime(),
 * localtime() and strptime() return.
 *
 * As CPython's structseq: a tuple of the 9 sequence fields (tm_year ..
 * tm_isdst) that also carries two attribute-only fields, tm_zone and
 * tm_gmtoff.  An instance is a Tuple with n == 9 whose item storage holds
 * 11 values; items[9] and items[10] are the hidden fields. */
#include "config.h"

#include <string.h>

#include "worker/runtime/runtime.h"
#include "worker/modules/time/time_mod.h"

Type time_struct_type;

static const char *const field_names[TIME_STRUCT_FIELDS] = {
	"tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec",
	"tm_wday", "tm_yday", "tm_isdst", "tm_zone", "tm_gmtoff",
};

Value time_struct_new(const Value fields[TIME_STRUCT_FIELDS])
{
	size_t size = sizeof(Tuple) + TIME_STRUCT_FIELDS * sizeof(Value);
	Tuple *t = (Tuple *)obj_alloc(&time_struct_type, size);
	if (!t)
		return v_null();
	t->n = TIME_STRUCT_SEQ;
	for (size_t i = 0; i < TIME_STRUCT_FIELDS; i++)
		t->items[i] = val_incref(fields[i]);
	return v_obj(&t->ob);
}

Value time_struct_from_tm(const struct dt_tm *tm, const char *zone, long gmtoff)
{
	Value f[TIME_STRUCT_FIELDS] = {
		v_int(tm->year), v_int(tm->mon), v_int(tm->mday), v_int(tm->hour),
		v_int(tm->min), v_int(tm->sec), v_int(tm->wday), v_int(tm->yday),
		v_int(tm->isdst), str_value(str_cstr(zone)), v_int(gmtoff),
	};
	if (IS_NULL(f[9]))
		return v_null();
	Value r = time_struct_new(f);
	val_decref(f[9]);
	return r;
}

static void struct_dealloc(Obj *o)
{
	Tuple *t = (Tuple *)o;
	for (size_t i = TIME_STRUCT_SEQ; i < TIME_STRUCT_FIELDS; i++)
		val_decref(t->items[i]);
	tuple_type.dealloc(o);
}

static void struct_traverse(Obj *o, visitfn visit, void *arg)
{
	Tuple *t = (Tuple *)o;
	for (size_t i = 0; i < TIME_STRUCT_FIELDS; i++)
		visit(t->items[i], arg);
}

static Value struct_repr(Value v)
{
	Tuple *t = AS_TUPLE(v);
	StrBuf b;
	sb_init(&b);
	sb_adds(&b, "time.struct_time(");
	for (size_t i = 0; i < TIME_STRUCT_SEQ; i++) {
		if (i)
			sb_adds(&b, ", ");
		sb_adds(&b, field_names[i]);
		sb_addc(&b, '=');
		if (!sb_add_repr(&b, t->items[i])) {
			sb_free(&b);
			return v_null();
		}
	}
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

/* struct_time(sequence, dict=None) */
static Value struct_new_slot(Type *type, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[] = {"sequence", "dict"};
	Value a[2] = {v_null(), v_null()};
	(void)type;
	if (!args_parse("struct_time", args, nargs, kw, names, 1, 2, a))
		return v_null();
	Value seq = seq_to_tuple(a[0]);
	if (IS_NULL(seq)) {
		if (err_matches(Exc_TypeError)) {
			err_clear();
			err_format(Exc_TypeError, "constructor requires a sequence");
		}
		return v_null();
	}
	Tuple *s = AS_TUPLE(seq);
	if (s->n < TIME_STRUCT_SEQ || s->n > TIME_STRUCT_FIELDS) {
		err_format(Exc_TypeError, "time.struct_time() takes an at %s %d-sequence (%zu-sequence given)",
			   s->n < TIME_STRUCT_SEQ ? "least" : "most",
			   s->n < TIME_STRUCT_SEQ ? TIME_STRUCT_SEQ : TIME_STRUCT_FIELDS, s->n);
		val_decref(seq);
		return v_null();
	}
	Value dict = IS_NULL(a[1]) ? v_none() : a[1];
	if (!IS_NONE(dict) && !IS_DICT(dict)) {
		err_format(Exc_TypeError, "time.struct_time() takes a dict as second arg, if any");
		val_decref(seq);
		return v_null();
	}
	Value f[TIME_STRUCT_FIELDS];
	for (size_t i = 0; i < TIME_STRUCT_FIELDS; i++) {
		f[i] = v_none();
		if (i < s->n) {
			f[i] = s->items[i];
		} else if (!IS_NONE(dict)) {
			Str *k = str_intern(field_names[i]);
			Value x = dict_get_str(AS_DICT(dict), k);
			obj_decref(&k->ob);
			if (!IS_NULL(x))
				f[i] = x;
		}
	}
	Value r = time_struct_new(f);
	val_decref(seq);
	return r;
}

static int struct_setattr(Value v, Str *name, Value val)
{
	(void)v;
	(void)val;
	for (size_t i = 0; i < TIME_STRUCT_FIELDS; i++)
		if (strcmp(name->data, field_names[i]) == 0) {
			err_format(Exc_AttributeError, "readonly attribute");
			return -1;
		}
	err_format(Exc_AttributeError, "'time.struct_time' object has no attribute '%s'", name->data);
	return -1;
}

static Value struct_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__reduce__", nargs, kw, 0, 0))
		return v_null();
	Tuple *t = AS_TUPLE(self);
	Tuple *seq = tuple_from(t->items, TIME_STRUCT_SEQ);
	Dict *d = dict_new();
	if (!seq || !d) {
		obj_xdecref(seq ? &seq->ob : NULL);
		obj_xdecref(d ? &d->ob : NULL);
		return v_null();
	}
	for (size_t i = TIME_STRUCT_SEQ; i < TIME_STRUCT_FIELDS; i++) {
		Str *k = str_intern(field_names[i]);
		dict_set_str(d, k, t->items[i]);
		obj_decref(&k->ob);
	}
	Value inner[2] = {v_obj(&seq->ob), v_obj(&d->ob)};
	Tuple *in = tuple_from(inner, 2);
	obj_decref(&seq->ob);
	obj_decref(&d->ob);
	if (!in)
		return v_null();
	Value outer[2] = {v_obj(&time_struct_type.ob), v_obj(&in->ob)};
	Tuple *r = tuple_from(outer, 2);
	obj_decref(&in->ob);
	return r ? v_obj(&r->ob) : v_null();
}

#define FIELD_GETTER(i) \
	static Value get_field_##i(Value v) { return val_incref(AS_TUPLE(v)->items[i]); }
FIELD_GETTER(0) FIELD_GETTER(1) FIELD_GETTER(2) FIELD_GETTER(3) FIELD_GETTER(4)
FIELD_GETTER(5) FIELD_GETTER(6) FIELD_GETTER(7) FIELD_GETTER(8) FIELD_GETTER(9)
FIELD_GETTER(10)
#undef FIELD_GETTER

static const unaryfn getters[TIME_STRUCT_FIELDS] = {
	get_field_0, get_field_1, get_field_2, get_field_3, get_field_4, get_field_5,
	get_field_6, get_field_7, get_field_8, get_field_9, get_field_10,
};

void time_struct_type_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	Type *t = &time_struct_type;
	type_init_builtin(t, "time.struct_time", &tuple_type);
	t->dealloc = struct_dealloc;
	t->traverse = struct_traverse;
	t->repr = struct_repr;
	t->new = struct_new_slot;
	t->setattr = struct_setattr;
	for (size_t i = 0; i < TIME_STRUCT_FIELDS; i++)
		type_add_getset(t, field_names[i], getters[i]);
	type_add_method(t, "__reduce__", struct_reduce, 0);
	module_set_attr(t->dict, "n_fields", v_int(TIME_STRUCT_FIELDS));
	module_set_attr(t->dict, "n_sequence_fields", v_int(TIME_STRUCT_SEQ));
	module_set_attr(t->dict, "n_unnamed_fields", v_int(0));
	Tuple *ma = tuple_new(TIME_STRUCT_SEQ);
	if (ma) {
		for (size_t i = 0; i < TIME_STRUCT_SEQ; i++)
			ma->items[i] = str_value(str_intern(field_names[i]));
		module_set_attr(t->dict, "__match_args__", v_obj(&ma->ob));
	}
	module_set_attr(t->dict, "__module__", str_value(str_intern("time")));
	void type_ready(Type *t);
	type_ready(t);
}
