/* test_json_datetime.c -- Check tests of libboxmodcores.a (json, datetime and time
 * cores) against tables generated from python3.11 by gen_json_datetime.py. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/json/json_scan.h"
#include "worker/modules/json/json_escape.h"
#include "worker/modules/datetime/dt_calendar.h"

TCase *dt_text_tcase(void);

/* ---- json decoding ---------------------------------------------------- */

struct trace {
	char buf[8192];
	size_t len;
};

static void tput(struct trace *t, const char *s, size_t n)
{
	if (t->len + n < sizeof t->buf) {
		memcpy(t->buf + t->len, s, n);
		t->len += n;
		t->buf[t->len] = '\0';
	}
}

static void tfmt(struct trace *t, char tag, const char *s, size_t n)
{
	char head[32];
	int k = snprintf(head, sizeof head, "%c%zu:", tag, n);
	tput(t, head, (size_t)k);
	tput(t, s, n);
	tput(t, ";", 1);
}

static int ev_bo(void *c) { tput(c, "{", 1); return 0; }
static int ev_eo(void *c) { tput(c, "}", 1); return 0; }
static int ev_ba(void *c) { tput(c, "[", 1); return 0; }
static int ev_ea(void *c) { tput(c, "]", 1); return 0; }
static int ev_key(void *c, const char *s, size_t n) { tfmt(c, 'k', s, n); return 0; }
static int ev_str(void *c, const char *s, size_t n) { tfmt(c, 's', s, n); return 0; }
static int ev_num(void *c, const char *s, size_t n, int is_float)
{
	tfmt(c, 'n', s, n);
	((struct trace *)c)->len--;
	tput(c, is_float ? ":f;" : ":i;", 3);
	return 0;
}
static int ev_const(void *c, enum json_const k)
{
	static const char *const names[] = { "c:null;", "c:true;", "c:false;", "c:NaN;",
					     "c:Infinity;", "c:-Infinity;" };
	tput(c, names[k], strlen(names[k]));
	return 0;
}

static struct json_events trace_events(struct trace *t)
{
	struct json_events ev = { t, ev_bo, ev_key, ev_eo, ev_ba, ev_ea, ev_str, ev_num, ev_const };
	t->len = 0;
	t->buf[0] = '\0';
	return ev;
}

struct json_case {
	const char *in;
	size_t len;
	int strict;
	const char *etype;
	const char *expect;	/* trace or str(exc) */
	long long pos, lineno, colno;
};

static const struct json_case json_cases[] = {
#include "cases_json.inc"
};

START_TEST(test_json_loads)
{
	const struct json_case *c = &json_cases[_i];
	struct trace t;
	struct json_events ev = trace_events(&t);
	struct json_options opt = { c->strict, 0 };
	struct core_error err;
	int rc = json_loads(c->in, c->len, &opt, &ev, &err);

	if (!c->etype) {
		ck_assert_msg(rc == 0, "case %d (%s): unexpected error %s", _i, c->in, err.msg);
		ck_assert_str_eq(t.buf, c->expect);
	} else {
		ck_assert_msg(rc == -1, "case %d (%s): no error, trace %s", _i, c->in, t.buf);
		ck_assert_str_eq(err.type, c->etype);
		ck_assert_str_eq(err.msg, c->expect);
		ck_assert_int_eq(err.pos, c->pos);
		ck_assert_int_eq(err.lineno, c->lineno);
		ck_assert_int_eq(err.colno, c->colno);
	}
}
END_TEST

static int fail_on_array(void *c) { (void)c; return 1; }

START_TEST(test_json_depth_and_callbacks)
{
	struct trace t;
	struct json_events ev = trace_events(&t);
	struct json_options opt = { 1, 0 };
	struct core_error err;
	size_t n = 5000;
	char *s = malloc(2 * n);

	ck_assert_ptr_nonnull(s);
	memset(s, '[', n);
	memset(s + n, ']', n);
	ck_assert_int_eq(json_loads(s, 2 * n, &opt, &ev, &err), -1);
	ck_assert_str_eq(err.type, "RecursionError");
	ck_assert_str_eq(err.msg, "maximum recursion depth exceeded while decoding a JSON array from a unicode string");
	opt.max_depth = 10000;
	ck_assert_int_eq(json_loads(s, 2 * n, &opt, &ev, &err), 0);
	opt.max_depth = 3;
	ck_assert_int_eq(json_loads("[[[1]]]", 7, &opt, &ev, &err), 0);
	ck_assert_int_eq(json_loads("{\"a\":[[{}]]}", 12, &opt, &ev, &err), -1);
	ck_assert_str_eq(err.msg, "maximum recursion depth exceeded while decoding a JSON object from a unicode string");
	free(s);
	ev.begin_array = fail_on_array;
	opt.max_depth = 0;
	ck_assert_int_eq(json_loads("[1]", 3, &opt, &ev, &err), -1);
	ck_assert_str_eq(err.type, CORE_ERR_CALLBACK);
}
END_TEST

START_TEST(test_json_large)
{
	/* 20 MB document: linear time, no recursion. */
	size_t n = 2000000, cap = n * 10 + 16, len = 0;
	char *s = malloc(cap);
	struct json_events ev = { 0 };
	struct json_options opt = { 1, 0 };
	struct core_error err;

	ck_assert_ptr_nonnull(s);
	s[len++] = '[';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(s + len, cap - len, "%s\"ab\\n\"", i ? "," : "");
	s[len++] = ']';
	ck_assert_int_eq(json_loads(s, len, &opt, &ev, &err), 0);
	free(s);
}
END_TEST

START_TEST(test_json_scanstring_raw)
{
	struct core_error err;
	char *out;
	size_t olen, end;

	ck_assert_int_eq(json_scanstring("\"a\\u00e9b\" x", 12, 1, 1, &out, &olen, &end, &err), 0);
	ck_assert_str_eq(out, "a\xc3\xa9" "b");
	ck_assert_uint_eq(end, 10);
	free(out);
	ck_assert_int_eq(json_scanstring("\"abc\"", 5, 1, 1, &out, &olen, &end, &err), 0);
	ck_assert_str_eq(out, "abc");
	free(out);
	ck_assert_int_eq(json_scanstring("\"abc", 4, 1, 1, &out, &olen, &end, &err), -1);
	ck_assert_str_eq(err.msg, "Unterminated string starting at: line 1 column 1 (char 0)");
	struct json_events ev = { 0 };
	ck_assert_int_eq(json_raw_decode("xx[1] 5", 7, 2, NULL, &ev, &end, &err), 0);
	ck_assert_uint_eq(end, 5);
}
END_TEST

struct bytes_case {
	const char *in;
	size_t len;
	const char *enc;
	const char *etype;
	const char *expect;
	size_t expect_len;
};

static const struct bytes_case bytes_cases[] = {
#include "cases_bytes.inc"
};

START_TEST(test_json_bytes)
{
	const struct bytes_case *c = &bytes_cases[_i];
	struct core_error err;
	char *out = NULL;
	size_t olen = 0;

	ck_assert_str_eq(json_detect_encoding((const unsigned char *)c->in, c->len), c->enc);
	int rc = json_bytes_to_text((const unsigned char *)c->in, c->len, &out, &olen, &err);
	if (!c->etype) {
		ck_assert_msg(rc == 0, "case %d: %s", _i, err.msg);
		ck_assert_uint_eq(olen, c->expect_len);
		ck_assert(memcmp(out, c->expect, olen) == 0);
		free(out);
	} else {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(err.type, c->etype);
		ck_assert_str_eq(err.msg, c->expect);
	}
}
END_TEST

/* ---- json encoding ---------------------------------------------------- */

struct escape_case {
	const char *in;
	size_t len;
	int ascii;
	const char *expect;
};

static const struct escape_case escape_cases[] = {
#include "cases_escape.inc"
};

START_TEST(test_json_escape)
{
	const struct escape_case *c = &escape_cases[_i];
	struct text_buf b = TEXT_BUF_INIT;

	ck_assert_int_eq(json_escape_string(&b, c->in, c->len, c->ascii), 0);
	ck_assert_uint_eq(b.len, strlen(c->expect));
	ck_assert_str_eq(b.data, c->expect);
	text_buf_free(&b);
}
END_TEST

struct float_case {
	double x;
	int allow_nan, python_encoder;
	const char *etype;
	const char *expect;
};

static const struct float_case float_cases[] = {
#include "cases_float.inc"
};

START_TEST(test_json_float)
{
	const struct float_case *c = &float_cases[_i];
	struct text_buf b = TEXT_BUF_INIT;
	struct core_error err;
	int rc = json_format_float(&b, c->x, c->allow_nan, c->python_encoder, &err);

	if (!c->etype) {
		ck_assert_int_eq(rc, 0);
		ck_assert_str_eq(b.data, c->expect);
	} else {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(err.type, c->etype);
		ck_assert_str_eq(err.msg, c->expect);
	}
	text_buf_free(&b);
}
END_TEST

struct layout_case {
	const char *indent, *item_sep, *key_sep, *expect;
};

static const struct layout_case layout_cases[] = {
#include "cases_layout.inc"
};

/* Walks {'a': [1, {}, [], [2, {'x': 3}]], 'b': {}, 'c': 4} with the layout
 * helpers, as the object walker will. */
static void put_key(struct text_buf *b, const struct json_layout *lay, const char *k)
{
	json_escape_string(b, k, strlen(k), 1);
	json_write_key_sep(b, lay);
}

START_TEST(test_json_layout)
{
	const struct layout_case *c = &layout_cases[_i];
	struct json_layout lay = { c->indent, c->indent ? strlen(c->indent) : 0, c->item_sep,
				   strlen(c->item_sep), c->key_sep, strlen(c->key_sep) };
	struct text_buf b = TEXT_BUF_INIT;

	num_buf_putc(&b, '{');
	json_write_item_prefix(&b, &lay, 0, 1);
	put_key(&b, &lay, "a");
	num_buf_putc(&b, '[');
	json_write_item_prefix(&b, &lay, 0, 2);
	num_buf_putc(&b, '1');
	json_write_item_prefix(&b, &lay, 1, 2);
	num_buf_puts(&b, "{}");
	json_write_item_prefix(&b, &lay, 2, 2);
	num_buf_puts(&b, "[]");
	json_write_item_prefix(&b, &lay, 3, 2);
	num_buf_putc(&b, '[');
	json_write_item_prefix(&b, &lay, 0, 3);
	num_buf_putc(&b, '2');
	json_write_item_prefix(&b, &lay, 1, 3);
	num_buf_putc(&b, '{');
	json_write_item_prefix(&b, &lay, 0, 4);
	put_key(&b, &lay, "x");
	num_buf_putc(&b, '3');
	json_write_close(&b, &lay, 4, '}');
	json_write_close(&b, &lay, 3, ']');
	json_write_close(&b, &lay, 2, ']');
	json_write_item_prefix(&b, &lay, 1, 1);
	put_key(&b, &lay, "b");
	num_buf_puts(&b, "{}");
	json_write_item_prefix(&b, &lay, 2, 1);
	put_key(&b, &lay, "c");
	num_buf_putc(&b, '4');
	json_write_close(&b, &lay, 1, '}');
	ck_assert_str_eq(b.data, c->expect);
	text_buf_free(&b);

	char ibuf[8];
	ck_assert_int_eq(json_layout_int_indent(&lay, 3, ibuf, sizeof ibuf), 0);
	ck_assert_str_eq(lay.indent, "   ");
	ck_assert_int_eq(json_layout_int_indent(&lay, -2, ibuf, sizeof ibuf), 0);
	ck_assert_str_eq(lay.indent, "");
	ck_assert_int_eq(json_layout_int_indent(&lay, 8, ibuf, sizeof ibuf), -1);
}
END_TEST

/* ---- calendar ----------------------------------------------------------- */

struct date_case {
	int y, m, d;
	long long ord;
	int wday, iy, iw, id, leap;
	const char *ctime;
};

static const struct date_case date_cases[] = {
#include "cases_date.inc"
};

START_TEST(test_dt_date)
{
	const struct date_case *c = &date_cases[_i];
	int64_t y, iy;
	int m, d, iw, id;
	char buf[64];

	ck_assert_int_eq(dt_ymd_to_ord(c->y, c->m, c->d), c->ord);
	dt_ord_to_ymd(c->ord, &y, &m, &d);
	ck_assert_int_eq(y, c->y);
	ck_assert_int_eq(m, c->m);
	ck_assert_int_eq(d, c->d);
	ck_assert_int_eq(dt_weekday(c->y, c->m, c->d), c->wday);
	dt_isocalendar(c->y, c->m, c->d, &iy, &iw, &id);
	ck_assert_int_eq(iy, c->iy);
	ck_assert_int_eq(iw, c->iw);
	ck_assert_int_eq(id, c->id);
	ck_assert_int_eq(dt_is_leap(c->y), c->leap);
	ck_assert_int_eq(dt_check_date(c->y, c->m, c->d, &(struct core_error){0}), 0);
	dt_ctime(c->y, c->m, c->d, 0, 0, 0, buf, sizeof buf);
	ck_assert_str_eq(buf, c->ctime);
	int y2, m2, d2;
	ck_assert_int_eq(dt_fromisocalendar(iy, iw, id, &y2, &m2, &d2, &(struct core_error){0}), 0);
	ck_assert_int_eq(y2, c->y);
	ck_assert_int_eq(m2, c->m);
	ck_assert_int_eq(d2, c->d);
}
END_TEST

START_TEST(test_dt_roundtrip)
{
	/* Every ordinal of years 1..9999 (and beyond) round-trips. */
	long bad = 0;
	int64_t prev_y = -10000;
	for (int64_t ord = -800000; ord <= 3652059 + 800000; ord++) {
		int64_t y;
		int m, d;
		dt_ord_to_ymd(ord, &y, &m, &d);
		if (!(m >= 1 && m <= 12 && d >= 1 && d <= dt_days_in_month(y, m)) ||
		    dt_ymd_to_ord(y, m, d) != ord || y < prev_y)
			bad++;
		prev_y = y;
	}
	ck_assert_int_eq(bad, 0);
}
END_TEST

struct isocal_case {
	int iy, iw, id, y, m, d;
	const char *err;
};

static const struct isocal_case isocal_cases[] = {
#include "cases_isocal.inc"
};

START_TEST(test_dt_fromisocalendar)
{
	const struct isocal_case *c = &isocal_cases[_i];
	struct core_error err;
	int y, m, d;
	int rc = dt_fromisocalendar(c->iy, c->iw, c->id, &y, &m, &d, &err);

	if (!c->err) {
		ck_assert_int_eq(rc, 0);
		ck_assert_int_eq(y, c->y);
		ck_assert_int_eq(m, c->m);
		ck_assert_int_eq(d, c->d);
	} else {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(err.type, "ValueError");
		ck_assert_str_eq(err.msg, c->err);
	}
}
END_TEST

struct check_case {
	int y, mo, d, h, mi, s, us, fold;
	const char *err;
};

static const struct check_case check_cases[] = {
#include "cases_check.inc"
};

START_TEST(test_dt_check)
{
	const struct check_case *c = &check_cases[_i];
	struct core_error err;
	int rc = dt_check_date(c->y, c->mo, c->d, &err);
	if (rc == 0)
		rc = dt_check_time(c->h, c->mi, c->s, c->us, c->fold, &err);
	if (!c->err) {
		ck_assert_int_eq(rc, 0);
	} else {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(err.type, "ValueError");
		ck_assert_str_eq(err.msg, c->err);
	}
}
END_TEST

struct delta_case {
	struct dt_delta_arg args[7];
	int days, seconds, us;
	const char *etype, *emsg, *str, *repr;
};

static const struct delta_case delta_cases[] = {
#include "cases_delta.inc"
};

START_TEST(test_dt_delta)
{
	const struct delta_case *c = &delta_cases[_i];
	struct dt_delta d;
	struct core_error err;
	char buf[128];
	int rc = dt_delta_new(c->args, &d, &err);

	if (!c->etype) {
		ck_assert_msg(rc == 0, "case %d: %s", _i, err.msg);
		ck_assert_int_eq(d.days, c->days);
		ck_assert_int_eq(d.seconds, c->seconds);
		ck_assert_int_eq(d.microseconds, c->us);
		dt_delta_str(&d, buf, sizeof buf);
		ck_assert_str_eq(buf, c->str);
		dt_delta_repr(&d, buf, sizeof buf);
		ck_assert_str_eq(buf, c->repr);
		struct dt_delta d2;
		ck_assert_int_eq(dt_delta_from_us(dt_delta_to_us(&d), &d2, &err), 0);
		ck_assert_int_eq(d2.days, d.days);
	} else {
		ck_assert_msg(rc == -1, "case %d: no error", _i);
		ck_assert_str_eq(err.type, c->etype);
		ck_assert_str_eq(err.msg, c->emsg);
	}
}
END_TEST

struct gmtime_case {
	int is_float;
	long long ival;
	double fval;
	long long year;
	int mon, mday, hour, min, sec, wday, yday;
	const char *etype, *emsg, *asc;
};

static const struct gmtime_case gmtime_cases[] = {
#include "cases_gmtime.inc"
};

START_TEST(test_dt_gmtime)
{
	const struct gmtime_case *c = &gmtime_cases[_i];
	struct dt_tm tm;
	struct core_error err;
	char buf[64];
	int rc = c->is_float ? dt_gmtime_double(c->fval, &tm, &err) : dt_gmtime(c->ival, &tm, &err);

	if (!c->etype) {
		ck_assert_msg(rc == 0, "case %d: %s", _i, err.msg);
		ck_assert_int_eq(tm.year, c->year);
		ck_assert_int_eq(tm.mon, c->mon);
		ck_assert_int_eq(tm.mday, c->mday);
		ck_assert_int_eq(tm.hour, c->hour);
		ck_assert_int_eq(tm.min, c->min);
		ck_assert_int_eq(tm.sec, c->sec);
		ck_assert_int_eq(tm.wday, c->wday);
		ck_assert_int_eq(tm.yday, c->yday);
		if (c->asc) {	/* NULL: time.asctime refuses the year */
			dt_asctime(&tm, buf, sizeof buf);
			ck_assert_str_eq(buf, c->asc);
		}
		if (!c->is_float)
			ck_assert_int_eq(dt_timegm(tm.year, tm.mon, tm.mday, tm.hour, tm.min, tm.sec),
					 c->ival);
	} else {
		ck_assert_msg(rc == -1, "case %d: no error", _i);
		ck_assert_str_eq(err.type, c->etype);
		ck_assert_str_eq(err.msg, c->emsg);
	}
}
END_TEST

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static Suite *json_datetime_suite(void)
{
	Suite *s = suite_create("json_datetime");
	TCase *tj = tcase_create("json");
	tcase_set_timeout(tj, 60);
	tcase_add_loop_test(tj, test_json_loads, 0, N(json_cases));
	tcase_add_test(tj, test_json_depth_and_callbacks);
	tcase_add_test(tj, test_json_large);
	tcase_add_test(tj, test_json_scanstring_raw);
	tcase_add_loop_test(tj, test_json_bytes, 0, N(bytes_cases));
	tcase_add_loop_test(tj, test_json_escape, 0, N(escape_cases));
	tcase_add_loop_test(tj, test_json_float, 0, N(float_cases));
	tcase_add_loop_test(tj, test_json_layout, 0, N(layout_cases));
	suite_add_tcase(s, tj);
	TCase *td = tcase_create("datetime");
	tcase_set_timeout(td, 60);
	tcase_add_loop_test(td, test_dt_date, 0, N(date_cases));
	tcase_add_test(td, test_dt_roundtrip);
	tcase_add_loop_test(td, test_dt_fromisocalendar, 0, N(isocal_cases));
	tcase_add_loop_test(td, test_dt_check, 0, N(check_cases));
	tcase_add_loop_test(td, test_dt_delta, 0, N(delta_cases));
	tcase_add_loop_test(td, test_dt_gmtime, 0, N(gmtime_cases));
	suite_add_tcase(s, td);
	suite_add_tcase(s, dt_text_tcase());
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(json_datetime_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
