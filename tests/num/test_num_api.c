/* test_num_api.c -- direct checks of libboxnum's API: buffers, the
 * allocator and repr hooks, errors, spec parsing fields, num_dtoa modes,
 * the digit limit setting, int literals, NUL bytes in parsed text, and
 * the lower-level entry points the table tests do not reach. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tests/num/test_num.h"
#include "worker/num/dtoa.h"
#include "worker/num/floatops.h"
#include "worker/num/format.h"
#include "worker/num/hash.h"
#include "worker/num/intops.h"
#include "worker/num/mathfn.h"
#include "worker/num/parse.h"
#include "worker/num/percent.h"

/* ---- allocator hook: counts live bytes and can be made to fail ---------- */

static size_t live_bytes, alloc_calls;
static long fail_after = -1;

static void *counting_realloc(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
	(void)ctx;
	if (new_size == 0) {
		live_bytes -= old_size;
		free(ptr);
		return NULL;
	}
	if (fail_after == 0)
		return NULL;
	if (fail_after > 0)
		fail_after--;
	void *p = realloc(ptr, new_size);
	if (p) {
		live_bytes += new_size - old_size;
		alloc_calls++;
	}
	return p;
}

START_TEST(test_allocator_hook)
{
	text_set_allocator(counting_realloc, NULL);
	struct text_buf b = TEXT_BUF_INIT;
	struct num_error err = NUM_ERROR_INIT;
	ck_assert_int_eq(num_double_repr(&b, 0.1), 0);
	ck_assert_str_eq(b.data, "0.1");
	ck_assert_int_eq(num_format_float(&b, 3.5, "^9.2f", 5, NULL, &err), 0);
	ck_assert_str_eq(b.data, "0.1  3.50   ");
	ck_assert(alloc_calls > 0);
	text_buf_free(&b);
	ck_assert_uint_eq(live_bytes, 0);

	/* memory exhaustion is reported as MemoryError, never a crash */
	fail_after = 0;
	ck_assert_int_eq(num_format_str(&b, "abc", 3, ">40", 3, NULL, &err), -1);
	ck_assert_str_eq(err.type, "MemoryError");
	fail_after = -1;
	num_error_clear(&err);
	text_buf_free(&b);
	ck_assert_uint_eq(live_bytes, 0);
	text_set_allocator(NULL, NULL);
}
END_TEST

/* Every allocation failing in turn: each call either succeeds or reports
 * MemoryError, and nothing leaks. */
static int run_ops(struct num_error *err)
{
	struct text_buf b = TEXT_BUF_INIT;
	struct num_intres r;
	double xs[40], x;
	int rc = 0;
	num_intres_init(&r);
	for (int i = 0; i < 40; i++)
		xs[i] = 1.0 / (i + 1) * (i % 2 ? -1e10 : 1.0);
	struct num_int v = num_int_small(-1234567);
	struct num_percent_spec sp = { .conv = 'e', .width = 30, .precision = 20, .zero = true };
	rc |= num_double_repr(&b, 1.0 / 3.0) ? -1 : 0;
	rc |= num_format_float(&b, 1e300, "\xe2\x82\xac^+400,.30f", 13, NULL, err);
	rc |= num_format_int(&b, &v, "_>40,d", 6, NULL, err);
	rc |= num_format_str(&b, "h\xc3\xa9llo", 6, "*^30.3", 6, NULL, err);
	rc |= num_percent_float(&b, &sp, -2.5, err);
	rc |= num_parse_float(" 1_000.25e3 ", 12, &x, err);
	rc |= num_parse_int("123456789012345678901234567890", 30, 10, &r, err);
	rc |= num_math_fsum(xs, 40, &x, err);
	rc |= num_math_hypot(xs, 40, &x, err);
	rc |= num_float_round(2.675, 2, &x, err);
	text_buf_free(&b);
	num_intres_clear(&r);
	return rc;
}

START_TEST(test_allocation_failures)
{
	text_set_allocator(counting_realloc, NULL);
	struct num_error err = NUM_ERROR_INIT;
	ck_assert_int_eq(run_ops(&err), 0);
	bool saw_failure = false;
	for (long n = 0; n < 200; n++) {
		fail_after = n;
		int rc = run_ops(&err);
		fail_after = -1;
		if (rc != 0) {
			saw_failure = true;
			ck_assert_str_eq(err.type, "MemoryError");
		}
		num_error_clear(&err);
		ck_assert_uint_eq(live_bytes, 0);
	}
	ck_assert(saw_failure);
	text_set_allocator(NULL, NULL);
}
END_TEST

START_TEST(test_buf_ops)
{
	struct text_buf b;
	text_buf_init(&b);
	ck_assert_int_eq(num_buf_puts(&b, "ab"), 0);
	ck_assert_int_eq(num_buf_putc(&b, 'c'), 0);
	ck_assert_int_eq(num_buf_repeat(&b, "\xc3\xa9", 2, 3), 0);
	ck_assert_str_eq(b.data, "abc\xc3\xa9\xc3\xa9\xc3\xa9");
	ck_assert_uint_eq(num_utf8_count(b.data, b.len), 6);
	text_buf_clear(&b);
	ck_assert_uint_eq(b.len, 0);
	ck_assert_str_eq(b.data, "");
	ck_assert_int_eq(num_utf8_put(&b, 0x1F600), 4);
	ck_assert_int_eq(num_utf8_put(&b, 0x20AC), 3);
	ck_assert_int_eq(num_utf8_put(&b, 'A'), 1);
	ck_assert_str_eq(b.data, "\xf0\x9f\x98\x80\xe2\x82\xac" "A");
	ck_assert_int_eq(num_buf_reserve(&b, SIZE_MAX), -1);   /* overflow refused */
	text_buf_free(&b);
	ck_assert_ptr_null(b.data);
}
END_TEST

START_TEST(test_errors_and_repr_hook)
{
	struct num_error err;
	num_error_init(&err);
	char big[600];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	ck_assert_int_eq(num_error_set(&err, "ValueError", "long %s!", big), -1);
	ck_assert_uint_eq(err.msg.len, 5 + 599 + 1);
	ck_assert_str_eq(err.type, "ValueError");

	/* default repr: quotes and escapes as CPython */
	double x;
	ck_assert_int_eq(num_parse_float("it's\n", 5, &x, &err), -1);
	ck_assert_str_eq(err.msg.data, "could not convert string to float: \"it's\\n\"");
	ck_assert_int_eq(num_parse_float("1\0", 2, &x, &err), -1);
	ck_assert_str_eq(err.msg.data, "could not convert string to float: '1\\x00'");
	struct num_intres r;
	num_intres_init(&r);
	ck_assert_int_eq(num_parse_int("1\0", 2, 10, &r, &err), -1);
	ck_assert_str_eq(err.msg.data, "invalid literal for int() with base 10: '1\\x00'");
	num_error_clear(&err);
	ck_assert_ptr_null(err.type);
	num_intres_clear(&r);
}
END_TEST

static int upper_repr(struct text_buf *out, const char *s, size_t len)
{
	num_buf_putc(out, '<');
	for (size_t i = 0; i < len; i++)
		num_buf_putc(out, (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i]));
	return num_buf_putc(out, '>');
}

START_TEST(test_repr_hook)
{
	struct num_error err = NUM_ERROR_INIT;
	double x;
	num_set_str_repr(upper_repr);
	ck_assert_int_eq(num_parse_float("abc", 3, &x, &err), -1);
	ck_assert_str_eq(err.msg.data, "could not convert string to float: <ABC>");
	num_set_str_repr(NULL);
	ck_assert_int_eq(num_parse_float("abc", 3, &x, &err), -1);
	ck_assert_str_eq(err.msg.data, "could not convert string to float: 'abc'");
	num_error_clear(&err);
}
END_TEST

START_TEST(test_spec_fields)
{
	struct num_format_spec f;
	struct num_error err = NUM_ERROR_INIT;
	const char *s = "\xe2\x82\xac^+z#012_.3f";
	ck_assert_int_eq(num_format_spec_parse(s, strlen(s), 0, "float", &f, &err), 0);
	ck_assert_uint_eq(f.fill, 0x20AC);
	ck_assert_str_eq(f.fill_utf8, "\xe2\x82\xac");
	ck_assert_uint_eq(f.fill_len, 3);
	ck_assert_int_eq(f.align, '^');
	ck_assert_int_eq(f.sign, '+');
	ck_assert(f.no_neg_zero);
	ck_assert(f.alternate);
	ck_assert_int_eq(f.width, 12);   /* the fill was given: '0' is part of the width */
	ck_assert_int_eq(f.thousands, '_');
	ck_assert_int_eq(f.precision, 3);
	ck_assert_uint_eq(f.type, 'f');
	ck_assert_uint_eq(f.group_size, 3);

	ck_assert_int_eq(num_format_spec_parse("08", 2, 'd', "int", &f, &err), 0);
	ck_assert_int_eq(f.align, '=');
	ck_assert_uint_eq(f.fill, '0');
	ck_assert_int_eq(f.width, 8);
	ck_assert_int_eq(num_format_spec_parse("08", 2, 's', "str", &f, &err), 0);
	ck_assert_int_eq(f.align, '<');
	ck_assert_int_eq(num_format_spec_parse("_x", 2, 'd', "int", &f, &err), 0);
	ck_assert_uint_eq(f.group_size, 4);
	ck_assert_int_eq(num_format_spec_parse("", 0, 's', "str", &f, &err), 0);
	ck_assert_uint_eq(f.type, 's');
	ck_assert_int_eq(f.width, -1);
	ck_assert_int_eq(f.precision, -1);

	/* subclass names appear in the messages */
	struct text_buf b = TEXT_BUF_INIT;
	struct num_int v = num_int_small(3);
	ck_assert_int_eq(num_format_int(&b, &v, "q", 1, "MyInt", &err), -1);
	ck_assert_str_eq(err.msg.data, "Unknown format code 'q' for object of type 'MyInt'");
	ck_assert_int_eq(num_format_float(&b, 1.0, "abc", 3, "MyFloat", &err), -1);
	ck_assert_str_eq(err.msg.data, "Invalid format specifier 'abc' for object of type 'MyFloat'");
	/* a parsed spec can be reused */
	ck_assert_int_eq(num_format_spec_parse(">6", 2, 'd', "int", &f, &err), 0);
	ck_assert_int_eq(num_format_int_spec(&b, &v, &f, NULL, &err), 0);
	ck_assert_int_eq(num_format_int_spec(&b, &v, &f, NULL, &err), 0);
	ck_assert_int_eq(num_format_float_spec(&b, 2.5, &f, NULL, &err), -1);   /* type is 'd' */
	ck_assert_str_eq(err.msg.data, "Unknown format code 'd' for object of type 'float'");
	ck_assert_int_eq(num_format_spec_parse(">6", 2, 0, "float", &f, &err), 0);
	ck_assert_int_eq(num_format_float_spec(&b, 2.5, &f, NULL, &err), 0);
	ck_assert_int_eq(num_format_spec_parse(">6", 2, 's', "str", &f, &err), 0);
	ck_assert_int_eq(num_format_str_spec(&b, "ab", 2, &f, NULL, &err), 0);
	ck_assert_str_eq(b.data, "     3     3   2.5    ab");
	/* absurd widths are refused before any work */
	ck_assert_int_eq(num_format_str(&b, "a", 1, ">99999999999", 12, NULL, &err), -1);
	ck_assert_str_eq(err.type, "MemoryError");
	text_buf_free(&b);
	num_error_clear(&err);
}
END_TEST

START_TEST(test_dtoa_modes)
{
	struct text_buf d = TEXT_BUF_INIT;
	int decpt;
	ck_assert_int_eq(num_dtoa(&d, 0.1, 0, 0, &decpt), 1);
	ck_assert_str_eq(d.data, "1");
	ck_assert_int_eq(decpt, 0);
	text_buf_clear(&d);
	ck_assert_int_eq(num_dtoa(&d, 123.456, 2, 4, &decpt), 4);
	ck_assert_str_eq(d.data, "1235");
	ck_assert_int_eq(decpt, 3);
	text_buf_clear(&d);
	ck_assert_int_eq(num_dtoa(&d, 0.00123, 3, 4, &decpt), 2);
	ck_assert_str_eq(d.data, "12");
	ck_assert_int_eq(decpt, -2);
	text_buf_clear(&d);
	ck_assert_int_eq(num_dtoa(&d, 0.001, 3, 2, &decpt), 0);   /* rounds to zero */
	ck_assert_int_eq(decpt, -2);
	text_buf_clear(&d);
	ck_assert_int_eq(num_dtoa(&d, 0.0, 0, 0, &decpt), 1);
	ck_assert_str_eq(d.data, "0");
	ck_assert_int_eq(decpt, 1);
	text_buf_clear(&d);
	ck_assert_int_eq(num_dtoa(&d, 2.5, 3, 0, &decpt), 1);   /* ties to even */
	ck_assert_str_eq(d.data, "2");
	text_buf_free(&d);

	struct text_buf b = TEXT_BUF_INIT;
	ck_assert_int_eq(num_double_to_string(&b, 1.0, 'E', 3, NUM_DTSF_SIGN), 0);
	ck_assert_str_eq(b.data, "+1.000E+00");
	text_buf_clear(&b);
	ck_assert_int_eq(num_double_to_string(&b, -0.0, 'f', 1, NUM_DTSF_NO_NEG_0), 0);
	ck_assert_str_eq(b.data, "0.0");
	text_buf_clear(&b);
	ck_assert_int_eq(num_double_to_string(&b, 1e22, 'r', 0, NUM_DTSF_ADD_DOT_0), 0);
	ck_assert_str_eq(b.data, "1e+22");
	text_buf_clear(&b);
	ck_assert_int_eq(num_double_to_string(&b, 1.0, 'q', 0, 0), -1);
	text_buf_free(&b);
}
END_TEST

START_TEST(test_int_max_str_digits)
{
	struct num_error err = NUM_ERROR_INIT;
	struct text_buf b = TEXT_BUF_INIT;
	struct num_intres r;
	num_intres_init(&r);
	ck_assert_int_eq(num_get_int_max_str_digits(), 4300);
	num_set_int_max_str_digits(700);
	char digits[801];
	memset(digits, '7', 800);
	digits[800] = '\0';
	ck_assert_int_eq(num_parse_int(digits, 800, 10, &r, &err), -1);
	ck_assert_str_eq(err.msg.data, "Exceeds the limit (700 digits) for integer string conversion: "
			 "value has 800 digits; use sys.set_int_max_str_digits() to increase the limit");
	ck_assert_int_eq(num_parse_int(digits, 800, 16, &r, &err), 0);   /* powers of two: no limit */
	ck_assert(r.big);
	struct num_int v = num_int_big(r.z);
	ck_assert_int_eq(num_int_to_decimal(&b, &v, &err), -1);
	ck_assert_str_eq(err.msg.data, "Exceeds the limit (700 digits) for integer string conversion; "
			 "use sys.set_int_max_str_digits() to increase the limit");
	ck_assert_uint_eq(b.len, 0);
	num_set_int_max_str_digits(0);   /* unlimited */
	ck_assert_int_eq(num_parse_int(digits, 800, 10, &r, &err), 0);
	v = num_int_big(r.z);
	ck_assert_int_eq(num_int_to_decimal(&b, &v, &err), 0);
	ck_assert_str_eq(b.data, digits);
	num_set_int_max_str_digits(4300);
	text_buf_free(&b);
	num_error_clear(&err);
	num_intres_clear(&r);
}
END_TEST

START_TEST(test_int_literals)
{
	struct num_error err = NUM_ERROR_INIT;
	struct num_intres r;
	num_intres_init(&r);
	ck_assert_int_eq(num_parse_int_literal("0x_ff", 5, &r, &err), 0);
	ck_assert(!r.big);
	ck_assert_int_eq(r.small, 255);
	ck_assert_int_eq(num_parse_int_literal("1_000_000", 9, &r, &err), 0);
	ck_assert_int_eq(r.small, 1000000);
	ck_assert_int_eq(num_parse_int_literal("0o777", 5, &r, &err), 0);
	ck_assert_int_eq(r.small, 511);
	ck_assert_int_eq(num_parse_int_literal("000", 3, &r, &err), 0);
	ck_assert_int_eq(r.small, 0);
	ck_assert_int_eq(num_parse_int_literal("0b1", 3, &r, &err), 0);
	ck_assert_int_eq(r.small, 1);
	ck_assert_int_eq(num_parse_int_literal("123456789012345678901234567890", 30, &r, &err), 0);
	ck_assert(r.big);
	char big[5001];
	memset(big, '1', 5000);
	big[5000] = '\0';
	ck_assert_int_eq(num_parse_int_literal(big, 5000, &r, &err), -1);
	ck_assert_str_eq(err.type, "SyntaxError");
	ck_assert_str_eq(err.msg.data, "Exceeds the limit (4300 digits) for integer string conversion: "
			 "value has 5000 digits; use sys.set_int_max_str_digits() to increase the "
			 "limit - Consider hexadecimal for huge integer literals to avoid decimal "
			 "conversion limits.");
	big[0] = '0';
	big[1] = 'x';
	ck_assert_int_eq(num_parse_int_literal(big, 5000, &r, &err), 0);   /* hex: no limit */
	ck_assert(r.big);
	num_intres_clear(&r);
	num_intres_init(&r);
	ck_assert_int_eq(num_parse_int_literal("123456789012345678901234567890", 30, &r, &err), 0);
	mpz_t want;
	mpz_init_set_str(want, "123456789012345678901234567890", 10);
	ck_assert_int_eq(mpz_cmp(r.z, want), 0);
	mpz_clear(want);
	num_error_clear(&err);
	num_intres_clear(&r);
}
END_TEST

START_TEST(test_hash_identity_and_misc)
{
	int x1 = 0, x2 = 0;
	ck_assert_int_eq(num_hash_double(NAN, &x1), num_hash_pointer(&x1));
	ck_assert_int_ne(num_hash_double(NAN, &x1), num_hash_double(NAN, &x2));
	ck_assert_int_eq(num_hash_double(-INFINITY, NULL), -314159);
	ck_assert_int_eq(num_hash_int64(-1), -2);
	ck_assert_int_eq(num_hash_int64(INT64_MIN), num_hash_double(-9223372036854775808.0, NULL));
	int64_t none[1] = { 0 };
	ck_assert_int_eq(num_hash_tuple(none, 0), 5740354900026072187LL);   /* hash(()) */

	/* -x ** fractional: the caller makes it complex */
	struct num_error err = NUM_ERROR_INIT;
	double r;
	ck_assert_int_eq(num_float_pow(-8.0, 0.5, &r, &err), NUM_POW_COMPLEX);
	ck_assert_int_eq(num_i64_floordiv(-7, 2), -4);
	ck_assert_int_eq(num_i64_mod(-7, 2), 1);
	ck_assert_int_eq(num_i64_mod(7, -2), -1);
	ck_assert_int_eq(num_i64_mod(INT64_MIN, -1), 0);

	/* percent padding of text, as %5s / %-5s */
	struct text_buf b = TEXT_BUF_INIT;
	struct num_percent_spec sp = { .conv = 's', .width = 5, .precision = -1 };
	ck_assert_int_eq(num_percent_pad_text(&b, &sp, "\xc3\xa9t\xc3\xa9", 5), 0);
	sp.left = true;
	ck_assert_int_eq(num_percent_pad_text(&b, &sp, "ab", 2), 0);
	ck_assert_str_eq(b.data, "  \xc3\xa9t\xc3\xa9" "ab   ");
	text_buf_free(&b);

	/* normalisation of int64-sized mpz arguments */
	mpz_t z;
	mpz_init_set_si(z, -42);
	struct num_int big = num_int_big(z);
	struct num_int n = num_int_norm(&big);
	ck_assert_ptr_null(n.big);
	ck_assert_int_eq(n.small, -42);
	mpz_clear(z);
	num_error_clear(&err);
}
END_TEST

TCase *num_api_tcase(void)
{
	TCase *tc = tcase_create("api");
	tcase_add_test(tc, test_allocator_hook);
	tcase_add_test(tc, test_allocation_failures);
	tcase_add_test(tc, test_buf_ops);
	tcase_add_test(tc, test_errors_and_repr_hook);
	tcase_add_test(tc, test_repr_hook);
	tcase_add_test(tc, test_spec_fields);
	tcase_add_test(tc, test_dtoa_modes);
	tcase_add_test(tc, test_int_max_str_digits);
	tcase_add_test(tc, test_int_literals);
	tcase_add_test(tc, test_hash_identity_and_misc);
	return tc;
}
