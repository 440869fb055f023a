/* dt_calendar.h -- proleptic Gregorian calendar math, validation and
 * timedelta normalisation for the datetime and time modules (CPython 3.11).
 *
 * Ordinals count days with 0001-01-01 == 1 (date.toordinal()).  Weekdays
 * are 0 = Monday (date.weekday()).  Errors fill struct core_error with
 * CPython's exception type and text. */
#ifndef BOX_MODCORE2_DT_CALENDAR_H
#define BOX_MODCORE2_DT_CALENDAR_H

#include <stdint.h>
#include "worker/modules/core_error.h"

#define DT_MINYEAR 1
#define DT_MAXYEAR 9999
#define DT_MAX_DELTA_DAYS 999999999
#define DT_EPOCH_ORDINAL 719163	/* date(1970, 1, 1).toordinal() */

int dt_is_leap(int64_t year);
int dt_days_in_month(int64_t year, int month);
/* Days before Jan 1 of year (year >= 1 gives >= 0). */
int64_t dt_days_before_year(int64_t year);
int dt_days_before_month(int64_t year, int month);
int64_t dt_ymd_to_ord(int64_t year, int month, int day);
/* Inverse of dt_ymd_to_ord for any int64 ordinal within +-2^60. */
void dt_ord_to_ymd(int64_t ord, int64_t *year, int *month, int *day);
int dt_weekday(int64_t year, int month, int day);
/* date.isocalendar(). */
void dt_isocalendar(int64_t year, int month, int day, int64_t *iso_year, int *iso_week,
		    int *iso_weekday);
/* date.fromisocalendar(): ValueError "Year is out of range: Y",
 * "Invalid week: W", "Invalid day: D (range is [1, 7])". */
int dt_fromisocalendar(int64_t iso_year, int64_t week, int64_t wday, int *year, int *month,
		       int *day, struct core_error *err);

/* date(year, month, day) checks: "year Y is out of range",
 * "month must be in 1..12", "day is out of range for month". */
int dt_check_date(int64_t year, int64_t month, int64_t day, struct core_error *err);
/* time(...) checks: "hour must be in 0..23", "minute must be in 0..59",
 * "second must be in 0..59", "microsecond must be in 0..999999",
 * "fold must be either 0 or 1". */
int dt_check_time(int64_t hour, int64_t minute, int64_t second, int64_t usec, int64_t fold,
		  struct core_error *err);

/* ---- timedelta -------------------------------------------------------- */

struct dt_delta {
	int32_t days;		/* -999999999 .. 999999999 */
	int32_t seconds;	/* 0 .. 86399 */
	int32_t microseconds;	/* 0 .. 999999 */
};

/* One constructor argument: an int (is_float 0, ival) or a float. */
struct dt_delta_arg {
	int is_float;
	int64_t ival;
	double fval;
};

/* timedelta(days, seconds, microseconds, milliseconds, minutes, hours,
 * weeks) exactly as CPython's delta_new: integer parts summed exactly,
 * float fractions accumulated and rounded half-even to microseconds.
 * args[] order: days, seconds, microseconds, milliseconds, minutes, hours,
 * weeks.  OverflowError "days=N; must have magnitude <= 999999999" or
 * "Python int too large to convert to C int"; float inf/nan as CPython. */
int dt_delta_new(const struct dt_delta_arg args[7], struct dt_delta *out, struct core_error *err);
/* Normalises a total in microseconds (|us| < 2^126). */
int dt_delta_from_us(__int128 us, struct dt_delta *out, struct core_error *err);
__int128 dt_delta_to_us(const struct dt_delta *d);
/* str(td): "1 day, 2:03:04.000005", "-1 day, 23:59:59", "0:00:00". */
void dt_delta_str(const struct dt_delta *d, char *out, size_t outsz);
/* repr(td): "datetime.timedelta(days=1, seconds=5)", "datetime.timedelta(0)". */
void dt_delta_repr(const struct dt_delta *d, char *out, size_t outsz);

/* ---- time module ------------------------------------------------------ */

/* struct tm-like fields, Python conventions: year full, mon 1..12,
 * wday 0 = Monday, yday 1..366. */
struct dt_tm {
	int64_t year;
	int mon, mday, hour, min, sec, wday, yday, isdst;
};

/* time.gmtime(t) for an integer time_t (timestamps beyond glibc's int year
 * give OSError "[Errno 75] Value too large for defined data type"). */
int dt_gmtime(int64_t t, struct dt_tm *tm, struct core_error *err);
/* time.gmtime(float): floor to time_t first; NaN gives ValueError
 * "Invalid value NaN (not a number)", out of int64 range OverflowError
 * "timestamp out of range for platform time_t". */
int dt_gmtime_double(double t, struct dt_tm *tm, struct core_error *err);
/* Seconds since the epoch of a UTC calendar time (calendar.timegm). */
int64_t dt_timegm(int64_t year, int mon, int mday, int hour, int min, int sec);

/* time.asctime / time.ctime text: "Sun Jun  9 01:21:11 1993". */
void dt_asctime(const struct dt_tm *tm, char *out, size_t outsz);
/* datetime.ctime(): "Sat Jan  1 00:00:00 0005" (year 4 digits). */
void dt_ctime(int64_t year, int month, int day, int hour, int minute, int second,
	      char *out, size_t outsz);

extern const char *const dt_day_abbr[7];	/* Mon.. */
extern const char *const dt_day_name[7];
extern const char *const dt_month_abbr[13];	/* [1] = "Jan" */
extern const char *const dt_month_name[13];

#endif
