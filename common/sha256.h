/* common/sha256.h -- SHA-256 (FIPS 180-4), for the tamper-evident chain
 * of the box's history (broker/history/).  Incremental (init, update,
 * final) and one-shot. */
#ifndef BOX_COMMON_SHA256_H
#define BOX_COMMON_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_DIGEST_LEN 32

struct sha256 {
	uint32_t state[8];
	uint64_t total_len;             /* bytes hashed so far */
	uint8_t block[64];              /* a partial block */
	size_t block_len;
};

void sha256_init(struct sha256 *);
void sha256_update(struct sha256 *, const void *data, size_t len);
void sha256_final(struct sha256 *, uint8_t digest[SHA256_DIGEST_LEN]);

void sha256(const void *data, size_t len, uint8_t digest[SHA256_DIGEST_LEN]);

/* digest as 64 lowercase hex characters and a NUL. */
void sha256_hex(const uint8_t digest[SHA256_DIGEST_LEN], char out[2 * SHA256_DIGEST_LEN + 1]);

#endif
