/* dt_format.c -- isoformat, offsets, timezone names and glibc-style strftime. */
#include "worker/modules/datetime/dt_format.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int dt_timespec_parse(const char *name, size_t len, enum dt_timespec *ts, struct core_error *err)
{
	static const char *const names[] = { "auto", "hours", "minutes", "seconds",
					     "milliseconds", "microseconds" };
	for (int i = 0; i < 6; i++) {
		if (strlen(names[i]) == len && memcmp(names[i], name, len) == 0) {
			*ts = (enum dt_timespec)i;
			return 0;
		}
	}
	return core_error_set(err, "ValueError", "Unknown timespec value");
}

static int putf(struct text_buf *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int putf(struct text_buf *out, const char *fmt, ...)
{
	char tmp[128];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	return num_buf_append(out, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

int dt_isoformat_date(struct text_buf *out, int year, int month, int day)
{
	return putf(out, "%04d-%02d-%02d", year, month, day);
}

int dt_isoformat_time(struct text_buf *out, int hour, int minute, int second, int usec,
		      enum dt_timespec ts)
{
	if (ts == DT_TS_AUTO)
		ts = usec ? DT_TS_MICROSECONDS : DT_TS_SECONDS;
	switch (ts) {
	case DT_TS_HOURS:
		return putf(out, "%02d", hour);
	case DT_TS_MINUTES:
		return putf(out, "%02d:%02d", hour, minute);
	case DT_TS_MILLISECONDS:
		return putf(out, "%02d:%02d:%02d.%03d", hour, minute, second, usec / 1000);
	case DT_TS_MICROSECONDS:
		return putf(out, "%02d:%02d:%02d.%06d", hour, minute, second, usec);
	default:
		return putf(out, "%02d:%02d:%02d", hour, minute, second);
	}
}

/* Splits an offset into sign and non-negative h/m/s/us. */
static char split_offset(const struct dt_delta *off, int *h, int *m, int *s, int *us)
{
	struct dt_delta d = *off;
	char sign = '+';
	if (d.days < 0) {
		struct core_error e;
		sign = '-';
		dt_delta_from_us(-dt_delta_to_us(off), &d, &e);
	}
	*us = d.microseconds;
	*s = d.seconds % 60;
	*m = d.seconds / 60 % 60;
	*h = d.seconds / 3600 + d.days * 24;
	return sign;
}

int dt_format_utcoffset(struct text_buf *out, const struct dt_delta *off, const char *sep)
{
	int h, m, s, us;
	char sign = split_offset(off, &h, &m, &s, &us);
	if (us)
		return putf(out, "%c%02d%s%02d%s%02d.%06d", sign, h, sep, m, sep, s, us);
	if (s)
		return putf(out, "%c%02d%s%02d%s%02d", sign, h, sep, m, sep, s);
	return putf(out, "%c%02d%s%02d", sign, h, sep, m);
}

int dt_timezone_name(struct text_buf *out, const struct dt_delta *off)
{
	int h, m, s, us;
	if (off->days == 0 && off->seconds == 0 && off->microseconds == 0)
		return num_buf_puts(out, "UTC");
	char sign = split_offset(off, &h, &m, &s, &us);
	if (us)
		return putf(out, "UTC%c%02d:%02d:%02d.%06d", sign, h, m, s, us);
	if (s)
		return putf(out, "UTC%c%02d:%02d:%02d", sign, h, m, s);
	return putf(out, "UTC%c%02d:%02d", sign, h, m);
}

int dt_check_tz_offset(const struct dt_delta *off, struct core_error *err)
{
	/* strictly between -24h and 24h: days == 0, or days == -1 and not exactly -24h */
	if (off->days == 0 || (off->days == -1 && (off->seconds || off->microseconds)))
		return 0;
	char r[128];
	dt_delta_repr(off, r, sizeof r);
	return core_error_set(err, "ValueError",
			     "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not %s.",
			     r);
}

/* ---- strftime ------------------------------------------------------------ */

static int is_leap_i(int64_t y)
{
	return dt_is_leap(y);
}

/* glibc's iso_week_days: yday 0-based, wday Sunday = 0. */
static int iso_week_days(int yday, int wday)
{
	int big = (366 / 7 + 2) * 7;
	return yday - (yday - wday + 4 + big) % 7 + 4 - 1;
}

struct spec {
	char pad;	/* 0: default, '-', '_', '0' */
	int upcase, swapcase;
	int width;	/* -1: default */
};

static int put_padded(struct text_buf *out, const char *s, size_t n, const struct spec *sp, int upper,
		      int lower)
{
	if (sp->width > 0 && (size_t)sp->width > n) {
		char fill = sp->pad == '0' ? '0' : ' ';
		if (num_buf_repeat(out, &fill, 1, (size_t)sp->width - n))
			return -1;
	}
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (upper)
			c = (char)toupper((unsigned char)c);
		else if (lower)
			c = (char)tolower((unsigned char)c);
		if (num_buf_putc(out, c))
			return -1;
	}
	return 0;
}

static int put_str(struct text_buf *out, const char *s, const struct spec *sp, int swap_lower)
{
	/* '#' swaps case: upper for names, lower for %p and %Z. */
	int upper = sp->upcase || (sp->swapcase && !swap_lower);
	int lower = !sp->upcase && sp->swapcase && swap_lower;
	return put_padded(out, s, strlen(s), sp, upper, lower);
}

/* A number with default width `digits` and default pad ('0' or ' '). */
static int put_num(struct text_buf *out, long long v, int digits, char defpad, const struct spec *sp)
{
	char tmp[48];
	int neg = v < 0;
	unsigned long long u = neg ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	int n = snprintf(tmp, sizeof tmp, "%llu", u);
	char pad = sp->pad ? sp->pad : defpad;
	int width = sp->width >= 0 ? sp->width : digits;
	if (pad == '-') {
		/* no padding to the default width; an explicit width pads with spaces */
		width = sp->width >= 0 ? sp->width : 0;
		pad = ' ';
	}
	int body = n + neg;
	if (pad == '0') {
		if (neg && num_buf_putc(out, '-'))
			return -1;
		for (int k = body; k < width; k++)
			if (num_buf_putc(out, '0'))
				return -1;
	} else {
		for (int k = body; k < width; k++)
			if (num_buf_putc(out, ' '))
				return -1;
		if (neg && num_buf_putc(out, '-'))
			return -1;
	}
	return num_buf_append(out, tmp, (size_t)n);
}

int dt_strftime(struct text_buf *out, const char *fmt, size_t fmtlen, const struct dt_tm *tm,
		const char *zone, long gmtoff)
{
	int wday_sun = (tm->wday + 1) % 7;	/* C convention */
	int yday0 = tm->yday - 1;
	int hour12 = tm->hour % 12 == 0 ? 12 : tm->hour % 12;
	int rc = 0;

	for (size_t i = 0; i < fmtlen && rc == 0; i++) {
		if (fmt[i] != '%') {
			rc = num_buf_putc(out, fmt[i]);
			continue;
		}
		size_t start = i++;
		struct spec sp = { 0, 0, 0, -1 };
		for (; i < fmtlen; i++) {
			char f = fmt[i];
			if (f == '-' || f == '_' || f == '0')
				sp.pad = f;
			else if (f == '^')
				sp.upcase = 1;
			else if (f == '#')
				sp.swapcase = 1;
			else
				break;
		}
		if (i < fmtlen && fmt[i] >= '1' && fmt[i] <= '9') {
			int w = 0;
			while (i < fmtlen && isdigit((unsigned char)fmt[i])) {
				if (w < 100000)
					w = w * 10 + (fmt[i] - '0');
				i++;
			}
			sp.width = w;
		}
		while (i < fmtlen && (fmt[i] == 'E' || fmt[i] == 'O'))
			i++;
		if (i >= fmtlen) {
			/* incomplete directive: glibc copies it as is */
			struct spec raw = sp;
			rc = put_padded(out, fmt + start, fmtlen - start, &raw, 0, 0);
			break;
		}
		char c = fmt[i];
		char tmp[64];
		switch (c) {
		case '%': rc = put_padded(out, "%", 1, &sp, 0, 0); break;
		case 'a': rc = put_str(out, dt_day_abbr[tm->wday % 7], &sp, 0); break;
		case 'A': rc = put_str(out, dt_day_name[tm->wday % 7], &sp, 0); break;
		case 'b':
		case 'h': rc = put_str(out, dt_month_abbr[tm->mon], &sp, 0); break;
		case 'B': rc = put_str(out, dt_month_name[tm->mon], &sp, 0); break;
		case 'p': rc = put_str(out, tm->hour < 12 ? "AM" : "PM", &sp, 1); break;
		case 'P': rc = put_str(out, tm->hour < 12 ? "am" : "pm", &sp, 0); break;
		case 'Z':
			/* glibc: nothing when tm_isdst < 0 */
			rc = put_str(out, tm->isdst < 0 ? "" : zone ? zone : "UTC", &sp, 1);
			break;
		case 'n': rc = put_padded(out, "\n", 1, &sp, 0, 0); break;
		case 't': rc = put_padded(out, "\t", 1, &sp, 0, 0); break;
		case 'c': case 'x': case 'X': case 'D': case 'F': case 'r': case 'R': case 'T': {
			const char *sub = c == 'c' ? "%a %b %e %H:%M:%S %Y" : c == 'x' || c == 'D' ? "%m/%d/%y"
					: c == 'F' ? "%Y-%m-%d" : c == 'r' ? "%I:%M:%S %p"
					: c == 'R' ? "%H:%M" : "%H:%M:%S";
			struct text_buf sb = TEXT_BUF_INIT;
			rc = dt_strftime(&sb, sub, strlen(sub), tm, zone, gmtoff);
			if (rc == 0)
				rc = put_padded(out, sb.data ? sb.data : "", sb.len, &sp, sp.upcase, 0);
			text_buf_free(&sb);
			break;
		}
		case 'C': rc = put_num(out, tm->year / 100 - (tm->year % 100 < 0), 1, '0', &sp); break;
		case 'd': rc = put_num(out, tm->mday, 2, '0', &sp); break;
		case 'e': rc = put_num(out, tm->mday, 2, ' ', &sp); break;
		case 'H': rc = put_num(out, tm->hour, 2, '0', &sp); break;
		case 'k': rc = put_num(out, tm->hour, 2, ' ', &sp); break;
		case 'I': rc = put_num(out, hour12, 2, '0', &sp); break;
		case 'l': rc = put_num(out, hour12, 2, ' ', &sp); break;
		case 'j': rc = put_num(out, tm->yday, 3, '0', &sp); break;
		case 'm': rc = put_num(out, tm->mon, 2, '0', &sp); break;
		case 'M': rc = put_num(out, tm->min, 2, '0', &sp); break;
		case 'S': rc = put_num(out, tm->sec, 2, '0', &sp); break;
		case 'u': rc = put_num(out, tm->wday + 1, 1, '0', &sp); break;
		case 'w': rc = put_num(out, wday_sun, 1, '0', &sp); break;
		case 'U': rc = put_num(out, (yday0 - wday_sun + 7) / 7, 2, '0', &sp); break;
		case 'W': rc = put_num(out, (yday0 - (wday_sun - 1 + 7) % 7 + 7) / 7, 2, '0', &sp); break;
		case 'y': rc = put_num(out, (tm->year % 100 + 100) % 100, 2, '0', &sp); break;
		case 'Y': rc = put_num(out, tm->year, 1, '0', &sp); break;
		case 's':
			rc = put_num(out, dt_timegm(tm->year, tm->mon, tm->mday, tm->hour, tm->min, tm->sec),
				     1, '0', &sp);
			break;
		case 'z': {
			if (tm->isdst < 0) {
				rc = put_padded(out, "", 0, &sp, 0, 0);
				break;
			}
			long a = gmtoff < 0 ? -gmtoff : gmtoff;
			snprintf(tmp, sizeof tmp, "%c%02ld%02ld", gmtoff < 0 ? '-' : '+', a / 3600, a / 60 % 60);
			rc = put_padded(out, tmp, strlen(tmp), &sp, 0, 0);
			break;
		}
		case 'G': case 'g': case 'V': {
			int64_t year = tm->year;
			int days = iso_week_days(yday0, wday_sun);
			if (days < 0) {
				year--;
				days = iso_week_days(yday0 + 365 + is_leap_i(year), wday_sun);
			} else {
				int d = iso_week_days(yday0 - (365 + is_leap_i(year)), wday_sun);
				if (d >= 0) {
					year++;
					days = d;
				}
			}
			if (c == 'G')
				rc = put_num(out, year, 1, '0', &sp);
			else if (c == 'g')
				rc = put_num(out, (year % 100 + 100) % 100, 2, '0', &sp);
			else
				rc = put_num(out, days / 7 + 1, 2, '0', &sp);
			break;
		}
		default:
			/* unknown conversion: copied as written */
			rc = put_padded(out, fmt + start, i - start + 1, &sp, 0, 0);
			break;
		}
	}
	return rc;
}

int dt_time_strftime(struct text_buf *out, const char *fmt, size_t fmtlen, struct dt_tm tm,
		     const char *zone, long gmtoff, struct core_error *err)
{
	core_error_clear(err);
	if (memchr(fmt, '\0', fmtlen))
		return core_error_set(err, "ValueError", "embedded null character");
	if (tm.mon == 0)
		tm.mon = 1;
	else if (tm.mon < 1 || tm.mon > 12)
		return core_error_set(err, "ValueError", "month out of range");
	if (tm.mday == 0)
		tm.mday = 1;
	else if (tm.mday < 0 || tm.mday > 31)
		return core_error_set(err, "ValueError", "day of month out of range");
	if (tm.hour < 0 || tm.hour > 23)
		return core_error_set(err, "ValueError", "hour out of range");
	if (tm.min < 0 || tm.min > 59)
		return core_error_set(err, "ValueError", "minute out of range");
	if (tm.sec < 0 || tm.sec > 61)
		return core_error_set(err, "ValueError", "seconds out of range");
	tm.wday = ((tm.wday % 7) + 7) % 7;
	if ((tm.wday + 1) % 7 < 0)
		return core_error_set(err, "ValueError", "day of week out of range");
	if (tm.yday == 0)
		tm.yday = 1;
	else if (tm.yday < 1 || tm.yday > 366)
		return core_error_set(err, "ValueError", "day of year out of range");
	if (dt_strftime(out, fmt, fmtlen, &tm, zone, gmtoff))
		return core_error_set(err, "MemoryError", "%s", "");
	return 0;
}

int dt_datetime_strftime(struct text_buf *out, const char *fmt, size_t fmtlen,
			 const struct dt_tm *tm, int usec, const struct dt_delta *offset,
			 const char *tzname, struct core_error *err)
{
	struct text_buf nf = TEXT_BUF_INIT;
	int rc = 0;

	core_error_clear(err);
	for (size_t i = 0; i < fmtlen && rc == 0; i++) {
		if (fmt[i] != '%' || i + 1 >= fmtlen) {
			rc = num_buf_putc(&nf, fmt[i]);
			continue;
		}
		char c = fmt[++i];
		if (c == 'z') {
			if (offset)
				rc = dt_format_utcoffset(&nf, offset, "");
		} else if (c == 'Z') {
			if (tzname) {
				for (const char *p = tzname; *p && rc == 0; p++)
					rc = *p == '%' ? num_buf_append(&nf, "%%", 2) : num_buf_putc(&nf, *p);
			}
		} else if (c == 'f') {
			rc = putf(&nf, "%06d", usec);
		} else {
			rc = num_buf_putc(&nf, '%');
			if (rc == 0)
				rc = num_buf_putc(&nf, c);
		}
	}
	if (rc) {
		text_buf_free(&nf);
		return core_error_set(err, "MemoryError", "%s", "");
	}
	struct dt_tm t = *tm;
	t.isdst = -1;	/* timetuple() of a datetime: dst() is None */
	rc = dt_time_strftime(out, nf.data ? nf.data : "", nf.len, t, NULL, 0, err);
	text_buf_free(&nf);
	return rc;
}
