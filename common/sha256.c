/* common/sha256.c -- SHA-256 as FIPS 180-4 section 6.2 defines it: the
 * message is padded with 0x80, zeros and its bit length (big endian) to
 * a multiple of 64 bytes, and each block goes through 64 rounds.  On an
 * x86-64 processor with the SHA extensions, the rounds are the
 * processor's (sha256rnds2, sha256msg1/2: about a tenth of the
 * instructions; the history hashes every event it records); elsewhere
 * the portable rounds below. */
#include "common/sha256.h"

#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define SHA256_HAVE_SHANI 1
#endif

static const uint32_t round_constants[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static void compress_portable(uint32_t state[8], const uint8_t block[64])
{
	uint32_t w[64];
	for (int t = 0; t < 16; t++)
		w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
		       (uint32_t)block[4 * t + 2] << 8 | (uint32_t)block[4 * t + 3];
	for (int t = 16; t < 64; t++) {
		uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
		uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
		w[t] = w[t - 16] + s0 + w[t - 7] + s1;
	}
	uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
	uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
	for (int t = 0; t < 64; t++) {
		uint32_t big_s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
		uint32_t choose = (e & f) ^ (~e & g);
		uint32_t t1 = h + big_s1 + choose + round_constants[t] + w[t];
		uint32_t big_s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
		uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
		uint32_t t2 = big_s0 + majority;
		h = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	state[0] += a;
	state[1] += b;
	state[2] += c;
	state[3] += d;
	state[4] += e;
	state[5] += f;
	state[6] += g;
	state[7] += h;
}

#ifdef SHA256_HAVE_SHANI
/* The state is kept as the instructions want it: ABEF and CDGH. */
__attribute__((target("sha,sse4.1"))) static void compress_shani(uint32_t state[8], const uint8_t block[64])
{
	const __m128i byteswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
	__m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1); /* CDAB */
	__m128i s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  /* EFGH */
	__m128i s0 = _mm_alignr_epi8(tmp, s1, 8);                                          /* ABEF */
	s1 = _mm_blend_epi16(s1, tmp, 0xF0);                                                /* CDGH */
	__m128i abef = s0, cdgh = s1;
	__m128i w[4]; /* w[g % 4]: the schedule's words 4g .. 4g+3 */
	for (int g = 0; g < 16; g++) {
		__m128i words;
		if (g < 4) {
			words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * g)), byteswap);
		} else {
			__m128i x0 = w[g % 4], x1 = w[(g + 1) % 4], x2 = w[(g + 2) % 4], x3 = w[(g + 3) % 4];
			words = _mm_sha256msg1_epu32(x0, x1);
			words = _mm_add_epi32(words, _mm_alignr_epi8(x3, x2, 4));
			words = _mm_sha256msg2_epu32(words, x3);
		}
		w[g % 4] = words;
		__m128i m = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&round_constants[4 * g]));
		s1 = _mm_sha256rnds2_epu32(s1, s0, m);
		s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(m, 0x0E));
	}
	s0 = _mm_add_epi32(s0, abef);
	s1 = _mm_add_epi32(s1, cdgh);
	tmp = _mm_shuffle_epi32(s0, 0x1B);     /* FEBA */
	s1 = _mm_shuffle_epi32(s1, 0xB1);      /* DCHG */
	s0 = _mm_blend_epi16(tmp, s1, 0xF0);   /* DCBA */
	s1 = _mm_alignr_epi8(s1, tmp, 8);      /* HGFE */
	_mm_storeu_si128((__m128i *)&state[0], s0);
	_mm_storeu_si128((__m128i *)&state[4], s1);
}

static int have_shani(void)
{
	static int known = -1;
	if (known < 0) {
		unsigned a, b, c, d;
		int sse41 = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_1) && (c & bit_SSSE3);
		int sha = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
		known = sse41 && sha;
	}
	return known;
}
#endif

static void compress(uint32_t state[8], const uint8_t block[64])
{
#ifdef SHA256_HAVE_SHANI
	if (have_shani()) {
		compress_shani(state, block);
		return;
	}
#endif
	compress_portable(state, block);
}

void sha256_init(struct sha256 *s)
{
	static const uint32_t initial[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};
	memcpy(s->state, initial, sizeof initial);
	s->total_len = 0;
	s->block_len = 0;
}

void sha256_update(struct sha256 *s, const void *data, size_t len)
{
	const uint8_t *p = data;
	s->total_len += len;
	if (s->block_len > 0) {
		size_t take = 64 - s->block_len;
		if (take > len)
			take = len;
		memcpy(s->block + s->block_len, p, take);
		s->block_len += take;
		p += take;
		len -= take;
		if (s->block_len < 64)
			return;
		compress(s->state, s->block);
		s->block_len = 0;
	}
	for (; len >= 64; p += 64, len -= 64)
		compress(s->state, p);
	if (len > 0) {
		memcpy(s->block, p, len);
		s->block_len = len;
	}
}

void sha256_final(struct sha256 *s, uint8_t digest[SHA256_DIGEST_LEN])
{
	uint64_t bit_len = s->total_len * 8;
	s->block[s->block_len++] = 0x80;
	if (s->block_len > 56) {
		memset(s->block + s->block_len, 0, 64 - s->block_len);
		compress(s->state, s->block);
		s->block_len = 0;
	}
	memset(s->block + s->block_len, 0, 56 - s->block_len);
	for (int i = 0; i < 8; i++)
		s->block[56 + i] = (uint8_t)(bit_len >> (56 - 8 * i));
	compress(s->state, s->block);
	for (int i = 0; i < 8; i++) {
		digest[4 * i] = (uint8_t)(s->state[i] >> 24);
		digest[4 * i + 1] = (uint8_t)(s->state[i] >> 16);
		digest[4 * i + 2] = (uint8_t)(s->state[i] >> 8);
		digest[4 * i + 3] = (uint8_t)s->state[i];
	}
	memset(s, 0, sizeof *s);
}

void sha256(const void *data, size_t len, uint8_t digest[SHA256_DIGEST_LEN])
{
	struct sha256 s;
	sha256_init(&s);
	sha256_update(&s, data, len);
	sha256_final(&s, digest);
}

void sha256_hex(const uint8_t digest[SHA256_DIGEST_LEN], char out[2 * SHA256_DIGEST_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < SHA256_DIGEST_LEN; i++) {
		out[2 * i] = hex[digest[i] >> 4];
		out[2 * i + 1] = hex[digest[i] & 15];
	}
	out[2 * SHA256_DIGEST_LEN] = '\0';
}
