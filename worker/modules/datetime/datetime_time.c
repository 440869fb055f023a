/* worker/modules/datetime/datetime_time.c -- datetime.time: constructor, fold and
 * tzinfo, isoformat with timespec, fromisoformat, strftime, replace,
 * utcoffset/dst/tzname, comparisons (naive vs aware rules) and hash. */
#include "config.h"

#include <string.h>

#include "worker/modules/datetime/datetime.h"
#include "worker/modules/datetime/dt_format.h"
#include "worker/modules/datetime/dt_parse.h"

Type dt_time_type;

static Value time_alloc(Type *t, int h, int m, int s, int us, Value tz, int fold)
{
	TimeObj *o = (TimeObj *)obj_alloc(t, t->basicsize);
	if (!o)
		return v_null();
	o->hash = -1;
	o->hour = (uint8_t)h;
	o->minute = (uint8_t)m;
	o->second = (uint8_t)s;
	o->us = us;
	o->fold = (uint8_t)fold;
	o->tz = val_incref(tz);
	return v_obj(&o->ob);
}

/* Calls a subclass t(*args, fold=fold). */
Value dt_call_with_fold(Type *t, Value *a, size_t n, int fold);
Value dt_call_with_fold(Type *t, Value *a, size_t n, int fold)
{
	if (!fold)
		return obj_call(v_obj(&t->ob), a, n, NULL);
	Value all[n + 1];
	for (size_t i = 0; i < n; i++)
		all[i] = a[i];
	all[n] = v_int(fold);
	Value k = str_value(dt_ids.fold);
	Tuple *kw = tuple_from(&k, 1);
	if (!kw)
		return v_null();
	Value r = obj_call(v_obj(&t->ob), all, n, kw);
	obj_decref(&kw->ob);
	return r;
}

Value dt_time_make(Type *t, int hour, int minute, int second, int us, Value tz, int fold)
{
	if (t == &dt_time_type)
		return time_alloc(t, hour, minute, second, us, tz, fold);
	Value a[5] = { v_int(hour), v_int(minute), v_int(second), v_int(us), tz };
	return dt_call_with_fold(t, a, 5, fold);
}

static void time_dealloc(Obj *o)
{
	TimeObj *t = (TimeObj *)o;
	val_decref(t->tz);
	obj_free(o);
}

static const char *const time_kw[6] = { "hour", "minute", "second", "microsecond", "tzinfo", "fold" };

/* Shared by the constructor and replace(): f[] holds the current values. */
static bool time_fields(const char *fname, const Value *args, size_t nargs, Tuple *kw,
			int64_t f[6], Value *tz)
{
	Value in[6];
	if (nargs > 5) {
		err_format(Exc_TypeError, "%s%s takes at most 5 positional arguments (%zu given)",
			   fname ? fname : "function", fname ? "()" : "", nargs);
		return false;
	}
	if (!dt_args(fname, args, nargs, kw, time_kw, 6, 0, in))
		return false;
	for (int i = 0; i < 6; i++) {
		if (i == 4 || IS_NULL(in[i]))
			continue;
		if (!dt_arg_int(in[i], &f[i]))
			return false;
	}
	if (!IS_NULL(in[4])) {
		if (!dt_check_tzinfo(in[4]))
			return false;
		*tz = in[4];
	}
	struct core_error e;
	if (dt_check_time(f[0], f[1], f[2], f[3], f[5], &e)) {
		dt_raise(&e);
		return false;
	}
	return true;
}

static Value time_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	int64_t f[6] = { 0, 0, 0, 0, 0, 0 };
	Value tz = v_none();
	if (!time_fields(NULL, args, nargs, kw, f, &tz))
		return v_null();
	return time_alloc(t, (int)f[0], (int)f[1], (int)f[2], (int)f[3], tz, (int)f[5]);
}

static Value time_replace(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	TimeObj *o = AS_TIME(self);
	int64_t f[6] = { o->hour, o->minute, o->second, o->us, 0, o->fold };
	Value tz = o->tz;
	if (!time_fields("replace", args, nargs, kw, f, &tz))
		return v_null();
	return dt_time_make(val_type(self), (int)f[0], (int)f[1], (int)f[2], (int)f[3], tz, (int)f[5]);
}

/* ---- attributes -------------------------------------------------------------- */

static Value time_get_hour(Value v) { return v_int(AS_TIME(v)->hour); }
static Value time_get_minute(Value v) { return v_int(AS_TIME(v)->minute); }
static Value time_get_second(Value v) { return v_int(AS_TIME(v)->second); }
static Value time_get_us(Value v) { return v_int(AS_TIME(v)->us); }
static Value time_get_fold(Value v) { return v_int(AS_TIME(v)->fold); }
static Value time_get_tz(Value v) { return val_incref(AS_TIME(v)->tz); }

static Value time_utcoffset(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("utcoffset", nargs, kw, 0, 0))
		return v_null();
	return dt_call_offset(AS_TIME(self)->tz, v_none(), false);
}

static Value time_dst(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("dst", nargs, kw, 0, 0))
		return v_null();
	return dt_call_offset(AS_TIME(self)->tz, v_none(), true);
}

static Value time_tzname(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("tzname", nargs, kw, 0, 0))
		return v_null();
	return dt_call_tzname(AS_TIME(self)->tz, v_none());
}

/* ---- text ---------------------------------------------------------------------- */

/* Appends "+HH:MM[...]" for tz.utcoffset(arg) when not None. */
bool dt_append_offset(struct text_buf *b, Value tz, Value arg, const char *sep);
bool dt_append_offset(struct text_buf *b, Value tz, Value arg, const char *sep)
{
	if (IS_NONE(tz))
		return true;
	Value o = dt_call_offset(tz, arg, false);
	if (IS_NULL(o))
		return false;
	if (!IS_NONE(o)) {
		struct dt_delta d = dt_delta_get(o);
		if (dt_format_utcoffset(b, &d, sep)) {
			val_decref(o);
			err_no_memory();
			return false;
		}
	}
	val_decref(o);
	return true;
}

/* timespec argument (str) -> enum */
bool dt_timespec_arg(Value v, enum dt_timespec *ts, int argno);
bool dt_timespec_arg(Value v, enum dt_timespec *ts, int argno)
{
	*ts = DT_TS_AUTO;
	if (IS_NULL(v))
		return true;
	if (!IS_STR(v)) {
		err_format(Exc_TypeError, "isoformat() argument %d must be str, not %s", argno, type_name_of(v));
		return false;
	}
	struct core_error e;
	if (dt_timespec_parse(AS_STR(v)->data, AS_STR(v)->nbytes, ts, &e)) {
		dt_raise(&e);
		return false;
	}
	return true;
}

static Value time_isoformat(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[1] = { "timespec" };
	Value in[1];
	if (!dt_args("isoformat", args, nargs, kw, names, 1, 0, in))
		return v_null();
	enum dt_timespec ts;
	if (!dt_timespec_arg(in[0], &ts, 1))
		return v_null();
	TimeObj *o = AS_TIME(self);
	struct text_buf b = TEXT_BUF_INIT;
	if (dt_isoformat_time(&b, o->hour, o->minute, o->second, o->us, ts) ||
	    !dt_append_offset(&b, o->tz, v_none(), ":")) {
		text_buf_free(&b);
		if (!err_occurred())
			err_no_memory();
		return v_null();
	}
	Value r = str_value(str_new(b.data ? b.data : "", b.len));
	text_buf_free(&b);
	return r;
}

static Value time_str(Value self)
{
	return call_method(self, dt_ids.isoformat, NULL, 0);
}

static Value time_repr(Value self)
{
	TimeObj *o = AS_TIME(self);
	StrBuf b;
	sb_init(&b);
	sb_printf(&b, "%s(%d, %d", type_name_of(self), o->hour, o->minute);
	if (o->us)
		sb_printf(&b, ", %d, %d", o->second, o->us);
	else if (o->second)
		sb_printf(&b, ", %d", o->second);
	if (!IS_NONE(o->tz)) {
		sb_adds(&b, ", tzinfo=");
		if (!sb_add_repr(&b, o->tz)) {
			sb_free(&b);
			return v_null();
		}
	}
	if (o->fold)
		sb_adds(&b, ", fold=1");
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

static Value time_strftime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[1] = { "format" };
	Value in[1];
	if (!dt_args("strftime", args, nargs, kw, names, 1, 1, in))
		return v_null();
	TimeObj *o = AS_TIME(self);
	return dt_strftime_common(in[0], 1900, 1, 1, o->hour, o->minute, o->second, o->us, o->tz, v_none());
}

static Value time_fromisoformat(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromisoformat", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "fromisoformat: argument must be str");
	Str *s = AS_STR(args[0]);
	struct dt_iso r;
	struct core_error e;
	if (dt_time_fromisoformat(s->data, s->nbytes, &r, &e))
		return dt_raise(&e);
	Value tz = v_none();
	if (r.has_tz) {
		struct dt_delta off;
		if (dt_delta_from_us((__int128)r.tz_seconds * 1000000 + r.tz_usec, &off, &e))
			return dt_raise(&e);
		tz = dt_timezone_make(&off, NULL);
		if (IS_NULL(tz))
			return tz;
	}
	Value res = dt_time_make((Type *)self.u.o, r.hour, r.minute, r.second, r.usec, tz, 0);
	val_decref(tz);
	return res;
}

static Value time_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	(void)nargs;
	(void)kw;
	TimeObj *o = AS_TIME(self);
	Value items[5] = { v_int(o->hour), v_int(o->minute), v_int(o->second), v_int(o->us), o->tz };
	Tuple *in = tuple_from(items, 5);
	if (!in)
		return v_null();
	Type *t = val_type(self);
	Value pair[2] = { v_obj(&t->ob), v_obj(&in->ob) };
	Tuple *r = tuple_from(pair, 2);
	obj_decref(&in->ob);
	return r ? v_obj(&r->ob) : v_null();
}

/* ---- comparison and hash ------------------------------------------------------- */

static int64_t time_us(TimeObj *o)
{
	return ((int64_t)o->hour * 3600 + o->minute * 60 + o->second) * 1000000 + o->us;
}

static Value cmp_bool(int64_t x, int64_t y, int op)
{
	int c = x < y ? -1 : x > y;
	return cmp_result(c, op);
}

static Value time_richcmp(Value a, Value b, int op)
{
	if (!IS_TIME(b))
		return v_notimpl();
	TimeObj *x = AS_TIME(a), *y = AS_TIME(b);
	if (x->tz.tag == y->tz.tag && x->tz.u.o == y->tz.u.o)
		return cmp_bool(time_us(x), time_us(y), op);
	Value ox = dt_call_offset(x->tz, v_none(), false);
	if (IS_NULL(ox))
		return ox;
	Value oy = dt_call_offset(y->tz, v_none(), false);
	if (IS_NULL(oy)) {
		val_decref(ox);
		return oy;
	}
	Value r;
	if (IS_NONE(ox) && IS_NONE(oy)) {
		r = cmp_bool(time_us(x), time_us(y), op);
	} else if (IS_NONE(ox) || IS_NONE(oy)) {
		if (op == CMP_EQ || op == CMP_NE)
			r = v_bool(op == CMP_NE);
		else
			r = err_null_format(Exc_TypeError, "can't compare offset-naive and offset-aware times");
	} else {
		int64_t dx = (int64_t)dt_delta_us(ox), dy = (int64_t)dt_delta_us(oy);
		r = cmp_bool(time_us(x) - dx, time_us(y) - dy, op);
	}
	val_decref(ox);
	val_decref(oy);
	return r;
}

static bool time_hash(Value a, int64_t *out)
{
	TimeObj *o = AS_TIME(a);
	if (o->hash == -1) {
		int64_t us = time_us(o);
		if (!IS_NONE(o->tz)) {
			Value off = dt_call_offset(o->tz, v_none(), false);
			if (IS_NULL(off))
				return false;
			if (!IS_NONE(off))
				us -= (int64_t)dt_delta_us(off);
			val_decref(off);
		}
		uint64_t h = (uint64_t)us * 0x9E3779B97F4A7C15ull;
		int64_t r = (int64_t)(h >> 3);
		o->hash = r == -1 ? -2 : r;
	}
	*out = o->hash;
	return true;
}

static int time_truth(Value a)
{
	(void)a;
	return 1;
}

static void time_traverse(Obj *o, visitfn visit, void *arg)
{
	visit(((TimeObj *)o)->tz, arg);
}

void dt_time_type_init(void)
{
	Type *t = &dt_time_type;
	type_init_builtin(t, "datetime.time", &object_type);
	t->flags |= TF_BASETYPE;
	t->basicsize = sizeof(TimeObj);
	t->new = time_new;
	t->dealloc = time_dealloc;
	t->traverse = time_traverse;
	t->repr = time_repr;
	t->str = time_str;
	t->hash = time_hash;
	t->richcmp = time_richcmp;
	t->truth = time_truth;
	type_add_getset(t, "hour", time_get_hour);
	type_add_getset(t, "minute", time_get_minute);
	type_add_getset(t, "second", time_get_second);
	type_add_getset(t, "microsecond", time_get_us);
	type_add_getset(t, "tzinfo", time_get_tz);
	type_add_getset(t, "fold", time_get_fold);
	type_add_method(t, "utcoffset", time_utcoffset, 0);
	type_add_method(t, "dst", time_dst, 0);
	type_add_method(t, "tzname", time_tzname, 0);
	type_add_method(t, "isoformat", time_isoformat, 0);
	type_add_method(t, "strftime", time_strftime, 0);
	type_add_method(t, "__format__", dt_format_method, 0);
	type_add_method(t, "replace", time_replace, 0);
	type_add_method(t, "fromisoformat", time_fromisoformat, BF_CLASSMETHOD);
	type_add_method(t, "__reduce__", time_reduce, 0);
	type_add_method(t, "__reduce_ex__", time_reduce, 0);
	dict_set_str(t->dict, ID(__module__), str_value(str_intern("datetime")));
}

void dt_time_add_constants(void);
void dt_time_add_constants(void)
{
	Type *t = &dt_time_type;
	Value v = time_alloc(t, 0, 0, 0, 0, v_none(), 0);
	dict_set_str(t->dict, str_intern("min"), v);
	val_decref(v);
	v = time_alloc(t, 23, 59, 59, 999999, v_none(), 0);
	dict_set_str(t->dict, str_intern("max"), v);
	val_decref(v);
	v = dt_delta_make(0, 0, 1);
	dict_set_str(t->dict, str_intern("resolution"), v);
	val_decref(v);
}
