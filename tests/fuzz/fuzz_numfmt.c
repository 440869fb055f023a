/* fuzz_numfmt.c -- libFuzzer target over the numbers library's text
 * paths: format specs for float/int/str, %-conversions, and the float,
 * int and hex-float parsers.  Any crash, sanitizer report or broken
 * invariant (an error without a type, output for a failed call) is a bug.
 *
 * Input: byte 0 picks the path; then 8 bytes of value (a double's bits
 * or an int64) where needed; the rest is the spec or the text. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/num/format.h"
#include "worker/num/floatops.h"
#include "worker/num/parse.h"
#include "worker/num/percent.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_result(int rc, const struct num_error *err)
{
	if (rc < 0 && !err->type)
		abort();
	if (rc == 0 && err->type)
		abort();
}

/* Specs asking for enormous widths or precisions only test the allocator. */
static bool spec_too_big(const char *spec, size_t len, char default_type)
{
	struct num_format_spec f;
	struct num_error err = NUM_ERROR_INIT;
	int rc = num_format_spec_parse(spec, len, default_type, "x", &f, &err);
	num_error_clear(&err);
	return rc == 0 && (f.width > 100000 || f.precision > 100000);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 9 || size > 4096)
		return 0;
	uint8_t mode = data[0] % 8;
	uint64_t bits;
	memcpy(&bits, data + 1, 8);
	const char *text = (const char *)data + 9;
	size_t len = size - 9;
	double x;
	memcpy(&x, &bits, sizeof x);
	struct text_buf out = TEXT_BUF_INIT;
	struct num_error err = NUM_ERROR_INIT;
	struct num_intres r;
	num_intres_init(&r);
	int rc = 0;

	switch (mode) {
	case 0:
		if (!spec_too_big(text, len, 0))
			rc = num_format_float(&out, x, text, len, NULL, &err);
		break;
	case 1:
	case 2: {
		/* mode 2: a big int built from the text's bytes */
		mpz_t z;
		mpz_init(z);
		struct num_int v = num_int_small((int64_t)bits);
		if (mode == 2) {
			mpz_import(z, len < 64 ? len : 64, 1, 1, 0, 0, text);
			if (bits & 1)
				mpz_neg(z, z);
			v = num_int_big(z);
		}
		size_t speclen = len < 24 ? len : 24;
		if (!spec_too_big(text, speclen, 'd'))
			rc = num_format_int(&out, &v, text, speclen, NULL, &err);
		mpz_clear(z);
		break;
	}
	case 3: {
		size_t speclen = bits % (len + 1);
		if (!spec_too_big(text, speclen, 's'))
			rc = num_format_str(&out, text + speclen, len - speclen, text, speclen, NULL, &err);
		break;
	}
	case 4: {
		static const char convs[] = "diouxXeEfFgGc";
		struct num_percent_spec sp = {
			.conv = convs[(bits >> 56) % (sizeof convs - 1)],
			.left = bits & 1, .plus = bits & 2, .space = bits & 4,
			.alt = bits & 8, .zero = bits & 16,
			.width = (int64_t)((bits >> 8) & 0x3ff) - 1,
			.precision = (int64_t)((bits >> 20) & 0x3ff) - 1,
		};
		int64_t iv = 0;
		memcpy(&iv, text, len < 8 ? len : 8);
		struct num_int v = num_int_small(iv);
		double fv;
		memcpy(&fv, &iv, sizeof fv);
		if (strchr("diouxX", sp.conv))
			rc = num_percent_int(&out, &sp, &v, &err);
		else if (sp.conv == 'c')
			rc = num_percent_char_int(&out, &sp, &v, &err);
		else
			rc = num_percent_float(&out, &sp, fv, &err);
		break;
	}
	case 5: {
		double y;
		rc = num_parse_float(text, len, &y, &err);
		break;
	}
	case 6:
		rc = num_parse_int(text, len, (int)(bits % 38), &r, &err);
		break;
	default: {
		double y;
		rc = num_float_fromhex(text, len, &y, &err);
		if (rc == 0)
			rc = num_float_hex(&out, y) < 0 ? num_error_nomem(&err) : 0;
		break;
	}
	}
	check_result(rc, &err);
	text_buf_free(&out);
	num_error_clear(&err);
	num_intres_clear(&r);
	return 0;
}
