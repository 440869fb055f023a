/* tests/fuzz/fuzz_text.c -- libFuzzer target of the text library: decodes
 * arbitrary bytes with every codec and errors handler, then runs the
 * decoded str through case mapping, predicates, repr, split, strip,
 * normalisation and encoding, checking the invariants that must hold
 * (output is well-formed internal UTF-8, surrogateescape and utf-8 round
 * trips are exact, the sparse index agrees with a linear walk). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/text/text.h"

#define CHECK(cond) do { if (!(cond)) abort(); } while (0)

static const char *const handlers[] = {
	"strict", "ignore", "replace", "backslashreplace", "xmlcharrefreplace",
	"namereplace", "surrogateescape", "surrogatepass",
};

static int ignore_span(void *ctx, size_t start, size_t len)
{
	size_t *total = ctx;
	*total += start + len;
	return 0;
}

static void well_formed(const struct text_buf *b)
{
	size_t bad;
	CHECK(b->len == 0 || text_wtf8_check(b->data, b->len, &bad));
}

/* Everything a str goes through, on a well-formed internal string. */
static void exercise_str(const char *s, size_t len)
{
	int (*maps[])(const char *, size_t, struct text_buf *) = {
		text_upper, text_lower, text_casefold, text_title, text_capitalize,
		text_swapcase, text_repr, text_ascii,
	};
	struct text_buf out = TEXT_BUF_INIT;
	for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
		text_buf_clear(&out);
		CHECK(maps[i](s, len, &out) == TEXT_OK);
		well_formed(&out);
	}
	(void)(text_isalpha(s, len) + text_isidentifier(s, len) + text_istitle(s, len) +
	       text_isprintable(s, len) + text_isnumeric(s, len) + text_isspace(s, len));
	size_t total = 0, a, b;
	text_split_ws(s, len, -1, ignore_span, &total);
	text_rsplit_ws(s, len, 2, ignore_span, &total);
	text_splitlines(s, len, true, ignore_span, &total);
	if (len > 1) {
		size_t step = text_utf8_seq_len((unsigned char)s[0]);
		text_split_sep(s, len, s, step, -1, ignore_span, &total);
		text_rsplit_sep(s, len, s, step, -1, ignore_span, &total);
		text_buf_clear(&out);
		CHECK(text_replace(s, len, s, step, "xy", 2, -1, TEXT_UNIT_CP, &out) == TEXT_OK);
		well_formed(&out);
	}
	text_strip_ws(s, len, TEXT_STRIP_BOTH, &a, &b);
	CHECK(a <= b && b <= len);
	text_strip_chars(s, len, s, len > 4 ? 4 : len, TEXT_STRIP_BOTH, &a, &b);
	text_buf_clear(&out);
	CHECK(text_expandtabs(s, len, 4, TEXT_UNIT_CP, &out) == TEXT_OK);
	well_formed(&out);
	for (int f = TEXT_NFC; f <= TEXT_NFKD; f++) {
		text_buf_clear(&out);
		CHECK(text_ud_normalize((enum text_nf)f, s, len, &out) == TEXT_OK);
		well_formed(&out);
	}
	/* The sparse index agrees with linear offsets. */
	size_t ncp = text_utf8_count(s, len);
	size_t nmarks = text_index_marks(ncp);
	size_t *marks = malloc(nmarks * sizeof *marks);
	CHECK(marks != NULL);
	text_index_build(s, len, marks, nmarks);
	for (size_t i = 0; i <= ncp; i += 1 + i / 3)
		CHECK(text_index_offset(s, len, marks, nmarks, i) == text_utf8_offset(s, len, i));
	free(marks);
	/* Encoding never fails with the replacing handlers. */
	for (int c = TEXT_CODEC_UTF8; c <= TEXT_CODEC_UTF8_SIG; c++) {
		struct text_error err;
		text_buf_clear(&out);
		CHECK(text_encode((enum text_codec)c, s, len, "backslashreplace", 16, &out, &err) ==
		      TEXT_OK);
	}
	text_buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const char *s = (const char *)data + 1;
	size_t len = size - 1;
	enum text_codec codec = (enum text_codec)(data[0] % (TEXT_CODEC_UTF8_SIG + 1));
	const char *h = handlers[(data[0] >> 4) % 8];
	struct text_buf out = TEXT_BUF_INIT;
	struct text_error err;
	size_t bad, badlen;
	text_utf8_check(s, len, &bad, &badlen);
	int st = text_decode(codec, s, len, h, strlen(h), &out, &err);
	if (st == TEXT_OK) {
		well_formed(&out);
		exercise_str(out.data ? out.data : "", out.len);
		/* utf-8 + surrogateescape round-trips any bytes. */
		if (codec == TEXT_CODEC_UTF8 && !strcmp(h, "surrogateescape")) {
			struct text_buf back = TEXT_BUF_INIT;
			CHECK(text_encode(codec, out.data ? out.data : "", out.len, h, strlen(h),
					  &back, &err) == TEXT_OK);
			CHECK(back.len == len && (len == 0 || memcmp(back.data, s, len) == 0));
			text_buf_free(&back);
		}
	} else {
		CHECK(st == TEXT_EDECODE || st == TEXT_ETYPE);
		CHECK(err.type != NULL && err.msg[0] != '\0');
	}
	text_buf_free(&out);
	/* bytes methods on the raw input. */
	struct text_buf b = TEXT_BUF_INIT;
	CHECK(text_bytes_repr(s, len, &b) == TEXT_OK);
	size_t total = 0;
	text_bytes_split_ws(s, len, -1, ignore_span, &total);
	text_bytes_splitlines(s, len, false, ignore_span, &total);
	text_buf_free(&b);
	return 0;
}
