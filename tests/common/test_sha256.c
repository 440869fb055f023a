/* tests/common/test_sha256.c -- Check tests of common/sha256.c against the
 * FIPS 180-4 / NIST example vectors, the padding boundaries (55, 56, 63,
 * 64, 65, 119, 120, 128 bytes of 'x', digests from sha256sum), and incremental
 * updates split at every offset giving the one-shot digest. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "common/sha256.h"

static void expect_hex(const void *data, size_t len, const char *want)
{
	uint8_t d[SHA256_DIGEST_LEN];
	char hex[2 * SHA256_DIGEST_LEN + 1];
	sha256(data, len, d);
	sha256_hex(d, hex);
	ck_assert_str_eq(hex, want);
}

START_TEST(nist_vectors)
{
	expect_hex("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	expect_hex("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	const char *two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	expect_hex(two_blocks, strlen(two_blocks),
	           "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	const char *long_msg = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
	                       "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
	expect_hex(long_msg, strlen(long_msg),
	           "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}
END_TEST

START_TEST(one_million_a)
{
	size_t n = 1000000;
	char *a = malloc(n);
	ck_assert_ptr_nonnull(a);
	memset(a, 'a', n);
	expect_hex(a, n, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	/* The same, fed 1000 bytes at a time. */
	struct sha256 s;
	uint8_t d[SHA256_DIGEST_LEN];
	char hex[2 * SHA256_DIGEST_LEN + 1];
	sha256_init(&s);
	for (size_t i = 0; i < n; i += 1000)
		sha256_update(&s, a + i, 1000);
	sha256_final(&s, d);
	sha256_hex(d, hex);
	ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(a);
}
END_TEST

/* Lengths around the padding boundary: 55 bytes pad in one block, 56 need
 * a second one.  Digests from
 * `head -c N /dev/zero | tr '\0' x | sha256sum`. */
START_TEST(padding_boundaries)
{
	static const struct {
		size_t len;
		const char *hex;
	} boundary_cases[] = {
		{55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"},
		{56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"},
		{63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"},
		{64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"},
		{65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"},
		{119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"},
		{120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"},
		{128, "24da1b81d0b16df6428eee73c69fcb2a93c76bc6df706f0c6670fe6bfe800464"},
	};
	char buf[130];
	memset(buf, 'x', sizeof buf);
	for (size_t i = 0; i < sizeof boundary_cases / sizeof boundary_cases[0]; i++)
		expect_hex(buf, boundary_cases[i].len, boundary_cases[i].hex);
}
END_TEST

START_TEST(split_updates_match_one_shot)
{
	uint8_t msg[200];
	for (size_t i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 7 + 3);
	uint8_t whole[SHA256_DIGEST_LEN];
	sha256(msg, sizeof msg, whole);
	for (size_t cut = 0; cut <= sizeof msg; cut++) {
		struct sha256 s;
		uint8_t d[SHA256_DIGEST_LEN];
		sha256_init(&s);
		sha256_update(&s, msg, cut);
		sha256_update(&s, msg + cut, sizeof msg - cut);
		sha256_final(&s, d);
		ck_assert_mem_eq(d, whole, SHA256_DIGEST_LEN);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sha256");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, nist_vectors);
	tcase_add_test(tc, one_million_a);
	tcase_add_test(tc, padding_boundaries);
	tcase_add_test(tc, split_updates_match_one_shot);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
