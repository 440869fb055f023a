/* test_random.c -- MT19937, SHA-512 and random.py algorithms against
 * CPython 3.11 (expected values in cases_random.inc from gen_re_random.py). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/modules/test_re_random.h"
#include "worker/modules/random/random_core.h"
#include "worker/modules/re/re_translate.h"
#include "worker/modules/random/sha512.h"

struct sha512_case {
	const char *fill;
	size_t len;
	const char *digest;
};

struct rand_case {
	const char *kind;
	const char *seed;
	size_t seed_len;
	const char *op;
	const char *expected;
};

#include "tests/modules/cases_random.inc"

struct gen {
	struct mt19937 mt;
	struct rand_source src;
	struct rand_gauss gauss;
};

static void seed_gen(struct gen *g, const char *kind, const char *seed, size_t len)
{
	struct core_error err;
	core_error_clear(&err);
	rand_source_mt(&g->src, &g->mt);
	g->gauss.has_next = false;
	if (strcmp(kind, "int") == 0) {
		mpz_t n;
		mpz_init_set_str(n, seed, 10);
		ck_assert_int_eq(rand_seed_int(&g->mt, n, &err), 0);
		mpz_clear(n);
	} else if (strcmp(kind, "str") == 0 || strcmp(kind, "bytes") == 0) {
		ck_assert_int_eq(rand_seed_bytes(&g->mt, seed, len, &err), 0);
	} else if (strcmp(kind, "hash") == 0) {
		rand_seed_hash(&g->mt, strtoll(seed, NULL, 10));
	} else {
		size_t n;
		uint32_t *cps = re_decode(seed, len, true, &n);
		ck_assert_ptr_nonnull(cps);
		ck_assert_int_eq(rand_seed_v1(&g->mt, cps, n, &err), 0);
		free(cps);
	}
}

/* Appends text to a fixed result buffer. */
static void out_add(char *out, size_t outsz, const char *s)
{
	size_t l = strlen(out);
	snprintf(out + l, outsz - l, "%s%s", l ? " " : "", s);
}

static void out_u64(char *out, size_t outsz, uint64_t v)
{
	char t[32];
	snprintf(t, sizeof t, "%llu", (unsigned long long)v);
	out_add(out, outsz, t);
}

static void out_mpz(char *out, size_t outsz, const mpz_t v)
{
	char *t = mpz_get_str(NULL, 10, v);
	out_add(out, outsz, t);
	free(t);
}

static void swap_sz(void *ctx, size_t i, size_t j)
{
	size_t *a = ctx, t = a[i];
	a[i] = a[j];
	a[j] = t;
}

/* Splits "1,3,6" into doubles / int64s. */
static size_t parse_list_d(const char *s, double *out, size_t max)
{
	size_t n = 0;
	char *end;
	while (*s && n < max) {
		out[n++] = strtod(s, &end);
		s = *end == ',' ? end + 1 : end;
		if (end == s && *s != ',')
			break;
	}
	return n;
}

/* Runs one op; *is_float says the result is a float in *fv. */
static int run_op(struct gen *g, const char *op, char *out, size_t outsz, bool *is_float,
		  double *fv, struct core_error *err)
{
	char name[32] = "", a1[64] = "", a2[64] = "", a3[64] = "";
	const struct rand_source *src = &g->src;
	sscanf(op, "%31s %63s %63s %63s", name, a1, a2, a3);
	out[0] = '\0';
	*is_float = false;
	int rc = 0;
	mpz_t x, y, z, r;
	mpz_inits(x, y, z, r, NULL);
	if (strcmp(name, "random") == 0) {
		*is_float = true;
		rc = rand_random(src, fv, err);
	} else if (strcmp(name, "getrandbits") == 0) {
		rc = mt_getrandbits(&g->mt, r, strtoull(a1, NULL, 10), err);
		if (rc == 0)
			out_mpz(out, outsz, r);
	} else if (strcmp(name, "randrange") == 0) {
		mpz_set_str(x, a1, 10);
		if (!a2[0]) {
			rc = rand_randrange(src, x, NULL, NULL, r, err);
		} else if (strcmp(a2, "none") == 0) {
			mpz_set_str(z, a3, 10);
			const mpz_t *zp = (const mpz_t *)&z;
			rc = rand_randrange(src, x, NULL, zp, r, err);
		} else {
			mpz_set_str(y, a2, 10);
			const mpz_t *yp = (const mpz_t *)&y;
			if (a3[0]) {
				mpz_set_str(z, a3, 10);
				const mpz_t *zp = (const mpz_t *)&z;
				rc = rand_randrange(src, x, yp, zp, r, err);
			} else {
				rc = rand_randrange(src, x, yp, NULL, r, err);
			}
		}
		if (rc == 0)
			out_mpz(out, outsz, r);
	} else if (strcmp(name, "randint") == 0) {
		mpz_set_str(x, a1, 10);
		mpz_set_str(y, a2, 10);
		rc = rand_randint(src, x, y, r, err);
		if (rc == 0)
			out_mpz(out, outsz, r);
	} else if (strcmp(name, "choice") == 0) {
		size_t idx;
		rc = rand_choice_index(src, strtoull(a1, NULL, 10), &idx, err);
		if (rc == 0)
			out_u64(out, outsz, idx);
	} else if (strcmp(name, "shuffle") == 0) {
		size_t n = strtoull(a1, NULL, 10), perm[64];
		for (size_t i = 0; i < n; i++)
			perm[i] = i;
		rc = rand_shuffle(src, n, swap_sz, perm, err);
		for (size_t i = 0; rc == 0 && i < n; i++)
			out_u64(out, outsz, perm[i]);
	} else if (strcmp(name, "sample") == 0) {
		uint64_t n = strtoull(a1, NULL, 10);
		int64_t k = strtoll(a2, NULL, 10);
		uint64_t res[1024];
		rc = rand_sample(src, n, k, res, err);
		for (int64_t i = 0; rc == 0 && i < k; i++)
			out_u64(out, outsz, res[i]);
	} else if (strcmp(name, "samplecounts") == 0) {
		double c[16];
		int64_t cum[16], acc = 0;
		size_t n = parse_list_d(a1, c, 16);
		for (size_t i = 0; i < n; i++)
			cum[i] = acc += (int64_t)c[i];
		int64_t k = strtoll(a2, NULL, 10);
		uint64_t res[64];
		rc = rand_sample_counts(src, cum, n, k, res, err);
		for (int64_t i = 0; rc == 0 && i < k; i++)
			out_u64(out, outsz, res[i]);
	} else if (strcmp(name, "choices") == 0) {
		size_t res[64], k = strtoull(a2, NULL, 10);
		rc = rand_choices(src, strtoull(a1, NULL, 10), k, res, err);
		for (size_t i = 0; rc == 0 && i < k; i++)
			out_u64(out, outsz, res[i]);
	} else if (strcmp(name, "choicescum") == 0) {
		double cum[16];
		size_t n = parse_list_d(a1, cum, 16), res[64], k = strtoull(a2, NULL, 10);
		rc = rand_choices_cum(src, cum, n, n, k, res, err);
		for (size_t i = 0; rc == 0 && i < k; i++)
			out_u64(out, outsz, res[i]);
	} else if (strcmp(name, "randbytes") == 0) {
		unsigned char b[64];
		size_t n = strtoull(a1, NULL, 10);
		rc = rand_randbytes(src, n, b, err);
		for (size_t i = 0; rc == 0 && i < n; i++)
			snprintf(out + 2 * i, outsz - 2 * i, "%02x", b[i]);
	} else {
		double p1 = strtod(a1, NULL), p2 = strtod(a2, NULL), p3 = strtod(a3, NULL);
		*is_float = true;
		if (strcmp(name, "uniform") == 0)
			rc = rand_uniform(src, p1, p2, fv, err);
		else if (strcmp(name, "triangular") == 0)
			rc = rand_triangular(src, p1, p2, strcmp(a3, "none") != 0, p3, fv, err);
		else if (strcmp(name, "normalvariate") == 0)
			rc = rand_normalvariate(src, p1, p2, fv, err);
		else if (strcmp(name, "gauss") == 0)
			rc = rand_gauss(src, &g->gauss, p1, p2, fv, err);
		else if (strcmp(name, "lognormvariate") == 0)
			rc = rand_lognormvariate(src, p1, p2, fv, err);
		else if (strcmp(name, "expovariate") == 0)
			rc = rand_expovariate(src, p1, fv, err);
		else if (strcmp(name, "vonmisesvariate") == 0)
			rc = rand_vonmisesvariate(src, p1, p2, fv, err);
		else if (strcmp(name, "gammavariate") == 0)
			rc = rand_gammavariate(src, p1, p2, fv, err);
		else if (strcmp(name, "betavariate") == 0)
			rc = rand_betavariate(src, p1, p2, fv, err);
		else if (strcmp(name, "paretovariate") == 0)
			rc = rand_paretovariate(src, p1, fv, err);
		else if (strcmp(name, "weibullvariate") == 0)
			rc = rand_weibullvariate(src, p1, p2, fv, err);
		else
			ck_abort_msg("unknown op %s", op);
	}
	mpz_clears(x, y, z, r, NULL);
	return rc;
}

START_TEST(test_random_sequences)
{
	struct gen g;
	char out[4096];
	const char *cur_kind = NULL, *cur_seed = NULL;
	size_t cur_len = 0;
	size_t n = sizeof rand_cases / sizeof rand_cases[0];
	for (size_t i = 0; i < n; i++) {
		const struct rand_case *c = &rand_cases[i];
		if (!cur_kind || strcmp(cur_kind, c->kind) || cur_len != c->seed_len ||
		    memcmp(cur_seed, c->seed, c->seed_len)) {
			seed_gen(&g, c->kind, c->seed, c->seed_len);
			cur_kind = c->kind;
			cur_seed = c->seed;
			cur_len = c->seed_len;
		}
		struct core_error err;
		core_error_clear(&err);
		bool is_float;
		double fv = 0;
		int rc = run_op(&g, c->op, out, sizeof out, &is_float, &fv, &err);
		ck_assert_msg(rc == 0, "%s/%s %s: %s %s", c->kind, c->seed, c->op,
			      err.type ? err.type : "?", err.msg);
		if (is_float) {
			double want = strtod(c->expected, NULL);
			ck_assert_msg(memcmp(&want, &fv, sizeof fv) == 0, "seed %s/%s op %s: got %.17g want %s",
				      c->kind, c->seed, c->op, fv, c->expected);
		} else {
			ck_assert_msg(strcmp(out, c->expected) == 0, "seed %s/%s op %s: got '%s' want '%s'",
				      c->kind, c->seed, c->op, out, c->expected);
		}
	}
}
END_TEST

START_TEST(test_random_errors)
{
	size_t n = sizeof rand_error_cases / sizeof rand_error_cases[0];
	for (size_t i = 0; i < n; i++) {
		const struct rand_case *c = &rand_error_cases[i];
		struct gen g;
		char out[256], got[CORE_ERR_MSG_MAX + 128];
		struct core_error err;
		bool is_float;
		double fv;
		seed_gen(&g, c->kind, c->seed, c->seed_len);
		core_error_clear(&err);
		int rc = run_op(&g, c->op, out, sizeof out, &is_float, &fv, &err);
		ck_assert_msg(rc == -1, "%s: no error", c->op);
		snprintf(got, sizeof got, "%s: %s", err.type, err.msg);
		ck_assert_msg(strcmp(got, c->expected) == 0, "%s: got '%s' want '%s'", c->op, got,
			      c->expected);
	}
}
END_TEST

/* The spec's vectors (interpreter.md 5.6), independent of the generated file. */
START_TEST(test_random_spec_vectors)
{
	char out_buf[64];
	struct gen g;
	double v;
	struct core_error err;
	seed_gen(&g, "int", "42", 2);
	ck_assert_int_eq(rand_random(&g.src, &v, &err), 0);
	ck_assert(v == 0.6394267984578837);
	ck_assert_int_eq(rand_random(&g.src, &v, &err), 0);
	ck_assert(v == 0.025010755222666936);
	seed_gen(&g, "int", "42", 2);
	mpz_t r;
	mpz_init(r);
	ck_assert_int_eq(mt_getrandbits(&g.mt, r, 64, &err), 0);
	ck_assert_str_eq(mpz_get_str(out_buf, 10, r), "2053695854357871005");
	mpz_clear(r);
	seed_gen(&g, "int", "-7", 2);
	ck_assert_int_eq(rand_random(&g.src, &v, &err), 0);
	ck_assert(v == 0.32383276483316237);
	seed_gen(&g, "str", "hello", 5);
	ck_assert_int_eq(rand_random(&g.src, &v, &err), 0);
	ck_assert(v == 0.3537754404730722);
	seed_gen(&g, "hash", "1152921504606846977", 19);
	ck_assert_int_eq(rand_random(&g.src, &v, &err), 0);
	ck_assert(v == 0.551763726942059);
}
END_TEST

START_TEST(test_sha512_vectors)
{
	size_t n = sizeof sha512_cases / sizeof sha512_cases[0];
	for (size_t i = 0; i < n; i++) {
		unsigned char d[SHA512_DIGEST_LEN];
		char hex[2 * SHA512_DIGEST_LEN + 1];
		size_t len = sha512_cases[i].len;
		char *msg = malloc(len ? len : 1);
		ck_assert_ptr_nonnull(msg);
		for (size_t j = 0; j < len; j++)
			msg[j] = sha512_cases[i].fill[j % strlen(sha512_cases[i].fill)];
		/* one-shot and in uneven pieces */
		sha512(msg, len, d);
		for (int j = 0; j < SHA512_DIGEST_LEN; j++)
			snprintf(hex + 2 * j, 3, "%02x", d[j]);
		ck_assert_str_eq(hex, sha512_cases[i].digest);
		struct sha512_ctx ctx;
		sha512_init(&ctx);
		for (size_t off = 0; off < len;) {
			size_t take = (off % 7) + 1;
			if (take > len - off)
				take = len - off;
			sha512_update(&ctx, msg + off, take);
			off += take;
		}
		sha512_final(&ctx, d);
		for (int j = 0; j < SHA512_DIGEST_LEN; j++)
			snprintf(hex + 2 * j, 3, "%02x", d[j]);
		ck_assert_str_eq(hex, sha512_cases[i].digest);
		free(msg);
	}
}
END_TEST

START_TEST(test_mt_state_roundtrip)
{
	struct gen g, h;
	uint32_t words[MT_N];
	struct core_error err;
	double a, b;
	seed_gen(&g, "int", "123", 3);
	for (int i = 0; i < 700; i++)
		rand_random(&g.src, &a, &err);
	int idx = mt_getstate(&g.mt, words);
	seed_gen(&h, "int", "0", 1);
	ck_assert_int_eq(mt_setstate(&h.mt, words, idx, &err), 0);
	for (int i = 0; i < 10; i++) {
		rand_random(&g.src, &a, &err);
		rand_random(&h.src, &b, &err);
		ck_assert(a == b);
	}
	ck_assert_int_eq(mt_setstate(&h.mt, words, MT_N + 1, &err), -1);
	ck_assert_str_eq(err.msg, "invalid state");
}
END_TEST

/* A subclass overriding only random(): _randbelow_without_getrandbits. */
static int fixed_random(void *ctx, double *out)
{
	double *seq = ctx;
	*out = seq[0];
	seq[0] = seq[0] + 0.125 >= 1.0 ? 0.0 : seq[0] + 0.125;
	return 0;
}

static int failing_random(void *ctx, double *out)
{
	(void)ctx;
	*out = 0;
	return -1;
}

START_TEST(test_random_callbacks)
{
	double state = 0.5;
	struct rand_source src = { &state, fixed_random, NULL };
	struct core_error err;
	mpz_t n, r;
	mpz_init_set_ui(n, 10);
	mpz_init(r);
	core_error_clear(&err);
	/* floor(0.5 * 2**53) % 10 */
	ck_assert_int_eq(rand_randbelow(&src, n, r, &err), 0);
	ck_assert_int_eq(mpz_get_ui(r), (uint64_t)(0.5 * 9007199254740992.0) % 10);
	struct rand_source bad = { NULL, failing_random, NULL };
	double v;
	ck_assert_int_eq(rand_uniform(&bad, 0, 1, &v, &err), -1);
	ck_assert_str_eq(err.type, CORE_ERR_CALLBACK);
	mpz_clears(n, r, NULL);
}
END_TEST

TCase *random_tcase(void)
{
	TCase *tc = tcase_create("random");
	tcase_add_test(tc, test_random_sequences);
	tcase_add_test(tc, test_random_errors);
	tcase_add_test(tc, test_random_spec_vectors);
	tcase_add_test(tc, test_sha512_vectors);
	tcase_add_test(tc, test_mt_state_roundtrip);
	tcase_add_test(tc, test_random_callbacks);
	return tc;
}
