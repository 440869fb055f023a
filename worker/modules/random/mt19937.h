/* mt19937.h -- the Mersenne Twister exactly as CPython's _randommodule.c.
 *
 * Same seeding (init_genrand, init_by_array), same output words, same
 * 53-bit random() and getrandbits(k), and the same state shape as
 * _random.Random.getstate(): 624 words plus the index. */
#ifndef BOX_MODCORE_MT19937_H
#define BOX_MODCORE_MT19937_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "worker/modules/core_error.h"

#define MT_N 624

struct mt19937 {
	uint32_t state[MT_N];
	int index;		/* 0..MT_N; MT_N means "regenerate next" */
};

void mt_init_genrand(struct mt19937 *mt, uint32_t seed);
void mt_init_by_array(struct mt19937 *mt, const uint32_t *key, size_t key_length);

/* Seeds from a non-negative integer as _random.Random.seed(int) does:
 * abs(n) split into 32-bit words, least significant first (0 -> [0]).
 * The sign of n is ignored.  Returns -1 (MemoryError) on allocation failure. */
int mt_seed_mpz(struct mt19937 *mt, const mpz_t n, struct core_error *err);

/* Seeds from 624 words of OS entropy (getrandom), falling back to time and
 * pid like CPython when getrandom is unavailable. */
void mt_seed_entropy(struct mt19937 *mt);

uint32_t mt_genrand_uint32(struct mt19937 *mt);

/* random(): [0.0, 1.0) with 53 bits, two words. */
double mt_random(struct mt19937 *mt);

/* getrandbits(k) into out (k == 0 gives 0).  -1 (MemoryError) when the
 * word buffer cannot be allocated. */
int mt_getrandbits(struct mt19937 *mt, mpz_t out, uint64_t k, struct core_error *err);

/* getstate(): copies the words and returns the index (the 625th element). */
int mt_getstate(const struct mt19937 *mt, uint32_t words[MT_N]);

/* setstate(): index must be in 0..MT_N, else ValueError "invalid state". */
int mt_setstate(struct mt19937 *mt, const uint32_t words[MT_N], long index,
		struct core_error *err);

#endif
