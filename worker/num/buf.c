/* buf.c -- scratch memory through the text library's allocator hook, the
 * error record, and the default str repr used in error messages. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/num/num.h"

void *num_alloc(size_t n, size_t size)
{
	size_t total;
	if (__builtin_mul_overflow(n, size, &total) || total == 0)
		return NULL;
	return text_mem_realloc(NULL, 0, total);
}

void num_free(void *p, size_t n, size_t size)
{
	text_mem_free(p, n * size);
}

/* ---- errors -------------------------------------------------------- */

void num_error_init(struct num_error *e)
{
	e->type = NULL;
	text_buf_init(&e->msg);
}

void num_error_clear(struct num_error *e)
{
	e->type = NULL;
	text_buf_free(&e->msg);
}

int num_error_nomem(struct num_error *e)
{
	e->type = "MemoryError";
	text_buf_clear(&e->msg);
	return -1;
}

int num_error_set(struct num_error *e, const char *type, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	text_buf_clear(&e->msg);
	if (n < 0)
		return num_error_nomem(e);
	if ((size_t)n < sizeof small) {
		if (num_buf_append(&e->msg, small, (size_t)n) < 0)
			return num_error_nomem(e);
	} else {
		if (num_buf_reserve(&e->msg, (size_t)n) < 0)
			return num_error_nomem(e);
		va_start(ap, fmt);
		vsnprintf(e->msg.data, (size_t)n + 1, fmt, ap);
		va_end(ap);
		e->msg.len = (size_t)n;
	}
	e->type = type;
	return -1;
}

/* ---- default repr of a str ----------------------------------------- */

static int default_str_repr(struct text_buf *out, const char *s, size_t len)
{
	bool has_single = memchr(s, '\'', len) != NULL;
	bool has_double = memchr(s, '"', len) != NULL;
	char quote = (has_single && !has_double) ? '"' : '\'';
	if (num_buf_putc(out, quote) < 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		char esc[8];
		const char *piece = esc;
		size_t n = 2;
		esc[0] = '\\';
		if (c == (unsigned char)quote || c == '\\') {
			esc[1] = (char)c;
		} else if (c == '\n') {
			esc[1] = 'n';
		} else if (c == '\r') {
			esc[1] = 'r';
		} else if (c == '\t') {
			esc[1] = 't';
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(esc, sizeof esc, "\\x%02x", c);
			n = 4;
		} else {
			piece = (const char *)&s[i];
			n = 1;
		}
		if (num_buf_append(out, piece, n) < 0)
			return -1;
	}
	return num_buf_putc(out, quote);
}

static num_repr_fn str_repr_hook = default_str_repr;

void num_set_str_repr(num_repr_fn fn)
{
	str_repr_hook = fn ? fn : default_str_repr;
}

int num_str_repr(struct text_buf *out, const char *utf8, size_t len)
{
	return str_repr_hook(out, utf8, len);
}

/* ---- sys.int_max_str_digits ---------------------------------------- */

static int64_t int_max_str_digits = 4300;

void num_set_int_max_str_digits(int64_t n)
{
	int_max_str_digits = n < 0 ? 0 : n;
}

int64_t num_get_int_max_str_digits(void)
{
	return int_max_str_digits;
}
