/* mc_error.c -- error reporting for the modcore library (see mc_error.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "worker/modcore/mc_error.h"

void mc_error_clear(struct mc_error *err)
{
	err->type = NULL;
	err->msg[0] = '\0';
	err->pos = -1;
}

int mc_error_set(struct mc_error *err, const char *type, const char *fmt, ...)
{
	va_list ap;
	err->type = type;
	err->pos = -1;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

int mc_error_re(struct mc_error *err, long pos, const char *fmt, ...)
{
	va_list ap;
	err->type = "re.error";
	err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

void mc_error_re_str(const struct mc_error *err, const char *pattern, size_t patlen,
		     int is_str, char *out, size_t outsz)
{
	if (err->pos < 0) {
		snprintf(out, outsz, "%s", err->msg);
		return;
	}
	int has_newline = memchr(pattern, '\n', patlen) != NULL;
	if (!has_newline) {
		snprintf(out, outsz, "%s at position %ld", err->msg, err->pos);
		return;
	}
	/* lineno = pattern.count('\n', 0, pos) + 1; colno = pos - last '\n' */
	long line = 1, col, cp = 0, last_nl = -1;
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
	col = err->pos - last_nl;
	snprintf(out, outsz, "%s at position %ld (line %ld, column %ld)", err->msg,
		 err->pos, line, col);
}
