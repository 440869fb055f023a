/* worker/text/ctype.c -- per code point character classes with CPython
 * 3.11's definitions (Py_UNICODE_IS*, built by makeunicodedata.py from the
 * same Unicode 14.0 data libunistring carries) and the str / bytes
 * predicates built on them.  See text_ctype.h. */
#include "config.h"

#include <unictype.h>

#include "worker/text/text_ctype.h"
#include "worker/text/text_unidata.h"
#include "worker/text/text_utf8.h"

bool text_cp_isspace(uint32_t cp)
{
	/* Bidi class WS, B or S, or category Zs (CPython's SPACE_MASK). */
	switch (cp) {
	case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D:
	case 0x1C: case 0x1D: case 0x1E: case 0x1F: case 0x20:
	case 0x85: case 0xA0: case 0x1680:
	case 0x2000: case 0x2001: case 0x2002: case 0x2003: case 0x2004:
	case 0x2005: case 0x2006: case 0x2007: case 0x2008: case 0x2009:
	case 0x200A: case 0x2028: case 0x2029: case 0x202F: case 0x205F:
	case 0x3000:
		return true;
	}
	return false;
}

bool text_cp_islinebreak(uint32_t cp)
{
	switch (cp) {
	case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x1C: case 0x1D:
	case 0x1E: case 0x85: case 0x2028: case 0x2029:
		return true;
	}
	return false;
}

bool text_cp_isalpha(uint32_t cp)
{
	if (cp < 0x80)
		return (cp | 32) >= 'a' && (cp | 32) <= 'z';
	return uc_is_general_category(cp, UC_LETTER);
}

int text_cp_decimal(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= '0' && cp <= '9' ? (int)(cp - '0') : -1;
	return uc_decimal_value(cp);
}

int text_cp_digit(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= '0' && cp <= '9' ? (int)(cp - '0') : -1;
	return uc_digit_value(cp);
}

bool text_cp_numeric(uint32_t cp, double *value)
{
	if (cp < 0x80) {
		if (cp < '0' || cp > '9')
			return false;
		*value = (double)(cp - '0');
		return true;
	}
	return text_ud_numeric(cp, value, NULL) == TEXT_OK;
}

bool text_cp_isdecimal(uint32_t cp)
{
	return text_cp_decimal(cp) >= 0;
}

bool text_cp_isdigit(uint32_t cp)
{
	return text_cp_digit(cp) >= 0;
}

bool text_cp_isnumeric(uint32_t cp)
{
	double v;
	return text_cp_numeric(cp, &v);
}

bool text_cp_isalnum(uint32_t cp)
{
	return text_cp_isalpha(cp) || text_cp_isdecimal(cp) || text_cp_isdigit(cp) ||
	       text_cp_isnumeric(cp);
}

bool text_cp_isupper(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 'A' && cp <= 'Z';
	return uc_is_property_uppercase(cp);
}

bool text_cp_islower(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 'a' && cp <= 'z';
	return uc_is_property_lowercase(cp);
}

bool text_cp_istitle(uint32_t cp)
{
	return cp >= 0x80 && uc_is_general_category(cp, UC_TITLECASE_LETTER);
}

bool text_cp_iscased(uint32_t cp)
{
	if (cp < 0x80)
		return (cp | 32) >= 'a' && (cp | 32) <= 'z';
	return uc_is_property_cased(cp);
}

bool text_cp_iscaseignorable(uint32_t cp)
{
	if (cp < 0x80)
		return cp == '\'' || cp == '.' || cp == ':' || cp == '^' || cp == '`';
	return uc_is_property_case_ignorable(cp);
}

bool text_cp_isprintable(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 0x20 && cp < 0x7F;
	/* Not printable: Cc Cf Cs Co Cn Zl Zp Zs. */
	const uint32_t hidden = UC_CATEGORY_MASK_Cc | UC_CATEGORY_MASK_Cf | UC_CATEGORY_MASK_Cs |
				UC_CATEGORY_MASK_Co | UC_CATEGORY_MASK_Cn | UC_CATEGORY_MASK_Zl |
				UC_CATEGORY_MASK_Zp | UC_CATEGORY_MASK_Zs;
	return !(uc_general_category(cp).bitmask & hidden);
}

bool text_cp_isxidstart(uint32_t cp)
{
	if (cp < 0x80)
		return (cp | 32) >= 'a' && (cp | 32) <= 'z';
	return uc_is_property_xid_start(cp);
}

bool text_cp_isxidcontinue(uint32_t cp)
{
	if (cp < 0x80)
		return ((cp | 32) >= 'a' && (cp | 32) <= 'z') || (cp >= '0' && cp <= '9') ||
		       cp == '_';
	return uc_is_property_xid_continue(cp);
}

/* ---- whole-string predicates ---- */

typedef bool (*cp_pred)(uint32_t);

/* Non-empty and every code point satisfies pred. */
static bool all_cp(const char *s, size_t len, cp_pred pred)
{
	if (len == 0)
		return false;
	size_t pos = 0;
	while (pos < len)
		if (!pred(text_utf8_next(s, len, &pos)))
			return false;
	return true;
}

bool text_isascii(const char *s, size_t len)
{
	return text_is_ascii(s, len);
}

bool text_isalpha(const char *s, size_t len) { return all_cp(s, len, text_cp_isalpha); }
bool text_isalnum(const char *s, size_t len) { return all_cp(s, len, text_cp_isalnum); }
bool text_isdecimal(const char *s, size_t len) { return all_cp(s, len, text_cp_isdecimal); }
bool text_isdigit(const char *s, size_t len) { return all_cp(s, len, text_cp_isdigit); }
bool text_isnumeric(const char *s, size_t len) { return all_cp(s, len, text_cp_isnumeric); }
bool text_isspace(const char *s, size_t len) { return all_cp(s, len, text_cp_isspace); }

bool text_isprintable(const char *s, size_t len)
{
	return len == 0 || all_cp(s, len, text_cp_isprintable);
}

bool text_islower(const char *s, size_t len)
{
	bool cased = false;
	size_t pos = 0;
	while (pos < len) {
		uint32_t c = text_utf8_next(s, len, &pos);
		if (text_cp_isupper(c) || text_cp_istitle(c))
			return false;
		if (text_cp_islower(c))
			cased = true;
	}
	return cased;
}

bool text_isupper(const char *s, size_t len)
{
	bool cased = false;
	size_t pos = 0;
	while (pos < len) {
		uint32_t c = text_utf8_next(s, len, &pos);
		if (text_cp_islower(c) || text_cp_istitle(c))
			return false;
		if (text_cp_isupper(c))
			cased = true;
	}
	return cased;
}

bool text_istitle(const char *s, size_t len)
{
	bool cased = false, prev_cased = false;
	size_t pos = 0;
	while (pos < len) {
		uint32_t c = text_utf8_next(s, len, &pos);
		if (text_cp_isupper(c) || text_cp_istitle(c)) {
			if (prev_cased)
				return false;
			prev_cased = cased = true;
		} else if (text_cp_islower(c)) {
			if (!prev_cased)
				return false;
			prev_cased = cased = true;
		} else {
			prev_cased = false;
		}
	}
	return cased;
}

size_t text_identifier_bad_offset(const char *s, size_t len)
{
	size_t pos = 0;
	if (len == 0)
		return 0;
	uint32_t c = text_utf8_next(s, len, &pos);
	if (!text_cp_isxidstart(c) && c != '_')
		return 0;
	while (pos < len) {
		size_t at = pos;
		if (!text_cp_isxidcontinue(text_utf8_next(s, len, &pos)))
			return at;
	}
	return len;
}

bool text_isidentifier(const char *s, size_t len)
{
	return len > 0 && text_identifier_bad_offset(s, len) == len;
}

int text_identifier_nfkc(const char *s, size_t len, struct text_buf *out)
{
	return text_ud_normalize(TEXT_NFKC, s, len, out);
}

/* ---- bytes predicates: ASCII only ---- */

bool text_bytes_isspace_char(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool b_alpha(unsigned char c) { return (c | 32) >= 'a' && (c | 32) <= 'z'; }
static bool b_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool b_alnum(unsigned char c) { return b_alpha(c) || b_digit(c); }

typedef bool (*byte_pred)(unsigned char);

static bool all_bytes(const char *s, size_t len, byte_pred pred)
{
	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!pred((unsigned char)s[i]))
			return false;
	return true;
}

bool text_bytes_isalpha(const char *s, size_t len) { return all_bytes(s, len, b_alpha); }
bool text_bytes_isalnum(const char *s, size_t len) { return all_bytes(s, len, b_alnum); }
bool text_bytes_isdigit(const char *s, size_t len) { return all_bytes(s, len, b_digit); }
bool text_bytes_isspace(const char *s, size_t len)
{
	return all_bytes(s, len, text_bytes_isspace_char);
}
bool text_bytes_isascii(const char *s, size_t len) { return text_is_ascii(s, len); }

bool text_bytes_islower(const char *s, size_t len)
{
	bool cased = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 'A' && c <= 'Z')
			return false;
		if (c >= 'a' && c <= 'z')
			cased = true;
	}
	return cased;
}

bool text_bytes_isupper(const char *s, size_t len)
{
	bool cased = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 'a' && c <= 'z')
			return false;
		if (c >= 'A' && c <= 'Z')
			cased = true;
	}
	return cased;
}

bool text_bytes_istitle(const char *s, size_t len)
{
	bool cased = false, prev_cased = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 'A' && c <= 'Z') {
			if (prev_cased)
				return false;
			prev_cased = cased = true;
		} else if (c >= 'a' && c <= 'z') {
			if (!prev_cased)
				return false;
			prev_cased = cased = true;
		} else {
			prev_cased = false;
		}
	}
	return cased;
}
