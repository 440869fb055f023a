/* worker/modules/datetime/datetime_tz.c -- datetime.tzinfo (the abstract base user
 * time zones subclass, with the default fromutc) and datetime.timezone
 * (fixed offsets, timezone.utc), plus the checked calls of utcoffset(),
 * dst() and tzname() every aware value goes through. */
#include "config.h"

#include <string.h>

#include "worker/modules/datetime/datetime.h"
#include "worker/modules/datetime/dt_format.h"

Type dt_tzinfo_type, dt_timezone_type;
Value dt_utc;

/* ---- checked calls ------------------------------------------------------------ */

Value dt_call_offset(Value tz, Value arg, bool dst)
{
	if (IS_NONE(tz))
		return v_none();
	if (obj_is(tz, &dt_timezone_type)) {
		if (dst)
			return v_none();
		TimezoneObj *z = AS_TZ(tz);
		return dt_delta_make(z->off.days, z->off.seconds, z->off.microseconds);
	}
	const char *name = dst ? "dst" : "utcoffset";
	Value r = call_method(tz, dst ? dt_ids.dst : dt_ids.utcoffset, &arg, 1);
	if (IS_NULL(r) || IS_NONE(r))
		return r;
	if (!IS_DELTA(r)) {
		err_format(Exc_TypeError, "tzinfo.%s() must return None or timedelta, not '%s'", name, type_name_of(r));
		val_decref(r);
		return v_null();
	}
	__int128 us = dt_delta_us(r);
	const __int128 day = (__int128)86400 * 1000000;
	if (us <= -day || us >= day) {
		val_decref(r);
		return err_null_format(Exc_ValueError, "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).");
	}
	return r;
}

static Value tz_default_name(const struct dt_delta *off)
{
	struct text_buf b = TEXT_BUF_INIT;
	if (dt_timezone_name(&b, off)) {
		text_buf_free(&b);
		err_no_memory();
		return v_null();
	}
	Value r = str_value(str_new(b.data ? b.data : "", b.len));
	text_buf_free(&b);
	return r;
}

Value dt_call_tzname(Value tz, Value arg)
{
	if (IS_NONE(tz))
		return v_none();
	if (obj_is(tz, &dt_timezone_type)) {
		TimezoneObj *z = AS_TZ(tz);
		if (z->name) {
			obj_incref(&z->name->ob);
			return str_value(z->name);
		}
		return tz_default_name(&z->off);
	}
	Value r = call_method(tz, dt_ids.tzname, &arg, 1);
	if (IS_NULL(r) || IS_NONE(r) || IS_STR(r))
		return r;
	err_format(Exc_TypeError, "tzinfo.tzname() must return None or a string, not '%s'", type_name_of(r));
	val_decref(r);
	return v_null();
}

/* ---- tzinfo ---------------------------------------------------------------------- */

static Value tzinfo_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	(void)nargs;
	(void)kw;
	Obj *o = obj_alloc(t, t->basicsize);
	return o ? v_obj(o) : v_null();
}

static Value tzinfo_utcoffset(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	(void)args;
	if (!args_check("utcoffset", nargs, kw, 1, 1))
		return v_null();
	return err_null_format(Exc_NotImplementedError, "a tzinfo subclass must implement utcoffset()");
}

static Value tzinfo_dst(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	(void)args;
	if (!args_check("dst", nargs, kw, 1, 1))
		return v_null();
	return err_null_format(Exc_NotImplementedError, "a tzinfo subclass must implement dst()");
}

static Value tzinfo_tzname(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	(void)args;
	if (!args_check("tzname", nargs, kw, 1, 1))
		return v_null();
	return err_null_format(Exc_NotImplementedError, "a tzinfo subclass must implement tzname()");
}

static Value add_delta(Value dt, Value delta)
{
	return binop(dt, delta, NB_ADD);
}

static Value tzinfo_fromutc(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromutc", nargs, kw, 1, 1))
		return v_null();
	Value dt = args[0];
	if (!IS_DATETIME(dt))
		return err_null_format(Exc_TypeError, "fromutc: argument must be a datetime");
	if (AS_DT(dt)->tz.tag != V_OBJ || AS_DT(dt)->tz.u.o != self.u.o)
		return err_null_format(Exc_ValueError, "fromutc: dt.tzinfo is not self");
	Value off = dt_call_offset(self, dt, false);
	if (IS_NULL(off))
		return off;
	if (IS_NONE(off))
		return err_null_format(Exc_ValueError, "fromutc: non-None utcoffset() result required");
	Value dst = dt_call_offset(self, dt, true);
	if (IS_NULL(dst)) {
		val_decref(off);
		return dst;
	}
	if (IS_NONE(dst)) {
		val_decref(off);
		return err_null_format(Exc_ValueError, "fromutc: non-None dst() result required");
	}
	Value delta = binop(off, dst, NB_SUB);
	val_decref(off);
	val_decref(dst);
	if (IS_NULL(delta))
		return delta;
	Value cur = val_incref(dt);
	if (dt_delta_us(delta) != 0) {
		Value n = add_delta(cur, delta);
		val_decref(cur);
		if (IS_NULL(n)) {
			val_decref(delta);
			return n;
		}
		cur = n;
		dst = dt_call_offset(self, cur, true);
		if (IS_NULL(dst)) {
			val_decref(delta);
			val_decref(cur);
			return dst;
		}
		if (IS_NONE(dst)) {
			val_decref(delta);
			val_decref(cur);
			return err_null_format(Exc_ValueError, "fromutc: tz.dst() gave inconsistent results; cannot convert");
		}
	} else {
		dst = dt_call_offset(self, cur, true);
		if (IS_NULL(dst)) {
			val_decref(delta);
			val_decref(cur);
			return dst;
		}
	}
	val_decref(delta);
	Value r = add_delta(cur, dst);
	val_decref(cur);
	val_decref(dst);
	return r;
}

/* ---- timezone -------------------------------------------------------------------- */

static Value tz_alloc(Type *t, const struct dt_delta *off, Str *name)
{
	TimezoneObj *z = (TimezoneObj *)obj_alloc(t, t->basicsize);
	if (!z)
		return v_null();
	z->off = *off;
	if (name) {
		obj_incref(&name->ob);
		z->name = name;
	}
	return v_obj(&z->ob);
}

Value dt_timezone_make(const struct dt_delta *off, Str *name)
{
	if (!name && off->days == 0 && off->seconds == 0 && off->microseconds == 0 && !IS_NULL(dt_utc))
		return val_incref(dt_utc);
	return tz_alloc(&dt_timezone_type, off, name);
}

static void tz_dealloc(Obj *o)
{
	TimezoneObj *z = (TimezoneObj *)o;
	if (z->name)
		obj_decref(&z->name->ob);
	obj_free(o);
}

static Value timezone_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[2] = { "offset", "name" };
	Value in[2];
	(void)t;
	if (!dt_args("timezone", args, nargs, kw, names, 2, 1, in))
		return v_null();
	if (!IS_DELTA(in[0]))
		return err_null_format(Exc_TypeError, "timezone() argument 1 must be datetime.timedelta, not %s", type_name_of(in[0]));
	if (!IS_NULL(in[1]) && !IS_STR(in[1]))
		return err_null_format(Exc_TypeError, "timezone() argument 2 must be str, not %s", type_name_of(in[1]));
	struct dt_delta off = dt_delta_get(in[0]);
	struct core_error e;
	if (dt_check_tz_offset(&off, &e))
		return dt_raise(&e);
	return dt_timezone_make(&off, IS_NULL(in[1]) ? NULL : AS_STR(in[1]));
}

static bool check_dt_arg(const char *what, Value v)
{
	if (IS_NONE(v) || IS_DATETIME(v))
		return true;
	err_format(Exc_TypeError, "%s(dt) argument must be a datetime instance or None, not %s", what, type_name_of(v));
	return false;
}

static Value timezone_utcoffset(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("utcoffset", nargs, kw, 1, 1) || !check_dt_arg("utcoffset", args[0]))
		return v_null();
	TimezoneObj *z = AS_TZ(self);
	return dt_delta_make(z->off.days, z->off.seconds, z->off.microseconds);
}

static Value timezone_dst(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!args_check("dst", nargs, kw, 1, 1) || !check_dt_arg("dst", args[0]))
		return v_null();
	return v_none();
}

static Value timezone_tzname(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("tzname", nargs, kw, 1, 1) || !check_dt_arg("tzname", args[0]))
		return v_null();
	return dt_call_tzname(self, v_none());
}

static Value timezone_fromutc(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromutc", nargs, kw, 1, 1))
		return v_null();
	Value dt = args[0];
	if (!IS_DATETIME(dt))
		return err_null_format(Exc_TypeError, "fromutc: argument must be a datetime");
	if (AS_DT(dt)->tz.tag != V_OBJ || AS_DT(dt)->tz.u.o != self.u.o)
		return err_null_format(Exc_ValueError, "fromutc: dt.tzinfo is not self");
	TimezoneObj *z = AS_TZ(self);
	Value d = dt_delta_make(z->off.days, z->off.seconds, z->off.microseconds);
	if (IS_NULL(d))
		return d;
	Value r = add_delta(dt, d);
	val_decref(d);
	return r;
}

static Value timezone_repr(Value self)
{
	if (self.u.o == dt_utc.u.o)
		return str_value(str_cstr("datetime.timezone.utc"));
	TimezoneObj *z = AS_TZ(self);
	char buf[160];
	dt_delta_repr(&z->off, buf, sizeof buf);
	if (!z->name)
		return str_value(str_printf("datetime.timezone(%s)", buf));
	Value nr = str_repr_value(z->name);
	if (IS_NULL(nr))
		return nr;
	Value r = str_value(str_printf("datetime.timezone(%s, %s)", buf, AS_STR(nr)->data));
	val_decref(nr);
	return r;
}

static Value timezone_str(Value self)
{
	return dt_call_tzname(self, v_none());
}

static Value timezone_richcmp(Value a, Value b, int op)
{
	if ((op != CMP_EQ && op != CMP_NE) || !obj_is(b, &dt_timezone_type))
		return v_notimpl();
	TimezoneObj *x = AS_TZ(a), *y = AS_TZ(b);
	bool eq = x->off.days == y->off.days && x->off.seconds == y->off.seconds &&
		x->off.microseconds == y->off.microseconds;
	return v_bool(op == CMP_EQ ? eq : !eq);
}

static bool timezone_hash(Value a, int64_t *out)
{
	TimezoneObj *z = AS_TZ(a);
	Value d = dt_delta_make(z->off.days, z->off.seconds, z->off.microseconds);
	if (IS_NULL(d))
		return false;
	bool ok = obj_hash(d, out);
	val_decref(d);
	return ok;
}

static Value timezone_getinitargs(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	(void)nargs;
	(void)kw;
	TimezoneObj *z = AS_TZ(self);
	Value d = dt_delta_make(z->off.days, z->off.seconds, z->off.microseconds);
	if (IS_NULL(d))
		return d;
	Tuple *t;
	if (z->name) {
		Value items[2] = { d, v_obj(&z->name->ob) };
		t = tuple_from(items, 2);
	} else {
		t = tuple_from(&d, 1);
	}
	val_decref(d);
	return t ? v_obj(&t->ob) : v_null();
}

static Value timezone_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value in = timezone_getinitargs(self, args, nargs, kw);
	if (IS_NULL(in))
		return in;
	Value pair[2] = { v_obj(&dt_timezone_type.ob), in };
	Tuple *r = tuple_from(pair, 2);
	val_decref(in);
	return r ? v_obj(&r->ob) : v_null();
}

void dt_tz_type_init(void)
{
	Type *t = &dt_tzinfo_type;
	type_init_builtin(t, "datetime.tzinfo", &object_type);
	t->flags |= TF_BASETYPE;
	t->basicsize = sizeof(Obj);
	t->new = tzinfo_new;
	type_add_method(t, "utcoffset", tzinfo_utcoffset, 0);
	type_add_method(t, "dst", tzinfo_dst, 0);
	type_add_method(t, "tzname", tzinfo_tzname, 0);
	type_add_method(t, "fromutc", tzinfo_fromutc, 0);
	dict_set_str(t->dict, ID(__module__), str_value(str_intern("datetime")));

	t = &dt_timezone_type;
	type_init_builtin(t, "datetime.timezone", &dt_tzinfo_type);
	t->basicsize = sizeof(TimezoneObj);
	t->new = timezone_new;
	t->dealloc = tz_dealloc;
	t->repr = timezone_repr;
	t->str = timezone_str;
	t->richcmp = timezone_richcmp;
	t->hash = timezone_hash;
	type_add_method(t, "utcoffset", timezone_utcoffset, 0);
	type_add_method(t, "dst", timezone_dst, 0);
	type_add_method(t, "tzname", timezone_tzname, 0);
	type_add_method(t, "fromutc", timezone_fromutc, 0);
	type_add_method(t, "__getinitargs__", timezone_getinitargs, 0);
	type_add_method(t, "__reduce__", timezone_reduce, 0);
	type_add_method(t, "__reduce_ex__", timezone_reduce, 0);
	dict_set_str(t->dict, ID(__module__), str_value(str_intern("datetime")));
}

void dt_tz_add_constants(void);
void dt_tz_add_constants(void)
{
	Type *t = &dt_timezone_type;
	struct dt_delta zero = { 0, 0, 0 };
	dt_utc = tz_alloc(t, &zero, NULL);
	dict_set_str(t->dict, str_intern("utc"), dt_utc);
	struct dt_delta mn = { -1, 60, 0 }, mx = { 0, 86340, 0 };
	Value v = tz_alloc(t, &mn, NULL);
	dict_set_str(t->dict, str_intern("min"), v);
	val_decref(v);
	v = tz_alloc(t, &mx, NULL);
	dict_set_str(t->dict, str_intern("max"), v);
	val_decref(v);
}
