/* worker/text/codec_errors.c -- the errors= handlers of str.encode and
 * bytes.decode (strict, ignore, replace, backslashreplace,
 * xmlcharrefreplace, namereplace, surrogateescape, surrogatepass) and the
 * exact texts of the exceptions they raise, as CPython 3.11's
 * Python/codecs.c and Objects/exceptions.c. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "worker/text/codec_internal.h"
#include "worker/text/text_repr.h"
#include "worker/text/text_unidata.h"
#include "worker/text/text_utf8.h"

static const struct {
	const char *name;
	enum text_errors handler;
} handler_names[] = {
	{ "strict", TEXT_ERRORS_STRICT },
	{ "ignore", TEXT_ERRORS_IGNORE },
	{ "replace", TEXT_ERRORS_REPLACE },
	{ "backslashreplace", TEXT_ERRORS_BACKSLASHREPLACE },
	{ "xmlcharrefreplace", TEXT_ERRORS_XMLCHARREFREPLACE },
	{ "namereplace", TEXT_ERRORS_NAMEREPLACE },
	{ "surrogateescape", TEXT_ERRORS_SURROGATEESCAPE },
	{ "surrogatepass", TEXT_ERRORS_SURROGATEPASS },
};

int text_errors_lookup(const char *name, size_t len, enum text_errors *handler,
		       struct text_error *err)
{
	if (!name) {
		*handler = TEXT_ERRORS_STRICT;
		return TEXT_OK;
	}
	for (size_t i = 0; i < sizeof handler_names / sizeof handler_names[0]; i++) {
		if (strlen(handler_names[i].name) == len &&
		    memcmp(handler_names[i].name, name, len) == 0) {
			*handler = handler_names[i].handler;
			return TEXT_OK;
		}
	}
	int n = len > 400 ? 400 : (int)len;
	return text_error_set(err, TEXT_ELOOKUP, "unknown error handler name '%.*s'", n, name);
}

static int resolve(struct codec_ctx *c)
{
	if (c->handler >= 0)
		return TEXT_OK;
	enum text_errors h;
	int st = text_errors_lookup(c->errors, c->errors_len, &h, c->err);
	if (st == TEXT_OK)
		c->handler = (int)h;
	return st;
}

int codec_put_ascii(struct codec_ctx *c, const char *rep, size_t n)
{
	size_t unit = 1;
	bool be = false;
	switch (c->codec) {
	case TEXT_CODEC_UTF16: case TEXT_CODEC_UTF16_LE: unit = 2; break;
	case TEXT_CODEC_UTF16_BE: unit = 2; be = true; break;
	case TEXT_CODEC_UTF32: case TEXT_CODEC_UTF32_LE: unit = 4; break;
	case TEXT_CODEC_UTF32_BE: unit = 4; be = true; break;
	default: break;
	}
	if (unit == 1)
		return text_buf_append(c->out, rep, n);
	if (text_buf_reserve(c->out, n * unit) != TEXT_OK)
		return TEXT_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char u[4] = { 0, 0, 0, 0 };
		u[be ? unit - 1 : 0] = rep[i];
		text_buf_append(c->out, u, unit);
	}
	return TEXT_OK;
}

static int raise_encode(struct codec_ctx *c, const char *s, size_t len, size_t bstart,
			size_t cstart, size_t cend, const char *reason)
{
	struct text_error *err = c->err;
	if (cend - cstart == 1) {
		uint32_t cp = text_utf8_decode1(s + bstart, len - bstart < 4 ? len - bstart : 4);
		char esc[12];
		if (cp <= 0xFF)
			snprintf(esc, sizeof esc, "\\x%02x", cp);
		else if (cp <= 0xFFFF)
			snprintf(esc, sizeof esc, "\\u%04x", cp);
		else
			snprintf(esc, sizeof esc, "\\U%08x", cp);
		text_error_set(err, TEXT_EENCODE,
			       "'%s' codec can't encode character '%s' in position %zu: %s",
			       c->ename, esc, cstart, reason);
	} else {
		text_error_set(err, TEXT_EENCODE,
			       "'%s' codec can't encode characters in position %zu-%zu: %s",
			       c->ename, cstart, cend - 1, reason);
	}
	if (err) {
		snprintf(err->encoding, sizeof err->encoding, "%s", c->ename);
		err->start = cstart;
		err->end = cend;
		err->reason = reason;
	}
	return TEXT_EENCODE;
}

static int raise_decode(struct codec_ctx *c, const unsigned char *s, size_t start, size_t end,
			const char *reason)
{
	struct text_error *err = c->err;
	if (end - start == 1)
		text_error_set(err, TEXT_EDECODE,
			       "'%s' codec can't decode byte 0x%02x in position %zu: %s",
			       c->ename, s[start], start, reason);
	else
		text_error_set(err, TEXT_EDECODE,
			       "'%s' codec can't decode bytes in position %zu-%zu: %s",
			       c->ename, start, end - 1, reason);
	if (err) {
		snprintf(err->encoding, sizeof err->encoding, "%s", c->ename);
		err->start = start;
		err->end = end;
		err->reason = reason;
	}
	return TEXT_EDECODE;
}

static bool is_utf_codec(enum text_codec codec)
{
	return codec != TEXT_CODEC_ASCII && codec != TEXT_CODEC_LATIN1 && !text_codec_is_charmap(codec);
}

/* Encode the surrogate cp the way surrogatepass does for this codec. */
static int put_surrogate(struct codec_ctx *c, uint32_t cp)
{
	unsigned char b[4] = { 0, 0, 0, 0 };
	switch (c->codec) {
	case TEXT_CODEC_UTF16: case TEXT_CODEC_UTF16_LE:
		b[0] = (unsigned char)cp;
		b[1] = (unsigned char)(cp >> 8);
		return text_buf_append(c->out, b, 2);
	case TEXT_CODEC_UTF16_BE:
		b[0] = (unsigned char)(cp >> 8);
		b[1] = (unsigned char)cp;
		return text_buf_append(c->out, b, 2);
	case TEXT_CODEC_UTF32: case TEXT_CODEC_UTF32_LE:
		b[0] = (unsigned char)cp;
		b[1] = (unsigned char)(cp >> 8);
		return text_buf_append(c->out, b, 4);
	case TEXT_CODEC_UTF32_BE:
		b[2] = (unsigned char)(cp >> 8);
		b[3] = (unsigned char)cp;
		return text_buf_append(c->out, b, 4);
	default:
		return text_buf_put_cp(c->out, cp);
	}
}

static int put_name(struct codec_ctx *c, uint32_t cp)
{
	struct text_buf tmp = TEXT_BUF_INIT;
	int st;
	if (text_buf_append(&tmp, "\\N{", 3) == TEXT_OK &&
	    text_ud_name(cp, &tmp, NULL) == TEXT_OK) {
		st = text_buf_putc(&tmp, '}');
	} else {
		text_buf_clear(&tmp);
		st = text_put_cp_escape(&tmp, cp);
	}
	if (st == TEXT_OK)
		st = codec_put_ascii(c, tmp.data, tmp.len);
	text_buf_free(&tmp);
	return st;
}

int codec_encode_fail(struct codec_ctx *c, const char *s, size_t len,
		      size_t bstart, size_t bend, size_t cstart, size_t cend,
		      const char *reason)
{
	int st = resolve(c);
	if (st != TEXT_OK)
		return st;
	size_t pos = bstart, ci = cstart;
	char tmp[16];
	switch ((enum text_errors)c->handler) {
	case TEXT_ERRORS_STRICT:
		return raise_encode(c, s, len, bstart, cstart, cend, reason);
	case TEXT_ERRORS_IGNORE:
		return TEXT_OK;
	case TEXT_ERRORS_REPLACE:
		for (; ci < cend; ci++)
			if ((st = codec_put_ascii(c, "?", 1)) != TEXT_OK)
				return st;
		return TEXT_OK;
	case TEXT_ERRORS_SURROGATEESCAPE:
		if (c->codec != TEXT_CODEC_ASCII && c->codec != TEXT_CODEC_LATIN1 &&
		    c->codec != TEXT_CODEC_UTF8 && c->codec != TEXT_CODEC_UTF8_SIG &&
		    !text_codec_is_charmap(c->codec))
			return raise_encode(c, s, len, bstart, cstart, cstart + 1, reason);
		while (pos < bend) {
			size_t at = pos;
			uint32_t cp = text_utf8_next(s, len, &pos);
			if (cp < 0xDC80 || cp > 0xDCFF)
				return raise_encode(c, s, len, at, ci, cend, reason);
			if ((st = text_buf_putc(c->out, (char)(cp - 0xDC00))) != TEXT_OK)
				return st;
			ci++;
		}
		return TEXT_OK;
	case TEXT_ERRORS_SURROGATEPASS:
		if (!is_utf_codec(c->codec))
			return raise_encode(c, s, len, bstart, cstart, cend, reason);
		for (size_t p = bstart; p < bend;) {
			uint32_t cp = text_utf8_next(s, len, &p);
			if (!text_cp_is_surrogate(cp))
				return raise_encode(c, s, len, bstart, cstart, cend, reason);
		}
		while (pos < bend)
			if ((st = put_surrogate(c, text_utf8_next(s, len, &pos))) != TEXT_OK)
				return st;
		return TEXT_OK;
	case TEXT_ERRORS_BACKSLASHREPLACE:
	case TEXT_ERRORS_XMLCHARREFREPLACE:
	case TEXT_ERRORS_NAMEREPLACE:
		while (pos < bend) {
			uint32_t cp = text_utf8_next(s, len, &pos);
			if (c->handler == TEXT_ERRORS_NAMEREPLACE) {
				st = put_name(c, cp);
			} else if (c->handler == TEXT_ERRORS_XMLCHARREFREPLACE) {
				int n = snprintf(tmp, sizeof tmp, "&#%u;", cp);
				st = codec_put_ascii(c, tmp, (size_t)n);
			} else {
				struct text_buf e = TEXT_BUF_INIT;
				st = text_put_cp_escape(&e, cp);
				if (st == TEXT_OK)
					st = codec_put_ascii(c, e.data, e.len);
				text_buf_free(&e);
			}
			if (st != TEXT_OK)
				return st;
		}
		return TEXT_OK;
	}
	return raise_encode(c, s, len, bstart, cstart, cend, reason);
}

/* surrogatepass when decoding: the code unit at start must encode a
 * surrogate in this codec's form.  Returns its length or 0. */
static size_t decode_surrogate(struct codec_ctx *c, const unsigned char *s, size_t len,
			       size_t start, uint32_t *cp)
{
	const unsigned char *p = s + start;
	size_t avail = len - start;
	switch (c->codec) {
	case TEXT_CODEC_UTF8: case TEXT_CODEC_UTF8_SIG:
		if (avail < 3 || (p[0] & 0xF0) != 0xE0 || (p[1] & 0xC0) != 0x80 ||
		    (p[2] & 0xC0) != 0x80)
			return 0;
		*cp = ((uint32_t)(p[0] & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
		return text_cp_is_surrogate(*cp) ? 3 : 0;
	case TEXT_CODEC_UTF16: case TEXT_CODEC_UTF16_LE: case TEXT_CODEC_UTF16_BE:
		if (avail < 2)
			return 0;
		*cp = !strcmp(c->ename, "utf-16-be") ? (uint32_t)(p[0] << 8 | p[1])
						      : (uint32_t)(p[1] << 8 | p[0]);
		return text_cp_is_surrogate(*cp) ? 2 : 0;
	case TEXT_CODEC_UTF32: case TEXT_CODEC_UTF32_LE: case TEXT_CODEC_UTF32_BE:
		if (avail < 4)
			return 0;
		*cp = !strcmp(c->ename, "utf-32-be")
			      ? ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3])
			      : ((uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]);
		return text_cp_is_surrogate(*cp) ? 4 : 0;
	default:
		return 0;
	}
}

int codec_decode_fail(struct codec_ctx *c, const unsigned char *s, size_t len,
		      size_t start, size_t end, const char *reason, size_t *newpos)
{
	int st = resolve(c);
	if (st != TEXT_OK)
		return st;
	*newpos = end;
	switch ((enum text_errors)c->handler) {
	case TEXT_ERRORS_STRICT:
		return raise_decode(c, s, start, end, reason);
	case TEXT_ERRORS_IGNORE:
		return TEXT_OK;
	case TEXT_ERRORS_REPLACE:
		return text_buf_put_cp(c->out, 0xFFFD);
	case TEXT_ERRORS_BACKSLASHREPLACE:
		for (size_t i = start; i < end; i++)
			if ((st = text_put_cp_escape(c->out, s[i])) != TEXT_OK)
				return st;
		return TEXT_OK;
	case TEXT_ERRORS_SURROGATEESCAPE: {
		/* Escape up to 4 non-ASCII bytes from start; an ASCII byte
		 * first means the error stands. */
		size_t n = 0;
		while (n < 4 && start + n < end && s[start + n] >= 0x80) {
			if ((st = text_buf_put_cp(c->out, 0xDC00u + s[start + n])) != TEXT_OK)
				return st;
			n++;
		}
		if (n == 0)
			return raise_decode(c, s, start, end, reason);
		*newpos = start + n;
		return TEXT_OK;
	}
	case TEXT_ERRORS_SURROGATEPASS: {
		uint32_t cp;
		size_t n = decode_surrogate(c, s, len, start, &cp);
		if (n == 0)
			return raise_decode(c, s, start, end, reason);
		*newpos = start + n;
		return text_buf_put_cp(c->out, cp);
	}
	case TEXT_ERRORS_XMLCHARREFREPLACE:
	case TEXT_ERRORS_NAMEREPLACE:
		break;
	}
	return text_error_set(c->err, TEXT_ETYPE,
			      "don't know how to handle UnicodeDecodeError in error callback");
}
