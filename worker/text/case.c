/* worker/text/case.c -- case mapping of str exactly as CPython 3.11
 * (Objects/unicodeobject.c do_upper/do_lower/do_title/...): full
 * SpecialCasing mappings from libunistring, CPython's final sigma rule
 * and its title/capitalize/swapcase definitions; plus the ASCII-only
 * bytes variants.  See text_case.h. */
#include "config.h"

#include <stdlib.h>

#include <unicase.h>
#include <unictype.h>

#include "worker/text/text_case.h"
#include "worker/text/text_ctype.h"
#include "worker/text/text_utf8.h"

/* Code points whose full mapping (upper, lower, title or casefold) is not
 * the simple one: SpecialCasing entries and CaseFolding entries that differ
 * from lowercasing.  Everything else maps through uc_to*() directly.  The
 * unit tests check every code point against CPython. */
static const struct { uint32_t lo, hi; } special_ranges[] = {
	{ 0xB5, 0xB5 }, { 0xDF, 0xDF }, { 0x130, 0x130 }, { 0x149, 0x149 },
	{ 0x17F, 0x17F }, { 0x1F0, 0x1F0 }, { 0x345, 0x345 }, { 0x390, 0x390 },
	{ 0x3B0, 0x3B0 }, { 0x3C2, 0x3C2 }, { 0x3D0, 0x3D1 }, { 0x3D5, 0x3D6 },
	{ 0x3F0, 0x3F1 }, { 0x3F5, 0x3F5 }, { 0x587, 0x587 }, { 0x13A0, 0x13F5 },
	{ 0x13F8, 0x13FD }, { 0x1C80, 0x1C88 }, { 0x1E96, 0x1E9B }, { 0x1E9E, 0x1E9E },
	{ 0x1F50, 0x1F56 }, { 0x1F80, 0x1FFC }, { 0xAB70, 0xABBF }, { 0xFB00, 0xFB17 },
};

static bool is_special(uint32_t cp)
{
	if (cp < 0xB5 || cp > 0xFB17)
		return false;
	for (size_t i = 0; i < sizeof special_ranges / sizeof special_ranges[0]; i++) {
		if (cp < special_ranges[i].lo)
			return false;
		if (cp <= special_ranges[i].hi)
			return true;
	}
	return false;
}

typedef uint32_t *(*u32_map_fn)(const uint32_t *s, size_t n, const char *lang,
				uninorm_t nf, uint32_t *resultbuf, size_t *lengthp);

/* Full mapping of one code point through libunistring's string API. */
static int map_full(uint32_t cp, u32_map_fn fn, uint32_t out[3])
{
	uint32_t buf[8];
	size_t n = sizeof buf / sizeof buf[0];
	uint32_t *r = fn(&cp, 1, NULL, NULL, buf, &n);
	if (!r || n == 0 || n > 3) {
		/* Cannot happen with Unicode 14 data; keep the code point. */
		if (r && r != buf)
			free(r);
		out[0] = cp;
		return 1;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = r[i];
	if (r != buf)
		free(r);
	return (int)n;
}

uint32_t text_cp_upper(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
	return text_cp_is_surrogate(cp) ? cp : uc_toupper(cp);
}

uint32_t text_cp_lower(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
	return text_cp_is_surrogate(cp) ? cp : uc_tolower(cp);
}

uint32_t text_cp_title(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
	return text_cp_is_surrogate(cp) ? cp : uc_totitle(cp);
}

int text_cp_upper_full(uint32_t cp, uint32_t out[3])
{
	if (is_special(cp))
		return map_full(cp, u32_toupper, out);
	out[0] = text_cp_upper(cp);
	return 1;
}

int text_cp_lower_full(uint32_t cp, uint32_t out[3])
{
	if (cp == 0x130)
		return map_full(cp, u32_tolower, out);
	out[0] = text_cp_lower(cp);
	return 1;
}

int text_cp_title_full(uint32_t cp, uint32_t out[3])
{
	if (is_special(cp))
		return map_full(cp, u32_totitle, out);
	out[0] = text_cp_title(cp);
	return 1;
}

int text_cp_fold_full(uint32_t cp, uint32_t out[3])
{
	if (is_special(cp))
		return map_full(cp, u32_casefold, out);
	out[0] = text_cp_lower(cp);
	return 1;
}

/* CPython's handle_capital_sigma: U+03A3 at byte offset pos (its encoding
 * is 2 bytes) lowers to final sigma when preceded by a cased letter
 * (skipping case-ignorables) and not followed by one. */
static uint32_t capital_sigma(const char *s, size_t len, size_t pos)
{
	size_t j = pos;
	uint32_t c = 0;
	bool found = false;
	while (j > 0) {
		c = text_utf8_prev(s, &j);
		if (!text_cp_iscaseignorable(c)) {
			found = true;
			break;
		}
	}
	if (!found || !text_cp_iscased(c))
		return 0x3C3;
	j = pos + 2;
	while (j < len) {
		c = text_utf8_next(s, len, &j);
		if (!text_cp_iscaseignorable(c))
			return text_cp_iscased(c) ? 0x3C3 : 0x3C2;
	}
	return 0x3C2;
}

static int lower_at(const char *s, size_t len, size_t pos, uint32_t cp, uint32_t out[3])
{
	if (cp == 0x3A3) {
		out[0] = capital_sigma(s, len, pos);
		return 1;
	}
	return text_cp_lower_full(cp, out);
}

static int put_mapped(struct text_buf *out, const uint32_t *m, int n)
{
	for (int i = 0; i < n; i++)
		if (text_buf_put_cp(out, m[i]) != TEXT_OK)
			return TEXT_ENOMEM;
	return TEXT_OK;
}

enum case_op { OP_UPPER, OP_LOWER, OP_FOLD, OP_TITLE, OP_CAPITALIZE, OP_SWAPCASE };

static int ascii_map(const char *s, size_t len, enum case_op op, struct text_buf *out)
{
	if (text_buf_reserve(out, len) != TEXT_OK)
		return TEXT_ENOMEM;
	unsigned char *o = (unsigned char *)out->data + out->len;
	const unsigned char *u = (const unsigned char *)s;
	bool prev_cased = false;
	switch (op) {
	case OP_UPPER:
		for (size_t i = 0; i < len; i++)
			o[i] = (unsigned char)(u[i] - (((unsigned)u[i] - 'a' < 26u) << 5));
		break;
	case OP_LOWER: case OP_FOLD:
		for (size_t i = 0; i < len; i++)
			o[i] = (unsigned char)(u[i] + (((unsigned)u[i] - 'A' < 26u) << 5));
		break;
	default:
		for (size_t i = 0; i < len; i++) {
			unsigned char c = u[i];
			bool up = (unsigned)c - 'A' < 26u, lo = (unsigned)c - 'a' < 26u;
			bool to_upper = op == OP_TITLE ? !prev_cased
					: op == OP_CAPITALIZE ? i == 0 : lo;
			if (to_upper && lo)
				c = (unsigned char)(c - 32);
			else if (!to_upper && up)
				c = (unsigned char)(c + 32);
			o[i] = c;
			prev_cased = up || lo;
		}
		break;
	}
	out->len += len;
	out->data[out->len] = '\0';
	return TEXT_OK;
}

static int case_map(const char *s, size_t len, enum case_op op, struct text_buf *out)
{
	if (text_is_ascii(s, len))
		return ascii_map(s, len, op, out);
	if (text_buf_reserve(out, len) != TEXT_OK)
		return TEXT_ENOMEM;
	bool prev_cased = false;
	size_t pos = 0;
	while (pos < len) {
		size_t at = pos;
		uint32_t cp = text_utf8_next(s, len, &pos);
		uint32_t m[3];
		int n;
		switch (op) {
		case OP_UPPER:
			n = text_cp_upper_full(cp, m);
			break;
		case OP_LOWER:
			n = lower_at(s, len, at, cp, m);
			break;
		case OP_FOLD:
			n = text_cp_fold_full(cp, m);
			break;
		case OP_TITLE:
			n = prev_cased ? lower_at(s, len, at, cp, m) : text_cp_title_full(cp, m);
			prev_cased = text_cp_iscased(cp);
			break;
		case OP_CAPITALIZE:
			n = at == 0 ? text_cp_title_full(cp, m) : lower_at(s, len, at, cp, m);
			break;
		default: /* OP_SWAPCASE */
			if (text_cp_isupper(cp)) {
				n = lower_at(s, len, at, cp, m);
			} else if (text_cp_islower(cp)) {
				n = text_cp_upper_full(cp, m);
			} else {
				m[0] = cp;
				n = 1;
			}
			break;
		}
		if (put_mapped(out, m, n) != TEXT_OK)
			return TEXT_ENOMEM;
	}
	return TEXT_OK;
}

int text_upper(const char *s, size_t len, struct text_buf *out)
{
	return case_map(s, len, OP_UPPER, out);
}

int text_lower(const char *s, size_t len, struct text_buf *out)
{
	return case_map(s, len, OP_LOWER, out);
}

int text_casefold(const char *s, size_t len, struct text_buf *out)
{
	return case_map(s, len, OP_FOLD, out);
}

int text_title(const char *s, size_t len, struct text_buf *out)
{
	return case_map(s, len, OP_TITLE, out);
}

int text_capitalize(const char *s, size_t len, struct text_buf *out)
{
	return case_map(s, len, OP_CAPITALIZE, out);
}

int text_swapcase(const char *s, size_t len, struct text_buf *out)
{
	return case_map(s, len, OP_SWAPCASE, out);
}

/* bytes: ASCII letters only. */
static inline bool a_up(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static inline bool a_lo(unsigned char c) { return c >= 'a' && c <= 'z'; }

void text_bytes_upper(const char *s, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		out[i] = (char)(a_lo(c) ? c - 32 : c);
	}
}

void text_bytes_lower(const char *s, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		out[i] = (char)(a_up(c) ? c + 32 : c);
	}
}

void text_bytes_title(const char *s, size_t len, char *out)
{
	bool prev_cased = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		bool cased = a_up(c) || a_lo(c);
		if (prev_cased && a_up(c))
			c = (unsigned char)(c + 32);
		else if (!prev_cased && a_lo(c))
			c = (unsigned char)(c - 32);
		out[i] = (char)c;
		prev_cased = cased;
	}
}

void text_bytes_capitalize(const char *s, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == 0 && a_lo(c))
			c = (unsigned char)(c - 32);
		else if (i > 0 && a_up(c))
			c = (unsigned char)(c + 32);
		out[i] = (char)c;
	}
}

void text_bytes_swapcase(const char *s, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		out[i] = (char)(a_up(c) ? c + 32 : a_lo(c) ? c - 32 : c);
	}
}
