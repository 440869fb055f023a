/* ext.c -- Cedar extension types (decimal, ipaddr, datetime, duration):
 * string syntax, methods and the overflow rules of Cedar 4.x. */
#include "broker/policy/ext.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#define DAY_MS ((int64_t)86400000)

static int fail(char *err, size_t errlen, const char *what, const char *s, size_t n)
{
	snprintf(err, errlen, "%s: \"%.*s\"", what, (int)(n > 64 ? 64 : n), s);
	return -1;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* --- decimal: -?[0-9]+.[0-9]{1,4}, stored x 10^4 --- */
int ext_parse_decimal(const char *s, size_t n, int64_t *out, char *err, size_t errlen)
{
	size_t i = 0;
	int neg = 0;
	if (i < n && s[i] == '-') {
		neg = 1;
		i++;
	}
	size_t int_start = i;
	while (i < n && is_digit(s[i]))
		i++;
	if (i == int_start || i >= n || s[i] != '.')
		return fail(err, errlen, "invalid decimal", s, n);
	size_t int_end = i++;
	size_t frac_start = i;
	while (i < n && is_digit(s[i]))
		i++;
	if (i != n || i == frac_start)
		return fail(err, errlen, "invalid decimal", s, n);
	if (i - frac_start > 4)
		return fail(err, errlen, "too many digits after the decimal point (at most 4)", s, n);
	int64_t v = 0;
	for (size_t k = int_start; k < int_end; k++) {
		if (__builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, s[k] - '0', &v))
			return fail(err, errlen, "decimal overflows", s, n);
	}
	if (__builtin_mul_overflow(v, 10000, &v))
		return fail(err, errlen, "decimal overflows", s, n);
	if (neg)
		v = -v;   /* |v| <= i64::MAX here, so negation is safe */
	int64_t frac = 0;
	size_t digits = i - frac_start;
	for (size_t k = frac_start; k < i; k++)
		frac = frac * 10 + (s[k] - '0');
	for (size_t k = digits; k < 4; k++)
		frac *= 10;
	if (neg ? __builtin_sub_overflow(v, frac, &v) : __builtin_add_overflow(v, frac, &v))
		return fail(err, errlen, "decimal overflows", s, n);
	*out = v;
	return 0;
}

/* --- ipaddr --- */
static int count_char(const char *s, size_t n, char c)
{
	int k = 0;
	for (size_t i = 0; i < n; i++)
		k += s[i] == c;
	return k;
}

static int parse_addr(const char *s, size_t n, struct ipaddr *ip)
{
	char buf[64];
	if (n == 0 || n >= sizeof buf || memchr(s, 0, n))
		return -1;
	memcpy(buf, s, n);
	buf[n] = 0;
	memset(ip->addr, 0, sizeof ip->addr);
	if (memchr(s, ':', n)) {
		if (inet_pton(AF_INET6, buf, ip->addr) != 1)
			return -1;
		ip->v6 = 1;
		ip->prefix = 128;
		return 0;
	}
	if (inet_pton(AF_INET, buf, ip->addr) != 1)
		return -1;
	ip->v6 = 0;
	ip->prefix = 32;
	return 0;
}

int ext_parse_ip(const char *s, size_t n, struct ipaddr *out, char *err, size_t errlen)
{
	if (count_char(s, n, ':') >= 2 && count_char(s, n, '.') >= 2)
		return fail(err, errlen, "IPv4 embedded in IPv6 is not accepted", s, n);
	const char *slash = memchr(s, '/', n);
	size_t alen = slash ? (size_t)(slash - s) : n;
	if (parse_addr(s, alen, out) != 0)
		return fail(err, errlen, "invalid IP address", s, n);
	if (slash) {
		const char *p = slash + 1;
		size_t plen = n - alen - 1;
		size_t k = 0;
		if (k < plen && p[k] == '+')
			k++;
		if (k == plen)
			return fail(err, errlen, "invalid IP prefix", s, n);
		unsigned v = 0;
		for (; k < plen; k++) {
			if (!is_digit(p[k]))
				return fail(err, errlen, "invalid IP prefix", s, n);
			v = v * 10 + (unsigned)(p[k] - '0');
			if (v > 255)
				return fail(err, errlen, "invalid IP prefix", s, n);
		}
		if (v > (out->v6 ? 128u : 32u))
			return fail(err, errlen, "IP prefix out of range", s, n);
		out->prefix = (uint8_t)v;
	}
	return 0;
}

/* network (ones = 0) or broadcast (ones = 1) address of ip/prefix, big-endian */
static void mask_addr(const struct ipaddr *ip, int ones, uint8_t *res)
{
	int len = ip->v6 ? 16 : 4;
	for (int i = 0; i < len; i++) {
		int keep = ip->prefix - i * 8;  /* bits of this byte in the network */
		uint8_t m = keep >= 8 ? 0xff : keep <= 0 ? 0 : (uint8_t)(0xff << (8 - keep));
		res[i] = ones ? (uint8_t)(ip->addr[i] | ~m) : (uint8_t)(ip->addr[i] & m);
	}
}

int ip_in_range(const struct ipaddr *child, const struct ipaddr *parent)
{
	if (child->v6 != parent->v6)
		return 0;
	int len = child->v6 ? 16 : 4;
	uint8_t cn[16], cb[16], pn[16], pb[16];
	mask_addr(child, 0, cn);
	mask_addr(child, 1, cb);
	mask_addr(parent, 0, pn);
	mask_addr(parent, 1, pb);
	return memcmp(pn, cn, len) <= 0 && memcmp(cb, pb, len) <= 0;
}

static int ip_is_loopback(const struct ipaddr *ip)
{
	if (!ip->v6)
		return ip->addr[0] == 127;
	static const uint8_t one[16] = { [15] = 1 };
	return memcmp(ip->addr, one, 16) == 0;
}

static int ip_is_multicast(const struct ipaddr *ip)
{
	if (!ip->v6)
		return (ip->addr[0] & 0xf0) == 0xe0 && ip->prefix >= 4;
	return ip->addr[0] == 0xff && ip->prefix >= 8;
}

/* --- datetime --- */
static int digits(const char *s, size_t at, size_t count, size_t n, int *out)
{
	int v = 0;
	if (at + count > n)
		return -1;
	for (size_t i = 0; i < count; i++) {
		if (!is_digit(s[at + i]))
			return -1;
		v = v * 10 + (s[at + i] - '0');
	}
	*out = v;
	return 0;
}

static int64_t days_from_civil(int64_t y, int m, int d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static int days_in_month(int y, int m)
{
	static const int dm[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return dm[m - 1];
}

int ext_parse_datetime(const char *s, size_t n, int64_t *out, char *err, size_t errlen)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, ms = 0;
	if (digits(s, 0, 4, n, &y) || n < 10 || s[4] != '-' || digits(s, 5, 2, n, &mo) ||
	    s[7] != '-' || digits(s, 8, 2, n, &d))
		return fail(err, errlen, "invalid date pattern", s, n);
	int64_t offset_s = 0;
	if (n != 10) {
		if (n < 19 || s[10] != 'T' || digits(s, 11, 2, n, &h) || s[13] != ':' ||
		    digits(s, 14, 2, n, &mi) || s[16] != ':' || digits(s, 17, 2, n, &sec))
			return fail(err, errlen, "invalid hour/minute/second pattern", s, n);
		size_t i = 19;
		if (i < n && s[i] == '.') {
			if (digits(s, i + 1, 3, n, &ms))
				return fail(err, errlen, "invalid millisecond and/or offset pattern", s, n);
			i += 4;
		}
		if (i + 1 == n && s[i] == 'Z') {
			/* UTC */
		} else if (i + 5 == n && (s[i] == '+' || s[i] == '-')) {
			int oh, om;
			if (digits(s, i + 1, 2, n, &oh) || digits(s, i + 3, 2, n, &om))
				return fail(err, errlen, "invalid millisecond and/or offset pattern", s, n);
			if (mo < 1 || mo > 12 || d < 1 || d > days_in_month(y, mo))
				return fail(err, errlen, "invalid date", s, n);
			if (h > 23 || mi > 59 || sec > 59)
				return fail(err, errlen, "invalid hour/minute/second", s, n);
			if (oh >= 24 || om >= 60)
				return fail(err, errlen, "invalid offset range", s, n);
			offset_s = (int64_t)oh * 3600 + om * 60;
			if (s[i] == '+')
				offset_s = -offset_s;
		} else {
			return fail(err, errlen, "invalid millisecond and/or offset pattern", s, n);
		}
	}
	if (mo < 1 || mo > 12 || d < 1 || d > days_in_month(y, mo))
		return fail(err, errlen, "invalid date", s, n);
	if (h > 23 || mi > 59 || sec > 59)
		return fail(err, errlen, "invalid hour/minute/second", s, n);
	int64_t secs = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec + offset_s;
	*out = secs * 1000 + ms;   /* years 0..9999 stay far inside i64 */
	return 0;
}

/* --- duration: -?(Nd)?(Nh)?(Nm)?(Ns)?(Nms)? --- */
int ext_parse_duration(const char *s, size_t n, int64_t *out, char *err, size_t errlen)
{
	static const struct { const char *unit; int64_t ms; } units[] = {
		{ "d", DAY_MS }, { "h", 3600000 }, { "m", 60000 }, { "s", 1000 }, { "ms", 1 },
	};
	size_t i = 0;
	int neg = 0;
	if (i < n && s[i] == '-') {
		neg = 1;
		i++;
	}
	if (i == n)
		return fail(err, errlen, "invalid duration pattern", s, n);
	int64_t total = 0;
	size_t next_unit = 0;
	while (i < n) {
		size_t start = i;
		uint64_t num = 0;
		int big = 0;
		while (i < n && is_digit(s[i])) {
			if (num > (UINT64_MAX - 9) / 10)
				big = 1;
			else
				num = num * 10 + (uint64_t)(s[i] - '0');
			i++;
		}
		if (i == start || i == n)
			return fail(err, errlen, "invalid duration pattern", s, n);
		size_t ulen = (i + 1 < n && s[i] == 'm' && s[i + 1] == 's') ? 2 : 1;
		size_t u;
		for (u = next_unit; u < 5; u++)
			if (strlen(units[u].unit) == ulen && memcmp(units[u].unit, s + i, ulen) == 0)
				break;
		if (u == 5)
			return fail(err, errlen, "invalid duration pattern", s, n);
		next_unit = u + 1;
		i += ulen;
		int64_t part;
		if (big || num > (uint64_t)INT64_MAX ||
		    __builtin_mul_overflow((int64_t)num, units[u].ms, &part) ||
		    (neg ? __builtin_sub_overflow(total, part, &total)
		         : __builtin_add_overflow(total, part, &total)))
			return fail(err, errlen, "duration overflows", s, n);
	}
	*out = total;
	return 0;
}

int ext_constructor_kind(struct str name)
{
	if (str_eq(name, str_c("ip")))
		return V_IPADDR;
	if (str_eq(name, str_c("decimal")))
		return V_DECIMAL;
	if (str_eq(name, str_c("datetime")))
		return V_DATETIME;
	if (str_eq(name, str_c("duration")))
		return V_DURATION;
	return -1;
}

const struct value *ext_construct(struct arena *a, int kind, const struct value *arg,
                                  char *err, size_t errlen)
{
	if (arg->kind != V_STRING) {
		snprintf(err, errlen, "type error: expected string, got %s", vkind_name(arg->kind));
		return NULL;
	}
	const char *s = arg->u.s.p;
	size_t n = arg->u.s.n;
	int64_t l;
	struct ipaddr ip;
	switch (kind) {
	case V_IPADDR:
		if (ext_parse_ip(s, n, &ip, err, errlen))
			return NULL;
		return value_ip(a, &ip);
	case V_DECIMAL:
		if (ext_parse_decimal(s, n, &l, err, errlen))
			return NULL;
		return value_ext(a, V_DECIMAL, l);
	case V_DATETIME:
		if (ext_parse_datetime(s, n, &l, err, errlen))
			return NULL;
		return value_ext(a, V_DATETIME, l);
	case V_DURATION:
		if (ext_parse_duration(s, n, &l, err, errlen))
			return NULL;
		return value_ext(a, V_DURATION, l);
	}
	snprintf(err, errlen, "unknown extension function");
	return NULL;
}

static const struct {
	const char *name;
	int recv;       /* receiver kind */
	int arity;      /* arguments besides the receiver */
	int arg;        /* argument kind (arity 1) */
} methods[] = {
	{ "lessThan", V_DECIMAL, 1, V_DECIMAL },
	{ "lessThanOrEqual", V_DECIMAL, 1, V_DECIMAL },
	{ "greaterThan", V_DECIMAL, 1, V_DECIMAL },
	{ "greaterThanOrEqual", V_DECIMAL, 1, V_DECIMAL },
	{ "isIpv4", V_IPADDR, 0, 0 },
	{ "isIpv6", V_IPADDR, 0, 0 },
	{ "isLoopback", V_IPADDR, 0, 0 },
	{ "isMulticast", V_IPADDR, 0, 0 },
	{ "isInRange", V_IPADDR, 1, V_IPADDR },
	{ "offset", V_DATETIME, 1, V_DURATION },
	{ "durationSince", V_DATETIME, 1, V_DATETIME },
	{ "toDate", V_DATETIME, 0, 0 },
	{ "toTime", V_DATETIME, 0, 0 },
	{ "toMilliseconds", V_DURATION, 0, 0 },
	{ "toSeconds", V_DURATION, 0, 0 },
	{ "toMinutes", V_DURATION, 0, 0 },
	{ "toHours", V_DURATION, 0, 0 },
	{ "toDays", V_DURATION, 0, 0 },
};

static int method_index(struct str name)
{
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (str_eq(name, str_c(methods[i].name)))
			return (int)i;
	return -1;
}

int ext_method_arity(struct str name)
{
	int i = method_index(name);
	return i < 0 ? -1 : methods[i].arity;
}

const struct value *ext_method(struct arena *a, struct str name, const struct value *recv,
                               const struct value *arg, char *err, size_t errlen)
{
	int i = method_index(name);
	if (i < 0) {
		snprintf(err, errlen, "unknown method %.*s", (int)name.n, name.p);
		return NULL;
	}
	if ((int)recv->kind != methods[i].recv) {
		snprintf(err, errlen, "type error: %s expects %s, got %s", methods[i].name,
		         vkind_name(methods[i].recv), vkind_name(recv->kind));
		return NULL;
	}
	if (methods[i].arity == 1 && (int)arg->kind != methods[i].arg) {
		snprintf(err, errlen, "type error: %s argument must be %s, got %s", methods[i].name,
		         vkind_name(methods[i].arg), vkind_name(arg->kind));
		return NULL;
	}
	int64_t x = recv->u.l, r;
	const char *nm = methods[i].name;
	switch (i) {
	case 0: return value_bool(x < arg->u.l);
	case 1: return value_bool(x <= arg->u.l);
	case 2: return value_bool(x > arg->u.l);
	case 3: return value_bool(x >= arg->u.l);
	case 4: return value_bool(!recv->u.ip.v6);
	case 5: return value_bool(recv->u.ip.v6);
	case 6: return value_bool(ip_is_loopback(&recv->u.ip));
	case 7: return value_bool(ip_is_multicast(&recv->u.ip));
	case 8: return value_bool(ip_in_range(&recv->u.ip, &arg->u.ip));
	case 9:
		if (__builtin_add_overflow(x, arg->u.l, &r))
			break;
		return value_ext(a, V_DATETIME, r);
	case 10:
		if (__builtin_sub_overflow(x, arg->u.l, &r))
			break;
		return value_ext(a, V_DURATION, r);
	case 11: {
		int64_t q = x / DAY_MS;
		if (x < 0 && x % DAY_MS != 0)
			q -= 1;
		if (__builtin_mul_overflow(q, DAY_MS, &r))
			break;
		return value_ext(a, V_DATETIME, r);
	}
	case 12: {
		int64_t rem = x % DAY_MS;
		if (rem < 0)
			rem += DAY_MS;
		return value_ext(a, V_DURATION, rem);
	}
	case 13: return value_long(a, x);
	case 14: return value_long(a, x / 1000);
	case 15: return value_long(a, x / 1000 / 60);
	case 16: return value_long(a, x / 1000 / 60 / 60);
	case 17: return value_long(a, x / 1000 / 60 / 60 / 24);
	}
	snprintf(err, errlen, "overflow in %s", nm);
	return NULL;
}
