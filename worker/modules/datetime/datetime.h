/* worker/modules/datetime/datetime.h -- the object layouts and shared helpers of the
 * datetime module's C part (datetime_*.c).
 *
 * Types: timedelta, date, time, datetime (a date subclass), tzinfo and
 * timezone (a tzinfo subclass).  Calendar math, text forms and parsing come
 * from worker/modules/datetime/dt_*.  Every value object caches its hash (-1: not
 * computed yet).  tzinfo fields hold None or a tzinfo object (owned). */
#ifndef BOX_WORKER_MODULES_DATETIME_H
#define BOX_WORKER_MODULES_DATETIME_H

#include <stdbool.h>
#include <stdint.h>

#include "worker/runtime/runtime.h"
#include "worker/modules/datetime/dt_calendar.h"
#include "worker/modules/core_error.h"

typedef struct DeltaObj {
	Obj ob;
	int64_t hash;
	int32_t days, seconds, us;
} DeltaObj;

typedef struct DateObj {
	Obj ob;
	int64_t hash;
	int32_t year;
	uint8_t month, day;
} DateObj;

/* datetime extends date's layout */
typedef struct DateTimeObj {
	Obj ob;
	int64_t hash;
	int32_t year;
	uint8_t month, day;
	uint8_t hour, minute, second, fold;
	int32_t us;
	Value tz;
} DateTimeObj;

typedef struct TimeObj {
	Obj ob;
	int64_t hash;
	uint8_t hour, minute, second, fold;
	int32_t us;
	Value tz;
} TimeObj;

typedef struct TimezoneObj {
	Obj ob;
	struct dt_delta off;
	Str *name;            /* NULL: the default name */
} TimezoneObj;

extern Type dt_delta_type, dt_date_type, dt_time_type, dt_datetime_type,
	dt_tzinfo_type, dt_timezone_type;

#define IS_DELTA(v) val_isinstance(v, &dt_delta_type)
#define IS_DATE(v) val_isinstance(v, &dt_date_type)
#define IS_DATETIME(v) val_isinstance(v, &dt_datetime_type)
#define IS_TIME(v) val_isinstance(v, &dt_time_type)
#define IS_TZINFO(v) val_isinstance(v, &dt_tzinfo_type)
#define AS_DELTA(v) ((DeltaObj *)(v).u.o)
#define AS_DATE(v) ((DateObj *)(v).u.o)
#define AS_DT(v) ((DateTimeObj *)(v).u.o)
#define AS_TIME(v) ((TimeObj *)(v).u.o)
#define AS_TZ(v) ((TimezoneObj *)(v).u.o)

/* type setup, one per file (datetime_mod.c calls them in order) */
void dt_delta_type_init(void);
void dt_date_type_init(void);
void dt_time_type_init(void);
void dt_datetime_type_init(void);
void dt_tz_type_init(void);

/* ---- datetime_mod.c: shared helpers ----------------------------------- */

/* Interned method names (set up by the module's init). */
struct DtIds {
	Str *isoformat, *strftime, *fromutc, *utcoffset, *dst, *tzname, *total_seconds, *fold;
};
extern struct DtIds dt_ids;

/* Raises the exception a core error names; returns v_null(). */
Value dt_raise(const struct core_error *e);
/* An integer argument (int or __index__) into *out; TypeError "'str'
 * object cannot be interpreted as an integer", OverflowError for values
 * outside int32 ("signed integer is greater than maximum"). */
bool dt_arg_int(Value v, int64_t *out);
/* CPython getargs-style keyword parsing: out[0..n) filled (V_NULL when
 * absent); fname NULL words messages as "function ..." like CPython's
 * constructors. */
bool dt_args(const char *fname, const Value *args, size_t nargs, Tuple *kw,
	     const char *const *names, size_t n, size_t nreq, Value *out);
/* tzinfo argument check: None or a tzinfo instance. */
bool dt_check_tzinfo(Value tz);
/* Microseconds since 0001-01-01 00:00 of a date and time. */
static inline __int128 dt_total_us(int64_t ord, int h, int m, int s, int us)
{
	return ((__int128)ord * 86400 + h * 3600 + m * 60 + s) * 1000000 + us;
}
/* The current UTC time in microseconds since the epoch. */
int64_t dt_now_us(void);

/* ---- datetime_delta.c ------------------------------------------------ */
/* A new timedelta of the exact type from normalised fields. */
Value dt_delta_make(int32_t days, int32_t seconds, int32_t us);
/* From a microsecond total; OverflowError as CPython when out of range. */
Value dt_delta_from_total(__int128 us);
static inline __int128 dt_delta_us(Value d)
{
	DeltaObj *o = AS_DELTA(d);
	return ((__int128)o->days * 86400 + o->seconds) * 1000000 + o->us;
}
static inline struct dt_delta dt_delta_get(Value d)
{
	struct dt_delta r = { AS_DELTA(d)->days, AS_DELTA(d)->seconds, AS_DELTA(d)->us };
	return r;
}

/* ---- datetime_date.c ------------------------------------------------- */
/* A date of type t (subclasses: t(y, m, d) is called). */
Value dt_date_make(Type *t, int year, int month, int day);
/* date.strftime / datetime.strftime / time.strftime share this: fmt with
 * the given fields, tzinfo object tz and the object `self` passed to
 * utcoffset()/tzname(). */
Value dt_strftime_common(Value fmt, int year, int month, int day, int hour, int minute,
			 int second, int us, Value tz, Value tzarg);
/* Shared __format__: empty spec -> str(self), else self.strftime(spec). */
Value dt_format_method(Value self, const Value *args, size_t nargs, Tuple *kw);
/* timetuple() result built through the time module's struct_time when it
 * exists, else a plain tuple. */
Value dt_make_timetuple(int year, int month, int day, int hour, int minute, int second,
			int dstflag);
/* date.isocalendar() result (datetime.IsoCalendarDate). */
Value dt_isocal_new(int64_t year, int week, int wday);

/* ---- datetime_datetime.c ----------------------------------------------- */
Value dt_datetime_make(Type *t, int year, int month, int day, int hour, int minute,
		       int second, int us, Value tz, int fold);
/* datetime from microseconds since 0001-01-01 (range-checked:
 * OverflowError "date value out of range"). */
Value dt_datetime_from_total(Type *t, __int128 total, Value tz, int fold);

/* ---- datetime_time.c --------------------------------------------------- */
Value dt_time_make(Type *t, int hour, int minute, int second, int us, Value tz, int fold);

/* ---- datetime_tz.c ----------------------------------------------------- */
/* tz.utcoffset(arg) / tz.dst(arg) checked: None or a timedelta strictly
 * within a day (new reference), NULL with an exception. */
Value dt_call_offset(Value tz, Value arg, bool dst);
/* tz.tzname(arg): None or str (new reference). */
Value dt_call_tzname(Value tz, Value arg);
/* timezone(offset[, name]) of the exact type; utc singleton for offset 0
 * without a name. */
Value dt_timezone_make(const struct dt_delta *off, Str *name);
extern Value dt_utc;  /* timezone.utc (borrowed, set at init) */

#endif
