/* test_num_cases.c -- runs every case of cases.inc (expected values
 * computed by python3.11, see gen_cases.py) through libboxnum and
 * compares the encoded result.  Int arguments that fit int64 are run
 * twice: as int64 and as a (non-normalised) mpz. */
#include "config.h"

#include <math.h>
#include <stdio.h>
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

struct num_case {
	const char *fn, *a, *b, *c, *expect;
};

static const struct num_case cases[] = {
#include "tests/num/cases.inc"
};

#define NCASES (sizeof cases / sizeof cases[0])

/* ---- decoding inputs ---------------------------------------------------- */

static double dec_double(const char *s)
{
	ck_assert_msg(strncmp(s, "f:", 2) == 0, "bad float input %s", s);
	if (strcmp(s + 2, "nan") == 0)
		return NAN;
	uint64_t bits = strtoull(s + 2, NULL, 16);
	double x;
	memcpy(&x, &bits, sizeof x);
	return x;
}

/* Up to 64 int arguments per case; force_big stores int64 values as mpz. */
struct int_args {
	mpz_t z[64];
	int n;
};

static struct num_int dec_int(struct int_args *ia, const char *s, bool force_big, bool *was_small)
{
	ck_assert_msg(strncmp(s, "i:", 2) == 0, "bad int input %.40s", s);
	ck_assert(ia->n < 64);
	mpz_ptr z = ia->z[ia->n++];
	mpz_set_str(z, s + 2, 10);
	int64_t v;
	if (num_mpz_get_i64(z, &v)) {
		*was_small = true;
		if (!force_big)
			return num_int_small(v);
	}
	return num_int_big(z);
}

/* Splits a space-separated list in place. */
static size_t split(char *s, char **items, size_t max)
{
	size_t n = 0;
	for (char *tok = strtok(s, " "); tok && n < max; tok = strtok(NULL, " "))
		items[n++] = tok;
	return n;
}

/* ---- encoding results --------------------------------------------------- */

static void enc_double(struct text_buf *r, double x)
{
	char tmp[32];
	if (isnan(x)) {
		num_buf_puts(r, "f:nan");
		return;
	}
	uint64_t bits;
	memcpy(&bits, &x, sizeof bits);
	snprintf(tmp, sizeof tmp, "f:%016llx", (unsigned long long)bits);
	num_buf_puts(r, tmp);
}

static void enc_i64(struct text_buf *r, int64_t v)
{
	char tmp[32];
	snprintf(tmp, sizeof tmp, "i:%lld", (long long)v);
	num_buf_puts(r, tmp);
}

static void enc_intres(struct text_buf *r, struct num_intres *v)
{
	if (!v->big) {
		enc_i64(r, v->small);
		return;
	}
	/* a big result must really be outside int64 */
	ck_assert(!mpz_fits_slong_p(v->z));
	char *s = mpz_get_str(NULL, 10, v->z);
	num_buf_puts(r, "i:");
	num_buf_puts(r, s);
	void (*freefn)(void *, size_t);
	mp_get_memory_functions(NULL, NULL, &freefn);
	freefn(s, strlen(s) + 1);
}

static void enc_err(struct text_buf *r, struct num_error *e)
{
	num_buf_puts(r, "e:");
	num_buf_puts(r, e->type ? e->type : "(null)");
	num_buf_puts(r, ": ");
	num_buf_append(r, e->msg.data ? e->msg.data : "", e->msg.len);
}

static void enc_text(struct text_buf *r, const struct text_buf *t)
{
	num_buf_puts(r, "s:");
	num_buf_append(r, t->data ? t->data : "", t->len);
}

static void enc_bool(struct text_buf *r, bool b)
{
	num_buf_puts(r, b ? "b:1" : "b:0");
}

/* %[flags][width][.prec]conv */
static void parse_pct(const char *s, struct num_percent_spec *sp)
{
	memset(sp, 0, sizeof *sp);
	sp->width = sp->precision = -1;
	ck_assert(*s == '%');
	s++;
	for (;; s++) {
		if (*s == '-') sp->left = true;
		else if (*s == '+') sp->plus = true;
		else if (*s == ' ') sp->space = true;
		else if (*s == '#') sp->alt = true;
		else if (*s == '0') sp->zero = true;
		else break;
	}
	if (*s >= '0' && *s <= '9')
		sp->width = strtoll(s, (char **)&s, 10);
	if (*s == '.') {
		s++;
		sp->precision = strtoll(s, (char **)&s, 10);
	}
	sp->conv = *s;
}

static int hexdigit(char c)
{
	return c <= '9' ? c - '0' : c - 'a' + 10;
}

/* Runs one case; returns the encoded result in r. */
static void run_case(const struct num_case *k, bool force_big, bool *had_small, struct text_buf *r)
{
	struct num_error err = NUM_ERROR_INIT;
	struct text_buf t = TEXT_BUF_INIT;
	struct num_intres q, q2;
	struct int_args ia;
	int rc = 0;
	const char *fn = k->fn;
	bool text = false;
	double x, y, z;

	ia.n = 0;
	for (int i = 0; i < 64; i++)
		mpz_init(ia.z[i]);
	num_intres_init(&q);
	num_intres_init(&q2);
	*had_small = false;

#define INT(s) dec_int(&ia, (s), force_big, had_small)
#define DBL(s) dec_double(s)
	if (!strcmp(fn, "repr")) {
		rc = num_double_repr(&t, DBL(k->a));
		text = true;
	} else if (!strcmp(fn, "format_float")) {
		rc = num_format_float(&t, DBL(k->a), k->b, strlen(k->b), NULL, &err);
		text = true;
	} else if (!strcmp(fn, "format_int")) {
		struct num_int v = INT(k->a);
		rc = num_format_int(&t, &v, k->b, strlen(k->b), NULL, &err);
		text = true;
	} else if (!strcmp(fn, "format_str")) {
		rc = num_format_str(&t, k->a, strlen(k->a), k->b, strlen(k->b), NULL, &err);
		text = true;
	} else if (!strcmp(fn, "pct_int") || !strcmp(fn, "pct_char")) {
		struct num_percent_spec sp;
		struct num_int v = INT(k->a);
		parse_pct(k->b, &sp);
		rc = fn[4] == 'i' ? num_percent_int(&t, &sp, &v, &err)
				  : num_percent_char_int(&t, &sp, &v, &err);
		text = true;
	} else if (!strcmp(fn, "pct_float")) {
		struct num_percent_spec sp;
		parse_pct(k->b, &sp);
		rc = num_percent_float(&t, &sp, DBL(k->a), &err);
		text = true;
	} else if (!strcmp(fn, "parse_float")) {
		rc = num_parse_float(k->a, strlen(k->a), &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "parse_int")) {
		struct num_int base = INT(k->b);
		rc = num_parse_int(k->a, strlen(k->a), (int)(base.big ? mpz_get_si(base.big) : base.small),
				   &q, &err);
		if (rc == 0)
			enc_intres(r, &q);
	} else if (!strcmp(fn, "int_str")) {
		struct num_int v = INT(k->a);
		rc = num_int_to_decimal(&t, &v, &err);
		text = true;
	} else if (!strncmp(fn, "int_", 4) && (fn[4] == 'b' || fn[4] == 'o' || fn[4] == 'h')) {
		struct num_int v = INT(k->a);
		rc = num_int_to_base(&t, &v, fn[4] == 'b' ? 2 : fn[4] == 'o' ? 8 : 16, true, &err);
		text = true;
	} else if (!strcmp(fn, "truediv")) {
		struct num_int a = INT(k->a), b = INT(k->b);
		rc = num_int_truediv(&a, &b, &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "int_float")) {
		struct num_int a = INT(k->a);
		rc = num_int_to_double(&a, &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "bit_length") || !strcmp(fn, "bit_count")) {
		struct num_int a = INT(k->a);
		enc_i64(r, (int64_t)(fn[4] == 'l' ? num_int_bit_length(&a) : num_int_bit_count(&a)));
	} else if (!strcmp(fn, "to_bytes")) {
		struct num_int a = INT(k->a), len = INT(k->b);
		rc = num_int_to_bytes(&t, &a, (uint64_t)(len.big ? mpz_get_si(len.big) : len.small),
				      k->c[0] == 'l', k->c[strlen(k->c) - 1] == 's', &err);
		if (rc == 0) {
			num_buf_puts(r, "s:");
			for (size_t i = 0; i < t.len; i++) {
				char h[3];
				snprintf(h, sizeof h, "%02x", (unsigned char)t.data[i]);
				num_buf_puts(r, h);
			}
		}
	} else if (!strcmp(fn, "from_bytes")) {
		uint8_t bytes[64];
		size_t n = strlen(k->a) / 2;
		for (size_t i = 0; i < n; i++)
			bytes[i] = (uint8_t)(hexdigit(k->a[2 * i]) * 16 + hexdigit(k->a[2 * i + 1]));
		num_int_from_bytes(&q, bytes, n, k->b[0] == 'l', k->c[0] == 's');
		enc_intres(r, &q);
	} else if (!strcmp(fn, "powmod")) {
		struct num_int a = INT(k->a), b = INT(k->b), m = INT(k->c);
		rc = num_int_powmod(&q, &a, &b, &m, &err);
		if (rc == 0)
			enc_intres(r, &q);
	} else if (!strcmp(fn, "round_int")) {
		struct num_int a = INT(k->a), b = INT(k->b);
		rc = num_int_round(&q, &a, &b, &err);
		if (rc == 0)
			enc_intres(r, &q);
	} else if (!strcmp(fn, "floordiv") || !strcmp(fn, "mod") || !strcmp(fn, "float_pow") ||
		   !strcmp(fn, "math_pow") || !strcmp(fn, "fmod") || !strcmp(fn, "remainder") ||
		   !strcmp(fn, "atan2")) {
		double a = DBL(k->a), b = DBL(k->b);
		switch (fn[0] + fn[1] + fn[2]) {
		default:
			if (!strcmp(fn, "floordiv")) rc = num_float_floordiv(a, b, &x, &err);
			else if (!strcmp(fn, "mod")) rc = num_float_mod(a, b, &x, &err);
			else if (!strcmp(fn, "float_pow")) rc = num_float_pow(a, b, &x, &err);
			else if (!strcmp(fn, "math_pow")) rc = num_math_pow(a, b, &x, &err);
			else if (!strcmp(fn, "fmod")) rc = num_math_fmod(a, b, &x, &err);
			else if (!strcmp(fn, "remainder")) rc = num_math_remainder(a, b, &x, &err);
			else rc = num_math_2(atan2, a, b, &x, &err);
		}
		if (rc == NUM_POW_COMPLEX)
			num_buf_puts(r, "complex");
		else if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "divmod")) {
		rc = num_float_divmod(DBL(k->a), DBL(k->b), &x, &y, &err);
		if (rc == 0) {
			enc_double(r, x);
			num_buf_puts(r, "|");
			enc_double(r, y);
		}
	} else if (!strcmp(fn, "trunc") || !strcmp(fn, "floor") || !strcmp(fn, "ceil") ||
		   !strcmp(fn, "round0")) {
		x = DBL(k->a);
		if (fn[0] == 't') rc = num_float_trunc_int(&q, x, &err);
		else if (fn[0] == 'f') rc = num_float_floor_int(&q, x, &err);
		else if (fn[0] == 'c') rc = num_float_ceil_int(&q, x, &err);
		else rc = num_float_round_int(&q, x, &err);
		if (rc == 0)
			enc_intres(r, &q);
	} else if (!strcmp(fn, "round")) {
		struct num_int nd = INT(k->b);
		rc = num_float_round(DBL(k->a), nd.big ? mpz_get_si(nd.big) : nd.small, &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "hex")) {
		rc = num_float_hex(&t, DBL(k->a));
		text = true;
	} else if (!strcmp(fn, "fromhex")) {
		rc = num_float_fromhex(k->a, strlen(k->a), &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "ratio")) {
		rc = num_float_as_integer_ratio(DBL(k->a), &q, &q2, &err);
		if (rc == 0) {
			enc_intres(r, &q);
			num_buf_puts(r, "|");
			enc_intres(r, &q2);
		}
	} else if (!strcmp(fn, "is_integer")) {
		enc_bool(r, num_float_is_integer(DBL(k->a)));
	} else if (!strcmp(fn, "ulp")) {
		enc_double(r, num_math_ulp(DBL(k->a)));
	} else if (!strcmp(fn, "frexp")) {
		int e;
		num_math_frexp(DBL(k->a), &x, &e);
		enc_double(r, x);
		num_buf_puts(r, "|");
		enc_i64(r, e);
	} else if (!strcmp(fn, "sqrt")) {
		rc = num_math_sqrt(DBL(k->a), &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "exp")) {
		rc = num_math_1(exp, DBL(k->a), true, &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "math1")) {
		/* CPython's FUNC1 table: name, libm function, can_overflow */
		static const struct { const char *name; double (*f)(double); bool ovf; } m1[] = {
			{ "acos", acos, false }, { "acosh", acosh, false }, { "asin", asin, false },
			{ "asinh", asinh, false }, { "atan", atan, false }, { "atanh", atanh, false },
			{ "cos", cos, false }, { "cosh", cosh, true }, { "erf", erf, false },
			{ "erfc", erfc, false }, { "exp", exp, true }, { "exp2", exp2, true },
			{ "expm1", expm1, true }, { "fabs", fabs, false }, { "log1p", log1p, false },
			{ "sin", sin, false }, { "sinh", sinh, true }, { "tan", tan, false },
			{ "tanh", tanh, false }, { "cbrt", cbrt, false },
		};
		size_t i = 0;
		while (strcmp(m1[i].name, k->b))
			i++;
		rc = num_math_1(m1[i].f, DBL(k->a), m1[i].ovf, &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "log_float")) {
		rc = num_math_log_double(DBL(k->a), k->b[0], &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "log_int")) {
		struct num_int a = INT(k->a);
		rc = num_math_log_int(&a, k->b[0], &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "cmp")) {
		struct num_int v = INT(k->b);
		enc_i64(r, num_float_int_compare(DBL(k->a), &v));
	} else if (!strcmp(fn, "nextafter")) {
		enc_double(r, num_math_nextafter(DBL(k->a), DBL(k->b)));
	} else if (!strcmp(fn, "ldexp")) {
		struct num_int e = INT(k->b);
		rc = num_math_ldexp(DBL(k->a), &e, &x, &err);
		if (rc == 0)
			enc_double(r, x);
	} else if (!strcmp(fn, "hash_int")) {
		struct num_int v = INT(k->a);
		enc_i64(r, num_hash_int(&v));
	} else if (!strcmp(fn, "hash_float")) {
		enc_i64(r, num_hash_double(DBL(k->a), NULL));
	} else if (!strcmp(fn, "hash_tuple") || !strcmp(fn, "gcd") || !strcmp(fn, "lcm")) {
		char *copy = strdup(k->a), *items[64];
		size_t n = split(copy, items, 64);
		int64_t hashes[64];
		struct num_int vs[64];
		for (size_t i = 0; i < n; i++) {
			vs[i] = INT(items[i]);
			hashes[i] = num_hash_int(&vs[i]);
		}
		if (fn[0] == 'h')
			enc_i64(r, num_hash_tuple(hashes, n));
		else {
			if (fn[0] == 'g')
				num_math_gcd(&q, vs, n);
			else
				num_math_lcm(&q, vs, n);
			enc_intres(r, &q);
		}
		free(copy);
	} else if (!strcmp(fn, "fsum") || !strcmp(fn, "hypot") || !strcmp(fn, "dist")) {
		char *ca = strdup(k->a), *cb = strdup(k->b), *items[64];
		double xs[64], ys[64];
		size_t n = split(ca, items, 64);
		for (size_t i = 0; i < n; i++)
			xs[i] = DBL(items[i]);
		size_t m = split(cb, items, 64);
		for (size_t i = 0; i < m; i++)
			ys[i] = DBL(items[i]);
		if (fn[0] == 'f') {
			rc = num_math_fsum(xs, n, &x, &err);
			if (rc == 0)
				enc_double(r, x);
		} else {
			rc = fn[0] == 'h' ? num_math_hypot(xs, n, &x, &err)
					  : num_math_dist(xs, ys, n, &x, &err);
			if (rc == 0)
				enc_double(r, x);
		}
		free(ca);
		free(cb);
	} else if (!strcmp(fn, "isqrt") || !strcmp(fn, "factorial")) {
		struct num_int a = INT(k->a);
		rc = fn[0] == 'i' ? num_math_isqrt(&q, &a, &err) : num_math_factorial(&q, &a, &err);
		if (rc == 0)
			enc_intres(r, &q);
	} else if (!strcmp(fn, "comb") || !strcmp(fn, "perm")) {
		struct num_int a = INT(k->a), b;
		const struct num_int *bp = NULL;
		if (strcmp(k->b, "none")) {
			b = INT(k->b);
			bp = &b;
		}
		rc = fn[0] == 'c' ? num_math_comb(&q, &a, bp, &err) : num_math_perm(&q, &a, bp, &err);
		if (rc == 0)
			enc_intres(r, &q);
	} else if (!strcmp(fn, "isclose")) {
		bool b;
		char *cc = strdup(k->c), *items[2];
		split(cc, items, 2);
		x = DBL(items[0]);
		z = DBL(items[1]);
		rc = num_math_isclose(DBL(k->a), DBL(k->b), x, z, &b, &err);
		if (rc == 0)
			enc_bool(r, b);
		free(cc);
	} else {
		ck_abort_msg("unknown case function %s", fn);
	}
#undef INT
#undef DBL
	if (rc < 0)
		enc_err(r, &err);
	else if (text)
		enc_text(r, &t);
	text_buf_free(&t);
	num_error_clear(&err);
	num_intres_clear(&q);
	num_intres_clear(&q2);
	for (int i = 0; i < 64; i++)
		mpz_clear(ia.z[i]);
}

START_TEST(test_cases_table)
{
	size_t failures = 0, runs = 0;
	struct text_buf r = TEXT_BUF_INIT;
	for (size_t i = 0; i < NCASES; i++) {
		for (int pass = 0; pass < 2; pass++) {
			bool had_small;
			text_buf_clear(&r);
			run_case(&cases[i], pass == 1, &had_small, &r);
			runs++;
			const char *got = r.data ? r.data : "";
			if (strcmp(got, cases[i].expect) != 0) {
				if (failures < 60)
					fprintf(stderr, "FAIL %s(%.80s, %.40s, %.20s)%s\n  want %.300s\n  got  %.300s\n",
						cases[i].fn, cases[i].a, cases[i].b, cases[i].c,
						pass ? " [as mpz]" : "", cases[i].expect, got);
				failures++;
			}
			if (!had_small)
				break;   /* no int64 argument: one representation only */
		}
	}
	text_buf_free(&r);
	fprintf(stderr, "num cases: %zu cases, %zu runs, %zu failures\n", NCASES, runs, failures);
	ck_assert_msg(failures == 0, "%zu of %zu case runs failed", failures, runs);
}
END_TEST

TCase *num_cases_tcase(void)
{
	TCase *tc = tcase_create("cases");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_cases_table);
	return tc;
}
