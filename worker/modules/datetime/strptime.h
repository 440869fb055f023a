/* strptime.h -- time.strptime / datetime.strptime as CPython 3.11's _strptime
 * in the C locale with local time = UTC (time.tzname == ('UTC', 'UTC')).
 *
 * The format is translated to the same sequence of alternatives as
 * _strptime's TimeRE regex (same order, case-insensitive, whitespace runs
 * in the format matching one or more whitespace characters) and matched by
 * backtracking with memoisation (linear in format x data).  Then the
 * fields are computed as _strptime does (%y pivot 69, %I with %p, %j,
 * %U/%W/%V with weekdays, 1900-01-01 defaults, Feb 29 without year).
 * Limits: \d and \s match ASCII digits / whitespace only; a directive used
 * twice reports re.error "redefinition of group name 'X'" without the
 * regex group numbers and position CPython shows. */
#ifndef BOX_MODCORE2_STRPTIME_H
#define BOX_MODCORE2_STRPTIME_H

#include <stddef.h>
#include "worker/modules/core_error.h"

struct strptime_result {
	int year, month, day, hour, minute, second;
	int weekday;		/* 0 = Monday */
	int julian;		/* tm_yday, 1-based */
	int tz;			/* tm_isdst: -1, or 0 when %Z matched utc/gmt */
	int fraction;		/* microseconds from %f */
	int has_gmtoff;		/* %z matched */
	long gmtoff;		/* seconds east of UTC */
	int gmtoff_fraction;	/* microseconds, same sign as gmtoff */
	int has_tzname;		/* %Z matched */
	char tzname[8];		/* the %Z text as written in the data */
};

/* _strptime._strptime(data, format).  Errors (ValueError unless noted):
 * "time data 'D' does not match format 'F'", "unconverted data remains: X",
 * "'x' is a bad directive in format 'F'", "stray % in format 'F'",
 * "Inconsistent use of : in Z", the ISO week/year directive messages,
 * date errors ("day is out of range for month", "year 0 is out of range"). */
int dt_strptime(const char *data, size_t dlen, const char *fmt, size_t flen,
		struct strptime_result *r, struct core_error *err);

/* datetime.strptime's extra checks on the result: time fields
 * ("second must be in 0..59") and the %z offset
 * (timezone "offset must be a timedelta strictly between ..."). */
int dt_strptime_datetime_check(const struct strptime_result *r, struct core_error *err);

#endif
