/* dtoa.c -- double to decimal text, CPython 3.11 exact.
 *
 * Digit generation leans on glibc, whose printf("%.*e"/"%.*f") is exact
 * (correctly rounded, ties to even, any precision) and whose strtod is
 * correctly rounded:
 *  - fixed precision (modes 2 and 3) is one printf call;
 *  - the shortest round-trip digits (mode 0) are found by trying digit
 *    counts 15, 16, 17 (see shortest_digits for why 15 covers all the
 *    shorter ones; subnormals use a binary search on the count).  For a
 *    given count p the only candidates are the two p-digit decimals that
 *    bracket x; printf gives the nearer one, and
 *    when it does not read back the other one (one unit away on the far
 *    side of x) is tried.  The result is the shortest round-tripping
 *    decimal, the nearest to x among those -- what Gay's dtoa mode 0
 *    returns.  For 2**-12 <= |x| < 2**53 (most values scripts print) the
 *    same search runs in exact 128-bit integer arithmetic instead, without
 *    printf or strtod (shortest_exact); integral values below 2**53 take
 *    an even shorter path in num_double_repr.
 * Layout of the text follows CPython's format_float_short.
 */
#include "config.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/num/dtoa.h"

/* A short decimal: up to 17 significant digits and an exponent. */
struct shortdec {
	char d[24];   /* digits, NUL-terminated, no leading zero */
	int n;        /* number of digits */
	int decpt;    /* value = 0.d * 10**decpt */
};

/* Correctly rounded p significant digits of |x| (x finite, nonzero);
 * returns the value they read back as. */
static double round_digits(double x, int p, struct shortdec *s)
{
	char tmp[48];
	snprintf(tmp, sizeof tmp, "%.*e", p - 1, fabs(x));
	double back = strtod(tmp, NULL);
	int n = 0;
	const char *q = tmp;
	for (; *q && *q != 'e'; q++)
		if (*q >= '0' && *q <= '9')
			s->d[n++] = *q;
	s->d[n] = '\0';
	s->n = n;
	s->decpt = atoi(q + 1) + 1;
	return back;
}

static double shortdec_value(const struct shortdec *s)
{
	char tmp[48];
	snprintf(tmp, sizeof tmp, "0.%se%d", s->d, s->decpt);
	return strtod(tmp, NULL);
}

/* Adds (dir = +1) or subtracts (dir = -1) one unit in the last place,
 * keeping the digit count. */
static void shortdec_step(struct shortdec *s, int dir)
{
	int i = s->n - 1;
	if (dir > 0) {
		while (i >= 0 && s->d[i] == '9')
			s->d[i--] = '0';
		if (i >= 0) {
			s->d[i]++;
		} else {   /* 999 -> 1000: renormalise to 100 with decpt + 1 */
			s->d[0] = '1';
			s->decpt++;
		}
	} else {
		while (i >= 0 && s->d[i] == '0')
			s->d[i--] = '9';
		s->d[i]--;   /* i >= 0: the leading digit is nonzero */
		if (s->d[0] == '0') {   /* 1000 -> 0999: shift to 9990 */
			memmove(s->d, s->d + 1, (size_t)s->n - 1);
			s->d[s->n - 1] = '9';
			s->decpt--;
		}
	}
}

/* Is there a p-digit decimal reading back as x?  Fills s with the
 * nearest such one. */
static bool shortest_at(double x, int p, struct shortdec *s)
{
	double ax = fabs(x);
	double y = round_digits(x, p, s);
	if (y == ax)
		return true;
	shortdec_step(s, y > ax ? -1 : +1);
	return shortdec_value(s) == ax;
}

/* ---- exact fast path for 2**-12 <= |x| < 2**53 ----------------------
 *
 * x = m * 2**-s with m a 53-bit integer and 0 <= s <= 64.  For k = 17 or
 * so decimal places beyond the leading digit, x * 10**k = m * 10**k / 2**s
 * is split exactly into N (integer part, 17-18 digits) and rem / 2**s, all
 * in unsigned __int128.  A p-digit candidate V = C * 10**drop (in units of
 * 10**-k) reads back as x exactly when it lies between the midpoints to
 * x's neighbours: comparing 4 * V * 2**s with (4m -/+ 2) * 10**k (4m - 1
 * below a power of two), inclusive when m is even (strtod rounds ties to
 * even).  Bounds keep every product below 2**127. */
typedef unsigned __int128 u128;

static const uint64_t pow10_64[20] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL,
	100000000ULL, 1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL,
	10000000000000ULL, 100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL, 1000000000000000000ULL, 10000000000000000000ULL,
};

static u128 pow10_u128(int k)   /* 0 <= k <= 22 */
{
	if (k < 20)
		return pow10_64[k];
	return (u128)pow10_64[19] * pow10_64[k - 19];
}

static int count_digits(u128 n)
{
	int d = 1;
	while (d < 20 && n >= pow10_64[d])
		d++;
	return d;
}

struct exact_ctx {
	uint64_t m;
	int s, k;
	u128 N, rem;       /* x * 10**k = N + rem / 2**s */
	int nd;            /* digits of N */
	bool m_even, pow2;
};

/* Is V (units of 10**-k) inside x's round-trip interval?  Returns 0 when
 * inside, -1 when below it, +1 when above it. */
static int exact_position(const struct exact_ctx *c, u128 V)
{
	u128 scaled = (V << c->s) * 4;
	u128 p10 = pow10_u128(c->k);
	u128 lo = ((u128)c->m * 4 - (c->pow2 ? 1 : 2)) * p10;
	u128 hi = ((u128)c->m * 4 + 2) * p10;
	if (scaled < lo || (scaled == lo && !c->m_even))
		return -1;
	if (scaled > hi || (scaled == hi && !c->m_even))
		return 1;
	return 0;
}

/* Nearest p-digit candidate (ties to even), or its other neighbour when
 * the nearest does not read back.  Returns true with *C set on success;
 * sets *fallback when the case needs the general path. */
static bool exact_at(const struct exact_ctx *c, int p, u128 *C, int *drop_out, bool *fallback)
{
	int drop = c->nd - p;
	uint64_t p10d = pow10_64[drop];
	uint64_t n64 = (uint64_t)c->N;   /* N < 10**18 */
	u128 q = n64 / p10d, r = n64 % p10d;
	/* compare the dropped fraction (r + rem / 2**s) / 10**drop with 1/2 */
	u128 twice = ((r << c->s) + c->rem) * 2;
	u128 unit = (u128)p10d << c->s;
	u128 cand = q;
	if (twice > unit || (twice == unit && (q & 1)))
		cand = q + 1;
	*drop_out = drop;
	int pos = exact_position(c, cand * p10d);
	if (pos == 0) {
		*C = cand;
		return true;
	}
	/* the other neighbour, one unit on the far side of x */
	if (pos > 0) {
		if (cand == pow10_u128(p - 1)) {   /* would lose a digit */
			*fallback = true;
			return false;
		}
		cand--;
	} else {
		cand++;
	}
	if (exact_position(c, cand * p10d) == 0) {
		*C = cand;
		return true;
	}
	return false;
}

/* Shortest digits by the exact fast path; false when x is out of its
 * range (the caller then uses the printf/strtod path). */
static bool shortest_exact(double x, struct shortdec *out)
{
	double ax = fabs(x);
	if (!(ax >= 0x1p-12 && ax < 0x1p53))
		return false;
	struct exact_ctx c;
	int e;
	double fr = frexp(ax, &e);
	c.m = (uint64_t)ldexp(fr, 53);
	c.s = 53 - e;                        /* x = m * 2**-s, 0 <= s <= 64 */
	c.m_even = (c.m & 1) == 0;
	c.pow2 = c.m == ((uint64_t)1 << 52);
	/* decimal exponent estimate, corrected below */
	int decpt = (int)floor(log10(ax)) + 1;
	for (int attempt = 0; attempt < 3; attempt++) {
		c.k = 17 - decpt;
		if (c.k < 0 || c.k > 21)
			return false;
		u128 num = (u128)c.m * pow10_u128(c.k);
		c.N = num >> c.s;
		c.rem = num - (c.N << c.s);
		c.nd = count_digits(c.N);
		if (c.nd >= 17 && c.nd <= 18)
			break;
		decpt += c.nd < 17 ? -1 : 1;
		if (attempt == 2)
			return false;
	}
	for (int p = 15; p <= 17; p++) {
		u128 C;
		int drop;
		bool fallback = false;
		if (exact_at(&c, p, &C, &drop, &fallback)) {
			char tmp[48];
			int n = 0;
			uint64_t t = (uint64_t)C;   /* at most 18 digits */
			char rev[48];
			do {
				rev[n++] = (char)('0' + (int)(t % 10));
				t /= 10;
			} while (t);
			for (int i = 0; i < n; i++)
				tmp[i] = rev[n - 1 - i];
			out->decpt = n + drop - c.k;
			while (n > 1 && tmp[n - 1] == '0')
				n--;
			memcpy(out->d, tmp, (size_t)n);
			out->d[n] = '\0';
			out->n = n;
			return true;
		}
		if (fallback)
			return false;
	}
	return false;   /* not reached: 17 digits always read back */
}

/* If some decimal of p' <= 15 digits reads back as x, it lies within
 * 2**-53 * |x| of x, far closer than half the spacing of 15-digit
 * decimals (>= 5e-16 * |x|): so it is the nearest 15-digit decimal with
 * zeros appended, and stripping the zeros of the 15-digit answer gives
 * the shortest.  Otherwise the answer has 16 or 17 digits. */
static void shortest_digits(double x, struct shortdec *best)
{
	if (shortest_exact(x, best))
		return;
	if (fabs(x) >= DBL_MIN) {
		if (!shortest_at(x, 15, best) && !shortest_at(x, 16, best))
			shortest_at(x, 17, best);   /* 17 digits always round-trip */
	} else {
		/* Subnormals have fewer bits, so the argument above fails; binary
		 * search instead: "some p-digit decimal reads back as x" is
		 * monotone in p (a p-digit decimal is also a (p+1)-digit one). */
		int lo = 1, hi = 17;
		struct shortdec s;
		shortest_at(x, 17, best);
		while (lo < hi) {
			int mid = lo + (hi - lo) / 2;
			if (shortest_at(x, mid, &s)) {
				*best = s;
				hi = mid;
			} else {
				lo = mid + 1;
			}
		}
	}
	while (best->n > 1 && best->d[best->n - 1] == '0')
		best->d[--best->n] = '\0';
}

/* Appends the digits of a printf result, skipping everything else. */
static int append_printf_digits(struct text_buf *digits, const char *fmt, int prec, double ax,
				int *ndig, int *intdigits)
{
	char stack[128];
	int need = snprintf(stack, sizeof stack, fmt, prec, ax);
	if (need < 0)
		return -1;
	char *tmp = stack;
	if ((size_t)need >= sizeof stack) {
		tmp = num_alloc((size_t)need + 1, 1);
		if (!tmp)
			return -1;
		snprintf(tmp, (size_t)need + 1, fmt, prec, ax);
	}
	int rc = 0;
	*ndig = 0;
	*intdigits = -1;
	const char *q = tmp;
	for (; *q && *q != 'e'; q++) {
		if (*q == '.') {
			*intdigits = *ndig;
			continue;
		}
		if (num_buf_putc(digits, *q) < 0) {
			rc = -1;
			break;
		}
		(*ndig)++;
	}
	if (*intdigits < 0)
		*intdigits = *ndig;
	if (*q == 'e')
		*intdigits = atoi(q + 1) + 1;   /* for %e: the exponent gives decpt */
	if (tmp != stack)
		num_free(tmp, (size_t)need + 1, 1);
	return rc;
}

int num_dtoa(struct text_buf *digits, double x, int mode, int ndigits, int *decpt)
{
	size_t start = digits->len;
	double ax = fabs(x);
	if (ax == 0.0) {
		*decpt = 1;
		return num_buf_putc(digits, '0') < 0 ? -1 : 1;
	}
	if (mode == 0) {
		struct shortdec s;
		shortest_digits(x, &s);
		*decpt = s.decpt;
		return num_buf_append(digits, s.d, (size_t)s.n) < 0 ? -1 : s.n;
	}
	int ndig, dp;
	if (mode == 2) {
		if (ndigits < 1)
			ndigits = 1;
		if (append_printf_digits(digits, "%.*e", ndigits - 1, ax, &ndig, &dp) < 0)
			return -1;
	} else {
		if (ndigits < 0)
			ndigits = 0;   /* negative ndigits: not used by this library */
		if (append_printf_digits(digits, "%.*f", ndigits, ax, &ndig, &dp) < 0)
			return -1;
	}
	/* Drop leading zeros (mode 3: "0.00123"). */
	size_t lead = 0;
	while (lead < (size_t)ndig && digits->data[start + lead] == '0')
		lead++;
	if (lead == (size_t)ndig) {   /* rounded to zero */
		digits->len = start;
		digits->data[start] = '\0';
		*decpt = -ndigits;
		return 0;
	}
	memmove(digits->data + start, digits->data + start + lead, (size_t)ndig - lead);
	ndig -= (int)lead;
	dp -= (int)lead;
	while (ndig > 1 && digits->data[start + (size_t)ndig - 1] == '0')
		ndig--;
	digits->len = start + (size_t)ndig;
	digits->data[digits->len] = '\0';
	*decpt = dp;
	return ndig;
}

/* Appends n zeros. */
static int zeros(struct text_buf *out, long n)
{
	return n > 0 ? num_buf_repeat(out, "0", 1, (size_t)n) : 0;
}

int num_double_to_string(struct text_buf *out, double x, char format_code,
			 int precision, int flags)
{
	bool upper = false;
	int mode;
	if (precision < 0 || precision > INT_MAX - 2)
		return -1;
	switch (format_code) {
	case 'E': case 'F': case 'G':
		upper = true;
		format_code = (char)(format_code - 'A' + 'a');
		break;
	default:
		break;
	}
	switch (format_code) {
	case 'e':
		mode = 2;
		precision++;
		break;
	case 'f':
		mode = 3;
		break;
	case 'g':
		mode = 2;
		if (precision == 0)
			precision = 1;
		break;
	case 'r':
		mode = 0;
		precision = 0;
		break;
	default:
		return -1;
	}
	bool negative = signbit(x) && !isnan(x);
	if (!isfinite(x)) {
		if (negative) {
			if (num_buf_putc(out, '-') < 0)
				return -1;
		} else if (flags & NUM_DTSF_SIGN) {
			if (num_buf_putc(out, '+') < 0)
				return -1;
		}
		const char *word = isnan(x) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
		return num_buf_puts(out, word);
	}

	struct text_buf dig = TEXT_BUF_INIT;
	int decpt;
	int ndig = num_dtoa(&dig, x, mode, precision, &decpt);
	if (ndig < 0) {
		text_buf_free(&dig);
		return -1;
	}
	const char *digits = dig.data ? dig.data : "";
	bool add_dot_0 = (flags & NUM_DTSF_ADD_DOT_0) != 0;
	bool alt = (flags & NUM_DTSF_ALT) != 0;
	if ((flags & NUM_DTSF_NO_NEG_0) && negative &&
	    (ndig == 0 || (ndig == 1 && digits[0] == '0')))
		negative = false;

	/* Output the slice [vstart, vend) of the digits padded with zeros on
	 * both sides, with the decimal point after position decpt. */
	long vend = ndig, vstart, dp = decpt, exp = 0;
	bool use_exp = false;
	switch (format_code) {
	case 'e':
		use_exp = true;
		vend = precision;
		break;
	case 'f':
		vend = dp + precision;
		break;
	case 'g':
		if (dp <= -4 || dp > (add_dot_0 ? precision - 1 : precision))
			use_exp = true;
		if (alt)
			vend = precision;
		break;
	default: /* 'r' */
		if (dp <= -4 || dp > 16)
			use_exp = true;
		break;
	}
	if (use_exp) {
		exp = dp - 1;
		dp = 1;
	}
	vstart = dp <= 0 ? dp - 1 : 0;
	if (!use_exp && add_dot_0)
		vend = vend > dp ? vend : dp + 1;
	else
		vend = vend > dp ? vend : dp;

	int rc = 0;
	if (negative)
		rc |= num_buf_putc(out, '-');
	else if (flags & NUM_DTSF_SIGN)
		rc |= num_buf_putc(out, '+');
	if (dp <= 0) {
		rc |= zeros(out, dp - vstart);
		rc |= num_buf_putc(out, '.');
		rc |= zeros(out, -dp);
	} else {
		rc |= zeros(out, -vstart);
	}
	if (dp > 0 && dp <= ndig) {
		rc |= num_buf_append(out, digits, (size_t)dp);
		rc |= num_buf_putc(out, '.');
		rc |= num_buf_append(out, digits + dp, (size_t)(ndig - dp));
	} else {
		rc |= num_buf_append(out, digits, (size_t)ndig);
	}
	if (ndig < dp) {
		rc |= zeros(out, dp - ndig);
		rc |= num_buf_putc(out, '.');
		rc |= zeros(out, vend - dp);
	} else {
		rc |= zeros(out, vend - ndig);
	}
	if (rc == 0 && out->data[out->len - 1] == '.' && !alt)
		out->data[--out->len] = '\0';
	if (rc == 0 && use_exp) {
		char e[16];
		snprintf(e, sizeof e, "%c%+.02ld", upper ? 'E' : 'e', exp);
		rc |= num_buf_puts(out, e);
	}
	text_buf_free(&dig);
	return rc ? -1 : 0;
}

int num_double_repr(struct text_buf *out, double x)
{
	/* Fast path: an integral value below 2**53 prints as itself plus
	 * ".0" -- no other decimal of as few digits lies within half an ulp,
	 * and 'r' uses fixed notation up to 16 integer digits. */
	if (x > -9007199254740992.0 && x < 9007199254740992.0 && x == (double)(int64_t)x) {
		char tmp[32];
		int n = snprintf(tmp, sizeof tmp, "%s%lld.0", signbit(x) ? "-" : "",
				 (long long)fabs(x));
		return num_buf_append(out, tmp, (size_t)n);
	}
	return num_double_to_string(out, x, 'r', 0, NUM_DTSF_ADD_DOT_0);
}
