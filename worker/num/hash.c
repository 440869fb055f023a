/* hash.c -- CPython 3.11 (64-bit) hashes of int, float and tuple.
 *
 * A number's hash is its value reduced modulo P = 2**61 - 1 (the sign
 * applied afterwards), so equal ints and floats hash alike: for a finite
 * float v = m * 2**e (m a 53-bit integer), hash = m * 2**(e mod 61) mod P,
 * since 2**61 == 1 (mod P).  -1 is reserved (error marker) and becomes -2.
 */
#include "config.h"

#include <math.h>

#include "worker/num/hash.h"

#define MODULUS ((uint64_t)NUM_HASH_MODULUS)

static int64_t finish(uint64_t residue, bool negative)
{
	int64_t h = negative ? -(int64_t)residue : (int64_t)residue;
	return h == -1 ? -2 : h;
}

int64_t num_hash_int64(int64_t v)
{
	uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	return finish(m % MODULUS, v < 0);
}

int64_t num_hash_mpz(mpz_srcptr z)
{
	/* mpz_tdiv_ui returns |z| mod P */
	return finish(mpz_tdiv_ui(z, MODULUS), mpz_sgn(z) < 0);
}

int64_t num_hash_int(const struct num_int *v)
{
	return v->big ? num_hash_mpz(v->big) : num_hash_int64(v->small);
}

/* (a * 2**k) mod P for 0 <= a < P, 0 <= k < 61: a 61-bit rotation. */
static uint64_t mulpow2(uint64_t a, int k)
{
	if (k == 0)
		return a;
	return ((a << k) & MODULUS) | (a >> (61 - k));
}

int64_t num_hash_double(double x, const void *identity)
{
	if (isinf(x))
		return x > 0 ? NUM_HASH_INF : -NUM_HASH_INF;
	if (isnan(x))
		return num_hash_pointer(identity);
	int e;
	double m = frexp(fabs(x), &e);             /* |x| = m * 2**e, 0.5 <= m < 1 */
	uint64_t mant = (uint64_t)ldexp(m, 53);    /* exact: 53-bit integer */
	e -= 53;
	int k = e >= 0 ? e % 61 : 60 - ((-1 - e) % 61);
	return finish(mulpow2(mant % MODULUS, k), x < 0);
}

int64_t num_hash_pointer(const void *p)
{
	uintptr_t y = (uintptr_t)p;
	y = (y >> 4) | (y << (8 * sizeof(void *) - 4));
	int64_t h = (int64_t)y;
	return h == -1 ? -2 : h;
}

int64_t num_hash_tuple(const int64_t *hashes, size_t n)
{
	uint64_t acc = num_hash_tuple_start();
	for (size_t i = 0; i < n; i++)
		num_hash_tuple_add(&acc, hashes[i]);
	return num_hash_tuple_end(acc, n);
}
