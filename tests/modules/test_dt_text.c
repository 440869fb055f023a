/* test_dt_text.c -- Check tests of the datetime/time text cores (strftime,
 * isoformat, timezone names, strptime, fromisoformat) against tables
 * generated from python3.11 by gen_json_datetime.py. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/datetime/dt_calendar.h"
#include "worker/modules/datetime/dt_format.h"
#include "worker/modules/datetime/dt_parse.h"
#include "worker/modules/datetime/strptime.h"

TCase *dt_text_tcase(void);

struct strftime_case {
	int year, mon, day, hour, min, sec, us, wday, yday, has_off, off;
	const char *tzname, *fmt, *expect;
};

static const struct strftime_case strftime_cases[] = {
#include "cases_strftime.inc"
};

START_TEST(test_datetime_strftime)
{
	const struct strftime_case *c = &strftime_cases[_i];
	struct dt_tm tm = { c->year, c->mon, c->day, c->hour, c->min, c->sec, c->wday, c->yday, -1 };
	struct dt_delta off;
	struct core_error err;
	struct text_buf b = TEXT_BUF_INIT;

	ck_assert_int_eq(dt_delta_from_us((__int128)c->off * 1000000, &off, &err), 0);
	ck_assert_int_eq(dt_datetime_strftime(&b, c->fmt, strlen(c->fmt), &tm, c->us,
					      c->has_off ? &off : NULL, c->tzname, &err), 0);
	ck_assert_msg(strcmp(b.data ? b.data : "", c->expect) == 0, "case %d fmt '%s': got '%s' want '%s'", _i,
		      c->fmt, b.data ? b.data : "", c->expect);
	text_buf_free(&b);
}
END_TEST

struct tstrftime_case {
	int t[9];
	const char *fmt, *etype, *expect;
};

static const struct tstrftime_case tstrftime_cases[] = {
#include "cases_tstrftime.inc"
};

START_TEST(test_time_strftime)
{
	const struct tstrftime_case *c = &tstrftime_cases[_i];
	struct dt_tm tm = { c->t[0], c->t[1], c->t[2], c->t[3], c->t[4], c->t[5], c->t[6], c->t[7], c->t[8] };
	struct core_error err;
	struct text_buf b = TEXT_BUF_INIT;
	int rc = dt_time_strftime(&b, c->fmt, strlen(c->fmt), tm, NULL, 0, &err);

	if (!c->etype) {
		ck_assert_int_eq(rc, 0);
		ck_assert_msg(strcmp(b.data ? b.data : "", c->expect) == 0, "case %d: got '%s' want '%s'", _i,
			      b.data ? b.data : "", c->expect);
	} else {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(err.type, c->etype);
		ck_assert_str_eq(err.msg, c->expect);
	}
	text_buf_free(&b);
}
END_TEST

struct isofmt_case {
	int y, mo, d, h, mi, s, us, has_off;
	long osec;
	int ous;
	const char *sep, *ts, *expect, *err, *tzname;
};

static const struct isofmt_case isofmt_cases[] = {
#include "cases_isofmt.inc"
};

START_TEST(test_isoformat)
{
	const struct isofmt_case *c = &isofmt_cases[_i];
	struct text_buf b = TEXT_BUF_INIT;
	struct core_error err;
	enum dt_timespec ts;

	if (c->err) {
		ck_assert_int_eq(dt_timespec_parse(c->ts, strlen(c->ts), &ts, &err), -1);
		ck_assert_str_eq(err.msg, c->err);
		return;
	}
	ck_assert_int_eq(dt_timespec_parse(c->ts, strlen(c->ts), &ts, &err), 0);
	dt_isoformat_date(&b, c->y, c->mo, c->d);
	num_buf_puts(&b, c->sep);
	dt_isoformat_time(&b, c->h, c->mi, c->s, c->us, ts);
	struct dt_delta off;
	ck_assert_int_eq(dt_delta_from_us((__int128)c->osec * 1000000 + c->ous, &off, &err), 0);
	if (c->has_off)
		dt_format_utcoffset(&b, &off, ":");
	ck_assert_str_eq(b.data, c->expect);
	text_buf_free(&b);
	if (c->has_off) {
		struct text_buf n = TEXT_BUF_INIT;
		dt_timezone_name(&n, &off);
		ck_assert_str_eq(n.data, c->tzname);
		text_buf_free(&n);
	}
}
END_TEST

struct tz_case {
	int days, seconds, us;
	const char *str, *err;
};

static const struct tz_case tz_cases[] = {
#include "cases_tz.inc"
};

START_TEST(test_timezone)
{
	const struct tz_case *c = &tz_cases[_i];
	struct dt_delta d = { c->days, c->seconds, c->us };
	struct core_error err;

	if (c->err) {
		ck_assert_int_eq(dt_check_tz_offset(&d, &err), -1);
		ck_assert_str_eq(err.msg, c->err);
	} else {
		struct text_buf b = TEXT_BUF_INIT;
		ck_assert_int_eq(dt_check_tz_offset(&d, &err), 0);
		dt_timezone_name(&b, &d);
		ck_assert_str_eq(b.data, c->str);
		text_buf_free(&b);
	}
}
END_TEST

struct strptime_case {
	const char *data, *fmt;
	int year, mon, mday, hour, min, sec, wday, yday, isdst;
	const char *etype, *emsg;
	int us, has_off;
	long long off_us;
	int named;
	const char *detype, *demsg;
};

static const struct strptime_case strptime_cases[] = {
#include "cases_strptime.inc"
};

static void check_err(const struct core_error *err, const char *etype, const char *emsg, int i)
{
	ck_assert_msg(err->type && strcmp(err->type, etype) == 0, "case %d: type %s want %s (%s)", i,
		      err->type ? err->type : "(none)", etype, err->msg);
	if (strcmp(etype, "re.error") == 0) {
		/* documented limitation: no regex group numbers/position */
		ck_assert(strncmp(emsg, err->msg, strlen(err->msg)) == 0);
	} else {
		ck_assert_msg(strcmp(err->msg, emsg) == 0, "case %d: '%s' want '%s'", i, err->msg, emsg);
	}
}

START_TEST(test_strptime)
{
	const struct strptime_case *c = &strptime_cases[_i];
	struct strptime_result r;
	struct core_error err;
	int rc = dt_strptime(c->data, strlen(c->data), c->fmt, strlen(c->fmt), &r, &err);

	if (c->etype) {
		ck_assert_msg(rc == -1, "case %d: no error", _i);
		check_err(&err, c->etype, c->emsg, _i);
	} else {
		ck_assert_msg(rc == 0, "case %d (%s/%s): %s", _i, c->data, c->fmt, err.msg);
		ck_assert_int_eq(r.year, c->year);
		ck_assert_int_eq(r.month, c->mon);
		ck_assert_int_eq(r.day, c->mday);
		ck_assert_int_eq(r.hour, c->hour);
		ck_assert_int_eq(r.minute, c->min);
		ck_assert_int_eq(r.second, c->sec);
		ck_assert_int_eq(r.weekday, c->wday);
		ck_assert_int_eq(r.julian, c->yday);
		ck_assert_int_eq(r.tz, c->isdst);
	}
	/* datetime.strptime */
	if (rc == 0)
		rc = dt_strptime_datetime_check(&r, &err);
	if (c->detype) {
		ck_assert_msg(rc == -1, "case %d: datetime no error", _i);
		check_err(&err, c->detype, c->demsg, _i);
	} else {
		ck_assert_msg(rc == 0, "case %d: datetime %s", _i, err.msg);
		ck_assert_int_eq(r.fraction, c->us);
		ck_assert_int_eq(r.has_gmtoff, c->has_off);
		if (r.has_gmtoff)
			ck_assert_int_eq((long long)r.gmtoff * 1000000 + r.gmtoff_fraction, c->off_us);
	}
}
END_TEST

struct iso_case {
	const char *s;
	size_t len;
	int kind, y, m, d, h, mi, sec, us, has_off;
	long long off_us;
	int is_utc;
	const char *err;
};

static const struct iso_case iso_cases[] = {
#include "cases_iso.inc"
};

START_TEST(test_fromisoformat)
{
	const struct iso_case *c = &iso_cases[_i];
	struct dt_iso r;
	struct core_error err;
	int rc = c->kind == 0 ? dt_date_fromisoformat(c->s, c->len, &r, &err)
	       : c->kind == 1 ? dt_time_fromisoformat(c->s, c->len, &r, &err)
			      : dt_datetime_fromisoformat(c->s, c->len, &r, &err);

	if (c->err) {
		ck_assert_msg(rc == -1, "case %d (%s kind %d): accepted", _i, c->s, c->kind);
		ck_assert_str_eq(err.type, "ValueError");
		ck_assert_msg(strcmp(err.msg, c->err) == 0, "case %d: '%s' want '%s'", _i, err.msg, c->err);
	} else {
		ck_assert_msg(rc == 0, "case %d (%s kind %d): %s", _i, c->s, c->kind, err.msg);
		ck_assert_int_eq(r.year, c->y);
		ck_assert_int_eq(r.month, c->m);
		ck_assert_int_eq(r.day, c->d);
		ck_assert_int_eq(r.hour, c->h);
		ck_assert_int_eq(r.minute, c->mi);
		ck_assert_int_eq(r.second, c->sec);
		ck_assert_int_eq(r.usec, c->us);
		ck_assert_int_eq(r.has_tz, c->has_off);
		if (r.has_tz) {
			ck_assert_int_eq((long long)r.tz_seconds * 1000000 + r.tz_usec, c->off_us);
			ck_assert_int_eq(r.tz_utc, c->is_utc);
		}
	}
}
END_TEST

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

TCase *dt_text_tcase(void)
{
	TCase *t = tcase_create("dt_text");
	tcase_add_loop_test(t, test_datetime_strftime, 0, N(strftime_cases));
	tcase_add_loop_test(t, test_time_strftime, 0, N(tstrftime_cases));
	tcase_add_loop_test(t, test_isoformat, 0, N(isofmt_cases));
	tcase_add_loop_test(t, test_timezone, 0, N(tz_cases));
	tcase_add_loop_test(t, test_strptime, 0, N(strptime_cases));
	tcase_add_loop_test(t, test_fromisoformat, 0, N(iso_cases));
	return t;
}
