/* json_scan.c -- the JSON scanner of json.loads, as CPython 3.11's _json.c.
 *
 * Positions are byte offsets while scanning; an error converts its offset
 * to code points once (JSONDecodeError.pos).  Containers are tracked on an
 * explicit stack so nesting depth costs no C stack. */
#include "common/utf8.h"
#include "worker/modules/json/json_scan.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/text/text_buf.h"
#include "worker/text/text_codec.h"

static int is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t skip_ws(const char *s, size_t len, size_t i)
{
	while (i < len && is_ws(s[i]))
		i++;
	return i;
}

int json_decode_error(struct core_error *err, const char *msg, const char *s, size_t len,
		      size_t byte_pos)
{
	long long pos = 0, lineno = 1, last_nl_cp = -1;

	if (byte_pos > len)
		byte_pos = len;
	for (size_t i = 0; i < byte_pos; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c & 0xC0) == 0x80)
			continue;
		if (c == '\n') {
			lineno++;
			last_nl_cp = pos;
		}
		pos++;
	}
	core_error_clear(err);
	err->type = "json.JSONDecodeError";
	snprintf(err->bare, sizeof err->bare, "%s", msg);
	err->pos = pos;
	err->lineno = lineno;
	err->colno = last_nl_cp < 0 ? pos + 1 : pos - last_nl_cp;
	snprintf(err->msg, sizeof err->msg, "%s: line %lld column %lld (char %lld)", msg,
		 lineno, err->colno, pos);
	return -1;
}

static int nomem(struct core_error *err)
{
	return core_error_set(err, "MemoryError", "%s", "");
}

/* ---- strings -------------------------------------------------------- */

struct sbuf {
	char *p;
	size_t len, cap;
};

static int sbuf_put(struct sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t ncap = b->cap ? b->cap : 64;
		while (ncap < b->len + n + 1) {
			if (__builtin_mul_overflow(ncap, 2, &ncap))
				return -1;
		}
		char *np = realloc(b->p, ncap);
		if (!np)
			return -1;
		b->p = np;
		b->cap = ncap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

static int sbuf_put_cp(struct sbuf *b, uint32_t cp)
{
	char u[4];
	return sbuf_put(b, u, box_utf8_encode(cp, u));
}

static int hex4(const char *s, uint32_t *out)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (uint32_t)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* Scans a string body at `start`.  When it holds no escape, *view points
 * into s (no copy); otherwise the decoded text is in b.  */
static int scan_string(const char *s, size_t len, size_t start, int strict, struct sbuf *b,
		       const char **view, size_t *viewlen, size_t *end_out, struct core_error *err)
{
	size_t begin = start - 1, end = start;
	int copied = 0;

	for (;;) {
		size_t next = end;
		char c = 0;
		for (; next < len; next++) {
			c = s[next];
			if (c == '"' || c == '\\')
				break;
			if ((unsigned char)c <= 0x1f && strict)
				return json_decode_error(err, "Invalid control character at", s, len, next);
		}
		if (next >= len)
			return json_decode_error(err, "Unterminated string starting at", s, len, begin);
		if (c == '"' && !copied) {
			*view = s + start;
			*viewlen = next - start;
			*end_out = next + 1;
			return 0;
		}
		if (next > end && sbuf_put(b, s + end, next - end))
			return nomem(err);
		copied = 1;
		next++;
		if (c == '"') {
			*end_out = next;
			*view = b->p ? b->p : "";
			*viewlen = b->len;
			return 0;
		}
		if (next == len)
			return json_decode_error(err, "Unterminated string starting at", s, len, begin);
		c = s[next];
		uint32_t cp;
		if (c != 'u') {
			end = next + 1;
			switch (c) {
			case '"': case '\\': case '/': cp = (uint32_t)c; break;
			case 'b': cp = '\b'; break;
			case 'f': cp = '\f'; break;
			case 'n': cp = '\n'; break;
			case 'r': cp = '\r'; break;
			case 't': cp = '\t'; break;
			default:
				return json_decode_error(err, "Invalid \\escape", s, len, end - 2);
			}
		} else {
			next++;
			end = next + 4;
			if (end >= len || hex4(s + next, &cp))
				return json_decode_error(err, "Invalid \\uXXXX escape", s, len, next - 1);
			if (cp >= 0xD800 && cp <= 0xDBFF && end + 6 < len && s[end] == '\\' &&
			    s[end + 1] == 'u') {
				uint32_t c2;
				if (hex4(s + end + 2, &c2))
					return json_decode_error(err, "Invalid \\uXXXX escape", s, len,
								 end + 1);
				if (c2 >= 0xDC00 && c2 <= 0xDFFF) {
					cp = 0x10000 + (((cp - 0xD800) << 10) | (c2 - 0xDC00));
					end += 6;
				}
			}
		}
		if (sbuf_put_cp(b, cp))
			return nomem(err);
	}
}

int json_scanstring(const char *s, size_t len, size_t start, int strict,
		    char **out, size_t *outlen, size_t *end_out, struct core_error *err)
{
	struct sbuf b = { NULL, 0, 0 };
	const char *view;
	size_t vlen;

	core_error_clear(err);
	if (start > len || start == 0)
		return core_error_set(err, "ValueError", "end is out of bounds");
	if (scan_string(s, len, start, strict, &b, &view, &vlen, end_out, err)) {
		free(b.p);
		return -1;
	}
	if (view != b.p) {
		b.len = 0;
		if (sbuf_put(&b, view, vlen)) {
			free(b.p);
			return nomem(err);
		}
	}
	if (!b.p && sbuf_put(&b, "", 0))
		return nomem(err);
	*out = b.p;
	*outlen = b.len;
	return 0;
}

/* ---- values --------------------------------------------------------- */

static int match_lit(const char *s, size_t len, size_t i, const char *lit)
{
	size_t n = strlen(lit);
	return i + n <= len && memcmp(s + i, lit, n) == 0;
}

static int isdig(char c)
{
	return c >= '0' && c <= '9';
}

/* match_number of _json.c; returns 0 and sets *end, or -1 (no number). */
static int match_number(const char *s, size_t len, size_t start, size_t *end, int *is_float)
{
	size_t i = start;

	*is_float = 0;
	if (s[i] == '-') {
		i++;
		if (i >= len)
			return -1;
	}
	if (s[i] >= '1' && s[i] <= '9') {
		i++;
		while (i < len && isdig(s[i]))
			i++;
	} else if (s[i] == '0') {
		i++;
	} else {
		return -1;
	}
	if (i + 1 < len && s[i] == '.' && isdig(s[i + 1])) {
		*is_float = 1;
		i += 2;
		while (i < len && isdig(s[i]))
			i++;
	}
	if (i + 1 < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t e_start = i;
		i++;
		if (i + 1 < len && (s[i] == '-' || s[i] == '+'))
			i++;
		while (i < len && isdig(s[i]))
			i++;
		if (isdig(s[i - 1]))
			*is_float = 1;
		else
			i = e_start;
	}
	*end = i;
	return 0;
}

#define CB(ev, name, ...) ((ev)->name ? (ev)->name(__VA_ARGS__) : 0)

static int cb_fail(struct core_error *err)
{
	core_error_clear(err);
	err->type = CORE_ERR_CALLBACK;
	return -1;
}

int json_raw_decode(const char *s, size_t len, size_t start, const struct json_options *opt,
		    const struct json_events *ev, size_t *end_out, struct core_error *err)
{
	int strict = opt ? opt->strict : 1;
	int max_depth = opt && opt->max_depth > 0 ? opt->max_depth : JSON_DEFAULT_MAX_DEPTH;
	char *stack = NULL;	/* 'o' or 'a' per open container, grown on demand */
	size_t depth = 0, stack_cap = 64;
	struct sbuf b = { NULL, 0, 0 };
	size_t i = start;
	int rc = -1;
	const char *view;
	size_t vlen;

	core_error_clear(err);
	stack = malloc(stack_cap);
	if (!stack)
		return nomem(err);
value:
	if (i >= len) {
		json_decode_error(err, "Expecting value", s, len, i);
		goto out;
	}
	switch (s[i]) {
	case '"':
		b.len = 0;
		if (scan_string(s, len, i + 1, strict, &b, &view, &vlen, &i, err))
			goto out;
		if (CB(ev, string, ev->ctx, view, vlen))
			goto cbfail;
		goto after_value;
	case '{':
	case '[': {
		int obj = s[i] == '{';
		if (depth >= (size_t)max_depth) {
			core_error_set(err, "RecursionError",
				      "maximum recursion depth exceeded while decoding a JSON %s from a unicode string",
				      obj ? "object" : "array");
			goto out;
		}
		if (depth == stack_cap) {
			char *ns = realloc(stack, stack_cap * 2);
			if (!ns) {
				nomem(err);
				goto out;
			}
			stack = ns;
			stack_cap *= 2;
		}
		stack[depth++] = obj ? 'o' : 'a';
		if (obj ? CB(ev, begin_object, ev->ctx) : CB(ev, begin_array, ev->ctx))
			goto cbfail;
		i = skip_ws(s, len, i + 1);
		if (i < len && s[i] == (obj ? '}' : ']')) {
			depth--;
			i++;
			if (obj ? CB(ev, end_object, ev->ctx) : CB(ev, end_array, ev->ctx))
				goto cbfail;
			goto after_value;
		}
		if (obj)
			goto expect_key;
		goto value;
	}
	case 'n':
		if (match_lit(s, len, i, "null")) {
			i += 4;
			if (CB(ev, constant, ev->ctx, JSON_NULL))
				goto cbfail;
			goto after_value;
		}
		break;
	case 't':
		if (match_lit(s, len, i, "true")) {
			i += 4;
			if (CB(ev, constant, ev->ctx, JSON_TRUE))
				goto cbfail;
			goto after_value;
		}
		break;
	case 'f':
		if (match_lit(s, len, i, "false")) {
			i += 5;
			if (CB(ev, constant, ev->ctx, JSON_FALSE))
				goto cbfail;
			goto after_value;
		}
		break;
	case 'N':
		if (match_lit(s, len, i, "NaN")) {
			i += 3;
			if (CB(ev, constant, ev->ctx, JSON_NAN))
				goto cbfail;
			goto after_value;
		}
		break;
	case 'I':
		if (match_lit(s, len, i, "Infinity")) {
			i += 8;
			if (CB(ev, constant, ev->ctx, JSON_INFINITY))
				goto cbfail;
			goto after_value;
		}
		break;
	case '-':
		if (match_lit(s, len, i, "-Infinity")) {
			i += 9;
			if (CB(ev, constant, ev->ctx, JSON_NEG_INFINITY))
				goto cbfail;
			goto after_value;
		}
		break;
	default:
		break;
	}
	{
		size_t nend;
		int is_float;
		if (match_number(s, len, i, &nend, &is_float)) {
			json_decode_error(err, "Expecting value", s, len, i);
			goto out;
		}
		if (CB(ev, number, ev->ctx, s + i, nend - i, is_float))
			goto cbfail;
		i = nend;
	}
after_value:
	while (depth > 0) {
		char close = stack[depth - 1] == 'o' ? '}' : ']';
		i = skip_ws(s, len, i);
		if (i < len && s[i] == close) {
			depth--;
			i++;
			if (close == '}' ? CB(ev, end_object, ev->ctx) : CB(ev, end_array, ev->ctx))
				goto cbfail;
			continue;
		}
		if (i >= len || s[i] != ',') {
			json_decode_error(err, "Expecting ',' delimiter", s, len, i);
			goto out;
		}
		i = skip_ws(s, len, i + 1);
		if (close == ']')
			goto value;
		goto expect_key;
	}
	*end_out = i;
	rc = 0;
	goto out;
expect_key:
	if (i >= len || s[i] != '"') {
		json_decode_error(err, "Expecting property name enclosed in double quotes", s, len, i);
		goto out;
	}
	b.len = 0;
	if (scan_string(s, len, i + 1, strict, &b, &view, &vlen, &i, err))
		goto out;
	if (CB(ev, key, ev->ctx, view, vlen))
		goto cbfail;
	i = skip_ws(s, len, i);
	if (i >= len || s[i] != ':') {
		json_decode_error(err, "Expecting ':' delimiter", s, len, i);
		goto out;
	}
	i = skip_ws(s, len, i + 1);
	goto value;
cbfail:
	cb_fail(err);
out:
	free(stack);
	free(b.p);
	return rc;
}

int json_loads(const char *s, size_t len, const struct json_options *opt,
	       const struct json_events *ev, struct core_error *err)
{
	size_t end;

	core_error_clear(err);
	if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		return json_decode_error(err, "Unexpected UTF-8 BOM (decode using utf-8-sig)", s, len, 0);
	if (json_raw_decode(s, len, skip_ws(s, len, 0), opt, ev, &end, err))
		return -1;
	end = skip_ws(s, len, end);
	if (end != len)
		return json_decode_error(err, "Extra data", s, len, end);
	return 0;
}

/* ---- bytes input ---------------------------------------------------- */

const char *json_detect_encoding(const unsigned char *b, size_t len)
{
	if (len >= 4 && (memcmp(b, "\x00\x00\xFE\xFF", 4) == 0 || memcmp(b, "\xFF\xFE\x00\x00", 4) == 0))
		return "utf-32";
	if (len >= 2 && (memcmp(b, "\xFE\xFF", 2) == 0 || memcmp(b, "\xFF\xFE", 2) == 0))
		return "utf-16";
	if (len >= 3 && memcmp(b, "\xEF\xBB\xBF", 3) == 0)
		return "utf-8-sig";
	if (len >= 4) {
		if (!b[0])
			return b[1] ? "utf-16-be" : "utf-32-be";
		if (!b[1])
			return b[2] || b[3] ? "utf-16-le" : "utf-32-le";
	} else if (len == 2) {
		if (!b[0])
			return "utf-16-be";
		if (!b[1])
			return "utf-16-le";
	}
	return "utf-8";
}

int json_bytes_to_text(const unsigned char *b, size_t len, char **out, size_t *outlen,
		       struct core_error *err)
{
	const char *enc = json_detect_encoding(b, len);
	struct text_buf tb = TEXT_BUF_INIT;
	struct text_error te;
	core_error_clear(err);
	if (strcmp(enc, "utf-8-sig") == 0) {
		enc = "utf-8";
		b += 3;
		len -= 3;
	}
	memset(&te, 0, sizeof te);
	if (text_decode_named(enc, strlen(enc), (const char *)b, len, "surrogatepass", 13, &tb, &te)) {
		text_buf_free(&tb);
		return core_error_set(err, te.type ? te.type : "UnicodeDecodeError", "%s", te.msg);
	}
	*out = malloc(tb.len + 1);
	if (!*out) {
		text_buf_free(&tb);
		return nomem(err);
	}
	if (tb.len)
		memcpy(*out, tb.data, tb.len);
	(*out)[tb.len] = '\0';
	*outlen = tb.len;
	text_buf_free(&tb);
	return 0;
}
