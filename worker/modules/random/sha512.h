/* sha512.h -- SHA-512 (FIPS 180-4), used by random.seed() for str/bytes seeds. */
#ifndef BOX_MODCORE_SHA512_H
#define BOX_MODCORE_SHA512_H

#include <stddef.h>
#include <stdint.h>

#define SHA512_DIGEST_LEN 64

struct sha512_ctx {
	uint64_t h[8];
	uint64_t total_lo, total_hi;	/* message length in bytes (128-bit) */
	unsigned char block[128];
	size_t fill;
};

void sha512_init(struct sha512_ctx *ctx);
void sha512_update(struct sha512_ctx *ctx, const void *data, size_t len);
void sha512_final(struct sha512_ctx *ctx, unsigned char digest[SHA512_DIGEST_LEN]);

/* One-shot convenience. */
void sha512(const void *data, size_t len, unsigned char digest[SHA512_DIGEST_LEN]);

#endif
