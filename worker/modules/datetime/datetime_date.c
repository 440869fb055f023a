/* worker/modules/datetime/datetime_date.c -- datetime.date: constructor and
 * alternate constructors (today, fromtimestamp, fromordinal, fromisoformat,
 * fromisocalendar), calendar methods, text forms (isoformat, strftime,
 * __format__, ctime), arithmetic with timedelta, comparisons and hash.
 * Also the strftime helper the datetime and time types share. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "worker/modules/datetime/datetime.h"
#include "worker/modules/datetime/dt_format.h"
#include "worker/modules/datetime/dt_parse.h"

Type dt_date_type;

static Value date_alloc(Type *t, int year, int month, int day)
{
	DateObj *o = (DateObj *)obj_alloc(t, t->basicsize);
	if (!o)
		return v_null();
	o->hash = -1;
	o->year = year;
	o->month = (uint8_t)month;
	o->day = (uint8_t)day;
	return v_obj(&o->ob);
}

Value dt_date_make(Type *t, int year, int month, int day)
{
	if (t == &dt_date_type)
		return date_alloc(t, year, month, day);
	if (t == &dt_datetime_type)
		return dt_datetime_make(t, year, month, day, 0, 0, 0, 0, v_none(), 0);
	Value a[3] = { v_int(year), v_int(month), v_int(day) };
	return obj_call(v_obj(&t->ob), a, 3, NULL);
}

static const char *const date_kw[3] = { "year", "month", "day" };

static Value date_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	Value in[3];
	int64_t f[3];
	if (!dt_args(NULL, args, nargs, kw, date_kw, 3, 3, in))
		return v_null();
	for (int i = 0; i < 3; i++)
		if (!dt_arg_int(in[i], &f[i]))
			return v_null();
	struct core_error e;
	if (dt_check_date(f[0], f[1], f[2], &e))
		return dt_raise(&e);
	return date_alloc(t, (int)f[0], (int)f[1], (int)f[2]);
}

/* ---- alternate constructors ------------------------------------------------ */

static Type *cls_of(Value self)
{
	return (Type *)self.u.o;
}

static Value date_today(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("today", nargs, kw, 0, 0))
		return v_null();
	int64_t us = dt_now_us();
	int64_t days = us >= 0 ? us / 86400000000LL : -((-us + 86399999999LL) / 86400000000LL);
	int64_t y;
	int m, d;
	dt_ord_to_ymd(days + DT_EPOCH_ORDINAL, &y, &m, &d);
	return dt_date_make(cls_of(self), (int)y, m, d);
}

/* A timestamp argument to whole seconds (floor) */
bool dt_timestamp_arg(Value v, double *out);
bool dt_timestamp_arg(Value v, double *out)
{
	if (IS_INT(v) || IS_BOOL(v)) {
		*out = (double)v.u.i;
		return true;
	}
	if (IS_FLOAT(v) || val_isinstance(v, &float_type) || val_isinstance(v, &int_type)) {
		if (val_isinstance(v, &int_type)) {
			int64_t i;
			if (!int_as_i64(v, &i)) {
				err_format(Exc_OverflowError, "timestamp out of range for platform time_t");
				return false;
			}
			*out = (double)i;
			return true;
		}
		return val_to_double(v, out);
	}
	err_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(v));
	return false;
}

static Value date_fromtimestamp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromtimestamp", nargs, kw, 1, 1))
		return v_null();
	double ts;
	if (!dt_timestamp_arg(args[0], &ts))
		return v_null();
	struct dt_tm tm;
	struct core_error e;
	if (dt_gmtime_double(ts, &tm, &e))
		return dt_raise(&e);
	if (dt_check_date(tm.year, tm.mon, tm.mday, &e))
		return dt_raise(&e);
	return dt_date_make(cls_of(self), (int)tm.year, tm.mon, tm.mday);
}

static Value date_fromordinal(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromordinal", nargs, kw, 1, 1))
		return v_null();
	int64_t ord;
	if (!dt_arg_int(args[0], &ord))
		return v_null();
	if (ord < 1)
		return err_null_format(Exc_ValueError, "ordinal must be >= 1");
	int64_t y;
	int m, d;
	dt_ord_to_ymd(ord, &y, &m, &d);
	if (y > DT_MAXYEAR)
		return err_null_format(Exc_ValueError, "year %lld is out of range", (long long)y);
	return dt_date_make(cls_of(self), (int)y, m, d);
}

static Value date_fromisoformat(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromisoformat", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "fromisoformat: argument must be str");
	Str *s = AS_STR(args[0]);
	struct dt_iso r;
	struct core_error e;
	if (dt_date_fromisoformat(s->data, s->nbytes, &r, &e))
		return dt_raise(&e);
	return dt_date_make(cls_of(self), r.year, r.month, r.day);
}

static Value date_fromisocalendar(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[3] = { "year", "week", "day" };
	Value in[3];
	int64_t f[3];
	if (!dt_args("fromisocalendar", args, nargs, kw, names, 3, 3, in))
		return v_null();
	for (int i = 0; i < 3; i++)
		if (!dt_arg_int(in[i], &f[i]))
			return v_null();
	int y, m, d;
	struct core_error e;
	if (dt_fromisocalendar(f[0], f[1], f[2], &y, &m, &d, &e))
		return dt_raise(&e);
	return dt_date_make(cls_of(self), y, m, d);
}

/* ---- attributes and calendar methods -------------------------------------- */

static Value date_get_year(Value v) { return v_int(AS_DATE(v)->year); }
static Value date_get_month(Value v) { return v_int(AS_DATE(v)->month); }
static Value date_get_day(Value v) { return v_int(AS_DATE(v)->day); }

static int64_t ord_of(Value v)
{
	DateObj *d = AS_DATE(v);
	return dt_ymd_to_ord(d->year, d->month, d->day);
}

static Value date_toordinal(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("toordinal", nargs, kw, 0, 0))
		return v_null();
	return v_int(ord_of(self));
}

static Value date_weekday(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("weekday", nargs, kw, 0, 0))
		return v_null();
	DateObj *d = AS_DATE(self);
	return v_int(dt_weekday(d->year, d->month, d->day));
}

static Value date_isoweekday(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("isoweekday", nargs, kw, 0, 0))
		return v_null();
	DateObj *d = AS_DATE(self);
	return v_int(dt_weekday(d->year, d->month, d->day) + 1);
}

static Value date_isocalendar(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("isocalendar", nargs, kw, 0, 0))
		return v_null();
	DateObj *d = AS_DATE(self);
	int64_t iy;
	int iw, iwd;
	dt_isocalendar(d->year, d->month, d->day, &iy, &iw, &iwd);
	return dt_isocal_new(iy, iw, iwd);
}

static Value date_replace(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value in[3];
	if (!dt_args("replace", args, nargs, kw, date_kw, 3, 0, in))
		return v_null();
	DateObj *d = AS_DATE(self);
	int64_t f[3] = { d->year, d->month, d->day };
	for (int i = 0; i < 3; i++)
		if (!IS_NULL(in[i]) && !dt_arg_int(in[i], &f[i]))
			return v_null();
	struct core_error e;
	if (dt_check_date(f[0], f[1], f[2], &e))
		return dt_raise(&e);
	return dt_date_make(val_type(self), (int)f[0], (int)f[1], (int)f[2]);
}

/* ---- text ------------------------------------------------------------------ */

static Value buf_to_str(struct text_buf *b)
{
	Value r = str_value(str_new(b->data ? b->data : "", b->len));
	text_buf_free(b);
	return r;
}

static Value date_isoformat(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (nargs || (kw && kw->n))
		return err_null_format(Exc_TypeError, "date.isoformat() takes no arguments (%zu given)", nargs + (kw ? kw->n : 0));
	DateObj *d = AS_DATE(self);
	char buf[32];
	snprintf(buf, sizeof buf, "%04d-%02d-%02d", d->year, d->month, d->day);
	return str_value(str_cstr(buf));
}

static Value date_str(Value self)
{
	return call_method(self, dt_ids.isoformat, NULL, 0);
}

static Value date_repr(Value self)
{
	DateObj *d = AS_DATE(self);
	return str_value(str_printf("%s(%d, %d, %d)", type_name_of(self), d->year, d->month, d->day));
}

static bool fmt_has(Str *f, char c)
{
	for (size_t i = 0; i + 1 < f->nbytes; i++) {
		if (f->data[i] == '%') {
			if (f->data[i + 1] == c)
				return true;
			i++;
		}
	}
	return false;
}

Value dt_strftime_common(Value fmt, int year, int month, int day, int hour, int minute,
			 int second, int us, Value tz, Value tzarg)
{
	if (!IS_STR(fmt))
		return err_null_format(Exc_TypeError, "strftime() argument 1 must be str, not %s", type_name_of(fmt));
	Str *f = AS_STR(fmt);
	struct dt_delta off;
	bool have_off = false;
	Value name = v_null();
	if (!IS_NONE(tz) && fmt_has(f, 'z')) {
		Value o = dt_call_offset(tz, tzarg, false);
		if (IS_NULL(o))
			return o;
		if (!IS_NONE(o)) {
			off = dt_delta_get(o);
			have_off = true;
		}
		val_decref(o);
	}
	if (!IS_NONE(tz) && fmt_has(f, 'Z')) {
		name = dt_call_tzname(tz, tzarg);
		if (IS_NULL(name))
			return name;
	}
	struct dt_tm tm;
	tm.year = year;
	tm.mon = month;
	tm.mday = day;
	tm.hour = hour;
	tm.min = minute;
	tm.sec = second;
	tm.wday = dt_weekday(year, month, day);
	tm.yday = dt_days_before_month(year, month) + day;
	tm.isdst = -1;
	struct text_buf out = TEXT_BUF_INIT;
	struct core_error e;
	int rc = dt_datetime_strftime(&out, f->data, f->nbytes, &tm, us, have_off ? &off : NULL,
				      (!IS_NULL(name) && IS_STR(name)) ? AS_STR(name)->data : NULL, &e);
	val_decref(name);
	if (rc) {
		text_buf_free(&out);
		return dt_raise(&e);
	}
	return buf_to_str(&out);
}

static Value date_strftime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[1] = { "format" };
	Value in[1];
	if (!dt_args("strftime", args, nargs, kw, names, 1, 1, in))
		return v_null();
	DateObj *d = AS_DATE(self);
	return dt_strftime_common(in[0], d->year, d->month, d->day, 0, 0, 0, 0, v_none(), v_none());
}

Value dt_format_method(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("__format__", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "__format__() argument 1 must be str, not %s", type_name_of(args[0]));
	if (AS_STR(args[0])->nbytes == 0)
		return obj_str(self);
	return call_method(self, dt_ids.strftime, args, 1);
}

static Value date_ctime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("ctime", nargs, kw, 0, 0))
		return v_null();
	DateObj *d = AS_DATE(self);
	char buf[64];
	dt_ctime(d->year, d->month, d->day, 0, 0, 0, buf, sizeof buf);
	return str_value(str_cstr(buf));
}

static Value date_timetuple(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("timetuple", nargs, kw, 0, 0))
		return v_null();
	DateObj *d = AS_DATE(self);
	return dt_make_timetuple(d->year, d->month, d->day, 0, 0, 0, -1);
}

static Value date_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	(void)nargs;
	(void)kw;
	DateObj *d = AS_DATE(self);
	Value items[3] = { v_int(d->year), v_int(d->month), v_int(d->day) };
	Tuple *in = tuple_from(items, 3);
	if (!in)
		return v_null();
	Type *t = val_type(self);
	Value pair[2] = { v_obj(&t->ob), v_obj(&in->ob) };
	Tuple *r = tuple_from(pair, 2);
	obj_decref(&in->ob);
	return r ? v_obj(&r->ob) : v_null();
}

/* ---- arithmetic, comparison, hash ------------------------------------------ */

static Value date_plus_days(Value date, int64_t days)
{
	int64_t ord = ord_of(date) + days;
	if (ord < 1 || ord > dt_ymd_to_ord(DT_MAXYEAR, 12, 31))
		return err_null_format(Exc_OverflowError, "date value out of range");
	int64_t y;
	int m, d;
	dt_ord_to_ymd(ord, &y, &m, &d);
	return dt_date_make(val_type(date), (int)y, m, d);
}

static Value date_add(Value a, Value b)
{
	if (IS_DATETIME(a) || IS_DATETIME(b))
		return v_notimpl();
	if (IS_DATE(a) && IS_DELTA(b))
		return date_plus_days(a, AS_DELTA(b)->days);
	if (IS_DELTA(a) && IS_DATE(b))
		return date_plus_days(b, AS_DELTA(a)->days);
	return v_notimpl();
}

static Value date_sub(Value a, Value b)
{
	if (IS_DATETIME(a) || IS_DATETIME(b) || !IS_DATE(a))
		return v_notimpl();
	if (IS_DATE(b))
		return dt_delta_from_total((__int128)(ord_of(a) - ord_of(b)) * 86400 * 1000000);
	if (IS_DELTA(b))
		return date_plus_days(a, -(int64_t)AS_DELTA(b)->days);
	return v_notimpl();
}

static Value cmp_to_bool(int c, int op)
{
	return cmp_result(c, op);
}

static Value date_richcmp(Value a, Value b, int op)
{
	if (!IS_DATE(b) || IS_DATETIME(b) || IS_DATETIME(a))
		return v_notimpl();
	DateObj *x = AS_DATE(a), *y = AS_DATE(b);
	int c = x->year != y->year ? (x->year < y->year ? -1 : 1)
		: x->month != y->month ? (x->month < y->month ? -1 : 1)
		: x->day != y->day ? (x->day < y->day ? -1 : 1) : 0;
	return cmp_to_bool(c, op);
}

static bool date_hash(Value a, int64_t *out)
{
	DateObj *d = AS_DATE(a);
	if (d->hash == -1) {
		uint64_t h = ((uint64_t)d->year * 13 + d->month) * 32 + d->day;
		h *= 0x9E3779B97F4A7C15ull;
		int64_t r = (int64_t)(h >> 2);
		d->hash = r == -1 ? -2 : r;
	}
	*out = d->hash;
	return true;
}

void dt_date_type_init(void)
{
	Type *t = &dt_date_type;
	type_init_builtin(t, "datetime.date", &object_type);
	t->flags |= TF_BASETYPE;
	t->basicsize = sizeof(DateObj);
	t->new = date_new;
	t->repr = date_repr;
	t->str = date_str;
	t->hash = date_hash;
	t->richcmp = date_richcmp;
	t->nb[NB_ADD] = date_add;
	t->nb[NB_SUB] = date_sub;
	type_add_getset(t, "year", date_get_year);
	type_add_getset(t, "month", date_get_month);
	type_add_getset(t, "day", date_get_day);
	type_add_method(t, "today", date_today, BF_CLASSMETHOD);
	type_add_method(t, "fromtimestamp", date_fromtimestamp, BF_CLASSMETHOD);
	type_add_method(t, "fromordinal", date_fromordinal, BF_CLASSMETHOD);
	type_add_method(t, "fromisoformat", date_fromisoformat, BF_CLASSMETHOD);
	type_add_method(t, "fromisocalendar", date_fromisocalendar, BF_CLASSMETHOD);
	type_add_method(t, "toordinal", date_toordinal, 0);
	type_add_method(t, "weekday", date_weekday, 0);
	type_add_method(t, "isoweekday", date_isoweekday, 0);
	type_add_method(t, "isocalendar", date_isocalendar, 0);
	type_add_method(t, "replace", date_replace, 0);
	type_add_method(t, "isoformat", date_isoformat, 0);
	type_add_method(t, "strftime", date_strftime, 0);
	type_add_method(t, "__format__", dt_format_method, 0);
	type_add_method(t, "ctime", date_ctime, 0);
	type_add_method(t, "timetuple", date_timetuple, 0);
	type_add_method(t, "__reduce__", date_reduce, 0);
	type_add_method(t, "__reduce_ex__", date_reduce, 0);
	dict_set_str(t->dict, ID(__module__), str_value(str_intern("datetime")));
}

void dt_date_add_constants(void);
void dt_date_add_constants(void)
{
	Type *t = &dt_date_type;
	Value v = date_alloc(t, 1, 1, 1);
	dict_set_str(t->dict, str_intern("min"), v);
	val_decref(v);
	v = date_alloc(t, DT_MAXYEAR, 12, 31);
	dict_set_str(t->dict, str_intern("max"), v);
	val_decref(v);
	v = dt_delta_make(1, 0, 0);
	dict_set_str(t->dict, str_intern("resolution"), v);
	val_decref(v);
}
