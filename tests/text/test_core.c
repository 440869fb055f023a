/* tests/text/test_core.c -- hand-written unit tests of the buffer and
 * allocator hook, the UTF-8 core (encode/decode, strict validation faults,
 * counting, the sparse index), per code point helpers, identifiers and
 * the unicodedata entry points not covered by the generated tables. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tests/text/test_text.h"

/* ---- buffer and allocator ---- */

START_TEST(test_buf_basics)
{
	struct text_buf b = TEXT_BUF_INIT;
	ck_assert_int_eq(text_buf_append(&b, "ab", 2), TEXT_OK);
	ck_assert_int_eq(text_buf_putc(&b, 'c'), TEXT_OK);
	ck_assert_int_eq(text_buf_put_cp(&b, 0x20AC), TEXT_OK);
	ck_assert_int_eq(text_buf_put_cp(&b, 0xD800), TEXT_OK);
	ck_assert_int_eq(text_buf_fill(&b, '-', 3), TEXT_OK);
	ck_assert_int_eq(text_buf_printf(&b, "%d%s", 42, "x"), TEXT_OK);
	ck_assert_uint_eq(b.len, 3 + 3 + 3 + 3 + 3);
	ck_assert(memcmp(b.data, "abc\xE2\x82\xAC\xED\xA0\x80---42x", b.len) == 0);
	ck_assert_int_eq(b.data[b.len], '\0');
	/* A long printf goes through the second path. */
	char big[300];
	memset(big, 'z', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	text_buf_clear(&b);
	ck_assert_int_eq(text_buf_printf(&b, "[%s]", big), TEXT_OK);
	ck_assert_uint_eq(b.len, 301);
	ck_assert_int_eq(b.data[300], ']');
	size_t len, cap;
	char *p = text_buf_steal(&b, &len, &cap);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(len, 301);
	ck_assert_ptr_null(b.data);
	text_mem_free(p, cap);
	/* Stealing an empty buffer gives an empty C string. */
	p = text_buf_steal(&b, &len, &cap);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(p[0], '\0');
	text_mem_free(p, cap);
	text_buf_free(&b);
}
END_TEST

static size_t counting_live, counting_limit;

static void *counting_realloc(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
	(void)ctx;
	if (new_size == 0) {
		counting_live -= old_size;
		free(ptr);
		return NULL;
	}
	if (counting_live - old_size + new_size > counting_limit)
		return NULL;
	void *p = realloc(ptr, new_size);
	if (p)
		counting_live = counting_live - old_size + new_size;
	return p;
}

START_TEST(test_allocator_hook)
{
	counting_live = 0;
	counting_limit = 1000;
	text_set_allocator(counting_realloc, NULL);
	struct text_buf b = TEXT_BUF_INIT;
	ck_assert_int_eq(text_buf_append(&b, "hello", 5), TEXT_OK);
	ck_assert_uint_gt(counting_live, 0);
	/* Refused growth: the error is reported and the buffer is intact. */
	ck_assert_int_eq(text_buf_fill(&b, 'x', 5000), TEXT_ENOMEM);
	ck_assert_uint_eq(b.len, 5);
	ck_assert_int_eq(text_upper("abc", 3, &b), TEXT_OK);
	ck_assert_str_eq(b.data, "helloABC");
	text_buf_free(&b);
	ck_assert_uint_eq(counting_live, 0);
	/* Size checks before allocating: a huge pad fails cleanly. */
	ck_assert_int_eq(text_ljust("a", 1, 1, SIZE_MAX / 2, 0x20AC, TEXT_UNIT_CP, &b), TEXT_ENOMEM);
	ck_assert_int_eq(text_center("a", 1, 1, 5000, '*', TEXT_UNIT_CP, &b), TEXT_ENOMEM);
	ck_assert_int_eq(text_replace("aaaa", 4, "a", 1, "0123456789", 10, -1, TEXT_UNIT_CP, &b),
			 TEXT_OK);
	ck_assert_int_eq(text_replace("", 0, "", 0, "x", 1, -1, TEXT_UNIT_CP, &b), TEXT_OK);
	text_buf_free(&b);
	ck_assert_uint_eq(counting_live, 0);
	struct text_error err;
	ck_assert_int_eq(text_encode(TEXT_CODEC_UTF16, "abc", 3, NULL, 0, &b, &err), TEXT_OK);
	text_buf_free(&b);
	text_set_allocator(NULL, NULL);
}
END_TEST

/* ---- UTF-8 core ---- */

START_TEST(test_utf8_encode_decode)
{
	static const uint32_t cps[] = { 0, 0x7F, 0x80, 0x7FF, 0x800, 0xD800, 0xDFFF, 0xFFFF,
					0x10000, 0x10FFFF };
	static const size_t lens[] = { 1, 1, 2, 2, 3, 3, 3, 3, 4, 4 };
	for (size_t i = 0; i < sizeof cps / sizeof cps[0]; i++) {
		char buf[4];
		size_t n = box_utf8_encode(cps[i], buf);
		ck_assert_uint_eq(n, lens[i]);
		ck_assert_uint_eq(text_utf8_cp_len(cps[i]), n);
		ck_assert_uint_eq(text_utf8_seq_len((unsigned char)buf[0]), n);
		size_t pos = 0;
		ck_assert_uint_eq(text_utf8_next(buf, n, &pos), cps[i]);
		ck_assert_uint_eq(pos, n);
		ck_assert_uint_eq(text_utf8_prev(buf, &pos), cps[i]);
		ck_assert_uint_eq(pos, 0);
		ck_assert_uint_eq(text_utf8_decode1(buf, n), cps[i]);
	}
}
END_TEST

START_TEST(test_utf8_check_faults)
{
	static const struct {
		const char *s;
		size_t len;
		enum text_utf8_fault fault;
		size_t pos, badlen;
	} cases[] = {
		{ "abc", 3, TEXT_UTF8_OK, 0, 0 },
		{ "\xff", 1, TEXT_UTF8_INVALID_START, 0, 1 },
		{ "ab\x80", 3, TEXT_UTF8_INVALID_START, 2, 1 },
		{ "\xc0\xaf", 2, TEXT_UTF8_INVALID_START, 0, 1 },
		{ "\xc3", 1, TEXT_UTF8_UNEXPECTED_END, 0, 1 },
		{ "\xe9\x80", 2, TEXT_UTF8_UNEXPECTED_END, 0, 2 },
		{ "\xc3(", 2, TEXT_UTF8_INVALID_CONTINUATION, 0, 1 },
		{ "\xe0\x80\x80", 3, TEXT_UTF8_INVALID_CONTINUATION, 0, 1 },
		{ "\xed\xa0\x80", 3, TEXT_UTF8_INVALID_CONTINUATION, 0, 1 },
		{ "\xf0\x90\x41", 3, TEXT_UTF8_INVALID_CONTINUATION, 0, 2 },
		{ "\xf4\x90\x80\x80", 4, TEXT_UTF8_INVALID_CONTINUATION, 0, 1 },
		{ "0123456789\xe2\x82", 12, TEXT_UTF8_UNEXPECTED_END, 10, 2 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t pos = 99, badlen = 99;
		enum text_utf8_fault f = text_utf8_check(cases[i].s, cases[i].len, &pos, &badlen);
		ck_assert_msg(f == cases[i].fault, "case %zu: fault %d", i, (int)f);
		if (f != TEXT_UTF8_OK) {
			ck_assert_uint_eq(pos, cases[i].pos);
			ck_assert_uint_eq(badlen, cases[i].badlen);
		}
	}
	ck_assert_str_eq(text_utf8_fault_reason(TEXT_UTF8_INVALID_START), "invalid start byte");
	/* The internal form accepts encoded surrogates, strict UTF-8 not. */
	size_t bad;
	ck_assert(text_wtf8_check("a\xed\xa0\x80z", 5, &bad));
	ck_assert(!text_wtf8_check("a\xff", 2, &bad));
	ck_assert_uint_eq(bad, 1);
	ck_assert(!text_wtf8_check("\xf4\x90\x80\x80", 4, &bad));
}
END_TEST

START_TEST(test_utf8_count_and_index)
{
	/* A long string mixing 1..4-byte code points. */
	static const uint32_t mix[] = { 'a', 0xE9, 0x20AC, 0x1F600, 'z', 0xD800 };
	struct text_buf s = TEXT_BUF_INIT;
	size_t n = 5000;
	for (size_t i = 0; i < n; i++)
		text_buf_put_cp(&s, mix[(i * 7 + i / 13) % 6]);
	ck_assert_uint_eq(text_utf8_count(s.data, s.len), n);
	ck_assert(!text_is_ascii(s.data, s.len));
	ck_assert(text_is_ascii("plain ascii text, long enough", 29));
	size_t nmarks = text_index_marks(n);
	size_t *marks = malloc(nmarks * sizeof *marks);
	text_index_build(s.data, s.len, marks, nmarks);
	size_t off = 0;
	for (size_t i = 0; i <= n; i++) {
		size_t got = text_index_offset(s.data, s.len, marks, nmarks, i);
		if (got != off || text_utf8_offset(s.data, s.len, i) != off ||
		    text_index_cp_of(s.data, s.len, marks, nmarks, off) != i)
			ck_abort_msg("index %zu: offset %zu, want %zu", i, got, off);
		if (i < n)
			off += text_utf8_seq_len((unsigned char)s.data[off]);
	}
	ck_assert_uint_eq(off, s.len);
	ck_assert_uint_eq(text_utf8_skip(s.data, s.len, 0, n + 10), s.len);
	free(marks);
	text_buf_free(&s);
	/* ASCII fast path of skip. */
	ck_assert_uint_eq(text_utf8_skip("abcdefghijklmnop\xc3\xa9x", 19, 0, 17), 18);
	size_t one = 0;
	text_index_build("", 0, &one, 1);
	ck_assert_uint_eq(text_index_offset("", 0, &one, 1, 0), 0);
}
END_TEST

/* ---- per code point helpers ---- */

START_TEST(test_cp_helpers)
{
	uint32_t m[3];
	ck_assert_int_eq(text_cp_upper_full(0xDF, m), 2);
	ck_assert(m[0] == 'S' && m[1] == 'S');
	ck_assert_int_eq(text_cp_lower_full(0x130, m), 2);
	ck_assert(m[0] == 'i' && m[1] == 0x307);
	ck_assert_int_eq(text_cp_title_full(0xFB01, m), 2);
	ck_assert(m[0] == 'F' && m[1] == 'i');
	ck_assert_int_eq(text_cp_fold_full(0x1E9E, m), 2);
	ck_assert(m[0] == 's' && m[1] == 's');
	ck_assert_int_eq(text_cp_upper_full(0x390, m), 3);
	ck_assert_uint_eq(text_cp_upper(0xDF), 0xDF);
	ck_assert_uint_eq(text_cp_title(0x1C6), 0x1C5);
	ck_assert_uint_eq(text_cp_lower(0xD800), 0xD800);
	ck_assert(text_cp_isspace(0x3000) && text_cp_isspace(0x1F) && !text_cp_isspace(0x200B));
	ck_assert(text_cp_islinebreak(0x85) && !text_cp_islinebreak(0x1F));
	ck_assert_int_eq(text_cp_decimal(0x663), 3);
	ck_assert_int_eq(text_cp_decimal(0xB2), -1);
	ck_assert_int_eq(text_cp_digit(0xB2), 2);
	double v;
	ck_assert(text_cp_numeric(0xBD, &v) && v == 0.5);
	ck_assert(text_cp_numeric(0x4E07, &v) && v == 10000.0);
	ck_assert(!text_cp_numeric('x', &v));
	ck_assert(text_cp_iscased('a') && text_cp_iscaseignorable('\''));
	ck_assert(text_cp_isprintable(' ') && !text_cp_isprintable(0xA0));
	/* bytes whitespace excludes \x1c..\x1f. */
	ck_assert(text_bytes_isspace_char('\x0b') && !text_bytes_isspace_char('\x1c'));
}
END_TEST

START_TEST(test_identifiers)
{
	ck_assert(text_isidentifier("_x1", 3));
	ck_assert(!text_isidentifier("", 0));
	ck_assert(!text_isidentifier("1x", 2));
	ck_assert_uint_eq(text_identifier_bad_offset("ab-c", 4), 2);
	ck_assert_uint_eq(text_identifier_bad_offset("\xe2\x82\xac", 3), 0);
	ck_assert_uint_eq(text_identifier_bad_offset("x\xc2\xb7y", 4), 4);
	/* NFKC: the ligature fi and mathematical letters fold. */
	struct text_buf b = TEXT_BUF_INIT;
	ck_assert_int_eq(text_identifier_nfkc("\xef\xac\x81x", 4, &b), TEXT_OK);
	ck_assert_str_eq(b.data, "fix");
	text_buf_clear(&b);
	ck_assert_int_eq(text_identifier_nfkc("\xf0\x9d\x94\x98n", 5, &b), TEXT_OK);
	ck_assert_str_eq(b.data, "Un");
	text_buf_clear(&b);
	ck_assert_int_eq(text_identifier_nfkc("plain", 5, &b), TEXT_OK);
	ck_assert_str_eq(b.data, "plain");
	text_buf_free(&b);
}
END_TEST

/* ---- unicodedata extras ---- */

START_TEST(test_unidata_extras)
{
	struct text_error err;
	uint32_t cp;
	ck_assert_int_eq(text_ud_lookup_cp("LF", 2, &cp, &err), TEXT_OK);
	ck_assert_uint_eq(cp, '\n');
	ck_assert_int_eq(text_ud_lookup_cp("snowman", 7, &cp, &err), TEXT_OK);
	ck_assert_uint_eq(cp, 0x2603);
	ck_assert_int_eq(text_ud_lookup_cp("HANGUL SYLLABLE GANJ", 20, &cp, &err), TEXT_OK);
	ck_assert_uint_eq(cp, 0xAC05);
	/* Named sequences are not single characters. */
	ck_assert_int_eq(text_ud_lookup_cp("KEYCAP NUMBER SIGN", 18, &cp, &err), TEXT_EKEY);
	ck_assert_str_eq(err.type, "KeyError");
	ck_assert_str_eq(err.msg, "undefined character name 'KEYCAP NUMBER SIGN'");
	char longname[300];
	memset(longname, 'A', sizeof longname);
	ck_assert_int_eq(text_ud_lookup_cp(longname, sizeof longname, &cp, &err), TEXT_EKEY);
	ck_assert_str_eq(err.msg, "name too long");
	ck_assert_str_eq(text_ud_category(0x110000), "Cn");
	ck_assert_str_eq(text_ud_bidirectional(0x2066), "LRI");
	ck_assert_str_eq(text_ud_bidirectional(0x378), "");
	ck_assert_str_eq(text_ud_east_asian_width(0xFF21), "F");
	ck_assert_str_eq(text_ud_east_asian_width('a'), "Na");
	struct text_buf b = TEXT_BUF_INIT;
	ck_assert_int_eq(text_ud_name(0xD800, &b, &err), TEXT_EVALUE);
	ck_assert_str_eq(err.msg, "no such name");
	ck_assert_int_eq(text_ud_name(0x110000, &b, &err), TEXT_EVALUE);
	long lv;
	ck_assert_int_eq(text_ud_digit('x', &lv, &err), TEXT_EVALUE);
	ck_assert_str_eq(err.msg, "not a digit");
	ck_assert_int_eq(text_ud_decimal(0xB2, &lv, &err), TEXT_EVALUE);
	ck_assert_str_eq(err.msg, "not a decimal");
	double dv;
	ck_assert_int_eq(text_ud_numeric('x', &dv, &err), TEXT_EVALUE);
	ck_assert_str_eq(err.msg, "not a numeric character");
	enum text_nf form;
	ck_assert_int_eq(text_ud_form("nfc", 3, &form, &err), TEXT_EVALUE);
	ck_assert_str_eq(err.msg, "invalid normalization form");
	ck_assert_str_eq(TEXT_UNIDATA_VERSION, "14.0.0");
	/* Surrogates pass through normalisation and split the runs. */
	ck_assert_int_eq(text_ud_normalize(TEXT_NFC, "e\xed\xa0\x80\xcc\x81", 6, &b), TEXT_OK);
	ck_assert_uint_eq(b.len, 6);
	ck_assert(memcmp(b.data, "e\xed\xa0\x80\xcc\x81", 6) == 0);
	text_buf_free(&b);
	ck_assert_str_eq(text_status_type(TEXT_EDECODE), "UnicodeDecodeError");
	ck_assert_ptr_null(text_status_type(TEXT_OK));
}
END_TEST

Suite *core_suite(void)
{
	Suite *s = suite_create("core");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_buf_basics);
	tcase_add_test(tc, test_allocator_hook);
	tcase_add_test(tc, test_utf8_encode_decode);
	tcase_add_test(tc, test_utf8_check_faults);
	tcase_add_test(tc, test_utf8_count_and_index);
	tcase_add_test(tc, test_cp_helpers);
	tcase_add_test(tc, test_identifiers);
	tcase_add_test(tc, test_unidata_extras);
	suite_add_tcase(s, tc);
	return s;
}
