/* random_core.c -- random.py's algorithms over a rand_source (see random_core.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "worker/modules/random/random_core.h"
#include "worker/modules/random/sha512.h"

#define BPF 53

/* ---- the default source over an mt19937 ---- */

static int mt_source_random(void *ctx, double *out)
{
	*out = mt_random(ctx);
	return 0;
}

static int mt_source_getrandbits(void *ctx, uint64_t k, mpz_t out)
{
	struct core_error err;
	return mt_getrandbits(ctx, out, k, &err);
}

void rand_source_mt(struct rand_source *src, struct mt19937 *mt)
{
	src->ctx = mt;
	src->random = mt_source_random;
	src->getrandbits = mt_source_getrandbits;
}

static int draw_random(const struct rand_source *src, double *out, struct core_error *err)
{
	if (src->random(src->ctx, out) < 0) {
		err->type = CORE_ERR_CALLBACK;
		return -1;
	}
	return 0;
}

static int draw_bits(const struct rand_source *src, uint64_t k, mpz_t out, struct core_error *err)
{
	if (src->getrandbits(src->ctx, k, out) < 0) {
		err->type = CORE_ERR_CALLBACK;
		return -1;
	}
	return 0;
}

/* ---- CPython float arithmetic with its exceptions ---- */

static int py_div(double a, double b, double *out, struct core_error *err)
{
	if (b == 0.0)
		return core_error_set(err, "ZeroDivisionError", "float division by zero");
	*out = a / b;
	return 0;
}

static int py_log(double x, double *out, struct core_error *err)
{
	if (isnan(x) || (isinf(x) && x > 0)) {
		*out = x;
		return 0;
	}
	if (x <= 0.0)
		return core_error_set(err, "ValueError", "math domain error");
	*out = log(x);
	return 0;
}

static int py_exp(double x, double *out, struct core_error *err)
{
	double r = exp(x);
	if (isinf(r) && isfinite(x))
		return core_error_set(err, "OverflowError", "math range error");
	*out = r;
	return 0;
}

static int py_sqrt(double x, double *out, struct core_error *err)
{
	if (x < 0.0)
		return core_error_set(err, "ValueError", "math domain error");
	*out = sqrt(x);
	return 0;
}

static int py_acos(double x, double *out, struct core_error *err)
{
	if (isnan(x)) {
		*out = x;
		return 0;
	}
	if (x < -1.0 || x > 1.0)
		return core_error_set(err, "ValueError", "math domain error");
	*out = acos(x);
	return 0;
}

static int py_trig(double (*fn)(double), double x, double *out, struct core_error *err)
{
	if (isinf(x))
		return core_error_set(err, "ValueError", "math domain error");
	*out = fn(x);
	return 0;
}

/* float ** float for the operand ranges random.py produces. */
static int py_pow(double x, double y, double *out, struct core_error *err)
{
	if (x == 0.0 && y < 0.0)
		return core_error_set(err, "ZeroDivisionError",
				    "0.0 cannot be raised to a negative power");
	if (x < 0.0 && isfinite(y) && floor(y) != y)
		return core_error_set(err, "ValueError",
				    "negative number cannot be raised to a fractional power");
	double r = pow(x, y);
	if (isinf(r) && isfinite(x) && isfinite(y))
		return core_error_set(err, "OverflowError", "(34, 'Numerical result out of range')");
	*out = r;
	return 0;
}

/* Python's float %: the result takes the divisor's sign. */
static double py_mod(double x, double y)
{
	double mod = fmod(x, y);
	if (mod != 0.0) {
		if ((y < 0) != (mod < 0))
			mod += y;
	} else {
		mod = copysign(0.0, y);
	}
	return mod;
}

/* ---- seeding ---- */

int rand_seed_int(struct mt19937 *mt, const mpz_t n, struct core_error *err)
{
	return mt_seed_mpz(mt, n, err);
}

int rand_seed_bytes(struct mt19937 *mt, const void *data, size_t len, struct core_error *err)
{
	size_t total;
	if (__builtin_add_overflow(len, (size_t)SHA512_DIGEST_LEN, &total))
		return core_error_set(err, "MemoryError", "%s", "");
	unsigned char *buf = malloc(total);
	if (!buf)
		return core_error_set(err, "MemoryError", "%s", "");
	if (len)
		memcpy(buf, data, len);
	sha512(data, len, buf + len);
	mpz_t n;
	mpz_init(n);
	mpz_import(n, total, 1, 1, 1, 0, buf);
	free(buf);
	int rc = mt_seed_mpz(mt, n, err);
	mpz_clear(n);
	return rc;
}

int rand_seed_v1(struct mt19937 *mt, const uint32_t *cps, size_t n, struct core_error *err)
{
	uint64_t x = n ? (uint64_t)cps[0] << 7 : 0;
	for (size_t i = 0; i < n; i++)
		x = (1000003U * x) ^ cps[i];
	x ^= (uint64_t)n;
	/* `-2 if x == -1 else x` never fires: x is non-negative here. */
	mpz_t v;
	mpz_init(v);
	mpz_import(v, 1, 1, sizeof x, 0, 0, &x);
	int rc = mt_seed_mpz(mt, v, err);
	mpz_clear(v);
	return rc;
}

void rand_seed_hash(struct mt19937 *mt, int64_t hash)
{
	uint64_t u = (uint64_t)hash;
	uint32_t key[2] = { (uint32_t)u, (uint32_t)(u >> 32) };
	mt_init_by_array(mt, key, key[1] ? 2 : 1);
}

void rand_seed_none(struct mt19937 *mt)
{
	mt_seed_entropy(mt);
}

/* ---- integers ---- */

static int randbelow_without_bits(const struct rand_source *src, const mpz_t n, mpz_t out,
				  struct core_error *err)
{
	double r = 0;
	if (mpz_sizeinbase(n, 2) > BPF || mpz_cmp_ui(n, (1UL << BPF)) >= 0) {
		/* random.py warns here ("does not supply enough bits"). */
		if (draw_random(src, &r, err) < 0)
			return -1;
		if (mpz_sizeinbase(n, 2) > 1024)
			return core_error_set(err, "OverflowError", "int too large to convert to float");
		mpz_set_d(out, floor(r * mpz_get_d(n)));
		return 0;
	}
	uint64_t nn = mpz_get_ui(n), maxsize = 1ULL << BPF;
	uint64_t rem = maxsize % nn;
	double limit = (double)(maxsize - rem) / (double)maxsize;
	do {
		if (draw_random(src, &r, err) < 0)
			return -1;
	} while (r >= limit);
	mpz_set_ui(out, (uint64_t)floor(r * (double)maxsize) % nn);
	return 0;
}

int rand_randbelow(const struct rand_source *src, const mpz_t n, mpz_t out, struct core_error *err)
{
	if (!src->getrandbits)
		return randbelow_without_bits(src, n, out, err);
	uint64_t k = mpz_sizeinbase(n, 2);
	if (mpz_sgn(n) == 0)
		k = 0;
	do {
		if (draw_bits(src, k, out, err) < 0)
			return -1;
	} while (mpz_cmp(out, n) >= 0);
	return 0;
}

static int randbelow_u64(const struct rand_source *src, uint64_t n, uint64_t *out,
			 struct core_error *err)
{
	mpz_t nn, r;
	mpz_init_set_ui(nn, n);
	mpz_init(r);
	int rc = rand_randbelow(src, nn, r, err);
	if (rc == 0)
		*out = mpz_get_ui(r);
	mpz_clear(nn);
	mpz_clear(r);
	return rc;
}

int rand_randrange(const struct rand_source *src, const mpz_t start, const mpz_t *stop,
		   const mpz_t *step, mpz_t out, struct core_error *err)
{
	int step_is_one = !step || mpz_cmp_ui(*step, 1) == 0;
	if (!stop) {
		if (!step_is_one)
			return core_error_set(err, "TypeError", "Missing a non-None stop argument");
		if (mpz_sgn(start) > 0)
			return rand_randbelow(src, start, out, err);
		return core_error_set(err, "ValueError", "empty range for randrange()");
	}
	mpz_t width, n, r;
	int rc = 0;
	mpz_inits(width, n, r, NULL);
	mpz_sub(width, *stop, start);
	if (step_is_one) {
		if (mpz_sgn(width) > 0) {
			rc = rand_randbelow(src, width, r, err);
			if (rc == 0)
				mpz_add(out, start, r);
		} else {
			err->type = "ValueError";
			err->pos = -1;
			gmp_snprintf(err->msg, sizeof err->msg,
				     "empty range for randrange() (%Zd, %Zd, %Zd)", start, *stop,
				     width);
			rc = -1;
		}
		goto done;
	}
	if (mpz_sgn(*step) > 0) {
		mpz_add(n, width, *step);
		mpz_sub_ui(n, n, 1);
	} else if (mpz_sgn(*step) < 0) {
		mpz_add(n, width, *step);
		mpz_add_ui(n, n, 1);
	} else {
		rc = core_error_set(err, "ValueError", "zero step for randrange()");
		goto done;
	}
	mpz_fdiv_q(n, n, *step);
	if (mpz_sgn(n) <= 0) {
		rc = core_error_set(err, "ValueError", "empty range for randrange()");
		goto done;
	}
	rc = rand_randbelow(src, n, r, err);
	if (rc == 0) {
		mpz_mul(r, r, *step);
		mpz_add(out, start, r);
	}
done:
	mpz_clears(width, n, r, NULL);
	return rc;
}

int rand_randint(const struct rand_source *src, const mpz_t a, const mpz_t b, mpz_t out,
		 struct core_error *err)
{
	mpz_t stop;
	mpz_init(stop);
	mpz_add_ui(stop, b, 1);
	const mpz_t *stopp = (const mpz_t *)&stop;
	int rc = rand_randrange(src, a, stopp, NULL, out, err);
	mpz_clear(stop);
	return rc;
}

int rand_randbytes(const struct rand_source *src, size_t n, unsigned char *out,
		   struct core_error *err)
{
	if (!src->getrandbits)
		return core_error_set(err, "AttributeError", "no getrandbits");
	if (n > UINT64_MAX / 8)
		return core_error_set(err, "OverflowError", "cannot fit 'int' into an index-sized integer");
	mpz_t v;
	mpz_init(v);
	int rc = draw_bits(src, (uint64_t)n * 8, v, err);
	if (rc == 0) {
		size_t count = 0;
		memset(out, 0, n);
		if (mpz_sgn(v))
			mpz_export(out, &count, -1, 1, 0, 0, v);
	}
	mpz_clear(v);
	return rc;
}

/* ---- sequences ---- */

int rand_choice_index(const struct rand_source *src, size_t len, size_t *out,
		      struct core_error *err)
{
	if (len == 0)
		return core_error_set(err, "IndexError", "Cannot choose from an empty sequence");
	uint64_t j;
	if (randbelow_u64(src, len, &j, err) < 0)
		return -1;
	*out = (size_t)j;
	return 0;
}

int rand_shuffle(const struct rand_source *src, size_t n,
		 void (*swap)(void *ctx, size_t i, size_t j), void *ctx, struct core_error *err)
{
	for (size_t i = n ? n - 1 : 0; i >= 1; i--) {
		uint64_t j;
		if (randbelow_u64(src, (uint64_t)i + 1, &j, err) < 0)
			return -1;
		swap(ctx, i, (size_t)j);
	}
	return 0;
}

/* A small open-addressing set of indices for sample()'s set branch. */
struct index_set {
	uint64_t *slots;	/* value + 1; 0 = empty */
	size_t mask;
};

static int index_set_add(struct index_set *s, uint64_t v)
{
	size_t h = (size_t)((v + 1) * 0x9E3779B97F4A7C15ULL) & s->mask;
	while (s->slots[h]) {
		if (s->slots[h] == v + 1)
			return 0;
		h = (h + 1) & s->mask;
	}
	s->slots[h] = v + 1;
	return 1;
}

static int sample_set_branch(const struct rand_source *src, uint64_t n, uint64_t k,
			     uint64_t *out, struct core_error *err)
{
	size_t cap = 16;
	while (cap < 2 * k) {
		if (cap > SIZE_MAX / 4 / sizeof(uint64_t))
			return core_error_set(err, "MemoryError", "%s", "");
		cap *= 2;
	}
	struct index_set set = { calloc(cap, sizeof(uint64_t)), cap - 1 };
	if (!set.slots)
		return core_error_set(err, "MemoryError", "%s", "");
	for (uint64_t i = 0; i < k; i++) {
		uint64_t j;
		do {
			if (randbelow_u64(src, n, &j, err) < 0) {
				free(set.slots);
				return -1;
			}
		} while (!index_set_add(&set, j));
		out[i] = j;
	}
	free(set.slots);
	return 0;
}

static int sample_pool_branch(const struct rand_source *src, uint64_t n, uint64_t k,
			      uint64_t *out, struct core_error *err)
{
	if (n > SIZE_MAX / sizeof(uint64_t))
		return core_error_set(err, "MemoryError", "%s", "");
	uint64_t *pool = malloc((size_t)(n ? n : 1) * sizeof *pool);
	if (!pool)
		return core_error_set(err, "MemoryError", "%s", "");
	for (uint64_t i = 0; i < n; i++)
		pool[i] = i;
	for (uint64_t i = 0; i < k; i++) {
		uint64_t j;
		if (randbelow_u64(src, n - i, &j, err) < 0) {
			free(pool);
			return -1;
		}
		out[i] = pool[j];
		pool[j] = pool[n - i - 1];
	}
	free(pool);
	return 0;
}

int rand_sample(const struct rand_source *src, uint64_t n, int64_t k, uint64_t *out,
		struct core_error *err)
{
	if (k < 0 || (uint64_t)k > n)
		return core_error_set(err, "ValueError", "Sample larger than population or is negative");
	/* setsize = 21 + 4 ** ceil(log(k * 3, 4)) when k > 5, as floats do it. */
	int pool = 1;
	if (k > 5) {
		unsigned __int128 k3 = (unsigned __int128)k * 3;
		double e = ceil(log((double)k3) / log(4.0));
		if (e < 31.0) {
			uint64_t setsize = 21 + (1ULL << (2 * (int)e));
			pool = n <= setsize;
		}
	} else {
		pool = n <= 21;
	}
	if (pool)
		return sample_pool_branch(src, n, (uint64_t)k, out, err);
	return sample_set_branch(src, n, (uint64_t)k, out, err);
}

int rand_sample_counts(const struct rand_source *src, const int64_t *cum_counts, size_t n,
		       int64_t k, uint64_t *out, struct core_error *err)
{
	if (n == 0)
		return core_error_set(err, "IndexError", "pop from empty list");
	int64_t total = cum_counts[n - 1];
	if (total <= 0)
		return core_error_set(err, "ValueError", "Total of counts must be greater than zero");
	if (rand_sample(src, (uint64_t)total, k, out, err) < 0)
		return -1;
	for (int64_t i = 0; i < k; i++) {
		/* bisect_right over cum_counts[0 .. n-2] */
		size_t lo = 0, hi = n - 1;
		int64_t s = (int64_t)out[i];
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (s < cum_counts[mid])
				hi = mid;
			else
				lo = mid + 1;
		}
		out[i] = lo;
	}
	return 0;
}

int rand_choices(const struct rand_source *src, size_t n, size_t k, size_t *out,
		 struct core_error *err)
{
	double dn = (double)n;
	for (size_t i = 0; i < k; i++) {
		double r = 0;
		if (draw_random(src, &r, err) < 0)
			return -1;
		out[i] = (size_t)floor(r * dn);
	}
	return 0;
}

int rand_choices_cum(const struct rand_source *src, const double *cum_weights, size_t ncum,
		     size_t n, size_t k, size_t *out, struct core_error *err)
{
	if (ncum != n)
		return core_error_set(err, "ValueError",
				    "The number of weights does not match the population");
	if (ncum == 0)
		return core_error_set(err, "IndexError", "list index out of range");
	double total = cum_weights[ncum - 1] + 0.0;
	if (total <= 0.0)
		return core_error_set(err, "ValueError", "Total of weights must be greater than zero");
	if (!isfinite(total))
		return core_error_set(err, "ValueError", "Total of weights must be finite");
	for (size_t i = 0; i < k; i++) {
		double r = 0;
		if (draw_random(src, &r, err) < 0)
			return -1;
		double x = r * total;
		size_t lo = 0, hi = n - 1;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (x < cum_weights[mid])
				hi = mid;
			else
				lo = mid + 1;
		}
		out[i] = lo;
	}
	return 0;
}

/* ---- real-valued distributions ---- */

int rand_random(const struct rand_source *src, double *out, struct core_error *err)
{
	return draw_random(src, out, err);
}

int rand_uniform(const struct rand_source *src, double a, double b, double *out,
		 struct core_error *err)
{
	double r = 0;
	if (draw_random(src, &r, err) < 0)
		return -1;
	*out = a + (b - a) * r;
	return 0;
}

int rand_triangular(const struct rand_source *src, double low, double high, bool has_mode,
		    double mode, double *out, struct core_error *err)
{
	double u = 0, c = 0.5;
	if (draw_random(src, &u, err) < 0)
		return -1;
	if (has_mode) {
		if (high - low == 0.0) {
			*out = low;
			return 0;
		}
		c = (mode - low) / (high - low);
	}
	if (u > c) {
		u = 1.0 - u;
		c = 1.0 - c;
		double t = low;
		low = high;
		high = t;
	}
	double s = 0;
	if (py_sqrt(u * c, &s, err) < 0)
		return -1;
	*out = low + (high - low) * s;
	return 0;
}

static double nv_magicconst(void)
{
	return 4 * exp(-0.5) / sqrt(2.0);
}

int rand_normalvariate(const struct rand_source *src, double mu, double sigma, double *out,
		       struct core_error *err)
{
	double z = 0;
	for (;;) {
		double u1 = 0, u2 = 0, lg = 0;
		if (draw_random(src, &u1, err) < 0 || draw_random(src, &u2, err) < 0)
			return -1;
		u2 = 1.0 - u2;
		z = nv_magicconst() * (u1 - 0.5) / u2;
		double zz = z * z / 4.0;
		if (py_log(u2, &lg, err) < 0)
			return -1;
		if (zz <= -lg)
			break;
	}
	*out = mu + z * sigma;
	return 0;
}

int rand_gauss(const struct rand_source *src, struct rand_gauss *g, double mu, double sigma,
	       double *out, struct core_error *err)
{
	double z = g->next;
	int have = g->has_next;
	g->has_next = false;
	if (!have) {
		double r1 = 0, r2 = 0, lg = 0, g2rad = 0, c = 0, s = 0;
		if (draw_random(src, &r1, err) < 0)
			return -1;
		double x2pi = r1 * (2.0 * M_PI);
		if (draw_random(src, &r2, err) < 0)
			return -1;
		if (py_log(1.0 - r2, &lg, err) < 0 || py_sqrt(-2.0 * lg, &g2rad, err) < 0)
			return -1;
		if (py_trig(cos, x2pi, &c, err) < 0 || py_trig(sin, x2pi, &s, err) < 0)
			return -1;
		z = c * g2rad;
		g->next = s * g2rad;
		g->has_next = true;
	}
	*out = mu + z * sigma;
	return 0;
}

int rand_lognormvariate(const struct rand_source *src, double mu, double sigma, double *out,
			struct core_error *err)
{
	double v = 0;
	if (rand_normalvariate(src, mu, sigma, &v, err) < 0)
		return -1;
	return py_exp(v, out, err);
}

int rand_expovariate(const struct rand_source *src, double lambd, double *out,
		     struct core_error *err)
{
	double r = 0, lg = 0;
	if (draw_random(src, &r, err) < 0 || py_log(1.0 - r, &lg, err) < 0)
		return -1;
	return py_div(-lg, lambd, out, err);
}

int rand_vonmisesvariate(const struct rand_source *src, double mu, double kappa, double *out,
			 struct core_error *err)
{
	const double twopi = 2.0 * M_PI;
	double u1 = 0, u2 = 0, u3 = 0, z = 0, d = 0, ex = 0, sq = 0, s = 0, r = 0, q = 0, f = 0, ac = 0;
	if (kappa <= 1e-6) {
		if (draw_random(src, &u1, err) < 0)
			return -1;
		*out = twopi * u1;
		return 0;
	}
	if (py_div(0.5, kappa, &s, err) < 0 || py_sqrt(1.0 + s * s, &sq, err) < 0)
		return -1;
	r = s + sq;
	for (;;) {
		if (draw_random(src, &u1, err) < 0)
			return -1;
		z = cos(M_PI * u1);
		if (py_div(z, r + z, &d, err) < 0)
			return -1;
		if (draw_random(src, &u2, err) < 0)
			return -1;
		if (u2 < 1.0 - d * d)
			break;
		if (py_exp(d, &ex, err) < 0)
			return -1;
		if (u2 <= (1.0 - d) * ex)
			break;
	}
	if (py_div(1.0, r, &q, err) < 0 || py_div(q + z, 1.0 + q * z, &f, err) < 0)
		return -1;
	if (draw_random(src, &u3, err) < 0 || py_acos(f, &ac, err) < 0)
		return -1;
	if (u3 > 0.5)
		*out = py_mod(mu + ac, twopi);
	else
		*out = py_mod(mu - ac, twopi);
	return 0;
}

int rand_gammavariate(const struct rand_source *src, double alpha, double beta, double *out,
		      struct core_error *err)
{
	if (alpha <= 0.0 || beta <= 0.0)
		return core_error_set(err, "ValueError", "gammavariate: alpha and beta must be > 0.0");
	double u = 0, u1 = 0, u2 = 0, v = 0, x = 0, z = 0, r = 0, t = 0, lg = 0;
	if (alpha > 1.0) {
		double ainv = 0, bbb = 0, ccc = 0;
		if (py_sqrt(2.0 * alpha - 1.0, &ainv, err) < 0)
			return -1;
		bbb = alpha - log(4.0);
		ccc = alpha + ainv;
		for (;;) {
			if (draw_random(src, &u1, err) < 0)
				return -1;
			if (!(1e-7 < u1 && u1 < 0.9999999))
				continue;
			if (draw_random(src, &u2, err) < 0)
				return -1;
			u2 = 1.0 - u2;
			if (py_log(u1 / (1.0 - u1), &lg, err) < 0 || py_div(lg, ainv, &v, err) < 0)
				return -1;
			if (py_exp(v, &t, err) < 0)
				return -1;
			x = alpha * t;
			z = u1 * u1 * u2;
			r = bbb + ccc * v - x;
			if (r + (1.0 + log(4.5)) - 4.5 * z >= 0.0) {
				*out = x * beta;
				return 0;
			}
			if (py_log(z, &lg, err) < 0)
				return -1;
			if (r >= lg) {
				*out = x * beta;
				return 0;
			}
		}
	}
	if (alpha == 1.0) {
		if (draw_random(src, &u, err) < 0 || py_log(1.0 - u, &lg, err) < 0)
			return -1;
		*out = -lg * beta;
		return 0;
	}
	for (;;) {
		double b = 0, p = 0;
		if (draw_random(src, &u, err) < 0)
			return -1;
		b = (M_E + alpha) / M_E;
		p = b * u;
		if (p <= 1.0) {
			if (py_pow(p, 1.0 / alpha, &x, err) < 0)
				return -1;
		} else {
			if (py_log((b - p) / alpha, &lg, err) < 0)
				return -1;
			x = -lg;
		}
		if (draw_random(src, &u1, err) < 0)
			return -1;
		if (p > 1.0) {
			if (py_pow(x, alpha - 1.0, &t, err) < 0)
				return -1;
			if (u1 <= t)
				break;
		} else {
			if (py_exp(-x, &t, err) < 0)
				return -1;
			if (u1 <= t)
				break;
		}
	}
	*out = x * beta;
	return 0;
}

int rand_betavariate(const struct rand_source *src, double alpha, double beta, double *out,
		     struct core_error *err)
{
	double y = 0, y2 = 0;
	if (rand_gammavariate(src, alpha, 1.0, &y, err) < 0)
		return -1;
	if (y == 0.0) {
		*out = 0.0;
		return 0;
	}
	if (rand_gammavariate(src, beta, 1.0, &y2, err) < 0)
		return -1;
	return py_div(y, y + y2, out, err);
}

int rand_paretovariate(const struct rand_source *src, double alpha, double *out,
		       struct core_error *err)
{
	double r = 0, e = 0;
	if (draw_random(src, &r, err) < 0 || py_div(-1.0, alpha, &e, err) < 0)
		return -1;
	return py_pow(1.0 - r, e, out, err);
}

int rand_weibullvariate(const struct rand_source *src, double alpha, double beta, double *out,
			struct core_error *err)
{
	double r = 0, lg = 0, e = 0, p = 0;
	if (draw_random(src, &r, err) < 0 || py_log(1.0 - r, &lg, err) < 0)
		return -1;
	if (py_div(1.0, beta, &e, err) < 0 || py_pow(-lg, e, &p, err) < 0)
		return -1;
	*out = alpha * p;
	return 0;
}
