/* dt_calendar.c -- Gregorian calendar, validation, timedelta, gmtime/asctime. */
#include "worker/modules/datetime/dt_calendar.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const dt_day_abbr[7] = { "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun" };
const char *const dt_day_name[7] = { "Monday", "Tuesday", "Wednesday", "Thursday",
				     "Friday", "Saturday", "Sunday" };
const char *const dt_month_abbr[13] = { "", "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					"Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
const char *const dt_month_name[13] = { "", "January", "February", "March", "April", "May",
					"June", "July", "August", "September", "October",
					"November", "December" };

static const int mdays[13] = { 0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
static const int mbefore[13] = { 0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };

static int64_t floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

static int64_t floormod(int64_t a, int64_t b)
{
	return a - floordiv(a, b) * b;
}

int dt_is_leap(int64_t y)
{
	return floormod(y, 4) == 0 && (floormod(y, 100) != 0 || floormod(y, 400) == 0);
}

int dt_days_in_month(int64_t year, int month)
{
	if (month < 1 || month > 12)
		return 0;
	return month == 2 && dt_is_leap(year) ? 29 : mdays[month];
}

int64_t dt_days_before_year(int64_t year)
{
	int64_t y = year - 1;
	return y * 365 + floordiv(y, 4) - floordiv(y, 100) + floordiv(y, 400);
}

int dt_days_before_month(int64_t year, int month)
{
	if (month < 1 || month > 12)
		return 0;
	return mbefore[month] + (month > 2 && dt_is_leap(year));
}

int64_t dt_ymd_to_ord(int64_t year, int month, int day)
{
	return dt_days_before_year(year) + dt_days_before_month(year, month) + day;
}

void dt_ord_to_ymd(int64_t ord, int64_t *year, int *month, int *day)
{
	int64_t n = ord - 1;
	int64_t n400 = floordiv(n, 146097);
	n = floormod(n, 146097);
	int64_t n100 = n / 36524;
	n %= 36524;
	int64_t n4 = n / 1461;
	n %= 1461;
	int64_t n1 = n / 365;
	n %= 365;
	int64_t y = n400 * 400 + 1 + n100 * 100 + n4 * 4 + n1;
	if (n1 == 4 || n100 == 4) {
		*year = y - 1;
		*month = 12;
		*day = 31;
		return;
	}
	int leap = n1 == 3 && (n4 != 24 || n100 == 3);
	int m = (int)((n + 50) >> 5);
	int preceding = mbefore[m] + (m > 2 && leap);
	if (preceding > n) {
		m--;
		preceding -= mdays[m] + (m == 2 && leap);
	}
	*year = y;
	*month = m;
	*day = (int)(n - preceding + 1);
}

int dt_weekday(int64_t year, int month, int day)
{
	return (int)floormod(dt_ymd_to_ord(year, month, day) + 6, 7);
}

/* Ordinal of the Monday of ISO week 1 of year. */
static int64_t iso_week1_monday(int64_t year)
{
	int64_t first = dt_days_before_year(year) + 1;
	int64_t wd = floormod(first + 6, 7);
	int64_t monday = first - wd;
	if (wd > 3)
		monday += 7;
	return monday;
}

void dt_isocalendar(int64_t year, int month, int day, int64_t *iso_year, int *iso_week,
		    int *iso_weekday)
{
	int64_t ord = dt_ymd_to_ord(year, month, day);
	int64_t y = year;
	int64_t w1 = iso_week1_monday(y);
	int64_t diff = ord - w1;
	int64_t week = floordiv(diff, 7);
	if (week < 0) {
		y--;
		w1 = iso_week1_monday(y);
		diff = ord - w1;
		week = floordiv(diff, 7);
	} else if (week >= 52 && ord >= iso_week1_monday(y + 1)) {
		y++;
		week = 0;
	}
	*iso_year = y;
	*iso_week = (int)week + 1;
	*iso_weekday = (int)floormod(ord + 6, 7) + 1;
}

int dt_fromisocalendar(int64_t iso_year, int64_t week, int64_t wday, int *year, int *month,
		       int *day, struct core_error *err)
{
	if (iso_year < DT_MINYEAR || iso_year > DT_MAXYEAR)
		return core_error_set(err, "ValueError", "Year is out of range: %lld", (long long)iso_year);
	if (week <= 0 || week >= 53) {
		int out_of_range = 1;
		if (week == 53) {
			int64_t first = dt_days_before_year(iso_year) + 1;
			int64_t wd = floormod(first + 6, 7);
			if (wd == 3 || (wd == 2 && dt_is_leap(iso_year)))
				out_of_range = 0;
		}
		if (out_of_range)
			return core_error_set(err, "ValueError", "Invalid week: %lld", (long long)week);
	}
	if (wday <= 0 || wday >= 8)
		return core_error_set(err, "ValueError", "Invalid day: %lld (range is [1, 7])",
				     (long long)wday);
	int64_t ord = iso_week1_monday(iso_year) + (week - 1) * 7 + (wday - 1);
	int64_t y;
	dt_ord_to_ymd(ord, &y, month, day);
	*year = (int)y;
	return 0;
}

int dt_check_date(int64_t year, int64_t month, int64_t day, struct core_error *err)
{
	if (year < DT_MINYEAR || year > DT_MAXYEAR)
		return core_error_set(err, "ValueError", "year %lld is out of range", (long long)year);
	if (month < 1 || month > 12)
		return core_error_set(err, "ValueError", "month must be in 1..12");
	if (day < 1 || day > dt_days_in_month(year, (int)month))
		return core_error_set(err, "ValueError", "day is out of range for month");
	return 0;
}

int dt_check_time(int64_t hour, int64_t minute, int64_t second, int64_t usec, int64_t fold,
		  struct core_error *err)
{
	if (hour < 0 || hour > 23)
		return core_error_set(err, "ValueError", "hour must be in 0..23");
	if (minute < 0 || minute > 59)
		return core_error_set(err, "ValueError", "minute must be in 0..59");
	if (second < 0 || second > 59)
		return core_error_set(err, "ValueError", "second must be in 0..59");
	if (usec < 0 || usec > 999999)
		return core_error_set(err, "ValueError", "microsecond must be in 0..999999");
	if (fold != 0 && fold != 1)
		return core_error_set(err, "ValueError", "fold must be either 0 or 1");
	return 0;
}

/* ---- timedelta -------------------------------------------------------- */

static const __int128 I128_LIMIT = (__int128)1 << 120;

int dt_delta_from_us(__int128 us, struct dt_delta *out, struct core_error *err)
{
	__int128 s = us / 1000000, r = us % 1000000;
	if (r < 0) {
		r += 1000000;
		s--;
	}
	__int128 d = s / 86400, sr = s % 86400;
	if (sr < 0) {
		sr += 86400;
		d--;
	}
	if (d > INT_MAX || d < INT_MIN)
		return core_error_set(err, "OverflowError", "Python int too large to convert to C int");
	if (d > DT_MAX_DELTA_DAYS || d < -DT_MAX_DELTA_DAYS)
		return core_error_set(err, "OverflowError", "days=%d; must have magnitude <= %d", (int)d,
				     DT_MAX_DELTA_DAYS);
	out->days = (int32_t)d;
	out->seconds = (int32_t)sr;
	out->microseconds = (int32_t)r;
	return 0;
}

__int128 dt_delta_to_us(const struct dt_delta *d)
{
	return ((__int128)d->days * 86400 + d->seconds) * 1000000 + d->microseconds;
}

static int too_big(struct core_error *err)
{
	return core_error_set(err, "OverflowError", "Python int too large to convert to C int");
}

static int accum(__int128 *sofar, const struct dt_delta_arg *a, int64_t factor, double *leftover,
		 struct core_error *err)
{
	if (!a->is_float) {
		*sofar += (__int128)a->ival * factor;
		return 0;
	}
	double d = a->fval;
	if (isnan(d))
		return core_error_set(err, "ValueError", "cannot convert float NaN to integer");
	if (isinf(d))
		return core_error_set(err, "OverflowError", "cannot convert float infinity to integer");
	double intpart, frac = modf(d, &intpart);
	if (fabs(intpart) >= 1e30)
		return too_big(err);
	*sofar += (__int128)intpart * factor;
	if (*sofar >= I128_LIMIT || *sofar <= -I128_LIMIT)
		return too_big(err);
	if (frac == 0.0)
		return 0;
	double dnum = (double)factor * frac;
	frac = modf(dnum, &intpart);
	*sofar += (__int128)intpart;
	*leftover += frac;
	return 0;
}

int dt_delta_new(const struct dt_delta_arg args[7], struct dt_delta *out, struct core_error *err)
{
	/* CPython's order: us, ms, seconds, minutes, hours, days, weeks. */
	static const int order[7] = { 2, 3, 1, 4, 5, 0, 6 };
	static const int64_t factor[7] = { 1, 1000, 1000000, 60000000, 3600000000LL,
					   86400000000LL, 604800000000LL };
	__int128 x = 0;
	double leftover = 0.0;

	core_error_clear(err);
	for (int k = 0; k < 7; k++) {
		const struct dt_delta_arg *a = &args[order[k]];
		if (!a->is_float && a->ival == 0)
			continue;
		if (accum(&x, a, factor[k], &leftover, err))
			return -1;
		if (x >= I128_LIMIT || x <= -I128_LIMIT)
			return too_big(err);
	}
	if (leftover != 0.0) {
		double whole = round(leftover);
		if (fabs(whole - leftover) == 0.5) {
			int odd = (int)(x & 1);
			whole = 2.0 * round((leftover + odd) * 0.5) - odd;
		}
		x += (__int128)whole;
	}
	return dt_delta_from_us(x, out, err);
}

void dt_delta_str(const struct dt_delta *d, char *out, size_t outsz)
{
	int n = 0;
	out[0] = '\0';
	if (d->days)
		n = snprintf(out, outsz, "%d day%s, ", d->days, (d->days == 1 || d->days == -1) ? "" : "s");
	if (n < 0 || (size_t)n >= outsz)
		return;
	int m = snprintf(out + n, outsz - (size_t)n, "%d:%02d:%02d", d->seconds / 3600,
			 d->seconds / 60 % 60, d->seconds % 60);
	if (m < 0 || (size_t)(n + m) >= outsz)
		return;
	if (d->microseconds)
		snprintf(out + n + m, outsz - (size_t)(n + m), ".%06d", d->microseconds);
}

void dt_delta_repr(const struct dt_delta *d, char *out, size_t outsz)
{
	char args[96] = "";
	size_t n = 0;
	if (d->days)
		n += (size_t)snprintf(args + n, sizeof args - n, "days=%d", d->days);
	if (d->seconds)
		n += (size_t)snprintf(args + n, sizeof args - n, "%sseconds=%d", n ? ", " : "", d->seconds);
	if (d->microseconds)
		snprintf(args + n, sizeof args - n, "%smicroseconds=%d", n ? ", " : "", d->microseconds);
	snprintf(out, outsz, "datetime.timedelta(%s)", args[0] ? args : "0");
}

/* ---- time module ------------------------------------------------------ */

int dt_gmtime(int64_t t, struct dt_tm *tm, struct core_error *err)
{
	int64_t days = floordiv(t, 86400), secs = floormod(t, 86400);
	int64_t year;
	int month, day;

	dt_ord_to_ymd(days + DT_EPOCH_ORDINAL, &year, &month, &day);
	if (year - 1900 > INT_MAX || year - 1900 < INT_MIN)
		return core_error_set(err, "OSError", "[Errno 75] Value too large for defined data type");
	tm->year = year;
	tm->mon = month;
	tm->mday = day;
	tm->hour = (int)(secs / 3600);
	tm->min = (int)(secs / 60 % 60);
	tm->sec = (int)(secs % 60);
	tm->wday = (int)floormod(days + DT_EPOCH_ORDINAL + 6, 7);
	tm->yday = dt_days_before_month(year, month) + day;
	tm->isdst = 0;
	return 0;
}

int dt_gmtime_double(double t, struct dt_tm *tm, struct core_error *err)
{
	core_error_clear(err);
	if (isnan(t))
		return core_error_set(err, "ValueError", "Invalid value NaN (not a number)");
	t = floor(t);
	if (!(t >= -9223372036854775808.0 && t <= 9223372036854775808.0))
		return core_error_set(err, "OverflowError", "timestamp out of range for platform time_t");
	/* CPython's range check lets 2**63 through; the conversion then gives
	 * INT64_MIN on x86-64 (and gmtime fails with EOVERFLOW). */
	if (t == 9223372036854775808.0)
		return dt_gmtime(INT64_MIN, tm, err);
	return dt_gmtime((int64_t)t, tm, err);
}

int64_t dt_timegm(int64_t year, int mon, int mday, int hour, int min, int sec)
{
	int64_t days = dt_ymd_to_ord(year, mon, mday) - DT_EPOCH_ORDINAL;
	return days * 86400 + hour * 3600 + min * 60 + sec;
}

void dt_asctime(const struct dt_tm *tm, char *out, size_t outsz)
{
	int wd = tm->wday >= 0 && tm->wday < 7 ? tm->wday : 0;
	int mo = tm->mon >= 1 && tm->mon <= 12 ? tm->mon : 1;
	snprintf(out, outsz, "%s %s%3d %.2d:%.2d:%.2d %lld", dt_day_abbr[wd], dt_month_abbr[mo],
		 tm->mday, tm->hour, tm->min, tm->sec, (long long)tm->year);
}

void dt_ctime(int64_t year, int month, int day, int hour, int minute, int second,
	      char *out, size_t outsz)
{
	int wd = (int)floormod(dt_ymd_to_ord(year, month, day) + 6, 7);
	int mo = month >= 1 && month <= 12 ? month : 1;
	snprintf(out, outsz, "%s %s %2d %02d:%02d:%02d %04lld", dt_day_abbr[wd], dt_month_abbr[mo],
		 day, hour, minute, second, (long long)year);
}
