/* dt_format.h -- text forms of datetime/time values as CPython 3.11 on glibc
 * (C locale): isoformat, UTC offsets, timezone names and reprs, and
 * strftime with glibc's directives, flags and widths. */
#ifndef BOX_MODCORE2_DT_FORMAT_H
#define BOX_MODCORE2_DT_FORMAT_H

#include <stddef.h>
#include "worker/num/num.h"
#include "worker/modules/datetime/dt_calendar.h"
#include "worker/modules/core_error.h"

enum dt_timespec {
	DT_TS_AUTO, DT_TS_HOURS, DT_TS_MINUTES, DT_TS_SECONDS, DT_TS_MILLISECONDS,
	DT_TS_MICROSECONDS
};

/* timespec name -> enum; ValueError "Unknown timespec value" otherwise. */
int dt_timespec_parse(const char *name, size_t len, enum dt_timespec *ts, struct core_error *err);
/* "YYYY-MM-DD" (date.isoformat / str(date)). */
int dt_isoformat_date(struct text_buf *out, int year, int month, int day);
/* time part: "HH:MM:SS[.ffffff]" per timespec. */
int dt_isoformat_time(struct text_buf *out, int hour, int minute, int second, int usec,
		      enum dt_timespec ts);
/* UTC offset text "+HH<sep>MM[<sep>SS[.ffffff]]" (format_utcoffset): sep is
 * ":" for isoformat, "" for %z.  `off` is the offset timedelta. */
int dt_format_utcoffset(struct text_buf *out, const struct dt_delta *off, const char *sep);
/* str(timezone) / tzname() without an explicit name: "UTC" for a zero
 * offset, else "UTC+01:00", "UTC-01:00:05", "UTC+05:30:00.000001". */
int dt_timezone_name(struct text_buf *out, const struct dt_delta *off);
/* timezone(offset) check: ValueError "offset must be a timedelta strictly
 * between -timedelta(hours=24) and timedelta(hours=24), not <repr>." */
int dt_check_tz_offset(const struct dt_delta *off, struct core_error *err);

/* datetime.strftime: replaces %z (utcoffset "+HHMM[SS[.ffffff]]", "" when
 * offset is NULL), %Z (tzname or "" when NULL) and %f ("%06d" usec) as
 * CPython's wrap_strftime does, then formats the rest with dt_strftime.
 * tm must have year/mon/mday/hour/min/sec/wday/yday set. */
int dt_datetime_strftime(struct text_buf *out, const char *fmt, size_t fmtlen,
			 const struct dt_tm *tm, int usec, const struct dt_delta *offset,
			 const char *tzname, struct core_error *err);

/* time.strftime(format, tuple): tm in Python conventions (mon 1..12, wday
 * 0=Monday, yday 1..366).  Validates and normalises the tuple as CPython
 * ("month out of range", "day of month out of range", ...), then formats
 * as glibc does in the C locale.  zone: %Z text (NULL: "UTC", local time
 * being UTC); gmtoff: %z seconds.  Embedded NUL: ValueError
 * "embedded null character". */
int dt_time_strftime(struct text_buf *out, const char *fmt, size_t fmtlen, struct dt_tm tm,
		     const char *zone, long gmtoff, struct core_error *err);

/* The glibc formatter alone (no tuple checks). */
int dt_strftime(struct text_buf *out, const char *fmt, size_t fmtlen, const struct dt_tm *tm,
		const char *zone, long gmtoff);

#endif
