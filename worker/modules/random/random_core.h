/* random_core.h -- the algorithms of CPython 3.11's random.py over a
 * pluggable generator.
 *
 * A struct rand_source names where the randomness comes from: random()
 * and (optionally) getrandbits().  rand_source_mt() makes one over a plain
 * struct mt19937; the `random` module wrapper may instead pass callbacks
 * that call a Python subclass's overriding methods.  As in random.py, when
 * getrandbits is NULL, _randbelow uses random() only
 * (_randbelow_without_getrandbits).  A callback returns 0, or -1 with the
 * caller's exception pending; the core then returns -1 with err->type ==
 * CORE_ERR_CALLBACK.
 *
 * Integers are GMP mpz_t; floats are double.  Float arithmetic errors are
 * CPython's: ZeroDivisionError "float division by zero", ValueError "math
 * domain error", OverflowError "math range error".  Sequences are handled
 * through indices: the wrapper indexes the population itself.
 *
 * Limits: sample() populations hold at most 2**64 - 1 items; cum_weights
 * are doubles (exact for floats and ints below 2**53); with getrandbits
 * absent, _randbelow(n) for n >= 2**53 converts n to float by truncation. */
#ifndef BOX_MODCORE_RANDOM_CORE_H
#define BOX_MODCORE_RANDOM_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "worker/modules/core_error.h"
#include "worker/modules/random/mt19937.h"

/* random.Random.VERSION: getstate() returns (3, mt_state_625_tuple, gauss_next). */
#define RAND_STATE_VERSION 3

struct rand_source {
	void *ctx;
	int (*random)(void *ctx, double *out);
	int (*getrandbits)(void *ctx, uint64_t k, mpz_t out);	/* may be NULL */
};

/* Random.gauss_next. */
struct rand_gauss {
	bool has_next;
	double next;
};

/* A source drawing straight from mt (ctx = mt). */
void rand_source_mt(struct rand_source *src, struct mt19937 *mt);

/* ---- seeding (Random.seed; the caller also clears gauss->has_next) ---- */

/* seed(int): abs value, 32-bit words little-endian. */
int rand_seed_int(struct mt19937 *mt, const mpz_t n, struct core_error *err);
/* seed(str|bytes|bytearray, version=2): int.from_bytes(a + sha512(a).digest())
 * with a the UTF-8 (for str) or raw bytes. */
int rand_seed_bytes(struct mt19937 *mt, const void *data, size_t len, struct core_error *err);
/* seed(str|bytes, version=1): the old string hash over the code points
 * (latin-1 decoded bytes for bytes). */
int rand_seed_v1(struct mt19937 *mt, const uint32_t *cps, size_t n, struct core_error *err);
/* seed(x) for float and other hashables: hash(x) read as unsigned 64-bit. */
void rand_seed_hash(struct mt19937 *mt, int64_t hash);
/* seed(None): OS entropy. */
void rand_seed_none(struct mt19937 *mt);

/* ---- integers ---- */

/* _randbelow(n) for n > 0. */
int rand_randbelow(const struct rand_source *src, const mpz_t n, mpz_t out, struct core_error *err);
/* randrange(start[, stop[, step]]): stop == NULL for the one-argument form,
 * step == NULL when not given.  Exact 3.11 messages. */
int rand_randrange(const struct rand_source *src, const mpz_t start, const mpz_t *stop,
		   const mpz_t *step, mpz_t out, struct core_error *err);
/* randint(a, b) == randrange(a, b + 1). */
int rand_randint(const struct rand_source *src, const mpz_t a, const mpz_t b, mpz_t out,
		 struct core_error *err);
/* randbytes(n): getrandbits(n*8).to_bytes(n, 'little') into out[n]. */
int rand_randbytes(const struct rand_source *src, size_t n, unsigned char *out,
		   struct core_error *err);

/* ---- sequences (indices) ---- */

/* choice: index into a sequence of length len (IndexError when empty). */
int rand_choice_index(const struct rand_source *src, size_t len, size_t *out,
		      struct core_error *err);
/* shuffle: for i = n-1 .. 1, j = _randbelow(i+1), swap(ctx, i, j). */
int rand_shuffle(const struct rand_source *src, size_t n,
		 void (*swap)(void *ctx, size_t i, size_t j), void *ctx, struct core_error *err);
/* sample(population, k) without counts: out[k] receives indices, chosen
 * with 3.11's pool or set branch. */
int rand_sample(const struct rand_source *src, uint64_t n, int64_t k, uint64_t *out,
		struct core_error *err);
/* sample(population, k, counts=...): cum_counts[n] is accumulate(counts);
 * out[k] receives population indices. */
int rand_sample_counts(const struct rand_source *src, const int64_t *cum_counts, size_t n,
		       int64_t k, uint64_t *out, struct core_error *err);
/* choices(population, k=k) without weights: indices floor(random()*n).
 * (n == 0 gives index 0: the wrapper's indexing then raises.) */
int rand_choices(const struct rand_source *src, size_t n, size_t k, size_t *out,
		 struct core_error *err);
/* choices with cum_weights (wrapper accumulates `weights` itself):
 * ncum is len(cum_weights), n len(population). */
int rand_choices_cum(const struct rand_source *src, const double *cum_weights, size_t ncum,
		     size_t n, size_t k, size_t *out, struct core_error *err);

/* ---- real-valued distributions ---- */

int rand_random(const struct rand_source *src, double *out, struct core_error *err);
int rand_uniform(const struct rand_source *src, double a, double b, double *out,
		 struct core_error *err);
/* has_mode false means mode=None. */
int rand_triangular(const struct rand_source *src, double low, double high, bool has_mode,
		    double mode, double *out, struct core_error *err);
int rand_normalvariate(const struct rand_source *src, double mu, double sigma, double *out,
		       struct core_error *err);
int rand_gauss(const struct rand_source *src, struct rand_gauss *g, double mu, double sigma,
	       double *out, struct core_error *err);
int rand_lognormvariate(const struct rand_source *src, double mu, double sigma, double *out,
			struct core_error *err);
int rand_expovariate(const struct rand_source *src, double lambd, double *out,
		     struct core_error *err);
int rand_vonmisesvariate(const struct rand_source *src, double mu, double kappa, double *out,
			 struct core_error *err);
int rand_gammavariate(const struct rand_source *src, double alpha, double beta, double *out,
		      struct core_error *err);
int rand_betavariate(const struct rand_source *src, double alpha, double beta, double *out,
		     struct core_error *err);
int rand_paretovariate(const struct rand_source *src, double alpha, double *out,
		       struct core_error *err);
int rand_weibullvariate(const struct rand_source *src, double alpha, double beta, double *out,
			struct core_error *err);

#endif
