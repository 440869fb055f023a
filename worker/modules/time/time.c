/* time.c -- the time module: clocks, sleep (with the box's 180 s budget),
 * gmtime/localtime (local time is UTC in the box), mktime, strftime,
 * strptime, asctime/ctime and the UTC zone constants.
 *
 * Clocks are read with clock_gettime and sleeps use clock_nanosleep on the
 * monotonic clock: the only time system calls the worker's seccomp filter
 * allows.  The calendar, formatting and parsing cores live in
 * worker/modules/datetime/ (dt_calendar, dt_format, strptime). */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "worker/runtime/runtime.h"
#include "worker/modules/registry.h"
#include "worker/modules/time/time_mod.h"
#include "worker/modules/datetime/dt_format.h"
#include "worker/modules/datetime/strptime.h"

/* The spec's limit on the total sleep of one script. */
#define SLEEP_BUDGET_NS (180LL * 1000000000LL)
static int64_t slept_ns;

/* ---- errors --------------------------------------------------------------- */

static void raise_named(const char *type, const char *msg)
{
	Type *t = Exc_ValueError;
	if (strcmp(type, "OverflowError") == 0)
		t = Exc_OverflowError;
	else if (strcmp(type, "TypeError") == 0)
		t = Exc_TypeError;
	else if (strcmp(type, "OSError") == 0)
		t = Exc_OSError;
	else if (strcmp(type, "MemoryError") == 0)
		t = Exc_MemoryError;
	else if (strcmp(type, "re.error") == 0) {
		Str *rn = str_intern("re");
		Value re = module_import(rn);
		obj_decref(&rn->ob);
		if (!IS_NULL(re)) {
			Value cls = obj_getattr_cstr(re, "error");
			val_decref(re);
			if (!IS_NULL(cls)) {
				Value m = str_value(str_cstr(msg));
				Value e = IS_NULL(m) ? m : call1(cls, m);
				val_decref(m);
				val_decref(cls);
				if (!IS_NULL(e))
					err_set_obj(e.u.o);
				return;
			}
		}
		err_clear();
	}
	err_set_str(t, msg);
}

static Value raise_core_error(const struct core_error *err)
{
	if (err->type && strcmp(err->type, CORE_ERR_CALLBACK) != 0)
		raise_named(err->type, err->msg);
	else if (!err_occurred())
		err_format(Exc_SystemError, "time: internal error");
	return v_null();
}

/* ---- argument counts (CPython's messages for each calling convention) ---- */

/* METH_NOARGS / METH_O functions: "time.sleep() takes exactly one argument". */
static bool fixed_args(const char *fname, size_t nargs, Tuple *kw, size_t n)
{
	char q[64];
	snprintf(q, sizeof q, "time.%s", fname);
	if (!no_kwargs(q, kw))
		return false;
	if (nargs != n) {
		if (n == 0)
			err_format(Exc_TypeError, "%s() takes no arguments (%zu given)", q, nargs);
		else
			err_format(Exc_TypeError, "%s() takes exactly one argument (%zu given)", q, nargs);
		return false;
	}
	return true;
}

/* PyArg_ParseTuple functions: "gmtime() takes at most 1 argument (2 given)". */
static bool tuple_args(const char *fname, size_t nargs, Tuple *kw, size_t min, size_t max)
{
	if (!no_kwargs(fname, kw))
		return false;
	if (nargs >= min && nargs <= max)
		return true;
	if (min == max)
		err_format(Exc_TypeError, "%s() takes exactly %zu argument%s (%zu given)", fname, min,
			   min == 1 ? "" : "s", nargs);
	else if (nargs < min)
		err_format(Exc_TypeError, "%s() takes at least %zu argument%s (%zu given)", fname, min,
			   min == 1 ? "" : "s", nargs);
	else
		err_format(Exc_TypeError, "%s() takes at most %zu argument%s (%zu given)", fname, max,
			   max == 1 ? "" : "s", nargs);
	return false;
}

/* ---- clocks ------------------------------------------------------------------ */

static int64_t clock_ns(clockid_t clk)
{
	struct timespec ts;
	if (clock_gettime(clk, &ts) != 0)
		return 0;
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static Value ns_as_seconds(int64_t ns)
{
	if (ns % 1000000000LL == 0)
		return v_float((double)(ns / 1000000000LL));
	return v_float((double)ns / 1e9);
}

#define CLOCK_FNS(pyname, clk) \
	static Value t_##pyname(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ \
		(void)self; (void)args; \
		if (!fixed_args(#pyname, nargs, kw, 0)) \
			return v_null(); \
		return ns_as_seconds(clock_ns(clk)); \
	} \
	static Value t_##pyname##_ns(Value self, const Value *args, size_t nargs, Tuple *kw) \
	{ \
		(void)self; (void)args; \
		if (!fixed_args(#pyname "_ns", nargs, kw, 0)) \
			return v_null(); \
		return v_int(clock_ns(clk)); \
	}
CLOCK_FNS(time, CLOCK_REALTIME)
CLOCK_FNS(monotonic, CLOCK_MONOTONIC)
CLOCK_FNS(perf_counter, CLOCK_MONOTONIC)
CLOCK_FNS(process_time, CLOCK_PROCESS_CPUTIME_ID)
CLOCK_FNS(thread_time, CLOCK_THREAD_CPUTIME_ID)
#undef CLOCK_FNS

/* clock ids the seccomp filter lets through (0..7); any other would kill
 * the worker, so it is refused here as the kernel would refuse it. */
static bool clock_id_arg(const char *fname, const Value *args, size_t nargs, Tuple *kw,
			 clockid_t *out)
{
	if (!tuple_args(fname, nargs, kw, 1, 1))
		return false;
	if (IS_FLOAT(args[0])) {
		err_format(Exc_TypeError, "'float' object cannot be interpreted as an integer");
		return false;
	}
	Value i = obj_index(args[0]);
	if (IS_NULL(i))
		return false;
	int64_t id;
	bool ok = int_as_i64(i, &id);
	val_decref(i);
	if (!ok || id < INT_MIN || id > INT_MAX) {
		err_format(Exc_OverflowError, "Python int too large to convert to C int");
		return false;
	}
	if (id < 0 || id > 7 || id == 5 || id == 6) {
		err_format(Exc_OSError, "[Errno 22] Invalid argument");
		return false;
	}
	*out = (clockid_t)id;
	return true;
}

static Value t_clock_gettime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	clockid_t c;
	(void)self;
	if (!clock_id_arg("clock_gettime", args, nargs, kw, &c))
		return v_null();
	return ns_as_seconds(clock_ns(c));
}

static Value t_clock_gettime_ns(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	clockid_t c;
	(void)self;
	if (!clock_id_arg("clock_gettime_ns", args, nargs, kw, &c))
		return v_null();
	return v_int(clock_ns(c));
}

/* ---- sleep --------------------------------------------------------------------- */

/* _PyTime_FromSecondsObject with rounding away from zero (time.sleep). */
static bool seconds_to_ns(Value v, int64_t *out)
{
	if (IS_FLOAT(v)) {
		double d = v.u.f;
		if (isnan(d)) {
			err_format(Exc_ValueError, "Invalid value NaN (not a number)");
			return false;
		}
		d *= 1e9;
		d = d >= 0 ? ceil(d) : floor(d);
		if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) {
			err_format(Exc_OverflowError, "timestamp out of range for platform time_t");
			return false;
		}
		*out = (int64_t)d;
		return true;
	}
	Value i = obj_index(v);
	if (IS_NULL(i))
		return false;
	int64_t s;
	bool ok = int_as_i64(i, &s);
	val_decref(i);
	if (!ok || __builtin_mul_overflow(s, 1000000000LL, out)) {
		err_format(Exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
		return false;
	}
	return true;
}

/* Waits ns nanoseconds on the monotonic clock (restarting after signals). */
static void wait_ns(int64_t ns)
{
	struct timespec now, until;
	if (ns <= 0 || clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		return;
	int64_t end_s = now.tv_sec + ns / 1000000000LL;
	int64_t end_n = now.tv_nsec + ns % 1000000000LL;
	if (end_n >= 1000000000LL) {
		end_s++;
		end_n -= 1000000000LL;
	}
	until.tv_sec = (time_t)end_s;
	until.tv_nsec = (long)end_n;
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) == EINTR)
		;
}

static Value t_sleep(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!fixed_args("sleep", nargs, kw, 1))
		return v_null();
	int64_t ns;
	if (!seconds_to_ns(args[0], &ns))
		return v_null();
	if (ns < 0)
		return err_null_format(Exc_ValueError, "sleep length must be non-negative");
	if (ns > SLEEP_BUDGET_NS - slept_ns)
		return err_null_format(Exc_TimeoutError, "script exceeded its total sleep of 180 seconds");
	slept_ns += ns;
	out_flush();
	wait_ns(ns);
	return v_none();
}

/* ---- time tuples --------------------------------------------------------------- */

/* A C int from a tuple item ("i" of PyArg_ParseTuple). */
static bool c_int_item(Value v, int *out)
{
	if (IS_FLOAT(v)) {
		err_format(Exc_TypeError, "'float' object cannot be interpreted as an integer");
		return false;
	}
	Value i = obj_index(v);
	if (IS_NULL(i))
		return false;
	int64_t x;
	bool ok = int_as_i64(i, &x);
	val_decref(i);
	if (!ok) {
		err_format(Exc_OverflowError, "Python int too large to convert to C long");
		return false;
	}
	if (x > INT_MAX) {
		err_format(Exc_OverflowError, "signed integer is greater than maximum");
		return false;
	}
	if (x < INT_MIN) {
		err_format(Exc_OverflowError, "signed integer is less than minimum");
		return false;
	}
	*out = (int)x;
	return true;
}

/* A time tuple argument (gettmarg): 9 ints in Python conventions; for a
 * struct_time also its tm_zone (zone, NULL when None) and tm_gmtoff. */
struct tm_arg {
	struct dt_tm tm;
	const char *zone;
	long gmtoff;
	bool has_gmtoff;
};

static bool get_tm_arg(const char *fname, Value v, struct tm_arg *a)
{
	if (!IS_TUPLE(v)) {
		err_format(Exc_TypeError, "Tuple or struct_time argument required");
		return false;
	}
	Tuple *t = AS_TUPLE(v);
	if (t->n != 9) {
		err_format(Exc_TypeError, "%s(): illegal time tuple argument", fname);
		return false;
	}
	int f[9];
	for (int i = 0; i < 9; i++)
		if (!c_int_item(t->items[i], &f[i]))
			return false;
	a->tm.year = f[0];
	a->tm.mon = f[1];
	a->tm.mday = f[2];
	a->tm.hour = f[3];
	a->tm.min = f[4];
	a->tm.sec = f[5];
	a->tm.wday = f[6];
	a->tm.yday = f[7];
	a->tm.isdst = f[8];
	a->zone = NULL;
	a->gmtoff = 0;
	a->has_gmtoff = false;
	if (obj_is(v, &time_struct_type)) {
		Value z = t->items[9], g = t->items[10];
		if (IS_STR(z))
			a->zone = AS_STR(z)->data;
		int64_t off;
		if (is_intlike(g) && int_as_i64(g, &off)) {
			a->gmtoff = (long)off;
			a->has_gmtoff = true;
		}
	}
	return true;
}

/* Seconds since the epoch, as from an int or float argument (floored). */
static bool time_t_arg(Value v, int64_t *out, bool *is_float, double *fval)
{
	*is_float = false;
	if (IS_FLOAT(v)) {
		*is_float = true;
		*fval = v.u.f;
		return true;
	}
	Value i = obj_index(v);
	if (IS_NULL(i))
		return false;
	bool ok = int_as_i64(i, out);
	val_decref(i);
	if (!ok) {
		err_format(Exc_OverflowError, "timestamp out of range for platform time_t");
		return false;
	}
	return true;
}

/* gmtime()/localtime() of an optional seconds argument (None: now). */
static bool broken_down(const char *fname, const Value *args, size_t nargs, Tuple *kw,
			struct dt_tm *tm)
{
	if (!tuple_args(fname, nargs, kw, 0, 1))
		return false;
	struct core_error err;
	core_error_clear(&err);
	int rc;
	if (nargs == 0 || IS_NONE(args[0])) {
		rc = dt_gmtime(clock_ns(CLOCK_REALTIME) / 1000000000LL, tm, &err);
	} else {
		int64_t s;
		bool isf;
		double d;
		if (!time_t_arg(args[0], &s, &isf, &d))
			return false;
		rc = isf ? dt_gmtime_double(d, tm, &err) : dt_gmtime(s, tm, &err);
	}
	if (rc != 0) {
		raise_core_error(&err);
		return false;
	}
	return true;
}

static Value t_gmtime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	struct dt_tm tm;
	(void)self;
	if (!broken_down("gmtime", args, nargs, kw, &tm))
		return v_null();
	return time_struct_from_tm(&tm, "GMT", 0);
}

static Value t_localtime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	struct dt_tm tm;
	(void)self;
	if (!broken_down("localtime", args, nargs, kw, &tm))
		return v_null();
	return time_struct_from_tm(&tm, "UTC", 0);
}

static int64_t floordiv64(int64_t a, int64_t b)
{
	int64_t q = a / b;
	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

/* mktime: local time is UTC; fields out of range are carried as glibc
 * does, and a positive tm_isdst (summer time, which UTC never has) moves
 * the result back one hour, as glibc's mktime does. */
static Value t_mktime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!fixed_args("mktime", nargs, kw, 1))
		return v_null();
	struct tm_arg a;
	if (!get_tm_arg("mktime", args[0], &a))
		return v_null();
	int64_t mon0 = (int64_t)a.tm.mon - 1;
	int64_t year = a.tm.year + floordiv64(mon0, 12);
	int mon = (int)(mon0 - floordiv64(mon0, 12) * 12) + 1;
	int64_t days = dt_ymd_to_ord(year, mon, 1) - DT_EPOCH_ORDINAL + (int64_t)a.tm.mday - 1;
	int64_t secs = days * 86400 + (int64_t)a.tm.hour * 3600 + (int64_t)a.tm.min * 60 + a.tm.sec;
	if (a.tm.isdst > 0)
		secs -= 3600;
	if (year - 1900 > INT_MAX || year - 1900 < INT_MIN)
		return err_null_format(Exc_OverflowError, "mktime argument out of range");
	return v_float((double)secs);
}

/* checktm() for asctime: CPython's range checks and the zero fixes. */
static bool check_tm(struct dt_tm *tm)
{
	const char *msg = NULL;
	if (tm->mon == 0)
		tm->mon = 1;
	else if (tm->mon < 1 || tm->mon > 12)
		msg = "month out of range";
	if (!msg) {
		if (tm->mday == 0)
			tm->mday = 1;
		else if (tm->mday < 0 || tm->mday > 31)
			msg = "day of month out of range";
	}
	if (!msg && (tm->hour < 0 || tm->hour > 23))
		msg = "hour out of range";
	if (!msg && (tm->min < 0 || tm->min > 59))
		msg = "minute out of range";
	if (!msg && (tm->sec < 0 || tm->sec > 61))
		msg = "seconds out of range";
	if (!msg) {
		int cw = (int)(((int64_t)tm->wday + 1) % 7);   /* C's % as CPython */
		if (cw < 0)
			msg = "day of week out of range";
		else
			tm->wday = (cw + 6) % 7;
	}
	if (!msg) {
		if (tm->yday == 0)
			tm->yday = 1;
		else if (tm->yday < 1 || tm->yday > 366)
			msg = "day of year out of range";
	}
	if (msg) {
		err_format(Exc_ValueError, "%s", msg);
		return false;
	}
	return true;
}

static Value asctime_of(const struct dt_tm *tm)
{
	char buf[96];
	dt_asctime(tm, buf, sizeof buf);
	return str_value(str_cstr(buf));
}

static Value t_asctime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!args_check("asctime", nargs, kw, 0, 1))
		return v_null();
	struct tm_arg a;
	if (nargs == 0) {
		struct core_error err;
		core_error_clear(&err);
		if (dt_gmtime(clock_ns(CLOCK_REALTIME) / 1000000000LL, &a.tm, &err) != 0)
			return raise_core_error(&err);
		return asctime_of(&a.tm);
	}
	if (!get_tm_arg("asctime", args[0], &a) || !check_tm(&a.tm))
		return v_null();
	return asctime_of(&a.tm);
}

static Value t_ctime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	struct dt_tm tm;
	(void)self;
	if (!broken_down("ctime", args, nargs, kw, &tm))
		return v_null();
	return asctime_of(&tm);
}

/* ---- strftime / strptime -------------------------------------------------------- */

static Value t_strftime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!tuple_args("strftime", nargs, kw, 1, 2))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "strftime() argument 1 must be str, not %s",
				       type_name_of(args[0]));
	struct tm_arg a;
	const char *zone = NULL;
	long gmtoff = 0;
	if (nargs < 2) {
		struct core_error err;
		core_error_clear(&err);
		if (dt_gmtime(clock_ns(CLOCK_REALTIME) / 1000000000LL, &a.tm, &err) != 0)
			return raise_core_error(&err);
	} else {
		if (!get_tm_arg("strftime", args[1], &a))
			return v_null();
		zone = a.zone;
		gmtoff = a.gmtoff;
	}
	Str *fmt = AS_STR(args[0]);
	struct text_buf out = TEXT_BUF_INIT;
	struct core_error err;
	core_error_clear(&err);
	if (dt_time_strftime(&out, fmt->data, fmt->nbytes, a.tm, zone, gmtoff, &err) != 0) {
		text_buf_free(&out);
		return raise_core_error(&err);
	}
	Str *r = str_new(out.data ? out.data : "", out.len);
	text_buf_free(&out);
	return str_value(r);
}

static bool strptime_str_arg(Value v, int index)
{
	if (IS_STR(v))
		return true;
	Value r = obj_repr(v_obj(&val_type(v)->ob));
	if (IS_NULL(r))
		return false;
	err_format(Exc_TypeError, "strptime() argument %d must be str, not %s", index, AS_STR(r)->data);
	val_decref(r);
	return false;
}

static Value t_strptime(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	Value a[2] = {v_null(), v_null()};
	(void)self;
	if (!no_kwargs("strptime", kw))
		return v_null();
	if (nargs == 0)
		return err_null_format(Exc_TypeError,
				       "_strptime_time() missing 1 required positional argument: 'data_string'");
	if (nargs > 2)
		return err_null_format(Exc_TypeError,
				       "_strptime_time() takes from 1 to 2 positional arguments but %zu were given", nargs);
	a[0] = args[0];
	if (nargs == 2)
		a[1] = args[1];
	if (!strptime_str_arg(a[0], 0))
		return v_null();
	const char *fmt = "%a %b %d %H:%M:%S %Y";
	size_t flen = strlen(fmt);
	if (!IS_NULL(a[1])) {
		if (!strptime_str_arg(a[1], 1))
			return v_null();
		fmt = AS_STR(a[1])->data;
		flen = AS_STR(a[1])->nbytes;
	}
	Str *data = AS_STR(a[0]);
	struct strptime_result r;
	struct core_error err;
	core_error_clear(&err);
	if (dt_strptime(data->data, data->nbytes, fmt, flen, &r, &err) != 0)
		return raise_core_error(&err);
	Value f[TIME_STRUCT_FIELDS] = {
		v_int(r.year), v_int(r.month), v_int(r.day), v_int(r.hour), v_int(r.minute),
		v_int(r.second), v_int(r.weekday), v_int(r.julian), v_int(r.tz),
		r.has_tzname ? str_value(str_cstr(r.tzname)) : v_none(),
		r.has_gmtoff ? v_int(r.gmtoff) : v_none(),
	};
	if (IS_NULL(f[9]))
		return v_null();
	Value res = time_struct_new(f);
	val_decref(f[9]);
	return res;
}

/* ---- get_clock_info ---------------------------------------------------------------- */

/* The namespace object get_clock_info() returns (types.SimpleNamespace:
 * attributes in a dict, "namespace(a=1, b=2)"). */
static Type ns_type;

static Value ns_repr(Value v)
{
	Dict *d = ((Instance *)v.u.o)->dict;
	StrBuf b;
	sb_init(&b);
	sb_adds(&b, "namespace(");
	size_t pos = 0;
	Value k, x;
	bool first = true;
	while (d && dict_next(d, &pos, &k, &x)) {
		if (!first)
			sb_adds(&b, ", ");
		first = false;
		if (!sb_add_strv(&b, k) || (sb_addc(&b, '='), !sb_add_repr(&b, x))) {
			sb_free(&b);
			return v_null();
		}
	}
	sb_addc(&b, ')');
	return str_value(sb_finish(&b));
}

static Value ns_richcmp(Value a, Value b, int op)
{
	if ((op != CMP_EQ && op != CMP_NE) || !obj_is(a, &ns_type) || !obj_is(b, &ns_type))
		return v_notimpl();
	return obj_richcmp(v_obj(&((Instance *)a.u.o)->dict->ob), v_obj(&((Instance *)b.u.o)->dict->ob), op);
}

static void ns_dealloc(Obj *o)
{
	Instance *i = (Instance *)o;
	if (i->dict)
		obj_decref(&i->dict->ob);
	obj_free(o);
}

static Value t_get_clock_info(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	static const struct {
		const char *name, *impl;
		bool monotonic, adjustable;
	} clocks[] = {
		{"time", "clock_gettime(CLOCK_REALTIME)", false, true},
		{"monotonic", "clock_gettime(CLOCK_MONOTONIC)", true, false},
		{"perf_counter", "clock_gettime(CLOCK_MONOTONIC)", true, false},
		{"process_time", "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)", true, false},
		{"thread_time", "clock_gettime(CLOCK_THREAD_CPUTIME_ID)", true, false},
	};
	(void)self;
	if (!tuple_args("get_clock_info", nargs, kw, 1, 1))
		return v_null();
	if (!IS_STR(args[0]))
		return err_null_format(Exc_TypeError, "get_clock_info() argument 1 must be str, not %s",
				       type_name_of(args[0]));
	size_t i;
	for (i = 0; i < sizeof clocks / sizeof clocks[0]; i++)
		if (strcmp(clocks[i].name, AS_STR(args[0])->data) == 0)
			break;
	if (i == sizeof clocks / sizeof clocks[0])
		return err_null_format(Exc_ValueError, "unknown clock");
	Instance *ns = (Instance *)obj_alloc(&ns_type, sizeof(Instance));
	if (!ns)
		return v_null();
	ns->dict = dict_new();
	if (!ns->dict) {
		obj_decref(&ns->ob);
		return v_null();
	}
	module_set_attr(ns->dict, "implementation", str_value(str_cstr(clocks[i].impl)));
	module_set_attr(ns->dict, "monotonic", v_bool(clocks[i].monotonic));
	module_set_attr(ns->dict, "adjustable", v_bool(clocks[i].adjustable));
	module_set_attr(ns->dict, "resolution", v_float(1e-09));
	return v_obj(&ns->ob);
}

static void ns_type_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	Type *t = &ns_type;
	type_init_builtin(t, "types.SimpleNamespace", &object_type);
	t->basicsize = sizeof(Instance);
	t->dictoffset = (ssize_t)offsetof(Instance, dict);
	t->dealloc = ns_dealloc;
	t->repr = ns_repr;
	t->richcmp = ns_richcmp;
	void type_ready(Type *t);
	type_ready(t);
}

/* ---- module ------------------------------------------------------------------ */

bool mod_time_init(Dict *d)
{
	time_struct_type_init();
	ns_type_init();
	module_add_fn(d, "get_clock_info", t_get_clock_info);
	module_set_attr(d, "struct_time", val_incref(v_obj(&time_struct_type.ob)));
	module_add_fn(d, "time", t_time);
	module_add_fn(d, "time_ns", t_time_ns);
	module_add_fn(d, "monotonic", t_monotonic);
	module_add_fn(d, "monotonic_ns", t_monotonic_ns);
	module_add_fn(d, "perf_counter", t_perf_counter);
	module_add_fn(d, "perf_counter_ns", t_perf_counter_ns);
	module_add_fn(d, "process_time", t_process_time);
	module_add_fn(d, "process_time_ns", t_process_time_ns);
	module_add_fn(d, "thread_time", t_thread_time);
	module_add_fn(d, "thread_time_ns", t_thread_time_ns);
	module_add_fn(d, "clock_gettime", t_clock_gettime);
	module_add_fn(d, "clock_gettime_ns", t_clock_gettime_ns);
	module_add_fn(d, "sleep", t_sleep);
	module_add_fn(d, "gmtime", t_gmtime);
	module_add_fn(d, "localtime", t_localtime);
	module_add_fn(d, "mktime", t_mktime);
	module_add_fn(d, "asctime", t_asctime);
	module_add_fn(d, "ctime", t_ctime);
	module_add_fn(d, "strftime", t_strftime);
	module_add_fn(d, "strptime", t_strptime);
	module_set_attr(d, "CLOCK_REALTIME", v_int(CLOCK_REALTIME));
	module_set_attr(d, "CLOCK_MONOTONIC", v_int(CLOCK_MONOTONIC));
	module_set_attr(d, "CLOCK_MONOTONIC_RAW", v_int(CLOCK_MONOTONIC_RAW));
	module_set_attr(d, "CLOCK_PROCESS_CPUTIME_ID", v_int(CLOCK_PROCESS_CPUTIME_ID));
	module_set_attr(d, "CLOCK_THREAD_CPUTIME_ID", v_int(CLOCK_THREAD_CPUTIME_ID));
	module_set_attr(d, "CLOCK_BOOTTIME", v_int(CLOCK_BOOTTIME));
	module_set_attr(d, "timezone", v_int(0));
	module_set_attr(d, "altzone", v_int(0));
	module_set_attr(d, "daylight", v_int(0));
	Value tz[2] = {str_value(str_cstr("UTC")), str_value(str_cstr("UTC"))};
	if (IS_NULL(tz[0]) || IS_NULL(tz[1])) {
		val_decref(tz[0]);
		val_decref(tz[1]);
		return false;
	}
	Tuple *tn = tuple_from(tz, 2);
	val_decref(tz[0]);
	val_decref(tz[1]);
	if (!tn)
		return false;
	module_set_attr(d, "tzname", v_obj(&tn->ob));
	return !err_occurred();
}
