/* mathint.c -- integer functions of CPython 3.11's math module: isqrt,
 * factorial, comb, perm, gcd, lcm (exact, over GMP), with CPython's
 * argument errors. */
#include "config.h"

#include <limits.h>

#include "worker/num/mathfn.h"

int num_math_isqrt(struct num_intres *out, const struct num_int *n, struct num_error *err)
{
	if (num_int_sign(n) < 0)
		return num_error_set(err, "ValueError", "isqrt() argument must be nonnegative");
	mpz_t z;
	mpz_init(z);
	num_int_to_mpz(z, n);
	mpz_sqrt(out->z, z);
	mpz_clear(z);
	num_intres_normalize(out);
	return 0;
}

int num_math_factorial(struct num_intres *out, const struct num_int *arg, struct num_error *err)
{
	struct num_int norm = num_int_norm(arg);
	const struct num_int *n = &norm;
	if (num_int_sign(n) < 0)
		return num_error_set(err, "ValueError", "factorial() not defined for negative values");
	if (n->big)
		return num_error_set(err, "OverflowError",
				     "factorial() argument should not exceed %ld", LONG_MAX);
	mpz_fac_ui(out->z, (unsigned long)n->small);
	num_intres_normalize(out);
	return 0;
}

static int check_nk(const struct num_int *n, const struct num_int *k, struct num_error *err)
{
	if (num_int_sign(n) < 0)
		return num_error_set(err, "ValueError", "n must be a non-negative integer");
	if (k && num_int_sign(k) < 0)
		return num_error_set(err, "ValueError", "k must be a non-negative integer");
	return 0;
}

int num_math_comb(struct num_intres *out, const struct num_int *n, const struct num_int *k,
		  struct num_error *err)
{
	if (check_nk(n, k, err) < 0)
		return -1;
	mpz_t N, K;
	mpz_inits(N, K, NULL);
	num_int_to_mpz(N, n);
	num_int_to_mpz(K, k);
	int rc = 0;
	if (mpz_cmp(K, N) > 0) {
		num_intres_set_i64(out, 0);
		goto done;
	}
	mpz_sub(N, N, K);   /* N = n - k; use min(k, n - k) */
	if (mpz_cmp(N, K) < 0)
		mpz_swap(N, K);
	mpz_add(N, N, K);   /* N = n again, K = min(k, n - k) */
	if (!mpz_fits_slong_p(K)) {
		rc = num_error_set(err, "OverflowError", "min(n - k, k) must not exceed %lld",
				   (long long)LLONG_MAX);
		goto done;
	}
	mpz_bin_ui(out->z, N, mpz_get_ui(K));
	num_intres_normalize(out);
done:
	mpz_clears(N, K, NULL);
	return rc;
}

int num_math_perm(struct num_intres *out, const struct num_int *n, const struct num_int *k,
		  struct num_error *err)
{
	if (!k)
		return num_math_factorial(out, n, err);
	if (check_nk(n, k, err) < 0)
		return -1;
	mpz_t N, K, f;
	mpz_inits(N, K, f, NULL);
	num_int_to_mpz(N, n);
	num_int_to_mpz(K, k);
	int rc = 0;
	if (mpz_cmp(K, N) > 0) {
		num_intres_set_i64(out, 0);
		goto done;
	}
	if (!mpz_fits_slong_p(K)) {
		rc = num_error_set(err, "OverflowError", "k must not exceed %lld",
				   (long long)LLONG_MAX);
		goto done;
	}
	unsigned long kk = mpz_get_ui(K);
	/* n! / (n-k)! = comb(n, k) * k! */
	mpz_bin_ui(out->z, N, kk);
	mpz_fac_ui(f, kk);
	mpz_mul(out->z, out->z, f);
	num_intres_normalize(out);
done:
	mpz_clears(N, K, f, NULL);
	return rc;
}

void num_math_gcd(struct num_intres *out, const struct num_int *vs, size_t n)
{
	mpz_t t;
	mpz_init(t);
	mpz_set_ui(out->z, 0);
	for (size_t i = 0; i < n; i++) {
		num_int_to_mpz(t, &vs[i]);
		mpz_gcd(out->z, out->z, t);
	}
	mpz_clear(t);
	num_intres_normalize(out);
}

void num_math_lcm(struct num_intres *out, const struct num_int *vs, size_t n)
{
	mpz_t t;
	mpz_init(t);
	mpz_set_ui(out->z, 1);
	for (size_t i = 0; i < n; i++) {
		num_int_to_mpz(t, &vs[i]);
		mpz_lcm(out->z, out->z, t);
	}
	mpz_clear(t);
	num_intres_normalize(out);
}
