/* unescape.c -- decoding of Cedar string literals and `like` patterns, and
 * the wildcard matcher (greedy with backtracking to the last star). */
#include "common/ascii.h"
#include "broker/policy/unescape.h"

#include "common/utf8.h"

#include <stdio.h>
#include <string.h>

/* Decode one element starting at s[*i].  Writes bytes into o (up to 4),
 * returns the byte count, or -1 on error; *wild set for a bare `*` in
 * pattern mode.  Returns 0 for a line continuation (no output). */
static int decode_one(const char *s, size_t n, size_t *i, int pattern, unsigned char *o,
                      int *wild, char *err, size_t errlen)
{
	unsigned char c = (unsigned char)s[*i];
	*wild = 0;
	if (c == '\r') {
		snprintf(err, errlen, "bare carriage return is not allowed in a string literal");
		return -1;
	}
	if (c != '\\') {
		(*i)++;
		if (pattern && c == '*')
			*wild = 1;
		o[0] = c;
		return 1;
	}
	if (*i + 1 >= n) {
		snprintf(err, errlen, "string literal ends with a lone backslash");
		return -1;
	}
	unsigned char e = (unsigned char)s[*i + 1];
	*i += 2;
	switch (e) {
	case 'n': o[0] = '\n'; return 1;
	case 'r': o[0] = '\r'; return 1;
	case 't': o[0] = '\t'; return 1;
	case '\\': o[0] = '\\'; return 1;
	case '0': o[0] = 0; return 1;
	case '\'': o[0] = '\''; return 1;
	case '"': o[0] = '"'; return 1;
	case '*':
		if (pattern) {
			o[0] = '*';
			return 1;
		}
		break;
	case '\n':
		while (*i < n && (s[*i] == ' ' || s[*i] == '\t' || s[*i] == '\n' || s[*i] == '\r'))
			(*i)++;
		return 0;
	case 'x': {
		int h1 = *i < n ? box_hex_value((unsigned char)s[*i]) : -1;
		int h2 = *i + 1 < n ? box_hex_value((unsigned char)s[*i + 1]) : -1;
		if (h1 < 0 || h2 < 0) {
			snprintf(err, errlen, "invalid \\x escape: expected two hex digits");
			return -1;
		}
		if (h1 * 16 + h2 > 0x7F) {
			snprintf(err, errlen, "invalid \\x escape: \\x%c%c is above \\x7f", s[*i], s[*i + 1]);
			return -1;
		}
		*i += 2;
		o[0] = (unsigned char)(h1 * 16 + h2);
		return 1;
	}
	case 'u': {
		if (*i >= n || s[*i] != '{') {
			snprintf(err, errlen, "invalid \\u escape: expected `{`");
			return -1;
		}
		(*i)++;
		uint32_t cp = 0;
		int ndig = 0;
		if (*i < n && s[*i] == '_') {
			snprintf(err, errlen, "invalid \\u escape: leading underscore");
			return -1;
		}
		while (*i < n && s[*i] != '}') {
			int h = box_hex_value((unsigned char)s[*i]);
			if (s[*i] == '_') {
				(*i)++;
				continue;
			}
			if (h < 0 || ndig >= 6) {
				snprintf(err, errlen, h < 0 ? "invalid character in \\u escape"
				                           : "\\u escape has more than 6 hex digits");
				return -1;
			}
			cp = cp * 16 + (uint32_t)h;
			ndig++;
			(*i)++;
		}
		if (*i >= n) {
			snprintf(err, errlen, "unterminated \\u escape");
			return -1;
		}
		(*i)++;
		if (ndig == 0) {
			snprintf(err, errlen, "empty \\u{} escape");
			return -1;
		}
		if (cp > 0x10FFFF) {
			snprintf(err, errlen, "\\u escape above U+10FFFF");
			return -1;
		}
		if (cp >= 0xD800 && cp <= 0xDFFF) {
			snprintf(err, errlen, "\\u escape is a lone surrogate");
			return -1;
		}
		return (int)box_utf8_encode(cp, (char *)o);
	}
	default:
		break;
	}
	snprintf(err, errlen, "invalid escape `\\%c`", e >= 0x20 && e < 0x7f ? e : '?');
	return -1;
}

char *unescape_string(struct arena *a, const char *s, size_t n, size_t *outlen,
                      char *err, size_t errlen)
{
	char *out = arena_alloc(a, n + 1);     /* decoding never grows the text */
	size_t i = 0, o = 0;
	while (i < n) {
		unsigned char buf[4];
		int wild;
		int k = decode_one(s, n, &i, 0, buf, &wild, err, errlen);
		if (k < 0)
			return NULL;
		memcpy(out + o, buf, (size_t)k);
		o += (size_t)k;
	}
	out[o] = 0;
	*outlen = o;
	return out;
}

int unescape_pattern(struct arena *a, const char *s, size_t n, struct pattern *out,
                     char *err, size_t errlen)
{
	int16_t *el = arena_array(a, n + 1, sizeof *el);
	size_t i = 0, o = 0;
	while (i < n) {
		unsigned char buf[4];
		int wild;
		int k = decode_one(s, n, &i, 1, buf, &wild, err, errlen);
		if (k < 0)
			return -1;
		if (wild) {
			el[o++] = PATTERN_WILDCARD;
			continue;
		}
		for (int j = 0; j < k; j++)
			el[o++] = buf[j];
	}
	out->el = el;
	out->n = o;
	return 0;
}

/* Byte-wise matching gives the same answer as matching Unicode scalar
 * values: literal runs are whole UTF-8 sequences, and a lead byte never
 * equals a continuation byte. */
int pattern_match(const struct pattern *p, const char *text, size_t n)
{
	size_t i = 0, j = 0;
	size_t star = (size_t)-1, anchor = 0;
	while (i < n) {
		if (j < p->n && p->el[j] != PATTERN_WILDCARD &&
		    p->el[j] == (unsigned char)text[i]) {
			i++;
			j++;
		} else if (j < p->n && p->el[j] == PATTERN_WILDCARD) {
			star = j++;
			anchor = i;
		} else if (star != (size_t)-1) {
			j = star + 1;
			i = ++anchor;
		} else {
			return 0;
		}
	}
	while (j < p->n && p->el[j] == PATTERN_WILDCARD)
		j++;
	return j == p->n;
}
