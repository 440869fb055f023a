/* worker/text/unidata.c -- the cores of Python's unicodedata module on
 * libunistring (Unicode 14.0.0, like CPython 3.11), with CPython's
 * conventions for unassigned code points, Hangul and error texts, and two
 * generated tables (unidata_tables.inc) for what libunistring does not
 * export.  See text_unidata.h. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <unictype.h>
#include <uniname.h>
#include <uninorm.h>

#include "worker/text/text_unidata.h"
#include "worker/text/text_utf8.h"

enum eaw { EAW_F, EAW_H, EAW_W, EAW_NA, EAW_A, EAW_N };
struct eaw_run { uint32_t lo, hi; enum eaw value; };
struct cp_run { uint32_t lo, hi; };
struct unihan_numeric { uint32_t cp; double value; };
/* The name is inline, not a pointer: a table of pointers needs a relocation
 * per entry when box-worker starts (static-pie), and applying them dirties
 * every page of the table (7 pages, 7 page faults) before any script asks
 * for a name; inline, the table is read-only data, read only when used. */
struct name_alias { char name[64]; int n; uint32_t cps[4]; };

#include "worker/text/unidata_tables.inc"

#define NAME_MAXLEN 256
#define CJK_PREFIX "CJK UNIFIED IDEOGRAPH-"
#define HANGUL_PREFIX "HANGUL SYLLABLE "

static bool valid_cp(uint32_t cp)
{
	return cp <= TEXT_MAX_CP;
}

static bool in_runs(const struct cp_run *runs, size_t n, uint32_t cp)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cp < runs[mid].lo)
			hi = mid;
		else if (cp > runs[mid].hi)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

static bool is_cjk_unified(uint32_t cp)
{
	return in_runs(cjk_unified_runs, sizeof cjk_unified_runs / sizeof cjk_unified_runs[0], cp);
}

/* Hangul syllables are named from the short names of their jamo (Unicode
 * 3.12, Jamo.txt); libunistring 1.0 misspells the final NJ as "NI". */
#define HANGUL_BASE 0xAC00
#define HANGUL_COUNT 11172
#define HANGUL_V 21
#define HANGUL_T 28
static const char *const jamo_l[] = {
	"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ",
	"C", "K", "T", "P", "H",
};
static const char *const jamo_v[] = {
	"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO",
	"U", "WEO", "WE", "WI", "YU", "EU", "YI", "I",
};
static const char *const jamo_t[] = {
	"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT",
	"LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H",
};

/* Longest jamo short name in table[0..n) starting s[0..len); -1 if none. */
static int longest_jamo(const char *const *table, int n, const char *s, size_t len,
			size_t *used)
{
	int best = -1;
	size_t best_len = 0;
	for (int i = 0; i < n; i++) {
		size_t l = strlen(table[i]);
		if (l <= len && memcmp(s, table[i], l) == 0 && (best < 0 || l > best_len)) {
			best = i;
			best_len = l;
		}
	}
	*used = best_len;
	return best;
}

static bool lookup_hangul(const char *name, size_t len, uint32_t *cp)
{
	size_t pos = sizeof HANGUL_PREFIX - 1, used;
	int l = longest_jamo(jamo_l, 19, name + pos, len - pos, &used);
	pos += used;
	int v = longest_jamo(jamo_v, HANGUL_V, name + pos, len - pos, &used);
	pos += used;
	int t = longest_jamo(jamo_t, HANGUL_T, name + pos, len - pos, &used);
	pos += used;
	if (l < 0 || v < 0 || t < 0 || pos != len)
		return false;
	*cp = HANGUL_BASE + (uint32_t)((l * HANGUL_V + v) * HANGUL_T + t);
	return true;
}

int text_ud_name(uint32_t cp, struct text_buf *out, struct text_error *err)
{
	char buf[UNINAME_MAX];
	if (is_cjk_unified(cp))
		return text_buf_printf(out, CJK_PREFIX "%04X", cp);
	if (cp >= HANGUL_BASE && cp < HANGUL_BASE + HANGUL_COUNT) {
		uint32_t i = cp - HANGUL_BASE;
		return text_buf_printf(out, HANGUL_PREFIX "%s%s%s", jamo_l[i / (HANGUL_V * HANGUL_T)],
				       jamo_v[(i / HANGUL_T) % HANGUL_V], jamo_t[i % HANGUL_T]);
	}
	if (!valid_cp(cp) || text_cp_is_surrogate(cp) || !unicode_character_name(cp, buf))
		return text_error_set(err, TEXT_EVALUE, "no such name");
	return text_buf_append(out, buf, strlen(buf));
}

/* CPython names CJK unified ideographs "CJK UNIFIED IDEOGRAPH-" + 4 or 5
 * upper-case hex digits, matched case-sensitively. */
static bool lookup_cjk(const char *name, size_t len, uint32_t *cp)
{
	size_t plen = sizeof CJK_PREFIX - 1;
	if (len != plen + 4 && len != plen + 5)
		return false;
	uint32_t v = 0;
	for (size_t i = plen; i < len; i++) {
		char c = name[i];
		if (c >= '0' && c <= '9')
			v = v * 16 + (uint32_t)(c - '0');
		else if (c >= 'A' && c <= 'F')
			v = v * 16 + (uint32_t)(c - 'A' + 10);
		else
			return false;
	}
	*cp = v;
	return is_cjk_unified(v);
}

static bool has_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	return len >= n && memcmp(s, prefix, n) == 0;
}

static const struct name_alias *find_alias(const char *upper)
{
	size_t lo = 0, hi = sizeof name_aliases / sizeof name_aliases[0];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(upper, name_aliases[mid].name);
		if (c == 0)
			return &name_aliases[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Resolve a name to one code point (*cp) or an alias/named sequence
 * entry (*alias); false when unknown. */
static bool resolve_name(const char *name, size_t len, uint32_t *cp,
			 const struct name_alias **alias)
{
	char up[NAME_MAXLEN + 1];
	*alias = NULL;
	*cp = UNINAME_INVALID;
	if (len > NAME_MAXLEN || memchr(name, '\0', len))
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = name[i];
		up[i] = (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
	}
	up[len] = '\0';
	if (has_prefix(up, len, CJK_PREFIX) || has_prefix(up, len, HANGUL_PREFIX)) {
		/* CPython matches these prefixes case-sensitively. */
		if (has_prefix(name, len, CJK_PREFIX))
			return lookup_cjk(name, len, cp);
		if (has_prefix(name, len, HANGUL_PREFIX))
			return lookup_hangul(name, len, cp);
		return false;
	}
	*cp = unicode_name_character(up);
	if (*cp != UNINAME_INVALID)
		return true;
	*alias = find_alias(up);
	return *alias != NULL;
}

static int undefined_name(const char *name, size_t len, struct text_error *err)
{
	if (len > NAME_MAXLEN)
		return text_error_set(err, TEXT_EKEY, "name too long");
	return text_error_set(err, TEXT_EKEY, "undefined character name '%.*s'", (int)len, name);
}

int text_ud_lookup(const char *name, size_t len, struct text_buf *out, struct text_error *err)
{
	uint32_t cp;
	const struct name_alias *a;
	if (!resolve_name(name, len, &cp, &a))
		return undefined_name(name, len, err);
	if (!a)
		return text_buf_put_cp(out, cp);
	for (int i = 0; i < a->n; i++)
		if (text_buf_put_cp(out, a->cps[i]) != TEXT_OK)
			return TEXT_ENOMEM;
	return TEXT_OK;
}

int text_ud_lookup_cp(const char *name, size_t len, uint32_t *cp, struct text_error *err)
{
	const struct name_alias *a;
	if (!resolve_name(name, len, cp, &a) || (a && a->n != 1))
		return undefined_name(name, len, err);
	if (a)
		*cp = a->cps[0];
	return TEXT_OK;
}

const char *text_ud_category(uint32_t cp)
{
	if (!valid_cp(cp))
		return "Cn";
	return uc_general_category_name(uc_general_category(cp));
}

static bool unassigned(uint32_t cp)
{
	return !valid_cp(cp) || uc_is_general_category(cp, UC_UNASSIGNED);
}

const char *text_ud_bidirectional(uint32_t cp)
{
	/* Our own names: libunistring 1.0's uc_bidi_class_name() has none for
	 * the isolates (LRI RLI FSI PDI). */
	static const char *const names[] = {
		[UC_BIDI_L] = "L", [UC_BIDI_LRE] = "LRE", [UC_BIDI_LRO] = "LRO",
		[UC_BIDI_R] = "R", [UC_BIDI_AL] = "AL", [UC_BIDI_RLE] = "RLE",
		[UC_BIDI_RLO] = "RLO", [UC_BIDI_PDF] = "PDF", [UC_BIDI_EN] = "EN",
		[UC_BIDI_ES] = "ES", [UC_BIDI_ET] = "ET", [UC_BIDI_AN] = "AN",
		[UC_BIDI_CS] = "CS", [UC_BIDI_NSM] = "NSM", [UC_BIDI_BN] = "BN",
		[UC_BIDI_B] = "B", [UC_BIDI_S] = "S", [UC_BIDI_WS] = "WS",
		[UC_BIDI_ON] = "ON", [UC_BIDI_LRI] = "LRI", [UC_BIDI_RLI] = "RLI",
		[UC_BIDI_FSI] = "FSI", [UC_BIDI_PDI] = "PDI",
	};
	if (unassigned(cp))
		return "";
	int b = uc_bidi_class(cp);
	if (b < 0 || (size_t)b >= sizeof names / sizeof names[0] || !names[b])
		return "";
	return names[b];
}

int text_ud_combining(uint32_t cp)
{
	return valid_cp(cp) ? uc_combining_class(cp) : 0;
}

int text_ud_mirrored(uint32_t cp)
{
	return in_runs(mirrored_runs, sizeof mirrored_runs / sizeof mirrored_runs[0], cp);
}

const char *text_ud_east_asian_width(uint32_t cp)
{
	static const char *const names[] = { "F", "H", "W", "Na", "A", "N" };
	size_t lo = 0, hi = sizeof eaw_runs / sizeof eaw_runs[0];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cp < eaw_runs[mid].lo)
			hi = mid;
		else if (cp > eaw_runs[mid].hi)
			lo = mid + 1;
		else
			return names[eaw_runs[mid].value];
	}
	return "N";
}

int text_ud_decomposition(uint32_t cp, struct text_buf *out)
{
	static const char *const tags[] = {
		[UC_DECOMP_CANONICAL] = "", [UC_DECOMP_FONT] = "<font>",
		[UC_DECOMP_NOBREAK] = "<noBreak>", [UC_DECOMP_INITIAL] = "<initial>",
		[UC_DECOMP_MEDIAL] = "<medial>", [UC_DECOMP_FINAL] = "<final>",
		[UC_DECOMP_ISOLATED] = "<isolated>", [UC_DECOMP_CIRCLE] = "<circle>",
		[UC_DECOMP_SUPER] = "<super>", [UC_DECOMP_SUB] = "<sub>",
		[UC_DECOMP_VERTICAL] = "<vertical>", [UC_DECOMP_WIDE] = "<wide>",
		[UC_DECOMP_NARROW] = "<narrow>", [UC_DECOMP_SMALL] = "<small>",
		[UC_DECOMP_SQUARE] = "<square>", [UC_DECOMP_FRACTION] = "<fraction>",
		[UC_DECOMP_COMPAT] = "<compat>",
	};
	/* CPython lists no (algorithmic) decomposition for Hangul syllables. */
	if (!valid_cp(cp) || text_cp_is_surrogate(cp) || (cp >= 0xAC00 && cp <= 0xD7A3))
		return TEXT_OK;
	int tag;
	uint32_t d[UC_DECOMPOSITION_MAX_LENGTH];
	int n = uc_decomposition(cp, &tag, d);
	if (n <= 0)
		return TEXT_OK;
	const char *t = tag >= 0 && (size_t)tag < sizeof tags / sizeof tags[0] && tags[tag]
				? tags[tag] : "";
	if (*t && text_buf_append(out, t, strlen(t)) != TEXT_OK)
		return TEXT_ENOMEM;
	for (int i = 0; i < n; i++)
		if (text_buf_printf(out, "%s%04X", (i == 0 && !*t) ? "" : " ", d[i]) != TEXT_OK)
			return TEXT_ENOMEM;
	return TEXT_OK;
}

int text_ud_decimal(uint32_t cp, long *value, struct text_error *err)
{
	int v = valid_cp(cp) ? uc_decimal_value(cp) : -1;
	if (v < 0)
		return text_error_set(err, TEXT_EVALUE, "not a decimal");
	*value = v;
	return TEXT_OK;
}

int text_ud_digit(uint32_t cp, long *value, struct text_error *err)
{
	int v = valid_cp(cp) ? uc_digit_value(cp) : -1;
	if (v < 0)
		return text_error_set(err, TEXT_EVALUE, "not a digit");
	*value = v;
	return TEXT_OK;
}

int text_ud_numeric(uint32_t cp, double *value, struct text_error *err)
{
	/* Our table first: Unihan values of ideographs (CPython has them,
	 * libunistring not) and values beyond libunistring's int numerator. */
	size_t lo = 0, hi = sizeof unihan_numerics / sizeof unihan_numerics[0];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cp < unihan_numerics[mid].cp) {
			hi = mid;
		} else if (cp > unihan_numerics[mid].cp) {
			lo = mid + 1;
		} else {
			*value = unihan_numerics[mid].value;
			return TEXT_OK;
		}
	}
	uc_fraction_t f = { 0, 0 };
	if (valid_cp(cp))
		f = uc_numeric_value(cp);
	if (f.denominator == 0)
		return text_error_set(err, TEXT_EVALUE, "not a numeric character");
	*value = (double)f.numerator / (double)f.denominator;
	return TEXT_OK;
}

int text_ud_form(const char *name, size_t len, enum text_nf *form, struct text_error *err)
{
	static const char *const names[] = { "NFC", "NFD", "NFKC", "NFKD" };
	for (int i = 0; i < 4; i++) {
		if (strlen(names[i]) == len && memcmp(names[i], name, len) == 0) {
			*form = (enum text_nf)i;
			return TEXT_OK;
		}
	}
	return text_error_set(err, TEXT_EVALUE, "invalid normalization form");
}

static uninorm_t uninorm_of(enum text_nf form)
{
	switch (form) {
	case TEXT_NFC: return UNINORM_NFC;
	case TEXT_NFD: return UNINORM_NFD;
	case TEXT_NFKC: return UNINORM_NFKC;
	default: return UNINORM_NFKD;
	}
}

/* Normalise s[0..len) which holds no surrogates.  libunistring writes
 * into our buffer when the result fits (so the memory is accounted), else
 * into a malloc'd block we copy and free at once. */
static int normalize_segment(uninorm_t nf, const char *s, size_t len, struct text_buf *out)
{
	if (len == 0)
		return TEXT_OK;
	size_t room;
	if (__builtin_mul_overflow(len, 3, &room) || __builtin_add_overflow(room, 16, &room) ||
	    text_buf_reserve(out, room) != TEXT_OK)
		return TEXT_ENOMEM;
	uint8_t *dst = (uint8_t *)out->data + out->len;
	size_t n = room;
	uint8_t *r = u8_normalize(nf, (const uint8_t *)s, len, dst, &n);
	if (!r)
		return TEXT_ENOMEM;
	if (r == dst) {
		out->len += n;
		out->data[out->len] = '\0';
		return TEXT_OK;
	}
	int st = text_buf_append(out, r, n);
	free(r);
	return st;
}

int text_ud_normalize(enum text_nf form, const char *s, size_t len, struct text_buf *out)
{
	/* Below U+0300 every code point is a starter with no decomposition
	 * except in Latin-1 (NFKD/NFKC: e.g. U+00A0), so pure ASCII is fixed. */
	if (text_is_ascii(s, len))
		return text_buf_append(out, s, len);
	/* Lone surrogates (ED A0..BF xx) are starters that neither decompose
	 * nor compose: normalise the pieces between them. */
	uninorm_t nf = uninorm_of(form);
	size_t seg = 0, pos = 0;
	while (pos < len) {
		size_t at = pos;
		uint32_t cp = text_utf8_next(s, len, &pos);
		if (!text_cp_is_surrogate(cp))
			continue;
		int st = normalize_segment(nf, s + seg, at - seg, out);
		if (st == TEXT_OK)
			st = text_buf_append(out, s + at, pos - at);
		if (st != TEXT_OK)
			return st;
		seg = pos;
	}
	return normalize_segment(nf, s + seg, len - seg, out);
}

int text_ud_is_normalized(enum text_nf form, const char *s, size_t len, bool *result)
{
	struct text_buf tmp = TEXT_BUF_INIT;
	int st = text_ud_normalize(form, s, len, &tmp);
	if (st == TEXT_OK)
		*result = tmp.len == len && (len == 0 || memcmp(tmp.data, s, len) == 0);
	text_buf_free(&tmp);
	return st;
}
