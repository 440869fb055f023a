/* parse_int.c -- int(str, base) and int literals exactly as CPython 3.11
 * (PyLong_FromUnicodeObject / PyLong_FromString): whitespace, sign, base
 * prefixes, single underscores between digits, "010" refused in base 0,
 * and the int_max_str_digits limit for bases that are not powers of two. */
#include "config.h"

#include <string.h>

#include "worker/num/parse.h"
#include "worker/num/parse_internal.h"

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

static int invalid_literal(const char *s, size_t len, int base, struct num_error *err)
{
	struct text_buf r = TEXT_BUF_INIT;
	if (num_str_repr(&r, s, len) < 0) {
		text_buf_free(&r);
		return num_error_nomem(err);
	}
	/* %.200R: the repr cut to 200 code points */
	size_t cut = 0, cps = 0;
	while (cut < r.len) {
		if (((unsigned char)r.data[cut] & 0xC0) != 0x80) {
			if (cps == 200)
				break;
			cps++;
		}
		cut++;
	}
	num_error_set(err, "ValueError", "invalid literal for int() with base %d: %.*s",
		      base, (int)cut, r.data);
	text_buf_free(&r);
	return -1;
}

static bool power_of_two(int base)
{
	return (base & (base - 1)) == 0;
}

/* Parses the ASCII text t (NUL-terminated).  Returns 0, -1 with err set
 * (limit, memory), or 1 for "invalid literal" (the caller words it). */
static int parse_ascii(const char *t, int base, struct num_intres *out, struct num_error *err)
{
	const char *p = t;
	bool negative = false, error_if_nonzero = false;
	while (*p && num_ascii_isspace(*p))
		p++;
	if (*p == '+' || *p == '-')
		negative = *p++ == '-';
	if (base == 0) {
		if (p[0] != '0')
			base = 10;
		else if (p[1] == 'x' || p[1] == 'X')
			base = 16;
		else if (p[1] == 'o' || p[1] == 'O')
			base = 8;
		else if (p[1] == 'b' || p[1] == 'B')
			base = 2;
		else {
			error_if_nonzero = true;
			base = 10;
		}
	}
	if (p[0] == '0' &&
	    ((base == 16 && (p[1] == 'x' || p[1] == 'X')) ||
	     (base == 8 && (p[1] == 'o' || p[1] == 'O')) ||
	     (base == 2 && (p[1] == 'b' || p[1] == 'B')))) {
		p += 2;
		if (*p == '_')
			p++;
	}
	if (*p == '_')
		return 1;

	/* The digit run, with single underscores between digits. */
	const char *start = p;
	size_t ndigits = 0;
	char prev = 0;
	while (digit_value(*p) < base || *p == '_') {
		if (*p == '_') {
			if (prev == '_')
				return 1;
		} else {
			ndigits++;
		}
		prev = *p++;
	}
	if (prev == '_')
		return 1;
	if (ndigits == 0)
		return 1;
	int64_t limit = num_get_int_max_str_digits();
	if (!power_of_two(base) && ndigits > 640 && limit > 0 && ndigits > (uint64_t)limit)
		return num_error_set(err, "ValueError",
				     "Exceeds the limit (%lld digits) for integer string conversion: "
				     "value has %zu digits; use sys.set_int_max_str_digits() to "
				     "increase the limit", (long long)limit, ndigits);
	const char *end = p;
	while (*p && num_ascii_isspace(*p))
		p++;
	if (*p)
		return 1;

	/* Convert: int64 directly when it cannot overflow, else GMP. */
	if (ndigits <= 12) {
		int64_t v = 0;
		for (const char *q = start; q < end; q++)
			if (*q != '_')
				v = v * base + digit_value(*q);
		if (error_if_nonzero && v != 0)
			return 1;
		num_intres_set_i64(out, negative ? -v : v);
		return 0;
	}
	struct text_buf clean = TEXT_BUF_INIT;
	if (num_buf_reserve(&clean, ndigits) < 0)
		return num_error_nomem(err);
	for (const char *q = start; q < end; q++)
		if (*q != '_')
			clean.data[clean.len++] = *q;
	clean.data[clean.len] = '\0';
	mpz_set_str(out->z, clean.data, base);
	text_buf_free(&clean);
	if (negative)
		mpz_neg(out->z, out->z);
	if (error_if_nonzero && mpz_sgn(out->z) != 0)
		return 1;
	num_intres_normalize(out);
	return 0;
}

int num_parse_int(const char *s, size_t len, int base, struct num_intres *out,
		  struct num_error *err)
{
	if ((base != 0 && base < 2) || base > 36)
		return num_error_set(err, "ValueError", "int() base must be >= 2 and <= 36, or 0");
	int rc;
	if (num_short_ascii(s, len)) {
		char stack[NUM_SHORT_TEXT];
		memcpy(stack, s, len);
		stack[len] = '\0';
		rc = parse_ascii(stack, base, out, err);
	} else {
		struct text_buf a = TEXT_BUF_INIT;
		if (num_to_ascii_number(s, len, &a) < 0)
			return num_error_nomem(err);
		rc = parse_ascii(a.data, base, out, err);
		text_buf_free(&a);
	}
	if (rc > 0)
		return invalid_literal(s, len, base, err);
	return rc;
}

int num_parse_int_literal(const char *s, size_t len, struct num_intres *out,
			  struct num_error *err)
{
	struct text_buf a = TEXT_BUF_INIT;
	if (num_buf_append(&a, s, len) < 0)
		return num_error_nomem(err);
	int rc = parse_ascii(a.data, 0, out, err);
	text_buf_free(&a);
	if (rc > 0)
		return invalid_literal(s, len, 0, err);
	if (rc < 0 && err->type && strcmp(err->type, "ValueError") == 0) {
		/* the compiler reports the digit limit as a SyntaxError */
		if (num_buf_puts(&err->msg, " - Consider hexadecimal for huge integer literals "
				 "to avoid decimal conversion limits.") < 0)
			return num_error_nomem(err);
		err->type = "SyntaxError";
	}
	return rc;
}
