/* worker/modules/datetime/datetime_datetime.c -- datetime.datetime (a date
 * subclass): constructor, now/utcnow/today (UTC per the spec), timestamps,
 * combine, fromisoformat, strptime, conversions (date, time, timetz,
 * astimezone with local time = UTC), text forms, arithmetic with timedelta
 * and between datetimes, and the naive/aware comparison rules. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "worker/modules/datetime/datetime.h"
#include "worker/modules/datetime/dt_format.h"
#include "worker/modules/datetime/dt_parse.h"
#include "worker/modules/datetime/strptime.h"

Type dt_datetime_type;

Value dt_call_with_fold(Type *t, Value *a, size_t n, int fold);
bool dt_append_offset(struct text_buf *b, Value tz, Value arg, const char *sep);
bool dt_timespec_arg(Value v, enum dt_timespec *ts, int argno);
bool dt_timestamp_arg(Value v, double *out);

#define MAX_ORD 3652059  /* date(9999, 12, 31).toordinal() */
#define DAY_US 86400000000LL

static Value dt_alloc(Type *t, int y, int mo, int d, int h, int mi, int s, int us, Value tz, int fold)
{
	DateTimeObj *o = (DateTimeObj *)obj_alloc(t, t->basicsize);
	if (!o)
		return v_null();
	o->hash = -1;
	o->year = y;
	o->month = (uint8_t)mo;
	o->day = (uint8_t)d;
	o->hour = (uint8_t)h;
	o->minute = (uint8_t)mi;
	o->second = (uint8_t)s;
	o->us = us;
	o->fold = (uint8_t)fold;
	o->tz = val_incref(tz);
	return v_obj(&o->ob);
}

Value dt_datetime_make(Type *t, int year, int month, int day, int hour, int minute,
		       int second, int us, Value tz, int fold)
{
	if (t == &dt_datetime_type)
		return dt_alloc(t, year, month, day, hour, minute, second, us, tz, fold);
	Value a[8] = { v_int(year), v_int(month), v_int(day), v_int(hour), v_int(minute),
		       v_int(second), v_int(us), tz };
	return dt_call_with_fold(t, a, 8, fold);
}

static __int128 dt_total(DateTimeObj *o)
{
	return dt_total_us(dt_ymd_to_ord(o->year, o->month, o->day), o->hour, o->minute, o->second, o->us);
}

Value dt_datetime_from_total(Type *t, __int128 total, Value tz, int fold)
{
	__int128 days = total / DAY_US, rem = total % DAY_US;
	if (rem < 0) {
		rem += DAY_US;
		days--;
	}
	if (days < 1 || days > MAX_ORD)
		return err_null_format(Exc_OverflowError, "date value out of range");
	int64_t y;
	int m, d;
	dt_ord_to_ymd((int64_t)days, &y, &m, &d);
	int64_t r = (int64_t)rem;
	int us = (int)(r % 1000000);
	int64_t secs = r / 1000000;
	return dt_datetime_make(t, (int)y, m, d, (int)(secs / 3600), (int)(secs / 60 % 60),
				(int)(secs % 60), us, tz, fold);
}

static void dt_dealloc(Obj *o)
{
	val_decref(((DateTimeObj *)o)->tz);
	obj_free(o);
}

static void dt_traverse(Obj *o, visitfn visit, void *arg)
{
	visit(((DateTimeObj *)o)->tz, arg);
}

static const char *const dt_kw[9] = {
	"year", "month", "day", "hour", "minute", "second", "microsecond", "tzinfo", "fold"
};

static bool dt_fields(const char *fname, const Value *args, size_t nargs, Tuple *kw, size_t nreq,
		      int64_t f[9], Value *tz)
{
	Value in[9];
	if (nargs > 8) {
		err_format(Exc_TypeError, "%s%s takes at most 8 positional arguments (%zu given)",
			   fname ? fname : "function", fname ? "()" : "", nargs);
		return false;
	}
	if (!dt_args(fname, args, nargs, kw, dt_kw, 9, nreq, in))
		return false;
	for (int i = 0; i < 9; i++) {
		if (i == 7 || IS_NULL(in[i]))
			continue;
		if (!dt_arg_int(in[i], &f[i]))
			return false;
	}
	if (!IS_NULL(in[7])) {
		if (!dt_check_tzinfo(in[7]))
			return false;
		*tz = in[7];
	}
	struct core_error e;
	if (dt_check_date(f[0], f[1], f[2], &e) || dt_check_time(f[3], f[4], f[5], f[6], f[8], &e)) {
		dt_raise(&e);
		return false;
	}
	return true;
}

static Value dt_new(Type *t, const Value *args, size_t nargs, Tuple *kw)
{
	int64_t f[9] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
	Value tz = v_none();
	if (!dt_fields(NULL, args, nargs, kw, 3, f, &tz))
		return v_null();
	return dt_alloc(t, (int)f[0], (int)f[1], (int)f[2], (int)f[3], (int)f[4], (int)f[5],
			(int)f[6], tz, (int)f[8]);
}

static Value dt_replace(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	DateTimeObj *o = AS_DT(self);
	int64_t f[9] = { o->year, o->month, o->day, o->hour, o->minute, o->second, o->us, 0, o->fold };
	Value tz = o->tz;
	if (!dt_fields("replace", args, nargs, kw, 0, f, &tz))
		return v_null();
	return dt_datetime_make(val_type(self), (int)f[0], (int)f[1], (int)f[2], (int)f[3],
				(int)f[4], (int)f[5], (int)f[6], tz, (int)f[8]);
}

/* ---- attributes ------------------------------------------------------------- */

static Value dt_get_hour(Value v) { return v_int(AS_DT(v)->hour); }
static Value dt_get_minute(Value v) { return v_int(AS_DT(v)->minute); }
static Value dt_get_second(Value v) { return v_int(AS_DT(v)->second); }
static Value dt_get_us(Value v) { return v_int(AS_DT(v)->us); }
static Value dt_get_fold(Value v) { return v_int(AS_DT(v)->fold); }
static Value dt_get_tz(Value v) { return val_incref(AS_DT(v)->tz); }

static Value dt_utcoffset(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("utcoffset", nargs, kw, 0, 0))
		return v_null();
	return dt_call_offset(AS_DT(self)->tz, self, false);
}

static Value dt_dst(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("dst", nargs, kw, 0, 0))
		return v_null();
	return dt_call_offset(AS_DT(self)->tz, self, true);
}

static Value dt_tzname(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("tzname", nargs, kw, 0, 0))
		return v_null();
	return dt_call_tzname(AS_DT(self)->tz, self);
}

/* ---- constructors from the clock and timestamps --------------------------- */

/* A UTC instant (us since the epoch) as a datetime of class t in tz: naive
 * UTC when tz is None, else tz.fromutc(). */
static Value from_utc_us(Type *t, __int128 epoch_us, Value tz)
{
	__int128 total = epoch_us + (__int128)DT_EPOCH_ORDINAL * DAY_US;
	if (IS_NONE(tz))
		return dt_datetime_from_total(t, total, tz, 0);
	if (obj_is(tz, &dt_timezone_type)) {
		TimezoneObj *z = AS_TZ(tz);
		total += ((__int128)z->off.days * 86400 + z->off.seconds) * 1000000 + z->off.microseconds;
		return dt_datetime_from_total(t, total, tz, 0);
	}
	Value utc = dt_datetime_from_total(t, total, tz, 0);
	if (IS_NULL(utc))
		return utc;
	Value r = call_method(tz, dt_ids.fromutc, &utc, 1);
	val_decref(utc);
	return r;
}

static bool tz_arg(Value v)
{
	return dt_check_tzinfo(v);
}

static Value dt_now(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[1] = { "tz" };
	Value in[1];
	if (!dt_args("now", args, nargs, kw, names, 1, 0, in))
		return v_null();
	Value tz = IS_NULL(in[0]) ? v_none() : in[0];
	if (!tz_arg(tz))
		return v_null();
	return from_utc_us((Type *)self.u.o, dt_now_us(), tz);
}

static Value dt_utcnow(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("utcnow", nargs, kw, 0, 0))
		return v_null();
	return from_utc_us((Type *)self.u.o, dt_now_us(), v_none());
}

static Value dt_today(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("today", nargs, kw, 0, 0))
		return v_null();
	return from_utc_us((Type *)self.u.o, dt_now_us(), v_none());
}

/* timestamp -> us since the epoch, rounded half-even (CPython) */
static bool ts_to_us(Value v, __int128 *out)
{
	if (IS_INT(v) || IS_BOOL(v) || (val_isinstance(v, &int_type) && !IS_FLOAT(v))) {
		int64_t s;
		if (!int_as_i64(v, &s)) {
			if (!val_isinstance(v, &int_type)) {
				err_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(v));
				return false;
			}
			err_format(Exc_OverflowError, "timestamp out of range for platform time_t");
			return false;
		}
		*out = (__int128)s * 1000000;
		return true;
	}
	double d;
	if (!dt_timestamp_arg(v, &d))
		return false;
	if (isnan(d)) {
		err_format(Exc_ValueError, "Invalid value NaN (not a number)");
		return false;
	}
	double ip;
	double fp = modf(d, &ip);
	fp = fp * 1e6;
	double r = nearbyint(fp);  /* default rounding: half-even */
	if (fabs(r - fp) == 0.5)
		r = 2.0 * nearbyint(fp / 2.0);
	if (r >= 1e6) {
		r -= 1e6;
		ip += 1;
	} else if (r <= -1e6) {
		r += 1e6;
		ip -= 1;
	}
	if (!(ip > -9.2e18 && ip < 9.2e18)) {
		err_format(Exc_OverflowError, "timestamp out of range for platform time_t");
		return false;
	}
	*out = (__int128)(int64_t)ip * 1000000 + (int64_t)r;
	return true;
}

static Value ts_range_check(__int128 us)
{
	__int128 total = us + (__int128)DT_EPOCH_ORDINAL * DAY_US;
	__int128 days = total / DAY_US;
	if (total < 0)
		days--;
	if (days < 1 || days > MAX_ORD) {
		int64_t y;
		int m, d;
		__int128 secs = us / 1000000 - (us % 1000000 < 0);
		__int128 dd = secs / 86400 - (secs % 86400 < 0);
		if (dd > ((__int128)1 << 50) || dd < -((__int128)1 << 50))
			return err_null_format(Exc_OverflowError, "timestamp out of range for platform time_t");
		dt_ord_to_ymd((int64_t)dd + DT_EPOCH_ORDINAL, &y, &m, &d);
		if (y - 1900 > INT32_MAX || y - 1900 < INT32_MIN)
			return err_null_format(Exc_OSError, "[Errno 75] Value too large for defined data type");
		return err_null_format(Exc_ValueError, "year %lld is out of range", (long long)y);
	}
	return v_none();
}

static Value dt_fromtimestamp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[2] = { "timestamp", "tz" };
	Value in[2];
	if (!dt_args("fromtimestamp", args, nargs, kw, names, 2, 1, in))
		return v_null();
	Value tz = IS_NULL(in[1]) ? v_none() : in[1];
	if (!tz_arg(tz))
		return v_null();
	__int128 us;
	if (!ts_to_us(in[0], &us))
		return v_null();
	Value c = ts_range_check(us);
	if (IS_NULL(c))
		return c;
	/* CPython probes local time a day earlier (fold detection) */
	if (IS_NONE(tz) && us + (__int128)DT_EPOCH_ORDINAL * DAY_US < 2 * (__int128)DAY_US)
		return err_null_format(Exc_ValueError, "year 0 is out of range");
	return from_utc_us((Type *)self.u.o, us, tz);
}

static Value dt_utcfromtimestamp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("utcfromtimestamp", nargs, kw, 1, 1))
		return v_null();
	__int128 us;
	if (!ts_to_us(args[0], &us))
		return v_null();
	Value c = ts_range_check(us);
	if (IS_NULL(c))
		return c;
	return from_utc_us((Type *)self.u.o, us, v_none());
}

static Value dt_combine(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[3] = { "date", "time", "tzinfo" };
	Value in[3];
	if (!dt_args("combine", args, nargs, kw, names, 3, 2, in))
		return v_null();
	if (!IS_DATE(in[0]))
		return err_null_format(Exc_TypeError, "combine() argument 1 must be datetime.date, not %s", type_name_of(in[0]));
	if (!IS_TIME(in[1]))
		return err_null_format(Exc_TypeError, "combine() argument 2 must be datetime.time, not %s", type_name_of(in[1]));
	TimeObj *t = AS_TIME(in[1]);
	Value tz = t->tz;
	if (!IS_NULL(in[2])) {
		if (!dt_check_tzinfo(in[2]))
			return v_null();
		tz = in[2];
	}
	DateObj *d = AS_DATE(in[0]);
	return dt_datetime_make((Type *)self.u.o, d->year, d->month, d->day, t->hour, t->minute,
				t->second, t->us, tz, t->fold);
}

static Value tz_from_offset(long secs, int us)
{
	struct dt_delta off;
	struct core_error e;
	if (dt_delta_from_us((__int128)secs * 1000000 + us, &off, &e))
		return dt_raise(&e);
	return dt_timezone_make(&off, NULL);
}

static Value dt_fromisoformat(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (!args_check("fromisoformat", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "fromisoformat: argument must be str");
	Str *s = AS_STR(args[0]);
	struct dt_iso r;
	struct core_error e;
	if (dt_datetime_fromisoformat(s->data, s->nbytes, &r, &e))
		return dt_raise(&e);
	Value tz = v_none();
	if (r.has_tz) {
		tz = tz_from_offset(r.tz_seconds, r.tz_usec);
		if (IS_NULL(tz))
			return tz;
	}
	Value res = dt_datetime_make((Type *)self.u.o, r.year, r.month, r.day, r.hour, r.minute,
				     r.second, r.usec, tz, 0);
	val_decref(tz);
	return res;
}

static Value dt_strptime_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	if (kw && kw->n)
		return err_null_format(Exc_TypeError, "strptime() takes no keyword arguments");
	if (nargs != 2)
		return err_null_format(Exc_TypeError, "strptime() takes exactly 2 arguments (%zu given)", nargs);
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "strptime() argument 1 must be str, not %s", type_name_of(args[0]));
	if (!IS_STR(args[1]))
		return err_null_format(Exc_TypeError, "strptime() argument 2 must be str, not %s", type_name_of(args[1]));
	Str *d = AS_STR(args[0]), *f = AS_STR(args[1]);
	struct strptime_result r;
	struct core_error e;
	if (dt_strptime(d->data, d->nbytes, f->data, f->nbytes, &r, &e) ||
	    dt_strptime_datetime_check(&r, &e))
		return dt_raise(&e);
	Value tz = v_none();
	if (r.has_gmtoff) {
		struct dt_delta off;
		if (dt_delta_from_us((__int128)r.gmtoff * 1000000 + r.gmtoff_fraction, &off, &e))
			return dt_raise(&e);
		Str *name = NULL;
		if (r.has_tzname && r.tzname[0])
			name = str_cstr(r.tzname);
		tz = name ? dt_timezone_make(&off, name) : dt_timezone_make(&off, NULL);
		if (name)
			obj_decref(&name->ob);
		if (IS_NULL(tz))
			return tz;
	}
	Value res = dt_datetime_make((Type *)self.u.o, r.year, r.month, r.day, r.hour, r.minute,
				     r.second, r.fraction, tz, 0);
	val_decref(tz);
	return res;
}

/* ---- conversions ------------------------------------------------------------------ */

static Value dt_date_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("date", nargs, kw, 0, 0))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	return dt_date_make(&dt_date_type, o->year, o->month, o->day);
}

static Value dt_time_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("time", nargs, kw, 0, 0))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	return dt_time_make(&dt_time_type, o->hour, o->minute, o->second, o->us, v_none(), o->fold);
}

static Value dt_timetz_m(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("timetz", nargs, kw, 0, 0))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	return dt_time_make(&dt_time_type, o->hour, o->minute, o->second, o->us, o->tz, o->fold);
}

/* self's UTC offset in us (0 for naive: local time is UTC); false on error */
static bool offset_us(Value self, __int128 *off, bool *aware)
{
	*off = 0;
	*aware = false;
	Value o = dt_call_offset(AS_DT(self)->tz, self, false);
	if (IS_NULL(o))
		return false;
	if (!IS_NONE(o)) {
		*off = dt_delta_us(o);
		*aware = true;
	}
	val_decref(o);
	return true;
}

static Value dt_astimezone(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[1] = { "tz" };
	Value in[1];
	if (!dt_args("astimezone", args, nargs, kw, names, 1, 0, in))
		return v_null();
	Value tz = IS_NULL(in[0]) ? v_none() : in[0];
	if (!dt_check_tzinfo(tz))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	if (!IS_NONE(tz) && o->tz.tag == V_OBJ && o->tz.u.o == tz.u.o)
		return val_incref(self);
	__int128 off;
	bool aware;
	if (!offset_us(self, &off, &aware))
		return v_null();
	__int128 utc = dt_total(o) - off;
	Value target = tz;
	Value local = v_null();
	if (IS_NONE(tz)) {
		/* the local zone: UTC, named as the C library names it */
		Str *nm = str_cstr("UTC");
		struct dt_delta zero = { 0, 0, 0 };
		local = dt_timezone_make(&zero, nm);
		obj_decref(&nm->ob);
		if (IS_NULL(local))
			return local;
		target = local;
	}
	Value r;
	if (obj_is(target, &dt_timezone_type)) {
		TimezoneObj *z = AS_TZ(target);
		__int128 t = utc + ((__int128)z->off.days * 86400 + z->off.seconds) * 1000000 + z->off.microseconds;
		r = dt_datetime_from_total(val_type(self), t, target, 0);
	} else {
		Value u = dt_datetime_from_total(val_type(self), utc, target, 0);
		if (IS_NULL(u)) {
			val_decref(local);
			return u;
		}
		r = call_method(target, dt_ids.fromutc, &u, 1);
		val_decref(u);
	}
	val_decref(local);
	return r;
}

static Value dt_timestamp(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("timestamp", nargs, kw, 0, 0))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	__int128 off;
	bool aware;
	if (!offset_us(self, &off, &aware))
		return v_null();
	__int128 epoch = (__int128)DT_EPOCH_ORDINAL * DAY_US;
	if (!aware) {
		__int128 secs = (dt_total(o) - o->us - epoch) / 1000000;
		return v_float((double)(int64_t)secs + o->us / 1e6);
	}
	__int128 us = dt_total(o) - off - epoch;
	Value d = dt_delta_from_total(us);
	if (IS_NULL(d))
		return d;
	Value r = call_method(d, dt_ids.total_seconds, NULL, 0);
	val_decref(d);
	return r;
}

static Value dt_timetuple(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("timetuple", nargs, kw, 0, 0))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	int dst = -1;
	if (!IS_NONE(o->tz)) {
		Value d = dt_call_offset(o->tz, self, true);
		if (IS_NULL(d))
			return d;
		if (!IS_NONE(d))
			dst = dt_delta_us(d) != 0;
		val_decref(d);
	}
	return dt_make_timetuple(o->year, o->month, o->day, o->hour, o->minute, o->second, dst);
}

static Value dt_utctimetuple(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("utctimetuple", nargs, kw, 0, 0))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	__int128 off;
	bool aware;
	if (!offset_us(self, &off, &aware))
		return v_null();
	__int128 t = dt_total(o) - off;
	__int128 days = t / DAY_US, rem = t % DAY_US;
	if (rem < 0) {
		rem += DAY_US;
		days--;
	}
	int64_t y;
	int m, d;
	if (days < 1) {
		y = 0;
		m = 12;
		d = 31;
	} else {
		dt_ord_to_ymd((int64_t)days, &y, &m, &d);
	}
	int64_t secs = (int64_t)rem / 1000000;
	return dt_make_timetuple((int)y, m, d, (int)(secs / 3600), (int)(secs / 60 % 60), (int)(secs % 60), 0);
}

/* ---- text ------------------------------------------------------------------------ */

static Value dt_isoformat(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[2] = { "sep", "timespec" };
	Value in[2];
	if (!dt_args("isoformat", args, nargs, kw, names, 2, 0, in))
		return v_null();
	const char *sep = "T";
	size_t seplen = 1;
	if (!IS_NULL(in[0])) {
		if (!IS_STR(in[0]) || AS_STR(in[0])->len != 1)
			return err_null_format(Exc_TypeError, "isoformat() argument 1 must be a unicode character, not %s", type_name_of(in[0]));
		sep = AS_STR(in[0])->data;
		seplen = AS_STR(in[0])->nbytes;
	}
	enum dt_timespec ts;
	if (!dt_timespec_arg(in[1], &ts, 2))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	struct text_buf b = TEXT_BUF_INIT;
	if (dt_isoformat_date(&b, o->year, o->month, o->day) || num_buf_append(&b, sep, seplen) ||
	    dt_isoformat_time(&b, o->hour, o->minute, o->second, o->us, ts) ||
	    !dt_append_offset(&b, o->tz, self, ":")) {
		text_buf_free(&b);
		if (!err_occurred())
			err_no_memory();
		return v_null();
	}
	Value r = str_value(str_new(b.data ? b.data : "", b.len));
	text_buf_free(&b);
	return r;
}

static Value dt_str(Value self)
{
	Value sp = str_value(str_cstr(" "));
	if (IS_NULL(sp))
		return sp;
	Value r = call_method(self, dt_ids.isoformat, &sp, 1);
	val_decref(sp);
	return r;
}

static Value dt_repr(Value self)
{
	DateTimeObj *o = AS_DT(self);
	StrBuf b;
	sb_init(&b);
	sb_printf(&b, "%s(%d, %d, %d, %d, %d", type_name_of(self), o->year, o->month, o->day, o->hour, o->minute);
	if (o->us)
		sb_printf(&b, ", %d, %d", o->second, o->us);
	else if (o->second)
		sb_printf(&b, ", %d", o->second);
	if (o->fold)
		sb_adds(&b, ", fold=1");
	if (!IS_NONE(o->tz)) {
		sb_adds(&b, ", tzinfo=");
		if (!sb_add_repr(&b, o->tz)) {
			sb_free(&b);
			return v_null();
		}
	}
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

static Value dtm_strftime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const char *const names[1] = { "format" };
	Value in[1];
	if (!dt_args("strftime", args, nargs, kw, names, 1, 1, in))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	if (!IS_NONE(o->tz) && IS_STR(in[0])) {
		/* CPython formats self.timetuple(), which asks tz.dst() */
		Value d = dt_call_offset(o->tz, self, true);
		if (IS_NULL(d))
			return d;
		val_decref(d);
	}
	return dt_strftime_common(in[0], o->year, o->month, o->day, o->hour, o->minute, o->second,
				  o->us, o->tz, self);
}

static Value dtm_ctime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	if (!args_check("ctime", nargs, kw, 0, 0))
		return v_null();
	DateTimeObj *o = AS_DT(self);
	char buf[64];
	dt_ctime(o->year, o->month, o->day, o->hour, o->minute, o->second, buf, sizeof buf);
	return str_value(str_cstr(buf));
}

static Value dt_reduce(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)args;
	(void)nargs;
	(void)kw;
	DateTimeObj *o = AS_DT(self);
	Value items[8] = { v_int(o->year), v_int(o->month), v_int(o->day), v_int(o->hour),
			   v_int(o->minute), v_int(o->second), v_int(o->us), o->tz };
	Tuple *in = tuple_from(items, 8);
	if (!in)
		return v_null();
	Type *t = val_type(self);
	Value pair[2] = { v_obj(&t->ob), v_obj(&in->ob) };
	Tuple *r = tuple_from(pair, 2);
	obj_decref(&in->ob);
	return r ? v_obj(&r->ob) : v_null();
}

/* ---- arithmetic ------------------------------------------------------------------- */

static Value dt_add(Value a, Value b)
{
	if (IS_DATETIME(a) && IS_DELTA(b))
		return dt_datetime_from_total(val_type(a), dt_total(AS_DT(a)) + dt_delta_us(b), AS_DT(a)->tz, 0);
	if (IS_DELTA(a) && IS_DATETIME(b))
		return dt_datetime_from_total(val_type(b), dt_total(AS_DT(b)) + dt_delta_us(a), AS_DT(b)->tz, 0);
	return v_notimpl();
}

static Value dt_sub(Value a, Value b)
{
	if (!IS_DATETIME(a))
		return v_notimpl();
	if (IS_DELTA(b))
		return dt_datetime_from_total(val_type(a), dt_total(AS_DT(a)) - dt_delta_us(b), AS_DT(a)->tz, 0);
	if (!IS_DATETIME(b))
		return v_notimpl();
	DateTimeObj *x = AS_DT(a), *y = AS_DT(b);
	__int128 ox = 0, oy = 0;
	if (!(x->tz.tag == y->tz.tag && x->tz.u.o == y->tz.u.o)) {
		bool ax, ay;
		if (!offset_us(a, &ox, &ax) || !offset_us(b, &oy, &ay))
			return v_null();
		if (ax != ay)
			return err_null_format(Exc_TypeError, "can't subtract offset-naive and offset-aware datetimes");
	}
	return dt_delta_from_total((dt_total(x) - ox) - (dt_total(y) - oy));
}

static Value cmp128(__int128 x, __int128 y, int op)
{
	int c = x < y ? -1 : x > y;
	return cmp_result(c, op);
}

static Value dt_richcmp(Value a, Value b, int op)
{
	if (!IS_DATETIME(b)) {
		if (IS_DATE(b)) {
			if (op == CMP_EQ || op == CMP_NE)
				return v_bool(op == CMP_NE);
			return err_null_format(Exc_TypeError, "can't compare %s to %s", type_name_of(a), type_name_of(b));
		}
		return v_notimpl();
	}
	DateTimeObj *x = AS_DT(a), *y = AS_DT(b);
	if (x->tz.tag == y->tz.tag && x->tz.u.o == y->tz.u.o)
		return cmp128(dt_total(x), dt_total(y), op);
	__int128 ox, oy;
	bool ax, ay;
	if (!offset_us(a, &ox, &ax) || !offset_us(b, &oy, &ay))
		return v_null();
	if (ax != ay) {
		if (op == CMP_EQ || op == CMP_NE)
			return v_bool(op == CMP_NE);
		return err_null_format(Exc_TypeError, "can't compare offset-naive and offset-aware datetimes");
	}
	return cmp128(dt_total(x) - ox, dt_total(y) - oy, op);
}

static bool dt_hash(Value a, int64_t *out)
{
	DateTimeObj *o = AS_DT(a);
	if (o->hash == -1) {
		__int128 off = 0;
		bool aware;
		if (!IS_NONE(o->tz) && !offset_us(a, &off, &aware))
			return false;
		__int128 t = dt_total(o) - off;
		uint64_t h = (uint64_t)(t ^ (t >> 64)) * 0x9E3779B97F4A7C15ull;
		int64_t r = (int64_t)(h >> 3);
		o->hash = r == -1 ? -2 : r;
	}
	*out = o->hash;
	return true;
}

void dt_datetime_type_init(void)
{
	Type *t = &dt_datetime_type;
	type_init_builtin(t, "datetime.datetime", &dt_date_type);
	t->flags |= TF_BASETYPE;
	t->basicsize = sizeof(DateTimeObj);
	t->new = dt_new;
	t->dealloc = dt_dealloc;
	t->traverse = dt_traverse;
	t->repr = dt_repr;
	t->str = dt_str;
	t->hash = dt_hash;
	t->richcmp = dt_richcmp;
	t->nb[NB_ADD] = dt_add;
	t->nb[NB_SUB] = dt_sub;
	type_add_getset(t, "hour", dt_get_hour);
	type_add_getset(t, "minute", dt_get_minute);
	type_add_getset(t, "second", dt_get_second);
	type_add_getset(t, "microsecond", dt_get_us);
	type_add_getset(t, "tzinfo", dt_get_tz);
	type_add_getset(t, "fold", dt_get_fold);
	type_add_method(t, "now", dt_now, BF_CLASSMETHOD);
	type_add_method(t, "utcnow", dt_utcnow, BF_CLASSMETHOD);
	type_add_method(t, "today", dt_today, BF_CLASSMETHOD);
	type_add_method(t, "fromtimestamp", dt_fromtimestamp, BF_CLASSMETHOD);
	type_add_method(t, "utcfromtimestamp", dt_utcfromtimestamp, BF_CLASSMETHOD);
	type_add_method(t, "combine", dt_combine, BF_CLASSMETHOD);
	type_add_method(t, "fromisoformat", dt_fromisoformat, BF_CLASSMETHOD);
	type_add_method(t, "strptime", dt_strptime_m, BF_CLASSMETHOD);
	type_add_method(t, "date", dt_date_m, 0);
	type_add_method(t, "time", dt_time_m, 0);
	type_add_method(t, "timetz", dt_timetz_m, 0);
	type_add_method(t, "replace", dt_replace, 0);
	type_add_method(t, "astimezone", dt_astimezone, 0);
	type_add_method(t, "utcoffset", dt_utcoffset, 0);
	type_add_method(t, "dst", dt_dst, 0);
	type_add_method(t, "tzname", dt_tzname, 0);
	type_add_method(t, "timestamp", dt_timestamp, 0);
	type_add_method(t, "timetuple", dt_timetuple, 0);
	type_add_method(t, "utctimetuple", dt_utctimetuple, 0);
	type_add_method(t, "isoformat", dt_isoformat, 0);
	type_add_method(t, "strftime", dtm_strftime, 0);
	type_add_method(t, "ctime", dtm_ctime, 0);
	type_add_method(t, "__reduce__", dt_reduce, 0);
	type_add_method(t, "__reduce_ex__", dt_reduce, 0);
	dict_set_str(t->dict, ID(__module__), str_value(str_intern("datetime")));
}

void dt_datetime_add_constants(void);
void dt_datetime_add_constants(void)
{
	Type *t = &dt_datetime_type;
	Value v = dt_alloc(t, 1, 1, 1, 0, 0, 0, 0, v_none(), 0);
	dict_set_str(t->dict, str_intern("min"), v);
	val_decref(v);
	v = dt_alloc(t, DT_MAXYEAR, 12, 31, 23, 59, 59, 999999, v_none(), 0);
	dict_set_str(t->dict, str_intern("max"), v);
	val_decref(v);
	v = dt_delta_make(0, 0, 1);
	dict_set_str(t->dict, str_intern("resolution"), v);
	val_decref(v);
}
