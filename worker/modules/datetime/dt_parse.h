/* dt_parse.h -- date/time/datetime.fromisoformat exactly as CPython 3.11's C
 * implementation (_datetimemodule.c): the same byte-level parser over the
 * UTF-8 text, the same accepted forms (YYYY-MM-DD, YYYYMMDD, YYYY-Www[-D],
 * YYYYWww[D]; HH[:MM[:SS[.f+]]] or compact HHMMSS, ',' or '.' fractions
 * truncated to 6 digits; Z, +HH[:MM[:SS[.ffffff]]] offsets; any one-byte
 * separator) and errors: ValueError "Invalid isoformat string: '<repr>'",
 * or the range errors of the constructors ("month must be in 1..12",
 * "year 0 is out of range", the timezone offset message). */
#ifndef BOX_MODCORE2_DT_PARSE_H
#define BOX_MODCORE2_DT_PARSE_H

#include <stddef.h>
#include "worker/modules/core_error.h"

struct dt_iso {
	int year, month, day;
	int hour, minute, second, usec;
	int has_tz;		/* an offset was given (tzinfo not None) */
	int tz_utc;		/* the offset is zero: tzinfo is timezone.utc */
	long tz_seconds;	/* offset = timedelta(seconds=tz_seconds, microseconds=tz_usec) */
	int tz_usec;
};

int dt_date_fromisoformat(const char *s, size_t len, struct dt_iso *r, struct core_error *err);
int dt_time_fromisoformat(const char *s, size_t len, struct dt_iso *r, struct core_error *err);
int dt_datetime_fromisoformat(const char *s, size_t len, struct dt_iso *r, struct core_error *err);

#endif
