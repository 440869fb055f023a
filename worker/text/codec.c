/* worker/text/codec.c -- codec name lookup (CPython 3.11's
 * _Py_normalize_encoding + encodings.aliases for the codecs we have) and
 * the encode / decode loops of utf-8, ascii, latin-1, utf-16, utf-32 and
 * the single-byte charmaps (tables in charmap_tables.inc).
 * The errors= handlers live in codec_errors.c.  See text_codec.h. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "worker/text/codec_internal.h"
#include "worker/text/text_utf8.h"

/* encodings.aliases entries (and module names) for our codecs. */
static const struct {
	const char *name;
	enum text_codec codec;
} codec_names[] = {
	{ "utf_8", TEXT_CODEC_UTF8 }, { "u8", TEXT_CODEC_UTF8 }, { "utf", TEXT_CODEC_UTF8 },
	{ "utf8", TEXT_CODEC_UTF8 }, { "utf8_ucs2", TEXT_CODEC_UTF8 },
	{ "utf8_ucs4", TEXT_CODEC_UTF8 }, { "cp65001", TEXT_CODEC_UTF8 },
	{ "ascii", TEXT_CODEC_ASCII }, { "646", TEXT_CODEC_ASCII },
	{ "ansi_x3.4_1968", TEXT_CODEC_ASCII }, { "ansi_x3_4_1968", TEXT_CODEC_ASCII },
	{ "ansi_x3.4_1986", TEXT_CODEC_ASCII }, { "cp367", TEXT_CODEC_ASCII },
	{ "csascii", TEXT_CODEC_ASCII }, { "ibm367", TEXT_CODEC_ASCII },
	{ "iso646_us", TEXT_CODEC_ASCII }, { "iso_646.irv_1991", TEXT_CODEC_ASCII },
	{ "iso_ir_6", TEXT_CODEC_ASCII }, { "us", TEXT_CODEC_ASCII },
	{ "us_ascii", TEXT_CODEC_ASCII },
	{ "latin_1", TEXT_CODEC_LATIN1 }, { "8859", TEXT_CODEC_LATIN1 },
	{ "cp819", TEXT_CODEC_LATIN1 }, { "csisolatin1", TEXT_CODEC_LATIN1 },
	{ "ibm819", TEXT_CODEC_LATIN1 }, { "iso8859", TEXT_CODEC_LATIN1 },
	{ "iso8859_1", TEXT_CODEC_LATIN1 }, { "iso_8859_1", TEXT_CODEC_LATIN1 },
	{ "iso_8859_1_1987", TEXT_CODEC_LATIN1 }, { "iso_ir_100", TEXT_CODEC_LATIN1 },
	{ "l1", TEXT_CODEC_LATIN1 }, { "latin", TEXT_CODEC_LATIN1 },
	{ "latin1", TEXT_CODEC_LATIN1 },
	{ "utf_16", TEXT_CODEC_UTF16 }, { "u16", TEXT_CODEC_UTF16 },
	{ "utf16", TEXT_CODEC_UTF16 },
	{ "utf_16_le", TEXT_CODEC_UTF16_LE }, { "utf_16le", TEXT_CODEC_UTF16_LE },
	{ "unicodelittleunmarked", TEXT_CODEC_UTF16_LE },
	{ "utf_16_be", TEXT_CODEC_UTF16_BE }, { "utf_16be", TEXT_CODEC_UTF16_BE },
	{ "unicodebigunmarked", TEXT_CODEC_UTF16_BE },
	{ "utf_32", TEXT_CODEC_UTF32 }, { "u32", TEXT_CODEC_UTF32 },
	{ "utf32", TEXT_CODEC_UTF32 },
	{ "utf_32_le", TEXT_CODEC_UTF32_LE }, { "utf_32le", TEXT_CODEC_UTF32_LE },
	{ "utf_32_be", TEXT_CODEC_UTF32_BE }, { "utf_32be", TEXT_CODEC_UTF32_BE },
	{ "utf_8_sig", TEXT_CODEC_UTF8_SIG },
};

/* The single-byte codecs: CPython's decoding table of each (0xFFFE where
 * a byte maps to nothing), its codecs.lookup() name and its aliases.  Every
 * one maps the ASCII bytes to themselves (gen_charmaps.py checks). */
struct charmap {
	const char *module;
	const char *name;
	uint16_t decode[256];
};
struct charmap_alias {
	const char *alias;
	int index;
};
#include "worker/text/charmap_tables.inc"

#define NCHARMAPS (sizeof charmaps / sizeof charmaps[0])
#define CHARMAP_UNDEFINED 0xFFFE

/* Encoding a charmap: its table inverted, sorted by code point, built on
 * first use. */
struct charmap_entry {
	uint16_t cp;
	uint8_t byte;
};
static struct charmap_entry charmap_encode_tables[NCHARMAPS][256];
static uint16_t charmap_encode_len[NCHARMAPS];
static bool charmap_encode_ready[NCHARMAPS];

static const struct charmap_entry *charmap_encode_table(size_t i, size_t *n)
{
	if (!charmap_encode_ready[i]) {
		struct charmap_entry *e = charmap_encode_tables[i];
		size_t k = 0;
		for (unsigned b = 0; b < 256; b++) {
			uint16_t cp = charmaps[i].decode[b];
			if (cp == CHARMAP_UNDEFINED)
				continue;
			/* insertion sort: 256 entries, once */
			size_t j = k++;
			while (j > 0 && e[j - 1].cp > cp) {
				e[j] = e[j - 1];
				j--;
			}
			e[j].cp = cp;
			e[j].byte = (uint8_t)b;
		}
		charmap_encode_len[i] = (uint16_t)k;
		charmap_encode_ready[i] = true;
	}
	*n = charmap_encode_len[i];
	return charmap_encode_tables[i];
}

/* The byte charmap i encodes cp as, or -1. */
static int charmap_encode_byte(size_t i, uint32_t cp)
{
	size_t n;
	const struct charmap_entry *e = charmap_encode_table(i, &n);
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (e[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && e[lo].cp == cp ? e[lo].byte : -1;
}

#define NORM_MAX 64

/* _Py_normalize_encoding: lower-case ASCII letters/digits and '.', each
 * run of other bytes between them becomes one '_'.  False when too long. */
static bool normalize(const char *name, size_t len, char *out, bool dot_to_underscore)
{
	size_t n = 0;
	bool punct = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];
		bool alnum = (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
		if (alnum || c == '.') {
			if (punct && n > 0) {
				if (n + 1 >= NORM_MAX)
					return false;
				out[n++] = '_';
			}
			punct = false;
			if (n + 1 >= NORM_MAX)
				return false;
			c = (unsigned char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
			out[n++] = (char)(c == '.' && dot_to_underscore ? '_' : c);
		} else {
			punct = true;
		}
	}
	out[n] = '\0';
	return true;
}

static bool find_name(const char *norm, enum text_codec *codec)
{
	for (size_t i = 0; i < sizeof codec_names / sizeof codec_names[0]; i++) {
		if (strcmp(codec_names[i].name, norm) == 0) {
			*codec = codec_names[i].codec;
			return true;
		}
	}
	for (size_t i = 0; i < NCHARMAPS; i++) {
		if (strcmp(charmaps[i].module, norm) == 0) {
			*codec = (enum text_codec)(TEXT_CODEC_CHARMAP + (int)i);
			return true;
		}
	}
	for (size_t i = 0; i < sizeof charmap_aliases / sizeof charmap_aliases[0]; i++) {
		if (strcmp(charmap_aliases[i].alias, norm) == 0) {
			*codec = (enum text_codec)(TEXT_CODEC_CHARMAP + charmap_aliases[i].index);
			return true;
		}
	}
	return false;
}

int text_codec_lookup(const char *name, size_t len, enum text_codec *codec,
		      struct text_error *err)
{
	char norm[NORM_MAX];
	if (normalize(name, len, norm, false) && find_name(norm, codec))
		return TEXT_OK;
	/* encodings.search_function also tries the aliases (not the module
	 * names) with '.' replaced by '_'. */
	static const char *const modules[] = { "utf_8", "ascii", "latin_1", "utf_16",
		"utf_16_le", "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "utf_8_sig" };
	if (normalize(name, len, norm, true) && find_name(norm, codec)) {
		bool module = false;
		for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++)
			module |= strcmp(modules[i], norm) == 0;
		for (size_t i = 0; i < NCHARMAPS; i++)
			module |= strcmp(charmaps[i].module, norm) == 0;
		if (!module)
			return TEXT_OK;
	}
	int n = len > 400 ? 400 : (int)len;
	return text_error_set(err, TEXT_ELOOKUP, "unknown encoding: %.*s", n, name);
}

const char *text_codec_name(enum text_codec codec)
{
	switch (codec) {
	case TEXT_CODEC_UTF8: return "utf-8";
	case TEXT_CODEC_ASCII: return "ascii";
	case TEXT_CODEC_LATIN1: return "iso8859-1";
	case TEXT_CODEC_UTF16: return "utf-16";
	case TEXT_CODEC_UTF16_LE: return "utf-16-le";
	case TEXT_CODEC_UTF16_BE: return "utf-16-be";
	case TEXT_CODEC_UTF32: return "utf-32";
	case TEXT_CODEC_UTF32_LE: return "utf-32-le";
	case TEXT_CODEC_UTF32_BE: return "utf-32-be";
	case TEXT_CODEC_UTF8_SIG: return "utf-8-sig";
	case TEXT_CODEC_CHARMAP: break;
	}
	if (text_codec_is_charmap(codec) && (size_t)(codec - TEXT_CODEC_CHARMAP) < NCHARMAPS)
		return charmaps[codec - TEXT_CODEC_CHARMAP].name;
	return "?";
}

/* The codec name CPython's encoders put in their exceptions. */
static const char *message_name(enum text_codec codec)
{
	if (codec == TEXT_CODEC_UTF8_SIG)
		return "utf-8";
	if (text_codec_is_charmap(codec))
		return "charmap";
	return codec == TEXT_CODEC_LATIN1 ? "latin-1" : text_codec_name(codec);
}

static void ctx_init(struct codec_ctx *c, enum text_codec codec, const char *errors,
		     size_t errors_len, struct text_buf *out, struct text_error *err)
{
	c->codec = codec;
	c->ename = message_name(codec);
	c->errors = errors;
	c->errors_len = errors_len;
	c->handler = errors ? -1 : TEXT_ERRORS_STRICT;
	c->out = out;
	c->err = err;
}

/* ---- encoding ---- */

/* Does the codec encode cp directly? */
static bool encodable(enum text_codec codec, uint32_t cp)
{
	if (text_codec_is_charmap(codec))
		return cp < 0x80 || charmap_encode_byte((size_t)(codec - TEXT_CODEC_CHARMAP), cp) >= 0;
	switch (codec) {
	case TEXT_CODEC_ASCII: return cp < 0x80;
	case TEXT_CODEC_LATIN1: return cp < 0x100;
	default: return !text_cp_is_surrogate(cp);
	}
}

static int put_unit(struct text_buf *out, uint32_t v, size_t size, bool be)
{
	unsigned char b[4];
	for (size_t i = 0; i < size; i++) {
		size_t shift = be ? 8 * (size - 1 - i) : 8 * i;
		b[i] = (unsigned char)(v >> shift);
	}
	return text_buf_append(out, b, size);
}

static int encode_cp(struct codec_ctx *c, uint32_t cp)
{
	if (text_codec_is_charmap(c->codec))
		return text_buf_putc(c->out, cp < 0x80 ? (char)cp
				     : (char)charmap_encode_byte((size_t)(c->codec - TEXT_CODEC_CHARMAP), cp));
	switch (c->codec) {
	case TEXT_CODEC_ASCII: case TEXT_CODEC_LATIN1:
		return text_buf_putc(c->out, (char)cp);
	case TEXT_CODEC_UTF8: case TEXT_CODEC_UTF8_SIG:
		return text_buf_put_cp(c->out, cp);
	case TEXT_CODEC_UTF16: case TEXT_CODEC_UTF16_LE: case TEXT_CODEC_UTF16_BE: {
		bool be = c->codec == TEXT_CODEC_UTF16_BE;
		if (cp < 0x10000)
			return put_unit(c->out, cp, 2, be);
		cp -= 0x10000;
		if (put_unit(c->out, 0xD800 | (cp >> 10), 2, be) != TEXT_OK)
			return TEXT_ENOMEM;
		return put_unit(c->out, 0xDC00 | (cp & 0x3FF), 2, be);
	}
	default:
		return put_unit(c->out, cp, 4, c->codec == TEXT_CODEC_UTF32_BE);
	}
}

int text_encode(enum text_codec codec, const char *s, size_t len,
		const char *errors, size_t errors_len,
		struct text_buf *out, struct text_error *err)
{
	struct codec_ctx c;
	ctx_init(&c, codec, errors, errors_len, out, err);
	bool charmap = text_codec_is_charmap(codec);
	const char *reason = codec == TEXT_CODEC_ASCII ? "ordinal not in range(128)"
			     : codec == TEXT_CODEC_LATIN1 ? "ordinal not in range(256)"
			     : charmap ? "character maps to <undefined>"
				       : "surrogates not allowed";
	/* utf-16/utf-32 report one code point per error; the others a run. */
	bool runs = codec == TEXT_CODEC_UTF8 || codec == TEXT_CODEC_UTF8_SIG ||
		    codec == TEXT_CODEC_ASCII || codec == TEXT_CODEC_LATIN1 || charmap;
	if (codec == TEXT_CODEC_UTF8_SIG && text_buf_append(out, "\xEF\xBB\xBF", 3) != TEXT_OK)
		return TEXT_ENOMEM;
	if (codec == TEXT_CODEC_UTF16 && put_unit(out, 0xFEFF, 2, false) != TEXT_OK)
		return TEXT_ENOMEM;
	if (codec == TEXT_CODEC_UTF32 && put_unit(out, 0xFEFF, 4, false) != TEXT_OK)
		return TEXT_ENOMEM;
	if (runs && text_is_ascii(s, len))
		return text_buf_append(out, s, len);
	if (codec == TEXT_CODEC_UTF8 || codec == TEXT_CODEC_UTF8_SIG) {
		size_t bad;
		/* Valid UTF-8 already (no surrogates): copy it. */
		if (text_utf8_check(s, len, &bad, NULL) == TEXT_UTF8_OK)
			return text_buf_append(out, s, len);
	}
	size_t pos = 0, ci = 0;
	int st;
	while (pos < len) {
		size_t at = pos;
		uint32_t cp = text_utf8_next(s, len, &pos);
		if (encodable(codec, cp)) {
			if ((st = encode_cp(&c, cp)) != TEXT_OK)
				return st;
			ci++;
			continue;
		}
		size_t cend = ci + 1;
		if (runs) {
			while (pos < len) {
				size_t p2 = pos;
				uint32_t next = text_utf8_next(s, len, &p2);
				if (encodable(codec, next))
					break;
				pos = p2;
				cend++;
			}
		}
		if ((st = codec_encode_fail(&c, s, len, at, pos, ci, cend, reason)) != TEXT_OK)
			return st;
		ci = cend;
	}
	return TEXT_OK;
}

/* ---- decoding ---- */

static int decode_utf8(struct codec_ctx *c, const unsigned char *s, size_t len)
{
	size_t pos = 0;
	int st;
	while (pos < len) {
		size_t bad, badlen;
		enum text_utf8_fault f = text_utf8_check((const char *)s + pos, len - pos, &bad, &badlen);
		if (f == TEXT_UTF8_OK)
			return text_buf_append(c->out, s + pos, len - pos);
		if ((st = text_buf_append(c->out, s + pos, bad)) != TEXT_OK)
			return st;
		size_t start = pos + bad, next;
		st = codec_decode_fail(c, s, len, start, start + badlen, text_utf8_fault_reason(f), &next);
		if (st != TEXT_OK)
			return st;
		pos = next;
	}
	return TEXT_OK;
}

static int decode_8bit(struct codec_ctx *c, const unsigned char *s, size_t len)
{
	int st;
	if (c->codec == TEXT_CODEC_LATIN1 || text_is_ascii((const char *)s, len)) {
		if (c->codec == TEXT_CODEC_ASCII)
			return text_buf_append(c->out, s, len);
		if (text_buf_reserve(c->out, len * 2) != TEXT_OK)
			return TEXT_ENOMEM;
		for (size_t i = 0; i < len; i++)
			text_buf_put_cp(c->out, s[i]);
		return TEXT_OK;
	}
	size_t pos = 0;
	while (pos < len) {
		size_t run = pos;
		while (run < len && s[run] < 0x80)
			run++;
		if ((st = text_buf_append(c->out, s + pos, run - pos)) != TEXT_OK)
			return st;
		if (run == len)
			break;
		st = codec_decode_fail(c, s, len, run, run + 1, "ordinal not in range(128)", &pos);
		if (st != TEXT_OK)
			return st;
	}
	return TEXT_OK;
}

static int decode_charmap(struct codec_ctx *c, const unsigned char *s, size_t len)
{
	const uint16_t *table = charmaps[c->codec - TEXT_CODEC_CHARMAP].decode;
	size_t pos = 0;
	int st;
	if (text_buf_reserve(c->out, len) != TEXT_OK)
		return TEXT_ENOMEM;
	while (pos < len) {
		uint16_t cp = table[s[pos]];
		if (cp != CHARMAP_UNDEFINED) {
			if ((st = text_buf_put_cp(c->out, cp)) != TEXT_OK)
				return st;
			pos++;
			continue;
		}
		st = codec_decode_fail(c, s, len, pos, pos + 1, "character maps to <undefined>", &pos);
		if (st != TEXT_OK)
			return st;
	}
	return TEXT_OK;
}

static uint32_t read_unit(const unsigned char *p, size_t size, bool be)
{
	uint32_t v = 0;
	for (size_t i = 0; i < size; i++)
		v |= (uint32_t)p[i] << (be ? 8 * (size - 1 - i) : 8 * i);
	return v;
}

static int decode_utf16(struct codec_ctx *c, const unsigned char *s, size_t len, bool be)
{
	size_t q = 0;
	int st;
	if (c->codec == TEXT_CODEC_UTF16 && len >= 2) {
		uint32_t bom = read_unit(s, 2, false);
		if (bom == 0xFEFF) {
			q = 2;
		} else if (bom == 0xFFFE) {
			be = true;
			q = 2;
		}
	}
	c->ename = be ? "utf-16-be" : "utf-16-le";
	while (q < len) {
		size_t start = q, end;
		const char *reason;
		if (len - q < 2) {
			reason = "truncated data";
			end = len;
		} else {
			uint32_t u = read_unit(s + q, 2, be);
			q += 2;
			if (!text_cp_is_surrogate(u)) {
				if ((st = text_buf_put_cp(c->out, u)) != TEXT_OK)
					return st;
				continue;
			}
			if (u >= 0xDC00) {
				reason = "illegal encoding";
				end = start + 2;
			} else if (len - q < 2) {
				reason = "unexpected end of data";
				end = len;
			} else {
				uint32_t u2 = read_unit(s + q, 2, be);
				if (u2 >= 0xDC00 && u2 <= 0xDFFF) {
					q += 2;
					uint32_t cp = 0x10000 + ((u - 0xD800) << 10) + (u2 - 0xDC00);
					if ((st = text_buf_put_cp(c->out, cp)) != TEXT_OK)
						return st;
					continue;
				}
				reason = "illegal UTF-16 surrogate";
				end = start + 2;
			}
		}
		if ((st = codec_decode_fail(c, s, len, start, end, reason, &q)) != TEXT_OK)
			return st;
	}
	return TEXT_OK;
}

static int decode_utf32(struct codec_ctx *c, const unsigned char *s, size_t len, bool be)
{
	size_t q = 0;
	int st;
	if (c->codec == TEXT_CODEC_UTF32 && len >= 4) {
		uint32_t bom = read_unit(s, 4, false);
		if (bom == 0xFEFF) {
			q = 4;
		} else if (bom == 0xFFFE0000) {
			be = true;
			q = 4;
		}
	}
	c->ename = be ? "utf-32-be" : "utf-32-le";
	while (q < len) {
		size_t start = q, end = q + 4;
		const char *reason;
		if (len - q < 4) {
			reason = "truncated data";
			end = len;
		} else {
			uint32_t u = read_unit(s + q, 4, be);
			if (u < 0x110000 && !text_cp_is_surrogate(u)) {
				if ((st = text_buf_put_cp(c->out, u)) != TEXT_OK)
					return st;
				q += 4;
				continue;
			}
			reason = u >= 0x110000 ? "code point not in range(0x110000)"
					       : "code point in surrogate code point range(0xd800, 0xe000)";
		}
		if ((st = codec_decode_fail(c, s, len, start, end, reason, &q)) != TEXT_OK)
			return st;
	}
	return TEXT_OK;
}

int text_decode(enum text_codec codec, const char *s, size_t len,
		const char *errors, size_t errors_len,
		struct text_buf *out, struct text_error *err)
{
	struct codec_ctx c;
	ctx_init(&c, codec, errors, errors_len, out, err);
	const unsigned char *u = (const unsigned char *)s;
	switch (codec) {
	case TEXT_CODEC_UTF8:
		return decode_utf8(&c, u, len);
	case TEXT_CODEC_UTF8_SIG:
		/* Positions in errors count from after the BOM, as CPython. */
		if (len >= 3 && memcmp(u, "\xEF\xBB\xBF", 3) == 0)
			return decode_utf8(&c, u + 3, len - 3);
		return decode_utf8(&c, u, len);
	case TEXT_CODEC_ASCII: case TEXT_CODEC_LATIN1:
		return decode_8bit(&c, u, len);
	case TEXT_CODEC_UTF16: case TEXT_CODEC_UTF16_LE:
		return decode_utf16(&c, u, len, false);
	case TEXT_CODEC_UTF16_BE:
		return decode_utf16(&c, u, len, true);
	case TEXT_CODEC_UTF32: case TEXT_CODEC_UTF32_LE:
		return decode_utf32(&c, u, len, false);
	case TEXT_CODEC_UTF32_BE:
		return decode_utf32(&c, u, len, true);
	case TEXT_CODEC_CHARMAP:
		break;
	}
	if (text_codec_is_charmap(codec) && (size_t)(codec - TEXT_CODEC_CHARMAP) < NCHARMAPS)
		return decode_charmap(&c, u, len);
	return TEXT_OK;
}

/* Does CPython's PyUnicode_AsEncodedString / PyUnicode_Decode handle the
 * name in C (no codec registry, so no rewording of errors)? */
static bool fast_path_name(const char *name, size_t len)
{
	static const char *const fast[] = { "utf8", "utf_8", "utf16", "utf_16", "utf32",
		"utf_32", "ascii", "us_ascii", "latin1", "latin_1", "iso_8859_1", "iso8859_1" };
	char norm[NORM_MAX];
	if (!normalize(name, len, norm, false))
		return false;
	for (size_t i = 0; i < sizeof fast / sizeof fast[0]; i++)
		if (strcmp(fast[i], norm) == 0)
			return true;
	return false;
}

static int reword(int st, const char *op, const char *name, size_t len, struct text_error *err)
{
	if ((st != TEXT_ELOOKUP && st != TEXT_ETYPE) || !err || fast_path_name(name, len))
		return st;
	char inner[TEXT_ERROR_MSG_MAX];
	snprintf(inner, sizeof inner, "%s", err->msg);
	int n = len > 200 ? 200 : (int)len;
	return text_error_set(err, st, "%s with '%.*s' codec failed (%s: %s)", op, n, name,
			      text_status_type(st), inner);
}

int text_encode_named(const char *encoding, size_t enc_len, const char *s, size_t len,
		      const char *errors, size_t errors_len,
		      struct text_buf *out, struct text_error *err)
{
	enum text_codec codec;
	int st = text_codec_lookup(encoding, enc_len, &codec, err);
	if (st != TEXT_OK)
		return st;
	st = text_encode(codec, s, len, errors, errors_len, out, err);
	return reword(st, "encoding", encoding, enc_len, err);
}

int text_decode_named(const char *encoding, size_t enc_len, const char *s, size_t len,
		      const char *errors, size_t errors_len,
		      struct text_buf *out, struct text_error *err)
{
	enum text_codec codec;
	int st = text_codec_lookup(encoding, enc_len, &codec, err);
	if (st != TEXT_OK)
		return st;
	st = text_decode(codec, s, len, errors, errors_len, out, err);
	return reword(st, "decoding", encoding, enc_len, err);
}
