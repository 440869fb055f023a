/* floathex.c -- float.hex() and float.fromhex() as CPython 3.11, with
 * correct round-half-even (including subnormals) when parsing. */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "common/ascii.h"
#include "worker/num/dtoa.h"
#include "worker/num/floatops.h"
#include "worker/num/parse_internal.h"

int num_float_hex(struct text_buf *out, double x)
{
	if (x == 0.0)
		return num_buf_puts(out, signbit(x) ? "-0x0.0p+0" : "0x0.0p+0");
	if (!isfinite(x))
		return num_double_repr(out, x);
	int e;
	double m = frexp(fabs(x), &e);
	int shift = 1 - (DBL_MIN_EXP - e > 0 ? DBL_MIN_EXP - e : 0);
	m = ldexp(m, shift);
	e -= shift;
	char s[32];
	int si = 0;
	const char *hex = "0123456789abcdef";
	s[si++] = hex[(int)m];
	m -= (int)m;
	s[si++] = '.';
	for (int i = 0; i < (DBL_MANT_DIG - 1) / 4; i++) {
		m *= 16.0;
		s[si++] = hex[(int)m];
		m -= (int)m;
	}
	s[si] = '\0';
	char buf[64];
	snprintf(buf, sizeof buf, "%s0x%sp%c%d", x < 0 ? "-" : "", s, e < 0 ? '-' : '+',
		 e < 0 ? -e : e);
	return num_buf_puts(out, buf);
}

static int invalid(struct num_error *err)
{
	return num_error_set(err, "ValueError", "invalid hexadecimal floating-point string");
}

/* M * 2**exp rounded half-even to a double (M > 0). */
static int scale_round(mpz_srcptr M, int64_t exp, bool negative, double *out,
		       struct num_error *err)
{
	int64_t n = (int64_t)mpz_sizeinbase(M, 2);
	int64_t top = n + exp;   /* value in [2**(top-1), 2**top) */
	if (top > DBL_MAX_EXP)
		goto overflow;
	if (top < DBL_MIN_EXP - DBL_MANT_DIG - 1) {
		*out = negative ? -0.0 : 0.0;
		return 0;
	}
	int64_t keep = top - 1 >= DBL_MIN_EXP - 1 ? DBL_MANT_DIG : top + 1074;
	int64_t drop = n - keep;
	double r;
	if (drop <= 0) {
		r = ldexp((double)mpz_get_ui(M), (int)exp);
	} else {
		mpz_t q;
		mpz_init(q);
		mpz_tdiv_q_2exp(q, M, (mp_bitcnt_t)drop);
		bool half = mpz_tstbit(M, (mp_bitcnt_t)(drop - 1));
		bool sticky = drop >= 2 && mpz_scan1(M, 0) < (mp_bitcnt_t)(drop - 1);
		if (half && (sticky || mpz_odd_p(q)))
			mpz_add_ui(q, q, 1);
		r = ldexp((double)mpz_get_ui(q), (int)(exp + drop));
		mpz_clear(q);
	}
	if (isinf(r))
		goto overflow;
	*out = negative ? -r : r;
	return 0;
overflow:
	return num_error_set(err, "OverflowError",
			     "hexadecimal value too large to represent as a float");
}

int num_float_fromhex(const char *s, size_t len, double *out, struct num_error *err)
{
	size_t i = 0, end = len;
	while (i < end && num_ascii_isspace(s[i]))
		i++;
	while (end > i && num_ascii_isspace(s[end - 1]))
		end--;
	bool negative = false;
	if (i < end && (s[i] == '+' || s[i] == '-'))
		negative = s[i++] == '-';
	/* inf / infinity / nan */
	size_t rest = end - i;
	if ((rest == 3 && strncasecmp(s + i, "inf", 3) == 0) ||
	    (rest == 8 && strncasecmp(s + i, "infinity", 8) == 0)) {
		*out = negative ? -HUGE_VAL : HUGE_VAL;
		return 0;
	}
	if (rest == 3 && strncasecmp(s + i, "nan", 3) == 0) {
		*out = negative ? -NAN : NAN;
		return 0;
	}
	if (end - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X'))
		i += 2;
	mpz_t M;
	mpz_init(M);
	size_t ndigits = 0;
	int64_t frac_digits = 0;
	char hexbuf[64];
	size_t hb = 0;
	bool seen_point = false;
	for (; i < end; i++) {
		int d = box_hex_value(s[i]);
		if (d < 0) {
			if (s[i] == '.' && !seen_point) {
				seen_point = true;
				continue;
			}
			break;
		}
		ndigits++;
		if (seen_point)
			frac_digits++;
		if (hb == 0 && d == 0 && mpz_sgn(M) == 0)
			continue;   /* leading zero */
		hexbuf[hb++] = s[i];
		if (hb == sizeof hexbuf - 1) {   /* flush a chunk */
			hexbuf[hb] = '\0';
			mpz_mul_2exp(M, M, 4 * hb);
			mpz_t t;
			mpz_init_set_str(t, hexbuf, 16);
			mpz_add(M, M, t);
			mpz_clear(t);
			hb = 0;
		}
	}
	if (hb) {
		hexbuf[hb] = '\0';
		mpz_mul_2exp(M, M, 4 * hb);
		mpz_t t;
		mpz_init_set_str(t, hexbuf, 16);
		mpz_add(M, M, t);
		mpz_clear(t);
	}
	int64_t exp = 0;
	if (ndigits == 0)
		goto bad;
	if (i < end && (s[i] == 'p' || s[i] == 'P')) {
		i++;
		bool eneg = false;
		if (i < end && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		size_t ed = 0;
		for (; i < end && s[i] >= '0' && s[i] <= '9'; i++, ed++)
			if (exp < ((int64_t)1 << 40))
				exp = exp * 10 + (s[i] - '0');
		if (ed == 0)
			goto bad;
		if (eneg)
			exp = -exp;
	}
	if (i != end)
		goto bad;
	int rc;
	if (mpz_sgn(M) == 0) {
		*out = negative ? -0.0 : 0.0;
		rc = 0;
	} else {
		rc = scale_round(M, exp - 4 * frac_digits, negative, out, err);
	}
	mpz_clear(M);
	return rc;
bad:
	mpz_clear(M);
	return invalid(err);
}
