/* dt_parse.c -- fromisoformat for date, time and datetime (CPython 3.11). */
#include "worker/modules/datetime/dt_parse.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/datetime/dt_calendar.h"
#include "worker/modules/datetime/dt_format.h"

static const char *parse_digits(const char *p, int *var, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)*p - '0';
		if (d > 9)
			return NULL;
		*var = *var * 10 + (int)d;
		p++;
	}
	return p;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int iso_to_ymd(int iso_year, int week, int wday, int *y, int *m, int *d)
{
	if (week <= 0 || week >= 53) {
		int out = 1;
		if (week == 53) {
			int64_t first = (dt_ymd_to_ord(iso_year, 1, 1) + 6) % 7;
			if (first == 3 || (first == 2 && dt_is_leap(iso_year)))
				out = 0;
		}
		if (out)
			return -2;
	}
	if (wday <= 0 || wday >= 8)
		return -4;
	int64_t first = dt_days_before_year(iso_year) + 1;
	int64_t wd = ((first + 6) % 7 + 7) % 7;
	int64_t monday = first - wd + (wd > 3 ? 7 : 0);
	int64_t yy;
	dt_ord_to_ymd(monday + (week - 1) * 7 + wday - 1, &yy, m, d);
	*y = (int)yy;
	return 0;
}

/* s is NUL-terminated; len may be SIZE_MAX (CPython passes -1). */
static int parse_date(const char *s, size_t len, int *y, int *m, int *d)
{
	const char *p = parse_digits(s, y, 4);
	if (!p)
		return -1;
	int sep = *p == '-';
	if (sep)
		p++;
	if (*p == 'W') {
		int week = 0, wday = 0;
		p = parse_digits(p + 1, &week, 2);
		if (!p)
			return -3;
		if ((size_t)(p - s) < len) {
			if (sep && *(p++) != '-')
				return -2;
			p = parse_digits(p, &wday, 1);
			if (!p)
				return -4;
		} else {
			wday = 1;
		}
		int rv = iso_to_ymd(*y, week, wday, y, m, d);
		return rv ? -3 + rv : 0;
	}
	p = parse_digits(p, m, 2);
	if (!p)
		return -1;
	if (sep && *(p++) != '-')
		return -2;
	p = parse_digits(p, d, 2);
	return p ? 0 : -1;
}

static int parse_hh_mm_ss_ff(const char *p, const char *p_end, int *h, int *mi, int *s, int *us)
{
	int *vals[3] = { h, mi, s };
	int has_sep = 1;

	*h = *mi = *s = *us = 0;
	for (int i = 0; i < 3; i++) {
		p = parse_digits(p, vals[i], 2);
		if (!p)
			return -3;
		char c = *(p++);
		if (i == 0)
			has_sep = c == ':';
		if (p >= p_end)
			return c != '\0';
		if (has_sep && c == ':')
			continue;
		if (c == '.' || c == ',')
			goto frac;
		if (!has_sep)
			p--;
		else
			return -4;
	}
frac:;
	size_t remain = (size_t)(p_end - p);
	size_t n = remain >= 6 ? 6 : remain;
	if (n == 0)
		return -3;
	p = parse_digits(p, us, n);
	if (!p)
		return -3;
	static const int corr[] = { 100000, 10000, 1000, 100, 10 };
	if (n < 6)
		*us *= corr[n - 1];
	while (is_digit(*p))
		p++;
	return *p != '\0';
}

static int parse_time(const char *s, size_t len, struct dt_iso *r)
{
	const char *p_end = s + len, *tz = s;
	int tzh = 0, tzm = 0, tzs = 0, tzus = 0;

	do {
		if (*tz == 'Z' || *tz == '+' || *tz == '-')
			break;
	} while (++tz < p_end);
	int rv = parse_hh_mm_ss_ff(s, tz, &r->hour, &r->minute, &r->second, &r->usec);
	if (rv < 0)
		return rv;
	if (tz >= p_end)
		return rv == 1 ? -5 : 0;
	if (*tz == 'Z') {
		r->tz_seconds = 0;
		r->tz_usec = 0;
		return tz[1] != '\0' ? -5 : 1;
	}
	int sign = *tz == '-' ? -1 : 1;
	rv = parse_hh_mm_ss_ff(tz + 1, p_end, &tzh, &tzm, &tzs, &tzus);
	r->tz_seconds = sign * (tzh * 3600L + tzm * 60L + tzs);
	r->tz_usec = sign * tzus;
	return rv ? -5 : 1;
}

static int invalid(const char *s, size_t len, struct core_error *err)
{
	core_error_set(err, "ValueError", "Invalid isoformat string: ");
	core_error_repr_append(err->msg, sizeof err->msg, s, len);
	return -1;
}

/* Copies s into a NUL-terminated buffer (the parser reads one past). */
static char *dup0(const char *s, size_t len)
{
	char *c = malloc(len + 2);
	if (c) {
		memcpy(c, s, len);
		c[len] = c[len + 1] = '\0';
	}
	return c;
}

static int finish_tz(int rv, struct dt_iso *r, struct core_error *err)
{
	if (rv != 1)
		return 0;
	r->has_tz = 1;
	/* CPython: a zero seconds offset is timezone.utc, microseconds dropped */
	r->tz_utc = r->tz_seconds == 0;
	if (r->tz_utc)
		r->tz_usec = 0;
	struct dt_delta off;
	if (dt_delta_from_us((__int128)r->tz_seconds * 1000000 + r->tz_usec, &off, err))
		return -1;
	return dt_check_tz_offset(&off, err);
}

/* PyUnicode_AsUTF8AndSize refuses lone surrogates (WTF-8 ED A0..BF). */
static int dt_text_valid_utf8(const char *s, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if ((unsigned char)s[i] == 0xED && ((unsigned char)s[i + 1] & 0xE0) == 0xA0)
			return 0;
	return 1;
}

static int has_nul(const char *s, size_t len)
{
	return memchr(s, '\0', len) != NULL;
}

int dt_date_fromisoformat(const char *s, size_t len, struct dt_iso *r, struct core_error *err)
{
	memset(r, 0, sizeof *r);
	core_error_clear(err);
	if ((len != 7 && len != 8 && len != 10) || has_nul(s, len))
		return invalid(s, len, err);
	char *c = dup0(s, len);
	if (!c)
		return core_error_set(err, "MemoryError", "%s", "");
	int rv = parse_date(c, len, &r->year, &r->month, &r->day);
	free(c);
	if (rv < 0)
		return invalid(s, len, err);
	return dt_check_date(r->year, r->month, r->day, err);
}

int dt_time_fromisoformat(const char *s, size_t len, struct dt_iso *r, struct core_error *err)
{
	memset(r, 0, sizeof *r);
	core_error_clear(err);
	if (has_nul(s, len) || !dt_text_valid_utf8(s, len))
		return invalid(s, len, err);
	char *c = dup0(s, len);
	if (!c)
		return core_error_set(err, "MemoryError", "%s", "");
	const char *p = c;
	size_t n = len;
	if (*p == 'T') {
		p++;
		n--;
	}
	int rv = parse_time(p, n, r);
	free(c);
	if (rv < 0)
		return invalid(s, len, err);
	if (finish_tz(rv, r, err))
		return -1;
	return dt_check_time(r->hour, r->minute, r->second, r->usec, 0, err);
}

static size_t find_separator(const char *s, size_t len)
{
	if (len == 7)
		return 7;
	if (s[4] == '-') {
		if (s[5] == 'W') {
			if (len < 8)
				return SIZE_MAX;
			if (len > 8 && s[8] == '-') {
				if (len == 9)
					return SIZE_MAX;
				if (len > 10 && is_digit(s[10]))
					return 8;
				return 10;
			}
			return 8;
		}
		return 10;
	}
	if (s[4] == 'W') {
		size_t idx = 7;
		for (; idx < len; idx++)
			if (!is_digit(s[idx]))
				break;
		if (idx < 9)
			return idx;
		return idx % 2 == 0 ? 7 : 8;
	}
	return 8;
}

int dt_datetime_fromisoformat(const char *s, size_t len, struct dt_iso *r, struct core_error *err)
{
	const size_t orig_len = len;
	memset(r, 0, sizeof *r);
	core_error_clear(err);
	size_t ncp = 0;
	for (size_t i = 0; i < len; i++)
		ncp += ((unsigned char)s[i] & 0xC0) != 0x80;
	if (ncp < 7 || has_nul(s, len))
		return invalid(s, len, err);
	char *c = dup0(s, len);
	if (!c)
		return core_error_set(err, "MemoryError", "%s", "");
	/* _sanitize_isoformat_str: a non-ASCII character at code point 7, 8
	 * or 10 (the first found) is the separator and becomes 'T'. */
	static const size_t seps[3] = { 7, 8, 10 };
	for (int k = 0; k < 3; k++) {
		size_t pos = seps[k], b = 0, cp = 0;
		if (pos > ncp)
			break;
		while (b < len && cp < pos) {
			b++;
			while (b < len && ((unsigned char)c[b] & 0xC0) == 0x80)
				b++;
			cp++;
		}
		if (b >= len || (unsigned char)c[b] < 0x80)
			continue;
		size_t e = b + 1;
		while (e < len && ((unsigned char)c[e] & 0xC0) == 0x80)
			e++;
		memmove(c + b + 1, c + e, len - e + 2);
		c[b] = 'T';
		len -= e - b - 1;
		break;
	}
	if (!dt_text_valid_utf8(c, len)) {
		free(c);
		return invalid(s, orig_len, err);
	}
	size_t sep = find_separator(c, len);
	int rv = parse_date(c, sep, &r->year, &r->month, &r->day);
	if (!rv && sep != SIZE_MAX && len > sep) {
		const char *p = c + sep + 1;
		rv = parse_time(p, len - sep - 1, r);
	}
	free(c);
	if (rv < 0)
		return invalid(s, orig_len, err);
	if (finish_tz(rv, r, err))
		return -1;
	if (dt_check_date(r->year, r->month, r->day, err))
		return -1;
	return dt_check_time(r->hour, r->minute, r->second, r->usec, 0, err);
}
