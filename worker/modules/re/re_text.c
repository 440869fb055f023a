/* re_text.c -- text helpers of the `re` core: a growable output buffer,
 * UTF-8/WTF-8 decoding and encoding, identifiers and repr() of names for
 * error messages (see re_text.h and re_translate.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>

#include "worker/modules/re/re_text.h"
#include "worker/modules/re/re_translate.h"

/* ---- growable output ---- */

void re_ob_put(struct obuf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (n >= b->cap - b->len || !b->p) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap - b->len <= n) {
			if (cap > SIZE_MAX / 2) {
				b->oom = true;
				return;
			}
			cap *= 2;
		}
		char *np = realloc(b->p, cap);
		if (!np) {
			b->oom = true;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void re_ob_insert(struct obuf *b, size_t at, const char *s)
{
	size_t n = strlen(s), tail = b->len - at;
	re_ob_put(b, s, n);
	if (b->oom)
		return;
	memmove(b->p + at + n, b->p + at, tail);
	memcpy(b->p + at, s, n);
}

void re_ob_str(struct obuf *b, const char *s)
{
	re_ob_put(b, s, strlen(s));
}

void re_ob_fmt(struct obuf *b, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof tmp) {
		re_ob_put(b, tmp, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big) {
		b->oom = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	re_ob_put(b, big, (size_t)n);
	free(big);
}

/* ---- text helpers ---- */

uint32_t *re_decode(const char *s, size_t len, bool is_str, size_t *n)
{
	uint32_t *out = malloc((len ? len : 1) * sizeof *out);
	if (!out)
		return NULL;
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k = 0;
	while (i < len) {
		uint32_t c = u[i];
		if (!is_str || c < 0x80) {
			out[k++] = c;
			i++;
			continue;
		}
		int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
		if (extra < 0 || c >= 0xF8 || i + (size_t)extra >= len) {
			free(out);
			return NULL;
		}
		c &= 0x3Fu >> extra;
		for (int j = 1; j <= extra; j++) {
			if ((u[i + j] & 0xC0) != 0x80) {
				free(out);
				return NULL;
			}
			c = (c << 6) | (u[i + j] & 0x3F);
		}
		out[k++] = c;
		i += (size_t)extra + 1;
	}
	*n = k;
	return out;
}

void re_put_utf8(struct obuf *b, uint32_t c, bool is_str)
{
	char t[4];
	if (!is_str || c < 0x80) {
		t[0] = (char)c;
		re_ob_put(b, t, 1);
	} else if (c < 0x800) {
		t[0] = (char)(0xC0 | (c >> 6));
		t[1] = (char)(0x80 | (c & 0x3F));
		re_ob_put(b, t, 2);
	} else if (c < 0x10000) {
		t[0] = (char)(0xE0 | (c >> 12));
		t[1] = (char)(0x80 | ((c >> 6) & 0x3F));
		t[2] = (char)(0x80 | (c & 0x3F));
		re_ob_put(b, t, 3);
	} else {
		t[0] = (char)(0xF0 | (c >> 18));
		t[1] = (char)(0x80 | ((c >> 12) & 0x3F));
		t[2] = (char)(0x80 | ((c >> 6) & 0x3F));
		t[3] = (char)(0x80 | (c & 0x3F));
		re_ob_put(b, t, 4);
	}
}

bool re_is_identifier(const uint32_t *s, size_t n)
{
	if (n == 0)
		return false;
	if (!(s[0] == '_' || uc_is_property_xid_start(s[0])))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!uc_is_property_xid_continue(s[i]))
			return false;
	return true;
}

/* One character of a message: as is for str (UTF-8), backslashreplace for
 * the non-ASCII bytes of a bytes pattern (CPython re-encodes the message). */
void re_put_msg_char(struct obuf *b, uint32_t c, bool is_str)
{
	if (!is_str && c >= 0x80)
		re_ob_fmt(b, "\\x%02x", (unsigned)c);
	else
		re_put_utf8(b, c, true);
}

void re_repr_name(const uint32_t *s, size_t n, bool is_str, char *out, size_t outsz)
{
	struct obuf b = { 0 };
	bool has_sq = false, has_dq = false;
	for (size_t i = 0; i < n; i++) {
		has_sq |= s[i] == '\'';
		has_dq |= s[i] == '"';
	}
	char q = (has_sq && !has_dq) ? '"' : '\'';
	re_ob_put(&b, &q, 1);
	for (size_t i = 0; i < n; i++) {
		uint32_t c = s[i];
		if (c == (uint32_t)q || c == '\\')
			re_ob_fmt(&b, "\\%c", (char)c);
		else if (c == '\n')
			re_ob_str(&b, "\\n");
		else if (c == '\r')
			re_ob_str(&b, "\\r");
		else if (c == '\t')
			re_ob_str(&b, "\\t");
		else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
			re_ob_fmt(&b, "\\x%02x", (unsigned)c);
		else if (c >= 0xD800 && c < 0xE000)
			re_ob_fmt(&b, "\\u%04x", (unsigned)c);
		else
			re_put_msg_char(&b, c, is_str);
	}
	re_ob_put(&b, &q, 1);
	snprintf(out, outsz, "%s", b.p && !b.oom ? b.p : "");
	free(b.p);
}
