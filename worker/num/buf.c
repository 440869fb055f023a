/* buf.c -- the allocator hook, growable byte buffers, errors and the
 * default str repr used in error messages. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/num/num.h"

static void *default_realloc(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
	(void)ctx;
	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, new_size);
}

/* Process-wide hooks, set once at start-up by the interpreter. */
static num_realloc_fn num_realloc = default_realloc;
static void *num_realloc_ctx;

void num_set_allocator(num_realloc_fn fn, void *ctx)
{
	num_realloc = fn ? fn : default_realloc;
	num_realloc_ctx = fn ? ctx : NULL;
}

void *num_alloc(size_t n, size_t size)
{
	size_t total;
	if (__builtin_mul_overflow(n, size, &total) || total == 0)
		return NULL;
	return num_realloc(num_realloc_ctx, NULL, 0, total);
}

void num_free(void *p, size_t n, size_t size)
{
	if (p)
		num_realloc(num_realloc_ctx, p, n * size, 0);
}

void num_buf_init(struct num_buf *b)
{
	b->p = NULL;
	b->len = b->cap = 0;
}

void num_buf_free(struct num_buf *b)
{
	if (b->p)
		num_realloc(num_realloc_ctx, b->p, b->cap, 0);
	num_buf_init(b);
}

void num_buf_clear(struct num_buf *b)
{
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
}

int num_buf_reserve(struct num_buf *b, size_t extra)
{
	size_t need;
	if (__builtin_add_overflow(b->len, extra, &need) ||
	    __builtin_add_overflow(need, 1, &need))
		return -1;
	if (need <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 32;
	while (cap < need) {
		if (__builtin_mul_overflow(cap, 2, &cap))
			return -1;
	}
	char *p = num_realloc(num_realloc_ctx, b->p, b->cap, cap);
	if (!p)
		return -1;
	b->p = p;
	b->cap = cap;
	return 0;
}

int num_buf_append(struct num_buf *b, const char *s, size_t n)
{
	if (num_buf_reserve(b, n) < 0)
		return -1;
	if (n)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

int num_buf_puts(struct num_buf *b, const char *s)
{
	return num_buf_append(b, s, strlen(s));
}

int num_buf_putc(struct num_buf *b, char c)
{
	return num_buf_append(b, &c, 1);
}

int num_buf_repeat(struct num_buf *b, const char *s, size_t n, size_t count)
{
	size_t total;
	if (__builtin_mul_overflow(n, count, &total) || num_buf_reserve(b, total) < 0)
		return -1;
	char *d = b->p + b->len;
	if (n == 1) {
		memset(d, s[0], count);
	} else {
		for (size_t i = 0; i < count; i++)
			memcpy(d + i * n, s, n);
	}
	b->len += total;
	b->p[b->len] = '\0';
	return 0;
}

/* ---- errors -------------------------------------------------------- */

void num_error_init(struct num_error *e)
{
	e->type = NULL;
	num_buf_init(&e->msg);
}

void num_error_clear(struct num_error *e)
{
	e->type = NULL;
	num_buf_free(&e->msg);
}

int num_error_nomem(struct num_error *e)
{
	e->type = "MemoryError";
	num_buf_clear(&e->msg);
	return -1;
}

int num_error_set(struct num_error *e, const char *type, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	num_buf_clear(&e->msg);
	if (n < 0)
		return num_error_nomem(e);
	if ((size_t)n < sizeof small) {
		if (num_buf_append(&e->msg, small, (size_t)n) < 0)
			return num_error_nomem(e);
	} else {
		if (num_buf_reserve(&e->msg, (size_t)n) < 0)
			return num_error_nomem(e);
		va_start(ap, fmt);
		vsnprintf(e->msg.p, (size_t)n + 1, fmt, ap);
		va_end(ap);
		e->msg.len = (size_t)n;
	}
	e->type = type;
	return -1;
}

/* ---- default repr of a str ----------------------------------------- */

static int default_str_repr(struct num_buf *out, const char *s, size_t len)
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

int num_str_repr(struct num_buf *out, const char *utf8, size_t len)
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
