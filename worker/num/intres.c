/* intres.c -- int arguments (struct num_int) and normalised int results
 * (struct num_intres): conversions between int64_t and GMP. */
#include "config.h"

#include "worker/num/num.h"

void num_intres_init(struct num_intres *r)
{
	r->big = false;
	r->small = 0;
	mpz_init(r->z);
}

void num_intres_clear(struct num_intres *r)
{
	mpz_clear(r->z);
	r->big = false;
	r->small = 0;
}

void num_intres_set_i64(struct num_intres *r, int64_t v)
{
	r->big = false;
	r->small = v;
}

bool num_mpz_get_i64(mpz_srcptr z, int64_t *out)
{
	/* long is 64-bit on every target we build for (LP64). */
	_Static_assert(sizeof(long) == sizeof(int64_t), "LP64 expected");
	if (!mpz_fits_slong_p(z))
		return false;
	*out = (int64_t)mpz_get_si(z);
	return true;
}

void num_intres_normalize(struct num_intres *r)
{
	int64_t v;
	if (num_mpz_get_i64(r->z, &v)) {
		r->big = false;
		r->small = v;
	} else {
		r->big = true;
	}
}

void num_intres_set_mpz(struct num_intres *r, mpz_srcptr z)
{
	int64_t v;
	if (num_mpz_get_i64(z, &v)) {
		r->big = false;
		r->small = v;
		return;
	}
	mpz_set(r->z, z);
	r->big = true;
}

void num_int_to_mpz(mpz_ptr out, const struct num_int *v)
{
	if (v->big)
		mpz_set(out, v->big);
	else
		mpz_set_si(out, (long)v->small);
}

struct num_int num_int_norm(const struct num_int *v)
{
	int64_t s;
	if (v->big && num_mpz_get_i64(v->big, &s))
		return num_int_small(s);
	return *v;
}

int num_int_sign(const struct num_int *v)
{
	if (v->big)
		return mpz_sgn(v->big);
	return (v->small > 0) - (v->small < 0);
}
