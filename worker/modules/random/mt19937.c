/* mt19937.c -- Mersenne Twister matching CPython's _randommodule.c (see mt19937.h). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "worker/modules/random/mt19937.h"

#define MT_M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU

void mt_init_genrand(struct mt19937 *mt, uint32_t seed)
{
	uint32_t *s = mt->state;
	s[0] = seed;
	for (int i = 1; i < MT_N; i++)
		s[i] = 1812433253U * (s[i - 1] ^ (s[i - 1] >> 30)) + (uint32_t)i;
	mt->index = MT_N;
}

void mt_init_by_array(struct mt19937 *mt, const uint32_t *key, size_t key_length)
{
	uint32_t *s = mt->state;
	size_t i = 1, j = 0, k;

	mt_init_genrand(mt, 19650218U);
	k = MT_N > key_length ? MT_N : key_length;
	for (; k; k--) {
		s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
		i++;
		j++;
		if (i >= MT_N) {
			s[0] = s[MT_N - 1];
			i = 1;
		}
		if (j >= key_length)
			j = 0;
	}
	for (k = MT_N - 1; k; k--) {
		s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
		i++;
		if (i >= MT_N) {
			s[0] = s[MT_N - 1];
			i = 1;
		}
	}
	s[0] = 0x80000000U;
}

int mt_seed_mpz(struct mt19937 *mt, const mpz_t n, struct core_error *err)
{
	size_t bits = mpz_sizeinbase(n, 2);
	size_t words = mpz_sgn(n) == 0 ? 1 : (bits + 31) / 32;
	uint32_t *key = calloc(words, sizeof *key);
	if (!key)
		return core_error_set(err, "MemoryError", "%s", "");
	size_t count = 0;
	mpz_export(key, &count, -1, sizeof *key, 0, 0, n);
	mt_init_by_array(mt, key, words);
	free(key);
	return 0;
}

void mt_seed_entropy(struct mt19937 *mt)
{
	uint32_t key[MT_N];
	size_t got = 0;
	while (got < sizeof key) {
		ssize_t r = getrandom((char *)key + got, sizeof key - got, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	if (got < sizeof key) {
		/* CPython's fallback is time in ns and the pid; the worker's
		 * seccomp filter forbids getpid, so two clocks only. */
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		uint64_t ns = (uint64_t)ts.tv_sec * 1000000000U + (uint64_t)ts.tv_nsec;
		uint32_t fb[5] = { (uint32_t)ns, (uint32_t)(ns >> 32), 0, 0, 0 };
		clock_gettime(CLOCK_MONOTONIC, &ts);
		ns = (uint64_t)ts.tv_sec * 1000000000U + (uint64_t)ts.tv_nsec;
		fb[3] = (uint32_t)ns;
		fb[4] = (uint32_t)(ns >> 32);
		mt_init_by_array(mt, fb, 5);
		return;
	}
	mt_init_by_array(mt, key, MT_N);
}

static void mt_generate(struct mt19937 *mt)
{
	static const uint32_t mag01[2] = { 0U, MATRIX_A };
	uint32_t *s = mt->state, y;
	int kk;
	for (kk = 0; kk < MT_N - MT_M; kk++) {
		y = (s[kk] & UPPER_MASK) | (s[kk + 1] & LOWER_MASK);
		s[kk] = s[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1U];
	}
	for (; kk < MT_N - 1; kk++) {
		y = (s[kk] & UPPER_MASK) | (s[kk + 1] & LOWER_MASK);
		s[kk] = s[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
	}
	y = (s[MT_N - 1] & UPPER_MASK) | (s[0] & LOWER_MASK);
	s[MT_N - 1] = s[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
	mt->index = 0;
}

uint32_t mt_genrand_uint32(struct mt19937 *mt)
{
	if (mt->index >= MT_N)
		mt_generate(mt);
	uint32_t y = mt->state[mt->index++];
	y ^= (y >> 11);
	y ^= (y << 7) & 0x9d2c5680U;
	y ^= (y << 15) & 0xefc60000U;
	y ^= (y >> 18);
	return y;
}

double mt_random(struct mt19937 *mt)
{
	uint32_t a = mt_genrand_uint32(mt) >> 5, b = mt_genrand_uint32(mt) >> 6;
	return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

int mt_getrandbits(struct mt19937 *mt, mpz_t out, uint64_t k, struct core_error *err)
{
	if (k == 0) {
		mpz_set_ui(out, 0);
		return 0;
	}
	if (k <= 32) {
		mpz_set_ui(out, mt_genrand_uint32(mt) >> (32 - k));
		return 0;
	}
	/* Words fill from the least significant upward; the last, partial
	 * word keeps its top bits. */
	uint64_t words = (k - 1) / 32 + 1;
	if (words > SIZE_MAX / sizeof(uint32_t))
		return core_error_set(err, "MemoryError", "%s", "");
	uint32_t *buf = malloc((size_t)words * sizeof *buf);
	if (!buf)
		return core_error_set(err, "MemoryError", "%s", "");
	for (uint64_t i = 0; i < words; i++, k -= 32) {
		uint32_t r = mt_genrand_uint32(mt);
		if (k < 32)
			r >>= (32 - k);
		buf[i] = r;
	}
	mpz_import(out, (size_t)words, -1, sizeof *buf, 0, 0, buf);
	free(buf);
	return 0;
}

int mt_getstate(const struct mt19937 *mt, uint32_t words[MT_N])
{
	memcpy(words, mt->state, sizeof mt->state);
	return mt->index;
}

int mt_setstate(struct mt19937 *mt, const uint32_t words[MT_N], long index,
		struct core_error *err)
{
	if (index < 0 || index > MT_N)
		return core_error_set(err, "ValueError", "invalid state");
	memcpy(mt->state, words, sizeof mt->state);
	mt->index = (int)index;
	return 0;
}
