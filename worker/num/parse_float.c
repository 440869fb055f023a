/* parse_float.c -- float(str) exactly as CPython 3.11: Unicode digits and
 * spaces mapped to ASCII, surrounding whitespace stripped, '_' only
 * between digits, decimal syntax or inf/infinity/nan (any case, optional
 * sign), correctly rounded by glibc's strtod (after our own syntax check,
 * so none of strtod's extensions -- hex, nan(...) -- get through). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "worker/num/parse.h"
#include "worker/num/parse_internal.h"
#include "worker/num/udigits.h"

int num_to_ascii_number(const char *s, size_t len, struct text_buf *out)
{
	size_t pos = 0;
	if (num_buf_reserve(out, len) < 0)
		return -1;
	while (pos < len) {
		unsigned char c = (unsigned char)s[pos];
		if (c < 127) {
			out->data[out->len++] = c == 0 ? '?' : (char)c;
			pos++;
			continue;
		}
		uint32_t cp = num_utf8_next(s, len, &pos);
		int d;
		if (num_uni_isspace(cp)) {
			out->data[out->len++] = ' ';
		} else if ((d = num_uni_decimal(cp)) >= 0) {
			out->data[out->len++] = (char)('0' + d);
		} else {
			out->data[out->len++] = '?';
			break;
		}
	}
	out->data[out->len] = '\0';
	return 0;
}

bool num_short_ascii(const char *s, size_t len)
{
	if (len >= NUM_SHORT_TEXT)
		return false;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] - 1u >= 126u)   /* NUL or >= 127 */
			return false;
	return true;
}

bool num_ascii_isspace(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static int float_error(const char *s, size_t len, struct num_error *err)
{
	struct text_buf r = TEXT_BUF_INIT;
	if (num_str_repr(&r, s, len) < 0) {
		text_buf_free(&r);
		return num_error_nomem(err);
	}
	num_error_set(err, "ValueError", "could not convert string to float: %s", r.data);
	text_buf_free(&r);
	return -1;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Removes underscores from t[0..n) in place when each sits between two
 * digits; returns the new length, or -1 when one is misplaced. */
static long strip_underscores(char *t, size_t n)
{
	size_t w = 0;
	char prev = '\0';
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		if (c == '_') {
			if (!is_digit(prev))
				return -1;
		} else {
			if (prev == '_' && !is_digit(c))
				return -1;
			t[w++] = c;
		}
		prev = c;
	}
	if (prev == '_')
		return -1;
	t[w] = '\0';
	return (long)w;
}

/* Checks [sign] (digits [. digits] | . digits) [(e|E) [sign] digits]. */
static bool decimal_syntax(const char *t, size_t n)
{
	size_t i = 0, digits = 0;
	if (i < n && (t[i] == '+' || t[i] == '-'))
		i++;
	while (i < n && is_digit(t[i]))
		i++, digits++;
	if (i < n && t[i] == '.') {
		i++;
		while (i < n && is_digit(t[i]))
			i++, digits++;
	}
	if (digits == 0)
		return false;
	if (i < n && (t[i] == 'e' || t[i] == 'E')) {
		i++;
		if (i < n && (t[i] == '+' || t[i] == '-'))
			i++;
		size_t ed = 0;
		while (i < n && is_digit(t[i]))
			i++, ed++;
		if (ed == 0)
			return false;
	}
	return i == n;
}

/* inf / infinity / nan, any case, optional sign. */
static bool special_value(const char *t, size_t n, double *out)
{
	bool neg = false;
	if (n > 0 && (t[0] == '+' || t[0] == '-')) {
		neg = t[0] == '-';
		t++;
		n--;
	}
	if ((n == 3 && strncasecmp(t, "inf", 3) == 0) ||
	    (n == 8 && strncasecmp(t, "infinity", 8) == 0)) {
		*out = neg ? -HUGE_VAL : HUGE_VAL;
		return true;
	}
	if (n == 3 && strncasecmp(t, "nan", 3) == 0) {
		*out = neg ? -NAN : NAN;
		return true;
	}
	return false;
}

int num_parse_float(const char *s, size_t len, double *out, struct num_error *err)
{
	struct text_buf a = TEXT_BUF_INIT;
	char stack[NUM_SHORT_TEXT];
	char *t;
	size_t n;
	if (num_short_ascii(s, len)) {
		memcpy(stack, s, len);
		stack[len] = '\0';
		t = stack;
		n = len;
	} else {
		if (num_to_ascii_number(s, len, &a) < 0)
			return num_error_nomem(err);
		t = a.data;
		n = a.len;
	}
	while (n > 0 && num_ascii_isspace(*t))
		t++, n--;
	while (n > 1 && num_ascii_isspace(t[n - 1]))
		n--;
	t[n] = '\0';
	bool ok = true;
	if (memchr(t, '_', n)) {
		long m = strip_underscores(t, n);
		if (m < 0)
			ok = false;
		else
			n = (size_t)m;
	}
	if (ok) {
		if (decimal_syntax(t, n))
			*out = strtod(t, NULL);
		else
			ok = special_value(t, n, out);
	}
	text_buf_free(&a);
	return ok ? 0 : float_error(s, len, err);
}
