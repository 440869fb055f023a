/* core_error.c -- error filling for the modules' cores (core_error.h), re.error's
 * text, and a bounded str repr for messages. */
#include "config.h"

#include "worker/modules/core_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void core_error_clear(struct core_error *err)
{
	err->type = NULL;
	err->msg[0] = '\0';
	err->bare[0] = '\0';
	err->pos = err->lineno = err->colno = -1;
}

int core_error_set(struct core_error *err, const char *type, const char *fmt, ...)
{
	va_list ap;

	core_error_clear(err);
	err->type = type;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

int core_error_re(struct core_error *err, long long pos, const char *fmt, ...)
{
	va_list ap;

	core_error_clear(err);
	err->type = "re.error";
	err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

void core_error_re_str(const struct core_error *err, const char *pattern, size_t patlen,
		       int is_str, char *out, size_t outsz)
{
	if (err->pos < 0) {
		snprintf(out, outsz, "%s", err->msg);
		return;
	}
	if (!memchr(pattern, '\n', patlen)) {
		snprintf(out, outsz, "%s at position %lld", err->msg, err->pos);
		return;
	}
	/* lineno = pattern.count('\n', 0, pos) + 1; colno = pos - last '\n' */
	long long line = 1, cp = 0, last_nl = -1;
	for (size_t i = 0; i < patlen && cp < err->pos; i++) {
		unsigned char c = (unsigned char)pattern[i];
		if (is_str && (c & 0xC0) == 0x80)
			continue;
		if (c == '\n') {
			line++;
			last_nl = cp;
		}
		cp++;
	}
	snprintf(out, outsz, "%s at position %lld (line %lld, column %lld)", err->msg,
		 err->pos, line, err->pos - last_nl);
}

static void put(char *out, size_t outsz, size_t *at, const char *s, size_t n)
{
	if (*at + n >= outsz)
		n = outsz - 1 - *at;
	memcpy(out + *at, s, n);
	*at += n;
	out[*at] = '\0';
}

void core_error_repr_append(char *out, size_t outsz, const char *s, size_t n)
{
	size_t at = strlen(out);
	char quote = '\'';
	char tmp[16];

	if (outsz == 0 || at >= outsz - 1)
		return;
	if (memchr(s, '\'', n) && !memchr(s, '"', n))
		quote = '"';
	put(out, outsz, &at, &quote, 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == (unsigned char)quote || c == '\\') {
			tmp[0] = '\\';
			tmp[1] = (char)c;
			put(out, outsz, &at, tmp, 2);
		} else if (c == '\t') {
			put(out, outsz, &at, "\\t", 2);
		} else if (c == '\n') {
			put(out, outsz, &at, "\\n", 2);
		} else if (c == '\r') {
			put(out, outsz, &at, "\\r", 2);
		} else if (c == 0xED && i + 2 < n && ((unsigned char)s[i + 1] & 0xE0) == 0xA0) {
			/* lone surrogate (WTF-8) */
			unsigned cp = 0xD000 | (((unsigned)s[i + 1] & 0x3F) << 6) | ((unsigned)s[i + 2] & 0x3F);
			snprintf(tmp, sizeof tmp, "\\u%04x", cp);
			put(out, outsz, &at, tmp, 6);
			i += 2;
		} else if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
			   ((unsigned char)s[i + 1] <= 0xA0 || (unsigned char)s[i + 1] == 0xAD)) {
			snprintf(tmp, sizeof tmp, "\\x%02x", (unsigned char)s[i + 1]);
			put(out, outsz, &at, tmp, 4);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(tmp, sizeof tmp, "\\x%02x", c);
			put(out, outsz, &at, tmp, 4);
		} else {
			put(out, outsz, &at, (const char *)&s[i], 1);
		}
	}
	put(out, outsz, &at, &quote, 1);
}
