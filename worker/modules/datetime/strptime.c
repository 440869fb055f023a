/* strptime.c -- _strptime reimplemented: format compilation to alternatives,
 * backtracking match, and the field computations. */
#include "worker/modules/datetime/strptime.h"

#include <stdlib.h>
#include <string.h>

#include "worker/modules/datetime/dt_calendar.h"
#include "worker/modules/datetime/dt_format.h"

enum elem_kind { EL_LIT, EL_WS, EL_DIR };

struct elem {
	enum elem_kind kind;
	char dir;		/* EL_DIR: directive letter */
	const char *lit;	/* EL_LIT: bytes of one character */
	size_t litlen;
};

struct compiled {
	struct elem *e;
	size_t n, cap;
};

static int is_ws(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

static int is_regex_special(char c)
{
	return strchr("\\.^$*+?(){}[]|", c) != NULL;
}

static int add(struct compiled *c, struct elem el)
{
	if (c->n == c->cap) {
		size_t ncap = c->cap ? c->cap * 2 : 32;
		struct elem *ne = realloc(c->e, ncap * sizeof *ne);
		if (!ne)
			return -1;
		c->e = ne;
		c->cap = ncap;
	}
	c->e[c->n++] = el;
	return 0;
}

static const char known[] = "dfHIGjmMSUwuVyYzAaBbpZWcxX%";

static int fmt_error(struct core_error *err, const char *what, const char *fmt, size_t flen)
{
	char f[CORE_ERR_MSG_MAX / 2] = "";
	core_error_repr_append(f, sizeof f, fmt, flen);
	(void)what;
	return core_error_set(err, "ValueError", "%s", f);
}

/* Compiles fmt (sub-formats of %c %x %X included). */
static int compile_fmt(struct compiled *c, const char *fmt, size_t flen, const char *whole,
		       size_t wlen, struct core_error *err)
{
	for (size_t i = 0; i < flen;) {
		unsigned char ch = (unsigned char)fmt[i];
		if (is_ws(ch)) {
			while (i < flen && is_ws((unsigned char)fmt[i]))
				i++;
			if (add(c, (struct elem){ EL_WS, 0, NULL, 0 }))
				return core_error_set(err, "MemoryError", "%s", "");
			continue;
		}
		if (ch != '%') {
			size_t n = ch < 0x80 ? 1 : ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC0 ? 2 : 1;
			if (i + n > flen)
				n = flen - i;
			if (add(c, (struct elem){ EL_LIT, 0, fmt + i, n }))
				return core_error_set(err, "MemoryError", "%s", "");
			i += n;
			continue;
		}
		if (i + 1 >= flen) {
			char f[CORE_ERR_MSG_MAX / 2] = "";
			(void)f;
			core_error_set(err, "ValueError", "stray %% in format '");
			size_t at = strlen(err->msg);
			size_t k = wlen < sizeof err->msg - at - 2 ? wlen : sizeof err->msg - at - 2;
			memcpy(err->msg + at, whole, k);
			err->msg[at + k] = '\'';
			err->msg[at + k + 1] = '\0';
			return -1;
		}
		char d = fmt[i + 1];
		if (d == '\0' || !strchr(known, d) || is_ws((unsigned char)d) || is_regex_special(d)) {
			char bad[8];
			size_t bl = 1;
			unsigned char b0 = (unsigned char)d;
			if (is_ws(b0) || is_regex_special(d)) {
				bad[0] = '%';
			} else {
				bl = b0 < 0x80 ? 1 : b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 1;
				if (i + 1 + bl > flen)
					bl = flen - i - 1;
				memcpy(bad, fmt + i + 1, bl);
			}
			bad[bl] = '\0';
			core_error_set(err, "ValueError", "'%s' is a bad directive in format '", bad);
			size_t at = strlen(err->msg);
			size_t k = wlen < sizeof err->msg - at - 2 ? wlen : sizeof err->msg - at - 2;
			memcpy(err->msg + at, whole, k);
			err->msg[at + k] = '\'';
			err->msg[at + k + 1] = '\0';
			return -1;
		}
		i += 2;
		const char *sub = d == 'c' ? "%a %b %d %H:%M:%S %Y" : d == 'x' ? "%m/%d/%y"
				: d == 'X' ? "%H:%M:%S" : NULL;
		if (sub) {
			if (compile_fmt(c, sub, strlen(sub), whole, wlen, err))
				return -1;
			continue;
		}
		if (d == '%') {
			if (add(c, (struct elem){ EL_LIT, 0, "%", 1 }))
				return core_error_set(err, "MemoryError", "%s", "");
			continue;
		}
		if (add(c, (struct elem){ EL_DIR, d, NULL, 0 }))
			return core_error_set(err, "MemoryError", "%s", "");
	}
	return 0;
}

/* ---- candidates: match lengths in the order the regex tries them ---- */

#define MAXC 48

struct cands {
	size_t len[MAXC];
	int n;
};

static void cand_add(struct cands *c, size_t len)
{
	for (int k = 0; k < c->n; k++)
		if (c->len[k] == len)
			return;
	if (c->n < MAXC)
		c->len[c->n++] = len;
}

/* Fixed-length alternative: each position is "d" (digit), "[xy]" a range,
 * or a literal. */
static int alt_match(const char *s, size_t len, const char *alt)
{
	size_t i = 0;
	for (const char *a = alt; *a; i++) {
		if (i >= len)
			return -1;
		char c = s[i];
		if (*a == 'D') {
			if (c < '0' || c > '9')
				return -1;
			a++;
		} else if (*a == '[') {
			if (c < a[1] || c > a[3])
				return -1;
			a += 5;
		} else {
			if (c != *a)
				return -1;
			a++;
		}
	}
	return (int)i;
}

static void alts(struct cands *c, const char *s, size_t len, const char *const *list)
{
	for (; *list; list++) {
		int n = alt_match(s, len, *list);
		if (n >= 0)
			cand_add(c, (size_t)n);
	}
}

static int ieq_prefix(const char *s, size_t len, const char *name)
{
	size_t n = strlen(name);
	if (n > len)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char a = s[i];
		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (a != name[i])
			return 0;
	}
	return 1;
}

static const char *const month_names_lc[] = { "september", "february", "november", "december",
					      "january", "october", "august", "march", "april",
					      "june", "july", "may", NULL };
static const char *const month_abbr_lc[] = { "jan", "feb", "mar", "apr", "may", "jun", "jul",
					     "aug", "sep", "oct", "nov", "dec", NULL };
static const char *const day_names_lc[] = { "wednesday", "thursday", "saturday", "tuesday",
					    "monday", "friday", "sunday", NULL };
static const char *const day_abbr_lc[] = { "mon", "tue", "wed", "thu", "fri", "sat", "sun", NULL };
static const char *const ampm_lc[] = { "am", "pm", NULL };
static const char *const zones_lc[] = { "utc", "gmt", NULL };

static void names(struct cands *c, const char *s, size_t len, const char *const *list)
{
	for (; *list; list++)
		if (ieq_prefix(s, len, *list))
			cand_add(c, strlen(*list));
}

static int isdig(const char *s, size_t len, size_t i)
{
	return i < len && s[i] >= '0' && s[i] <= '9';
}

/* %z: [+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z) */
static void z_cands(struct cands *c, const char *s, size_t len)
{
	if (len >= 3 && (s[0] == '+' || s[0] == '-') && isdig(s, len, 1) && isdig(s, len, 2)) {
		for (int colon1 = 1; colon1 >= 0; colon1--) {
			size_t i = 3;
			if (colon1) {
				if (i >= len || s[i] != ':')
					continue;
				i++;
			}
			if (!(i < len && s[i] >= '0' && s[i] <= '5' && isdig(s, len, i + 1)))
				continue;
			i += 2;
			/* optional group, greedy */
			for (int colon2 = 1; colon2 >= 0; colon2--) {
				size_t j = i;
				if (colon2) {
					if (j >= len || s[j] != ':')
						continue;
					j++;
				}
				if (!(j < len && s[j] >= '0' && s[j] <= '5' && isdig(s, len, j + 1)))
					continue;
				j += 2;
				if (j < len && s[j] == '.' && isdig(s, len, j + 1)) {
					size_t nd = 0;
					while (nd < 6 && isdig(s, len, j + 1 + nd))
						nd++;
					for (size_t k = nd; k >= 1; k--)
						cand_add(c, j + 1 + k);
				}
				cand_add(c, j);
			}
			cand_add(c, i);
		}
	}
	if (len >= 1 && s[0] == 'Z')
		cand_add(c, 1);
}

static void dir_cands(char d, const char *s, size_t len, struct cands *c)
{
	static const char *const A_d[] = { "3[0-1]", "[1-2]D", "0[1-9]", "[1-9]", " [1-9]", NULL };
	static const char *const A_H[] = { "2[0-3]", "[0-1]D", "D", NULL };
	static const char *const A_I[] = { "1[0-2]", "0[1-9]", "[1-9]", NULL };
	static const char *const A_4[] = { "DDDD", NULL };
	static const char *const A_2[] = { "DD", NULL };
	static const char *const A_j[] = { "36[0-6]", "3[0-5]D", "[1-2]DD", "0[1-9]D", "00[1-9]",
					   "[1-9]D", "0[1-9]", "[1-9]", NULL };
	static const char *const A_m[] = { "1[0-2]", "0[1-9]", "[1-9]", NULL };
	static const char *const A_M[] = { "[0-5]D", "D", NULL };
	static const char *const A_S[] = { "6[0-1]", "[0-5]D", "D", NULL };
	static const char *const A_U[] = { "5[0-3]", "[0-4]D", "D", NULL };
	static const char *const A_w[] = { "[0-6]", NULL };
	static const char *const A_u[] = { "[1-7]", NULL };
	static const char *const A_V[] = { "5[0-3]", "0[1-9]", "[1-4]D", "D", NULL };

	c->n = 0;
	switch (d) {
	case 'd': alts(c, s, len, A_d); break;
	case 'H': alts(c, s, len, A_H); break;
	case 'I': alts(c, s, len, A_I); break;
	case 'G': case 'Y': alts(c, s, len, A_4); break;
	case 'y': alts(c, s, len, A_2); break;
	case 'j': alts(c, s, len, A_j); break;
	case 'm': alts(c, s, len, A_m); break;
	case 'M': alts(c, s, len, A_M); break;
	case 'S': alts(c, s, len, A_S); break;
	case 'U': case 'W': alts(c, s, len, A_U); break;
	case 'w': alts(c, s, len, A_w); break;
	case 'u': alts(c, s, len, A_u); break;
	case 'V': alts(c, s, len, A_V); break;
	case 'f': {
		size_t nd = 0;
		while (nd < 6 && isdig(s, len, nd))
			nd++;
		for (size_t k = nd; k >= 1; k--)
			cand_add(c, k);
		break;
	}
	case 'z': z_cands(c, s, len); break;
	case 'A': names(c, s, len, day_names_lc); break;
	case 'a': names(c, s, len, day_abbr_lc); break;
	case 'B': names(c, s, len, month_names_lc); break;
	case 'b': names(c, s, len, month_abbr_lc); break;
	case 'p': names(c, s, len, ampm_lc); break;
	case 'Z': names(c, s, len, zones_lc); break;
	default: break;
	}
}

/* ---- matcher ------------------------------------------------------------ */

struct matcher {
	const struct compiled *c;
	const char *s;
	size_t len;
	unsigned char *failed;	/* bitmap over (elem, pos) */
	size_t *start, *end;	/* per element span of the successful path */
};

static int lit_eq(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char x = a[i], y = b[i];
		if (x >= 'A' && x <= 'Z')
			x = (char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (char)(y - 'A' + 'a');
		if (x != y)
			return 0;
	}
	return 1;
}

/* Iterative-deepening would be overkill: recursion depth is the number of
 * format elements, bounded by the caller. */
static int match_from(struct matcher *m, size_t ei, size_t pos)
{
	if (ei == m->c->n) {
		m->end[ei] = pos;
		return 1;
	}
	size_t bit = ei * (m->len + 1) + pos;
	if (m->failed[bit >> 3] & (1u << (bit & 7)))
		return 0;
	const struct elem *e = &m->c->e[ei];
	m->start[ei] = pos;
	if (e->kind == EL_LIT) {
		if (pos + e->litlen <= m->len && lit_eq(m->s + pos, e->lit, e->litlen) &&
		    match_from(m, ei + 1, pos + e->litlen)) {
			m->end[ei] = pos + e->litlen;
			return 1;
		}
	} else if (e->kind == EL_WS) {
		size_t n = 0;
		while (pos + n < m->len && is_ws((unsigned char)m->s[pos + n]))
			n++;
		for (; n >= 1; n--) {
			if (match_from(m, ei + 1, pos + n)) {
				m->end[ei] = pos + n;
				return 1;
			}
		}
	} else {
		struct cands c;
		dir_cands(e->dir, m->s + pos, m->len - pos, &c);
		for (int k = 0; k < c.n; k++) {
			if (match_from(m, ei + 1, pos + c.len[k])) {
				m->start[ei] = pos;
				m->end[ei] = pos + c.len[k];
				return 1;
			}
		}
	}
	m->failed[bit >> 3] |= (unsigned char)(1u << (bit & 7));
	return 0;
}

/* Longest possible successful prefix match: regex match() semantics take
 * the first successful path, which may stop before the end of the data;
 * matching the empty tail is always allowed. */

static int to_int(const char *s, size_t n)
{
	int v = 0;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* int() of a slice of the %z text: digits only, else CPython's message. */
static int py_int(const char *s, size_t n, long *out, struct core_error *err)
{
	long v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return core_error_set(err, "ValueError",
					     "invalid literal for int() with base 10: '%.*s'", (int)n, s);
		v = v * 10 + (s[i] - '0');
	}
	if (n == 0)
		return core_error_set(err, "ValueError", "invalid literal for int() with base 10: ''");
	*out = v;
	return 0;
}

static int name_index(const char *s, size_t n, const char *const *full_order)
{
	for (int k = 0; full_order[k]; k++)
		if (strlen(full_order[k]) == n && lit_eq(s, full_order[k], n))
			return k;
	return -1;
}

static const char *const day_full_order[] = { "monday", "tuesday", "wednesday", "thursday",
					      "friday", "saturday", "sunday", NULL };
static const char *const month_full_order[] = { "", "january", "february", "march", "april",
						"may", "june", "july", "august", "september",
						"october", "november", "december", NULL };
static const char *const month_abbr_order[] = { "", "jan", "feb", "mar", "apr", "may", "jun",
						"jul", "aug", "sep", "oct", "nov", "dec", NULL };

static int data_fmt_error(struct core_error *err, const char *data, size_t dlen, const char *fmt,
			  size_t flen)
{
	char d[CORE_ERR_MSG_MAX / 2] = "", f[CORE_ERR_MSG_MAX / 2 - 48] = "";
	core_error_repr_append(d, sizeof d, data, dlen);
	core_error_repr_append(f, sizeof f, fmt, flen);
	return core_error_set(err, "ValueError", "time data %s does not match format %s", d, f);
}

#define MAX_ELEMS 4096
#define MAX_BITMAP ((size_t)64 << 20)

static int64_t date_ord(int64_t y, int m, int d)
{
	return dt_ymd_to_ord(y, m, d);
}

static int check_ymd(int64_t y, int m, int d, struct core_error *err)
{
	return dt_check_date(y, m, d, err);
}

int dt_strptime(const char *data, size_t dlen, const char *fmt, size_t flen,
		struct strptime_result *r, struct core_error *err)
{
	struct compiled c = { NULL, 0, 0 };
	struct matcher m;
	int rc = -1;

	core_error_clear(err);
	(void)fmt_error;
	memset(r, 0, sizeof *r);
	if (compile_fmt(&c, fmt, flen, fmt, flen, err))
		goto out_c;
	/* a directive used twice: CPython's regex refuses the second group */
	{
		char seen[128] = { 0 };
		for (size_t k = 0; k < c.n; k++) {
			if (c.e[k].kind != EL_DIR)
				continue;
			unsigned char d = (unsigned char)c.e[k].dir;
			if (seen[d]) {
				core_error_set(err, "re.error", "redefinition of group name '%c'", d);
				goto out_c;
			}
			seen[d] = 1;
		}
	}
	if (c.n > MAX_ELEMS || (c.n + 1) * (dlen + 1) / 8 + 1 > MAX_BITMAP) {
		data_fmt_error(err, data, dlen, fmt, flen);
		goto out_c;
	}
	m.c = &c;
	m.s = data;
	m.len = dlen;
	m.failed = calloc((c.n + 1) * (dlen + 1) / 8 + 1, 1);
	m.start = calloc(c.n + 1, sizeof(size_t));
	m.end = calloc(c.n + 1, sizeof(size_t));
	if (!m.failed || !m.start || !m.end) {
		core_error_set(err, "MemoryError", "%s", "");
		goto out_m;
	}
	/* regex match(): the first path that reaches the end of the pattern,
	 * whatever data follows */
	{
		/* find the first success for the pattern followed by "anything":
		 * emulate by accepting at the pattern end regardless of pos */
		if (!match_from(&m, 0, 0)) {
			data_fmt_error(err, data, dlen, fmt, flen);
			goto out_m;
		}
	}
	size_t matched_end = m.end[c.n];
	if (matched_end != dlen) {
		core_error_set(err, "ValueError", "unconverted data remains: %.*s",
			      (int)(dlen - matched_end), data + matched_end);
		goto out_m;
	}

	/* ---- field computation as _strptime ---- */
	int have_year = 0, have_iso_year = 0, have_weekday = 0, have_julian = 0;
	int have_week = 0, have_iso_week = 0;
	int64_t year = 0, iso_year = 0;
	int month = 1, day = 1, hour = 0, minute = 0, second = 0, weekday = 0, julian = 0;
	int week_of_year = 0, week_starts_mon = 0, iso_week = 0;
	const char *ampm = NULL;
	size_t ampm_len = 0;

	r->tz = -1;
	for (size_t k = 0; k < c.n; k++)
		if (c.e[k].kind == EL_DIR && c.e[k].dir == 'p') {
			ampm = data + m.start[k];
			ampm_len = m.end[k] - m.start[k];
		}
	for (size_t k = 0; k < c.n; k++) {
		if (c.e[k].kind != EL_DIR)
			continue;
		const char *v = data + m.start[k];
		size_t n = m.end[k] - m.start[k];
		switch (c.e[k].dir) {
		case 'y':
			year = to_int(v, n);
			year += year <= 68 ? 2000 : 1900;
			have_year = 1;
			break;
		case 'Y': year = to_int(v, n); have_year = 1; break;
		case 'G': iso_year = to_int(v, n); have_iso_year = 1; break;
		case 'm': month = to_int(v, n); break;
		case 'B': month = name_index(v, n, month_full_order); break;
		case 'b': month = name_index(v, n, month_abbr_order); break;
		case 'd': day = to_int(v[0] == ' ' ? v + 1 : v, v[0] == ' ' ? n - 1 : n); break;
		case 'H': hour = to_int(v, n); break;
		case 'I':
			hour = to_int(v, n);
			if (!ampm || lit_eq(ampm, "am", 2)) {
				if (hour == 12)
					hour = 0;
			} else if (ampm_len == 2 && lit_eq(ampm, "pm", 2)) {
				if (hour != 12)
					hour += 12;
			}
			break;
		case 'M': minute = to_int(v, n); break;
		case 'S': second = to_int(v, n); break;
		case 'f': {
			int f = to_int(v, n);
			for (size_t z = n; z < 6; z++)
				f *= 10;
			r->fraction = f;
			break;
		}
		case 'A': weekday = name_index(v, n, day_full_order); have_weekday = 1; break;
		case 'a': {
			static const char *const ab[] = { "mon", "tue", "wed", "thu", "fri", "sat", "sun", NULL };
			weekday = name_index(v, n, ab);
			have_weekday = 1;
			break;
		}
		case 'w':
			weekday = to_int(v, n);
			weekday = weekday == 0 ? 6 : weekday - 1;
			have_weekday = 1;
			break;
		case 'u': weekday = to_int(v, n) - 1; have_weekday = 1; break;
		case 'j': julian = to_int(v, n); have_julian = 1; break;
		case 'U': case 'W':
			week_of_year = to_int(v, n);
			week_starts_mon = c.e[k].dir == 'W';
			have_week = 1;
			break;
		case 'V': iso_week = to_int(v, n); have_iso_week = 1; break;
		case 'z':
			if (n == 1) {
				r->gmtoff = 0;
			} else {
				char z[24];
				size_t zl = n < sizeof z - 1 ? n : sizeof z - 1;
				memcpy(z, v, zl);
				z[zl] = '\0';
				if (z[3] == ':') {
					memmove(z + 3, z + 4, zl - 3);
					zl--;
					if (zl > 5) {
						if (z[5] != ':') {
							core_error_set(err, "ValueError",
								      "Inconsistent use of : in %.*s", (int)n, v);
							goto out_m;
						}
						memmove(z + 5, z + 6, zl - 5);
						zl--;
					}
				}
				long hours = 0, mins = 0, secs = 0, frac = 0;
				if (py_int(z + 1, 2, &hours, err) || py_int(z + 3, 2, &mins, err) ||
				    (zl > 5 && py_int(z + 5, zl >= 7 ? 2 : zl - 5, &secs, err)))
					goto out_m;
				if (zl > 8) {
					if (py_int(z + 8, zl - 8, &frac, err))
						goto out_m;
					for (size_t q = zl - 8; q < 6; q++)
						frac *= 10;
				}
				long off = hours * 3600 + mins * 60 + secs;
				if (z[0] == '-') {
					off = -off;
					frac = -frac;
				}
				r->gmtoff = off;
				r->gmtoff_fraction = (int)frac;
			}
			r->has_gmtoff = 1;
			break;
		case 'Z':
			r->tz = 0;
			r->has_tzname = 1;
			memcpy(r->tzname, v, n < sizeof r->tzname - 1 ? n : sizeof r->tzname - 1);
			break;
		default:
			break;
		}
	}
	if (!have_year && have_iso_year) {
		if (!have_iso_week || !have_weekday) {
			core_error_set(err, "ValueError", "ISO year directive '%%G' must be used with the ISO week directive '%%V' and a weekday directive ('%%A', '%%a', '%%w', or '%%u').");
			goto out_m;
		}
		if (have_julian) {
			core_error_set(err, "ValueError", "Day of the year directive '%%j' is not compatible with ISO year directive '%%G'. Use '%%Y' instead.");
			goto out_m;
		}
	} else if (!have_week && have_iso_week) {
		if (!have_weekday)
			core_error_set(err, "ValueError", "ISO week directive '%%V' must be used with the ISO year directive '%%G' and a weekday directive ('%%A', '%%a', '%%w', or '%%u').");
		else
			core_error_set(err, "ValueError", "ISO week directive '%%V' is incompatible with the year directive '%%Y'. Use the ISO year '%%G' instead.");
		goto out_m;
	}
	int leap_year_fix = 0;
	if (!have_year && month == 2 && day == 29) {
		year = 1904;
		leap_year_fix = 1;
	} else if (!have_year) {
		year = 1900;
	}
	if (!have_julian && have_weekday) {
		int computed = 0;
		if (have_week) {
			if (check_ymd(year, 1, 1, err))
				goto out_m;
			int first = dt_weekday(year, 1, 1), dow = weekday;
			if (!week_starts_mon) {
				first = (first + 1) % 7;
				dow = (dow + 1) % 7;
			}
			int week0 = (7 - first) % 7;
			julian = week_of_year == 0 ? 1 + dow - first : 1 + week0 + 7 * (week_of_year - 1) + dow;
			computed = 1;
		} else if (have_iso_year && have_iso_week) {
			if (check_ymd(iso_year, 1, 4, err))
				goto out_m;
			int correction = dt_weekday(iso_year, 1, 4) + 1 + 3;
			int64_t ord = (int64_t)iso_week * 7 + (weekday + 1) - correction;
			if (ord < 1) {
				ord += date_ord(iso_year, 1, 1);
				iso_year--;
				if (check_ymd(iso_year, 1, 1, err))
					goto out_m;
				ord -= date_ord(iso_year, 1, 1);
			}
			year = iso_year;
			julian = (int)ord;
			computed = 1;
		}
		if (computed && julian <= 0) {
			year--;
			julian += dt_is_leap(year) ? 366 : 365;
		}
		have_julian = computed;
	}
	if (!have_julian) {
		if (check_ymd(year, month, day, err))
			goto out_m;
		julian = (int)(date_ord(year, month, day) - date_ord(year, 1, 1) + 1);
	} else {
		if (check_ymd(year, 1, 1, err))
			goto out_m;
		int64_t ord = (julian - 1) + date_ord(year, 1, 1), y;
		if (ord < 1 || ord > 3652059) {
			if (ord < 1)
				core_error_set(err, "ValueError", "ordinal must be >= 1");
			else
				core_error_set(err, "ValueError", "year %lld is out of range",
					      (long long)(year + 1));
			goto out_m;
		}
		dt_ord_to_ymd(ord, &y, &month, &day);
		year = y;
	}
	if (!have_weekday)
		weekday = dt_weekday(year, month, day);
	if (leap_year_fix)
		year = 1900;
	r->year = (int)year;
	r->month = month;
	r->day = day;
	r->hour = hour;
	r->minute = minute;
	r->second = second;
	r->weekday = weekday;
	r->julian = julian;
	rc = 0;
out_m:
	free(m.failed);
	free(m.start);
	free(m.end);
out_c:
	free(c.e);
	return rc;
}

int dt_strptime_datetime_check(const struct strptime_result *r, struct core_error *err)
{
	core_error_clear(err);
	if (dt_check_date(r->year, r->month, r->day, err) ||
	    dt_check_time(r->hour, r->minute, r->second, r->fraction, 0, err))
		return -1;
	if (r->has_gmtoff) {
		struct dt_delta off;
		if (dt_delta_from_us((__int128)r->gmtoff * 1000000 + r->gmtoff_fraction, &off, err) ||
		    dt_check_tz_offset(&off, err))
			return -1;
	}
	return 0;
}
