/* worker/text/buf.c -- the allocator hook, struct text_buf and the error
 * record of the text library (see text_buf.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/text/text_buf.h"
#include "worker/text/text_utf8.h"

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

/* Process-wide: set once at start-up by the interpreter. */
static text_realloc_fn text_alloc_fn = default_realloc;
static void *text_alloc_ctx;

void text_set_allocator(text_realloc_fn fn, void *ctx)
{
	text_alloc_fn = fn ? fn : default_realloc;
	text_alloc_ctx = fn ? ctx : NULL;
}

void *text_mem_realloc(void *ptr, size_t old_size, size_t new_size)
{
	if (new_size == 0)
		return NULL;
	return text_alloc_fn(text_alloc_ctx, ptr, old_size, new_size);
}

void text_mem_free(void *ptr, size_t size)
{
	if (ptr)
		text_alloc_fn(text_alloc_ctx, ptr, size, 0);
}

void text_buf_init(struct text_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
}

void text_buf_free(struct text_buf *b)
{
	text_mem_free(b->data, b->cap);
	text_buf_init(b);
}

void text_buf_clear(struct text_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

int text_buf_reserve(struct text_buf *b, size_t extra)
{
	size_t need;
	if (__builtin_add_overflow(b->len, extra, &need) ||
	    __builtin_add_overflow(need, 1, &need))
		return TEXT_ENOMEM;
	if (need <= b->cap)
		return TEXT_OK;
	size_t cap = b->cap < 32 ? 32 : b->cap;
	while (cap < need) {
		if (cap > SIZE_MAX / 2) {
			cap = need;
			break;
		}
		cap += cap / 2 + 16;
	}
	char *p = text_mem_realloc(b->data, b->cap, cap);
	if (!p && cap > need) {
		/* The growth margin may be what the allocator refused. */
		cap = need;
		p = text_mem_realloc(b->data, b->cap, cap);
	}
	if (!p)
		return TEXT_ENOMEM;
	b->data = p;
	b->cap = cap;
	b->data[b->len] = '\0';
	return TEXT_OK;
}

int text_buf_append(struct text_buf *b, const void *p, size_t n)
{
	/* room for n bytes and the NUL (cap is 0 or at least len + 1) */
	if (n >= b->cap - b->len && text_buf_reserve(b, n) != TEXT_OK)
		return TEXT_ENOMEM;
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return TEXT_OK;
}

int text_buf_putc(struct text_buf *b, char c)
{
	if (b->len + 1 >= b->cap && text_buf_reserve(b, 1) != TEXT_OK)
		return TEXT_ENOMEM;
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
	return TEXT_OK;
}

int text_buf_put_cp(struct text_buf *b, uint32_t cp)
{
	if (b->len + 4 >= b->cap && text_buf_reserve(b, 4) != TEXT_OK)
		return TEXT_ENOMEM;
	b->len += box_utf8_encode(cp, b->data + b->len);
	b->data[b->len] = '\0';
	return TEXT_OK;
}

int text_buf_fill(struct text_buf *b, char c, size_t n)
{
	if (text_buf_reserve(b, n) != TEXT_OK)
		return TEXT_ENOMEM;
	memset(b->data + b->len, (unsigned char)c, n);
	b->len += n;
	b->data[b->len] = '\0';
	return TEXT_OK;
}

int text_buf_repeat(struct text_buf *b, const char *s, size_t n, size_t count)
{
	size_t total;
	if (n == 1)
		return text_buf_fill(b, s[0], count);
	if (__builtin_mul_overflow(n, count, &total) || text_buf_reserve(b, total) != TEXT_OK)
		return TEXT_ENOMEM;
	for (size_t i = 0; i < count; i++)
		memcpy(b->data + b->len + i * n, s, n);
	b->len += total;
	b->data[b->len] = '\0';
	return TEXT_OK;
}

int text_buf_printf(struct text_buf *b, const char *fmt, ...)
{
	char small[128];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return TEXT_ENOMEM;
	if ((size_t)n < sizeof small)
		return text_buf_append(b, small, (size_t)n);
	if (text_buf_reserve(b, (size_t)n) != TEXT_OK)
		return TEXT_ENOMEM;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return TEXT_OK;
}

char *text_buf_steal(struct text_buf *b, size_t *len, size_t *cap)
{
	if (!b->data && text_buf_reserve(b, 0) != TEXT_OK)
		return NULL;
	char *p = b->data;
	*len = b->len;
	*cap = b->cap;
	text_buf_init(b);
	return p;
}

const char *text_status_type(int status)
{
	switch (status) {
	case TEXT_OK: return NULL;
	case TEXT_ENOMEM: return "MemoryError";
	case TEXT_EVALUE: return "ValueError";
	case TEXT_EKEY: return "KeyError";
	case TEXT_ELOOKUP: return "LookupError";
	case TEXT_EENCODE: return "UnicodeEncodeError";
	case TEXT_EDECODE: return "UnicodeDecodeError";
	case TEXT_EOVERFLOW: return "OverflowError";
	case TEXT_ETYPE: return "TypeError";
	}
	return "SystemError";
}

int text_error_set(struct text_error *err, int status, const char *fmt, ...)
{
	if (!err)
		return status;
	memset(err, 0, sizeof *err);
	err->status = status;
	err->type = text_status_type(status);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return status;
}
