/* tests/text/test_codec.c -- codec behaviour beyond the generated cases:
 * the exception fields, lazy error handler lookup, codec names, the
 * split/search edge cases that need more than one call. */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "tests/text/test_text.h"

START_TEST(test_encode_error_fields)
{
	struct text_buf b = TEXT_BUF_INIT;
	struct text_error err;
	ck_assert_int_eq(text_encode(TEXT_CODEC_ASCII, "a\xc3\xa9\xc3\xa9z", 6, NULL, 0, &b, &err),
			 TEXT_EENCODE);
	ck_assert_str_eq(err.type, "UnicodeEncodeError");
	ck_assert_str_eq(err.encoding, "ascii");
	ck_assert_uint_eq(err.start, 1);
	ck_assert_uint_eq(err.end, 3);
	ck_assert_str_eq(err.reason, "ordinal not in range(128)");
	ck_assert_str_eq(err.msg, "'ascii' codec can't encode characters in position 1-2: "
				  "ordinal not in range(128)");
	text_buf_clear(&b);
	ck_assert_int_eq(text_encode(TEXT_CODEC_UTF8, "\xed\xa0\x80", 3, "strict", 6, &b, &err),
			 TEXT_EENCODE);
	ck_assert_str_eq(err.msg, "'utf-8' codec can't encode character '\\ud800' in position 0: "
				  "surrogates not allowed");
	text_buf_clear(&b);
	/* The handler name is only looked up when an error happens. */
	ck_assert_int_eq(text_encode(TEXT_CODEC_ASCII, "abc", 3, "bogus", 5, &b, &err), TEXT_OK);
	ck_assert_str_eq(b.data, "abc");
	text_buf_clear(&b);
	ck_assert_int_eq(text_encode(TEXT_CODEC_ASCII, "\xc3\xa9", 2, "bogus", 5, &b, &err),
			 TEXT_ELOOKUP);
	ck_assert_str_eq(err.type, "LookupError");
	ck_assert_str_eq(err.msg, "unknown error handler name 'bogus'");
	text_buf_free(&b);
}
END_TEST

START_TEST(test_decode_error_fields)
{
	struct text_buf b = TEXT_BUF_INIT;
	struct text_error err;
	ck_assert_int_eq(text_decode(TEXT_CODEC_UTF8, "ab\xff", 3, NULL, 0, &b, &err), TEXT_EDECODE);
	ck_assert_str_eq(err.type, "UnicodeDecodeError");
	ck_assert_str_eq(err.msg, "'utf-8' codec can't decode byte 0xff in position 2: "
				  "invalid start byte");
	ck_assert_uint_eq(err.start, 2);
	ck_assert_uint_eq(err.end, 3);
	ck_assert_str_eq(err.reason, "invalid start byte");
	text_buf_clear(&b);
	ck_assert_int_eq(text_decode(TEXT_CODEC_UTF8, "\xff", 1, "xmlcharrefreplace", 17, &b, &err),
			 TEXT_ETYPE);
	ck_assert_str_eq(err.type, "TypeError");
	text_buf_clear(&b);
	ck_assert_int_eq(text_decode_named("utf-16-le", 9, "a", 1, "bogus", 5, &b, &err),
			 TEXT_ELOOKUP);
	ck_assert_str_eq(err.msg, "decoding with 'utf-16-le' codec failed "
				  "(LookupError: unknown error handler name 'bogus')");
	text_buf_clear(&b);
	/* surrogateescape round trip. */
	ck_assert_int_eq(text_decode(TEXT_CODEC_UTF8, "a\xff\xfe", 3, "surrogateescape", 15, &b,
				     &err), TEXT_OK);
	struct text_buf back = TEXT_BUF_INIT;
	ck_assert_int_eq(text_encode(TEXT_CODEC_UTF8, b.data, b.len, "surrogateescape", 15, &back,
				     &err), TEXT_OK);
	ck_assert_uint_eq(back.len, 3);
	ck_assert(memcmp(back.data, "a\xff\xfe", 3) == 0);
	text_buf_free(&back);
	text_buf_free(&b);
}
END_TEST

START_TEST(test_codec_names)
{
	enum text_codec c;
	struct text_error err;
	ck_assert_int_eq(text_codec_lookup("UTF-8", 5, &c, &err), TEXT_OK);
	ck_assert_int_eq(c, TEXT_CODEC_UTF8);
	ck_assert_int_eq(text_codec_lookup("Latin_1", 7, &c, &err), TEXT_OK);
	ck_assert_str_eq(text_codec_name(c), "iso8859-1");
	ck_assert_int_eq(text_codec_lookup("Windows-1252", 12, &c, &err), TEXT_OK);
	ck_assert(text_codec_is_charmap(c));
	ck_assert_str_eq(text_codec_name(c), "cp1252");
	ck_assert_int_eq(text_codec_lookup("latin-2", 7, &c, &err), TEXT_ELOOKUP);
	ck_assert_str_eq(err.msg, "unknown encoding: latin-2");
	ck_assert_int_eq(text_codec_lookup("cp1253x", 7, &c, &err), TEXT_ELOOKUP);
	enum text_errors h;
	ck_assert_int_eq(text_errors_lookup("namereplace", 11, &h, &err), TEXT_OK);
	ck_assert_int_eq(h, TEXT_ERRORS_NAMEREPLACE);
	ck_assert_int_eq(text_errors_lookup("Strict", 6, &h, &err), TEXT_ELOOKUP);
}
END_TEST

static int count_spans(void *ctx, size_t start, size_t len)
{
	(void)start;
	(void)len;
	return ++*(int *)ctx >= 2 ? 7 : 0;
}

START_TEST(test_search_edges)
{
	/* The callback's non-zero return stops a split. */
	int n = 0;
	ck_assert_int_eq(text_split_ws("a b c", 5, -1, count_spans, &n), 7);
	ck_assert_int_eq(n, 2);
	/* rfind over long and repetitive text. */
	char hay[1000];
	memset(hay, 'a', sizeof hay);
	hay[3] = 'b';
	ck_assert_int_eq(text_rfind(hay, sizeof hay, "ba", 2), 3);
	ck_assert_int_eq(text_rfind(hay, sizeof hay, "ab", 2), 2);
	ck_assert_int_eq(text_rfind(hay, sizeof hay, "bb", 2), -1);
	ck_assert_int_eq(text_find(hay, sizeof hay, "aab", 3), 1);
	ck_assert_uint_eq(text_count(hay, sizeof hay, "aa", 2, SIZE_MAX), 499);
	ck_assert_uint_eq(text_count(hay, sizeof hay, "aa", 2, 10), 10);
	/* expandtabs overflow is reported, not wrapped. */
	struct text_buf b = TEXT_BUF_INIT;
	ck_assert_int_eq(text_expandtabs("\t\t", 2, LONG_MAX, TEXT_UNIT_CP, &b), TEXT_EOVERFLOW);
	text_buf_free(&b);
}
END_TEST

Suite *codec_suite(void)
{
	Suite *s = suite_create("codec");
	TCase *tc = tcase_create("codec");
	tcase_add_test(tc, test_encode_error_fields);
	tcase_add_test(tc, test_decode_error_fields);
	tcase_add_test(tc, test_codec_names);
	tcase_add_test(tc, test_search_edges);
	suite_add_tcase(s, tc);
	return s;
}
