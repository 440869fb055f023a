/* num.h -- shared types of the numbers library (libboxnum.a).
 *
 * The numbers library is pure C with no knowledge of the interpreter's
 * object model: it works on int64_t, GMP mpz_t, double and UTF-8 byte
 * buffers.  Everything it produces goes into a caller-owned growable byte
 * buffer, the text library's struct text_buf, allocated through that
 * library's process-wide allocator hook (text_set_allocator), so the
 * interpreter routes it through its accounting allocator.
 *
 * Conventions for every function of the library:
 *  - functions that can fail return 0 on success and -1 on error, and fill
 *    a struct num_error with CPython's exception type name and exact message
 *    (e.g. "ValueError", "invalid literal for int() with base 10: 'abc'");
 *  - ints come in as struct num_int (int64 or borrowed mpz) and go out as
 *    struct num_intres (normalised: small whenever the value fits int64);
 *  - output text is appended to a text_buf (never overwritten), always kept
 *    NUL-terminated after len; text is UTF-8 (WTF-8 passes through).
 */
#ifndef BOX_NUM_NUM_H
#define BOX_NUM_NUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <gmp.h>

#include "worker/text/text_buf.h"

/* ---- allocation and output ----------------------------------------- */

/* Output and scratch memory come from the text library's allocator hook
 * (text_set_allocator), and output text goes into its growable buffer,
 * struct text_buf: the two libraries share one buffer and one hook. */

/* Scratch memory through the hook (library-internal use; sizes must match
 * between the two calls).  num_alloc returns NULL on failure or when
 * n * size overflows. */
void *num_alloc(size_t n, size_t size);
void num_free(void *p, size_t n, size_t size);

/* The numbers library's convention over struct text_buf: 0, or -1 when
 * memory runs out (the buffer is unchanged). */
static inline int num_buf_reserve(struct text_buf *b, size_t extra)
{
	return text_buf_reserve(b, extra) == TEXT_OK ? 0 : -1;
}
static inline int num_buf_append(struct text_buf *b, const char *s, size_t n)
{
	return text_buf_append(b, s, n) == TEXT_OK ? 0 : -1;
}
static inline int num_buf_puts(struct text_buf *b, const char *s)
{
	return text_buf_append(b, s, strlen(s)) == TEXT_OK ? 0 : -1;
}
static inline int num_buf_putc(struct text_buf *b, char c)
{
	return text_buf_putc(b, c) == TEXT_OK ? 0 : -1;
}
/* Append `count` copies of the n-byte sequence s (a UTF-8 fill character). */
static inline int num_buf_repeat(struct text_buf *b, const char *s, size_t n, size_t count)
{
	return text_buf_repeat(b, s, n, count) == TEXT_OK ? 0 : -1;
}

/* ---- errors -------------------------------------------------------- */

struct num_error {
	const char *type;   /* static: "ValueError", "OverflowError", "ZeroDivisionError",
	                       "TypeError", "MemoryError"; NULL when no error */
	struct text_buf msg; /* the exception message (str(exc)), UTF-8 */
};

#define NUM_ERROR_INIT { NULL, TEXT_BUF_INIT }

void num_error_init(struct num_error *e);
void num_error_clear(struct num_error *e);   /* frees msg, resets type */
/* Sets the error (printf-style message); always returns -1.  If the message
 * cannot be allocated, type becomes "MemoryError" with an empty message. */
int num_error_set(struct num_error *e, const char *type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int num_error_nomem(struct num_error *e);    /* MemoryError, returns -1 */

/* Messages that quote the user's string (int('x'), float('x')) use repr().
 * The default is CPython's repr for ASCII text (quotes chosen as CPython,
 * \n \r \t \\ \xNN escapes) passing non-ASCII bytes through unchanged; the
 * interpreter should install its exact str repr (from worker/text/). */
typedef int (*num_repr_fn)(struct text_buf *out, const char *utf8, size_t len);
void num_set_str_repr(num_repr_fn fn);
int num_str_repr(struct text_buf *out, const char *utf8, size_t len);

/* ---- integers ------------------------------------------------------ */

/* An int argument: big == NULL means the value is `small`; otherwise the
 * value is *big (borrowed).  Builders: */
struct num_int {
	int64_t small;
	mpz_srcptr big;
};

static inline struct num_int num_int_small(int64_t v) { struct num_int r = { v, NULL }; return r; }
static inline struct num_int num_int_big(mpz_srcptr z) { struct num_int r = { 0, z }; return r; }

/* An int result.  Initialise with num_intres_init (no allocation), read
 * `small` when !big, else take `z` (the caller may move the mpz_t struct
 * into its own object and then must not call num_intres_clear, or may
 * mpz_set/mpz_swap from it and clear). */
struct num_intres {
	bool big;
	int64_t small;
	mpz_t z;
};

void num_intres_init(struct num_intres *r);
void num_intres_clear(struct num_intres *r);
void num_intres_set_i64(struct num_intres *r, int64_t v);
/* Copies z and normalises (small when it fits int64). */
void num_intres_set_mpz(struct num_intres *r, mpz_srcptr z);
/* Normalise r->z in place after writing it directly (sets big/small). */
void num_intres_normalize(struct num_intres *r);

/* A num_int whose `big` holds an int64-sized value may be passed to every
 * function; this returns the equivalent with such values made small. */
struct num_int num_int_norm(const struct num_int *v);

/* Loads any num_int into an mpz (initialised by the caller). */
void num_int_to_mpz(mpz_ptr out, const struct num_int *v);
/* True and *out set when the mpz fits int64. */
bool num_mpz_get_i64(mpz_srcptr z, int64_t *out);
int num_int_sign(const struct num_int *v);   /* -1, 0, 1 */

/* sys.set_int_max_str_digits / sys.get_int_max_str_digits: process-wide,
 * default 4300; 0 means no limit.  Setting a value in 1..639 is the
 * caller's ValueError ("maxdigits must be 0 or larger than 640"). */
void num_set_int_max_str_digits(int64_t n);
int64_t num_get_int_max_str_digits(void);

#endif
