/* json.c -- small JSON reader (RFC 8259) into an arena tree; depth-bounded. */
#include "common/utf8.h"
#include "broker/policy/json.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

enum { JSON_MAX_DEPTH = 128 };

struct jreader {
	const char *s;
	size_t n, i;
	struct arena *a;
	char *err;
	size_t errlen;
	jmp_buf fail;
	int depth;
};

static void jfail(struct jreader *r, const char *msg) __attribute__((noreturn));
static void jfail(struct jreader *r, const char *msg)
{
	snprintf(r->err, r->errlen, "JSON: %s at byte %zu", msg, r->i);
	longjmp(r->fail, 1);
}

static void ws(struct jreader *r)
{
	while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' ||
	                       r->s[r->i] == '\r'))
		r->i++;
}

static int hex4(struct jreader *r)
{
	if (r->i + 4 > r->n)
		jfail(r, "truncated \\u escape");
	int v = 0;
	for (int k = 0; k < 4; k++) {
		char c = r->s[r->i++];
		int h = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
		      : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (h < 0)
			jfail(r, "bad \\u escape");
		v = v * 16 + h;
	}
	return v;
}

static struct str jstring(struct jreader *r)
{
	r->i++;         /* opening quote */
	size_t start = r->i;
	while (r->i < r->n && r->s[r->i] != '"') {
		if (r->s[r->i] == '\\')
			r->i++;
		r->i++;
	}
	if (r->i >= r->n)
		jfail(r, "unterminated string");
	size_t end = r->i;
	r->i = start;
	char *out = arena_alloc(r->a, end - start + 1);
	size_t o = 0;
	while (r->i < end) {
		unsigned char c = (unsigned char)r->s[r->i++];
		if (c < 0x20)
			jfail(r, "control character in string");
		if (c != '\\') {
			out[o++] = (char)c;
			continue;
		}
		char e = r->s[r->i++];
		uint32_t cp;
		switch (e) {
		case '"': out[o++] = '"'; continue;
		case '\\': out[o++] = '\\'; continue;
		case '/': out[o++] = '/'; continue;
		case 'b': out[o++] = '\b'; continue;
		case 'f': out[o++] = '\f'; continue;
		case 'n': out[o++] = '\n'; continue;
		case 'r': out[o++] = '\r'; continue;
		case 't': out[o++] = '\t'; continue;
		case 'u':
			cp = (uint32_t)hex4(r);
			if (cp >= 0xD800 && cp <= 0xDBFF && r->i + 6 <= end && r->s[r->i] == '\\' &&
			    r->s[r->i + 1] == 'u') {
				r->i += 2;
				uint32_t lo = (uint32_t)hex4(r);
				if (lo < 0xDC00 || lo > 0xDFFF)
					jfail(r, "unpaired surrogate");
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
			} else if (cp >= 0xD800 && cp <= 0xDFFF) {
				jfail(r, "unpaired surrogate");
			}
			/* \uXXXX (6 bytes) always yields at most as many bytes as it spans */
			o += box_utf8_encode(cp, out + o);
			continue;
		default:
			jfail(r, "bad escape");
		}
	}
	r->i = end + 1;
	out[o] = 0;
	struct str res = { out, o };
	return res;
}

static struct jnode *jvalue(struct jreader *r);

static void grow(struct jreader *r, struct jnode *j, size_t *cap, int with_keys)
{
	if (j->n < *cap)
		return;
	size_t ncap = *cap ? *cap * 2 : 4;
	struct jnode **ni = arena_array(r->a, ncap, sizeof *ni);
	if (j->n)
		memcpy(ni, j->items, j->n * sizeof *ni);
	j->items = ni;
	if (with_keys) {
		struct str *nk = arena_array(r->a, ncap, sizeof *nk);
		if (j->n)
			memcpy(nk, j->keys, j->n * sizeof *nk);
		j->keys = nk;
	}
	*cap = ncap;
}

static struct jnode *jvalue(struct jreader *r)
{
	ws(r);
	if (r->i >= r->n)
		jfail(r, "unexpected end of input");
	if (++r->depth > JSON_MAX_DEPTH)
		jfail(r, "nested too deeply");
	struct jnode *j = arena_alloc(r->a, sizeof *j);
	char c = r->s[r->i];
	size_t cap = 0;
	if (c == '{') {
		j->t = J_OBJECT;
		r->i++;
		ws(r);
		if (r->i < r->n && r->s[r->i] == '}') {
			r->i++;
		} else {
			for (;;) {
				ws(r);
				if (r->i >= r->n || r->s[r->i] != '"')
					jfail(r, "expected a string key");
				grow(r, j, &cap, 1);
				j->keys[j->n] = jstring(r);
				ws(r);
				if (r->i >= r->n || r->s[r->i] != ':')
					jfail(r, "expected `:`");
				r->i++;
				j->items[j->n++] = jvalue(r);
				ws(r);
				if (r->i < r->n && r->s[r->i] == ',') {
					r->i++;
					continue;
				}
				if (r->i < r->n && r->s[r->i] == '}') {
					r->i++;
					break;
				}
				jfail(r, "expected `,` or `}`");
			}
		}
	} else if (c == '[') {
		j->t = J_ARRAY;
		r->i++;
		ws(r);
		if (r->i < r->n && r->s[r->i] == ']') {
			r->i++;
		} else {
			for (;;) {
				grow(r, j, &cap, 0);
				j->items[j->n++] = jvalue(r);
				ws(r);
				if (r->i < r->n && r->s[r->i] == ',') {
					r->i++;
					continue;
				}
				if (r->i < r->n && r->s[r->i] == ']') {
					r->i++;
					break;
				}
				jfail(r, "expected `,` or `]`");
			}
		}
	} else if (c == '"') {
		j->t = J_STRING;
		j->s = jstring(r);
	} else if (r->n - r->i >= 4 && memcmp(r->s + r->i, "true", 4) == 0) {
		j->t = J_BOOL;
		j->b = 1;
		r->i += 4;
	} else if (r->n - r->i >= 5 && memcmp(r->s + r->i, "false", 5) == 0) {
		j->t = J_BOOL;
		r->i += 5;
	} else if (r->n - r->i >= 4 && memcmp(r->s + r->i, "null", 4) == 0) {
		j->t = J_NULL;
		r->i += 4;
	} else if (c == '-' || (c >= '0' && c <= '9')) {
		size_t start = r->i;
		int neg = c == '-';
		if (neg)
			r->i++;
		uint64_t v = 0;
		int big = 0, digits = 0;
		while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') {
			unsigned d = (unsigned)(r->s[r->i++] - '0');
			if (v > (UINT64_MAX - d) / 10)
				big = 1;
			else
				v = v * 10 + d;
			digits++;
		}
		if (!digits)
			jfail(r, "bad number");
		j->t = J_INT;
		if (r->i < r->n && (r->s[r->i] == '.' || r->s[r->i] == 'e' || r->s[r->i] == 'E')) {
			j->t = J_DOUBLE;
			r->i++;
			while (r->i < r->n && ((r->s[r->i] >= '0' && r->s[r->i] <= '9') || r->s[r->i] == '+' ||
			                       r->s[r->i] == '-' || r->s[r->i] == 'e' || r->s[r->i] == 'E'))
				r->i++;
		} else if (big || v > (uint64_t)INT64_MAX + (uint64_t)neg) {
			j->t = J_DOUBLE;        /* out of i64 range: not a Cedar Long */
		} else {
			j->i = neg ? (v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v) : (int64_t)v;
		}
		(void)start;
	} else {
		jfail(r, "unexpected character");
	}
	r->depth--;
	return j;
}

struct jnode *json_parse(struct arena *a, const char *text, size_t len, char *err, size_t errlen)
{
	struct jreader r;
	memset(&r, 0, sizeof r);
	r.s = text;
	r.n = len;
	r.a = a;
	r.err = err;
	r.errlen = errlen;
	if (setjmp(r.fail))
		return NULL;
	struct jnode *j = jvalue(&r);
	ws(&r);
	if (r.i != r.n)
		jfail(&r, "trailing data");
	return j;
}

static struct jnode *from_c(struct arena *a, json_object *o, int depth)
{
	struct jnode *j = arena_alloc(a, sizeof *j);
	if (depth > JSON_MAX_DEPTH) {
		j->t = J_NULL;
		return j;
	}
	switch (json_object_get_type(o)) {
	case json_type_null:
		j->t = J_NULL;
		break;
	case json_type_boolean:
		j->t = J_BOOL;
		j->b = json_object_get_boolean(o);
		break;
	case json_type_int:
		j->t = J_INT;
		j->i = json_object_get_int64(o);
		break;
	case json_type_double:
		j->t = J_DOUBLE;
		break;
	case json_type_string:
		j->t = J_STRING;
		j->s.n = (size_t)json_object_get_string_len(o);
		j->s.p = arena_strdup(a, json_object_get_string(o), j->s.n);
		break;
	case json_type_array:
		j->t = J_ARRAY;
		j->n = json_object_array_length(o);
		j->items = arena_array(a, j->n, sizeof *j->items);
		for (size_t i = 0; i < j->n; i++)
			j->items[i] = from_c(a, json_object_array_get_idx(o, i), depth + 1);
		break;
	case json_type_object: {
		j->t = J_OBJECT;
		size_t n = (size_t)json_object_object_length(o);
		j->items = arena_array(a, n, sizeof *j->items);
		j->keys = arena_array(a, n, sizeof *j->keys);
		json_object_object_foreach(o, key, val) {
			j->keys[j->n].n = strlen(key);
			j->keys[j->n].p = arena_strdup(a, key, j->keys[j->n].n);
			j->items[j->n++] = from_c(a, val, depth + 1);
		}
		break;
	}
	}
	return j;
}

struct jnode *json_from_c(struct arena *a, json_object *o)
{
	if (o == NULL) {
		struct jnode *j = arena_alloc(a, sizeof *j);
		j->t = J_NULL;
		return j;
	}
	return from_c(a, o, 0);
}

const struct jnode *jget(const struct jnode *obj, const char *key)
{
	if (obj == NULL || obj->t != J_OBJECT)
		return NULL;
	struct str k = str_c(key);
	for (size_t i = obj->n; i-- > 0;)
		if (str_eq(obj->keys[i], k))
			return obj->items[i];
	return NULL;
}
