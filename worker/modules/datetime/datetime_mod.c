/* worker/modules/datetime/datetime_mod.c -- the datetime module's C part: type
 * set-up, module constants (MINYEAR, MAXYEAR, UTC), and the helpers the
 * type files share (error mapping, integer arguments, CPython-style
 * argument parsing, the clock).  The frozen py/datetime.py adds the
 * IsoCalendarDate class on top. */
#include "config.h"

#include <string.h>
#include <time.h>

#include "worker/modules/datetime/datetime.h"
#include "worker/modules/registry.h"

void type_ready(Type *t);
void dt_delta_add_constants(void);
void dt_date_add_constants(void);
void dt_time_add_constants(void);
void dt_datetime_add_constants(void);
void dt_tz_add_constants(void);

Value dt_raise(const struct core_error *e)
{
	static const struct {
		const char *name;
		Type **t;
	} map[] = {
		{"ValueError", &Exc_ValueError},
		{"OverflowError", &Exc_OverflowError},
		{"TypeError", &Exc_TypeError},
		{"OSError", &Exc_OSError},
		{"ZeroDivisionError", &Exc_ZeroDivisionError},
		{"MemoryError", &Exc_MemoryError},
	};
	if (e->type && strcmp(e->type, CORE_ERR_CALLBACK) == 0)
		return v_null();
	if (e->type && strcmp(e->type, "MemoryError") == 0) {
		err_no_memory();
		return v_null();
	}
	Type *t = Exc_ValueError;
	for (size_t i = 0; e->type && i < sizeof map / sizeof map[0]; i++)
		if (strcmp(map[i].name, e->type) == 0)
			t = *map[i].t;
	err_set_str(t, e->msg);
	return v_null();
}

bool dt_arg_int(Value v, int64_t *out)
{
	if (IS_INT(v) || IS_BOOL(v)) {
		*out = v.u.i;
	} else {
		if (IS_FLOAT(v) || (!val_isinstance(v, &int_type) &&
				    IS_NULL(type_lookup(val_type(v), ID(__index__))))) {
			err_format(Exc_TypeError, "'%s' object cannot be interpreted as an integer", type_name_of(v));
			return false;
		}
		Value x = obj_index(v);
		if (IS_NULL(x))
			return false;
		bool ok = int_as_i64(x, out);
		val_decref(x);
		if (!ok) {
			err_format(Exc_OverflowError, "Python int too large to convert to C long");
			return false;
		}
	}
	if (*out > INT32_MAX) {
		err_format(Exc_OverflowError, "signed integer is greater than maximum");
		return false;
	}
	if (*out < INT32_MIN) {
		err_format(Exc_OverflowError, "signed integer is less than minimum");
		return false;
	}
	return true;
}

bool dt_check_tzinfo(Value tz)
{
	if (IS_NONE(tz) || IS_TZINFO(tz))
		return true;
	err_format(Exc_TypeError, "tzinfo argument must be None or of a tzinfo subclass, not type '%s'", type_name_of(tz));
	return false;
}

bool dt_args(const char *fname, const Value *args, size_t nargs, Tuple *kw,
	     const char *const *names, size_t n, size_t nreq, Value *out)
{
	size_t nkw = kw ? kw->n : 0;
	for (size_t i = 0; i < n; i++)
		out[i] = v_null();
	if (nargs + nkw > n) {
		if (fname)
			err_format(Exc_TypeError, "%s() takes at most %zu argument%s (%zu given)", fname, n, n == 1 ? "" : "s", nargs + nkw);
		else
			err_format(Exc_TypeError, "function takes at most %zu argument%s (%zu given)", n, n == 1 ? "" : "s", nargs + nkw);
		return false;
	}
	for (size_t i = 0; i < nargs; i++)
		out[i] = args[i];
	Str *bad = NULL;
	for (size_t k = 0; k < nkw; k++) {
		Str *key = AS_STR(kw->items[k]);
		size_t i;
		for (i = 0; i < n; i++)
			if (strcmp(names[i], key->data) == 0)
				break;
		if (i == n) {
			if (!bad)
				bad = key;
			continue;
		}
		if (!IS_NULL(out[i])) {
			err_format(Exc_TypeError, "argument for %s given by name ('%s') and position (%zu)",
				   fname ? fname : "function", key->data, i + 1);
			return false;
		}
		out[i] = args[nargs + k];
	}
	for (size_t i = 0; i < nreq; i++) {
		if (IS_NULL(out[i])) {
			if (fname)
				err_format(Exc_TypeError, "%s() missing required argument '%s' (pos %zu)", fname, names[i], i + 1);
			else
				err_format(Exc_TypeError, "function missing required argument '%s' (pos %zu)", names[i], i + 1);
			return false;
		}
	}
	if (bad) {
		if (fname)
			err_format(Exc_TypeError, "'%s' is an invalid keyword argument for %s()", bad->data, fname);
		else
			err_format(Exc_TypeError, "'%s' is an invalid keyword argument for this function", bad->data);
		return false;
	}
	return true;
}

int64_t dt_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* ---- IsoCalendarDate (defined by the frozen part) ------------------------ */

static Value isocal_cls;

Value dt_isocal_new(int64_t year, int week, int wday);
Value dt_isocal_new(int64_t year, int week, int wday)
{
	Value items[3] = { v_int(year), v_int(week), v_int(wday) };
	if (IS_NULL(isocal_cls)) {
		Tuple *t = tuple_from(items, 3);
		return t ? v_obj(&t->ob) : v_null();
	}
	return obj_call(isocal_cls, items, 3, NULL);
}

static Value mod_register_isocal(Value self, const Value *args, size_t nargs, Tuple *kw)
{
	(void)self;
	if (!args_check("_register_isocal", nargs, kw, 1, 1))
		return v_null();
	VAL_CLEAR(isocal_cls);
	isocal_cls = val_incref(args[0]);
	return v_none();
}

/* ---- timetuple() --------------------------------------------------------- */

Value dt_make_timetuple(int year, int month, int day, int hour, int minute, int second,
			int dstflag)
{
	int wday = dt_weekday(year, month, day);
	int yday = dt_days_before_month(year, month) + day;
	Value items[9] = { v_int(year), v_int(month), v_int(day), v_int(hour), v_int(minute),
			   v_int(second), v_int(wday), v_int(yday), v_int(dstflag) };
	Tuple *t = tuple_from(items, 9);
	if (!t)
		return v_null();
	Value tv = v_obj(&t->ob);
	Str *tn = str_intern("time");
	const ModuleDef *def = module_registry_find("time");
	Value mod = def || frozen_find("time") ? module_import(tn) : v_null();
	obj_decref(&tn->ob);
	if (IS_NULL(mod)) {
		err_clear();
		return tv;
	}
	Value st = obj_getattr_cstr(mod, "struct_time");
	val_decref(mod);
	if (IS_NULL(st)) {
		err_clear();
		return tv;
	}
	Value r = call1(st, tv);
	val_decref(st);
	val_decref(tv);
	return r;
}

/* ---- module init ----------------------------------------------------------- */

static bool types_done;
struct DtIds dt_ids;

bool mod_datetime_init(Dict *d)
{
	if (!types_done) {
		dt_ids.isoformat = str_intern("isoformat");
		dt_ids.strftime = str_intern("strftime");
		dt_ids.fromutc = str_intern("fromutc");
		dt_ids.utcoffset = str_intern("utcoffset");
		dt_ids.dst = str_intern("dst");
		dt_ids.tzname = str_intern("tzname");
		dt_ids.total_seconds = str_intern("total_seconds");
		dt_ids.fold = str_intern("fold");
		dt_delta_type_init();
		type_ready(&dt_delta_type);
		dt_tz_type_init();
		type_ready(&dt_tzinfo_type);
		type_ready(&dt_timezone_type);
		dt_date_type_init();
		type_ready(&dt_date_type);
		dt_time_type_init();
		type_ready(&dt_time_type);
		dt_datetime_type_init();
		type_ready(&dt_datetime_type);
		dt_delta_add_constants();
		dt_tz_add_constants();
		dt_date_add_constants();
		dt_time_add_constants();
		dt_datetime_add_constants();
		types_done = true;
	}
	module_set_attr(d, "MINYEAR", v_int(DT_MINYEAR));
	module_set_attr(d, "MAXYEAR", v_int(DT_MAXYEAR));
	module_set_attr(d, "timedelta", val_incref(v_obj(&dt_delta_type.ob)));
	module_set_attr(d, "date", val_incref(v_obj(&dt_date_type.ob)));
	module_set_attr(d, "time", val_incref(v_obj(&dt_time_type.ob)));
	module_set_attr(d, "datetime", val_incref(v_obj(&dt_datetime_type.ob)));
	module_set_attr(d, "tzinfo", val_incref(v_obj(&dt_tzinfo_type.ob)));
	module_set_attr(d, "timezone", val_incref(v_obj(&dt_timezone_type.ob)));
	module_set_attr(d, "UTC", val_incref(dt_utc));
	module_add_fn(d, "_register_isocal", mod_register_isocal);
	return !err_occurred();
}
